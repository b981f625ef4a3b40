"""The base game's facts: the Arkham board, its monster arrows, the monsters, the gate markers,
the Ancient Ones' doom tracks and the 67 Mythos cards.

Transcribed from ``../shared/data/arkham-horror.md`` (sections 2-5), which cites the FFG core
rulebook and four independent implementations that agree on every value used here.  The data
is Python, not a file the engine reads, because the engine does no I/O; ``tests/engine/arkham``
checks the totals the sources give (60 monsters, 16 gate markers, 67 cards, 6 movement patterns
of 11 cards each).  Open points the sources flag are noted where the value is used:

- Every base location's arrows are taken as both colours to its own street (2.3: no source
  lists a location with one colour; verify on a physical board).
- Yuggoth's gate modifier is -2 (one source says +1); modifiers are shown, never computed with.
- "Happy Days are Here Again" moves circle (black) and diamond, square (white) only (4.6).
"""

from __future__ import annotations

from enum import StrEnum

from companion.engine.values import dataclass


class Dimension(StrEnum):
    CIRCLE = "circle"
    CRESCENT = "crescent"
    DIAMOND = "diamond"
    HEXAGON = "hexagon"
    PLUS = "plus"
    SLASH = "slash"
    SQUARE = "square"
    STAR = "star"
    TRIANGLE = "triangle"


class Movement(StrEnum):
    """A monster marker's border colour (Rulebook p.11)."""

    NORMAL = "normal"  # black
    STATIONARY = "stationary"  # yellow
    FAST = "fast"  # red
    FLYING = "flying"  # blue
    UNIQUE = "unique"  # green


class CardKind(StrEnum):
    HEADLINE = "headline"
    ENVIRONMENT = "environment"
    RUMOR = "rumor"
    SPECIAL = "special"


SKY = "Sky"
OUTSKIRTS = "Outskirts"

# Street -> its locations, with True for unstable (red diamond; gates open only there).
STREETS: dict[str, tuple[tuple[str, bool], ...]] = {
    "Northside": (("Train Station", False), ("Newspaper", False), ("Curiositie Shoppe", False)),
    "Downtown": (("Bank of Arkham", False), ("Arkham Asylum", False), ("Independence Square", True)),
    "Easttown": (("Hibb's Roadhouse", True), ("Velma's Diner", False), ("Police Station", False)),
    "Merchant District": (("The Unnamable", True), ("River Docks", False), ("Unvisited Isle", True)),
    "Rivertown": (("Graveyard", True), ("Black Cave", True), ("General Store", False)),
    "French Hill": (("The Witch House", True), ("Silver Twilight Lodge", True)),
    "Southside": (("Ma's Boarding House", False), ("South Church", False), ("Historical Society", True)),
    "Uptown": (("Woods", True), ("Ye Olde Magick Shoppe", False), ("St. Mary's Hospital", False)),
    "Miskatonic U.": (("Library", False), ("Administration", False), ("Science Building", True)),
}
LOCATION_STREET = {loc: street for street, locs in STREETS.items() for loc, _ in locs}
UNSTABLE = tuple(loc for locs in STREETS.values() for loc, unstable in locs if unstable)
LOCATIONS = tuple(LOCATION_STREET)
ARKHAM = (*STREETS, *LOCATIONS)  # every place an investigator or monster can be in the city

# The white arrows form one ring of streets; the black arrows run it backwards (2.3).
WHITE_RING = (
    "Northside",
    "Downtown",
    "Easttown",
    "Rivertown",
    "French Hill",
    "Southside",
    "Uptown",
    "Miskatonic U.",
    "Merchant District",
)
WHITE = {s: WHITE_RING[(i + 1) % len(WHITE_RING)] for i, s in enumerate(WHITE_RING)}
BLACK = {s: WHITE_RING[i - 1] for i, s in enumerate(WHITE_RING)}
# Street links, with and without monster arrows (investigators and the Hound use all of them).
STREET_LINKS = (
    *((a, b) for a, b in WHITE.items()),
    ("Downtown", "Merchant District"),
    ("Merchant District", "Rivertown"),
    ("Miskatonic U.", "French Hill"),
)

