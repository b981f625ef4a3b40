"""Yuggoth: the Green Pyramid's Power and the Watcher (../shared/rules/yuggoth-watcher.txt).

The Watcher's life: asleep (dark token at 12, off the map) -> awakened by the pyramid die at the
end of a Doom Phase, or by a player's Doom passing the dark token -> on the Postern, token lit
-> attacks once per player at the start of the Action Phase, battling each faction in its
destination separately -> loses a token space per Kill rolled against it and decays by a die at
each Doom Phase -> at 0, removed, dark, back at 12.

This module registers its steps, commands, roll purposes and hooks with the core flow; nothing
in the core round imports it.
"""

from __future__ import annotations

from collections.abc import Iterator

from companion.engine.core import COMMANDS, EVENTS, Code, Command, Event, Refusal
from companion.engine.cthulhu import actions, battle, flow
from companion.engine.cthulhu import board as bd
from companion.engine.cthulhu.events import BattleEnded, Part
from companion.engine.cthulhu.factions import powers as pw
from companion.engine.cthulhu.factions.contract import plugin_of
from companion.engine.cthulhu.model import (
    NEUTRAL,
    NO_PROMPT,
    WATCHER,
    WATCHER_TOKEN_START,
    YOG_SOTHOTH,
    Battle,
    BattleStage,
    Faction,
    GameState,
    Phase,
    Prompt,
    PromptKind,
    UnitKind,
    Watcher,
    WatcherFight,
)
from companion.engine.says import say
from companion.engine.values import dataclass, evolve

Events = flow.Events
PYRAMID_POWER_BONUS = 1  # the +1 Power symbol on every Green Pyramid area
HARBINGER_ELDER_SIGNS = 2  # Nyarlathotep's reward for a Kill on the Watcher (once per battle)
MAX_COMBAT_DICE = 99
WATCHER_FIGURE = "Watcher"  # its name as a battle's Great Old One (abilities.fighters)
# The most combat one unit of a kind gives, for any faction, spellbook or neutral card in
# ../shared/data/factions.md: a cultist 1 (Frenzy); a monster or terror 7 (the Yothan's printed
# 7 is the highest; the growing ones stay under it per unit: Formless Spawn 5, a Cat from Saturn
# with Savagery 6, a Shoggoth's +3 per unit it absorbs, Byakhee together one more than their
# number).  Great Old Ones have no ceiling of their own (see most_combat_dice).
COMBAT_CEILING = {UnitKind.CULTIST: 1, UnitKind.MONSTER: 7, UnitKind.TERROR: 7}


# -- commands -------------------------------------------------------------------------------


@COMMANDS.register("watcher_move")
@dataclass(frozen=True, slots=True)
class WatcherMove(Command):
    """The controlling player moves the Watcher for its attack (one of the offered areas)."""

    player: str
    area: str


@COMMANDS.register("watcher_target")
@dataclass(frozen=True, slots=True)
class WatcherTarget(Command):
    """The controlling player picks which faction in the area the Watcher battles next."""

    player: str
    target: str


@COMMANDS.register("combat_dice")
@dataclass(frozen=True, slots=True)
class CombatDice(Command):
    """A faction declares how many combat dice it rolls against the Watcher."""

    player: str
    dice: int


@COMMANDS.register("battle_watcher")
@dataclass(frozen=True, slots=True)
class BattleWatcher(Command):
    """Later in the Action Phase, a player battles the Watcher in its area (an action).
    ``dice`` omitted: the referee computes them from the player's units there, as in every other
    battle (asked with a `combat_dice` prompt only when a unit's combat is unknown)."""

    player: str
    dice: int | None = None
    cost: int = 1


# -- events ---------------------------------------------------------------------------------


@EVENTS.register("watcher_awakened")
@dataclass(frozen=True, slots=True)
class WatcherAwakened(Event):
    """``cause``: "die" (the pyramid roll) or "doom" (``player``'s Doom passed the dark token)."""

    cause: str
    area: str
    token: int
    player: str = ""


