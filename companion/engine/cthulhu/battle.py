"""A battle between two factions (or a faction and neutral units), resolved whole.

The sequence is factions.md section 11: declare (1 Power), combat dice per side from the units
present and the faction formulas (:func:`companion.engine.cthulhu.factions.side_dice`; a count
given in the command overrides one side's), the attacker's dice then the defender's, then the
Kills (the defender's units first, then the attacker's), then the Pains (same order), each
assigned by the side that must choose, then the pained units retreat (the attacker's first) to
an adjacent area without units of their opponent and not eradicated, or are eliminated where
there is none.  A choice that has one answer (one kind of unit left, or as many results as
units) is made by the referee; only real choices become prompts.

The older form (both dice counts given, ``by_hand`` not False) ends after the roll: the table
assigns the Kills and Pains by hand, as stored journals did.  The factions' battle abilities
plug in through :class:`companion.engine.cthulhu.factions.base.Hooks`: Emissary of the Outer
Gods (``on_hit``), Regenerate (``double``), Madness (``retreater``: every retreat, and an
``order`` stage), Necrophagy (``after_kills``: a ``necrophagy`` stage after the Kills); units
out of the battle (Invisibility, the Ghouls) are the battle's ``exempt``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from companion.engine.core import Code, Command, Refusal
from companion.engine.cthulhu import actions, flow
from companion.engine.cthulhu import board as bd
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.events import (
    BattleDeclared,
    BattleEnded,
    BattleRolled,
    CombatComputed,
    HitTaken,
    UnitsMoved,
    UnitsRemoved,
)
from companion.engine.cthulhu.factions import RULES, Side, side_dice
from companion.engine.cthulhu.factions.base import SPARED, Hooks
from companion.engine.cthulhu.factions.contract import PLUGINS
from companion.engine.cthulhu.factions.powers import AbilityUsed, without
from companion.engine.cthulhu.model import (
    ASTRAL_ACOLYTE,
    ERADICATED,
    NEUTRAL,
    NO_PROMPT,
    WATCHER,
    WORM,
    AreaState,
    Battle,
    BattleStage,
    GameState,
    Prompt,
    PromptKind,
    UnitKind,
    Units,
    new_area,
    new_units,
)
from companion.engine.says import say
from companion.engine.values import evolve, maker

Events = flow.Events
# The values a resolution makes by the dozen, made by quick makers (values.maker: the same values
# as the classes make, on the tower's roll path of issue 20).
new_side = maker(Side)
new_hit, new_removed, new_moved = maker(HitTaken), maker(UnitsRemoved), maker(UnitsMoved)
new_rolled, new_ended = maker(BattleRolled), maker(BattleEnded)
ATTACKER, DEFENDER = 0, 1
JOIN = "Necrophagy"  # the ability whose units join a battle after its Kills
ORDER = "Madness"  # the ability that chooses which side's pained units retreat first
WOUNDED = " (wounded)"  # a unit that takes two results and has taken one (Regenerate)
REGENERATED = "regenerate"  # hit_taken's hit for a first Kill on such a unit: it kills only with a second
# Faction abilities that change what one side's dice count as (Demand Sacrifice: its Kills are
# Pains): (state, that side's player, kills, pains) -> (kills, pains).
RESULT_HOOKS: list[Callable[[GameState, str, int, int], tuple[int, int]]] = []
# A battle's rolls with the Kills and the Pains each side's units take (defender's, attacker's).
Rolled = tuple[tuple[tuple[int, ...], ...], tuple[int, int], tuple[int, int]]
HIT_ORDER = (DEFENDER, ATTACKER)  # Kills and Pains land on the defender's units first
# The stages at which the battle waits for an ability's answer of its own (join_battle answers).
ASKING = frozenset(
    (BattleStage.KILL_EFFECTS, BattleStage.ELIMINATE, BattleStage.NECROPHAGY, BattleStage.PAIN_EFFECTS, BattleStage.ORDER)
)
HELD = {BattleStage.KILL_EFFECTS: "kill", BattleStage.PAIN_EFFECTS: "pain"}  # the result a stage holds
# The Watcher's fight going on once its results are taken (a Battle whose attacker is WATCHER).
WATCHER_RESOLVED: list[Callable[[GameState, Events], GameState]] = []
# Abilities in force from the declaration that add to a side's own dice without a question
# (Otherworld Alliances): (state, area, player) -> dice.  Counted in the battle's dice as it is
# declared, so that a side only they give combat is asked for its roll (a side without dice is
# skipped before the pre-battle recount, which counts them again from the units and the bonus).
IN_FORCE: list[Callable[[GameState, int, str], int]] = []


def in_force(state: GameState, index: int, pid: str) -> int:
    """The dice :data:`IN_FORCE` adds to ``pid``'s side in area ``index``."""
    return sum(hook(state, index, pid) for hook in IN_FORCE)


def check_declaration(state: GameState, cmd: c.BattleAction, index: int) -> None:
    if cmd.defender == ASTRAL_ACOLYTE:
        raise Refusal(Code.UNTOUCHABLE, actions.ACOLYTE_IMMUNE)
    if cmd.defender == WORM:
        raise Refusal(Code.UNTOUCHABLE, "The Worms of Ghroth cannot be battled (shaggai-worms.txt).")
    if cmd.defender == WATCHER:
        raise Refusal(Code.BAD_COMMAND, "Battle the Watcher with battle_watcher: it rolls its token's dice and ignores Pains.")
    if cmd.defender != NEUTRAL:
        actions.seat_of(state, cmd.defender)
    if cmd.defender == cmd.player:
        raise Refusal(Code.BAD_VALUE, "A faction cannot battle itself.")
    for pid in (cmd.player, cmd.defender):
        if not actions.has_units(state, index, pid):
            raise Refusal(Code.NO_SUCH_UNITS, "{pid} has no units in {area} to battle with.", pid=pid, area=cmd.area)
    if (cmd.attacker_dice or 0) < 0 or (cmd.defender_dice or 0) < 0:
        raise Refusal(Code.BAD_VALUE, "Dice counts cannot be negative.")


