"""The High Priests option (factions.md section 13), driven through commands: the High Priest's
recruit, combat (Frenzy), gates and capture, Unspeakable Oath (and Passion), Bubastis' Power,
Tcho-Tcho's start and Hierophants' every-faction clause; without the option nothing changes."""

from __future__ import annotations

from typing import Any

from companion.engine import Code, State, legal_commands
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.actions import capture_offers
from companion.engine.cthulhu.corrections import SetCaptured
from companion.engine.cthulhu.events import PowerGathered
from companion.engine.cthulhu.factions import high_priests as hp
from companion.engine.cthulhu.factions.high_priests import KeepHighPriest, SacrificeHighPriest
from companion.engine.cthulhu.factions.powers import ChooseSpellbook, UseAbility
from companion.engine.cthulhu.model import Faction, Options, Phase, PromptKind, UnitKind
from tests.engine.cthulhu.factions.common import BB, BG, CC, GC, TT, YS, count, dice
from tests.engine.cthulhu.factions.kit import turn
from tests.engine.cthulhu.factions.tcho_tcho_kit import owing
from tests.helpers import clear_board, events_of, rejected, run, set_board, set_players, started

A, M, G = "cultist", "monster", "goo"
HP = "High Priest"
CORE3 = (Faction.GREAT_CTHULHU, Faction.CRAWLING_CHAOS, Faction.BLACK_GOAT)


def hp_game(factions: tuple[Faction, ...] = CORE3, options: Options | None = None, **areas: dict[str, Any]) -> State:
    """Earth (3 players) with the High Priests option (and the abilities); the board cleared,
    then ``areas`` set; the first seat to act with 10 Power."""
    state = started("earth-3p", factions, options=options or Options(abilities=True, high_priests=True))
    state = set_board(clear_board(state), **areas)
    return turn(state, factions[0].value)


def recruit_priest(pid: str, area: str) -> c.Recruit:
    return c.Recruit(pid, area, 3, unit=HP)


# -- the unit: recruit, pool, combat, gates, capture ------------------------------------------------


def test_high_priest_is_recruited_like_an_acolyte_for_3() -> None:
    state = hp_game(Asia={"units": [(GC, A, "Acolyte", 1)]})
    assert recruit_priest(GC, "Asia") in list(legal_commands(state))
    assert recruit_priest(GC, "Africa") not in list(legal_commands(state))  # beside its units only
    state = run(state, recruit_priest(GC, "Asia"))
    assert count(state, "Asia", GC, HP) == 1 and state.player(GC).power == 7


def test_high_priest_one_per_faction_and_never_for_less_than_3() -> None:
    state = hp_game(Asia={"units": [(GC, A, "Acolyte", 1), (GC, A, HP, 1)]})
    assert rejected(state, recruit_priest(GC, "Asia")).code is Code.NO_SUCH_UNITS
    assert recruit_priest(GC, "Asia") not in list(legal_commands(state))
    state = hp_game(Asia={"units": [(GC, A, "Acolyte", 1)]})
    assert rejected(state, c.Recruit(GC, "Asia", 1, unit=HP)).code is Code.BAD_VALUE


def test_high_priest_is_not_an_acolyte_for_the_acolyte_pool() -> None:
    state = hp_game(Asia={"units": [(GC, A, "Acolyte", 5), (GC, A, HP, 1)]})
    assert c.Recruit(GC, "Asia") in list(legal_commands(state))  # the sixth Acolyte is still in the pool
    assert count(run(state, c.Recruit(GC, "Asia")), "Asia", GC, "Acolyte") == 6


def test_high_priest_without_the_option_is_refused() -> None:
    state = hp_game(options=Options(abilities=True), Asia={"units": [(GC, A, "Acolyte", 1)]})
    assert rejected(state, recruit_priest(GC, "Asia")).code is Code.NOT_NOW
    assert not any(isinstance(cmd, c.Recruit) and cmd.unit for cmd in legal_commands(state))


