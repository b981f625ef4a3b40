"""A Cthulhu Wars situation played through ``companion script``: JSON lines in, the answers and
the final state (as its canonical JSON) out. The behaviour tests built on it name nothing inside
the engine (no faction module, no model class), so they hold across rewrites of the factions'
code; the board is set with the table's own corrections (``place``, ``correct`` ...)."""

from __future__ import annotations

import contextlib
import io
import json
import sys
from dataclasses import dataclass
from typing import Any

from companion.cli import main

GC, CC, BG, YS = "great_cthulhu", "crawling_chaos", "black_goat", "yellow_sign"
CORE3 = (GC, CC, BG)


@dataclass(frozen=True)
class Played:
    """What a script answered: ``answers`` one JSON object per line, ``state`` the final state."""

    code: int
    answers: list[dict[str, Any]]
    state: dict[str, Any]

    @property
    def last(self) -> dict[str, Any]:
        return self.answers[-1]

    @property
    def prompt(self) -> dict[str, Any]:
        """The prompt after the last accepted line."""
        return next(a["prompt"] for a in reversed(self.answers) if a.get("ok"))

    def refused(self) -> list[dict[str, Any]]:
        return [a for a in self.answers if not a.get("ok")]

    def events(self, kind: str = "") -> list[dict[str, Any]]:
        """Every event of every accepted line, in order; only those of type ``kind`` if given."""
        return [e for a in self.answers if a.get("ok") for e in a["events"] if not kind or e["type"] == kind]

    def player(self, pid: str) -> dict[str, Any]:
        return next(p for p in self.state["players"] if p["pid"] == pid)

    def count(self, area: str, owner: str, name: str) -> int:
        names = [a["name"] for a in self.state["board"]["areas"]]
        units = self.state["areas"][names.index(area)]["units"]
        return sum(u["count"] for u in units if u["owner"] == owner and u["name"] == name)


def play(*lines: dict[str, Any]) -> Played:
    """Run ``lines`` through ``companion script`` (a throw-away game in memory)."""
    stdin = "".join(json.dumps(line) + "\n" for line in lines)
    out = io.StringIO()
    saved = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out):
            code = main(["--journal", ":memory:", "script"])
    finally:
        sys.stdin = saved
    rows = out.getvalue().splitlines()
    assert rows, "the script printed nothing"
    return Played(code, [json.loads(r) for r in rows[:-1]], json.loads(rows[-1]))


def new_game(
    seats: tuple[str, ...] = CORE3, board: str = "earth-3p", starts: tuple[tuple[str, str], ...] = (), **options: Any
) -> list[dict[str, Any]]:
    """The new game (abilities on, plus ``options``), the start areas chosen (``starts``: (player,
    area) in the order asked) and its direction: the first player's action."""
    game = {"type": "new_game", "board": board, "seats": list(seats), "options": {"abilities": True, **options}}
    chosen = [{"type": "choose_start", "player": pid, "area": area} for pid, area in starts]
    return [game, *chosen, {"type": "choose_direction", "player": seats[0], "direction": "clockwise"}]


def place(owner: str, area: str, kind: str, name: str = "", count: int = 1) -> dict[str, Any]:
    unit = {"area": area, "kind": kind, "name": name, "count": count}
    return {"type": "place", "owner": owner, "unit": unit}


def eliminate(owner: str, area: str, kind: str, name: str = "", count: int = 1) -> dict[str, Any]:
    unit = {"area": area, "kind": kind, "name": name, "count": count}
    return {"type": "eliminate", "owner": owner, "unit": unit}


def book(player: str, name: str) -> dict[str, Any]:
    return {"type": "choose_spellbook", "player": player, "name": name}


def books(player: str, *names: str) -> dict[str, Any]:
    return {"type": "set_spellbooks", "player": player, "names": list(names)}


def correct(player: str, counter: str, value: int) -> dict[str, Any]:
    return {"type": "correct", "player": player, "counter": counter, "value": value}


def use(player: str, choice: str) -> dict[str, Any]:
    return {"type": "use_ability", "player": player, "choice": choice}


def roll(*values: int) -> dict[str, Any]:
    return {"type": "roll", "values": list(values)}


def passes(player: str) -> dict[str, Any]:
    return {"type": "pass", "player": player}


def battle(player: str, area: str, defender: str) -> dict[str, Any]:
    return {"type": "battle", "player": player, "area": area, "defender": defender}


def command(kind: str, **fields: Any) -> dict[str, Any]:
    return {"type": kind, **fields}
