"""Push to talk: hold, say it, hear it read back, confirm it; then the table does it.

:class:`Talk` is an input of the table, on its own thread, fed by a queue (the button's press
and release, a tap on the read-back, the microphone's chunks).  The cycle:

- press: the phrases sayable now (:func:`~companion.listening.phrases.phrasebook` of the state
  in play) become the decoder's grammar, and the microphone starts; its chunks are decoded as
  they come, so the release waits only for the utterance's end;
- release: not a whole phrase, the table says "Not understood" (shown and spoken); a phrase is
  shown and read back ("Did you say: Black Goat battles Great Cthulhu in Europe?") and waits
  :data:`CONFIRM` seconds for a second press, a tap, or a spoken "yes" (the microphone stays open,
  decoding yes or no on each stretch of speech the endpointer finds); "no" or the window's end
  drops it, said;
- confirmed: if the game moved since the phrase was heard (an entry journaled, another game
  opened) it is refused ("the table moved on"); else its command is posted on the table's queue,
  or its button pressed, exactly as a tap or the panel's button would (journaled with its input's
  identity, decided on the table's thread).

What the cycle is doing is reported through ``status(doing, phrase)`` at each change (the
screen draws its talk control from it): :data:`IDLE`, :data:`LISTENING` (held), :data:`WAITING`
(``phrase`` read back, waiting for its confirmation) or :data:`NOT_UNDERSTOOD` (until the next
press).

The clock is injected (``clock``) and nothing sleeps: the thread waits on its queue until the
window's end, and :meth:`Talk.tick` wakes it after a test moved its clock.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.i18n import _
from companion.listening.grammar import NO, YES
from companion.listening.microphone import Sink, Source
from companion.listening.phrases import Phrase, phrasebook
from companion.listening.recognizer import Recognizer

log = logging.getLogger(__name__)

CONFIRM = 6.0  # seconds a read-back waits for its confirmation before it is dropped
Say = Callable[[str], None]
Status = Callable[[str, str], None]  # what the cycle does now, and the phrase read back ("" if none)

# What the cycle is doing (companion.client.Talking carries it to the screen).
IDLE = "idle"  # nobody holds the button, nothing waits
LISTENING = "listening"  # the button is held: the microphone is heard
WAITING = "waiting"  # a phrase was read back and waits for "yes" (a press, a tap) or "no"
NOT_UNDERSTOOD = "not understood"  # the last hold said no whole phrase (until the next press)


@dataclass(frozen=True)
class Press:
    """The talk button (or key) went down; ``holder``: which control (the panel's button, the
    window's key, the screen's control, a phone's page)."""

    holder: str = ""


@dataclass(frozen=True)
class Release:
    """The talk button went up (``holder``: as :class:`Press`)."""

    holder: str = ""


@dataclass(frozen=True)
class Tap:
    """The read-back was tapped on the screen: confirm it."""


@dataclass(frozen=True)
class Drop:
    """The read-back was refused on the screen ("No"): drop it."""


@dataclass(frozen=True)
class Audio:
    pcm: bytes


@dataclass(frozen=True)
class Tick:
    """Look at the clock (a confirmation's window may have ended)."""


@dataclass(frozen=True)
class Stop:
    pass


TalkInput = Press | Release | Tap | Drop | Audio | Tick | Stop


@dataclass(frozen=True)
class Offer:
    """A phrase heard, read back, waiting for its confirmation until ``until`` (the clock's s);
    ``game`` and ``seq``: where the table was when it was heard."""

    phrase: Phrase
    game: str
    seq: int
    until: float


class Talk:
    """The push-to-talk cycle of one table.

    ``table``: a :class:`companion.table.Table` (its ``session``, ``post`` and ``button`` are
    used); ``open_source(sink)``: the microphone or a :class:`FileSource`, opened here with this
    cycle's queue as its sink; ``show`` and ``speak``: how a sentence reaches the screen and the
    speaker; ``quiet()``: whether the speaker is silent (audio heard while it speaks is its own
    read-back, not an answer); ``clock``: seconds, monotonic; ``status(doing, phrase)``: told
    on the cycle's thread at each change of what it is doing (:data:`IDLE`...)."""

    def __init__(
        self,
        table: Any,
        recognizer: Recognizer,
        open_source: Callable[[Sink], Source],
        *,
        show: Say,
        speak: Say,
        quiet: Callable[[], bool] = lambda: True,
        clock: Callable[[], float] = time.monotonic,
        confirm: float = CONFIRM,
        status: Status = lambda doing, phrase: None,
    ) -> None:
        self.table = table
        self.recognizer = recognizer
        self.show, self.speak, self.quiet, self.clock, self.confirm = show, speak, quiet, clock, confirm
        self.inputs: queue.SimpleQueue[TalkInput] = queue.SimpleQueue()
        self.source = open_source(self.audio)
        self.book: dict[str, Phrase] = {}
        self.heard_at = ("", 0)
        self.recording = False
        self.holder = ""  # the control holding the button while recording
        self.offer: Offer | None = None
        self.answer = _Answer(recognizer)
        self._thread: threading.Thread | None = None
        self.status = status
        self.doing = IDLE

    # -- from any thread: only ever put on the queue --------------------------------------------

    def press(self, holder: str = "") -> None:
        self.inputs.put(Press(holder))

    def release(self, holder: str = "") -> None:
        self.inputs.put(Release(holder))

    def talk(self, pressed: bool, holder: str = "") -> None:
        """The button, a key, the screen's control or a phone (``holder`` names which): down
        (True) or up (False).  A hold is its holder's: while one control holds, another's press
        and release are passed over (a tap on the screen's control does not cut a phone's
        sentence short)."""
        self.inputs.put(Press(holder) if pressed else Release(holder))

    def tap(self) -> None:
        self.inputs.put(Tap())

    def drop(self) -> None:
        """The screen's "No": the read-back waiting is dropped (nothing if none waits)."""
        self.inputs.put(Drop())

    def tick(self) -> None:
        self.inputs.put(Tick())

    def audio(self, pcm: bytes) -> None:
        """The source's sink: a chunk of PCM (on the microphone's thread)."""
        self.inputs.put(Audio(pcm))

    # -- the thread -------------------------------------------------------------------------------

    def start(self) -> Talk:
        self._thread = threading.Thread(target=self._run, name="talk", daemon=True)
        self._thread.start()
        return self

    def close(self, timeout: float = 5.0) -> None:
        """Stop the thread and release the microphone (safe to call twice)."""
        self.inputs.put(Stop())
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None
        self.source.close()

    def _run(self) -> None:
        while self.step():
            pass

    def step(self, timeout: float | None = None) -> bool:
        """Handle one input (waiting until the confirmation's window ends, or ``timeout`` s);
        False once stopped."""
        wait = timeout
        if self.offer is not None:
            left = max(0.0, self.offer.until - self.clock())
            wait = left if wait is None else min(wait, left)
        try:
            item = self.inputs.get(timeout=wait)
        except queue.Empty:
            item = Tick()
        if isinstance(item, Stop):
            return False
        try:
            self._handle(item)
        except Exception:  # a broken decode never ends the cycle: the next press starts afresh
            log.exception("talk: %r failed", item)
            self._reset()
        return True

    def _handle(self, item: TalkInput) -> None:
        if isinstance(item, Audio):
            self._audio(item.pcm)
        elif isinstance(item, Press):
            if self.offer is not None:
                self._confirmed()
            elif not self.recording:  # a key's auto-repeat, or a bounce, while held: one hold
                self.holder = item.holder
                self._record()
        elif isinstance(item, Release):
            if self.recording and item.holder == self.holder:  # another control's let-go ends no hold
                self._heard()
        elif isinstance(item, Tap):
            if self.offer is not None:
                self._confirmed()
        elif isinstance(item, Drop):
            if self.offer is not None:
                self._drop(_("Dropped."))
        elif self.offer is not None and self.clock() >= self.offer.until:
            self._drop(_("Not confirmed: dropped."))

    # -- the cycle --------------------------------------------------------------------------------

    def _record(self) -> None:
        session = self.table.session
        self.book = phrasebook(session.state)
        self.heard_at = (session.name, session.seq)
        self.recognizer.expect(list(self.book))  # compiled while the speaker starts to talk
        self.recognizer.begin()
        self.recording = True
        self._doing(LISTENING)
        self.source.start()

    def _audio(self, pcm: bytes) -> None:
        if self.recording:
            self.recognizer.feed(pcm)
        elif self.offer is not None and self.quiet():
            said = self.answer.feed(pcm)
            if said in YES:
                self._confirmed()
            elif said in NO:
                self._drop(_("Dropped."))

    def _heard(self) -> None:
        self.source.stop()
        self.recording = False
        heard = self.recognizer.end()
        phrase = self.book.get(heard.words) if heard.whole else None
        if phrase is None:
            log.info("talk: not understood (%r)", heard.words)
            self._doing(NOT_UNDERSTOOD)
            self._say(_("Not understood: hold the button and say it again."))
            return
        game, seq = self.heard_at
        self.offer = Offer(phrase, game, seq, self.clock() + self.confirm)
        self._doing(WAITING, phrase.text)
        self._say(_("Did you say: {phrase}?").format(phrase=phrase.text))
        self.answer.open()
        self.source.start()  # the confirmation's window: yes or no

    def _confirmed(self) -> None:
        offer = self.offer
        assert offer is not None
        self._close_window()
        self._doing(IDLE)
        session = self.table.session
        if (session.name, session.seq) != (offer.game, offer.seq):
            self._say(_("The table moved on: say it again."))
        elif offer.phrase.command is not None:
            self.table.post(offer.phrase.command)
        else:
            self.table.button(offer.phrase.button)

    def _drop(self, sentence: str) -> None:
        self._close_window()
        self._doing(IDLE)
        self._say(sentence)

    def _close_window(self) -> None:
        self.source.stop()
        self.answer.close()
        self.offer = None

    def _reset(self) -> None:
        self.source.stop()
        self.recording = False
        self.offer = None
        self.answer.close()
        self._doing(IDLE)

    def _doing(self, doing: str, phrase: str = "") -> None:
        """What the cycle does now, told to ``status`` (a status that fails never stops the cycle)."""
        self.doing = doing
        try:
            self.status(doing, phrase)
        except Exception:
            log.exception("talk: the status %r was not taken", doing)

    def _say(self, sentence: str) -> None:
        self.show(sentence)
        self.speak(sentence)


class _Answer:
    """Yes or no, heard in the confirmation's window: the endpointer finds each stretch of speech
    in the open microphone's chunks, and each is decoded against the yes/no grammar."""

    def __init__(self, recognizer: Recognizer) -> None:
        self.recognizer = recognizer
        self.endpointer: Any = None
        self.rest = b""
        self.speaking = False

    def open(self) -> None:
        from pocketsphinx import Endpointer  # a recognizer exists: pocketsphinx is installed

        self.recognizer.expect_answer()
        self.endpointer = Endpointer()
        self.rest, self.speaking = b"", False

    def close(self) -> None:
        if self.speaking:
            self.recognizer.end()
        self.endpointer, self.rest, self.speaking = None, b"", False

    def feed(self, pcm: bytes) -> str:
        """Take a chunk; the words of a stretch of speech it ended ("" while none ended)."""
        if self.endpointer is None:
            return ""
        size = self.endpointer.frame_bytes
        data = self.rest + pcm
        said = ""
        whole = len(data) - len(data) % size
        for at in range(0, whole, size):
            speech = self.endpointer.process(data[at : at + size])
            if speech is not None:
                if not self.speaking:
                    self.recognizer.begin()
                    self.speaking = True
                self.recognizer.feed(speech)
            if self.speaking and not self.endpointer.in_speech:
                self.speaking = False
                heard = self.recognizer.end()
                said = heard.words if heard.whole else ""
                if said:
                    break
        self.rest = data[whole:]
        return said
