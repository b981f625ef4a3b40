"""The headless demo: a seeded game played through the engine by random legal choices.

Everything goes through the table, exactly as at a real table: the demo's players
(:class:`companion.appliance.Bots`) are an input source that puts commands on the table's queue,
beside the (simulated) tower, in the window and the terminal alike (the games are run on the
house by :mod:`companion.demo_run`; this module knows nothing of the house).  They only pick among the
commands :func:`~companion.engine.legal_commands` offers (plus the occasional spellbook, battle
and Great Old One, as players would), and the dice come from the engine's seeded generator (or
the simulated tower).  The same seed gives the same game, line by line.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from companion.engine import Accepted, Command, Event, State, apply, legal_commands
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.battle import computed_dice
from companion.engine.cthulhu.events import BattleEnded, BattleRolled
from companion.engine.cthulhu.factions import RULES, unit_type
from companion.engine.cthulhu.factions.independents import BELOW_CAPTURE, CAPTIVE_SEP, UNMOVABLE
from companion.engine.cthulhu.model import ERADICATED, NEUTRAL, Faction, Options, PromptKind, UnitKind, spellbook_count
from companion.engine.cthulhu.watcher import BattleWatcher, CombatDice, WatcherBattled, fight_dice
from companion.engine.mapdef import MapDef
from companion.engine.values import dataclass
from companion.i18n import _
from companion.maps import SHIPPED_DIR, MapError, load_map

SEATING = (
    Faction.GREAT_CTHULHU,
    Faction.CRAWLING_CHAOS,
    Faction.BLACK_GOAT,
    Faction.YELLOW_SIGN,
    Faction.SLEEPER,
    Faction.WINDWALKER,
    Faction.OPENER_OF_THE_WAY,
    Faction.ANCIENTS,
)
DEFAULT_MAPS = {3: "earth-3p", 4: "earth-4p-35", 5: "earth-5p", 6: "earth-6p"}
# The demo's stand-in for a unit's combat against the Watcher when the referee cannot compute it.
COMBAT = {UnitKind.CULTIST: 0, UnitKind.MONSTER: 1, UnitKind.TERROR: 2, UnitKind.GOO: 4, UnitKind.IGOO: 2}
MAX_COMMANDS = 20_000


@dataclass(frozen=True)
class DemoSetup:
    board: MapDef
    seats: tuple[c.Seat, ...]
    seed: int
    options: Options = Options()

    def command(self) -> c.NewGame:
        return c.NewGame(self.board, self.seats, self.seed, self.options)


def demo_setup(
    seed: int,
    map_name: str | None,
    players: int,
    *,
    astral_acolyte: bool = False,
    independents: tuple[str, ...] = (),
    neutral_spellbooks: bool = False,
) -> DemoSetup:
    """The seats and board for a demo; raises MapError or ValueError with what to do.
    ``independents``: the independent Great Old Ones and neutral monsters in the game;
    ``neutral_spellbooks``: the six neutral Spellbooks may be taken (the bots take and use them
    as they do their own: a random Spellbook, a random legal action, a random answer)."""
    if not 3 <= players <= len(SEATING):
        raise ValueError(_("The demo seats 3 to {most} players, not {players}.").format(most=len(SEATING), players=players))
    name = map_name or DEFAULT_MAPS.get(players)
    if name is None:
        raise MapError(
            _(
                "No shipped map seats {players} players; transcribe the 6-8 player board "
                "(companion map new --like earth-6p) and pass --map."
            ).format(players=players)
        )
    try:
        board = load_map(name)
    except MapError:
        if map_name is not None:
            raise
        board = load_map(str(SHIPPED_DIR / f"{name}.toml"))  # an owner's broken copy never stops the table starting
    options = Options(
        astral_acolyte=astral_acolyte,
        abilities=True,
        independents=independents,
        neutral_spellbooks=neutral_spellbooks,
        tribes=True,  # a new game (the demo seats no Tcho-Tcho today, nor Bubastis)
        published_start_order=True,  # as new games from the screen: the Windwalker, then the Opener choose last
    )
    return DemoSetup(board, tuple(c.Seat(f) for f in SEATING[:players]), seed, options)


def choose(state: State, rnd: random.Random) -> Command:
    """A demo player's decision: dice from the generator, the referee's computed combat against
    the Watcher, Kills and Pains on the cheapest units, otherwise a random legal choice."""
    prompt = state.prompt
    if prompt.kind is PromptKind.ROLL:
        return c.Roll(None, "generator")
    if prompt.kind is PromptKind.ACTION:
        return _action(state, rnd)
    if prompt.kind is PromptKind.COMBAT_DICE:
        return CombatDice(prompt.actor, int(prompt.choices[0]))  # the computed count comes first
    if prompt.kind is PromptKind.ASSIGN_KILL:
        return c.AssignKill(prompt.actor, _cheapest(state, prompt.choices))
    if prompt.kind is PromptKind.ASSIGN_PAIN:
        return c.AssignPain(prompt.actor, _cheapest(state, prompt.choices))
    if prompt.kind in (PromptKind.ABILITY, PromptKind.SPELLBOOK):
        return _ability_answer(state, rnd)
    return rnd.choice(list(legal_commands(state)))


def _ability_answer(state: State, rnd: random.Random) -> Command:
    """The bots' policy for the factions' abilities: a "may" is mostly used (its first choice,
    "use" or "power"), a choice among units or areas and a Spellbook are random; which cultist
    From Below's free capture takes is the victim's (:func:`victims_cultist`)."""
    answers = list(legal_commands(state))
    if state.prompt.purpose == BELOW_CAPTURE and state.abilities.asks:
        answers = _victims_answers(state, str(state.abilities.asks[0].data[0]), answers)
    if state.prompt.choices and state.prompt.choices[0] in ("use", "power", "agreed") and rnd.random() < 0.8:
        return answers[0]
    return rnd.choice(answers)


def victims_cultist(state: State, area: str, victim: str) -> str:
    """The cultist ``victim`` gives up to a capture in ``area`` ("" when it has none there).
    Which one is the victim's choice, not the captor's (factions.md section 0; [HRF:Game.scala]
    ``CaptureAction`` asks the victim, listing its cultists cheapest first by ``uclass.cost``);
    the demo's victim gives up its cheapest, an Acolyte before a High Priest (the first offered
    among equals: the referee does not track which cultist stands on a gate, HRF's tie-break)."""
    index = state.board.area_index(area)
    if index is None:
        return ""
    names = tuple(dict.fromkeys(u.name for u in state.areas[index].units_of(victim) if u.kind is UnitKind.CULTIST))
    return _cheapest_of(state, (victim,), names)


