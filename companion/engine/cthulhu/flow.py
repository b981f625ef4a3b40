"""The round: set-up, Gather Power, First Player, the Doom Phase, the Action Phase, the end.

The flow is a queue of :class:`Step` values in ``GameState.pending``.  :func:`run` executes the
head step until one needs a decision (it sets ``state.prompt`` and stays at the head), the
game is over, or the end is reached: the final reveal then waits for the command's
after-command work (:func:`resume_the_end`).  Each step is re-entrant: when a prompt is
answered, the answering command updates the step's data (usually ``state.queue``, the seats
still to decide), clears the prompt and calls :func:`run`, which runs the same step again to
ask the next seat or to finish it.
Expansions add their steps to the round (see :func:`round_steps`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction

from companion.engine.core import Event
from companion.engine.cthulhu import board as bd
from companion.engine.cthulhu.events import (
    DoomGained,
    ElderSignDrawn,
    ElderSignRevealed,
    EndTriggered,
    FirstPlayerChosen,
    GameEnded,
    Part,
    PhaseStarted,
    PowerGathered,
    RitualSkipped,
    TurnStarted,
)
from companion.engine.cthulhu.model import (
    DOOM_TO_WIN,
    MOON,
    NO_PROMPT,
    POWER_PER_ABANDONED_GATE,
    POWER_PER_CONTROLLED_GATE,
    SPELLBOOKS_TO_WIN,
    STARTING_CULTISTS,
    Faction,
    GameState,
    Gate,
    Outcome,
    Phase,
    Player,
    Prompt,
    PromptKind,
    Step,
    UnitKind,
    new_prompt,
    next_seats,
    spellbook_count,
)
from companion.engine.says import say
from companion.engine.values import evolve, maker

Events = list[Event]
EARTH_CAT = "Earth Cat"  # Bubastis' six start on the Moon
HIGH_PRIEST = "High Priest"  # Tcho-Tcho's start with the High Priests option (factions/high_priests.py)
StepFn = Callable[[GameState, Events], GameState]
# Expansions hook in here (registered when their module is imported by companion.engine):
# extra lines of a player's Gather Power, and reactions to a seat's Doom changing.
PowerHook = Callable[[GameState, str], list[Part]]
DoomHook = Callable[[GameState, int, int, int, Events], GameState]
# The factions' own lines first (their plugins' ``power``, in the registry's order, handed over
# by the assembly), then the expansions' and the abilities' (the Pyramid, the abilities' extras).
FACTION_POWER_HOOKS: list[PowerHook] = []
POWER_HOOKS: list[PowerHook] = []
DOOM_HOOKS: list[DoomHook] = []
# Set-up of a map's own pieces (the Watcher's token, the first Worm), run when a game starts.
SETUP_HOOKS: list[Callable[[GameState, Events], GameState]] = []
# Run after every accepted command (the Astral Acolyte's control is evaluated there), in order;
# then, last of all and not in this list, :func:`resume_the_end` (game.apply calls it).
AFTER_COMMAND_HOOKS: list[Callable[[GameState, Events], GameState]] = []
# Notes the table sees at Gather Power (a gate that gives nobody Power).
GATHER_NOTES: list[Callable[[GameState], list[Event]]] = []
# How a triggered end is called and who wins: end_trigger -> (reason, winners).
# Faction abilities: a seat that takes no more turns this Action Phase though it holds Power
# (Hibernate), and a seat's own Ritual cost (Herald of the Outer Gods): (state, pid, cost) -> cost.
RESTING_HOOKS: list[Callable[[GameState, int], bool]] = []
RITUAL_COST_HOOKS: list[Callable[[GameState, str, int], int]] = []
# Whether a seat has a Doom-Phase choice other than the Ritual (an ability, an awakening the data
# allows then), read for a seat that cannot afford the Ritual: (state at its Doom-Phase prompt) -> bool.
DOOM_CHOICE_HOOKS: list[Callable[[GameState], bool]] = []
# An action taken inside another's (Energy Nexus, before a battle): the state to go back to when
# that action ends instead of handing the turn on; None when no such action is under way.
TURN_HOLDS: list[Callable[[GameState], GameState | None]] = []
# Controlled gates that give their controller no Doom (The Brood): (state, pid) -> how many.
DOOM_GATE_HOOKS: list[Callable[[GameState, str], int]] = []
# A battle die's chance of a Kill in the battle under way, for the odds, when an ability changes
# it (Zagazig: a 4 or a 5): (state) -> the chance, or None.
KILL_CHANCE_HOOKS: list[Callable[[GameState], Fraction | None]] = []
END_RULES: dict[str, tuple[str, Callable[[GameState], tuple[str, ...]]]] = {}
# A question after Gather Power, before the First Player is found (The Mao Ceremony, Unspeakable
# Oath): the state with its prompt set, or None when it has nothing to ask.
BEFORE_FIRST_PLAYER: list[Callable[[GameState], GameState | None]] = []
# What happens when the game is about to end, after the ending command's after-command work and
# before the Elder Signs are revealed and the winner is decided (the Spellbook requirements met
# late, then the Windwalker's anytime Spellbook, taken for it if it has not taken it).  A hook
# may ask a question (set a prompt): the end then waits for the answer and runs again
# (:func:`resume_the_end`), every hook again.
FINAL_HOOKS: list[Callable[[GameState, Events], GameState]] = []

ACTION_CHOICES = (
    "recruit",
    "summon",
    "awaken",
    "build_gate",
    "move",
    "battle",
    "capture",
    "pass",
    "control_gate",
    "abandon_gate",
    "gain_spellbook",
    "reveal_elder_sign",
)


# -- the queue ------------------------------------------------------------------------------


# A quick maker of the next turn's event (values.maker).
new_turn_started = maker(TurnStarted)


def run(state: GameState, events: Events) -> GameState:
    """Run queued steps until one waits for a decision or the game is over.  The final reveal
    is never run here: reached inside a command, the end waits at its step with nothing asked
    until the command's after-command work is done ([HRF:Game.scala] checks the Spellbooks after
    the last action before ``GameOverPhaseAction``); :func:`resume_the_end` runs it then."""
    while state.prompt.kind is PromptKind.NONE and state.pending and state.phase is not Phase.GAME_OVER:
        head = state.pending[0]
        if head is Step.FINAL_REVEAL:
            return state
        state = STEPS[head](state, events)
    return state


def end_waits(state: GameState) -> bool:
    """Whether the game has ended and waits, with nothing asked, for its final reveal (the
    after-command work of the command that ended it first, :func:`run`)."""
    return state.prompt.kind is PromptKind.NONE and state.pending[:1] == (Step.FINAL_REVEAL,)


def done(state: GameState) -> GameState:
    """Finish the head step."""
    return evolve(state, pending=state.pending[1:], queue=None, prompt=NO_PROMPT)


def ask(state: GameState, prompt: Prompt) -> GameState:
    return evolve(state, prompt=prompt)


def answered(state: GameState) -> GameState:
    """The head step's current seat has decided: drop it from the queue and clear the prompt."""
    queue = state.queue or ()
    return evolve(state, queue=queue[1:], prompt=NO_PROMPT)


