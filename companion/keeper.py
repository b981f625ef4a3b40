"""What the touchscreen's Games page, scrolling log and story read from the journal.

Run on the table's thread (where the journal is used): :class:`Keeper` lists the stored games
with their kind, round and players (read as the venue page reads them:
:class:`companion.web.venue.Venue`, each game read again only when it has new entries), words a
game's whole log (:func:`companion.logbook.logbook`) and tells its story
(:class:`companion.web.story.Story`).
"""

from __future__ import annotations

from typing import Any

from companion import i18n
from companion.client import LogLine, StoredGame
from companion.logbook import Logbook
from companion.narrate import names_of
from companion.session import AnySession, open_game
from companion.store import Journal


class Keeper:
    """The reads of one table's journal for its screen; the venue's rows are kept between
    listings (a game is read again only when it has new entries)."""

    def __init__(self) -> None:
        self._venue: Any = None
        self._book: tuple[tuple[int, str, str], Logbook] | None = None  # the log read so far, for whose game

    def games(self, journal: Journal, playing: str) -> list[StoredGame]:
        """Every stored game with entries that is not deleted, newest first (a damaged one is
        left out, as the venue leaves it); ``playing``: the name of the game on the table."""
        from companion.web.venue import Venue

        if self._venue is None or self._venue.journal is not journal:
            self._venue = Venue(journal)
        rows = {row.table: row for row in self._venue.rows()}
        listed = []
        for info in journal.games():
            row = rows.get(info.name)
            if row is not None:
                listed.append(
                    StoredGame(
                        info.name,
                        info.title,
                        row.game,
                        row.round,
                        row.players,
                        info.updated,
                        info.archived,
                        row.over,
                        info.name == playing,
                    )
                )
        return listed

    def log(self, session: AnySession) -> list[LogLine]:
        """The whole log of the game in ``session``, oldest first (a damaged entry passed over);
        the game's entries already heard are not read again (the same game, the same language)."""
        key = (id(session.journal), session.name, i18n.language())
        if self._book is None or self._book[0] != key or self._book[1].seq > session.seq:
            self._book = (key, Logbook(names_of(session.state)))
        book = self._book[1]
        for entry in session.readable(book.seq + 1):
            book.add(entry, session.recorded(entry) or [])
        return book.lines()

    @staticmethod
    def story(session: AnySession, name: str = "") -> dict[str, Any]:
        """The story of game ``name`` ("": the one in ``session``) as ``Story.as_data()``; the
        game is opened read-only for it (nothing journaled), not put on the table."""
        from companion.web.story import Story

        told = session if not name or name == session.name else open_game(session.journal, name, read_only=True)
        story = Story().replay(told.readable(), told.state_at)
        story.record(told.state)
        return story.as_data()
