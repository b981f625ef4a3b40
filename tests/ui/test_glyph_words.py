"""The glyph requirements read as a player reads the board: Yellow Sign's Desecrate and the
Ancients' Cathedral requirements name the glyphs as factions.md writes them (▲, (*), |||), not by
the map files' codes (AA, OO, WW); ▲ is the word "triangle" because the screen's font has no ▲.
The faction sheet and the log's line for a requirement met say the same."""

from __future__ import annotations

import pygame
import pytest

from companion import i18n
from companion.engine.cthulhu.factions.powers import RequirementMet
from companion.engine.cthulhu.model import Faction, Options
from companion.narrate import describe, requirement_words
from companion.ui.faction_sheet import sheet_lines
from companion.ui.widgets import FACE
from tests.helpers import started

CODES = ("AA-glyph", "OO-glyph", "WW-glyph")
SHOWN = ("triangle-glyph", "(*)-glyph", "|||-glyph")


def sheet(faction: Faction) -> list[str]:
    state = started("earth-3p", (faction, Faction.GREAT_CTHULHU, Faction.CRAWLING_CHAOS), options=Options(abilities=True))
    (player,) = (p for p in state.players if p.faction is faction)
    return [words for words, _ in sheet_lines(state, player)]


@pytest.mark.parametrize("faction", [Faction.YELLOW_SIGN, Faction.ANCIENTS])
def test_the_sheet_names_the_glyphs_as_printed_not_by_the_map_codes(faction: Faction) -> None:
    lines = sheet(faction)
    assert not [line for line in lines if any(code in line for code in CODES)]
    for shown in SHOWN:
        assert [line for line in lines if shown in line], (shown, lines)


def test_a_requirement_met_is_told_with_the_glyph_as_printed() -> None:
    line = describe(RequirementMet("yellow_sign", "Desecrate an AA-glyph area"), {"yellow_sign": "Yellow Sign"})
    assert line == "Yellow Sign meets a Spellbook requirement: Desecrate a triangle-glyph area."
    assert describe(RequirementMet("ancients", "A Cathedral in a WW-glyph area")) is not None
    assert requirement_words("A Cathedral in a WW-glyph area") == "A Cathedral in a |||-glyph area"
    assert requirement_words("Awaken Hastur") == "Awaken Hastur"  # the others as they were


def test_the_glyph_words_are_german_in_german() -> None:
    i18n.use("de")
    try:
        assert requirement_words("Desecrate an AA-glyph area") == "Desecrate auf Dreieck-Symbol"
    finally:
        i18n.use("en")


def notdef(font: pygame.font.Font, ch: str) -> bool:
    """Whether ``font`` draws ``ch`` as its missing-glyph box (as it draws a private-use char)."""

    def drawn(c: str) -> bytes:
        return pygame.image.tobytes(font.render(c, True, (255, 255, 255), (0, 0, 0)), "RGB")

    return drawn(ch) == drawn("\ue000")


def test_the_symbols_shown_are_in_the_screens_font_and_the_triangle_is_not() -> None:
    """Why ▲ is a word: the bundled face draws its missing-glyph box for it (should a face with
    ▲ come, this fails, and the sheet can show ▲ as factions.md writes it)."""
    pygame.font.init()
    font = pygame.font.Font(FACE, 20)
    assert not [ch for ch in "(*)|" if notdef(font, ch)]
    assert notdef(font, "▲")