@EVENTS.register("watcher_wake_pending")
@dataclass(frozen=True, slots=True)
class WatcherWakePending(Event):
    """``player`` passed 12 Doom outside a Doom Phase: the Watcher wakes at the next Doom Phase."""

    player: str


@EVENTS.register("watcher_stays_asleep")
@dataclass(frozen=True, slots=True)
class WatcherStaysAsleep(Event):
    reason: str


@EVENTS.register("watcher_decayed")
@dataclass(frozen=True, slots=True)
class WatcherDecayed(Event):
    roll: int
    token: int


@EVENTS.register("watcher_token_changed")
@dataclass(frozen=True, slots=True)
class WatcherTokenChanged(Event):
    old: int
    new: int
    reason: str


@EVENTS.register("watcher_killed")
@dataclass(frozen=True, slots=True)
class WatcherKilled(Event):
    """At 0: figure removed, token dark and back at 12.  ``cause``: "decay" or "battle"."""

    cause: str
    area: str


@EVENTS.register("watcher_attack_started")
@dataclass(frozen=True, slots=True)
class WatcherAttackStarted(Event):
    controller: str
    source: str
    destination: str


@EVENTS.register("watcher_battled")
@dataclass(frozen=True, slots=True)
class WatcherBattled(Event):
    """One battle: the Watcher's Kills and Pains on ``defender`` (for the table to assign; with
    the abilities on, the referee then asks for them: :func:`take_results`), and the Kills
    ``defender`` rolled, each lowering the token (Pains do nothing to it)."""

    area: str
    defender: str
    watcher_dice: int
    watcher_kills: int
    watcher_pains: int
    defender_kills: int
    token: int


@EVENTS.register("watcher_attacks_ended")
@dataclass(frozen=True, slots=True)
class WatcherAttacksEnded(Event):
    reason: str


# -- the pyramid ----------------------------------------------------------------------------


def pyramid_gate_areas(state: GameState) -> tuple[int, ...]:
    """Green Pyramid areas with a controlled gate, or with Yog-Sothoth in them."""
    found = []
    for index in state.board.pyramid_areas:
        area = state.areas[index]
        gate = area.gate
        if (gate is not None and gate.controller is not None) or area.count(kind=UnitKind.GOO, name=YOG_SOTHOTH):
            found.append(index)
    return tuple(found)


def waking_numbers(state: GameState) -> frozenset[int]:
    """Die results that wake the Watcher now: the numbers of pyramid areas with a controlled gate."""
    numbers = (state.board.areas[i].pyramid for i in pyramid_gate_areas(state))
    return frozenset(n for n in numbers if n is not None)


def pyramid_power(state: GameState, pid: str) -> list[Part]:
    """+1 Power per controlled gate on the pyramid and for Yog-Sothoth standing on it."""
    if state.watcher is None:
        return []
    bonus = 0
    for index in state.board.pyramid_areas:
        area = state.areas[index]
        if area.gate is not None and area.gate.controller == pid:
            bonus += PYRAMID_POWER_BONUS
        bonus += PYRAMID_POWER_BONUS * area.count(owner=pid, kind=UnitKind.GOO, name=YOG_SOTHOTH)
    return [Part(say("Green Pyramid"), bonus)] if bonus else []


# -- awakening, decay, death ----------------------------------------------------------------


def watcher(state: GameState) -> Watcher:
    assert state.watcher is not None, "not a Yuggoth game"
    return state.watcher


def with_watcher(state: GameState, **changes: object) -> GameState:
    return evolve(state, watcher=evolve(watcher(state), **changes))


