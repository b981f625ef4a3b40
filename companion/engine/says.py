"""A sentence for people, kept as its template and its values so the screen can translate it.

The engine is the pure rules core: it has no catalogue and writes English.  But it writes each
sentence a player reads (a refusal's reason, a prompt's question, a correction's summary, a reason
inside a log line) as a *template* with named values::

    raise Refusal(Code.UNKNOWN_AREA, "There is no area called {area!r} on {board}.", area=name, board=title)

so that Babel extracts the template (``make i18n``: the keywords ``Refusal:2``, ``Says:1``,
``say:1``, ``sentence:1`` and ``Rejected.of``'s ``of:2``) and the screen shows
``_(template).format(**values)`` (:func:`companion.i18n.sentence`).  ``str()`` of a :class:`Says`
is the English sentence, exactly what the engine wrote before, so the journal, the `companion
script` answers and the tests see the same words.

Where the words must stay a plain ``str`` (a prompt's ``text``, an event's ``reason``: both are
in the state or the journal, whose form must not change), :func:`say` returns the English
sentence and the screen maps it back to its template through the catalogue.

``scripts/engine_says.py`` turns the old f-strings into this form.

A value quoted in a sentence may come from anyone (a script line, the screen's keyboard), so a
:class:`Says` cuts its text values (:func:`clipped`): one the template quotes (``{area!r}``, as
every name given to the engine is quoted) to :data:`QUOTE_MOST` characters with an ellipsis, any
other to :data:`TEXT_MOST` (the engine's own lists, "one of: ...", fit whole).  A 10 MB name makes
a sentence of a line, not of 10 MB.  The decoder's messages quote through :func:`quoted` too.
"""

from __future__ import annotations

import functools
import string
from typing import Any

from companion.engine.values import dataclass

Value = Any  # a name, a number, a nested Says: anything str.format can show
QUOTE_MOST = 80  # characters of a quoted value; a longer one is cut and ends in an ellipsis
TEXT_MOST = 240  # characters of any other text value (the longest list the engine words is 125)
ELLIPSIS = "\u2026"


def clipped(value: Value, most: int = QUOTE_MOST) -> Value:
    """``value`` with every text in it (itself, or the items of a tuple or list) cut to ``most``
    characters, the last an ellipsis; any other value as it is."""
    if isinstance(value, str):
        return value if len(value) <= most else value[: most - 1] + ELLIPSIS
    if type(value) in (tuple, list):
        return type(value)(clipped(item, most) for item in value)
    return value


@functools.lru_cache(maxsize=1024)
def quoted_fields(template: str) -> frozenset[str]:
    """The names of the fields ``template`` quotes (``{area!r}``)."""
    return frozenset(name for _, name, _, conversion in string.Formatter().parse(template) if name and conversion == "r")


def quoted(value: Value) -> str:
    """``repr`` of ``value`` cut as :func:`clipped` cuts it (``'Arkham'``; a long name
    ``'AbAb…'``), for a message that names what it was given."""
    return repr(clipped(value))


@dataclass(frozen=True, slots=True)
class Says:
    """``template`` (a ``str.format`` template with named fields) and its ``values`` by name."""

    template: str
    values: tuple[tuple[str, Value], ...] = ()

    @classmethod
    def of(cls, template: str, /, **values: Value) -> Says:
        """The sentence ``template`` with ``values``, each text in them cut (:func:`clipped`): a
        quoted one to :data:`QUOTE_MOST` characters, any other to :data:`TEXT_MOST`."""
        quoted = quoted_fields(template) if values else frozenset()
        return cls(
            template,
            tuple((name, clipped(value, QUOTE_MOST if name in quoted else TEXT_MOST)) for name, value in values.items()),
        )

    def __str__(self) -> str:
        """The English sentence."""
        return self.template.format(**dict(self.values)) if self.values else self.template

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def say(template: str, /, **values: Value) -> str:
    """The English sentence of ``template`` with ``values``, for a field that stays a ``str``
    (a prompt's text, an event's reason); the mark lets Babel extract the template."""
    return template.format(**values) if values else template


def sentence(template: str, /) -> str:
    """Mark a constant sentence (a rule's question, a requirement's name) for the catalogue
    without changing it."""
    return template