def combat(state: GameState, index: int, pid: str, enemy: str, given: int | None, attacking: bool) -> CombatComputed:
    """One side's dice: the count given, else computed from its units in the area.

    :raises Refusal: BAD_VALUE when a unit's combat is unknown to the referee (a faction or a
        unit factions.md does not describe) and no count was given.
    """
    where = state.area_name(index)
    if given is not None:
        return CombatComputed(pid, where, given, (), True)
    side = new_side(state, index, pid, enemy, state.areas[index].units_of(pid), attacking)
    dice, parts = side_dice(side)
    if dice is None:
        field = "attacker_dice" if attacking else "defender_dice"
        raise Refusal(
            Code.BAD_VALUE,
            "The referee does not know the combat of {pid}'s {parts} in {where}: give {field}.",
            pid=pid,
            parts=parts[-1].label,
            where=where,
            field=field,
        )
    return CombatComputed(pid, where, dice, parts)


def computed_dice(state: GameState, index: int, pid: str, enemy: str, attacking: bool = False) -> int | None:
    """``pid``'s combat dice in area ``index`` against ``enemy`` (None when unknown): for the
    screen's odds and the Watcher's default."""
    units = state.areas[index].units_of(pid)
    b = state.battle
    if b is not None and b.area == index and b.exempt:  # units out of the battle roll nothing
        units = without(units, b.exempt)
    return side_dice(new_side(state, index, pid, enemy, units, attacking))[0]


def hooks_of(state: GameState, pid: str) -> Hooks | None:
    """The ability hooks of ``pid``'s faction (None for neutral units and factions without rules)."""
    for player in state.players:
        if player.pid == pid:
            plugin = PLUGINS.get(player.faction)
            return None if plugin is None else plugin.battle
    return None


def automatic_kills(state: GameState, index: int, pid: str, enemy: str, attacking: bool) -> int:
    """``pid``'s Kills without dice in this battle (its faction's ``automatic_kills``)."""
    seat = state.seat(pid)
    rules = None if seat is None else RULES.get(state.players[seat].faction)
    if rules is None or rules.automatic_kills is None:
        return 0
    return rules.automatic_kills(new_side(state, index, pid, enemy, state.areas[index].units_of(pid), attacking))


def declare(state: GameState, cmd: c.BattleAction, events: Events) -> GameState:
    """Pay, compute both sides' dice, ask for the attacker's roll (the pre-battle abilities are
    asked after the command, by the abilities' reactions to BattleDeclared: the dice are then
    recounted, abilities.recount)."""
    seat = actions.my_turn(state, cmd.player)
    index = bd.area_index(state, cmd.area)
    check_declaration(state, cmd, index)
    state = actions.pay(state, seat, cmd.cost, say("a battle"), events)
    events.append(BattleDeclared(cmd.player, cmd.defender, cmd.area))
    mine = combat(state, index, cmd.player, cmd.defender, cmd.attacker_dice, True)
    theirs = combat(state, index, cmd.defender, cmd.player, cmd.defender_dice, False)
    if cmd.whole:
        events += [mine, theirs]
    automatic = (
        automatic_kills(state, index, cmd.player, cmd.defender, True),
        automatic_kills(state, index, cmd.defender, cmd.player, False),
    )
    dice = [mine.dice, theirs.dice]
    if cmd.whole and IN_FORCE:  # a count given stands as the table gave it
        for side, (pid, given) in enumerate(((cmd.player, cmd.attacker_dice), (cmd.defender, cmd.defender_dice))):
            dice[side] += 0 if given is not None else in_force(state, index, pid)
    battle = Battle(
        index,
        cmd.player,
        cmd.defender,
        dice[0],
        dice[1],
        whole=cmd.whole,
        automatic_kills=automatic if cmd.whole else (0, 0),
    )
    return next_roll(evolve(state, battle=battle), events)


