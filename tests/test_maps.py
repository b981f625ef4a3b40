"""Map files: the shipped boards are sound, partial ones refuse play, checks name lines and areas."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import main
from companion.engine.mapdef import MapStatus
from companion.maps import MapError, check_text, list_maps, load_map, template

PLAYABLE = ["earth-3p", "earth-4p-35", "earth-4p-53", "earth-5p", "earth-6p", "yuggoth-demo", "shaggai-demo"]


@pytest.mark.parametrize("name", PLAYABLE)
def test_shipped_maps_are_sound_and_symmetric(name: str) -> None:
    board = load_map(name)
    for i, neighbours in enumerate(board.adjacent):
        for j in neighbours:
            assert i in board.adjacent[j], f"{board.areas[i].name} - {board.areas[j].name}"
    assert board.source


@pytest.mark.parametrize(
    ("name", "areas"), [("earth-3p", 13), ("earth-4p-35", 17), ("earth-4p-53", 17), ("earth-5p", 21), ("earth-6p", 24)]
)
def test_earth_maps_have_the_published_area_counts(name: str, areas: int) -> None:
    assert len(load_map(name).areas) == areas  # section 2.1: 13, 17, 21 (and 24 on the 6-player board)


def test_the_six_player_asymmetric_edge_is_resolved_as_adjacent() -> None:
    board = load_map("earth-6p")
    bering, north_asia = board.area_index("Bering Sea"), board.area_index("North Asia")
    assert bering is not None and north_asia is not None
    assert board.are_adjacent(bering, north_asia) and board.are_adjacent(north_asia, bering)


def test_demo_layouts_are_labelled_and_carry_every_mark() -> None:
    yuggoth = load_map("yuggoth-demo")
    assert yuggoth.status is MapStatus.DEMO and "not the printed board" in yuggoth.title
    assert len(yuggoth.pyramid_areas) == 3 and yuggoth.postern is not None
    shaggai = load_map("shaggai-demo")
    assert shaggai.worm_start is not None and shaggai.worm_numbers == (1, 2, 3, 4, 5, 6)


@pytest.mark.parametrize("name", ["yuggoth", "shaggai", "primeval-earth"])
def test_partial_maps_are_listed_but_refuse_play(name: str) -> None:
    assert any(m.name == name and m.status is MapStatus.PARTIAL for m in list_maps())
    with pytest.raises(MapError, match=f"map new --like {name}"):
        load_map(name)


def test_check_names_every_problem_by_line_and_area() -> None:
    text = """[map]
name = "mine"
title = "Mine"
status = "transcribed"
players = [3]

[[area]]
name = "Alpha"
neighbours = ["Beta", "Gamma"]

