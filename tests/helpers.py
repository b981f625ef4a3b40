"""Helpers shared by the tests: start games, build boards by hand, drive commands."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.engine import Accepted, Command, Rejected, State, apply
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import AreaState, Faction, Gate, Options, UnitKind, Units
from companion.maps import load_map
from companion.session import Session
from firmware_bridge.protocol import Frame

CORE3 = (Faction.GREAT_CTHULHU, Faction.CRAWLING_CHAOS, Faction.BLACK_GOAT)


def new_game(
    map_name: str = "earth-3p", factions: tuple[Faction, ...] = CORE3, seed: int = 1, options: Options | None = None
) -> c.NewGame:
    seats = tuple(c.Seat(f) for f in factions)
    return c.NewGame(load_map(map_name), seats, seed, options or Options())


def started(
    map_name: str = "earth-3p",
    factions: tuple[Faction, ...] = CORE3,
    seed: int = 1,
    options: Options | None = None,
    direction: str = "clockwise",
) -> State:
    """A game after set-up: start areas placed (first choice when asked), direction chosen."""
    state = ok(apply(None, new_game(map_name, factions, seed, options)))
    while state.prompt.kind.value == "start_area":
        state = ok(apply(state, c.ChooseStart(state.prompt.actor, state.prompt.choices[0])))
    return ok(apply(state, c.ChooseDirection(state.prompt.actor, direction)))


def ok(result: Accepted[State] | Rejected) -> State:
    assert isinstance(result, Accepted), f"rejected: {result}"
    return result.state


def run(state: State, *commands: Command) -> State:
    for command in commands:
        state = ok(apply(state, command))
    return state


def events_of(state: State, command: Command) -> tuple[Any, ...]:
    result = apply(state, command)
    assert isinstance(result, Accepted), f"rejected: {result}"
    return result.events


def rejected(state: State, command: Command) -> Rejected:
    result = apply(state, command)
    assert isinstance(result, Rejected), f"accepted: {command}"
    return result


def set_board(state: State, **areas: dict[str, Any]) -> State:
    """Replace areas by name: ``set_board(s, Africa={"gate": "black_goat", "units": [...]})``.

    ``gate`` is None, "abandoned" or a controller id; ``units`` a list of (owner, kind, name, count).
    """
    for name, spec in areas.items():
        index = state.board.area_index(name.replace("_", " "))
        assert index is not None, name
        gate_spec = spec.get("gate")
        gate = None if gate_spec is None else Gate(None if gate_spec == "abandoned" else gate_spec)
        units = tuple(sorted((Units(o, UnitKind(k), n, cnt) for o, k, n, cnt in spec.get("units", [])), key=lambda u: u.key))
        state = state.with_area(index, AreaState(gate, units, tuple(spec.get("markers", ()))))
    return state


def clear_board(state: State) -> State:
    return replace(state, areas=tuple(AreaState() for _ in state.areas))


def set_players(state: State, **changes: dict[str, Any]) -> State:
    """Replace players' fields by id; ``spellbooks`` may be a count (that many unnamed books)."""
    for pid, fields in changes.items():
        seat = state.seat(pid)
        assert seat is not None
        books = fields.get("spellbooks")
        if isinstance(books, int):
            fields = {**fields, "spellbooks": ("",) * books}
        state = state.with_player(seat, **fields)
    return state


def pass_round(state: State, first: str = "great_cthulhu") -> tuple[State, list[Any]]:
    """Everyone passes the Action Phase; a tie for first player goes to ``first``; play stays
    clockwise.  Returns the state (in the Doom Phase, at the rituals) and every event."""
    events: list[Any] = []
    command: Command
    while state.phase.value == "action" and state.prompt.kind.value == "action":
        command = c.Pass(state.prompt.actor)
        events += events_of(state, command)
        state = run(state, command)
    if state.prompt.kind.value == "first_player":
        command = c.ChooseFirstPlayer(state.prompt.actor, first)
        events += events_of(state, command)
        state = run(state, command)
    if state.prompt.kind.value == "direction":
        command = c.ChooseDirection(state.prompt.actor, "clockwise")
        events += events_of(state, command)
        state = run(state, command)
    return state, events


def skip_rituals(state: State) -> tuple[State, list[Any]]:
    """Every player skips the Ritual of Annihilation; the state after, and the events."""
    events: list[Any] = []
    while state.prompt.kind.value == "ritual":
        command = c.SkipRitual(state.prompt.actor)
        events += events_of(state, command)
        state = run(state, command)
    return state, events


def to_end_of_doom_phase(state: State) -> State:
    """Pass the round and skip the rituals: the map's end-of-Doom-Phase steps come next."""
    return skip_rituals(pass_round(state)[0])[0]


def count_decisions(session: Session[Any]) -> list[Command]:
    """Make ``session``'s rules note every command they are asked to decide; returns the notes."""
    asked: list[Command] = []
    rules = session.rules

    def noting(state: Any, command: Command) -> Accepted[Any] | Rejected:
        asked.append(command)
        return rules.apply(state, command)

    session.rules = replace(rules, apply=noting)
    return asked


def table_of(app: Any) -> Any:
    """The table behind an App's client (the tests' view; the screen itself never sees it)."""
    from companion.appliance import LocalClient

    assert isinstance(app.client, LocalClient)
    return app.client.table


class Wire:
    """The tower's side of a table under test: every frame the table sent (into ``sent`` when given)."""

    def __init__(self, sent: list[Frame] | None = None) -> None:
        self.sent: list[Frame] = [] if sent is None else sent

    def __call__(self, frame: Frame) -> bool:
        self.sent.append(frame)
        return True


# -- the screen, by taps ---------------------------------------------------------------------


def tap(app: Any, label: str) -> None:
    """Tap the button labelled ``label`` on the screen in view, at its centre through the App as
    a finger would (it must be there and enabled), and draw the frame it leads to."""
    app.draw()
    buttons = app.scenes[app.scene_name].buttons
    button = next((b for b in buttons if b.label == label), None)
    assert button is not None, (label, [b.label for b in buttons])
    assert button.enabled, label
    app.tap(button.rect.center)
    app.draw()


def tap_area(app: Any, name: str) -> None:
    """Tap the area called ``name`` at its centre on the map (going to the map first by its
    navigation button when another screen is in view: the tap bench's own way), and draw the
    frame it leads to."""
    from bench.taps import tap_area as tap_index

    index = app.view().state.board.area_index(name)
    assert index is not None, name
    tap_index(app, index)
    app.draw()


def frame(app: Any) -> list[Any]:
    """Every line of text the App's next frame draws, as ``widgets.text`` records it (the one
    recorder the text-fit checks read): where, what was asked, what was shown, in which box."""
    from companion.ui import widgets

    drawn: list[widgets.Drawn] = []
    widgets.RECORDER = drawn
    try:
        app.dirty = True
        app.draw()
    finally:
        widgets.RECORDER = None
    return drawn
