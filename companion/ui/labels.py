"""Short words for commands on buttons ("Recruit in Asia", "Move Acolyte: Africa -> Europe")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine import Command, tag_of, to_data


def label(command: Command) -> str:
    data = to_data(command)
    kind = tag_of(command)
    special = _LABELS.get(kind)
    if special is not None:
        return special(data)
    area = data.get("area") or data.get("first") or data.get("direction") or data.get("target") or ""
    return f"{kind.replace('_', ' ').capitalize()} {area}".strip()


def _move(data: dict[str, Any]) -> str:
    """ "Move Acolyte: Africa -> Europe", "+ 2 more" when more groups move; the older form with
    one ``to`` for all ``units`` is read too (journals keep it)."""
    groups = data["groups"] or [{**unit, "to": data["to"]} for unit in data["units"]]
    if not groups:
        return f"Move the Astral Acolyte -> {data['acolyte_to'] or data['to']}"
    first = groups[0]
    more = f" + {len(groups) - 1} more" if len(groups) > 1 else ""
    return f"Move {first['name'] or first['kind']}: {first['area']} -> {first['to']}{more}"


_LABELS: dict[str, Callable[[dict[str, Any]], str]] = {
    "pass": lambda d: "Pass",
    "ritual": lambda d: "Perform the ritual",
    "skip_ritual": lambda d: "No ritual",
    "recruit": lambda d: f"Recruit in {d['area']}",
    "build_gate": lambda d: f"Build a gate in {d['area']}",
    "summon": lambda d: f"Summon {d['name']} in {d['area']}",
    "control_gate": lambda d: f"Control the gate in {d['area']}",
    "move": _move,
    "choose_direction": lambda d: str(d["direction"]).capitalize(),
    "choose_first_player": lambda d: str(d["first"]).replace("_", " ").title(),
    "choose_start": lambda d: str(d["area"]),
    "watcher_move": lambda d: str(d["area"]),
    "watcher_target": lambda d: str(d["target"]).replace("_", " ").title(),
    "place_worm": lambda d: str(d["area"]),
    "place_acolyte": lambda d: str(d["area"]),
    "place_glacier": lambda d: str(d["area"]),
    "reveal_elder_sign": lambda d: f"Worth {d['value']}",
    "combat_dice": lambda d: str(d["dice"]),
    "begin_play": lambda d: "Begin play",
    "battle": lambda d: f"Battle {str(d['defender']).replace('_', ' ').title()} in {d['area']}",
    "assign_kill": lambda d: f"Kill: {d['unit']}",
    "assign_pain": lambda d: f"Pain: {d['unit']}",
    "choose_retreat": lambda d: f"Retreat to {d['area']}",
}
