"""The post-battle abilities after a battle with the Watcher (yuggoth-watcher.txt: "While
Spellbooks and abilities can be used in Battle against it, they may only affect your own Units"),
each driven through commands, the referee playing the abilities: those that change only their
owner's units apply (Eternal, Cannibalism, Martyrdom, Fulmination, The Million Favored Ones);
those that would change the Watcher do not (Berserkergang, Unholy Ground, Predator).  Readings:
docs/rules-notes.md, "The Watcher's battles and the post-battle abilities"."""

from __future__ import annotations

from companion.engine import State
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.events import BattleEnded, UnitsPlaced
from companion.engine.cthulhu.factions.ancients import CATHEDRAL
from companion.engine.cthulhu.factions.powers import AbilityUsed, UseAbility
from companion.engine.cthulhu.model import WATCHER, Faction, Options, Prompt, PromptKind, Step, Watcher
from companion.engine.cthulhu.watcher import BattleWatcher, CombatDice, WatcherMove
from companion.engine.values import evolve
from companion.narrate import describe
from tests.engine.cthulhu.factions.common import AN, BB, GC, OW, TT, WW
from tests.engine.cthulhu.factions.kit import already, turn, units
from tests.engine.cthulhu.yuggoth_board import NORTH
from tests.helpers import clear_board, events_of, run, set_board, started

A, M, G = "cultist", "monster", "goo"
LAB = "Laboratory"  # next to the north slope


def yuggoth(
    factions: tuple[Faction, ...],
    here: list[tuple[str, str, str, int]],
    pid: str,
    books: tuple[str, ...] = (),
    token: int = 2,
    elsewhere: list[tuple[str, str, str, int]] | None = None,
    tribe: str = "Tsang",
    met: tuple[str, ...] = (),
) -> State:
    """Yuggoth with ``factions`` and the abilities on: the Watcher awake (token ``token``) on the
    north slope with ``here``; ``elsewhere`` in the Laboratory; ``pid`` to act, holding ``books``,
    its requirements ``met`` met already (a Great Old One placed by hand was awakened once)."""
    state = started("yuggoth-demo", factions, options=Options(abilities=True))
    while state.prompt.kind is PromptKind.ABILITY:  # Tcho-Tcho's tribe
        state = run(state, UseAbility(state.prompt.actor, tribe))
    lab = elsewhere or [(GC, A, "Acolyte", 1)]
    state = set_board(clear_board(state), Slopes_of_the_Pyramid_North={"units": here}, Laboratory={"units": lab})
    north = state.board.area_index(NORTH)
    assert north is not None
    state = evolve(state, watcher=Watcher(awake=True, token=token, area=north, awoke_round=state.round))
    return turn(already(state, pid, *met), pid, power=5, books=books)


def battle(state: State, pid: str, watcher_roll: tuple[int, ...], own_roll: tuple[int, ...] | None = None) -> State:
    """``pid`` battles the Watcher: the Watcher's dice, then ``pid``'s (all misses unless given)."""
    state = run(state, BattleWatcher(pid), c.Roll(watcher_roll, "tower"))
    if state.prompt.kind is PromptKind.ROLL and state.prompt.purpose == "watcher_defend":
        state = run(state, c.Roll(own_roll or (1,) * state.prompt.dice, "tower"))
    return state


WW_GAME = (Faction.WINDWALKER, Faction.GREAT_CTHULHU, Faction.CRAWLING_CHAOS)


# -- Windwalker ----------------------------------------------------------------------------------


def test_eternal_against_the_watcher_rhan_tegoth_pays_1_to_cancel_its_kill() -> None:
    state = yuggoth(WW_GAME, [(WW, G, "Rhan Tegoth", 1)], WW, met=("Awaken Rhan Tegoth",))
    state = battle(state, WW, (6, 1))  # the Watcher's Kill lands on Rhan Tegoth
    assert state.prompt.kind is PromptKind.ABILITY and state.prompt.purpose == "Eternal" and state.prompt.actor == WW
    state = run(state, UseAbility(WW, "use"))
    assert units(state, NORTH, WW, "Rhan Tegoth") == 1 and state.player(WW).power == 5 - 1 - 1  # the battle, Eternal


def test_eternal_against_the_watcher_may_be_declined() -> None:
    state = battle(yuggoth(WW_GAME, [(WW, G, "Rhan Tegoth", 1)], WW, met=("Awaken Rhan Tegoth",)), WW, (6, 1))
    state = run(state, UseAbility(WW, "skip"))
    assert units(state, NORTH, WW, "Rhan Tegoth") == 0