def test_high_priest_combat_0_and_1_with_frenzy() -> None:
    areas: dict[str, Any] = {"Asia": {"units": [(BG, A, HP, 1), (GC, M, "Deep One", 1)]}}
    state = hp_game(**areas)
    assert dice(state, "Asia", BG, GC) == 0
    state = set_players(state, **{BG: {"spellbooks": ("Frenzy",)}})
    assert dice(state, "Asia", BG, GC) == 1


def test_high_priest_builds_and_controls_gates() -> None:
    state = hp_game(Asia={"units": [(GC, A, HP, 1)]}, Europe={"gate": "abandoned", "units": [(CC, A, HP, 1)]})
    assert c.ControlGate(CC, "Europe") not in list(legal_commands(state))  # not its turn
    assert c.BuildGate(GC, "Asia") in list(legal_commands(state))
    state = run(state, c.BuildGate(GC, "Asia"))
    asia = state.areas[state.board.area_index("Asia") or 0]
    assert asia.gate is not None and asia.gate.controller == GC


def test_high_priest_captured_is_held_until_gather_power_and_cannot_capture() -> None:
    areas: dict[str, Any] = {"Asia": {"units": [(CC, A, HP, 1), (GC, M, "Deep One", 1), (GC, A, HP, 1)]}}
    state = run(hp_game(**areas), c.Capture(GC, "Asia", CC))
    assert count(state, "Asia", CC, HP) == 0 and state.player(GC).captured == (CC,)
    # Captured: not in its owner's pool until the captor's Gather Power.
    state = turn(state, CC)
    state = set_board(state, Europe={"units": [(CC, A, "Acolyte", 1)]})
    assert rejected(state, recruit_priest(CC, "Europe")).code is Code.NO_SUCH_UNITS
    # A High Priest cannot capture: alone with an enemy Acolyte, no capture.
    state = hp_game(Asia={"units": [(GC, A, HP, 1), (CC, A, "Acolyte", 1)]})
    assert rejected(state, c.Capture(GC, "Asia", CC)).code is Code.NO_SUCH_UNITS


def test_capture_the_victims_choice_of_cultist_is_named_and_offered_one_per_name() -> None:
    areas: dict[str, Any] = {"Asia": {"units": [(CC, A, "Acolyte", 2), (CC, A, HP, 1), (GC, M, "Deep One", 1)]}}
    state = hp_game(**areas)
    asia = state.board.area_index("Asia")
    assert asia is not None
    offered = list(capture_offers(state, GC, asia))
    assert offered == [c.Capture(GC, "Asia", CC, unit="Acolyte"), c.Capture(GC, "Asia", CC, unit=HP)]
    taken = run(state, c.Capture(GC, "Asia", CC, unit=HP))
    assert count(taken, "Asia", CC, HP) == 0 and count(taken, "Asia", CC, "Acolyte") == 2
    assert hp.held_by(taken, GC) == (CC,) and taken.player(GC).captured == (CC,)  # held as a High Priest
    # No unit named: the first cultist there, as journals written before the field replay.
    first = run(state, c.Capture(GC, "Asia", CC))
    assert count(first, "Asia", CC, "Acolyte") == 1 and count(first, "Asia", CC, HP) == 1
    # The unit named must be a cultist of the victim there.
    for name in ("Deep One", "Nightgaunt"):
        refusal = rejected(state, c.Capture(GC, "Asia", CC, unit=name))
        assert refusal.code is Code.NO_SUCH_UNITS and name in refusal.message


def gathered_parts(state: State) -> dict[str, dict[str, int]]:
    """Every seat passes at 0 Power: the Gather Power lines of each player, by label (without
    the count of its sources, "captured cultist(s)")."""
    state = set_players(state, **{p.pid: {"power": 0} for p in state.players})
    events = events_of(state, c.Pass(state.prompt.actor))
    return {e.player: {p.label.lstrip("0123456789 "): p.amount for p in e.parts} for e in events if isinstance(e, PowerGathered)}


