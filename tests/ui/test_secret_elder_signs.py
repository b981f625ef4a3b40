"""A shared screen keeps secrets (issue 33, section 2): a player's hidden Elder Signs' values are
never rendered, logged or spoken before they are revealed.

Seeded games are played through the real App (digital Elder Signs); at every decision while a
player holds a hidden sign, every line of text of the frame, the log's lines and the voice's
lines are read for a value ("worth 3"; the narration of a reveal, after it, apart).  The Doom
Phase offers one neutral "Reveal an Elder Sign"; the holder's picker names the signs by place
and shows their values only while a finger holds "Hold to peek"."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from companion import demo
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Faction, Options, Phase, PromptKind
from companion.maps import load_map
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui.app import App
from companion.ui.turn_panel import Local
from companion.voice.lines import lines_for
from tests.helpers import table_of
from tests.ui.drawn import frame_drawn

VALUE = re.compile(r"(?i)\b(worth|wert)\s*:?\s*\d")
REVEALED = re.compile(r"(?i)reveals an elder sign worth \d|deckt ein")  # the narration of a reveal: after it
F = Faction


def leaks(lines: list[str]) -> list[str]:
    return [line for line in lines if VALUE.search(line) and not REVEALED.search(line)]


def game(seed: int) -> GameSession:
    factions = (F.GREAT_CTHULHU, F.CRAWLING_CHAOS, F.BLACK_GOAT, F.YELLOW_SIGN)
    setup = c.NewGame(load_map("earth-4p-35"), tuple(c.Seat(f) for f in factions), seed, Options(abilities=True))
    session = GameSession.start(SqliteJournal(":memory:"), "secret", setup)
    assert isinstance(session, GameSession)
    return session


@pytest.mark.parametrize("seed", [3, 8])
def test_no_hidden_value_is_shown_logged_or_spoken(app_on: Callable[..., App], monkeypatch: Any, seed: int) -> None:
    session = game(seed)
    spoken: list[str] = []
    session.listeners.append(lambda events, state, entry: spoken.extend(line.text for line in lines_for(events, state)))
    app = app_on(session)
    table, rnd = table_of(app), random.Random(seed)
    checked = reveals = 0
    for _ in range(700):
        state = app.state
        if state.phase is Phase.GAME_OVER:
            break
        if any(p.elder_signs for p in state.players):
            drawn = [d.shown for d in frame_drawn(app, monkeypatch)]
            assert leaks(drawn) == [], (state.step, leaks(drawn))
            checked += 1
        if state.prompt.kind is PromptKind.RITUAL and "Reveal an Elder Sign" in [b.label for b in app.scenes["table"].buttons]:
            reveals += 1
        table.submit(demo.choose(state, rnd))
        app.draw()
    assert leaks(app.log) == [] and leaks(spoken) == []
    assert checked >= 20 and reveals >= 1, (checked, reveals)


def test_the_holder_peeks_by_holding_and_picks_a_sign_by_its_place(app_on: Callable[..., App], monkeypatch: Any) -> None:
    session = game(3)
    app = app_on(session)
    table, rnd = table_of(app), random.Random(3)
    while not (app.state.prompt.kind is PromptKind.RITUAL and app.state.player(app.state.prompt.actor).elder_signs):
        assert app.state.phase is not Phase.GAME_OVER
        table.submit(demo.choose(app.state, rnd))
        app.draw()
    holder = app.state.player(app.state.prompt.actor)
    app.scene_name = "table"
    app.draw()
    button = next(b for b in app.scenes["table"].buttons if b.label == "Reveal an Elder Sign")
    assert button.intent == Local("reveal", holder.pid)
    app.tap(button.rect.center)
    app.draw()
    labels = [b.label for b in app.scenes["table"].buttons]
    signs = [f"Sign {n}" for n in range(1, len(holder.elder_signs) + 1)]
    assert set(signs) <= set(labels) and leaks([d.shown for d in frame_drawn(app, monkeypatch)]) == []
    peek = next(b for b in app.scenes["table"].buttons if b.label == "Hold to peek")
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=peek.rect.center))
    app.draw()
    held = [b.label for b in app.scenes["table"].buttons]
    assert f"Sign 1: worth {holder.elder_signs[0]}" in held
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=peek.rect.center))
    app.draw()
    assert leaks([b.label for b in app.scenes["table"].buttons]) == []
    first = next(b for b in app.scenes["table"].buttons if b.label == "Sign 1")
    before = len(app.state.player(holder.pid).revealed)
    app.tap(first.rect.center)
    app.draw()
    assert len(app.state.player(holder.pid).revealed) == before + 1
