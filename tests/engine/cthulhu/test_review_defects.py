"""Regression tests for the seven defects found in review (issue 16), each named after it.

Boards: ``earth-3p`` (Great Cthulhu starts in South Pacific, Crawling Chaos in Asia, Black Goat in
Africa), and the shipped ``yuggoth-demo`` and ``shaggai-demo`` layouts (invented boards, NOT the
printed ones) described in test_yuggoth.py and test_shaggai.py.
"""

from __future__ import annotations

import json
from dataclasses import replace

from companion.engine import Code, State, apply, canonical, legal_commands, parse_command
from companion.engine.codec import from_data
from companion.engine.core import Command
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.acolyte import AcolyteMoved
from companion.engine.cthulhu.events import UnitsMoved, UnitsRemoved
from companion.engine.cthulhu.model import (
    ERADICATED,
    Acolyte,
    AcolyteStatus,
    Faction,
    Options,
    Phase,
    PromptKind,
    UnitKind,
    spellbook_count,
)
from companion.engine.cthulhu.shaggai import CosmicSpellbook
from companion.engine.cthulhu.watcher import BattleWatcher, CombatDice, WatcherAwakened, WatcherKilled, WatcherMove
from companion.engine.values import evolve
from companion.session import GameSession, replay
from companion.store.base import Entry
from companion.store.sqlite import SqliteJournal
from tests.engine.cthulhu.shaggai_board import GNAWS, ending_board, eradicated_board, with_worms
from tests.engine.cthulhu.yuggoth_board import NORTH, POSTERN, armed, attacking, awake, complete_attacks, end_action_phase
from tests.helpers import events_of, new_game, rejected, run, set_board, set_players, started

GC, CC, BG, OW = "great_cthulhu", "crawling_chaos", "black_goat", "opener_of_the_way"
CULTIST, MONSTER = UnitKind.CULTIST, UnitKind.MONSTER


def index(state: State, name: str) -> int:
    found = state.board.area_index(name)
    assert found is not None
    return found


def unchanged(state: State, command: Command) -> Code:
    """Apply a command that must be refused; the code (a refusal changes nothing)."""
    before = canonical(state)
    code = rejected(state, command).code
    assert canonical(state) == before
    return Code(code)


# -- 1. A player who kills the Watcher with their own battle_watcher action gets another turn ------


def test_defect_1_killing_the_watcher_with_your_own_battle_action_ends_your_turn() -> None:
    state = complete_attacks(attacking())
    assert state.prompt.kind is PromptKind.ACTION and state.prompt.actor == GC
    state = awake(state, NORTH, token=1)
    state = set_board(state, Slopes_of_the_Pyramid_North={"units": [(GC, "monster", "Starspawn", 1)]})
    power = state.player(GC).power
    state = run(state, BattleWatcher(GC, 3), c.Roll((1,), "tower"))
    kill = c.Roll((6, 1, 1), "tower")
    assert WatcherKilled("battle", NORTH) in events_of(state, kill)
    state = run(state, kill)
    assert state.watcher is not None and not state.watcher.awake
    # One action per turn: the turn passes to Crawling Chaos, Great Cthulhu paid for one battle.
    assert state.prompt.kind is PromptKind.ACTION and state.prompt.actor == CC
    assert state.player(GC).power == power - 1


# -- 2. A Move is one action for any number of units, from any areas, each to its own neighbour -----


def two_armies() -> State:
    """Great Cthulhu's six Acolytes in South Pacific and two Deep Ones in Asia; his turn."""
    return set_board(
        started(),
        South_Pacific={"gate": GC, "units": [(GC, "cultist", "Acolyte", 6)]},
        Asia={"gate": CC, "units": [(CC, "cultist", "Acolyte", 6), (GC, "monster", "Deep One", 2)]},
    )


def test_defect_2_one_move_takes_units_from_several_areas_each_to_an_area_adjacent_to_its_own() -> None:
    state = two_armies()
    move = c.Move(
        GC,
        groups=(
            c.MoveGroup("South Pacific", "North Pacific", CULTIST, count=2),
            c.MoveGroup("South Pacific", "Antarctica", CULTIST),
            c.MoveGroup("Asia", "Europe", MONSTER, "Deep One", 2),
        ),
    )
    events = events_of(state, move)
    assert UnitsMoved(GC, "Asia", "Europe", "monster", "Deep One", 2) in events
    state = run(state, move)
    assert state.areas[index(state, "North Pacific")].count(owner=GC) == 2
    assert state.areas[index(state, "Antarctica")].count(owner=GC) == 1
    assert state.areas[index(state, "Europe")].count(owner=GC, name="Deep One") == 2
    assert state.areas[index(state, "South Pacific")].count(owner=GC) == 3
    assert state.player(GC).power == 8 - 5  # 1 Power per unit moved
    assert state.prompt.actor == CC  # and it was one action


