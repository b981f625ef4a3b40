"""The speech queue: one thread says the lines, big moments first, stale routine lines dropped.

The table loop only :meth:`SpeechQueue.put`\\ s lines (never blocks); the queue's own thread
hands them one at a time to a :class:`Sink` (the audio output), which blocks while it plays.
Order: BIG lines before ROUTINE ones, each kind in arrival order.  A ROUTINE line that waited
longer than ``max_age`` seconds is dropped when its turn comes: a turn announced ten seconds
late is worse than none.  Time comes from the injected ``clock`` (``time.monotonic`` by default).
"""

from __future__ import annotations

import heapq
import itertools
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from companion.voice.lines import Line, Priority

log = logging.getLogger(__name__)

MAX_AGE = 4.0  # seconds a routine line may wait before it is no longer worth saying
MAX_WAITING = 32  # lines kept waiting at most; the oldest routine ones go first


class Sink(Protocol):
    """Where lines are said: blocks until the line (and its cue) has been played."""

    def say(self, line: Line) -> None: ...


@dataclass(order=True, frozen=True, slots=True)
class _Waiting:
    priority: Priority
    order: int
    at: float = field(compare=False)
    line: Line = field(compare=False)


class SpeechQueue:
    """A thread that says lines through ``sink``; :meth:`close` stops it (safe to call twice)."""

    def __init__(self, sink: Sink, *, clock: Callable[[], float] = time.monotonic, max_age: float = MAX_AGE) -> None:
        self._sink = sink
        self._clock = clock
        self._max_age = max_age
        self._heap: list[_Waiting] = []
        self._order = itertools.count()
        self._ready = threading.Condition()
        self._closed = False
        self._speaking = False
        self.dropped = 0  # routine lines dropped as stale or for room, for the log and the tests
        self._thread = threading.Thread(target=self._run, name="speech", daemon=True)

    def start(self) -> SpeechQueue:
        self._thread.start()
        return self

    def put(self, line: Line) -> None:
        """Queue ``line`` (never blocks); when full, the oldest routine line makes room."""
        with self._ready:
            if self._closed:
                return
            heapq.heappush(self._heap, _Waiting(line.priority, next(self._order), self._clock(), line))
            if len(self._heap) > MAX_WAITING:
                self._drop_oldest_routine()
            self._ready.notify()

    def next_line(self, timeout: float | None = None) -> Line | None:
        """The next line worth saying, waiting up to ``timeout`` s; None when closed or timed out."""
        with self._ready:
            deadline = None if timeout is None else self._clock() + timeout
            while True:
                while self._heap:
                    waiting = heapq.heappop(self._heap)
                    if waiting.priority is Priority.BIG or self._clock() - waiting.at <= self._max_age:
                        self._speaking = True  # under the same lock, so wait_idle never sees a gap
                        return waiting.line
                    self.dropped += 1
                if self._closed:
                    self._ready.notify_all()
                    return None
                remaining = None if deadline is None else deadline - self._clock()
                if remaining is not None and remaining <= 0:
                    return None
                self._ready.wait(remaining)

    def wait_idle(self, timeout: float) -> bool:
        """Wait until nothing waits and nothing is being said; False if ``timeout`` s passed first."""
        with self._ready:
            return self._ready.wait_for(lambda: not self._heap and not self._speaking, timeout)

    def close(self, timeout: float = 5.0) -> None:
        """Stop taking lines, let the current one finish, and join the thread."""
        with self._ready:
            self._closed = True
            self._heap.clear()
            self._ready.notify_all()
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join(timeout)

    def _drop_oldest_routine(self) -> None:
        routine = [w for w in self._heap if w.priority is Priority.ROUTINE]
        if routine:
            self._heap.remove(min(routine, key=lambda w: w.order))
            heapq.heapify(self._heap)
            self.dropped += 1

    def _run(self) -> None:
        while (line := self.next_line()) is not None:
            try:
                self._sink.say(line)
            except Exception:  # a broken voice must never take the table with it
                log.exception("could not say %r", line.text)
            finally:
                with self._ready:
                    self._speaking = False
                    self._ready.notify_all()
