"""Every ability command the engine takes is in its legal list (the screen and the demo's bots offer
only that list): for seeded demo games, at the faction's own action and Doom-Phase questions,
every command of its module built from the board's values (its areas, the other players, its
units) that ``apply`` accepts must be listed by ``legal_commands``.  Each sampled state is tried
as played, again with all six of the faction's Spellbooks held and 2 Power, and with them, 15
Power and its whole roster beside an enemy monster and cultist, so that the abilities that
need a Spellbook or a Great Old One are reached too."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest

from companion.engine import Accepted, Command, State, apply, legal_commands
from companion.engine.cthulhu import board as bd
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.factions import (
    RULES,
    ancients,
    black_goat,
    crawling_chaos,
    great_cthulhu,
    high_priests,
    neutral_spellbooks,
    opener_of_the_way,
    sleeper,
    windwalker,
    yellow_sign,
)
from companion.engine.cthulhu.model import Faction, Options, Phase, Prompt, PromptKind, UnitKind
from companion.engine.values import evolve
from tests.engine.cthulhu.factions.kit import BG, CORE4, OW, WW, YS, game6, turn
from tests.engine.cthulhu.plugins import swap
from tests.engine.cthulhu.sampled_games import F, sampled
from tests.helpers import clear_board, set_board, set_players, started

MODULES: dict[Faction, ModuleType] = {
    F.WINDWALKER: windwalker,
    F.ANCIENTS: ancients,
    F.SLEEPER: sleeper,
    F.OPENER_OF_THE_WAY: opener_of_the_way,
    F.CRAWLING_CHAOS: crawling_chaos,
    F.GREAT_CTHULHU: great_cthulhu,
    F.BLACK_GOAT: black_goat,
    F.YELLOW_SIGN: yellow_sign,
}
SEEDS = (1, 2)


def pointless(state: State, command: Command) -> bool:
    """A command the engine takes that changes nothing a player would want, and which the list
    leaves out on purpose: Dragon Ascending when Opener's Power is the highest already (it
    would spend the once-per-game use for no Power)."""
    pid = getattr(command, "player", "")
    return isinstance(command, opener_of_the_way.DragonAscending) and state.player(pid).power >= max(
        p.power for p in state.players
    )


def domain(state: State, pid: str, cls: type[Command], field: dataclasses.Field[Any]) -> list[Any] | None:
    """The values tried for one field of an ability command (None: the command is not tried)."""
    areas = [state.area_name(i) for i in range(len(state.areas))]
    others = [p.pid for p in state.players if p.pid != pid]
    name = field.name
    if name == "player":
        return [pid]
    if cls is sleeper.SleeperRequirement:  # (its handler ignores a ``to`` given with "all" or "loss")
        return {"kind": list(sleeper.GIFTS), "to": ["", *others]}[name]
    if name in ("area", "to"):
        return areas
    if name in ("enemy", "victim", "faction"):
        return others
    if name in ("name", "unit"):
        return [u.name for u in RULES[state.player(pid).faction].units]
    if name == "dearest":
        return [False, True]
    if name == "amount":
        return list(crawling_chaos.PAYMENTS)
    if name == "book":  # Recriminations: each book held, and one not held
        return [*state.player(pid).spellbooks, neutral_spellbooks.SHRIVELING]
    if field.default is not dataclasses.MISSING:  # a tuple of units or areas: its default (all of them)
        return [field.default]
    return None


def candidates(state: State, pid: str, module: ModuleType) -> Iterator[Command]:
    for cls in module.HANDLERS:
        domains = [domain(state, pid, cls, f) for f in dataclasses.fields(cls)]
        if all(d is not None for d in domains):
            for values in itertools.product(*domains):  # type: ignore[arg-type]
                command = cls(*values)
                if not (isinstance(command, sleeper.SleeperRequirement) and command.kind != "one" and command.to):
                    yield command


def missing(state: State, pid: str, module: ModuleType) -> list[Command]:
    """The module's commands the engine takes in ``state`` that its legal list leaves out."""
    listed = set(legal_commands(state))
    out = []
    for command in candidates(state, pid, module):
        if command not in listed and isinstance(apply(state, command), Accepted) and not pointless(state, command):
            out.append(command)
    return out


