"""Nothing cut, nothing overlapping: every Arkham screen, prompt and chooser, at every supported
size, with the longest real names (investigator names of 30 characters, the longest Mythos
titles, Ancient One, locations, Other Worlds and monsters of companion/engine/arkham/data.py).

The scene draws all its text through an :class:`~companion.ui.arkham_board.Ink`, which records
each line's rectangle and the box it belongs in (a panel, a button, the question's area).  A line
fails the check when it leaves the screen or its box, overlaps another line, overlaps a button
it does not belong to, or is ellipsised; a panel that had to leave entries out ("+N more") fails
too.  The doom and terror numerals must be readable from 1.5 m: 28 px of figure or more."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from companion.engine.arkham import model as m
from companion.engine.arkham.data import CARDS, LOCATIONS, MONSTERS, OUTSKIRTS, SKY, TERROR_CLOSES, TERROR_TOP, WORLDS, CardKind
from companion.engine.arkham.decisions import ClueChoice, GateMarkerDrawn, MonsterDrawn, SurgeChoice
from companion.engine.arkham.game import MAX_NAME
from companion.engine.arkham.mythos import monster_limit, outskirts_limit
from companion.engine.values import evolve
from companion.session import ArkhamSession
from companion.store.sqlite import SqliteJournal
from companion.ui import widgets
from companion.ui.app import SIZES, App
from companion.ui.arkham_board import NBSP
from companion.ui.arkham_scene import ArkhamScene, Menu, MenuKind
from companion.ui.widgets import Drawn, font, wrap
from tests.helpers import frame, table_of

NAMES = (  # 30 characters each: the longest name the game takes (game.MAX_NAME)
    "Professor Harvey Walters-Smyth",
    "Sister Mary Katherine O'Hallor",
    "Monterey Jack Pennington-Barry",
    "Dexter Drake the Magnificent I",
    "Kate Winthrop of Miskatonic U.",
    "Mandy Thompson Researcher Lady",
    "Vincent Lee Doctor of Medicine",
    "Jenny Barnes Heiress of Boston",
)
assert {len(name) for name in NAMES} == {MAX_NAME}
LONGEST_PLACES = sorted(LOCATIONS, key=len, reverse=True)
LONGEST_WORLDS = sorted((w.name for w in WORLDS), key=len, reverse=True)
LONGEST_MONSTERS = sorted((x.name for x in MONSTERS), key=len, reverse=True)
LONGEST_CARD = max((c.name for c in CARDS), key=len)
ENVIRONMENT = max((c.name for c in CARDS if c.kind is CardKind.ENVIRONMENT), key=len)
RUMOR = max((c.name for c in CARDS if c.kind is CardKind.RUMOR), key=len)
LOG = [
    f"Mythos: {LONGEST_CARD} (headline); gate {LONGEST_PLACES[0]}; clue {LONGEST_PLACES[1]}; black moves slash, "
    "star, triangle; white moves hexagon.",
    f"A gate to {LONGEST_WORLDS[0]} (triangle, close +0) opens at {LONGEST_PLACES[0]}; 2 Clue(s) lost; {NAMES[0]} "
    "drawn through, delayed.",
    f"MONSTER SURGE at {LONGEST_PLACES[2]}: 8 monsters over 4 gates.",
    f"{LONGEST_MONSTERS[0]} from {LONGEST_PLACES[2]} goes to the Outskirts (monster limit).",
] * 6


def crowded(state: m.ArkhamState, players: int, gates: int) -> m.ArkhamState:
    """``state`` at its fullest: ``players`` investigators with the longest names in the longest
    places, ``gates`` gates from the longest places to the longest worlds, each with monsters of
    the longest names, the Sky and Outskirts full, the cards in play with the longest titles."""
    people = tuple(
        m.Investigator(NAMES[n], (LONGEST_PLACES + LONGEST_WORLDS)[n], 12, 9, delayed=n % 2 == 1) for n in range(players)
    )
    opened = tuple(m.Gate(LONGEST_PLACES[n], LONGEST_WORLDS[n % len(LONGEST_WORLDS)]) for n in range(gates))
    # As many monsters as the limits allow (Rulebook p.18): Arkham and the Sky, then the Outskirts.
    in_arkham = [*(g.location for g in opened), SKY] * monster_limit(players)
    monsters = tuple(m.Monster(LONGEST_MONSTERS[n % 4], place) for n, place in enumerate(in_arkham[: monster_limit(players)]))
    monsters += tuple(m.Monster(LONGEST_MONSTERS[n % 4], OUTSKIRTS) for n in range(outskirts_limit(players)))
    return evolve(
        state,
        ancient_one="Shub-Niggurath",
        doom=12,
        terror=TERROR_TOP,
        investigators=people,
        first_player=players - 1,
        gates=opened,
        monsters=monsters,
        environment=ENVIRONMENT,
        rumor=RUMOR,
        rumor_track=9,
        closed=tuple(TERROR_CLOSES.values()),
        activity=(LONGEST_PLACES[3],),
        card_markers=(m.CardMarker(m.MarkerKind.CLOSED, LONGEST_PLACES[4], ENVIRONMENT),),
        seals=(LONGEST_PLACES[5], LONGEST_PLACES[6]),
        trophies=("Cultist",) * 12,
        boxed=("Maniac",),
        setup=False,
    )


def menus(state: m.ArkhamState) -> list[Menu]:
    """Every chooser and prompt of the scene, filled with the longest names."""
    gate = state.gates[0].location
    pending = m.Mythos()
    surge = SurgeChoice(LONGEST_PLACES[0], 8, tuple(g.location for g in state.gates), 2)
    return [
        Menu(),
        Menu(MenuKind.CARD),
        Menu(MenuKind.CARD, typed="ri"),
        Menu(MenuKind.CARD, typed="rivertownresidentstakeback"),
        Menu(MenuKind.CARD, typed="zzz"),
        Menu(MenuKind.CARD, page=1),
        Menu(MenuKind.WHO),
        Menu(MenuKind.WHERE, subject=NAMES[0]),
        Menu(MenuKind.WHERE, subject=NAMES[0], page=1),
        Menu(MenuKind.RENAME, subject=NAMES[1], typed=NAMES[2]),
        Menu(MenuKind.GATES),
        Menu(MenuKind.GATE, subject=gate),
        Menu(MenuKind.RUMOR),
        Menu(MenuKind.CARD_MARKERS),
        Menu(MenuKind.MARKER_KIND, subject=ENVIRONMENT),
        Menu(MenuKind.MARKER_PLACE, subject=ENVIRONMENT, marker="activity"),
        Menu(MenuKind.SURGE, pending=pending, decision=surge, order=surge.gates[:3] + surge.gates[:3]),
        Menu(MenuKind.CLUE, pending=pending, decision=ClueChoice(LONGEST_PLACES[0], NAMES)),
        Menu(MenuKind.MARKER, pending=pending, decision=GateMarkerDrawn(LONGEST_PLACES[0], tuple(LONGEST_WORLDS))),
        Menu(MenuKind.MONSTER, pending=pending, decision=MonsterDrawn(2, 3, tuple(sorted(LONGEST_MONSTERS)))),
    ]


def check(app: App, where: str) -> list[Drawn]:
    """Draw the App's next frame and :func:`check_lines` it; the lines drawn."""
    written = frame(app)
    check_lines(written, app.scenes[app.scene_name].buttons, app.window.get_size(), where)
    return written