def _victims_captures(state: State, options: list[Command]) -> list[Command]:
    """The captures offered, each naming the cultist its victim gives up
    (:func:`victims_cultist`): the capturer picks where and whom, once each, never which."""
    chosen: list[Command] = []
    seen: set[tuple[str, str]] = set()
    for option in options:
        if isinstance(option, c.Capture):
            if (option.area, option.victim) in seen:
                continue
            seen.add((option.area, option.victim))
            option = replace(option, unit=victims_cultist(state, option.area, option.victim))
        chosen.append(option)
    return chosen


def _victims_answers(state: State, area: str, answers: list[Command]) -> list[Command]:
    """From Below's capture answers ("victim:cultist" where the victim has more than one kind
    there), only the cultist each victim gives up (:func:`victims_cultist`)."""
    kept: list[Command] = []
    for answer in answers:
        victim, sep, name = str(getattr(answer, "choice", "")).partition(CAPTIVE_SEP)
        if not sep or name == victims_cultist(state, area, victim):
            kept.append(answer)
    return kept


def _cheapest(state: State, names: tuple[str, ...]) -> str:
    """The demo's policy for losses: the unit the battling side would miss least (the cheapest
    on its roster; unknown units count as costly)."""
    b = state.battle
    assert b is not None
    return _cheapest_of(state, (b.attacker, b.defender), names)


UNPRICED = 99  # a unit no roster prices counts as costly: the bots give it up last


