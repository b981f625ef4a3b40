"""Yellow Sign (factions.md section 4): roster, costs, combat (Undead, Byakhee, Hastur) and the
King in Yellow's and Hastur's awakenings.

Below the roster: its unique abilities, Spellbooks and requirements (Vengeance through the
battle's ``assigner`` hook).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from companion.engine.core import COMMANDS, Code, Command, Refusal
from companion.engine.cthulhu import board as bd
from companion.engine.cthulhu import flow
from companion.engine.cthulhu.events import MarkerChanged, Part, UnitsRemoved
from companion.engine.cthulhu.factions import NEUTRAL_UNITS, high_priests, ice_age, independents
from companion.engine.cthulhu.factions import powers as pw
from companion.engine.cthulhu.factions.base import ACOLYTE, Awakening, C, FactionRules, G, Hooks, M, Side, UnitType, fixed
from companion.engine.cthulhu.factions.contract import FactionPlugin, Handler
from companion.engine.cthulhu.factions.lunacy import lunacy_acolyte, lunatic
from companion.engine.cthulhu.model import ERADICATED, Ask, Faction, GameState, PromptKind, UnitKind
from companion.engine.cthulhu.model import Faction as _Faction
from companion.engine.says import say
from companion.engine.values import dataclass

KING = "King in Yellow"
HASTUR = "Hastur"


def undead(side: Side, count: int) -> int:
    """All the Undead in the battle together: their number less one (never below 0)."""
    return max(0, count - 1)


def byakhee(side: Side, count: int) -> int:
    """All the Byakhee in the battle together: their number plus one."""
    return count + 1 if count else 0


def hastur(side: Side, count: int) -> int:
    """The current cost of the Ritual of Annihilation (capped at 10)."""
    return count * side.state.ritual_cost


def king_where(state: GameState, pid: str, index: int) -> str:
    area = state.areas[index]
    if area.gate is not None or not area.count(owner=pid):
        return say(
            "the King in Yellow rises where Yellow Sign has a unit and there is no gate, not {area}", area=state.area_name(index)
        )
    return ""


def hastur_where(state: GameState, pid: str, index: int) -> str:
    area = state.areas[index]
    gate = area.gate
    if not area.count(owner=pid, name=KING) or gate is None or gate.controller != pid:
        return say(
            "Hastur rises at a gate Yellow Sign controls in the King in Yellow's area, not {area}", area=state.area_name(index)
        )
    return ""


RULES = FactionRules(
    Faction.YELLOW_SIGN,
    units=(
        ACOLYTE,
        UnitType("Undead", M, 6, 1, undead),
        UnitType("Byakhee", M, 4, 2, byakhee),
        UnitType(KING, G, 1, 4, 0),
        UnitType(HASTUR, G, 1, 10, hastur),
    ),
    spellbooks=(
        "Passion",
        "Zingaya",
        "Shriek of the Byakhee",
        "The Screaming Dead",
        "The Third Eye",
        "He Who is Not to be Named",
    ),
    awakenings=(Awakening(KING, fixed(4), king_where), Awakening(HASTUR, fixed(10), hastur_where)),
)


# == unique abilities, Spellbooks and requirements (factions.md section 4) ========================


DESECRATION = "desecration"
DESECRATE_COST, THIRD_EYE_COST = 2, 1
# The Desecration tokens' supply: [HRF:FactionYS.scala] offers Desecrate only while at most 12
# areas are desecrated (``game.desecrated.num <= 12``); the printed token count is NOT CONFIRMED
# (factions.md section 4), so HRF's limit is the referee's (docs/rules-notes.md).
DESECRATED_MOST = 12
ZINGAYA_COST = SHRIEK_COST = SCREAMING_COST = UNNAMED_COST = 1
GIVEN_DOOM = 3
SCREAMING_DEAD, UNNAMED = "The Screaming Dead", "He Who is Not to be Named"
# A High Priest's Unspeakable Oath is no enemy's doing either (HRF cancels Passion for it,
# factions.md section 4): the reason factions/high_priests.py gives it.
OWN_LOSSES = ("eliminated for an awakening", "eliminated for a Spellbook", "Blood Sacrifice", high_priests.OATH_REASON)


@COMMANDS.register("desecrate")
@dataclass(frozen=True, slots=True)
class Desecrate(Command):
    """Desecrate (action, 2 Power; 1 with The Third Eye while Hastur is in play): a d6 in the
    King in Yellow's area; then a unit costing 2 or less is placed there."""

    player: str


