"""The High Priests option (``Options.high_priests``; factions.md section 13, [HRF:Game.scala]).

Every faction but Bubastis has one High Priest: a Cultist, cost 3, combat 0 (Black Goat's
Frenzy makes it 1, as its Acolytes), recruited like an Acolyte (:class:`~..commands.Recruit`
with ``unit`` "High Priest" and ``cost`` 3); it gives Power like a cultist, builds and controls
gates and can be captured, but never captures (it is a cultist: the core rules already say so).
Tcho-Tcho's three High Priests are its own roster's (factions/tcho_tcho.py): the option gives it
no fourth, but its start has one Acolyte replaced by a High Priest (flow.place_start) and its
Hierophants makes every faction place one (tcho_tcho.py).  Bubastis, which has no cultists, gains
1 Power at each Gather Power instead.

Unspeakable Oath (:class:`SacrificeHighPriest`): at the end of any player's action, and in the
Gather Power and Doom Phases, a player may sacrifice its High Priest to its pool for 2 Power.  It
is an any-time command, not a question: offered in the legal list to the prompt's actor when it
has a High Priest on the map at an Action Phase, first-player or Doom Phase prompt, and taken from
any seat with one there at those prompts.  One question is asked (:func:`before_first_player`):
after Gather Power, to a seat whose 2 Power could make it first player, as HRF asks it
(docs/rules-notes.md, "High Priests (issue 20)").

Without the option nothing here acts, so journals written before it replay unchanged.
"""

from __future__ import annotations

from collections.abc import Iterator

from companion.engine.core import COMMANDS, Code, Command, Refusal
from companion.engine.cthulhu import board as bd
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu import flow
from companion.engine.cthulhu.events import Captured, PhaseStarted, UnitsRemoved
from companion.engine.cthulhu.factions import powers as pw
from companion.engine.cthulhu.factions.base import C, Side, UnitType
from companion.engine.cthulhu.factions.contract import rules_of
from companion.engine.cthulhu.model import ERADICATED, NO_PROMPT, Faction, GameState, Phase, Prompt, PromptKind, Units
from companion.engine.says import say
from companion.engine.values import dataclass, evolve

HIGH_PRIEST = "High Priest"
COST = 3  # recruited like an Acolyte, for 3 (factions.md section 13)
OATH = "Unspeakable Oath"
OATH_POWER = 2
OATH_REASON = say("sacrificed: Unspeakable Oath")  # the UnitsRemoved reason (Passion is not due for it)
# The ``abilities.boxed`` box of a High Priest held captured until Gather Power: "captive:<captor>"
# (a state stored before the captor was kept has "captive" alone; every reader takes both).
CAPTIVE = "captive"
BUBASTIS_POWER = 1  # Bubastis has no High Priest: +1 Power each Gather Power instead
# The prompts at which the Oath may be sworn: between actions (the Action Phase's), after Gather
# Power (the first player's, when Power is tied), and the Doom Phase's.
OATH_PROMPTS = (PromptKind.ACTION, PromptKind.FIRST_PLAYER, PromptKind.RITUAL, PromptKind.OATH)
ASKED = "Unspeakable Oath before the first player, round"  # a mark in ``abilities.used``, with the round


def _as_black_goats_acolyte(side: Side, count: int) -> int:
    """Black Goat's High Priests fight as its Acolytes do (Frenzy: 1 each), read from its roster."""
    rules = rules_of(Faction.BLACK_GOAT)
    acolyte = None if rules is None else rules.unit("Acolyte")
    return (0 if acolyte is None else acolyte.dice(side, count)) or 0


# The one High Priest of a faction other than Black Goat, and Black Goat's (Frenzy: 1 each).
PRIEST = UnitType(HIGH_PRIEST, C, 1, COST, 0)
BLACK_GOAT_PRIEST = UnitType(HIGH_PRIEST, C, 1, COST, _as_black_goats_acolyte)