MAX_INVESTIGATORS = 8  # the game seats 1 to 8
TERROR_TOP = 10  # the terror track's last space: Arkham is overrun (Rulebook p.20)
TWO_MONSTERS_FROM = 5  # investigators from which a new gate brings two monsters (Rulebook p.9)
# Terror closes these shops for the game (Rulebook p.20).
TERROR_CLOSES = {3: "General Store", 6: "Curiositie Shoppe", 9: "Ye Olde Magick Shoppe"}
# The Hound of Tindalos never goes to these locations (3, 5.3).
HOUND_NEVER = ("St. Mary's Hospital", "Arkham Asylum")


@dataclass(frozen=True, slots=True)
class MonsterKind:
    name: str
    dimension: Dimension
    movement: Movement
    count: int
    mask: bool = False


def _monsters(table: str) -> tuple[MonsterKind, ...]:
    kinds = []
    for line in table.strip().splitlines():
        name, dimension, movement, count, *mask = (part.strip() for part in line.split("|"))
        kinds.append(MonsterKind(name, Dimension(dimension), Movement(movement), int(count), bool(mask and mask[0])))
    return tuple(kinds)


MONSTERS = _monsters(
    """
Byakhee | circle | flying | 3
Chthonian | triangle | unique | 2
Cultist | crescent | normal | 6
Dark Young | hexagon | stationary | 3
Dhole | circle | normal | 1
Dimensional Shambler | square | fast | 2
Elder Thing | diamond | normal | 2
Fire Vampire | star | flying | 2
Flying Polyp | hexagon | flying | 1
Formless Spawn | hexagon | normal | 2
Ghost | crescent | stationary | 3
Ghoul | hexagon | normal | 3
God of the Bloody Tongue | triangle | normal | 1 | mask
Gug | slash | normal | 2
Haunter of the Dark | square | flying | 1 | mask
High Priest | plus | normal | 1
Hound of Tindalos | square | unique | 2
Maniac | crescent | normal | 3
Mi-Go | circle | flying | 3
Nightgaunt | slash | flying | 2
Shoggoth | diamond | fast | 2
Star Spawn | plus | normal | 2
The Black Man | crescent | normal | 1 | mask
The Bloated Woman | hexagon | normal | 1 | mask
The Dark Pharaoh | slash | normal | 1 | mask
Vampire | crescent | normal | 1
Warlock | circle | stationary | 2
Witch | circle | normal | 2
Zombie | crescent | normal | 3
"""
)
MONSTER = {kind.name: kind for kind in MONSTERS}


@dataclass(frozen=True, slots=True)
class World:
    """An Other World as its gate markers show it: dimension and the close modifier."""

    name: str
    dimension: Dimension
    modifier: int
    markers: int = 2


WORLDS = (
    World("The Abyss", Dimension.HEXAGON, -2),
    World("Another Dimension", Dimension.SQUARE, 0),
    World("City of the Great Race", Dimension.TRIANGLE, 0),
    World("Great Hall of Celeano", Dimension.STAR, -1),
    World("Plateau of Leng", Dimension.DIAMOND, -1),
    World("R'lyeh", Dimension.PLUS, -3),
    World("The Dreamlands", Dimension.SLASH, 1),
    World("Yuggoth", Dimension.CIRCLE, -2),  # one source says +1 (see the module docstring)
)
WORLD = {world.name: world for world in WORLDS}

# Ancient One -> doom track length (3.4).
ANCIENT_ONES = {
    "Azathoth": 14,
    "Cthulhu": 13,
    "Hastur": 13,
    "Ithaqua": 11,
    "Nyarlathotep": 11,
    "Shub-Niggurath": 12,
    "Yig": 10,
    "Yog-Sothoth": 12,
}
MASKS_WITH = "Nyarlathotep"  # the Mask monsters go in the cup only with him (Rulebook p.5)