def stocked(state: State, pid: str) -> State:
    """``state`` with one of each of ``pid``'s roster units not on the map (its Great Old Ones
    too) in its most crowded area, beside an enemy Monster and Acolyte."""
    i = max(range(len(state.areas)), key=lambda j: state.areas[j].count(owner=pid))
    area = state.areas[i]
    for unit in RULES[state.player(pid).faction].units:
        if unit.kind is not UnitKind.CULTIST and not any(a.count(owner=pid, name=unit.name) for a in state.areas):
            area = bd.add_units(area, pid, unit.kind, unit.name, 1)
    other = next(p for p in state.players if p.pid != pid)
    monster = next(u.name for u in RULES[other.faction].units if u.kind is UnitKind.MONSTER)
    area = bd.add_units(bd.add_units(area, other.pid, UnitKind.MONSTER, monster, 1), other.pid, UnitKind.CULTIST, "Acolyte", 1)
    return state.with_area(i, area)


def variants(state: State, pid: str) -> Iterator[State]:
    seat = state.seat(pid)
    assert seat is not None
    yield state
    books = tuple(RULES[state.player(pid).faction].spellbooks)
    yield state.with_player(seat, power=2, spellbooks=books)
    yield stocked(state.with_player(seat, power=15, spellbooks=books), pid)


@pytest.mark.parametrize("faction", list(MODULES), ids=lambda f: f.value)
def test_every_ability_command_the_engine_takes_is_in_the_legal_list(faction: Faction) -> None:
    module, found = MODULES[faction], dict[tuple[str, str], Command]()
    samples = 0
    for seed in SEEDS:
        for state, pid in sampled(faction, seed):
            for variant in variants(state, pid):
                samples += 1
                for command in missing(variant, pid, module):
                    found.setdefault((type(command).__name__, variant.prompt.kind.value), command)
    assert samples >= 10
    assert found == {}


def test_the_check_finds_a_command_left_out_of_the_list(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check can fail: with Windwalker's offers emptied, its Hibernate (always legal on its
    action) is reported."""
    swap(monkeypatch, F.WINDWALKER, offers=lambda state, pid: iter(()))
    state, pid = next((s, p) for s, p in sampled(F.WINDWALKER, 1) if s.prompt.kind is PromptKind.ACTION)
    assert windwalker.Hibernate(pid) in missing(state, pid, windwalker)


# -- the three found missing, each by name ----------------------------------------------------------


def doom_question(state: State, pid: str) -> State:
    """``pid``'s Doom-Phase question (the Ritual unaffordable: only skipping, and its abilities)."""
    seat = state.seat(pid)
    assert seat is not None
    prompt = Prompt(PromptKind.RITUAL, pid, "ritual?", ("skip_ritual",))
    return evolve(state, phase=Phase.DOOM, turn=seat, prompt=prompt)


def test_anytime_spellbook_is_offered_on_windwalkers_doom_phase_question() -> None:
    state = doom_question(game6(), WW)
    assert windwalker.AnytimeSpellbook(WW) in list(legal_commands(state))
    assert isinstance(apply(state, windwalker.AnytimeSpellbook(WW)), Accepted)


def test_dragon_ascending_is_offered_on_openers_doom_phase_question_when_another_has_more_power() -> None:
    books = ("Dragon Ascending",)
    state = set_players(game6(), opener_of_the_way={"power": 1, "spellbooks": books}, great_cthulhu={"power": 7})
    assert opener_of_the_way.DragonAscending(OW) in list(legal_commands(doom_question(state, OW)))
    state = set_players(state, opener_of_the_way={"power": 9, "spellbooks": books})
    assert opener_of_the_way.DragonAscending(OW) not in list(legal_commands(doom_question(state, OW)))  # nothing to gain


def test_shriek_of_the_byakhee_is_offered_into_an_area_without_yellow_sign_units() -> None:
    state = game6(Europe={"units": [(YS, "monster", "Byakhee", 1)]})
    state = turn(state, YS, power=2, books=("Shriek of the Byakhee",))
    offered = list(legal_commands(state))
    assert yellow_sign.Shriek(YS, "Arabia") in offered  # no unit of Yellow Sign's there
    assert yellow_sign.Shriek(YS, "Europe") not in offered  # the only Byakhee is there already


# -- the neutral Spellbooks (option neutral_spellbooks) ---------------------------------------------


