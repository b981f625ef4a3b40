"""Seeded games of all ten factions, and their digests: the replay-identity record (issue 30).

Each game is played by the demo's bots (:func:`companion.demo.choose`) through
:func:`companion.engine.apply`; after every command the sha256 of its events' canonical form
and of the new state's canonical form are recorded (12 hex digits of each, to keep the data file
small).  ``tests/engine/cthulhu/data/replay_digests.json`` holds the digests made on the code
before the factions' house was rebuilt; ``test_replay_identity.py`` plays the games again and
compares.  A deliberate change of the rules' behaviour regenerates the file:

    PYTHONPATH=$PWD python -m tests.engine.cthulhu.replay_games --regenerate
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import random
from pathlib import Path

from companion.demo import DemoSetup, casualties, choose, demo_setup
from companion.engine import Accepted, Command, Event, State, apply, canonical
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.factions.independents import CARDS
from companion.engine.cthulhu.model import Faction, Phase, spellbook_count

DATA = Path(__file__).parent / "data" / "replay_digests.json"
DIGITS = 12
MAX_COMMANDS = 1_500  # a game longer than this is cut; its digests stop there

F = Faction


@dataclasses.dataclass(frozen=True)
class Game:
    """One seeded game: its map, its seats (all abilities on), and the optional rules."""

    name: str
    map_name: str
    seats: tuple[Faction, ...]
    seed: int
    independents: tuple[str, ...] = ()
    neutral_spellbooks: bool = False
    priests: bool = False
    acolyte: bool = False


GAMES = (
    Game("core-three", "earth-3p", (F.GREAT_CTHULHU, F.CRAWLING_CHAOS, F.BLACK_GOAT), 1),
    Game("core-four", "earth-4p-35", (F.GREAT_CTHULHU, F.CRAWLING_CHAOS, F.BLACK_GOAT, F.YELLOW_SIGN), 2),
    Game(
        "expansions",
        "earth-5p",
        (F.OPENER_OF_THE_WAY, F.ANCIENTS, F.SLEEPER, F.WINDWALKER, F.YELLOW_SIGN),
        3,
        neutral_spellbooks=True,
    ),
    Game(
        "bubastis-tcho-tcho",
        "earth-5p",
        (F.BUBASTIS, F.TCHO_TCHO, F.GREAT_CTHULHU, F.BLACK_GOAT, F.CRAWLING_CHAOS),
        4,
        independents=CARDS,
        priests=True,
    ),
    Game(
        "shaggai",
        "shaggai-demo",
        (F.BUBASTIS, F.CRAWLING_CHAOS, F.YELLOW_SIGN, F.ANCIENTS, F.BLACK_GOAT),
        203,
        independents=CARDS,
        neutral_spellbooks=True,
        acolyte=True,
    ),
    Game("primeval", "primeval-demo", (F.WINDWALKER, F.ANCIENTS, F.SLEEPER), 5, neutral_spellbooks=True, priests=True),
    Game(
        "yuggoth",
        "yuggoth-demo",
        (F.SLEEPER, F.WINDWALKER, F.OPENER_OF_THE_WAY, F.TCHO_TCHO),
        6,
        independents=CARDS,
        priests=True,
    ),
    Game("windwalker-ice", "earth-4p-53", (F.WINDWALKER, F.GREAT_CTHULHU, F.OPENER_OF_THE_WAY, F.BUBASTIS), 7, priests=True),
)


def setup(game: Game) -> DemoSetup:
    """The game's NewGame as the demo builds it, with the game's seats and options."""
    made = demo_setup(
        game.seed,
        game.map_name,
        len(game.seats),
        astral_acolyte=game.acolyte,
        independents=game.independents,
        neutral_spellbooks=game.neutral_spellbooks,
    )
    options = dataclasses.replace(made.options, high_priests=game.priests)
    return DemoSetup(made.board, tuple(c.Seat(f) for f in game.seats), game.seed, options)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:DIGITS]


def _step(state: State | None, command: Command) -> tuple[State, tuple[Event, ...], str]:
    result = apply(state, command)
    assert isinstance(result, Accepted), f"{command} rejected: {result}"
    events = result.events
    return result.state, events, f"{_digest(canonical(list(events)))}{_digest(canonical(result.state))}"


def play(game: Game) -> list[str]:
    """The game's digests, one per command: its events' then its new state's (12 hex each)."""
    rnd = random.Random(game.seed)
    state, _, first = _step(None, setup(game).command())
    digests = [first]
    while state.phase is not Phase.GAME_OVER and len(digests) < MAX_COMMANDS:
        state, events, digest = _step(state, choose(state, rnd))
        digests.append(digest)
        for order in casualties(state, events):
            state, _, digest = _step(state, order)
            digests.append(digest)
        if rnd.random() < 0.08 and state.phase is not Phase.GAME_OVER:
            player = rnd.choice(state.players)
            if spellbook_count(player) < 6:
                result = apply(state, c.GainSpellbook(player.pid))
                if isinstance(result, Accepted):
                    state = result.state
                    digests.append(_digest(canonical(list(result.events))) + _digest(canonical(state)))
    return digests


SEEDS = 4  # each game is played from this many seeds: its own and the next ones


def record() -> dict[str, list[str]]:
    """Every game's digests, by the game's name and seed ("core-three/1")."""
    return {f"{game.name}/{seed}": play(dataclasses.replace(game, seed=seed)) for game in GAMES for seed in seeds(game)}


def seeds(game: Game) -> range:
    """The seeds a game is played from."""
    return range(game.seed, game.seed + SEEDS)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--regenerate", action="store_true", help=f"rewrite {DATA.name} from today's code")
    args = parser.parse_args()
    games = record()
    if args.regenerate:
        DATA.write_text(json.dumps(games, indent=0) + "\n")
    for name, digests in games.items():
        print(f"{name}: {len(digests)} commands")


if __name__ == "__main__":
    main()
