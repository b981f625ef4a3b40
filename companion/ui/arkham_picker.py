"""Finding a Mythos card by name in a few taps: the recently drawn first, then search by typing.

The table picks the card it drew (or, when it draws for itself, enters it) from the cards still in
the deck.  With nothing typed, the cards drawn most recently come first (the last drawn is the
one most often picked again: after an Undo, or when a reshuffled deck gives it back); a few
letters typed on the on-screen keyboard narrow the list to the names containing them, names with
a word starting with them first.  Letters are compared without case, spaces or punctuation, so
"bigst" finds "Big Storm Sweeps Arkham!"; umlauts and ß match their spelled-out forms both ways
(:func:`companion.ui.keyboard.folded`), so "grö", "groe" and "GROE" all find "Größe".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from companion.ui.keyboard import folded

DRAWN = "Mythos: "  # how the log's line for a drawn card begins (companion.narrate: mythos_drawn)


def letters(words: str) -> str:
    """``words`` as the search compares them: lower-cased, umlauts spelled out (ä -> ae,
    ß -> ss), letters and digits only."""
    return folded(words)


def recently_drawn(log: Sequence[str], names: Iterable[str]) -> list[str]:
    """The cards of ``names`` that the log says were drawn, newest first, each once."""
    known = sorted(set(names), key=len, reverse=True)  # the longest first: no name is taken for a shorter one it starts with
    recent: list[str] = []
    for line in reversed(log):
        if not line.startswith(DRAWN):
            continue
        card = next((name for name in known if line.startswith(f"{DRAWN}{name} (")), None)
        if card is not None and card not in recent:
            recent.append(card)
    return recent


@lru_cache(maxsize=512)
def word_starts(name: str) -> tuple[str, ...]:
    """The letters of ``name`` from each of its words on: "Big Storm" -> ("bigstorm", "storm")."""
    words = name.split()
    return tuple(letters(" ".join(words[n:])) for n in range(len(words)))


def search(names: Iterable[str], typed: str, recent: Sequence[str] = ()) -> list[str]:
    """``names`` matching ``typed``: those with a word beginning with it first, then those
    containing it; within each, the recently drawn first (newest first), then A to Z."""
    wanted = letters(typed)
    order = {name: n for n, name in enumerate(recent)}

    def rank(name: str) -> tuple[int, int, str]:
        starts = any(rest.startswith(wanted) for rest in word_starts(name))
        return (0 if starts or not wanted else 1, order.get(name, len(order)), name)

    return sorted((name for name in set(names) if wanted in letters(name)), key=rank)