def neutral_variants(state: State, pid: str) -> Iterator[State]:
    """``state`` with the option on and all six neutral Spellbooks held (with 2 and 15 Power)."""
    state = evolve(state, options=dataclasses.replace(state.options, neutral_spellbooks=True))
    seat = state.seat(pid)
    assert seat is not None
    for power in (1, 2, 15):
        yield state.with_player(seat, power=power, spellbooks=neutral_spellbooks.BOOKS)


def test_every_neutral_spellbook_action_the_engine_takes_is_in_the_legal_list() -> None:
    found: dict[tuple[str, int], Command] = {}
    samples = offered = 0
    for faction in (F.GREAT_CTHULHU, F.SLEEPER):
        for state, pid in sampled(faction, 1):
            if state.prompt.kind is not PromptKind.ACTION:
                continue
            for variant in neutral_variants(state, pid):
                samples += 1
                offered += sum(isinstance(cmd, neutral_spellbooks.Undimensioned) for cmd in legal_commands(variant))
                for command in missing(variant, pid, neutral_spellbooks):
                    found.setdefault((type(command).__name__, variant.player(pid).power), command)
    assert samples >= 10 and offered > 0
    assert found == {}


# -- the High Priests option: its recruit and Unspeakable Oath ---------------------------------------


def priested(state: State, pid: str) -> State:
    """``state`` with ``pid``'s High Priest in its most crowded area (when not on the map) and 5 Power."""
    seat = state.seat(pid)
    assert seat is not None
    i = max(range(len(state.areas)), key=lambda j: state.areas[j].count(owner=pid))
    if high_priests.out(state, pid) == 0:
        state = state.with_area(i, bd.add_units(state.areas[i], pid, UnitKind.CULTIST, high_priests.HIGH_PRIEST, 1))
    return state.with_player(seat, power=5)


@pytest.mark.parametrize("faction", [F.BLACK_GOAT, F.SLEEPER], ids=lambda f: f.value)
def test_every_high_priest_command_the_engine_takes_is_in_the_legal_list(faction: Faction) -> None:
    """The High Priest's recruit (any area) and Unspeakable Oath, with the option on: each the
    engine takes is listed, as played and with the High Priest on the map."""
    found, samples, offered = dict[tuple[str, str], Command](), 0, set[type[Command]]()
    options = Options(abilities=True, high_priests=True)
    for state, pid in sampled(faction, 1, options):
        for variant in (state, priested(state, pid)):
            samples += 1
            listed = set(legal_commands(variant))
            oaths = {type(cmd) for cmd in listed if isinstance(cmd, high_priests.SacrificeHighPriest)}
            offered |= oaths | {type(cmd) for cmd in listed if isinstance(cmd, c.Recruit) and cmd.unit}
            areas = [variant.area_name(i) for i in range(len(variant.areas))]
            recruits = [c.Recruit(pid, area, high_priests.COST, unit=high_priests.HIGH_PRIEST) for area in areas]
            for command in [*missing(variant, pid, high_priests), *recruits]:
                if command not in listed and isinstance(apply(variant, command), Accepted):
                    found.setdefault((type(command).__name__, variant.prompt.kind.value), command)
    assert samples >= 10 and offered == {high_priests.SacrificeHighPriest, c.Recruit}
    assert found == {}


def test_fertility_cult_offers_abhoths_filth_while_black_goat_holds_abhoth() -> None:
    """factions.md section 12: Abhoth's Filth "Black Goat may also summon them with Fertility":
    every Fertility Cult summon the engine takes, the Filth included, is in the legal list."""
    state = started("earth-4p-53", CORE4, options=Options(abilities=True, independents=("Abhoth",)))
    home = {"gate": BG, "units": [(BG, "goo", "Shub-Niggurath", 1), (BG, "igoo", "Abhoth", 1), (BG, "cultist", "Acolyte", 1)]}
    state = set_board(clear_board(state), Africa=home, Europe={"gate": BG, "units": [(BG, "cultist", "Acolyte", 1)]})
    state = turn(evolve(state, loyalty=(("Abhoth", BG),)), BG, power=4)
    names = [*(u.name for u in RULES[F.BLACK_GOAT].units), "Filth"]
    tried = (black_goat.FertilityCult(BG, state.area_name(i), n) for i in range(len(state.areas)) for n in names)
    taken = {cmd for cmd in tried if isinstance(apply(state, cmd), Accepted)}
    assert {black_goat.FertilityCult(BG, "Africa", "Filth"), black_goat.FertilityCult(BG, "Europe", "Filth")} <= taken
    assert taken <= set(legal_commands(state))
