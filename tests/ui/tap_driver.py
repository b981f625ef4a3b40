"""A new Cthulhu Wars game set up on the new-game screen by taps alone (for the whole-game tests).

Every tap is on a button the screen offers, found by its intent (or, for the factions already
seated, by the seat number its label shows, as a person reads it), never by a position known in
advance: the screens' layouts may change.
"""

from __future__ import annotations

from bench.tap_driver import press
from bench.tap_games import Game
from companion.ui.app import App
from companion.ui.scene import Go, Start, Toggle
from companion.ui.widgets import Button

MAX_PAGES = 10  # "More maps" pages looked through before giving up


def shown(app: App) -> list[Button]:
    """The buttons of the screen in view, as the frame drawn now lays them out."""
    app.draw()
    return list(app.scenes[app.scene_name].buttons)


def offered(app: App, option: str) -> bool:
    return any(b.enabled and b.intent == Toggle(option) for b in shown(app))


def choose_map(app: App, name: str) -> None:
    """The map by its button, turning the maps' pages ("More maps") until it shows."""
    for _ in range(MAX_PAGES):
        if offered(app, f"map={name}"):
            press(app, Toggle(f"map={name}"))
            return
        more = next(b.intent for b in shown(app) if isinstance(b.intent, Toggle) and b.intent.option.startswith("maps_page="))
        press(app, more)
    raise AssertionError(f"no map {name} on the new-game screen")


def seat(app: App, game: Game) -> None:
    """The faction picker: the seated factions unseated (their labels start with the seat's
    number), then ``game``'s tapped in seat order; Done."""
    press(app, Toggle("faction_picker"))
    seated = [b.intent for b in shown(app) if isinstance(b.intent, Toggle) and b.label[:1].isdigit()]
    for intent in seated:
        press(app, intent)
    for faction in game.factions:
        press(app, Toggle(f"faction={faction.value}"))
    press(app, Toggle("faction_picker"))  # Done


def start_by_taps(app: App, game: Game) -> None:
    """Game -> Cthulhu Wars -> the map -> the factions -> the independents and neutral monsters
    -> the rules options -> Start (and, with a game in play, its confirming tap)."""
    press(app, Go("new"))
    press(app, Toggle("game=cthulhu"))
    choose_map(app, game.map)
    seat(app, game)
    if game.cards:
        press(app, Toggle("card_picker"))
        for card in game.cards:
            press(app, Toggle(f"card={card}"))
        press(app, Toggle("card_picker"))  # Done
    if game.rules:
        press(app, Toggle("rules_picker"))
        for rule in game.rules:
            press(app, Toggle(rule))
        press(app, Toggle("rules_picker"))  # Done
    start = next(b.intent for b in shown(app) if isinstance(b.intent, Start))
    press(app, start)
    if app.scene_name == "new" and any(b.label == "Start: tap again" for b in shown(app)):
        press(app, start)
