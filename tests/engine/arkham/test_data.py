"""The base game's data matches the totals its sources give (../shared/data/arkham-horror.md)."""

from __future__ import annotations

from collections import Counter

from companion.engine.arkham.data import (
    BLACK,
    CARDS,
    LOCATIONS,
    MONSTERS,
    STREETS,
    UNSTABLE,
    WHITE,
    WORLDS,
    CardKind,
    Dimension,
)


def test_the_board_has_nine_streets_26_locations_11_unstable_and_a_two_way_ring() -> None:
    assert (len(STREETS), len(LOCATIONS), len(UNSTABLE)) == (9, 26, 11)
    assert all(BLACK[WHITE[street]] == street for street in STREETS)


def test_sixty_monsters_five_masks_and_sixteen_gate_markers() -> None:
    assert sum(k.count for k in MONSTERS) == 60 and sum(k.count for k in MONSTERS if k.mask) == 5
    by_dimension = Counter(k.dimension for k in MONSTERS for _ in range(k.count))
    assert by_dimension[Dimension.CRESCENT] == 17 and by_dimension[Dimension.CIRCLE] == 11
    assert sum(w.markers for w in WORLDS) == 16 and Dimension.CRESCENT not in {w.dimension for w in WORLDS}


def test_the_mythos_deck_is_67_cards_in_six_movement_patterns_of_eleven() -> None:
    assert Counter(c.kind for c in CARDS) == {
        CardKind.HEADLINE: 36,
        CardKind.ENVIRONMENT: 24,
        CardKind.RUMOR: 6,
        CardKind.SPECIAL: 1,
    }
    patterns = Counter((c.black, c.white) for c in CARDS if c.kind is not CardKind.SPECIAL)
    assert sorted(patterns.values()) == [11] * 6
    assert all(c.gate in UNSTABLE for c in CARDS if c.gate)
    assert all(c.clue in LOCATIONS for c in CARDS if c.clue) and not any(c.clue for c in CARDS if c.kind is CardKind.RUMOR)
    assert Counter(c.gate for c in CARDS)["Independence Square"] == 10