def round_steps(state: GameState) -> tuple[Step, ...]:
    """The steps of a whole round after the first, with the board's expansion steps."""
    doom_end: list[Step] = []
    if state.board.is_yuggoth:
        doom_end.append(Step.WATCHER_AWAKEN)
    if state.acolyte is not None:
        doom_end.append(Step.ACOLYTE_PLACE)
    if state.board.is_primeval:
        doom_end.append(Step.GLACIERS)
    if state.board.is_shaggai:
        doom_end += [Step.WORMS_DEGRADE, Step.WORMS_PLACE]
    doom_start = [Step.WATCHER_DECAY] if state.board.is_yuggoth else []
    action_start = [Step.WATCHER_ATTACKS] if state.board.is_yuggoth else []
    return (
        Step.GATHER_POWER,
        Step.FIRST_PLAYER,
        Step.DIRECTION,
        Step.DOOM_START,
        *doom_start,
        Step.DOOM_GATES,
        Step.RITUALS,
        *doom_end,
        Step.END_DOOM,
        Step.ACTION_START,
        *action_start,
        Step.ACTIONS,
    )


def first_round_steps() -> tuple[Step, ...]:
    """The first round starts in the Action Phase, after set-up (section 3: First round)."""
    return (Step.START_AREAS, Step.DIRECTION, Step.ACTION_START, Step.ACTIONS)


