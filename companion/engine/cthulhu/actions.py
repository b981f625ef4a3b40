"""Handlers for the Cthulhu Wars commands: check the rule, refuse with a reason, or change.

Each handler takes the state, the command and the event list to append to, and returns the new
state; it raises :class:`Refusal` (turned into a rejection by :func:`apply`) when the command is
not legal now.  The core rules are in ../shared/data/cthulhu-wars.md section 3.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from companion.engine.core import Code, Command, Refusal
from companion.engine.cthulhu import board as bd
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu import flow
from companion.engine.cthulhu.events import (
    Captured,
    DiceRolled,
    DirectionChosen,
    EndTriggered,
    FirstPlayerChosen,
    Passed,
    RitualPerformed,
    RitualSkipped,
    SpellbookGained,
    StartChosen,
    UnitsMoved,
    UnitsRemoved,
)
from companion.engine.cthulhu.factions import RULES, Awakening, UnitType, high_priests, independents
from companion.engine.cthulhu.model import (
    ASTRAL_ACOLYTE,
    ELDER_SIGN_BAG,
    ERADICATED,
    GLACIER,
    NEUTRAL,
    NO_PROMPT,
    SPELLBOOKS_TO_WIN,
    STARTING_CULTISTS,
    WATCHER,
    WORM,
    AreaState,
    DieKind,
    Direction,
    Faction,
    GameState,
    Gate,
    Phase,
    Prompt,
    PromptKind,
    UnitKind,
    Units,
    spellbook_count,
)
from companion.engine.says import say, sentence
from companion.engine.values import evolve, maker

Events = flow.Events
pay = bd.pay  # spending Power lives with the board's other updates; the abilities spend it too
Handler = Callable[[GameState, Any, Events], GameState]
RollHandler = Callable[[GameState, tuple[int, ...], Events], GameState]
HANDLERS: dict[type[Command], Handler] = {}
ROLL_HANDLERS: dict[str, RollHandler] = {}
# Legal answers to the prompts an expansion adds, listed by the expansion itself.
PROMPT_ANSWERS: dict[PromptKind, Callable[[GameState], Iterator[Command]]] = {}

KILL_FACE, PAIN_FACES = bd.KILL_FACE, bd.PAIN_FACES
roll_prompt, kills_and_pains = bd.roll_prompt, bd.kills_and_pains  # the dice's, in the board module: the factions read them


def handles(cls: type[Command]) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        HANDLERS[cls] = fn
        return fn

    return register


# -- checks ---------------------------------------------------------------------------------


def seat_of(state: GameState, pid: str) -> int:
    seat = state.seat(pid)
    if seat is None:
        players = ", ".join(p.pid for p in state.players)
        raise Refusal(Code.UNKNOWN_PLAYER, "{pid!r} is not playing (players: {players}).", pid=pid, players=players)
    return seat


def expect(state: GameState, kind: PromptKind, pid: str) -> int:
    """Refuse unless the engine is waiting for ``kind`` from ``pid``; return the seat."""
    seat = seat_of(state, pid)
    prompt = state.prompt
    if prompt.kind is not kind:
        raise Refusal(Code.NOT_NOW, "The referee is not waiting for that now. {waiting_for}", waiting_for=waiting_for(state))
    if prompt.actor and prompt.actor != pid:
        raise Refusal(
            Code.NOT_YOUR_TURN,
            "It is not {player}'s decision. {waiting_for}",
            player=state.players[seat].label,
            waiting_for=waiting_for(state),
        )
    return seat


def waiting_for(state: GameState) -> str:
    if state.phase is Phase.GAME_OVER:
        return sentence("The game is over.")
    return state.prompt.text or sentence("Nothing is waiting.")


def choice(state: GameState, value: str) -> str:
    if value not in state.prompt.choices:
        raise Refusal(
            Code.NOT_A_CHOICE,
            "{value!r} is not one of the choices: {choices}.",
            value=value,
            choices=", ".join(state.prompt.choices),
        )
    return value


def has_units(state: GameState, index: int, pid: str) -> bool:
    return state.areas[index].count(owner=pid) > 0


def continue_flow(state: GameState, events: Events) -> GameState:
    return flow.run(flow.answered(state), events)


# -- set-up and the round's decisions -------------------------------------------------------


@handles(c.ChooseStart)
def choose_start(state: GameState, cmd: c.ChooseStart, events: Events) -> GameState:
    seat = expect(state, PromptKind.START_AREA, cmd.player)
    if not state.prompt.choices:  # flow.start_area_choices left nothing (the Ancients: no glacier glyph)
        raise Refusal(
            Code.NOT_NOW,
            "{player} has no legal start area left: every area without a glacier glyph is taken or has a gate "
            "(factions.md section 8). Undo the start areas chosen before it and leave one such area free, "
            "or start the game again with fewer factions.",
            player=state.players[seat].label,
        )
    choice(state, cmd.area)
    events.append(StartChosen(cmd.player, cmd.area))
    return continue_flow(flow.place_start(state, seat, cmd.area, events), events)


@handles(c.ChooseDirection)
def choose_direction(state: GameState, cmd: c.ChooseDirection, events: Events) -> GameState:
    expect(state, PromptKind.DIRECTION, cmd.player)
    choice(state, cmd.direction)
    direction = Direction.CLOCKWISE if cmd.direction == "clockwise" else Direction.COUNTERCLOCKWISE
    events.append(DirectionChosen(cmd.player, cmd.direction))
    return continue_flow(evolve(state, direction=direction), events)


@handles(c.ChooseFirstPlayer)
def choose_first_player(state: GameState, cmd: c.ChooseFirstPlayer, events: Events) -> GameState:
    expect(state, PromptKind.FIRST_PLAYER, cmd.player)
    choice(state, cmd.first)
    events.append(FirstPlayerChosen(cmd.first, state.prompt.choices))
    return continue_flow(evolve(state, first=seat_of(state, cmd.first)), events)


@handles(c.Ritual)
def ritual(state: GameState, cmd: c.Ritual, events: Events) -> GameState:
    """Pay the track's cost, advance the marker, gain Doom per controlled gate and an Elder Sign
    per own faction Great Old One in play (section 3: Doom Phase step 2)."""
    seat = expect(state, PromptKind.RITUAL, cmd.player)
    cost = flow.ritual_cost(state, cmd.player)
    state = pay(state, seat, cost, say("the Ritual of Annihilation"), events)
    state = evolve(state, ritual=state.ritual + 1)
    instant_death = state.ritual >= len(state.ritual_track)
    doom = flow.doom_gates(state, cmd.player)
    signs = bd.faction_goos_in_play(state, cmd.player)
    events.append(RitualPerformed(cmd.player, cost, doom, signs, instant_death))
    if doom:
        state = flow.gain_doom(state, seat, doom, "Ritual of Annihilation", events)
    for _ in range(signs):
        state = flow.draw_elder_sign(state, seat, "Ritual of Annihilation", events)
    if instant_death and not state.end_trigger:
        events.append(EndTriggered("instant_death", "at the end of the Doom Phase"))
        state = evolve(state, end_trigger="instant_death")
    return continue_flow(state, events)


@handles(c.SkipRitual)
def skip_ritual(state: GameState, cmd: c.SkipRitual, events: Events) -> GameState:
    expect(state, PromptKind.RITUAL, cmd.player)
    events.append(RitualSkipped(cmd.player))
    return continue_flow(state, events)


# -- dice -----------------------------------------------------------------------------------


# A quick maker of the roll's event (values.maker).
new_dice_rolled = maker(DiceRolled)


def die_faces(state: GameState, die: DieKind) -> tuple[int, ...]:
    if die is DieKind.DEGRADATION:
        return state.board.degradation_faces
    return (1, 2, 3, 4, 5, 6)


@handles(c.Roll)
def roll(state: GameState, cmd: c.Roll, events: Events) -> GameState:
    """Dice for the pending roll, from any source; the generator draws from the state's seed."""
    prompt = state.prompt
    if prompt.kind is not PromptKind.ROLL:
        raise Refusal(Code.NOT_NOW, "No roll is pending. {waiting_for}", waiting_for=waiting_for(state))
    faces = die_faces(state, prompt.die)
    if cmd.values is None:
        picks: list[int] = []
        rng = state.rng
        for _ in range(prompt.dice):
            pick, rng = rng.below(len(faces))
            picks.append(faces[pick])
        # The generator's next state and the roll answered: one copy of the state.
        values, state, source = tuple(picks), evolve(state, rng=rng, prompt=NO_PROMPT), "generator"
    else:
        values, source = cmd.values, cmd.source
        check_roll(prompt, faces, values)
        state = evolve(state, prompt=NO_PROMPT)
    events.append(new_dice_rolled(prompt.purpose, prompt.actor, values, prompt.die.value, source))
    purpose = prompt.purpose  # "battle", or a handler's name and its own detail after a colon
    return ROLL_HANDLERS[purpose.split(":")[0] if ":" in purpose else purpose](state, values, events)