def next_roll(
    state: GameState, events: Events, battle: Battle | None = None, rolls: tuple[tuple[int, ...], ...] | None = None
) -> GameState:
    """Ask for the attacker's dice, then the defender's, then count Kills and Pains.  ``battle``:
    the battle as it now stands when newer than ``state.battle``; ``rolls``: its rolls with the
    one just made (the tower's roll path): the battle is copied once, with the rolls and the
    results together, as it is written back, not for each change."""
    b = battle or state.battle
    assert b is not None
    rolls = b.rolls if rolls is None else rolls
    sides = ((b.attacker, b.attacker_dice), (b.defender, b.defender_dice))
    while len(rolls) < 2:
        pid, dice = sides[len(rolls)]
        if dice:
            who = state.player(pid).label if state.seat(pid) is not None else pid  # the faction's name, not its id
            where = state.area_name(b.area)
            text = (
                say("Roll {dice} battle die for {player} in {area}.", dice=dice, player=who, area=where)
                if dice == 1
                else say("Roll {dice} battle dice for {player} in {area}.", dice=dice, player=who, area=where)
            )
            asked = b if rolls is b.rolls else evolve(b, rolls=rolls)
            return evolve(state, battle=asked, prompt=actions.roll_prompt(pid, dice, "battle", text))
        rolls = (*rolls, ())
    attacker_kills, attacker_pains = actions.kills_and_pains(rolls[0])
    defender_kills, defender_pains = actions.kills_and_pains(rolls[1])
    for hook in RESULT_HOOKS:
        attacker_kills, attacker_pains = hook(state, b.attacker, attacker_kills, attacker_pains)
        defender_kills, defender_pains = hook(state, b.defender, defender_kills, defender_pains)
    if any(b.automatic_kills):  # Kills without dice, each cancelling one of the enemy's
        extra_a, extra_d = b.automatic_kills
        attacker_kills, defender_kills = max(0, attacker_kills + extra_a - extra_d), max(0, defender_kills + extra_d - extra_a)
    where = state.board.areas[b.area].name  # (state.area_name's read, without its call)
    events.append(new_rolled(where, b.attacker, b.defender, attacker_kills, attacker_pains, defender_kills, defender_pains))
    if not b.whole:
        return actions.end_action(evolve(state, battle=None), events)
    # Each side's units take what the other side rolled: the resolution starts from the battle
    # as declared and these results; the battle is copied only if it goes on (a question asked).
    work = Resolution(state, b, events, (rolls, (defender_kills, attacker_kills), (defender_pains, attacker_pains)))
    return work.finish(work.run())


def rolled(state: GameState, values: tuple[int, ...], events: Events) -> GameState:
    b = state.battle
    assert b is not None
    return next_roll(state, events, b, (*b.rolls, values))


# -- Kills, Pains, retreats -------------------------------------------------------------------


def pids(b: Battle) -> tuple[str, str]:
    return (b.attacker, b.defender)


def assigner(state: GameState, b: Battle, side: int) -> str:
    """Who chooses which of ``side``'s units take its results: the owner, the opponent for
    neutral units, or the opponent's faction hook (Vengeance, once the abilities fill it)."""
    owner, enemy = pids(b)[side], pids(b)[1 - side]
    hooks = hooks_of(state, enemy)
    if hooks is not None and hooks.assigner is not None:
        units = state.areas[b.area].units_of(enemy)
        chosen = hooks.assigner(new_side(state, b.area, enemy, owner, units, side == DEFENDER))
        if chosen:
            return chosen
    return enemy if owner == NEUTRAL else owner


def madness(state: GameState) -> str:
    """The player who chooses where every pained unit retreats, in any battle (Madness), or ""."""
    for player in state.players:
        plugin = PLUGINS.get(player.faction)
        retreater = None if plugin is None else plugin.battle.retreater
        if retreater is not None and retreater(state, player.pid):
            return player.pid
    return ""


def first(pained: list[Units], owner: str) -> list[Units]:
    """``pained`` with ``owner``'s units first, each part in its order (a stable sort by owner,
    without a key function's call for each unit)."""
    theirs: list[Units] = []
    others: list[Units] = []
    for unit in pained:
        (theirs if unit.owner == owner else others).append(unit)
    return theirs + others


