"""Sleeper's borrowed Fertility Cult summons the neutral monsters whose Loyalty Card it holds,
as Black Goat's own does ("neutral monsters may be summoned alongside", factions.md section 3,
[NEC-neutral]; [HRF:FactionBG.scala] marks every summon of a faction that ``has(Fertility)`` and
HRF's ``has`` counts an ability Ancient Sorcery borrowed); driven through commands."""

from __future__ import annotations

from companion.engine import Code, State, legal_commands
from companion.engine.cthulhu.factions.black_goat import FertilityCult
from companion.engine.cthulhu.factions.sleeper import AncientSorcery
from companion.engine.cthulhu.model import Faction, Options, PromptKind
from companion.engine.values import evolve
from tests.engine.cthulhu.factions.common import BG, GC
from tests.engine.cthulhu.factions.kit import CORE4, SL, turn, units
from tests.helpers import clear_board, rejected, run, set_board, started

HOME = {"gate": SL, "units": [(SL, "monster", "Serpent Man", 1), (SL, "cultist", "Acolyte", 1)]}


def sleeper(cards: tuple[tuple[str, str], ...]) -> State:
    """Earth (5 players), the abilities on, Sleeper's gate in Europe, ``cards`` the Loyalty Cards held."""
    state = started("earth-5p", (*CORE4, Faction.SLEEPER), options=Options(abilities=True))
    return evolve(set_board(clear_board(state), Europe=HOME), loyalty=cards)


def borrow(state: State, enemy: str) -> State:
    """Sleeper sends its Serpent Man onto ``enemy``'s card, then acts again with 4 Power."""
    state = run(turn(state, SL, power=6, books=("Ancient Sorcery",)), AncientSorcery(SL, "Europe", enemy))
    return turn(state, SL, power=4, books=("Ancient Sorcery",))


def test_fertility_cult_borrowed_by_sleeper_summons_neutral_monsters_alongside_at_their_card_cost() -> None:
    """A Gug at its card's cost, then a Ghast bringing every Ghast (Hordeling), each an unlimited
    action; a card another player holds (Shantak) is not Sleeper's to summon."""
    state = borrow(sleeper((("Gug", SL), ("Ghast", SL), ("Shantak", GC))), BG)
    offered = {cmd.name for cmd in legal_commands(state) if isinstance(cmd, FertilityCult)}
    assert {"Gug", "Ghast", "Serpent Man"} <= offered and "Shantak" not in offered
    state = run(state, FertilityCult(SL, "Europe", "Gug"), FertilityCult(SL, "Europe", "Ghast"))
    assert units(state, "Europe", SL, "Gug") == 1 and units(state, "Europe", SL, "Ghast") == 4
    assert state.player(SL).power == 1  # Gug 2, Ghast 1 (the card's costs)
    assert state.prompt.kind is PromptKind.ACTION and state.prompt.actor == SL  # unlimited: the turn goes on
    assert rejected(state, FertilityCult(SL, "Europe", "Shantak")).code is Code.BAD_VALUE


def test_fertility_cult_borrowed_by_sleeper_summons_no_neutral_monster_without_its_card() -> None:
    """Only a card held: without the Gug's card the borrowed summon refuses it, as Black Goat's does."""
    state = borrow(sleeper((("Gug", BG),)), BG)
    assert not any(isinstance(cmd, FertilityCult) and cmd.name == "Gug" for cmd in legal_commands(state))
    assert rejected(state, FertilityCult(SL, "Europe", "Gug")).code is Code.BAD_VALUE


def test_fertility_cult_not_borrowed_summons_no_neutral_monster_for_sleeper() -> None:
    """Holding the card is not Fertility Cult: before Sleeper borrows it, or borrowing another
    faction's ability, the neutral monster is summoned by ``summon`` (ending the turn) only."""
    state = sleeper((("Gug", SL),))
    assert rejected(turn(state, SL, power=6, books=("Ancient Sorcery",)), FertilityCult(SL, "Europe", "Gug")).code is Code.NOT_NOW
    other = borrow(state, GC)  # Immortal borrowed, not Fertility Cult
    assert rejected(other, FertilityCult(SL, "Europe", "Gug")).code is Code.NOT_NOW
