"""Whole games of every faction played on the touchscreen by taps alone, counted by action type.

The games (:data:`GAMES`) seat all ten factions the referee plays, 3 to 5 players a game, the
abilities on, independents and neutral monsters in two, the neutral Spellbooks in two, the
Astral Acolyte in one; four on Earth maps, and one on each map expansion's demo board (the
Watcher, the Worms, the glaciers).  At each
decision a scripted player picks a command the engine takes (:func:`decide`): half the time the
action type entered least so far (so the factions' abilities and Spellbooks come up), otherwise
as the demo's players would; now and then a player who is not prompted enters an out-of-turn
command (Devolve, an Elder Sign in the Doom Phase ...), and a roll is sometimes entered face by
face on the die pad.  :func:`bench.tap_driver.enter` then enters exactly that command by taps
through the screen's own offers, counting them (:func:`play`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.tap_driver import NotATap, enter, table_of
from companion import demo
from companion.appliance import screen_only
from companion.engine import Command, tag_of
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.actions import die_faces
from companion.engine.cthulhu.model import Faction, GameState, Options, Phase, PromptKind
from companion.maps import load_map
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui.app import App
from companion.ui.backlight import Backlight
from companion.ui.entry import listed, out_of_turn, player_of

F = Faction
OUT_OF_TURN = 0.3  # the chance a player not prompted acts, when one may (never twice running)
DIE_PAD = 0.25  # the chance a roll is entered face by face rather than by "Roll for me"
RAREST = 0.5  # the chance an action turn goes to the action type entered least so far


@dataclass(frozen=True)
class Game:
    """One whole game as the new-game screen sets it up: the map, the factions in seat order,
    the independents and neutral monsters (their cards), the rules options turned on (the
    screen's Toggle names: "neutral_spellbooks", "high_priests", "bubastis_variant", "acolyte"
    ...)."""

    map: str
    factions: tuple[Faction, ...]
    cards: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    seed: int = 1  # the tests' game: one whose decisions include out-of-turn commands and both kinds of roll

    def options(self) -> Options:
        """The Options the new-game screen's Start gives this set-up (companion/ui/app.py)."""
        rules = set(self.rules)
        return Options(
            astral_acolyte="acolyte" in rules,
            abilities=True,
            independents=self.cards,
            bubastis_variant="bubastis_variant" in rules,
            neutral_spellbooks="neutral_spellbooks" in rules,
            high_priests="high_priests" in rules,
            opener_ten_gates="opener_ten_gates" in rules,
            tribes=True,
            published_start_order=True,
        )

    def command(self, seed: int | None = None) -> c.NewGame:
        seats = tuple(c.Seat(f) for f in self.factions)
        return c.NewGame(load_map(self.map), seats, self.seed if seed is None else seed, self.options())


GAMES: dict[str, Game] = {  # every faction the referee plays in a whole game; the maps' expansions
    "core four, independents and neutral monsters": Game(
        "earth-4p-35",
        (F.GREAT_CTHULHU, F.CRAWLING_CHAOS, F.BLACK_GOAT, F.YELLOW_SIGN),
        cards=("Byatis", "Abhoth", "Ghast", "Gug", "Shantak", "Star Vampire"),
        seed=7,  # Devolve out of turn
    ),
    "expansions, neutral Spellbooks, High Priests": Game(
        "earth-4p-53",
        (F.SLEEPER, F.WINDWALKER, F.OPENER_OF_THE_WAY, F.ANCIENTS),
        rules=("neutral_spellbooks", "high_priests"),
    ),
    "the newest, five": Game(
        "earth-5p",
        (F.TCHO_TCHO, F.BUBASTIS, F.YELLOW_SIGN, F.WINDWALKER, F.GREAT_CTHULHU),
        cards=("Daoloth", "Nyogtha", "Shantak"),
        rules=("bubastis_variant",),
    ),
    "three, neutral Spellbooks, the Astral Acolyte": Game(
        "earth-3p",
        (F.BUBASTIS, F.OPENER_OF_THE_WAY, F.CRAWLING_CHAOS),
        rules=("neutral_spellbooks", "acolyte"),
        seed=3,
    ),
    "Yuggoth's Watcher": Game("yuggoth-demo", (F.SLEEPER, F.TCHO_TCHO, F.BLACK_GOAT, F.ANCIENTS), seed=2),
    "Shaggai's Worms": Game("shaggai-demo", (F.WINDWALKER, F.YELLOW_SIGN, F.OPENER_OF_THE_WAY)),
    "Primeval Earth's glaciers": Game("primeval-demo", (F.CRAWLING_CHAOS, F.BUBASTIS, F.GREAT_CTHULHU, F.SLEEPER)),
}


@dataclass
class Tally:
    """Taps per action type (:func:`kind_of`), and the commands the screen could not take."""

    taps: dict[str, list[int]] = field(default_factory=dict)
    impossible: Counter[str] = field(default_factory=Counter)

    def add(self, kind: str, taps: int) -> None:
        self.taps.setdefault(kind, []).append(taps)

    def merge(self, other: Tally) -> None:
        for kind, values in other.taps.items():
            self.taps.setdefault(kind, []).extend(values)
        self.impossible.update(other.impossible)

    def met(self, kind: str) -> int:
        return len(self.taps.get(kind, ())) + self.impossible[kind]