def check_roll(prompt: Prompt, faces: tuple[int, ...], values: tuple[int, ...]) -> None:
    if len(values) != prompt.dice:
        raise Refusal(
            Code.BAD_ROLL, "{prompt} needs {dice} dice, not {count}.", prompt=prompt.text, dice=prompt.dice, count=len(values)
        )
    bad = next((value for value in values if value not in faces), None)
    if bad is not None:
        raise Refusal(
            Code.BAD_ROLL,
            "{bad} is not a face of a {die} die ({faces}-{faces2}).",
            bad=bad,
            die=prompt.die.value,
            faces=faces[0],
            faces2=faces[-1],
        )


# -- the Action Phase -----------------------------------------------------------------------


def my_turn(state: GameState, pid: str) -> int:
    return expect(state, PromptKind.ACTION, pid)


def end_action(state: GameState, events: Events) -> GameState:
    """The acting player's action is over: hand the turn on (and run a round's end)."""
    return flow.run(flow.next_turn(state, events), events)


@handles(c.Recruit)
def recruit(state: GameState, cmd: c.Recruit, events: Events) -> GameState:
    """A cultist where the player has a unit, or anywhere if they have none on the map."""
    seat = my_turn(state, cmd.player)
    index = bd.area_index(state, cmd.area)
    bd.refuse_eradicated(state, index)
    if bd.units_in_play(state, cmd.player) and not has_units(state, index, cmd.player):
        raise Refusal(
            Code.NO_SUCH_UNITS,
            "{player} has no unit in {area} to recruit beside.",
            player=state.players[seat].label,
            area=cmd.area,
        )
    name = cmd.unit or UnitKind.CULTIST.default_name
    if name != UnitKind.CULTIST.default_name:
        high_priests.check_recruit(state, cmd.player, name, cmd.cost)
    elif acolytes_out(state, cmd.player) >= acolyte_pool(state, cmd.player):
        pool = acolyte_pool(state, cmd.player)
        raise Refusal(
            Code.NO_SUCH_UNITS, "All {pool} of {player}'s Acolytes are in play.", pool=pool, player=state.players[seat].label
        )
    state = pay(state, seat, cmd.cost, say("recruiting a cultist"), events)
    state, placed = bd.place(state, index, cmd.player, UnitKind.CULTIST, name, 1, "recruited")
    events += placed
    return end_action(state, events)