def awaken(state: GameState, cause: str, events: Events, player: str = "") -> GameState:
    """Flip the token lit and put the figure on the Watcher Postern, whatever woke it."""
    postern = state.board.postern
    assert postern is not None
    state = with_watcher(
        state, awake=True, token=WATCHER_TOKEN_START, area=postern, awoke_round=state.round, wake_pending=False, wake_player=""
    )
    events.append(WatcherAwakened(cause, state.area_name(postern), WATCHER_TOKEN_START, player))
    return state


def kill(state: GameState, cause: str, events: Events) -> GameState:
    """Token at 0: remove the figure, flip the token dark, put it back at 12."""
    w = watcher(state)
    where = state.area_name(w.area) if w.area >= 0 else ""
    died = state.round if state.phase is Phase.DOOM else w.died_round
    # Attacks under way end: an empty list (not None) lets the attacks step say why.
    controllers = () if w.controllers is not None else None
    state = evolve(state, watcher=Watcher(died_round=died, controllers=controllers))
    events.append(WatcherKilled(cause, where))
    return state


def died_this_doom_phase(state: GameState) -> bool:
    return state.phase is Phase.DOOM and watcher(state).died_round == state.round


def on_doom_changed(state: GameState, seat: int, old: int, new: int, events: Events) -> GameState:
    """A player's Doom passing the dark token (12) wakes the Watcher: at once in a Doom Phase,
    at the next Doom Phase otherwise."""
    w = state.watcher
    if w is None or w.awake or not old < WATCHER_TOKEN_START <= new:
        return state
    pid = state.players[seat].pid
    if state.phase is not Phase.DOOM:
        events.append(WatcherWakePending(pid))
        # The first player to pass the token is the one who wakes it at the next Doom Phase.
        return with_watcher(state, wake_pending=True, wake_player=w.wake_player if w.wake_pending else pid)
    if died_this_doom_phase(state):
        events.append(WatcherStaysAsleep("it reached 0 in this Doom Phase"))
        return state
    return awaken(state, "doom", events, pid)


def step_decay(state: GameState, events: Events) -> GameState:
    """Awake before the Doom Phase begins: roll a die and lower the token; then a wake owed
    from the Action Phase takes effect."""
    w = watcher(state)
    if state.queue is None and w.awake:
        text = say("Roll one die for the Watcher's decay (token at {token}).", token=w.token)
        return evolve(state, queue=(), prompt=actions.roll_prompt("", 1, "watcher_decay", text))
    if w.wake_pending and not w.awake:
        if died_this_doom_phase(state):
            events.append(WatcherStaysAsleep("it reached 0 in this Doom Phase"))
            state = with_watcher(state, wake_pending=False, wake_player="")
        else:
            state = awaken(state, "doom", events, w.wake_player)
    return flow.done(state)


def decay_rolled(state: GameState, values: tuple[int, ...], events: Events) -> GameState:
    token = watcher(state).token - values[0]
    if token <= 0:
        events.append(WatcherDecayed(values[0], 0))
        state = kill(state, "decay", events)
    else:
        events.append(WatcherDecayed(values[0], token))
        state = with_watcher(state, token=token)
    return flow.run(state, events)


def step_awaken(state: GameState, events: Events) -> GameState:
    """End of the Doom Phase, after every ritual: with a controlled gate on the pyramid, roll."""
    w = watcher(state)
    if state.queue is not None or w.awake or not pyramid_gate_areas(state):
        return flow.done(state)
    if died_this_doom_phase(state):
        events.append(WatcherStaysAsleep("it reached 0 in this Doom Phase: no awakening roll"))
        return flow.done(state)
    numbers = ", ".join(str(n) for n in sorted(waking_numbers(state)))
    text = say("Roll one die for the Watcher: {numbers} wakes it.", numbers=numbers)
    return evolve(state, queue=(), prompt=actions.roll_prompt("", 1, "watcher_awaken", text))


def awaken_rolled(state: GameState, values: tuple[int, ...], events: Events) -> GameState:
    if values[0] in waking_numbers(state):
        state = awaken(state, "die", events)
    return flow.run(state, events)


