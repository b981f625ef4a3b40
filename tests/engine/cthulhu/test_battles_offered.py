"""The legal list offers every battle the referee takes in which the attacker has combat, and no
battle it refuses (factions.md section 11, step 0: a battle needs combat against that opponent).

A side's combat at the declaration counts the abilities in force then, not only its units' own
combat: Tcho-Tcho's Otherworld Alliances (+1 per neutral Monster or Terror) makes its Ghasts a
side that may battle; Bastet scores a Kill without dice.  Checked on chosen cases and over seeded
set-ups of every pair of factions the referee plays (random units, neutral monsters, Spellbooks).
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.engine import State, apply, legal_commands
from companion.engine.core import Accepted
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.battle import computed_dice
from companion.engine.cthulhu.events import BattleRolled, CombatComputed
from companion.engine.cthulhu.model import Faction, Options, PromptKind
from tests.engine.cthulhu.battle_setups import FACTIONS, WHERE, set_up
from tests.engine.cthulhu.factions.common import GC, TT
from tests.engine.cthulhu.factions.kit import turn
from tests.engine.cthulhu.factions.tcho_tcho_kit import tt_game
from tests.helpers import clear_board, set_board, started


def offered(state: State) -> set[c.BattleAction]:
    return {cmd for cmd in legal_commands(state) if isinstance(cmd, c.BattleAction)}


def ghasts(books: tuple[str, ...]) -> State:
    """Tcho-Tcho (Sarkomand) with two Ghasts and an Acolyte beside Great Cthulhu's Acolyte in the
    North Pacific: no dice of their own (a Ghast's combat is 0)."""
    units: list[Any] = [(TT, "monster", "Ghast", 2), (TT, "cultist", "Acolyte", 1), (GC, "cultist", "Acolyte", 1)]
    return turn(tt_game(tribe="Sarkomand", North_Pacific={"units": units}), TT, power=5, books=books)


def test_otherworld_alliances_makes_a_battle_of_ghasts_that_roll_no_dice_of_their_own() -> None:
    state = ghasts(("Otherworld Alliances",))
    assert c.BattleAction(TT, WHERE, GC) in offered(state)
    after = apply(state, c.BattleAction(TT, WHERE, GC))
    assert isinstance(after, Accepted) and after.state.prompt.kind is PromptKind.ROLL and after.state.prompt.dice == 2


def test_without_the_book_the_ghasts_have_no_combat_and_no_battle_is_offered() -> None:
    assert not offered(ghasts(()))


def test_bastet_alone_battles_with_her_kill_without_dice() -> None:
    state = started(
        "earth-3p", (Faction.BUBASTIS, Faction.GREAT_CTHULHU, Faction.CRAWLING_CHAOS), options=Options(abilities=True)
    )
    bb = Faction.BUBASTIS.value
    units = [(bb, "goo", "Bastet", 1), (GC, "cultist", "Acolyte", 1)]
    state = turn(set_board(clear_board(state), North_Pacific={"units": units}), bb, power=5)
    assert c.BattleAction(bb, WHERE, GC) in offered(state)


# -- over seeded set-ups ----------------------------------------------------------------------------


def attacker_has_combat(state: State, cmd: c.BattleAction) -> bool | None:
    """None when the referee refuses the battle; else whether the attacker had combat when it
    declared, as the declaration itself shows it: its dice counted then plus what the abilities
    in force added at once (Otherworld Alliances' bonus), or Kills scored without dice."""
    result = apply(state, cmd)
    if not isinstance(result, Accepted):
        return None
    after, events = result.state, result.events
    dice = next(e.dice for e in events if isinstance(e, CombatComputed) and e.player == cmd.player)
    dice += dict(after.abilities.bonus).get(cmd.player, 0)
    b = after.battle
    automatic = b.automatic_kills[0] if b is not None else 0
    rolled = any(isinstance(e, BattleRolled) and e.attacker_kills for e in events)
    return dice > 0 or automatic > 0 or (rolled and dice == 0)


@pytest.mark.parametrize("first", FACTIONS, ids=lambda f: f.value)
def test_the_battles_offered_are_the_battles_the_referee_takes_with_combat(first: Faction) -> None:
    with_combat_only_by_an_ability = 0
    for seed in range(30):
        second = FACTIONS[(FACTIONS.index(first) + 1 + seed % (len(FACTIONS) - 1)) % len(FACTIONS)]
        state = set_up(seed * 31 + FACTIONS.index(first), first, second)
        a, d = first.value, second.value
        listed = offered(state)
        cmd = c.BattleAction(a, WHERE, d)
        verdict = attacker_has_combat(state, cmd)
        assert listed <= {cmd}, listed
        assert (cmd in listed) == bool(verdict), f"seed {seed}: {first.value} on {second.value}: taken with combat {verdict}"
        index = state.board.area_index(WHERE)
        assert index is not None
        with_combat_only_by_an_ability += bool(verdict) and computed_dice(state, index, a, d, attacking=True) == 0
    if first is Faction.TCHO_TCHO:  # Otherworld Alliances (Bastet: the test above)
        assert with_combat_only_by_an_ability, "no set-up where only an ability gave the attacker combat"
