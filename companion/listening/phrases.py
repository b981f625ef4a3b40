"""What can be said now: each legal command in words, the table's corrections and its buttons.

A :class:`Phrase` is what the table says (its grammar words), what the screen shows and the
voice reads back, and what it does: a command for the engine, or one of the table's buttons
(undo, next, roll for me).  :func:`phrasebook` builds them from the state, so what can be said
follows the engine's legal commands as the screen's offers do: a rule the engine learns is
sayable without a list here.  Commands are worded from their fields (the acting faction, the
unit, the areas, the other faction), with a few verbs worded as the rules word them; a hidden
Elder Sign's value is never put in words (it is revealed on the screen, in private).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from companion.engine import Command, is_arkham, tag_of
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.game import legal_commands
from companion.engine.cthulhu.model import GameState, PromptKind
from companion.listening.words import number_words, spoken

UNDO, NEXT, ROLL = "undo", "next", "roll"  # the table's buttons (companion.table.Button's names)
COUNTERS = ("power", "doom")  # the counters a table corrects by voice
MOST = 60  # the highest value said for a counter (Doom past 60 ends any game long before)
# Commands never worded: their words would tell a secret (an Elder Sign's value), or they are
# the table's own (the dice, said as "roll for me"; undo and redo, said as such).
UNSAID = frozenset({"reveal_elder_sign", "roll", "undo", "redo"})
# How the rules word an action the command's type names plainly: "{actor} {verb} ...".
VERBS = {
    "pass": "passes",
    "recruit": "recruits",
    "summon": "summons",
    "awaken": "awakens",
    "build_gate": "builds a gate",
    "battle": "battles",
    "capture": "captures",
    "control_gate": "controls the gate",
    "abandon_gate": "abandons the gate",
    "move": "moves",
    "ritual": "performs the ritual",
    "skip_ritual": "skips the ritual",
    "choose_start": "starts",
    "gain_spellbook": "takes",
    "choose_spellbook": "takes",
    "choose_direction": "goes",
    "choose_first_player": "chooses",
    "choose_retreat": "retreats",
    "desecrate": "desecrates",
    "give_doom": "gives Doom to",
}
# Where a field names a place, the word before it ("in Europe", "to Arabia", "from Europe").
PLACE_WORDS = {"area": "in", "to": "to", "acolyte_to": "to"}


@dataclass(frozen=True)
class Phrase:
    """``text``: what is shown and read back ("Black Goat battles Great Cthulhu in Europe");
    ``words``: the grammar's words for it; ``command`` or ``button``: what it does."""

    text: str
    command: Command | None = None
    button: str = ""

    @property
    def words(self) -> str:
        return spoken(self.text)


def phrasebook(state: object) -> dict[str, Phrase]:
    """Every phrase sayable now, by its words (the first command worded so wins: two commands
    worded alike are one phrase, the engine's first offer)."""
    book: dict[str, Phrase] = {}
    for phrase in _all_phrases(state):
        book.setdefault(phrase.words, phrase)
    return book


def _all_phrases(state: object) -> Iterator[Phrase]:
    yield Phrase("Undo", button=UNDO)
    yield Phrase("Redo", command=c.Redo())
    yield Phrase("Next", button=NEXT)
    if is_arkham(state) or not isinstance(state, GameState):
        return
    if state.prompt.kind is PromptKind.ROLL:
        yield Phrase("Roll for me", button=ROLL)
    names = {p.pid: p.faction.label for p in state.players}
    areas = frozenset(area.name for area in state.board.areas)
    for command in legal_commands(state):
        text = command_text(command, names, areas)
        if text:
            yield Phrase(text, command=command)
    yield from corrections(state)


def corrections(state: GameState) -> Iterator[Phrase]:
    """The counters a table puts right by voice: "Black Goat's Doom is twelve"."""
    for player in state.players:
        for counter in COUNTERS:
            for value in range(MOST + 1):
                text = f"{player.faction.label}'s {counter.title()} is {number_words(value)}"
                yield Phrase(text, command=c.Correct(player.pid, counter, value, reason="said aloud"))


def command_text(command: Command, names: dict[str, str], areas: Iterable[str]) -> str:
    """``command`` in words, or "" when it is not said (see :data:`UNSAID`) or has no actor."""
    tag = tag_of(command)
    fields = {f.name: getattr(command, f.name) for f in dataclasses.fields(command)}  # type: ignore[arg-type]
    actor = names.get(str(fields.pop("player", "")), "")
    if tag in UNSAID or not actor:
        return ""
    parts = [actor, VERBS.get(tag, tag.replace("_", " "))]
    parts += _field_words(fields, names, frozenset(areas))
    return " ".join(part for part in parts if part)


def _field_words(fields: dict[str, object], names: dict[str, str], areas: frozenset[str]) -> Iterator[str]:
    """The words a command's fields add: its units, then the other factions, then its places
    ("summons Deep One in South Pacific", "battles Great Cthulhu in Europe")."""
    units: list[str] = []
    others: list[str] = []
    places: list[str] = []
    for name, value in fields.items():
        if name == "groups":
            places += _group_words(value)
        elif not isinstance(value, str) or not value or name == "reason":
            continue
        elif value in names:
            others.append(names[value])
        elif value in areas:
            places.append(f"{PLACE_WORDS.get(name, 'in')} {value}")
        elif name in ("name", "unit", "direction"):
            units.append(value)
    yield from units
    yield from others
    yield from places


def _group_words(groups: object) -> Iterator[str]:
    """A Move's groups: "Acolyte from South Pacific to South Atlantic" (the legal moves the engine
    offers move one group each)."""
    for group in groups if isinstance(groups, tuple) else ():
        if isinstance(group, c.MoveGroup):
            yield f"{group.name or group.kind.value} from {group.area} to {group.to}"
