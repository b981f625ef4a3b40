"""Corrections of the Loyalty Cards (``set_loyalty``): a card given to a player or put back in
the supply, an independent's Spellbook going with its card; the stable refusals; and a neutral
unit placed by correction only when Abhoth, whose lost Filth they are, is in the game."""

from __future__ import annotations

from companion.engine import Code, Command, apply, parse_command
from companion.engine.core import Accepted, Rejected
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu import corrections as k
from companion.engine.cthulhu.events import IndependentSpellbookChanged
from companion.engine.cthulhu.factions import independents as ind
from companion.engine.cthulhu.model import NEUTRAL, GameState, Options, UnitKind
from companion.narrate import describe
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from tests.helpers import new_game, started

GC, CC, BG = "great_cthulhu", "crawling_chaos", "black_goat"
BYATIS_BOOK = ind.BOOKS["Byatis"]
CARDS = ("Byatis", "Abhoth", "Ghast")


def game(abilities: bool = True, independents: tuple[str, ...] = CARDS) -> GameState:
    return started(options=Options(abilities=abilities, independents=independents))


def accepted(state: GameState, command: k.SetLoyalty) -> Accepted[GameState]:
    result = apply(state, command)
    assert isinstance(result, Accepted), result
    return result


def refused(state: GameState, command: Command, code: Code) -> Rejected:
    result = apply(state, command)
    assert isinstance(result, Rejected), result
    assert result.code is code, result
    return result


def test_a_card_is_given_to_a_player_and_put_back_in_the_supply() -> None:
    state = game()
    given = accepted(state, k.SetLoyalty("Ghast", BG, "taken at the table"))
    assert ind.holder(given.state, "Ghast") == BG
    assert [type(e).__name__ for e in given.events] == ["CorrectionMade", "LoyaltyCardChanged"]
    assert [describe(e) for e in given.events] == [
        "Correction: Black Goat holds the Ghast Loyalty Card (taken at the table).",
        "Black Goat takes the Ghast Loyalty Card (correction).",
    ]
    assert ind.summonable(given.state, BG)[0].name == "Ghast"  # the card held: its monster is summoned
    back = accepted(given.state, k.SetLoyalty("Ghast", ""))
    assert ind.holder(back.state, "Ghast") == "" and back.state.loyalty == ()
    assert describe(back.events[0]) == "Correction: The Ghast Loyalty Card is back in the supply."


def test_the_spellbook_goes_with_its_card() -> None:
    """Given with its book; moved to another player, the book follows; back to the supply, it is lost."""
    state = accepted(game(), k.SetLoyalty("Byatis", BG, spellbook=True)).state
    assert ind.has_book(state, BG, "Byatis")
    moved = accepted(state, k.SetLoyalty("Byatis", GC))
    assert ind.holder(moved.state, "Byatis") == GC and ind.has_book(moved.state, GC, "Byatis")
    assert not ind.has_book(moved.state, BG, "Byatis")
    assert IndependentSpellbookChanged(BYATIS_BOOK, "Byatis", GC, "correction") in moved.events
    assert describe(moved.events[0]) == (
        "Correction: Great Cthulhu holds the Byatis Loyalty Card and its Spellbook, God of Forgetfulness."
    )
    assert "Great Cthulhu holds Byatis's Spellbook, God of Forgetfulness (correction)." in map(describe, moved.events)
    back = accepted(moved.state, k.SetLoyalty("Byatis", ""))
    assert back.state.loyalty == ()
    assert IndependentSpellbookChanged(BYATIS_BOOK, "Byatis", "", "correction") in back.events


