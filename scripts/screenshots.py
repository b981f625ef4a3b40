"""Render the screens of a seeded demo game into docs/screenshots/ (PNG), for the README.

Run it through a real X server so the window path is the real one:
    xvfb-run -s "-screen 0 1280x800x24" .venv/bin/python scripts/screenshots.py
(`make screenshots` does this).  With no display it falls back to SDL's dummy driver.
"""

from __future__ import annotations

import contextlib
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
if not os.environ.get("DISPLAY"):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from companion import demo  # noqa: E402
from companion.appliance import Appliance  # noqa: E402
from companion.engine.cthulhu.model import Phase, PromptKind  # noqa: E402
from companion.session import GameSession  # noqa: E402
from companion.store.sqlite import SqliteJournal  # noqa: E402
from companion.ui.app import App, Extras  # noqa: E402
from companion.ui.scene import Toggle  # noqa: E402
from companion.ui.turn_panel import Local  # noqa: E402
from hardware.config import panel_config  # noqa: E402

OUT = ROOT / "docs" / "screenshots"


SEEDS = 20  # how many seeds from the one named a moment is looked for in (see seeded_until)


def play_until(session: GameSession, seed: int, done) -> bool:  # type: ignore[no-untyped-def]
    """Play the seeded demo game until ``done``; False when it ends (or runs long) first."""
    rnd = random.Random(seed)
    for _ in range(3000):
        state = session.state
        if done(state):
            return True
        if state.phase is Phase.GAME_OVER:
            return False
        result = session.submit(demo.choose(state, rnd))
        for order in demo.casualties(session.state, result.events):  # type: ignore[union-attr]
            session.submit(order)
    return False


def seeded_until(map_name: str, players: int, seed: int, done) -> GameSession:  # type: ignore[no-untyped-def]
    """The demo game of the first seed from ``seed`` that reaches ``done``, played to it.

    The bots' choices follow the engine's legal list, so a seed's game changes whenever the list
    does (captures offered, a new ability): the moment a shot needs is looked for, never assumed.
    :raises SystemExit: no game of the next SEEDS seeds reaches it (a shot of the wrong moment
        would pass unnoticed)."""
    for tried in range(seed, seed + SEEDS):
        setup = demo.demo_setup(tried, map_name, players)
        session = GameSession.start(SqliteJournal(":memory:"), "shots", setup.command())
        assert isinstance(session, GameSession)
        if play_until(session, tried, done):
            return session
    raise SystemExit(f"no demo game on {map_name} (seeds {seed}-{seed + SEEDS - 1}) reaches the moment to shoot")


def shoot(map_name: str, players: int, seed: int, done, shots: dict[str, str], turn: bool = False) -> None:  # type: ignore[no-untyped-def]
    session = seeded_until(map_name, players, seed, done)
    stack = contextlib.ExitStack()
    house = Appliance(session, stack)
    panel = house.add_panel(panel_config(demo.DEMO_WIRING))
    app = App(house.client(threaded=False), size=(800, 480), extras=Extras(demo=True, journal="~/.local/state/companion"))
    deadline = time.monotonic() + 3.0  # an awake Watcher's light breathes on gpiozero's thread: catch it bright
    while panel.watcher_brightness and panel.watcher.value < 0.8 and time.monotonic() < deadline:
        time.sleep(0.01)
    if "new" in shots:
        set_up_rules(app)
    for scene, filename in shots.items():
        if scene == "fix":
            continue  # shot by taps, below
        app.scene_name = scene
        app.area = 6
        app.draw()
        pygame.image.save(app.window, str(OUT / filename))
        print("wrote", OUT / filename)
    if "new" in shots:  # the Rules options chooser open
        app.do(Toggle("rules_picker"))
        app.draw()
        pygame.image.save(app.window, str(OUT / "new-rules.png"))
        print("wrote", OUT / "new-rules.png")
    if "fix" in shots:  # the table correcting the companion: Doom, with a reason typed on the keyboard
        shoot_fix(app, shots["fix"])
    state = session.state
    if turn and state.prompt.kind is PromptKind.ACTION:  # an action turn entered by area, on the table and the map
        area = max(range(len(state.areas)), key=lambda i: state.areas[i].count(owner=state.prompt.actor))
        for scene, filename in (("table", "table-turn.png"), ("map", "map-turn.png")):
            chooser = app.scenes[scene]
            chooser.panel.handle(state, Local("area", area))  # type: ignore[attr-defined]
            if scene == "table":
                chooser.panel.handle(state, Local("move"))  # type: ignore[attr-defined]
            app.scene_name = scene
            app.draw()
            pygame.image.save(app.window, str(OUT / filename))
            print("wrote", OUT / filename)
    stack.close()
    app.close()


def press(app: App, label: str) -> None:
    """Tap the button labelled ``label`` at its centre, as a finger would, and draw its frame."""
    app.draw()
    button = next(b for b in app.scenes[app.scene_name].buttons if b.label == label)
    app.tap(button.rect.center)
    app.draw()