# -- attacks --------------------------------------------------------------------------------


def destinations(state: GameState) -> tuple[str, ...]:
    """Adjacent areas with any faction's units; if none, any area with any faction's units.
    Never the area it stands in."""
    here = watcher(state).area

    def occupied(index: int) -> bool:
        return index != here and any(u.owner != NEUTRAL for u in state.areas[index].units)

    near = [i for i in sorted(state.board.adjacent[here]) if occupied(i)]
    chosen = near or [i for i in range(len(state.areas)) if occupied(i)]
    return tuple(state.area_name(i) for i in chosen)


def factions_in(state: GameState, index: int) -> tuple[str, ...]:
    """The factions with units in an area, in turn order (neutral Slime Molds are not attacked)."""
    present = {u.owner for u in state.areas[index].units if u.owner != NEUTRAL}
    return tuple(state.players[s].pid for s in state.turn_order() if state.players[s].pid in present)


def step_attacks(state: GameState, events: Events) -> GameState:
    """Awake at the start of the Action Phase: one attack per player, from the first player."""
    w = watcher(state)
    if w.controllers is None:
        if not w.awake:
            return flow.done(state)
        state = with_watcher(state, controllers=state.turn_order())
        w = watcher(state)
    if not w.awake or not w.controllers:
        reason = say("every player has controlled it") if w.awake else say("it was destroyed")
        events.append(WatcherAttacksEnded(reason))
        return flow.done(with_watcher(state, controllers=None))
    controller = state.players[w.controllers[0]]
    choices = destinations(state)
    if not choices:
        events.append(WatcherAttacksEnded("no faction has units on the map"))
        return flow.done(with_watcher(state, controllers=None))
    text = say("{controller}: move the Watcher (token {token}) to attack.", controller=controller.label, token=w.token)
    return evolve(state, prompt=Prompt(PromptKind.WATCHER_MOVE, controller.pid, text, choices))


def move_watcher(state: GameState, cmd: WatcherMove, events: Events) -> GameState:
    actions.expect(state, PromptKind.WATCHER_MOVE, cmd.player)
    actions.choice(state, cmd.area)
    to = bd.area_index(state, cmd.area)
    events.append(WatcherAttackStarted(cmd.player, state.area_name(watcher(state).area), cmd.area))
    fight = WatcherFight(controller=cmd.player, area=to, targets=factions_in(state, to))
    state = with_watcher(state, area=to, fight=fight)
    return next_target(evolve(state, prompt=NO_PROMPT), events)


def next_target(state: GameState, events: Events) -> GameState:
    """Ask for the next faction to battle, its dice, then the rolls; finish when none is left."""
    fight = watcher(state).fight
    assert fight is not None
    if not fight.target:
        if not fight.targets:
            return end_fight(state, events)
        if len(fight.targets) > 1:
            text = say("{controller}: which faction does the Watcher battle next?", controller=fight.controller)
            return evolve(state, prompt=Prompt(PromptKind.WATCHER_TARGET, fight.controller, text, fight.targets))
        fight = evolve(fight, target=fight.targets[0])
        state = with_watcher(state, fight=fight)
    if fight.defender_dice < 0:
        most = most_combat_dice(state, fight.area, fight.target)
        text = say("{target}: how many combat dice do you roll against the Watcher (0-{most})?", target=fight.target, most=most)
        choices = tuple(str(n) for n in range(most + 1))
        computed = fight_dice(state, fight.area, fight.target, attacking=not fight.controller)
        if computed is not None and computed <= most:
            # The referee's count of the faction's combat comes first: the default answer.
            text = say(
                "{target}: roll {computed} combat dice against the Watcher (computed; 0-{most} allowed)?",
                target=fight.target,
                computed=computed,
                most=most,
            )
            choices = (str(computed), *(n for n in choices if n != str(computed)))
        return evolve(state, prompt=Prompt(PromptKind.COMBAT_DICE, fight.target, text, choices))
    if fight.watcher_roll is None:
        token = watcher(state).token
        text = say("Roll {token} dice for the Watcher against {target}.", token=token, target=fight.target)
        return evolve(state, prompt=actions.roll_prompt(fight.controller, token, "watcher_attack", text))
    if fight.defender_dice > 0:
        text = say(
            "Roll {defender_dice} combat dice for {target} against the Watcher.",
            defender_dice=fight.defender_dice,
            target=fight.target,
        )
        return evolve(state, prompt=actions.roll_prompt(fight.target, fight.defender_dice, "watcher_defend", text))
    return resolve(state, (), events)