def check_lines(written: list[Drawn], shown: list[Any], size: tuple[int, int], where: str) -> None:
    """Fail on any line of text cut, ellipsised (or "+N more" standing for entries left out),
    outside the screen or its box, or overlapping another line or a button not its own."""
    screen = pygame.Rect(0, 0, *size)
    buttons = [b.rect for b in shown]
    assert written, where
    for n, one in enumerate(written):
        said = f"{where}: {one.shown!r} at {one.rect}"
        assert not one.clipped, f"{said} is cut short (for {one.wanted!r})"
        assert screen.contains(one.rect), f"{said} leaves the screen"
        box = one.box if one.box is not None else screen
        assert box.contains(one.rect), f"{said} leaves its box {box}"
        for other in written[n + 1 :]:
            assert not one.rect.colliderect(other.rect), f"{said} overlaps {other.shown!r} at {other.rect}"
        own = [b for b in buttons if b.contains(box)]
        for rect in buttons:
            assert rect in own or not rect.colliderect(one.rect), f"{said} overlaps a button at {rect}"
    for n, rect in enumerate(buttons):
        assert screen.contains(rect) and not any(rect.colliderect(o) for o in buttons[n + 1 :]), (where, rect)


@pytest.fixture
def crowded_app(app_on: Callable[..., App]) -> Callable[..., App]:
    def build(size: tuple[int, int], players: int, gates: int) -> App:
        seats = tuple(m.Seated(f"Seat {n}", "Woods", 1) for n in range(players))
        session = ArkhamSession.start(SqliteJournal(":memory:"), "a", m.NewArkhamGame("Cthulhu", seats, seed=5))
        assert isinstance(session, ArkhamSession)
        app: App = app_on(session, size)
        table_of(app).session.state = crowded(session.state, players, gates)
        app.state, app.log = table_of(app).session.state, list(LOG)
        return app

    return build


