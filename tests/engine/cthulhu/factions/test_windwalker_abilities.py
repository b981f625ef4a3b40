"""Windwalker's modelled abilities, Spellbooks and requirements (factions.md section 6), each
driven through commands."""

from __future__ import annotations

from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.factions.windwalker import AnytimeSpellbook, IceAge
from companion.engine.cthulhu.model import PromptKind
from tests.engine.cthulhu.factions.kit import GC, WW, YS, A, G, game6, met, turn
from tests.helpers import pass_round, rejected, run, set_players


def test_requirement_be_the_first_player() -> None:
    state = turn(game6(Arctic_Ocean={"gate": WW, "units": [(WW, A, "Acolyte", 6)]}), WW, power=1)
    state, _ = pass_round(state, first=GC)
    assert "Be the first player" in met(state, WW)


def test_requirement_a_gate_in_the_opposite_glyph_area() -> None:
    state = game6(Mountains_of_Madness={"gate": "abandoned"})
    state = run(turn(state, WW, power=1), c.Pass(WW))
    assert "A gate in the opposite glyph area" in met(state, WW)


def test_requirement_an_enemy_has_six_spellbooks_and_anytime_gives_elder_signs() -> None:
    state = set_players(game6(), yellow_sign={"spellbooks": ("a", "b", "c", "d", "e", "f")})
    state = run(turn(state, WW, power=1), AnytimeSpellbook(WW))
    assert {"An enemy has six Spellbooks", "Anytime"} <= set(met(state, WW))
    assert len(state.player(WW).elder_signs) == 1 and state.prompt.kind is PromptKind.SPELLBOOK
    assert rejected(turn(state, WW, books=("Howl", "Ice Age")), AnytimeSpellbook(WW)).code.value == "not_now"


def test_requirement_awaken_rhan_tegoth_and_ithaqua() -> None:
    state = game6(Arctic_Ocean={"gate": YS, "units": [(WW, A, "Acolyte", 1)]})
    state = run(turn(state, WW, power=6), c.Awaken(WW, "Arctic Ocean", "Rhan Tegoth"))
    assert "Awaken Rhan Tegoth" in met(state, WW)
    _ = G


def test_ice_age_places_and_moves_its_token() -> None:
    state = run(turn(game6(), WW, power=2, books=("Ice Age",)), IceAge(WW, "Europe"))
    assert "ice_age" in state.areas[state.board.area_index("Europe") or 0].markers
    state = run(turn(state, WW, power=1, books=("Ice Age",)), IceAge(WW, "Arabia"))
    assert "ice_age" not in state.areas[state.board.area_index("Europe") or 0].markers
    assert "ice_age" in state.areas[state.board.area_index("Arabia") or 0].markers