def choose_target(state: GameState, cmd: WatcherTarget, events: Events) -> GameState:
    actions.expect(state, PromptKind.WATCHER_TARGET, cmd.player)
    actions.choice(state, cmd.target)
    fight = watcher(state).fight
    assert fight is not None
    state = with_watcher(state, fight=evolve(fight, target=cmd.target))
    return next_target(evolve(state, prompt=NO_PROMPT), events)


def fight_dice(state: GameState, index: int, pid: str, attacking: bool) -> int | None:
    """``pid``'s combat dice against the Watcher in area ``index`` (None when a unit's combat is
    unknown): its units' as in any battle, plus its battle books that raise its own combat there
    (its plugin's ``watcher_dice``: Otherworld Alliances, Terror; the only kind that applies
    there: "they may only affect your own Units").  The default the referee offers, the
    dice of a `battle_watcher` without a count, and the demo's."""
    computed = battle.computed_dice(state, index, pid, WATCHER, attacking)
    seat = state.seat(pid)
    plugin = None if computed is None or seat is None else plugin_of(state.players[seat].faction)
    extra = None if plugin is None else plugin.watcher_dice
    return computed if extra is None or computed is None else computed + extra(state, index, pid)


def most_combat_dice(state: GameState, index: int, pid: str) -> int:
    """The most combat dice ``pid``'s units in area ``index`` could give against the Watcher: a
    ceiling by unit kind (:data:`COMBAT_CEILING`), or :data:`MAX_COMBAT_DICE` with a Great Old
    One there, whose combat is a formula over counters elsewhere, and for a faction the rules
    texts do not describe (``other``) (docs/rules-notes.md)."""
    units = state.areas[index].units_of(pid)
    if state.player(pid).faction is Faction.OTHER or any(u.kind in (UnitKind.GOO, UnitKind.IGOO) for u in units):
        return MAX_COMBAT_DICE
    return min(MAX_COMBAT_DICE, sum(COMBAT_CEILING[u.kind] * u.count for u in units))


def declare_dice(state: GameState, cmd: CombatDice, events: Events) -> GameState:
    actions.expect(state, PromptKind.COMBAT_DICE, cmd.player)
    check_dice(cmd.dice)
    actions.choice(state, str(cmd.dice))
    fight = watcher(state).fight
    assert fight is not None
    state = with_watcher(state, fight=evolve(fight, defender_dice=cmd.dice))
    return next_target(evolve(state, prompt=NO_PROMPT), events)


def check_dice(dice: int) -> None:
    if not 0 <= dice <= MAX_COMBAT_DICE:
        raise Refusal(
            Code.BAD_VALUE, "Combat dice must be 0 to {max_combat_dice}, not {dice}.", max_combat_dice=MAX_COMBAT_DICE, dice=dice
        )


def watcher_rolled(state: GameState, values: tuple[int, ...], events: Events) -> GameState:
    fight = watcher(state).fight
    assert fight is not None
    state = with_watcher(state, fight=evolve(fight, watcher_roll=values))
    return next_target(state, events)