@pytest.mark.parametrize("players,gates", [(8, 4), (2, 7)], ids=["eight-investigators", "seven-gates"])
@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_every_arkham_screen_prompt_and_chooser_fits_with_the_longest_names(crowded_app, size, players, gates) -> None:
    app = crowded_app(size, players, gates)
    scene = app.scenes["arkham"]
    assert isinstance(scene, ArkhamScene)
    for menu in menus(app.state):
        scene.menu = menu
        written = check(app, f"{size} {menu.kind.value} page {menu.page} {menu.typed!r}")
        assert scene.menu == menu, menu.kind  # the chooser stayed open: it was drawn, not skipped
        heading = scene.title(app.state)
        if heading:  # the question is there in full, every word of it
            asked = [w.shown for w in written if w.box == scene.title_box()]
            assert " ".join(asked) == heading, menu.kind


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_the_table_fits_when_it_draws_for_itself_and_when_the_ancient_one_is_awake(crowded_app, size) -> None:
    app = crowded_app(size, 8, 4)
    scene = app.scenes["arkham"]
    assert isinstance(scene, ArkhamScene)
    why = "the doom track is full: Shub-Niggurath awakens and the final battle begins at the table"
    for changes in ({"table_draws": True}, {"awakened": why}, {"gates": (), "monsters": ()}):
        table_of(app).session.state = app.state = evolve(app.state, **changes)
        written = check(app, f"{size} {sorted(changes)}")
        if "awakened" in changes:
            assert why in " ".join(w.shown for w in written)


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_doom_and_terror_are_large_enough_to_read_from_across_the_table(crowded_app, size) -> None:
    app = crowded_app(size, 4, 3)
    big = {w.tag: w for w in frame(app) if w.tag in ("doom", "terror")}
    assert big["doom"].shown == "12/12" and big["terror"].shown == f"{TERROR_TOP}/{TERROR_TOP}"
    assert all(w.rect.height >= 28 for w in big.values()), {w.shown: w.rect for w in big.values()}


def test_the_check_fails_on_text_that_would_be_cut(crowded_app) -> None:
    """The check itself: a label too long for its button, or a panel that left entries out, fails."""
    app = crowded_app((800, 480), 8, 4)
    scene = app.scenes["arkham"]
    assert isinstance(scene, ArkhamScene)
    app.draw()
    scene.buttons[0].label = "Draw the Mythos card from the top of the shuffled deck now " * 2
    written: list[Drawn] = []
    widgets.RECORDER = written
    try:
        scene.draw(app.window, app.view())
    finally:
        widgets.RECORDER = None
    with pytest.raises(AssertionError, match=r"leaves its box|overlaps"):
        check_lines(written, scene.buttons, (800, 480), "a label too long")
    app.log = []
    table_of(app).session.state = app.state = evolve(app.state, gates=app.state.gates * 6)
    with pytest.raises(AssertionError, match="cut short"):
        check(app, "too many gates for the panel")


def test_wrapping_keeps_a_label_with_its_number(crowded_app) -> None:
    crowded_app((800, 480), 2, 1)  # fonts need pygame started
    rows = wrap(f"Library, Sneak{NBSP}4, Clues{NBSP}0", 20, font(20).size("Library, Sneak")[0] + 2)
    assert rows == ["Library,", f"Sneak{NBSP}4,", f"Clues{NBSP}0"]
