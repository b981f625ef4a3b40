"""The screen's narrow view of the table: what ``companion/ui/`` may know of the rest of the house.

The screen posts commands, reads notices, asks the table to open a game (start one, resume
one, list the stored ones), and is handed what was journaled (the state and its words).  It
does not see the session, the journal, the tower or the panel: the appliance
(:mod:`companion.appliance`) wires those and gives the screen a :class:`TableClient`.
``tests/ui/test_layering.py`` holds ``companion/ui/`` to this module, the engine and the
palette.

This module imports nothing but the engine: it is the contract, not the wiring.
"""

from __future__ import annotations

from typing import Any, Protocol

from companion.engine import Command
from companion.engine.mapdef import MapDef
from companion.engine.values import dataclass


@dataclass(frozen=True)
class VoiceChoice:
    """What the settings screen chose for the voice: the speaker applies it at once."""

    speech: bool = True  # say the lines (the cues follow the "Sound cues" switch)
    volume: float = 0.8  # 0..1
    big_only: bool = False  # only the big moments, or everything worth a line
    voice: str = ""  # an espeak-ng voice; "" follows the language


@dataclass(frozen=True)
class Talking:
    """What the table's push-to-talk cycle is doing (docs/voice.md), for the screen's talk control.

    ``doing``: "off" (the table does not listen: no control), "idle", "listening" (held),
    "waiting" (``phrase`` was read back and waits for Yes or No) or "not understood" (the last
    hold said no whole phrase)."""

    doing: str = "off"
    phrase: str = ""

    @property
    def on(self) -> bool:
        """Whether the table listens (the screen shows its talk control)."""
        return self.doing != "off"


class Screen(Protocol):
    """What the client hands the screen.  Called on the table's thread: the screen takes each
    hand-over to its own thread (it never draws from these calls)."""

    def entered(self, state: Any, lines: list[str]) -> None:
        """An entry was journaled: the state it led to, its events in words."""

    def decided(self, state: Any, lines: list[str]) -> None:
        """An entry was decided and is being journaled: the screen may draw ``state`` (and its
        words) but shows it only when :meth:`entered` hands it over."""

    def withdrawn(self) -> None:
        """The entry last decided was not journaled: nothing of it may be shown."""

    def attached(self, state: Any, lines: list[str], games: list[Any], *, home: bool) -> None:
        """A game is on the table (``home``: a new one, show its own table): its state, recent
        words, the newest stored game (for Resume)."""

    def listed(self, games: list[Any]) -> None:
        """The newest stored game, as asked by :meth:`TableClient.list_games`."""

    def noticed(self) -> None:
        """A new notice (read them with :meth:`TableClient.notices`)."""

    def wake(self) -> None:
        """Something was queued for the table: the screen's loop should turn now."""

    # A screen with a ``made_by(input_id)`` method is also told, just before each
    # :meth:`decided` and :meth:`entered`, which input made that entry ("" none): the Fix
    # page says a correction is recorded only when the entry its Record made is journaled.


@dataclass(frozen=True)
class Leds:
    """What the panel's pins hold right now (the demo draws them as virtual LEDs).

    Each light is None when it is not wired; levels are 0 to 1; ``breathing``: the Watcher
    light moves by itself, so the screen redraws it while it does.  ``labels``: what the
    Watcher light, the worm light, the Doom bar and the status light mean in the game being
    played, in that order ("": no part in this game)."""

    watcher: float | None = None
    worm: float | None = None
    doom: tuple[float, ...] | None = None
    status: tuple[float, float, float] | None = None
    pins: tuple[tuple[str, int], ...] = ()
    breathing: bool = False
    labels: tuple[str, str, str, str] = ("Watcher", "Worm", "Doom bar", "Status")


@dataclass(frozen=True)
class PhoneLink:
    """A seat's link for a phone (or the spectators' for a TV), for the Phones page: ``seat`` ""
    is the spectators'; ``code``: the link's QR code as rows of modules (True: dark)."""

    seat: str
    label: str
    url: str
    code: tuple[tuple[bool, ...], ...] = ()
    on: bool = True  # the server takes pages (the Phones page's switch)


class MapShelf(Protocol):
    """The map files the new-game screen lists and the map builder saves to."""

    def names(self) -> list[Any]:
        """The maps to offer (each with ``name``, ``title``, ``status``)."""

    def load(self, name: str) -> MapDef | str:
        """The map called ``name``, or why it cannot be used (a sentence)."""

    def save(self, board: MapDef) -> str:
        """Save a transcribed map; where it went, or why not (a sentence starting "Not saved")."""


