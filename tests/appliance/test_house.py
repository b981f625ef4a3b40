"""The house (companion/appliance.py): one wiring for the window, the terminal demo and the
service.  Every output is a peer listener of the session; the demo's players are an input
source on the table's queue; entries another process journaled replay their cues here."""

from __future__ import annotations

import contextlib
import io
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import fakeredis
import pytest
from gpiozero.pins.mock import MockFactory

from bench.tower_bench import answer  # the same hurried player the tower bench plays with
from companion import demo
from companion.appliance import Appliance, demo_house, service_house
from companion.config import Config
from companion.engine import Event
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Phase, PromptKind
from companion.engine.cthulhu.watcher import WatcherAwakened
from companion.session import GameSession
from companion.store import Entry
from companion.store.redis import RedisJournal
from companion.store.sqlite import SqliteJournal
from companion.table import CommandInput
from hardware.config import panel_config
from tests.helpers import new_game

TIMEOUT = 5.0
WIRING = {"watcher_light": 18, "worm_light": 23, "doom_bar": [5, 6, 13, 19, 26], "buzzer": 24}


def game(journal: Any, map_name: str = "earth-3p", name: str = "g") -> GameSession:
    session = GameSession.start(journal, name, new_game(map_name, seed=2))
    assert isinstance(session, GameSession)
    return session


class Recorder:
    """A screen (companion.client.Screen) and a plain output at once: what each heard, in order."""

    def __init__(self, heard: list[str], name: str) -> None:
        self.heard, self.name = heard, name
        self.events: list[tuple[Event, ...]] = []
        self.opened: list[tuple[Any, bool]] = []

    def __call__(self, events: tuple[Event, ...], state: Any, entry: Entry) -> None:
        self.heard.append(self.name)
        self.events.append(events)

    def entered(self, state: Any, lines: list[str]) -> None:
        self.heard.append(self.name)


class FakeScreen(Recorder):
    def decided(self, state: Any, lines: list[str]) -> None:
        pass

    def withdrawn(self) -> None:
        pass

    def attached(self, state: Any, lines: list[str], games: list[Any], *, home: bool) -> None:
        self.opened.append((state, home))

    def listed(self, games: list[Any]) -> None:
        pass

    def noticed(self) -> None:
        pass

    def wake(self) -> None:
        pass


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    from gpiozero import Device
    from gpiozero.pins.mock import MockPWMPin

    previous, made = Device.pin_factory, MockFactory(pin_class=MockPWMPin)
    Device.pin_factory = made
    yield made
    made.reset()
    Device.pin_factory = previous


def test_every_output_is_a_peer_listener_panel_first_and_they_follow_a_new_game(factory) -> None:
    heard: list[str] = []
    out = io.StringIO()
    with contextlib.ExitStack() as stack:
        house = Appliance(game(SqliteJournal(":memory:")), stack)
        panel = house.add_panel(panel_config(WIRING), pin_factory=factory)
        house.output(lambda events, state, entry: heard.append("panel heard") if panel.cues is not None else None)
        house.narrate(out)
        house.output(Recorder(heard, "log"))
        screen = FakeScreen(heard, "screen")
        client = house.client(threaded=False)
        client.connect(screen)
        client.post(c.ChooseDirection("great_cthulhu", "clockwise"))
        # Each once: the LEDs first, then the screen (the players wait on both), then the outputs
        # nobody waits on, in the order they were added (the log's words).
        assert heard == ["screen", "panel heard", "log"]
        assert "clockwise" in out.getvalue().lower()
        assert house.session.listeners[:2] == [panel.on_events, client._entered]
        heard.clear()
        client.start(new_game("yuggoth-demo", seed=3))  # another game on the same table
        assert house.session.name != "g" and screen.opened[-1] == (house.session.state, True)
        client.post(c.ChooseDirection("great_cthulhu", "clockwise"))
        assert heard == ["screen", "panel heard", "log"]  # the outputs came along


def test_the_screen_hears_an_entry_before_the_outputs_nobody_waits_on() -> None:
    """The voice and the log (added first, as the demo adds them) hear an entry after the screen:
    the listeners run in turn on the table's thread, and the screen's frame waits for its turn."""
    heard: list[str] = []
    with contextlib.ExitStack() as stack:
        house = Appliance(game(SqliteJournal(":memory:")), stack)
        house.output(Recorder(heard, "voice"))
        house.output(Recorder(heard, "log"))
        client = house.client(threaded=False)
        client.connect(FakeScreen(heard, "screen"))
        client.post(c.ChooseDirection("great_cthulhu", "clockwise"))
        assert heard == ["screen", "voice", "log"]