@COMMANDS.register("keep_high_priest")
@dataclass(frozen=True, slots=True)
class KeepHighPriest(Command):
    """The answer to the Unspeakable Oath's question before the first player is named: ``player``
    keeps its High Priest (the question's other answers are :class:`SacrificeHighPriest`)."""

    player: str


@COMMANDS.register("sacrifice_high_priest")
@dataclass(frozen=True, slots=True)
class SacrificeHighPriest(Command):
    """Unspeakable Oath: ``player``'s High Priest in ``area`` goes back to its pool and ``player``
    gains 2 Power (not an action: the prompt under way stays)."""

    player: str
    area: str


def in_use(state: GameState) -> bool:
    return state.options.high_priests


def unit_for(state: GameState, pid: str) -> UnitType | None:
    """``pid``'s High Priest from the option (None without it, for Bubastis, for a non-player);
    Tcho-Tcho's is its own roster's, looked up before this."""
    seat = state.seat(pid)
    if not in_use(state) or seat is None or state.players[seat].faction is Faction.BUBASTIS:
        return None
    return BLACK_GOAT_PRIEST if state.players[seat].faction is Faction.BLACK_GOAT else PRIEST


def pool(state: GameState, pid: str) -> int:
    """How many High Priests ``pid``'s box holds with the option: Tcho-Tcho its own three, any
    other faction one, Bubastis none; 0 without the option (Tcho-Tcho's only come by Hierophants)."""
    seat = state.seat(pid)
    if not in_use(state) or seat is None:
        return 0
    faction = state.players[seat].faction
    if faction is Faction.TCHO_TCHO:
        return tcho_tcho_priests()
    return 0 if faction is Faction.BUBASTIS else 1


def tcho_tcho_priests() -> int:
    """Tcho-Tcho's High Priests: its own roster's pool (factions.md section 10; the number is
    written once, in its roster, read through the installed registry)."""
    rules = rules_of(Faction.TCHO_TCHO)
    priest = None if rules is None else rules.unit(HIGH_PRIEST)
    return 0 if priest is None else priest.pool


def captive_box(captor: str) -> str:
    """The box of the High Priests ``captor`` holds captured."""
    return f"{CAPTIVE}:{captor}"


def is_captive(box: str) -> bool:
    return box == CAPTIVE or box.startswith(CAPTIVE + ":")


def captive(state: GameState, pid: str) -> int:
    """``pid``'s High Priests held captured (until the captor's next Gather Power)."""
    return sum(u.count for box, u in state.abilities.boxed if is_captive(box) and u.owner == pid)


def held_by(state: GameState, captor: str) -> tuple[str, ...]:
    """The owners of the High Priests ``captor`` holds captured, one entry per High Priest."""
    box = captive_box(captor)
    return tuple(u.owner for b, u in state.abilities.boxed if b == box for _ in range(u.count))


def set_held(state: GameState, captor: str, owners: tuple[str, ...]) -> GameState:
    """``captor`` holds captured exactly the High Priests of ``owners`` (one entry each): the
    correction ``set_captured``'s ``high_priests``; the other captors' boxes are kept."""
    box = captive_box(captor)
    kept = tuple(b for b in state.abilities.boxed if b[0] != box)
    held = tuple((box, Units(owner, C, HIGH_PRIEST, owners.count(owner))) for owner in dict.fromkeys(owners))
    return pw.with_abilities(state, boxed=(*kept, *held))


def out(state: GameState, pid: str) -> int:
    """``pid``'s High Priests not in its pool: on the map and held captured."""
    return sum(a.count(owner=pid, name=HIGH_PRIEST) for a in state.areas) + captive(state, pid)


