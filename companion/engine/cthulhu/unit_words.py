"""Units counted in words: "1 Acolyte", "2 Acolytes", "3 Dark Young", "2 Serpent Men".

The units' names are the cards' own and stay English in every language (as the cards are
printed), so their plurals are English too and live here, in the engine, once: the engine's
correction summaries ("Great Cthulhu: 6 Acolytes removed from Asia") and the log's lines
(:mod:`companion.narrate`) both count units with :func:`unit_words`.
"""

from __future__ import annotations

# Every unit that comes more than one to a box is in one of these three (a test holds it); a
# Great Old One's name, one of its kind, reads as it is.
IRREGULAR = {
    "Cat from Mars": "Cats from Mars",
    "Cat from Saturn": "Cats from Saturn",
    "Cat from Uranus": "Cats from Uranus",
    "Serpent Man": "Serpent Men",
    "Un-Man": "Un-Men",
}
# The names that take an "s".
REGULAR = frozenset(
    {
        "Abomination",
        "Acolyte",
        "Deep One",
        "Earth Cat",
        "Flying Polyp",
        "Ghast",
        "Ghoul",
        "Great Old One",
        "Gug",
        "High Priest",
        "Hunting Horror",
        "Independent Great Old One",
        "Monster",
        "Mutant",
        "Nightgaunt",
        "Proto-Shoggoth",
        "Shantak",
        "Shoggoth",
        "Star Vampire",
        "Terror",
        "Wendigo",
        "Wizard",
        "Yothan",
    }
)
SAME = frozenset(
    {
        "Byakhee",
        "Dark Young",
        "Filth",
        "Formless Spawn",
        "Fungi from Yuggoth",
        "Gnoph-Keh",
        "Nyogtha",
        "Reanimated",
        "Spawn of Yog-Sothoth",
        "Starspawn",
        "Undead",
    }
)
WOUNDED = " (wounded)"  # battle.WOUNDED: a unit that has taken one of its two results


def plural(name: str) -> str:
    """The plural of a unit's ``name`` ("Acolytes", "Serpent Men", "Dark Young")."""
    if name in IRREGULAR:
        return IRREGULAR[name]
    return f"{name}s" if name in REGULAR else name


def unit_words(count: int, name: str) -> str:
    """``count`` units called ``name``: "1 Acolyte", "2 Acolytes", "3 Dark Young", "2 Ghouls
    (wounded)"."""
    if name.endswith(WOUNDED):
        return unit_words(count, name.removesuffix(WOUNDED)) + WOUNDED
    return f"{count} {name if count == 1 else plural(name)}"