def test_the_spellbook_alone_is_taken_away_and_given_back() -> None:
    state = accepted(game(), k.SetLoyalty("Byatis", BG, spellbook=True)).state
    without = accepted(state, k.SetLoyalty("Byatis", BG, spellbook=False))
    assert ind.holder(without.state, "Byatis") == BG and not ind.has_book(without.state, BG, "Byatis")
    assert [type(e).__name__ for e in without.events] == ["CorrectionMade", "IndependentSpellbookChanged"]
    assert describe(without.events[0]) == "Correction: Black Goat holds the Byatis Loyalty Card, without its Spellbook."
    assert ind.has_book(accepted(without.state, k.SetLoyalty("Byatis", BG, spellbook=True)).state, BG, "Byatis")


def test_an_unknown_card_or_player_is_refused_with_a_stable_code_and_nothing_changes() -> None:
    state = game()
    refused(state, k.SetLoyalty("Cthugha", BG), Code.BAD_VALUE)  # no Loyalty Card at all
    said = refused(state, k.SetLoyalty("Gug", BG), Code.NOT_NOW).message  # a card, not in this game
    assert said == "Gug is not in this game (its Loyalty Cards: Byatis, Abhoth, Ghast)."
    refused(started(), k.SetLoyalty("Ghast", BG), Code.NOT_NOW)  # a game without independents
    refused(state, k.SetLoyalty("Ghast", "tcho_tcho"), Code.UNKNOWN_PLAYER)
    refused(state, k.SetLoyalty("Ghast", NEUTRAL), Code.UNKNOWN_PLAYER)
    refused(state, k.SetLoyalty("Ghast", ""), Code.BAD_VALUE)  # already in the supply
    refused(state, k.SetLoyalty("Ghast", BG, spellbook=True), Code.BAD_VALUE)  # a monster's card has none
    refused(state, k.SetLoyalty("Byatis", "", spellbook=True), Code.BAD_VALUE)  # none held in the supply
    refused(game(abilities=False), k.SetLoyalty("Byatis", BG, spellbook=True), Code.NOT_NOW)


def test_the_correction_is_journaled_and_undone_through_a_session() -> None:
    session = GameSession.start(SqliteJournal(":memory:"), "g", new_game(options=Options(abilities=True, independents=CARDS)))
    assert isinstance(session, GameSession)
    before = session.state.loyalty
    assert session.submit(parse_command({"type": "set_loyalty", "card": "Abhoth", "holder": CC, "spellbook": True})).ok
    assert ind.has_book(session.state, CC, "Abhoth") and ind.holder(session.state, "Abhoth") == CC
    assert session.submit(c.Undo()).ok
    assert session.state.loyalty == before


def test_a_neutral_unit_is_refused_without_abhoth_in_the_game() -> None:
    """Neutral units are Abhoth's Filth, left when he is lost: no Abhoth, no neutral units."""
    filth = c.Place(NEUTRAL, c.UnitRef("Europe", UnitKind.MONSTER, ind.FILTH, 1))
    for options in (Options(), Options(abilities=True, independents=("Byatis", "Ghast"))):
        said = refused(started(options=options), filth, Code.NOT_NOW).message
        assert "Abhoth is not in it" in said and "Place the units for the player who owns them." in said
    placed = apply(game(), filth)  # with Abhoth in the game, his lost Filth are placed
    assert isinstance(placed, Accepted)
    europe = placed.state.board.area_index("Europe")
    assert europe is not None and placed.state.areas[europe].count(owner=NEUTRAL, name=ind.FILTH) == 1


def test_with_abhoth_in_the_game_only_his_filth_are_placed_neutral() -> None:
    """Abhoth in the game makes his lost Filth neutral, not any unit: a neutral Deep One, Acolyte,
    Ghast or Abhoth himself has no owner's box to come from (review of set_loyalty)."""
    state = game()
    for kind, name in (
        (UnitKind.MONSTER, "Deep One"),
        (UnitKind.CULTIST, "Acolyte"),
        (UnitKind.MONSTER, "Ghast"),
        (UnitKind.IGOO, "Abhoth"),
    ):
        said = refused(state, c.Place(NEUTRAL, c.UnitRef("Europe", kind, name, 1)), Code.NOT_NOW).message
        assert f"No {name} is neutral in this game" in said and "Place the units for the player who owns them." in said


