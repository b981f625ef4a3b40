"""Starting a Cthulhu Wars game, applying commands to it, and listing the legal ones."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from types import ModuleType

from companion.engine.core import Accepted, Code, Command, Event, Refusal, Rejected, other_games_command
from companion.engine.cthulhu import abilities, actions, flow, shaggai, six_books
from companion.engine.cthulhu import battle as _battle  # (registers the battle's handlers too)
from companion.engine.cthulhu import board as bd
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.events import GameStarted
from companion.engine.cthulhu.factions import RULES, high_priests, independents, neutral_spellbooks
from companion.engine.cthulhu.factions.contract import plugins
from companion.engine.cthulhu.model import (
    BATTLE_COST,
    ELDER_SIGN_BAG,
    ERADICATED,
    GLACIER,
    AreaState,
    Faction,
    GameState,
    Phase,
    Player,
    PromptKind,
    UnitKind,
)
from companion.engine.mapdef import MapStatus, problems
from companion.engine.names import clean_name, command_text_problem
from companion.engine.rng import Rng
from companion.engine.says import say
from companion.engine.values import evolve, maker

MIN_PLAYERS, MAX_PLAYERS = 3, 8
DEMO_SUMMON_COST = 2  # what the generic "Monster" costs in listed choices (a faction's own differ)

Result = Accepted[GameState] | Rejected
# Every accepted command's answer, made quicker (values.maker: the same value Accepted(...) makes).
new_accepted: Callable[[GameState, tuple[Event, ...]], Accepted[GameState]] = maker(Accepted)


def new_game(cmd: c.NewGame) -> Result:
    """The state after set-up has been asked for: start areas next, then the first Action Phase."""
    try:
        return Accepted(*_new_game(cmd))
    except Refusal as refusal:
        return refusal.rejected()


def _new_game(cmd: c.NewGame) -> tuple[GameState, tuple[Event, ...]]:
    check_seats(cmd)
    found = problems(cmd.board)
    if found:
        area, problem = (text if text.isprintable() else ascii(text) for text in found[0])  # the refusal is shown
        shown = cmd.board.name if cmd.board.name.isprintable() else ascii(cmd.board.name)
        raise Refusal(
            Code.BAD_VALUE,
            "The map {shown} is not usable: {area}{problem}.",
            shown=shown,
            area=area + ": " if area else "",
            problem=problem,
        )
    if cmd.board.status is MapStatus.PARTIAL:
        raise Refusal(
            Code.BAD_VALUE,
            "{board} holds only what is public; transcribe your board first (companion map new --like {board2}).",
            board=cmd.board.title,
            board2=cmd.board.name,
        )
    players = tuple(Player(pid=player_id(seat), faction=seat.faction, name=seat.name.strip()) for seat in cmd.seats)
    first = next((i for i, p in enumerate(players) if p.faction is Faction.GREAT_CTHULHU), 0)
    independents.check_options(cmd.options)
    board = cmd.board
    for plugin in plugins():  # the map as a seated faction changes it (Bubastis' Moon tile)
        if plugin.board is not None and any(p.faction is plugin.faction for p in players):
            board = plugin.board(board)
    state = GameState(
        board=board,
        options=cmd.options,
        players=players,
        areas=tuple(AreaState() for _ in board.areas),
        rng=Rng(cmd.seed),
        first=first,
        pending=flow.first_round_steps(),
    )
    events: list[Event] = [GameStarted(cmd.board.name, tuple(p.pid for p in players), cmd.seed)]
    for setup in flow.SETUP_HOOKS:
        state = setup(state, events)
    if cmd.join is not None:  # a game in progress: the table enters the board, then begins play
        state = corrections().join(state, cmd.join, events)
    state = flow.run(state, events)
    return evolve(state, step=1), tuple(events)


def player_id(seat: c.Seat) -> str:
    """A seat's id: the faction's name, or a slug of the name for an "other" faction."""
    if seat.faction is Faction.OTHER:
        return "".join(ch if ch.isalnum() else "_" for ch in seat.name.lower()).strip("_")
    return seat.faction.value


def check_seats(cmd: c.NewGame) -> None:
    if not MIN_PLAYERS <= len(cmd.seats) <= MAX_PLAYERS:
        raise Refusal(
            Code.BAD_VALUE,
            "Cthulhu Wars takes {min_players} to {max_players} players, not {count}.",
            min_players=MIN_PLAYERS,
            max_players=MAX_PLAYERS,
            count=len(cmd.seats),
        )
    for seat in cmd.seats:
        if seat.name.strip():
            clean_name(seat.name, say("The name of the {faction} seat", faction=seat.faction.value))  # the screen shows it
        if seat.faction is Faction.OTHER and not player_id(seat):
            raise Refusal(Code.BAD_VALUE, "An 'other' faction needs a name.")
    ids = [player_id(seat) for seat in cmd.seats]
    duplicated = sorted({i for i in ids if ids.count(i) > 1})
    if duplicated:
        raise Refusal(Code.BAD_VALUE, "{duplicated} is seated twice.", duplicated=duplicated[0])
    if cmd.board.players and len(cmd.seats) not in cmd.board.players:
        raise Refusal(
            Code.BAD_VALUE,
            "{board} is for {map} players, not {count}.",
            board=cmd.board.title,
            map="/".join(map(str, cmd.board.players)),
            count=len(cmd.seats),
        )


def apply(state: GameState, command: Command) -> Result:
    """Apply one command to a game under way.  Never raises for bad play; never mutates."""
    # issubclass of the command's type, not isinstance: isinstance of a value that is not of the
    # class asked about also looks up its __class__ attribute (every command pays both checks).
    kind = type(command)
    if issubclass(kind, c.NewGame):
        return Rejected.of(Code.NOT_NOW, "A game is already under way; start a new one from the menu or CLI.")
    if issubclass(kind, (c.Undo, c.Redo)):
        return Rejected.of(Code.NOT_NOW, "Undo and redo are handled by the game session, not the rules.")
    if state.phase is Phase.GAME_OVER:
        return Rejected.of(Code.GAME_OVER, "The game is over.")
    handler = actions.HANDLERS.get(kind) or _corrections_handler(kind)
    if handler is None:
        return other_games_command(command, "Cthulhu Wars")
    unshowable = command_text_problem(command)  # every name in it reaches the log and the screen
    if unshowable:
        return Rejected(Code.BAD_NAME, unshowable)
    events: list[Event] = []
    try:
        new = handler(state, command, events)
        checked = -1  # how many events the requirement check saw
        requirements = abilities.after_command
        for hook in flow.AFTER_COMMAND_HOOKS:
            new = hook(new, events)
            if hook is requirements:
                checked = len(events)
        new = flow.action_words(flow.resume_the_end(new, events))  # last: the end after the command's whole after-command work
        if 0 <= checked < len(events):  # a later hook's events: the next check sees them
            new = abilities.after_late_events(new)
    except Refusal as refusal:
        return refusal.rejected()
    return new_accepted(evolve(new, step=state.step + 1), tuple(events))


def _corrections_handler(cls: type[Command]) -> actions.Handler | None:
    """The handler of a command the corrections decide (Place, SetGate and the rest of the
    commands that put the board right): their module is imported on first use (companion.engine)."""
    corrections()
    return actions.HANDLERS.get(cls)


def corrections() -> ModuleType:
    """The corrections' module, imported on first use (companion.engine) and its handlers and
    answers installed into the core's tables then, once: the lazy part of the assembly
    (:mod:`.assembly`)."""
    from companion.engine.cthulhu import corrections as module  # imported on first use

    if PromptKind.JOIN not in actions.PROMPT_ANSWERS:
        actions.HANDLERS.update(module.HANDLERS)
        actions.PROMPT_ANSWERS.update(module.PROMPT_ANSWERS)
    return module


# -- legal choices --------------------------------------------------------------------------


def legal_commands(state: GameState, *, faces: bool = True) -> Iterator[Command]:
    """Every legal answer to the prompt, lazily.  For a roll: the generator, then every face
    combination (``faces=False``: the generator's alone, for an input that enters its dice as
    values, a phone).  For an action turn: pass, then single-step versions of the common actions
    (one unit moved, the generic Monster summoned at its listed cost); unlimited actions last."""
    prompt = state.prompt
    actor = prompt.actor
    if prompt.kind in actions.PROMPT_ANSWERS:
        yield from actions.PROMPT_ANSWERS[prompt.kind](state)
    elif prompt.kind is PromptKind.START_AREA:
        yield from (c.ChooseStart(actor, area) for area in prompt.choices)
    elif prompt.kind is PromptKind.DIRECTION:
        yield from (c.ChooseDirection(actor, d) for d in prompt.choices)
    elif prompt.kind is PromptKind.FIRST_PLAYER:
        yield from (c.ChooseFirstPlayer(actor, pid) for pid in prompt.choices)
    elif prompt.kind is PromptKind.RITUAL:
        if "ritual" in prompt.choices:  # offered only to a seat that can pay for it
            yield c.Ritual(actor)
        yield c.SkipRitual(actor)
        yield from _reveals(state, actor)
    elif prompt.kind is PromptKind.ROLL:
        yield c.Roll(None, "generator")
        if faces:
            sides = actions.die_faces(state, prompt.die)
            yield from (c.Roll(values, "screen") for values in itertools.product(sides, repeat=prompt.dice))
    elif prompt.kind is PromptKind.ELDER_SIGN_VALUE:
        yield from (c.RevealElderSign(actor, v) for v in (1, 2, 3) if _sign_left(state, v))
    elif prompt.kind is PromptKind.ACTION:
        yield from (cmd for cmd in _action_commands(state, actor) if abilities.allowed(state, cmd))
    yield from abilities.extra_commands(state)  # the factions' ability commands legal now
    yield from independents.offers(state)  # the independent Great Old Ones' and neutral monsters'
    for plugin in plugins():  # Ubbo-Sathla's awakening in the Doom Phase
        if plugin.doom_offers is not None:
            yield from plugin.doom_offers(state)
    yield from high_priests.offers(state)  # Unspeakable Oath (the High Priests option)


def out_of_turn(state: GameState) -> dict[str, tuple[Command, ...]]:
    """Each player who is not prompted and the commands the engine accepts from them now (only
    players with some, in seating order): the factions' out-of-turn abilities (Devolve between
    actions, Dematerialization in the Doom Phase ...: each faction's ``out_of_turn`` hook), and
    the shared ones (Elder Signs revealed in the Doom Phase, the Unspeakable Oath).  With the
    abilities on, while an action or a ritual is awaited; otherwise nobody.  Exactly what the
    engine's list asked as if each were prompted, applied to ``state``, keeps
    (tests/engine/cthulhu/test_out_of_turn.py), without making that list."""
    prompt = state.prompt
    if not state.options.abilities or prompt.kind not in (PromptKind.ACTION, PromptKind.RITUAL) or state.phase is Phase.GAME_OVER:
        return {}
    found: dict[str, tuple[Command, ...]] = {}
    for player in state.players:
        if player.pid != prompt.actor:
            commands = tuple(_out_of_turn_of(state, player.pid))
            if commands:
                found[player.pid] = commands
    return found


def _out_of_turn_of(state: GameState, pid: str) -> Iterator[Command]:
    """``pid``'s out-of-turn commands, in the order its list as the prompted player holds them."""
    if state.prompt.kind is PromptKind.RITUAL:
        yield from _reveals(state, pid)  # an Elder Sign may be revealed on anyone's ritual turn
    module = abilities.module_of(state, pid)
    if module is not None and module.out_of_turn is not None:
        yield from module.out_of_turn(state, pid)
    yield from high_priests.oaths(state, pid)


