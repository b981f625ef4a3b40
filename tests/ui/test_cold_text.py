"""Text new to the screen (a tap's "Last: ..." sentence, a stack's button label) is measured as
little as it can be: a button label's least height is found from the least height up, and a
paragraph's lines the wrap found to fit are not measured again to be cut.  None of it changes
what is shown."""

from __future__ import annotations

import random

import pygame
import pytest

from companion.ui import widgets
from tests.ui.greedy_wrap import greedy

VOCAB = [
    "Bring",
    "units",
    "from",
    "North",
    "America",
    "West",
    "Great",
    "Cthulhu",
    "Starspawn",
    "Slopes",
    "of",
    "the",
    "Pyramid",
    "Ubbo-Sathla's",
    "Sneak\xa04",
    "yellow_sign@Abyssal",
    "Chasm",
    "2",
    "…",
]


def least_height_over_every_option(label: str, room: int, big: int, middle: int, small: int) -> int:
    """The least height as it was worked out: every option tried, the least of those that fit."""
    heights = []
    for size, count in widgets._label_options(big, middle, small):
        lines = widgets.wrap(label, size, room) if count > 1 else [label]
        if len(lines) == count and all(widgets.width_of(line, size) <= room for line in lines):
            heights.append(count * round(size * 1.05))
    return min(heights, default=0)


def test_a_labels_least_height_is_the_least_of_every_option_that_fits() -> None:
    pygame.font.init()
    widgets.font.cache_clear()  # (fonts made before another test quit pygame are dead)
    widgets.forget_pictures()
    rnd = random.Random(11)
    seen = set()
    for _ in range(3000):
        label = " ".join(rnd.choice(VOCAB) for _ in range(rnd.randint(1, 7)))
        room = rnd.randint(20, 400)
        big, middle, small = rnd.choice([(24, 20, 17), (36, 30, 26), (12, 10, 9), (20, 20, 17)])
        expected = least_height_over_every_option(label, room, big, middle, small)
        assert widgets._label_height(label, room, big, middle, small) == expected, (label, room)
        seen.add(expected)
    assert len(seen) >= 5  # one, two and three lines at several sizes, and labels that never fit


def test_a_new_labels_least_height_measures_it_once_when_one_small_line_holds_it(monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.font.init()
    widgets.font.cache_clear()  # (fonts made before another test quit pygame are dead)
    widgets.forget_pictures()
    asked: list[tuple[str, int]] = []
    width_of = widgets.width_of

    def counted(words: str, size: int, bold: bool = False) -> int:
        asked.append((words, size))
        return width_of(words, size, bold)

    monkeypatch.setattr(widgets, "width_of", counted)
    assert widgets._label_height("Slopes of the Pyramid", 400, 24, 20, 17) == round(17 * 1.05)
    assert asked == [("Slopes of the Pyramid", 17)]


def test_a_paragraph_measures_only_the_lines_that_may_be_cut_and_shows_what_it_showed() -> None:
    """Each line drawn is what the cut would have left (a line of words the wrap found to fit is
    whole; a word alone wider than the room, and a last line given its ellipsis, are cut), and
    only those lines are measured when drawn."""
    pygame.font.init()
    widgets.font.cache_clear()  # (fonts made before another test quit pygame are dead)
    surface = pygame.Surface((800, 480))
    rnd = random.Random(3)
    multi_word_lines = 0
    for _ in range(400):
        widgets.forget_pictures()
        words = " ".join(rnd.choice(VOCAB) for _ in range(rnd.randint(1, 20)))
        size, width, most = rnd.choice([11, 15, 20, 24]), rnd.randint(15, 400), rnd.randint(1, 4)
        lines = list(greedy(words, size, width, False))
        widgets.RECORDER = []
        try:
            widgets.paragraph(surface, words, (0, 0), size, width, most)
            drawn = widgets.RECORDER
            cut_asked = widgets._cut.cache_info().currsize  # the lines measured to be cut, each once
        finally:
            widgets.RECORDER = None
        expected, may_be_cut = [], set()
        for n, line in enumerate(lines[:most]):
            if n == most - 1 and len(lines) > most:
                line += " …"
                may_be_cut.add(line)
            elif " " not in line:
                may_be_cut.add(line)
            expected.append(widgets._cut(line, size, False, width))
        assert [d.shown for d in drawn] == expected, (words, size, width)
        assert cut_asked == len(may_be_cut), (words, size, width)
        multi_word_lines += sum(1 for line in lines[: most - 1] if " " in line)
    assert multi_word_lines > 100  # lines that were measured before, and are not now
