"""Arkham Horror's ``apply``: set-up, the Mythos Phase's draw, and the table's own updates."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

from companion.engine.arkham import corrections
from companion.engine.arkham import model as m
from companion.engine.arkham.data import (
    ANCIENT_ONES,
    ARKHAM,
    CARD,
    CARDS,
    LOCATIONS,
    MASKS_WITH,
    MAX_INVESTIGATORS,
    MONSTER,
    MONSTERS,
    OUTSKIRTS,
    SKY,
    STORY_CONTINUES,
    UNSTABLE,
    WORLD,
    WORLDS,
    CardKind,
)
from companion.engine.arkham.environments import seals_barred
from companion.engine.arkham.mythos import LOST, Turn, run
from companion.engine.core import Accepted, Code, Command, Refusal, Rejected, other_games_command
from companion.engine.names import clean_name, command_text_problem, name_problem
from companion.engine.rng import Rng
from companion.engine.says import say
from companion.engine.values import evolve

Result = Accepted[m.ArkhamState] | Rejected
MAX_NAME = 30  # characters in an investigator's name (it must fit the screen)
MAX_RUMOR_TOKENS = 20  # more than any base Rumor's track asks for; a guard against a slip of the finger
PLACES = frozenset((*ARKHAM, *(w.name for w in WORLDS), LOST))


def shuffled(items: tuple[str, ...], rng: Rng) -> tuple[tuple[str, ...], Rng]:
    """A Fisher-Yates shuffle drawn from ``rng``."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j, rng = rng.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out), rng


def new_arkham_game(command: m.NewArkhamGame) -> Result:
    """Set up the board: cup (Masks only with Nyarlathotep), gate markers, shuffled Mythos deck,
    one Clue on each unstable location (Rulebook pp.4-5).  The first Mythos card comes next."""
    if command.ancient_one not in ANCIENT_ONES:
        return Rejected.of(
            Code.BAD_VALUE,
            "Unknown Ancient One {ancient_one!r}; one of: {ancient_ones}.",
            ancient_one=command.ancient_one,
            ancient_ones=", ".join(ANCIENT_ONES),
        )
    if not 1 <= len(command.investigators) <= MAX_INVESTIGATORS:
        return Rejected.of(
            Code.BAD_VALUE, "Arkham Horror seats 1 to {max_investigators} investigators.", max_investigators=MAX_INVESTIGATORS
        )
    for seat in command.investigators:
        problem = name_problem(seat.name, "An investigator's name", MAX_NAME)
        if problem:
            return Rejected(Code.BAD_NAME, problem)
    names = [i.name.strip() for i in command.investigators]
    if len(set(names)) != len(names):
        return Rejected.of(Code.BAD_VALUE, "Two investigators share a name.")
    for seat in command.investigators:
        if seat.place not in ARKHAM and seat.place != m.UNPLACED:
            return Rejected.of(
                Code.UNKNOWN_AREA, "{seat} starts at {place!r}, which is not a place in Arkham.", seat=seat.name, place=seat.place
            )
    masks = command.ancient_one == MASKS_WITH
    cup = tuple(sorted(k.name for k in MONSTERS if masks or not k.mask for _ in range(k.count)))
    deck, rng = shuffled(tuple(card.name for card in CARDS), Rng(command.seed))
    state = m.ArkhamState(
        ancient_one=command.ancient_one,
        investigators=tuple(m.Investigator(s.name.strip(), s.place, s.sneak) for s in command.investigators),
        rng=rng,
        cup=cup,
        gate_markers=tuple(sorted(w.name for w in WORLDS for _ in range(w.markers))),
        deck=deck,
        clues=tuple(1 if loc in UNSTABLE else 0 for loc in LOCATIONS),
        table_draws=command.table_draws,
    )
    event = m.ArkhamStarted(command.ancient_one, tuple(names), ANCIENT_ONES[command.ancient_one], len(cup), command.seed)
    return Accepted(state, (event,))