@COMMANDS.register("zingaya")
@dataclass(frozen=True, slots=True)
class Zingaya(Command):
    """Zingaya (action, 1 Power): ``victim``'s Acolyte in ``area`` (where Undead stand) becomes
    an Undead."""

    player: str
    area: str
    victim: str


@COMMANDS.register("shriek")
@dataclass(frozen=True, slots=True)
class Shriek(Command):
    """Shriek of the Byakhee (action, 1 Power): Byakhee from the areas named (one name per
    Byakhee; all of them when empty) fly to ``to``."""

    player: str
    to: str
    sources: tuple[str, ...] = ()


@COMMANDS.register("screaming_dead")
@dataclass(frozen=True, slots=True)
class ScreamingDead(Command):
    """The Screaming Dead (action, 1 Power, once per round): the King in Yellow walks to the
    adjacent ``to`` with ``undead`` of the Undead beside him (all when None), free; Yellow
    Sign's turn goes on for a second, different action."""

    player: str
    to: str
    undead: int | None = None


@COMMANDS.register("he_who_is_not_to_be_named")
@dataclass(frozen=True, slots=True)
class HeWhoIsNotToBeNamed(Command):
    """He Who is Not to be Named (action, 1 Power, once per round): Hastur goes to ``to``, an
    area with any faction's cultist; the turn goes on for a second, different action."""

    player: str
    to: str


@COMMANDS.register("give_doom")
@dataclass(frozen=True, slots=True)
class GiveDoom(Command):
    """Yellow Sign's requirement action: ``to`` gains 3 Doom."""

    player: str
    to: str


def _is_ys(state: GameState, pid: str) -> bool:
    return pw.plays(state, pid, _Faction.YELLOW_SIGN)


def _desecrated(glyph: str) -> pw.RequirementCheck:
    def met(state: GameState, pid: str, events: pw.Events) -> bool:
        board = bd.occupancy(state)
        desecrated = board.marked.get(DESECRATION, ())
        if not desecrated:
            return False
        return any(state.board.areas[i].glyph == glyph and pid in board.owners[i] for i in desecrated) or any(
            isinstance(e, MarkerChanged) and e.placed and e.marker == DESECRATION and _glyph(state, e.area) == glyph
            for e in events
        )

    return met


def _glyph(state: GameState, area: str) -> str:
    return state.board.areas[bd.area_index(state, area)].glyph


REQUIREMENTS = (
    pw.Requirement(
        "Give 3 Doom",
        lambda s, p, e: any(isinstance(x, pw.AbilityUsed) and x.player == p and x.ability == "Give 3 Doom" for x in e),
        when=pw.ABILITY,
    ),
    pw.Requirement(
        "Awaken the King in Yellow", lambda s, p, e: KING in s.player(p).awakened or pw.in_play(s, p, KING), when=pw.PLACED
    ),
    pw.Requirement("Desecrate an AA-glyph area", _desecrated("AA"), when=pw.BOARD),
    pw.Requirement("Desecrate an OO-glyph area", _desecrated("OO"), when=pw.BOARD),
    pw.Requirement("Desecrate a WW-glyph area", _desecrated("WW"), when=pw.BOARD),
    pw.Requirement(
        "Awaken Hastur", lambda s, p, e: HASTUR in s.player(p).awakened or pw.in_play(s, p, HASTUR), elder_signs=1, when=pw.PLACED
    ),
)


# -- Vengeance (the battle's assigner hook), Passion, Desecrate's placement ----------------------


def vengeance(side: Side) -> str | None:
    """While Hastur fights, Yellow Sign chooses which enemy units take its Kills and Pains."""
    return side.pid if side.count(HASTUR) else None


