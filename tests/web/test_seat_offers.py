"""A seat's page offers every legal command of that seat, as the touchscreen does (issue 34).

Seeded games with all the factions (abilities on; independents, neutral Spellbooks and the
newest factions in the three games) are played by the demo's players; at every decision, for
every seat, the offers its page gets (``private.offers`` of the JSON it is sent) are compared with
the engine's legal commands for that seat, found here by brute force: the engine's list where
the command is the seat's, and its whole list asked as if the seat were prompted, each command
applied to the real state (what it accepts from the seat out of turn).  A roll's faces are the
seat's dice (``private.dice``), not offers.  How each offer is entered is the touchscreen's own
derivation (companion/ui/entry.py).
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from companion import demo
from companion.engine import Accepted, Command, apply, legal_commands, parse_command
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import GameState, Options, Phase, PromptKind
from companion.maps import load_map
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui.entry import area_of, entry_of
from companion.web import views
from tests.ui.reach import GAMES  # the reachability games: every faction in some game

DECISIONS = 250  # per game
OUT_OF_TURN: Counter[str] = Counter()  # out-of-turn commands met (the test must meet some)


def engine_legal(state: GameState, seat: str) -> set[Command]:
    """The engine's legal commands for ``seat`` now, by brute force (a roll's faces apart)."""
    wanted = {cmd for cmd in legal_commands(state, faces=False) if views.owner(cmd, state) == seat}
    if state.prompt.kind is not PromptKind.ROLL and seat != state.prompt.actor:
        asked = dataclasses.replace(state, prompt=dataclasses.replace(state.prompt, actor=seat))
        for command in legal_commands(asked, faces=False):
            if getattr(command, "player", "") == seat and isinstance(apply(state, command), Accepted):
                wanted.add(command)
                OUT_OF_TURN[type(command).__name__] += 1
    return wanted


def compare(state: GameState) -> list[str]:
    """What any seat's page misses or offers beyond the engine, at ``state``."""
    wrong = []
    for player in state.players:
        seat = player.pid
        page = views.private_view(state, seat)
        offered = [parse_command(offer["command"]) for offer in page["offers"]]
        for offer, command in zip(page["offers"], offered, strict=True):  # the touchscreen's derivation
            assert offer["entry"] == entry_of(command).value and offer["area"] == area_of(command), offer
            assert offer["out_of_turn"] == (seat != state.prompt.actor), offer
        wanted = engine_legal(state, seat)
        wrong += [f"{state.step} {seat} misses {cmd!r}" for cmd in wanted - set(offered)]
        wrong += [f"{state.step} {seat} offers {cmd!r}" for cmd in set(offered) - wanted]
        assert len(offered) == len(set(offered)), "an offer twice"
        if state.prompt.kind is PromptKind.ROLL:
            assert page["dice"] == (state.prompt.dice if seat == state.prompt.actor else 0)
    return wrong


@pytest.mark.parametrize("name", list(GAMES))
def test_every_legal_command_of_a_seat_is_offered_on_its_page(name: str) -> None:
    factions, map_name, options = GAMES[name]
    setup = c.NewGame(load_map(map_name), tuple(c.Seat(f) for f in factions), 3, options)
    session = GameSession.start(SqliteJournal(":memory:"), "offers", setup)
    assert isinstance(session, GameSession)
    rnd = random.Random(3)
    wrong: list[str] = []
    walked = 0
    met_before = sum(OUT_OF_TURN.values())
    while walked < DECISIONS and session.state.phase is not Phase.GAME_OVER:
        state = session.state
        assert isinstance(state, GameState)
        wrong += compare(state)
        walked += 1
        session.submit(demo.choose(state, rnd))
    assert walked >= 90, walked  # a game over sooner ends the walk
    assert wrong == [], wrong[:8]
    assert sum(OUT_OF_TURN.values()) > met_before, "no out-of-turn command met: the test checked none"


def test_a_seat_takes_only_its_own_commands() -> None:
    """The server's check: the seat's own commands (its out-of-turn ones too), never another's."""
    seats = tuple(c.Seat(f) for f in GAMES["core four, independents"][0])
    setup = c.NewGame(load_map("earth-4p-35"), seats, 3, Options(abilities=True))
    session = GameSession.start(SqliteJournal(":memory:"), "own", setup)
    assert isinstance(session, GameSession)
    state = session.state
    assert isinstance(state, GameState)
    actor = state.prompt.actor
    other = next(p.pid for p in state.players if p.pid != actor)
    first = views.seat_commands(state, actor)[0]
    assert views.is_seat_command(state, actor, first)
    assert not views.is_seat_command(state, other, first)
    assert not views.is_seat_command(state, views.SPECTATOR, first)