def test_defect_2_each_group_is_checked_against_its_own_area_and_no_unit_moves_twice() -> None:
    state = two_armies()
    far = c.Move(
        GC, groups=(c.MoveGroup("South Pacific", "North Pacific", CULTIST), c.MoveGroup("Asia", "Australia", MONSTER, "Deep One"))
    )
    assert unchanged(state, far) is Code.NOT_ADJACENT
    # Two Acolytes go to North Pacific; the same Move cannot carry them on to the Arctic Ocean.
    twice = c.Move(
        GC,
        groups=(
            c.MoveGroup("South Pacific", "North Pacific", CULTIST, count=2),
            c.MoveGroup("North Pacific", "Arctic Ocean", CULTIST, count=2),
        ),
    )
    assert unchanged(state, twice) is Code.NO_SUCH_UNITS
    short = c.Move(GC, groups=(c.MoveGroup("South Pacific", "North Pacific", CULTIST, count=4),), cost=3)
    assert unchanged(set_players(state, great_cthulhu={"power": 2}), short) is Code.CANNOT_AFFORD


def test_defect_2_the_older_to_and_units_form_is_the_same_move_and_the_forms_do_not_mix() -> None:
    state = two_armies()
    units = (c.UnitRef("South Pacific", CULTIST, count=2), c.UnitRef("Asia", MONSTER, "Deep One"))
    old = run(state, c.Move(GC, "North Pacific", units))
    groups = (
        c.MoveGroup("South Pacific", "North Pacific", CULTIST, count=2),
        c.MoveGroup("Asia", "North Pacific", MONSTER, "Deep One"),
    )
    assert canonical(old) == canonical(run(state, c.Move(GC, groups=groups)))
    mixed = c.Move(GC, "North Pacific", units, groups=groups)
    assert unchanged(state, mixed) is Code.BAD_VALUE
    assert unchanged(state, c.Move(GC)) is Code.BAD_VALUE


def test_defect_2_a_journal_with_the_older_move_shape_still_decodes_and_replays() -> None:
    """A move stored before the groups existed (no ``groups`` or ``acolyte_to`` in its text)."""
    session = GameSession.start(SqliteJournal(":memory:"), "g", new_game(), snapshot_every=4)
    assert isinstance(session, GameSession)
    while session.state.prompt.kind is PromptKind.START_AREA:
        assert session.submit(c.ChooseStart(session.state.prompt.actor, session.state.prompt.choices[0])).ok
    assert session.submit(c.ChooseDirection(GC, "clockwise")).ok
    stored = {
        "type": "move",
        "player": GC,
        "to": "North Pacific",
        "units": [{"area": "South Pacific", "kind": "cultist", "name": "Acolyte", "count": 2}],
        "cost": None,
        "sacrifice": None,
        "acolyte": False,
    }
    assert session.submit(parse_command(stored)).ok
    assert session.state.areas[index(session.state, "North Pacific")].count(owner=GC) == 2
    assert session.submit(c.Pass(CC)).ok
    entries = list(session.journal.entries("g"))
    old_text = json.dumps(stored, sort_keys=True, separators=(",", ":"))
    entries = [replace(e, command=old_text) if json.loads(e.command)["type"] == "move" else e for e in entries]
    assert any(e.command == old_text for e in entries)
    exported = [Entry.from_json(e.to_json()) for e in entries]
    final, differences = replay(exported)
    assert differences == []
    assert canonical(final) == canonical(session.state)


def test_defect_2_on_shaggai_the_whole_move_loses_one_unit_however_many_groups_cross() -> None:
    state = eradicated_board()  # Glass Wastes eradicated; Spires of Shaggai 2 Acolytes, Crimson Steppes a Deep One
    move = c.Move(
        GC,
        groups=(
            c.MoveGroup("Spires of Shaggai", GNAWS, CULTIST, count=2),  # across Glass Wastes
            c.MoveGroup("Crimson Steppes", "Conical Towers", MONSTER, "Deep One"),  # adjacent
            c.MoveGroup("Crimson Steppes", GNAWS, MONSTER, "Deep One"),  # across Glass Wastes
        ),
        sacrifice=c.UnitRef("Spires of Shaggai", CULTIST),
    )
    assert unchanged(
        set_board(state, Crimson_Steppes={"units": [(GC, "monster", "Deep One", 2)]}), replace(move, sacrifice=None)
    ) is (Code.SACRIFICE_REQUIRED)
    state = set_board(state, Crimson_Steppes={"units": [(GC, "monster", "Deep One", 2)]})
    events = events_of(state, move)
    assert sum(e.count for e in events if isinstance(e, UnitsRemoved)) == 1
    state = run(state, move)
    there = state.areas[index(state, GNAWS)]
    assert there.count(owner=GC, kind=CULTIST) == 1 and there.count(owner=GC, name="Deep One") == 1
    assert state.areas[index(state, "Conical Towers")].count(owner=GC, name="Deep One") == 1
    assert state.player(GC).power == 8 - 4  # four units made the Move, the lost one too