COSMIC_AREA_COST = 2  # Shaggai: pay 2 more to ignore area restrictions when awakening or summoning


def cosmic_surcharge(state: GameState, seat: int, cosmic: bool) -> int:
    """The Cosmic Power's +2 for ignoring area restrictions, after checking it may be used."""
    if not cosmic:
        return 0
    player = state.players[seat]
    if state.worms is None:
        raise Refusal(Code.NOT_NOW, "The Cosmic Power exists only on the Shaggai map.")
    if player.faction is Faction.BUBASTIS:
        raise Refusal(
            Code.NOT_NOW,
            "Bubastis may use the Cosmic Power's 6-Power Spellbook, but not the 2-Power rule "
            "(shaggai-worms.txt: cats are like that).",
        )
    if not bd.cosmic_gate(state, player.pid):
        raise Refusal(
            Code.NOT_CONTROLLER,
            "The Cosmic Power needs a gate {player} controls (or Yog-Sothoth, who counts as one) in an area with a Worm.",
            player=player.label,
        )
    return COSMIC_AREA_COST


def acolyte_pool(state: GameState, pid: str) -> int:
    """How many Acolytes ``pid``'s faction has: six, none for Bubastis (factions.md section 9)."""
    unit = roster_unit(state, pid, UnitKind.CULTIST.default_name)
    return STARTING_CULTISTS if unit is None else unit.pool


def acolytes_out(state: GameState, pid: str) -> int:
    """``pid``'s Acolytes on the map and held captured: its cultists, less its High Priests with
    the High Priests option (without it, as before, Tcho-Tcho's count with its Acolytes)."""
    captured = sum(p.captured.count(pid) for p in state.players)
    priests = high_priests.out(state, pid) if state.options.high_priests else 0
    return bd.units_in_play(state, pid, UnitKind.CULTIST) + captured - priests


def roster_unit(state: GameState, pid: str, name: str) -> UnitType | None:
    """``pid``'s faction's unit called ``name`` (None for a faction or unit the data lacks)."""
    rules = RULES.get(state.player(pid).faction)
    found = None if rules is None else rules.unit(name)
    return found or independents.held_unit(state, pid, name)  # a neutral monster whose card it holds


def check_pool(state: GameState, pid: str, unit: UnitType | None) -> None:
    """Refuse when every unit of this type the faction's box holds is already on the map."""
    if unit is None:
        return
    out = sum(a.count(owner=pid, name=unit.name) for a in state.areas)
    if out >= unit.pool:
        raise Refusal(
            Code.NO_SUCH_UNITS,
            "All {pool} of {pid}'s {unit} are in play: none is left in the pool.",
            pool=unit.pool,
            pid=pid,
            unit=unit.name,
        )


@handles(c.Summon)
def summon(state: GameState, cmd: c.Summon, events: Events) -> GameState:
    """A monster or terror at a controlled gate, from the pool, at the roster's cost now (or the
    cost given: the table's override for an effect the referee does not model)."""
    seat = my_turn(state, cmd.player)
    index = bd.area_index(state, cmd.area)
    gate = state.areas[index].gate
    surcharge = cosmic_surcharge(state, seat, cmd.cosmic)
    if not cmd.cosmic and (gate is None or gate.controller != cmd.player):
        raise Refusal(
            Code.NOT_CONTROLLER,
            "Summoning needs a gate {player} controls in {area}.",
            player=state.players[seat].label,
            area=cmd.area,
        )
    unit = roster_unit(state, cmd.player, cmd.name)
    kind = cmd.kind if unit is None or cmd.cost is not None else unit.kind
    if kind not in (UnitKind.MONSTER, UnitKind.TERROR):
        raise Refusal(Code.BAD_VALUE, "Only monsters and terrors are summoned; cultists are recruited, Great Old Ones awakened.")
    check_pool(state, cmd.player, unit)
    if cmd.cost is not None:
        cost = cmd.cost
    elif unit is None and cmd.name == independents.FILTH:  # every Filth summon HRF allows is Fertility's
        raise Refusal(
            Code.BAD_VALUE,
            "A Filth is placed by Abhoth's Filth action (place_filth) or summoned by Black Goat with Fertility Cult "
            '(fertility_cult, name "Filth"), not by summon.',
        )
    elif unit is None:
        raise Refusal(
            Code.BAD_VALUE,
            "The referee does not know the cost of {player}'s {name!r}: give cost.",
            player=cmd.player,
            name=cmd.name,
        )
    else:
        rules = RULES[state.players[seat].faction]
        cost = rules.cost_of(state, cmd.player, unit)
    state = pay(state, seat, cost + surcharge, say("summoning {name}", name=cmd.name), events)
    state, placed = bd.place(state, index, cmd.player, kind, bd.unit_name(kind, cmd.name), 1, "summoned")
    events += placed
    if cmd.name == "Ghast" and independents.held_unit(state, cmd.player, cmd.name) is not None:
        state = independents.hordeling(state, cmd.player, index, events)
    return end_action(state, events)