DESECRATE_MOST = 2  # Desecrate places a Monster or Cultist costing at most 2


def _placeable(state: GameState, pid: str) -> tuple[UnitType, ...]:
    """Yellow Sign's Cultists and Monsters costing 2 or less, and the neutral monsters it holds
    a Loyalty Card for that cost 2 or less (the FAQ, factions.md section 4: Desecrate may place a
    neutral monster costing 2 or less)."""

    own = tuple(u for u in RULES.units if u.kind in (C, M) and u.cost <= DESECRATE_MOST)
    return (*own, *(u for u in independents.summonable(state, pid) if u.cost <= DESECRATE_MOST))


def _place_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    ys = ask.actor
    names = [u.name for u in _placeable(state, ys) if _left(state, ys, u.name) > 0]
    return tuple(names) or ("none",)  # a "must" (HRF DesecrateRollAction): none only with none left


def _left(state: GameState, pid: str, name: str) -> int:
    """How many ``name`` (its own, or a neutral monster's) Yellow Sign has left in its pool."""

    if name == "Acolyte":
        return pw.acolytes_left(state, pid)
    unit = RULES.unit(name) or NEUTRAL_UNITS.get(name)
    return 0 if unit is None else pw.pool_left(state, pid, name, unit.pool)


def _place(state: GameState, ask: Ask, choice: str, events: pw.Events) -> GameState:
    if choice == "none":
        return state
    unit = next(u for u in _placeable(state, ask.actor) if u.name == choice)
    return pw.place_one(state, int(ask.data[0]), ask.actor, unit.kind, unit.name, "Desecrate", events)


ASKS = {"Desecrate": pw.AskRule(_place_choices, _place, "Desecrate: place which unit (cost 2 or less) in the King's area?")}
PRE_BATTLE: tuple[str, ...] = ()


# The event types react() reads: the after-command hook calls it only for a command whose events
# hold one (abilities.react_to).
REACTS_TO = pw.on(UnitsRemoved)


def react(state: GameState, seen: pw.Events, events: pw.Events) -> GameState:
    """Passion: +1 Power (once per command) when an enemy eliminates Yellow Sign cultists."""
    for seat, p in enumerate(state.players):
        if p.faction is not _Faction.YELLOW_SIGN or "Passion" not in p.spellbooks:
            continue
        lost = any(
            isinstance(e, UnitsRemoved) and e.owner == p.pid and e.kind == UnitKind.CULTIST.value and e.reason not in OWN_LOSSES
            for e in seen
        )
        if lost:
            events.append(pw.AbilityUsed(p.pid, "Passion", say("a cultist lost to an enemy: 1 Power")))
            state = pw.gain_power(state, seat, 1, "Passion", events)
    return state


# -- actions ---------------------------------------------------------------------------------


def desecrate_cost(state: GameState, pid: str) -> int:
    third_eye = pw.holds(state, pid, "The Third Eye") and pw.in_play(state, pid, HASTUR)
    return THIRD_EYE_COST if third_eye else DESECRATE_COST


def desecrated(state: GameState) -> int:
    """How many areas hold a Desecration token."""
    return sum(1 for a in state.areas if DESECRATION in a.markers)


def desecrate(state: GameState, cmd: Desecrate, events: pw.Events) -> GameState:
    seat = pw.my_turn(state, cmd.player)
    pw.need_faction(state, cmd.player, _Faction.YELLOW_SIGN, "Desecrate")
    index = pw.goo_area(state, cmd.player, KING)
    if index is None or DESECRATION in state.areas[index].markers:
        raise Refusal(Code.NOT_NOW, "Desecrate needs the King in Yellow in an area not yet desecrated.")
    if desecrated(state) > DESECRATED_MOST:
        raise Refusal(
            Code.NOT_NOW,
            "Desecrate is offered while {most} areas or fewer are desecrated; {count} are.",
            most=DESECRATED_MOST,
            count=desecrated(state),
        )
    state = pw.pay(state, seat, desecrate_cost(state, cmd.player), "Desecrate", events)
    return pw.roll_now(
        state, cmd.player, f"desecrate:{index}", say("Roll 1 die to Desecrate {area}.", area=state.area_name(index))
    )


