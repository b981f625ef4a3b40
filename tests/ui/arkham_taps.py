"""Playing Arkham Horror by taps through the App, shared by the screen's Arkham tests: the seats,
a tap on a labelled button (with the frame it leads to checked), and the phase's questions
answered as suggested."""

from __future__ import annotations

from companion.engine.arkham import model as m
from companion.ui.app import App
from companion.ui.arkham_scene import ArkhamScene, MenuKind
from companion.ui.scene import Submit
from tests.ui.arkham_fit import check

SEATS = (m.Seated("Amanda", "Woods", 1), m.Seated("Bob", "Northside", 3), m.Seated("Carolyn", "Downtown", 2))


def scene(app: App) -> ArkhamScene:
    found = app.scenes["arkham"]
    assert isinstance(found, ArkhamScene)
    return found


def tap(app: App, label: str) -> None:
    """Tap the enabled button labelled ``label`` (through the App, as a finger would), then
    check the frame it leads to."""
    check(app, f"before {label!r}")
    button = next(b for b in scene(app).buttons if b.label == label and b.enabled)
    app.tap(button.rect.center)
    app.draw()


def labels(app: App) -> list[str]:
    app.draw()
    return [b.label for b in scene(app).buttons if b.enabled]


def answer(app: App) -> int:
    """Answer whatever the phase asks before it resolves; how many questions there were."""
    asked = 0
    while scene(app).menu.kind is not MenuKind.MAIN:
        kind = scene(app).menu.kind
        asked += 1
        if kind is MenuKind.SURGE:
            tap(app, "As suggested")
        elif kind is MenuKind.CLUE:
            tap(app, next(b.label for b in scene(app).buttons if isinstance(b.intent, Submit)))
        else:
            raise AssertionError(f"unexpected chooser {kind}")
    return asked
