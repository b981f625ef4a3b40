"""Yellow Sign's unique abilities, Spellbooks and Spellbook requirements (factions.md section 4),
each driven through commands."""

from __future__ import annotations

from dataclasses import replace

from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu import flow
from companion.engine.cthulhu.factions.powers import ChooseSpellbook, UseAbility
from companion.engine.cthulhu.factions.yellow_sign import (
    Desecrate,
    GiveDoom,
    HeWhoIsNotToBeNamed,
    ScreamingDead,
    Shriek,
    Zingaya,
)
from companion.engine.cthulhu.model import PromptKind
from tests.engine.cthulhu.factions.kit import BG, CC, GC, YS, A, G, M, already, game, met, turn, units
from tests.helpers import rejected, run

KING, HASTUR = "King in Yellow", "Hastur"


KING_MET = "Awaken the King in Yellow"


def index(state: object, name: str) -> int:
    found = state.board.area_index(name)  # type: ignore[attr-defined]
    assert found is not None
    return int(found)


def test_feast_a_power_per_desecrated_area_with_yellow_sign_units() -> None:
    state = game(Europe={"units": [(YS, A, "Acolyte", 1)], "markers": ["desecration"]}, Asia={"markers": ["desecration"]})
    assert ("Feast", 1) in [(p.label, p.amount) for p in flow.power_parts(turn(state, YS), YS)]


def test_desecrate_a_roll_under_the_units_there_places_the_token_then_a_unit() -> None:
    state = already(game(Europe={"units": [(YS, G, KING, 1), (YS, A, "Acolyte", 1)]}), YS, KING_MET)
    state = run(turn(state, YS, power=2), Desecrate(YS), c.Roll((2,)))
    assert "desecration" in state.areas[index(state, "Europe")].markers
    assert state.prompt.kind is PromptKind.ABILITY and "Undead" in state.prompt.choices
    state = run(state, UseAbility(YS, "Byakhee"))
    state = run(state, ChooseSpellbook(YS, "Passion"))  # Desecrate a ||| area, met
    assert units(state, "Europe", YS, "Byakhee") == 1 and state.player(YS).power == 0


def test_desecrate_a_high_roll_places_no_token_but_still_a_unit() -> None:
    state = already(game(Europe={"units": [(YS, G, KING, 1)]}), YS, KING_MET)
    state = run(turn(state, YS, power=2), Desecrate(YS), c.Roll((3,)), UseAbility(YS, "Undead"))
    assert "desecration" not in state.areas[index(state, "Europe")].markers
    assert units(state, "Europe", YS, "Undead") == 1


def test_the_third_eye_desecrate_costs_one_and_a_success_gives_an_elder_sign() -> None:
    state = already(game(Europe={"units": [(YS, G, KING, 1), (YS, G, HASTUR, 1)]}), YS, KING_MET, "Awaken Hastur")
    state = run(turn(state, YS, power=1, books=("The Third Eye",)), Desecrate(YS), c.Roll((1,)))
    assert len(state.player(YS).elder_signs) == 1 and state.player(YS).power == 0


def test_vengeance_yellow_sign_assigns_the_enemy_hits_while_hastur_fights() -> None:
    state = already(
        game(Europe={"units": [(YS, G, HASTUR, 1), (CC, A, "Acolyte", 1), (CC, M, "Nightgaunt", 1)]}), YS, "Awaken Hastur"
    )
    state = run(turn(state, YS, power=3), c.BattleAction(YS, "Europe", CC), c.Roll((6, 1, 1, 1, 1)))
    assert state.prompt.kind is PromptKind.ASSIGN_KILL and state.prompt.actor == YS


def test_passion_a_power_when_an_enemy_eliminates_yellow_sign_cultists() -> None:
    state = game(Europe={"units": [(CC, M, "Nightgaunt", 1), (YS, A, "Acolyte", 1)]})
    state = turn(state, YS, power=0, books=("Passion",))
    state = run(turn(state, CC, power=2), c.Capture(CC, "Europe", YS))
    assert state.player(YS).power == 1


def test_zingaya_an_enemy_acolyte_beside_the_undead_becomes_an_undead() -> None:
    state = game(Europe={"units": [(YS, M, "Undead", 1), (GC, A, "Acolyte", 1)]})
    state = run(turn(state, YS, power=1, books=("Zingaya",)), Zingaya(YS, "Europe", GC))
    assert units(state, "Europe", YS, "Undead") == 2 and units(state, "Europe", GC, "Acolyte") == 0