@handles(c.Awaken)
def awaken(state: GameState, cmd: c.Awaken, events: Events) -> GameState:
    """A Great Old One: with no cost given, its requirements are checked (the Cosmic Power may
    bypass only the area restriction, shaggai-worms.txt) and its cost computed; a cost given is
    the table's override, checked only as before.  Either way it is recorded as awakened."""
    seat = my_turn(state, cmd.player)
    index = bd.area_index(state, cmd.area)
    if cmd.kind not in (UnitKind.GOO, UnitKind.IGOO):
        raise Refusal(Code.BAD_VALUE, "Only Great Old Ones are awakened.")
    name = bd.unit_name(cmd.kind, cmd.name)
    if any(a.count(kind=cmd.kind, name=name) for a in state.areas):
        raise Refusal(Code.BAD_VALUE, "{name} is already in play.", name=name)
    surcharge = cosmic_surcharge(state, seat, cmd.cosmic)
    rule = awakening_rule(state, cmd, index) if cmd.cost is None else None
    cost = cmd.cost if rule is None else rule.cost(state, cmd.player)
    assert cost is not None
    state = pay(state, seat, cost + surcharge, say("awakening {name}", name=name), events)
    state, placed = bd.place(state, index, cmd.player, cmd.kind, name, 1, "awakened")
    events += placed
    if rule is not None and rule.effect is not None:  # what else it does, once he stands there
        chosen = tuple((bd.area_index(state, r.area), r.kind, bd.unit_name(r.kind, r.name), r.count) for r in cmd.sacrifice)
        state = rule.effect(state, cmd.player, index, chosen, events)
    player = state.players[seat]
    if name not in player.awakened:
        state = state.with_player(seat, awakened=(*player.awakened, name))
    return end_action(state, events)


def awakening_rule(state: GameState, cmd: c.Awaken, index: int) -> Awakening:
    """The Great Old One's awakening, its requirements checked (the Cosmic Power bypasses only
    the area restriction).

    :raises Refusal: BAD_VALUE for a Great Old One the rules data lacks (give the cost), NOT_NOW
        for a requirement not met.
    """
    rules = RULES.get(state.player(cmd.player).faction)
    rule = None if rules is None else rules.awakening(cmd.name)
    if rule is None:
        raise Refusal(
            Code.BAD_VALUE,
            "The referee does not know how {player} awakens {name!r}: give cost.",
            player=cmd.player,
            name=cmd.name,
        )
    problem = rule.needs(state, cmd.player) or ("" if cmd.cosmic else rule.where(state, cmd.player, index))
    if problem:
        raise Refusal(
            Code.NOT_NOW, "{name} cannot be awakened in {area}: {problem}.", name=cmd.name, area=cmd.area, problem=problem
        )
    return rule


# Units other than cultists an ability lets build and control gates (The Red Sign's Dark Young):
# (state, player, area index) -> whether the player has one there.  Filled by the abilities.
GATE_HOLDERS: list[Callable[[GameState, str, int], bool]] = []


def holds_gates(state: GameState, pid: str, index: int) -> bool:
    """``pid`` has a unit in area ``index`` that can build and control a gate: a cultist, or
    one an ability names (:data:`GATE_HOLDERS`)."""
    if state.areas[index].count(owner=pid, kind=UnitKind.CULTIST):
        return True
    return any(holder(state, pid, index) for holder in GATE_HOLDERS)


@handles(c.BuildGate)
def build_gate(state: GameState, cmd: c.BuildGate, events: Events) -> GameState:
    """A gate in an area without one, where the player has a cultist, who controls it."""
    seat = my_turn(state, cmd.player)
    index = bd.area_index(state, cmd.area)
    if state.areas[index].gate is not None:
        raise Refusal(Code.GATE_PRESENT, "{area} already has a gate.", area=cmd.area)
    if not holds_gates(state, cmd.player, index):
        raise Refusal(
            Code.NO_SUCH_UNITS,
            "Building a gate needs a cultist of {player} in {area}.",
            player=state.players[seat].label,
            area=cmd.area,
        )
    state = pay(state, seat, cmd.cost, say("building a gate"), events)
    if GLACIER in state.areas[index].markers:  # a gate built under a glacier is covered at once
        state, changed = bd.set_gate(state, index, Gate(None), "built, and covered by the glacier at once")
        events += changed
        return end_action(state, events)
    state, changed = bd.set_gate(state, index, Gate(cmd.player), "built")
    events += changed
    return end_action(state, events)