def test_high_priest_gives_power_like_a_cultist() -> None:
    state = hp_game(Asia={"units": [(CC, A, HP, 1), (CC, A, "Acolyte", 1)]})
    assert gathered_parts(state)[CC]["cultist(s)"] == 2


def test_high_priest_captured_goes_home_at_gather_power() -> None:
    areas: dict[str, Any] = {
        "Asia": {"units": [(CC, A, HP, 1), (GC, M, "Deep One", 1)]},
        "Europe": {"units": [(CC, A, "Acolyte", 1)]},
    }
    state = run(hp_game(**areas), c.Capture(GC, "Asia", CC))
    assert state.abilities.boxed  # held on Great Cthulhu's card
    parts = gathered_parts(state)
    assert parts[GC]["captured cultist(s)"] == 1 and parts[CC]["cultist(s)"] == 1
    state = set_players(state, **{p.pid: {"power": 0} for p in state.players})
    state = run(state, c.Pass(state.prompt.actor))
    assert state.phase is not Phase.ACTION and not state.abilities.boxed and state.player(GC).captured == ()


# -- Unspeakable Oath --------------------------------------------------------------------------------


def test_unspeakable_oath_sacrifices_the_high_priest_for_2_power_and_the_turn_goes_on() -> None:
    state = hp_game(Asia={"units": [(GC, A, HP, 1), (GC, A, "Acolyte", 1)]})
    assert SacrificeHighPriest(GC, "Asia") in list(legal_commands(state))
    state = run(state, SacrificeHighPriest(GC, "Asia"))
    assert count(state, "Asia", GC, HP) == 0 and state.player(GC).power == 12
    assert state.prompt.kind is PromptKind.ACTION and state.prompt.actor == GC
    assert "12 Power" in state.prompt.text
    # Back in the pool: it may be recruited again.
    assert recruit_priest(GC, "Asia") in list(legal_commands(state))


def test_unspeakable_oath_at_the_end_of_another_players_action() -> None:
    state = hp_game(Asia={"units": [(CC, A, HP, 1)]})
    before = state.player(CC).power
    assert state.prompt.actor == GC
    state = run(state, SacrificeHighPriest(CC, "Asia"))  # out of turn, between actions
    assert state.player(CC).power == before + 2 and count(state, "Asia", CC, HP) == 0
    assert state.prompt.actor == GC and state.prompt.kind is PromptKind.ACTION


def test_unspeakable_oath_in_the_doom_phase_may_pay_for_the_ritual() -> None:
    state = hp_game(options=Options(high_priests=True), Asia={"gate": GC, "units": [(GC, A, HP, 1)]})
    state = set_players(state, **{p.pid: {"power": 0} for p in state.players})
    state = run(state, c.Pass(GC), c.ChooseDirection(GC, "clockwise"))  # Great Cthulhu gathers 3: first
    assert state.prompt.kind is PromptKind.RITUAL and state.prompt.actor == GC  # asked: it has the Oath
    assert state.player(GC).power == 3 and "ritual" not in state.prompt.choices  # the Ritual costs 5
    assert SacrificeHighPriest(GC, "Asia") in list(legal_commands(state))
    state = run(state, SacrificeHighPriest(GC, "Asia"))
    assert state.player(GC).power == 5 and "ritual" in state.prompt.choices


def test_unspeakable_oath_needs_a_high_priest_there_and_the_option() -> None:
    state = hp_game(Asia={"units": [(GC, A, "Acolyte", 1)]})
    assert rejected(state, SacrificeHighPriest(GC, "Asia")).code is Code.NOT_NOW
    state = hp_game(options=Options(abilities=True), Asia={"units": [(GC, A, HP, 1)]})
    assert rejected(state, SacrificeHighPriest(GC, "Asia")).code is Code.NOT_NOW
    assert not any(isinstance(cmd, SacrificeHighPriest) for cmd in legal_commands(state))


