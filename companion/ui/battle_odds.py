"""The battle's odds on the table screen: once a battle is declared and before its dice are
rolled, each side's combat dice and its exact chance of at least one Kill.

Kept apart from the table scene (one call from its status lines) so the scene's layout can change
without touching this.
"""

from __future__ import annotations

from companion.engine import battle_odds
from companion.engine.cthulhu.model import GameState
from companion.i18n import ngettext
from companion.ui.widgets import WARN

Line = tuple[str, tuple[int, int, int]]


def battle_lines(state: GameState, names: dict[str, str]) -> list[Line]:
    """One line per side, e.g. "Battle in Asia: Great Cthulhu 7 dice, at least one Kill 72%"."""
    odds = battle_odds(state)
    if odds is None or state.battle is None:
        return []
    where = state.area_name(state.battle.area)
    lines = []
    for pid, dice, chance in (odds.attacker, odds.defender):
        who = names.get(pid, pid)
        words = ngettext(
            "Battle in {area}: {player} {dice} die, at least one Kill {chance}",
            "Battle in {area}: {player} {dice} dice, at least one Kill {chance}",
            dice,
        )
        lines.append((words.format(area=where, player=who, dice=dice, chance=f"{float(chance):.0%}"), WARN))
    return lines
