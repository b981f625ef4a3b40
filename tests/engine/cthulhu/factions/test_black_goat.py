"""Black Goat (factions.md section 3): roster, costs (The Thousand Young), combat (Frenzy, The
Red Sign, Shub-Niggurath), Shub-Niggurath's awakening."""

from __future__ import annotations

from companion.engine import Code
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Faction, UnitKind
from tests.engine.cthulhu.factions.common import BG, CC, count, dice, game
from tests.helpers import rejected, run, set_board, set_players

HOME = {"Africa": {"gate": BG, "units": [(BG, "cultist", "Acolyte", 3)]}}


def test_summon_costs_ghoul_1_fungi_2_dark_young_3() -> None:
    for name, cost in (("Ghoul", 1), ("Fungi from Yuggoth", 2), ("Dark Young", 3)):
        assert run(game(Faction.BLACK_GOAT, **HOME), c.Summon(BG, "Africa", name)).player(BG).power == 20 - cost


def test_the_thousand_young_costs_one_less_while_shub_niggurath_is_in_play() -> None:
    state = set_players(game(Faction.BLACK_GOAT, **HOME), black_goat={"spellbooks": ("The Thousand Young",)})
    assert run(state, c.Summon(BG, "Africa", "Dark Young")).player(BG).power == 17  # Shub not in play
    state = set_board(state, Europe={"units": [(BG, "goo", "Shub-Niggurath", 1)]})
    assert run(state, c.Summon(BG, "Africa", "Dark Young")).player(BG).power == 18
    assert run(state, c.Summon(BG, "Africa", "Ghoul")).player(BG).power == 20


def test_shub_niggurath_rolls_controlled_gates_plus_cultists_in_play() -> None:
    state = game(
        Faction.BLACK_GOAT,
        **HOME,
        Asia={"gate": CC, "units": [(BG, "goo", "Shub-Niggurath", 1), (CC, "cultist", "Acolyte", 1)]},
        Europe={"gate": BG, "units": [(BG, "cultist", "Acolyte", 1), (BG, "monster", "Dark Young", 2)]},
    )
    assert dice(state, "Asia", BG, CC) == 2 + 4  # 2 gates, 4 cultists
    red = set_players(state, black_goat={"spellbooks": ("The Red Sign",)})
    assert dice(red, "Asia", BG, CC) == 2 + 4 + 2  # and each Dark Young in play


def test_frenzy_gives_cultists_1_combat() -> None:
    state = game(Faction.BLACK_GOAT, Asia={"units": [(BG, "cultist", "Acolyte", 3), (CC, "cultist", "Acolyte", 1)]})
    assert dice(state, "Asia", BG, CC) == 0
    assert dice(set_players(state, black_goat={"spellbooks": ("Frenzy",)}), "Asia", BG, CC) == 3


def test_shub_niggurath_awakens_at_a_controlled_gate_for_8_and_two_cultists() -> None:
    state = run(game(Faction.BLACK_GOAT, **HOME), c.Awaken(BG, "Africa", "Shub-Niggurath"))
    assert state.player(BG).power == 12 and count(state, "Africa", BG, "Shub-Niggurath") == 1
    assert count(state, "Africa", BG, "Acolyte") == 1


def test_shub_niggurath_needs_the_two_cultists_named_when_they_stand_apart() -> None:
    state = game(
        Faction.BLACK_GOAT,
        Africa={"gate": BG, "units": [(BG, "cultist", "Acolyte", 1)]},
        Europe={"units": [(BG, "cultist", "Acolyte", 1)]},
    )
    assert rejected(state, c.Awaken(BG, "Africa", "Shub-Niggurath")).code is Code.SACRIFICE_REQUIRED
    named = (c.UnitRef("Africa", UnitKind.CULTIST, "Acolyte"), c.UnitRef("Europe", UnitKind.CULTIST, "Acolyte"))
    state = run(state, c.Awaken(BG, "Africa", "Shub-Niggurath", sacrifice=named))
    assert count(state, "Europe", BG, "Acolyte") == 0 and count(state, "Africa", BG, "Shub-Niggurath") == 1


def test_shub_niggurath_is_refused_with_fewer_than_two_cultists() -> None:
    state = game(Faction.BLACK_GOAT, Africa={"gate": BG, "units": [(BG, "cultist", "Acolyte", 1)]})
    assert rejected(state, c.Awaken(BG, "Africa", "Shub-Niggurath")).code is Code.NOT_NOW
