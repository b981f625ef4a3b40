"""The Astral Acolyte: one test per rule sentence of ../shared/rules/astral-acolyte.txt, named after
it, and both of its examples step by step.  Earth (3 players) unless a case needs Primeval
(``primeval-demo``) or Shaggai (``shaggai-demo``), both invented layouts.
"""

from __future__ import annotations

from companion.engine import Code, State
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.acolyte import (
    AcolyteControlChanged,
    AcolyteEliminated,
    AcolyteGateIdle,
    AcolytePlaced,
    AcolyteUnused,
    PlaceAcolyte,
)
from companion.engine.cthulhu.events import PowerGathered
from companion.engine.cthulhu.model import (
    ERADICATED,
    GLACIER,
    Acolyte,
    AcolyteStatus,
    Gate,
    Options,
    Phase,
    PromptKind,
    UnitKind,
    Worms,
)
from companion.engine.cthulhu.primeval import GlacierPlaced, PlaceGlacier
from companion.engine.values import evolve
from tests.helpers import CORE3, events_of, rejected, run, set_board, started, to_end_of_doom_phase

GC, CC, BG = "great_cthulhu", "crawling_chaos", "black_goat"
WITH_ACOLYTE = Options(astral_acolyte=True)


def game(map_name: str = "earth-3p") -> State:
    return started(map_name, CORE3, options=WITH_ACOLYTE)


def index(state: State, name: str) -> int:
    found = state.board.area_index(name)
    assert found is not None
    return found


def with_acolyte(state: State, area: str, controller: str = "") -> State:
    """The Acolyte already placed in ``area`` (the board around it set by the test)."""
    return evolve(state, acolyte=Acolyte(AcolyteStatus.PLACED, index(state, area), controller))


through_first_doom_phase = to_end_of_doom_phase


# -- the option and its placement ---------------------------------------------------------------


def test_all_players_must_agree_to_its_use_before_the_start_of_the_game() -> None:
    assert started().acolyte is None
    assert game().acolyte == Acolyte(AcolyteStatus.WAITING)


def test_at_the_end_of_the_first_doom_phase_the_first_player_places_it_in_any_area_with_no_other_units() -> None:
    state = through_first_doom_phase(game())
    assert state.prompt.kind is PromptKind.ACOLYTE and state.prompt.actor == GC
    occupied = {"South Pacific", "Asia", "Africa"}
    assert set(state.prompt.choices) == {a.name for a in state.board.areas} - occupied
    events = events_of(state, PlaceAcolyte(GC, "Europe"))
    assert AcolytePlaced("Europe", GC, "first Doom Phase") in events
    state = run(state, PlaceAcolyte(GC, "Europe"))
    assert state.acolyte == Acolyte(AcolyteStatus.PLACED, index(state, "Europe"), "")
    assert state.phase is Phase.ACTION


def test_if_no_such_area_exists_do_not_place_the_astral_acolyte_this_game() -> None:
    state = game()
    for area in state.board.areas:
        state = set_board(state, **{area.name.replace(" ", "_"): {"units": [(BG, "cultist", "Acolyte", 1)]}})
    state = set_board(state, South_Pacific={"gate": GC, "units": [(GC, "cultist", "Acolyte", 6)]})
    state = set_board(state, Asia={"gate": CC, "units": [(CC, "cultist", "Acolyte", 6)]})
    passing = state
    while passing.prompt.kind is PromptKind.ACTION:
        passing = run(passing, c.Pass(passing.prompt.actor))
    if passing.prompt.kind is PromptKind.FIRST_PLAYER:
        passing = run(passing, c.ChooseFirstPlayer(passing.prompt.actor, passing.prompt.choices[0]))
    command = c.ChooseDirection(passing.prompt.actor, "clockwise")
    state = run(passing, command)
    events: list[object] = []
    while state.prompt.kind is PromptKind.RITUAL:
        skip = c.SkipRitual(state.prompt.actor)
        events += events_of(state, skip)
        state = run(state, skip)
    assert AcolyteUnused("no area without units at the end of the first Doom Phase") in events
    assert state.acolyte is not None and state.acolyte.status is AcolyteStatus.UNUSED


# -- How to use the Astral Acolyte ----------------------------------------------------------------


