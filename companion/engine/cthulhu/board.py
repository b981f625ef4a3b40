"""Board operations: adding, removing and moving units, and keeping gates consistent.

These functions refuse (raise :class:`Refusal`) rather than build an impossible board, and they
return the events that describe what changed.  The invariant they keep: a gate's controller
always has a unit in the gate's area; when the last one leaves, the gate is abandoned.
"""

from __future__ import annotations

from companion.engine.core import Code, Event, Refusal
from companion.engine.cthulhu.events import GateChanged, PowerSpent, UnitsMoved, UnitsPlaced, UnitsRemoved
from companion.engine.cthulhu.model import (
    ASTRAL_ACOLYTE,
    ERADICATED,
    MOON,
    YOG_SOTHOTH,
    AreaState,
    DieKind,
    GameState,
    Gate,
    Prompt,
    PromptKind,
    UnitKind,
    Units,
    new_area,
    new_units,
)
from companion.engine.values import evolve


def area_index(state: GameState, name: str) -> int:
    """The index of the area called ``name``; refuses with UNKNOWN_AREA."""
    index = state.board.area_index(name)
    if index is None:
        raise Refusal(Code.UNKNOWN_AREA, "There is no area called {name!r} on {board}.", name=name, board=state.board.title)
    return index


def unit_name(kind: UnitKind, name: str) -> str:
    return name or kind.default_name


def add_units(area: AreaState, owner: str, kind: UnitKind, name: str, count: int) -> AreaState:
    if not area.units:  # the usual retreat or move into an empty area: nothing to merge or sort
        return new_area(area.gate, (new_units(owner, kind, name, count),) if count > 0 else (), area.markers)
    key = (owner, kind, name)
    merged = _merged_in_order(area.units, key, count)
    if merged is not None:
        return new_area(area.gate, merged, area.markers)
    # The stacks that do not change are kept as they are (a retreat's or a move's roll path).
    stacks = {(u.owner, u.kind, u.name): u for u in area.units}
    have = stacks.get(key)
    stacks[key] = new_units(owner, kind, name, (0 if have is None else have.count) + count)
    return new_area(area.gate, tuple([u for _, u in sorted(stacks.items()) if u.count > 0]), area.markers)


def _merged_in_order(units: tuple[Units, ...], key: tuple[str, UnitKind, str], count: int) -> tuple[Units, ...] | None:
    """What :func:`add_units` makes of ``units`` (a stack ``key`` of ``count`` more, the stacks
    sorted by key, none empty) in one pass without a dict, a sort and two comprehensions, when
    ``units`` are in that order already (as every area the rules build is); None otherwise."""
    at, same = len(units), False  # where key's stack goes; whether it is there already
    before = None  # the previous stack's key
    for i, u in enumerate(units):
        here = (u.owner, u.kind, u.name)
        if u.count <= 0 or (before is not None and not before < here):
            return None  # an empty stack, or out of order (set by hand): the general way
        if at == len(units) and not here < key:
            at, same = i, here == key
        before = here
    total = (units[at].count if same else 0) + count
    stack = (new_units(key[0], key[1], key[2], total),) if total > 0 else ()
    return (*units[:at], *stack, *units[at + 1 if same else at :])


def remove_units(area: AreaState, owner: str, kind: UnitKind, name: str, count: int, where: str) -> AreaState:
    stacks = {u.key: u.count for u in area.units}
    key = (owner, kind, name)
    have = stacks.get(key, 0)
    if count < 1 or have < count:
        raise Refusal(
            Code.NO_SUCH_UNITS,
            "{where} has {have} {name} of {owner}, not {count}.",
            where=where,
            have=have,
            name=name,
            owner=owner,
            count=count,
        )
    stacks[key] = have - count
    return AreaState(area.gate, _stacks(stacks), area.markers)


def _stacks(stacks: dict[tuple[str, UnitKind, str], int]) -> tuple[Units, ...]:
    return tuple([Units(o, k, n, c) for (o, k, n), c in sorted(stacks.items()) if c > 0])


