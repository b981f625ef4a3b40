"""The loose ends of the factions' rules (issue 20), each driven through commands: Regenerate's
first Kill in the battle's Kill tally, the Doom Phase for a player who cannot afford the Ritual,
Ancient Sorcery's borrowed Flight and Fertility Cult, and the Watcher's battles."""

from __future__ import annotations

from typing import Any

from companion.engine import State, legal_commands
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu import flow
from companion.engine.cthulhu.events import HitTaken, PhaseStarted, RitualSkipped
from companion.engine.cthulhu.factions import powers as pw
from companion.engine.cthulhu.factions.black_goat import FertilityCult
from companion.engine.cthulhu.factions.powers import UseAbility
from companion.engine.cthulhu.factions.sleeper import AncientSorcery, DeathFromBelow
from companion.engine.cthulhu.factions.windwalker import ANYTIME
from companion.engine.cthulhu.model import NO_PROMPT, Faction, Options, Phase, PromptKind, Step, UnitKind, Watcher
from companion.engine.cthulhu.watcher import BattleWatcher
from companion.engine.values import evolve
from companion.narrate import describe
from tests.engine.cthulhu.factions.kit import BG, CC, CORE4, GC, SL, WW, YS, A, G, M, already, game, game6, turn, units
from tests.engine.cthulhu.yuggoth_board import NORTH
from tests.helpers import CORE3, clear_board, events_of, rejected, run, set_board, set_players, started


def starspawn_vs_byakhee(starspawn: int = 1) -> State:
    """Yellow Sign's Byakhee (2: 3 dice) attack Great Cthulhu's Starspawn, Regenerate held."""
    state = game(Europe={"units": [(GC, M, "Starspawn", starspawn), (YS, M, "Byakhee", 2)]})
    state = turn(state, GC, books=("Regenerate",))
    return turn(state, YS, power=5)


def test_regenerate_a_first_kill_on_a_starspawn_is_not_in_the_kill_tally() -> None:
    state = run(starspawn_vs_byakhee(), c.BattleAction(YS, "Europe", GC), c.Roll((6, 1, 1)))
    events = events_of(state, c.Roll((1, 1, 1)))
    state = run(state, c.Roll((1, 1, 1)))
    hits = [e for e in events if isinstance(e, HitTaken)]
    assert [h.hit for h in hits] == ["regenerate"]  # a Kill that kills nothing yet
    assert describe(hits[0]) == ("Great Cthulhu's Starspawn in Europe takes a Kill and regenerates: a second Kill eliminates it.")
    assert dict(state.abilities.tally).get(YS, 0) == 0  # the Starspawn is pained, not killed
    state = run(state, c.ChooseRetreat(GC, "Asia"))
    assert units(state, "Asia", GC, "Starspawn") == 1 and dict(state.abilities.tally).get(YS, 0) == 0


def test_regenerate_two_kills_on_a_starspawn_count_one_kill_in_the_tally() -> None:
    state = run(starspawn_vs_byakhee(), c.BattleAction(YS, "Europe", GC), c.Roll((6, 6, 1)))
    events = events_of(state, c.Roll((1, 1, 1)))
    state = run(state, c.Roll((1, 1, 1)))
    assert [e.hit for e in events if isinstance(e, HitTaken)] == ["regenerate", "kill"]
    assert units(state, "Europe", GC, "Starspawn") == 0
    assert dict(state.abilities.tally)[YS] == 1  # one unit killed, not two


def doom_rituals(state: State) -> State:
    """The Doom Phase's rituals asked from Great Cthulhu's seat on, as the round runs them."""
    pending = (Step.RITUALS, Step.END_DOOM, Step.ACTION_START, Step.ACTIONS)
    state = evolve(state, phase=Phase.DOOM, pending=pending, queue=None, prompt=NO_PROMPT, turn=-1, first=0)
    return flow.run(state, [])


def anytime_taken(state: State) -> State:
    """Windwalker has taken its anytime Spellbook (until then it is a Doom-Phase choice too)."""
    return set_players(already(state, WW, ANYTIME), windwalker={"spellbooks": ("",)})