def _summons(state: GameState, pid: str, area: str) -> Iterator[Command]:
    """Each roster monster or terror with one left in the pool that the player can afford, at
    the cost the referee computes; for a faction the data lacks, the generic Monster at its
    listed cost."""
    player = state.player(pid)
    rules = RULES.get(player.faction)
    if rules is None:
        if player.power >= DEMO_SUMMON_COST:
            yield c.Summon(pid, area, UnitKind.MONSTER.default_name, DEMO_SUMMON_COST)
        return
    for unit in (*rules.units, *independents.summonable(state, pid)):
        if unit.kind not in (UnitKind.MONSTER, UnitKind.TERROR):
            continue
        out = sum(a.count(owner=pid, name=unit.name) for a in state.areas)
        if out < unit.pool and rules.cost_of(state, pid, unit) <= player.power:
            yield c.Summon(pid, area, unit.name, kind=unit.kind)


def _battles(state: GameState, pid: str, index: int) -> Iterator[Command]:
    """A battle against each enemy in the area, where ``pid`` has combat there
    (:func:`has_combat`, as the declaration checks it) and both sides' dice are known to the
    referee (otherwise the table gives them: see docs/commands.md)."""
    for enemy in state.areas[index].owners:
        if enemy == pid:
            continue
        if six_books.battled_here(state, pid, state.area_name(index)):
            break  # one battle per area per turn (factions.md section 11, step 0)
        if has_combat(state, index, pid, enemy) and _battle.computed_dice(state, index, enemy, pid) is not None:
            yield c.BattleAction(pid, state.area_name(index), enemy)