def test_passion_is_not_due_for_yellow_signs_own_unspeakable_oath() -> None:
    seats = (Faction.YELLOW_SIGN, Faction.GREAT_CTHULHU, Faction.CRAWLING_CHAOS)
    state = hp_game(seats, Asia={"units": [(YS, A, HP, 1), (YS, A, "Acolyte", 1)]})
    state = set_players(state, **{YS: {"spellbooks": ("Passion",)}})
    state = run(state, SacrificeHighPriest(YS, "Asia"))
    assert state.player(YS).power == 12  # 2, and no Passion's 1


# -- Bubastis, Tcho-Tcho -----------------------------------------------------------------------------


def test_bubastis_gains_1_power_each_gather_power_instead() -> None:
    seats = (Faction.GREAT_CTHULHU, Faction.BUBASTIS, Faction.CRAWLING_CHAOS)

    def gathered(options: Options) -> int:
        state = started("earth-3p", seats, options=options)
        state = set_players(state, **{p.pid: {"power": 0} for p in state.players})
        state = run(state, c.Pass(state.prompt.actor))
        return state.player(BB).power

    assert gathered(Options(high_priests=True)) == gathered(Options()) + 1
    state = turn(started("earth-3p", seats, options=Options(high_priests=True)), BB)
    assert not any(isinstance(cmd, c.Recruit) for cmd in legal_commands(state))


def test_tcho_tcho_starts_with_one_acolyte_replaced_by_a_high_priest() -> None:
    seats = (Faction.TCHO_TCHO, Faction.GREAT_CTHULHU, Faction.CRAWLING_CHAOS)
    with_option = started("earth-3p", seats, options=Options(high_priests=True))
    start = with_option.player(TT).start_area
    assert with_option.areas[start].count(owner=TT, name="Acolyte") == 5
    assert with_option.areas[start].count(owner=TT, name=HP) == 1
    without = started("earth-3p", seats)
    assert without.areas[without.player(TT).start_area].count(owner=TT, name="Acolyte") == 6


def test_hierophants_with_high_priests_every_faction_places_a_high_priest_at_a_gate() -> None:
    seats = (Faction.TCHO_TCHO, Faction.GREAT_CTHULHU, Faction.CRAWLING_CHAOS)
    options = Options(abilities=True, tribes=True, high_priests=True)
    state = started("earth-3p", seats, options=options)
    state = run(state, UseAbility(TT, "Tsang"))
    areas: dict[str, Any] = {
        "Asia": {"gate": TT, "units": [(TT, A, "Acolyte", 1)]},
        "Europe": {"gate": GC, "units": [(GC, A, "Acolyte", 1)]},
        "Africa": {"units": [(CC, A, "Acolyte", 1)]},
    }
    state = turn(set_board(clear_board(state), **areas), TT)
    state = run(owing(state, "Earn an Elder Sign"), c.Recruit(TT, "Asia"))
    state = run(state, ChooseSpellbook(TT, "Hierophants"))
    for _ in range(3):  # one question each at most; a single choice is asked too
        if state.prompt.kind is not PromptKind.ABILITY:
            break
        state = run(state, UseAbility(state.prompt.actor, state.prompt.choices[0]))
    assert count(state, "Europe", GC, HP) == 1  # at its gate
    assert count(state, "Africa", CC, HP) == 1  # no gate: where its units are
    assert count(state, "Asia", TT, HP) == 1  # Tcho-Tcho's own, as before