# -- set-up ---------------------------------------------------------------------------------


def start_area_choices(state: GameState, seat: int) -> tuple[str, ...]:
    """Legal start areas: the printed ones; any area for factions without a printed start
    (Opener of the Way, Tcho-Tcho, Bubastis, Daemon Sultan, other); any non-start area for the
    Ancients, and on Primeval Earth not one with a glacier glyph (factions.md section 8,
    [WIKI-Primeval_Map]).  Never an area another faction already started in."""
    player = state.players[seat]
    taken = {p.start_area for p in state.players if p.start_area >= 0}
    printed = state.board.start_areas(player.faction.value)
    if player.faction is Faction.BUBASTIS and state.board.area_index(MOON) is not None:
        return (MOON,)  # no start area on the map: the Moon tile (factions.md section 9)
    if player.faction is Faction.ANCIENTS:
        # The map's glacier glyphs are only on Primeval Earth's files, so elsewhere none is left out.
        candidates = tuple(i for i, a in enumerate(state.board.areas) if not a.start and not a.glacier)
    elif player.faction is Faction.TCHO_TCHO:
        # An empty area with a faction's printed start (factions.md section 10).
        candidates = tuple(
            i for i, a in enumerate(state.board.areas) if a.start and not state.areas[i].units and state.areas[i].gate is None
        )
    elif printed:
        candidates = printed
    else:
        candidates = tuple(range(len(state.board.areas)))
    free = tuple(state.area_name(i) for i in candidates if i not in taken)
    if free:
        return free
    # Every printed start of this faction was taken by one seated before it (the Opener or a
    # named faction choosing anywhere, earlier in turn order): any area still without a gate,
    # so set-up does not stop on a prompt with no answer (docs/rules-notes.md, Set-up); but
    # never a glacier glyph for the Ancients, whatever else is taken (factions.md section 8).
    # None left: the prompt has no answer and choose_start says how to make room.
    glyphs = player.faction is Faction.ANCIENTS
    return tuple(
        state.area_name(i)
        for i, a in enumerate(state.areas)
        if i not in taken and a.gate is None and not (glyphs and state.board.areas[i].glacier)
    )


def place_start(state: GameState, seat: int, area_name: str, events: Events) -> GameState:
    """Six Acolytes in the start area, one of them controlling a new gate (Bubastis: six Earth
    Cats on the Moon, which is its gate, factions.md section 9)."""
    player = state.players[seat]
    index = bd.area_index(state, area_name)
    state = state.with_player(seat, start_area=index)
    kind, name = UnitKind.CULTIST, UnitKind.CULTIST.default_name
    if player.faction is Faction.BUBASTIS and area_name == MOON:
        kind, name = UnitKind.MONSTER, EARTH_CAT
    # With High Priests in use one of Tcho-Tcho's six is a High Priest (factions.md section 10).
    priest = player.faction is Faction.TCHO_TCHO and state.options.high_priests
    state, placed = bd.place(state, index, player.pid, kind, name, STARTING_CULTISTS - priest, "start")
    if priest:
        state, more = bd.place(state, index, player.pid, kind, HIGH_PRIEST, 1, "start")
        placed += more
    state, gate = bd.set_gate(state, index, Gate(player.pid), "start gate")
    events += placed + gate
    return state


