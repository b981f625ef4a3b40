"""Rules common to all factions (factions.md section 0), driven through commands: the six
Spellbooks' unlimited battles, the start-area order, who may capture, a battle needs combat."""

from __future__ import annotations

from companion.engine import Code, State, apply, legal_commands
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Faction, Options, PromptKind
from tests.engine.cthulhu.factions.kit import BG, CC, CORE4, GC, A, G, M, game, turn, units
from tests.helpers import clear_board, new_game, ok, rejected, run, set_board, started

SIX = ("",) * 6
BOARD = {
    "Asia": {"units": [(GC, M, "Starspawn", 1), (CC, A, "Acolyte", 1), (BG, A, "Acolyte", 1)]},
    "Africa": {"units": [(GC, M, "Starspawn", 1), (CC, A, "Acolyte", 1)]},
}
MISSES = c.Roll((1, 1, 1), "screen")  # a Starspawn's 3 dice, no Kill nor Pain; the Acolytes roll none


def battles(state: State) -> list[tuple[str, str]]:
    return [(cmd.area, cmd.defender) for cmd in legal_commands(state) if isinstance(cmd, c.BattleAction)]


def test_six_spellbooks_battle_as_an_unlimited_action_each_area_once_per_turn() -> None:
    state = turn(game(**BOARD), GC, power=5, books=SIX)
    state = run(state, c.BattleAction(GC, "Asia", CC), MISSES)
    assert state.battle is None
    assert state.prompt.kind is PromptKind.ACTION and state.prompt.actor == GC  # the turn goes on
    assert state.player(GC).power == 4
    refusal = rejected(state, c.BattleAction(GC, "Asia", BG))  # another enemy, the same area
    assert refusal.code is Code.NOT_NOW
    assert battles(state) == [("Africa", CC)]  # Asia is not offered again this turn
    state = run(state, c.BattleAction(GC, "Africa", CC), MISSES)
    assert state.prompt.actor == GC and state.player(GC).power == 3
    state = run(state, c.Recruit(GC, "Asia"))  # a main action ends the turn
    assert state.prompt.actor != GC
    state = turn(state, GC, power=3, books=SIX)  # a later turn: Asia may be battled again
    assert ("Asia", CC) in battles(state)


def test_fewer_than_six_spellbooks_a_battle_is_the_main_action() -> None:
    state = turn(game(**BOARD), GC, power=5, books=("",) * 5)
    state = run(state, c.BattleAction(GC, "Asia", CC), MISSES)
    assert state.prompt.kind is PromptKind.ACTION and state.prompt.actor != GC


def test_six_spellbooks_the_turn_passes_when_the_battle_spent_the_last_power() -> None:
    state = turn(game(**BOARD), GC, power=1, books=SIX)
    state = run(state, c.BattleAction(GC, "Asia", CC), MISSES)
    assert state.prompt.actor != GC


# The Opener and the Windwalker seated first, so that seating order would ask the Opener first.
LATE_SEATS = (
    Faction.OPENER_OF_THE_WAY,
    Faction.WINDWALKER,
    Faction.GREAT_CTHULHU,
    Faction.CRAWLING_CHAOS,
    Faction.BLACK_GOAT,
)


def start_choosers(options: Options) -> list[str]:
    """Who is asked a start area, in order (a faction with one printed start is placed unasked)."""
    state = ok(apply(None, new_game("earth-5p", LATE_SEATS, options=options)))
    asked = []
    while state.prompt.kind is PromptKind.START_AREA:
        asked.append(state.prompt.actor)
        state = ok(apply(state, c.ChooseStart(state.prompt.actor, state.prompt.choices[0])))
    assert all(p.start_area >= 0 for p in state.players)
    return asked


def test_start_areas_the_windwalker_chooses_after_all_others_but_the_opener_who_chooses_last() -> None:
    assert start_choosers(Options(abilities=True, published_start_order=True)) == ["windwalker", "opener_of_the_way"]


def test_start_areas_older_journals_keep_seating_order() -> None:
    assert start_choosers(Options(abilities=True))[0] == "opener_of_the_way"  # (it may take a Windwalker start)


def guarded(*captors: tuple[str, str, str, int], goo: bool = False) -> State:
    """Great Cthulhu to act in Asia, where Crawling Chaos has an Acolyte and a Nightgaunt (and
    Nyarlathotep when ``goo``) beside ``captors``."""
    victims = [(CC, A, "Acolyte", 1), (CC, M, "Nightgaunt", 1), *([(CC, G, "Nyarlathotep", 1)] if goo else [])]
    return turn(game(Asia={"units": [*captors, *victims]}), GC, power=5)


def test_capture_a_capturer_with_a_great_old_one_there_always_may() -> None:
    state = run(guarded((GC, G, "Cthulhu", 1)), c.Capture(GC, "Asia", CC))
    assert units(state, "Asia", CC, "Acolyte") == 0 and state.player(GC).captured == (CC,)
    assert state.player(GC).power == 4


def test_capture_enemy_monsters_protect_cultists_from_a_capturer_without_a_great_old_one() -> None:
    refusal = rejected(guarded((GC, M, "Deep One", 1)), c.Capture(GC, "Asia", CC))
    assert refusal.code is Code.NOT_NOW


def test_capture_an_enemy_great_old_one_protects_its_cultists_even_from_a_great_old_one() -> None:
    refusal = rejected(guarded((GC, G, "Cthulhu", 1), goo=True), c.Capture(GC, "Asia", CC))
    assert refusal.code is Code.NOT_NOW


# Crawling Chaos' Acolytes alone beside Great Cthulhu's: no combat against it (factions.md section 11).
CULTISTS_ALONE = {"Asia": {"units": [(CC, A, "Acolyte", 2), (GC, M, "Deep One", 1)]}}


def test_a_battle_needs_combat_cultists_alone_are_refused_with_the_abilities_on() -> None:
    state = turn(game(**CULTISTS_ALONE), CC, power=5)
    assert ("Asia", GC) not in battles(state)  # the legal list never offers it ...
    refusal = rejected(state, c.BattleAction(CC, "Asia", GC))  # ... and the declaration refuses it
    assert refusal.code is Code.NO_SUCH_UNITS and "combat" in refusal.message
    assert state.player(CC).power == 5
    # Great Cthulhu's Deep One has combat: its battle is offered and taken.
    assert ("Asia", CC) in battles(turn(state, GC, power=5))
    # Dice typed by the table stand as given (a correction for an effect the referee lacks).
    run(state, c.BattleAction(CC, "Asia", GC, attacker_dice=1, defender_dice=1))


def test_a_battle_needs_combat_with_the_abilities_off_the_tables_own() -> None:
    state = started("earth-4p-53", CORE4)
    state = turn(set_board(clear_board(state), **CULTISTS_ALONE), CC, power=5)
    run(state, c.BattleAction(CC, "Asia", GC))
