"""The phrases as a JSGF grammar, and the words it needs the decoder's dictionary to know.

The grammar is the whole list of phrases sayable now: a decoder held to it can only hear one of
them (or nothing), which is what turns a noisy table into a few hundred choices.  Phrases with a
word no dictionary knows are left out (:func:`unsayable` names the words) rather than failing the
whole grammar.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from companion.listening.words import PRONUNCIATIONS, possessive

YES = ("yes", "yeah", "yes please", "do it", "confirm")
NO = ("no", "nope", "cancel", "no thanks")
Lookup = Callable[[str], str | None]  # a word -> its phones in the decoder's dictionary, or None


def jsgf(phrases: Iterable[str], name: str = "said") -> str:
    """A JSGF grammar whose one public rule is any of ``phrases`` (each a string of words)."""
    alternatives = " | ".join(sorted(set(phrases))) or "<VOID>"
    return f"#JSGF V1.0;\ngrammar table;\npublic <{name}> = {alternatives};\n"


def pronunciations(word: str, lookup: Lookup) -> tuple[str, ...]:
    """The phones of ``word``: the dictionary's, else the game's table's, else a possessive of
    either ("goat's"); () when neither knows it."""
    known = lookup(word)
    if known:
        return (known,)
    if word in PRONUNCIATIONS:
        return PRONUNCIATIONS[word]
    if word.endswith("'s"):
        return tuple(possessive(phones) for phones in pronunciations(word[:-2], lookup))
    return ()


def unsayable(phrases: Iterable[str], lookup: Lookup) -> set[str]:
    """The words of ``phrases`` that no dictionary knows (the phrases holding them are not said)."""
    return {word for phrase in phrases for word in phrase.split() if not pronunciations(word, lookup)}


def new_words(phrases: Iterable[str], lookup: Lookup) -> dict[str, tuple[str, ...]]:
    """The words of ``phrases`` the decoder's dictionary lacks but this module can say, with
    their phones (to add to the decoder before the grammar)."""
    wanted = {word for phrase in phrases for word in phrase.split() if not lookup(word)}
    return {word: found for word in sorted(wanted) if (found := pronunciations(word, lookup))}
