"""Exact odds the table can see, computed with fractions from the state (no simulation).

Shaggai: each Worm's chance of eradication at the coming Doom Phase (closed form), what each
player would gain from each Worm area's eradication, and the chance of the World's End within
the next K Doom Phases under random placement (exact enumeration, memoised, with a budget).

Yuggoth, for the Watcher:

- the chance the pyramid die wakes it at the coming Doom Phase (if it is still asleep when the
  die is rolled): the distinct numbers of pyramid areas with a controlled gate, out of 6;
- the distribution of its token after the next decay, and the chance decay kills it;
- for a battle against it with ``n`` combat dice: expected Kills (``n / 6``), the expected loss
  of token spaces (Kills beyond the token are wasted) and the chance it dies.

``tests/engine/cthulhu/test_watcher_odds.py`` checks each against brute-force enumeration.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from math import comb

from companion.engine.core import Accepted
from companion.engine.cthulhu import abilities, flow
from companion.engine.cthulhu.factions.contract import plugins
from companion.engine.cthulhu.factions.powers import ChooseSpellbook, UseAbility
from companion.engine.cthulhu.model import ERADICATED, GameState, PromptKind
from companion.engine.cthulhu.shaggai import AREAS_PER_PLAYER, Reward, compensation, worm_targets
from companion.engine.cthulhu.watcher import waking_numbers
from companion.engine.values import dataclass

FACES = 6
KILL_CHANCE = Fraction(1, FACES)  # a 6 on a battle die


@dataclass(frozen=True)
class WatcherOdds:
    """``decay`` maps each token value after the next decay (0 = killed) to its chance."""

    wake_by_die: Fraction
    decay: tuple[tuple[int, Fraction], ...]
    killed_by_decay: Fraction


def watcher_odds(state: GameState) -> WatcherOdds | None:
    """The Watcher's odds now, or None when the game has no Watcher."""
    w = state.watcher
    if w is None:
        return None
    wake = Fraction(0) if w.awake else Fraction(len(waking_numbers(state)), FACES)
    decay = decay_distribution(w.token) if w.awake else ()
    killed = dict(decay).get(0, Fraction(0))
    return WatcherOdds(wake, decay, killed)


def decay_distribution(token: int) -> tuple[tuple[int, Fraction], ...]:
    """Token after one decay die from ``token``: each face 1-6 equally likely; 0 or less kills."""
    chances: dict[int, Fraction] = {}
    for face in range(1, FACES + 1):
        after = max(0, token - face)
        chances[after] = chances.get(after, Fraction(0)) + Fraction(1, FACES)
    return tuple(sorted(chances.items()))


def kills_distribution(dice: int, p: Fraction = KILL_CHANCE) -> tuple[Fraction, ...]:
    """P(exactly k Kills) for k = 0..dice: binomial with p = 1/6 (a die's chance of a Kill)."""
    q = 1 - p
    return tuple(comb(dice, k) * p**k * q ** (dice - k) for k in range(dice + 1))


def expected_kills(dice: int) -> Fraction:
    return dice * KILL_CHANCE


def battle_against_watcher(dice: int, token: int) -> tuple[Fraction, Fraction]:
    """(expected token spaces lost, chance the Watcher dies) for ``dice`` combat dice."""
    spread = kills_distribution(dice)
    loss = sum((min(k, token) * chance for k, chance in enumerate(spread)), Fraction(0))
    death = sum((chance for k, chance in enumerate(spread) if k >= token), Fraction(0))
    return loss, death


# -- a battle between factions ----------------------------------------------------------------------


def kill_chance(dice: int, p: Fraction = KILL_CHANCE) -> Fraction:
    """The exact chance that ``dice`` plain battle dice show at least one Kill: 1 - (5/6)^dice."""
    return 1 - (1 - p) ** max(0, dice)


@dataclass(frozen=True)
class BattleOdds:
    """Each side of the battle waiting for its dice: (player, dice, chance of at least one Kill).

    ``undecided``: while a pre-battle ability's question is open (Terror: the enemy's combat
    less or Tcho-Tcho's more), the odds as each answer would make them, (answer, odds), and
    ``ability`` the question's ability; empty once it is answered."""

    attacker: tuple[str, int, Fraction]
    defender: tuple[str, int, Fraction]
    undecided: tuple[tuple[str, BattleOdds], ...] = ()
    ability: str = ""


def at_least_kills(dice: int, needed: int, p: Fraction = KILL_CHANCE) -> Fraction:
    """The exact chance that ``dice`` battle dice show at least ``needed`` Kills."""
    if needed <= 0:
        return Fraction(1)
    if needed == 1:
        return kill_chance(dice, p)
    return sum(kills_distribution(max(0, dice), p)[needed:], Fraction(0))


