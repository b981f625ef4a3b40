"""Names are checked by the engine: printable, 1-30 characters (areas and maps 1-40), surrounding
spaces stripped; anything else is refused with ``bad_name`` and a reason, and changes nothing."""

from __future__ import annotations

import dataclasses

import pytest

from companion.engine import Code, apply
from companion.engine.arkham import model as m
from companion.engine.arkham.game import apply as apply_arkham
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Faction
from companion.engine.mapdef import problems
from companion.engine.names import clean_name, name_problem
from companion.maps import load_map
from tests.helpers import CORE3, ok, started

BAD = ["", "   ", "Bob\x00", "\x1b[31mred", "Lone \ud800", "x" * 31, "tab\there"]


@pytest.mark.parametrize("name", BAD)
def test_bad_names_are_refused_with_a_reason(name: str) -> None:
    problem = name_problem(name)
    assert problem is not None and problem.endswith(".")
    assert name_problem(name) == name_problem(name)  # stable: the same name, the same sentence


def test_good_names_are_stripped() -> None:
    assert clean_name("  Amanda Sharpe ") == "Amanda Sharpe"
    assert clean_name("Ærøskøbing — 東京") == "Ærøskøbing — 東京"
    assert name_problem("x" * 30) is None
    assert "U+0000" in (name_problem("a\x00b") or "")
    assert "lone surrogate U+D800" in (name_problem("a\ud800") or "")


@pytest.mark.parametrize("name", ["Bob\x00", "\x07bell", "y" * 31, "Bad \udfff"])
def test_a_seat_name_the_screen_cannot_show_is_refused(name: str) -> None:
    seats = (c.Seat(CORE3[0]), c.Seat(CORE3[1]), c.Seat(Faction.OTHER, name))
    result = apply(None, c.NewGame(load_map("earth-3p"), seats, 1))
    assert not result.ok and result.code is Code.BAD_NAME  # type: ignore[union-attr]


def test_a_seat_name_is_stripped_in_the_state() -> None:
    seats = (c.Seat(CORE3[0]), c.Seat(CORE3[1]), c.Seat(Faction.OTHER, "  Tcho Friends "))
    state = ok(apply(None, c.NewGame(load_map("earth-3p"), seats, 1)))
    assert state.players[2].name == "Tcho Friends" and state.players[2].pid == "tcho_friends"


def test_a_map_with_a_nul_in_an_area_name_is_refused_by_the_engine() -> None:
    board = load_map("earth-3p")
    renamed = dataclasses.replace(board.areas[0], name="Arc\x00tic")
    broken = dataclasses.replace(board, areas=(renamed, *board.areas[1:]))
    assert any("U+0000" in sentence for _, sentence in problems(broken))
    result = apply(None, c.NewGame(broken, tuple(c.Seat(f) for f in CORE3), 1))
    assert not result.ok and "\x00" not in result.message  # type: ignore[union-attr]  # the refusal itself is drawable


def test_a_command_during_play_with_a_control_character_is_refused_and_changes_nothing() -> None:
    state = started()
    result = apply(state, c.Recruit("great_cthulhu", "South\x00Pacific"))
    assert not result.ok and result.code is Code.BAD_NAME  # type: ignore[union-attr]
    assert "U+0000" in result.message  # type: ignore[union-attr]


def arkham(*names: str) -> m.NewArkhamGame:
    return m.NewArkhamGame("Azathoth", tuple(m.Seated(n, m.UNPLACED, 0) for n in names), 1)


def test_arkham_investigator_names_are_checked_at_set_up_rename_and_move() -> None:
    refused = apply_arkham(None, arkham("Amanda", "Bob\x00"))
    assert not refused.ok and refused.code is Code.BAD_NAME  # type: ignore[union-attr]
    state = apply_arkham(None, arkham(" Amanda ", "Bob"))
    assert state.ok
    game = state.state  # type: ignore[union-attr]
    assert [i.name for i in game.investigators] == ["Amanda", "Bob"]
    for command in (
        m.RenameInvestigator("Amanda", "Kate\x1b"),
        m.RenameInvestigator("Amanda", "K" * 31),
        m.MoveInvestigator("Bob\x00", "Unvisited Isle"),
    ):
        result = apply_arkham(game, command)
        assert not result.ok and result.code is Code.BAD_NAME, command  # type: ignore[union-attr]
    renamed = apply_arkham(game, m.RenameInvestigator("Amanda", "  Amanda Sharpe  "))
    assert renamed.state.investigators[0].name == "Amanda Sharpe"  # type: ignore[union-attr]
