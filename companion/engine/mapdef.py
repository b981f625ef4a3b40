"""A Cthulhu Wars board as data: areas, adjacency, start areas and the marks expansions read.

A :class:`MapDef` travels inside the game's first command and state, so a journal replays the
same way even if the map file is later edited.  Reading and checking map *files* (TOML, with line
numbers) is done outside the engine in :mod:`companion.maps`; :func:`problems` here is the pure
part of that check, which the engine also runs when a game starts.
"""

from __future__ import annotations

from dataclasses import field
from enum import StrEnum

from companion.engine.names import PLACE_LIMIT, TITLE_LIMIT, name_problem, unprintable
from companion.engine.says import sentence
from companion.engine.values import dataclass


class MapStatus(StrEnum):
    """How far a map file can be trusted."""

    PRINTED = "printed"  # transcribed from a published board, sources in the file
    DEMO = "demo"  # an invented layout for demos and tests: NOT the printed board
    PARTIAL = "partial"  # only what is publicly known; not playable until an owner completes it
    TRANSCRIBED = "transcribed"  # an owner's transcription of their physical board


@dataclass(frozen=True, slots=True)
class AreaDef:
    """One area of a board.

    ``pyramid`` is the Watcher die number printed on a Green Pyramid area (Yuggoth), ``postern``
    marks the Watcher Postern, ``worm_start`` the Worm that Gnaws in the Night (Shaggai) and
    ``glacier`` a glacier glyph (Primeval Earth).
    """

    name: str
    ocean: bool = False
    glyph: str = ""
    neighbours: tuple[str, ...] = ()
    start: tuple[str, ...] = ()
    pyramid: int | None = None
    postern: bool = False
    worm_start: bool = False
    glacier: bool = False


@dataclass(frozen=True, slots=True)
class MapDef:
    """A whole board.  Area order is the board's order everywhere in the state."""

    name: str
    title: str
    status: MapStatus
    players: tuple[int, ...]
    areas: tuple[AreaDef, ...]
    source: str = ""
    worm_numbers: tuple[int, ...] = ()
    degradation_faces: tuple[int, ...] = ()
    index: dict[str, int] = field(init=False, compare=False, repr=False)
    adjacent: tuple[frozenset[int], ...] = field(init=False, compare=False, repr=False)
    ordered: tuple[tuple[int, ...], ...] = field(init=False, compare=False, repr=False)  # adjacent, sorted

    def __post_init__(self) -> None:
        index = {area.name: i for i, area in enumerate(self.areas)}
        adjacent = tuple(frozenset(index[n] for n in area.neighbours if n in index) for area in self.areas)
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "adjacent", adjacent)
        object.__setattr__(self, "ordered", tuple(tuple(sorted(a)) for a in adjacent))

    def area_index(self, name: str) -> int | None:
        return self.index.get(name)

    def neighbours(self, index: int) -> tuple[int, ...]:
        """The areas adjacent to area ``index``, in board order."""
        return self.ordered[index]

    def are_adjacent(self, a: int, b: int) -> bool:
        return b in self.adjacent[a]

    def start_areas(self, faction: str) -> tuple[int, ...]:
        return tuple(i for i, area in enumerate(self.areas) if faction in area.start)

    @property
    def pyramid_areas(self) -> tuple[int, ...]:
        return tuple(i for i, area in enumerate(self.areas) if area.pyramid is not None)

    @property
    def postern(self) -> int | None:
        return next((i for i, area in enumerate(self.areas) if area.postern), None)

    @property
    def worm_start(self) -> int | None:
        return next((i for i, area in enumerate(self.areas) if area.worm_start), None)

    @property
    def is_shaggai(self) -> bool:
        return self.worm_start is not None

    @property
    def is_primeval(self) -> bool:
        return any(area.glacier for area in self.areas)

    @property
    def is_yuggoth(self) -> bool:
        return bool(self.pyramid_areas)


def problems(board: MapDef) -> list[tuple[str, str]]:
    """Every structural problem of ``board`` as ``(area name or "", sentence)``; empty if sound."""
    found = _name_problems(board)
    seen: set[str] = set()
    for area in board.areas:
        if not area.name.strip():
            found.append(("", "an area has no name"))
        elif problem := name_problem(area.name, sentence("its name"), PLACE_LIMIT):
            found.append((area.name, problem.rstrip(".")))
        if area.name in seen:
            found.append((area.name, "this area name is used twice"))
        seen.add(area.name)
        found.extend(_area_problems(board, area))
    if board.status is not MapStatus.PARTIAL:
        found.extend(_playable_problems(board))
    return found


def _name_problems(board: MapDef) -> list[tuple[str, str]]:
    """The map's own name and title must be drawable (the new-game screen shows them)."""
    found: list[tuple[str, str]] = []
    for problem in (
        name_problem(board.name, sentence("the map's name"), PLACE_LIMIT),
        name_problem(board.title, sentence("the title"), TITLE_LIMIT),
    ):
        if problem:
            found.append(("", problem.rstrip(".")))
    return found


def _area_problems(board: MapDef, area: AreaDef) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for name in area.neighbours:
        if name == area.name:
            found.append((area.name, "lists itself as a neighbour"))
        elif name not in board.index:
            found.append((area.name, f"neighbour {name!r} is not an area of this map"))
        elif area.name not in board.areas[board.index[name]].neighbours:
            found.append((area.name, f"lists {name!r} as a neighbour but {name!r} does not list it back"))
    for text in (area.glyph, *area.start):
        if problem := unprintable(text, sentence("a glyph or start")):
            found.append((area.name, problem.rstrip(".")))
    if len(set(area.neighbours)) != len(area.neighbours):
        found.append((area.name, "lists a neighbour twice"))
    if area.pyramid is not None and not 1 <= area.pyramid <= 6:
        found.append((area.name, f"pyramid die number {area.pyramid} is not 1-6"))
    if area.postern and area.pyramid is None:
        found.append((area.name, "the Watcher Postern must be a Green Pyramid area (give it a pyramid number)"))
    return found


def _playable_problems(board: MapDef) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    if not board.areas:
        found.append(("", "the map has no areas"))
        return found
    if not board.players:
        found.append(("", "the map names no player counts"))
    for area in board.areas:
        if not area.neighbours:
            found.append((area.name, "has no neighbours"))
    if board.pyramid_areas and board.postern is None:
        found.append(("", "Green Pyramid areas are marked but no area is the Watcher Postern"))
    if sum(1 for a in board.areas if a.postern) > 1:
        found.append(("", "more than one area is marked as the Watcher Postern"))
    if sum(1 for a in board.areas if a.worm_start) > 1:
        found.append(("", "more than one area is marked as the Worm that Gnaws in the Night"))
    if board.is_shaggai and (not board.worm_numbers or not board.degradation_faces):
        found.append(("", "a Shaggai map needs worm_numbers and degradation_faces"))
    return found
