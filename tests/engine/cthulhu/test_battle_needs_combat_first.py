"""A battle needs combat above 0 (factions.md section 11, step 0): with the abilities on, a
declaration by cultists alone is refused before the declaration's work (the battle paid, the
pre-battle abilities, the dice), and the declaration's own refusals still come first, in its
order; driven through commands."""

from __future__ import annotations

import pytest

from companion.engine import Code
from companion.engine.cthulhu import battle
from companion.engine.cthulhu import commands as c
from tests.engine.cthulhu.factions.kit import CC, GC, A, M, game, turn
from tests.helpers import rejected

CULTISTS_ALONE = {"Asia": {"units": [(CC, A, "Acolyte", 2), (GC, M, "Deep One", 1)]}}


def test_a_battle_needs_combat_refused_before_the_pre_battle_abilities(monkeypatch: pytest.MonkeyPatch) -> None:
    """The refusal is the same, and the declaration's counting of the dice is never reached."""
    state = turn(game(**CULTISTS_ALONE), CC, power=5)

    def reached(*_: object) -> None:
        raise AssertionError("the declaration's work ran before the refusal")

    monkeypatch.setattr(battle, "combat", reached)
    refusal = rejected(state, c.BattleAction(CC, "Asia", GC))
    assert refusal.code is Code.NO_SUCH_UNITS and "combat" in refusal.message


def test_a_battle_needs_combat_the_declarations_own_refusals_come_first() -> None:
    """Not its turn, a side without units, the battle's cost: refused as the declaration refuses
    them, before the combat is counted."""
    state = turn(game(**CULTISTS_ALONE), CC, power=5)
    assert rejected(state, c.BattleAction(GC, "Asia", CC)).code is Code.NOT_YOUR_TURN
    assert rejected(state, c.BattleAction(CC, "Europe", GC)).code is Code.NO_SUCH_UNITS
    assert "to battle with" in rejected(state, c.BattleAction(CC, "Europe", GC)).message
    assert rejected(turn(state, CC, power=0), c.BattleAction(CC, "Asia", GC)).code is Code.CANNOT_AFFORD
