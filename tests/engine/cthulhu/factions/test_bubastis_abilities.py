"""Bubastis' unique ability Lunacy, Bastet's Requires Attention and the Spellbooks Catabolism,
Zagazig and Predator (factions.md section 9; docs/rules-notes.md), each driven through commands
with the referee playing the abilities."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from companion.engine import Code, State, legal_commands
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.events import BattleRolled, DoomGained, RitualPerformed
from companion.engine.cthulhu.factions.black_goat import Ghroth
from companion.engine.cthulhu.factions.bubastis import Catabolism, RequiresAttention
from companion.engine.cthulhu.factions.great_cthulhu import Dreams
from companion.engine.cthulhu.factions.powers import UseAbility
from companion.engine.cthulhu.factions.yellow_sign import HeWhoIsNotToBeNamed, Zingaya
from companion.engine.cthulhu.model import MOON, Faction, Options, Phase, Prompt, PromptKind
from companion.engine.cthulhu.odds import battle_odds
from companion.engine.values import evolve
from tests.engine.cthulhu.factions.common import BB, BG, CC, GC, WW, YS, count
from tests.engine.cthulhu.factions.kit import turn
from tests.helpers import clear_board, events_of, rejected, run, set_board, set_players, started

SEATS = (Faction.BUBASTIS, Faction.GREAT_CTHULHU, Faction.CRAWLING_CHAOS)


def bb(*seats: Faction, **areas: dict[str, Any]) -> State:
    """Earth (3 players), Bubastis with two others (Great Cthulhu and Crawling Chaos unless
    given), the abilities on, the board cleared but for an Earth Cat on the Moon (so that no
    requirement interrupts), then set as ``areas`` say."""
    state = started("earth-3p", seats or SEATS, options=Options(abilities=True))
    moon = {"gate": BB, "units": [(BB, "monster", "Earth Cat", 1)]}
    return set_board(clear_board(state), **{"Moon": moon, **areas})


def ritual_turn(state: State, pid: str, power: int) -> State:
    seat = state.seat(pid)
    assert seat is not None
    state = state.with_player(seat, power=power)
    prompt = Prompt(PromptKind.RITUAL, pid, "ritual?", ("ritual", "skip_ritual"))
    return evolve(state, phase=Phase.DOOM, prompt=prompt, queue=(seat,))


# -- Lunacy -----------------------------------------------------------------------------------------


def test_lunacy_dreams_takes_an_earth_cat_as_if_it_were_an_acolyte() -> None:
    state = bb(Asia={"units": [(BB, "monster", "Earth Cat", 2)]}, Moon={"gate": BB, "units": [(BB, "monster", "Earth Cat", 1)]})
    state = turn(state, GC, power=4, books=("Dreams",))
    assert Dreams(GC, "Asia", BB) in list(legal_commands(state))
    assert Dreams(GC, MOON, BB) not in list(legal_commands(state))  # the Moon is no map area
    assert rejected(state, Dreams(GC, MOON, BB)).code is Code.NO_SUCH_UNITS
    state = run(state, Dreams(GC, "Asia", BB))
    assert count(state, "Asia", BB, "Earth Cat") == 1 and count(state, "Asia", GC, "Acolyte") == 1
    assert state.player(GC).power == 2


def test_lunacy_zingaya_and_ghroth_take_earth_cats_too() -> None:
    seats = (Faction.BUBASTIS, Faction.YELLOW_SIGN, Faction.BLACK_GOAT)
    state = bb(*seats, Asia={"units": [(BB, "monster", "Earth Cat", 1), (YS, "monster", "Undead", 1)]})
    state = turn(state, YS, power=3, books=("Zingaya",))
    assert Zingaya(YS, "Asia", BB) in list(legal_commands(state))
    state = run(state, Zingaya(YS, "Asia", BB))
    assert count(state, "Asia", BB, "Earth Cat") == 0 and count(state, "Asia", YS, "Undead") == 2
    # Ghroth: a roll of 1 with Fungi in one area; the Earth Cat is the only enemy "cultist".
    state = set_board(state, Europe={"units": [(BB, "monster", "Earth Cat", 1), (BG, "monster", "Fungi from Yuggoth", 1)]})
    state = run(turn(state, BG, power=4, books=("Ghroth",)), Ghroth(BG), c.Roll((1,), "tower"))
    assert count(state, "Europe", BB, "Earth Cat") == 0


def test_lunacy_hastur_goes_to_an_earth_cat_as_to_a_cultist_but_not_on_the_moon() -> None:
    seats = (Faction.BUBASTIS, Faction.YELLOW_SIGN, Faction.BLACK_GOAT)
    state = bb(*seats, Asia={"units": [(BB, "monster", "Earth Cat", 1)]}, Europe={"units": [(YS, "goo", "Hastur", 1)]})
    state = turn(state, YS, power=3, books=("He Who is Not to be Named",))
    assert HeWhoIsNotToBeNamed(YS, MOON) not in list(legal_commands(state))
    assert rejected(state, HeWhoIsNotToBeNamed(YS, MOON)).code is Code.NOT_NOW
    state = run(state, HeWhoIsNotToBeNamed(YS, "Asia"))
    assert count(state, "Asia", YS, "Hastur") == 1


def test_lunacy_earth_cats_are_not_captured_and_hold_no_gate() -> None:
    state = bb(Asia={"gate": "abandoned", "units": [(BB, "monster", "Earth Cat", 2), (CC, "monster", "Nightgaunt", 1)]})
    state = turn(state, CC, power=5)
    assert rejected(state, c.Capture(CC, "Asia", BB)).code is Code.NOT_NOW  # no cultist: nothing to take
    assert not [m for m in legal_commands(state) if isinstance(m, c.Capture) and m.victim == BB]
    state = turn(state, BB, power=5)
    assert rejected(state, c.BuildGate(BB, "Europe")).code is not None
    assert not [m for m in legal_commands(state) if isinstance(m, (c.BuildGate, c.ControlGate))]


# -- Requires Attention ---------------------------------------------------------------------------------


def test_requires_attention_a_ritual_of_exactly_4_doom_and_elder_signs_for_enemy_gate_and_goo() -> None:
    units = [(BB, "goo", "Bastet", 1), (CC, "cultist", "Acolyte", 1), (CC, "goo", "Nyarlathotep", 1)]
    state = bb(Asia={"gate": CC, "units": units}, Europe={"gate": BB, "units": [(BB, "monster", "Cat from Mars", 1)]})
    state = ritual_turn(state, BB, power=8)
    cost = state.ritual_cost
    assert RequiresAttention(BB) in list(legal_commands(state))
    events = events_of(state, RequiresAttention(BB))
    after = run(state, RequiresAttention(BB))
    assert RitualPerformed(BB, cost, 4, 3, False) in events  # 1 for the enemy gate, 2 for Nyarlathotep
    assert DoomGained(BB, 4, "Requires Attention", 4) in events
    assert after.player(BB).doom == 4 and len(after.player(BB).elder_signs) == 3  # not 1 Doom for its own gate
    assert after.player(BB).power == 8 - cost and after.ritual == state.ritual + 1


def test_requires_attention_needs_bastet_beside_an_enemy_cultist() -> None:
    state = bb(Asia={"units": [(BB, "goo", "Bastet", 1), (CC, "monster", "Nightgaunt", 1)]})
    state = ritual_turn(state, BB, power=8)
    assert RequiresAttention(BB) not in list(legal_commands(state))
    assert rejected(state, RequiresAttention(BB)).code is Code.NOT_NOW
    assert rejected(turn(state, BB), RequiresAttention(BB)).code is Code.NOT_NOW  # in the Action Phase


# -- Catabolism ------------------------------------------------------------------------------------------


def test_catabolism_recruits_a_cat_beside_bubastis_units_for_its_cost() -> None:
    state = bb(Asia={"units": [(BB, "monster", "Earth Cat", 1)]})
    state = turn(state, BB, power=5, books=("Catabolism",))
    offered = [m for m in legal_commands(state) if isinstance(m, Catabolism)]
    assert Catabolism(BB, "Asia", "Cat from Uranus") in offered and {m.area for m in offered} == {"Asia", MOON}
    state = run(state, Catabolism(BB, "Asia", "Cat from Uranus"))
    assert count(state, "Asia", BB, "Cat from Uranus") == 1 and state.player(BB).power == 1
    assert state.prompt.actor != BB  # it was the action


def test_catabolism_refused_away_from_bubastis_for_earth_cats_or_without_the_book() -> None:
    state = bb(Asia={"units": [(BB, "monster", "Earth Cat", 1)]})
    state = turn(state, BB, power=5, books=("Catabolism",))
    assert rejected(state, Catabolism(BB, "Europe", "Cat from Mars")).code is Code.NO_SUCH_UNITS
    assert rejected(state, Catabolism(BB, "Asia", "Earth Cat")).code is Code.NO_SUCH_UNITS
    assert rejected(turn(state, BB, power=5), Catabolism(BB, "Asia", "Cat from Mars")).code is Code.NOT_NOW
    assert not [m for m in legal_commands(turn(state, BB, power=5)) if isinstance(m, Catabolism)]


def test_catabolism_in_the_ice_age_area_pays_its_tax() -> None:
    seats = (Faction.BUBASTIS, Faction.WINDWALKER, Faction.GREAT_CTHULHU)
    state = bb(*seats, Asia={"units": [(BB, "monster", "Earth Cat", 1)], "markers": ["ice_age"]})
    state = set_players(state, **{WW: {"spellbooks": ("Ice Age",)}})
    state = run(turn(state, BB, power=5, books=("Catabolism",)), Catabolism(BB, "Asia", "Cat from Mars"))
    assert state.player(BB).power == 5 - 2 - 1 and count(state, "Asia", BB, "Cat from Mars") == 1


# -- Zagazig ---------------------------------------------------------------------------------------------


def zagazig_battle() -> State:
    units = [(BB, "monster", "Cat from Mars", 1), (BB, "monster", "Cat from Saturn", 1), (CC, "monster", "Flying Polyp", 3)]
    state = turn(bb(Asia={"units": units}), BB, power=5, books=("Zagazig",))
    return run(state, c.BattleAction(BB, "Asia", CC))


def test_zagazig_turns_rolled_kills_into_pains_and_pains_into_kills_both_sides() -> None:
    state = zagazig_battle()
    assert state.prompt.kind is PromptKind.ABILITY and state.prompt.choices == ("use", "skip")
    odds = battle_odds(run(state, UseAbility(BB, "use")))
    assert odds is not None and odds.attacker[2] == 1 - Fraction(4, 6) ** 3  # a 4 or a 5 is a Kill now
    used = run(state, UseAbility(BB, "use"), c.Roll((6, 6, 5), "tower"))
    events = events_of(used, c.Roll((6, 4, 4), "tower"))
    rolled = next(e for e in events if isinstance(e, BattleRolled))
    # Bubastis rolled 2 Kills 1 Pain, Crawling Chaos 1 Kill 2 Pains: each is read the other way.
    assert (rolled.attacker_kills, rolled.attacker_pains, rolled.defender_kills, rolled.defender_pains) == (1, 2, 2, 1)
    skipped = run(state, UseAbility(BB, "skip"), c.Roll((6, 6, 5), "tower"))
    rolled = next(e for e in events_of(skipped, c.Roll((6, 4, 4), "tower")) if isinstance(e, BattleRolled))
    assert (rolled.attacker_kills, rolled.attacker_pains, rolled.defender_kills, rolled.defender_pains) == (2, 1, 1, 2)


def test_zagazig_not_asked_without_a_cat_from_mars_and_a_wrong_answer_is_refused() -> None:
    state = zagazig_battle()
    assert rejected(state, UseAbility(BB, "always")).code is Code.NOT_A_CHOICE
    assert rejected(state, UseAbility(CC, "use")).code is not None
    units = [(BB, "monster", "Cat from Saturn", 1), (CC, "monster", "Nightgaunt", 1)]
    state = turn(bb(Asia={"units": units}), BB, power=5, books=("Zagazig",))
    assert run(state, c.BattleAction(BB, "Asia", CC)).prompt.kind is PromptKind.ROLL


# -- Predator --------------------------------------------------------------------------------------------


def predator_battle(cat: str = "Cat from Uranus") -> State:
    state = bb(
        Asia={"units": [(BB, "monster", cat, 1), (CC, "cultist", "Acolyte", 2)]},
        Europe={"units": [(CC, "cultist", "Acolyte", 1)]},
        Africa={"units": [(CC, "cultist", "Acolyte", 1)]},
    )
    state = turn(state, BB, power=5, books=("Predator",))
    return run(state, c.BattleAction(BB, "Asia", CC))


def test_predator_the_enemy_eliminates_another_unit_of_a_kind_it_lost() -> None:
    state = run(predator_battle(), c.Roll((6, 1, 1), "tower"))  # one Acolyte killed
    assert count(state, "Asia", CC, "Acolyte") == 1
    assert state.prompt.kind is PromptKind.ABILITY and state.prompt.actor == BB
    assert state.prompt.choices == ("Acolyte", "skip")
    state = run(state, UseAbility(BB, "Acolyte"))
    assert state.prompt.actor == CC and set(state.prompt.choices) == {"Asia", "Europe", "Africa"}  # its choice
    state = run(state, UseAbility(CC, "Europe"))
    assert count(state, "Europe", CC, "Acolyte") == 0 and count(state, "Africa", CC, "Acolyte") == 1
    assert count(state, "Asia", CC, "Acolyte") == 1


def test_predator_may_be_skipped_and_needs_a_cat_from_uranus_and_a_loss() -> None:
    state = run(predator_battle(), c.Roll((6, 1, 1), "tower"))
    assert rejected(state, UseAbility(BB, "Nightgaunt")).code is Code.NOT_A_CHOICE
    skipped = run(state, UseAbility(BB, "skip"))
    assert count(skipped, "Europe", CC, "Acolyte") == 1 and skipped.prompt.kind is not PromptKind.ABILITY
    missed = run(predator_battle(), c.Roll((1, 1, 1), "tower"))  # nothing lost: nothing asked
    assert missed.prompt.kind is not PromptKind.ABILITY
    mars = run(predator_battle("Cat from Mars"), c.Roll((6,), "tower"))  # no Cat from Uranus fought
    assert count(mars, "Asia", CC, "Acolyte") == 1 and mars.prompt.kind is not PromptKind.ABILITY


def test_zagazig_lasts_one_battle_not_a_later_one_entered_by_hand() -> None:
    state = run(zagazig_battle(), UseAbility(BB, "use"), c.Roll((1, 1, 1), "tower"), c.Roll((1, 1, 1), "tower"))
    assert state.battle is None
    state = run(turn(state, BB, power=5, books=("Zagazig",)), c.BattleAction(BB, "Asia", CC, 3, 3))
    rolled = next(
        e for e in events_of(run(state, c.Roll((6, 6, 5), "tower")), c.Roll((6, 4, 4), "tower")) if isinstance(e, BattleRolled)
    )
    assert (rolled.attacker_kills, rolled.attacker_pains, rolled.defender_kills, rolled.defender_pains) == (2, 1, 1, 2)