def mythos(turn: Turn, command: m.Mythos) -> None:
    if turn.state.table_draws and not command.card:
        raise Refusal(Code.MISSING_DRAW, "This table draws its own Mythos cards: name the card drawn.")
    if turn.state.unplaced():
        who = ", ".join(turn.state.unplaced())
        raise Refusal(Code.NOT_NOW, "Place every investigator at their sheet's start first (Move): {who}.", who=who)
    turn.monsters_entered = deque(command.monsters)
    turn.placement = command.placement
    turn.clue_to = command.clue_to
    if command.gate and command.gate not in WORLD:
        raise Refusal(Code.BAD_VALUE, "Unknown Other World {gate!r}; one of: {world}.", gate=command.gate, world=", ".join(WORLD))
    card = draw(turn, command.card)
    if card is not None:
        run(turn, CARD[card], command.gate)
    if turn.monsters_entered:
        count = len(turn.monsters_entered)
        if count == 1:
            raise Refusal(Code.BAD_VALUE, "1 monster entered that this phase did not draw.")
        raise Refusal(Code.BAD_VALUE, "{count} monsters entered that this phase did not draw.", count=count)
    if command.placement and not any(isinstance(e, m.MonsterSurge) for e in turn.events):
        raise Refusal(Code.NOT_NOW, "A placement is only for a monster surge, and this card caused none.")
    if command.clue_to and not any(isinstance(e, m.ClueAppeared) and e.taken_by for e in turn.events):
        raise Refusal(Code.NOT_NOW, "No Clue was there to take this phase.")


def draw(turn: Turn, entered: str) -> str | None:
    """The Mythos card: the table's (by name) or the deck's top card.  "The Story Continues"
    reshuffles and draws again; at set-up a Rumor is shuffled back and another drawn."""
    while True:
        state = turn.state
        if entered:
            if entered not in CARD:
                raise Refusal(Code.BAD_VALUE, "No base Mythos card is called {entered!r}.", entered=entered)
            if entered not in state.deck:
                raise Refusal(
                    Code.NOT_A_CHOICE, "{entered!r} is not in the Mythos deck now (in play or discarded).", entered=entered
                )
            card = entered
        else:
            card = state.deck[0]
        info = CARD[card]
        turn.update(deck=tuple(c for c in state.deck if c != card))
        turn.emit(m.MythosDrawn(card, info.kind.value, info.gate, info.clue, _words(info.black), _words(info.white)))
        redo = ""
        if card == STORY_CONTINUES:
            redo = say("The Story Continues: the deck is shuffled (this card too) and another card drawn")
        elif state.setup and info.kind is CardKind.RUMOR:
            redo = say("at set-up a Rumor is shuffled back and another card drawn")
        if not redo:
            return card
        reshuffle(turn, card, redo)
        if entered:
            return None  # the table draws the next card and enters it
        entered = ""


def reshuffle(turn: Turn, card: str, reason: str) -> None:
    deck, rng = shuffled((*turn.state.deck, card), turn.state.rng)
    turn.update(deck=deck, rng=rng)
    turn.emit(m.MythosReshuffled(len(deck), reason))


def _words(dimensions: tuple[Any, ...]) -> tuple[str, ...]:
    return tuple(d.value for d in dimensions)


def move_investigator(turn: Turn, command: m.MoveInvestigator) -> None:
    if command.name not in {i.name for i in turn.state.investigators}:
        raise Refusal(Code.UNKNOWN_PLAYER, "No investigator is called {name!r}.", name=command.name)
    if command.place not in PLACES:
        raise Refusal(Code.UNKNOWN_AREA, "{place!r} is not a place in Arkham or an Other World.", place=command.place)
    if not next(i for i in turn.state.investigators if i.name == command.name).playing:
        raise Refusal(
            Code.NOT_NOW, "{name} is off the board: bring them back with a correction (arkham_investigator).", name=command.name
        )
    if command.place in turn.state.closed:
        raise Refusal(Code.NOT_NOW, "{place} is closed for the rest of the game.", place=command.place)
    if turn.state.is_closed(command.place):
        raise Refusal(Code.NOT_NOW, "{place} is closed while its card is in play.", place=command.place)
    turn.move_investigator(command.name, command.place, delayed=False)  # moved at the table: the delay is over