def check_recruit(state: GameState, pid: str, name: str, cost: int) -> None:
    """Refuse recruiting ``name`` (a cultist other than the Acolyte) unless it is a High Priest
    the option gives ``pid``, one is left in its pool, and ``cost`` pays its 3.

    :raises Refusal: BAD_VALUE for another unit or a cost under 3, NOT_NOW without the option,
        NO_SUCH_UNITS when the pool is empty.
    """
    if name != HIGH_PRIEST:
        raise Refusal(Code.BAD_VALUE, "Only an Acolyte or a High Priest is recruited, not {name!r}.", name=name)
    if pool(state, pid) == 0:
        raise Refusal(Code.NOT_NOW, "{pid} has no High Priest: the High Priests option is not in play for it.", pid=pid)
    if out(state, pid) >= pool(state, pid):
        raise Refusal(Code.NO_SUCH_UNITS, "{pid}'s High Priest is not in its pool.", pid=pid)
    if cost < COST:
        raise Refusal(Code.BAD_VALUE, "A High Priest costs {cost} Power to recruit.", cost=COST)


def recruits(state: GameState, pid: str) -> Iterator[c.Recruit]:
    """``pid``'s High Priest recruits legal now, where an Acolyte's would be (for the legal list)."""
    if not in_use(state) or state.player(pid).power < COST or out(state, pid) >= pool(state, pid):
        return
    mine = [i for i, a in enumerate(state.areas) if a.count(owner=pid)]
    for i in mine or range(len(state.areas)):
        if ERADICATED not in state.areas[i].markers:
            yield c.Recruit(pid, state.area_name(i), COST, unit=HIGH_PRIEST)


# -- Unspeakable Oath ------------------------------------------------------------------------------


def oath_problem(state: GameState, pid: str, index: int) -> str:
    """ "" when ``pid`` may sacrifice its High Priest in area ``index`` now, else why not."""
    if not in_use(state):
        return say("the High Priests option is not in play")
    if state.prompt.kind not in OATH_PROMPTS or state.battle is not None:
        return say("the Unspeakable Oath is sworn between actions, after Gather Power or in the Doom Phase")
    if not state.areas[index].count(owner=pid, name=HIGH_PRIEST):
        return say("{pid} has no High Priest in {area}", pid=pid, area=state.area_name(index))
    return ""


def sacrifice(state: GameState, cmd: SacrificeHighPriest, events: pw.Events) -> GameState:
    """The High Priest back to the pool, 2 Power; the prompt under way stays (the actor's own
    Action Phase prompt says its new Power; its Doom Phase prompt may now offer the Ritual)."""
    seat = pw.seat_of(state, cmd.player)
    index = bd.area_index(state, cmd.area)
    problem = oath_problem(state, cmd.player, index)
    if problem:
        raise Refusal(Code.NOT_NOW, "No Unspeakable Oath now: {problem}.", problem=problem)
    state, removed = bd.remove(state, index, cmd.player, C, HIGH_PRIEST, 1, OATH_REASON)
    events += removed
    events.append(pw.AbilityUsed(cmd.player, OATH, say("the High Priest in {area} sacrificed: 2 Power", area=cmd.area)))
    state = pw.gain_power(state, seat, OATH_POWER, OATH, events)
    if state.prompt.actor != cmd.player:
        return state
    if state.prompt.kind is PromptKind.OATH:
        return _answered(state, cmd.player, events)
    if state.prompt.kind is PromptKind.ACTION:
        return pw.go_on(state, seat, events)
    if state.prompt.kind is PromptKind.RITUAL:
        prompt = flow.doom_prompt(state, seat)
        return state if prompt is None else evolve(state, prompt=prompt)
    return state


def offers(state: GameState) -> Iterator[Command]:
    """The Oath for the prompt's actor, one per area holding its High Priest (the Oath's own
    question lists them as its answers, :func:`answers`)."""
    pid = state.prompt.actor
    if state.prompt.kind is not PromptKind.OATH:
        yield from oaths(state, pid)


def oaths(state: GameState, pid: str) -> Iterator[Command]:
    """The Oath for ``pid``, one per area holding its High Priest, where it may swear it now: on
    its own turn, and out of turn (between anyone's actions, on anyone's ritual turn)."""
    if not in_use(state) or not pid or state.seat(pid) is None:
        return
    for i, area in enumerate(state.areas):
        if area.count(owner=pid, name=HIGH_PRIEST) and not oath_problem(state, pid, i):
            yield SacrificeHighPriest(pid, state.area_name(i))