def resolve(state: GameState, defender_roll: tuple[int, ...], events: Events) -> GameState:
    """Count both sides: the Watcher's Kills and Pains go to the table; each Kill on the Watcher
    lowers its token (Pains do nothing); Nyarlathotep's Kill pays 2 Elder Signs once."""
    w = watcher(state)
    fight = w.fight
    assert fight is not None and fight.watcher_roll is not None
    watcher_kills, watcher_pains = actions.kills_and_pains(fight.watcher_roll)
    defender_kills, _ = actions.kills_and_pains(defender_roll)
    token = max(0, w.token - defender_kills)
    area = state.area_name(fight.area)
    if state.options.abilities:
        state = fighting(state, fight.target, token == 0)
    dice = len(fight.watcher_roll)
    events.append(WatcherBattled(area, fight.target, dice, watcher_kills, watcher_pains, defender_kills, token))
    if token != w.token:
        by = state.player(fight.target).label if state.seat(fight.target) is not None else fight.target
        why = (
            say("1 Kill by {player}", player=by)
            if defender_kills == 1
            else say("{kills} Kills by {player}", kills=defender_kills, player=by)
        )
        events.append(WatcherTokenChanged(w.token, token, why))
    state = harbinger(state, fight, defender_kills, events)
    remaining = tuple(t for t in fight.targets if t != fight.target)
    done = evolve(fight, targets=remaining, target="", defender_dice=-1, watcher_roll=None)
    state = with_watcher(state, token=token, fight=done)
    if token == 0:  # removed at once; the Kills and Pains it rolled still land
        state = kill(state, "battle", events)
    if state.options.abilities and (watcher_kills or watcher_pains):
        return take_results(state, fight, defender_roll, watcher_kills, watcher_pains, events)
    if state.options.abilities:  # nothing to land: the battle is over (its post-battle abilities)
        events.append(BattleEnded(area, WATCHER, fight.target))
    if token == 0:
        # The kill cleared the fight record; end_fight is told whose fight it was, so a player's
        # own battle action still ends their turn (one action per turn).
        return end_fight(state, events, done)
    return next_target(state, events)


def fight_goes_on(state: GameState, events: Events) -> GameState:
    """After the referee landed the Watcher's results (:func:`take_results`): the next faction;
    or, the Watcher killed in that battle, the fight's end as :func:`end_fight` ends it (with
    no attacks under way, ``controllers`` None, it was a player's own battle action)."""
    w = watcher(state)
    if w.awake:
        return next_target(state, events)
    if w.controllers is None:
        return actions.end_action(state, events)
    return flow.run(evolve(state, prompt=NO_PROMPT), events)


def take_results(
    state: GameState, fight: WatcherFight, rolled: tuple[int, ...], kills: int, pains: int, events: Events
) -> GameState:
    """With the abilities on, the referee lands the Watcher's Kills then Pains on the defender's
    units and retreats the pained ones as in any battle it resolves whole (:class:`battle.Resolution`,
    the defender assigning), so the defender's own battle abilities apply: Regenerate; Necrophagy
    and Madness only for their owner's units; not Emissary of the Outer Gods, the Watcher being a
    Great Old One (yuggoth-watcher.txt; docs/rules-notes.md).  The fight goes on after
    (:func:`fight_goes_on`, called by the battle when its results are taken)."""
    assert fight.watcher_roll is not None
    b = Battle(
        fight.area,
        WATCHER,
        fight.target,
        len(fight.watcher_roll),
        len(rolled),
        rolls=(fight.watcher_roll, rolled),
        whole=True,
        stage=BattleStage.KILLS,
        kills=(0, kills),
        pains=(0, pains),
    )
    return battle.advance(state, b, events)