def place_card_marker(turn: Turn, command: m.PlaceCardMarker) -> None:
    """A marker the card in play calls for, placed (or taken off) by the table; it leaves play
    with its card (the rules text: "If the card leaves play, remove the markers")."""
    state = turn.state
    if command.card not in (state.environment, state.rumor) or not command.card:
        raise Refusal(
            Code.NOT_NOW, "{card!r} is not in play (only the Environment and the Rumor stay in play).", card=command.card
        )
    if command.place not in ARKHAM:
        raise Refusal(Code.UNKNOWN_AREA, "{place!r} is not a place in Arkham.", place=command.place)
    marker = m.CardMarker(m.MarkerKind(command.kind), command.place, command.card)
    # Two whole sentences, not one with a fragment put in: a translation needs the whole sentence.
    if command.placed and marker in state.card_markers:
        raise Refusal(
            Code.NOT_NOW,
            "{place} already has a {kind} marker of {card}.",
            place=command.place,
            kind=marker.kind,
            card=command.card,
        )
    if not command.placed and marker not in state.card_markers:
        raise Refusal(
            Code.NOT_NOW, "{place} has no {kind} marker of {card}.", place=command.place, kind=marker.kind, card=command.card
        )
    kept = tuple(x for x in state.card_markers if x != marker)
    turn.update(card_markers=(*kept, marker) if command.placed else kept)
    turn.emit(m.CardMarkerMoved(marker.kind, command.place, command.card, command.placed))


def rename_investigator(turn: Turn, command: m.RenameInvestigator) -> None:
    names = {i.name for i in turn.state.investigators}
    if command.name not in names:
        raise Refusal(Code.UNKNOWN_PLAYER, "No investigator is called {name!r}.", name=command.name)
    to = clean_name(command.to, "An investigator's name", MAX_NAME)
    if to in names - {command.name}:
        raise Refusal(Code.BAD_VALUE, "{to} is already at the table.", to=to)
    people = tuple(evolve(i, name=to) if i.name == command.name else i for i in turn.state.investigators)
    turn.update(investigators=people)
    turn.emit(m.InvestigatorRenamed(command.name, to))


def rumor_track(turn: Turn, command: m.RumorTrack) -> None:
    if not turn.state.rumor:
        raise Refusal(Code.NOT_NOW, "No Rumor is in play.")
    if not 0 <= command.tokens <= MAX_RUMOR_TOKENS:
        raise Refusal(
            Code.BAD_VALUE,
            "A Rumor's track holds 0 to {max_rumor_tokens} tokens, not {tokens}.",
            max_rumor_tokens=MAX_RUMOR_TOKENS,
            tokens=command.tokens,
        )
    turn.update(rumor_track=command.tokens)
    turn.emit(m.RumorTrackSet(turn.state.rumor, command.tokens))


def set_sneak(turn: Turn, command: m.SetSneak) -> None:
    if command.name not in {i.name for i in turn.state.investigators}:
        raise Refusal(Code.UNKNOWN_PLAYER, "No investigator is called {name!r}.", name=command.name)
    if not 0 <= command.sneak <= m.MAX_SNEAK:
        raise Refusal(
            Code.BAD_VALUE, "Sneak runs from 0 to {max_sneak}, not {sneak}.", max_sneak=m.MAX_SNEAK, sneak=command.sneak
        )
    people = tuple(evolve(i, sneak=command.sneak) if i.name == command.name else i for i in turn.state.investigators)
    turn.update(investigators=people)
    turn.emit(m.SneakSet(command.name, command.sneak))