def kind_of(state: GameState, command: Command) -> str:
    """The action type a command is counted under: its journal tag, a Move by its groups ("move"
    is one group, "move (2 groups)" a split), a roll by how it is entered, and "(out of turn)"
    after a command of a player who is not prompted."""
    kind = tag_of(command)
    if isinstance(command, c.Move) and len(command.groups) > 1:
        kind = f"move ({len(command.groups)} groups)"
    if isinstance(command, c.Roll):
        kind = "roll (die pad)" if command.values is not None else "roll (Roll for me)"
    if player_of(command) not in ("", state.prompt.actor):
        kind += " (out of turn)"
    return kind


def rarest(state: GameState, commands: list[Command], tally: Tally, rnd: random.Random) -> Command:
    """One of ``commands`` of the type entered least so far (ties at random)."""
    kinds: dict[str, list[Command]] = {}
    for command in commands:
        kinds.setdefault(kind_of(state, command), []).append(command)
    fewest = min(tally.met(kind) for kind in kinds)
    kind = rnd.choice(sorted(kind for kind in kinds if tally.met(kind) == fewest))
    return rnd.choice(kinds[kind])


def actions(state: GameState, rnd: random.Random) -> list[Command]:
    """What the prompted player may do in an action turn: the engine's list (Pass apart), a Move
    split over two areas and a battle against the Watcher, which the screen composes."""
    pid = state.prompt.actor
    found = [cmd for cmd in listed(state) if not isinstance(cmd, c.Pass)]
    for composed in (demo._split_move(state, pid, rnd), demo._battle_watcher(state, pid)):
        if composed is not None and demo._legal(state, composed):
            found.append(composed)
    return found


def decide(state: GameState, rnd: random.Random, tally: Tally, may_interject: bool) -> Command:
    """The scripted players' next command (see the module's docstring)."""
    prompt = state.prompt
    others = out_of_turn(state) if may_interject else {}
    if others and rnd.random() < OUT_OF_TURN:
        return rarest(state, others[rnd.choice(sorted(others))], tally, rnd)
    if prompt.kind is PromptKind.ROLL and rnd.random() < DIE_PAD:
        faces = die_faces(state, prompt.die)
        return c.Roll(tuple(rnd.choice(faces) for _ in range(prompt.dice)), "screen")
    if prompt.kind is not PromptKind.ACTION:
        return demo.choose(state, rnd)
    offered = actions(state, rnd)
    if offered and rnd.random() < RAREST:
        return rarest(state, offered, tally, rnd)
    chosen = demo.choose(state, rnd)
    if isinstance(chosen, c.Pass) or chosen in offered:
        return chosen
    same = [cmd for cmd in offered if type(cmd) is type(chosen)]  # the demo's own awakening: the engine's names its sacrifice
    return rnd.choice(same or offered) if offered else c.Pass(prompt.actor)


Enter = Callable[[App, Command], int]


def play(app: App, rnd: random.Random, *, strict: bool = True, rounds: int = 0, entered: Enter = enter) -> Tally:
    """The scripted players' game on ``app`` to its end (or to round ``rounds``, when given);
    the taps per action type.  ``strict``: every command by taps on the screen, else
    :class:`NotATap`; otherwise a command the screen cannot take is counted as not enterable
    and entered for the table."""
    tally, interjected = Tally(), False
    session = table_of(app).session
    while session.state.phase is not Phase.GAME_OVER and not (rounds and session.state.round > rounds):
        state = session.state
        command = decide(state, rnd, tally, not interjected)
        kind = kind_of(state, command)
        interjected = kind.endswith("(out of turn)")
        before = session.seq
        try:
            taps = entered(app, command)
            if session.seq == before:
                raise NotATap(f"the taps did not enter {command!r}")
            tally.add(kind, taps)
        except NotATap:
            if strict:
                raise
            tally.impossible[kind] += 1
            table_of(app).submit(command)
    return tally


def app_for(game: Game, seed: int | None = None, size: tuple[int, int] = (800, 480)) -> App:
    """A headless App on a new game of ``game`` (started for the table, not on the screen)."""
    session = GameSession.start(SqliteJournal(":memory:"), "taps", game.command(seed))
    assert isinstance(session, GameSession)
    return App(screen_only(session), size=size, backlight=Backlight(Path("/nonexistent")))


def measure(seeds: tuple[int, ...], games: dict[str, Game] | None = None, **kwargs: Any) -> Tally:
    """Every game of ``games`` (all of :data:`GAMES`) with every seed, tallied together."""
    total = Tally()
    for game in (games or GAMES).values():
        for seed in seeds:
            app = app_for(game, seed)
            try:
                total.merge(play(app, random.Random(seed), **kwargs))
            finally:
                app.close()
    return total