# -- the question before the first player is named ([HRF:Game.scala] BeforeFirstPlayerAction) ------


def _asked(state: GameState, pid: str) -> bool:
    return (pid, f"{ASKED} {state.round}") in state.abilities.used


def before_first_player(state: GameState) -> GameState | None:
    """After Gather Power, a seat with a High Priest on the map whose 2 Power could make it first
    player (its Power + 2 reaches the highest, and it does not lead alone) is asked once
    a round whether it swears the Oath now, in seating order; None when nobody is to be asked."""
    if not in_use(state):
        return None
    top = max(p.power for p in state.players)
    for p in state.players:
        if _asked(state, p.pid) or not any(a.count(owner=p.pid, name=HIGH_PRIEST) for a in state.areas):
            continue
        others = max(q.power for q in state.players if q.pid != p.pid)
        if p.power + OATH_POWER >= top and p.power <= others:
            text = say("{player}: swear the Unspeakable Oath (2 Power) before the first player is named?", player=p.label)
            choices = tuple(state.area_name(i) for i, a in enumerate(state.areas) if a.count(owner=p.pid, name=HIGH_PRIEST))
            return evolve(state, prompt=Prompt(PromptKind.OATH, p.pid, text, (*choices, "keep")))
    return None


def _answered(state: GameState, pid: str, events: pw.Events) -> GameState:
    """The question answered: marked for this round, and the first player's step runs again."""
    state = pw.mark_used(state, pid, f"{ASKED} {state.round}")
    return flow.run(evolve(state, prompt=NO_PROMPT), events)


def keep(state: GameState, cmd: KeepHighPriest, events: pw.Events) -> GameState:
    """The High Priest stays; the first player is named (or the next seat asked)."""
    if state.prompt.kind is not PromptKind.OATH or state.prompt.actor != cmd.player:
        raise Refusal(Code.NOT_NOW, "The referee is not asking {player} about the Unspeakable Oath now.", player=cmd.player)
    return _answered(state, cmd.player, events)


def answers(state: GameState) -> Iterator[Command]:
    """The Oath question's answers: keep, or sacrifice the High Priest in one of its areas."""
    pid = state.prompt.actor
    yield KeepHighPriest(pid)
    yield from (SacrificeHighPriest(pid, area) for area in state.prompt.choices if area != "keep")


HANDLERS: dict[type[Command], pw.Handler] = {
    SacrificeHighPriest: sacrifice,  # type: ignore[dict-item]
    KeepHighPriest: keep,  # type: ignore[dict-item]
}


# -- captured High Priests, Bubastis' Power ------------------------------------------------------


def after_command(state: GameState, events: pw.Events) -> GameState:
    """A High Priest captured is held in the ``captive`` box (so it is not in its owner's pool)
    until Gather Power returns every captured cultist."""
    if not in_use(state) or state.phase is Phase.GAME_OVER:
        return state
    seen = list(events)
    for i, event in enumerate(seen):
        if isinstance(event, UnitsRemoved) and event.name == HIGH_PRIEST and event.reason.startswith("captured by"):
            # The capture's own event follows the removal and names the captor (actions.capture,
            # independents' free capture).
            captor = next((e.player for e in seen[i + 1 :] if isinstance(e, Captured) and e.victim == event.owner), "")
            held = (captive_box(captor) if captor else CAPTIVE, Units(event.owner, C, HIGH_PRIEST, event.count))
            state = pw.with_abilities(state, boxed=(*state.abilities.boxed, held))
        elif isinstance(event, PhaseStarted) and event.phase == Phase.GATHER_POWER.value:
            state = pw.with_abilities(state, boxed=tuple(b for b in state.abilities.boxed if not is_captive(b[0])))
    mark = f"{ASKED} {state.round}"
    if any(u.startswith(ASKED) and u != mark for _, u in state.abilities.used):  # an earlier round's
        state = pw.with_abilities(
            state, used=tuple(m for m in state.abilities.used if not m[1].startswith(ASKED) or m[1] == mark)
        )
    return state
