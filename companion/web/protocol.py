"""The phones' protocol: what a page may send, checked before anything reads it (pure).

Client to server, JSON text frames of at most :data:`MAX_MESSAGE` bytes:

- ``{"type": "hello", "secret": str, "game": str, "since": int}``: the first message; ``secret``
  is "" for the TV.  ``game``/``since``: the game and the last entry this page saw (a reconnect
  resumes from there).
- ``{"type": "act", "at": int, "key": str, "command": {...}}`` or ``..."roll": [int, ...]``: a
  seat's command, decided on entry ``at``, with an idempotency key (8 to 64 of ``A-Za-z0-9_-``).
- ``{"type": "talk", "pressed": bool}``: the seat's talk control held (true) or let go (false):
  the table's microphone listens while it is held (a second press answers yes).

Anything else is refused with a sentence (:class:`Malformed`), and nothing is applied.
See docs/web.md for the server's answers.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

MAX_MESSAGE = 4096  # bytes of one frame from a page
MAX_DICE = 20  # a roll entered on a phone: at most this many dice
KEY = re.compile(r"[A-Za-z0-9_-]{8,64}")


class Malformed(ValueError):
    """A message that is not the protocol's; the text says what was wrong."""


@dataclass(frozen=True)
class Hello:
    secret: str
    game: str
    since: int


@dataclass(frozen=True)
class Act:
    at: int  # the journal position (entry number) the command was decided on
    key: str  # the idempotency key: the same key is applied once
    command: Any  # the command's data (companion.engine.to_data), or None for a roll
    roll: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Talk:
    pressed: bool  # held (True) or let go (False)


def _whole(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**53:
        raise Malformed(f"{name} must be a whole number of at least 0.")
    return value


def parse(text: str | bytes) -> Hello | Act | Talk:
    """The message in ``text``; :raises Malformed: saying what is wrong."""
    if len(text) > MAX_MESSAGE:
        raise Malformed(f"message too long ({len(text)} bytes; at most {MAX_MESSAGE}).")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise Malformed("not JSON.") from None
    if not isinstance(data, dict):
        raise Malformed("a message is a JSON object.")
    kind = data.get("type")
    if kind == "hello":
        secret, game = data.get("secret", ""), data.get("game", "")
        if not isinstance(secret, str) or not isinstance(game, str) or len(game) > 200:
            raise Malformed("hello: secret and game must be text.")
        return Hello(secret, game, _whole(data.get("since", 0), "since"))
    if kind == "act":
        key = data.get("key")
        if not isinstance(key, str) or not KEY.fullmatch(key):
            raise Malformed("act: key must be 8 to 64 letters, digits, _ or -.")
        at = _whole(data.get("at"), "at")
        roll = data.get("roll")
        if roll is not None:
            if not isinstance(roll, list) or not 0 < len(roll) <= MAX_DICE or not all(_die(v) for v in roll):
                raise Malformed(f"act: roll must be 1 to {MAX_DICE} die faces (1 to 6).")
            return Act(at, key, None, tuple(roll))
        command = data.get("command")
        if not isinstance(command, dict):
            raise Malformed("act: command must be an object (one of the offers).")
        return Act(at, key, command)
    if kind == "talk":
        pressed = data.get("pressed")
        if not isinstance(pressed, bool):
            raise Malformed("talk: pressed must be true or false.")
        return Talk(pressed)
    raise Malformed(f"unknown message type {kind!r} (hello, act, talk).")


def _die(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 6