def start_order(state: GameState) -> tuple[int, ...]:
    """The seats in the order they choose start areas: with ``Options.published_start_order``
    the published order (:func:`published_start_order`); without it (older journals) turn
    order, except that Tcho-Tcho chooses after everyone but the Opener of the Way and the
    Windwalker (factions.md section 0), so it goes just before the seating order's last run of
    those two."""
    order = list(state.turn_order())
    if state.options.published_start_order:
        return published_start_order(state, order)
    tcho = [s for s in order if state.players[s].faction is Faction.TCHO_TCHO]
    order = [s for s in order if s not in tcho]
    at = len(order)
    while at and state.players[order[at - 1]].faction in (Faction.OPENER_OF_THE_WAY, Faction.WINDWALKER):
        at -= 1
    return (*order[:at], *tcho, *order[at:])


LAST_TO_START = (Faction.TCHO_TCHO, Faction.WINDWALKER, Faction.OPENER_OF_THE_WAY)  # in the order they choose


def published_start_order(state: GameState, order: list[int]) -> tuple[int, ...]:
    """``order`` (turn order) with Tcho-Tcho, then the Windwalker, then the Opener of the Way
    moved to the end: the Windwalker chooses after all others but before the Opener, the Opener
    last (factions.md section 0, [WIKI-Windwalker], [WIKI-Opener_of_the_Way])."""
    last = [s for faction in LAST_TO_START for s in order if state.players[s].faction is faction]
    return (*(s for s in order if s not in last), *last)


def step_start_areas(state: GameState, events: Events) -> GameState:
    if state.queue is None:
        state = evolve(state, queue=start_order(state))
    while state.queue:
        seat = state.queue[0]
        choices = start_area_choices(state, seat)
        if len(choices) == 1:
            state = answered(place_start(state, seat, choices[0], events))
            continue
        pid = state.players[seat].pid
        return ask(
            state,
            Prompt(
                PromptKind.START_AREA, pid, say("{player}: choose your start area.", player=state.players[seat].label), choices
            ),
        )
    return done(state)


def step_direction(state: GameState, events: Events) -> GameState:
    if state.queue is None:
        first = state.players[state.first]
        state = evolve(state, queue=(state.first,))
        return ask(
            state,
            Prompt(
                PromptKind.DIRECTION,
                first.pid,
                say("{first}: choose the direction of play.", first=first.label),
                ("clockwise", "counterclockwise"),
            ),
        )
    return done(state)


# -- Gather Power ---------------------------------------------------------------------------


def power_parts(state: GameState, pid: str) -> list[Part]:
    """The board's Power for one player, line by line (before the catch-up): each source's label
    counts it ("1 controlled gate(s)"), its amount is the Power it gives (2 per gate)."""
    player = state.player(pid)
    cultists = bd.units_in_play(state, pid, UnitKind.CULTIST) + bd.in_the_deep(state, pid, UnitKind.CULTIST)
    gates, abandoned, captured = bd.controlled_gates(state, pid), bd.abandoned_gates(state), len(player.captured)
    parts = [
        Part(say("{count} cultist(s)", count=cultists), cultists),
        Part(say("{count} controlled gate(s)", count=gates), POWER_PER_CONTROLLED_GATE * gates),
        Part(say("{count} abandoned gate(s)", count=abandoned), POWER_PER_ABANDONED_GATE * abandoned),
        Part(say("{count} captured cultist(s)", count=captured), captured),
    ]
    if player.power:
        parts.insert(0, Part(say("power kept"), player.power))
    for hook in FACTION_POWER_HOOKS:
        parts += hook(state, pid)
    for hook in POWER_HOOKS:
        parts += hook(state, pid)
    return [p for p in parts if p.amount]