@dataclass(frozen=True, slots=True)
class MythosCard:
    number: int  # the wiki/lunboks index of 4.6, not a printed number
    name: str
    kind: CardKind
    subtype: str
    gate: str  # "" for none
    clue: str  # "" for none
    black: tuple[Dimension, ...]
    white: tuple[Dimension, ...]
    burst: bool = False  # gate printed in red (expansion cards only; no base card bursts)


_PATTERNS = {
    "A": ("slash star triangle", "hexagon"),
    "B": ("hexagon", "slash star triangle"),
    "C": ("circle", "diamond square"),
    "D": ("diamond square", "circle"),
    "E": ("plus", "crescent"),
    "F": ("crescent", "plus"),
    "-": ("", ""),
}
# number | name | kind[/subtype] | gate | clue | pattern (black/white boxes, see _PATTERNS)
_CARDS = """
1|All Quiet in Arkham!|headline|Woods|Historical Society|A
2|Alien Technology|environment/urban|Unvisited Isle|Science Building|C
3|A Strange Plague|environment/mystic|Independence Square|The Unnamable|C
4|Bizarre Dreams Plague Citizens!|headline|Science Building|The Witch House|A
5|Big Storm Sweeps Arkham!|headline|Independence Square|The Unnamable|E
6|An Evil Fog|environment/weather|Graveyard|Unvisited Isle|F
7|Blue Flu!|headline|The Unnamable|Woods|A
8|Blood Magic|environment/mystic|Independence Square|The Unnamable|C
9|Blackest Night|environment/mystic|Black Cave|Hibb's Roadhouse|C
10|City Gripped by Blackouts!|headline|Unvisited Isle|Science Building|A
11|Church Group Reclaims Southside!|headline|Black Cave|Hibb's Roadhouse|A
12|Campus Security Increased!|headline|Independence Square|The Unnamable|D
13|Disturbing the Dead|rumor|Black Cave||B
14|Darke's Carnival Arrives|environment/urban|The Unnamable|Woods|C
15|Curfew Enforced|environment/urban|Unvisited Isle|Science Building|F
16|Estate Sale|environment/urban|The Witch House|Black Cave|C
17|Egyptian Exhibit Visits Miskatonic U.|environment/urban|The Witch House|Black Cave|F
18|Dreams of a Sunken City|environment/mystic|Independence Square|The Unnamable|F
19|Fourth of July Parade!|headline|The Witch House|Black Cave|E
20|Feds Raid Arkham!|headline|Black Cave|Hibb's Roadhouse|E
21|Family Found Butchered!|headline|Graveyard|Unvisited Isle|E
22|Goat-like Creature Spotted in Woods!|headline|Independence Square|The Unnamable|A
23|Ghost Ship Docks by Itself!|headline|The Unnamable|Woods|E
24|Gangs Clean Up Easttown!|headline|The Witch House|Black Cave|D
25|Heat Wave|environment/weather|Woods|Independence Square|C
26|Happy Days are Here Again|environment/urban|Woods|Historical Society|C
27|Good Work Undone|rumor|Unvisited Isle||B
28|Ill Wind Grips Arkham!|headline|Graveyard|Unvisited Isle|A
29|Icy Conditions|environment/weather|Historical Society|Silver Twilight Lodge|F
30|Horror at Groundbreaking!|headline|Historical Society|Silver Twilight Lodge|E
31|Manhunt in Arkham!|headline|Woods|Independence Square|B
32|Lodge Members Watch the Night!|headline|Unvisited Isle|Science Building|D
33|Lodge Member Held for Questioning!|headline|Black Cave|Hibb's Roadhouse|D
34|Missing People Return!|headline|The Unnamable|Woods|B
35|Miskatonic Arctic Expedition Returns!|headline|Hibb's Roadhouse|Independence Square|E
36|Merchants March on Crime!|headline|Independence Square|The Unnamable|D
37|Picnickers Panic!|headline|Unvisited Isle|Science Building|E
38|Noden's Favor|environment/mystic|The Witch House|Black Cave|B
39|No One Can Help You Now|environment/mystic|The Unnamable|Woods|F
40|Private Security Hired in Uptown!|headline|Woods|Historical Society|D
41|Police Step Up Patrols in Northside!|headline|Silver Twilight Lodge|Graveyard|D
42|Planetary Alignment|environment/mystic|The Witch House|Black Cave|C
43|Rivertown Residents Take Back Streets!|headline|The Witch House|Black Cave|D
44|Raining Cats and Dogs|environment/weather|Hibb's Roadhouse|Independence Square|F
45|R'lyeh Rising|environment/mystic|Woods|Historical Society|B
46|Slum Murders Continue!|headline|Woods|Historical Society|E
47|Sheldon Gang Turns to Police for Aid!|headline|Graveyard|Unvisited Isle|D
48|Scientist Warns of Dimensional Rift!|headline|Unvisited Isle|Science Building|A
49|Strange Lights on Campus!|headline|Woods|Historical Society|A
50|Southside Strangler Suspected!|headline|Woods|Historical Society|D
51|Solar Eclipse|environment/mystic|Graveyard|Unvisited Isle|C
52|Sunny and Clear|environment/weather|Black Cave|Hibb's Roadhouse|F
53|Strange Tremors Cease!|headline|Independence Square|The Unnamable|A
54|Strange Power Flux Plagues City!|headline|Independence Square|The Unnamable|B
55|The Chill of the Grave|environment/mystic|Unvisited Isle|Science Building|F
56|Terror at the Train Station!|headline|The Witch House|Black Cave|E
57|Temperence Fever Sweeps City|headline|The Witch House|Black Cave|A
58|The Man in Black|environment/mystic|The Witch House|Black Cave|F
59|The Great Ritual|rumor|Graveyard||B
60|The Festival|environment/urban|Woods|Historical Society|F
61|The Story Continues...|special|||-
62|The Southside Strangler Strikes|rumor|Independence Square||B
63|The Stars Are Right|rumor|Science Building||B
64|Things of Darkness|environment/mystic|Silver Twilight Lodge|Graveyard|C
65|The Terrible Experiment|rumor|Unvisited Isle||B
66|Witch Burning Anniversary!|headline|Unvisited Isle|Science Building|E
67|Vigilante Guards the Night!|headline|The Unnamable|Woods|D
"""


