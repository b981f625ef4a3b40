"""Arkham Horror state, commands and events (the Mythos Phase's part of the game).

Places are named as on the board (``data.ARKHAM``, plus ``data.SKY`` and ``data.OUTSKIRTS``); an
investigator outside Arkham stands in an Other World's name or "Lost in Time and Space".
Investigators are listed in seat order; the first player is an index into that order.
"""

from __future__ import annotations

from enum import StrEnum

from companion.engine.arkham.data import ANCIENT_ONES, LOCATIONS
from companion.engine.core import COMMANDS, EVENTS, Command, Event
from companion.engine.rng import Rng
from companion.engine.values import dataclass

UNPLACED = ""  # an investigator the players have not yet put on the board


class MarkerKind(StrEnum):
    """The markers a Mythos card may call for (the rules text: "activity" or "closed")."""

    ACTIVITY = "activity"
    CLOSED = "closed"


MAX_SNEAK = 12  # no sheet, slider and item together comes near this; a typo does


class Standing(StrEnum):
    """Whether an investigator is on the board: a devoured or retired one is off it (its seat
    stays: the player takes a new investigator, entered with a correction)."""

    PLAYING = "playing"
    DEVOURED = "devoured"
    RETIRED = "retired"


@dataclass(frozen=True, slots=True)
class Investigator:
    name: str
    place: str
    sneak: int  # flying monsters and the Hound of Tindalos pick the lowest Sneak
    clues: int = 0
    delayed: bool = False
    standing: Standing = Standing.PLAYING

    @property
    def playing(self) -> bool:
        return self.standing is Standing.PLAYING


@dataclass(frozen=True, slots=True)
class Gate:
    location: str
    world: str


@dataclass(frozen=True, slots=True)
class Monster:
    kind: str
    place: str  # a place in Arkham, the Sky or the Outskirts


@dataclass(frozen=True, slots=True)
class CardMarker:
    """A marker the table placed because a card in play says so; it leaves with the card."""

    kind: MarkerKind
    place: str
    card: str


@dataclass(frozen=True, slots=True)
class ArkhamState:
    """The referee state of one Arkham Horror game, as the Mythos Phase needs it."""

    ancient_one: str
    investigators: tuple[Investigator, ...]
    rng: Rng
    cup: tuple[str, ...]  # monster kinds, sorted: a digital draw picks one at random
    gate_markers: tuple[str, ...]  # the Other World on each unused gate marker, sorted
    deck: tuple[str, ...]  # Mythos card names, top first (cards leaving play go to the bottom)
    clues: tuple[int, ...]  # Clue tokens on each of data.LOCATIONS
    doom: int = 0
    terror: int = 0
    gates: tuple[Gate, ...] = ()
    seals: tuple[str, ...] = ()
    monsters: tuple[Monster, ...] = ()
    environment: str = ""
    rumor: str = ""
    rumor_track: int = 0  # tokens on the Rumor's progress track (the card says what they mean)
    closed: tuple[str, ...] = ()  # locations closed for the game by terror
    activity: tuple[str, ...] = ()  # places holding an activity marker of the card in play
    card_markers: tuple[CardMarker, ...] = ()  # markers the table placed for a card in play
    first_player: int = 0
    setup: bool = True  # the first Mythos card (the last set-up step) is still to come
    table_draws: bool = False  # the table draws cards, gate markers and monsters itself and enters them
    mythos_phases: int = 0
    awakened: str = ""  # why the Ancient One awoke; "" while it sleeps
    trophies: tuple[str, ...] = ()  # monster kinds defeated and kept as trophies, sorted (off the board, not in the cup)
    boxed: tuple[str, ...] = ()  # monster kinds returned to the box by a card, sorted (out of the game)

    @property
    def players(self) -> int:
        return len(self.investigators)

    @property
    def doom_track(self) -> int:
        return ANCIENT_ONES[self.ancient_one]

    def clues_at(self, location: str) -> int:
        return self.clues[LOCATIONS.index(location)]

    def gate_at(self, location: str) -> Gate | None:
        return next((gate for gate in self.gates if gate.location == location), None)

    def is_closed(self, place: str) -> bool:
        """Closed for the game by terror, or by a closed marker of a card in play."""
        return place in self.closed or any(x.place == place and x.kind is MarkerKind.CLOSED for x in self.card_markers)

    def unplaced(self) -> tuple[str, ...]:
        """Investigators who still need their starting place."""
        return tuple(i.name for i in self.investigators if i.place == UNPLACED and i.playing)

    def investigators_at(self, place: str) -> tuple[Investigator, ...]:
        """Those in ``place``, in seat order from the first player (who decides ties).

        A delayed investigator is there like any other: being delayed only means not moving in the
        next Movement Phase (the rules text; issue 31, item 14)."""
        order = self.investigators[self.first_player :] + self.investigators[: self.first_player]
        return tuple(i for i in order if i.place == place and i.playing)


