"""The table's Detail screen: the Doom track at its head (the table folds it away from five
players on), and nothing of a Cthulhu Wars board while Arkham is in play (an Arkham state's
``players`` is a count: the Doom track's markers were looked for in it)."""

from __future__ import annotations

from companion.engine.arkham import model as am
from companion.session import ArkhamSession
from companion.store.sqlite import SqliteJournal
from tests.helpers import frame
from tests.ui import seated


def test_details_head_with_the_doom_track_for_any_number_of_players() -> None:
    for count in (3, 6):
        app = seated.cthulhu("earth-3p" if count == 3 else "earth-6p", seated.SEATS[:count])
        app.scene_name = "detail"
        assert len([d for d in frame(app) if d.tag == "doom track"]) == 7 + count  # 0, 5 ... 30 and a marker each
        app.close()


def test_details_while_arkham_is_in_play_is_arkhams_own_screen() -> None:
    seats = tuple(am.Seated(f"Seat {n}", "Woods", 1) for n in range(3))
    session = ArkhamSession.start(SqliteJournal(":memory:"), "a", am.NewArkhamGame("Cthulhu", seats, seed=5))
    assert isinstance(session, ArkhamSession)
    app = seated.build(session)
    app.scene_name = "detail"
    drawn = frame(app)  # (raised TypeError: 'int' object is not iterable)
    assert drawn and not [d for d in drawn if d.tag == "doom track"]
    assert app.scenes["detail"].layout(app.view())[-1].label == "Back to the table"
    app.close()