def step_gather_power(state: GameState, events: Events) -> GameState:
    state = evolve(state, phase=Phase.GATHER_POWER)
    events.append(PhaseStarted(state.round, Phase.GATHER_POWER.value))
    parts = {p.pid: power_parts(state, p.pid) for p in state.players}
    totals = {pid: sum(part.amount for part in lines) for pid, lines in parts.items()}
    highest = max(totals.values())
    floor = (highest + 1) // 2  # half of the leader, rounded up
    for seat, player in enumerate(state.players):
        lines = parts[player.pid]
        if totals[player.pid] < floor:
            lines.append(Part(say("catch-up to half the leader"), floor - totals[player.pid]))
        total = sum(part.amount for part in lines)
        state = state.with_player(seat, power=total, captured=())
        events.append(PowerGathered(player.pid, total, tuple(lines)))
    for note in GATHER_NOTES:
        events += note(state)
    if highest == 0:
        return finish(state, "nobody gathered any Power: humanity wins", events, winners=())
    return done(state)


# -- First player ---------------------------------------------------------------------------


def step_first_player(state: GameState, events: Events) -> GameState:
    if state.queue is not None:
        return done(state)
    for hook in BEFORE_FIRST_PLAYER:
        asked = hook(state)
        if asked is not None:
            return asked
    state = evolve(state, phase=Phase.FIRST_PLAYER)
    most = max(p.power for p in state.players)
    tied = tuple(p.pid for p in state.players if p.power == most)
    if len(tied) == 1:
        events.append(FirstPlayerChosen(tied[0]))
        return done(evolve(state, first=state.seat(tied[0]) or 0))
    previous = state.players[state.first]
    state = evolve(state, queue=(state.first,))
    text = say("{previous}: Power is tied; choose the first player.", previous=previous.label)
    return ask(state, Prompt(PromptKind.FIRST_PLAYER, previous.pid, text, tied))


# -- Doom Phase -----------------------------------------------------------------------------


def gain_doom(state: GameState, seat: int, amount: int, reason: str, events: Events) -> GameState:
    """Add Doom to a seat and trigger the game's end at 30 (section 3: Game end)."""
    old = state.players[seat].doom
    return doom_gained(state.with_player(seat, doom=old + amount), seat, old, amount, reason, events)


def doom_gained(state: GameState, seat: int, old: int, amount: int, reason: str, events: Events) -> GameState:
    """A seat's Doom has gone from ``old`` up by ``amount``: say so, let the expansions react,
    and trigger the game's end at 30."""
    total = old + amount
    events.append(DoomGained(state.players[seat].pid, amount, reason, total))
    state = doom_changed(state, seat, old, total, events)
    return check_doom_trigger(state, total, events)


def doom_changed(state: GameState, seat: int, old: int, new: int, events: Events) -> GameState:
    """Let the expansions react to a seat's Doom moving from ``old`` to ``new``."""
    for hook in DOOM_HOOKS:
        state = hook(state, seat, old, new, events)
    return state


def check_doom_trigger(state: GameState, doom: int, events: Events) -> GameState:
    if doom < DOOM_TO_WIN or state.end_trigger:
        return state
    when = "when the current turn ends" if state.phase is Phase.ACTION else "at the end of the Doom Phase"
    events.append(EndTriggered("doom", when))
    return evolve(state, end_trigger="doom")


def step_doom_start(state: GameState, events: Events) -> GameState:
    events.append(PhaseStarted(state.round, Phase.DOOM.value))
    return done(evolve(state, phase=Phase.DOOM))


def step_doom_gates(state: GameState, events: Events) -> GameState:
    """Each player gains 1 Doom per controlled gate (section 3: Doom Phase step 1).

    Every seat's gain goes into one copy of the state, then the events and the expansions'
    reactions follow seat by seat in turn order (:func:`doom_gained`, as :func:`gain_doom` gives
    them): the reactions read only their own seat.  The tower's decay roll runs this step, so each
    copy of the state counts."""
    gains = [(seat, gates) for seat in state.turn_order() if (gates := doom_gates(state, state.players[seat].pid))]
    players = list(state.players)
    for seat, gates in gains:
        players[seat] = evolve(players[seat], doom=players[seat].doom + gates)
    before = state.players
    state = evolve(state, players=tuple(players), pending=state.pending[1:], queue=None, prompt=NO_PROMPT)  # and done
    for seat, gates in gains:
        state = doom_gained(state, seat, before[seat].doom, gates, say("controlled gates"), events)
    return state


