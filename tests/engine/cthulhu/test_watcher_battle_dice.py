"""A player's battle against the Watcher later in the Action Phase: its combat dice computed
from its units there as in every other battle (yuggoth-watcher.txt: "The defending Faction
rolls Combat dice against the Watcher as normal"), no count typed."""

from __future__ import annotations

from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import PromptKind
from companion.engine.cthulhu.watcher import BattleWatcher, WatcherBattled
from tests.engine.cthulhu.yuggoth_board import GC, attacking, complete_attacks
from tests.helpers import events_of, run, set_board


def test_battle_watcher_computes_the_players_dice_from_its_units() -> None:
    state = complete_attacks(attacking())
    where = state.watcher.area  # type: ignore[union-attr]
    name = state.area_name(where)
    units = [(GC, "monster", "Starspawn", 1), (GC, "monster", "Deep One", 2)]
    state = set_board(state, **{name.replace(" ", "_"): {"units": units}})
    state = run(state, BattleWatcher(GC))  # no dice typed
    state = run(state, c.Roll((1,) * 12, "tower"))
    assert state.prompt.kind is PromptKind.ROLL and state.prompt.actor == GC
    assert state.prompt.dice == 3 + 2  # the Starspawn's 3 and the Deep Ones' 1 each
    events = events_of(state, c.Roll((6, 2, 5, 1, 1), "tower"))
    assert WatcherBattled(name, GC, 12, 0, 0, 1, 11) in events