def close_gate(turn: Turn, command: m.CloseGate) -> None:
    """Close (and maybe seal) a gate: monsters of its dimension return to the cup (p.18)."""
    gate = turn.state.gate_at(command.location)
    if gate is None:
        raise Refusal(Code.NO_GATE, "No gate is open at {location!r}.", location=command.location)
    if command.seal and seals_barred(turn.state):
        raise Refusal(
            Code.NOT_NOW,
            "{environment} is in play: gates cannot be sealed, although they can still be closed.",
            environment=turn.state.environment,
        )
    dimension = WORLD[gate.world].dimension
    returned = tuple(x.kind for x in turn.state.monsters if MONSTER[x.kind].dimension is dimension)
    kept = tuple(x for x in turn.state.monsters if MONSTER[x.kind].dimension is not dimension)
    seals = turn.state.seals + ((command.location,) if command.seal else ())
    gates = tuple(g for g in turn.state.gates if g is not gate)
    turn.update(gates=gates, seals=seals, monsters=kept, cup=tuple(sorted(turn.state.cup + returned)))
    turn.emit(m.GateClosed(command.location, gate.world, command.seal, returned))


def end_rumor(turn: Turn, command: m.EndRumor) -> None:
    """The Rumor was passed or failed at the table: it leaves play (its reward or penalty is the
    card's text, resolved at the table)."""
    rumor = turn.state.rumor
    if not rumor:
        raise Refusal(Code.NOT_NOW, "No Rumor is in play.")
    turn.leave_play(rumor)
    turn.update(rumor="", rumor_track=0)
    turn.emit(m.RumorEnded(rumor, command.passed))
    passed = say("apply what the card says for passing it")
    turn.emit(m.ResolveAtTable(rumor, passed if command.passed else say("apply what the card says for failing it")))


HANDLERS: dict[type[Command], Callable[[Turn, Any], None]] = {
    m.EndRumor: end_rumor,
    m.Mythos: mythos,
    m.MoveInvestigator: move_investigator,
    m.CloseGate: close_gate,
    m.SetSneak: set_sneak,
    m.PlaceCardMarker: place_card_marker,
    m.RumorTrack: rumor_track,
    m.RenameInvestigator: rename_investigator,
    **corrections.HANDLERS,
}


def apply(state: m.ArkhamState | None, command: Command) -> Result:
    """Apply ``command`` to an Arkham Horror game (None before its new_arkham_game); never
    raises for bad play."""
    if state is None:
        if isinstance(command, m.NewArkhamGame):
            return new_arkham_game(command)
        return Rejected.of(Code.NO_GAME, "No game has started: the first command must be new_arkham_game.")
    handler = HANDLERS.get(type(command))
    if handler is None:
        return other_games_command(command, "Arkham Horror")
    unshowable = command_text_problem(command)  # every name in it reaches the log and the screen
    if unshowable:
        return Rejected(Code.BAD_NAME, unshowable)
    if state.awakened and not isinstance(command, corrections.CORRECTIONS):  # the table may put right what woke it
        return Rejected.of(
            Code.GAME_OVER,
            "{ancient_one} has awoken ({awakened}): the final battle is at the table.",
            ancient_one=state.ancient_one,
            awakened=state.awakened,
        )
    turn = Turn(state)
    try:
        handler(turn, command)
    except Refusal as refusal:
        return refusal.rejected()
    return Accepted(turn.state, tuple(turn.events))


def monster_census(state: m.ArkhamState) -> dict[str, int]:
    """Where the monsters are: cup, Arkham, Sky, Outskirts, trophies, box (their sum never changes)."""
    board = sum(1 for x in state.monsters if x.place not in (SKY, OUTSKIRTS))
    return {
        "cup": len(state.cup),
        "arkham": board,
        "sky": sum(1 for x in state.monsters if x.place == SKY),
        "outskirts": sum(1 for x in state.monsters if x.place == OUTSKIRTS),
        "trophies": len(state.trophies),
        "box": len(state.boxed),
    }


__all__ = ["apply", "evolve", "monster_census", "new_arkham_game", "shuffled"]