def doom_gates(state: GameState, pid: str) -> int:
    """The gates that give ``pid`` Doom (Doom Phase, Ritual): those it controls, less those an
    ability withholds (:data:`DOOM_GATE_HOOKS`)."""
    gates = bd.controlled_gates(state, pid)
    for hook in DOOM_GATE_HOOKS:
        gates -= hook(state, pid)
    return max(0, gates)


def step_rituals(state: GameState, events: Events) -> GameState:
    """Ask each seat in turn order its Doom-Phase question: the Ritual of Annihilation for a seat
    that can pay for it; for one that cannot, the Doom Phase's other choices (hidden Elder Signs
    to reveal, a Doom-Phase ability, an awakening), which it ends with ``skip_ritual``.  A seat
    with no choice at all is skipped.  The queue and the question go into one copy of the state."""
    queue = state.turn_order() if state.queue is None else state.queue
    while queue:
        prompt = doom_prompt(state, queue[0])
        if prompt is not None:
            return evolve(state, queue=queue, prompt=prompt)
        events.append(RitualSkipped(state.players[queue[0]].pid))
        queue = queue[1:]
    return done(state)


def doom_prompt(state: GameState, seat: int) -> Prompt | None:
    """``seat``'s Doom-Phase question, or None when it has no legal choice in the Doom Phase."""
    player = state.players[seat]
    cost = ritual_cost(state, player.pid)
    if player.power >= cost:
        text = say("{player}: perform the Ritual of Annihilation for {cost} Power?", player=player.label, cost=cost)
        return Prompt(PromptKind.RITUAL, player.pid, text, ("ritual", "skip_ritual"))
    text = say(
        "{player}: the Ritual costs {cost} Power; use a Doom Phase ability or reveal Elder Signs, then skip the Ritual.",
        player=player.label,
        cost=cost,
    )
    prompt = Prompt(PromptKind.RITUAL, player.pid, text, ("skip_ritual",))
    if player.elder_signs or any(hook(evolve(state, prompt=prompt)) for hook in DOOM_CHOICE_HOOKS):
        return prompt
    return None


def ritual_cost(state: GameState, pid: str) -> int:
    """What the Ritual costs ``pid`` now: the track's cost, unless an ability changes it."""
    cost = state.ritual_cost
    for hook in RITUAL_COST_HOOKS:
        cost = hook(state, pid, cost)
    return cost


def draw_elder_sign(state: GameState, seat: int, reason: str, events: Events) -> GameState:
    """Give a seat one hidden Elder Sign: drawn by the generator from the digital bag, or a
    physical token whose value the referee learns when it is revealed.  An empty digital bag
    gives 1 Doom instead (docs/rules-notes.md)."""
    player = state.players[seat]
    if not state.options.digital_elder_signs:
        events.append(ElderSignDrawn(player.pid, reason))
        return state.with_player(seat, elder_signs=(*player.elder_signs, 0))
    bag = state.elder_sign_bag
    if sum(bag) == 0:
        return gain_doom(state, seat, 1, "Elder Sign bag empty", events)
    pick, rng = state.rng.below(sum(bag))
    value = 1 if pick < bag[0] else 2 if pick < bag[0] + bag[1] else 3
    counts = list(bag)
    counts[value - 1] -= 1
    state = evolve(state, rng=rng, elder_sign_bag=(counts[0], counts[1], counts[2]))
    events.append(ElderSignDrawn(player.pid, reason))
    return state.with_player(seat, elder_signs=(*player.elder_signs, value))