def place(
    state: GameState, index: int, owner: str, kind: UnitKind, name: str, count: int, reason: str
) -> tuple[GameState, list[Event]]:
    """Put ``count`` units in area ``index``; refuses on an eradicated area."""
    refuse_eradicated(state, index)
    area = add_units(state.areas[index], owner, kind, name, count)
    event = UnitsPlaced(owner, state.area_name(index), kind.value, name, count, reason)
    return state.with_area(index, area), [event]


def remove(
    state: GameState, index: int, owner: str, kind: UnitKind, name: str, count: int, reason: str
) -> tuple[GameState, list[Event]]:
    """Take ``count`` units out of area ``index``; abandons a gate its controller left."""
    where = state.area_name(index)
    area = remove_units(state.areas[index], owner, kind, name, count, where)
    state = state.with_area(index, area)
    events: list[Event] = [UnitsRemoved(owner, where, kind.value, name, count, reason)]
    state, more = settle_gate(state, index)
    return state, events + more


def move(
    state: GameState, source: int, to: int, owner: str, kind: UnitKind, name: str, count: int
) -> tuple[GameState, list[Event]]:
    """Move units between two areas (adjacency is the caller's rule to check)."""
    refuse_eradicated(state, to)
    where = state.area_name(source)
    state = state.with_area(source, remove_units(state.areas[source], owner, kind, name, count, where))
    state = state.with_area(to, add_units(state.areas[to], owner, kind, name, count))
    events: list[Event] = [UnitsMoved(owner, where, state.area_name(to), kind.value, name, count)]
    state, more = settle_gate(state, source)
    return state, events + more


def settle_gate(state: GameState, index: int) -> tuple[GameState, list[Event]]:
    """Abandon the gate in ``index`` if its controller has no unit left there."""
    if settled(state.areas[index]) is None:
        return state, []
    areas = list(state.areas)
    events = settle_gate_in(areas, index, state.area_name(index))
    return (evolve(state, areas=tuple(areas)) if events else state), events


def settle_gate_in(areas: list[AreaState], index: int, name: str) -> list[Event]:
    """:func:`settle_gate` on a list of areas changed in place (a battle's working copy, written
    back once): the gate of area ``index`` (called ``name``) abandoned if its controller has no
    unit left there; the event, or none."""
    area = settled(areas[index])
    if area is None or name == MOON:  # Bubastis' Moon is its gate for good (factions.md section 9)
        return []
    areas[index] = area
    return [GateChanged(name, "abandoned", "its controller left")]


def settled(area: AreaState) -> AreaState | None:
    """``area`` with its gate abandoned when its controller has no unit left there; None when
    nothing changes."""
    gate = area.gate
    if gate is None or gate.controller is None or gate.acolyte:
        return None
    controller = gate.controller
    if any(u.owner == controller for u in area.units):
        return None
    return AreaState(Gate(None), area.units, area.markers)


def set_gate(state: GameState, index: int, gate: Gate | None, reason: str) -> tuple[GameState, list[Event]]:
    state = state.with_area(index, evolve(state.areas[index], gate=gate))
    return state, [GateChanged(state.area_name(index), gate_label(gate), reason)]


def gate_label(gate: Gate | None) -> str:
    """ "none", "abandoned", the controller's id, or "astral_acolyte" when the uncontrolled
    Astral Acolyte holds it."""
    if gate is None:
        return "none"
    return gate.controller or (ASTRAL_ACOLYTE if gate.acolyte else "abandoned")


def refuse_eradicated(state: GameState, index: int) -> None:
    if ERADICATED in state.areas[index].markers:
        raise Refusal(Code.ERADICATED, "{area} is eradicated: nothing may enter it.", area=state.area_name(index))


