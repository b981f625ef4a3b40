"""The engine's contract: commands in, events and a new state out, or a rejection.

``apply(state, command)`` never raises for bad play and never changes ``state``: it returns
:class:`Accepted` (the events, in order, and the new state) or :class:`Rejected` (a stable
machine code from :class:`Code` and a sentence a player understands).
"""

from __future__ import annotations

from dataclasses import field
from enum import StrEnum
from typing import Generic, TypeVar

from companion.engine.codec import TagRegistry, union_base
from companion.engine.says import Says, Value
from companion.engine.values import dataclass

COMMANDS = TagRegistry("command")
EVENTS = TagRegistry("event")

S = TypeVar("S")


@union_base(COMMANDS)
class Command:
    """Base of every command; concrete commands are frozen dataclasses registered in COMMANDS."""

    __slots__ = ()


@union_base(EVENTS)
class Event:
    """Base of every event; concrete events are frozen dataclasses registered in EVENTS."""

    __slots__ = ()


def tag_of(value: Command | Event) -> str:
    """The registered ``type`` name of a command or event."""
    registry = COMMANDS if isinstance(value, Command) else EVENTS
    return registry.tag_of[type(value)]


def spoken_name(command: Command) -> str:
    """How the table says a command's type: its registered name in words (``abandon_gate``:
    "Abandon gate"), never its Python class."""
    return tag_of(command).replace("_", " ").capitalize()


def other_games_command(command: Command, game: str) -> Rejected:
    """The refusal of a command ``game`` ("Cthulhu Wars" or "Arkham Horror") does not play, in
    the game's words: the command's spoken name, and the game it belongs to when it is the other's."""
    name = spoken_name(command)
    home = type(command).__module__
    if game == "Cthulhu Wars":
        if home.startswith("companion.engine.arkham"):
            return Rejected.of(Code.BAD_COMMAND, "{name} is an Arkham Horror command, not a Cthulhu Wars one.", name=name)
        return Rejected.of(Code.BAD_COMMAND, "{name} is not a Cthulhu Wars command.", name=name)
    if home.startswith("companion.engine.cthulhu"):
        return Rejected.of(Code.BAD_COMMAND, "{name} is a Cthulhu Wars command, not an Arkham Horror one.", name=name)
    return Rejected.of(Code.BAD_COMMAND, "{name} is not an Arkham Horror command.", name=name)


class Code(StrEnum):
    """Stable rejection codes: scripts, the screen and the tower bridge switch on these."""

    BAD_COMMAND = "bad_command"
    NO_GAME = "no_game"
    GAME_OVER = "game_over"
    NOT_NOW = "not_now"
    NOT_YOUR_TURN = "not_your_turn"
    NOT_A_CHOICE = "not_a_choice"
    UNKNOWN_PLAYER = "unknown_player"
    UNKNOWN_AREA = "unknown_area"
    NOT_ADJACENT = "not_adjacent"
    NO_SUCH_UNITS = "no_such_units"
    GATE_PRESENT = "gate_present"
    NO_GATE = "no_gate"
    NOT_CONTROLLER = "not_controller"
    CANNOT_AFFORD = "cannot_afford"
    BAD_ROLL = "bad_roll"
    BAD_VALUE = "bad_value"
    NOTHING_TO_UNDO = "nothing_to_undo"
    NOTHING_TO_REDO = "nothing_to_redo"
    UNTOUCHABLE = "untouchable"
    ERADICATED = "eradicated"
    SACRIFICE_REQUIRED = "sacrifice_required"  # a Move crosses an eradicated area: name the unit lost
    STALE = "stale"
    MISSING_DRAW = "missing_draw"  # the table draws this itself and has not said what it drew
    BAD_NAME = "bad_name"  # a name is empty, too long, or holds a character the screen cannot show
    NO_LONGER_APPLIES = "no_longer_applies"  # the session: an undo or redo would replay an entry these rules refuse


@dataclass(frozen=True, slots=True)
class Accepted(Generic[S]):
    """The command was legal: ``events`` happened, in order, and ``state`` follows."""

    state: S
    events: tuple[Event, ...]

    @property
    def ok(self) -> bool:
        return True


@dataclass(frozen=True, slots=True)
class Rejected:
    """The command was refused: ``code`` for machines, ``message`` for people (English). Nothing
    changed.  ``says`` is the same sentence as a template and its values, for the screen to show
    in the table's language (``None`` where the refusal comes from outside the engine's rules,
    e.g. the session's undo); it is not compared, so a test may match code and message."""

    code: Code
    message: str
    says: Says | None = field(default=None, compare=False)

    @classmethod
    def of(cls, code: Code, template: str | Says, /, **values: Value) -> Rejected:
        """A refusal worded by ``template`` (a str.format template with named fields) and ``values``."""
        says = template if isinstance(template, Says) else Says.of(template, **values)
        return cls(code, str(says), says)

    @property
    def ok(self) -> bool:
        return False


class Refusal(Exception):
    """Raised inside rule code to abandon a command; :func:`apply` turns it into :class:`Rejected`.

    Rule functions are easier to read when a deep check can simply refuse; the exception never
    leaves the engine.  ``template`` is a literal ``str.format`` template (never an f-string:
    tests/engine/test_says.py) with named ``values``, or a :class:`Says` made elsewhere::

        raise Refusal(Code.NO_GATE, "{area} has no abandoned gate.", area=cmd.area)
    """

    def __init__(self, code: Code, template: str | Says, /, **values: Value) -> None:
        self.says = template if isinstance(template, Says) else Says.of(template, **values)
        self.code = code
        self.message = str(self.says)
        super().__init__(self.message)

    def rejected(self) -> Rejected:
        """The :class:`Rejected` answer this refusal makes."""
        return Rejected(self.code, self.message, self.says)


@EVENTS.register("undone")
@dataclass(frozen=True, slots=True)
class Undone(Event):
    """The game stepped back over accepted command number ``step`` (its ``command`` type)."""

    step: int
    command: str


@EVENTS.register("redone")
@dataclass(frozen=True, slots=True)
class Redone(Event):
    """The game stepped forward again over command number ``step``."""

    step: int
    command: str