def reveal_elder_sign(state: GameState, seat: int, value: int, events: Events) -> GameState:
    """Turn one hidden sign into Doom.  ``value`` is the token's value (for a physical token,
    the value the player shows; for a digital one, the value drawn)."""
    player = state.players[seat]
    hidden = list(player.elder_signs)
    hidden.remove(value if value in hidden else 0)
    if not state.options.digital_elder_signs:
        counts = list(state.elder_sign_bag)
        counts[value - 1] -= 1
        state = evolve(state, elder_sign_bag=(counts[0], counts[1], counts[2]))
    state = state.with_player(seat, elder_signs=tuple(hidden), revealed=(*player.revealed, value))
    events.append(ElderSignRevealed(player.pid, value, player.doom + value))
    return gain_doom(state, seat, value, "Elder Sign", events)


def step_end_doom(state: GameState, events: Events) -> GameState:
    state = done(state)
    if state.end_trigger:
        return evolve(state, pending=(Step.FINAL_REVEAL,))
    return state


# -- Action Phase ---------------------------------------------------------------------------


def step_action_start(state: GameState, events: Events) -> GameState:
    events.append(PhaseStarted(state.round, Phase.ACTION.value))
    return done(evolve(state, phase=Phase.ACTION))


def step_actions(state: GameState, events: Events) -> GameState:
    """The first player's first turn (or the next seat with Power); re-entered with nothing
    asked (a turn's prompt was cleared), the turn goes back to whoever had it."""
    start = state.first if state.turn < 0 else state.turn
    return next_turn(state, events, start=start, include_start=True)


def _resting(state: GameState, seat: int) -> bool:
    """Whether a :data:`RESTING_HOOKS` hook rests ``seat`` (a loop, not ``any()`` over a
    generator: read as every turn is handed on)."""
    for resting in RESTING_HOOKS:  # noqa: SIM110  (the generator any() takes is the cost saved)
        if resting(state, seat):
            return True
    return False


def next_turn(state: GameState, events: Events, start: int | None = None, include_start: bool = False) -> GameState:
    """Hand the turn on: the next seat in play order with Power, or end the Action Phase."""
    for hold in TURN_HOLDS:
        held = hold(state)
        if held is not None:
            return held
    if state.end_trigger == "doom":
        return evolve(state, pending=(Step.FINAL_REVEAL,), prompt=NO_PROMPT, turn=-1)
    current = state.turn if start is None else start
    for seat in next_seats(current, state.direction, len(state.players), include_start):
        player = state.players[seat]
        if player.power > 0 and not _resting(state, seat):
            events.append(new_turn_started(player.pid, player.power))
            prompt = new_prompt(
                PromptKind.ACTION,
                player.pid,
                action_text(player),
                ACTION_CHOICES,
            )
            return evolve(state, turn=seat, prompt=prompt)
    # Everyone is out of Power: the round ends.
    state = evolve(state, turn=-1, prompt=NO_PROMPT, round=state.round + 1)
    return evolve(state, pending=round_steps(state))


POWER_NAMED = re.compile(r"\((\d+) Power\)\.$")  # the Power an action prompt's question names


def action_text(player: Player) -> str:
    """The action prompt's question for ``player``, naming its Power now."""
    return say("{player}: take an action ({power} Power).", player=player.label, power=player.power)


def action_words(state: GameState) -> GameState:
    """The action prompt waiting names its player's Power as it is now: a prompt asked before an
    answer or a correction changed that Power (the Harbinger's, a Power corrected) comes back
    naming the new one.  Every action prompt's question ends "({power} Power)." (the turn's,
    Energy Nexus'): only that number is rewritten.  Run once after every command (game.apply)."""
    prompt = state.prompt
    if prompt.kind is not PromptKind.ACTION:
        return state
    seat = state.seat(prompt.actor)
    named = POWER_NAMED.search(prompt.text)
    if seat is None or named is None or int(named.group(1)) == state.players[seat].power:
        return state
    text = prompt.text[: named.start(1)] + str(state.players[seat].power) + prompt.text[named.end(1) :]
    return evolve(state, prompt=evolve(prompt, text=text))