def has_combat(state: GameState, index: int, pid: str, enemy: str) -> bool | None:
    """Whether ``pid`` has combat > 0 against ``enemy`` in area ``index`` as it declares a battle
    (factions.md section 11, step 0), counted with the abilities in force: its units' dice, else
    :func:`_can_score`.  None when a unit's combat is unknown to the referee (the table gives the
    dice).  The legal list and the declaration (:func:`needs_combat`) both count with this."""
    mine = _battle.computed_dice(state, index, pid, enemy, attacking=True)
    if mine is None:
        return None
    return mine > 0 or _can_score(state, index, pid, enemy)


# -- the battle declaration's combat check (game.py ``needs_combat``), before its work ------------


def declarable(state: GameState, cmd: c.BattleAction) -> int | None:
    """The battle's area index when the declaration's own checks pass (its turn, the area, the
    sides: ``battle.check_declaration``); None when they refuse it, the declaration then refusing
    it itself, in its own order."""
    prompt = state.prompt  # not its turn: left to the declaration's refusal, not built twice
    if prompt.kind is not PromptKind.ACTION or (prompt.actor and prompt.actor != cmd.player) or state.seat(cmd.player) is None:
        return None
    try:
        index = bd.area_index(state, cmd.area)
        _battle.check_declaration(state, cmd, index)
    except Refusal:
        return None
    return index