def fighting(state: GameState, target: str, slain: bool) -> GameState:
    """With the abilities on, the battle of the Watcher with ``target`` as the abilities see it:
    its sides the Watcher (a Great Old One, no faction: its Kills count for no faction's tally or
    requirement) and ``target`` (whose own battle marks count: Eternal, Martyrdom); ``slain``:
    the Watcher's token reached 0 in it (marked for Cannibalism and Fulmination)."""
    fighters = ((WATCHER, ""), (target, ""), (WATCHER, WATCHER_FIGURE))
    used = tuple(u for u in state.abilities.used if u != (WATCHER, pw.WATCHER_SLAIN))
    used = (*used, (WATCHER, pw.WATCHER_SLAIN)) if slain else used
    return evolve(state, abilities=evolve(state.abilities, fighters=fighters, tally=(), used=used))


def harbinger(state: GameState, fight: WatcherFight, kills: int, events: Events) -> GameState:
    """Nyarlathotep in a battle scoring a Kill on the Watcher: 2 Elder Signs, never more."""
    cc = Faction.CRAWLING_CHAOS.value
    seat = state.seat(cc)
    nyarlathotep_there = state.areas[fight.area].count(owner=cc, kind=UnitKind.GOO) > 0
    if fight.target != cc or kills < 1 or seat is None or not nyarlathotep_there or fight.harbinger_paid:
        return state
    for _ in range(HARBINGER_ELDER_SIGNS):
        state = flow.draw_elder_sign(state, seat, "Kill on the Watcher", events)
    return state


def defender_rolled(state: GameState, values: tuple[int, ...], events: Events) -> GameState:
    return resolve(state, values, events)


def end_fight(state: GameState, events: Events, fight: WatcherFight | None = None) -> GameState:
    """A battle is over: a player's battle action ends their turn; an attack hands the Watcher
    to the next controller (the attacks step decides whether any is left).  ``fight``: the
    battle that ended, when the Watcher's death has already cleared it from the state."""
    w = watcher(state)
    fight = fight or w.fight
    state = with_watcher(state, fight=None)
    if fight is not None and not fight.controller:
        return actions.end_action(state, events)
    if w.awake and w.controllers:
        state = with_watcher(state, controllers=w.controllers[1:])
    return flow.run(evolve(state, prompt=NO_PROMPT), events)


def battle_watcher(state: GameState, cmd: BattleWatcher, events: Events) -> GameState:
    """A player's battle against the Watcher, later in the Action Phase (the battle action)."""
    seat = actions.my_turn(state, cmd.player)
    w = state.watcher
    if w is None or not w.awake:
        raise Refusal(Code.NOT_NOW, "The Watcher is not on the map.")
    if not actions.has_units(state, w.area, cmd.player):
        raise Refusal(
            Code.NO_SUCH_UNITS,
            "{player} has no units in {area}, where the Watcher is.",
            player=cmd.player,
            area=state.area_name(w.area),
        )
    dice = cmd.dice
    if dice is None:  # computed as the other battles do; -1: unknown, the player is asked
        computed = fight_dice(state, w.area, cmd.player, attacking=True)
        dice = -1 if computed is None else min(computed, MAX_COMBAT_DICE)
    else:
        check_dice(dice)
    state = actions.pay(state, seat, cmd.cost, say("a battle against the Watcher"), events)
    fight = WatcherFight(controller="", area=w.area, targets=(cmd.player,), target=cmd.player, defender_dice=dice)
    return next_target(with_watcher(state, fight=fight), events)


def answers_move(state: GameState) -> Iterator[Command]:
    return (WatcherMove(state.prompt.actor, area) for area in state.prompt.choices)


def answers_target(state: GameState) -> Iterator[Command]:
    return (WatcherTarget(state.prompt.actor, pid) for pid in state.prompt.choices)


def answers_dice(state: GameState) -> Iterator[Command]:
    return (CombatDice(state.prompt.actor, int(n)) for n in state.prompt.choices)


def setup(state: GameState, events: Events) -> GameState:
    """The Watcher token starts dark at 12 on the Doom track of a Yuggoth board."""
    return evolve(state, watcher=Watcher()) if state.board.is_yuggoth else state
