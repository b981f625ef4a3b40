"""Every sentence on the screen is in the catalogue, and the screen fits in German too.

The catalogue check draws every screen, prompt and chooser (the text-fit tests' drivers) with a
pseudo-language: each message the German catalogue holds comes back with its letters made
fullwidth (placeholders kept), every other message as it was.  A line drawn (recorded by
``widgets.text`` and the Arkham scene's ``Ink``) then fails when it holds an English word that is
not data: a name or word found in the game's state or its data tables (areas, factions, units,
Spellbooks, places, monsters, card titles, the players' names).  The engine's own sentences
(the prompt's question, a refusal in a notice, a correction's summary, a requirement's name, a
reason in a log line) are not data: they are templates in the catalogue (companion/engine/
says.py), drawn through companion.i18n.sentence, so they must come out fullwidth too.  So a
sentence left unmarked, or marked but missing from the catalogue, fails.

The text-fit tests run again in German: German words are longer."""

from __future__ import annotations

import dataclasses
import enum
import gettext
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from babel.messages.pofile import read_po

from companion import i18n
from companion.engine.arkham import data as arkham_data
from companion.engine.cthulhu import factions, pools, unit_words
from companion.engine.cthulhu.model import Faction, GameState, Phase
from companion.maps import list_maps
from companion.ui import widgets
from companion.ui.app import SIZES, App
from companion.ui.arkham_scene import ArkhamScene, echoed
from companion.ui.other_scenes import LANGUAGE_NAMES
from companion.ui.widgets import Button, Metrics
from tests.helpers import frame
from tests.ui import arkham_fit, text_fit
from tests.ui.arkham_fit import menus
from tests.ui.drawn import frame_drawn

PO = Path(i18n.__file__).parent / "locale" / "de" / "LC_MESSAGES" / "companion.po"
WORD = re.compile(r"[A-Za-z]+")
FIELD = re.compile(r"(\{[^}]*\})")


def fullwidth(text: str) -> str:
    """``text`` with its ASCII letters fullwidth, its ``{placeholders}`` kept."""
    parts = FIELD.split(text)
    return "".join(
        p if FIELD.fullmatch(p) else "".join(chr(ord(ch) + 0xFEE0) if ch.isascii() and ch.isalpha() else ch for ch in p)
        for p in parts
    )


class Pseudo(gettext.NullTranslations):
    """The pseudo-language: a catalogued message made fullwidth, any other as it is."""

    def __init__(self, ids: set[str]) -> None:
        super().__init__()
        self.ids = ids

    def gettext(self, message: str) -> str:
        return fullwidth(message) if message in self.ids else message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        chosen = msgid1 if n == 1 else msgid2
        return fullwidth(chosen) if msgid1 in self.ids else chosen


def catalogued() -> set[str]:
    with PO.open("rb") as source:
        return {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(source) if m.id and m.string}