def test_it_cannot_be_captured_eliminated_or_targeted_in_battle_spellbooks_or_abilities() -> None:
    state = with_acolyte(set_board(game(), Europe={"units": [(GC, "monster", "Starspawn", 1)]}), "Europe", GC)
    unit = c.UnitRef("Europe", UnitKind.CULTIST, "Astral Acolyte")
    commands = [
        c.Eliminate("astral_acolyte", unit),
        c.Retreat("astral_acolyte", unit, "Asia"),
        c.Place("astral_acolyte", unit),
        c.Capture(GC, "Europe", "astral_acolyte"),
        c.BattleAction(GC, "Europe", "astral_acolyte", 3, 0),
    ]
    for command in commands:
        refusal = rejected(state, command)
        assert refusal.code is Code.UNTOUCHABLE and "cannot be captured, eliminated, targeted" in refusal.message


def test_in_an_area_with_a_gate_it_sits_on_the_gate_replacing_any_other_unit() -> None:
    state = set_board(game(), Europe={"gate": BG, "units": [(BG, "cultist", "Acolyte", 1), (CC, "monster", "Nightgaunt", 1)]})
    state = with_acolyte(state, "Europe")
    state = run(state, c.Correct(BG, "power", 8))  # any command: control is evaluated after it
    assert state.areas[index(state, "Europe")].gate == Gate(CC, acolyte=True)  # the Nightgaunt outranks the cultist
    assert state.acolyte is not None and state.acolyte.controller == CC


def test_its_controller_earns_power_and_doom_for_its_controlled_gate() -> None:
    state = set_board(game(), Europe={"gate": GC, "units": [(CC, "monster", "Nightgaunt", 1)]})
    state = run(with_acolyte(state, "Europe"), c.Correct(CC, "doom", 0))
    state = run(state, c.Pass(GC), c.Pass(CC))
    events = events_of(state, c.Pass(BG))
    chaos = next(e for e in events if isinstance(e, PowerGathered) and e.player == CC)
    assert ("2 controlled gate(s)", 4) in [(p.label, p.amount) for p in chaos.parts]  # Asia and Europe


def test_its_controller_can_move_it_with_a_normal_move_action() -> None:
    state = set_board(game(), Europe={"units": [(GC, "monster", "Starspawn", 1)]})
    state = run(with_acolyte(state, "Europe"), c.Correct(GC, "power", 8))
    assert state.acolyte is not None and state.acolyte.controller == GC
    units = (c.UnitRef("Europe", UnitKind.MONSTER, "Starspawn"),)
    state = run(state, c.Move(GC, "Asia", units, acolyte=True))
    assert state.acolyte is not None and state.acolyte.area == index(state, "Asia")
    assert state.player(GC).power == 8 - 2  # the Starspawn and the Acolyte
    # Asia: Crawling Chaos's six Acolytes and its gate; Great Cthulhu's Starspawn outranks them.
    assert state.acolyte.controller == GC and state.areas[index(state, "Asia")].gate == Gate(GC, acolyte=True)


def test_only_its_controller_may_move_it() -> None:
    state = with_acolyte(set_board(game(), Europe={"units": [(BG, "monster", "Ghoul", 1)]}), "Europe", BG)
    refusal = rejected(state, c.Move(GC, "Europe", (c.UnitRef("South Pacific", UnitKind.CULTIST),), acolyte=True))
    assert refusal.code is Code.NOT_CONTROLLER


def test_its_controller_can_summon_using_the_gate_it_holds() -> None:
    state = set_board(game(), Europe={"gate": CC, "units": [(GC, "monster", "Starspawn", 1), (CC, "cultist", "Acolyte", 1)]})
    state = run(with_acolyte(state, "Europe"), c.Correct(GC, "power", 8))
    state = run(state, c.Summon(GC, "Europe", "Deep One", 1))
    assert state.areas[index(state, "Europe")].count(owner=GC, name="Deep One") == 1


# -- How to Control the Astral Acolyte ------------------------------------------------------------


def control_with(*units: tuple[str, str, str, int]) -> str:
    state = with_acolyte(set_board(game(), Europe={"units": list(units)}), "Europe")
    state = run(state, c.Correct(GC, "power", 8))
    assert state.acolyte is not None
    return state.acolyte.controller


def test_the_player_with_the_highest_ranking_unit_in_the_area_controls_it() -> None:
    assert control_with((GC, "goo", "Cthulhu", 1), (BG, "igoo", "Abhoth", 1)) == GC
    assert control_with((BG, "igoo", "Abhoth", 1), (CC, "terror", "Hunting Horror", 1)) == BG
    assert control_with((CC, "terror", "Hunting Horror", 1), (GC, "monster", "Starspawn", 3)) == CC
    assert control_with((GC, "monster", "Deep One", 1), (BG, "cultist", "Acolyte", 5)) == GC


