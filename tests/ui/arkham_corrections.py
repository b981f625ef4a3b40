"""The check that every step of Arkham's Corrections page fits, shared by its test and run in German too."""

from __future__ import annotations

from companion.engine.arkham import corrections as c
from companion.engine.arkham import model as m
from companion.ui.app import App
from companion.ui.arkham_corrections import ArkhamCorrectionsScene, Draft, Step
from companion.ui.widgets import LABEL_SIZES, MIN_TOUCH, font
from tests.helpers import frame, table_of
from tests.ui.text_fit import problems

SEATS = (m.Seated("Amanda", "Woods", 1), m.Seated("Bob", "Northside", 3))


def page(app: App) -> ArkhamCorrectionsScene:
    found = app.scenes["arkham_fix"]
    assert isinstance(found, ArkhamCorrectionsScene)
    return found


def submit(app: App, *commands: object) -> None:
    for command in commands:
        table_of(app).submit(command)
    app.draw()


def steps(state: m.ArkhamState) -> list[Draft]:
    """A draft for every step of the page, on the prepared board."""
    investigator = c.CorrectInvestigator("Amanda", "Woods")
    return [
        Draft(),
        Draft(Step.DOOM, number=2, command=c.CorrectDoom(2)),
        Draft(Step.TERROR, number=1, command=c.CorrectTerror(1)),
        Draft(Step.CLUES, subject="Independence Square", number=3, command=c.CorrectClues("Independence Square", 3)),
        Draft(Step.GATE),
        Draft(Step.GATE_WHERE, action="open"),
        Draft(Step.GATE_WHERE, action="close"),
        Draft(Step.GATE_WORLD, subject="Woods"),
        Draft(Step.MONSTER),
        Draft(Step.MONSTER_PICK, action="defeated"),
        Draft(Step.MONSTER_KIND, action="place"),
        Draft(Step.MONSTER_KIND, action="place", page=1),
        Draft(Step.MONSTER_TO, action="move", subject="Dimensional Shambler", source="Merchant District"),
        Draft(Step.TROPHY),
        Draft(Step.CLUE_WHERE),
        Draft(Step.WHO),
        Draft(Step.INVESTIGATOR, subject="Amanda", command=investigator),
        Draft(Step.INVESTIGATOR_PLACE, subject="Amanda", command=investigator),
        Draft(Step.CARD, action="environment"),
        Draft(Step.CARD, action="rumor"),
        Draft(Step.MARKER),
        Draft(Step.MARKER_PLACE, action="close"),
        # The longest words the page says: a refusal in the preview, and the longest card name.
        Draft(Step.CONFIRM, command=c.CorrectMonster("Ghoul", c.MonsterAction.PLACE, to="Outskirts")),
        Draft(
            Step.CONFIRM,
            command=c.CorrectDoom(1),
            typing=True,
            reason="the Rumor failed and nobody entered it in the last two turns",
        ),
        Draft(
            Step.CONFIRM,
            command=c.CorrectCard(c.CardSlot.ENVIRONMENT, "Egyptian Exhibit Visits Miskatonic U."),
            reason="an item's effect",
        ),
    ]


def check_every_step_renders_at_every_size_with_fingertip_buttons_and_no_text_cut(arkham_for, size) -> None:
    """The check of test_every_step_renders_at_every_size_with_fingertip_buttons_and_no_text_cut (run in German too)."""
    app = arkham_for(size)
    # A full board: a gate, the Outskirts at their limit (8 - 2 = 6), monsters with long names, a trophy.
    outskirts = ("Cultist", "Ghoul", "Zombie", "Maniac", "Witch", "Gug")
    submit(
        app,
        c.CorrectGate("Woods", c.GateAction.OPEN, "Great Hall of Celeano"),
        *(c.CorrectMonster(k, c.MonsterAction.PLACE, to="Outskirts") for k in outskirts),
        c.CorrectMonster("Dimensional Shambler", c.MonsterAction.PLACE, to="Merchant District"),
        c.CorrectMonster("God of the Bloody Tongue", c.MonsterAction.PLACE, to="Merchant District"),
        c.CorrectMonster("Dhole", c.MonsterAction.PLACE, to="Curiositie Shoppe"),
        c.CorrectMonster("Dhole", c.MonsterAction.DEFEATED, "Curiositie Shoppe"),
    )
    app.scene_name = "arkham_fix"
    state = app.client.table.session.state
    assert isinstance(state, m.ArkhamState)
    metrics = app.metrics
    for draft in steps(state):
        page(app).draft = draft
        app.draw()
        buttons = page(app).buttons
        assert len(buttons) > len(state.investigators), draft.step  # the step drew its choices
        for i, one in enumerate(buttons):
            where = (draft.step, one.label)
            assert one.rect.width >= MIN_TOUCH and one.rect.height >= MIN_TOUCH, where
            assert one.rect.right <= size[0] and one.rect.bottom <= size[1], where
            assert not any(one.rect.colliderect(o.rect) for o in buttons[i + 1 :]), where
            smallest = font(metrics.px(LABEL_SIZES[-1])).size(one.label)[0]
            assert smallest <= one.rect.width - metrics.px(10), ("label cut", *where)
        found = problems(frame(app), size)
        assert not found, (draft.step, found[:5])
