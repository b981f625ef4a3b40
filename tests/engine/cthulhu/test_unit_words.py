"""Units counted in words, in the engine: a correction's summary says "6 Acolytes", and every
unit that comes more than one to a box has its plural decided (a new faction's units must be)."""

from __future__ import annotations

from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.corrections import summary
from companion.engine.cthulhu.factions import NEUTRAL_UNITS
from companion.engine.cthulhu.model import UnitKind
from companion.engine.cthulhu.pools import UNITS
from companion.engine.cthulhu.unit_words import IRREGULAR, REGULAR, SAME, unit_words
from tests.helpers import started


def test_counts_agree_with_their_nouns() -> None:
    assert unit_words(1, "Acolyte") == "1 Acolyte"
    assert unit_words(6, "Acolyte") == "6 Acolytes"
    assert unit_words(2, "Serpent Man") == "2 Serpent Men"
    assert unit_words(3, "Dark Young") == "3 Dark Young"
    assert unit_words(2, "Ghoul (wounded)") == "2 Ghouls (wounded)"


def test_every_unit_that_comes_many_to_a_box_has_its_plural_decided() -> None:
    many = {u.name for units in UNITS.values() for u in units if u.pool > 1}
    many |= {u.name for u in NEUTRAL_UNITS.values() if u.pool > 1}
    undecided = many - REGULAR - set(IRREGULAR) - SAME
    assert not undecided, f"add each to REGULAR, IRREGULAR or SAME in unit_words.py: {sorted(undecided)}"
    assert not REGULAR & SAME and not set(IRREGULAR) & (REGULAR | SAME)


def test_a_corrections_summary_counts_in_the_plural() -> None:
    state = started()
    owner = state.players[0].pid
    removed = c.Eliminate(owner, c.UnitRef("Asia", UnitKind.CULTIST, "Acolyte", 6))
    assert "6 Acolytes removed from Asia" in summary(state, removed)
    placed = c.Place(owner, c.UnitRef("Asia", UnitKind.CULTIST, "Acolyte", 1))
    assert "1 Acolyte placed in Asia" in summary(state, placed)
