"""Bubastis (factions.md section 9): roster combat, Bastet's awakening."""

from __future__ import annotations

from fractions import Fraction

from companion.engine import Code, State, legal_commands
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.events import BattleRolled, DoomGained, Part, PowerGathered
from companion.engine.cthulhu.factions.bubastis import PAY_2, BubastisPays, Catnapping
from companion.engine.cthulhu.factions.powers import UseAbility
from companion.engine.cthulhu.model import GLACIER, MOON, Faction, Gate, Options, PromptKind, UnitKind
from companion.engine.cthulhu.odds import battle_odds
from tests.engine.cthulhu.factions.common import BB, CC, GC, count, dice, game
from tests.engine.cthulhu.factions.kit import turn
from tests.helpers import events_of, pass_round, rejected, run, set_board, set_players, started, to_end_of_doom_phase

CATS = [(BB, "monster", "Earth Cat", 2), (BB, "monster", "Cat from Mars", 1), (BB, "monster", "Cat from Saturn", 1)]


def test_combat_earth_cat_0_mars_1_saturn_2_uranus_3() -> None:
    state = game(Faction.BUBASTIS, Asia={"units": [*CATS, (BB, "monster", "Cat from Uranus", 1), (CC, "cultist", "Acolyte", 1)]})
    assert dice(state, "Asia", BB, CC) == 0 + 1 + 2 + 3


def test_bastet_needs_one_cat_of_each_variety_and_an_area_without_enemies() -> None:
    state = game(Faction.BUBASTIS, Asia={"units": CATS}, Europe={"units": [(CC, "cultist", "Acolyte", 1)]})
    assert "Cat from Uranus" in rejected(state, c.Awaken(BB, "Asia", "Bastet")).message
    state = game(
        Faction.BUBASTIS,
        Asia={"units": [*CATS, (BB, "monster", "Cat from Uranus", 1)]},
        Europe={"units": [(CC, "cultist", "Acolyte", 1)]},
    )
    assert rejected(state, c.Awaken(BB, "Europe", "Bastet")).code is Code.NOT_NOW
    state = run(state, c.Awaken(BB, "Asia", "Bastet"))
    assert state.player(BB).power == 14 and count(state, "Asia", BB, "Bastet") == 1


def test_bastet_rolls_no_dice_but_scores_a_kill_and_cancels_one_of_the_enemys() -> None:
    units = [(BB, "goo", "Bastet", 1), (BB, "monster", "Cat from Mars", 1), (CC, "monster", "Flying Polyp", 2)]
    state = run(game(Faction.BUBASTIS, Asia={"units": units}), c.BattleAction(BB, "Asia", CC))
    assert state.prompt.dice == 1  # the Cat from Mars only
    odds = battle_odds(state)
    assert odds is not None and odds.attacker[2] == 1 and odds.defender[2] == Fraction(1, 36)  # two 6s on 2 dice
    events = events_of(run(state, c.Roll((1,), "tower")), c.Roll((6, 1), "tower"))
    assert BattleRolled("Asia", BB, CC, 1, 0, 0, 0) in events  # her Kill lands; the enemy's one 6 is cancelled


# -- set-up: the Moon (factions.md section 9) --------------------------------------------------

BB_SEATS = (Faction.BUBASTIS, Faction.GREAT_CTHULHU, Faction.CRAWLING_CHAOS)


def bb_game(abilities: bool = True) -> State:
    """Earth (3 players), Bubastis beside Great Cthulhu and Crawling Chaos, after set-up; Bubastis'
    action with its 8 Power."""
    return turn(started("earth-3p", BB_SEATS, options=Options(abilities=abilities)), BB, power=8)


def test_bubastis_starts_with_six_earth_cats_on_the_moon_which_is_its_gate() -> None:
    state = bb_game()
    moon = state.board.area_index(MOON)
    assert moon == len(state.board.areas) - 1
    area = state.areas[moon]
    assert area.count(owner=BB, name="Earth Cat") == 6 and area.gate is not None and area.gate.controller == BB
    assert state.player(BB).power == 8 and state.player(BB).start_area == moon
    assert not any(a.count(owner=BB, name="Acolyte") for a in state.areas)


def test_bubastis_cats_leave_the_moon_for_any_area_and_the_moon_gate_stays_bubastis() -> None:
    state = bb_game()
    assert state.prompt.actor == BB
    far = "Arctic Ocean"
    state = run(state, c.Move(BB, groups=(c.MoveGroup(MOON, far, UnitKind.MONSTER, "Earth Cat", 6),)))
    moon = state.board.area_index(MOON)
    assert moon is not None and state.areas[moon].gate == Gate(BB) and count(state, far, BB, "Earth Cat") == 6


