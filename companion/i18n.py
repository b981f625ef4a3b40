"""The table's language: gettext catalogues (compiled with Babel) for English and German.

Sentences are written in English in the code and marked with :func:`_` (or :func:`ngettext`),
with named placeholders so a translation can reorder them::

    _("{player} reaches {doom} Doom.").format(player=name, doom=12)

:func:`use` picks the language for the whole process (Settings, or the system's locale through
:func:`system_language`).  Catalogues live in ``companion/locale/<lang>/LC_MESSAGES/companion.po``;
``make`` compiles them to ``.mo`` (``pybabel compile``).  Where a ``.mo`` is missing or older
than its ``.po`` (a fresh clone run without make), the ``.po`` is compiled in memory instead, so
a language never silently falls back to English.
"""

from __future__ import annotations

import gettext
import io
import os
import re
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path

from companion.engine.says import Says

DOMAIN = "companion"
LOCALE_DIR = Path(__file__).parent / "locale"
LANGUAGES = ("en", "de")  # shipped complete; English is the source language
DEFAULT = "en"
VOICES = {"en": "en", "de": "de"}  # the espeak-ng voice that speaks each language
# Babel's keywords (``make i18n`` passes the same): the ui's marks, then the engine's templates
# (companion/engine/says.py: a refusal's, a Rejected.of's, say() and sentence(), a Spellbook
# requirement's name, an ability's question).
KEYWORDS: dict[str, tuple[int, ...] | None] = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "Refusal": (2,),
    "of": (2,),
    "say": None,
    "sentence": None,
    "Requirement": (1,),
    "AskRule": (3,),
}

_current: gettext.NullTranslations = gettext.NullTranslations()
_language = DEFAULT


class UnknownLanguage(ValueError):
    """A language the companion has no catalogue for."""