class Resolution:
    """The Kills, Pains and retreats of one battle, worked on locally.

    Mutable on purpose: this runs on the tower's roll path (issue 20: ``apply`` of the resolving
    roll under 100 µs p99, bench/battle_bench.py), where rebuilding a frozen area for each result
    cost more than the rules.  The battle area's stacks (``here``, in board order), the other
    areas, the results still owed and the pained units are plain lists changed in place; nothing
    outside this object sees them, and :meth:`finish` writes the board and the battle back into
    one new frozen state.  The ability hooks read ``state`` as it was when the resolution began."""

    def __init__(self, state: GameState, b: Battle, events: Events, rolled: Rolled | None = None) -> None:
        """``rolled``: the battle's rolls, and the Kills and Pains each side's units take, just
        counted (the Kills step begins); None: as ``b`` holds them."""
        self.state, self.b, self.events = state, b, events
        self.pids = (b.attacker, b.defender)
        self.areas = list(state.areas)
        self.here = list(state.areas[b.area].units)  # the battle area's stacks, written back once
        self.changed = False  # a stack of the board has changed: the areas are written back
        if rolled is None:
            self.rolls, self.stage = b.rolls, b.stage
            self.owed = {"kill": list(b.kills), "pain": list(b.pains)}
        else:
            self.rolls, self.stage = rolled[0], BattleStage.KILLS
            self.owed = {"kill": list(rolled[1]), "pain": list(rolled[2])}
        self.pained = list(b.pained)
        self.where = state.board.areas[b.area].name  # (state.area_name's read, without its call)
        self.wounds = list(b.wounds)
        self.exempt = b.exempt
        self.left: set[int] = set()  # areas other than the battle's that units left (Necrophagy)
        self.near: tuple[int, ...] = ()  # the battle area's neighbours, once a unit retreats
        self.hooks = (hooks_of(state, b.attacker), hooks_of(state, b.defender))
        self.doubled = (self.doubles(ATTACKER), self.doubles(DEFENDER))
        # Whether each side's faction has an on_hit hook (Emissary): asked for each Kill landed.
        attacking, defending = self.hooks
        self.turns = (
            attacking is not None and attacking.on_hit is not None,
            defending is not None and defending.on_hit is not None,
        )
        # Each side's hook asked for each result landing (Eternal), and the question it raised.
        self.cancels = (
            None if attacking is None else attacking.cancel,
            None if defending is None else defending.cancel,
        )
        self.asking: Prompt | None = None

    # -- reading -------------------------------------------------------------------------------

    def doubles(self, side: int) -> tuple[str, ...]:
        """The names of ``side``'s units that each take up to two results (Regenerate); read
        once, into :attr:`doubled`."""
        hooks = self.hooks[side]
        if hooks is None or hooks.double is None:
            return ()
        owner, enemy = self.pids[side], self.pids[1 - side]
        units = self.units_of(owner)
        return hooks.double(new_side(self.state, self.b.area, owner, enemy, units, side == ATTACKER))

    def split(self, side: int, stacks: list[Units], hit: str) -> list[Units]:
        """``stacks`` with each stack of units that take two results split into the fresh ones
        and the wounded ones (named "<name> (wounded)") that can take one more of ``hit``."""
        doubles = self.doubled[side]
        if not doubles:
            return stacks
        out = []
        for stack in stacks:
            if stack.name not in doubles:
                out.append(stack)
                continue
            hurt = [w for w in self.wounds if w[0] == stack.owner and w[1] == stack.name]
            fresh = stack.count - len(hurt)
            if fresh > 0:
                out.append(new_units(stack.owner, stack.kind, stack.name, fresh))
            # In the Kills step only a unit with one Kill takes another; in the Pains step any
            # unit with one result takes a Pain.
            room = sum(1 for w in hurt if len(w[2]) < 2 and (hit == "pain" or w[2] == "k"))
            if room:
                out.append(new_units(stack.owner, stack.kind, stack.name + WOUNDED, room))
        return out

    def room(self, side: int, unit: Units) -> int:
        """How many results ``unit``'s stack can still take (two each for fresh doubles)."""
        return unit.count * 2 if unit.name in self.doubled[side] else unit.count

    def units_of(self, owner: str) -> tuple[Units, ...]:
        """``owner``'s stacks in the battle area as they stand now."""
        return tuple(u for u in self.here if u.owner == owner)

    def unpained(self, stacks: list[Units]) -> list[Units]:
        """``stacks`` less the units already pained (they take no more results)."""
        if not self.pained:
            return stacks
        # Each stack's key (owner, kind, name) spelt out: Units.key is a property, a call each.
        taken: dict[tuple[str, object, str], int] = {}
        for unit in self.pained:
            key = (unit.owner, unit.kind, unit.name)
            taken[key] = taken.get(key, 0) + unit.count
        free = []
        for stack in stacks:
            left = stack.count - taken.get((stack.owner, stack.kind, stack.name), 0)
            if left > 0:
                free.append(stack if left == stack.count else new_units(stack.owner, stack.kind, stack.name, left))
        return free

    def targets(self, side: int, hit: str) -> list[Units]:
        """``side``'s units in the battle that may take the next ``hit``: not out of the battle,
        not pained already (in the Kills step too: Emissary's Nyarlathotep), and each unit that
        takes two results split into fresh and wounded ones."""
        owner, stacks = self.pids[side], []
        for u in self.here:  # (units_of's loop, kept a list: read for each group of results)
            if u.owner == owner:
                stacks.append(u)
        if self.exempt:
            stacks = list(without(tuple(stacks), self.exempt))
        if self.pained:
            stacks = self.unpained(stacks)
        if self.cancels[side] is not None:  # a unit whose result was cancelled took its one (Eternal)
            stacks = [u for u in stacks if self.cancellable(side, u, hit) != SPARED]
        return self.split(side, stacks, hit) if self.doubled[side] else stacks

    def destinations(self, owner: str) -> tuple[int, ...]:
        """Where a pained unit of ``owner`` may retreat: adjacent, not eradicated, and without
        any unit of its opponent in this battle (factions.md section 11; shaggai-worms.txt)."""
        b = self.b
        enemy = b.defender if owner == b.attacker else b.attacker
        legal = []
        if not self.near:  # read once for all the pained units
            self.near = self.state.board.neighbours(b.area)
        for i in self.near:
            area = self.areas[i]
            if ERADICATED in area.markers:
                continue
            for u in area.units:  # a loop, not any() over a generator: read for each pained stack
                if u.owner == enemy and u.count:
                    break
            else:
                legal.append(i)
        return tuple(legal)

    # -- the steps ------------------------------------------------------------------------------

    def run(self) -> Prompt | None:
        """Take every result that has one answer; the prompt for the first that needs a choice."""
        if self.asking is not None:  # a result just landed by an answer is held (Eternal)
            return self.asking
        if self.stage is BattleStage.KILLS:
            prompt = self.hits("kill")
            if prompt is not None:
                return prompt
            self.stage = BattleStage.ELIMINATE
            self.owed["kill"] = self.tolls()
        if self.stage is BattleStage.ELIMINATE:
            prompt = self.eliminations()
            if prompt is not None:
                return prompt
            self.stage = BattleStage.NECROPHAGY
        if self.stage is BattleStage.NECROPHAGY:
            prompt = self.joiners()
            if prompt is not None:
                return prompt
            self.stage = BattleStage.PAINS
        if self.stage is BattleStage.PAINS:
            prompt = self.hits("pain")
            if prompt is not None:
                return prompt
            if self.wounds:
                self.pain_the_wounded()
            # The attacker's pained units retreat first (factions.md section 11, step 15).
            if len(self.pained) > 1:
                self.pained = first(self.pained, self.b.attacker)
            self.stage = BattleStage.ORDER
        if self.stage is BattleStage.ORDER:
            chooser = madness(self.state)
            if chooser and len({u.owner for u in self.pained}) == 2:  # Madness picks the order
                text = say(
                    "{chooser}: Madness: whose pained units retreat first from {where}?", chooser=chooser, where=self.where
                )
                return Prompt(PromptKind.ABILITY, chooser, text, pids(self.b), purpose=ORDER)
            self.stage = BattleStage.RETREAT
        return self.retreats()

    def tolls(self) -> list[int]:
        """The units each side eliminates for the Kills its enemy took (step 11, Berserkergang),
        kept in the Kills owed while this stage lasts (they are all taken by now)."""
        owed = [0, 0]
        for side in HIT_ORDER:
            hooks = self.hooks[side]
            if hooks is None or hooks.toll is None:
                continue
            owner, enemy = self.pids[side], self.pids[1 - side]
            units = self.units_of(owner)
            owed[1 - side] = hooks.toll(new_side(self.state, self.b.area, owner, enemy, units, side == ATTACKER), self.events)[1]
        return owed

    def toll_of(self, side: int) -> str:
        """The ability that makes ``side`` eliminate its units now (its enemy's ``toll``)."""
        hooks = self.hooks[1 - side]
        assert hooks is not None and hooks.toll is not None
        owner, enemy = self.pids[1 - side], self.pids[side]
        units = self.units_of(owner)
        return hooks.toll(new_side(self.state, self.b.area, owner, enemy, units, side == DEFENDER), self.events)[0]

    def fodder(self, side: int) -> tuple[str, ...]:
        """The names of ``side``'s Monsters and Cultists in the battle, each once."""
        stacks = without(self.units_of(self.pids[side]), self.exempt)
        return tuple(dict.fromkeys(u.name for u in stacks if u.kind in (UnitKind.MONSTER, UnitKind.CULTIST)))

    def eliminations(self) -> Prompt | None:
        """Each side eliminates the units it owes (Berserkergang): one kind left is taken, else
        its owner (the enemy, for neutral units) chooses."""
        owed = self.owed["kill"]
        for side in HIT_ORDER:
            while owed[side] > 0:
                names = self.fodder(side)
                if not names:
                    owed[side] = 0
                    break
                owner, enemy = self.pids[side], self.pids[1 - side]
                if len(names) > 1:
                    actor = enemy if owner == NEUTRAL else owner
                    ability = self.toll_of(side)
                    text = say(
                        "{actor}: {ability}: which of {owner}'s Monsters or Cultists is eliminated?",
                        actor=actor,
                        ability=ability,
                        owner=owner,
                    )
                    return Prompt(PromptKind.ABILITY, actor, text, names, purpose=ability)
                self.eliminate(side, names[0])
        return None

    def eliminate(self, side: int, name: str) -> None:
        """One of ``side``'s units called ``name`` eliminated for its enemy's ability."""
        owner, enemy = self.pids[side], self.pids[1 - side]
        ability = self.toll_of(side)
        unit = next(u for u in self.here if u.owner == owner and u.name == name)
        self.owed["kill"][side] -= 1
        self.remove(unit, 1)
        self.events.append(new_removed(owner, self.where, unit.kind.value, name, 1, ability))
        self.events.append(AbilityUsed(enemy, ability, say("{owner}'s {name} eliminated", owner=owner, name=name)))

    def cancellable(self, side: int, unit: Units, hit: str) -> str:
        """The ability that may cancel ``hit`` landing on ``unit`` now (Eternal), :data:`SPARED`
        or "" (the ``cancel`` hook)."""
        cancel = self.cancels[side]
        if cancel is None:
            return ""
        owner, enemy = self.pids[side], self.pids[1 - side]
        return cancel(new_side(self.state, self.b.area, owner, enemy, self.units_of(owner), side == ATTACKER), unit.name, hit)

    def hold(self, side: int, unit: Units, hit: str, ability: str) -> None:
        """Hold one ``hit`` on ``unit`` (still owed) and ask its owner whether ``ability`` cancels it."""
        owner = self.pids[side]
        self.stage = BattleStage.KILL_EFFECTS if hit == "kill" else BattleStage.PAIN_EFFECTS
        text = say(
            "{owner}: {ability}: cancel the {hit} on {unit} in {where}?",
            owner=owner,
            ability=ability,
            hit=hit.title(),
            unit=unit.name,
            where=self.where,
        )
        self.asking = Prompt(PromptKind.ABILITY, owner, text, ("use", "skip"), purpose=ability)

    def answer_held(self, player: str, choice: str) -> None:
        """The owner's answer to the question :meth:`hold` asked: the result is cancelled
        ("use") or lands; the owner's ``cancelled`` hook pays for it."""
        hit = HELD[self.stage]
        side = current_side(self.b, hit)
        purpose = self.state.prompt.purpose
        unit = next(u for u in self.targets(side, hit) if self.cancellable(side, u, hit) == purpose)
        hooks = self.hooks[side]
        assert hooks is not None and hooks.cancelled is not None
        self.state = hooks.cancelled(self.state, player, hit, choice, self.events)
        self.stage = BattleStage.KILLS if hit == "kill" else BattleStage.PAINS
        if choice == "use":
            self.owed[hit][side] -= 1
        else:
            self.land(side, unit, 1, hit, ask=False)

    def joiners(self) -> Prompt | None:
        """After the Kills, the player whose units may join the battle (Necrophagy) is asked
        which to bring, one at a time, or "done"."""
        for player in self.state.players:
            plugin = PLUGINS.get(player.faction)
            after_kills = None if plugin is None else plugin.battle.after_kills
            if after_kills is None or (self.b.attacker == WATCHER and player.pid != self.b.defender):
                continue  # against the Watcher, only for the owner's own units (yuggoth-watcher.txt)
            name = after_kills(self.state, player.pid)
            if not name:
                continue
            areas = tuple(
                self.state.area_name(i)
                for i, a in enumerate(self.areas)
                if i != self.b.area and a.count(owner=player.pid, name=name)
            )
            if areas:
                text = say(
                    "{pid}: {join}: bring a {name} into the battle in {where} from which area (+1 Pain to both sides), or done?",
                    pid=player.pid,
                    join=JOIN,
                    name=name,
                    where=self.where,
                )
                return Prompt(PromptKind.ABILITY, player.pid, text, ("done", *areas), purpose=JOIN)
        return None

    def join(self, pid: str, source: int) -> None:
        """One of ``pid``'s joining units comes from ``source`` into the battle area, out of the
        battle itself; each side owes one more Pain."""
        hooks = hooks_of(self.state, pid)
        assert hooks is not None and hooks.after_kills is not None
        name = hooks.after_kills(self.state, pid)
        unit = next(u for u in self.areas[source].units_of(pid) if u.name == name)
        one = new_units(pid, unit.kind, name, 1)
        self.areas[source] = take(self.areas[source], one, 1)
        self.here = list(bd.add_units(new_area(None, tuple(self.here)), pid, unit.kind, name, 1).units)
        self.changed = True
        self.exempt = (*self.exempt, one)
        self.left.add(source)
        self.owed["pain"] = [self.owed["pain"][0] + 1, self.owed["pain"][1] + 1]
        self.events.append(new_moved(pid, self.state.area_name(source), self.where, unit.kind.value, name, 1))
        self.events.append(AbilityUsed(pid, JOIN, say("a {name} joins: one more Pain for each side", name=name)))

    def hits(self, hit: str) -> Prompt | None:
        """Land the Kills (or Pains) that need no choice; the prompt for the first that does."""
        owed = self.owed[hit]
        for side in HIT_ORDER:
            while owed[side] > 0:
                if self.asking is not None:  # a result held for its owner's answer (Eternal)
                    return self.asking
                targets = self.targets(side, hit)
                doubled = self.doubled[side]
                total = sum(self.room(side, u) if doubled else u.count for u in targets)
                if total == 0:
                    owed[side] = 0
                    break
                if owed[side] < total and len(targets) > 1:
                    actor = assigner(self.state, self.b, side)
                    owner = self.pids[side]
                    text = say(
                        "{actor}: which of {owner}'s units in {where} takes the next {hit} ({owed} to assign)?",
                        actor=actor,
                        owner=owner,
                        where=self.where,
                        hit=hit.title(),
                        owed=owed[side],
                    )
                    kind = PromptKind.ASSIGN_KILL if hit == "kill" else PromptKind.ASSIGN_PAIN
                    return Prompt(kind, actor, text, tuple(u.name for u in targets))
                # One answer: as many results as units (all of them), or one kind of unit left.
                for unit in targets:
                    if doubled and self.double(side, unit):  # one at a time: the next may become a choice
                        self.land(side, unit, 1, hit)
                        break
                    self.land(side, unit, min(owed[side], unit.count), hit)
                    if self.asking is not None:  # a result held for its owner's answer (Eternal)
                        return self.asking
        return None

    def double(self, side: int, unit: Units) -> bool:
        doubles = self.doubled[side]
        return bool(doubles) and (unit.name in doubles or unit.name.endswith(WOUNDED))

    def instead(self, side: int, unit: Units, hit: str) -> str:
        """The result that lands on ``unit`` for ``hit``: the owner's ``on_hit`` hook may change
        it (Emissary of the Outer Gods)."""
        hooks = self.hooks[side]
        if hooks is None or hooks.on_hit is None:
            return hit
        owner, enemy = self.pids[side], self.pids[1 - side]
        units = self.units_of(owner)
        return hooks.on_hit(new_side(self.state, self.b.area, owner, enemy, units, side == ATTACKER), unit.name, hit)

    def land(self, side: int, unit: Units, n: int, hit: str, ask: bool = True) -> None:
        """``n`` Kills (the units are eliminated, back to their pool) or Pains (they will retreat)
        on ``unit``'s stack; the owner's ``on_hit`` hook may turn a Kill into a Pain, and its
        ``cancel`` hook hold the last of them for a question (:meth:`hold`; ``ask``: False once
        answered)."""
        if n <= 0:
            return
        if ask and self.cancels[side] is not None:
            ability = self.cancellable(side, unit, hit)
            if ability and ability != SPARED:
                self.land(side, unit, n - 1, hit, ask=False)
                self.hold(side, unit, hit, ability)
                return
        if self.doubled[side] and self.double(side, unit):
            for _ in range(n):
                self.wound(side, unit, hit)
            return
        kind = unit.kind.value
        if hit == "kill" and self.turns[side] and self.instead(side, unit, hit) == "pain":
            self.owed["kill"][side] -= n
            self.events += [new_hit(unit.owner, self.where, kind, unit.name, "pain")] * n
            self.pained.append(unit if unit.count == n else new_units(unit.owner, unit.kind, unit.name, n))
            return
        self.owed[hit][side] -= n
        if n == 1:  # the usual one result: no list to make and repeat
            self.events.append(new_hit(unit.owner, self.where, kind, unit.name, hit))
        else:
            self.events += [new_hit(unit.owner, self.where, kind, unit.name, hit)] * n
        if hit == "pain":
            self.pained.append(unit if unit.count == n else new_units(unit.owner, unit.kind, unit.name, n))
            return
        self.remove(unit, n)
        self.events.append(new_removed(unit.owner, self.where, kind, unit.name, n, "killed in battle"))

    def remove(self, unit: Units, n: int) -> None:
        """The battle area less ``n`` of ``unit``'s stack, which was just read from it (so it is
        there, with at least ``n``): the stacks keep their order (no re-sorting on the roll path)."""
        here, owner, kind, name = self.here, unit.owner, unit.kind, unit.name
        for i, stack in enumerate(here):
            # Usually the stack itself (targets() reads it from here): no fields to compare.
            if stack is unit or (stack.name == name and stack.owner == owner and stack.kind is kind):
                if stack.count > n:
                    here[i] = new_units(owner, kind, name, stack.count - n)
                else:
                    del here[i]
                self.changed = True
                return
        raise AssertionError(f"{unit} is not in the battle area")

    def wound(self, side: int, unit: Units, hit: str) -> None:
        """One result on a unit that takes two (Regenerate): two Kills kill it; any other one or
        two results pain it, once the Pains are all assigned (factions.md section 1)."""
        name = unit.name.removesuffix(WOUNDED)
        self.owed[hit][side] -= 1
        # A first Kill kills nothing yet: not a "kill" for the tallies that count them (#20).
        shown = REGENERATED if hit == "kill" and not unit.name.endswith(WOUNDED) else hit
        self.events.append(new_hit(unit.owner, self.where, unit.kind.value, name, shown))
        letter = hit[0]
        if unit.name.endswith(WOUNDED):
            i = next(
                i
                for i, w in enumerate(self.wounds)
                if w[0] == unit.owner and w[1] == name and len(w[2]) < 2 and (hit == "pain" or w[2] == "k")
            )
            results = self.wounds[i][2] + letter
            if results == "kk":
                del self.wounds[i]
                self.remove(new_units(unit.owner, unit.kind, name, 1), 1)
                self.events.append(new_removed(unit.owner, self.where, unit.kind.value, name, 1, "killed in battle"))
                return
            self.wounds[i] = (unit.owner, name, results)
            return
        self.wounds.append((unit.owner, name, letter))

    def pain_the_wounded(self) -> None:
        """Every unit that took one or two results short of two Kills is pained (Regenerate)."""
        for owner, name, _ in self.wounds:
            stack = next(u for u in self.here if u.owner == owner and u.name == name)
            self.pained.append(new_units(owner, stack.kind, name, 1))
        self.wounds = []

    def retreats(self) -> Prompt | None:
        """Retreat the pained units that have one place to go (or none: they are eliminated)."""
        while self.pained:
            unit = self.pained[0]
            legal = self.destinations(unit.owner)
            if len(legal) > 1:
                b = self.b
                actor = unit.owner if unit.owner != NEUTRAL else (b.defender if unit.owner == b.attacker else b.attacker)
                actor = actor if b.attacker == WATCHER else madness(self.state) or actor  # as in joiners()
                text = say(
                    "{actor}: where does a pained {unit} of {owner} retreat from {where}?",
                    actor=actor,
                    unit=unit.name,
                    owner=unit.owner,
                    where=self.where,
                )
                return Prompt(PromptKind.RETREAT, actor, text, tuple(self.state.area_name(i) for i in legal))
            self.pained.pop(0)
            if not legal and self.stays(unit):
                continue  # Emissary of the Outer Gods: he stays instead of dying
            self.retreat(unit, legal[0] if legal else None)
        return None

    def stays(self, unit: Units) -> bool:
        """Whether ``unit``, pained with nowhere to retreat, stays where it is (the owner's
        ``on_hit`` hook answers "" for "nowhere")."""
        side = ATTACKER if unit.owner == self.b.attacker else DEFENDER
        return self.instead(side, unit, "nowhere") == ""

    def retreat(self, unit: Units, to: int | None) -> None:
        """Move ``unit`` (a stack of pained units) to ``to``, or eliminate it when there is nowhere."""
        self.remove(unit, unit.count)
        kind = unit.kind.value
        if to is None:
            reason = "pained, with nowhere to retreat"
            self.events.append(new_removed(unit.owner, self.where, kind, unit.name, unit.count, reason))
            return
        self.areas[to] = bd.add_units(self.areas[to], unit.owner, unit.kind, unit.name, unit.count)
        to_name = self.state.board.areas[to].name  # (state.area_name's read, without its call)
        self.events.append(new_moved(unit.owner, self.where, to_name, kind, unit.name, unit.count))

    def finish(self, prompt: Prompt | None) -> GameState:
        """The state with the board and the battle written back: the prompt, or the battle over
        (post-battle abilities, then the attacker's action ends)."""
        b = self.b
        areas = self.board()
        if prompt is not None:
            return evolve(self.state, areas=areas, battle=self.battle(), prompt=prompt)
        if b.attacker == WATCHER:  # its results taken: the post-battle abilities, back to its fight (watcher.py)
            self.events.append(new_ended(self.where, b.attacker, b.defender))
            return WATCHER_RESOLVED[0](evolve(self.state, areas=areas, battle=None, prompt=NO_PROMPT), self.events)
        # The post-battle abilities (Harbinger, Cannibalism, Million Favored Ones ...) react to
        # the BattleEnded event after the command (abilities.react_to).
        self.events.append(new_ended(self.where, b.attacker, b.defender))
        return actions.end_action(evolve(self.state, areas=areas, battle=None, prompt=NO_PROMPT), self.events)

    def board(self) -> tuple[AreaState, ...]:
        """The areas with the battle area's stacks written back, and the gates abandoned where
        the last unit of their controller left (the battle area, and the areas joiners left)."""
        index = self.b.area
        if self.changed:
            area = self.areas[index]
            self.areas[index] = new_area(area.gate, tuple(self.here), area.markers)
        for left in (index, *sorted(self.left)) if self.left else (index,):
            if self.areas[left].gate is None:
                continue  # no gate to abandon (the usual battle area): no name to look up
            settled = bd.settle_gate_in(self.areas, left, self.where if left == index else self.state.area_name(left))
            if settled:
                self.events += settled
                self.changed = True
        return tuple(self.areas) if self.changed else self.state.areas

    def battle(self) -> Battle:
        """The battle as it stands, with what is still owed."""
        return evolve(
            self.b,
            rolls=self.rolls,
            stage=self.stage,
            kills=(self.owed["kill"][0], self.owed["kill"][1]),
            pains=(self.owed["pain"][0], self.owed["pain"][1]),
            pained=tuple(self.pained),
            wounds=tuple(self.wounds),
            exempt=self.exempt,
        )