@pytest.fixture
def pseudo(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    language = Pseudo(catalogued())
    monkeypatch.setattr(i18n, "_current", language)
    monkeypatch.setattr(i18n, "use", lambda code: setattr(i18n, "_current", language))  # the app applies Settings' choice
    yield


def strings_in(value: Any, found: set[str], depth: int = 0) -> set[str]:
    """Every string inside ``value`` (dataclasses, containers, enums), as data words come."""
    if depth > 12:
        return found
    if isinstance(value, str):
        found.add(value)
    elif isinstance(value, enum.Enum):
        strings_in(value.value, found, depth + 1)
        strings_in(getattr(value, "label", ""), found, depth + 1)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            strings_in(getattr(value, f.name), found, depth + 1)
    elif isinstance(value, dict):
        for k, v in value.items():
            strings_in(k, found, depth + 1)
            strings_in(v, found, depth + 1)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            strings_in(v, found, depth + 1)
    return found


def data_words() -> set[str]:
    """The words of the games' data: faction labels, units, Spellbooks, maps, Arkham's tables."""
    found: set[str] = set()
    strings_in([f.label for f in Faction], found)
    strings_in(LANGUAGE_NAMES, found)  # each language in its own words
    strings_in(pools.UNITS, found)
    strings_in([unit_words.plural(name) for name in (*unit_words.REGULAR, *unit_words.IRREGULAR)], found)  # English as the cards
    strings_in({name: getattr(arkham_data, name) for name in dir(arkham_data) if name.isupper()}, found)
    strings_in([(info.name, info.title) for info in list_maps()], found)
    strings_in({name: getattr(factions, name) for name in dir(factions) if name.isupper()}, found)
    from companion.engine.core import COMMANDS
    from companion.ui import turn_panel

    strings_in(turn_panel.FIRST_GOO, found)
    strings_in([phase.value.replace("_", " ").title() for phase in Phase], found)  # the phases' names (rule names)
    # a command the screen has no words for is named by its tag: a faction ability's name
    strings_in([tag.replace("_", " ").capitalize() for tag in COMMANDS.names()], found)
    return {w for s in found for w in WORD.findall(s)}


def untranslated(lines: list[str], allowed: set[str]) -> list[str]:
    """The lines holding an English word that is neither catalogued (fullwidth) nor data (a
    single letter is a key of the on-screen keyboard)."""
    return [line for line in lines if any(len(word) > 1 and word not in allowed for word in WORD.findall(line))]


def drawn_now(app: App) -> list[str]:
    """Every line of text the app's current screen draws (the Arkham screens' too)."""
    return [d.wanted for d in frame(app)]


def engine_words(app: App) -> set[str]:
    """The data the screen shows (see the module's docstring): the game state's words, without
    the engine's own sentences, which must be drawn in the table's language (the prompt's
    question, a refusal, a correction's summary, a requirement's name, the reasons in the log:
    companion.i18n.sentence)."""
    view = app.view()
    state = view.state
    if isinstance(state, GameState):
        state = dataclasses.replace(state, prompt=dataclasses.replace(state.prompt, text=""))
    found = strings_in(state, set())
    found |= {name.upper() for name in found}  # the log shouts a big moment's names ("THE WORM THAT GNAWS ... IS ERADICATED")
    draft = view.options.get("draft")
    found.add(getattr(draft, "name", ""))  # the map being transcribed: its name as typed
    return {w for s in found for w in WORD.findall(s)}


def cthulhu_screens(app: App) -> Iterator[str]:
    """Every Cthulhu Wars screen the text-fit test draws, then settings, new game (and its
    faction picker and Arkham's set-up), the Corrections page, the faction sheets, the builder."""
    yield from text_fit.screens(app)
    for name in ("settings", "new", "fix", "sheets", "builder"):
        app.scene_name = name
        yield name
    app.scene_name = "new"
    app.options["faction_picker"] = True
    yield "new: faction picker"
    app.options["faction_picker"] = False
    app.options["game"] = "arkham"
    yield "new: Arkham Horror"


def test_every_cthulhu_screen_sentence_is_catalogued(app_on: Callable[..., App], pseudo: None) -> None:
    app = text_fit.game(app_on, "yuggoth-demo", (800, 480))
    known = data_words()
    found: list[str] = []
    for name in cthulhu_screens(app):
        allowed = known | engine_words(app)
        found += [f"{name}: {line!r}" for line in untranslated(drawn_now(app), allowed)]
    assert not found, "not in the catalogue:\n" + "\n".join(dict.fromkeys(found))


@pytest.mark.parametrize("map_name", ["yuggoth-demo", "shaggai-demo", "primeval-demo"])
def test_every_prompt_of_a_whole_game_is_catalogued(app_on: Callable[..., App], pseudo: None, map_name: str) -> None:
    """A seeded game to its end (the Watcher's, the Worms', the glaciers' prompts, battles, the
    ritual, Elder Signs...): the table and the map at the first of each kind of prompt."""
    import random

    from companion import demo
    from companion.engine.cthulhu import commands as c
    from companion.engine.cthulhu.model import Phase

    seats = (c.Seat(Faction.GREAT_CTHULHU), c.Seat(Faction.CRAWLING_CHAOS), c.Seat(Faction.OPENER_OF_THE_WAY))
    app = text_fit.game(app_on, map_name, (800, 480), (*seats, c.Seat(Faction.OTHER, text_fit.LONG_NAME)))
    session, rnd = text_fit.table_of(app).session, random.Random(4)
    known, seen, found = data_words(), set(), []
    for _move in range(3000):
        state = session.state
        if state.phase is Phase.GAME_OVER:
            break
        if (state.prompt.kind, state.phase) not in seen:
            seen.add((state.prompt.kind, state.phase))
            for name in ("table", "map"):
                app.scene_name = name
                found += [
                    f"{state.prompt.kind.value} {name}: {line!r}"
                    for line in untranslated(drawn_now(app), known | engine_words(app))
                ]
        result = session.submit(demo.choose(state, rnd))
        for order in demo.casualties(session.state, getattr(result, "events", ())):
            session.submit(order)
    assert len(seen) >= 5
    assert not found, "not in the catalogue:\n" + "\n".join(dict.fromkeys(found))


def test_every_arkham_screen_sentence_is_catalogued(crowded_app: Callable[..., App], pseudo: None) -> None:
    app = crowded_app((800, 480), 8, 4)
    scene = app.scenes["arkham"]
    assert isinstance(scene, ArkhamScene)
    known = data_words() | {w for name in arkham_fit.NAMES for w in WORD.findall(name)}
    known |= {w for line in arkham_fit.LOG for w in WORD.findall(line)}  # the crowded app's made-up log (English test text)
    found: list[str] = []
    for menu in menus(app.state):
        app.scene_name = "arkham"
        scene.menu = menu
        typed = {w for t in (menu.typed, echoed(menu.typed)) for w in WORD.findall(t)}  # what the players typed
        found += [f"{menu.kind.value}: {line!r}" for line in untranslated(drawn_now(app), known | typed | engine_words(app))]
    for name in ("arkham_fix", "log", "settings", "new"):
        app.scene_name = name
        found += [f"{name}: {line!r}" for line in untranslated(drawn_now(app), known | engine_words(app))]
    assert not found, "not in the catalogue:\n" + "\n".join(dict.fromkeys(found))


@pytest.mark.parametrize(
    ("label", "caught"),
    [("Roll for me", False), ("Roll the bones for me", True), ("Asia", False)],
    ids=["catalogued", "unmarked", "data"],
)
def test_the_check_fails_on_a_sentence_not_in_the_catalogue(pseudo: None, label: str, caught: bool) -> None:
    """The check can fail: a button whose label skipped the catalogue is caught; a catalogued
    one and a data name are not."""
    pygame.font.init()
    widgets.font.cache_clear()
    surface = pygame.Surface((400, 100))
    drawn: list[widgets.Drawn] = []
    widgets.RECORDER = drawn
    try:
        Button(pygame.Rect(0, 0, 400, 60), i18n._(label), None).draw(surface, Metrics(800, 480))
    finally:
        widgets.RECORDER = None
    assert bool(untranslated([d.wanted for d in drawn], {"Asia"})) is caught


def test_the_screen_speaks_german_when_the_system_does(app_for: Callable[..., App], german: None) -> None:
    app = app_for()
    assert {"Tisch", "Karte", "Protokoll", "Optionen", "Spiel"} <= set(drawn_now(app))


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
@pytest.mark.parametrize("map_name", text_fit.MAPS)
def test_no_text_is_cut_or_overlaps_in_german(app_on, map_name, size, monkeypatch, german) -> None:
    text_fit.check_no_text_is_cut_or_overlaps(app_on, map_name, size, monkeypatch)


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
@pytest.mark.parametrize("map_name", ["yuggoth-demo", "shaggai-demo", "primeval-demo"])
def test_every_prompt_of_a_whole_game_fits_in_german(app_on, map_name, size, monkeypatch, german) -> None:
    text_fit.check_every_prompt_of_a_whole_game_fits(app_on, map_name, size, monkeypatch)


@pytest.mark.parametrize("players,gates", [(8, 4), (2, 7)], ids=["eight-investigators", "seven-gates"])
@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_every_arkham_screen_fits_in_german(crowded_app, size, players, gates, german) -> None:
    arkham_fit.check_every_arkham_screen_prompt_and_chooser_fits_with_the_longest_names(crowded_app, size, players, gates)


def test_the_screen_follows_settings_before_the_system_locale(
    monkeypatch: pytest.MonkeyPatch, app_for: Callable[..., App]
) -> None:
    monkeypatch.setattr(i18n, "system_language", lambda environ=None: "de")
    app = app_for()

    def navigation() -> set[str]:
        drawn = frame_drawn(app, monkeypatch)
        return {d.wanted for d in drawn}

    for chosen, words in (("", {"Tisch", "Karte"}), ("en", {"Table", "Map"}), ("de", {"Tisch", "Karte"})):
        app.display.language = chosen  # "" follows the system
        app.apply_display()
        assert words <= navigation(), chosen


def test_a_refused_tap_and_the_faction_sheet_read_in_german(app_on: Callable[..., App], german: None) -> None:
    """The engine's refusal becomes the table's notice in German (the JSON of `companion script`
    keeps the English message), and a faction's open requirements are named in German."""
    from companion.engine.cthulhu import commands as c
    from companion.ui.faction_sheet import sheet_lines
    from tests.helpers import started

    app = text_fit.game(app_on, "yuggoth-demo", (800, 480))
    table = text_fit.table_of(app)
    assert not table._submit(c.ChooseDirection("nobody", "clockwise"))
    assert table.notices[-1].text.startswith("'nobody' spielt nicht mit (Spieler: ")
    state = started()
    lines = [words for words, _colour in sheet_lines(state, state.players[0])]
    assert " Erste Verdammnisphase" in lines and " First Doom Phase" not in lines


def test_the_demo_led_panel_is_catalogued(tmp_path: Path, pseudo: None) -> None:
    """The virtual LED panel's labels (hardware/cues.py marks them; the window translates)."""
    from tests.ui.demo_window import demo_app

    app, stack = demo_app(tmp_path, (800, 480))
    with stack:  # type: ignore[attr-defined]
        app.leds_shown = True
        lines = drawn_now(app)
        assert any(line in ("Doom: leader of 30", fullwidth("Doom: leader of 30")) for line in lines)
        found = untranslated(lines, data_words() | engine_words(app))
    assert not found, "not in the catalogue:\n" + "\n".join(found)