@dataclass(frozen=True, slots=True)
class Seated:
    """An investigator at the start: name, where the sheet starts and the Sneak value.

    ``place`` may be :data:`UNPLACED`: the companion ships no investigator sheets, so a table that
    starts on the screen places each investigator (``move_investigator``) before the first card.
    """

    name: str
    place: str
    sneak: int


@COMMANDS.register("new_arkham_game")
@dataclass(frozen=True, slots=True)
class NewArkhamGame(Command):
    """Start Arkham Horror: the Ancient One, the investigators in seat order, the draw seed."""

    ancient_one: str
    investigators: tuple[Seated, ...]
    seed: int = 0
    table_draws: bool = False  # the physical deck, gate-marker stack and cup instead of the seeded draws


@COMMANDS.register("mythos")
@dataclass(frozen=True, slots=True)
class Mythos(Command):
    """Run a Mythos Phase.  Empty fields are drawn by the companion (seeded); filled fields are
    what the table drew: the card's name, the gate marker's Other World, the monsters in order.
    ``placement`` is the players' choice for a monster surge (the first player decides ties),
    made before the draw; without it the companion spreads the monsters from the surge gate."""

    card: str = ""
    gate: str = ""
    monsters: tuple[str, ...] = ()
    placement: tuple[str, ...] = ()  # a surge: the gate location for each monster, in draw order
    clue_to: str = ""  # who takes the Clue when several investigators are there


@COMMANDS.register("move_investigator")
@dataclass(frozen=True, slots=True)
class MoveInvestigator(Command):
    """Where an investigator is now (the movement the table resolved between Mythos Phases)."""

    name: str
    place: str


@COMMANDS.register("set_sneak")
@dataclass(frozen=True, slots=True)
class SetSneak(Command):
    """An investigator's Sneak now (skill sliders and items change it between Mythos Phases);
    flying monsters and the Hound of Tindalos pick the lowest."""

    name: str
    sneak: int


@COMMANDS.register("card_marker")
@dataclass(frozen=True, slots=True)
class PlaceCardMarker(Command):
    """The card in play ``card`` calls for a ``kind`` marker on ``place`` (``placed=False``
    takes it off early).  The companion does not know every card's markers: the table says."""

    kind: MarkerKind
    place: str
    card: str
    placed: bool = True


@COMMANDS.register("rename_investigator")
@dataclass(frozen=True, slots=True)
class RenameInvestigator(Command):
    """Give an investigator the name on their sheet (a game started on the screen numbers them)."""

    name: str
    to: str


@COMMANDS.register("rumor_track")
@dataclass(frozen=True, slots=True)
class RumorTrack(Command):
    """Tokens on the Rumor's progress track now (the card's text says when they pass or fail it)."""

    tokens: int


@COMMANDS.register("close_gate")
@dataclass(frozen=True, slots=True)
class CloseGate(Command):
    """A gate was closed (and sealed with an elder sign when ``seal``)."""

    location: str
    seal: bool = False


@COMMANDS.register("end_rumor")
@dataclass(frozen=True, slots=True)
class EndRumor(Command):
    """The Rumor in play was passed (or failed, ``passed=False``): it leaves play."""

    passed: bool


@EVENTS.register("rumor_ended")
@dataclass(frozen=True, slots=True)
class RumorEnded(Event):
    card: str
    passed: bool


@EVENTS.register("card_marker_moved")
@dataclass(frozen=True, slots=True)
class CardMarkerMoved(Event):
    kind: MarkerKind
    place: str
    card: str
    placed: bool