def _cheapest_of(state: State, owners: tuple[str, ...], names: tuple[str, ...]) -> str:
    """The first of ``names`` cheapest on the rosters of ``owners`` ("" when there is none)."""

    def price(name: str) -> int:
        return min((u.cost for pid in owners if (u := unit_type(state, pid, name)) is not None), default=UNPRICED)

    return min(names, key=price, default="")


def _combat(state: State, pid: str) -> int:
    """``pid``'s combat in the Watcher's area: the referee's count, or the demo's stand-in."""
    w = state.watcher
    if w is None or w.area < 0:
        return 0
    computed = fight_dice(state, w.area, pid, attacking=True)
    if computed is not None:
        return computed
    return sum(COMBAT[u.kind] * u.count for u in state.areas[w.area].units_of(pid))


def _action(state: State, rnd: random.Random) -> Command:
    pid = state.prompt.actor
    special = _awaken(state, pid) if rnd.random() < 0.5 else None
    special = special or (_battle(state, pid, rnd) if rnd.random() < 0.3 else None)
    special = special or (_battle_watcher(state, pid) if rnd.random() < 0.3 else None)
    special = special or (_split_move(state, pid, rnd) if rnd.random() < 0.2 else None)
    special = special or (_independent(state, rnd) if state.options.independents and rnd.random() < 0.5 else None)
    if special is not None and _legal(state, special):  # an ability (Ice Age's tax ...) may refuse it
        return special
    options = _victims_captures(state, [o for o in legal_commands(state) if not isinstance(o, c.Pass)])
    if options and rnd.random() < 0.85:
        return rnd.choice(options)
    return c.Pass(pid)


def _independent(state: State, rnd: random.Random) -> Command | None:
    """An independent Great Old One awakened, Abhoth's Filth or an independent's Spellbook action,
    when the faction may (as players would, more often than a random pick among every legal command)."""
    offered = [
        o
        for o in legal_commands(state)
        if type(o).__name__ in ("AwakenIndependent", "PlaceFilth", "GodOfForgetfulness", "NightmareWeb")
    ]
    return rnd.choice(offered) if offered else None


def _legal(state: State, command: Command) -> bool:
    return isinstance(apply(state, command), Accepted)


def _awaken(state: State, pid: str) -> Command | None:
    """A Great Old One the faction may awaken now, at the cost the referee computes (start area
    first, then anywhere), with the cultists an awakening eliminates named when asked."""
    rules = RULES.get(state.player(pid).faction)
    if rules is None:
        return None
    home = state.player(pid).start_area
    areas = ([home] if home >= 0 else []) + [i for i, a in enumerate(state.areas) if a.count(owner=pid) and i != home]
    for rule in rules.awakenings:
        if rule.cost(state, pid) > state.player(pid).power:
            continue
        for index in areas:
            command = c.Awaken(pid, state.area_name(index), rule.name)
            if _legal(state, command):
                return command
            with_sacrifice = replace(command, sacrifice=_sacrifice(state, pid))
            if with_sacrifice.sacrifice and _legal(state, with_sacrifice):
                return with_sacrifice
    return None


def _sacrifice(state: State, pid: str) -> tuple[c.UnitRef, ...]:
    """Two cultists (Shub-Niggurath) or a High Priest (Ubbo-Sathla), from the first areas."""
    wanted = ("High Priest",) if state.player(pid).faction is Faction.TCHO_TCHO else ("Acolyte",)
    need = 1 if wanted == ("High Priest",) else 2
    refs = []
    for index, area in enumerate(state.areas):
        for stack in area.units_of(pid):
            if need and stack.name in wanted:
                take = min(need, stack.count)
                refs.append(c.UnitRef(state.area_name(index), stack.kind, stack.name, take))
                need -= take
    return tuple(refs) if not need else ()


def _battle(state: State, pid: str, rnd: random.Random) -> Command | None:
    """A battle where the faction has combat, with the dice the referee computes."""
    for index, area in enumerate(state.areas):
        enemies = [o for o in area.owners if o not in (pid, NEUTRAL)]
        if not enemies or not computed_dice(state, index, pid, enemies[0], attacking=True):
            continue
        command = c.BattleAction(pid, state.area_name(index), rnd.choice(enemies))
        if _legal(state, command):
            return command
    return None