def test_the_demos_players_are_an_input_source_on_the_tables_queue() -> None:
    with contextlib.ExitStack() as stack:
        house = demo_house(stack, game(SqliteJournal(":memory:")), 5, tower=False, panel=False)
        bots = house.bots
        assert bots is not None
        seq = house.session.seq
        assert bots.move()
        assert house.session.seq == seq  # queued, not decided: the table's loop decides it
        queued = house.table.inputs.get_nowait()
        assert isinstance(queued, CommandInput)
        house.table.inputs.put(queued)
        assert house.table.drain() == 1 and house.session.seq == seq + 1


def test_the_demos_players_assign_a_battles_losses_whoever_rolled_it() -> None:
    """The losses follow the roll's entry (a listener), so a roll from the tower gets them too."""
    with contextlib.ExitStack() as stack:
        session = game(SqliteJournal(":memory:"))
        house = demo_house(stack, session, 5, tower=False, panel=False)
        table = house.table
        table.submit(c.ChooseDirection("great_cthulhu", "clockwise"))
        table.submit(c.Place("crawling_chaos", c.UnitRef("South Pacific", c.UnitKind.MONSTER, "Nightgaunt")))  # type: ignore[attr-defined]
        table.submit(c.BattleAction("great_cthulhu", "South Pacific", "crawling_chaos", 2, 1))
        assert session.state.prompt.kind is PromptKind.ROLL
        while session.state.prompt.kind is PromptKind.ROLL:  # the attacker's dice, then the defender's
            table.submit(c.Roll((6,) * session.state.prompt.dice, "tower"))  # all kills
        assert table.inputs.qsize() > 0  # the players' losses are queued as inputs, not yet decided
        assert session.state.areas[session.state.board.area_index("South Pacific")].count(owner="crawling_chaos") == 1
        table.drain()
        area = session.state.board.area_index("South Pacific")
        assert session.state.areas[area].count(owner="crawling_chaos") == 0


def test_the_headless_demo_and_the_window_play_through_the_same_house(monkeypatch) -> None:
    """Both demos build their house with demo_house (the window's: run_window_demo); the
    terminal's plays a whole game through it, the players on the table's queue."""
    from companion import appliance
    from companion.demo import demo_setup
    from companion.demo_run import run_headless

    built: list[Appliance] = []
    original = appliance.demo_house

    def spy(*args: Any, **kwargs: Any) -> Appliance:
        built.append(original(*args, **kwargs))
        return built[-1]

    monkeypatch.setattr(appliance, "demo_house", spy)
    final = run_headless(SqliteJournal(":memory:"), "d", demo_setup(3, "earth-3p", 3), io.StringIO())
    assert final.phase is Phase.GAME_OVER
    (house,) = built
    assert house.bots is not None and house.bots.hear in house.session.listeners


def test_entries_applied_by_another_process_replay_their_cues_here(factory) -> None:
    """Two processes on one Redis: this one (the screen's house, its panel and a log) follows;
    the other (the tower bridge, say) plays on until the Watcher wakes.  The buzzer here sounds
    the Watcher's three beeps, and the log hears the other process's entries with their events."""
    server = fakeredis.FakeServer()
    here = RedisJournal(fakeredis.FakeRedis(server=server))
    there = RedisJournal(fakeredis.FakeRedis(server=server))
    session = game(here, "yuggoth-demo")
    heard: list[str] = []
    log = Recorder(heard, "log")
    with contextlib.ExitStack() as stack:
        house = Appliance(session, stack)
        house.add_panel(panel_config(WIRING), pin_factory=factory)
        house.output(log)
        house.follow(here)  # subscribed before it returns: the notices below all reach it
        other = GameSession.resume(there, "g")
        other.submit(c.Correct("great_cthulhu", "doom", 12))  # passes the dark token: wakes at the Doom Phase
        for _ in range(500):
            if any(isinstance(e, WatcherAwakened) for e in json_events(there, other)):
                break
            other.submit(answer(other))
        else:
            pytest.fail("the other process never woke the Watcher")
        deadline = time.monotonic() + TIMEOUT
        while house.session.seq < other.seq:
            assert time.monotonic() < deadline, "the change notices never arrived"
            house.table.step(timeout=0.1)
        assert house.session.state == other.state
        assert any(isinstance(e, WatcherAwakened) for events in log.events for e in events)
        assert len(log.events) == min(other.seq - 1, 64)  # the other's entries (the latest 64 at most)
        pin = factory.pin(24)
        deadline = time.monotonic() + TIMEOUT
        while sum(1 for s in pin.states if s.state) < 3:
            assert time.monotonic() < deadline, "the buzzer never sounded the Watcher's waking"
            time.sleep(0.01)