def advance(state: GameState, b: Battle, events: Events) -> GameState:
    """Resolve what needs no choice, then ask or end the battle."""
    work = Resolution(state, b, events)
    return work.finish(work.run())


def take(area: AreaState, unit: Units, n: int) -> AreaState:
    """``area`` less ``n`` of ``unit``'s stack, which the battle has just read from it (so it is
    there, with at least ``n``): the stacks keep their order, no re-sorting on the roll path."""
    units = area.units
    for i, stack in enumerate(units):
        if stack.key == unit.key:
            kept = (new_units(stack.owner, stack.kind, stack.name, stack.count - n),) if stack.count > n else ()
            return new_area(area.gate, (*units[:i], *kept, *units[i + 1 :]), area.markers)
    raise AssertionError(f"{unit} is not in the battle area")


# -- the answers --------------------------------------------------------------------------------


def current_side(b: Battle, hit: str) -> int:
    owed = b.kills if hit == "kill" else b.pains
    return next(side for side in HIT_ORDER if owed[side] > 0)


def assign(state: GameState, player: str, unit: str, hit: str, events: Events) -> GameState:
    kind = PromptKind.ASSIGN_KILL if hit == "kill" else PromptKind.ASSIGN_PAIN
    actions.expect(state, kind, player)
    actions.choice(state, unit)
    b = state.battle
    assert b is not None
    work = Resolution(state, b, events)
    side = current_side(b, hit)
    stack = next(u for u in work.targets(side, hit) if u.name == unit)
    work.land(side, stack, 1, hit)
    return work.finish(work.run())