# -- the end --------------------------------------------------------------------------------


def step_final_reveal(state: GameState, events: Events) -> GameState:
    """All players reveal their Elder Signs before the victor is declared; first what must
    happen when the game ends (:data:`FINAL_HOOKS`), which may ask a question."""
    for hook in FINAL_HOOKS:
        state = hook(state, events)
        if state.prompt.kind is not PromptKind.NONE:
            return state
    for seat, player in enumerate(state.players):
        known = [v for v in player.elder_signs if v]
        for value in known:
            state = reveal_elder_sign(state, seat, value, events)
        if state.players[seat].elder_signs:
            count = len(state.players[seat].elder_signs)
            text = (
                say("{player}: reveal your Elder Sign; enter its value.", player=player.label)
                if count == 1
                else say("{player}: reveal your {count} Elder Signs; enter each value.", player=player.label, count=count)
            )
            return ask(state, Prompt(PromptKind.ELDER_SIGN_VALUE, player.pid, text, ("1", "2", "3")))
    reason, winners = END_RULES[state.end_trigger]
    return finish(state, reason, events, winners(state))


def finish(state: GameState, reason: str, events: Events, winners: tuple[str, ...] | None = None) -> GameState:
    """Declare the result: most Doom among players with all 6 spellbooks; ties share; nobody
    with 6 spellbooks, everyone loses (section 3: Winner).  ``winners`` overrides the count."""
    if winners is None:
        winners = winners_by_doom(state)
    standings = tuple(Part(p.pid, p.doom) for p in sorted(state.players, key=lambda p: -p.doom))
    events.append(GameEnded(reason, winners, standings))
    return evolve(
        state, phase=Phase.GAME_OVER, pending=(), queue=None, prompt=NO_PROMPT, outcome=Outcome(reason, winners), turn=-1
    )


def winners_by_doom(state: GameState) -> tuple[str, ...]:
    qualified = [p for p in state.players if spellbook_count(p) >= SPELLBOOKS_TO_WIN]
    best = max((p.doom for p in qualified), default=-1)
    return tuple(p.pid for p in qualified if p.doom == best)


END_RULES.update(
    doom=("30 Doom reached", winners_by_doom),
    instant_death=("Instant Death on the ritual track", winners_by_doom),
)


def resume_the_end(state: GameState, events: Events) -> GameState:
    """After every command, once all of :data:`AFTER_COMMAND_HOOKS` have run (game.apply calls
    it last): when the game has ended and nothing is asked (:func:`end_waits`: the command that
    ended it, or the answer to the last question asked at the end), the final reveal runs:
    :data:`FINAL_HOOKS`, the Elder Signs, the winner.  A question asked by a hook (a Spellbook
    owed, an ability of the ending command's reactions) defers it until answered."""
    if state.prompt.kind is not PromptKind.NONE or not end_waits(state):  # (the first test: cheap, true after most commands)
        return state
    return STEPS[Step.FINAL_REVEAL](state, events)


def step_unimplemented(state: GameState, events: Events) -> GameState:
    """Expansion steps whose rules live in their own modules register over this."""
    return done(state)


STEPS: dict[Step, StepFn] = {
    Step.START_AREAS: step_start_areas,
    Step.DIRECTION: step_direction,
    Step.GATHER_POWER: step_gather_power,
    Step.FIRST_PLAYER: step_first_player,
    Step.DOOM_START: step_doom_start,
    Step.DOOM_GATES: step_doom_gates,
    Step.RITUALS: step_rituals,
    Step.END_DOOM: step_end_doom,
    Step.ACTION_START: step_action_start,
    Step.ACTIONS: step_actions,
    Step.FINAL_REVEAL: step_final_reveal,
}
for _step in Step:
    STEPS.setdefault(_step, step_unimplemented)
