"""The battle's odds on the table screen: once a battle is declared and before its dice are
rolled, each side's combat dice and its exact chance of at least one Kill.

Kept apart from the table scene (one call from its status lines) so the scene's layout can change
without touching this.
"""

from __future__ import annotations

import re
from typing import Any

from companion.engine import battle_odds
from companion.engine.cthulhu.model import GameState
from companion.i18n import _, ngettext
from companion.ui.widgets import WARN

Line = tuple[str, tuple[int, int, int]]
HOLD = "\u00a0"  # a no-break space: the line may not break there (widgets.wrap)


def held(words: str, figures: tuple[str, ...], **values: Any) -> str:
    """``words`` formatted with ``values``, each of ``figures`` (the names of the values that are
    numbers) held to its words by a no-break space: to the word after it where one follows
    ("4 dice"), else to the word before it ("at least one Kill 60%"), so a line never breaks
    to leave a figure alone ("60%" by itself on the next line)."""
    marks = {name: f"\x00{n}\x00" for n, name in enumerate(figures)}
    out = words.format(**{**values, **marks})
    for mark in marks.values():
        at = out.find(mark)
        if at < 0:
            continue
        after = at + len(mark)
        if re.match(r"[ \t]+\w", out[after:]):
            out = out[:after] + HOLD + out[after:].lstrip(" \t")
        else:
            before = out[:at].rstrip(" \t")
            out = (before + HOLD if before != out[:at] else before) + out[at:]
    for name, mark in marks.items():
        out = out.replace(mark, str(values[name]))
    return out


def battle_lines(state: GameState, names: dict[str, str]) -> list[Line]:
    """One line per side, e.g. "Battle in Asia: Great Cthulhu 7 dice, at least one Kill 72%"; while a
    pre-battle choice is open (Terror), one more line per answer with both sides' dice and chances."""
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
        lines.append((held(words, ("dice", "chance"), area=where, player=who, dice=dice, chance=f"{float(chance):.0%}"), WARN))
    for answer, alt in odds.undecided:  # a pre-battle choice still open (Terror): each answer's odds
        (attacker, a_dice, a_chance), (defender, d_dice, d_chance) = alt.attacker, alt.defender
        words = _(
            "If {ability} {answer}: {attacker} {attacker_dice} dice {attacker_chance}, "
            "{defender} {defender_dice} dice {defender_chance}"
        )
        text = held(
            words,
            ("attacker_dice", "attacker_chance", "defender_dice", "defender_chance"),
            ability=odds.ability,
            answer=answer,
            attacker=names.get(attacker, attacker),
            attacker_dice=a_dice,
            attacker_chance=f"{float(a_chance):.0%}",
            defender=names.get(defender, defender),
            defender_dice=d_dice,
            defender_chance=f"{float(d_chance):.0%}",
        )
        lines.append((text, WARN))
    return lines