def desecrate_rolled(state: GameState, values: tuple[int, ...], events: pw.Events) -> GameState:
    ys = next(p.pid for p in state.players if p.faction is _Faction.YELLOW_SIGN)
    index = pw.goo_area(state, ys, KING)
    assert index is not None
    there = state.areas[index].count(owner=ys)
    where = state.area_name(index)
    if values[0] <= there:
        area = state.areas[index]
        state = state.with_area(index, replace(area, markers=(*area.markers, DESECRATION)))
        events.append(MarkerChanged(where, DESECRATION, True, f"desecrated ({values[0]} ≤ {there} Yellow Sign units)"))
        if pw.holds(state, ys, "The Third Eye") and pw.in_play(state, ys, HASTUR):
            state = flow.draw_elder_sign(state, pw.seat_of(state, ys), "The Third Eye", events)
    else:
        events.append(
            pw.AbilityUsed(ys, "Desecrate", say("{value} > {there} Yellow Sign units: no token", value=values[0], there=there))
        )
    state = pw.queue_ask(state, Ask("Desecrate", ys, (str(index),)))
    return pw.end_action(state, events)


def zingaya(state: GameState, cmd: Zingaya, events: pw.Events) -> GameState:
    seat = pw.my_turn(state, cmd.player)
    pw.need_book(state, cmd.player, "Zingaya")
    index = bd.area_index(state, cmd.area)
    area = state.areas[index]
    if (
        cmd.victim == cmd.player
        or not area.count(owner=cmd.player, name="Undead")
        or lunacy_acolyte(state, index, cmd.victim) is None  # Lunacy: an Earth Cat
    ):
        raise Refusal(Code.NO_SUCH_UNITS, "Zingaya needs Yellow Sign's Undead and an enemy Acolyte in {area}.", area=cmd.area)
    if _left(state, cmd.player, "Undead") < 1:
        raise Refusal(Code.NO_SUCH_UNITS, "No Undead is left in the pool.")
    state = pw.pay(state, seat, ZINGAYA_COST, "Zingaya", events)
    victim = lunacy_acolyte(state, index, cmd.victim)
    assert victim is not None
    state = pw.remove_one(state, index, victim, "Zingaya", events)
    state = pw.place_one(state, index, cmd.player, M, "Undead", "Zingaya", events)
    events.append(
        pw.AbilityUsed(
            cmd.player, "Zingaya", say("{victim}'s Acolyte in {area} becomes an Undead", victim=cmd.victim, area=cmd.area)
        )
    )
    return pw.end_action(state, events)


def shriek(state: GameState, cmd: Shriek, events: pw.Events) -> GameState:
    seat = pw.my_turn(state, cmd.player)
    pw.need_book(state, cmd.player, "Shriek of the Byakhee")
    to = bd.area_index(state, cmd.to)
    bd.refuse_eradicated(state, to)
    sources = cmd.sources or tuple(
        state.area_name(i) for i, a in enumerate(state.areas) if i != to for _ in range(a.count(owner=cmd.player, name="Byakhee"))
    )
    if not sources:
        raise Refusal(Code.NO_SUCH_UNITS, "No Byakhee is elsewhere on the map.")
    state = pw.pay(state, seat, SHRIEK_COST, say("Shriek of the Byakhee"), events)
    for name in sources:
        source = bd.area_index(state, name)
        if source == to or not state.areas[source].count(owner=cmd.player, name="Byakhee"):
            raise Refusal(Code.NO_SUCH_UNITS, "No Byakhee of Yellow Sign left in {name} to fly.", name=name)
        state, moved = bd.move(state, source, to, cmd.player, M, "Byakhee", 1)
        events += moved
    return pw.end_action(state, events)


def _once_per_round(state: GameState, pid: str, ability: str) -> None:
    if pw.used(state, pid, ability):
        raise Refusal(Code.NOT_NOW, "{ability} is used once per round.", ability=ability)
    if state.abilities.second == pid:
        raise Refusal(Code.NOT_NOW, "The second action after The Screaming Dead or He Who is Not to be Named is a different one.")


