"""Whether the screens around the game fit at the longest names (crowded), shared with the other
fit tests and run in German too."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pygame

from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.factions.independents import CARDS
from companion.engine.cthulhu.game import MAX_PLAYERS
from companion.engine.cthulhu.model import Faction
from companion.maps import list_maps, load_map
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui.app import App
from companion.ui.builder_scene import DraftArea
from companion.ui.scene import Build, Go, Toggle
from companion.ui.widgets import MIN_TOUCH, Button
from tests.ui.drawn import frame_drawn
from tests.ui.text_fit import LONG_NAME, problems

# The most a table seats, with the longest names.
FACTIONS = [f.value for f in sorted((f for f in Faction if f is not Faction.OTHER), key=lambda f: -len(f.label))[:MAX_PLAYERS]]


def longest_area_name() -> str:
    names = []
    for info in list_maps():
        try:
            names += [a.name for a in load_map(info.name).areas]
        except Exception:  # a map with public facts only: no areas to name
            continue
    return max(names, key=len)


def screens(app: App) -> Iterator[str]:
    """Put the app on each screen and state in turn, naming it."""
    app.do(Go("settings"))
    yield "settings"
    app.client.say(f"A notice as long as they come: {LONG_NAME} could not be reached on the tower's port")
    yield "settings with a notice"
    app.do(Go("new"))
    yield "new game"
    app.do(Toggle("faction_picker"))
    for faction in list(app.options["factions"]):
        app.do(Toggle(f"faction={faction}"))
    for faction in FACTIONS:
        app.do(Toggle(f"faction={faction}"))
    yield "new game: eight factions seated, in the picker"
    app.do(Toggle("faction_picker"))
    yield "new game: eight factions seated"
    app.do(Toggle("card_picker"))
    for card in CARDS[::2]:
        app.do(Toggle(f"card={card}"))
    yield "new game: the independents' picker, some in"
    app.do(Toggle("card_picker"))
    app.do(Toggle("map=earth-3p"))
    yield "new game: a set-up problem (too many factions for the map)"
    for faction in FACTIONS[3:]:  # three left: the map's number
        app.do(Toggle(f"faction={faction}"))
    for option in ("acolyte", "physical_dice", "physical_signs"):
        app.do(Toggle(option))
    start = next(b.intent for b in app.scenes["new"].buttons if b.label == "Start")
    app.do(start)  # a game is in play: Start asks again
    yield "new game: the confirming Start"
    app.do(Toggle("game=arkham"))
    app.do(Toggle("ancient_one=Shub-Niggurath"))
    app.do(Toggle("investigators=8"))
    app.do(Toggle("table_draws"))
    yield "new game: Arkham Horror"
    app.do(Toggle("game=cthulhu"))
    app.do(Toggle("map=earth-4p-35"))
    for faction in app.options["factions"]:
        app.do(Toggle(f"faction={faction}"))
    opener, bubastis = Faction.OPENER_OF_THE_WAY.value, Faction.BUBASTIS.value
    for faction in [opener, bubastis, *(f for f in FACTIONS if f not in (opener, bubastis))][:4]:
        app.do(Toggle(f"faction={faction}"))  # every rules option offered: the Opener with 4 players, Bubastis
    app.do(Toggle("rules_picker"))
    yield "rules options: every one offered, all off"
    for option in ("acolyte", "neutral_spellbooks", "high_priests", "opener_ten_gates", "bubastis_variant"):
        app.do(Toggle(option))
    app.draw()
    offered = {b.intent for b in app.scenes["new"].buttons}
    assert {Toggle("opener_ten_gates"), Toggle("bubastis_variant"), Toggle("high_priests")} <= offered
    yield "rules options: all on"
    app.do(Toggle("rules_picker"))
    yield "new game: every rules option on, named in the heading"
    app.do(Go("builder"))
    draft = app.draft
    name = longest_area_name()
    for n, (x, y) in enumerate(((0.1, 0.1), (0.5, 0.4), (0.9, 0.8), (0.2, 0.9))):
        app.do(Build("add", x=x, y=y))
        draft.areas[-1].name = name[: len(name) - n]
    draft.name = "primeval-earth-transcribed-at-the-table"[:40]
    yield "builder: areas"
    app.do(Build("tap", 1))
    for what in ("ocean", "postern", "worm", "glacier", "link"):
        app.do(Build(what))
    while draft.areas[1].start != Faction.OPENER_OF_THE_WAY.value:
        app.do(Build("start"))
    draft.areas[1].pyramid = 6
    yield "builder: an area selected, every mark set"
    app.do(Build("keyboard"))
    yield "builder: renaming the area"
    app.do(Build("tap", 1))  # none selected: the map's name
    draft.keyboard = True
    yield "builder: renaming the map"
    draft.keyboard = False
    assert all(isinstance(a, DraftArea) for a in draft.areas)
    app.do(Go("sheets"))
    yield "factions' sheets"


def crowded(buttons: list[Button], size: tuple[int, int]) -> list[str]:
    """Buttons off the screen, smaller than a fingertip, or over one another."""
    screen, found = pygame.Rect(0, 0, *size), []
    for n, one in enumerate(buttons):
        if not screen.contains(one.rect):
            found.append(f"button off the screen: {one.label!r} at {one.rect}")
        if min(one.rect.size) < MIN_TOUCH:
            found.append(f"button too small: {one.label!r} at {one.rect}")
        found += [
            f"buttons overlap: {one.label!r} and {other.label!r}"
            for other in buttons[n + 1 :]
            if one.rect.colliderect(other.rect)
        ]
    return found


def check_the_screens_around_the_game_fit(app_on: Callable[..., App], size, monkeypatch) -> None:
    """The check of test_the_screens_around_the_game_fit (run in German too)."""
    seats = (c.Seat(Faction.OPENER_OF_THE_WAY), c.Seat(Faction.OTHER, LONG_NAME), c.Seat(Faction.GREAT_CTHULHU))
    board = load_map("earth-3p")
    session = GameSession.start(SqliteJournal(":memory:"), "g", c.NewGame(board, seats, 3))
    assert isinstance(session, GameSession)
    app = app_on(session, size)
    app.client.list_games()
    found: list[str] = []
    seen = 0
    for name in screens(app):
        app.draw()  # the screen's buttons follow the state just set
        drawn = frame_drawn(app, monkeypatch)
        assert drawn, name
        seen += 1
        found += [f"{name}: {p}" for p in problems(drawn, size)]
        found += [f"{name}: {p}" for p in crowded(app.scenes[app.scene_name].buttons, size)]
    assert seen == 17
    assert not found, "\n".join(found[:30])
