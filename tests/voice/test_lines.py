"""What the voice says: from real engine events, matched by class, big moments marked."""

from __future__ import annotations

from companion.engine import Event, State
from companion.engine.arkham import model as ah
from companion.engine.cthulhu.events import DoomGained, GameEnded, PowerSpent, TurnStarted, UnitsPlaced
from companion.engine.cthulhu.model import PromptKind
from companion.voice.lines import Cue, Priority, Verbosity, lines_for
from tests.helpers import pass_round, set_board, set_players, skip_rituals, started

BG = "black_goat"
NAMES = {"black_goat": "Black Goat", "great_cthulhu": "Great Cthulhu"}


def watcher_awakening() -> tuple[tuple[Event, ...], State]:
    """A Yuggoth game where Black Goat's Doom passes 12 in the Doom Phase: the Watcher wakes."""
    state = set_players(started("yuggoth-demo"), black_goat={"doom": 11})
    state, events = pass_round(state)
    return tuple(events), state


def test_a_watcher_awakening_is_a_big_line_with_its_cue_and_its_cause() -> None:
    events, state = watcher_awakening()
    lines = lines_for(events, state, NAMES)
    awakening = next(line for line in lines if "Watcher awakens" in line.text)
    assert awakening.priority is Priority.BIG and awakening.cue is Cue.WATCHER
    assert "Black Goat's Doom passed 12" in awakening.text and "Watcher Postern" in awakening.text


def test_doom_milestones_are_said_once_when_crossed_and_25_and_up_are_big() -> None:
    assert [line.text for line in lines_for([DoomGained(BG, 2, "gates", 13)], None, NAMES)] == ["Black Goat reaches 13 Doom."]
    assert lines_for([DoomGained(BG, 1, "gates", 14)], None, NAMES) == []
    (late,) = lines_for([DoomGained(BG, 3, "a ritual", 26)], None, NAMES)
    assert late.priority is Priority.BIG


def test_the_end_names_the_winners() -> None:
    (line,) = lines_for([GameEnded("doom", (BG,), ())], None, NAMES)
    assert line.text == "The game is over. Black Goat wins." and line.cue is Cue.GAME_OVER


def test_the_dice_the_table_waits_for_are_said() -> None:
    state = set_board(started("yuggoth-demo"), Slopes_of_the_Pyramid_North={"gate": "great_cthulhu"})
    state, _ = skip_rituals(pass_round(state)[0])
    assert state.prompt.kind is PromptKind.ROLL
    assert lines_for((), state)[-1].text == "Roll one die."


def test_big_only_keeps_only_the_big_moments() -> None:
    events, state = watcher_awakening()
    events += (TurnStarted(BG, 4),)
    assert all(line.priority is Priority.BIG for line in lines_for(events, state, NAMES, Verbosity.BIG_ONLY))
    assert any(line.priority is Priority.ROUTINE for line in lines_for(events, state, NAMES))


def test_arkham_big_moments_and_the_outskirts() -> None:
    lines = lines_for(
        [
            ah.MythosDrawn("Planetary Alignment", "headline", "", "", (), ()),
            ah.MonsterAppeared("Byakhee", "Outskirts", "Woods"),
            ah.MonsterAppeared("Ghoul", "Woods", "Woods"),
            ah.TerrorRose(3, "General Store"),
            ah.AncientOneAwakens("Azathoth", "the doom track is full"),
        ],
        None,
    )
    assert [line.text for line in lines] == [
        "Mythos: Planetary Alignment.",
        "Byakhee goes to the Outskirts.",
        "Terror rises to 3. General Store closes.",
        "Azathoth awakens!",
    ]
    assert lines[0].cue is Cue.MYTHOS and lines[-1].cue is Cue.ANCIENT_ONE and lines[-1].priority is Priority.BIG


def test_routine_bookkeeping_says_nothing() -> None:
    events = (PowerSpent(BG, 1, "recruit", 5), UnitsPlaced(BG, "Forest", "cultist", "Acolyte", 1, "recruited"))
    assert lines_for(events, None, NAMES) == []