def _(message: str) -> str:
    """``message`` in the current language."""
    return _current.gettext(message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it yet: for constants made at
    import time, translated with :func:`_` where they are shown."""
    return message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or plural form of a message for ``count``, in the current language."""
    return _current.ngettext(singular, plural, count)


_FIELD = re.compile(r"\{\{|\}\}|\{(\w+)(?:![rsa])?(?::[^{}]*)?\}")


def sentence(words: str | Says) -> str:
    """One of the engine's sentences in the current language.

    A :class:`Says` is translated by its template, its values put in (a value that is itself a
    sentence is translated too).  A plain ``str`` (a prompt's question, a reason in an event,
    a correction's summary: kept as English text in the state and the journal) is found in the
    catalogue as it is, else matched against the catalogue's templates (the most specific
    first), else "who: sentence" with a catalogued sentence, else shown as it is.  Names and
    other data pass unchanged: only text with a space in it is looked up.
    """
    if isinstance(words, Says):
        if type(_current) is gettext.NullTranslations:  # English: the engine's own words
            return str(words)
        if not _has(words.template):
            return sentence(str(words))
        translated = _current.gettext(words.template)
        if not words.values:
            return translated
        values = {name: _value(value) for name, value in words.values}
        try:
            return translated.format(**values)
        except (KeyError, IndexError, ValueError):  # a broken translation: the English, not a crash
            return str(words)
    if " " not in words or type(_current) is gettext.NullTranslations:  # English, or a name
        return words
    return _matched(_current, words)


def _value(value: object) -> object:
    """A value put into a translated sentence: a nested sentence translated, data as it is."""
    return sentence(value) if isinstance(value, (Says, str)) else value


def _has(message: str) -> bool:
    return message in _messages(_current)


@lru_cache(maxsize=8)
def _messages(catalogue: gettext.NullTranslations) -> frozenset[str]:
    """The catalogue's message ids (a GNU catalogue's, or a test language's ``ids``)."""
    ids = getattr(catalogue, "ids", None)
    if ids is None:
        ids = {key for key in getattr(catalogue, "_catalog", {}) if isinstance(key, str)}
    return frozenset(ids)


@lru_cache(maxsize=8)
def _patterns(catalogue: gettext.NullTranslations) -> tuple[tuple[str, str], ...]:
    """The catalogue's templates with named fields, each with its longest piece of literal text
    (a cheap test before its pattern is compiled), the most literal text first (so "{player}:
    choose your start area." wins over a bare "{who}: {what}")."""
    found = []
    for template in _messages(catalogue):
        parts = _FIELD.split(template)
        if not any(parts[1::2]):
            continue
        literal = [p for p in parts[0::2] if p]
        if sum(ch.isalpha() for piece in literal for ch in piece) < 4:
            continue
        found.append((sum(map(len, literal)), max(literal, key=len), template))
    found.sort(key=lambda item: -item[0])
    return tuple((chunk, template) for _, chunk, template in found)


@lru_cache(maxsize=2048)
def _pattern(template: str) -> re.Pattern[str] | None:
    """``template`` as a pattern matching its English sentence, each field a named group."""
    pieces, names, last = [], set(), 0
    for field in _FIELD.finditer(template):
        pieces.append(re.escape(template[last : field.start()]))
        last = field.end()
        name = field.group(1)
        if name is None:
            pieces.append(re.escape(field.group(0)[0]))
        elif name in names:
            pieces.append(f"(?P={name})")
        else:
            names.add(name)
            pieces.append(f"(?P<{name}>.+?)")
    pieces.append(re.escape(template[last:]))
    try:
        return re.compile("".join(pieces), re.S)
    except re.error:
        return None


@lru_cache(maxsize=4096)
def _matched(catalogue: gettext.NullTranslations, words: str) -> str:
    messages = _messages(catalogue)
    for text, upper in ((words, False), (words[:1].lower() + words[1:], True)):
        if text in messages:
            return _capital(catalogue.gettext(text), upper)
        for chunk, template in _patterns(catalogue):
            if chunk not in text or (pattern := _pattern(template)) is None:
                continue
            found = pattern.fullmatch(text)
            if found is not None:
                values = {name: sentence(value) for name, value in found.groupdict().items()}
                return _capital(_fill(catalogue.gettext(template), values), upper)
    who, colon, rest = words.partition(": ")
    if colon and rest in messages:
        return f"{who}: {catalogue.gettext(rest)}"
    return words


def _fill(template: str, values: dict[str, str]) -> str:
    """``template`` with ``values`` as they were matched (their conversion and spec already applied)."""

    def one(field: re.Match[str]) -> str:
        name = field.group(1)
        return field.group(0)[0] if name is None else values.get(name, field.group(0))

    return _FIELD.sub(one, template)


def _capital(text: str, upper: bool) -> str:
    return text[:1].upper() + text[1:] if upper else text


def language() -> str:
    """The current language's code ("en", "de")."""
    return _language


def use(code: str) -> None:
    """Speak ``code`` from now on.  Raises :class:`UnknownLanguage` for a language not shipped."""
    global _current, _language
    if code not in LANGUAGES:
        raise UnknownLanguage(f"no catalogue for {code!r}: choose one of {', '.join(LANGUAGES)}")
    _current = translations(code)
    _language = code


def translations(code: str) -> gettext.NullTranslations:
    """The catalogue of ``code`` (English is the identity)."""
    if code == DEFAULT:
        return gettext.NullTranslations()
    po = LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"
    mo = po.with_suffix(".mo")
    if mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):
        with mo.open("rb") as compiled:
            return gettext.GNUTranslations(compiled)
    return _compile_in_memory(po)


def _compile_in_memory(po: Path) -> gettext.GNUTranslations:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as source:
        catalog = read_po(source)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def system_language(environ: Mapping[str, str] = os.environ) -> str:
    """The shipped language the system's locale asks for.

    GNU's order: LANGUAGE's list first, then the first of LC_ALL, LC_MESSAGES and LANG that is
    set, which decides (a language not shipped gives English).
    """
    for wanted in environ.get("LANGUAGE", "").split(":"):
        if (code := _code(wanted)) in LANGUAGES:
            return code
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if value := environ.get(variable, ""):
            code = _code(value)
            return code if code in LANGUAGES else DEFAULT
    return DEFAULT


def _code(locale_name: str) -> str:
    """ "de_DE.UTF-8" -> "de"."""
    return locale_name.split(".")[0].split("_")[0].split("@")[0].lower()