def test_the_doom_phase_asks_a_player_who_cannot_afford_the_ritual_but_has_a_doom_phase_choice() -> None:
    # Sleeper (2 Power) may still use Death from Below; Yellow Sign (0) holds an Elder Sign;
    # the others, with no Power and nothing to play, are skipped.
    state = anytime_taken(game6(Europe={"units": [(SL, A, "Acolyte", 1)]}))
    everyone: dict[str, dict[str, Any]] = {p.pid: {"power": 0} for p in state.players}
    state = set_players(state, **{**everyone, SL: {"power": 2}, YS: {"power": 0, "elder_signs": (2,)}})
    state = doom_rituals(state)
    assert state.prompt.kind is PromptKind.RITUAL and state.prompt.actor == SL
    assert state.prompt.choices == ("skip_ritual",)
    offered = list(legal_commands(state))
    assert DeathFromBelow(SL, "Europe") in offered and not any(isinstance(o, c.Ritual) for o in offered)
    assert rejected(state, c.Ritual(SL)).code.value == "cannot_afford"
    state = run(state, DeathFromBelow(SL, "Europe"))
    assert units(state, "Europe", SL, "Wizard") == 1 and state.prompt.actor == SL  # still its Doom Phase turn
    events = events_of(state, c.SkipRitual(SL))
    state = run(state, c.SkipRitual(SL))
    assert state.prompt.kind is PromptKind.RITUAL and state.prompt.actor == YS
    assert c.RevealElderSign(YS, 2) in list(legal_commands(state))
    state = run(state, c.RevealElderSign(YS, 2), c.SkipRitual(YS))
    assert state.player(YS).doom == 2 and state.phase is Phase.ACTION
    skipped = [e.player for e in events if isinstance(e, RitualSkipped)]
    assert SL in skipped and GC not in skipped  # Great Cthulhu, before Sleeper, was skipped unasked


def test_the_doom_phase_skips_a_player_with_no_doom_phase_choice() -> None:
    state = anytime_taken(game6(Europe={"units": [(SL, A, "Acolyte", 1)]}))
    state = set_players(state, **{p.pid: {"power": 0} for p in state.players})
    state = pw.mark_used(state, SL, "Death from Below")  # used this Doom Phase already
    events: list[object] = []
    pending = (Step.RITUALS, Step.END_DOOM, Step.ACTION_START, Step.ACTIONS)
    state = flow.run(evolve(state, phase=Phase.DOOM, pending=pending, queue=None, prompt=NO_PROMPT, turn=-1), events)  # type: ignore[arg-type]
    assert any(isinstance(e, PhaseStarted) and e.phase == Phase.ACTION.value for e in events)  # nobody was asked
    assert sorted(e.player for e in events if isinstance(e, RitualSkipped)) == sorted(p.pid for p in state.players)


def five(**areas: dict[str, Any]) -> State:
    """Earth (5 players): the core four and Sleeper, the abilities on, the board set by hand."""
    state = started("earth-5p", (*CORE4, Faction.SLEEPER), options=Options(abilities=True))
    return set_board(clear_board(state), **areas)


def sorcery(state: State, enemy: str) -> State:
    """Sleeper sends its Serpent Man in Europe onto ``enemy``'s card (Ancient Sorcery)."""
    state = turn(state, SL, power=6, books=("Ancient Sorcery",))
    return run(state, AncientSorcery(SL, "Europe", enemy))


def test_ancient_sorcery_borrowed_flight_moves_sleeper_units_two_areas() -> None:
    sleeper = [(SL, M, "Serpent Man", 1), (SL, A, "Acolyte", 1)]
    state = five(Europe={"units": sleeper}, North_Asia={"units": [(CC, A, "Acolyte", 1)]})
    two_areas = c.Move(SL, groups=(c.MoveGroup("Europe", "Arctic Ocean", UnitKind.CULTIST, "Acolyte", 1),))
    assert rejected(turn(state, SL, power=3), two_areas).code.value == "not_adjacent"  # not before it borrows Flight
    state = turn(sorcery(state, CC), SL, power=3, books=("Ancient Sorcery",))
    state = run(state, two_areas)
    assert units(state, "Arctic Ocean", SL, "Acolyte") == 1 and state.player(SL).power == 2


def test_ancient_sorcery_borrowed_fertility_cult_summons_as_an_unlimited_action() -> None:
    state = five(Europe={"gate": SL, "units": [(SL, M, "Serpent Man", 1), (SL, A, "Acolyte", 1)]})
    summon = FertilityCult(SL, "Europe", "Wizard")
    assert rejected(turn(state, SL, power=6, books=("Ancient Sorcery",)), summon).code.value == "not_now"
    state = turn(sorcery(state, BG), SL, power=6, books=("Ancient Sorcery",))
    assert summon in list(legal_commands(state))
    state = run(state, summon)
    assert units(state, "Europe", SL, "Wizard") == 1 and state.player(SL).power == 5
    assert state.prompt.kind is PromptKind.ACTION and state.prompt.actor == SL  # the turn goes on
    state = run(state, FertilityCult(SL, "Europe", "Serpent Man"))  # the two left; the third is on the card
    assert units(state, "Europe", SL, "Serpent Man") == 1 and state.prompt.actor == SL
    state = run(state, FertilityCult(SL, "Europe", "Serpent Man"))
    assert rejected(state, FertilityCult(SL, "Europe", "Serpent Man")).code.value == "no_such_units"


# -- the Watcher's battles (yuggoth-watcher.txt) ---------------------------------------------------


