"""Bubastis' variant Spellbooks (factions.md section 9: "Optional replacements for Catabolism /
Ailurophobia"), the set-up option ``bubastis_variant``: Syzygy and Carnivore in the library in
place of the two, and their effects, driven through commands."""

from __future__ import annotations

import json
from typing import Any

from companion.engine import Code, State, legal_commands
from companion.engine.codec import canonical, from_data
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.events import DoomGained, ElderSignDrawn
from companion.engine.cthulhu.factions.bubastis import BubastisPays
from companion.engine.cthulhu.factions.powers import AbilityUsed, ChooseSpellbook
from companion.engine.cthulhu.model import MOON, Faction, Options, PromptKind
from tests.engine.cthulhu.factions.common import BB, CC, count
from tests.engine.cthulhu.factions.kit import turn
from tests.helpers import clear_board, events_of, pass_round, rejected, run, set_board, started

SEATS = (Faction.BUBASTIS, Faction.GREAT_CTHULHU, Faction.CRAWLING_CHAOS)
PRINTED = ("Catabolism", "Zagazig", "Savagery", "Predator", "Catnapping", "Ailurophobia")
VARIANT = ("Syzygy", "Zagazig", "Savagery", "Predator", "Catnapping", "Carnivore")


def bb(variant: bool = True, **areas: dict[str, Any]) -> State:
    """Earth (3 players), Bubastis beside Great Cthulhu and Crawling Chaos, the abilities on and
    the variant as given; the board cleared but for an Earth Cat on the Moon (no requirement
    interrupts), then set as ``areas`` say."""
    state = started("earth-3p", SEATS, options=Options(abilities=True, bubastis_variant=variant))
    moon = {"gate": BB, "units": [(BB, "monster", "Earth Cat", 1)]}
    return set_board(clear_board(state), **{"Moon": moon, **areas})


# -- the option and the library ---------------------------------------------------------------------


def test_bubastis_variant_option_offers_syzygy_and_carnivore_in_place_of_catabolism_and_ailurophobia() -> None:
    state = run(turn(bb(), BB, power=5), BubastisPays(BB))
    assert state.prompt.kind is PromptKind.SPELLBOOK and state.prompt.choices == VARIANT
    assert rejected(state, ChooseSpellbook(BB, "Catabolism")).code is Code.NOT_A_CHOICE
    assert rejected(state, ChooseSpellbook(BB, "Ailurophobia")).code is Code.NOT_A_CHOICE
    assert run(state, ChooseSpellbook(BB, "Syzygy")).player(BB).spellbooks == ("Syzygy",)
    printed = run(turn(bb(variant=False), BB, power=5), BubastisPays(BB))
    assert printed.prompt.choices == PRINTED  # off: the printed six
    assert rejected(printed, ChooseSpellbook(BB, "Carnivore")).code is Code.NOT_A_CHOICE


def test_bubastis_variant_option_absent_from_an_older_journal_means_off() -> None:
    options = Options(abilities=True, bubastis_variant=True)
    data = json.loads(canonical(options))
    assert data["bubastis_variant"] is True
    del data["bubastis_variant"]  # the form a journal written before the option stores
    assert from_data(Options, data) == Options(abilities=True)
    command = c.NewGame(started().board, tuple(c.Seat(f) for f in SEATS), 1, options)
    assert from_data(c.NewGame, json.loads(canonical(command))) == command  # round trip


# -- Syzygy -----------------------------------------------------------------------------------------------


def test_syzygy_an_elder_sign_in_the_doom_phase_with_no_bubastis_unit_on_the_moon() -> None:
    cats = {"units": [(BB, "monster", "Earth Cat", 1)]}
    state = turn(bb(Asia=cats, Moon={"gate": BB}), BB, books=("Syzygy",))
    events = pass_round(state)[1]
    assert AbilityUsed(BB, "Syzygy", "no Bubastis unit on the Moon: 1 Elder Sign") in events
    assert [e for e in events if isinstance(e, ElderSignDrawn) and e.reason == "Syzygy"]
    # A unit on the Moon (any, not only an Earth Cat): no Elder Sign; nor without the book.
    for moon, books in (({"gate": BB, "units": [(BB, "monster", "Cat from Mars", 1)]}, ("Syzygy",)), ({"gate": BB}, ())):
        events = pass_round(turn(bb(Asia=cats, Moon=moon), BB, books=books))[1]
        assert not [e for e in events if isinstance(e, AbilityUsed) and e.ability == "Syzygy"]
        assert not [e for e in events if isinstance(e, ElderSignDrawn) and e.reason == "Syzygy"]


# -- Carnivore --------------------------------------------------------------------------------------------


def carnivore_battle(enemy: list[tuple[str, str, str, int]], books: tuple[str, ...] = ("Carnivore",)) -> State:
    """Bubastis (a Cat from Uranus: 3 dice) attacks Crawling Chaos' ``enemy`` in Asia."""
    state = bb(Asia={"units": [(BB, "monster", "Cat from Uranus", 1), *enemy]})
    return run(turn(state, BB, power=5, books=books), c.BattleAction(BB, "Asia", CC))


def test_carnivore_one_doom_per_enemy_monster_killed_in_battle() -> None:
    state = carnivore_battle([(CC, "monster", "Nightgaunt", 2)])
    events = events_of(state, c.Roll((6, 6, 1), "tower"))  # two Kills; the Nightgaunts roll no dice
    after = run(state, c.Roll((6, 6, 1), "tower"))
    assert count(after, "Asia", CC, "Nightgaunt") == 0 and after.battle is None
    assert DoomGained(BB, 2, "Carnivore", 2) in events
    assert after.player(BB).doom == 2


def test_carnivore_counts_monsters_not_cultists_and_needs_the_book() -> None:
    enemy = [(CC, "monster", "Nightgaunt", 1), (CC, "cultist", "Acolyte", 1)]
    after = run(carnivore_battle(enemy), c.Roll((6, 6, 1), "tower"))
    assert count(after, "Asia", CC, "Acolyte") == 0 and after.player(BB).doom == 1  # the Nightgaunt only
    without = run(carnivore_battle(enemy, books=()), c.Roll((6, 6, 1), "tower"))
    assert count(without, "Asia", CC, "Nightgaunt") == 0 and without.player(BB).doom == 0
    missed = run(carnivore_battle(enemy), c.Roll((1, 1, 1), "tower"))
    assert missed.battle is None and missed.player(BB).doom == 0


def test_carnivore_counts_an_enemy_monster_pained_with_nowhere_to_retreat() -> None:
    # On the Moon a pained unit has nowhere to go (docs/rules-notes.md): it is eliminated.
    units = [(BB, "monster", "Cat from Uranus", 1), (CC, "monster", "Nightgaunt", 1)]
    state = bb(Moon={"gate": BB, "units": units})
    state = run(turn(state, BB, power=5, books=("Carnivore",)), c.BattleAction(BB, MOON, CC))
    after = run(state, c.Roll((4, 1, 1), "tower"))  # one Pain
    assert count(after, MOON, CC, "Nightgaunt") == 0 and after.player(BB).doom == 1
    assert not [m for m in legal_commands(after) if isinstance(m, c.Roll)]
