"""The factions' unique abilities, Spellbooks and Spellbook requirements, plugged into the engine.

Each faction module (``factions/great_cthulhu.py`` ...) declares, below its roster, what
:mod:`~companion.engine.cthulhu.factions.powers` defines: requirements, questions (asks),
ability commands with their handlers, rolls, and Gather Power extras.  This module registers
them and runs, after every accepted command:

1. the bookkeeping of a battle resolved whole (who fights with which Great Old One, the enemy
   units each side killed or devoured in it);
2. each faction's reactions to the command's events (Immortal's Elder Sign, Passion, Devour and
   the other pre-battle abilities, the Harbinger ...), which may queue questions: each called
   only when the events hold a type it reads (its module's ``REACTS_TO``; none: always);
3. the Spellbook requirements, checked from the board and the events (factions.md section 0:
   requirements are not tied to particular books);
4. the next question: an ability's (a prompt of kind ``ability``), else a Spellbook owed (a
   prompt of kind ``spellbook``).  Either interrupts the prompt under way, which comes back,
   unchanged, once answered; a battle's first roll comes back with the dice recounted when a
   pre-battle ability changed the units.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from collections.abc import Set as AbstractSet
from typing import Any

from companion.engine.core import Code, Command, Event, Refusal
from companion.engine.cthulhu import actions, flow, six_books
from companion.engine.cthulhu import battle as bt
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.events import (
    BattleDeclared,
    CombatComputed,
    HitTaken,
    Part,
    PhaseStarted,
    SpellbookGained,
    TurnStarted,
)
from companion.engine.cthulhu.factions import contract, ice_age, independents, neutral_spellbooks, powers, registry
from companion.engine.cthulhu.factions.contract import RULES, FactionPlugin, Reaction
from companion.engine.cthulhu.factions.powers import (
    AskRule,
    ChooseSpellbook,
    RequirementMet,
    UseAbility,
    with_abilities,
)
from companion.engine.cthulhu.model import (
    SPELLBOOKS_TO_WIN,
    Ask,
    Battle,
    BattleStage,
    Faction,
    GameState,
    Phase,
    Player,
    Prompt,
    PromptKind,
    UnitKind,
    new_prompt,
)
from companion.engine.says import say
from companion.engine.values import dataclass, evolve, maker

Events = list[Event]

# The factions whose abilities are modelled, by faction: the registry's plugins, installed by
# :func:`register` (the core reads them through the contract).
MODULES = contract.PLUGINS


ASKS: dict[str, AskRule] = {name: rule for p in registry.PLUGINS for name, rule in p.asks.items()}
ASKS.update(independents.ASKS)  # Cosmic Unity (the independents belong to no faction)
ASKS.update(neutral_spellbooks.ASKS)  # the neutral Spellbooks' questions (an option, no faction's)
PRE_BATTLE = frozenset(name for p in registry.PLUGINS for name in p.pre_battle) | {independents.COSMIC_UNITY}
PRE_BATTLE |= frozenset(neutral_spellbooks.PRE_BATTLE)


def module_of(state: GameState, pid: str) -> FactionPlugin | None:
    """``pid``'s faction's plugin (None: not seated, or a faction without modelled abilities)."""
    seat = state.seat(pid)
    return None if seat is None else MODULES.get(state.players[seat].faction)


# -- after every command -----------------------------------------------------------------------


def after_command(state: GameState, events: Events) -> GameState:
    if not state.options.abilities or state.phase in (Phase.GAME_OVER, Phase.SETUP):
        return state
    if state.prompt.kind is PromptKind.JOIN:  # a joined board being entered: each correction only its fact
        return state
    types = {type(e) for e in events}  # one pass over the events: what reads none of them is not called
    state = bookkeeping(state, events, types)
    state = react_to(state, events, types)
    state = check_requirements(state, events)
    return ask_next(state, events)


def react_to(state: GameState, events: Events, types: set[type[Event]], every: bool = False) -> GameState:
    """The seated factions' reactions to the command's ``events`` (of ``types``), in seating
    order, then the independents' and the neutral Spellbooks' (:func:`reactions_of`): each only
    where the events hold a type it reads (its ``REACTS_TO``); ``every``: each called (the
    reference the tests compare with).  Each reads the command's events, not those the
    reactions before it add."""
    options = state.options
    table = reactions_of(tuple([p.faction for p in state.players]), bool(options.independents), options.neutral_spellbooks)
    due = [react for react, reads in table if every or reads is None or not reads.isdisjoint(types)]
    if due:
        seen = list(events)
        for react in due:
            state = react(state, seen, events)
    return state


def reactions_of(
    factions: tuple[Faction, ...], independent: bool, neutral: bool
) -> tuple[tuple[Reaction, frozenset[type[Event]] | None], ...]:
    """Each seated faction's reaction once, in seating order, then the independents' and the
    neutral Spellbooks' (each only with its option on: it does nothing without), with the event
    types each reads."""
    seated = (MODULES.get(f) for f in factions)
    table = dict.fromkeys((p.reaction, p.reacts_to) for p in seated if p is not None and p.reaction is not None)
    if independent:
        table[(independents.react, None)] = None
    if neutral:
        table[(neutral_spellbooks.react, neutral_spellbooks.REACTS_TO)] = None
    return tuple(table)


def bookkeeping(state: GameState, seen: Events, types: set[type[Event]] | None = None) -> GameState:
    """Battles (sides, Great Old Ones, enemy units killed), once-per-phase uses, second actions,
    from the events of :data:`BOOKKEEPING_TYPES`; ``types``: those of ``seen`` where known
    (none of them: nothing to read)."""
    if types is not None and types.isdisjoint(BOOKKEEPING_TYPES):
        return state
    losses: dict[str, int] = {}  # Kills by victim, credited together (a roll lands several)
    for event in seen:
        if isinstance(event, HitTaken):
            if event.hit == "kill":
                losses[event.player] = losses.get(event.player, 0) + 1
            continue
        keep = BOOKKEEPING.get(type(event))  # one look-up per event, not a chain of isinstance
        if keep is not None:
            if losses:  # the Kills so far belong to the battle before this event (a new one resets the tally)
                state, losses = powers.credit_kills(state, losses), {}
            state = keep(state, event)
    return powers.credit_kills(state, losses) if losses else state


def _phase_started(state: GameState, event: PhaseStarted) -> GameState:
    if event.phase != Phase.ACTION:
        return state
    kept = tuple(u for u in state.abilities.used if u[1].endswith(powers.ONCE_PER_GAME))
    return state if kept == state.abilities.used else with_abilities(state, used=kept)  # copied only for a change


def _turn_started(state: GameState, event: TurnStarted) -> GameState:
    if state.abilities.second:
        state = with_abilities(state, second="")
    if not state.abilities.used:  # nothing to clear (most turns): no generator's call for an empty tuple
        return state
    kept = tuple(u for u in state.abilities.used if not six_books.marks_of_turn(u[1]))  # a new turn: areas battled
    return state if kept == state.abilities.used else with_abilities(state, used=kept)


def _battle_declared(state: GameState, event: BattleDeclared) -> GameState:
    if state.battle is None:
        return state
    area = state.areas[state.battle.area]
    sides = (event.attacker, event.defender)
    goos = tuple((u.owner, u.name) for u in area.units if u.owner in sides and u.kind is UnitKind.GOO)
    fighters = ((event.attacker, ""), (event.defender, ""), *goos)
    return with_abilities(state, fighters=fighters, tally=(), bonus=(), recount=False)


# The events the bookkeeping reads, by their exact type (none of them is subclassed).
BOOKKEEPING: dict[type[Event], Callable[[GameState, Any], GameState]] = {
    PhaseStarted: _phase_started,
    TurnStarted: _turn_started,
    BattleDeclared: _battle_declared,
}  # and HitTaken: the Kills, credited together by bookkeeping()
BOOKKEEPING_TYPES = frozenset((*BOOKKEEPING, HitTaken))


# Every event type a requirement's ``when`` names or that changes nothing a requirement reads.
# An event of any other type (a correction's, the Acolyte's, the Worms', the independents' ...)
# checks every requirement, as does a new phase or a correction (powers.EVERY_REQUIREMENT).
KNOWN: frozenset[type[Event]] = frozenset().union(
    powers.QUIET,
    powers.EVERY_REQUIREMENT,
    *(r.when for p in registry.PLUGINS for r in p.requirements if r.when is not None),
)


def checks_all(types: AbstractSet[type[Event]]) -> bool:
    """Whether events of ``types`` may change anything: every requirement is checked."""
    return not types <= KNOWN or not types.isdisjoint(powers.EVERY_REQUIREMENT)


def check_requirements(state: GameState, events: Events, every: bool = False) -> GameState:
    """Meet each seat's requirements that the command's ``events`` can have made true (its
    ``when``), in seating order; ``every``: check them all (the reference the tests compare
    the triggered check with).  Meeting one appends RequirementMet (and its Elder Signs and
    Power), which may meet another, before or after it in the order: those events count too,
    and the requirements are gone through again, round the order, until a whole round meets
    nothing new.

    The requirements to ask come from a :class:`Plan` (made from the seating, order, set of
    event types and requirements met): a round asks only those, and it ends where the last one
    met is: every requirement after it was asked, and found unmet, on the state and events the
    round ends with (only a meeting changes them; the checks are pure)."""
    late = state.abilities.late
    if late:
        state = with_abilities(state, late=False)
    seen = frozenset(type(e) for e in events)
    pids = tuple(p.pid for p in state.players)
    requirements = requirements_of(state.players)
    order, met = state.turn_order(), state.abilities.met
    plan = plan_of(pids, requirements, order, met, seen, every or late)
    asks = plan.asks
    at, stop = 0, -1  # stop: where the last requirement met is, once one is (-1: none yet)
    wrapped = False  # going round again, from the first up to the last one met
    newly: set[tuple[str, str]] = set()  # met by this check (the plan leaves out those met before)
    while True:
        for seat, pid, requirement, key in asks[at:stop] if wrapped else asks[at:]:
            if (newly and key in newly) or not requirement.met(state, pid, events):
                continue
            mark = len(events)
            state = meet(state, seat, requirement, events)
            newly.add(key)
            seen = seen.union(map(type, events[mark:]))
            plan = plan_of(pids, requirements, order, met, seen, plan.every)
            asks = plan.asks
            stop = plan.where[key]  # still there: a requirement due stays due as the types grow
            at, wrapped = stop + 1, False
            break
        else:
            if wrapped or stop < 0:
                return state
            at, wrapped = 0, True


_NO_REQUIREMENTS: tuple[powers.Requirement, ...] = ()


def requirements_of(players: tuple[Player, ...]) -> tuple[tuple[powers.Requirement, ...], ...]:
    """Each seat's faction's requirements, in order (none for a faction without modelled abilities)."""
    return tuple(_NO_REQUIREMENTS if (p := MODULES.get(player.faction)) is None else p.requirements for player in players)


# One requirement to ask: the seat, its player's id, the requirement, and (player id, name):
# its key in the requirements met.
Entry = tuple[int, str, powers.Requirement, tuple[str, str]]


@dataclass(frozen=True, slots=True)
class Plan:
    """The requirements one check asks, in order (seats in turn order, each seat's in its
    faction's order): those the event types ``seen`` can have made true and not met before the
    check (``met``), or all not met with ``every``.  ``every`` is the flag the check goes on with
    (types no trigger names, a new phase or a correction check everything); ``where``: each
    entry's place in ``asks``, by its key."""

    every: bool
    asks: tuple[Entry, ...]
    where: dict[tuple[str, str], int]


def plan_of(
    pids: tuple[str, ...],
    requirements: tuple[tuple[powers.Requirement, ...], ...],
    order: tuple[int, ...],
    met: tuple[tuple[str, str], ...],
    seen: frozenset[type[Event]],
    every: bool,
) -> Plan:
    """The :class:`Plan` of a check (``pids``: each seat's player; ``requirements``: each
    seat's faction's)."""
    every = every or checks_all(seen)
    done = set(met)
    asks: list[Entry] = []
    for seat in order:
        pid = pids[seat]
        for requirement in requirements[seat]:
            name = (pid, requirement.name)
            if name not in done and (every or powers.due(requirement, seen)):
                asks.append((seat, pid, requirement, name))
    return Plan(every, tuple(asks), {entry[3]: i for i, entry in enumerate(asks)})


def after_late_events(state: GameState) -> GameState:
    """Events came after this command's requirement check (a later after-command hook): the
    next check looks at every requirement (:func:`check_requirements`)."""
    return with_abilities(state, late=True) if state.options.abilities and not state.abilities.late else state


new_requirement_met = maker(RequirementMet)  # (values.maker: the same event, about three times quicker to make)


def meet(state: GameState, seat: int, requirement: powers.Requirement, events: Events) -> GameState:
    """Seat ``seat`` met ``requirement``: it owes itself a Spellbook, and draws or gains what
    the requirement gives besides."""
    pid = state.players[seat].pid
    state = with_abilities(state, met=(*state.abilities.met, (pid, requirement.name)))
    events.append(new_requirement_met(pid, requirement.name))
    if requirement.elder_signs:  # (most give none: no range() gone through for nothing)
        for _ in range(requirement.elder_signs):
            state = flow.draw_elder_sign(state, seat, requirement.name, events)
    if requirement.power is not None:
        state = powers.gain_power(state, seat, requirement.power(state, pid), requirement.name, events)
    return state


def met_count(state: GameState, pid: str) -> int:
    return sum(1 for who, _ in state.abilities.met if who == pid)


def open_requirements(state: GameState, pid: str) -> tuple[str, ...]:
    """The names of ``pid``'s requirements not met yet (for the faction sheet)."""
    module = module_of(state, pid)
    if module is None:
        return ()
    return tuple(r.name for r in module.requirements if (pid, r.name) not in state.abilities.met)


def books_left(state: GameState, pid: str) -> tuple[str, ...]:
    """``pid``'s own Spellbooks not held yet."""
    return _books_left(state, state.player(pid))


def _books_left(state: GameState, player: Player) -> tuple[str, ...]:
    plugin = MODULES.get(player.faction)
    library = None if plugin is None else plugin.library  # Tcho-Tcho's tribe
    books = () if plugin is None else plugin.rules.spellbooks if library is None else library(state)
    return tuple(b for b in books if b not in player.spellbooks)


def spellbook_choices(state: GameState, pid: str) -> tuple[str, ...]:
    """The Spellbooks ``pid`` may take for a requirement met: its own not held yet, then the
    neutral ones still in the supply (that option on; factions.md section 0)."""
    return _spellbook_choices(state, state.player(pid))


def _spellbook_choices(state: GameState, player: Player) -> tuple[str, ...]:
    own = _books_left(state, player)
    if not state.options.neutral_spellbooks:  # no neutral supply (neutral_spellbooks.active): no call
        return own
    return (*own, *neutral_spellbooks.choices_for(state, player.pid))


def spellbook_question(label: str) -> str:
    """The Spellbook choice's question to the player ``label``."""
    return say("{player}: a Spellbook requirement is met; take which Spellbook?", player=label)


def owed(state: GameState, pid: str) -> bool:
    player = state.player(pid)
    held = len(player.spellbooks)
    return held < SPELLBOOKS_TO_WIN and met_count(state, pid) > held and bool(spellbook_choices(state, pid))


def at_the_end(state: GameState, events: Events) -> GameState:
    """When the game is about to end (the first of :data:`flow.FINAL_HOOKS`, before the
    Windwalker's anytime Spellbook, the Elder Signs' reveal and the winner): the requirements
    checked once more and the Spellbooks owed asked, in turn order.  The ending command's own
    check and questions came before, in its after-command work (:func:`after_command`: the end
    waits for them, flow.run); this one sees what the hooks after that check did (the Astral
    Acolyte's gates, the independents'), as [HRF:Game.scala] runs ``CheckSpellbooksAction``
    before ``GameOverPhaseAction``, so a sixth Spellbook taken here can win.  Run again after
    each answer at the end (a requirement met is never met twice), it asks the next seat owed.
    Abilities off: the table's own, as before."""
    if not state.options.abilities:
        return state
    state = check_requirements(state, events)
    for seat in state.turn_order():
        player = state.players[seat]
        if owed(state, player.pid):
            text = spellbook_question(player.label)
            return interrupt(state, Prompt(PromptKind.SPELLBOOK, player.pid, text, spellbook_choices(state, player.pid)))
    return state


# -- asking --------------------------------------------------------------------------------------


def interrupt(state: GameState, prompt: Prompt) -> GameState:
    return powers.copied(state, {"resume": (state.prompt, *state.abilities.resume)}, prompt)


def resume(state: GameState) -> GameState:
    stack = state.abilities.resume
    return powers.copied(state, {"resume": stack[1:]}, stack[0])


def ask_next(state: GameState, events: Events) -> GameState:
    """Ask the next queued question, else the next Spellbook owed; else, once a pre-battle
    ability changed a battle's units, recount its dice.  Nothing is asked while nothing is
    waiting, except at the game's end before its final reveal (:func:`flow.end_waits`): the
    ending command's questions come first ([HRF:Game.scala] ``CheckSpellbooksAction`` before
    ``GameOverPhaseAction``), the reveal after the last answer (:func:`flow.resume_the_end`)."""
    kind = state.prompt.kind
    if kind is PromptKind.ABILITY or kind is PromptKind.SPELLBOOK or (kind is PromptKind.NONE and not flow.end_waits(state)):
        return state
    while state.abilities.asks:
        head = state.abilities.asks[0]
        rule = ASKS[head.ability]
        choices = rule.choices(state, head)
        if len(choices) > 1:
            text = say("{actor}: {rule}", actor=head.actor, rule=rule.text or head.ability)
            return interrupt(state, Prompt(PromptKind.ABILITY, head.actor, text, choices, purpose=head.ability))
        state = with_abilities(state, asks=state.abilities.asks[1:])
        if choices:  # one answer: the referee gives it (and what it did may meet a requirement)
            state = rule.resolve(state, head, choices[0], events)
            state = check_requirements(mark_recount(state, head), events)
    counts: dict[str, int] = {}
    for who, _ in state.abilities.met:
        counts[who] = counts.get(who, 0) + 1
    for seat in state.turn_order():
        player = state.players[seat]
        held = len(player.spellbooks)
        if counts.get(player.pid, 0) > held and held < SPELLBOOKS_TO_WIN:  # owed(), its counts read once
            books = _spellbook_choices(state, player)
            if books:
                question = new_prompt(PromptKind.SPELLBOOK, player.pid, spellbook_question(player.label), books)
                return interrupt(state, question)
    return recount(state, events)


def mark_recount(state: GameState, ask: Ask) -> GameState:
    return with_abilities(state, recount=True) if ask.ability in PRE_BATTLE else state


def recount(state: GameState, events: Events) -> GameState:
    """A battle's dice counted again after its pre-battle abilities (factions.md section 11:
    the dice are counted from the units left, plus Absorb's bonus)."""
    b = state.battle
    if not state.abilities.recount or b is None or b.rolls or state.prompt.kind is not PromptKind.ROLL:
        return state
    dice = recounted(state, b)
    for pid, total in zip((b.attacker, b.defender), dice, strict=True):
        parts = (Part(say("after the pre-battle abilities"), total),)
        events.append(CombatComputed(pid, state.area_name(b.area), total, parts))
    b = evolve(b, attacker_dice=dice[0], defender_dice=dice[1])
    state = with_abilities(evolve(state, battle=b, prompt=Prompt(PromptKind.NONE)), recount=False)
    return bt.next_roll(state, events)


def recounted(state: GameState, b: Battle) -> tuple[int, int]:
    """(attacker's, defender's) combat dice of battle ``b`` counted again from the units left,
    plus the pre-battle abilities' bonus (Absorb, Terror, Otherworld Alliances ...): what
    :func:`recount` gives the roll, and what the battle odds show before it (odds.py)."""
    bonus = dict(state.abilities.bonus)
    dice = []
    for pid, enemy, attacking in ((b.attacker, b.defender, True), (b.defender, b.attacker, False)):
        counted = bt.computed_dice(state, b.area, pid, enemy, attacking)
        dice.append((counted if counted is not None else (b.attacker_dice if attacking else b.defender_dice)) + bonus.get(pid, 0))
    return dice[0], dice[1]


# -- the answers ---------------------------------------------------------------------------------


def use_ability(state: GameState, cmd: UseAbility, events: Events) -> GameState:
    if state.battle is not None and state.battle.stage in (BattleStage.NECROPHAGY, BattleStage.ORDER):  # the battle's
        return bt.join_battle(state, cmd.player, cmd.choice, events)
    actions.expect(state, PromptKind.ABILITY, cmd.player)
    actions.choice(state, cmd.choice)
    head = state.abilities.asks[0]
    state = resume(with_abilities(state, asks=state.abilities.asks[1:]))
    state = ASKS[head.ability].resolve(state, head, cmd.choice, events)
    actor = state.prompt.actor if state.prompt.kind is PromptKind.ACTION else ""
    if actor and state.seat(actor) is not None and state.player(actor).power <= 0:
        # The answer spent the Power of the player whose turn it interrupted (Eternal after a
        # battle): a player without Power takes no action, so the turn goes on.
        state = powers.end_action(evolve(state, prompt=Prompt(PromptKind.NONE)), events)
    return mark_recount(state, head)


def choose_spellbook(state: GameState, cmd: ChooseSpellbook, events: Events) -> GameState:
    seat = actions.expect(state, PromptKind.SPELLBOOK, cmd.player)
    actions.choice(state, cmd.name)
    player = state.players[seat]
    if cmd.name in player.spellbooks:
        raise Refusal(Code.BAD_VALUE, "{player} already holds {name}.", player=player.label, name=cmd.name)
    events.append(SpellbookGained(cmd.player, cmd.name, len(player.spellbooks) + 1))
    state = state.with_player(seat, spellbooks=(*player.spellbooks, cmd.name))
    return resume(neutral_spellbooks.chosen(state, cmd.player))


def answers_ability(state: GameState) -> Iterator[Command]:
    return (UseAbility(state.prompt.actor, choice) for choice in state.prompt.choices)


def answers_spellbook(state: GameState) -> Iterator[Command]:
    return (ChooseSpellbook(state.prompt.actor, name) for name in state.prompt.choices)


# -- legal ability commands, Gather Power ---------------------------------------------------------


def extra_commands(state: GameState) -> Iterator[Command]:
    """The ability commands the prompt's actor may give now (an action, or a Doom Phase ability)."""
    if not state.options.abilities or state.prompt.kind not in (PromptKind.ACTION, PromptKind.RITUAL):
        return
    if not state.prompt.actor:
        return
    module = module_of(state, state.prompt.actor)
    if module is not None:
        yield from module.offers(state, state.prompt.actor)
    yield from neutral_spellbooks.offers(state)


def power_extras(state: GameState, pid: str) -> list[Part]:
    """``pid``'s faction's Gather Power extras, and what other factions' abilities give it
    (Worship Services pays the enemy too: a module's ``gather_power_others``)."""
    if not state.options.abilities:
        return []
    module = module_of(state, pid)
    parts = [] if module is None or module.gather_power is None else module.gather_power(state, pid)
    for other in MODULES.values():
        if other.gather_power_others is not None:
            parts += other.gather_power_others(state, pid)
    return parts


# A check run before a core command's handler (Ice Age's tax, Ferox, Arctic Wind, Brainless):
# it may refuse, pay, or give back the command changed (a cost given).
Guard = Callable[[GameState, Command, Events], tuple[GameState, Command]]


GUARDS: dict[type[Command], list[Guard]] = {}


def allowed(state: GameState, cmd: Command) -> bool:
    """Whether the guards let a core action through (for the legal commands): one that refuses
    is not legal, and one that charges (Ice Age's tax) needs the whole action still affordable."""
    guards = GUARDS.get(type(cmd))
    if not guards or not state.options.abilities:
        return True
    try:
        after = state
        for guard in guards:
            after, cmd = guard(after, cmd, [])
        if after is not state:
            actions.HANDLERS[type(cmd)](state, cmd, [])
    except Refusal:
        return False
    return True


def guarded(guard: Guard, handler: Callable[..., GameState]) -> Callable[..., GameState]:
    def run(state: GameState, cmd: Command, events: Events) -> GameState:
        if state.options.abilities:
            state, cmd = guard(state, cmd, events)
        return handler(state, cmd, events)

    return run


def _when_abilities(hook: Callable[..., object], default: object) -> Callable[..., object]:
    def run(state: GameState, *args: object) -> object:
        return hook(state, *args) if state.options.abilities else (args[-1] if default is _SAME else default)

    return run


_SAME = object()  # a ritual cost hook gives back the cost it was given when the abilities are off


def gated(handler: Callable[..., GameState]) -> Callable[..., GameState]:
    """An ability command is refused in a game whose referee does not play the abilities."""

    def run(state: GameState, cmd: Command, events: Events) -> GameState:
        if not state.options.abilities:
            raise Refusal(Code.NOT_NOW, "This game's referee does not play the factions' abilities (the table does).")
        return handler(state, cmd, events)

    return run


def counts_the_deep(handler: Callable[..., GameState]) -> Callable[..., GameState]:
    """Summon and awaken count the units in the Deep (Submerge) as in play: the pool holds no
    more of a unit type than the box less those on the map and in the Deep."""

    def run(state: GameState, cmd: Command, events: Events) -> GameState:
        pid, name = getattr(cmd, "player", ""), getattr(cmd, "name", "")
        deep = sum(u.count for u in state.abilities.deep if u.owner == pid and u.name == name)
        if deep:
            rules = RULES.get(state.player(pid).faction) if state.seat(pid) is not None else None
            unit = None if rules is None else rules.unit(name)
            if unit is not None and powers.pool_left(state, pid, name, unit.pool) < 1:
                raise Refusal(
                    Code.NO_SUCH_UNITS, "{name} of {pid} is in the Deep (Submerge), not in the pool.", name=name, pid=pid
                )
        return handler(state, cmd, events)

    return run


def _guard(cls: type[Command], guard: Guard) -> None:
    """``guard`` checks ``cls`` before its handler as it now stands (outside the guards before it)."""
    actions.HANDLERS[cls] = guarded(guard, actions.HANDLERS[cls])
    GUARDS.setdefault(cls, []).append(guard)


def register() -> None:
    """The assembly: install the registry's plugins (:func:`contract.install`) and hand their
    hooks to the core, in the registry's order."""
    contract.install(registry.PLUGINS)
    contract.install_core(
        contract.CoreServices(
            next_roll=bt.next_roll,
            computed_dice=bt.computed_dice,
            handler=actions.HANDLERS.__getitem__,
            meet=meet,
            owed=owed,
            spellbook_choices=spellbook_choices,
            interrupt=interrupt,
        )
    )
    handlers: dict[type[Command], Callable[..., GameState]] = {UseAbility: use_ability, ChooseSpellbook: choose_spellbook}
    for plugin in registry.PLUGINS:
        handlers.update({cls: gated(fn) for cls, fn in plugin.handlers.items()})
        actions.ROLL_HANDLERS.update(plugin.rolls)
        for purpose, wrap in plugin.roll_wraps:
            actions.ROLL_HANDLERS[purpose] = wrap(actions.ROLL_HANDLERS[purpose])
        if plugin.resting is not None:
            flow.RESTING_HOOKS.append(_when_abilities(plugin.resting, False))  # type: ignore[arg-type]
        if plugin.turn_hold is not None:
            flow.TURN_HOLDS.append(plugin.turn_hold)  # its mark is set only with the abilities on
        if plugin.battle_results is not None:
            bt.RESULT_HOOKS.append(plugin.battle_results)  # its mark is set only with the abilities on
        if plugin.ritual_cost is not None:
            flow.RITUAL_COST_HOOKS.append(_when_abilities(plugin.ritual_cost, _SAME))  # type: ignore[arg-type]
        if plugin.holds_gates is not None:  # The Red Sign's Dark Young build and control gates
            actions.GATE_HOLDERS.append(plugin.holds_gates)
        if plugin.reach is not None:  # Flight: two areas per Move; Bubastis' Moon
            actions.REACH.append(plugin.reach)
        if plugin.move_toll is not None:
            actions.MOVE_TOLLS.append(plugin.move_toll)
        if plugin.power is not None:
            flow.FACTION_POWER_HOOKS.append(plugin.power)
        if plugin.kill_chance is not None:
            flow.KILL_CHANCE_HOOKS.append(plugin.kill_chance)
    actions.REACH.append(independents.steed)  # the Shantak's Horror Steed (the shared layer's)
    actions.HANDLERS.update(handlers)
    # The Ice Age's tax: one guard, innermost on every action that ends somewhere, the core's and
    # each faction's (its plugin's places): every other check has had its say when it charges.
    places: list[tuple[type[Command], ice_age.Places]] = [(cls, ice_age.targets) for cls in ice_age.CORE_ACTIONS]
    for plugin in registry.PLUGINS:
        places += plugin.places.items()
    for cls, where in places:
        _guard(cls, ice_age.guard(where))
    for plugin in registry.PLUGINS:
        for cls, wrap in plugin.wraps:  # a handler wrapped whole (Energy Nexus' pass)
            actions.HANDLERS[cls] = wrap(actions.HANDLERS[cls])
        for cls, guard in plugin.guards:
            _guard(cls, guard)
    for cls in (c.Summon, c.Awaken):
        actions.HANDLERS[cls] = counts_the_deep(actions.HANDLERS[cls])
    # The neutral Spellbooks (an option): their actions, Umr at-Tawil's gate cost, The Mao Ceremony.
    actions.HANDLERS.update({cls: gated(fn) for cls, fn in neutral_spellbooks.HANDLERS.items()})
    for cls, guard in neutral_spellbooks.GUARDS:
        _guard(cls, guard)
    actions.PROMPT_ANSWERS.update({PromptKind.ABILITY: answers_ability, PromptKind.SPELLBOOK: answers_spellbook})
    # The requirements checked once more, then the factions' own work at the end (the
    # Windwalker's anytime Spellbook: HRF's order), before the expansions' and the reveal.
    flow.FINAL_HOOKS += [at_the_end, *(p.at_the_end for p in registry.PLUGINS if p.at_the_end is not None)]
    flow.POWER_HOOKS.append(power_extras)


register()
