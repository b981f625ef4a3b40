"""Each faction's units (name, kind, how many the box holds) and its Spellbooks' names.

Source: ../shared/data/factions.md, the unit tables and Spellbook tables of sections 1-10.
Factions the file does not describe (Daemon Sultan, any "other") are absent: a correction then
checks only :data:`MAX_UNITS`, and Spellbooks are named freely.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.engine.cthulhu.model import Faction, UnitKind

MAX_UNITS = 30  # no stack of one unit type may exceed this, whatever the faction (a typo guard)


@dataclass(frozen=True, slots=True)
class UnitType:
    name: str
    kind: UnitKind
    pool: int


def _units(*rows: tuple[str, UnitKind, int]) -> tuple[UnitType, ...]:
    return tuple(UnitType(name, kind, pool) for name, kind, pool in rows)


C, M, T, G = UnitKind.CULTIST, UnitKind.MONSTER, UnitKind.TERROR, UnitKind.GOO
ACOLYTES = ("Acolyte", C, 6)

UNITS: dict[Faction, tuple[UnitType, ...]] = {
    Faction.GREAT_CTHULHU: _units(ACOLYTES, ("Deep One", M, 4), ("Shoggoth", M, 2), ("Starspawn", M, 2), ("Cthulhu", G, 1)),
    Faction.CRAWLING_CHAOS: _units(
        ACOLYTES, ("Nightgaunt", M, 3), ("Flying Polyp", M, 3), ("Hunting Horror", M, 2), ("Nyarlathotep", G, 1)
    ),
    Faction.BLACK_GOAT: _units(
        ACOLYTES, ("Ghoul", M, 2), ("Fungi from Yuggoth", M, 4), ("Dark Young", M, 3), ("Shub-Niggurath", G, 1)
    ),
    Faction.YELLOW_SIGN: _units(ACOLYTES, ("Undead", M, 6), ("Byakhee", M, 4), ("King in Yellow", G, 1), ("Hastur", G, 1)),
    Faction.SLEEPER: _units(ACOLYTES, ("Wizard", M, 2), ("Serpent Man", M, 3), ("Formless Spawn", M, 4), ("Tsathoggua", G, 1)),
    Faction.WINDWALKER: _units(ACOLYTES, ("Wendigo", M, 4), ("Gnoph-Keh", M, 4), ("Rhan Tegoth", G, 1), ("Ithaqua", G, 1)),
    Faction.OPENER_OF_THE_WAY: _units(
        ACOLYTES, ("Mutant", M, 4), ("Abomination", M, 3), ("Spawn of Yog-Sothoth", M, 2), ("Yog-Sothoth", G, 1)
    ),
    Faction.ANCIENTS: _units(ACOLYTES, ("Un-Man", M, 3), ("Reanimated", M, 3), ("Yothan", T, 3)),
    # Bubastis has no Acolytes: its Earth Cats are monsters (factions.md section 9).
    Faction.BUBASTIS: _units(
        ("Acolyte", C, 0),
        ("Earth Cat", M, 6),
        ("Cat from Mars", M, 2),
        ("Cat from Saturn", M, 2),
        ("Cat from Uranus", M, 2),
        ("Bastet", G, 1),
    ),
    Faction.TCHO_TCHO: _units(ACOLYTES, ("High Priest", C, 3), ("Proto-Shoggoth", M, 6), ("Ubbo-Sathla", G, 1)),
}

SPELLBOOKS: dict[Faction, tuple[str, ...]] = {
    Faction.GREAT_CTHULHU: ("Devolve", "Absorb", "Regenerate", "Dreams", "Submerge", "Y'ha Nthlei"),
    Faction.CRAWLING_CHAOS: (
        "Abduct",
        "Invisibility",
        "Seek and Destroy",
        "Emissary of the Outer Gods",
        "The Thousand Forms",
        "Madness",
    ),
    Faction.BLACK_GOAT: ("The Thousand Young", "Frenzy", "Necrophagy", "Ghroth", "The Red Sign", "Blood Sacrifice"),
    Faction.YELLOW_SIGN: (
        "Passion",
        "Zingaya",
        "Shriek of the Byakhee",
        "The Screaming Dead",
        "The Third Eye",
        "He Who is Not to be Named",
    ),
    Faction.SLEEPER: ("Burrow", "Energy Nexus", "Ancient Sorcery", "Capture Monster", "Demand Sacrifice", "Cursed Slumber"),
    Faction.WINDWALKER: ("Cannibalism", "Howl", "Berserkergang", "Arctic Wind", "Ice Age", "Herald of the Outer Gods"),
    Faction.OPENER_OF_THE_WAY: (
        "They Break Through",
        "The Million Favored Ones",
        "Channel Power",
        "Dread Curse of Azathoth",
        "Dragon Ascending",
        "Dragon Descending",
    ),
    Faction.ANCIENTS: ("Festival", "Brainless", "Extinction", "Unholy Ground", "Consecration", "Worship Services"),
    Faction.BUBASTIS: ("Catabolism", "Zagazig", "Savagery", "Predator", "Catnapping", "Ailurophobia"),
    # Three shared books and three of the secretly chosen tribe's (factions.md section 10).
    Faction.TCHO_TCHO: (
        "Hierophants",
        "Soulless",
        "Terror",
        "Idolatry",
        "Martyrdom",
        "Tablets of the Gods",
        "Dark Rituals",
        "Fulmination",
        "Surprise!",
        "Doomsday",
        "Inerrant",
        "Otherworld Alliances",
    ),
}


def pool(faction: Faction, kind: UnitKind, name: str) -> int | None:
    """How many units called ``name`` of ``kind`` the faction's box holds; None when unknown
    (a faction or a unit factions.md does not list: a neutral monster, an independent GOO)."""
    return next((u.pool for u in UNITS.get(faction, ()) if u.name == name and u.kind is kind), None)


def next_spellbook(faction: Faction, held: tuple[str, ...]) -> str:
    """The first of the faction's Spellbooks not yet held ("" when none is known or left)."""
    return next((name for name in SPELLBOOKS.get(faction, ()) if name not in held), "")