def test_the_filth_are_twelve_in_all_neutral_or_not() -> None:
    """One box of twelve Filth (factions.md section 12), whoever holds them: Abhoth's owner's and
    the neutral ones together."""
    state = game()
    held = apply(state, c.Place(CC, c.UnitRef("Europe", UnitKind.MONSTER, ind.FILTH, 10)))
    assert isinstance(held, Accepted)
    two = apply(held.state, c.Place(NEUTRAL, c.UnitRef("Asia", UnitKind.MONSTER, ind.FILTH, 2)))
    assert isinstance(two, Accepted)
    said = refused(two.state, c.Place(NEUTRAL, c.UnitRef("Asia", UnitKind.MONSTER, ind.FILTH, 1)), Code.NO_SUCH_UNITS).message
    assert said == "There are 12 Filth in all, neutral or not; 13 would be in play."
    refused(two.state, c.Place(GC, c.UnitRef("Asia", UnitKind.MONSTER, ind.FILTH, 1)), Code.NO_SUCH_UNITS)


def test_yuggoths_neutral_slime_molds_are_placed_by_correction_six_at_most() -> None:
    """An abandoned Overlook gate leaves the Slime Molds neutral (cthulhu-wars.md section 2.2): the
    table enters them as no player's on Yuggoth, with or without Abhoth; not on Earth."""
    slime = c.Place(NEUTRAL, c.UnitRef("Slopes of the Pyramid North", UnitKind.MONSTER, k.SLIME_MOLD, 6))
    placed = apply(started("yuggoth-demo"), slime)
    assert isinstance(placed, Accepted), placed
    refused(placed.state, slime, Code.NO_SUCH_UNITS)
    earth = c.Place(NEUTRAL, c.UnitRef("Europe", UnitKind.MONSTER, k.SLIME_MOLD, 1))
    assert "No Slime Mold is neutral in this game" in refused(started(), earth, Code.NOT_NOW).message


def test_a_card_does_not_leave_its_figures_on_the_map() -> None:
    """Abhoth on the map is his card's holder's: his card is not put back in the supply nor given
    to another player while he stands there (a Great Old One of nobody's, his Filth left with an
    owner who lost him). Eliminated by correction, his card goes back and his Filth turn neutral
    (Lost Abhoth); then the card is given."""
    state = accepted(game(), k.SetLoyalty("Abhoth", CC)).state
    for ref in (c.UnitRef("Europe", UnitKind.IGOO, "Abhoth", 1), c.UnitRef("Asia", UnitKind.MONSTER, ind.FILTH, 2)):
        placed = apply(state, c.Place(CC, ref))
        assert isinstance(placed, Accepted), placed
        state = placed.state
    for holder in ("", BG):
        said = refused(state, k.SetLoyalty("Abhoth", holder), Code.NOT_NOW).message
        assert said.startswith("Abhoth is on the map as Crawling Chaos's, and the card goes with its figures")
    lost = apply(state, c.Eliminate(CC, c.UnitRef("Europe", UnitKind.IGOO, "Abhoth", 1)))
    assert isinstance(lost, Accepted), lost
    assert ind.holder(lost.state, "Abhoth") == ""
    asia = lost.state.board.area_index("Asia")
    assert asia is not None and lost.state.areas[asia].count(owner=NEUTRAL, name=ind.FILTH) == 2
    assert ind.holder(accepted(lost.state, k.SetLoyalty("Abhoth", BG)).state, "Abhoth") == BG


def test_a_neutral_monsters_card_stays_with_its_figures_too() -> None:
    state = accepted(game(), k.SetLoyalty("Ghast", CC)).state
    placed = apply(state, c.Place(CC, c.UnitRef("Asia", UnitKind.MONSTER, "Ghast", 4)))
    assert isinstance(placed, Accepted), placed
    refused(placed.state, k.SetLoyalty("Ghast", BG), Code.NOT_NOW)  # else Black Goat summons four more