def _dims(words: str) -> tuple[Dimension, ...]:
    return tuple(Dimension(w) for w in words.split())


def _cards() -> tuple[MythosCard, ...]:
    cards = []
    for line in _CARDS.strip().splitlines():
        number, name, kind, gate, clue, pattern = line.split("|")
        kind_name, _, subtype = kind.partition("/")
        black, white = _PATTERNS[pattern]
        cards.append(MythosCard(int(number), name, CardKind(kind_name), subtype, gate, clue, _dims(black), _dims(white)))
    return tuple(cards)


CARDS = _cards()
CARD = {card.name: card for card in CARDS}
STORY_CONTINUES = "The Story Continues..."

# Activity markers a card puts on the board while it is in play: the street its text names for
# its effect (data section 4.6, from lunboks, for the first six; the other five from the cards'
# texts, issue 31 item 17, sources in docs/rules-notes.md).  Other cards' markers are left to the
# table through the card's "resolve at the table" step.
ACTIVITY = {
    "Blood Magic": "Rivertown",
    "Disturbing the Dead": "Rivertown",
    "Darke's Carnival Arrives": "Northside",
    "Estate Sale": "Uptown",
    "Egyptian Exhibit Visits Miskatonic U.": "Miskatonic U.",
    "Good Work Undone": "Easttown",
    "The Man in Black": "French Hill",  # "end their movement in the French Hill streets"
    "The Great Ritual": "French Hill",  # "while in the French Hill streets"
    "The Southside Strangler Strikes": "Southside",  # printed "Ma's Boarding House"; the misprint note: the Southside streets
    "The Stars Are Right": "Downtown",  # "while in the Downtown streets"
    "The Terrible Experiment": "Miskatonic U.",  # "while in the Miskatonic U. streets"
}