def screaming_dead(state: GameState, cmd: ScreamingDead, events: pw.Events) -> GameState:
    seat = pw.my_turn(state, cmd.player)
    pw.need_book(state, cmd.player, SCREAMING_DEAD)
    _once_per_round(state, cmd.player, SCREAMING_DEAD)
    home = pw.goo_area(state, cmd.player, KING)
    to = bd.area_index(state, cmd.to)
    if home is None or not state.board.are_adjacent(home, to):
        raise Refusal(Code.NOT_ADJACENT, "The King in Yellow must stand next to {to}.", to=cmd.to)
    here = state.areas[home].count(owner=cmd.player, name="Undead")
    undead = here if cmd.undead is None else cmd.undead
    if not 0 <= undead <= here:
        raise Refusal(Code.NO_SUCH_UNITS, "Only {here} Undead stand with the King.", here=here)
    state = pw.pay(state, seat, SCREAMING_COST, SCREAMING_DEAD, events)
    walkers = [(G, KING, 1)] + ([(M, "Undead", undead)] if undead else [])
    for kind, name, count in walkers:
        state, moved = bd.move(state, home, to, cmd.player, kind, name, count)
        events += moved
    events.append(pw.AbilityUsed(cmd.player, SCREAMING_DEAD, say("the King walks; a second action follows")))
    return pw.go_on(pw.with_abilities(pw.mark_used(state, cmd.player, SCREAMING_DEAD), second=cmd.player), seat, events)


def unnamed(state: GameState, cmd: HeWhoIsNotToBeNamed, events: pw.Events) -> GameState:
    seat = pw.my_turn(state, cmd.player)
    pw.need_book(state, cmd.player, UNNAMED)
    _once_per_round(state, cmd.player, UNNAMED)
    home = pw.goo_area(state, cmd.player, HASTUR)
    to = bd.area_index(state, cmd.to)
    if home is None or home == to or not any(lunatic(state, to, u) for u in state.areas[to].units):  # Lunacy
        raise Refusal(Code.NOT_NOW, "Hastur must be on the map and go to another area with a cultist in it.")
    state = pw.pay(state, seat, UNNAMED_COST, UNNAMED, events)
    state, moved = bd.move(state, home, to, cmd.player, G, HASTUR, 1)
    events += moved
    events.append(pw.AbilityUsed(cmd.player, UNNAMED, say("Hastur appears; a second action follows")))
    return pw.go_on(pw.with_abilities(pw.mark_used(state, cmd.player, UNNAMED), second=cmd.player), seat, events)


def give_doom(state: GameState, cmd: GiveDoom, events: pw.Events) -> GameState:
    pw.my_turn(state, cmd.player)
    pw.need_faction(state, cmd.player, _Faction.YELLOW_SIGN, "Giving Doom")
    if (cmd.player, "Give 3 Doom") in state.abilities.met:
        raise Refusal(Code.NOT_NOW, "That requirement is met already.")
    if cmd.to == cmd.player:
        raise Refusal(Code.BAD_VALUE, "The Doom goes to another player.")
    seat = pw.seat_of(state, cmd.to)
    events.append(
        pw.AbilityUsed(cmd.player, "Give 3 Doom", say("{to} gains {given_doom} Doom", to=cmd.to, given_doom=GIVEN_DOOM))
    )
    state = flow.gain_doom(state, seat, GIVEN_DOOM, "given by Yellow Sign", events)
    return pw.end_action(state, events)


HANDLERS: dict[type[Command], Handler] = {
    Desecrate: desecrate,
    Zingaya: zingaya,
    Shriek: shriek,
    ScreamingDead: screaming_dead,
    HeWhoIsNotToBeNamed: unnamed,
    GiveDoom: give_doom,
}
ROLLS = {"desecrate": desecrate_rolled}