[[area]]
name = "Beta"
neighbours = []
pyramid = 9
"""
    _board, problems = check_text(text)
    rendered = [str(p) for p in problems]
    assert "line 7, area 'Alpha': neighbour 'Gamma' is not an area of this map" in rendered
    assert "line 7, area 'Alpha': lists 'Beta' as a neighbour but 'Beta' does not list it back" in rendered
    assert "line 11, area 'Beta': pyramid die number 9 is not 1-6" in rendered
    assert "line 11, area 'Beta': has no neighbours" in rendered


def test_check_reports_bad_types_and_toml_errors_with_lines() -> None:
    _, problems = check_text(
        '[map]\nname = "x"\ntitle = "x"\nstatus = "printed"\nplayers = [3]\n\n[[area]]\nname = "A"\nocean = "yes"\n'
    )
    assert str(problems[0]) == "line 7, area 'A': ocean must be true or false, not 'yes'"
    _, problems = check_text("[map]\nname = \n")
    assert problems[0].line == 2 and "not valid TOML" in problems[0].message


def test_map_new_writes_a_template_that_map_check_then_validates(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "my-yuggoth.toml"
    assert main(["map", "new", "--like", "yuggoth", "-o", str(path)]) == 0
    text = path.read_text()
    assert 'status = "transcribed"' in text and "Watcher Postern" in text
    assert main(["map", "check", str(path)]) == 2
    out = capsys.readouterr().out
    assert "area 'Laboratory': has no neighbours" in out


def test_user_maps_appear_beside_shipped_ones(tmp_path: Path) -> None:
    maps = tmp_path / "config" / "maps"
    maps.mkdir(parents=True)
    earth = template("earth-3p").replace('name = "my-earth-3p"', 'name = "kitchen-table"')
    (maps / "kitchen-table.toml").write_text(earth)
    names = {m.name: m for m in list_maps()}
    assert "kitchen-table" in names and not names["kitchen-table"].shipped
    assert load_map("kitchen-table").status is MapStatus.TRANSCRIBED


def test_map_check_passes_every_shipped_playable_map(capsys: pytest.CaptureFixture[str]) -> None:
    folder = Path(__file__).parents[1] / "companion" / "maps"
    assert main(["map", "check", *(str(folder / f"{n}.toml") for n in PLAYABLE)]) == 0
    assert capsys.readouterr().out.count(": OK") == len(PLAYABLE)


BROKEN = [
    ("not-utf8", b'[map]\nname = "x"\ntitle = "Caf\xe9"\n', "line 3: not UTF-8"),
    ("list-name", b'[map]\nname = "x"\ntitle = "x"\nstatus = "printed"\nplayers = [3]\n\n[[area]]\nname = ["A"]\n', "line 7"),
    ("bad-toml", b'[map]\nname = "x"\ntitle = \n', "line 3"),
    ("areas-not-tables", b'area = [1, 2]\n[map]\nname = "x"\ntitle = "x"\nstatus = "printed"\nplayers = [3]\n', "area #1"),
    ("map-not-table", b"map = 5\n", "map must be a table"),
    (
        "nul-area",
        b'[map]\nname = "x"\ntitle = "x"\nstatus = "printed"\nplayers = [3]\n[[area]]\nname = "A\\u0000"\n',
        "line 6, area 'A\\x00': its name holds the control character U+0000",
    ),
]


@pytest.mark.parametrize(("name", "content", "where"), BROKEN, ids=[b[0] for b in BROKEN])
def test_a_broken_user_map_is_listed_as_broken_with_its_file_and_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, content: bytes, where: str
) -> None:
    maps = tmp_path / "config" / "maps"
    maps.mkdir(parents=True)
    (maps / f"{name}.toml").write_bytes(content)
    info = {m.name: m for m in list_maps()}[name]  # listing never raises
    assert info.broken and not info.playable
    assert str(maps / f"{name}.toml") in info.problem and where in info.problem, info.problem
    with pytest.raises(MapError):
        load_map(name)
    assert main(["map", "list"]) == 0
    out = capsys.readouterr().out
    line = next(line for line in out.splitlines() if line.startswith(name))
    assert "broken" in line and where in line and "\x00" not in out
    assert main(["map", "check", str(maps / f"{name}.toml")]) == 2


def test_maps_are_read_from_the_config_folder_and_the_saved_folder_and_saved_wins(tmp_path: Path) -> None:
    earth = template("earth-3p")
    hand, saved = tmp_path / "config" / "maps", tmp_path / "state" / "maps"
    hand.mkdir(parents=True)
    saved.mkdir(parents=True)
    (hand / "by-hand.toml").write_text(earth)
    (hand / "both.toml").write_text(earth.replace('title = "', 'title = "Hand ', 1))
    (saved / "both.toml").write_text(earth.replace('title = "', 'title = "Saved ', 1))
    names = {m.name: m for m in list_maps()}
    assert names["by-hand"].playable and names["both"].title.startswith("Saved ")


def test_under_the_service_saved_maps_are_read_from_its_state_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COMPANION_STATE_DIR")
    monkeypatch.setenv("STATE_DIRECTORY", str(tmp_path / "lib"))
    (tmp_path / "lib" / "maps").mkdir(parents=True)
    (tmp_path / "lib" / "maps" / "ours.toml").write_text(template("earth-3p"))
    assert load_map("ours").status is MapStatus.TRANSCRIBED


def test_listing_the_maps_again_reads_each_unchanged_file_once_and_an_edited_one_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The service lists the maps at start and again for the new-game screen: an unchanged file
    is not parsed twice, but an edit (or a file made broken) is seen at once."""
    import companion.maps as maps_module
    from companion.engine.mapdef import MapDef
    from companion.maps import Problem

    hand = tmp_path / "config" / "maps"
    hand.mkdir(parents=True)
    mine = hand / "mine.toml"
    mine.write_text(template("earth-3p").replace('title = "', 'title = "Mine ', 1))
    parsed: list[str] = []
    real = maps_module.check_text
    monkeypatch.setattr(maps_module, "_LISTED", {})  # what earlier tests listed does not count

    def counted(text: str) -> tuple[MapDef | None, list[Problem]]:
        parsed.append(text)
        return real(text)

    monkeypatch.setattr(maps_module, "check_text", counted)
    first = {m.name: m for m in list_maps()}
    assert first["mine"].title.startswith("Mine ") and len(parsed) == len(first)  # once per file in all
    parsed.clear()
    assert {m.name: m for m in list_maps()} == first and parsed == []
    mine.write_text(template("earth-3p").replace('title = "', 'title = "Edited ', 1))
    assert {m.name: m for m in list_maps()}["mine"].title.startswith("Edited ") and len(parsed) == 1
    mine.write_text("[map\n")
    assert {m.name: m for m in list_maps()}["mine"].broken
