"""The Arkham screen, headless: it renders at every size with fingertip buttons, Draw journals a
Mythos Phase before its words appear, the card drawn at the table is picked by name in a few
taps, undo steps back, and a refusal is shown without changing anything."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from companion.engine.arkham import model as m
from companion.session import ArkhamSession
from companion.store.sqlite import SqliteJournal
from companion.ui.app import SIZES
from companion.ui.arkham_screen import ArkhamScreen
from companion.ui.widgets import MIN_TOUCH


@pytest.fixture
def screen_for() -> Iterator[object]:
    made: list[ArkhamScreen] = []

    def build(size: tuple[int, int] = (800, 480)) -> ArkhamScreen:
        seats = (m.Seated("Amanda", "Woods", 1), m.Seated("Bob", "Northside", 3))
        session = ArkhamSession.start(SqliteJournal(":memory:"), "a", m.NewArkhamGame("Cthulhu", seats, seed=5))
        assert isinstance(session, ArkhamSession)
        screen = ArkhamScreen(session, size)
        made.append(screen)
        return screen

    yield build
    pygame.quit()


def tap(screen: ArkhamScreen, label: str) -> None:
    screen.draw()
    button = next(b for b in screen.buttons if b.label == label)
    screen.tap(button.rect.center)
    screen.draw()


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_every_mode_renders_at_every_size_with_fingertip_buttons(screen_for, size) -> None:
    screen = screen_for(size)
    for mode in (-1, 0, 1):
        screen.picking = mode
        screen.draw()
        for i, one in enumerate(screen.buttons):
            assert one.rect.width >= MIN_TOUCH and one.rect.height >= MIN_TOUCH, one.label
            assert one.rect.right <= size[0] and one.rect.bottom <= size[1], one.label
            assert not any(one.rect.colliderect(o.rect) for o in screen.buttons[i + 1 :]), one.label


def test_draw_journals_a_mythos_phase_then_shows_it_and_undo_steps_back(screen_for) -> None:
    screen = screen_for()
    tap(screen, "Draw Mythos")
    journal = screen.session.journal
    assert '"type":"mythos"' in journal.entry("a", 2).command
    assert any(words.startswith("Mythos: ") for words, _ in screen.lines)
    tap(screen, "Undo")
    assert screen.session.state.mythos_phases == 0 and screen.lines[-1][0].startswith("Undone")


def test_the_card_drawn_at_the_table_is_picked_by_name(screen_for) -> None:
    screen = screen_for()
    tap(screen, "Pick the card")
    taps = 1
    while not any(b.label == "Heat Wave" for b in screen.buttons):
        tap(screen, "Next")
        taps += 1
    tap(screen, "Heat Wave")
    assert taps <= 4 and screen.picking == -1
    assert screen.session.state.environment == "Heat Wave"


def test_a_refusal_is_shown_and_changes_nothing(screen_for) -> None:
    screen = screen_for()
    before = screen.session.seq
    screen.submit(m.CloseGate("Woods"))
    assert screen.session.seq == before and "No gate is open" in screen.lines[-1][0]


def test_the_loop_takes_keys_and_touch_and_ends_on_quit(screen_for) -> None:
    screen = screen_for()
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode="d", scancode=0))
    screen.draw()
    draw = next(b for b in screen.buttons if b.label == "Draw Mythos")
    x, y = draw.rect.center
    w, h = screen.window.get_size()
    pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, x=x / w, y=y / h, touch_id=0, finger_id=0, dx=0, dy=0))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    screen.run()
    assert screen.session.state.mythos_phases == 2 and not screen.running
