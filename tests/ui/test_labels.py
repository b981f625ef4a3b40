"""The words on the buttons for a Move, in its groups form and in the older form journals keep; a capture's."""

from __future__ import annotations

from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import UnitKind
from companion.ui.labels import label

GC = "great_cthulhu"


def test_a_move_of_one_group_names_its_unit_and_both_areas() -> None:
    move = c.Move(GC, groups=(c.MoveGroup("Africa", "Europe", UnitKind.CULTIST),))
    assert label(move) == "Move cultist: Africa -> Europe"


def test_a_move_of_several_groups_says_how_many_more_go() -> None:
    groups = (
        c.MoveGroup("Africa", "Europe", UnitKind.MONSTER, "Deep One", 2),
        c.MoveGroup("Asia", "Arctic Ocean", UnitKind.CULTIST),
        c.MoveGroup("Asia", "Europe", UnitKind.CULTIST),
    )
    assert label(c.Move(GC, groups=groups)) == "Move Deep One: Africa -> Europe + 2 more"


def test_the_older_move_form_and_the_astral_acolyte_alone_are_labelled_too() -> None:
    assert label(c.Move(GC, "Europe", (c.UnitRef("Africa", UnitKind.CULTIST, "Acolyte"),))) == "Move Acolyte: Africa -> Europe"
    assert label(c.Move(GC, acolyte_to="Europe")) == "Move the Astral Acolyte -> Europe"
    assert label(c.Move(GC, "Europe", acolyte=True)) == "Move the Astral Acolyte -> Europe"


def test_a_capture_names_the_cultist_taken_when_the_command_does() -> None:
    assert label(c.Capture(GC, "Asia", "crawling_chaos", unit="High Priest")) == "Capture High Priest of Crawling Chaos in Asia"
    assert label(c.Capture(GC, "Asia", "crawling_chaos")) == "Capture Crawling Chaos in Asia"  # the older form