def _nothing(state: GameState, cmd: object, events: list[Event]) -> GameState:
    return state


def refused_before_the_count(state: GameState, cmd: c.BattleAction) -> None:
    """Raise the refusal the wrapped declaration gives before its combat is counted, if any,
    without its work (the battle paid, pre-battle abilities, dice): the six Spellbooks' one battle
    per area, the abilities' guards outermost first (Brainless, the Ice Age's tax, Energy Nexus:
    ``abilities.GUARDS`` in the order they were wrapped), the battle's cost after the tax."""
    six_books.on_battle(_nothing)(state, cmd, [])
    guarded: Command = cmd
    for guard in reversed(abilities.GUARDS.get(c.BattleAction, [])):
        state, guarded = guard(state, guarded, [])
    actions.pay(state, actions.my_turn(state, cmd.player), getattr(guarded, "cost", cmd.cost), say("a battle"), [])


def needs_combat(handler: actions.Handler) -> actions.Handler:
    """The battle declaration, wrapped: with the abilities on, a battle whose attacker has no
    combat there (cultists alone) is refused, as the legal list never offers it; dice typed by the
    table (``attacker_dice``) stand as given, and with the abilities off the table's own."""

    def run(state: GameState, cmd: Command, events: actions.Events) -> GameState:
        if isinstance(cmd, c.BattleAction) and state.options.abilities and cmd.attacker_dice is None:
            index = declarable(state, cmd)  # checked before the declaration's work, which a refusal throws away
            if index is not None and has_combat(state, index, cmd.player, cmd.defender) is False:
                refused_before_the_count(state, cmd)  # the refusals the declaration puts first
                raise Refusal(
                    Code.NO_SUCH_UNITS,
                    "{pid} has no combat against {enemy} in {area}: a battle needs combat above 0 "
                    "(cultists alone roll no dice; factions.md section 11).",
                    pid=cmd.player,
                    enemy=cmd.defender,
                    area=cmd.area,
                )
        return handler(state, cmd, events)

    return run


def _can_score(state: GameState, index: int, pid: str, enemy: str) -> bool:
    """Whether ``pid``, whose units in area ``index`` roll no dice by their own combat, still has
    combat against ``enemy`` there: an ability in force when it declares gives it dice
    (Otherworld Alliances: :data:`battle.IN_FORCE`), or it scores Kills without dice (Bastet).
    Frenzy is in the cultists' own combat already; Terror and Savagery need units with combat
    of their own (Proto-Shoggoths, Cats from Saturn)."""
    return _battle.in_force(state, index, pid) > 0 or _battle.automatic_kills(state, index, pid, enemy, attacking=True) > 0


def _awakenings(state: GameState, pid: str) -> Iterator[Command]:
    """Each of the faction's Great Old Ones not in play that it can awaken now, where it can and
    at the cost the referee computes (the requirements checked as ``awaken`` checks them); an
    awakening that eliminates units names the first it can (``sacrifice``)."""
    player = state.player(pid)
    rules = RULES.get(player.faction)
    if rules is None:
        return
    for rule in rules.awakenings:
        unit = rules.unit(rule.name)
        if unit is None or any(a.count(kind=unit.kind, name=rule.name) for a in state.areas):
            continue
        if rule.cost(state, pid) > player.power or rule.needs(state, pid):
            continue
        sacrifice = _sacrifice(state, pid, rule.name)
        for i, area in enumerate(state.areas):
            if ERADICATED not in area.markers and not rule.where(state, pid, i):
                yield c.Awaken(pid, state.area_name(i), rule.name, sacrifice=sacrifice)


