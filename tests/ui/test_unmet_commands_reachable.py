"""Every command type the engine lists that the reachability games never met is reachable by taps
on the table screen too (issue 33; docs/ui.md, "Every command the engine offers, on the screen").

Each type has a state where it is legal: a seeded game (a reachability game, or a replay-identity
game for the High Priests, Shaggai, Primeval and Yuggoth) played by the demo's bots up to the
decision named below (found once by playing the bots over many seeds), submitted through the
real App's table.  There the table screen's own offers are walked (tests/ui/reach.py): every
command of the type the engine takes now, from the prompted player or out of turn, must be among
them.  Types met too seldom for a decision that lasts (Catnapping, the Shriek, Requires
Attention) are made legal by the table's own corrections at a decision.  The Watcher's battle,
which the engine accepts but does not list, is composed by the screen (reachable); the Cosmic
Power's Spellbook, once accepted and never listed, is listed now and reachable.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from companion.engine import Accepted, apply, tag_of
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.corrections import SetSpellbooks
from companion.engine.cthulhu.model import GameState, UnitKind
from companion.engine.cthulhu.shaggai import CosmicSpellbook
from companion.engine.cthulhu.watcher import BattleWatcher
from companion.ui.app import App
from tests.helpers import table_of
from tests.ui.reach import legal_now, play_to, reachable, session_of

# type: (game, seed, the decision at which the type is legal)
WHERE = {
    "ancient_sorcery": ("replay:yuggoth", 3, 151),
    "awaken_in_doom_phase": ("replay:yuggoth", 2, 25),
    "beyond_one": ("replay:expansions", 1, 34),
    "break_through": ("expansions, neutral Spellbooks", 2, 269),
    "capture_monster": ("expansions, neutral Spellbooks", 2, 267),
    "catabolism": ("replay:windwalker-ice", 1, 179),
    "combat_dice": ("replay:yuggoth", 4, 223),
    "cursed_slumber": ("replay:expansions", 1, 92),
    "dark_rituals": ("replay:yuggoth", 14, 440),
    "doomsday": ("replay:bubastis-tcho-tcho", 5, 10),
    "dragon_ascending": ("replay:windwalker-ice", 1, 29),
    "dread_curse": ("replay:yuggoth", 4, 152),
    "dreams": ("replay:bubastis-tcho-tcho", 1, 205),
    "emerge": ("replay:bubastis-tcho-tcho", 6, 70),
    "ghroth": ("replay:core-three", 1, 102),
    "god_of_forgetfulness": ("core four, independents", 1, 201),
    "he_who_is_not_to_be_named": ("replay:core-four", 8, 162),
    "idolatry": ("replay:bubastis-tcho-tcho", 4, 35),
    "keep_high_priest": ("replay:bubastis-tcho-tcho", 1, 22),
    "key_and_gate": ("replay:expansions", 1, 121),
    "lethargy": ("expansions, neutral Spellbooks", 2, 172),
    "nightmare_web": ("replay:bubastis-tcho-tcho", 47, 237),
    "place_acolyte": ("replay:shaggai", 1, 22),
    "place_glacier": ("replay:primeval", 1, 49),
    "place_worm": ("replay:shaggai", 1, 24),
    "sacrifice_high_priest": ("replay:bubastis-tcho-tcho", 1, 3),
    "sorcery_return": ("expansions, neutral Spellbooks", 14, 187),
    "submerge": ("core four, independents", 1, 151),
    "surprise": ("replay:bubastis-tcho-tcho", 1, 206),
    "thousand_forms": ("replay:bubastis-tcho-tcho", 19, 146),
    "watcher_move": ("replay:yuggoth", 4, 221),
    "watcher_target": ("replay:yuggoth", 4, 222),
    "zingaya": ("core four, independents", 2, 121),
}


def app_at(app_on: Callable[..., App], game: str, seed: int, decision: int) -> tuple[App, GameState]:
    session = session_of(game, seed)
    app = app_on(session)
    return app, play_to(app, table_of(app), seed, decision)


@pytest.mark.parametrize("tag", sorted(WHERE))
def test_a_type_the_games_never_met_is_reachable_by_taps(app_on: Callable[..., App], tag: str) -> None:
    app, state = app_at(app_on, *WHERE[tag])
    wanted = {command for command in legal_now(state) if tag_of(command) == tag}
    assert wanted, f"{tag} is not legal at {WHERE[tag]} any more: find another decision"
    assert wanted - reachable(app) == set()


def test_catnapping_is_reachable_by_taps(app_on: Callable[..., App]) -> None:
    """Catnapping (Bubastis: Bastet sends an enemy's units in its area home), which no seed the
    bots played met: at Bubastis' first action of "the newest, five" (decision 8), the table
    corrects the board (its own corrections, journaled): Bubastis holds Catnapping, Bastet stands
    in Europe beside Yellow Sign, and has 6 Power."""
    app, state = app_at(app_on, "the newest, five", 3, 8)
    assert state.prompt.actor == "bubastis"
    table = table_of(app)
    for correction in (
        SetSpellbooks("bubastis", ("Catnapping",)),
        c.Place("bubastis", c.UnitRef("Europe", UnitKind.GOO, "Bastet", 1)),
        c.Correct("bubastis", "power", 6),
    ):
        assert table.submit(correction)
    app.draw()
    wanted = {command for command in legal_now(app.state) if tag_of(command) == "catnapping"}
    assert wanted, "the corrections no longer make Catnapping legal"
    assert wanted - reachable(app) == set()


def test_the_shriek_of_the_byakhee_is_reachable_by_taps(app_on: Callable[..., App]) -> None:
    """Yellow Sign's Shriek of the Byakhee (every Byakhee flies to one area), which the bots'
    games meet too seldom to name a decision that lasts: at Yellow Sign's action of the replay
    game "shaggai" (seed 1, decision 31) the table gives it the book, a Byakhee away from its
    others and 5 Power (its own corrections, journaled)."""
    app, state = app_at(app_on, *COSMIC)
    assert state.prompt.actor == "yellow_sign", "not Yellow Sign's action here: find another decision"
    table = table_of(app)
    held = state.player("yellow_sign").spellbooks
    for correction in (
        SetSpellbooks("yellow_sign", (*held, "Shriek of the Byakhee")),
        c.Place("yellow_sign", c.UnitRef(state.area_name(0), UnitKind.MONSTER, "Byakhee", 1)),
        c.Correct("yellow_sign", "power", 5),
    ):
        assert table.submit(correction)
    app.draw()
    wanted = {command for command in legal_now(app.state) if tag_of(command) == "shriek"}
    assert wanted, "the corrections no longer make the Shriek legal"
    assert wanted - reachable(app) == set()


def test_requires_attention_is_reachable_by_taps(app_on: Callable[..., App]) -> None:
    """Bastet's Requires Attention (Bubastis' ritual beside an enemy cultist), which the bots'
    games meet too seldom to name a decision that lasts: at Bubastis' first ritual turn of the
    replay game "shaggai" (seed 1, decision 16) the table places Bastet beside the Ancients'
    Acolyte (its own correction, journaled)."""
    app, state = app_at(app_on, "replay:shaggai", 1, 16)
    assert state.prompt.actor == "bubastis", "not Bubastis' ritual here: find another decision"
    assert table_of(app).submit(c.Place("bubastis", c.UnitRef("Temple of Xada-Hgla", UnitKind.GOO, "Bastet", 1)))
    app.draw()
    wanted = {command for command in legal_now(app.state) if tag_of(command) == "requires_attention"}
    assert wanted, "the correction no longer makes Requires Attention legal"
    assert wanted - reachable(app) == set()


def test_the_watchers_battle_is_reachable_by_taps(app_on: Callable[..., App]) -> None:
    """The Watcher's battle (Yuggoth), which the engine accepts but does not list: the area's
    "Battle the Watcher..." opens its composer, whose button sends it (replay game "yuggoth",
    seed 4, decision 281: the engine takes it from the prompted player)."""
    app, state = app_at(app_on, "replay:yuggoth", 4, 281)
    assert isinstance(apply(state, BattleWatcher(state.prompt.actor)), Accepted), "not accepted here: find another decision"
    offered = [cmd for cmd in reachable(app) if isinstance(cmd, BattleWatcher)]
    assert [cmd.player for cmd in offered] == [state.prompt.actor], offered
    assert isinstance(apply(state, offered[0]), Accepted)


COSMIC = ("replay:shaggai", 1, 31)  # Yellow Sign's action, a gate in a Worm's area and 6 Power


def test_the_cosmic_spellbook_is_listed_and_every_one_listed_is_accepted(app_on: Callable[..., App]) -> None:
    """The Cosmic Power's Spellbook (Shaggai), which the engine once accepted without listing:
    listed now, one per Spellbook the player may place, each accepted."""
    _, state = app_at(app_on, *COSMIC)
    listed = [command for command in legal_now(state) if isinstance(command, CosmicSpellbook)]
    held = state.player(state.prompt.actor).spellbooks
    assert listed and all(command.name not in held for command in listed), listed
    assert all(isinstance(apply(state, command), Accepted) for command in listed)


def test_the_cosmic_spellbook_is_reachable_by_taps(app_on: Callable[..., App]) -> None:
    app, state = app_at(app_on, *COSMIC)
    wanted = {command for command in legal_now(state) if isinstance(command, CosmicSpellbook)}
    assert wanted and wanted - reachable(app) == set()