def battle_dice(state: GameState) -> tuple[int, int] | None:
    """(attacker's, defender's) combat dice of the battle under way as the rolls will take them,
    with every choice made so far (None without a battle): a pre-battle ability already decided
    (Otherworld Alliances, an answered Terror, Absorb ...) is counted before the battle's dice are
    recounted for the roll (:func:`companion.engine.cthulhu.abilities.recounted`, the same count).
    During Sleeper's Energy Nexus action the board may change before the roll (a Monster
    summoned by an unlimited action, units moved away): the dice are counted from the board as
    it stands, as the roll will count them if the action ends now."""
    b = state.battle
    if b is None:
        return None
    if (state.abilities.recount or any(p.recounts(state) for p in plugins() if p.recounts is not None)) and not b.rolls:
        return abilities.recounted(state, b)
    return b.attacker_dice, b.defender_dice


def battle_odds(state: GameState, look_ahead: bool = True) -> BattleOdds | None:
    """The odds of the battle declared and not yet fully rolled (None when there is none): each
    side's chance of at least one Kill, counting Kills scored without dice (Bastet: hers is
    certain, and her enemy needs two Kills on the dice for one), and the dice as decided so far
    (:func:`battle_dice`).  While a question is open before the rolls (a pre-battle ability's,
    or a Spellbook to take, which may change Nyarlathotep's combat), the odds each answer gives
    (``look_ahead``: each answer applied to the state, the engine being pure): the odds they all
    give when they agree, else each answer's in ``undecided``."""
    b = state.battle
    dice = battle_dice(state)
    if b is None or dice is None or len(b.rolls) >= 2:
        return None
    ability, undecided = _open_question(state) if look_ahead else ("", ())
    if undecided and len({(odds.attacker, odds.defender) for _, odds in undecided}) == 1:
        return undecided[0][1]  # every answer gives the same dice and chances: decided
    extra_a, extra_d = b.automatic_kills
    p = next((chance for hook in flow.KILL_CHANCE_HOOKS if (chance := hook(state)) is not None), KILL_CHANCE)
    return BattleOdds(
        (b.attacker, dice[0], at_least_kills(dice[0], 1 - extra_a + extra_d, p)),
        (b.defender, dice[1], at_least_kills(dice[1], 1 - extra_d + extra_a, p)),
        undecided,
        ability,
    )


Question = tuple[str, tuple[tuple[str, BattleOdds], ...]]
# The last state looked ahead from and what it gave: the screen asks again for the same state at
# each redraw, and each answer looked at is a whole command applied (a few hundred µs).
_looked: list[tuple[GameState, Question]] = []


def _open_question(state: GameState) -> Question:
    """The question asked now, before any die of the battle is rolled (an ability's, or which
    Spellbook to take), and the odds after each of its answers; ("", ()) when none is asked."""
    b, prompt = state.battle, state.prompt
    if b is None or b.rolls or prompt.kind not in (PromptKind.ABILITY, PromptKind.SPELLBOOK):
        return "", ()
    if _looked and _looked[0][0] is state:
        return _looked[0][1]
    question = _look_ahead(state)
    _looked[:] = [(state, question)]
    return question


def _look_ahead(state: GameState) -> Question:
    from companion.engine.cthulhu.game import apply  # the engine's whole path, imported late (it imports this)

    prompt = state.prompt
    found = []
    for answer in prompt.choices:
        command = UseAbility(prompt.actor, answer) if prompt.kind is PromptKind.ABILITY else ChooseSpellbook(prompt.actor, answer)
        result = apply(state, command)
        odds = battle_odds(result.state, look_ahead=False) if isinstance(result, Accepted) else None
        if odds is not None:
            found.append((answer, odds))
    ability = prompt.purpose if prompt.kind is PromptKind.ABILITY else prompt.kind.value
    return ability, tuple(found)


# -- Shaggai ---------------------------------------------------------------------------------------


class TooCostly(ArithmeticError):
    """The exact World's End chance would take more than the allowed number of board states."""


def worm_chances(state: GameState) -> tuple[tuple[int, int, Fraction], ...]:
    """(area, worm number, chance it is eradicated at the coming Doom Phase) for every Worm:
    1 - ((F - m) / F) ** n for n dice of F faces, m of which show the worm's number."""
    if state.worms is None:
        return ()
    faces = state.board.degradation_faces
    dice = len(state.players)
    return tuple(
        (area, number, 1 - Fraction(len(faces) - faces.count(number), len(faces)) ** dice) for area, number in state.worms.on_map
    )


def eradication_gains(state: GameState) -> tuple[tuple[int, tuple[Reward, ...]], ...]:
    """For each Worm's area, what each player would gain if it were eradicated now."""
    if state.worms is None:
        return ()
    return tuple((area, compensation(state, area)[1]) for area, _ in state.worms.on_map)


