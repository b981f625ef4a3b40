"""Arkham's crowded table (the longest names, the most gates) and the check that its every screen
fits, shared by its tests and run in German too."""

from __future__ import annotations

from typing import Any

import pygame

from companion.engine.arkham import model as m
from companion.engine.arkham.data import CARDS, LOCATIONS, MONSTERS, OUTSKIRTS, SKY, TERROR_CLOSES, TERROR_TOP, WORLDS, CardKind
from companion.engine.arkham.decisions import ClueChoice, GateMarkerDrawn, MonsterDrawn, SurgeChoice
from companion.engine.arkham.mythos import monster_limit, outskirts_limit
from companion.engine.values import evolve
from companion.ui.app import App
from companion.ui.arkham_scene import ArkhamScene, Menu, MenuKind
from companion.ui.widgets import Drawn
from tests.helpers import frame

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


def check_every_arkham_screen_prompt_and_chooser_fits_with_the_longest_names(crowded_app, size, players, gates) -> None:
    """The check of test_every_arkham_screen_prompt_and_chooser_fits_with_the_longest_names (run in German too)."""
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
