"""The Bubastis variant in the new-game screen's Rules options: shown only with Bubastis seated,
it chooses the variant Spellbooks (Options.bubastis_variant); a game started from the screen asks
Tcho-Tcho its tribe (Options.tribes)."""

from __future__ import annotations

import pytest

from companion.ui.app import SIZES, App
from companion.ui.scene import Go
from companion.ui.widgets import MIN_TOUCH


def tap(app: App, label: str) -> None:
    app.draw()
    button = next(b for b in app.scenes["new"].buttons if b.label.startswith(label))
    app.tap(button.rect.center)


def seat(app: App, *names: str) -> None:
    """Seat ``names`` in place of the default three."""
    app.do(Go("new"))
    tap(app, "Factions (3)")
    for name in ("Great Cthulhu", "Crawling Chaos", "Black Goat"):
        tap(app, f"1. {name}")
    for name in names:
        tap(app, name)
    tap(app, "Done")


def labels(app: App) -> list[str]:
    app.draw()
    return [b.label for b in app.scenes["new"].buttons]


def test_the_bubastis_button_chooses_the_variant_spellbooks_for_the_new_game(app_for) -> None:
    app = app_for()
    app.do(Go("new"))
    tap(app, "Rules options")
    assert not [label for label in labels(app) if label.startswith("Bubastis")]  # not seated: no button
    tap(app, "Done")
    seat(app, "Bubastis", "Great Cthulhu", "Tcho Tcho")
    tap(app, "Rules options")
    assert "Bubastis variant: off (Catabolism, Ailurophobia)" in labels(app)
    tap(app, "Bubastis variant: off")
    assert "Bubastis variant: on (Syzygy, Carnivore)" in labels(app)
    tap(app, "Done")
    assert "Rules options: 1 on" in labels(app)
    tap(app, "earth-3p")
    tap(app, "Start")
    tap(app, "Start: tap again")  # a game was in play
    options = app.client.table.session.state.options
    assert options.bubastis_variant and options.tribes and options.abilities


def test_without_the_button_tapped_the_printed_books_are_played(app_for) -> None:
    app = app_for()
    seat(app, "Bubastis", "Great Cthulhu", "Crawling Chaos")
    tap(app, "earth-3p")
    tap(app, "Start")
    tap(app, "Start: tap again")
    assert not app.client.table.session.state.options.bubastis_variant


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_the_bubastis_button_fits_every_screen(app_for, size) -> None:
    app = app_for("earth-3p", size)
    seat(app, "Bubastis", "Great Cthulhu", "Crawling Chaos")
    tap(app, "Rules options")
    app.draw()
    buttons = app.scenes["new"].buttons
    assert [b for b in buttons if b.label.startswith("Bubastis variant:")]
    for i, one in enumerate(buttons):
        assert one.rect.width >= MIN_TOUCH and one.rect.height >= MIN_TOUCH, one.label
        assert one.rect.right <= size[0] and one.rect.bottom <= size[1], one.label
        assert not any(one.rect.colliderect(o.rect) for o in buttons[i + 1 :]), one.label