class TableClient(Protocol):
    """The table as the screen sees it."""

    @property
    def maps(self) -> MapShelf:
        """The map files (listed on the new-game screen, saved by the map builder)."""

    def connect(self, screen: Screen) -> None:
        """Start handing ``screen`` what is journaled (and the game in play, at once)."""

    def post(self, command: Command) -> None:
        """A command for the game in play; its result comes back as :meth:`Screen.entered` or a
        notice."""

    def start(self, first: Command) -> None:
        """Start a new stored game from its first command (Cthulhu Wars or Arkham Horror)."""

    def resume(self, name: str) -> None:
        """Resume stored game ``name`` (a notice if it is gone or damaged)."""

    def list_games(self) -> None:
        """Ask for the newest stored game; it comes back as :meth:`Screen.listed`."""

    def notices(self) -> list[str]:
        """What the table said that is not a game event (newest last)."""

    def say(self, text: str) -> None:
        """Add a notice (the screen's own refusals, e.g. a map file gone)."""

    def pump(self) -> bool:
        """Handle the inputs waiting now if the table is stepped by the screen's loop (tests);
        False when nothing was handled or the table runs on its own thread."""

    def idle(self) -> None:
        """A quiet moment on the screen's loop (the journal's housekeeping when stepped here)."""

    def settled(self, shown: Any) -> bool:
        """Whether nothing is pending and ``shown`` is the state in play (the demo's players wait
        for it)."""

    def play(self) -> bool:
        """One move by the demo's players, if any; False when they have nothing left to play."""

    def tower(self) -> Any:
        """The tower link's status (``state``, ``url``, counts, ``last_error``), or None."""

    def last_roll(self) -> str:
        """The tower's last roll and what became of it."""

    def leds(self) -> Leds | None:
        """The panel's lights now, or None without a panel."""

    def set_sound(self, on: bool) -> None:
        """The settings screen's "Sound cues" switch."""

    def set_voice(self, choice: VoiceChoice) -> None:
        """The settings screen's voice choices (speech, volume, how much is said, the voice)."""

    def phones(self) -> list[PhoneLink]:
        """The seats' links and the spectators' (the Phones page); [] when the server is off."""

    def reissue(self, seat: str) -> None:
        """Revoke ``seat``'s link (a lost phone: its page is closed) and issue a new one."""

    def set_phones(self, on: bool) -> None:
        """The Phones page's switch: off closes every phone's and TV's page and takes no new one
        until on again (each page then resumes where it was)."""

    def talk(self, pressed: bool, holder: str = "") -> None:
        """The talk key held (True) or let go (False) by ``holder`` (which control: "key",
        "screen", "seat:<id>"): a spoken command (docs/voice.md); nothing when the table does not
        listen.  While one holder holds, another's press and release are passed over."""

    def talking(self) -> Talking:
        """What the push-to-talk cycle is doing now (``doing`` "off": the table does not listen).
        A screen with a ``talked(talking)`` method is also handed each change (on another thread)."""

    def answer(self, yes: bool) -> None:
        """The screen's Yes (apply the command read back) or No (drop it); nothing when none waits."""

    def close(self) -> None:
        """Stop the table's thread (if any); the journal stays open for its owner."""

    def post_once(self, command: Command, input_id: str) -> None:
        """A command made by the input ``input_id`` (a correction's draft on the Fix page):
        posted again with the same identity, it is applied once."""


@dataclass(frozen=True)
class StoredGame:
    """A stored game as the Games page lists it: ``kind`` "Cthulhu Wars" or "Arkham Horror",
    ``round`` (Arkham: its Mythos Phases), the players' names, ``updated`` (wall-clock seconds of
    its last entry), ``over`` once it ended, ``playing``: the game on the table now."""

    name: str
    title: str
    kind: str
    round: int
    players: tuple[str, ...]
    updated: float
    archived: bool = False
    over: bool = False
    playing: bool = False


@dataclass(frozen=True)
class LogLine:
    """One line of the log: an event's words in the entry ``seq`` of the journal, in ``round``
    (0: none, Arkham), the ids of the players it is about (the filter's), its event type, and
    ``undone``: its entry is off the game's path now (an undo took it back, struck through)."""

    seq: int
    round: int
    words: str
    players: tuple[str, ...] = ()
    kind: str = ""
    undone: bool = False


class Said(str):
    """A log line's words that know the type of the event they word (``kind``) and whether they
    are the first of their entry's (``opens``); to everything else, a plain string."""

    kind: str
    opens: bool

    def __new__(cls, words: str, kind: str = "", opens: bool = False) -> Said:
        said = super().__new__(cls, words)
        said.kind, said.opens = kind, opens
        return said


class Keeper(Protocol):
    """What the Games page, the scrolling log and the story ask of the table, beside
    :class:`TableClient` (the window's client has both; each answer comes back to the screen
    through :class:`Ledger`)."""

    def catalogue(self) -> None:
        """Every stored game (not deleted) as :class:`StoredGame`, newest first:
        :meth:`Ledger.catalogued`."""

    def rename_game(self, name: str, title: str) -> None:
        """Give game ``name`` the title ``title``, then list the games again."""

    def archive_game(self, name: str, archived: bool) -> None:
        """Archive game ``name`` (or bring it back), then list the games again."""

    def delete_game(self, name: str) -> None:
        """Mark game ``name`` deleted (its journal keeps it), then list the games again; the game
        on the table is not deleted (a notice says so)."""

    def read_log(self) -> None:
        """The game in play's whole log as :class:`LogLine`: :meth:`Ledger.logged`."""

    def read_story(self, name: str = "") -> None:
        """The story of game ``name`` ("": the one in play), as companion/web/story.py's
        ``Story.as_data()``: :meth:`Ledger.told`."""


class Ledger(Protocol):
    """The screen's side of :class:`Keeper` (called on the table's thread)."""

    def catalogued(self, games: list[StoredGame]) -> None:
        """The stored games, newest first."""

    def logged(self, lines: list[LogLine]) -> None:
        """The game in play's log, oldest first."""

    def told(self, name: str, story: dict[str, Any]) -> None:
        """The story of game ``name``."""