@lru_cache(maxsize=4096)
def match_distribution(numbers: frozenset[int], faces: tuple[int, ...], dice: int) -> dict[frozenset[int], Fraction]:
    """P(the dice match exactly the subset S of ``numbers``), for every S, by inclusion-exclusion:
    P(exactly S) = sum over T in S of (-1)^|S - T| * q(T)^dice, where q(T) is the chance one die
    shows a face outside ``numbers`` or in T."""
    outside = sum(1 for f in faces if f not in numbers)
    ordered = sorted(numbers)
    subsets = [frozenset(c) for r in range(len(ordered) + 1) for c in combinations(ordered, r)]
    result: dict[frozenset[int], Fraction] = {}
    for chosen in subsets:
        total = Fraction(0)
        for part in subsets:
            if part <= chosen:
                hits = outside + sum(faces.count(n) for n in part)
                total += (-1) ** (len(chosen) - len(part)) * Fraction(hits, len(faces)) ** dice
        if total:
            result[chosen] = total
    return result


@dataclass(frozen=True)
class _Board:
    gone: frozenset[int]
    on_map: tuple[tuple[int, int], ...]
    supply: tuple[int, ...]


def worlds_end_within(state: GameState, phases: int, budget: int = 20_000) -> float:
    """The chance the World's End comes within the next ``phases`` Doom Phases, if every new Worm
    is placed uniformly at random among the legal areas (the next worm in the supply).  Every
    outcome is enumerated (no sampling); sums are in floating point (to about 1e-15).

    :raises TooCostly: when more than ``budget`` board states would be explored.
    """
    if state.worms is None:
        return 0.0
    gone = frozenset(i for i, a in enumerate(state.areas) if ERADICATED in a.markers)
    board = _Board(gone, state.worms.on_map, state.worms.supply)
    return _WorldsEnd(state, budget).within(board, phases)


class _WorldsEnd:
    def __init__(self, state: GameState, budget: int) -> None:
        self.adjacent = state.board.adjacent
        self.start = state.board.worm_start
        self.faces = state.board.degradation_faces
        self.players = len(state.players)
        self.areas = len(state.areas)
        self.needed = AREAS_PER_PLAYER * self.players
        self.budget = budget
        self.memo: dict[tuple[_Board, int], float] = {}
        self.placed: dict[tuple[_Board, int], dict[_Board, float]] = {}

    def within(self, board: _Board, phases: int) -> float:
        if phases == 0 or self._out_of_reach(board, phases):
            return 0.0
        key = (board, phases)
        if key not in self.memo:
            self._spend()
            self.memo[key] = self._phase(board, phases)
        return self.memo[key]

    def _out_of_reach(self, board: _Board, phases: int) -> bool:
        """Each Doom Phase eradicates at most one area per Worm on the map, and there are only
        as many Worms as pieces: if even that many cannot bring the World's End, it is 0."""
        pieces = len(board.on_map) + len(board.supply)
        most = len(board.on_map) + (phases - 1) * pieces
        return self.areas - len(board.gone) - most >= self.needed

    def _spend(self) -> None:
        if len(self.memo) + len(self.placed) >= self.budget:
            raise TooCostly(f"more than {self.budget} board states")

    def _phase(self, board: _Board, phases: int) -> float:
        numbers = frozenset(n for _, n in board.on_map)
        total = 0.0
        for matched, exact in match_distribution(numbers, self.faces, self.players).items():
            chance = float(exact)
            after = self._eradicate(board, matched)
            if self.areas - len(after.gone) < self.needed:
                total += chance
                continue
            if phases == 1:
                continue  # the last phase: where the new Worms go no longer matters
            for placed, weight in self._placements(after, self.players).items():
                total += chance * weight * self.within(placed, phases - 1)
        return total

    @staticmethod
    def _eradicate(board: _Board, matched: frozenset[int]) -> _Board:
        hit = [(a, n) for a, n in board.on_map if n in matched]
        gone = board.gone | {a for a, _ in hit}
        on_map = tuple(p for p in board.on_map if p[1] not in matched)
        return _Board(gone, on_map, board.supply + tuple(n for _, n in hit))

    def _placements(self, board: _Board, players: int) -> dict[_Board, float]:
        """Every board after ``players`` random placements, with its chance (memoised)."""
        key = (board, players)
        if key not in self.placed:
            self._spend()
            self.placed[key] = self._place(board, players)
        return self.placed[key]

    def _place(self, board: _Board, players: int) -> dict[_Board, float]:
        taken = frozenset(a for a, _ in board.on_map)
        legal = worm_targets(self.adjacent, self.start, board.gone, taken)
        if players == 0 or not board.supply or not legal:
            return {board: 1.0}
        result: dict[_Board, float] = {}
        for area in legal:
            placed = _Board(board.gone, tuple(sorted((*board.on_map, (area, board.supply[0])))), board.supply[1:])
            for final, chance in self._placements(placed, players - 1).items():
                result[final] = result.get(final, 0.0) + chance / len(legal)
        return result
