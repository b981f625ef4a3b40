"""Windwalker (factions.md section 6): roster, costs (the Gnoph-Keh's), combat (Ithaqua) and
Rhan Tegoth's and Ithaqua's awakenings.

Abilities not yet modelled (hooks): Hibernate, Eternal, Ferox, and the Spellbooks (Cannibalism,
Howl, Berserkergang, Arctic Wind, Ice Age, Herald of the Outer Gods).
"""

from __future__ import annotations

from companion.engine.cthulhu import board as bd
from companion.engine.cthulhu.factions.base import (
    ACOLYTE,
    Awakening,
    Events,
    FactionRules,
    G,
    M,
    Side,
    UnitType,
    awakened_before,
    fixed,
    on_map,
)
from companion.engine.cthulhu.model import Faction, GameState, UnitKind

RHAN_TEGOTH = "Rhan Tegoth"
ITHAQUA = "Ithaqua"
GNOPH_KEH = "Gnoph-Keh"


def ithaqua(side: Side, count: int) -> int:
    """Half the opponent's Doom, rounded up."""
    return count * ((side.enemy_doom + 1) // 2)


def summon_cost(state: GameState, pid: str, unit: UnitType) -> int:
    """A Gnoph-Keh costs as many as are in Windwalker's pool (4, 3, 2, 1)."""
    if unit.name == GNOPH_KEH:
        return unit.pool - on_map(state, pid, GNOPH_KEH)
    return unit.cost


def glyph_areas(state: GameState) -> tuple[int, ...]:
    """Windwalker's two glyph areas (its start area and the "opposite" one)."""
    return state.board.start_areas(Faction.WINDWALKER.value)


def rhan_where(state: GameState, pid: str, index: int) -> str:
    if index not in glyph_areas(state):
        return f"Rhan Tegoth rises in one of Windwalker's glyph areas, not {state.area_name(index)}"
    return ""


def ithaqua_where(state: GameState, pid: str, index: int) -> str:
    if index not in glyph_areas(state) or state.areas[index].gate is None:
        return f"Ithaqua rises at a gate in one of Windwalker's glyph areas, not {state.area_name(index)}"
    return ""


def ithaqua_needs(state: GameState, pid: str) -> str:
    return "" if awakened_before(state, pid, RHAN_TEGOTH) else "Ithaqua needs Rhan Tegoth to have been awakened"


def ithaqua_effect(
    state: GameState, pid: str, index: int, chosen: tuple[tuple[int, UnitKind, str, int], ...], events: Events
) -> GameState:
    """The gate he rises at is destroyed."""
    state, changed = bd.set_gate(state, index, None, "destroyed by Ithaqua's awakening")
    events += changed
    return state


RULES = FactionRules(
    Faction.WINDWALKER,
    units=(
        ACOLYTE,
        UnitType("Wendigo", M, 4, 1, 1),
        UnitType(GNOPH_KEH, M, 4, 4, 3),
        UnitType(RHAN_TEGOTH, G, 1, 6, 3),
        UnitType(ITHAQUA, G, 1, 6, ithaqua),
    ),
    spellbooks=("Cannibalism", "Howl", "Berserkergang", "Arctic Wind", "Ice Age", "Herald of the Outer Gods"),
    awakenings=(
        Awakening(RHAN_TEGOTH, fixed(6), rhan_where),
        Awakening(ITHAQUA, fixed(6), ithaqua_where, ithaqua_needs, ithaqua_effect),
    ),
    summon_cost=summon_cost,
)


# == unique abilities, Spellbooks and requirements (factions.md section 6) ========================
# Modelled: the six requirements ("anytime" as an action with its Elder Signs) and Ice Age's token.
# Not yet: Hibernate, Eternal, Ferox, Cannibalism, Howl, Berserkergang, Arctic Wind, Ice Age's
# +1 Power tax, Herald of the Outer Gods.

from collections.abc import Iterator  # noqa: E402
from dataclasses import dataclass, replace  # noqa: E402

from companion.engine.core import COMMANDS, Code, Command, Refusal  # noqa: E402
from companion.engine.cthulhu import flow  # noqa: E402
from companion.engine.cthulhu.events import FirstPlayerChosen, MarkerChanged  # noqa: E402
from companion.engine.cthulhu.factions import powers as pw  # noqa: E402
from companion.engine.cthulhu.model import ERADICATED, SPELLBOOKS_TO_WIN, PromptKind  # noqa: E402

ICE_AGE = "ice_age"
ICE_AGE_COST = 1
ANYTIME = "Anytime"
ANYTIME_MOST = 3


@COMMANDS.register("anytime_spellbook")
@dataclass(frozen=True, slots=True)
class AnytimeSpellbook(Command):
    """Windwalker's "anytime" requirement, taken when it likes (no action spent): 1 Elder Sign
    per enemy with six Spellbooks, at most 3."""

    player: str


@COMMANDS.register("ice_age")
@dataclass(frozen=True, slots=True)
class IceAge(Command):
    """Ice Age (action, 1 Power): the Ice Age token goes to ``area``."""

    player: str
    area: str


def _opposite_gate(state: GameState, pid: str, events: pw.Events) -> bool:
    home = state.player(pid).start_area
    return any(state.areas[i].gate is not None for i in glyph_areas(state) if i != home)


def _six_books(state: GameState, pid: str) -> int:
    return sum(1 for p in state.players if p.pid != pid and len(p.spellbooks) >= SPELLBOOKS_TO_WIN)


def _first(state: GameState, pid: str, events: pw.Events) -> bool:
    return any(isinstance(e, FirstPlayerChosen) and e.player == pid for e in events)


def _anytime(state: GameState, pid: str, events: pw.Events) -> bool:
    return any(isinstance(e, pw.AbilityUsed) and e.player == pid and e.ability == ANYTIME for e in events)


REQUIREMENTS = (
    pw.Requirement("Be the first player", _first),
    pw.Requirement("A gate in the opposite glyph area", _opposite_gate),
    pw.Requirement("An enemy has six Spellbooks", lambda s, p, e: _six_books(s, p) > 0),
    pw.Requirement(ANYTIME, _anytime),
    pw.Requirement("Awaken Rhan Tegoth", lambda s, p, e: awakened_before(s, p, RHAN_TEGOTH) or pw.in_play(s, p, RHAN_TEGOTH)),
    pw.Requirement("Awaken Ithaqua", lambda s, p, e: awakened_before(s, p, ITHAQUA) or pw.in_play(s, p, ITHAQUA)),
)


def anytime(state: GameState, cmd: AnytimeSpellbook, events: pw.Events) -> GameState:
    seat = pw.need_faction(state, cmd.player, Faction.WINDWALKER, "The anytime Spellbook")
    if (cmd.player, ANYTIME) in state.abilities.met:
        raise Refusal(Code.NOT_NOW, "Windwalker has taken its anytime Spellbook already.")
    if state.prompt.kind in (PromptKind.NONE, PromptKind.SPELLBOOK, PromptKind.ABILITY):
        raise Refusal(Code.NOT_NOW, "Not while the referee waits for an answer to an ability.")
    signs = min(ANYTIME_MOST, _six_books(state, cmd.player))
    events.append(pw.AbilityUsed(cmd.player, ANYTIME, f"{signs} Elder Sign(s) for the enemies with six Spellbooks"))
    for _ in range(signs):
        state = flow.draw_elder_sign(state, seat, ANYTIME, events)
    return state


def ice_age(state: GameState, cmd: IceAge, events: pw.Events) -> GameState:
    seat = pw.my_turn(state, cmd.player)
    pw.need_book(state, cmd.player, "Ice Age")
    index = bd.area_index(state, cmd.area)
    bd.refuse_eradicated(state, index)
    if ICE_AGE in state.areas[index].markers:
        raise Refusal(Code.NOT_NOW, f"The Ice Age is in {cmd.area} already.")
    state = pw.pay(state, seat, ICE_AGE_COST, "Ice Age", events)
    for i, area in enumerate(state.areas):
        if ICE_AGE in area.markers:
            state = state.with_area(i, replace(area, markers=tuple(m for m in area.markers if m != ICE_AGE)))
            events.append(MarkerChanged(state.area_name(i), ICE_AGE, False, "moved by Ice Age"))
    area = state.areas[index]
    state = state.with_area(index, replace(area, markers=(*area.markers, ICE_AGE)))
    events.append(MarkerChanged(cmd.area, ICE_AGE, True, "Ice Age"))
    return pw.end_action(state, events)


HANDLERS = {AnytimeSpellbook: anytime, IceAge: ice_age}


def offers(state: GameState, pid: str) -> Iterator[Command]:
    if state.prompt.kind is not PromptKind.ACTION:
        return
    if (pid, ANYTIME) not in state.abilities.met:
        yield AnytimeSpellbook(pid)
    if pw.holds(state, pid, "Ice Age") and state.player(pid).power >= ICE_AGE_COST:
        for i, area in enumerate(state.areas):
            if ICE_AGE not in area.markers and ERADICATED not in area.markers:
                yield IceAge(pid, state.area_name(i))
