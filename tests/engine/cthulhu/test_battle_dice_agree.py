"""The dice the screen shows before a battle's roll (the battle odds) are the dice the roll takes.

For seeded battles between every pair of factions the referee plays (abilities on, random units
and Spellbooks, random answers to every question), at each prompt between the declaration and
the rolls: the dice the odds show (for an open pre-battle question, the dice of the answer given)
are the dice shown at the next prompt, and at each battle roll they are the dice the roll asks
for.  And against the Watcher, Tcho-Tcho's Otherworld Alliances and Terror count as in any battle.
"""

from __future__ import annotations

import random
from itertools import permutations

import pytest

from companion.engine import State, apply, battle_odds, legal_commands
from companion.engine.core import Accepted
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.factions import RULES
from companion.engine.cthulhu.factions.powers import UseAbility
from companion.engine.cthulhu.factions.tcho_tcho import BOOST, REDUCE
from companion.engine.cthulhu.model import Faction, Options, Prompt, PromptKind, UnitKind, Watcher
from companion.engine.cthulhu.watcher import BattleWatcher, CombatDice, WatcherMove
from companion.engine.values import evolve
from tests.engine.cthulhu.battle_setups import library
from tests.engine.cthulhu.factions.common import GC, TT
from tests.engine.cthulhu.factions.kit import turn
from tests.engine.cthulhu.factions.tcho_tcho_kit import tt_game
from tests.engine.cthulhu.yuggoth_board import NORTH
from tests.helpers import clear_board, run, set_board, started

FACTIONS = tuple(RULES)
AREA = "North_Pacific"
NEUTRALS = (("Ghast", UnitKind.MONSTER), ("Gug", UnitKind.MONSTER))


def army(rnd: random.Random, faction: Faction, pid: str) -> list[tuple[str, str, str, int]]:
    """Some of each unit type of the faction's roster (a Great Old One at most once), sometimes a
    neutral monster (for Otherworld Alliances); never empty."""
    units = []
    for unit in RULES[faction].units:
        most = 1 if unit.kind in (UnitKind.GOO, UnitKind.IGOO) else min(unit.pool, 2)
        n = rnd.randint(0, most)
        if n:
            units.append((pid, unit.kind.value, unit.name, n))
    for name, kind in NEUTRALS:
        if rnd.random() < 0.3:
            units.append((pid, kind.value, name, rnd.randint(1, 2)))
    return units or [(pid, UnitKind.CULTIST.value, "Acolyte", 1)]


def declared(seed: int, first: Faction, second: Faction) -> State | None:
    """A battle ``first`` declares on ``second`` in the North Pacific, or None when the referee
    refuses it (no combat, or a unit it cannot count)."""
    rnd = random.Random(seed)
    third = next(f for f in (Faction.GREAT_CTHULHU, Faction.CRAWLING_CHAOS, Faction.BLACK_GOAT) if f not in (first, second))
    state = started("earth-3p", (first, second, third), seed=seed, options=Options(abilities=True, tribes=True))
    while state.prompt.kind is PromptKind.ABILITY:  # set-up questions (Tcho-Tcho's tribe)
        state = run(state, UseAbility(state.prompt.actor, rnd.choice(state.prompt.choices)))
    a, d = first.value, second.value
    units = army(rnd, first, a) + army(rnd, second, d)
    state = set_board(clear_board(state), **{AREA: {"units": units}})
    for pid, faction in ((d, second), (a, first)):  # the attacker's turn last
        books = library(state, faction)
        state = turn(state, pid, power=10, books=tuple(rnd.sample(books, rnd.randint(0, len(books)))))
    result = apply(state, c.BattleAction(a, "North Pacific", d))
    return result.state if isinstance(result, Accepted) else None


def shown(state: State) -> tuple[int, int]:
    """The dice the screen shows for each side (the battle odds)."""
    odds = battle_odds(state)
    assert odds is not None
    return odds.attacker[1], odds.defender[1]


def decided(state: State) -> tuple[int, int]:
    """The dice as the choices made so far make them (no question looked ahead)."""
    odds = battle_odds(state, look_ahead=False)
    assert odds is not None
    return odds.attacker[1], odds.defender[1]


def play_to_the_rolls(seed: int, state: State) -> int:
    """Answer every question at random until both sides rolled.  Before each answer, the dice
    the screen shows (for an open question, the dice of the answer given) must be the dice once
    it is answered; at each battle roll, the dice the roll asks for.  Returns the rolls checked."""
    rnd = random.Random(seed)
    checked = 0
    for _ in range(60):
        b = state.battle
        if b is None or len(b.rolls) >= 2:
            return checked
        if state.prompt.kind is PromptKind.ROLL and state.prompt.purpose == "battle":
            side = len(b.rolls)
            assert shown(state)[side] == state.prompt.dice, f"seed {seed}: the odds show {shown(state)}"
            checked += 1
            state = run(state, c.Roll(tuple(rnd.randint(1, 6) for _ in range(state.prompt.dice)), "screen"))
            continue
        odds = battle_odds(state)
        assert odds is not None
        command = rnd.choice(list(legal_commands(state)))
        answer = getattr(command, "choice", getattr(command, "name", ""))
        alternatives = {a: (o.attacker[1], o.defender[1]) for a, o in odds.undecided}
        claim = alternatives.get(answer, shown(state))
        question = state.prompt.kind in (PromptKind.ABILITY, PromptKind.SPELLBOOK)  # not Energy Nexus' whole action
        state = run(state, command)
        if question and state.battle is not None and not b.rolls and state.battle.rolls == b.rolls:
            assert decided(state) == claim, f"seed {seed}: shown {claim} before {command}, then {decided(state)}"
    raise AssertionError(f"seed {seed}: the battle did not reach its rolls")