def shoot_fix(app: App, filename: str) -> None:
    """The corrections page by taps: a player's Doom, with a reason of the table's own typed on
    the on-screen keyboard ("Other..."), the correction in words above Record."""
    app.scene_name = "table"
    press(app, "Fix")
    press(app, "Doom")
    press(app, "+")
    press(app, "Other...")
    for key in "the board has one more":
        press(app, "Space" if key == " " else key)
    press(app, "Done")
    pygame.image.save(app.window, str(OUT / filename))
    print("wrote", OUT / filename)
    press(app, "Back")
    app.scene_name = "table"


def set_up_rules(app: App) -> None:
    """The new-game screen set, by taps, for a 4-player game with the Opener of the Way and
    Bubastis (every rules option offered) and High Priests and Neutral Spellbooks on: the
    heading names them."""
    for faction in app.options["factions"]:
        app.do(Toggle(f"faction={faction}"))
    for faction in ("opener_of_the_way", "bubastis", "great_cthulhu", "black_goat"):
        app.do(Toggle(f"faction={faction}"))
    for option in ("map=earth-4p-35", "high_priests", "neutral_spellbooks"):
        app.do(Toggle(option))


def shoot_arkham() -> None:
    """The Arkham table after a few seeded Mythos Phases (the mock LED panel beside it), its
    card picker searching, and the new-game screen set for Arkham."""
    from companion.arkham_demo import demo_setup
    from companion.engine.arkham.model import Mythos
    from companion.session import ArkhamSession
    from companion.ui.arkham_scene import ArkhamScene, Menu, MenuKind

    session = ArkhamSession.start(SqliteJournal(":memory:"), "arkham", demo_setup(11, 4))
    assert isinstance(session, ArkhamSession)
    stack = contextlib.ExitStack()
    house = Appliance(session, stack)
    house.add_panel(panel_config(demo.DEMO_WIRING))
    app = App(house.client(threaded=False), size=(800, 480), extras=Extras(demo=True, journal="~/.local/state/companion"))
    for _ in range(5):
        house.table.submit(Mythos())
    scene = app.scenes["arkham"]
    assert isinstance(scene, ArkhamScene)
    # The picker after three letters typed on its keyboard: the matches, the recently drawn first.
    for menu, filename in ((Menu(), "arkham.png"), (Menu(MenuKind.CARD, typed="str"), "arkham-pick.png")):
        scene.menu = menu
        app.draw()
        pygame.image.save(app.window, str(OUT / filename))
        print("wrote", OUT / filename)
    app.scene_name = "new"
    app.options.update(game="arkham", ancient_one="Yig", investigators=4)
    app.draw()
    pygame.image.save(app.window, str(OUT / "new-arkham.png"))
    print("wrote", OUT / "new-arkham.png")
    stack.close()
    app.close()


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    watcher_awake = lambda s: s.round >= 6 and s.prompt.kind is PromptKind.ACTION  # late in the game, a turn to take
    shoot(
        "yuggoth-demo",
        4,
        3,
        watcher_awake,
        {"table": "table-yuggoth.png", "map": "map-yuggoth.png", "log": "log.png", "detail": "detail.png"},
    )
    worms = lambda s: s.worms is not None and len(s.worms.on_map) >= 3 and s.prompt.kind is PromptKind.ACTION
    shoot("shaggai-demo", 4, 5, worms, {"table": "table-shaggai.png", "map": "map-shaggai.png", "new": "new-game.png"})
    six = lambda state: state.round >= 3 and state.prompt.kind is PromptKind.ACTION
    shoot("earth-6p", 6, 3, six, {"table": "table-six.png", "detail": "detail-six.png"})  # the Doom track on Details
    shoot_arkham()
    shoot_sheets()
    shoot_battle()


def shoot_sheets() -> None:
    """The factions' sheets of a core-four game in its fourth round (Spellbooks chosen in play)."""
    later = lambda s: s.round >= 4 and s.prompt.kind is PromptKind.ACTION
    shoot("earth-4p-53", 4, 7, later, {"sheets": "sheets.png", "fix": "fix.png"}, turn=True)  # and its turn by area: a Move


def shoot_battle() -> None:
    """A battle between two factions declared and its dice not yet rolled: each side's computed
    dice and exact chance of at least one Kill on the table (issue 20's battle with odds)."""
    from companion.engine import battle_odds

    def declared(s) -> bool:  # type: ignore[no-untyped-def]
        b = s.battle
        if b is None or b.defender == "neutral" or s.prompt.kind is not PromptKind.ROLL:
            return False
        odds = battle_odds(s)
        return odds is not None and odds.attacker[1] >= 3 and odds.defender[1] >= 2  # dice on both sides

    # The first seed from 4 whose game has such a battle (tests/ui/test_battle_odds.py draws the same one).
    shoot("earth-4p-53", 4, 4, declared, {"table": "battle.png"})


if __name__ == "__main__":
    main()
