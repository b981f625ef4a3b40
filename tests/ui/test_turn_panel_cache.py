"""The turn panel reads the engine's own list of legal commands instead of asking the engine
about each choice: it offers exactly what it offered asking each time, and a list kept for one
state never answers for another."""

from __future__ import annotations

import random
from typing import Any

from companion import demo
from companion.engine import Accepted, Command, apply, legal_commands, recruit_areas
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.factions import neutral_spellbooks as nb
from companion.engine.cthulhu.model import GameState, Phase, PromptKind
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui import turn_panel
from companion.ui.scene import Submit
from companion.ui.widgets import Metrics
from tests.ui.played import played


class AskingPanel(turn_panel.TurnPanel):
    """The panel as it was: every choice asked of the engine (an apply each)."""

    def legal(self, state: GameState, command: Command) -> bool:
        return isinstance(apply(state, command), Accepted)


def offered(panel: turn_panel.TurnPanel, state: GameState, area: int) -> list[tuple[str, Any]]:
    return list(panel.offers(state, area))


def test_the_panel_offers_what_asking_the_engine_each_time_offered() -> None:
    """Through two seeded games: every area's choices and the short list of areas are the same
    whether read from the engine's list or asked one by one."""
    checked = 0
    for seed in (1, 5):
        for state in played(seed):
            if state.prompt.kind is not PromptKind.ACTION:
                continue
            fast, asking = turn_panel.TurnPanel(Metrics(800, 480)), AskingPanel(Metrics(800, 480))
            assert list(fast.options(state)) == list(asking.options(state)), state.step
            for area in range(len(state.areas)):
                assert offered(fast, state, area) == offered(asking, state, area), (state.step, area)
            checked += 1
    assert checked > 50


def recruiting_state() -> tuple[GameState, int]:
    """An action turn where the player to act may recruit, and an area where it may."""
    for state in played(1):
        if state.prompt.kind is PromptKind.ACTION:
            panel = turn_panel.TurnPanel(Metrics(800, 480))
            for area in panel.options(state):
                if any(isinstance(getattr(i, "command", None), c.Recruit) for _, i in panel.choices(state, area)):
                    return state, area
    raise AssertionError("no recruit offered in the seeded game")


def test_a_list_kept_for_one_state_never_offers_in_the_next() -> None:
    """The same panel, the state after the player's Power was set to 0: the recruit it offered a
    moment ago is no longer offered (the engine refuses it now), and the list is the new state's."""
    state, area = recruiting_state()
    panel = turn_panel.TurnPanel(Metrics(800, 480))
    before = panel.choices(state, area)
    assert any(isinstance(getattr(i, "command", None), c.Recruit) for _, i in before)
    kept = panel.known(state)
    result = apply(state, c.Correct(state.prompt.actor, "power", 0))
    assert isinstance(result, Accepted)
    broke = result.state
    assert broke.prompt.kind is PromptKind.ACTION and broke.prompt.actor == state.prompt.actor
    after = panel.choices(broke, area)
    assert not any(isinstance(getattr(i, "command", None), c.Recruit) for _, i in after)
    assert not panel.legal(broke, c.Recruit(broke.prompt.actor, broke.area_name(area)))
    assert panel.known(broke) is not kept and panel.known(broke).state is broke
    assert panel.known(state) is not kept  # back to the first state: read afresh, not a stale list
    assert panel.choices(state, area) == before


def test_the_list_is_read_only_as_far_as_a_question_needs() -> None:
    """A recruit listed early is found without reading the whole list; a command the list leaves
    out reads it to its end and is then asked of the engine."""
    state, area = recruiting_state()
    listed = turn_panel.Listed(state)
    assert listed.has(c.Recruit(state.prompt.actor, state.area_name(area)))
    read = len(listed.commands)
    assert read < len(list(legal_commands(state)))
    hand = c.BattleAction(state.prompt.actor, state.area_name(area), "nobody", 0, 0)
    assert not listed.has(hand)
    assert listed.commands == list(legal_commands(state))


