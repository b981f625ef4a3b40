"""Map files: the shipped boards (TOML beside this module) and the owner's own transcriptions.

The format is documented in ``docs/maps.md``.  Maps placed in the user's config directory
(``$XDG_CONFIG_HOME/companion/maps``, see :mod:`companion.paths`) appear beside the shipped
ones and replace a shipped map of the same name.  :func:`check_text` names every problem with
its line, so an owner transcribing a board from the physical map can fix it quickly.
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion import paths
from companion.engine.codec import DecodeError, from_data
from companion.engine.mapdef import MapDef, MapStatus, problems

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


def map_files() -> dict[str, Path]:
    """Every map file by name; the user's directory wins over the shipped one."""
    found = {p.stem: p for p in sorted(SHIPPED_DIR.glob(f"*{MAP_SUFFIX}"))}
    user = paths.maps_dir()
    if user.is_dir():
        found.update({p.stem: p for p in sorted(user.glob(f"*{MAP_SUFFIX}"))})
    return found


def list_maps() -> list[MapInfo]:
    """Every map the companion knows, readable or not (broken files are listed by name)."""
    infos = []
    for name, path in sorted(map_files().items()):
        board, found = check_text(path.read_text(encoding="utf-8"))
        title = board.title if board else f"(cannot be read: {found[0]})"
        status = board.status if board else MapStatus.PARTIAL
        infos.append(MapInfo(name, title, status, path, path.parent == SHIPPED_DIR))
    return infos


def load_map(name_or_path: str) -> MapDef:
    """Load a map by name (shipped or user) or by file path.

    :raises MapError: when it does not exist or has problems (all of them are listed).
    """
    path = Path(name_or_path)
    if not (path.suffix == MAP_SUFFIX and path.exists()):
        files = map_files()
        if name_or_path not in files:
            raise MapError(f"No map called {name_or_path!r}. Known maps: {', '.join(sorted(files))}.")
        path = files[name_or_path]
    board, found = check_text(path.read_text(encoding="utf-8"))
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
    """Parse and check a map file's text: the map (if it could be built) and every problem."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return None, [Problem(_toml_error_line(str(exc)), "", f"not valid TOML: {exc}")]
    lines = _area_lines(text)
    try:
        board = from_data(MapDef, _mapdef_data(data))
    except DecodeError as exc:
        return None, [_locate(exc.path, exc.problem, data, lines)]
    area_line = {name: line for name, line in lines.items()}
    found = [Problem(area_line.get(area, lines.get("", 1)), area, message) for area, message in problems(board)]
    return board, found


def _mapdef_data(data: dict[str, Any]) -> dict[str, Any]:
    header = dict(data.get("map", {}))
    unknown = sorted(set(data) - {"map", "area"})
    if unknown:
        raise DecodeError(unknown[0], "is not a known section (use [map] and [[area]])")
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


def _locate(path: str, problem: str, data: dict[str, Any], lines: dict[str, int]) -> Problem:
    match = re.match(r"areas\[(\d+)\]\.?(.*)", path)
    if match:
        areas = data.get("area", [])
        index = int(match.group(1))
        name = areas[index].get("name", f"area #{index + 1}") if index < len(areas) else ""
        field = match.group(2) or "area"
        return Problem(lines.get(name, 1), str(name), f"{field} {problem}")
    return Problem(lines.get("", 1), "", f"{path} {problem}")


def _toml_error_line(message: str) -> int:
    match = re.search(r"line (\d+)", message)
    return int(match.group(1)) if match else 1


def template(like: str) -> str:
    """A commented file for an owner to transcribe their board, starting from map ``like``."""
    files = map_files()
    if like not in files:
        raise MapError(f"No map called {like!r} to start from. Known maps: {', '.join(sorted(files))}.")
    text = files[like].read_text(encoding="utf-8")
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

    :raises MapError: naming every problem, when the map would not be usable.
    """
    text = to_toml(board, header)
    _, found = check_text(text)
    if found:
        raise MapError("The map is not finished: " + "; ".join(str(p) for p in found[:5]))
    folder = paths.maps_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{board.name}{MAP_SUFFIX}"
    draft = path.with_suffix(".part")  # written whole, then renamed: a power cut leaves the old file
    with draft.open("w", encoding="utf-8") as out:
        out.write(text)
        out.flush()
        os.fsync(out.fileno())
    os.replace(draft, path)
    return path
