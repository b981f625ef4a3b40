"""Map files: the shipped boards (TOML beside this module) and the owner's own transcriptions.

The format is documented in ``docs/maps.md``.  The owner's maps are read from two folders (see
:mod:`companion.paths`): the config directory's ``maps/`` (placed by hand; read-only under the
service) and the saved-maps folder the screen's map builder writes (the service's state
directory, or ``~/.local/share/companion/maps``).  They appear beside the shipped maps and
replace a shipped map of the same name; a saved map replaces a hand-placed one.
:func:`check_text` names every problem with its line, so an owner transcribing a board from the
physical map can fix it quickly.  A broken file (not UTF-8, not TOML, values of the wrong type)
is listed as broken with its file and line and is never offered for play; nothing here raises
for what a file holds, so a broken map never stops a screen.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

from companion import paths
from companion.engine.codec import DecodeError, from_data
from companion.engine.mapdef import MapDef, MapStatus, problems
from companion.engine.says import quoted
from companion.engine.values import dataclass

SHIPPED_DIR = Path(__file__).parent
MAP_SUFFIX = ".toml"


class MapError(ValueError):
    """A map could not be found or is not usable; the message says what to do."""


@dataclass(frozen=True)
class Problem:
    line: int
    area: str
    message: str

    def __str__(self) -> str:
        where = f"line {self.line}" + (f", area {self.area!r}" if self.area else "")
        return f"{where}: {self.message}"


@dataclass(frozen=True)
class MapInfo:
    name: str
    title: str
    status: MapStatus
    path: Path
    shipped: bool
    problem: str = ""  # why the file cannot be played ("line 7: ..."); "" when it can

    @property
    def broken(self) -> bool:
        return bool(self.problem)

    @property
    def playable(self) -> bool:
        return not self.broken and self.status is not MapStatus.PARTIAL


def map_files() -> dict[str, Path]:
    """Every map file by name: shipped, then hand-placed, then saved (a later folder wins)."""
    found = {p.stem: p for p in sorted(SHIPPED_DIR.glob(f"*{MAP_SUFFIX}"))}
    for folder in (paths.maps_dir(), paths.saved_maps_dir()):
        try:
            found.update({p.stem: p for p in sorted(folder.glob(f"*{MAP_SUFFIX}")) if p.is_file()})
        except OSError:  # a folder that cannot be listed holds no maps we can offer
            continue
    return found


# What list_maps found in each file, by path and text: a file is parsed and checked once per
# process while it is unchanged (the service lists the maps at start and again for the new-game
# screen, and TOML parsing is most of that).
_LISTED: dict[tuple[Path, str], MapInfo] = {}
_LISTED_LIMIT = 256  # entries kept before the cache starts over (files edited again and again)


def list_maps() -> list[MapInfo]:
    """Every map the companion knows, readable or not: a broken file is listed with its problem
    (the first one, with its line) and is not playable.  Never raises for a file's contents."""
    infos = []
    for name, path in sorted(map_files().items()):
        shipped = path.parent == SHIPPED_DIR
        try:
            text = read_map_text(path)
        except MapError as exc:
            infos.append(MapInfo(name, "(cannot be read)", MapStatus.PARTIAL, path, shipped, str(exc)))
            continue
        info = _LISTED.get((path, text))
        if info is None:
            info = _map_info(name, path, shipped, text)
            if len(_LISTED) >= _LISTED_LIMIT:
                _LISTED.clear()
            _LISTED[(path, text)] = info
        infos.append(info)
    return infos


def _map_info(name: str, path: Path, shipped: bool, text: str) -> MapInfo:
    board, found = check_text(text)
    if board is None or found:
        problem = f"{path}: {found[0]}" if found else f"{path}: not a map"
        title = board.title if board is not None and board.title.isprintable() else "(broken)"
        return MapInfo(name, title, MapStatus.PARTIAL, path, shipped, problem)
    return MapInfo(name, board.title, board.status, path, shipped)


def read_map_text(path: Path) -> str:
    """A map file's text.

    :raises MapError: naming the file and, for bytes that are not UTF-8, the line they are on.
    """
    try:
        return paths.read_utf8(path)
    except OSError as exc:
        raise MapError(f"{path}: cannot be read ({exc.strerror}).") from None
    except paths.NotUtf8 as exc:
        raise MapError(str(exc)) from None


def load_map(name_or_path: str) -> MapDef:
    """Load a map by name (shipped or user) or by file path.

    :raises MapError: when it does not exist or has problems (all of them are listed).
    """
    path = Path(name_or_path)
    if not (path.suffix == MAP_SUFFIX and path.exists()):
        files = map_files()
        if name_or_path not in files:
            raise MapError(f"No map called {quoted(name_or_path)}. Known maps: {', '.join(sorted(files))}.")
        path = files[name_or_path]
    board, found = check_text(read_map_text(path))
    if found or board is None:
        lines = "\n".join(f"  {path}: {p}" for p in found)
        raise MapError(f"The map file {path} has problems:\n{lines}\nFix them and run `companion map check {path}`.")
    if board.status is MapStatus.PARTIAL:
        raise MapError(
            f"{board.title} holds only the public facts and cannot be played. "
            f"Transcribe your board: companion map new --like {board.name}"
        )
    return board