def book_states() -> list[GameState]:
    """Action turns of a game with the neutral Spellbooks: before any is held, then with
    Undimensioned held, then with Recriminations held too (as tests/ui/test_neutral_spellbook_taps
    plays them)."""
    from companion.engine.cthulhu.model import Options, UnitKind
    from companion.session import GameSession
    from companion.store.sqlite import SqliteJournal
    from tests.helpers import new_game

    gc = "great_cthulhu"
    options = Options(abilities=True, neutral_spellbooks=True)
    session = GameSession.start(SqliteJournal(":memory:"), "g", new_game("earth-3p", options=options))
    assert isinstance(session, GameSession)
    states = []
    for command in (
        c.ChooseDirection(gc, "clockwise"),
        c.Place(gc, c.UnitRef("Australia", UnitKind.MONSTER, "Deep One", 1)),
        c.GainSpellbook(gc, nb.UNDIMENSIONED),
        c.GainSpellbook(gc, nb.RECRIMINATIONS),
    ):
        assert isinstance(session.submit(command), Accepted), command
        if session.state.prompt.kind is PromptKind.ACTION:
            states.append(session.state)
    return states


def test_the_area_list_offers_every_listed_command_that_names_no_area() -> None:
    """Every command the engine lists that names no area (a neutral Spellbook's Undimensioned, a
    faction's Desecrate or Give Doom) is a button of the area list, in words, through seeded
    games and with the neutral Spellbooks held; Pass is the confirming pair at the end."""
    from companion.ui.entry import area_of

    states = [s for seed in (1, 5) for s in played(seed) if s.prompt.kind is PromptKind.ACTION]
    books = book_states()
    lists = [turn_panel.TurnPanel(Metrics(800, 480)).area_list(s) for s in [*states, *books]]
    assert any("Undimensioned" in [words for words, _ in items] for items in lists)
    for state, items in zip([*states, *books], lists, strict=True):
        offered = {intent.command for _, intent in items if isinstance(intent, Submit)}
        placeless = {cmd for cmd in legal_commands(state) if not area_of(cmd) and not isinstance(cmd, c.Pass)}
        assert placeless <= offered, state.step


def test_the_areas_asked_by_area_are_those_whose_own_list_offers_something() -> None:
    """The short list of areas, settled by the engine asked area by area (recruit_areas, then
    each area's part of the list: area_actions), is the areas whose own list offers a choice
    (not only "Bring units"), through seeded games; both of its short cuts were taken."""
    from tests.engine.cthulhu.by_area import GUARDED

    states = [s for seed in (1, 5) for s in played(seed) if s.prompt.kind is PromptKind.ACTION]
    setup = demo.demo_setup(2, "earth-4p-53", 4)
    setup = demo.DemoSetup(setup.board, tuple(c.Seat(f) for f in GUARDED), 2, setup.options)
    session = GameSession.start(SqliteJournal(":memory:"), "g", setup.command())
    assert isinstance(session, GameSession)
    rnd = random.Random(2)
    while session.state.phase is not Phase.GAME_OVER and len(states) < 400:
        if session.state.prompt.kind is PromptKind.ACTION:
            states.append(session.state)
        result = session.submit(demo.choose(session.state, rnd))
        for order in demo.casualties(session.state, getattr(result, "events", ())):
            session.submit(order)
    # The same turns with the Power set lower: no recruit and no gate anywhere, the list's
    # parts naming less (the area's own list then asks the engine).
    for state in states[::4]:
        for power in (0, 1):
            result = apply(state, c.Correct(state.prompt.actor, "power", power))
            assert isinstance(result, Accepted)
            states.append(result.state)
    by_recruit = by_part = 0
    for state in states:
        panel = turn_panel.TurnPanel(Metrics(800, 480))
        pid = state.prompt.actor
        mine = [i for i, a in enumerate(state.areas) if a.count(owner=pid)] or list(range(len(state.areas)))
        own = [i for i in mine if any(not turn_panel._bring(intent) for _, intent in offered(panel, state, i))]
        assert panel.options(state) == own, state.step
        recruits = recruit_areas(state)
        by_recruit += bool(recruits)
        by_part += any(i not in recruits for i in own)
    assert by_recruit > 20 and by_part > 20