@handles(c.Move)
def move(state: GameState, cmd: c.Move, events: Events) -> GameState:
    """One Move action: any number of units, from any areas, each group into an area adjacent to
    its own; 1 Power per unit by default (the Astral Acolyte counts as one).  On Shaggai units
    may cross eradicated areas; one unit of the whole Move is lost (shaggai-worms.txt)."""
    seat = my_turn(state, cmd.player)
    try:
        groups, acolyte_to = cmd.legs()
    except ValueError as exc:
        raise Refusal(Code.BAD_VALUE, exc.args[0]) from None  # a sentence() of commands.py
    if not groups and not acolyte_to:
        raise Refusal(Code.BAD_VALUE, "A Move moves at least one unit: give groups of units, each with its area and to.")
    count = sum(group.count for group in groups) + (1 if acolyte_to else 0)
    acolyte_crossed = False
    if acolyte_to:
        to = bd.area_index(state, acolyte_to)
        bd.refuse_eradicated(state, to)
        state, acolyte_crossed = MOVE_ACOLYTE(state, cmd.player, to, events)
    state = pay(
        state,
        seat,
        count if cmd.cost is None else cmd.cost,
        say("moving {count} unit", count=count) if count == 1 else say("moving {count} units", count=count),
        events,
    )
    state = walk(state, cmd.player, groups, cmd.sacrifice, events, walking=True, acolyte_crossed=acolyte_crossed)
    for toll in MOVE_TOLLS:  # Catnapping: leaving the Moon pays Bubastis
        state = toll(state, cmd.player, groups, events)
    return end_action(state, events)


def _no_acolyte(state: GameState, pid: str, to: int, events: Events) -> tuple[GameState, bool]:
    raise Refusal(Code.NOT_NOW, "This game has no Astral Acolyte.")


# The Astral Acolyte's part of a Move (its module replaces this when the option is on): the state
# after it moved, and whether it crossed an eradicated area.
MOVE_ACOLYTE: Callable[[GameState, str, int, Events], tuple[GameState, bool]] = _no_acolyte


@handles(c.AbilityMove)
def ability_move(state: GameState, cmd: c.AbilityMove, events: Events) -> GameState:
    in_play(state)
    seat_of(state, cmd.player)
    groups = tuple(c.MoveGroup(ref.area, cmd.to, ref.kind, ref.name, ref.count) for ref in cmd.units)
    if not groups:
        raise Refusal(Code.BAD_VALUE, "Move at least one unit from each area named.")
    return walk(state, cmd.player, groups, cmd.sacrifice, events, walking=not cmd.teleport)


Leg = tuple[c.MoveGroup, int, int]  # a group of a Move, its area's index and its destination's


def walk(
    state: GameState,
    pid: str,
    groups: tuple[c.MoveGroup, ...],
    sacrifice: c.UnitRef | None,
    events: Events,
    *,
    walking: bool,
    acolyte_crossed: bool = False,
) -> GameState:
    """Move every group of ``pid``'s units at once.  Walking units need their destination
    adjacent to their own area, or a path across eradicated areas; any crossing (the Astral
    Acolyte's too) costs ``sacrifice``, one unit of the whole Move."""
    legs, crossed = check_legs(state, groups, walking, pid)
    if crossed or acolyte_crossed:
        legs = pay_crossing(state, legs, sacrifice, acolyte_crossed)
        assert sacrifice is not None
        state = lose_one(state, pid, sacrifice, events)
    elif sacrifice is not None:
        raise Refusal(Code.BAD_VALUE, "No eradicated area is crossed: no unit is sacrificed.")
    return shift(state, pid, legs, events)


# Where units go beyond the board's neighbours in one leg of a Move, crossing nothing (Flight,
# Bubastis' Moon, the Shantak's Horror Steed): (state, player, from, unit name) -> areas.  The
# factions' plugins' ``reach`` and the shared layer's, handed over by the assembly.
REACH: list[Callable[[GameState, str, int, str], frozenset[int]]] = []
# What a Move pays a faction besides its cost (Catnapping): (state, player, groups, events).
MOVE_TOLLS: list[Callable[[GameState, str, tuple[Any, ...], Events], GameState]] = []


def reached(state: GameState, pid: str, index: int, name: str = "") -> frozenset[int]:
    """The areas :data:`REACH` lets ``pid``'s unit ``name`` in area ``index`` reach in one leg."""
    found: frozenset[int] = frozenset()
    for reach in REACH:
        found |= reach(state, pid, index, name)
    return found


def destinations(state: GameState, pid: str, index: int, name: str = "") -> frozenset[int]:
    """Every area ``pid``'s units in area ``index`` may walk to in one Move without crossing an
    eradicated area: the board's neighbours, and those :data:`REACH` gives (Flight's two areas,
    Bubastis' Moon, a Shantak's anywhere: ``name``).  Never ``index`` itself nor an eradicated
    area.  The legal list and the screen's Move both read it, so neither offers less than
    :func:`check_legs` takes."""
    found = state.board.adjacent[index] | reached(state, pid, index, name)
    return frozenset(to for to in found if to != index and ERADICATED not in state.areas[to].markers)