@EVENTS.register("investigator_renamed")
@dataclass(frozen=True, slots=True)
class InvestigatorRenamed(Event):
    name: str
    to: str


@EVENTS.register("rumor_track_set")
@dataclass(frozen=True, slots=True)
class RumorTrackSet(Event):
    card: str
    tokens: int


@EVENTS.register("activity_marker")
@dataclass(frozen=True, slots=True)
class ActivityMarker(Event):
    place: str
    card: str
    placed: bool


@EVENTS.register("arkham_started")
@dataclass(frozen=True, slots=True)
class ArkhamStarted(Event):
    ancient_one: str
    investigators: tuple[str, ...]
    doom_track: int
    monsters_in_cup: int
    seed: int


@EVENTS.register("mythos_drawn")
@dataclass(frozen=True, slots=True)
class MythosDrawn(Event):
    card: str
    kind: str
    gate: str
    clue: str
    black: tuple[str, ...]
    white: tuple[str, ...]


@EVENTS.register("mythos_reshuffled")
@dataclass(frozen=True, slots=True)
class MythosReshuffled(Event):
    cards: int
    reason: str


@EVENTS.register("doom_added")
@dataclass(frozen=True, slots=True)
class DoomAdded(Event):
    doom: int
    track: int
    reason: str


@EVENTS.register("elder_sign_holds")
@dataclass(frozen=True, slots=True)
class ElderSignHolds(Event):
    location: str


@EVENTS.register("gate_opened")
@dataclass(frozen=True, slots=True)
class GateOpened(Event):
    location: str
    world: str
    dimension: str
    modifier: int
    clues_discarded: int
    drawn_through: tuple[str, ...]


@EVENTS.register("monster_surge")
@dataclass(frozen=True, slots=True)
class MonsterSurge(Event):
    location: str
    monsters: int
    gates: int


@EVENTS.register("monster_appeared")
@dataclass(frozen=True, slots=True)
class MonsterAppeared(Event):
    monster: str
    place: str
    gate: str  # the gate it came from; differs from place when sent to the Outskirts


@EVENTS.register("outskirts_cleared")
@dataclass(frozen=True, slots=True)
class OutskirtsCleared(Event):
    monsters: tuple[str, ...]
    reason: str


@EVENTS.register("terror_rose")
@dataclass(frozen=True, slots=True)
class TerrorRose(Event):
    terror: int
    closed: str  # the shop it closes, or ""


@EVENTS.register("clue_appeared")
@dataclass(frozen=True, slots=True)
class ClueAppeared(Event):
    location: str
    clues: int
    taken_by: str


@EVENTS.register("clue_prevented")
@dataclass(frozen=True, slots=True)
class CluePrevented(Event):
    location: str


@EVENTS.register("monster_moved")
@dataclass(frozen=True, slots=True)
class MonsterMoved(Event):
    monster: str
    source: str
    to: str
    how: str


@EVENTS.register("card_in_play")
@dataclass(frozen=True, slots=True)
class CardInPlay(Event):
    card: str
    kind: str
    replaced: str


@EVENTS.register("rumor_ignored")
@dataclass(frozen=True, slots=True)
class RumorIgnored(Event):
    card: str
    rumor: str


@EVENTS.register("resolve_at_table")
@dataclass(frozen=True, slots=True)
class ResolveAtTable(Event):
    """A printed effect the companion does not model, shown so it is never skipped silently; or
    one an Environment in play had on the referee's own steps (the card is the ``source``)."""

    source: str
    what: str


@EVENTS.register("first_player_passed")
@dataclass(frozen=True, slots=True)
class FirstPlayerPassed(Event):
    player: str


@EVENTS.register("ancient_one_awakens")
@dataclass(frozen=True, slots=True)
class AncientOneAwakens(Event):
    ancient_one: str
    reason: str


@EVENTS.register("investigator_moved")
@dataclass(frozen=True, slots=True)
class InvestigatorMoved(Event):
    name: str
    source: str
    to: str


@EVENTS.register("sneak_set")
@dataclass(frozen=True, slots=True)
class SneakSet(Event):
    name: str
    sneak: int


@EVENTS.register("gate_closed")
@dataclass(frozen=True, slots=True)
class GateClosed(Event):
    location: str
    world: str
    sealed: bool
    returned: tuple[str, ...]