def watcher_here(units: list[tuple[str, str, str, int]], pid: str, books: tuple[str, ...], token: int = 2) -> State:
    """Yuggoth with the abilities on: the Watcher awake (token ``token``) on the north slope with
    ``units``; ``pid`` to act, holding ``books``."""
    state = started("yuggoth-demo", CORE3, options=Options(abilities=True))
    acolyte = {"units": [(BG, A, "Acolyte", 1)]}
    state = set_board(clear_board(state), Slopes_of_the_Pyramid_North={"units": units}, Laboratory=acolyte)
    north = state.board.area_index(NORTH)
    assert north is not None
    state = evolve(state, watcher=Watcher(awake=True, token=token, area=north, awoke_round=state.round))
    return turn(state, pid, power=5, books=books)


def test_regenerate_in_a_battle_with_the_watcher_a_starspawn_takes_two_results() -> None:
    state = watcher_here([(GC, M, "Starspawn", 1)], GC, ("Regenerate",))
    state = run(state, BattleWatcher(GC), c.Roll((6, 1), "tower"))  # the Watcher's one Kill
    events = events_of(state, c.Roll((1, 1, 1), "tower"))
    state = run(state, c.Roll((1, 1, 1), "tower"))
    assert [e.hit for e in events if isinstance(e, HitTaken)] == ["regenerate"]
    assert state.prompt.kind is PromptKind.RETREAT and state.prompt.actor == GC  # pained, not killed
    state = run(state, c.ChooseRetreat(GC, "Laboratory"))
    assert units(state, "Laboratory", GC, "Starspawn") == 1 and state.battle is None
    assert state.prompt.kind is PromptKind.ACTION and state.prompt.actor != GC  # the battle action is over


def test_emissary_of_the_outer_gods_does_not_apply_against_the_watcher_a_great_old_one() -> None:
    state = watcher_here([(CC, G, "Nyarlathotep", 1)], CC, ("Emissary of the Outer Gods",))
    state = run(state, BattleWatcher(CC), c.Roll((6, 1), "tower"))
    state = run(state, c.Roll((1,) * state.prompt.dice, "tower"))  # his combat against it
    assert units(state, NORTH, CC, "Nyarlathotep") == 0  # the Kill lands as a Kill
    assert state.watcher is not None and state.watcher.token == 2


def test_necrophagy_in_a_battle_with_the_watcher_only_for_black_goat_defending() -> None:
    # Black Goat's Ghoul in the Laboratory may join its own battle with the Watcher (one more Pain
    # on Black Goat's units; the Watcher is immune), not Great Cthulhu's.
    ghoul = {"units": [(BG, A, "Acolyte", 1), (BG, M, "Ghoul", 1)]}
    state = watcher_here([(GC, M, "Deep One", 2), (BG, M, "Dark Young", 2)], GC, ())
    state = turn(set_board(state, Laboratory=ghoul), BG, books=("Necrophagy",))
    state = turn(state, GC)
    state = run(state, BattleWatcher(GC), c.Roll((6, 1), "tower"), c.Roll((1, 1), "tower"))
    assert units(state, NORTH, GC, "Deep One") == 1 and state.prompt.kind is PromptKind.ACTION  # not asked
    state = turn(state, BG, books=("Necrophagy",))
    state = run(state, BattleWatcher(BG), c.Roll((4, 1), "tower"))  # one Pain
    state = run(state, c.Roll((1,) * state.prompt.dice, "tower"))
    assert state.prompt.kind is PromptKind.ABILITY and state.prompt.actor == BG and "Laboratory" in state.prompt.choices
    state = run(state, UseAbility(BG, "Laboratory"))  # the Ghoul joins: one more Pain on Black Goat's units
    assert units(state, NORTH, BG, "Ghoul") == 1
    state = run(state, c.ChooseRetreat(BG, "Laboratory"), c.ChooseRetreat(BG, "Laboratory"))  # both Dark Young
    assert units(state, "Laboratory", BG, "Dark Young") == 2 and units(state, NORTH, BG, "Ghoul") == 1
    assert state.battle is None and state.prompt.kind is PromptKind.ACTION and state.prompt.actor != BG


def test_a_watcher_killed_in_the_battle_still_lands_its_results_then_the_action_ends() -> None:
    state = watcher_here([(GC, M, "Starspawn", 1)], GC, ("Regenerate",), token=1)
    state = run(state, BattleWatcher(GC), c.Roll((6,), "tower"))
    state = run(state, c.Roll((6, 1, 1), "tower"))  # the Starspawn's Kill takes its last token space
    assert state.watcher is not None and not state.watcher.awake and state.watcher.token == 12  # gone
    assert state.prompt.kind is PromptKind.RETREAT and state.prompt.actor == GC  # its Kill regenerated
    state = run(state, c.ChooseRetreat(GC, "Laboratory"))
    assert units(state, "Laboratory", GC, "Starspawn") == 1
    assert state.prompt.kind is PromptKind.ACTION and state.prompt.actor != GC  # one action per turn