def check_legs(state: GameState, groups: tuple[c.MoveGroup, ...], walking: bool, pid: str = "") -> tuple[list[Leg], bool]:
    """Each group's areas, checked (not eradicated, adjacent or across eradicated areas when
    walking, by Bubastis' Moon, or as far as an ability in :data:`REACH` lets ``pid``'s units go), and whether any
    group crosses an eradicated area."""
    legs: list[Leg] = []
    crossed = False
    for group in groups:
        if group.count < 1:
            raise Refusal(Code.BAD_VALUE, "Move at least one unit in each group.")
        if group.name in independents.UNMOVABLE:
            raise Refusal(
                Code.NOT_NOW, "{group} cannot move ({unmovable}).", group=group.name, unmovable=independents.UNMOVABLE[group.name]
            )
        source, to = bd.area_index(state, group.area), bd.area_index(state, group.to)
        bd.refuse_eradicated(state, to)
        anywhere = to in reached(state, pid, source, group.name)  # within a reach: nothing crossed
        route = (False if anywhere else bd.crossing(state, source, to)) if walking else False
        if source == to or route is None:
            raise Refusal(Code.NOT_ADJACENT, "{area} is not adjacent to {to}.", area=group.area, to=group.to)
        crossed = crossed or bool(route)
        legs.append((group, source, to))
    return legs, crossed


def lose_one(state: GameState, pid: str, unit: c.UnitRef, events: Events) -> GameState:
    """Eliminate the unit a crossing costs, in the area it set out from (its gate is settled
    with the Move's other areas, once every unit has moved)."""
    index = bd.area_index(state, unit.area)
    name = bd.unit_name(unit.kind, unit.name)
    where = state.area_name(index)
    state = state.with_area(index, bd.remove_units(state.areas[index], pid, unit.kind, name, 1, where))
    events.append(UnitsRemoved(pid, where, unit.kind.value, name, 1, "lost crossing an eradicated area"))
    return state


def shift(state: GameState, pid: str, legs: list[Leg], events: Events) -> GameState:
    """Every moving unit leaves its area before any arrives, so each area's units are counted
    as they were before the Move and no unit moves twice; then the gates of the areas left
    behind are settled (a controller moving units both out of and into an area keeps its gate)."""
    moving = [(group, source, to, bd.unit_name(group.kind, group.name)) for group, source, to in legs if group.count]
    for group, source, _, name in moving:
        area = bd.remove_units(state.areas[source], pid, group.kind, name, group.count, state.area_name(source))
        state = state.with_area(source, area)
    for group, source, to, name in moving:
        state = state.with_area(to, bd.add_units(state.areas[to], pid, group.kind, name, group.count))
        events.append(UnitsMoved(pid, state.area_name(source), state.area_name(to), group.kind.value, name, group.count))
    for index in sorted({source for _, source, _ in legs}):
        state, settled = bd.settle_gate(state, index)
        events += settled
    return state


def pay_crossing(state: GameState, legs: list[Leg], sacrifice: c.UnitRef | None, acolyte_crossed: bool) -> list[Leg]:
    """The moving groups less the one unit sacrificed; refuses when none, or a stranger, is named.
    The Astral Acolyte is never the unit lost, so it cannot cross alone."""
    if sacrifice is None:
        if acolyte_crossed and not legs:
            raise Refusal(
                Code.SACRIFICE_REQUIRED,
                "Crossing an eradicated area costs one of the Move's units, and the Astral Acolyte cannot be eliminated: "
                "it cannot cross alone (astral-acolyte.txt, shaggai-worms.txt).",
            )
        raise Refusal(Code.SACRIFICE_REQUIRED, "Crossing an eradicated area costs one of the moving units: name it in sacrifice.")
    key = (sacrifice.area, sacrifice.kind, bd.unit_name(sacrifice.kind, sacrifice.name))
    for i, (group, source, to) in enumerate(legs):
        if (group.area, group.kind, bd.unit_name(group.kind, group.name)) == key and group.count:
            rest = list(legs)
            rest[i] = (evolve(group, count=group.count - 1), source, to)
            return rest
    raise Refusal(Code.BAD_VALUE, "The sacrificed unit must be one of the units making the move (never the Astral Acolyte).")


@handles(c.Capture)
def capture(state: GameState, cmd: c.Capture, events: Events) -> GameState:
    """Take an enemy cultist (``unit`` names which, else the victim's first there, as journals
    written before the field read): checked by :func:`capture_refusal`."""
    seat = my_turn(state, cmd.player)
    if cmd.victim == ASTRAL_ACOLYTE:
        raise Refusal(Code.UNTOUCHABLE, ACOLYTE_IMMUNE)
    seat_of(state, cmd.victim)
    index = bd.area_index(state, cmd.area)
    refusal = capture_refusal(state, cmd.player, index, cmd.victim, cmd.unit)
    if refusal is not None:
        raise refusal
    victim = captive_stack(state.areas[index], cmd.victim, cmd.unit)
    assert victim is not None  # capture_refusal found it
    state = pay(state, seat, cmd.cost, say("a capture"), events)
    state, removed = bd.remove(
        state, index, cmd.victim, UnitKind.CULTIST, victim.name, 1, say("captured by {player}", player=cmd.player)
    )
    state = state.with_player(seat, captured=(*state.players[seat].captured, cmd.victim))
    events += removed
    events.append(Captured(cmd.player, cmd.victim, cmd.area))
    return end_action(state, events)