def test_cannibalism_when_the_watcher_kills_another_factions_unit_windwalker_places_one() -> None:
    ww_lab = [(WW, A, "Acolyte", 1)]
    state = yuggoth(WW_GAME, [(GC, M, "Deep One", 1)], GC, elsewhere=ww_lab)
    state = turn(state, WW, books=("Cannibalism",))
    state = turn(state, GC)
    state = battle(state, GC, (6, 1))  # the Deep One is killed
    assert state.prompt.kind is PromptKind.ABILITY and state.prompt.purpose == "Cannibalism" and state.prompt.actor == WW
    state = run(state, UseAbility(WW, "Acolyte"))
    assert units(state, NORTH, WW, "Acolyte") == 1


def test_cannibalism_when_windwalker_kills_the_watcher() -> None:
    state = yuggoth(WW_GAME, [(WW, M, "Gnoph-Keh", 1), (WW, A, "Acolyte", 1)], WW, books=("Cannibalism",), token=1)
    state = battle(state, WW, (1,), (6, 1, 1))  # the Gnoph-Keh's 3 dice: a Kill on the Watcher's last space
    assert state.watcher is not None and not state.watcher.awake  # killed
    assert state.prompt.kind is PromptKind.ABILITY and state.prompt.purpose == "Cannibalism"
    state = run(state, UseAbility(WW, "Wendigo"))
    assert units(state, NORTH, WW, "Wendigo") == 1


def test_cannibalism_not_when_only_windwalkers_own_units_die_against_the_watcher() -> None:
    state = yuggoth(WW_GAME, [(WW, A, "Acolyte", 2), (WW, M, "Gnoph-Keh", 1)], WW, books=("Cannibalism",), token=5)
    state = battle(state, WW, (6, 1, 1, 1, 1))
    state = run(state, c.AssignKill(WW, "Acolyte")) if state.prompt.kind is PromptKind.ASSIGN_KILL else state
    assert state.prompt.purpose != "Cannibalism" and state.abilities.asks == ()
    assert state.prompt.kind is PromptKind.ACTION and state.prompt.actor != WW  # the battle action is over


def test_berserkergang_does_not_apply_against_the_watcher() -> None:
    state = yuggoth(WW_GAME, [(WW, M, "Gnoph-Keh", 1)], WW, books=("Berserkergang",))
    state = run(state, BattleWatcher(WW), c.Roll((6, 1), "tower"))  # the Gnoph-Keh is killed
    events = events_of(state, c.Roll((1,) * state.prompt.dice, "tower"))
    state = run(state, c.Roll((1,) * state.prompt.dice, "tower"))
    assert units(state, NORTH, WW, "Gnoph-Keh") == 0
    assert BattleEnded(NORTH, WATCHER, WW) in events
    assert state.prompt.purpose != "Berserkergang" and state.abilities.asks == ()
    assert not any(u[0] == WW and "Gnoph" in u[1] for u in state.abilities.used)  # no mark left for a later battle


# -- Tcho-Tcho -----------------------------------------------------------------------------------

TT_GAME = (Faction.TCHO_TCHO, Faction.GREAT_CTHULHU, Faction.CRAWLING_CHAOS)


def test_martyrdom_against_the_watcher_the_kills_on_the_other_units_become_pains() -> None:
    here = [(TT, A, "High Priest", 1), (TT, A, "Acolyte", 1)]
    state = yuggoth(TT_GAME, here, TT, books=("Martyrdom",), token=3)
    state = battle(state, TT, (6, 6, 1))  # two Kills: both units
    assert state.prompt.kind is PromptKind.ABILITY and state.prompt.purpose == "Martyrdom"
    assert NORTH not in state.prompt.choices  # a retreat: not the battle area
    state = run(state, UseAbility(TT, LAB))
    assert units(state, LAB, TT, "Acolyte") == 1 and units(state, NORTH, TT, "High Priest") == 0


def test_fulmination_after_the_watcher_kills_ubbo_sathla_counting_the_watcher_killed() -> None:
    here = [(TT, G, "Ubbo-Sathla", 1)]
    state = yuggoth(TT_GAME, here, TT, books=("Fulmination",), token=1, tribe="Leng", met=("Awaken Ubbo-Sathla",))
    state = battle(evolve(state, growth=2), TT, (6,), (6, 1))  # each side's Kill: Ubbo-Sathla and the Watcher
    assert state.watcher is not None and not state.watcher.awake
    assert state.prompt.kind is PromptKind.ABILITY and state.prompt.purpose == "Fulmination"
    signs = len(state.player(TT).elder_signs)
    state = run(state, UseAbility(TT, "use"))
    assert len(state.player(TT).elder_signs) == signs + 2  # Ubbo-Sathla and the Watcher killed
    assert units(state, NORTH, TT, "Ubbo-Sathla") == 0


