"""The table's last action is read at 3.5 mm (issue 33, section 4: 37 px type inks 19 px at
800x480): whole, else its first words ended by "…" (names kept whole, not ended one word into a
clause); a battle's odds beside it take their own size; a room with no line at 37 px leaves it
to Details (which shows it whole).  With three players a squeezed status takes the screen's
width below the rows."""

from __future__ import annotations

import pygame
import pytest

from companion.engine.cthulhu.game import legal_commands
from companion.ui import widgets
from companion.ui.app import App
from companion.ui.table_scene import TableScene, cut_last, cut_words, name_words
from tests.helpers import frame
from tests.ui import seated as seats
from tests.ui import text_fit

LONG = "Last: Gate in Europe: controlled by Yellow Sign (start gate)."  # two lines at 28 px, five at 37


def status_drawn(app: App, rects: list[pygame.Rect]) -> list[widgets.Drawn]:
    scene = app.scenes["table"]
    assert isinstance(scene, TableScene)
    drawn: list[widgets.Drawn] = []
    widgets.RECORDER = drawn
    try:
        scene.draw_status(app.window, app.view(), rects)
    finally:
        widgets.RECORDER = None
    return [d for d in drawn if d.tag == "last"]


def four_players() -> App:
    app = seats.cthulhu("earth-4p-35", seats.SEATS[:4])
    app.scene_name = "table"
    assert "Last: " + app.log[-1] == LONG
    return app


def test_a_long_last_action_is_cut_at_3_5_mm_not_drawn_whole_at_28_px() -> None:
    app = four_players()
    last = [d for d in frame(app) if d.tag == "last"]
    assert [d.wanted for d in last] == ["Last: Gate in Europe…"]  # not "…Europe: controlled…"
    assert min(d.size for d in last) >= seats.NAMED_LEAST  # it was the whole at 28 px
    app.close()


def test_a_squeezed_room_keeps_3_5_mm_with_the_first_words() -> None:
    """A room for one line at 37 px: the first words (the whole at 28 px before); a room for
    none at 37 px: left to Details (not drawn smaller)."""
    app = four_players()
    one_line = status_drawn(app, [pygame.Rect(448, 340, 352, 50)])  # a long prompt's squeezed status room
    assert [(d.size, d.wanted) for d in one_line] == [(37, "Last: Gate in Europe…")]
    wide = status_drawn(app, [pygame.Rect(0, 340, 800, 50)])
    assert [(d.size, d.wanted) for d in wide] == [(37, LONG)]
    assert status_drawn(app, [pygame.Rect(448, 340, 352, 30)]) == []  # left to Details
    app.close()


def test_with_three_players_a_squeezed_status_spans_the_screen_below_the_rows() -> None:
    """The direction of play (two rows of big buttons) squeezes the status to one line; beside
    the rows that was 336 px, which held no useful line at 37 px (left to Details)."""
    app = seats.cthulhu("earth-3p", seats.SEATS[:3])
    app.scene_name = "table"
    scene = app.scenes["table"]
    assert isinstance(scene, TableScene)
    session = text_fit.table_of(app).session
    for _ in range(40):
        if session.state.prompt.kind.value == "direction":
            break
        session.submit(next(iter(legal_commands(session.state))))
    assert session.state.prompt.kind.value == "direction"
    players, status, _prompt = scene.regions(app.view())
    rows = scene.player_rows(tuple(p.label for p in session.state.players), players)
    assert status.width == 800 and status.y >= rows[-1].bottom
    last = [d for d in frame(app) if d.tag == "last"]
    assert last and min(d.size for d in last) >= seats.NAMED_LEAST and last[0].rect.x < players.right
    app.close()


@pytest.mark.parametrize("players", [3, 4, 6])
def test_a_battles_odds_leave_the_last_action_its_3_5_mm(players: int) -> None:
    """The die pad of a battle: the odds in the prompt's room at their own size, at 28 px at
    least; the last action below them at 37 px (with three or four players the two shared one
    size, 28-34 px)."""
    app = seats.cthulhu({3: "earth-3p", 4: "earth-4p-35", 6: "earth-6p"}[players], seats.SEATS[:players])
    for name in text_fit.screens(app):
        if name == "battle roll":
            break
    drawn = frame(app)
    odds, last = ([d for d in drawn if d.tag == tag] for tag in ("odds", "last"))
    assert len({d.wanted for d in odds}) >= 2 and min(d.size for d in odds) >= widgets.FLOOR_SIZE
    assert last and min(d.size for d in last) >= seats.NAMED_LEAST
    assert not [d for d in drawn if d.clipped]
    app.close()


def cut(line: str, count: int, names: tuple[str, ...] = ()) -> str:
    return cut_last(cut_words(name_words(line, list(names)), count))


def test_a_cut_keeps_names_whole_and_ends_where_a_reader_expects() -> None:
    line = "Opener of the Way rolls 0 combat dice in Slime Sea East (0 for 1 Acolyte)."
    names = ("Opener of the Way", "Slime Sea", "Slime Sea East")
    words = name_words(line, list(names))
    assert words[0] == "Opener\u00a0of\u00a0the\u00a0Way" and "Slime\u00a0Sea\u00a0East" in words
    assert cut(line, 5, names) == "Last: Opener of the Way rolls 0 combat dice…"  # not "…dice in…"
    assert cut(line, 6, names) == cut(line, 5, names)
    assert cut(line, 7, names) == "Last: Opener of the Way rolls 0 combat dice in Slime Sea East…"  # not "…Slime Sea…"
    assert cut(line, 9, names) == cut(line, 7, names)  # not into the bracket
    assert cut("The Watcher's attacks end: every player has controlled it.", 5) == "Last: The Watcher's attacks end…"
    assert cut("Gate in Europe: controlled by Yellow Sign (start gate).", 5) == "Last: Gate in Europe…"  # not "…: controlled…"
    gate = "Crawling Chaos pays 1 for a gate in North America East."
    assert cut(gate, 5, ("Crawling Chaos",)) == "Last: Crawling Chaos pays 1…"  # not "…pays 1 for a…"
    assert cut(gate, 6, ("Crawling Chaos",)) == "Last: Crawling Chaos pays 1 for a gate…"
    # A bracket closed inside a word ("rolled):", "Death).") is closed: the cut goes on past it.
    assert cut("Dice (combat, rolled): 4, 2, 6, 1, 1, 3.", 5) == "Last: Dice (combat, rolled): 4, 2…"
    assert cut("GAME OVER (Instant Death). Winner: Great Cthulhu.", 5) == "Last: GAME OVER (Instant Death). Winner…"


def test_a_german_cut_ends_on_no_german_lead_in_word(german: None) -> None:
    line = "Großer Cthulhu erhält 1 Verdammnis aus kontrollierten Toren (jetzt 3)."
    assert cut(line, 5, ("Großer Cthulhu",)) == "Zuletzt: Großer Cthulhu erhält 1 Verdammnis…"  # not "…Verdammnis aus…"