CAPTURE_COST = 1  # a capture's own Power (the Ice Age's tax comes on top, by its guard)
CAPTORS = (UnitKind.MONSTER, UnitKind.TERROR, UnitKind.GOO, UnitKind.IGOO)
GOOS = (UnitKind.GOO, UnitKind.IGOO)


def captive_stack(area: AreaState, victim: str, unit: str = "") -> Units | None:
    """``victim``'s cultists called ``unit`` in ``area`` ("": its first cultists there)."""
    return next((u for u in area.units if u.owner == victim and u.kind is UnitKind.CULTIST and unit in ("", u.name)), None)


def capture_refusal(state: GameState, pid: str, index: int, victim: str, unit: str = "") -> Refusal | None:
    """Why ``pid`` may not capture ``victim``'s cultist ``unit`` ("": any) in area ``index``
    (None when it may): the captor needs a monster, terror or Great Old One there; an enemy Great
    Old One there protects its cultists always, its monsters and terrors only from a captor
    without a Great Old One there (factions.md section 0, Capture: "A capturer with a GOO there
    always may", [HRF:Game.scala] ``canCapture``).  The capture command and the legal list both
    ask it.  Errors returned: NO_SUCH_UNITS (no captor; no such cultist), NOT_NOW (protected)."""
    area, where = state.areas[index], state.area_name(index)
    if not any(u.owner == pid and u.kind in CAPTORS and u.name not in independents.CANNOT_CAPTURE for u in area.units):
        return Refusal(
            Code.NO_SUCH_UNITS, "Capturing needs a monster or Great Old One of {player} in {area}.", player=pid, area=where
        )
    if any(area.count(owner=victim, kind=k) for k in GOOS):
        return Refusal(Code.NOT_NOW, "{victim} has a Great Old One protecting its cultists in {area}.", victim=victim, area=where)
    captor_goo = any(u.owner == pid and u.kind in GOOS and u.name not in independents.CANNOT_CAPTURE for u in area.units)
    if not captor_goo and any(area.count(owner=victim, kind=k) for k in (UnitKind.MONSTER, UnitKind.TERROR)):
        return Refusal(
            Code.NOT_NOW,
            "{victim} has a monster protecting its cultists in {area} (only a Great Old One captures past it).",
            victim=victim,
            area=where,
        )
    if captive_stack(area, victim, unit) is None:
        if unit:
            return Refusal(
                Code.NO_SUCH_UNITS, "{victim} has no {unit} in {area} to capture.", victim=victim, unit=unit, area=where
            )
        return Refusal(Code.NO_SUCH_UNITS, "{victim} has no cultist in {area}.", victim=victim, area=where)
    return None


def capture_offers(state: GameState, pid: str, index: int) -> Iterator[c.Capture]:
    """The captures ``pid`` may make in area ``index`` by the capture's own checks
    (:func:`capture_refusal`), one per distinct cultist name of each enemy there, named
    (``unit``): the victim chooses which it gives up (factions.md section 0), so the screen offers
    each.  The abilities' guards (Ferox, Brainless, the Ice Age's tax) are the caller's to ask
    (the legal list filters its action commands through them; the screen asks the engine).  The
    legal list offers these in each area the player has units in, so the demo's bots capture too.

    Cheap where nothing can be captured (the legal list asks it of every such area): an area
    with no enemy cultist, or no captor of ``pid``, is passed over before any enemy is checked."""
    if state.player(pid).power < CAPTURE_COST:
        return
    area = state.areas[index]
    if not any(u.kind is UnitKind.CULTIST and u.owner != pid for u in area.units) or not any(
        u.owner == pid and u.kind in CAPTORS for u in area.units
    ):
        return
    for enemy in area.owners:
        if enemy == pid or state.seat(enemy) is None or capture_refusal(state, pid, index, enemy) is not None:
            continue
        names = dict.fromkeys(u.name for u in area.units_of(enemy) if u.kind is UnitKind.CULTIST)
        yield from (c.Capture(pid, state.area_name(index), enemy, unit=name) for name in names)


@handles(c.ControlGate)
def control_gate(state: GameState, cmd: c.ControlGate, events: Events) -> GameState:
    """Unlimited action: a cultist steps onto an abandoned gate (not with 0 Power)."""
    seat = my_turn(state, cmd.player)
    index = bd.area_index(state, cmd.area)
    gate = state.areas[index].gate
    if gate is None or not gate.abandoned:
        raise Refusal(Code.NO_GATE, "{area} has no abandoned gate.", area=cmd.area)
    if GLACIER in state.areas[index].markers:
        raise Refusal(Code.NOT_NOW, "The gate in {area} is under a glacier: it cannot be controlled.", area=cmd.area)
    if not holds_gates(state, cmd.player, index):
        raise Refusal(
            Code.NO_SUCH_UNITS,
            "Controlling a gate needs a cultist of {player} in {area}.",
            player=state.players[seat].label,
            area=cmd.area,
        )
    state, changed = bd.set_gate(state, index, Gate(cmd.player), "controlled")
    events += changed
    return state


@handles(c.AbandonGate)
def abandon_gate(state: GameState, cmd: c.AbandonGate, events: Events) -> GameState:
    my_turn(state, cmd.player)
    index = bd.area_index(state, cmd.area)
    gate = state.areas[index].gate
    if gate is None or gate.controller != cmd.player:
        raise Refusal(Code.NOT_CONTROLLER, "{player} does not control a gate in {area}.", player=cmd.player, area=cmd.area)
    if gate.acolyte:
        raise Refusal(Code.UNTOUCHABLE, "The Astral Acolyte holds this gate; it cannot be removed from it.")
    state, changed = bd.set_gate(state, index, Gate(None), "abandoned")
    events += changed
    return state


