"""The speech queue: big moments first and in order, stale routine lines dropped, never blocks."""

from __future__ import annotations

import threading

from companion.voice.lines import Line, Priority
from companion.voice.queue import MAX_WAITING, SpeechQueue


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class Recorder:
    """A sink that records what it was asked to say; ``gate`` holds it on the first line."""

    def __init__(self) -> None:
        self.said: list[str] = []
        self.gate = threading.Event()
        self.started = threading.Event()

    def say(self, line: Line) -> None:
        self.started.set()
        self.gate.wait(5)
        self.said.append(line.text)


def routine(text: str) -> Line:
    return Line(text)


def big(text: str) -> Line:
    return Line(text, Priority.BIG)


def test_big_moments_go_before_routine_lines_and_keep_their_order() -> None:
    queue = SpeechQueue(Recorder(), clock=Clock())  # not started: taken by hand
    for line in (routine("turn"), big("watcher awakens"), routine("roll"), big("ancient one")):
        queue.put(line)
    assert [queue.next_line(0).text for _ in range(4)] == ["watcher awakens", "ancient one", "turn", "roll"]  # type: ignore[union-attr]


def test_routine_lines_older_than_max_age_are_dropped_but_big_ones_never() -> None:
    clock = Clock()
    queue = SpeechQueue(Recorder(), clock=clock, max_age=4.0)
    queue.put(routine("stale turn"))
    queue.put(big("old but big"))
    clock.now += 5.0
    queue.put(routine("fresh turn"))
    assert queue.next_line(0).text == "old but big"  # type: ignore[union-attr]
    assert queue.next_line(0).text == "fresh turn"  # type: ignore[union-attr]
    assert queue.next_line(0) is None and queue.dropped == 1


def test_put_never_blocks_while_a_line_is_being_said_and_the_queue_stays_bounded() -> None:
    sink = Recorder()
    queue = SpeechQueue(sink, clock=Clock()).start()
    queue.put(big("first"))
    assert sink.started.wait(5)
    for i in range(MAX_WAITING + 10):
        queue.put(routine(f"line {i}"))  # the sink is held: these only wait
    queue.put(big("last big"))
    sink.gate.set()
    assert queue.wait_idle(5)
    queue.close()
    assert sink.said[:2] == ["first", "last big"]
    assert len(sink.said) == 1 + MAX_WAITING and queue.dropped == 11
    assert sink.said[-1] == f"line {MAX_WAITING + 9}"  # the oldest routine lines made room


def test_close_stops_the_thread_and_is_safe_twice() -> None:
    queue = SpeechQueue(Recorder()).start()
    queue.close()
    queue.close()
    queue.put(big("after close"))
    assert queue.next_line(0) is None