# -- 3. The Astral Acolyte crossing an eradicated area is charged like any unit ------------------------


def acolyte_board() -> State:
    """Shaggai with the Astral Acolyte on Spires of Shaggai, controlled by Great Cthulhu (two
    Acolytes there); Glass Wastes eradicated, so The Worm that Gnaws in the Night is across it."""
    state = set_board(
        started("shaggai-demo", options=Options(astral_acolyte=True)),
        Spires_of_Shaggai={"units": [(GC, "cultist", "Acolyte", 2)]},
        Glass_Wastes={"markers": [ERADICATED]},
    )
    return evolve(state, acolyte=Acolyte(AcolyteStatus.PLACED, index(state, "Spires of Shaggai"), GC))


def test_defect_3_the_astral_acolyte_cannot_cross_an_eradicated_area_alone() -> None:
    state = acolyte_board()
    alone = c.Move(GC, acolyte_to=GNAWS)
    refusal = rejected(state, alone)
    assert refusal.code is Code.SACRIFICE_REQUIRED and "cannot cross alone" in refusal.message
    assert unchanged(state, replace(alone, sacrifice=c.UnitRef("Spires of Shaggai", CULTIST))) is Code.BAD_VALUE
    # Next door, no eradicated area is crossed: alone is fine.
    state = run(state, c.Move(GC, acolyte_to="Insect Hives"))
    assert state.acolyte is not None and state.area_name(state.acolyte.area) == "Insect Hives"


def test_defect_3_the_astral_acolyte_crossing_costs_one_of_the_moves_other_units() -> None:
    state = acolyte_board()
    # The Acolytes only step next door, but the Astral Acolyte crosses: the Move loses one unit.
    move = c.Move(GC, groups=(c.MoveGroup("Spires of Shaggai", "Insect Hives", CULTIST, count=2),), acolyte_to=GNAWS)
    assert unchanged(state, move) is Code.SACRIFICE_REQUIRED
    move = replace(move, sacrifice=c.UnitRef("Spires of Shaggai", CULTIST))
    events = events_of(state, move)
    assert AcolyteMoved(GC, "Spires of Shaggai", GNAWS) in events
    assert UnitsRemoved(GC, "Spires of Shaggai", "cultist", "Acolyte", 1, "lost crossing an eradicated area") in events
    state = run(state, move)
    assert state.areas[index(state, "Insect Hives")].count(owner=GC) == 1
    assert state.acolyte is not None and state.acolyte.status is AcolyteStatus.PLACED
    assert state.player(GC).power == 8 - 3  # two Acolytes and the Astral Acolyte


def test_defect_3_the_older_acolyte_flag_still_moves_it_with_the_units() -> None:
    state = acolyte_board()
    units = (c.UnitRef("Spires of Shaggai", CULTIST, count=2),)
    state = run(state, c.Move(GC, "Insect Hives", units, acolyte=True))
    assert state.acolyte is not None and state.area_name(state.acolyte.area) == "Insect Hives"


# -- 4. Yog-Sothoth counts as a Gate for the Cosmic Power ------------------------------------------


def opener_on_shaggai() -> State:
    """Shaggai, Opener of the Way to act, Yog-Sothoth in the Worm's area (no gate there)."""
    factions = (Faction.GREAT_CTHULHU, Faction.CRAWLING_CHAOS, Faction.OPENER_OF_THE_WAY)
    state = run(started("shaggai-demo", factions), c.Pass(GC), c.Pass(CC))
    state = with_worms(state, (GNAWS, 1))
    state = set_board(state, **{GNAWS.replace(" ", "_"): {"units": [(OW, "goo", "Yog-Sothoth", 1)]}})
    assert state.prompt.actor == OW and state.areas[index(state, GNAWS)].gate is None
    return state


def test_defect_4_yog_sothoth_in_a_worms_area_gives_the_cosmic_power_spellbook() -> None:
    state = run(opener_on_shaggai(), CosmicSpellbook(OW, "The Dragon Ascending"))
    assert spellbook_count(state.player(OW)) == 1 and state.player(OW).power == 8 - 6


def test_defect_4_yog_sothoth_in_a_worms_area_gives_the_cosmic_power_area_rule() -> None:
    state = run(opener_on_shaggai(), c.Summon(OW, "Lost Colony", "Mutant", 2, cosmic=True))
    assert state.areas[index(state, "Lost Colony")].count(owner=OW, name="Mutant") == 1
    assert state.player(OW).power == 8 - 4