# -- Opener of the Way, the Ancients, Bubastis ---------------------------------------------------


def test_the_million_favored_ones_after_a_battle_with_the_watcher() -> None:
    game = (Faction.OPENER_OF_THE_WAY, Faction.GREAT_CTHULHU, Faction.CRAWLING_CHAOS)
    state = yuggoth(game, [(OW, A, "Acolyte", 1), (OW, M, "Mutant", 1)], OW, books=("The Million Favored Ones",))
    state = battle(state, OW, (1, 1))  # nothing lands: the battle is over at once
    assert state.prompt.kind is PromptKind.ABILITY and state.prompt.purpose == "The Million Favored Ones"
    state = run(state, UseAbility(OW, "Acolyte"))
    assert units(state, NORTH, OW, "Mutant") == 2 and units(state, NORTH, OW, "Acolyte") == 0


def test_unholy_ground_does_not_apply_against_the_watcher() -> None:
    game = (Faction.ANCIENTS, Faction.GREAT_CTHULHU, Faction.CRAWLING_CHAOS)
    state = yuggoth(game, [(AN, A, "Acolyte", 2)], AN, books=("Unholy Ground",))
    north = state.board.area_index(NORTH)
    assert north is not None
    state = state.with_area(north, evolve(state.areas[north], markers=(CATHEDRAL,)))
    state = run(state, BattleWatcher(AN))
    events = events_of(state, c.Roll((1, 1), "tower"))  # the Acolytes roll nothing: the battle is over
    state = run(state, c.Roll((1, 1), "tower"))
    assert BattleEnded(NORTH, WATCHER, AN) in events and not any(isinstance(e, AbilityUsed) for e in events)
    assert state.prompt.kind is PromptKind.ACTION and state.abilities.asks == ()
    assert state.watcher is not None and state.watcher.awake and state.watcher.token == 2


def test_predator_does_not_apply_against_the_watcher() -> None:
    game = (Faction.BUBASTIS, Faction.GREAT_CTHULHU, Faction.CRAWLING_CHAOS)
    state = yuggoth(game, [(BB, M, "Cat from Uranus", 1), (BB, M, "Earth Cat", 2)], BB, books=("Predator",))
    state = battle(state, BB, (6, 1))  # an Earth Cat killed (no choice: the Earth Cats first is the owner's)
    while state.prompt.kind is PromptKind.ASSIGN_KILL:
        state = run(state, c.AssignKill(BB, "Earth Cat"))
    assert state.prompt.purpose != "Predator" and state.abilities.asks == ()


def test_the_battle_with_the_watcher_ends_in_the_log() -> None:
    state = yuggoth(WW_GAME, [(WW, A, "Acolyte", 1)], WW)
    state = run(state, BattleWatcher(WW))
    events = events_of(state, c.Roll((1, 1), "tower"))
    assert BattleEnded(NORTH, WATCHER, WW) in events
    assert not any(isinstance(e, UnitsPlaced) for e in events)
    assert (
        describe(BattleEnded(NORTH, WATCHER, WW), {WW: "Windwalker"})
        == f"The battle in {NORTH} between Watcher and Windwalker is over."
    )


def test_cannibalism_in_the_watchers_attack_then_the_attacks_go_on() -> None:
    state = yuggoth(WW_GAME, [(GC, M, "Deep One", 1)], GC, elsewhere=[(WW, A, "Acolyte", 1)])
    state = turn(state, WW, books=("Cannibalism",))
    # The Watcher's attacks at the start of the Action Phase, Great Cthulhu's first: from the
    # Postern into the north slope.
    w, postern = state.watcher, state.board.postern
    assert w is not None and postern is not None
    order = (state.seat(GC), state.seat(WW))
    state = evolve(state, watcher=evolve(w, area=postern, controllers=order), pending=(Step.WATCHER_ATTACKS, Step.ACTIONS))
    state = evolve(state, prompt=Prompt(PromptKind.WATCHER_MOVE, GC, "move", (NORTH,)))
    state = run(state, WatcherMove(GC, NORTH), CombatDice(GC, 1), c.Roll((6, 1), "tower"), c.Roll((1,), "tower"))
    assert units(state, NORTH, GC, "Deep One") == 0
    assert state.prompt.kind is PromptKind.ABILITY and state.prompt.purpose == "Cannibalism" and state.prompt.actor == WW
    state = run(state, UseAbility(WW, "Acolyte"))
    assert units(state, NORTH, WW, "Acolyte") == 1
    assert state.prompt.kind is PromptKind.WATCHER_MOVE and state.prompt.actor == WW  # the next attack