def test_hierophants_without_high_priests_places_only_tcho_tchos() -> None:
    seats = (Faction.TCHO_TCHO, Faction.GREAT_CTHULHU, Faction.CRAWLING_CHAOS)
    state = run(started("earth-3p", seats, options=Options(abilities=True, tribes=True)), UseAbility(TT, "Tsang"))
    areas: dict[str, Any] = {
        "Asia": {"gate": TT, "units": [(TT, A, "Acolyte", 1)]},
        "Europe": {"gate": GC, "units": [(GC, A, "Acolyte", 1)]},
    }
    state = turn(set_board(clear_board(state), **areas), TT)
    state = run(owing(state, "Earn an Elder Sign"), c.Recruit(TT, "Asia"), ChooseSpellbook(TT, "Hierophants"))
    assert count(state, "Europe", GC, HP) == 0 and count(state, "Asia", TT, HP) == 1


# -- the Oath's question before the first player is named ---------------------------------------------


def gathered_to_first_player(cthulhu_acolytes: int) -> State:
    """High Priests on, no abilities: Great Cthulhu gathers 3 (its High Priest, its gate in Asia)
    and ``cthulhu_acolytes`` more, Crawling Chaos 4 (four Acolytes), Black Goat the catch-up."""
    areas: dict[str, Any] = {
        "Asia": {"gate": GC, "units": [(GC, A, HP, 1), (GC, A, "Acolyte", cthulhu_acolytes)]},
        "Europe": {"units": [(CC, A, "Acolyte", 4)]},
    }
    state = hp_game(options=Options(high_priests=True), **areas)
    state = set_players(state, **{p.pid: {"power": 0} for p in state.players})
    return run(state, c.Pass(GC))


def test_unspeakable_oath_is_asked_before_the_first_player_when_it_could_make_it_first() -> None:
    state = gathered_to_first_player(0)
    assert state.prompt.kind is PromptKind.OATH and state.prompt.actor == GC
    assert state.player(GC).power == 3 and state.player(CC).power == 4
    assert set(legal_commands(state)) == {KeepHighPriest(GC), SacrificeHighPriest(GC, "Asia")}
    sworn = run(state, SacrificeHighPriest(GC, "Asia"))
    assert sworn.player(GC).power == 5 and sworn.first == sworn.seat(GC)  # first with its 5
    assert sworn.prompt.kind is not PromptKind.OATH  # asked once
    kept = run(state, KeepHighPriest(GC))
    assert kept.player(GC).power == 3 and kept.first == kept.seat(CC) and kept.prompt.kind is not PromptKind.OATH


def test_unspeakable_oath_is_not_asked_when_it_cannot_change_the_first_player() -> None:
    state = gathered_to_first_player(3)  # Great Cthulhu leads with 6 already
    assert state.prompt.kind is not PromptKind.OATH and state.first == state.seat(GC)
    areas: dict[str, Any] = {"Asia": {"units": [(GC, A, HP, 1)]}, "Europe": {"units": [(CC, A, "Acolyte", 6)]}}
    state = set_players(
        hp_game(options=Options(high_priests=True), **areas), **{GC: {"power": 0}, CC: {"power": 0}, BG: {"power": 0}}
    )
    state = run(state, c.Pass(GC))  # 1 against 6: 2 more cannot reach
    assert state.prompt.kind is not PromptKind.OATH


def test_hierophants_counts_a_captured_tcho_tcho_high_priest_out_of_its_pool() -> None:
    seats = (Faction.TCHO_TCHO, Faction.GREAT_CTHULHU, Faction.CRAWLING_CHAOS)
    options = Options(abilities=True, tribes=True, high_priests=True)
    state = run(started("earth-3p", seats, options=options), UseAbility(TT, "Tsang"))
    areas: dict[str, Any] = {
        "Asia": {"gate": TT, "units": [(TT, A, "Acolyte", 1), (TT, A, HP, 2)]},
        "Africa": {"units": [(TT, A, HP, 1), (GC, M, "Deep One", 1)]},
    }
    state = run(turn(set_board(clear_board(state), **areas), GC), c.Capture(GC, "Africa", TT))
    state = turn(state, TT, books=("Hierophants",))
    state = run(owing(state, "Earn an Elder Sign", "Own 3 Elder Signs"), c.Recruit(TT, "Asia"))
    growth = state.growth
    state = run(state, ChooseSpellbook(TT, "Terror"))
    assert count(state, "Asia", TT, HP) == 2 and state.growth == growth + 1  # none left: Growth instead


