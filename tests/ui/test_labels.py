"""The words on the buttons for a Move, in its groups form and in the older form journals keep; a
capture's; a grouping button's words for a command type, in German too."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion import i18n
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import PromptKind, UnitKind
from companion.ui.labels import label
from tests.helpers import frame
from tests.ui import seated as seats
from tests.ui.seated import switch

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


# The command types a grouping button names by the rule's own printed name (kept in English, as
# the German catalogue keeps the Spellbooks' and abilities' names); every other type has words.
RULE_NAMES = {
    "ancient_sorcery", "ancients_summons", "anytime_spellbook", "avatar", "beyond_one", "blood_sacrifice",
    "break_through", "bubastis_pays", "build_cathedral", "capture_monster", "catabolism", "catnapping",
    "cosmic_spellbook", "cursed_slumber", "dark_rituals", "death_from_below", "dematerialize", "desecrate",
    "devolve", "doomsday", "dragon_ascending", "dread_curse", "dreams", "emerge", "fertility_cult", "ghroth",
    "god_of_forgetfulness", "he_who_is_not_to_be_named", "hibernate", "ice_age", "idolatry", "key_and_gate",
    "lethargy", "new_game", "nightmare_web", "recriminations", "requires_attention", "screaming_dead", "shriek",
    "sleeper_requirement", "sorcery_return", "submerge", "surprise", "tcho_tcho_remove_gate", "thousand_forms",
    "undimensioned", "zingaya",
}  # fmt: skip


def test_every_command_type_not_named_by_a_rule_has_words_in_the_catalogue() -> None:
    """A list's "Start area (15)" button was "Choose start (15)" in German too: a type with no
    words fell back to its journal tag."""
    from companion.engine.core import COMMANDS
    from companion.ui.labels import _TAGS

    def listed(kind: type) -> bool:  # Cthulhu Wars' commands but Fix's (no prompt lists those)
        return kind.__module__.startswith("companion.engine.cthulhu") and not kind.__module__.endswith(".corrections")

    tags = {tag for kind, tag in COMMANDS.tag_of.items() if listed(kind)}
    assert tags >= RULE_NAMES  # (a rule gone is taken off the list)
    assert sorted(tags - RULE_NAMES - set(_TAGS)) == []


def test_a_grouping_button_is_worded_in_german(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("COMPANION_STATE_DIR", str(tmp_path / "state"))
    app = seats.cthulhu("earth-4p-35", seats.SEATS[:4])  # the first player chooses among 15 start areas
    assert app.state.prompt.kind is PromptKind.START_AREA
    try:
        switch(app)
        shown = [d.shown for d in frame(app)]
    finally:
        i18n.use("en")
    app.close()
    button = shown.index("(15)")  # "Startgebiet (15)" wraps onto two lines
    assert shown[button - 1] == "Startgebiet", shown
    assert not any("Choose" in line for line in shown)
