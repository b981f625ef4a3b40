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