def offers(state: GameState, pid: str) -> Iterator[Command]:
    if state.prompt.kind is not PromptKind.ACTION:
        return
    power = state.player(pid).power
    king = pw.goo_area(state, pid, KING)
    king_free = king is not None and DESECRATION not in state.areas[king].markers and desecrated(state) <= DESECRATED_MOST
    if king is not None and king_free and power >= desecrate_cost(state, pid) + _tax(state, pid, state.area_name(king)):
        yield Desecrate(pid)
    if (pid, "Give 3 Doom") not in state.abilities.met:
        yield from (GiveDoom(pid, other) for other in pw.enemies(state, pid))
    if pw.holds(state, pid, "Zingaya") and power >= ZINGAYA_COST and _left(state, pid, "Undead"):
        for i, area in enumerate(state.areas):
            if area.count(owner=pid, name="Undead") and power >= ZINGAYA_COST + _tax(state, pid, state.area_name(i)):
                yield from (Zingaya(pid, state.area_name(i), o) for o in area.owners if o != pid and lunacy_acolyte(state, i, o))
    free = state.abilities.second != pid
    if _may_use(state, pid, SCREAMING_DEAD, SCREAMING_COST) and king is not None and free:
        adjacent = sorted(state.board.adjacent[king])
        walks = (state.area_name(n) for n in adjacent if ERADICATED not in state.areas[n].markers)
        yield from (ScreamingDead(pid, to) for to in walks if power >= SCREAMING_COST + _tax(state, pid, to))
    hastur_at = pw.goo_area(state, pid, HASTUR)
    if _may_use(state, pid, UNNAMED, UNNAMED_COST) and hastur_at is not None and free:
        for i, area in enumerate(state.areas):
            name = state.area_name(i)
            cultist = any(lunatic(state, i, u) for u in area.units)
            if i != hastur_at and cultist and power >= UNNAMED_COST + _tax(state, pid, name):
                yield HeWhoIsNotToBeNamed(pid, name)
    byakhee_at = [i for i, a in enumerate(state.areas) if a.count(owner=pid, name="Byakhee")]
    if pw.holds(state, pid, "Shriek of the Byakhee") and power >= SHRIEK_COST and byakhee_at:
        for i, area in enumerate(state.areas):  # "to one area", any (factions.md section 4)
            name = state.area_name(i)
            if ERADICATED in area.markers or not any(j != i for j in byakhee_at):
                continue
            if power >= SHRIEK_COST + _tax(state, pid, name):
                yield Shriek(pid, name)


def _tax(state: GameState, pid: str, area: str) -> int:

    return ice_age.surcharge(state, pid, area)


def _desecrate_place(state: GameState, cmd: Command) -> tuple[str, ...]:
    """Desecrate takes place where the King in Yellow stands."""
    assert isinstance(cmd, Desecrate)
    king = pw.goo_area(state, cmd.player, KING)
    return () if king is None else (state.area_name(king),)


# Where its actions end, for the Ice Age's tax (factions.md section 0: spellbook actions targeting
# it): Zingaya there, the Byakhee, the King or Hastur going there, Desecrate where the King stands.
PLACES: dict[type[Command], ice_age.Places] = {
    Desecrate: _desecrate_place,
    **dict.fromkeys((Zingaya, Shriek, ScreamingDead, HeWhoIsNotToBeNamed), ice_age.targets),
}


def _may_use(state: GameState, pid: str, book: str, cost: int) -> bool:
    return pw.holds(state, pid, book) and state.player(pid).power >= cost and not pw.used(state, pid, book)


def gather_power(state: GameState, pid: str) -> list[Part]:
    """Feast: +1 Power per desecrated area with a Yellow Sign unit."""
    feast = sum(1 for a in state.areas if DESECRATION in a.markers and a.count(owner=pid))
    return [Part(say("Feast"), feast)] if feast else []


PLUGIN = FactionPlugin(
    rules=RULES,
    requirements=REQUIREMENTS,
    asks=ASKS,
    handlers=HANDLERS,
    offers=offers,
    battle=Hooks(assigner=vengeance),
    pre_battle=frozenset(PRE_BATTLE),
    reaction=react,
    reacts_to=REACTS_TO,
    rolls=ROLLS,
    places=PLACES,
    gather_power=gather_power,
)
