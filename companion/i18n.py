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
from collections.abc import Mapping
from pathlib import Path

DOMAIN = "companion"
LOCALE_DIR = Path(__file__).parent / "locale"
LANGUAGES = ("en", "de")  # shipped complete; English is the source language
DEFAULT = "en"
VOICES = {"en": "en", "de": "de"}  # the espeak-ng voice that speaks each language

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