def json_events(journal: RedisJournal, session: GameSession) -> tuple[Event, ...]:
    from companion.table import journaled_events

    last = journal.last(session.name)
    return journaled_events(last) if last is not None else ()


def test_the_demos_players_leave_the_table_alone_while_the_tower_is_asked_for_a_roll() -> None:
    """A command accepted while the tower is asked for a roll would have it asked (and rolling)
    again: the players wait, their spellbook too, until the tower's roll is in."""
    from companion.appliance import Bots
    from companion.table import Table

    session = game(SqliteJournal(":memory:"))
    table: Table[GameSession] = Table(session)
    bots = Bots(table, 5, tower=True)
    table.submit(c.ChooseDirection("great_cthulhu", "clockwise"))
    table.submit(c.Place("crawling_chaos", c.UnitRef("South Pacific", c.UnitKind.MONSTER, "Nightgaunt")))  # type: ignore[attr-defined]
    table.submit(c.BattleAction("great_cthulhu", "South Pacific", "crawling_chaos", 2, 1))
    assert session.state.prompt.kind is PromptKind.ROLL
    bots.moved = True  # as after their own move: a spellbook may follow
    bots.rnd.random = lambda: 0.0  # type: ignore[method-assign]  # and it would
    assert bots.move() and table.inputs.qsize() == 0  # nothing queued while the roll is asked for
    table.submit(c.Roll((1, 1), "tower"))
    table.drain()
    while session.state.prompt.kind is PromptKind.ROLL:
        table.submit(c.Roll((1,) * session.state.prompt.dice, "tower"))
        table.drain()
    assert bots.move() and table.drain() == 1  # now the spellbook
    assert json_last_type(session) == "gain_spellbook"


def json_last_type(session: GameSession) -> str:
    import json

    last = session.journal.last(session.name)
    assert last is not None
    return str(json.loads(last.command)["type"])


def test_the_services_house_wires_what_the_config_names(factory) -> None:
    """`companion run`: the panel from [hardware], the tower from [tower] (but on a shared Redis
    journal the tower belongs to the bridge, and the table follows the journal's notices)."""
    from companion.appliance import after_first_frame, service_house
    from companion.config import Config

    hardware = {**WIRING, "pin_factory": "mock"}
    with contextlib.ExitStack() as stack:
        journal = SqliteJournal(":memory:")
        house = service_house(stack, journal, Config(hardware=hardware, tower={"url": "loop://"}), None)
        assert house.session.name == "welcome"  # no stored game yet: the welcome game
        assert house.voice is None  # the voice waits for the first frame
        after_first_frame(house, None)
        assert house.panel is not None and house.voice is not None  # SDL's dummy audio device here
        assert house.session.listeners == [house.panel.on_events, house.voice]
        assert house.link is not None and house.link.status.url == "loop://"
        assert house.table.tower.send == house.link.send  # the table's tower port talks to it
    assert house.panel.devices == []  # the stack closed the panel
    server = fakeredis.FakeServer()
    shared = RedisJournal(fakeredis.FakeRedis(server=server))
    game(shared)
    with contextlib.ExitStack() as stack:
        house = service_house(stack, shared, Config(tower={"url": "loop://"}), None)
        assert house.session.name == "g" and house.link is None and house.panel is None
        other = GameSession.resume(RedisJournal(fakeredis.FakeRedis(server=server)), "g")
        other.submit(c.ChooseDirection("great_cthulhu", "clockwise"))
        assert house.table.step(timeout=TIMEOUT)  # the change notice came, and the table caught up
        assert house.session.seq == other.seq


def test_a_stored_game_that_cannot_be_read_is_said_on_the_screen_and_the_welcome_game_shown(tmp_path: Path) -> None:
    journal = SqliteJournal(tmp_path / "journal.sqlite3")
    stored = GameSession.start(journal, "evening", demo.demo_setup(2, None, 3).command())
    assert isinstance(stored, GameSession)
    # A game written before names were checked: its first command no longer decodes, and with no
    # snapshot it must be replayed from there.
    broken = '{"type": "new_game", "seats": 7}'
    journal._db.execute("UPDATE entries SET command = ? WHERE game = ? AND seq = 1", (broken, "evening"))
    journal._db.execute("DELETE FROM snapshots WHERE game = ?", ("evening",))
    with contextlib.ExitStack() as stack:
        house = service_house(stack, journal, Config(), None)
        assert house.session.name == "welcome"
        assert any("Showing the welcome game instead" in notice.text for notice in house.table.notices)
    with contextlib.ExitStack() as stack:  # a second start: "welcome" exists and plays, nothing to say
        assert service_house(stack, journal, Config(), None).session.name == "welcome"
    journal.close()