def test_only_bubastis_moves_onto_the_moon() -> None:
    state = turn(bb_game(), GC)
    pid = GC
    home = state.area_name(state.player(pid).start_area)
    assert (
        rejected(state, c.Move(pid, groups=(c.MoveGroup(home, MOON, UnitKind.CULTIST, "Acolyte", 1),))).code is Code.NOT_ADJACENT
    )
    assert not [m for m in legal_commands(state) if isinstance(m, c.Move) and m.groups[0].to == MOON]


def test_bubastis_recruits_no_acolytes() -> None:
    state = bb_game()
    assert rejected(state, c.Recruit(BB, MOON)).code is Code.NO_SUCH_UNITS
    assert not [m for m in legal_commands(state) if isinstance(m, c.Recruit)]


def test_each_cat_gives_1_power_at_gather_power() -> None:
    state = bb_game(abilities=False)
    events = pass_round(state)[1]
    gathered = next(e for e in events if isinstance(e, PowerGathered) and e.player == BB)
    assert Part("cats", 6) in gathered.parts and Part("1 controlled gate(s)", 2) in gathered.parts


def test_requirement_pay_2_power_as_an_action() -> None:
    state = bb_game()
    assert BubastisPays(BB) in list(legal_commands(state))
    state = run(state, BubastisPays(BB))
    assert ("bubastis", PAY_2) in state.abilities.met and state.prompt.kind is PromptKind.SPELLBOOK


def test_requirement_no_earth_cats_on_the_moon() -> None:
    state = bb_game()
    state = run(state, c.Move(BB, groups=(c.MoveGroup(MOON, "Arctic Ocean", UnitKind.MONSTER, "Earth Cat", 6),)))
    assert (BB, "No Earth Cats on the Moon") in state.abilities.met


def test_ailurophobia_one_doom_per_cat_variety_among_enemies() -> None:
    state = bb_game()
    state = set_players(state, **{BB: {"spellbooks": ("Ailurophobia",)}})
    state = set_board(
        state,
        Asia={"units": [(BB, "monster", "Earth Cat", 2), (BB, "monster", "Cat from Mars", 1), (CC, "cultist", "Acolyte", 1)]},
    )
    events = pass_round(state)[1]
    assert any(isinstance(e, DoomGained) and e.player == BB and e.reason == "Ailurophobia" and e.amount == 2 for e in events)


def test_primeval_first_glaciers_leave_the_moon_and_its_gate_alone() -> None:
    state = started("primeval-demo", BB_SEATS)
    state = to_end_of_doom_phase(state)
    moon = state.board.area_index(MOON)
    assert moon is not None and state.glaciers_begun
    assert GLACIER not in state.areas[moon].markers and state.areas[moon].gate == Gate(BB)
    assert any(GLACIER in state.areas[p.start_area].markers for p in state.players if p.pid != BB)


def test_savagery_pay_1_for_4_more_dice_per_cat_from_saturn() -> None:
    state = bb_game()
    state = set_players(state, **{BB: {"spellbooks": ("Savagery",)}})
    units = [(BB, "monster", "Cat from Saturn", 2), (CC, "cultist", "Acolyte", 1)]
    state = run(set_board(state, Asia={"units": units}), c.BattleAction(BB, "Asia", CC))
    assert state.prompt.kind is PromptKind.ABILITY and state.prompt.choices == ("use", "skip")
    used = run(state, UseAbility(BB, "use"))
    assert used.prompt.kind is PromptKind.ROLL and used.prompt.dice == 2 * 2 + 2 * 4
    assert used.player(BB).power == 8 - 1 - 1  # the battle, then Savagery
    assert run(state, UseAbility(BB, "skip")).prompt.dice == 4


def test_catnapping_sends_an_enemys_units_in_bastets_area_to_the_moon_and_their_way_back_pays_bubastis() -> None:
    state = set_players(bb_game(), **{BB: {"spellbooks": ("Catnapping",)}})
    units = [(BB, "goo", "Bastet", 1), (CC, "cultist", "Acolyte", 2), (CC, "monster", "Nightgaunt", 1)]
    state = set_board(state, Asia={"gate": CC, "units": units})
    assert Catnapping(BB, (CC,)) in list(legal_commands(state))
    state = run(state, Catnapping(BB, (CC,)))
    assert count(state, MOON, CC, "Acolyte") == 2 and count(state, MOON, CC, "Nightgaunt") == 1
    assert count(state, "Asia", BB, "Bastet") == 1 and state.player(BB).power == 7
    state = turn(state, CC, power=5)
    back = c.Move(CC, groups=(c.MoveGroup(MOON, "Europe", UnitKind.CULTIST, "Acolyte", 2),))
    assert c.Move(CC, groups=(c.MoveGroup(MOON, "Europe", UnitKind.CULTIST, "Acolyte", 1),)) in list(legal_commands(state))
    bb_power = state.player(BB).power
    state = run(state, back)
    assert count(state, "Europe", CC, "Acolyte") == 2 and state.player(BB).power == bb_power + 2
