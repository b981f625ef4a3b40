"""Corrections (Cthulhu Wars): each one journaled, shown in the log as a correction with its
reason, undone and redone through a session; each refused one changes nothing; a game joined in
progress starts from an empty board; Spellbooks have names; old journals still decode."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest

from companion import i18n
from companion.engine import Code, Command, apply, canonical, decode_state, legal_commands, parse_command
from companion.engine.core import Accepted, Rejected
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu import corrections as k
from companion.engine.cthulhu.model import (
    ERADICATED,
    GLACIER,
    AcolyteStatus,
    Direction,
    Faction,
    GameState,
    Options,
    Phase,
    PromptKind,
    UnitKind,
    spellbook_count,
)
from companion.narrate import describe
from companion.session import GameSession
from companion.store import EntryKind
from companion.store.sqlite import SqliteJournal
from tests.helpers import CORE3, new_game, ok, rejected, run, started

GC, CC, BG = "great_cthulhu", "crawling_chaos", "black_goat"
ACOLYTE = UnitKind.CULTIST
GNAWS = "The Worm that Gnaws in the Night"
NAMES = {GC: "Great Cthulhu", CC: "Crawling Chaos", BG: "Black Goat"}


def table(map_name: str = "earth-3p", options: Options | None = None) -> GameSession:
    """A stored game after set-up (start areas: the first offered; play clockwise)."""
    game = GameSession.start(SqliteJournal(":memory:"), "g", new_game(map_name, options=options))
    assert isinstance(game, GameSession)
    while game.state.prompt.kind is PromptKind.START_AREA:
        assert game.submit(c.ChooseStart(game.state.prompt.actor, game.state.prompt.choices[0])).ok
    assert game.submit(c.ChooseDirection(game.state.prompt.actor, "clockwise")).ok
    return game


def area(state: GameState, name: str) -> int:
    found = state.board.area_index(name)
    assert found is not None
    return found


Check = Callable[[GameState], bool]


@dataclass(frozen=True)
class Case:
    command: Command
    check: Check
    map: str = "earth-3p"
    options: Options | None = None
    before: tuple[Command, ...] = ()


REASON = "the table says so"
PHYSICAL_SIGNS = Options(digital_elder_signs=False)

CASES = {
    "power": Case(c.Correct(BG, "power", 15, REASON), lambda s: s.player(BG).power == 15),
    "doom": Case(c.Correct(BG, "doom", 13, REASON), lambda s: s.player(BG).doom == 13),
    "spellbook count": Case(c.Correct(BG, "spellbooks", 2, REASON), lambda s: s.player(BG).spellbooks == ("", "")),
    "hidden elder signs, digital bag": Case(
        c.Correct(BG, "hidden_elder_signs", 3, REASON),
        lambda s: len(s.player(BG).elder_signs) == 3 and sum(s.elder_sign_bag) == 33 and 0 not in s.player(BG).elder_signs,
    ),
    "hidden elder signs, physical": Case(
        c.Correct(BG, "hidden_elder_signs", 2, REASON), lambda s: s.player(BG).elder_signs == (0, 0), options=PHYSICAL_SIGNS
    ),
    "spellbooks by name": Case(
        k.SetSpellbooks(BG, ("Frenzy", "Ghroth"), REASON), lambda s: s.player(BG).spellbooks == ("Frenzy", "Ghroth")
    ),
    "revealed elder signs": Case(
        k.SetRevealedElderSigns(BG, (1, 3), REASON),
        lambda s: s.player(BG).revealed == (1, 3) and s.elder_sign_bag == (17, 12, 5) and s.player(BG).doom == 0,
    ),
    "ritual track": Case(k.SetRitual(3, REASON), lambda s: s.ritual == 3 and s.ritual_cost == 8),
    "first player and direction": Case(
        k.SetFirstPlayer(CC, "counterclockwise", REASON),
        lambda s: s.players[s.first].pid == CC and s.direction is Direction.COUNTERCLOCKWISE,
    ),
    "captured cultists": Case(
        k.SetCaptured(GC, (CC,), REASON),
        lambda s: s.player(GC).captured == (CC,),
        before=(c.Eliminate(CC, c.UnitRef("Asia", ACOLYTE)),),
    ),
    "units placed": Case(
        c.Place(BG, c.UnitRef("Europe", UnitKind.MONSTER, "Ghoul", 2), REASON),
        lambda s: s.areas[area(s, "Europe")].count(owner=BG, name="Ghoul") == 2,
    ),
    "units removed": Case(
        c.Eliminate(CC, c.UnitRef("Asia", ACOLYTE), REASON), lambda s: s.areas[area(s, "Asia")].count(owner=CC) == 5
    ),
    "gate": Case(c.SetGate("Europe", "abandoned", REASON), lambda s: s.areas[area(s, "Europe")].gate is not None),
    "marker placed": Case(
        c.PlaceMarker("Europe", "cathedral", REASON), lambda s: "cathedral" in s.areas[area(s, "Europe")].markers
    ),
    "marker removed": Case(
        c.RemoveMarker("Europe", "cathedral", REASON),
        lambda s: not s.areas[area(s, "Europe")].markers,
        before=(c.PlaceMarker("Europe", "cathedral"),),
    ),
    "worm placed": Case(
        k.SetWorm("Glass Wastes", 4, True, REASON),
        lambda s: s.worms is not None and (area(s, "Glass Wastes"), 4) in s.worms.on_map and 4 not in s.worms.supply,
        map="shaggai-demo",
    ),
    "worm taken back": Case(
        k.SetWorm(GNAWS, 1, False, REASON),
        lambda s: s.worms is not None and s.worms.on_map == () and s.worms.supply[-1] == 1,
        map="shaggai-demo",
    ),
    "eradicated with rewards": Case(
        k.SetEradicated("Ash Fields", True, True, REASON),
        lambda s: (
            ERADICATED in s.areas[area(s, "Ash Fields")].markers
            and not s.areas[area(s, "Ash Fields")].units
            and s.player(CC).power == 8 + 6
            and len(s.player(CC).elder_signs) == 1
        ),
        map="shaggai-demo",
    ),
    "eradicated without rewards": Case(
        k.SetEradicated("Ash Fields", True, False, REASON),
        lambda s: (
            ERADICATED in s.areas[area(s, "Ash Fields")].markers and s.player(CC).power == 8 and not s.player(CC).elder_signs
        ),
        map="shaggai-demo",
    ),
    "area restored": Case(
        k.SetEradicated("Glass Wastes", False, False, REASON),
        lambda s: not s.areas[area(s, "Glass Wastes")].markers,
        map="shaggai-demo",
        before=(k.SetEradicated("Glass Wastes", True, False),),
    ),
    "watcher awake": Case(
        k.SetWatcher(True, 7, "Fungus Plains", REASON),
        lambda s: (
            s.watcher is not None and s.watcher.awake and s.watcher.token == 7 and s.watcher.area == area(s, "Fungus Plains")
        ),
        map="yuggoth-demo",
    ),
    "watcher asleep": Case(
        k.SetWatcher(False, reason=REASON),
        lambda s: s.watcher is not None and not s.watcher.awake and s.watcher.token == 12 and s.watcher.area == -1,
        map="yuggoth-demo",
        before=(k.SetWatcher(True, 5, "Fungus Plains"),),
    ),
    "astral acolyte": Case(
        k.SetAcolyte("Europe", REASON),
        lambda s: s.acolyte is not None and s.acolyte.status is AcolyteStatus.PLACED and s.acolyte.area == area(s, "Europe"),
        options=Options(astral_acolyte=True),
    ),
    "glacier placed": Case(
        k.SetGlacier("Boreal Sea", True, REASON), lambda s: GLACIER in s.areas[area(s, "Boreal Sea")].markers, map="primeval-demo"
    ),
    "glacier taken off": Case(
        k.SetGlacier("Boreal Sea", False, REASON),
        lambda s: GLACIER not in s.areas[area(s, "Boreal Sea")].markers,
        map="primeval-demo",
        before=(k.SetGlacier("Boreal Sea", True),),
    ),
}


@pytest.mark.parametrize("name", list(CASES))
def test_each_correction_is_journaled_logged_undone_and_redone(name: str) -> None:
    case = CASES[name]
    game = table(case.map, case.options)
    for command in case.before:
        assert game.submit(command).ok, command
    before, prompt = canonical(game.state), game.state.prompt
    assert not case.check(game.state)
    result = game.submit(case.command)
    assert isinstance(result, Accepted), result
    assert case.check(game.state)
    assert game.state.prompt == prompt  # a correction takes no turn
    entry = game.journal.last("g")
    assert entry is not None and entry.kind is EntryKind.COMMAND and parse_command_text(entry.command) == case.command
    lines = [line for line in (describe(e, NAMES) for e in result.events) if line]
    assert lines[0].startswith("Correction: ") and lines[0].endswith(f"({REASON}).")
    after = canonical(game.state)
    assert game.submit(c.Undo()).ok and canonical(game.state) == before
    assert game.submit(c.Redo()).ok and canonical(game.state) == after


def parse_command_text(text: str) -> Command:
    return parse_command(json.loads(text))


@dataclass(frozen=True)
class Refused:
    command: Command
    code: Code
    map: str = "earth-3p"
    options: Options | None = None
    before: tuple[Command, ...] = ()


REFUSED = {
    "negative power": Refused(c.Correct(BG, "power", -1), Code.BAD_VALUE),
    "absurd power": Refused(c.Correct(BG, "power", 10**4000), Code.BAD_VALUE),
    "doom over the cap": Refused(c.Correct(BG, "doom", 100), Code.BAD_VALUE),
    "a 7th spellbook": Refused(c.Correct(BG, "spellbooks", 7), Code.BAD_VALUE),
    "more signs than the bag": Refused(c.Correct(BG, "hidden_elder_signs", 37), Code.BAD_VALUE),
    "a reason that is a document": Refused(c.Correct(BG, "power", 3, "x" * 201), Code.BAD_VALUE),
    "an unknown counter": Refused(c.Correct(BG, "luck", 1), Code.BAD_VALUE),
    "an unknown player": Refused(c.Correct("cthulhu", "power", 1), Code.UNKNOWN_PLAYER),
    "more ghouls than the pool": Refused(c.Place(BG, c.UnitRef("Europe", UnitKind.MONSTER, "Ghoul", 3)), Code.NO_SUCH_UNITS),
    "a 7th acolyte": Refused(c.Place(CC, c.UnitRef("Europe", ACOLYTE)), Code.NO_SUCH_UNITS),
    "an absurd stack": Refused(c.Place(BG, c.UnitRef("Europe", UnitKind.MONSTER, "Ghast", 10**6)), Code.BAD_VALUE),
    "a unit in an unknown area": Refused(c.Place(BG, c.UnitRef("Atlantis", UnitKind.MONSTER, "Ghoul")), Code.UNKNOWN_AREA),
    "a unit in an eradicated area": Refused(
        c.Place(BG, c.UnitRef("Glass Wastes", UnitKind.MONSTER, "Ghoul")),
        Code.ERADICATED,
        map="shaggai-demo",
        before=(k.SetEradicated("Glass Wastes", True, False),),
    ),
    "units that are not there": Refused(c.Eliminate(BG, c.UnitRef("Europe", ACOLYTE)), Code.NO_SUCH_UNITS),
    "seven spellbooks": Refused(k.SetSpellbooks(BG, ("",) * 7), Code.BAD_VALUE),
    "a spellbook twice": Refused(k.SetSpellbooks(BG, ("Frenzy", "Frenzy")), Code.BAD_VALUE),
    "an elder sign worth 4": Refused(k.SetRevealedElderSigns(BG, (4,)), Code.BAD_VALUE),
    "seven signs worth 3": Refused(k.SetRevealedElderSigns(BG, (3,) * 7), Code.BAD_VALUE),
    "a ritual space before the track": Refused(k.SetRitual(-1), Code.BAD_VALUE),
    "a ritual space past instant death": Refused(k.SetRitual(7), Code.BAD_VALUE),
    "a direction that is none": Refused(k.SetFirstPlayer(CC, "upwards"), Code.BAD_VALUE),
    "own cultists captured": Refused(k.SetCaptured(GC, (GC,)), Code.BAD_VALUE),
    "a captured 7th acolyte": Refused(k.SetCaptured(GC, (CC,)), Code.NO_SUCH_UNITS),
    "a worm off shaggai": Refused(k.SetWorm("Europe", 2), Code.NOT_NOW),
    "a worm without a number": Refused(k.SetWorm("Glass Wastes", 9), Code.BAD_VALUE, map="shaggai-demo"),
    "a second worm in an area": Refused(k.SetWorm(GNAWS, 2), Code.BAD_VALUE, map="shaggai-demo"),
    "a worm in an eradicated area": Refused(
        k.SetWorm("Glass Wastes", 2), Code.ERADICATED, map="shaggai-demo", before=(k.SetEradicated("Glass Wastes", True, False),)
    ),
    "a restoration with rewards": Refused(
        k.SetEradicated("Glass Wastes", False, True),
        Code.BAD_VALUE,
        map="shaggai-demo",
        before=(k.SetEradicated("Glass Wastes", True, False),),
    ),
    "an eradication twice": Refused(
        k.SetEradicated("Glass Wastes", True, True),
        Code.ERADICATED,
        map="shaggai-demo",
        before=(k.SetEradicated("Glass Wastes", True, False),),
    ),
    "a watcher token of 13": Refused(k.SetWatcher(True, 13, "Fungus Plains"), Code.BAD_VALUE, map="yuggoth-demo"),
    "an asleep watcher on the map": Refused(k.SetWatcher(False, 5, "Fungus Plains"), Code.BAD_VALUE, map="yuggoth-demo"),
    "a watcher off yuggoth": Refused(k.SetWatcher(True, 5, "Europe"), Code.NOT_NOW),
    "an acolyte not in the game": Refused(k.SetAcolyte("Europe"), Code.NOT_NOW),
    "a glacier off primeval": Refused(k.SetGlacier("Europe"), Code.NOT_NOW),
    "an eradication marker by hand": Refused(c.PlaceMarker("Europe", "eradicated"), Code.BAD_VALUE),
    "removing a marker the area does not hold": Refused(c.RemoveMarker("Europe", "cathedral"), Code.BAD_VALUE),
    "removing a marker from no such area": Refused(c.RemoveMarker("Nowhere", "cathedral"), Code.UNKNOWN_AREA),
    "a gate controlled under a glacier": Refused(
        c.SetGate("Boreal Sea", BG),
        Code.BAD_VALUE,
        map="primeval-demo",
        before=(c.Place(BG, c.UnitRef("Boreal Sea", UnitKind.MONSTER, "Ghoul")), k.SetGlacier("Boreal Sea")),
    ),
}


@pytest.mark.parametrize("name", list(REFUSED))
def test_a_refused_correction_says_why_and_changes_nothing(name: str) -> None:
    case = REFUSED[name]
    game = table(case.map, case.options)
    for command in case.before:
        assert game.submit(command).ok, command
    before, seq = canonical(game.state), game.seq
    result = game.submit(case.command)
    assert isinstance(result, Rejected) and result.code is case.code, result
    assert result.message.endswith((".", ")")) and len(result.message) < 200
    assert canonical(game.state) == before and game.seq == seq == game.journal.last("g").seq  # type: ignore[union-attr]


def test_corrections_are_refused_once_the_game_is_over() -> None:
    state = run(started(), c.Correct(BG, "spellbooks", 6), c.Correct(BG, "doom", 30))
    while state.phase is not Phase.GAME_OVER:
        state = run(state, next(iter(legal_commands(state))))
    assert rejected(state, k.SetRitual(1)).code is Code.GAME_OVER


def test_doom_corrected_past_30_triggers_the_end() -> None:
    state = run(started(), c.Correct(BG, "doom", 30))
    assert state.end_trigger == "doom"


def test_the_ritual_marker_set_on_instant_death_triggers_the_end() -> None:
    state = run(started(), k.SetRitual(6))
    assert state.end_trigger == "instant_death"


def test_fewer_hidden_signs_go_back_into_a_digital_bag() -> None:
    state = run(started(), c.Correct(BG, "hidden_elder_signs", 4))
    state = run(state, c.Correct(BG, "hidden_elder_signs", 1))
    assert len(state.player(BG).elder_signs) == 1 and sum(state.elder_sign_bag) == 35


def test_an_empty_digital_bag_refuses_a_draw_rather_than_giving_doom() -> None:
    state = run(started(), k.SetRevealedElderSigns(GC, (1,) * 18 + (2,) * 12 + (3,) * 6))
    assert sum(state.elder_sign_bag) == 0
    assert rejected(state, c.Correct(BG, "hidden_elder_signs", 1)).code is Code.BAD_VALUE


def test_a_worm_placed_by_number_moves_from_where_it_was() -> None:
    state = started("shaggai-demo")
    state = run(state, k.SetWorm("Glass Wastes", 1))
    assert state.worms is not None and state.worms.on_map == ((area(state, "Glass Wastes"), 1),)


def test_eradicating_the_last_areas_by_hand_ends_the_world() -> None:
    state = started("shaggai-demo")
    names = [a.name for a in state.board.areas]
    for name in names[: len(names) - 5]:
        state = run(state, k.SetEradicated(name, True, False))
    assert state.end_trigger == "worlds_end" and state.prompt.kind in (PromptKind.ELDER_SIGN_VALUE, PromptKind.NONE)


def test_moving_the_astral_acolyte_off_its_gate_abandons_it_and_control_follows_the_units() -> None:
    state = started(options=Options(astral_acolyte=True))
    state = run(state, k.SetAcolyte("Africa"))  # Black Goat's start gate, six Acolytes there
    africa = state.areas[area(state, "Africa")]
    assert state.acolyte is not None and state.acolyte.controller == BG
    assert africa.gate is not None and africa.gate.acolyte
    state = run(state, k.SetAcolyte("Europe"))
    gate = state.areas[area(state, "Africa")].gate
    assert gate is not None and gate.abandoned and state.acolyte is not None and state.acolyte.controller == ""


def test_the_eradicated_acolytes_area_is_refused_until_it_is_moved() -> None:
    state = run(started("shaggai-demo", options=Options(astral_acolyte=True)), k.SetAcolyte("Glass Wastes"))
    assert rejected(state, k.SetEradicated("Glass Wastes", True, False)).code is Code.UNTOUCHABLE


def test_the_log_tells_a_correction_once_and_its_consequences_after_it() -> None:
    state = run(started(), c.SetGate("Europe", "abandoned"))
    result = apply(state, c.Place(GC, c.UnitRef("Europe", UnitKind.MONSTER, "Deep One")))
    assert isinstance(result, Accepted)
    assert [describe(e, NAMES) for e in result.events] == ["Correction: Great Cthulhu: 1 Deep One placed in Europe.", None]
    result = apply(state, c.Eliminate(CC, c.UnitRef("Asia", ACOLYTE, count=6), "a Dread Curse"))
    assert isinstance(result, Accepted)
    lines = [line for line in (describe(e, NAMES) for e in result.events) if line]
    assert lines == [
        "Correction: Crawling Chaos: 6 Acolytes removed from Asia (a Dread Curse).",
        "Gate in Asia: abandoned (its controller left).",
    ]


def test_the_preview_sentence_is_the_log_line_without_the_reason() -> None:
    state = started()
    command = c.Place(BG, c.UnitRef("Europe", UnitKind.MONSTER, "Dark Young", 2), "forgot")
    assert k.summary(state, command) == "Black Goat: 2 Dark Young placed in Europe"
    result = apply(state, command)
    assert isinstance(result, Accepted)
    assert describe(result.events[0]) == "Correction: Black Goat: 2 Dark Young placed in Europe (forgot)."


# -- the summaries count what the editor's steppers count -----------------------------------------


TT = "tcho_tcho"
PRIESTS = Options(high_priests=True)


@pytest.mark.parametrize(
    ("victims", "priests", "words"),
    [
        ((), (), "Great Cthulhu holds no captured cultists"),
        ((TT,), (), "Great Cthulhu holds captured 1 cultist of Tcho Tcho"),
        ((TT, TT, BG), (), "Great Cthulhu holds captured 2 cultists of Tcho Tcho, 1 cultist of Black Goat"),
        ((TT,), (TT,), "Great Cthulhu holds captured 1 High Priest of Tcho Tcho"),
        ((TT, TT), (TT, TT), "Great Cthulhu holds captured 2 High Priests of Tcho Tcho"),
        ((TT, TT, TT), (TT,), "Great Cthulhu holds captured 3 cultists (one a High Priest) of Tcho Tcho"),
        ((TT, TT, TT), (TT, TT), "Great Cthulhu holds captured 3 cultists (two of them High Priests) of Tcho Tcho"),
        (
            (BG, TT, BG, TT, TT, TT),
            (TT, TT, BG, TT),
            "Great Cthulhu holds captured 2 cultists (one a High Priest) of Black Goat,"
            " 4 cultists (three of them High Priests) of Tcho Tcho",
        ),
    ],
)
def test_the_captured_summary_counts_each_victims_cultists_and_high_priests(
    victims: tuple[str, ...], priests: tuple[str, ...], words: str
) -> None:
    state = started(factions=(Faction.GREAT_CTHULHU, Faction.TCHO_TCHO, Faction.BLACK_GOAT), options=PRIESTS)
    assert k.summary(state, k.SetCaptured(GC, victims, "", priests)) == words


def test_a_captured_summary_without_high_priests_named_counts_those_still_held() -> None:
    """``high_priests`` absent keeps the High Priests held whose owner is still a victim: the
    words say so, as the board will be."""
    state = run(
        started(options=PRIESTS),
        c.Eliminate(CC, c.UnitRef("Asia", ACOLYTE, count=2)),
        k.SetCaptured(GC, (CC, CC), "", (CC,)),
    )
    assert k.summary(state, k.SetCaptured(GC, (CC, CC, BG))) == (
        "Great Cthulhu holds captured 2 cultists (one a High Priest) of Crawling Chaos, 1 cultist of Black Goat"
    )
    assert k.summary(state, k.SetCaptured(GC, (BG,))) == "Great Cthulhu holds captured 1 cultist of Black Goat"


def test_a_captured_summary_refused_by_the_engine_is_still_said() -> None:
    """The preview shows the words beside the refusal: more High Priests than victims say so."""
    state = started(options=PRIESTS)
    command = k.SetCaptured(GC, (CC,), "", (CC, CC))
    assert k.summary(state, command) == "Great Cthulhu holds captured 1 High Priest of Crawling Chaos"
    assert rejected(state, command).code is Code.BAD_VALUE


def test_the_revealed_signs_summary_counts_the_signs_of_each_value() -> None:
    state = started()
    assert k.summary(state, k.SetRevealedElderSigns(BG, (3, 1, 1))) == (
        "Black Goat has revealed 2 Elder Signs worth 1, 1 Elder Sign worth 3"
    )
    assert k.summary(state, k.SetRevealedElderSigns(BG, ())) == "Black Goat has revealed no Elder Signs"


@pytest.mark.parametrize(
    ("names", "words"),
    [
        ((), "Black Goat holds no Spellbooks"),
        (("",), "Black Goat holds 1 unnamed Spellbook"),
        (("", ""), "Black Goat holds 2 unnamed Spellbooks"),
        (("Frenzy",), "Black Goat holds 1 Spellbook: Frenzy"),
        (("Frenzy", "", "Ghroth", ""), "Black Goat holds 4 Spellbooks: Frenzy, Ghroth, 2 unnamed"),
    ],
)
def test_the_spellbooks_summary_names_the_named_and_counts_the_unnamed(names: tuple[str, ...], words: str) -> None:
    assert k.summary(started(), k.SetSpellbooks(BG, names)) == words


def test_the_ritual_summary_counts_spaces_from_one_and_names_instant_death() -> None:
    state = started()  # three players: 5 6 7 8 9 10, then Instant Death
    assert k.summary(state, k.SetRitual(0)) == "The ritual marker is on space 1 of 7"
    assert k.summary(state, k.SetRitual(6)) == "The ritual marker is on space 7 of 7 (Instant Death)"


@pytest.fixture
def german() -> Iterator[None]:
    i18n.use("de")
    yield
    i18n.use("en")


def test_the_counted_summaries_read_in_german_phrase_by_phrase(german: None) -> None:
    """The stored English summary is matched back to its templates whatever the mix of phrases
    (companion.i18n.sentence): every phrase comes out German, names and numbers kept."""
    english = (
        "Great Cthulhu holds captured 1 cultist of Opener of the Way, 4 cultists (three of them High Priests) of"
        " Tcho-Tcho, 2 High Priests of Crawling Chaos, 3 cultists (one a High Priest) of Black Goat, 6 cultists of Yellow Sign"
    )
    assert i18n.sentence(english) == (
        "Great Cthulhu hält gefangen: 1 Kultist von Opener of the Way, 4 Kultisten (drei davon High Priests) von"
        " Tcho-Tcho, 2 High Priests von Crawling Chaos, 3 Kultisten (einer ein High Priest) von Black Goat, 6 Kultisten von"
        " Yellow Sign"
    )
    assert i18n.sentence("Black Goat has revealed 2 Elder Signs worth 1, 1 Elder Sign worth 3") == (
        "Black Goat hat aufgedeckt: 2 Ältere Zeichen im Wert 1, 1 Älteres Zeichen im Wert 3"
    )
    assert i18n.sentence("Black Goat holds 4 Spellbooks: Frenzy, Ghroth, 2 unnamed") == (
        "Black Goat hält 4 Zauberbücher: Frenzy, Ghroth, 2 ohne Namen"
    )
    assert i18n.sentence("The ritual marker is on space 7 of 7 (Instant Death)") == (
        "Der Ritualmarker steht auf Feld 7 von 7 (Instant Death)"
    )


# -- Spellbooks by name -------------------------------------------------------------------------


def test_a_spellbook_is_gained_by_name_and_an_unnamed_one_still_counts() -> None:
    state = run(started(), c.GainSpellbook(BG, "Frenzy"), c.GainSpellbook(BG))
    assert state.player(BG).spellbooks == ("Frenzy", "") and spellbook_count(state.player(BG)) == 2
    assert rejected(state, c.GainSpellbook(BG, "Frenzy")).code is Code.BAD_VALUE


def test_a_snapshot_from_before_named_spellbooks_decodes_with_unnamed_books() -> None:
    state = run(started(), k.SetSpellbooks(BG, ("", "", "")))
    old = canonical(state).replace('"spellbooks":["","",""]', '"spellbooks":3').replace('"spellbooks":[]', '"spellbooks":0')
    assert '"spellbooks":3' in old
    assert decode_state(old) == state


def test_an_old_journals_corrections_decode_without_a_reason() -> None:
    command = parse_command({"type": "correct", "player": BG, "counter": "spellbooks", "value": 2})
    assert command == c.Correct(BG, "spellbooks", 2, "")
    assert run(started(), command).player(BG).spellbooks == ("", "")
    assert parse_command({"type": "gain_spellbook", "player": BG, "name": ""}) == c.GainSpellbook(BG)


# -- joining a game in progress -----------------------------------------------------------------


def joined(round_: int, phase: Phase, map_name: str = "earth-3p", options: Options | None = None) -> GameState:
    command = c.NewGame(new_game(map_name).board, tuple(c.Seat(f) for f in CORE3), 3, options or Options(), c.Join(round_, phase))
    return ok(apply(None, command))


def test_a_joined_game_starts_from_an_empty_board_and_waits_for_the_table() -> None:
    state = joined(4, Phase.DOOM, "shaggai-demo", Options(astral_acolyte=True))
    assert state.round == 4 and state.phase is Phase.DOOM and state.prompt.kind is PromptKind.JOIN
    assert all(not a.units and a.gate is None for a in state.areas)
    assert all(p.power == 0 and p.doom == 0 for p in state.players)
    assert state.worms is not None and state.worms.on_map == () and state.worms.supply == state.board.worm_numbers
    assert state.acolyte is not None and state.acolyte.status is AcolyteStatus.UNUSED and state.glaciers_begun
    assert list(legal_commands(state)) == [k.BeginPlay()]
    assert rejected(state, c.Pass(GC)).code is Code.NOT_NOW


def test_a_joined_game_is_entered_by_corrections_then_plays_the_named_phase() -> None:
    state = joined(3, Phase.DOOM)
    state = run(
        state,
        c.Place(BG, c.UnitRef("Africa", ACOLYTE, count=3)),
        c.SetGate("Africa", BG),
        c.Correct(BG, "power", 9),
        c.Correct(BG, "doom", 4),
        k.SetFirstPlayer(BG),
    )
    assert state.prompt.kind is PromptKind.JOIN  # corrections leave the join prompt in place
    state = run(state, k.BeginPlay())
    assert state.player(BG).doom == 5  # Doom Phase step 1: one controlled gate
    assert state.prompt.kind is PromptKind.RITUAL and state.prompt.actor == BG
    assert rejected(state, k.BeginPlay()).code is Code.NOT_NOW


def test_a_game_joined_in_the_action_phase_gives_the_first_player_with_power_the_turn() -> None:
    state = run(joined(2, Phase.ACTION), c.Correct(CC, "power", 3))
    state = run(state, k.BeginPlay())
    assert state.prompt.kind is PromptKind.ACTION and state.prompt.actor == CC


def test_a_game_joined_before_the_first_doom_phase_still_places_the_acolyte() -> None:
    state = joined(2, Phase.GATHER_POWER, options=Options(astral_acolyte=True))
    assert state.acolyte is not None and state.acolyte.status is AcolyteStatus.WAITING and not state.glaciers_begun


@pytest.mark.parametrize(("round_", "phase"), [(1, Phase.DOOM), (0, Phase.ACTION), (100, Phase.ACTION), (3, Phase.SETUP)])
def test_a_join_at_a_round_and_phase_that_do_not_exist_is_refused(round_: int, phase: Phase) -> None:
    command = c.NewGame(new_game().board, tuple(c.Seat(f) for f in CORE3), 3, Options(), c.Join(round_, phase))
    result = apply(None, command)
    assert isinstance(result, Rejected) and result.code is Code.BAD_VALUE


def test_a_joined_game_is_stored_and_its_corrections_undone_like_any_other() -> None:
    seats = tuple(c.Seat(f) for f in (Faction.GREAT_CTHULHU, Faction.CRAWLING_CHAOS, Faction.BLACK_GOAT))
    command = c.NewGame(new_game().board, seats, 1, Options(), c.Join(5, Phase.ACTION))
    game = GameSession.start(SqliteJournal(":memory:"), "j", command)
    assert isinstance(game, GameSession)
    assert game.submit(c.Correct(GC, "power", 6, "joined late")).ok
    assert game.submit(c.Undo()).ok and game.state.player(GC).power == 0
    assert game.submit(c.Redo()).ok and game.state.player(GC).power == 6
    assert game.submit(k.BeginPlay()).ok and game.state.prompt.actor == GC
