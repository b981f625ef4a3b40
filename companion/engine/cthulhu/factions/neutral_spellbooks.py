"""The six neutral Spellbooks, a set-up option (``Options.neutral_spellbooks``; factions.md section 13).

With the option on (and the referee playing the abilities), a faction that owes itself a Spellbook
may take, instead of one of its own, any neutral Spellbook still in the supply (factions.md
section 0, "Spellbook choice": "plus any neutral spellbook still available if that option is
on", [HRF:Game.scala] ``CheckSpellbooksAction``).  The supply is not a field of its own: it is the
six less those the players hold (``Player.spellbooks`` holds their names), so a discarded one is
back in it at once ([HRF:NeutralSpellbooks.scala] ``RecriminationsAction``).  A neutral Spellbook
counts toward the six for victory like any other, as HRF counts ``spellbooks.num``.

Their effects (docs/rules-notes.md, "Neutral Spellbooks (issue 20)"):

- **The Mao Ceremony**: after Gather Power (before the First Player is found), its holder may
  sacrifice its cultists on the map, one at a time, for 1 Power each: an ``ability`` prompt,
  "done" ends it.
- **Recriminations**: an action, 1 Power: discard one of your Spellbooks; the Spellbook choice
  comes again at once, without the one just discarded.
- **Shriveling**: pre-battle: eliminate one enemy Monster or Cultist in the battle; its owner gains
  its cost in Power.
- **Stars Are Right**: each Elder Sign its holder reveals in the Doom Phase also gives that much
  Power.
- **Umr at-Tawil**: its holder's gates cost 2 Power.
- **Undimensioned**: an action, 2 Power: move any of your units, each once, among the areas your
  units occupied when the action began: an ``ability`` prompt per unit moved, "done" ends it. The
  2 Power are paid with the first unit moved; "cancel" before it gives the action back, nothing
  spent ([HRF:NeutralSpellbooks.scala] ``UndimensionedAction``, ``Cancel``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from companion.engine.core import COMMANDS, Code, Command, Refusal
from companion.engine.cthulhu import board as bd
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu import flow
from companion.engine.cthulhu.events import BattleDeclared, ElderSignRevealed
from companion.engine.cthulhu.factions import RULES, ice_age, unit_type
from companion.engine.cthulhu.factions import powers as pw
from companion.engine.cthulhu.model import (
    ERADICATED,
    GATE_COST,
    NO_PROMPT,
    Ask,
    GameState,
    Phase,
    Prompt,
    PromptKind,
    Step,
    UnitKind,
    Units,
)
from companion.engine.says import say
from companion.engine.values import dataclass, evolve

MAO_CEREMONY = "The Mao Ceremony"
RECRIMINATIONS = "Recriminations"
SHRIVELING = "Shriveling"
STARS_ARE_RIGHT = "Stars Are Right"
UMR_AT_TAWIL = "Umr at-Tawil"
UNDIMENSIONED = "Undimensioned"
BOOKS = (MAO_CEREMONY, RECRIMINATIONS, SHRIVELING, STARS_ARE_RIGHT, UMR_AT_TAWIL, UNDIMENSIONED)

RECRIMINATIONS_COST = 1
UNDIMENSIONED_COST = 2
UMR_GATE_COST = 2  # a gate costs 3 less 1 ([HRF:Game.scala] BuildGateAction)
DONE = "done"
CANCEL = "cancel"  # Undimensioned before its first move: the action is given back, nothing spent
MAO_DONE = "The Mao Ceremony: done this round"  # a ``used`` mark, cleared when the Action Phase starts
DISCARDED = "Recriminations: discarded "  # + the book: a ``used`` mark until the next book is taken
MOVED = "moved:"  # an Undimensioned ask's data: "moved:<unit>><area>" for each unit moved there
VULNERABLE = (UnitKind.MONSTER, UnitKind.CULTIST)  # what Shriveling may take (factions.md section 0)


def active(state: GameState) -> bool:
    """Whether the neutral Spellbooks are in this game (and the referee plays their effects)."""
    return state.options.neutral_spellbooks and state.options.abilities


def holds(state: GameState, pid: str, book: str) -> bool:
    return active(state) and pw.holds(state, pid, book)


# -- the supply and the Spellbook choice ---------------------------------------------------------


def supply(state: GameState) -> tuple[str, ...]:
    """The neutral Spellbooks no player holds, in their printed order (empty without the option)."""
    if not active(state):
        return ()
    held = {book for p in state.players for book in p.spellbooks}
    return tuple(b for b in BOOKS if b not in held)


def choices_for(state: GameState, pid: str) -> tuple[str, ...]:
    """The neutral Spellbooks ``pid`` may take now: the supply, less one it has just discarded
    with Recriminations ([HRF:Game.scala] ``ignorePerInstant``)."""
    books = supply(state)
    if not books:
        return ()
    gone = {u[1][len(DISCARDED) :] for u in state.abilities.used if u[0] == pid and u[1].startswith(DISCARDED)}
    return tuple(b for b in books if b not in gone)


def discarded(state: GameState, pid: str) -> tuple[str, ...]:
    """The Spellbooks ``pid`` has just discarded with Recriminations (not to be taken back at once)."""
    return tuple(u[1][len(DISCARDED) :] for u in state.abilities.used if u[0] == pid and u[1].startswith(DISCARDED))


def chosen(state: GameState, pid: str) -> GameState:
    """``pid`` has taken a Spellbook: a book it discarded may be taken again later."""
    kept = tuple(u for u in state.abilities.used if not (u[0] == pid and u[1].startswith(DISCARDED)))
    return state if kept == state.abilities.used else pw.with_abilities(state, used=kept)


# -- Umr at-Tawil: gates cost 2 ----------------------------------------------------------------


def gate_cost(state: GameState, pid: str) -> int:
    """What a gate costs ``pid`` (before the Ice Age's tax)."""
    return UMR_GATE_COST if holds(state, pid, UMR_AT_TAWIL) else GATE_COST


def umr_at_tawil(state: GameState, cmd: Command, events: pw.Events) -> tuple[GameState, Command]:
    """A gate built at its printed cost by the holder of Umr at-Tawil costs 2 (a cost given by
    hand, a correction, is left as given)."""
    assert isinstance(cmd, c.BuildGate)
    if cmd.cost != GATE_COST or not holds(state, cmd.player, UMR_AT_TAWIL):
        return state, cmd
    events.append(pw.AbilityUsed(cmd.player, UMR_AT_TAWIL, say("the gate costs {cost}", cost=UMR_GATE_COST)))
    return state, replace(cmd, cost=UMR_GATE_COST)


# -- The Mao Ceremony: after Gather Power ---------------------------------------------------------


def _cultists(state: GameState, pid: str) -> tuple[str, ...]:
    """``pid``'s cultists on the map, as the prompt names them: "Acolyte in Arabia"."""
    out = []
    for i, area in enumerate(state.areas):
        for u in area.units_of(pid):
            if u.kind is UnitKind.CULTIST:
                out.append(say("{unit} in {area}", unit=u.name, area=state.area_name(i)))
    return tuple(out)


def before_first_player(state: GameState) -> GameState | None:
    """A flow hook run before the First Player is found: the next holder of The Mao Ceremony (in
    turn order) with cultists on the map that has not said "done" is asked; None when nobody is."""
    if not active(state):
        return None
    for seat in state.turn_order():
        pid = state.players[seat].pid
        if MAO_CEREMONY not in state.players[seat].spellbooks or pw.used(state, pid, MAO_DONE):
            continue
        choices = _cultists(state, pid)
        if not choices:
            continue
        text = say(
            "{player}: The Mao Ceremony: sacrifice a cultist for 1 Power, or done.",
            player=state.players[seat].label,
        )
        prompt = Prompt(PromptKind.ABILITY, pid, text, (DONE, *choices), purpose=MAO_CEREMONY)
        state = pw.push_ask(state, Ask(MAO_CEREMONY, pid))
        return evolve(state, prompt=prompt, abilities=evolve(state.abilities, resume=(NO_PROMPT, *state.abilities.resume)))
    return None


def _mao_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    return (DONE, *_cultists(state, ask.actor))


def _mao_ceremony(state: GameState, ask: Ask, choice: str, events: pw.Events) -> GameState:
    """One cultist sacrificed for 1 Power, or "done"; then the round goes on (the holder is asked
    again while it has cultists, :func:`before_first_player`)."""
    pid = ask.actor
    if choice == DONE:
        state = pw.mark_used(state, pid, MAO_DONE)
    else:
        name, _, area = choice.partition(" in ")
        index = bd.area_index(state, area)
        unit = pw.unit_here(state, index, pid, name)
        state = pw.remove_one(state, index, unit, MAO_CEREMONY, events)
        events.append(pw.AbilityUsed(pid, MAO_CEREMONY, say("{choice} sacrificed for 1 Power", choice=choice)))
        state = pw.gain_power(state, pw.seat_of(state, pid), 1, MAO_CEREMONY, events)
    return flow.run(state, events) if state.prompt.kind is PromptKind.NONE else state


# -- Shriveling: pre-battle -------------------------------------------------------------------------


def _victims(state: GameState, pid: str) -> tuple[str, ...]:
    """The enemy's Monsters and Cultists in the battle ``pid`` fights (not those out of it)."""
    b = state.battle
    if b is None or pid not in (b.attacker, b.defender):
        return ()
    enemy = b.defender if pid == b.attacker else b.attacker
    stacks = pw.without(pw.stacks_named(state, b.area, enemy, VULNERABLE), b.exempt)
    return tuple(dict.fromkeys(u.name for u in stacks))


def _shriveling_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    victims = _victims(state, ask.actor)
    return ("skip", *victims) if victims else ()


def shriveled_cost(state: GameState, owner: str, stack: Units) -> int:
    """What the owner gains for its unit shriveled: its recruit or summon cost now
    ([HRF:Battle.scala] ``recruitCost`` / ``summonCost``)."""
    unit = unit_type(state, owner, stack.name)
    if unit is None:
        return 0
    seat = state.seat(owner)
    rules = None if seat is None else RULES.get(state.players[seat].faction)
    if rules is not None and rules.unit(stack.name) is unit and stack.kind is not UnitKind.CULTIST:
        return rules.cost_of(state, owner, unit)
    return unit.cost


def _shriveling(state: GameState, ask: Ask, choice: str, events: pw.Events) -> GameState:
    b = state.battle
    if choice == "skip" or b is None:
        return state
    enemy = b.defender if ask.actor == b.attacker else b.attacker
    stack = pw.unit_here(state, b.area, enemy, choice)
    gain = shriveled_cost(state, enemy, stack)
    state = pw.remove_one(state, b.area, stack, SHRIVELING, events)
    detail = say("{unit} of {enemy} eliminated; {enemy} gains {gain} Power", unit=choice, enemy=enemy, gain=gain)
    events.append(pw.AbilityUsed(ask.actor, SHRIVELING, detail))
    return pw.gain_power(state, pw.seat_of(state, enemy), gain, SHRIVELING, events)


# -- Undimensioned: an action ----------------------------------------------------------------------


@COMMANDS.register("undimensioned")
@dataclass(frozen=True, slots=True)
class Undimensioned(Command):
    """Undimensioned (2 Power, an action): the player's units are moved among the areas they
    occupy, one at a time, by ``ability`` prompts ("<unit>: <from> -> <to>", or "done"; before the
    first move "cancel" instead of "done"). The 2 Power are paid with the first unit moved."""

    player: str


def _start_areas(state: GameState, pid: str) -> tuple[str, ...]:
    return tuple(state.area_name(i) for i, a in enumerate(state.areas) if a.count(owner=pid) and ERADICATED not in a.markers)


def undimensioned_problem(state: GameState, pid: str) -> str:
    """Why ``pid`` may not use Undimensioned now ("" when it may)."""
    seat = state.seat(pid)
    if seat is None or not holds(state, pid, UNDIMENSIONED):
        return say("{pid} does not hold Undimensioned.", pid=pid)
    if state.players[seat].power < UNDIMENSIONED_COST:
        return say("Undimensioned costs {cost} Power.", cost=UNDIMENSIONED_COST)
    if len(_start_areas(state, pid)) < 2:  # then a first move is always offered: out of the Ice Age's area is free
        return say("Undimensioned needs units in two areas or more.")
    return ""


def undimensioned(state: GameState, cmd: Undimensioned, events: pw.Events) -> GameState:
    """The first unit's question; nothing is paid yet (the 2 Power go with the first unit moved,
    as HRF's ``UndimensionedAction`` pays them, so "cancel" before it costs nothing)."""
    pw.my_turn(state, cmd.player)
    problem = undimensioned_problem(state, cmd.player)
    if problem:
        raise Refusal(Code.NOT_NOW, problem)
    return _ask_move(state, Ask(UNDIMENSIONED, cmd.player, _start_areas(state, cmd.player)), events)


def _ask_move(state: GameState, ask: Ask, events: pw.Events) -> GameState:
    """The next unit's question, put at once over the player's action (asked directly, not
    queued: the action is not over while units may still move, even with no Power left); with
    every unit moved, the action is over."""
    choices = _undimensioned_choices(state, ask)
    if len(choices) < 2:
        return pw.end_action(state, events)
    label = state.player(ask.actor).label
    if _moved(ask):
        text = say("{player}: Undimensioned: move a unit, or done.", player=label)
    else:
        text = say(
            "{player}: Undimensioned: move a unit ({cost} Power with the first), or cancel.",
            player=label,
            cost=UNDIMENSIONED_COST,
        )
    prompt = Prompt(PromptKind.ABILITY, ask.actor, text, choices, purpose=UNDIMENSIONED)
    state = pw.push_ask(state, ask)
    return evolve(state, prompt=prompt, abilities=evolve(state.abilities, resume=(state.prompt, *state.abilities.resume)))


def _moved(ask: Ask) -> list[tuple[str, str]]:
    return [tuple(d[len(MOVED) :].split(">", 1)) for d in ask.data if d.startswith(MOVED)]  # type: ignore[misc]


def _undimensioned_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    """ "done" ("cancel" before the first move), then each unit not moved yet to each other area
    of the action's start (the Ice Age's area only while its tax is affordable, with the 2 Power
    on top before the first move: HRF ``affords(... none.??(2))``)."""
    moved = _moved(ask)
    power = state.player(ask.actor).power - (0 if moved else UNDIMENSIONED_COST)
    areas = [d for d in ask.data if not d.startswith(MOVED)]
    reach = [to for to in areas if ice_age.surcharge(state, ask.actor, to) <= power]
    out = [DONE if moved else CANCEL]
    for frm in areas:
        index = state.board.area_index(frm)
        if index is None:
            continue
        for u in state.areas[index].units_of(ask.actor):
            if u.count - moved.count((u.name, frm)) <= 0:
                continue
            out += [say("{unit}: {frm} -> {to}", unit=u.name, frm=frm, to=to) for to in reach if to != frm]
    return tuple(out)


def _undimensioned(state: GameState, ask: Ask, choice: str, events: pw.Events) -> GameState:
    """One unit moved (asked again for the next; the first one pays the 2 Power), "done": the
    action is over, or "cancel" before any move: the action prompt is back as it was (the answer
    is given over it, :func:`companion.engine.cthulhu.abilities.use_ability` resumes it), nothing
    spent and no action taken ([HRF:NeutralSpellbooks.scala] the first question's ``cancel``)."""
    if choice == CANCEL:
        return state
    if choice == DONE:
        return pw.end_action(state, events)
    name, _, legs = choice.partition(": ")
    frm, _, to = legs.partition(" -> ")
    source = bd.area_index(state, frm)
    unit = pw.unit_here(state, source, ask.actor, name)
    if not _moved(ask):  # the first unit moved: the action is taken now, and paid
        areas = ", ".join(d for d in ask.data if not d.startswith(MOVED))
        state = pw.pay(state, pw.seat_of(state, ask.actor), UNDIMENSIONED_COST, UNDIMENSIONED, events)
        events.append(pw.AbilityUsed(ask.actor, UNDIMENSIONED, say("units among {areas}", areas=areas)))
    state = ice_age.tax_in(state, ask.actor, (to,), events)  # a move into the Ice Age's area
    state, moved = bd.move(state, source, bd.area_index(state, to), ask.actor, unit.kind, name, 1)
    events += moved
    return _ask_move(state, Ask(UNDIMENSIONED, ask.actor, (*ask.data, f"{MOVED}{name}>{to}")), events)


# -- Recriminations: an action ---------------------------------------------------------------------


@COMMANDS.register("recriminations")
@dataclass(frozen=True, slots=True)
class Recriminations(Command):
    """Recriminations (1 Power, an action): discard ``book``, one of the player's Spellbooks; the
    Spellbook choice then comes at once, without it."""

    player: str
    book: str


def recriminations(state: GameState, cmd: Recriminations, events: pw.Events) -> GameState:
    seat = pw.my_turn(state, cmd.player)
    if not holds(state, cmd.player, RECRIMINATIONS):
        raise Refusal(Code.NOT_NOW, "{pid} does not hold Recriminations.", pid=cmd.player)
    books = list(state.players[seat].spellbooks)
    if cmd.book not in books:
        raise Refusal(Code.BAD_VALUE, "{pid} does not hold {book}.", pid=cmd.player, book=cmd.book)
    state = pw.pay(state, seat, RECRIMINATIONS_COST, RECRIMINATIONS, events)
    books.remove(cmd.book)
    state = state.with_player(seat, spellbooks=tuple(books))
    state = pw.mark_used(state, cmd.player, DISCARDED + cmd.book)
    events.append(pw.AbilityUsed(cmd.player, RECRIMINATIONS, say("{book} discarded", book=cmd.book or "a Spellbook")))
    return pw.end_action(state, events)


# -- reactions: Shriveling's question, Stars Are Right ---------------------------------------------


# The event types react() reads: the after-command hook calls it only for a command whose events
# hold one (abilities.react_to).
REACTS_TO = pw.on(BattleDeclared, ElderSignRevealed)


def react(state: GameState, seen: pw.Events, events: pw.Events) -> GameState:
    """After every command: a battle just declared asks each side holding Shriveling; an Elder Sign
    revealed in the Doom Phase by the holder of Stars Are Right gives its value in Power."""
    if not active(state):
        return state
    if pw.just_declared(state, seen):
        assert state.battle is not None
        for pid in (state.battle.attacker, state.battle.defender):
            if pw.holds(state, pid, SHRIVELING) and _victims(state, pid):
                state = pw.queue_ask(state, Ask(SHRIVELING, pid))
    if state.phase is Phase.DOOM and Step.FINAL_REVEAL not in state.pending:
        for event in seen:
            if isinstance(event, ElderSignRevealed) and pw.holds(state, event.player, STARS_ARE_RIGHT):
                seat = pw.seat_of(state, event.player)
                events.append(pw.AbilityUsed(event.player, STARS_ARE_RIGHT, say("{value} Power", value=event.value)))
                state = pw.gain_power(state, seat, event.value, STARS_ARE_RIGHT, events)
    return state


# -- legal commands, registration ------------------------------------------------------------------


def offers(state: GameState) -> Iterator[Command]:
    """The neutral Spellbooks' actions legal for the prompt's actor now."""
    pid = state.prompt.actor
    if not active(state) or state.prompt.kind is not PromptKind.ACTION or not pid or state.seat(pid) is None:
        return
    if not undimensioned_problem(state, pid):
        yield Undimensioned(pid)
    player = state.player(pid)
    if RECRIMINATIONS in player.spellbooks and player.power >= RECRIMINATIONS_COST:
        yield from (Recriminations(pid, book) for book in dict.fromkeys(player.spellbooks))


ASKS = {
    MAO_CEREMONY: pw.AskRule(_mao_choices, _mao_ceremony, "The Mao Ceremony: sacrifice a cultist for 1 Power?"),
    SHRIVELING: pw.AskRule(_shriveling_choices, _shriveling, "Shriveling: eliminate which enemy unit?"),
    UNDIMENSIONED: pw.AskRule(_undimensioned_choices, _undimensioned, "Undimensioned: move which unit where?"),
}
PRE_BATTLE = (SHRIVELING,)
HANDLERS: dict[type[Command], pw.Handler] = {
    Undimensioned: undimensioned,  # type: ignore[dict-item]
    Recriminations: recriminations,  # type: ignore[dict-item]
}
GUARDS = ((c.BuildGate, umr_at_tawil),)