@pytest.mark.parametrize(("first", "second"), list(permutations(FACTIONS, 2)), ids=lambda f: f.value)
def test_the_dice_the_odds_show_are_the_dice_the_roll_takes(first: Faction, second: Faction) -> None:
    checked, battles = 0, 0
    for seed in range(12):  # three battles declared: a side without combat is refused (more seeds then)
        state = declared(seed * 97 + FACTIONS.index(first) * 11 + FACTIONS.index(second), first, second)
        if state is not None:
            checked += play_to_the_rolls(seed, state)
            battles += 1
            if battles == 3:
                break
    assert checked, "no battle of this pair reached a roll"


def test_otherworld_alliances_is_shown_while_terror_is_undecided_and_both_answers_too() -> None:
    area = {"units": [(TT, "monster", "Proto-Shoggoth", 2), (TT, "monster", "Ghast", 2), (GC, "monster", "Shoggoth", 2)]}
    state = turn(tt_game(tribe="Sarkomand", North_Pacific=area), TT, books=("Terror", "Otherworld Alliances"))
    state = run(state, c.BattleAction(TT, "North Pacific", GC))
    assert state.prompt.kind is PromptKind.ABILITY and state.prompt.purpose == "Terror"
    odds = battle_odds(state)
    assert odds is not None and (odds.attacker[1], odds.defender[1]) == (4, 4)  # 2 Proto-Shoggoths + 2 Ghasts allied
    assert odds.ability == "Terror"
    both = {answer: (alt.attacker[1], alt.defender[1]) for answer, alt in odds.undecided}
    assert both == {REDUCE: (4, 2), BOOST: (6, 4)}
    for answer, dice in both.items():
        after = run(state, UseAbility(TT, answer))
        assert after.prompt.kind is PromptKind.ROLL and after.prompt.dice == dice[0]
        assert after.battle is not None and after.battle.defender_dice == dice[1]


# -- against the Watcher ---------------------------------------------------------------------------


def tt_at_the_watcher(books: tuple[str, ...]) -> State:
    """Yuggoth, Tcho-Tcho (Sarkomand) with 2 Proto-Shoggoths, a Ghast and an Acolyte on the north
    slope with the Watcher (token 5); Tcho-Tcho to act holding ``books``."""
    state = started(
        "yuggoth-demo",
        (Faction.TCHO_TCHO, Faction.GREAT_CTHULHU, Faction.CRAWLING_CHAOS),
        options=Options(abilities=True, tribes=True),
    )
    state = run(state, UseAbility(TT, "Sarkomand"))
    units = [(TT, "monster", "Proto-Shoggoth", 2), (TT, "monster", "Ghast", 1), (TT, "cultist", "Acolyte", 1)]
    state = set_board(
        clear_board(state), Slopes_of_the_Pyramid_North={"units": units}, Laboratory={"units": [(GC, "cultist", "Acolyte", 1)]}
    )
    north = state.board.area_index(NORTH)
    assert north is not None
    state = evolve(state, watcher=Watcher(awake=True, token=5, area=north, awoke_round=state.round))
    return turn(state, TT, power=5, books=books)


@pytest.mark.parametrize(
    ("books", "dice"),
    [((), 2), (("Otherworld Alliances",), 3), (("Terror",), 4), (("Terror", "Otherworld Alliances"), 5)],
)
def test_tcho_tchos_otherworld_alliances_and_terror_count_against_the_watcher(books: tuple[str, ...], dice: int) -> None:
    # 2 Proto-Shoggoths (1 each), a Ghast (0; +1 allied) and an Acolyte (0); Terror against the
    # Watcher can only raise Tcho-Tcho's own combat (+1 per Proto-Shoggoth).
    state = tt_at_the_watcher(books)
    state = run(state, BattleWatcher(TT), c.Roll((1,) * 5, "tower"))  # the Watcher's 5 dice miss
    assert state.prompt.kind is PromptKind.ROLL and state.prompt.actor == TT and state.prompt.dice == dice


def test_the_watchers_attack_offers_tcho_tchos_dice_with_its_books_first() -> None:
    state = tt_at_the_watcher(("Terror", "Otherworld Alliances"))
    # The Watcher's attack, Tcho-Tcho controlling it: from the Postern into the north slope.
    w, postern = state.watcher, state.board.postern
    assert w is not None and postern is not None
    state = evolve(state, watcher=evolve(w, area=postern, controllers=(state.seat(TT),)))
    state = evolve(state, prompt=Prompt(PromptKind.WATCHER_MOVE, TT, "move", (NORTH,)))
    state = run(state, WatcherMove(TT, NORTH))
    assert state.prompt.kind is PromptKind.COMBAT_DICE and state.prompt.choices[0] == "5"  # the computed default
    state = run(state, CombatDice(TT, 5), c.Roll((1,) * 5, "tower"))
    assert state.prompt.kind is PromptKind.ROLL and state.prompt.actor == TT and state.prompt.dice == 5
