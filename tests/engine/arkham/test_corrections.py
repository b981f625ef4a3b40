"""Arkham corrections: each one journaled, undone and redone through a stored session; each
refusal changes nothing; the log calls a correction a correction and gives its reason."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from companion.engine.arkham import corrections as c
from companion.engine.arkham import model as m
from companion.engine.arkham.game import apply, monster_census
from companion.engine.codec import canonical, from_canonical
from companion.engine.core import Accepted, Code, Command, Rejected, tag_of
from companion.engine.cthulhu.commands import Redo, Undo
from companion.narrate import describe
from companion.session import ArkhamSession
from companion.store.sqlite import SqliteJournal
from tests.engine.arkham.helpers import board, mythos

SEATS = (m.Seated("Amanda", "Woods", 1), m.Seated("Bob", "Northside", 3), m.Seated("Carolyn", "Rivertown", 2))
Check = Callable[[m.ArkhamState], bool]
GATE = c.CorrectGate("The Witch House", c.GateAction.OPEN, "Yuggoth")
CULTIST = c.CorrectMonster("Cultist", c.MonsterAction.PLACE, to="Rivertown")


def session() -> ArkhamSession:
    started = ArkhamSession.start(SqliteJournal(":memory:"), "a", m.NewArkhamGame("Cthulhu", SEATS, seed=1))
    assert isinstance(started, ArkhamSession)
    return started


def outskirts(state: m.ArkhamState) -> int:
    return sum(1 for x in state.monsters if x.place == "Outskirts")


# (name, commands that prepare the board, the correction, what must hold after it)
CASES: list[tuple[str, tuple[Command, ...], Command, Check]] = [
    ("doom", (), c.CorrectDoom(3, "forgot two gates"), lambda s: s.doom == 3 and not s.awakened),
    ("doom fills the track", (), c.CorrectDoom(13), lambda s: s.doom == 13 and s.awakened == "the doom track is full"),
    ("doom down by an Elder Sign", (c.CorrectDoom(4),), c.CorrectDoom(3, "Elder Sign"), lambda s: s.doom == 3),
    ("terror", (), c.CorrectTerror(2), lambda s: s.terror == 2 and s.closed == ()),
    (
        "terror closes the shops it passes",
        (),
        c.CorrectTerror(6),
        lambda s: s.terror == 6 and s.closed == ("General Store", "Curiositie Shoppe"),
    ),
    (
        "terror 10 empties the Outskirts",
        (c.CorrectMonster("Ghoul", c.MonsterAction.PLACE, to="Outskirts"),),
        c.CorrectTerror(10),
        lambda s: outskirts(s) == 0 and "Ghoul" in s.cup and len(s.closed) == 3,
    ),
    ("open a gate", (), GATE, lambda s: s.gate_at("The Witch House") == m.Gate("The Witch House", "Yuggoth")),
    (
        "a gate opened loses its Clues",
        (),
        c.CorrectGate("Woods", c.GateAction.OPEN, "R'lyeh"),
        lambda s: s.clues_at("Woods") == 0 and s.gate_markers.count("R'lyeh") == 1,
    ),
    (
        "close a gate",
        (GATE, c.CorrectMonster("Mi-Go", c.MonsterAction.PLACE, to="Sky")),
        c.CorrectGate("The Witch House", c.GateAction.CLOSE),
        lambda s: s.gates == () and s.monsters == () and s.cup.count("Mi-Go") == 3,
    ),
    (
        "seal a gate",
        (GATE,),
        c.CorrectGate("The Witch House", c.GateAction.SEAL, reason="Elder Sign"),
        lambda s: s.gates == () and s.seals == ("The Witch House",),
    ),
    (
        "unseal",
        (GATE, c.CorrectGate("The Witch House", c.GateAction.SEAL)),
        c.CorrectGate("The Witch House", c.GateAction.UNSEAL),
        lambda s: s.seals == (),
    ),
    (
        "place a monster",
        (),
        CULTIST,
        lambda s: s.monsters == (m.Monster("Cultist", "Rivertown"),) and s.cup.count("Cultist") == 5,
    ),
    (
        "place a flyer in the Sky",
        (),
        c.CorrectMonster("Byakhee", c.MonsterAction.PLACE, to="Sky"),
        lambda s: s.monsters == (m.Monster("Byakhee", "Sky"),),
    ),
    (
        "move a monster",
        (CULTIST,),
        c.CorrectMonster("Cultist", c.MonsterAction.MOVE, "Rivertown", "Graveyard"),
        lambda s: s.monsters == (m.Monster("Cultist", "Graveyard"),),
    ),
    (
        "a monster defeated is a trophy, not back in the cup",
        (CULTIST,),
        c.CorrectMonster("Cultist", c.MonsterAction.DEFEATED, "Rivertown", reason="Amanda"),
        lambda s: s.monsters == () and s.trophies == ("Cultist",) and s.cup.count("Cultist") == 5,
    ),
    (
        "a trophy spent goes back to the cup",
        (CULTIST, c.CorrectMonster("Cultist", c.MonsterAction.DEFEATED, "Rivertown")),
        c.CorrectMonster("Cultist", c.MonsterAction.SPENT),
        lambda s: s.trophies == () and s.cup.count("Cultist") == 6,
    ),
    (
        "a monster returned to the cup",
        (CULTIST,),
        c.CorrectMonster("Cultist", c.MonsterAction.CUP, "Rivertown", reason="a Headline"),
        lambda s: s.monsters == () and s.cup.count("Cultist") == 6,
    ),
    (
        "a monster returned to the box",
        (CULTIST,),
        c.CorrectMonster("Cultist", c.MonsterAction.BOX, "Rivertown"),
        lambda s: s.monsters == () and s.boxed == ("Cultist",) and s.cup.count("Cultist") == 5,
    ),
    ("clues", (), c.CorrectClues("Library", 2), lambda s: s.clues_at("Library") == 2),
    ("clues taken", (), c.CorrectClues("Woods", 0, "Bob took it"), lambda s: s.clues_at("Woods") == 0),
    (
        "an investigator's place",
        (),
        c.CorrectInvestigator("Amanda", "Yuggoth", delayed=True),
        lambda s: (s.investigators[0].place, s.investigators[0].delayed) == ("Yuggoth", True),
    ),
    (
        "lost in time and space",
        (),
        c.CorrectInvestigator("Bob", "Lost in Time and Space", delayed=True),
        lambda s: s.investigators[1].place == "Lost in Time and Space",
    ),
    (
        "devoured",
        (),
        c.CorrectInvestigator("Carolyn", standing=m.Standing.DEVOURED),
        lambda s: s.investigators[2].standing is m.Standing.DEVOURED and not s.investigators_at("Rivertown"),
    ),
    (
        "retired",
        (),
        c.CorrectInvestigator("Carolyn", standing=m.Standing.RETIRED),
        lambda s: s.investigators[2].standing is m.Standing.RETIRED and s.unplaced() == (),
    ),
    (
        "the environment",
        (),
        c.CorrectCard(c.CardSlot.ENVIRONMENT, "Blood Magic"),
        lambda s: s.environment == "Blood Magic" and s.activity == ("Rivertown",) and "Blood Magic" not in s.deck,
    ),
    (
        "the environment replaced",
        (c.CorrectCard(c.CardSlot.ENVIRONMENT, "Blood Magic"),),
        c.CorrectCard(c.CardSlot.ENVIRONMENT, "Heat Wave"),
        lambda s: s.environment == "Heat Wave" and s.activity == () and s.deck[-1] == "Blood Magic",
    ),
    (
        "the rumor",
        (),
        c.CorrectCard(c.CardSlot.RUMOR, "The Great Ritual"),
        lambda s: s.rumor == "The Great Ritual" and s.rumor_track == 0,
    ),
    (
        "no rumor",
        (c.CorrectCard(c.CardSlot.RUMOR, "The Great Ritual"),),
        c.CorrectCard(c.CardSlot.RUMOR, ""),
        lambda s: s.rumor == "" and s.deck[-1] == "The Great Ritual",
    ),
    (
        "a closed marker moves the occupants to the street",
        (c.CorrectMonster("Ghoul", c.MonsterAction.PLACE, to="Woods"),),
        c.CorrectMarker(m.MarkerKind.CLOSED, "Woods"),
        lambda s: s.is_closed("Woods") and s.investigators[0].place == "Uptown" and s.monsters[0].place == "Uptown",
    ),
    (
        "a shop reopened",
        (c.CorrectTerror(3),),
        c.CorrectMarker(m.MarkerKind.CLOSED, "General Store", placed=False),
        lambda s: not s.is_closed("General Store") and s.terror == 3,
    ),
    ("an activity marker", (), c.CorrectMarker(m.MarkerKind.ACTIVITY, "Easttown"), lambda s: s.activity == ("Easttown",)),
    (
        "an activity marker removed",
        (c.CorrectCard(c.CardSlot.ENVIRONMENT, "Blood Magic"),),
        c.CorrectMarker(m.MarkerKind.ACTIVITY, "Rivertown", placed=False),
        lambda s: s.activity == (),
    ),
    ("awake", (), c.CorrectAwake(True, "Yig's rumor failed"), lambda s: s.awakened == "Yig's rumor failed" and s.doom == 13),
    (
        "asleep again",
        (c.CorrectAwake(True), c.CorrectDoom(5)),
        c.CorrectAwake(False, "a slip"),
        lambda s: s.awakened == "" and s.doom == 5,
    ),
]


@pytest.mark.parametrize(("name", "setup", "command", "check"), CASES, ids=[case[0] for case in CASES])
def test_a_correction_is_journaled_undone_and_redone(
    name: str, setup: tuple[Command, ...], command: Command, check: Check
) -> None:
    game = session()
    for step in setup:
        assert game.submit(step).ok, step
    before = canonical(game.state)
    census = sum(monster_census(game.state).values())
    result = game.submit(command)
    assert isinstance(result, Accepted), result
    after = game.state
    assert check(after), name
    assert sum(monster_census(after).values()) == census  # no monster made or lost
    entry = game.journal.entry("a", game.seq)
    assert f'"type":"{tag_of(command)}"' in entry.command
    lines = [describe(e) for e in result.events]
    assert lines[0] is not None and lines[0].startswith("Correction: "), lines
    reason = getattr(command, "reason", "")
    assert not reason or f"({reason})" in lines[0]
    assert game.submit(Undo()).ok and canonical(game.state) == before
    assert game.submit(Redo()).ok and canonical(game.state) == canonical(after)
    resumed = ArkhamSession.resume(game.journal, "a")  # the journal decodes and replays it
    assert canonical(resumed.state) == canonical(after)


REFUSALS: list[tuple[str, tuple[Command, ...], Command, Code]] = [
    ("negative doom", (), c.CorrectDoom(-1), Code.BAD_VALUE),
    ("doom past the track", (), c.CorrectDoom(14), Code.BAD_VALUE),
    ("doom unchanged", (), c.CorrectDoom(0), Code.BAD_VALUE),
    ("terror past 10", (), c.CorrectTerror(11), Code.BAD_VALUE),
    ("a gate on a stable location", (), c.CorrectGate("Library", c.GateAction.OPEN, "Yuggoth"), Code.BAD_VALUE),
    ("a gate on a street", (), c.CorrectGate("Uptown", c.GateAction.OPEN, "Yuggoth"), Code.UNKNOWN_AREA),
    ("a gate to nowhere", (), c.CorrectGate("Woods", c.GateAction.OPEN, "Narnia"), Code.BAD_VALUE),
    ("a second gate there", (GATE,), c.CorrectGate("The Witch House", c.GateAction.OPEN, "R'lyeh"), Code.GATE_PRESENT),
    (
        "a third gate to one world",
        (GATE, c.CorrectGate("Woods", c.GateAction.OPEN, "Yuggoth")),
        c.CorrectGate("Graveyard", c.GateAction.OPEN, "Yuggoth"),
        Code.BAD_VALUE,
    ),
    (
        "a gate on a seal",
        (GATE, c.CorrectGate("The Witch House", c.GateAction.SEAL)),
        GATE,
        Code.NOT_NOW,
    ),
    ("sealing where there is no gate", (), c.CorrectGate("Woods", c.GateAction.SEAL), Code.NO_GATE),
    ("closing where there is no gate", (), c.CorrectGate("Woods", c.GateAction.CLOSE), Code.NO_GATE),
    ("unsealing no seal", (), c.CorrectGate("Woods", c.GateAction.UNSEAL), Code.NOT_NOW),
    ("an unknown monster", (), c.CorrectMonster("Dragon", c.MonsterAction.PLACE, to="Woods"), Code.BAD_VALUE),
    ("a monster not in the cup", (), c.CorrectMonster("The Black Man", c.MonsterAction.PLACE, to="Woods"), Code.BAD_VALUE),
    ("a monster nowhere", (), c.CorrectMonster("Cultist", c.MonsterAction.PLACE, to="Narnia"), Code.UNKNOWN_AREA),
    ("a walker in the Sky", (), c.CorrectMonster("Cultist", c.MonsterAction.PLACE, to="Sky"), Code.BAD_VALUE),
    ("defeating a monster not there", (), c.CorrectMonster("Cultist", c.MonsterAction.DEFEATED, "Woods"), Code.NO_SUCH_UNITS),
    ("spending no trophy", (), c.CorrectMonster("Cultist", c.MonsterAction.SPENT), Code.BAD_VALUE),
    (
        "an Outskirts fuller than they hold",
        tuple(
            c.CorrectMonster(k, c.MonsterAction.PLACE, to="Outskirts") for k in ("Cultist", "Ghoul", "Zombie", "Maniac", "Witch")
        ),
        c.CorrectMonster("Gug", c.MonsterAction.PLACE, to="Outskirts"),
        Code.BAD_VALUE,
    ),
    (
        "a monster in a closed shop",
        (c.CorrectTerror(3),),
        c.CorrectMonster("Ghoul", c.MonsterAction.PLACE, to="General Store"),
        Code.NOT_NOW,
    ),
    ("clues on a street", (), c.CorrectClues("Uptown", 1), Code.UNKNOWN_AREA),
    ("negative clues", (), c.CorrectClues("Library", -1), Code.BAD_VALUE),
    ("clues at a gate", (GATE,), c.CorrectClues("The Witch House", 1), Code.GATE_PRESENT),
    ("an unknown investigator", (), c.CorrectInvestigator("Zed", "Woods"), Code.UNKNOWN_PLAYER),
    ("an investigator nowhere", (), c.CorrectInvestigator("Amanda", "Narnia"), Code.UNKNOWN_AREA),
    ("an investigator unchanged", (), c.CorrectInvestigator("Amanda", "Woods"), Code.BAD_VALUE),
    ("an unknown card", (), c.CorrectCard(c.CardSlot.ENVIRONMENT, "Sunny Day"), Code.BAD_VALUE),
    ("a headline as the environment", (), c.CorrectCard(c.CardSlot.ENVIRONMENT, "Blue Flu!"), Code.BAD_VALUE),
    ("a rumor as the environment", (), c.CorrectCard(c.CardSlot.ENVIRONMENT, "The Great Ritual"), Code.BAD_VALUE),
    ("no rumor to remove", (), c.CorrectCard(c.CardSlot.RUMOR, ""), Code.BAD_VALUE),
    ("a closed marker on a street", (), c.CorrectMarker(m.MarkerKind.CLOSED, "Uptown"), Code.UNKNOWN_AREA),
    ("removing an activity marker not there", (), c.CorrectMarker(m.MarkerKind.ACTIVITY, "Uptown", placed=False), Code.NOT_NOW),
    ("asleep while the track is full", (c.CorrectDoom(13),), c.CorrectAwake(False), Code.NOT_NOW),
    ("awake twice", (c.CorrectAwake(True),), c.CorrectAwake(True), Code.BAD_VALUE),
]


@pytest.mark.parametrize(("name", "setup", "command", "code"), REFUSALS, ids=[case[0] for case in REFUSALS])
def test_a_refused_correction_changes_nothing(name: str, setup: tuple[Command, ...], command: Command, code: Code) -> None:
    game = session()
    for step in setup:
        assert game.submit(step).ok, step
    before, seq = canonical(game.state), game.seq
    result = game.submit(command)
    assert isinstance(result, Rejected) and result.code is code, (name, result)
    assert result.message.endswith(".") and canonical(game.state) == before and game.seq == seq


def test_corrections_are_accepted_after_the_ancient_one_awakes_but_play_is_not() -> None:
    state = board(awakened="the doom track is full", doom=13)
    assert isinstance(apply(state, m.Mythos()), Rejected)
    lowered = apply(state, c.CorrectDoom(12, "an Elder Sign was missed"))
    assert isinstance(lowered, Accepted)
    asleep = apply(lowered.state, c.CorrectAwake(False))
    assert isinstance(asleep, Accepted) and isinstance(apply(asleep.state, m.Mythos()), Accepted)


def test_a_devoured_investigator_is_off_the_board_until_a_new_one_takes_the_seat() -> None:
    state = board(places=("Woods",))
    devoured = apply(state, c.CorrectInvestigator("Amanda", standing=m.Standing.DEVOURED, reason="insane in R'lyeh"))
    assert isinstance(devoured, Accepted)
    assert describe(devoured.events[0]) == "Correction: investigator Amanda: Woods -> devoured (insane in R'lyeh)."
    refused = apply(devoured.state, m.MoveInvestigator("Amanda", "Woods"))
    assert isinstance(refused, Rejected) and refused.code is Code.NOT_NOW
    renamed = apply(devoured.state, m.RenameInvestigator("Amanda", "Kate"))
    assert isinstance(renamed, Accepted)
    back = apply(renamed.state, c.CorrectInvestigator("Kate", "Science Building"))
    assert isinstance(back, Accepted) and back.state.investigators_at("Science Building")[0].name == "Kate"
    assert back.state.players == 3  # the seat stays: the monster limit and the Outskirts do not move


def test_the_log_names_the_fact_the_place_and_the_reason() -> None:
    state = board()
    opened = apply(state, c.CorrectGate("Woods", c.GateAction.OPEN, "Yuggoth", "missed in the last phase"))
    assert isinstance(opened, Accepted)
    assert describe(opened.events[0]) == "Correction: gate at Woods: none -> open to Yuggoth (missed in the last phase)."
    placed = apply(opened.state, c.CorrectMonster("Byakhee", c.MonsterAction.PLACE, to="Woods"))
    assert isinstance(placed, Accepted)
    defeated = apply(placed.state, c.CorrectMonster("Byakhee", c.MonsterAction.DEFEATED, "Woods", reason="Amanda's Tommy Gun"))
    assert isinstance(defeated, Accepted)
    assert describe(defeated.events[0]) == "Correction: monster Byakhee: Woods -> defeated, a trophy (Amanda's Tommy Gun)."
    doom = apply(defeated.state, c.CorrectDoom(1))  # a gate entered as a correction brings no doom token of its own
    assert isinstance(doom, Accepted) and describe(doom.events[0]) == "Correction: doom: 0 -> 1."  # no reason, no brackets


def test_a_state_stored_before_corrections_existed_still_decodes() -> None:
    """Snapshots journaled by earlier versions have no trophies, box or standing: they default."""
    state = board()
    data = json.loads(canonical(state))
    for key in ("trophies", "boxed"):
        del data[key]
    for person in data["investigators"]:
        del person["standing"]
    old = from_canonical(m.ArkhamState, json.dumps(data))
    assert old == state and old.investigators[0].standing is m.Standing.PLAYING


def test_a_headline_tells_the_table_to_enter_what_it_changes_as_a_correction() -> None:
    result = mythos(board(), "Blue Flu!", "R'lyeh", ("Cultist",))
    [step] = [e for e in result.events if isinstance(e, m.ResolveAtTable)]
    assert step.source == "Blue Flu!" and step.what.endswith("enter what it changes on the board with Correct")


def test_a_trophy_stays_a_trophy_when_a_gate_of_its_dimension_closes() -> None:
    state = board()
    for command in (
        c.CorrectGate("Woods", c.GateAction.OPEN, "Yuggoth"),  # circle
        c.CorrectMonster("Mi-Go", c.MonsterAction.PLACE, to="Woods"),
        c.CorrectMonster("Mi-Go", c.MonsterAction.PLACE, to="Sky"),
        c.CorrectMonster("Mi-Go", c.MonsterAction.DEFEATED, "Woods"),
        m.CloseGate("Woods"),
    ):
        result = apply(state, command)
        assert isinstance(result, Accepted), (command, result)
        state = result.state
    # Of the three Mi-Go: one a trophy, the one in the Sky back to the cup with its gate closed.
    assert state.trophies == ("Mi-Go",) and state.cup.count("Mi-Go") == 2 and state.monsters == ()
