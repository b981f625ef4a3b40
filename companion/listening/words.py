"""The words a grammar may hold: numbers said aloud, names split into words, and how the game's
own names sound.

pocketsphinx knows a word only through its dictionary (CMUdict, American English).  The game's
names are not in it (Cthulhu, Bubastis, Tcho-Tcho, Shub-Niggurath, Yuggoth ...), so
:data:`PRONUNCIATIONS` gives them in the dictionary's phones (ARPAbet), some with a second
reading a table is likely to say.  A word neither knows cannot be in a grammar:
:func:`companion.listening.grammar.unsayable` lists such words, and a test checks that every
shipped map's areas and every faction's units and names are sayable.
"""

from __future__ import annotations

import re

# ARPAbet, as CMUdict writes it; where tables disagree on a name, each common reading is listed.
PRONUNCIATIONS: dict[str, tuple[str, ...]] = {
    "abhoth": ("AE B HH AA TH", "AE B AA TH"),
    "abyssal": ("AH B IH S AH L",),
    "avatar": ("AE V AH T AA R",),
    "bastet": ("B AE S T EH T",),
    "boreal": ("B AO R IY AH L",),
    "bubastis": ("B UW B AE S T IH S", "B Y UW B AE S T IH S"),
    "byakhee": ("B AY AA K IY", "B IY AA K IY"),
    "byatis": ("B AY AA T IH S",),
    "cthulhu": ("K AH TH UW L UW", "K TH UW L UW"),
    "daoloth": ("D EY OW L AA TH", "D AW L AA TH"),
    "deeps": ("D IY P S",),
    "formless": ("F AO R M L AH S",),
    "ghast": ("G AE S T",),
    "ghroth": ("G R AA TH", "G R OW TH"),
    "gnoph": ("N AA F",),
    "keh": ("K EY",),
    "gug": ("G AH G",),
    "hastur": ("HH AE S T ER", "HH AE S T UH R"),
    "hyperborea": ("HH AY P ER B AO R IY AH",),
    "ithaqua": ("IH TH AH K W AH", "IY TH AH K W AH"),
    "lemuria": ("L AH M UH R IY AH",),
    "lemurian": ("L AH M UH R IY AH N",),
    "mi": ("M IY",),
    "nightgaunt": ("N AY T G AO N T",),
    "nightgaunts": ("N AY T G AO N T S",),
    "nightward": ("N AY T W ER D",),
    "nyarlathotep": ("N IY AA R L AH TH OW T EH P", "N AY AA R L AH TH OW T EH P"),
    "nyogtha": ("N Y AA G TH AH",),
    "nthlei": ("N TH L EY", "AH N TH L EY"),
    "postern": ("P OW S T ER N",),
    "proto": ("P R OW T OW",),
    "reanimated": ("R IY AE N AH M EY T IH D",),
    "rhan": ("R AA N",),
    "shaggai": ("SH AE G AY",),
    "shantak": ("SH AE N T AE K",),
    "shoggoth": ("SH AA G AA TH", "SH OW G AA TH"),
    "shub": ("SH AH B", "SH UH B"),
    "necrophagy": ("N EH K R AA F AH JH IY",),
    "niggurath": ("N IH G ER AE TH", "N IH G UH R AE TH"),
    "spellbook": ("S P EH L B UH K",),
    "spellbooks": ("S P EH L B UH K S",),
    "starspawn": ("S T AA R S P AO N",),
    "tcho": ("CH OW",),
    "tegoth": ("T EH G AA TH",),
    "thule": ("TH UW L IY", "TH UW L"),
    "tsathoggua": ("T S AE TH AA G W AH", "S AE TH AA G W AH"),
    "ubbo": ("UW B OW",),
    "sathla": ("S AE TH L AH",),
    "un": ("AH N",),
    "undead": ("AH N D EH D",),
    "wendigo": ("W EH N D IH G OW",),
    "windwalker": ("W IH N D W AO K ER",),
    "xada": ("Z AA D AH",),
    "hgla": ("HH G L AA",),
    "y'ha": ("Y AA",),
    "yog": ("Y AA G", "Y OW G"),
    "sothoth": ("S OW TH AA TH", "S AA TH AA TH"),
    "yothan": ("Y OW TH AH N",),
    "yuggoth": ("Y AH G AA TH", "Y UW G AA TH"),
    "zagazig": ("Z AE G AH Z IH G",),
    "zingaya": ("Z IH NG G AA Y AH",),
}

_ONES = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
]
_TENS = ["_", "_", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
_WORD = re.compile(r"[a-z]+(?:'[a-z]+)?")


def number_words(n: int) -> str:
    """``n`` (0-99) as it is said: 12 -> "twelve", 42 -> "forty two".  Raises ValueError outside."""
    if not 0 <= n <= 99:
        raise ValueError(f"{n} is not a number from 0 to 99")
    if n < 20:
        return _ONES[n]
    tens, ones = divmod(n, 10)
    return _TENS[tens] + ("" if ones == 0 else " " + _ONES[ones])


def spoken(text: str) -> str:
    """``text`` as grammar words: lower case, names split at hyphens and spaces, punctuation
    dropped ("Shub-Niggurath's" -> "shub niggurath's"; "Tcho-Tcho" -> "tcho tcho")."""
    return " ".join(_WORD.findall(text.lower().replace("-", " ")))


def possessive(phones: str) -> str:
    """The phones of a name's possessive ("goat" -> "goat's"): S after a voiceless sound, IH Z
    after a hissing one, Z otherwise (as English forms it)."""
    last = phones.split()[-1]
    if last in ("S", "Z", "SH", "ZH", "CH", "JH"):
        return phones + " IH Z"
    return phones + (" S" if last in ("P", "T", "K", "F", "TH") else " Z")
