"""Names a command carries: checked before they reach the state, the journal and the screen.

A name the table types (a seat's, an investigator's, an area's or a map's) must be something the
screen can draw: printable characters only (no NUL or other control character, no lone surrogate
from a broken JSON escape), 1 to a limit of characters once surrounding whitespace is stripped.
The screen's font refuses a NUL outright, so a name accepted here could otherwise stop the
appliance every time the game is resumed.  Refusals carry :attr:`Code.BAD_NAME`.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from companion.engine.core import Code, Refusal
from companion.engine.says import say, sentence

NAME_LIMIT = 30  # characters in a person's or a seat's name: it must fit the screen
PLACE_LIMIT = 40  # an area's or a map's name: printed names reach 32 ("The Worm that Gnaws in the Night")
TITLE_LIMIT = 80  # a map's title, drawn on a line of its own

# A command's field names by class, found once: every command is walked (the tower's roll too).
# Without it the resolving roll (apply and its journal encoding; callgrind, bench/instructions.py)
# takes 1.95% more instructions (1.370 M -> 1.396 M): kept, between the rules' 1% and 2%
# (docs/architecture.md).  Written once per class, the same value from any thread.
_FIELDS: dict[type, tuple[str, ...]] = {}


def name_problem(text: str, what: str = sentence("A name"), limit: int = NAME_LIMIT) -> str | None:
    """Why ``text`` (surrounding whitespace aside) cannot be a name, as a sentence; None when it can.

    ``what`` begins the sentence ("A seat's name"); ``limit`` is in characters.
    """
    name = text.strip()
    if not name:
        return say("{what} is empty: give 1 to {limit} characters.", what=what, limit=limit)
    if len(name) > limit:
        return say("{what} has {count} characters; at most {limit} fit the screen.", what=what, count=len(name), limit=limit)
    return unprintable(name, what)


def unprintable(text: str, what: str = sentence("A name")) -> str | None:
    """Why ``text`` holds a character the screen cannot show (a control character, a lone
    surrogate, a non-space separator); None when every character is printable."""
    if text.isprintable():  # the common case, in C
        return None
    bad = next(ch for ch in text if not ch.isprintable())
    kind = sentence("a lone surrogate") if 0xD800 <= ord(bad) <= 0xDFFF else sentence("the control character")
    if bad.isspace():
        kind = sentence("the whitespace character")
    return say(
        "{what} holds {kind} U+{ord:04X}, which the screen cannot show; use letters, digits, spaces and punctuation.",
        what=what,
        kind=kind,
        ord=ord(bad),
    )


def clean_name(text: str, what: str = sentence("A name"), limit: int = NAME_LIMIT) -> str:
    """``text`` without surrounding whitespace, when it is a usable name.

    :raises Refusal: with :attr:`Code.BAD_NAME` and the reason (see :func:`name_problem`).
    """
    problem = name_problem(text, what, limit)
    if problem is not None:
        raise Refusal(Code.BAD_NAME, problem)
    return text.strip()


def command_text_problem(command: Any) -> str | None:
    """The first string field of ``command`` (a frozen dataclass; tuples and nested dataclasses
    followed) holding a character the screen cannot show, as a sentence; None when all can be shown.

    Every name a command carries during play (a unit's, an area's, an investigator's) ends up in
    the log's words or on a button, so none may hold what the font refuses.
    """
    if type(command) in _FIELDS:  # (a class walked before: not a string, not a tuple)
        return _fields_problem(command)
    return _walk(command, "")


def _walk(value: Any, field: str) -> str | None:
    if isinstance(value, str):  # a StrEnum too
        return None if value.isprintable() else unprintable(value, say("The {field}", field=field or "text"))
    if isinstance(value, tuple):
        for item in value:
            if not isinstance(item, _PLAIN):
                found = _walk(item, field)
                if found:
                    return found
        return None
    if type(value) not in _FIELDS:
        if not dataclasses.is_dataclass(value) or isinstance(value, type):
            return None
        _FIELDS[type(value)] = tuple(f.name for f in dataclasses.fields(value))
    return _fields_problem(value)


def _fields_problem(value: Any) -> str | None:
    """:func:`_walk` of each field of ``value``, a dataclass whose names are in :data:`_FIELDS`.

    Every command is walked (the tower's roll too), so the usual fields are settled here by
    their exact type, without a call: a string, a number, None, a tuple of numbers (a roll's
    dice).  ``isinstance`` is no quicker: a value that is not of the class asked about costs a
    lookup of its ``__class__``.  Anything else (a StrEnum, a nested value) is walked."""
    for name in _FIELDS[type(value)]:
        item = getattr(value, name)
        kind = type(item)
        if kind is str:
            if item.isprintable():
                continue
        elif kind is tuple:
            if _PLAIN_TYPES.issuperset(map(type, item)):  # (in C, whatever the number of dice)
                continue
        elif kind in _PLAIN_TYPES or isinstance(item, _PLAIN):  # numbers and None hold no text
            continue
        found = _walk(item, name)
        if found:
            return found
    return None


_PLAIN = (int, float, type(None))
_PLAIN_TYPES = frozenset(_PLAIN)
