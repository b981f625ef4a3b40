"""Entering an action turn by area: tap an area, see only what is legal there, tap it.

The panel lists the areas where the player to act can do something; an area shows its own
choices (recruit, build a gate, summon, awaken, battle, capture, control a gate, move units from
here, bring units here), each checked against the engine before it is offered.  Counts and costs
are steppers.  A Move gathers groups from several areas to several destinations and goes to the
table as ONE command.  Pass is the last button and needs a second tap.

The table and the map each own a panel; its state (the area in view, the Move being gathered)
lives only until the game moves on (a new ``state.step``).  Taps that only change the panel come
back as :class:`Local` intents, which the owning scene hands to :meth:`TurnPanel.handle`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import field
from typing import Any

import pygame

from companion.engine import Accepted, Code, Command, Rejected, apply, area_actions, legal_commands, recruit_areas
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.actions import capture_offers, destinations
from companion.engine.cthulhu.factions import high_priests, neutral_spellbooks
from companion.engine.cthulhu.model import ERADICATED, NEUTRAL, WATCHER, WORM, Faction, GameState, PromptKind, UnitKind
from companion.engine.cthulhu.pools import UNITS
from companion.engine.cthulhu.watcher import BattleWatcher
from companion.engine.values import dataclass
from companion.i18n import _
from companion.ui.entry import area_of
from companion.ui.labels import label
from companion.ui.scene import Submit
from companion.ui.widgets import (
    ACCENT,
    LABEL_SIZES,
    LINE_STEP,
    PANEL,
    WARN,
    Button,
    Metrics,
    button_height,
    cell_width,
    grid,
    width_of,
)

# Each faction's Great Old One and its first awakening cost, as printed on the faction card
# (/work/shared/data/factions.md, [HRF:Faction*.scala]): the stepper's first guess where the
# referee has no rules for the faction (where it has, the awakening is offered at its cost).
FIRST_GOO: dict[Faction, tuple[str, int]] = {
    Faction.GREAT_CTHULHU: ("Cthulhu", 10),
    Faction.CRAWLING_CHAOS: ("Nyarlathotep", 10),
    Faction.BLACK_GOAT: ("Shub-Niggurath", 8),
    Faction.YELLOW_SIGN: ("King in Yellow", 4),
    Faction.SLEEPER: ("Tsathoggua", 8),
    Faction.WINDWALKER: ("Rhan Tegoth", 6),
    Faction.OPENER_OF_THE_WAY: ("Yog-Sothoth", 6),
}
# A first guess at a side's battle dice (the stepper corrects it): a unit's usual combat.
COMBAT_GUESS = {UnitKind.CULTIST: 0, UnitKind.MONSTER: 1, UnitKind.TERROR: 2, UnitKind.GOO: 4, UnitKind.IGOO: 2}
SUMMON_COST = 2
COLUMN_ROOM = 124 / 24  # px at unit 1 a column of choices takes for each px of its labels' largest size
MAX_STEP = 30
# The panel taps that show another list (its "More" pages start again from the first).
_NEW_VIEW = frozenset(
    {"area", "back", "summon", "awaken", "watcher", "move", "battle", "bring", "add", "drop", "group", "group_area", "outsider"}
)
DESTINATION_MIN_WIDTH = 110  # px at 800x480: room for a two-line area name beside its "+ group"
STACK = (58, 52, 76)  # a stack's name in the Move composer: a button (it picks that stack alone)
UNTOUCHABLE = (WORM, WATCHER, "astral_acolyte")
# The commands a composer of the panel enters (by their own buttons, steppers or the Move's
# picks); every other command the engine lists is offered as a button of its own (generic).
COMPOSED = (c.Recruit, c.BuildGate, c.ControlGate, c.Summon, c.Awaken, c.BattleAction, c.Capture, c.Move, BattleWatcher)
# The prompts whose every answer names one area (a start area, where the Watcher goes to attack,
# a Worm's, a glacier's or the Acolyte's place, a retreat): answered by a tap on the map.  (The
# Watcher's target once it has moved names a faction, not an area: that stays a list.)
AREA_PROMPTS = frozenset(
    {PromptKind.START_AREA, PromptKind.WATCHER_MOVE, PromptKind.PLACE, PromptKind.GLACIER, PromptKind.ACOLYTE, PromptKind.RETREAT}
)


@dataclass(frozen=True)
class Local:
    """A tap that changes only the panel: ``what`` with an argument."""

    what: str
    arg: Any = None


def summonable(faction: Faction) -> list[tuple[str, UnitKind]]:
    """What a summon may bring, first the generic Monster (a table's own names follow: the
    faction's monsters and terrors from its box, then a generic Terror)."""
    named = [(u.name, u.kind) for u in UNITS.get(faction, ()) if u.kind in (UnitKind.MONSTER, UnitKind.TERROR)]
    return [(UnitKind.MONSTER.default_name, UnitKind.MONSTER), *named, (UnitKind.TERROR.default_name, UnitKind.TERROR)]


_ANSWERS: list[Any] = [None, {}]  # [the state last asked about, its answers]


def area_answers(state: GameState) -> dict[int, Command]:
    """For a prompt answered by naming an area: each legal area's index and the command that
    names it (from the engine's own list, so nothing illegal is offered); {} for any other
    prompt.  Worked out once per state (the map's buttons and its drawing both ask)."""
    if _ANSWERS[0] is state:
        found: dict[int, Command] = _ANSWERS[1]
        return found
    found = {}
    if state.prompt.kind in AREA_PROMPTS:
        for command in legal_commands(state):
            name = getattr(command, "area", None)
            index = state.board.area_index(name) if isinstance(name, str) else None
            if index is not None:
                found.setdefault(index, command)
    _ANSWERS[:] = [state, found]
    return found


def _bring(intent: Any) -> bool:
    return isinstance(intent, Local) and intent.what == "bring"


def legal(state: GameState, command: Command) -> bool:
    """Whether the engine takes ``command`` now (asked: an engine apply)."""
    return isinstance(apply(state, command), Accepted)


class Listed:
    """The engine's own list of the legal commands of one state, read only as far as a question
    needs (:func:`legal_commands` is lazy).

    An accepted apply builds the whole next state (0.1-0.2 ms each on x86); the list names the
    usual actions (recruits first, then each area's gates, summons, battles and one-unit moves)
    without building any.  A command found in it is legal; one it leaves out (a cost or dice
    entered by hand, an awakening named without its sacrifice) is asked of the engine, as
    before.  So the panel offers exactly what it offered when it asked the engine each time
    (tests/ui/test_turn_panel_cache.py)."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self._rest: Iterator[Command] | None = iter(legal_commands(state))
        self._seen: set[Command] = set()
        self.commands: list[Command] = []

    def has(self, command: Command) -> bool:
        """Whether the list names ``command`` (reading on until it does, or to its end)."""
        return command in self._seen or any(listed == command for listed in self._more())

    def each(self) -> Iterator[Command]:
        """The list from its start: what was read, then on (stop whenever: the rest waits)."""
        yield from list(self.commands)
        yield from self._more()

    def all(self) -> list[Command]:
        """The whole list, in the engine's order."""
        for _listed in self._more():
            pass
        return self.commands

    def _more(self) -> Iterator[Command]:
        rest = self._rest
        if rest is None:
            return
        for command in rest:
            self.commands.append(command)
            self._seen.add(command)
            yield command
        self._rest = None


def guess_dice(state: GameState, area: int, pid: str) -> int:
    return sum(COMBAT_GUESS[u.kind] * u.count for u in state.areas[area].units_of(pid))


@dataclass
class Draft:
    """What the panel shows now."""

    step: int = -1
    area: int = -1
    sub: str = ""  # "", "summon", "awaken", "battle", "watcher", "move"
    enemy: str = ""
    pending: list[c.MoveGroup] = field(default_factory=list)
    picks: dict[tuple[str, str], int] = field(default_factory=dict)  # (kind, name) -> count moving
    numbers: dict[str, int] = field(default_factory=dict)  # the steppers' values
    unit: int = 0  # which of the summonable units (see summonable)
    armed_pass: bool = False
    page: int = 0
    outsider: str = ""  # a player not prompted whose out-of-turn commands are in view (entry.out_of_turn)
    reveal: str = ""  # the player choosing which hidden Elder Sign to reveal (behind a hold-to-peek)
    group: str = ""  # a command type whose many choices are in view (a list's group, by its tag)
    group_area: str = ""  # and of those, the ones naming this area
    units_page: int = -1  # the Move composer's page of stacks (-1: the page of the first one picked)


class TurnPanel:
    """The action turn's chooser, drawn into a rectangle the owning scene gives it."""

    def __init__(self, metrics: Metrics, labels: tuple[int, int, int] = LABEL_SIZES, step: float = LINE_STEP) -> None:
        self.metrics = metrics
        self.labels, self.step = labels, step  # its buttons' label sizes (at unit 1) and line step
        self.draft = Draft()
        # Worked out once per state, kept with the state itself (not its id: a state let go may
        # leave its id to the next one).
        self._options: tuple[GameState | None, list[int]] = (None, [])
        self._choices: tuple[GameState | None, dict[int, list[tuple[str, Any]]]] = (None, {})
        self._listed: Listed | None = None
        self._reach: tuple[GameState | None, dict[int, dict[str, frozenset[int]]]] = (None, {})
        # Areas the owning screen cannot show (the map's, under this panel): the Move's list names
        # them first, since no tap elsewhere reaches them.
        self.out_of_sight: frozenset[int] = frozenset()

    # -- state -----------------------------------------------------------------------------------

    def active(self, state: GameState) -> bool:
        return state.prompt.kind is PromptKind.ACTION

    def sync(self, state: GameState) -> None:
        """Forget a draft the game has moved past."""
        if state.step != self.draft.step:
            self.draft = Draft(step=state.step)

    def focus(self, state: GameState, area: int) -> None:
        """Show ``area``'s choices (the map's tap)."""
        self.sync(state)
        self.draft.area, self.draft.sub, self.draft.armed_pass, self.draft.units_page = area, "", False, -1
        self.draft.picks = self.default_picks(state, area)

    def default_picks(self, state: GameState, area: int, toward: int = -1) -> dict[tuple[str, str], int]:
        """One unit of the first stack picked; units brought ``toward`` an area: of the first
        stack that reaches it (a Shantak flies where the others cannot walk).  Only a stack with
        units left to pick (not all in a group of the Move being gathered) is picked."""
        stacks = state.areas[area].units_of(state.prompt.actor) if area >= 0 else ()
        reach = self.stack_reach(state, area) if area >= 0 else {}
        left = [self.units_left(state, area, (s.kind.value, s.name)) for s in stacks]
        if toward >= 0:
            first = next((n for n, s in enumerate(stacks) if left[n] and toward in reach.get(s.name, ())), 0)
        else:  # the first stack that may move at all (a Filth never moves)
            movable = (
                n
                for n, s in enumerate(stacks)
                if left[n] and any(self.walks(state, area, to, s.kind, s.name) for to in reach.get(s.name, ()))
            )
            first = next(movable, 0)
        return {(s.kind.value, s.name): (1 if n == first and left[n] else 0) for n, s in enumerate(stacks)}

    def handle(self, state: GameState, intent: Local) -> None:
        """A panel-only tap."""
        self.sync(state)
        d, what, arg = self.draft, intent.what, intent.arg
        d.armed_pass = what == "arm_pass"
        if what in _NEW_VIEW:  # a list shown anew starts at its first page
            d.page = 0
        if what == "outsider":  # a player's own control: their out-of-turn commands, or closed again
            d.outsider, d.reveal = ("" if d.outsider == arg else arg), ""
        elif what == "reveal":  # the neutral "Reveal an Elder Sign": the holder's picker, or closed
            d.reveal = "" if d.reveal == arg else arg
        elif what == "group":  # a list's many choices of one type, a step further (or back out)
            d.group, d.group_area = arg, ""
        elif what == "group_area":
            d.group_area = arg
        elif what == "area":
            d.outsider = ""
            self.focus(state, arg)
            if d.pending and self.movable(state, arg) and any(d.picks.values()):  # gathering a Move: its units at once
                d.sub = "move"
                self.defaults(state, "move")
        elif what == "back" and d.outsider:
            d.outsider = ""
        elif what == "back":
            d.area, d.sub = (-1, "") if not d.sub else (d.area, "")
        elif what in ("summon", "awaken", "watcher", "move"):
            d.sub, d.units_page = what, -1
            self.defaults(state, what)
        elif what == "battle":
            d.sub, d.enemy = "battle", arg
            d.numbers = {"yours": guess_dice(state, d.area, state.prompt.actor), "theirs": guess_dice(state, d.area, arg)}
        elif what == "bring":  # units from a neighbour to the area in view
            to, d.area, d.sub, d.units_page = d.area, arg, "move", -1
            d.picks = self.default_picks(state, arg, toward=to)
            d.numbers = {"toward": to}
        elif what == "step":
            key, delta = arg
            if isinstance(key, tuple):
                limit = self.stack_count(state, key)
                d.picks[key] = max(0, min(limit, d.picks.get(key, 0) + delta))
            else:
                d.numbers[key] = max(0, min(MAX_STEP, d.numbers.get(key, 0) + delta))
        elif what == "only":  # a stack's name: one of it, and none of the others
            d.picks = {key: (1 if key == arg and self.stack_count(state, key) else 0) for key in d.picks}
        elif what == "kind":
            d.unit = (d.unit + 1) % len(summonable(state.player(state.prompt.actor).faction))
        elif what == "add":  # this area's picked units go to ``arg``; more groups may follow
            d.pending += self.groups_to(state, arg)
            d.area, d.sub = -1, ""
        elif what == "drop":
            d.pending = []
        elif what == "page":
            d.page += 1
        elif what == "units_page":
            d.units_page = arg

    def defaults(self, state: GameState, what: str) -> None:
        d, player = self.draft, state.player(state.prompt.actor)
        if what == "summon":
            d.numbers = {"cost": SUMMON_COST}
        elif what == "awaken":
            d.numbers = {"cost": FIRST_GOO.get(player.faction, ("", 6))[1]}
        elif what == "watcher":
            d.numbers = {"yours": guess_dice(state, d.area, player.pid)}
        elif what == "move":
            d.numbers = {}

    def stack_count(self, state: GameState, key: tuple[str, str]) -> int:
        """How many units of stack ``key`` (kind, name) in the area in view the composer may pick:
        those not yet in a group of the Move being gathered (no unit moves twice in one Move)."""
        return self.units_left(state, self.draft.area, key)

    def units_left(self, state: GameState, area: int, key: tuple[str, str]) -> int:
        """Units of stack ``key`` in ``area`` that no group of the Move being gathered takes yet."""
        here = sum(s.count for s in state.areas[area].units_of(state.prompt.actor) if (s.kind.value, s.name) == key)
        name = state.area_name(area)
        taken = sum(g.count for g in self.draft.pending if g.area == name and (g.kind.value, g.name) == key)
        return max(0, here - taken)

    def groups_to(self, state: GameState, to: int) -> list[c.MoveGroup]:
        d = self.draft
        name = state.area_name(d.area)
        return [
            c.MoveGroup(name, state.area_name(to), UnitKind(kind), unit, count)
            for (kind, unit), count in d.picks.items()
            if count > 0
        ]

    def move_command(self, state: GameState, extra: list[c.MoveGroup]) -> Command:
        """The gathered Move; crossing eradicated areas loses the first group's unit (Shaggai)."""
        groups = tuple(self.draft.pending + extra)
        move = c.Move(state.prompt.actor, groups=groups)
        result = apply(state, move)
        if isinstance(result, Rejected) and result.code is Code.SACRIFICE_REQUIRED and groups:
            first = groups[0]
            move = c.Move(state.prompt.actor, groups=groups, sacrifice=c.UnitRef(first.area, first.kind, first.name))
        return move

    # -- what is legal where -----------------------------------------------------------------

    def options(self, state: GameState) -> list[int]:
        """The areas the player to act can do something in with its own units (or, having none,
        recruit in): only what the engine takes.  An area's whole list is :meth:`choices`;
        other areas (units brought in from a neighbour) open from the map.

        Only whether an area has a choice matters here, and the engine's list settles it: a
        command it names that the area's list would offer.  It is asked by area (the list read
        from its start made an area wait for every command named in the areas before it): an
        area where it names a plain Recruit has a choice (its list offers "Recruit" first;
        :func:`recruit_areas`, which settles every area in most turns), then the list's own
        part for each area left (:func:`area_actions`, read until it names what the area
        offers).  The whole list then settles what those left (the abilities' commands name
        areas too), and an area still unsettled has its own offers asked, until the first
        (:meth:`offers`), as before."""
        if self._options[0] is not state:
            pid = state.prompt.actor
            mine = [i for i, a in enumerate(state.areas) if a.count(owner=pid)] or list(range(len(state.areas)))
            settled = set(recruit_areas(state))
            for i in mine:
                if i not in settled and any(self.offered(state, i, command, pid) for command in area_actions(state, i)):
                    settled.add(i)
            rest = [i for i in mine if i not in settled]
            if rest:
                settled |= self.settled_by_list(state, rest)
            found = [i for i in mine if i in settled or any(not _bring(item[1]) for item in self.offers(state, i))]
            self._options = (state, found)
        return self._options[1]

    def settled_by_list(self, state: GameState, areas: list[int]) -> set[int]:
        """Which of ``areas`` the engine's list shows to have a choice the area's own list offers
        (read until all of them do, or to its end)."""
        pid, names = state.prompt.actor, {state.area_name(i): i for i in areas}
        settled: set[int] = set()
        for command in self.known(state).each():
            i = names.get(getattr(command, "area", None) or "", -1)
            if i < 0 and isinstance(command, c.Move) and len(command.groups) == 1:
                i = names.get(command.groups[0].area, -1)
            if i >= 0 and i not in settled and self.offered(state, i, command, pid):
                settled.add(i)
                if len(settled) == len(areas):
                    break
        return settled

    def offered(self, state: GameState, i: int, command: Command, pid: str) -> bool:
        """Whether area ``i``'s list (:meth:`offers`) offers ``command`` of the engine's list:
        the very command it checks, or one it takes from the list as it is."""
        name, area = state.area_name(i), state.areas[i]
        if isinstance(command, c.Recruit) and command.unit:
            return command == _priest(pid, name)
        if isinstance(command, (c.Recruit, c.BuildGate, c.ControlGate)):
            return command == type(command)(pid, name)
        if isinstance(command, c.Summon):
            return True  # every listed summon in the area is offered
        if isinstance(command, c.BattleAction):
            return command.defender in set(area.owners) - {pid, *UNTOUCHABLE}
        if isinstance(command, c.Move) and ERADICATED not in area.markers:
            stacks = area.units_of(pid)
            group = command.groups[0]
            to = state.board.area_index(group.to)
            if not stacks or to is None or ERADICATED in state.areas[to].markers:
                return False
            walk = c.MoveGroup(name, group.to, stacks[0].kind, stacks[0].name)
            # The engine's reach (an engine walk per stack) is asked last: only of the one Move
            # this area's list would offer, not of every one-unit Move the list names.
            return command == c.Move(pid, groups=(walk,)) and to in self.reach(state, i)
        return False

    def choices(self, state: GameState, i: int) -> list[tuple[str, Any]]:
        """Area ``i``'s choices now (worked out once per state)."""
        if self._choices[0] is not state:
            self._choices = (state, {})
        if i not in self._choices[1]:
            self._choices[1][i] = self.area_choices(state, i)
        return self._choices[1][i]

    def listed(self, state: GameState) -> list[Command]:
        """The engine's own list of legal commands now (summons and battles at computed costs
        and dice), once per state."""
        return self.known(state).all()

    def known(self, state: GameState) -> Listed:
        """The engine's list for ``state``, kept with the state itself (read lazily)."""
        if self._listed is None or self._listed.state is not state:
            self._listed = Listed(state)
        return self._listed

    def legal(self, state: GameState, command: Command) -> bool:
        """Whether the engine takes ``command`` now: named in its list, or else asked."""
        return self.known(state).has(command) or legal(state, command)

    def area_choices(self, state: GameState, i: int) -> list[tuple[str, Any]]:
        return list(self.offers(state, i))

    def offers(self, state: GameState, i: int) -> Iterator[tuple[str, Any]]:
        """Area ``i``'s choices one by one, each checked against the engine as it comes."""
        pid, name, area = state.prompt.actor, state.area_name(i), state.areas[i]
        player = state.player(pid)
        if self.legal(state, c.Recruit(pid, name)):
            yield (_("Recruit (1)"), Submit(c.Recruit(pid, name)))
        if state.options.high_priests and self.legal(state, _priest(pid, name)):
            yield (_("Recruit High Priest (3)"), Submit(_priest(pid, name)))
        if self.legal(state, c.BuildGate(pid, name)):
            cheap = neutral_spellbooks.gate_cost(state, pid) == neutral_spellbooks.UMR_GATE_COST  # Umr at-Tawil
            yield (_("Build a gate (2)") if cheap else _("Build a gate (3)"), Submit(c.BuildGate(pid, name)))
        if self.legal(state, c.ControlGate(pid, name)):
            yield (_("Control the gate"), Submit(c.ControlGate(pid, name)))
        gate = area.gate
        mine = gate is not None and gate.controller == pid
        listed = [cmd for cmd in self.listed(state) if getattr(cmd, "area", "") == name]
        summons = [cmd for cmd in listed if isinstance(cmd, c.Summon)]
        for summon in summons:  # the roster's units at the cost the referee computes
            yield (_("Summon {unit}").format(unit=summon.name), Submit(summon))
        if mine and not summons and self.legal(state, c.Summon(pid, name, UnitKind.MONSTER.default_name, 1)):
            yield (_("Summon..."), Local("summon"))  # a faction the referee has no roster for
        known = [u.name for u in UNITS.get(player.faction, ()) if u.kind is UnitKind.GOO]
        # The engine's own awakenings first: they name the cultists an awakening eliminates
        # (Shub-Niggurath's two), which a bare Awaken would be refused for when they stand apart.
        awakenings = [cmd for cmd in listed if isinstance(cmd, c.Awaken)] or [
            c.Awaken(pid, name, goo) for goo in known if self.legal(state, c.Awaken(pid, name, goo))
        ]
        for awaken in awakenings:  # where and at what cost the faction's rules say
            yield (_("Awaken {unit}").format(unit=awaken.name), Submit(awaken))
        goo = FIRST_GOO.get(player.faction, (UnitKind.GOO.default_name, 6))[0]
        if mine and not known and self.legal(state, c.Awaken(pid, name, goo, 1)):
            yield (_("Awaken {unit}...").format(unit=goo), Local("awaken"))  # no rules known: the cost by hand
        battles = {cmd.defender: cmd for cmd in listed if isinstance(cmd, c.BattleAction)}
        captures = list(capture_offers(state, pid, i))
        for enemy in sorted(set(area.owners) - {pid, *UNTOUCHABLE}):
            who = _("Neutral") if enemy == NEUTRAL else state.player(enemy).label
            if enemy in battles:  # both sides' dice computed by the referee, the battle resolved whole
                yield (_("Battle {player}").format(player=who), Submit(battles[enemy]))
            elif self.legal(state, c.BattleAction(pid, name, enemy, 0, 0)):
                yield (_("Battle {player}...").format(player=who), Local("battle", enemy))  # the dice by hand
            # The engine's captures name each cultist the victim may give up (one per name there).
            for capture in (cmd for cmd in captures if cmd.victim == enemy and self.legal(state, cmd)):
                yield (_("Capture {unit} of {player} (1)").format(unit=capture.unit, player=who), Submit(capture))
        w = state.watcher
        if w is not None and w.awake and w.area == i and self.legal(state, BattleWatcher(pid, 1)):
            yield (_("Battle the Watcher..."), Local("watcher"))
        # Every other command the engine lists naming this area (a faction's ability: Avatar,
        # Fertility Cult, Ice Age, Zingaya ...): a button each, words from the command itself, so
        # a rule added to the engine is offered here with no list of ours (companion/ui/entry.py).
        yield from self.generic(state, i, listed)
        if ERADICATED not in area.markers:
            if self.movable(state, i):
                yield (_("Move units from here..."), Local("move"))
            for j in sorted(self.reached_from(state, i), key=state.area_name):
                if self.can_walk(state, j, i):
                    yield (_("Bring units from {area}").format(area=state.area_name(j)), Local("bring", j))

    def generic(self, state: GameState, i: int, listed: list[Command]) -> Iterator[tuple[str, Any]]:
        """Area ``i``'s listed commands that no composer of the panel enters (the core actions'
        composers above: recruit, build, control, summon, awaken, battle, capture; Moves by the
        Move composer), one button each."""
        for command in listed:
            if not isinstance(command, COMPOSED) and area_of(command) == state.area_name(i):
                yield (label(command), Submit(command))

    def unplaced(self, state: GameState) -> list[Command]:
        """The listed commands that name no area (Desecrate, Give Doom, Ghroth, a Spellbook's
        payment ...): offered beside the list of areas.  A Move naming no group (the Astral
        Acolyte's) is one of them."""
        return [cmd for cmd in self.listed(state) if not isinstance(cmd, c.Pass) and not area_of(cmd)]

    def movable(self, state: GameState, i: int) -> bool:
        """Whether a unit of the player to act in area ``i`` may move now (the engine asked)."""
        if ERADICATED in state.areas[i].markers or not state.areas[i].units_of(state.prompt.actor):
            return False
        return any(self.can_walk(state, i, to) for to in self.reach(state, i))

    def reach(self, state: GameState, frm: int) -> frozenset[int]:
        """Where the player to act may move units from area ``frm``: the engine's own answer (the
        neighbours, two areas away with Flight, anywhere but the Moon for a Shantak), so the Move
        offers what the engine takes; the union over the stacks there."""
        return frozenset().union(*self.stack_reach(state, frm).values())

    def stack_reach(self, state: GameState, frm: int) -> dict[str, frozenset[int]]:
        """Where each of the player's stacks in area ``frm`` may move, by the stack's name (the
        engine's :func:`destinations`, which a unit's name may widen: Horror Steed).  Worked
        out once per state and area (every area's "Bring units" asks of every other)."""
        if self._reach[0] is not state:
            self._reach = (state, {})
        known = self._reach[1]
        if frm not in known:
            pid = state.prompt.actor
            stacks = state.areas[frm].units_of(pid)
            # Each stack's own (the area's reach without a name is asked only with no stacks:
            # an engine walk saved per area, on a tap's way to the screen).
            known[frm] = (
                {s.name: destinations(state, pid, frm, s.name) for s in stacks} if stacks else {"": destinations(state, pid, frm)}
            )
        return known[frm]

    def picked_reach(self, state: GameState) -> frozenset[int]:
        """Where every stack picked in the area in view may move (all of them go to one area);
        with none picked, where any may."""
        per = self.stack_reach(state, self.draft.area)
        picked = [per.get(name, frozenset()) for (_, name), count in self.draft.picks.items() if count > 0]
        return frozenset.intersection(*picked) if picked else self.reach(state, self.draft.area)

    def reached_from(self, state: GameState, to: int) -> list[int]:
        """The areas holding units of the player to act from which a Move reaches area ``to``."""
        pid = state.prompt.actor
        return [j for j, area in enumerate(state.areas) if j != to and area.units_of(pid) and to in self.reach(state, j)]

    def can_walk(self, state: GameState, frm: int, to: int) -> bool:
        """Whether one unit of a stack in ``frm`` that reaches ``to`` may move there now (each
        such stack asked of the engine until one may: a Filth before a Gug never moves)."""
        stacks = state.areas[frm].units_of(state.prompt.actor)
        if not stacks or ERADICATED in state.areas[to].markers:
            return False
        per = self.stack_reach(state, frm)
        reaching = [s for s in stacks if to in per.get(s.name, ())] or [stacks[0]]
        return any(self.walks(state, frm, to, s.kind, s.name) for s in reaching)

    def walks(self, state: GameState, frm: int, to: int, kind: UnitKind, name: str) -> bool:
        """Whether one unit of stack ``name`` in ``frm`` may move to ``to`` now (the engine asked)."""
        group = c.MoveGroup(state.area_name(frm), state.area_name(to), kind, name)
        return self.legal(state, c.Move(state.prompt.actor, groups=(group,)))

    # -- buttons -----------------------------------------------------------------------------

    def title(self, state: GameState, short: bool = False) -> str:
        """What the panel asks; ``short`` for a narrow panel (the name of the area alone)."""
        d, who = self.draft, state.player(state.prompt.actor).label
        if d.area < 0:
            return _("{player}: tap an area to act there").format(player=who)
        where = state.area_name(d.area)
        titles = {
            "": "{area}" if short else _("{area}: what {player} can do here"),
            "summon": _("Summon in {area}"),
            "awaken": _("Awaken in {area}"),
            "battle": _("Battle in {area}"),
            "watcher": _("Battle the Watcher in {area}"),
            "move": _("Move from {area}") if short else _("Move from {area}: pick units, then where"),
        }
        return titles[d.sub].format(area=where, player=who)

    def pending_text(self, state: GameState) -> str:
        parts = [f"{g.count} {g.name or g.kind.default_name} {g.area} -> {g.to}" for g in self.draft.pending]
        return _("Move so far: {moves}").format(moves="; ".join(parts)) if parts else ""

    def buttons(self, state: GameState, rect: pygame.Rect, extra: list[tuple[str, Any]] | None = None) -> list[Button]:
        """The panel's buttons inside ``rect`` (rows of fingertip buttons, filling it); ``extra``
        items join an area's own choices (the map's "Correct this area")."""
        self.sync(state)
        d = self.draft
        if d.area < 0:
            items = self.area_list(state)
        elif d.sub == "":
            items = [*self.choices(state, d.area), *(extra or []), (_("Back"), Local("back"))]
        elif d.sub == "move":
            return self.labelled(self.move_buttons(state, rect))
        else:
            return self.labelled(self.composer(state, rect))
        return self.place(items, rect)

    def labelled(self, buttons: list[Button]) -> list[Button]:
        """``buttons`` with this panel's label sizes and line step."""
        for button in buttons:
            button.labels, button.step = self.labels, self.step
        return buttons

    def area_list(self, state: GameState) -> list[tuple[str, Any]]:
        d, pid = self.draft, state.prompt.actor
        items: list[tuple[str, Any]] = [(state.area_name(i), Local("area", i)) for i in self.options(state)]
        if d.pending:
            move = self.move_command(state, [])
            cost = sum(g.count for g in d.pending)
            # The Move first; dropping it after the areas (they stay on the first page).
            items = [(_("Move now ({cost})").format(cost=cost), Submit(move)), *items, (_("Drop the move"), Local("drop"))]
        # The commands that belong to no area (a faction's Desecrate, Give Doom; a neutral
        # Spellbook's Undimensioned): offered beside the areas, as listed.
        items += [(label(cmd), Submit(cmd)) for cmd in self.unplaced(state)]
        if d.armed_pass:
            items.append((_("Tap again to pass"), Submit(c.Pass(pid))))
        else:
            items.append((_("Pass..."), Local("arm_pass")))
        return items

    def place(self, items: list[tuple[str, Any]], rect: pygame.Rect, columns: int = 0) -> list[Button]:
        """Items as buttons filling ``rect``; when they cannot all fit, full pages with "More".
        A label that needs three lines (an area's long name in a narrow button) makes the rows
        that much taller, so no choice is cut; the pages then hold fewer rows."""
        m = self.metrics
        if not columns:  # as many columns as the labels' room asks, or one more where that shows more a page
            columns = max(1, min(4, rect.width // m.px(COLUMN_ROOM * self.labels[0])))
            _width, _height, rows = self.cells(items, rect, columns)
            if self.labels != LABEL_SIZES and columns < 4 and rows * columns < len(items):  # (the table's larger labels)
                more = self.cells([*items, (_("More ({page}/{pages})").format(page=1, pages=9), None)], rect, columns + 1)
                if more[1] and more[2] * (columns + 1) > rows * columns:  # (every label whole)
                    columns = columns + 1
        width = cell_width(rect, columns, m)
        height = min(
            rect.height, max([m.touch, *(button_height(words, width, m, self.labels, self.step) for words, _intent in items)])
        )
        rows = max(1, (rect.height + m.margin) // (height + m.margin))
        if rows * columns < 2 < len(items) + 1:  # room for one: two side by side, a page and its "More"
            columns, width = 2, cell_width(rect, 2, m)
        room = rows * columns
        if len(items) > room:
            per = room - 1
            pages = -(-len(items) // per)
            page = self.draft.page % pages
            items = [
                *items[page * per : (page + 1) * per],
                (_("More ({page}/{pages})").format(page=page + 1, pages=pages), Local("page")),
            ]
        rects = grid(rect, len(items), columns, m, height)
        return self.labelled([self.button(r, words, intent) for r, (words, intent) in zip(rects, items, strict=False)])

    def cells(self, items: list[tuple[str, Any]], rect: pygame.Rect, columns: int) -> tuple[int, int, int]:
        """(width, height, rows) of ``items``' buttons in ``columns`` across ``rect``: as tall as
        the tallest label needs (height 0: a label that no height shows whole)."""
        m = self.metrics
        width = cell_width(rect, columns, m)
        needs = [button_height(words, width, m, self.labels, self.step) for words, _intent in items]
        height = min(rect.height, max([m.touch, *needs]))
        rows = max(1, (rect.height + m.margin) // (height + m.margin))
        return width, 0 if 0 in needs else height, rows

    def button(self, rect: pygame.Rect, words: str, intent: Any) -> Button:
        colour = PANEL
        if isinstance(intent, Submit):
            colour = WARN if isinstance(intent.command, c.Pass) else ACCENT
        elif isinstance(intent, Local) and intent.what in ("back", "drop", "arm_pass"):
            colour = PANEL
        else:
            colour = (58, 52, 76)
        return Button(rect, words, intent, colour)

    def stepper(
        self, rect: pygame.Rect, words: str, value: int, key: Any, only: bool = False, enabled: bool = True
    ) -> list[Button]:
        """A row: a label, then [-] value [+] (the label is a disabled button: it takes no tap;
        ``only``: a stack's name, whose tap picks one of it and none of the others; not
        ``enabled``: nothing left to pick, the whole row dimmed and taking no tap)."""
        m = self.metrics
        side = m.touch
        minus = pygame.Rect(rect.right - 3 * side - 2 * m.margin, rect.y, side, side)
        show = pygame.Rect(minus.right + m.margin, rect.y, side, side)
        plus = pygame.Rect(show.right + m.margin, rect.y, side, side)
        name = pygame.Rect(rect.x, rect.y, minus.x - m.margin - rect.x, side)
        if only and enabled:
            label = Button(name, words, Local("only", key), STACK)
        else:
            label = Button(name, words, None, PANEL, enabled=False)
        return [
            label,
            Button(minus, "-", Local("step", (key, -1)), enabled=enabled),
            Button(show, str(value), None, PANEL, enabled=False),
            Button(plus, "+", Local("step", (key, +1)), enabled=enabled),
        ]

    def rows(self, rect: pygame.Rect) -> list[pygame.Rect]:
        m = self.metrics
        count = max(1, (rect.height + m.margin) // (m.touch + m.margin))
        return [pygame.Rect(rect.x, rect.y + n * (m.touch + m.margin), rect.width, m.touch) for n in range(count)]

    def composer(self, state: GameState, rect: pygame.Rect) -> list[Button]:
        """Summon, awaken, battle, the Watcher: steppers, then one button that does it."""
        d, pid = self.draft, state.prompt.actor
        name, player = state.area_name(d.area), state.player(pid)
        rows = self.rows(rect)
        out: list[Button] = []
        n = d.numbers
        if d.sub == "summon":
            units = summonable(player.faction)
            unit, kind = units[d.unit % len(units)]
            out += [self.button(rows[0], _("{unit} (tap for the next unit)").format(unit=unit), Local("kind"))]
            out += self.stepper(rows[1], _("Cost in Power"), n.get("cost", 0), "cost")
            command: Command = c.Summon(pid, name, unit, n.get("cost", 0), kind)
            words = _("Summon {unit} ({cost})").format(unit=unit, cost=n.get("cost", 0))
        elif d.sub == "awaken":
            goo = FIRST_GOO.get(player.faction, (UnitKind.GOO.default_name, 6))[0]
            out += self.stepper(rows[0], _("Cost in Power"), n.get("cost", 0), "cost")
            command = c.Awaken(pid, name, goo, n.get("cost", 0))
            words = _("Awaken {unit} ({cost})").format(unit=goo, cost=n.get("cost", 0))
        elif d.sub == "battle":
            who = _("Neutral") if d.enemy == NEUTRAL else state.player(d.enemy).label
            out += self.stepper(rows[0], _("{player}'s dice").format(player=player.label), n.get("yours", 0), "yours")
            out += self.stepper(rows[1], _("{player}'s dice").format(player=who), n.get("theirs", 0), "theirs")
            command = c.BattleAction(pid, name, d.enemy, n.get("yours", 0), n.get("theirs", 0))
            words = _("Declare the battle on {player} (1)").format(player=who)
        else:
            out += self.stepper(rows[0], _("{player}'s dice").format(player=player.label), n.get("yours", 0), "yours")
            command = BattleWatcher(pid, n.get("yours", 0))
            words = _("Battle the Watcher (1)")
        used = len({b.rect.y for b in out})
        last = rows[min(used, len(rows) - 1)]
        half = (last.width - self.metrics.margin) // 2
        go = pygame.Rect(last.x, last.y, half, last.height)
        back = pygame.Rect(go.right + self.metrics.margin, last.y, last.width - half - self.metrics.margin, last.height)
        ok = self.legal(state, command)
        out.append(Button(go, words if ok else _("Not possible now"), Submit(command), ACCENT, enabled=ok))
        out.append(self.button(back, _("Back"), Local("back")))
        return out

    def move_buttons(self, state: GameState, rect: pygame.Rect) -> list[Button]:
        """Units here with steppers (left; a stack's name picks one of it alone), the destinations
        (right), the neighbours first, in reading order: a destination's name moves now, its
        "+ group" adds the group and lets more areas join the same Move."""
        d, m = self.draft, self.metrics
        stacks = state.areas[d.area].units_of(state.prompt.actor)
        more_words = _("+ group")  # this group joins the Move; another area's units may follow
        small = m.px(self.labels[-1])
        plus_w = max(m.touch, max(width_of(word, small) for word in more_words.split()) + m.px(14))
        # Flight reaches many areas: no narrower than a name's room beside its "+ group", paged beyond.
        least = m.px(DESTINATION_MIN_WIDTH * self.labels[-1] / LABEL_SIZES[-1])  # larger labels need more room
        split = self.move_split(rect, len(stacks), least + plus_w + 2 * m.margin)
        left = pygame.Rect(rect.x, rect.y, split - (m.margin if split < rect.width else 0), rect.height)
        rows = self.rows(left)
        out: list[Button] = []
        in_view, more_units = self.stack_page(state, stacks, len(rows) if split < rect.width else len(rows) - 2)
        for row, stack in zip(rows, in_view, strict=False):
            key = (stack.kind.value, stack.name)
            free = self.stack_count(state, key)  # less those a group of this Move already takes
            words = f"{stack.name or stack.kind.default_name} ({free})"
            out += self.stepper(row, words, d.picks.get(key, 0), key, only=len(stacks) > 1, enabled=free > 0)
        if more_units is not None:
            out.append(self.button(rows[len(in_view)], *more_units))
        shown_rows = len(in_view) + (more_units is not None)
        if split < rect.width:
            right = pygame.Rect(left.right + m.margin, rect.y, rect.right - left.right - m.margin, rect.height)
        else:
            used = min(shown_rows, len(rows))
            right = pygame.Rect(
                rect.x, rect.y + used * (m.touch + m.margin), rect.width, rect.height - used * (m.touch + m.margin)
            )
        near = self.move_destinations(state)
        moving = sum(d.picks.values())
        items: list[tuple[str, Any]] = []
        for j in near:
            extra = self.groups_to(state, j)
            items.append((state.area_name(j), Submit(self.move_command(state, extra)) if moving else Local("noop")))
        plus_rows = self.rows(right)
        back_row = plus_rows[-1]
        dest_rows = plus_rows[:-1] or plus_rows
        if split < rect.width and shown_rows < len(rows):  # Back below the steppers: a destination more
            back_row, dest_rows = rows[-1], plus_rows
        fits = max(1, (right.width + m.margin) // (least + plus_w + 2 * m.margin))
        room = fits * len(dest_rows)
        shown = list(zip(items, near, strict=True))
        more: tuple[str, Any] | None = None
        beside_back = len(shown) > room < 2  # one destination's room: "More" shares Back's row
        if len(shown) > room:
            per = max(1, room - (not beside_back))
            pages = -(-len(shown) // per)
            page = self.draft.page % pages
            shown = shown[page * per : (page + 1) * per]
            more = (_("More ({page}/{pages})").format(page=page + 1, pages=pages), Local("page"))
        slots = len(shown) + (more is not None and not beside_back)
        columns = max(1, min(fits, -(-slots // len(dest_rows))))
        width = (right.width - (columns - 1) * m.margin) // columns
        for n, ((words, intent), j) in enumerate(shown):  # in reading order: along a row, then down
            row = dest_rows[n // columns]
            x = row.x + (n % columns) * (width + m.margin)
            go = pygame.Rect(x, row.y, width - plus_w - m.margin, row.height)
            add = pygame.Rect(go.right + m.margin, row.y, plus_w, row.height)
            out.append(Button(go, f"-> {words}", intent, ACCENT, enabled=moving > 0))
            out.append(Button(add, more_words, Local("add", j), enabled=moving > 0))
        if more is not None and beside_back:
            half = (back_row.width - m.margin) // 2
            out.append(self.button(pygame.Rect(back_row.x, back_row.y, half, back_row.height), *more))
            back_row = pygame.Rect(back_row.right - half, back_row.y, half, back_row.height)
        elif more is not None:
            n = len(shown)
            row = dest_rows[n // columns]
            x = row.x + (n % columns) * (width + m.margin)
            out.append(self.button(pygame.Rect(x, row.y, width, row.height), *more))
        out.append(self.button(back_row, _("Back"), Local("back")))
        return out

    def move_destinations(self, state: GameState) -> list[int]:
        """Where the units picked in the area in view may go (the Move composer's destinations,
        each asked of the engine for one unit of a stack reaching it): the area units are
        brought toward first, then those out of sight (:attr:`out_of_sight`), then the neighbours
        (Flight reaches many more), then by name."""
        d = self.draft
        toward = d.numbers.get("toward", -1)
        near = [j for j in self.picked_reach(state) if self.can_walk(state, d.area, j)]
        beside = set(state.board.adjacent[d.area])
        hidden = self.out_of_sight
        near.sort(key=lambda j: (j != toward, j not in hidden, j not in beside, state.area_name(j)))
        return near

    def stack_page(self, state: GameState, stacks: Any, room: int) -> tuple[list[Any], tuple[str, Any] | None]:
        """The stacks the Move composer shows in ``room`` rows, and its "More units" item when
        they do not all fit (pages of ``room - 1`` stacks; first the page of the first stack
        picked, so a unit picked for "Bring units" is in view)."""
        stacks, room = list(stacks), max(1, room)
        if len(stacks) <= room:
            return stacks, None
        per = max(1, room - 1)
        pages = -(-len(stacks) // per)
        page = self.draft.units_page
        if page < 0:
            picked = [n for n, s in enumerate(stacks) if self.draft.picks.get((s.kind.value, s.name), 0)]
            page = picked[0] // per if picked else 0
        page %= pages
        words = _("More units ({page}/{pages})").format(page=page + 1, pages=pages)
        return stacks[page * per : (page + 1) * per], (words, Local("units_page", (page + 1) % pages))

    def move_split(self, rect: pygame.Rect, stacks: int, cell: int) -> int:
        """Where the Move composer's stacks end and its destinations begin (px from the left;
        ``rect.width``: the destinations below the stacks): beside them on a wide panel, unless
        below them, across the width, shows more destinations a page (one stack, larger labels)."""
        m = self.metrics
        if rect.width < m.px(560):
            return rect.width
        half = rect.width // 2
        rows = len(self.rows(rect))
        beside = max(1, (rect.width - half + m.margin) // cell) * (rows - (stacks >= rows))
        below = max(1, (rect.width + m.margin) // cell) * (rows - min(stacks, rows) - 1)
        return rect.width if below > beside else half


def _priest(pid: str, area: str) -> c.Recruit:
    """The High Priest's recruit (the High Priests option), as the engine lists it."""
    return c.Recruit(pid, area, high_priests.COST, unit=high_priests.HIGH_PRIEST)