# -- the corrections: the pool of one, set_captured --------------------------------------------------


def test_high_priest_placed_by_correction_is_checked_against_its_pool_of_one() -> None:
    state = hp_game(Asia={"units": [(GC, A, HP, 1)]})
    second = c.Place(GC, c.UnitRef("Europe", UnitKind.CULTIST, HP, 1))
    refusal = rejected(state, second)
    assert refusal.code is Code.NO_SUCH_UNITS and "eliminate the one in play first" in refusal.message
    assert rejected(state, c.Place(GC, c.UnitRef("Asia", UnitKind.CULTIST, HP, 1))).code is Code.NO_SUCH_UNITS
    assert rejected(hp_game(), c.Place(GC, c.UnitRef("Europe", UnitKind.CULTIST, HP, 2))).code is Code.NO_SUCH_UNITS
    run(hp_game(), second)  # the one in the pool may be placed
    # Held captured counts too: Crawling Chaos' one is on Great Cthulhu's card.
    captured = run(hp_game(Asia={"units": [(CC, A, HP, 1), (GC, M, "Deep One", 1)]}), c.Capture(GC, "Asia", CC))
    assert rejected(captured, c.Place(CC, c.UnitRef("Europe", UnitKind.CULTIST, HP, 1))).code is Code.NO_SUCH_UNITS
    # Without the option the correction is left as it was (a table playing the expansion by hand).
    plain = hp_game(options=Options(abilities=True), Asia={"units": [(GC, A, HP, 1)]})
    assert count(run(plain, second), "Europe", GC, HP) == 1


def test_set_captured_records_a_captured_high_priest() -> None:
    state = hp_game(Europe={"units": [(CC, A, "Acolyte", 1)]})
    held = run(state, SetCaptured(GC, (CC, CC), high_priests=(CC,)))
    assert held.player(GC).captured == (CC, CC) and hp.held_by(held, GC) == (CC,) and hp.captive(held, CC) == 1
    assert rejected(turn(held, CC), recruit_priest(CC, "Europe")).code is Code.NO_SUCH_UNITS  # not in its pool
    parts = gathered_parts(held)
    assert parts[GC]["captured cultist(s)"] == 2
    released = run(held, SetCaptured(GC, (CC,), high_priests=()))
    assert hp.captive(released, CC) == 0
    run(turn(released, CC), recruit_priest(CC, "Europe"))
    # A second High Priest (one on the map already), and one not among the victims, are refused.
    on_map = set_board(state, Asia={"units": [(CC, A, HP, 1)]})
    assert rejected(on_map, SetCaptured(GC, (CC,), high_priests=(CC,))).code is Code.NO_SUCH_UNITS
    assert rejected(state, SetCaptured(GC, (CC,), high_priests=(BG,))).code is Code.BAD_VALUE
    plain = hp_game(options=Options(abilities=True))
    assert rejected(plain, SetCaptured(GC, (CC,), high_priests=(CC,))).code is Code.NOT_NOW


def test_set_captured_without_high_priests_keeps_those_held_among_the_victims() -> None:
    areas: dict[str, Any] = {"Asia": {"units": [(CC, A, HP, 1), (GC, M, "Deep One", 1)]}}
    state = run(hp_game(**areas), c.Capture(GC, "Asia", CC))
    assert hp.held_by(state, GC) == (CC,)  # the capture keeps its captor
    kept = run(state, SetCaptured(GC, (CC, BG)))
    assert hp.held_by(kept, GC) == (CC,) and kept.player(GC).captured == (CC, BG)
    freed = run(state, SetCaptured(GC, (BG,)))
    assert hp.captive(freed, CC) == 0