# The units an awakening eliminates (factions.md: Shub-Niggurath's two cultists, Ubbo-Sathla's High Priest).
_SACRIFICES: dict[str, tuple[int, tuple[str, ...]]] = {
    "Shub-Niggurath": (2, ("Acolyte", "High Priest")),
    "Ubbo-Sathla": (1, ("High Priest",)),
}


def _sacrifice(state: GameState, pid: str, goo: str) -> tuple[c.UnitRef, ...]:
    count, kinds = _SACRIFICES.get(goo, (0, ()))
    refs: list[c.UnitRef] = []
    for i, area in enumerate(state.areas):
        for unit in area.units_of(pid):
            take = min(unit.count, count - sum(r.count for r in refs))
            if unit.name in kinds and take > 0:
                refs.append(c.UnitRef(state.area_name(i), unit.kind, unit.name, take))
    return tuple(refs)


def _reveals(state: GameState, pid: str) -> Iterator[Command]:
    """``pid``'s hidden Elder Signs to reveal (a Doom-Phase choice): one per value it may hold."""
    hidden = state.player(pid).elder_signs
    if state.options.digital_elder_signs:
        yield from (c.RevealElderSign(pid, v) for v in sorted(set(hidden)))
    elif hidden:
        yield from (c.RevealElderSign(pid, v) for v in (1, 2, 3) if _sign_left(state, v))


def doom_choices(state: GameState) -> bool:
    """Whether the Doom-Phase prompt's actor has a choice besides skipping and its Elder Signs:
    a faction's or an independent's Doom-Phase ability, Ubbo-Sathla's awakening (flow.step_rituals)."""
    return any(not isinstance(cmd, (c.Ritual, c.SkipRitual, c.RevealElderSign)) for cmd in legal_commands(state))


def _sign_left(state: GameState, value: int) -> bool:
    return sum(p.revealed.count(value) for p in state.players) < ELDER_SIGN_BAG[value - 1]


def _action_commands(state: GameState, pid: str) -> Iterator[Command]:
    yield c.Pass(pid)
    mine = [i for i, a in enumerate(state.areas) if a.count(owner=pid)]
    yield from (c.Recruit(pid, state.area_name(i)) for i in recruit_targets(state, pid, mine))
    yield from high_priests.recruits(state, pid)
    yield from _awakenings(state, pid)
    for i in mine:
        yield from area_commands(state, pid, i)
    yield from shaggai.cosmic_offers(state, pid)  # a Spellbook for 6 Power (Shaggai's Cosmic Power)


def area_commands(state: GameState, pid: str, i: int) -> Iterator[Command]:
    """The action list's part for area ``i`` of player ``pid`` (who has units there), in its
    order: a gate built, the summons, the battles, the captures, an abandoned gate controlled,
    then each one-unit Move from there (before the abilities' guards).  The screen asks it of one
    area alone (by_area.area_actions)."""
    player = state.player(pid)
    area = state.areas[i]
    name = state.area_name(i)
    if player.power >= neutral_spellbooks.gate_cost(state, pid) and area.gate is None and actions.holds_gates(state, pid, i):
        yield c.BuildGate(pid, name)
    if area.gate is not None and area.gate.controller == pid:
        yield from _summons(state, pid, name)
    if player.power >= BATTLE_COST:
        yield from _battles(state, pid, i)
    yield from actions.capture_offers(state, pid, i)  # one per cultist name of each enemy there
    if area.gate is not None and area.gate.abandoned and GLACIER not in area.markers and actions.holds_gates(state, pid, i):
        yield c.ControlGate(pid, name)
    near = actions.destinations(state, pid, i)  # Flight's two areas too
    for stack in area.units_of(pid):
        if stack.name in independents.UNMOVABLE:
            continue
        reach = actions.destinations(state, pid, i, stack.name) if stack.name == independents.SHANTAK else near
        for to in sorted(reach):
            yield c.Move(pid, groups=(c.MoveGroup(name, state.area_name(to), stack.kind, stack.name, 1),))


def recruit_targets(state: GameState, pid: str, mine: list[int]) -> list[int]:
    """The areas (by index) where ``pid`` may recruit an Acolyte at its listed cost, before the
    abilities' guards: its areas ``mine`` (every area when it has none), never an Eradicated one;
    none without a Power or an Acolyte left in its pool."""
    if state.player(pid).power < 1 or actions.acolytes_out(state, pid) >= actions.acolyte_pool(state, pid):
        return []
    return [i for i in mine or range(len(state.areas)) if ERADICATED not in state.areas[i].markers]