def crossing(state: GameState, source: int, to: int) -> bool | None:
    """How a unit gets from ``source`` to ``to``: False when they are adjacent, True when only
    across one or more eradicated areas (Shaggai), None when it cannot."""
    if state.board.are_adjacent(source, to):
        return False
    seen = {source}
    frontier = [n for n in state.board.adjacent[source] if ERADICATED in state.areas[n].markers]
    while frontier:
        area = frontier.pop()
        if area in seen:
            continue
        seen.add(area)
        if to in state.board.adjacent[area]:
            return True
        frontier += [n for n in state.board.adjacent[area] if ERADICATED in state.areas[n].markers and n not in seen]
    return None


def cosmic_gate(state: GameState, pid: str) -> bool:
    """``pid`` controls a gate in an area with a Worm (Shaggai's Cosmic Power); Yog-Sothoth
    "counts as a Gate" (shaggai-worms.txt), so his owner's Yog-Sothoth in a Worm's area does too."""
    if state.worms is None:
        return False
    for index, _ in state.worms.on_map:
        area = state.areas[index]
        if area.gate is not None and area.gate.controller == pid:
            return True
        if area.count(owner=pid, kind=UnitKind.GOO, name=YOG_SOTHOTH):
            return True
    return False


def controlled_gates(state: GameState, pid: str) -> int:
    """Gates ``pid`` controls; Yog-Sothoth counts as one (docs/rules-notes.md)."""
    return occupancy(state).gates.get(pid, 0)


class Occupancy:
    """What one board (a ``state.areas`` tuple) holds: the abilities' requirements ask these
    after every command, each of them for every player.  A memo's value: read it, never change it.

    ``owners``: per area, the factions with units there; ``spread``: faction -> areas where it
    has units; ``gates``: faction -> gates it controls (Yog-Sothoth counting as one);
    ``marked``: marker -> the areas carrying it, in board order; ``first``: (owner, unit name)
    -> the first area holding one (gathered on first use: few commands ask it, a Great Old One's
    area, and gathering it with the rest was about a third of the reading)."""

    __slots__ = ("_first", "areas", "gates", "marked", "owners", "spread")

    def __init__(
        self,
        areas: tuple[AreaState, ...],
        owners: tuple[frozenset[str], ...],
        spread: dict[str, int],
        gates: dict[str, int],
        marked: dict[str, tuple[int, ...]],
    ) -> None:
        self.areas, self.owners, self.spread, self.gates, self.marked = areas, owners, spread, gates, marked
        self._first: dict[tuple[str, str], int] | None = None

    @property
    def first(self) -> dict[tuple[str, str], int]:
        if self._first is None:
            self._first = _first_areas(self.areas)
        return self._first


def _first_areas(areas: tuple[AreaState, ...]) -> dict[tuple[str, str], int]:
    first: dict[tuple[str, str], int] = {}
    for i, area in enumerate(areas):
        for unit in area.units:
            first.setdefault((unit.owner, unit.name), i)
    return first


# The last board read and its occupancy.  A memo, not state: the value is a function of the
# areas tuple alone (frozen, kept in the entry and compared by identity, so a thread reading
# another's entry gets a right value or none); one entry, because the commands and hooks of one
# ``apply`` read one board after another and rarely go back.  Kept by measurement (issue 30,
# battle_bench under load 8 on 2 cores): without it the abilities-on resolving roll's apply took
# 104 us against 83 us (median), ~3% of the roll's 0.74 ms tower-to-table path, and a scripted
# game's command 117-139 us against 69-74 us.  The other memos (ocean gates, shared areas, the turn
# order) bought about 4 us of that roll, under 1% of the path: gone.
_LAST: list[Occupancy] = []
_NOBODY: frozenset[str] = frozenset()