def _split_move(state: State, pid: str, rnd: random.Random) -> Command | None:
    """One Move of a unit from each of two areas, each to a neighbour of its own (a Move is one
    action however many areas the units come from)."""
    groups = []
    for index, area in enumerate(state.areas):
        stacks = tuple(u for u in area.units_of(pid) if u.name not in UNMOVABLE)
        near = [n for n in sorted(state.board.adjacent[index]) if ERADICATED not in state.areas[n].markers]
        if stacks and near:
            stack = rnd.choice(stacks)
            groups.append(c.MoveGroup(state.area_name(index), state.area_name(rnd.choice(near)), stack.kind, stack.name))
    if len(groups) < 2 or state.player(pid).power < 2:
        return None
    return c.Move(pid, groups=tuple(rnd.sample(groups, 2)))


def _battle_watcher(state: State, pid: str) -> Command | None:
    w = state.watcher
    if w is None or not w.awake or not state.areas[w.area].count(owner=pid) or state.player(pid).power < 1:
        return None
    dice = _combat(state, pid)
    return BattleWatcher(pid, dice) if dice else None


def casualties(state: State, events: tuple[Event, ...]) -> list[Command]:
    """After the Watcher's battle (the abilities off), or a battle the table resolves by hand
    (both dice given), the table assigns the Kills; the demo's players lose their cheapest units.
    A battle resolved whole, and the Watcher's with the abilities on, assigns its own through the
    referee's prompts (its ``battle_ended``, or a battle still in the state, tells it apart)."""
    by_hand = state.battle is None and not any(isinstance(e, BattleEnded) for e in events)
    orders: list[Command] = []
    for event in events:
        if isinstance(event, BattleRolled) and by_hand:
            losses = [(event.defender, event.attacker_kills), (event.attacker, event.defender_kills)]
        elif isinstance(event, WatcherBattled) and not state.options.abilities:  # else the referee asks for them
            losses = [(event.defender, event.watcher_kills)]
        else:
            continue
        for victim, kills in losses:
            orders += _lose_units(state, event.area, victim, kills)
    return orders


def _lose_units(state: State, area: str, victim: str, kills: int) -> list[Command]:
    index = state.board.area_index(area)
    assert index is not None
    orders: list[Command] = []
    for stack in sorted(state.areas[index].units_of(victim), key=lambda u: -u.kind.rank):
        take = min(kills, stack.count)
        if take:
            orders.append(c.Eliminate(victim, c.UnitRef(area, stack.kind, stack.name, take), "Kills rolled in battle"))
        kills -= take
    return orders


DEMO_WIRING = {
    "watcher_light": 18,
    "doom_bar": [5, 6, 13, 19, 26, 12, 16, 20, 21, 25],
    "worm_light": 23,
    "status_rgb": [17, 27, 22],
    "pin_factory": "mock",
}


def virtual_leds(panel: Any, state: State) -> str:
    """The mock pins as text: the Watcher light, the Doom bar, the worm light, the first player."""
    brightness = panel.watcher_brightness
    watcher = _("Watcher awake {brightness}").format(brightness=format(brightness, ".0%")) if brightness else _("Watcher dark")
    doom = "".join("#" if led.value else "." for led in panel.doom) if panel.doom is not None else ""
    worm = _("Worm light ON") if panel.worm_lit else _("Worm light off")
    first = _("first player light: {player}").format(player=state.players[state.first].label)
    return f"[panel] {watcher} | Doom [{doom}] | {worm} | {first}"


def standings(state: State) -> str:
    lines = ["", _("Final standings:")]
    for p in sorted(state.players, key=lambda p: -p.doom):
        words = _("Doom {doom}  Spellbooks {books}  Elder Signs revealed {revealed}")
        lines.append(f"  {p.label:<20} " + words.format(doom=f"{p.doom:>3}", books=spellbook_count(p), revealed=len(p.revealed)))
    if state.outcome:
        winners = ", ".join(state.player(w).label for w in state.outcome.winners) or _("nobody (humanity wins)")
        lines.append(_("Result: {winners}; {reason}.").format(winners=winners, reason=state.outcome.reason))
    return "\n".join(lines) + "\n"