@actions.handles(c.AssignKill)
def assign_kill(state: GameState, cmd: c.AssignKill, events: Events) -> GameState:
    return assign(state, cmd.player, cmd.unit, "kill", events)


@actions.handles(c.AssignPain)
def assign_pain(state: GameState, cmd: c.AssignPain, events: Events) -> GameState:
    return assign(state, cmd.player, cmd.unit, "pain", events)


def join_battle(state: GameState, player: str, choice: str, events: Events) -> GameState:
    """The answer to the battle's own ability prompts: Necrophagy's (an area to bring one more
    unit from, or "done") and Madness's order (the side whose pained units retreat first)."""
    actions.expect(state, PromptKind.ABILITY, player)
    actions.choice(state, choice)
    b = state.battle
    assert b is not None
    work = Resolution(state, b, events)
    if b.stage in HELD:
        work.answer_held(player, choice)
    elif b.stage is BattleStage.ELIMINATE:
        work.eliminate(current_side(b, "kill"), choice)
    elif b.stage is BattleStage.ORDER:
        work.pained = first(work.pained, choice)
        work.stage = BattleStage.RETREAT
        work.events.append(AbilityUsed(player, ORDER, say("{choice}'s pained units retreat first", choice=choice)))
    elif choice == "done":
        work.stage = BattleStage.PAINS
    else:
        work.join(player, bd.area_index(state, choice))
    return work.finish(work.run())


@actions.handles(c.ChooseRetreat)
def choose_retreat(state: GameState, cmd: c.ChooseRetreat, events: Events) -> GameState:
    """One unit of the pained stack at the head of the queue retreats to the area chosen."""
    actions.expect(state, PromptKind.RETREAT, cmd.player)
    actions.choice(state, cmd.area)
    b = state.battle
    assert b is not None
    work = Resolution(state, b, events)
    head = work.pained[0]
    if head.count == 1:
        work.pained.pop(0)
    else:
        work.pained[0] = new_units(head.owner, head.kind, head.name, head.count - 1)
    work.retreat(new_units(head.owner, head.kind, head.name, 1), bd.area_index(state, cmd.area))
    return work.finish(work.run())


def answers_kill(state: GameState) -> Iterator[Command]:
    return (c.AssignKill(state.prompt.actor, unit) for unit in state.prompt.choices)


def answers_pain(state: GameState) -> Iterator[Command]:
    return (c.AssignPain(state.prompt.actor, unit) for unit in state.prompt.choices)


def answers_retreat(state: GameState) -> Iterator[Command]:
    return (c.ChooseRetreat(state.prompt.actor, area) for area in state.prompt.choices)