def test_with_no_other_units_or_a_tie_between_ranked_units_no_player_controls_it() -> None:
    assert control_with() == ""
    assert control_with((GC, "monster", "Starspawn", 1), (BG, "monster", "Ghoul", 1), (CC, "cultist", "Acolyte", 1)) == ""
    assert control_with(("neutral", "monster", "Slime Mold", 2)) == ""  # neutral units belong to no player


def test_uncontrolled_its_gate_is_not_abandoned_and_gives_no_power_to_any_player() -> None:
    state = run(with_acolyte(set_board(game(), Europe={"gate": "abandoned"}), "Europe"), c.Correct(GC, "power", 8))
    assert state.areas[index(state, "Europe")].gate == Gate(None, acolyte=True)
    state = run(state, c.Pass(GC), c.Pass(CC))
    events = events_of(state, c.Pass(BG))
    assert AcolyteGateIdle("Europe") in events
    gathered = {e.player: e.total for e in events if isinstance(e, PowerGathered)}
    assert gathered == {GC: 8, CC: 8, BG: 8}  # no "abandoned gates" Power for anyone


def test_uncontrolled_it_stays_on_top_of_the_gate_and_cannot_be_removed() -> None:
    state = set_board(
        game(), Europe={"gate": "abandoned", "units": [(GC, "cultist", "Acolyte", 1), (BG, "cultist", "Acolyte", 1)]}
    )
    state = run(with_acolyte(state, "Europe"), c.Correct(GC, "power", 8))
    assert rejected(state, c.ControlGate(GC, "Europe")).code is Code.NO_GATE


def test_when_it_or_other_units_move_control_may_change_at_the_end_of_that_action() -> None:
    # Example 1: Great Cthulhu holds it with a Starspawn; Black Goat moves Abhoth in.
    state = set_board(game(), Europe={"units": [(GC, "monster", "Starspawn", 1)]}, Asia={"units": [(BG, "igoo", "Abhoth", 1)]})
    state = run(with_acolyte(state, "Europe", GC), c.Pass(GC), c.Pass(CC))
    events = events_of(state, c.Move(BG, "Europe", (c.UnitRef("Asia", UnitKind.IGOO, "Abhoth"),)))
    assert AcolyteControlChanged("Europe", GC, BG) in events


def test_example_2_control_passes_at_the_end_of_the_battle_with_necrophagy() -> None:
    state = set_board(
        game(),
        Europe={"units": [(GC, "monster", "Starspawn", 1)]},
        Asia={"units": [(BG, "monster", "Mi-go", 1)]},
        Africa={"gate": BG, "units": [(BG, "monster", "Ghoul", 1)]},
    )
    state = run(with_acolyte(state, "Europe", GC), c.Pass(GC), c.Pass(CC))
    # Black Goat moves in with a Mi-go: Starspawn and Mi-go tie as monsters.
    events = events_of(state, c.Move(BG, "Europe", (c.UnitRef("Asia", UnitKind.MONSTER, "Mi-go"),)))
    assert AcolyteControlChanged("Europe", GC, "") in events
    state = run(state, c.Move(BG, "Europe", (c.UnitRef("Asia", UnitKind.MONSTER, "Mi-go"),)))
    state = run(state, c.Correct(BG, "power", 5), c.BattleAction(BG, "Europe", GC, 1, 3))
    state = run(state, c.Roll((2,), "tower"), c.Roll((6, 1, 1), "tower"))  # the Mi-go scores nothing and is Killed
    events = events_of(state, c.Eliminate(BG, c.UnitRef("Europe", UnitKind.MONSTER, "Mi-go")))
    assert AcolyteControlChanged("Europe", "", GC) in events
    state = run(state, c.Eliminate(BG, c.UnitRef("Europe", UnitKind.MONSTER, "Mi-go")))
    # Necrophagy sends a Ghoul in; the Starspawn must take the Pain (the Acolyte cannot) and retreats.
    ghoul = (c.UnitRef("Africa", UnitKind.MONSTER, "Ghoul"),)
    state = run(state, c.AbilityMove(BG, "Necrophagy", "Europe", ghoul, teleport=True))
    events = events_of(state, c.Retreat(GC, c.UnitRef("Europe", UnitKind.MONSTER, "Starspawn"), "Asia"))
    assert AcolyteControlChanged("Europe", "", BG) in events  # Black Goat seizes it


# -- Special Cases ------------------------------------------------------------------------------


