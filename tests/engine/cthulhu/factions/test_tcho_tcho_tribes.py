"""Tcho-Tcho's tribes and the Spellbooks beyond Hierophants and Soulless (factions.md section 10;
the card texts read in docs/rules-notes.md), each driven through commands, with a refusal that
changes nothing."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.engine import Code, Command, State, legal_commands
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.abilities import open_requirements
from companion.engine.cthulhu.events import RitualPerformed
from companion.engine.cthulhu.factions.powers import ChooseSpellbook, UseAbility
from companion.engine.cthulhu.factions.tcho_tcho import (
    BOOST,
    REDUCE,
    DarkRituals,
    Doomsday,
    Idolatry,
    Surprise,
)
from companion.engine.cthulhu.model import Faction, Options, Phase, PromptKind, UnitKind
from tests.engine.cthulhu.factions.common import CC, GC, TT, count
from tests.engine.cthulhu.factions.kit import already, turn
from tests.engine.cthulhu.factions.tcho_tcho_kit import owing, tt_game
from tests.helpers import events_of, rejected, run, set_board, set_players, started

A, M, G = "cultist", "monster", "goo"


def unchanged(state: State, command: Command, code: Code = Code.NOT_NOW) -> None:
    """``command`` is refused with ``code`` (so nothing changed), and not offered either."""
    assert rejected(state, command).code is code
    assert command not in list(legal_commands(state))


def ritual_turn(state: State, pid: str = TT, power: int = 20) -> State:
    """The Doom Phase, ``pid`` asked whether to perform the ritual."""
    seat = state.seat(pid)
    assert seat is not None
    prompt = replace(state.prompt, kind=PromptKind.RITUAL, actor=pid, choices=("ritual", "skip_ritual"))
    return replace(state.with_player(seat, power=power), phase=Phase.DOOM, prompt=prompt)


# -- the tribe -----------------------------------------------------------------------------------


def test_tribe_is_asked_at_the_start_and_the_spellbooks_offered_are_the_shared_three_and_the_tribes() -> None:
    state = tt_game(tribe="Leng", Asia={"gate": TT, "units": [(TT, A, "Acolyte", 1)]})
    assert state.tribe == "Leng"
    state = run(owing(turn(state, TT), "Earn an Elder Sign"), c.Recruit(TT, "Asia"))
    assert state.prompt.kind is PromptKind.SPELLBOOK
    assert set(state.prompt.choices) == {"Hierophants", "Soulless", "Terror", "Dark Rituals", "Fulmination", "Surprise!"}
    unchanged(state, ChooseSpellbook(TT, "Idolatry"), Code.NOT_A_CHOICE)  # a Tsang book


def test_tribe_question_refuses_an_unknown_tribe() -> None:
    seats = (Faction.TCHO_TCHO, Faction.GREAT_CTHULHU, Faction.CRAWLING_CHAOS)
    state = started("earth-3p", seats, options=Options(abilities=True, tribes=True))
    assert state.prompt.purpose == "Tribe" and set(state.prompt.choices) == {"Tsang", "Leng", "Sarkomand"}
    unchanged(state, UseAbility(TT, "Yuggoth"), Code.NOT_A_CHOICE)
    assert not state.tribe


# -- Terror and Otherworld Alliances -------------------------------------------------------------------


def terror_battle(choice: str) -> State:
    area = {"units": [(TT, M, "Proto-Shoggoth", 2), (GC, M, "Shoggoth", 2)]}
    state = turn(tt_game(North_Pacific=area), TT, books=("Terror",))
    state = run(state, c.BattleAction(TT, "North Pacific", GC))
    assert state.prompt.kind is PromptKind.ABILITY and set(state.prompt.choices) == {REDUCE, BOOST}
    unchanged(state, UseAbility(TT, "both"), Code.NOT_A_CHOICE)
    return run(state, UseAbility(TT, choice))


def test_terror_cuts_the_enemys_combat_by_one_per_proto_shoggoth() -> None:
    state = terror_battle(REDUCE)
    assert state.battle is not None and (state.battle.attacker_dice, state.battle.defender_dice) == (2, 2)
    assert state.prompt.kind is PromptKind.ROLL


def test_terror_or_adds_one_per_proto_shoggoth_to_tcho_tchos_combat() -> None:
    state = terror_battle(BOOST)
    assert state.battle is not None and (state.battle.attacker_dice, state.battle.defender_dice) == (4, 4)


def test_otherworld_alliances_gives_tcho_tchos_neutral_monsters_one_more_combat() -> None:
    area = {"units": [(TT, M, "Proto-Shoggoth", 1), (TT, M, "Ghast", 2), (GC, A, "Acolyte", 1)]}
    without = run(turn(tt_game(North_Pacific=area), TT), c.BattleAction(TT, "North Pacific", GC))
    assert without.battle is not None and without.battle.attacker_dice == 1  # Ghasts roll 0
    state = turn(tt_game(tribe="Sarkomand", North_Pacific=area), TT, books=("Otherworld Alliances",))
    state = run(state, c.BattleAction(TT, "North Pacific", GC))
    assert state.battle is not None and state.battle.attacker_dice == 3  # the Proto-Shoggoth's 1 is not raised


# -- Tablets of the Gods and Inerrant --------------------------------------------------------------------


def test_tablets_of_the_gods_an_elder_sign_per_gate_with_a_high_priest_then_every_high_priest_goes() -> None:
    board: dict[str, Any] = {
        "Arctic Ocean": {"gate": TT, "units": [(TT, A, "High Priest", 2)]},
        "Europe": {"gate": TT, "units": [(TT, A, "High Priest", 1)]},
        "Asia": {"gate": TT, "units": [(TT, A, "Acolyte", 1)]},
        "Africa": {"units": [(TT, A, "High Priest", 1)]},
        "North America": {"gate": CC, "units": [(TT, A, "High Priest", 1), (CC, A, "Acolyte", 1)]},
    }
    state = set_board(tt_game(), **{k.replace(" ", "_"): v for k, v in board.items()})
    state = ritual_turn(set_players(already(state, TT, "Earn an Elder Sign"), **{TT: {"spellbooks": ("Tablets of the Gods",)}}))
    unchanged(state, c.Ritual(GC), Code.NOT_YOUR_TURN)
    events = events_of(state, c.Ritual(TT))
    state = run(state, c.Ritual(TT))
    (ritual,) = [e for e in events if isinstance(e, RitualPerformed)]
    assert len(state.player(TT).elder_signs) == ritual.elder_signs + 3  # three gates with a High Priest (one not its own)
    assert sum(a.count(owner=TT, name="High Priest") for a in state.areas) == 0
    assert count(state, "Asia", TT, "Acolyte") == 1


def test_inerrant_an_elder_sign_per_enemy_gate_where_tcho_tcho_has_a_great_old_one() -> None:
    board: dict[str, Any] = {
        "Asia": {"gate": CC, "units": [(TT, G, "Ubbo-Sathla", 1), (CC, A, "Acolyte", 1)]},
        "Europe": {"gate": TT, "units": [(TT, A, "Acolyte", 1)]},
        "North America": {"gate": CC, "units": [(TT, A, "Acolyte", 1), (CC, A, "Acolyte", 1)]},  # no Great Old One
    }
    game = already(tt_game(tribe="Sarkomand", **board), TT, "Earn an Elder Sign")
    for books, extra in ((("Inerrant",), 1), (("",), 0)):
        state = ritual_turn(set_players(game, **{TT: {"spellbooks": books}}))
        events = events_of(state, c.Ritual(TT))
        state = run(state, c.Ritual(TT))
        (ritual,) = [e for e in events if isinstance(e, RitualPerformed)]
        assert len(state.player(TT).elder_signs) == ritual.elder_signs + extra


# -- Fulmination ---------------------------------------------------------------------------------------------


def fulmination_battle() -> State:
    area = {"units": [(TT, G, "Ubbo-Sathla", 1), (TT, A, "Acolyte", 1), (GC, M, "Shoggoth", 1)]}
    state = already(tt_game(tribe="Leng", North_Pacific=area), TT, "Awaken Ubbo-Sathla", "Earn an Elder Sign")
    state = set_players(state, **{TT: {"spellbooks": ("Fulmination", "")}})
    return run(turn(state, GC), c.BattleAction(GC, "North Pacific", TT), c.Roll((6, 6), "tower"))


def test_fulmination_removes_a_killed_ubbo_sathla_for_good_for_an_elder_sign_per_unit_killed() -> None:
    state = fulmination_battle()
    assert state.prompt.kind is PromptKind.ABILITY and state.prompt.purpose == "Fulmination"
    unchanged(state, UseAbility(GC, "use"), Code.NOT_YOUR_TURN)
    signs = len(state.player(TT).elder_signs)
    state = run(state, UseAbility(TT, "use"))
    assert len(state.player(TT).elder_signs) == signs + 2  # Ubbo-Sathla and the Acolyte were killed
    state = run(
        turn(set_board(state, Asia={"gate": TT, "units": [(TT, A, "High Priest", 1)]}), TT, power=10, books=("Fulmination", ""))
    )
    refused = rejected(state, c.Awaken(TT, "Asia", "Ubbo-Sathla"))
    assert "Fulmination" in refused.message


def test_fulmination_may_be_declined() -> None:
    state = run(fulmination_battle(), UseAbility(TT, "skip"))
    assert not state.player(TT).elder_signs


# -- Dark Rituals, Surprise!, Idolatry, Doomsday ---------------------------------------------------------------


def test_dark_rituals_factions_with_a_high_priest_in_their_start_area_pay_2_power_or_2_doom() -> None:
    board: dict[str, Any] = {
        "South_Pacific": {"units": [(TT, A, "High Priest", 1)]},
        "Asia": {"units": [(TT, A, "High Priest", 1)]},
    }
    state = set_players(tt_game(tribe="Leng", **board), **{GC: {"power": 5, "doom": 1}, CC: {"power": 3, "doom": 4}})
    state = turn(state, TT, power=4, books=("Dark Rituals",))
    assert DarkRituals(TT) in list(legal_commands(state))
    state = run(state, DarkRituals(TT))  # Great Cthulhu can only pay Power: paid at once
    assert state.player(GC).power == 3 and state.player(TT).power == 6
    assert state.prompt.kind is PromptKind.ABILITY and state.prompt.actor == CC and set(state.prompt.choices) == {"power", "doom"}
    state = run(state, UseAbility(CC, "doom"))
    assert state.player(CC).doom == 2 and state.player(TT).doom == 2
    state = turn(state, TT, power=4, books=("Dark Rituals",))
    unchanged(state, DarkRituals(TT))  # face down until the Doom Phase


def test_surprise_an_enemy_eliminates_one_of_its_acolytes_for_a_proto_shoggoth() -> None:
    board: dict[str, Any] = {"Asia": {"units": [(CC, A, "Acolyte", 2)]}, "Europe": {"units": [(CC, A, "Acolyte", 1)]}}
    state = turn(tt_game(tribe="Leng", **board), TT, power=3, books=("Surprise!",))
    unchanged(state, Surprise(TT, GC))  # no Acolyte of Great Cthulhu on the map
    assert Surprise(TT, CC) in list(legal_commands(state))
    state = run(state, Surprise(TT, CC))
    assert state.player(TT).power == 1 and state.prompt.actor == CC and set(state.prompt.choices) == {"Asia", "Europe"}
    state = run(state, UseAbility(CC, "Europe"))
    assert count(state, "Europe", CC, "Acolyte") == 0 and count(state, "Europe", TT, "Proto-Shoggoth") == 1


def test_idolatry_moves_tcho_tchos_units_from_adjacent_areas_into_an_area_with_a_start_glyph() -> None:
    board: dict[str, Any] = {
        "Asia": {"units": [(TT, A, "Acolyte", 2)]},
        "Indian_Ocean": {"units": [(TT, M, "Proto-Shoggoth", 1)]},
    }
    state = turn(tt_game(**board), TT, power=3, books=("Idolatry",))
    refs = (c.UnitRef("Asia", UnitKind.CULTIST, "Acolyte", 2), c.UnitRef("Indian Ocean", UnitKind.MONSTER, "Proto-Shoggoth"))
    unchanged(state, Idolatry(TT, "North Atlantic", refs))  # no start glyph there
    assert Idolatry(TT, "Africa", refs) in list(legal_commands(state))  # Black Goat's glyph: not in play
    state = run(state, Idolatry(TT, "Africa", refs))
    assert count(state, "Africa", TT, "Acolyte") == 2 and count(state, "Africa", TT, "Proto-Shoggoth") == 1
    assert state.player(TT).power == 2


def test_doomsday_places_an_independent_great_old_one_of_cost_2_or_4_free_at_a_gate_once() -> None:
    options = Options(abilities=True, independents=("Byatis", "Daoloth"), tribes=True)
    state = tt_game(tribe="Sarkomand", options=options, Asia={"gate": TT, "units": [(TT, A, "Acolyte", 1)]})
    state = turn(state, TT, power=1, books=("Doomsday",))
    unchanged(state, Doomsday(TT, "Asia", "Daoloth"))  # costs 6
    assert [m for m in legal_commands(state) if isinstance(m, Doomsday)] == [Doomsday(TT, "Asia", "Byatis")]
    state = run(state, Doomsday(TT, "Asia", "Byatis"))
    assert count(state, "Asia", TT, "Byatis") == 1 and ("Byatis", TT) in state.loyalty and state.player(TT).power == 1
    state = turn(state, TT, power=5, books=("Doomsday",))
    assert not [m for m in legal_commands(state) if isinstance(m, Doomsday)]


def test_martyrdom_a_high_priest_killed_turns_the_kills_on_the_other_units_into_pains() -> None:
    area = {"units": [(TT, A, "High Priest", 1), (TT, A, "Acolyte", 2), (TT, M, "Proto-Shoggoth", 1), (GC, M, "Shoggoth", 2)]}
    state = already(tt_game(North_Pacific=area), TT, "Earn an Elder Sign", "Own 3 Elder Signs")
    state = set_players(state, **{TT: {"spellbooks": ("Martyrdom", "")}})
    state = already(state, GC, *open_requirements(state, GC))  # Great Cthulhu's own would interrupt
    state = run(turn(state, GC), c.BattleAction(GC, "North Pacific", TT))
    state = run(state, c.Roll((6, 6, 6, 1), "tower"), c.Roll((1,), "tower"))
    assert state.prompt.kind is PromptKind.ASSIGN_KILL and state.prompt.actor == TT
    state = run(state, c.AssignKill(TT, "Acolyte"), c.AssignKill(TT, "High Priest"), c.AssignKill(TT, "Proto-Shoggoth"))
    assert state.prompt.kind is PromptKind.ABILITY and state.prompt.purpose == "Martyrdom"
    unchanged(state, UseAbility(TT, "North Pacific"), Code.NOT_A_CHOICE)  # the battle's area
    while state.prompt.purpose == "Martyrdom":
        state = run(state, UseAbility(TT, state.prompt.choices[0]))
    on_map = {
        name: sum(a.count(owner=TT, name=name) for a in state.areas) for name in ("High Priest", "Acolyte", "Proto-Shoggoth")
    }
    assert on_map == {"High Priest": 0, "Acolyte": 2, "Proto-Shoggoth": 1}  # only the High Priest died
    assert count(state, "North Pacific", TT, "Acolyte") == 1  # the Acolyte without a Kill stays


def test_martyrdom_without_a_high_priest_killed_changes_nothing() -> None:
    area = {"units": [(TT, A, "High Priest", 1), (TT, A, "Acolyte", 2), (GC, M, "Shoggoth", 1)]}
    state = already(tt_game(North_Pacific=area), TT, "Earn an Elder Sign", "Own 3 Elder Signs")
    state = set_players(state, **{TT: {"spellbooks": ("Martyrdom", "")}})
    state = run(turn(state, GC), c.BattleAction(GC, "North Pacific", TT), c.Roll((6, 1), "tower"))
    state = run(state, c.AssignKill(TT, "Acolyte"))
    assert state.prompt.purpose != "Martyrdom" and count(state, "North Pacific", TT, "Acolyte") == 1