def test_defect_4_without_a_gate_or_yog_sothoth_there_is_no_cosmic_power() -> None:
    state = set_board(opener_on_shaggai(), **{GNAWS.replace(" ", "_"): {"units": [(OW, "cultist", "Acolyte", 1)]}})
    assert unchanged(state, CosmicSpellbook(OW)) is Code.NOT_CONTROLLER


# -- 5. World's End: the most Doom among the players with all 6 Spellbooks ---------------------------


def test_defect_5_at_the_worlds_end_a_player_with_all_6_spellbooks_wins_over_more_doom_without() -> None:
    state = ending_board(great_cthulhu={"doom": 25, "spellbooks": 5}, crawling_chaos={"doom": 20, "spellbooks": 6})
    state = run(state, c.Roll((2, 2, 2), "tower"))
    assert state.phase is Phase.GAME_OVER and state.outcome is not None
    assert state.outcome.winners == (CC,)


def test_defect_5_at_the_worlds_end_players_tied_with_all_6_spellbooks_share_the_win() -> None:
    state = ending_board(
        great_cthulhu={"doom": 25, "spellbooks": 5},
        crawling_chaos={"doom": 20, "spellbooks": 6},
        black_goat={"doom": 20, "spellbooks": 6},
    )
    state = run(state, c.Roll((2, 2, 2), "tower"))
    assert state.outcome is not None and state.outcome.winners == (CC, BG)


# -- 6. watcher_awakened names the player when the wake was held over ------------------------------


def test_defect_6_a_wake_held_over_from_the_action_phase_names_the_player_whose_doom_passed_12() -> None:
    state = set_players(
        started("yuggoth-demo"), black_goat={"doom": 10, "elder_signs": (3,)}, crawling_chaos={"doom": 11, "elder_signs": (2,)}
    )
    state = run(state, c.RevealElderSign(BG), c.RevealElderSign(CC))  # Black Goat passes 12 first
    assert state.watcher is not None and state.watcher.wake_pending and state.watcher.wake_player == BG
    state, events = end_action_phase(state)
    assert WatcherAwakened("doom", POSTERN, 12, BG) in events
    assert state.watcher is not None and state.watcher.wake_player == ""


# -- 7. Scripting friction: combat_dice choices, a stable code for a missing sacrifice --------------


def test_defect_7_the_combat_dice_prompt_offers_the_legal_range_as_choices() -> None:
    state = run(armed(attacking()), WatcherMove(GC, NORTH))  # an Acolyte (1 at most) and a Starspawn (7)
    assert state.prompt.kind is PromptKind.COMBAT_DICE
    # The computed combat (the Starspawn's 3) comes first, as the default; the rest in order.
    assert state.prompt.choices == ("3", *(str(n) for n in range(9) if n != 3))
    assert list(legal_commands(state)) == [CombatDice(GC, n) for n in (3, 0, 1, 2, 4, 5, 6, 7, 8)]
    assert unchanged(state, CombatDice(GC, 9)) is Code.NOT_A_CHOICE
    assert run(state, CombatDice(GC, 8)).prompt.purpose == "watcher_attack"


def test_defect_7_with_a_great_old_one_there_the_combat_dice_range_is_the_whole_scale() -> None:
    state = set_board(attacking(), Slopes_of_the_Pyramid_North={"gate": GC, "units": [(GC, "goo", "Cthulhu", 1)]})
    state = run(state, WatcherMove(GC, NORTH))
    assert state.prompt.choices[0] == "6"  # Cthulhu's computed 6 first, as the default
    assert set(state.prompt.choices) == {str(n) for n in range(100)} and state.prompt.choices[-1] == "99"


def test_defect_7_a_move_across_an_eradicated_area_without_a_sacrifice_has_its_own_code() -> None:
    state = eradicated_board()
    move = c.Move(GC, groups=(c.MoveGroup("Spires of Shaggai", GNAWS, CULTIST),))
    refusal = rejected(state, move)
    assert refusal.code is Code.SACRIFICE_REQUIRED and refusal.code.value == "sacrifice_required"
    assert "name it in sacrifice" in refusal.message


def test_the_move_groups_decode_from_a_script() -> None:
    text = {
        "type": "move",
        "player": GC,
        "groups": [
            {"area": "South Pacific", "to": "North Pacific", "kind": "cultist", "count": 2},
            {"area": "Asia", "to": "Europe", "kind": "monster", "name": "Deep One"},
        ],
    }
    move = from_data(Command, text)
    assert move == c.Move(
        GC,
        groups=(
            c.MoveGroup("South Pacific", "North Pacific", CULTIST, count=2),
            c.MoveGroup("Asia", "Europe", MONSTER, "Deep One"),
        ),
    )
    assert apply(two_armies(), move).ok