def test_primeval_map_a_glacier_appearing_on_its_gate_bumps_it_off_the_gate() -> None:
    state = game("primeval-demo")
    state = set_board(state, Mu={"gate": GC, "units": [(GC, "monster", "Deep One", 1)]})
    state = run(with_acolyte(state, "Mu"), c.Correct(GC, "power", 8))
    assert state.areas[index(state, "Mu")].gate == Gate(GC, acolyte=True)
    state = through_first_doom_phase(evolve(state, glaciers_begun=True))
    assert state.prompt.kind is PromptKind.GLACIER and "Mu" in state.prompt.choices
    events = events_of(state, PlaceGlacier(GC, "Mu"))
    assert GlacierPlaced("Mu", True, GC) in events
    state = run(state, PlaceGlacier(GC, "Mu"))
    assert state.areas[index(state, "Mu")].gate == Gate(None)  # abandoned under the ice
    assert state.acolyte is not None and state.acolyte.controller == GC  # still controlled, off the gate


def test_primeval_first_doom_phase_glaciers_cover_every_start_area() -> None:
    state = through_first_doom_phase(started("primeval-demo"))
    for area in ("Pacific Deep", "Lemuria", "Atlantis"):
        assert GLACIER in state.areas[index(state, area)].markers
        assert state.areas[index(state, area)].gate == Gate(None)  # counts as abandoned
    assert rejected(state, c.ControlGate(GC, "Pacific Deep")).code is Code.NOT_NOW


def test_primeval_later_the_first_player_places_two_glaciers_on_glyph_areas() -> None:
    state = through_first_doom_phase(evolve(started("primeval-demo"), glaciers_begun=True))
    assert state.prompt.kind is PromptKind.GLACIER and state.prompt.actor == GC
    assert "Lemuria" not in state.prompt.choices  # no glacier glyph there
    state = run(state, PlaceGlacier(GC, "Thule"))
    assert state.prompt.kind is PromptKind.GLACIER and "Thule" not in state.prompt.choices
    state = run(state, PlaceGlacier(GC, "Gondwana"))
    assert state.phase is Phase.ACTION


def test_primeval_a_gate_built_under_a_glacier_is_covered_at_once() -> None:
    state = started("primeval-demo")
    mu = index(state, "Mu")
    state = state.with_area(mu, evolve(state.areas[mu], markers=(GLACIER,)))
    state = set_board(state, Mu={"units": [(GC, "cultist", "Acolyte", 1)], "markers": [GLACIER]})
    state = run(state, c.BuildGate(GC, "Mu"))
    assert state.areas[mu].gate == Gate(None)


def shaggai_with_acolyte(area: str) -> State:
    state = started("shaggai-demo", CORE3, options=WITH_ACOLYTE)
    state = with_acolyte(state, area)
    return through_first_doom_phase(evolve(state, acolyte=evolve(state.acolyte, status=AcolyteStatus.PLACED)))


def test_shaggai_in_a_newly_eradicated_area_the_first_player_moves_it_to_an_existing_adjacent_area() -> None:
    state = shaggai_with_acolyte("The Worm that Gnaws in the Night")
    state = run(state, c.Roll((1, 2, 2), "tower"))  # worm 1 strikes the Acolyte's area
    assert state.prompt.kind is PromptKind.ACOLYTE and state.prompt.actor == GC
    assert set(state.prompt.choices) == {"Glass Wastes", "Temple of Xada-Hgla", "Ash Fields", "Conical Towers"}
    state = run(state, PlaceAcolyte(GC, "Ash Fields"))
    assert state.acolyte is not None and state.acolyte.area == index(state, "Ash Fields")
    assert state.acolyte.controller == CC  # Crawling Chaos's Acolytes are there
    assert state.prompt.kind is PromptKind.PLACE  # then the new Worms are placed


def test_shaggai_surrounded_by_eradicated_areas_it_is_eliminated_the_only_way() -> None:
    state = shaggai_with_acolyte("The Worm that Gnaws in the Night")
    for name in ("Glass Wastes", "Temple of Xada-Hgla", "Ash Fields", "Conical Towers"):
        i = index(state, name)
        state = state.with_area(i, evolve(state.areas[i], markers=(ERADICATED,), units=(), gate=None))
    state = evolve(state, worms=Worms(((index(state, "The Worm that Gnaws in the Night"), 1),), (2, 3, 4, 5, 6)))
    events = events_of(state, c.Roll((1, 2, 2), "tower"))
    assert (
        AcolyteEliminated("The Worm that Gnaws in the Night", "its eradicated area is surrounded by eradicated areas") in events
    )
    state = run(state, c.Roll((1, 2, 2), "tower"))
    assert state.acolyte == Acolyte(AcolyteStatus.ELIMINATED)
