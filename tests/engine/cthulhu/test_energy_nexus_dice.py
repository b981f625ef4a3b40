"""The dice shown during Sleeper's Energy Nexus action are the dice the battle's roll will take.

Energy Nexus (factions.md section 5) gives Sleeper one action in the middle of a declared battle;
the battle's dice are counted again once it is over.  Meanwhile the board may change (a Monster
summoned by the unlimited Fertility Cult that Ancient Sorcery borrows, units recruited or moved):
the odds the screen shows must follow the board, not stay at the dice before the action.  The
oracle is the engine itself: Sleeper passing at that moment ends the action, and the roll then
asks for the dice (tests/engine/cthulhu/test_battle_dice_agree.py is the model).
"""

from __future__ import annotations

import random

from companion.engine import State, apply, battle_odds, legal_commands
from companion.engine.core import Accepted
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.factions import powers as pw
from companion.engine.cthulhu.factions.black_goat import FertilityCult
from companion.engine.cthulhu.factions.powers import UseAbility
from companion.engine.cthulhu.factions.sleeper import BORROWED, nexus_acting
from companion.engine.cthulhu.model import PromptKind
from tests.engine.cthulhu.factions.kit import GC, SL, YS, A, G, M, game6, turn
from tests.helpers import run, set_players

BOOKS = ("Energy Nexus", "Ancient Sorcery", "Capture Monster", "Demand Sacrifice", "Cursed Slumber", "Burrow")


def shown(state: State) -> tuple[int, int]:
    odds = battle_odds(state)
    assert odds is not None
    return odds.attacker[1], odds.defender[1]


def if_sleeper_passes(state: State) -> tuple[int, int] | None:
    """The battle's dice once Sleeper ends its Energy Nexus action now (None when the battle is
    over at once: neither side has dice)."""
    result = apply(state, c.Pass(SL))
    assert isinstance(result, Accepted), result
    b = result.state.battle
    return None if b is None else (b.attacker_dice, b.defender_dice)


def borrowing_fertility(state: State) -> State:
    return pw.mark_used(state, SL, BORROWED + "Fertility Cult " + pw.ONCE_PER_GAME)


def test_a_monster_summoned_during_the_nexus_action_is_in_the_dice_shown_at_once() -> None:
    # Yellow Sign's two Undead (1 die) attack Sleeper's Wizard, Formless Spawn and Acolyte at
    # Sleeper's gate in Europe; Sleeper borrows Fertility Cult (an unlimited summon).
    units = [(SL, M, "Wizard", 1), (SL, M, "Formless Spawn", 1), (SL, A, "Acolyte", 1), (YS, M, "Undead", 2)]
    state = game6(Europe={"gate": SL, "units": units})
    state = borrowing_fertility(set_players(state, sleeper={"power": 8, "spellbooks": ("Energy Nexus", "Ancient Sorcery")}))
    state = run(turn(state, YS, power=3), c.BattleAction(YS, "Europe", SL), UseAbility(SL, "use"))
    assert state.prompt.kind is PromptKind.ACTION and state.prompt.actor == SL
    assert shown(state) == (1, 1)  # the Formless Spawn: 1 on the map
    state = run(state, FertilityCult(SL, "Europe", "Formless Spawn"))
    assert state.prompt.kind is PromptKind.ACTION and state.prompt.actor == SL  # the action goes on
    assert shown(state) == (1, 4) == if_sleeper_passes(state)  # two Formless Spawn: 2 dice each
    state = run(state, c.Pass(SL))
    assert state.prompt.kind is PromptKind.ROLL and state.prompt.actor == YS
    state = run(state, c.Roll((1,), "tower"))
    assert state.prompt.actor == SL and state.prompt.dice == 4


def nexus_battle(rnd: random.Random) -> State | None:
    """A battle in Europe where Sleeper has its Wizard and Energy Nexus (attacking or defending,
    random units, a gate half the time, Fertility Cult borrowed half the time), at the Energy
    Nexus action once Sleeper uses it; None when the referee refuses the battle."""
    units = [(SL, M, "Wizard", 1)]
    for name, kind, most in (("Acolyte", A, 2), ("Serpent Man", M, 2), ("Formless Spawn", M, 2), ("Tsathoggua", G, 1)):
        n = rnd.randint(0, most)
        if n:
            units.append((SL, kind, name, n))
    foe = rnd.choice([GC, YS])
    units += [(GC, M, "Deep One", rnd.randint(1, 2))] if foe == GC else [(YS, M, "Undead", rnd.randint(1, 3))]
    area: dict[str, object] = {"units": units, **({"gate": SL} if rnd.random() < 0.5 else {})}
    state = game6(Europe=area, North_Atlantic={"units": [(SL, A, "Acolyte", 1)]})
    books = ("Energy Nexus", *rnd.sample(BOOKS[1:], rnd.randint(0, 3)))
    state = set_players(state, sleeper={"power": rnd.randint(3, 9), "spellbooks": books})
    if rnd.random() < 0.5:
        state = borrowing_fertility(state)
    attacker, defender = (SL, foe) if rnd.random() < 0.5 else (foe, SL)
    state = turn(state, attacker, power=rnd.randint(3, 9), books=books if attacker == SL else ())
    result = apply(state, c.BattleAction(attacker, "Europe", defender))
    if not isinstance(result, Accepted):
        return None
    state = result.state
    for _ in range(10):
        if nexus_acting(state) and state.prompt.kind is PromptKind.ACTION:
            return state
        if state.battle is None or state.battle.rolls or state.prompt.kind is PromptKind.ROLL:
            return None
        if state.prompt.kind is PromptKind.ABILITY and state.prompt.purpose == "Energy Nexus":
            state = run(state, UseAbility(SL, "use"))
        else:
            state = run(state, rnd.choice(list(legal_commands(state))))
    return None


def test_at_every_step_of_the_nexus_action_the_dice_shown_are_those_the_roll_takes() -> None:
    checked = changed = 0
    for seed in range(120):
        rnd = random.Random(seed)
        state = nexus_battle(rnd)
        if state is None:
            continue
        before = shown(state)
        for _ in range(12):  # the action's steps: unlimited summons first, then its one action
            if not nexus_acting(state):
                break
            if state.prompt.kind is PromptKind.ACTION and state.prompt.actor == SL:
                rolled = if_sleeper_passes(state)
                if rolled is not None:
                    assert shown(state) == rolled, f"seed {seed}: shown {shown(state)}, the roll takes {rolled}"
                    checked += 1
                    changed += rolled != before
            commands = [cmd for cmd in legal_commands(state) if not isinstance(cmd, c.Pass)]
            summons = [cmd for cmd in commands if isinstance(cmd, FertilityCult)]
            state = run(state, rnd.choice(summons if summons and rnd.random() < 0.7 else commands))
        if state.prompt.kind is PromptKind.ROLL and state.prompt.purpose == "battle" and state.battle is not None:
            assert shown(state)[len(state.battle.rolls)] == state.prompt.dice, f"seed {seed}"
    assert checked > 40 and changed > 3, (checked, changed)