def check_text(text: str) -> tuple[MapDef | None, list[Problem]]:
    """Parse and check a map file's text: the map (if it could be built) and every problem.

    Never raises for what the text holds: a shape nothing expected (a list where a name should
    be, a table nested too deep) is one more problem.
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return None, [Problem(_toml_error_line(str(exc)), "", f"not valid TOML: {exc}")]
    except RecursionError:
        return None, [Problem(1, "", "not valid TOML: nested too deep to read")]
    lines = _area_lines(text)
    try:
        board = from_data(MapDef, _mapdef_data(data))
    except DecodeError as exc:
        return None, [_locate(exc.path, exc.problem, data, lines, text)]
    except (TypeError, ValueError, AttributeError, RecursionError) as exc:  # a shape the codec did not expect
        return None, [Problem(lines.get("", 1), "", f"values of the wrong type ({type(exc).__name__}: {exc})")]
    headers = [n for n, line in enumerate(text.splitlines(), start=1) if line.strip() == "[[area]]"]
    area_line = {name: line for name, line in lines.items()}
    for index, area in enumerate(board.areas):  # a name written with escapes: its [[area]] header
        if area.name not in area_line and index < len(headers):
            area_line[area.name] = headers[index]
    found = [Problem(area_line.get(area, lines.get("", 1)), area, message) for area, message in problems(board)]
    return board, found


def _mapdef_data(data: dict[str, Any]) -> dict[str, Any]:
    unknown = sorted(set(data) - {"map", "area"})
    if unknown:
        raise DecodeError(unknown[0], "is not a known section (use [map] and [[area]])")
    if not isinstance(data.get("map", {}), dict):
        raise DecodeError("map", "must be a table ([map])")
    header = dict(data.get("map", {}))
    header["areas"] = data.get("area", [])
    return header


def _area_lines(text: str) -> dict[str, int]:
    """Line of each area's ``[[area]]`` header by area name, and of ``[map]`` under ""."""
    lines: dict[str, int] = {}
    header = 1
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if stripped == "[map]":
            lines[""] = number
        elif stripped == "[[area]]":
            header = number
        else:
            match = re.match(r'name\s*=\s*"(.*)"', stripped)
            if match and header:
                lines.setdefault(match.group(1), header)
    return lines


def _locate(path: str, problem: str, data: dict[str, Any], lines: dict[str, int], text: str) -> Problem:
    match = re.match(r"areas\[(\d+)\]\.?(.*)", path)
    if match:
        areas = data.get("area", [])
        index = int(match.group(1))
        area = areas[index] if isinstance(areas, list) and index < len(areas) else {}
        name = area.get("name", "") if isinstance(area, dict) else ""
        name = name if isinstance(name, str) else ""  # a list where a name should be: say so by number
        field = match.group(2) or "area"
        headers = [n for n, line in enumerate(text.splitlines(), start=1) if line.strip() == "[[area]]"]
        line = lines.get(name) if name else None
        if line is None:
            line = headers[index] if index < len(headers) else 1
        return Problem(line, name, f"{'' if name else f'area #{index + 1}: '}{field} {problem}")
    return Problem(lines.get("", 1), "", f"{path} {problem}")


def _toml_error_line(message: str) -> int:
    match = re.search(r"line (\d+)", message)
    return int(match.group(1)) if match else 1


def template(like: str) -> str:
    """A commented file for an owner to transcribe their board, starting from map ``like``."""
    files = map_files()
    if like not in files:
        raise MapError(f"No map called {quoted(like)} to start from. Known maps: {', '.join(sorted(files))}.")
    text = read_map_text(files[like])
    text = re.sub(r'^status = ".*"$', f'status = "{MapStatus.TRANSCRIBED.value}"', text, count=1, flags=re.M)
    text = re.sub(r'^name = "(.*)"$', r'name = "my-\1"', text, count=1, flags=re.M)
    intro = (
        f"# Your transcription, started from the map {like!r}. Fill in what your physical board shows,\n"
        "# then check it with `companion map check FILE` and put it in "
        f"{paths.maps_dir()} to play on it.\n"
    )
    return intro + text


def to_toml(board: MapDef, header: str = "") -> str:
    """A map file's text for ``board`` (what the map builder saves); ``check_text`` reads it back."""

    def quote(text: str) -> str:
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'

    lines = [f"# {line}" for line in header.splitlines()] + ["", "[map]"]
    lines += [
        f"name = {quote(board.name)}",
        f"title = {quote(board.title)}",
        f"status = {quote(board.status.value)}",
        f"players = {list(board.players)}",
        f"source = {quote(board.source)}",
    ]
    if board.worm_numbers:
        lines.append(f"worm_numbers = {list(board.worm_numbers)}")
        lines.append(f"degradation_faces = {list(board.degradation_faces)}")
    for area in board.areas:
        lines += ["", "[[area]]", f"name = {quote(area.name)}"]
        for flag in ("ocean", "postern", "worm_start", "glacier"):
            if getattr(area, flag):
                lines.append(f"{flag} = true")
        if area.glyph:
            lines.append(f"glyph = {quote(area.glyph)}")
        if area.pyramid is not None:
            lines.append(f"pyramid = {area.pyramid}")
        if area.start:
            lines.append("start = [" + ", ".join(quote(s) for s in area.start) + "]")
        lines.append("neighbours = [" + ", ".join(quote(n) for n in area.neighbours) + "]")
    return "\n".join(lines) + "\n"


def save_user_map(board: MapDef, header: str = "") -> Path:
    """Write ``board`` into the user's map directory (it then appears beside the shipped maps).

    :raises MapError: naming every problem, when the map would not be usable; or saying why the
        file could not be written (a read-only or missing folder, a full disk).
    """
    text = to_toml(board, header)
    _, found = check_text(text)
    if found:
        raise MapError("The map is not finished: " + "; ".join(str(p) for p in found[:5]))
    folder = paths.saved_maps_dir()
    path = folder / f"{board.name}{MAP_SUFFIX}"
    try:
        paths.write_whole(path, text, make_folder=True)  # a power cut leaves the old file or the new
    except OSError as exc:
        raise MapError(f"Could not save the map in {folder}: {exc.strerror or exc}. The draft is kept on the screen.") from None
    return path