@handles(c.Pass)
def pass_turn(state: GameState, cmd: c.Pass, events: Events) -> GameState:
    seat = my_turn(state, cmd.player)
    events.append(Passed(cmd.player))
    return end_action(state.with_player(seat, power=0), events)


# -- any time -------------------------------------------------------------------------------


def in_play(state: GameState) -> None:
    if state.phase is Phase.GAME_OVER:
        raise Refusal(Code.GAME_OVER, "The game is over.")


@handles(c.GainSpellbook)
def gain_spellbook(state: GameState, cmd: c.GainSpellbook, events: Events) -> GameState:
    in_play(state)
    seat = seat_of(state, cmd.player)
    player = state.players[seat]
    if spellbook_count(player) >= SPELLBOOKS_TO_WIN:
        raise Refusal(
            Code.BAD_VALUE,
            "{player} already has all {spellbooks_to_win} spellbooks.",
            player=player.label,
            spellbooks_to_win=SPELLBOOKS_TO_WIN,
        )
    name = cmd.name.strip()
    if name and name in player.spellbooks:
        raise Refusal(Code.BAD_VALUE, "{player} already has {name}.", player=player.label, name=name)
    events.append(SpellbookGained(cmd.player, name, spellbook_count(player) + 1))
    return state.with_player(seat, spellbooks=(*player.spellbooks, name))


@handles(c.RevealElderSign)
def reveal(state: GameState, cmd: c.RevealElderSign, events: Events) -> GameState:
    """Turn in an Elder Sign at any time; at the end of the game, when the referee asks."""
    in_play(state)
    seat = seat_of(state, cmd.player)
    player = state.players[seat]
    final = state.prompt.kind is PromptKind.ELDER_SIGN_VALUE
    if final:
        expect(state, PromptKind.ELDER_SIGN_VALUE, cmd.player)
    if not player.elder_signs:
        raise Refusal(Code.NO_SUCH_UNITS, "{player} has no hidden Elder Sign.", player=player.label)
    value = elder_sign_value(state, player.elder_signs, cmd.value)
    state = flow.reveal_elder_sign(state, seat, value, events)
    return flow.run(evolve(state, prompt=Prompt(PromptKind.NONE)), events) if final else state


def elder_sign_value(state: GameState, hidden: tuple[int, ...], value: int | None) -> int:
    if state.options.digital_elder_signs:
        if value is None:
            return hidden[0]
        if value not in hidden:
            raise Refusal(Code.BAD_VALUE, "No hidden Elder Sign worth {value} (they are drawn by the referee).", value=value)
        return value
    if value not in (1, 2, 3):
        raise Refusal(Code.BAD_VALUE, "Enter the value printed on the physical Elder Sign: 1, 2 or 3.")
    revealed = sum(p.revealed.count(value) for p in state.players)
    if revealed >= ELDER_SIGN_BAG[value - 1]:
        raise Refusal(
            Code.BAD_VALUE,
            "All {elder_sign_bag} Elder Signs worth {value} are already revealed.",
            elder_sign_bag=ELDER_SIGN_BAG[value - 1],
            value=value,
        )
    return value


# -- table edits (no turn, no cost); the corrections are in corrections.py -----------------


WATCHER_IMMUNE = sentence(
    "The Watcher cannot be moved, removed or placed by abilities or by hand: it is immune to Pain, "
    "and only Kills rolled against it in battle lower its token (yuggoth-watcher.txt)."
)


ACOLYTE_IMMUNE = sentence(
    "The Astral Acolyte cannot be captured, eliminated, targeted, pained or killed, and no spellbook or "
    "ability touches it, not even its controller's (astral-acolyte.txt). Its controller moves it with a Move action."
)


def owner_of(state: GameState, pid: str) -> str:
    if pid == WATCHER:
        raise Refusal(Code.UNTOUCHABLE, WATCHER_IMMUNE)
    if pid == WORM:
        raise Refusal(Code.UNTOUCHABLE, "The Worms of Ghroth cannot be battled, eliminated or otherwise interacted with.")
    if pid == ASTRAL_ACOLYTE:
        raise Refusal(Code.UNTOUCHABLE, ACOLYTE_IMMUNE)
    if pid != NEUTRAL:
        seat_of(state, pid)
    return pid


@handles(c.Retreat)
def retreat(state: GameState, cmd: c.Retreat, events: Events) -> GameState:
    in_play(state)
    owner = owner_of(state, cmd.owner)
    source = bd.area_index(state, cmd.unit.area)
    to = bd.area_index(state, cmd.to)
    if not state.board.are_adjacent(source, to):
        raise Refusal(Code.NOT_ADJACENT, "{area} is not adjacent to {to}.", area=cmd.unit.area, to=cmd.to)
    name = bd.unit_name(cmd.unit.kind, cmd.unit.name)
    state, moved = bd.move(state, source, to, owner, cmd.unit.kind, name, cmd.unit.count)
    events += moved
    return state