def occupancy(state: GameState) -> Occupancy:
    """The :class:`Occupancy` of ``state``'s board, read once per board."""
    areas = state.areas
    last = _LAST[0] if _LAST else None
    if last is not None and last.areas is areas:
        return last
    owners: list[frozenset[str]] = []
    spread: dict[str, int] = {}
    gates: dict[str, int] = {}
    marked = False
    for area in areas:
        gate = area.gate
        if gate is not None and gate.controller is not None:
            gates[gate.controller] = gates.get(gate.controller, 0) + 1
        if area.markers:
            marked = True
        units = area.units
        if not units:
            owners.append(_NOBODY)
            continue
        for unit in units:
            if unit.name == YOG_SOTHOTH and unit.kind is UnitKind.GOO:
                gates[unit.owner] = gates.get(unit.owner, 0) + unit.count
        here = frozenset(u.owner for u in units)
        owners.append(here)
        for owner in here:
            spread[owner] = spread.get(owner, 0) + 1
    board = Occupancy(areas, tuple(owners), spread, gates, _markers(areas) if marked else {})
    _LAST[:] = [board]
    return board


def _markers(areas: tuple[AreaState, ...]) -> dict[str, tuple[int, ...]]:
    """Marker -> the indices of the areas carrying it, in board order (few boards have any)."""
    marked: dict[str, list[int]] = {}
    for i, area in enumerate(areas):
        for marker in area.markers:
            marked.setdefault(marker, []).append(i)
    return {m: tuple(where) for m, where in marked.items()}


def abandoned_gates(state: GameState) -> int:
    """Abandoned gates (a gate held by the uncontrolled Astral Acolyte is not abandoned)."""
    return sum(1 for a in state.areas if a.gate is not None and a.gate.abandoned)


def units_in_play(state: GameState, pid: str, kind: UnitKind | None = None) -> int:
    return sum(a.count(owner=pid, kind=kind) for a in state.areas)


# Bubastis' Bastet is an Elder God (factions.md section 9), not a faction Great Old One.
ELDER_GODS = frozenset({"Bastet"})


def faction_goos_in_play(state: GameState, pid: str) -> int:
    """``pid``'s faction Great Old Ones in play: on the map and in the Deep (factions.md: the
    off-map boxes are "in play but not on the map" and count for "GOO-in-play checks"); an Elder
    God is none. The Ritual's Elder Signs and Yog-Sothoth's combat count these."""
    on_map = sum(
        u.count for a in state.areas for u in a.units if u.owner == pid and u.kind is UnitKind.GOO and u.name not in ELDER_GODS
    )
    return on_map + in_the_deep(state, pid, UnitKind.GOO)


def in_the_deep(state: GameState, pid: str, kind: UnitKind) -> int:
    """``pid``'s units of ``kind`` Submerged with Cthulhu (in play, off the map)."""
    return sum(u.count for u in state.abilities.deep if u.owner == pid and u.kind is kind)


def pay(state: GameState, seat: int, cost: int, action: str, events: list[Event]) -> GameState:
    """Spend ``cost`` Power of seat ``seat`` for ``action`` (words for the refusal and the event).

    :raises Refusal: BAD_VALUE for a negative cost, CANNOT_AFFORD when the player has too little.
    """
    player = state.players[seat]
    if cost < 0:
        raise Refusal(Code.BAD_VALUE, "A cost cannot be negative.")
    if player.power < cost:
        raise Refusal(
            Code.CANNOT_AFFORD,
            "{player} has {power} Power; {action} costs {cost}.",
            player=player.label,
            power=player.power,
            action=action,
            cost=cost,
        )
    if cost == 0:
        return state
    state = state.with_player(seat, power=player.power - cost)
    events.append(PowerSpent(player.pid, cost, action, player.power - cost))
    return state


# -- dice --------------------------------------------------------------------------------------

KILL_FACE = 6
PAIN_FACES = (4, 5)


def roll_prompt(actor: str, dice: int, purpose: str, text: str, die: DieKind = DieKind.D6) -> Prompt:
    """The prompt that asks ``actor`` to roll ``dice`` dice for ``purpose``."""
    return Prompt(PromptKind.ROLL, actor, text, (), dice, die, purpose)


def kills_and_pains(values: tuple[int, ...]) -> tuple[int, int]:
    """Battle dice: 6 is a Kill, 4-5 a Pain, 1-3 a miss (section 3: Battle dice)."""
    return values.count(KILL_FACE), sum(map(values.count, PAIN_FACES))