def test_shriek_of_the_byakhee_every_byakhee_flies_to_one_area() -> None:
    state = game(Europe={"units": [(YS, M, "Byakhee", 1)]}, Australia={"units": [(YS, M, "Byakhee", 2)]})
    state = run(turn(state, YS, power=1, books=("Shriek of the Byakhee",)), Shriek(YS, "Asia"))
    assert units(state, "Asia", YS, "Byakhee") == 3


def test_the_screaming_dead_the_king_walks_with_the_undead_then_a_second_action() -> None:
    state = game(Europe={"units": [(YS, G, KING, 1), (YS, M, "Undead", 2)]}, Asia={"units": [(CC, A, "Acolyte", 1)]})
    state = already(state, YS, KING_MET)
    state = run(turn(state, YS, power=3, books=("The Screaming Dead", "He Who is Not to be Named")), ScreamingDead(YS, "Asia"))
    assert units(state, "Asia", YS, KING) == 1 and units(state, "Asia", YS, "Undead") == 2
    assert state.prompt.actor == YS and state.player(YS).power == 2
    assert rejected(state, HeWhoIsNotToBeNamed(YS, "Asia")).code.value == "not_now"
    state = run(state, c.Recruit(YS, "Asia"))
    assert state.prompt.actor != YS
    assert rejected(turn(state, YS, power=3, books=("The Screaming Dead",)), ScreamingDead(YS, "Europe")).code.value == "not_now"


def test_he_who_is_not_to_be_named_hastur_goes_to_any_cultist() -> None:
    state = game(Europe={"units": [(YS, G, HASTUR, 1)]}, Australia={"units": [(GC, A, "Acolyte", 1)]})
    state = already(state, YS, "Awaken Hastur")
    state = run(turn(state, YS, power=2, books=("He Who is Not to be Named",)), HeWhoIsNotToBeNamed(YS, "Australia"))
    assert units(state, "Australia", YS, HASTUR) == 1 and state.prompt.actor == YS


def test_requirement_give_3_doom() -> None:
    state = run(turn(game(), YS, power=1), GiveDoom(YS, BG))
    assert state.player(BG).doom == 3 and "Give 3 Doom" in met(state, YS)


def test_requirement_awaken_the_king_in_yellow() -> None:
    state = game(Europe={"units": [(YS, A, "Acolyte", 1)]})
    state = run(turn(state, YS, power=4), c.Awaken(YS, "Europe", KING))
    assert "Awaken the King in Yellow" in met(state, YS)


def test_requirement_desecrate_each_glyph() -> None:
    for area, requirement in (
        ("Africa", "Desecrate an AA-glyph area"),
        ("Europe", "Desecrate a WW-glyph area"),
        ("Central_America", "Desecrate an OO-glyph area"),
    ):
        state = already(game(**{area: {"units": [(YS, G, KING, 1)]}}), YS, KING_MET)
        state = run(turn(state, YS, power=2), Desecrate(YS), c.Roll((1,)))
        assert requirement in met(state, YS)


def test_requirement_awaken_hastur_gives_an_elder_sign() -> None:
    state = already(game(Europe={"gate": YS, "units": [(YS, G, KING, 1), (YS, A, "Acolyte", 1)]}), YS, KING_MET)
    state = run(turn(state, YS, power=10), c.Awaken(YS, "Europe", HASTUR))
    assert "Awaken Hastur" in met(state, YS) and len(state.player(YS).elder_signs) == 1
    state = run(state, ChooseSpellbook(YS, "Passion"))
    assert "Passion" in state.player(YS).spellbooks
    _ = (CC, M)


def test_desecrate_may_place_a_neutral_monster_costing_2_or_less() -> None:
    """The FAQ (factions.md section 4, [NEC-neutral]): Desecrate's unit may be a neutral monster
    of Yellow Sign's costing 2 or less; a card not held, or none left in the pool, is not offered."""
    state = already(game(Europe={"units": [(YS, G, KING, 1)]}), YS, KING_MET)
    state = replace(state, loyalty=(("Shantak", YS), ("Gug", GC)))
    state = run(turn(state, YS, power=2), Desecrate(YS), c.Roll((3,)))
    assert "Shantak" in state.prompt.choices and "Gug" not in state.prompt.choices
    state = run(state, UseAbility(YS, "Shantak"))
    assert units(state, "Europe", YS, "Shantak") == 1
