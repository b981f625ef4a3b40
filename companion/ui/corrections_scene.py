"""The Corrections page (Cthulhu Wars): make the companion match the board in a few taps.

"Fix" in the navigation bar opens it from the table.  The first page lists what can be
corrected on this map; each opens an editor whose rows are numbers (steppers: - value +),
choices (a button naming the choice, which opens a paged chooser of players, units, Spellbooks
by name, ...; an area is tapped on the map, or picked from a list where this screen cannot show
the map without circles or names touching) and yes/no toggles; rows beyond what the editor's
columns hold go to further pages ("More").  Beside the editor, the correction in words (the
same sentence the log will show) and, when the engine would refuse it, why; "Record" sends it.
"Reason" cycles the preset reasons; "Other..." opens the on-screen keyboard to type one (the
table's own words, journaled as typed).

The page's menus are its own navigation, never game state: recording is a
:class:`~companion.ui.scene.Submit` for the table loop, undone like any other command.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from companion.engine import Command, Rejected, apply
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu import corrections as k
from companion.engine.cthulhu.actions import acolyte_pool
from companion.engine.cthulhu.factions import NEUTRAL_UNITS
from companion.engine.cthulhu.factions import high_priests as hp
from companion.engine.cthulhu.factions import independents as ind
from companion.engine.cthulhu.factions import neutral_spellbooks as nb
from companion.engine.cthulhu.factions.independents import FILTH, cards_of
from companion.engine.cthulhu.model import ERADICATED, GLACIER, NEUTRAL, GameState, PromptKind, UnitKind
from companion.engine.cthulhu.pools import MAX_UNITS, SPELLBOOKS, UNITS
from companion.engine.cthulhu.unit_words import unit_words
from companion.i18n import N_, _, sentence
from companion.narrate import named
from companion.palette import colour_of
from companion.ui.keyboard import Key, keyed, keys
from companion.ui.map_layout import layout, name_box, settle
from companion.ui.map_scene import broken, label_block, line_height
from companion.ui.scene import Go, Intent, Scene, Submit, View
from companion.ui.widgets import (
    ACCENT,
    BUTTON,
    DIM,
    LABEL_SIZES,
    PANEL,
    SEATS_FLOOR,
    TEXT,
    WARN,
    Button,
    Metrics,
    fits_in_lines,
    font,
    missing,
    paragraph,
    text,
    wrap,
)

REASONS = ("", N_("missed at the table"), N_("joined late"), N_("a mistake"), N_("a card's effect"))  # journaled in English
# A reason typed on the on-screen keyboard ("Other..."), journaled as typed: at most this many
# characters, so that the preview and the log line keep it whole beside the correction's words.
MAX_TYPED = 60
TYPED_SIZE = 20  # px at unit 1: the reason being typed, above the keyboard
TYPED_LINES = 2
MARKERS = ("cathedral", "ice_age", "desecration")
GATE_STATES = ("none", "abandoned")
DIRECTIONS = {"": N_("as now"), "clockwise": N_("clockwise"), "counterclockwise": N_("counterclockwise")}
MAP_NAME_SIZE = SEATS_FLOOR  # px at unit 1: area names on the map chooser (read from the seats)
COLUMN_WIDTH = 200  # px at unit 1: an editor column no narrower (a stepper's label beside - and +)
REFUSAL_SMALLER = (22, 18)  # px at unit 1: a refusal too long for its room at the seats' 27
PREVIEW_SIZES = (28, 27, 22, 19, LABEL_SIZES[-1])  # px at unit 1: the correction in words (27: 2.5 mm), smaller when long


@dataclass(frozen=True)
class Draft:
    """What the open editor has gathered so far."""

    kind: str = ""  # a key of KINDS; "" is the list of corrections
    player: str = ""
    other: str = ""  # a second player: a gate's controller, the first player
    area: int = -1
    number: int = 0
    unit: int = 0  # index into unit_types(owner)
    flag: bool = True  # present / awake / placed (not removed) / eradicated
    rewards: bool = False
    books: tuple[str, ...] = ()
    counts: tuple[int, ...] = ()  # revealed signs by value, or captured cultists by player
    priests: tuple[int, ...] = ()  # captured High Priests by player (each also one of counts)
    choice: str = ""  # a marker, a direction, a gate state
    reason: int = 0
    chooser: str = ""  # the chooser open over the editor ("" none)
    page: int = 0
    listed: bool = False  # areas from the list rather than the map
    rows_page: int = 0  # the editor's page of rows, when they are more than one page holds
    typed: str = ""  # a reason typed on the on-screen keyboard ("Other..."); "" gives the preset one
    typing: bool = False  # the on-screen keyboard is open over the editor, typing ``typed``
    shifted: bool = False
    to: int = -1  # a move's destination (the area it leaves is ``area``)
    # The input's identity, made at the draft's first Record and kept until what it says changes:
    # a Record sent again (a second tap, a retry after the journal was away) is applied once.
    input_id: str = ""
    sending: str = ""  # the correction in words, sent and not yet journaled ("" none)
    recorded: str = ""  # the correction in words, journaled: the page says so ("" none)


# What a tap may change without making the draft another correction: where the page is, not
# what the correction says (the input id and the confirmation stay).
NAVIGATION = ("chooser", "page", "listed", "rows_page", "typing", "shifted", "input_id", "sending", "recorded")


def same_correction(one: Draft, other: Draft) -> bool:
    """Whether two drafts describe the same correction (they differ at most in navigation)."""
    return _content(one) == _content(other)


def _content(d: Draft) -> tuple[object, ...]:
    return tuple(getattr(d, f.name) for f in dataclasses.fields(d) if f.name not in NAVIGATION)


def renewed(old: Draft, new: Draft) -> Draft:
    """``new`` as a tap leaves it: another correction than ``old`` gets no input id yet and no
    confirmation (it is recorded anew); the same one keeps both."""
    if same_correction(old, new):
        return new
    return dataclasses.replace(new, input_id="", sending="", recorded="")


def new_input_id() -> str:
    """A fresh identity for a correction's Record (``fix:<hex>``), as the table makes a tap's."""
    import uuid  # on the first Record, not at start (it imports platform)

    return f"fix:{uuid.uuid4().hex}"


@dataclass(frozen=True)
class SubmitOnce(Submit):
    """Record a correction as the input ``input_id``: the journal applies an input once."""

    input_id: str = ""


def reason_of(d: Draft) -> str:
    """The reason the correction is journaled with: the one typed, else the preset one chosen."""
    return d.typed or REASONS[d.reason % len(REASONS)]


@dataclass(frozen=True)
class BoardView:
    """The map chooser's geometry: each area's centre, the circles' radius, each name's lines
    and box, and the room for List and Done."""

    centres: list[tuple[int, int]]
    radius: int
    names: list[tuple[list[str], pygame.Rect]]
    controls: pygame.Rect


@dataclass(frozen=True)
class Menu:
    """A tap that changes the page's own navigation."""

    draft: Draft


@dataclass(frozen=True)
class Row:
    """One editor row: a stepper (``field`` "number", "count:N", "priest:N"), a chooser button, or
    a toggle.  A stepper shows its value through ``show``: the words a player reads on the board
    for it (the ritual track's space counted from 1, "space 1 of 7"), the command's value unchanged."""

    kind: str  # "stepper", "choose", "toggle"
    label: str
    field: str
    low: int = 0
    high: int = 99
    show: Callable[[int], str] = str


@dataclass(frozen=True)
class Kind:
    label: str
    rows: Callable[[GameState, Draft], list[Row]]
    build: Callable[[GameState, Draft], Command | None]
    start: Callable[[GameState, Draft], Draft] = lambda s, d: d
    available: Callable[[GameState], bool] = lambda s: True


# -- what each correction asks for ----------------------------------------------------------


def who(state: GameState, pid: str) -> str:
    seat = state.seat(pid)
    return state.players[seat].label if seat is not None else _("Neutral") if pid == NEUTRAL else "-"


def neutral_owner(state: GameState) -> bool:
    """Whether units of no player's can be in this game: Abhoth's Filth turn neutral when he is
    lost (the Units editor then offers "Neutral" as an owner)."""
    return "Abhoth" in state.options.independents


def where(state: GameState, index: int) -> str:
    return state.area_name(index) if 0 <= index < len(state.areas) else _("choose")


def unit_types(state: GameState, pid: str) -> list[tuple[str, UnitKind]]:
    """The owner's unit types (factions.md), or one per kind for a faction it does not list;
    then its High Priest (the High Priests option) and the neutral units whose cards it holds."""
    if pid == NEUTRAL:
        return [(FILTH, UnitKind.MONSTER)]
    seat = state.seat(pid)
    known = UNITS.get(state.players[seat].faction, ()) if seat is not None else ()
    listed = [(u.name, u.kind) for u in known if u.pool] or [(kind.default_name, kind) for kind in UnitKind]
    priest = hp.unit_for(state, pid)
    held = cards_of(state, pid)
    cards = [n for n in held if n in NEUTRAL_UNITS] + ([FILTH] if "Abhoth" in held else [])
    extra = [*((priest,) if priest else ()), *(NEUTRAL_UNITS[n] for n in cards)]
    return listed + [(u.name, u.kind) for u in extra if (u.name, u.kind) not in listed]


def counter(name: str, label: str, most: int) -> Kind:
    def rows(state: GameState, d: Draft) -> list[Row]:
        return [
            Row("choose", _("Player: {player}").format(player=who(state, d.player)), "player"),
            Row("stepper", _(label), "number", 0, most),
        ]

    def start(state: GameState, d: Draft) -> Draft:
        player = state.player(d.player)
        value = {"power": player.power, "doom": player.doom, "hidden_elder_signs": len(player.elder_signs)}[name]
        return dataclasses.replace(d, number=value)

    return Kind(label, rows, lambda s, d: c.Correct(d.player, name, d.number, reason_of(d)), start)


def _units_rows(state: GameState, d: Draft) -> list[Row]:
    types = unit_types(state, d.player)
    name = types[d.unit % len(types)][0]
    return [
        Row("choose", _("Owner: {player}").format(player=who(state, d.player)), "player"),
        Row("choose", _("Unit: {unit}").format(unit=name), "unit"),
        Row("choose", _("Area: {area}").format(area=where(state, d.area)), "area"),
        Row("stepper", _("How many"), "number", 1, MAX_UNITS),
        Row("toggle", _("Placed") if d.flag else _("Removed"), "flag"),
    ]


def _units(state: GameState, d: Draft) -> Command | None:
    if d.area < 0:
        return None
    types = unit_types(state, d.player)
    name, kind = types[d.unit % len(types)]
    ref = c.UnitRef(state.area_name(d.area), kind, name, d.number)
    return c.Place(d.player, ref, reason_of(d)) if d.flag else c.Eliminate(d.player, ref, reason_of(d))


def _gate(state: GameState, d: Draft) -> Command | None:
    return c.SetGate(state.area_name(d.area), d.choice, reason_of(d)) if d.area >= 0 and d.choice else None


def _gate_words(state: GameState, d: Draft) -> str:
    return {"": _("choose"), "none": _("no gate"), "abandoned": _("abandoned")}.get(d.choice, who(state, d.choice))


def _books_rows(state: GameState, d: Draft) -> list[Row]:
    named = [b for b in d.books if b]
    return [
        Row("choose", _("Player: {player}").format(player=who(state, d.player)), "player"),
        Row("choose", _("Named: {count} (choose)").format(count=len(named)), "books"),
        Row("stepper", _("Unnamed"), "number", 0, 6),
    ]


def _books_start(state: GameState, d: Draft) -> Draft:
    held = state.player(d.player).spellbooks
    return dataclasses.replace(d, books=tuple(b for b in held if b), number=held.count(""))


def _revealed_start(state: GameState, d: Draft) -> Draft:
    revealed = state.player(d.player).revealed
    return dataclasses.replace(d, counts=tuple(revealed.count(v) for v in (1, 2, 3)))


def _captured_start(state: GameState, d: Draft) -> Draft:
    held, priests = state.player(d.player).captured, hp.held_by(state, d.player)
    return dataclasses.replace(
        d, counts=tuple(held.count(p.pid) for p in state.players), priests=tuple(priests.count(p.pid) for p in state.players)
    )


def _captured_rows(state: GameState, d: Draft) -> list[Row]:
    """A stepper of captured cultists per other player, up to what its box holds (its Acolytes,
    and its High Priests with the option); with the High Priests option, under a player with at
    least one cultist captured and a High Priest in its box, how many of those cultists are High
    Priests (each is one of them: set_captured refuses more)."""
    rows = _player_row(state, d)
    for i, p in enumerate(state.players):
        if p.pid == d.player:
            continue
        priests = hp.pool(state, p.pid)  # 0 without the option
        rows.append(
            Row("stepper", _("of {player}").format(player=p.label), f"count:{i}", 0, acolyte_pool(state, p.pid) + priests)
        )
        held = d.counts[i] if i < len(d.counts) else 0
        if held and priests:
            rows.append(
                Row("stepper", _("High Priests of {player}").format(player=p.label), f"priest:{i}", 0, min(held, priests))
            )
    return rows


def _captured(state: GameState, d: Draft) -> Command:
    victims = tuple(p.pid for p, n in zip(state.players, d.counts, strict=False) for _ in range(n))
    if not hp.in_use(state):
        return k.SetCaptured(d.player, victims, reason_of(d))
    priests = tuple(p.pid for p, n, most in zip(state.players, d.priests, d.counts, strict=False) for _ in range(min(n, most)))
    return k.SetCaptured(d.player, victims, reason_of(d), priests)


def _worm_rows(state: GameState, d: Draft) -> list[Row]:
    return [
        Row("choose", _("Area: {area}").format(area=where(state, d.area)), "area"),
        Row("stepper", _("Worm number"), "number", min(state.board.worm_numbers or (1,)), max(state.board.worm_numbers or (1,))),
        Row("toggle", _("Placed") if d.flag else _("Taken back"), "flag"),
    ]


def _eradicated_rows(state: GameState, d: Draft) -> list[Row]:
    rows = [
        Row("choose", _("Area: {area}").format(area=where(state, d.area)), "area"),
        Row("toggle", _("Eradicated") if d.flag else _("Restored"), "flag"),
    ]
    if d.flag:
        rows.append(Row("toggle", _("With its rewards") if d.rewards else _("Without its rewards"), "rewards"))
    return rows


def _watcher_start(state: GameState, d: Draft) -> Draft:
    w = state.watcher
    assert w is not None
    return dataclasses.replace(d, flag=w.awake, number=w.token, area=w.area)


def _watcher_rows(state: GameState, d: Draft) -> list[Row]:
    rows = [Row("toggle", _("Awake") if d.flag else _("Asleep"), "flag")]
    if d.flag:
        rows += [
            Row("stepper", _("Token"), "number", 1, 12),
            Row("choose", _("Area: {area}").format(area=where(state, d.area)), "area"),
        ]
    return rows


def _watcher(state: GameState, d: Draft) -> Command | None:
    if not d.flag:
        return k.SetWatcher(False, reason=reason_of(d))
    return k.SetWatcher(True, d.number, state.area_name(d.area), reason_of(d)) if d.area >= 0 else None


def _area_only(make: Callable[[str, str], Command]) -> Callable[[GameState, Draft], Command | None]:
    return lambda s, d: make(s.area_name(d.area), reason_of(d)) if d.area >= 0 else None


def ritual_space(state: GameState, position: int) -> str:
    """The ritual marker's space as the board's track counts it, from 1 (``set_ritual`` counts
    from 0), its last space Instant Death: the same words as the correction's summary."""
    space, count, instant_death = k.ritual_space(state, position)
    if instant_death:
        return _("space {space} of {count} (Instant Death)").format(space=space, count=count)
    return _("space {space} of {count}").format(space=space, count=count)


def _book_of(state: GameState, card: str) -> str:
    """The Spellbook the card's holder may hold beside it (an independent's, with the abilities
    option), else ""."""
    return ind.BOOKS.get(card, "") if state.options.abilities else ""


def _loyalty_start(state: GameState, d: Draft) -> Draft:
    """The card chosen (the game's first when none is), as it is held now: its holder in
    ``other`` ("" the supply), whether its Spellbook is held in ``flag``."""
    cards = state.options.independents
    card = d.choice if d.choice in cards else cards[0] if cards else ""
    book = ind.BOOKS.get(card, "")
    return dataclasses.replace(d, choice=card, other=ind.holder(state, card), flag=bool(book) and bool(ind.holder(state, book)))


def _holder_words(state: GameState, pid: str) -> str:
    return who(state, pid) if pid else _("the supply")


def _loyalty_rows(state: GameState, d: Draft) -> list[Row]:
    rows = [
        Row("choose", _("Card: {card}").format(card=d.choice or _("choose")), "card"),
        Row("choose", _("Held by: {holder}").format(holder=_holder_words(state, d.other)), "holder"),
    ]
    if d.other and _book_of(state, d.choice):
        rows.append(Row("toggle", _("With its Spellbook") if d.flag else _("Without its Spellbook"), "flag"))
    return rows


def _loyalty(state: GameState, d: Draft) -> Command | None:
    """The card to the holder chosen; its Spellbook as the toggle says when it is shown, else
    (the supply, a card without one) left to go with the card."""
    if not d.choice:
        return None
    spellbook = d.flag if d.other and _book_of(state, d.choice) else None
    return k.SetLoyalty(d.choice, d.other, reason_of(d), spellbook)


def _player_row(state: GameState, d: Draft) -> list[Row]:
    return [Row("choose", _("Player: {player}").format(player=who(state, d.player)), "player")]


# -- a move: units, then where they go ---------------------------------------------------------

# The engine's move correction (corrections.MoveUnits: one correction, undone as one).
MOVE = k.MoveUnits
AREA_CHOOSERS = ("area", "to")  # the choosers answered by tapping an area on the map


def stacks_of(state: GameState, pid: str) -> list[tuple[int, str, UnitKind, int]]:
    """``pid``'s units on the board, stack by stack: (area, unit name, kind, count), area by area."""
    return [
        (i, u.name, u.kind, u.count) for i, area in enumerate(state.areas) for u in area.units if u.owner == pid and u.count > 0
    ]


def _move_start(state: GameState, d: Draft) -> Draft:
    """The owner's units to choose from, at once (the first tap after Move picks them)."""
    return dataclasses.replace(d, area=-1, to=-1, number=1, choice="", chooser="stack" if stacks_of(state, d.player) else "")


def _stack_words(state: GameState, d: Draft) -> str:
    return _("{unit} in {area}").format(unit=unit_words(d.number, d.choice), area=state.area_name(d.area))


def _move_rows(state: GameState, d: Draft) -> list[Row]:
    here = state.areas[d.area].count(owner=d.player, kind=_stack_kind(state, d), name=d.choice) if d.area >= 0 else 0
    rows = [
        Row("choose", _("Owner: {player}").format(player=who(state, d.player)), "player"),
        Row("choose", _("Units: {units}").format(units=_stack_words(state, d) if d.area >= 0 else _("choose")), "stack"),
        Row("choose", _("To: {area}").format(area=where(state, d.to)), "to"),
    ]
    if here > 1:
        rows.append(Row("stepper", _("How many"), "number", 1, here))
    return rows


def _stack_kind(state: GameState, d: Draft) -> UnitKind:
    """The kind of the units chosen (by their name, in the area they leave)."""
    area = state.areas[d.area] if d.area >= 0 else None
    found = next((u.kind for u in area.units if u.owner == d.player and u.name == d.choice), None) if area else None
    return found or UnitKind.CULTIST


def _move(state: GameState, d: Draft) -> Command | None:
    if d.area < 0 or d.to < 0 or not d.choice:
        return None
    ref = c.UnitRef(state.area_name(d.area), _stack_kind(state, d), d.choice, d.number)
    return MOVE(d.player, ref, state.area_name(d.to), reason_of(d))


KINDS: dict[str, Kind] = {
    "power": counter("power", N_("Power"), k.LIMITS["power"]),
    "doom": counter("doom", N_("Doom"), k.LIMITS["doom"]),
    "books": Kind(
        N_("Spellbooks"),
        _books_rows,
        lambda s, d: k.SetSpellbooks(d.player, (*d.books, *("",) * d.number), reason_of(d)),
        _books_start,
    ),
    "signs": counter("hidden_elder_signs", N_("Elder Signs held"), k.LIMITS["hidden_elder_signs"]),
    "revealed": Kind(
        N_("Revealed signs"),
        lambda s, d: [
            *_player_row(s, d),
            *(Row("stepper", _("Worth {value}").format(value=v), f"count:{v - 1}", 0, 18) for v in (1, 2, 3)),
        ],
        lambda s, d: k.SetRevealedElderSigns(
            d.player, tuple(v for v, n in zip((1, 2, 3), d.counts, strict=False) for _ in range(n)), reason_of(d)
        ),
        _revealed_start,
    ),
    "ritual": Kind(
        N_("Ritual track"),
        lambda s, d: [Row("stepper", _("Marker"), "number", 0, len(s.ritual_track), lambda v: ritual_space(s, v))],
        lambda s, d: k.SetRitual(d.number, reason_of(d)),
        lambda s, d: dataclasses.replace(d, number=s.ritual),
    ),
    "first": Kind(
        N_("First player"),
        lambda s, d: [
            Row("choose", _("First: {player}").format(player=who(s, d.other)), "other"),
            Row("choose", _("Play: {direction}").format(direction=_(DIRECTIONS.get(d.choice, d.choice))), "direction"),
        ],
        lambda s, d: k.SetFirstPlayer(d.other, d.choice, reason_of(d)),
        lambda s, d: dataclasses.replace(d, other=s.players[s.first].pid, choice=""),
    ),
    "captured": Kind(N_("Captured"), _captured_rows, _captured, _captured_start),
    "units": Kind(N_("Units"), _units_rows, _units, lambda s, d: dataclasses.replace(d, number=1, unit=0)),
    "move": Kind(N_("Move units"), _move_rows, _move, _move_start, lambda s: True),
    "gate": Kind(
        N_("Gate"),
        lambda s, d: [
            Row("choose", _("Area: {area}").format(area=where(s, d.area)), "area"),
            Row("choose", _("Gate: {gate}").format(gate=_gate_words(s, d)), "gate"),
        ],
        _gate,
    ),
    "marker": Kind(
        N_("Marker"),
        lambda s, d: [
            Row("choose", _("Area: {area}").format(area=where(s, d.area)), "area"),
            Row("choose", _("Marker: {marker}").format(marker=d.choice.replace("_", " ") or _("choose")), "marker"),
            Row("toggle", _("Placed") if d.flag else _("Taken off"), "flag"),
        ],
        lambda s, d: (
            None
            if d.area < 0 or not d.choice
            else (c.PlaceMarker if d.flag else c.RemoveMarker)(s.area_name(d.area), d.choice, reason_of(d))
        ),
    ),
    "worm": Kind(
        N_("Worm"),
        _worm_rows,
        lambda s, d: k.SetWorm(s.area_name(d.area), d.number, d.flag, reason_of(d)) if d.area >= 0 else None,
        lambda s, d: dataclasses.replace(d, number=min(s.board.worm_numbers or (1,))),
        lambda s: s.worms is not None,
    ),
    "eradicated": Kind(
        N_("Eradication"),
        _eradicated_rows,
        lambda s, d: k.SetEradicated(s.area_name(d.area), d.flag, d.flag and d.rewards, reason_of(d)) if d.area >= 0 else None,
        available=lambda s: s.worms is not None,
    ),
    "watcher": Kind(N_("Watcher"), _watcher_rows, _watcher, _watcher_start, lambda s: s.watcher is not None),
    "acolyte": Kind(
        N_("Astral Acolyte"),
        lambda s, d: [Row("choose", _("Area: {area}").format(area=where(s, d.area)), "area")],
        _area_only(lambda area, reason: k.SetAcolyte(area, reason)),
        available=lambda s: s.acolyte is not None,
    ),
    "glacier": Kind(
        N_("Glacier"),
        lambda s, d: [
            Row("choose", _("Area: {area}").format(area=where(s, d.area)), "area"),
            Row("toggle", _("Placed") if d.flag else _("Taken off"), "flag"),
        ],
        lambda s, d: k.SetGlacier(s.area_name(d.area), d.flag, reason_of(d)) if d.area >= 0 else None,
        available=lambda s: s.board.is_primeval,
    ),
    "loyalty": Kind(N_("Loyalty Cards"), _loyalty_rows, _loyalty, _loyalty_start, lambda s: bool(s.options.independents)),
}


# -- the scene --------------------------------------------------------------------------------


class CorrectionsScene(Scene):
    name = "fix"

    def __init__(self, metrics: Metrics) -> None:
        super().__init__(metrics)
        self.draft = Draft()
        self.state: GameState | None = None
        self._board_view: tuple[object, BoardView | None] | None = None  # (the map, its chooser's places)
        self.notices: tuple[str, ...] = ()  # the table's notices as last seen (a refusal adds one)

    # -- taps -------------------------------------------------------------------------------

    def update(self, view: View) -> None:
        state: GameState = view.state
        d = self.draft
        gone = state.seat(d.player) is None and (d.player != NEUTRAL or not neutral_owner(state))
        if (d.player and gone) or d.area >= len(state.areas) or d.to >= len(state.areas):
            self.draft = Draft()  # another game is on the table (a player, or Abhoth's Neutral, it does not have)
        self.heard(view.journaled, tuple(view.notices))
        self.state = state
        super().update(view)

    def heard(self, journaled: tuple[str, ...], notices: tuple[str, ...]) -> None:
        """What became of a Record sent: journaled (an entry its input made is: the page says
        so, and the correction is not judged again on the state it made), or not (a notice says
        why; the draft keeps its input id, so that recording it again is still applied once).
        Another entry journaled meanwhile (a phone's, a queued tap's) is neither."""
        d = self.draft
        if d.sending and d.input_id in journaled:
            self.draft = dataclasses.replace(d, sending="", recorded=d.sending)
        elif d.sending and notices != self.notices:
            self.draft = dataclasses.replace(d, sending="")
        self.notices = notices

    def tap(self, pos: tuple[int, int]) -> Intent | None:
        button = next((b for b in reversed(self.buttons) if b.hit(pos)), None)
        if button is None:
            return None
        if isinstance(button.intent, Menu):
            self.draft = renewed(self.draft, button.intent.draft)
            return None
        if isinstance(button.intent, Key):
            self.key(button.intent.text)
            return None
        intent: Intent = button.intent
        if isinstance(intent, SubmitOnce):
            self.sent(intent)
        return intent

    def sent(self, record: SubmitOnce) -> None:
        """Record was tapped: the draft holds its input id and waits for the table's answer (Record
        is off meanwhile: a second tap sends nothing)."""
        assert self.state is not None
        words = self.words(self.state, record.command)
        self.draft = dataclasses.replace(self.draft, input_id=record.input_id, sending=words, recorded="")

    def key(self, typed: str) -> None:
        """A key of the on-screen keyboard typing the reason; Done goes back to the correction
        (with nothing typed, the preset reason chosen stands)."""
        self.draft = renewed(self.draft, keyed(self.draft, typed, "typed", MAX_TYPED))

    def words(self, state: GameState, command: Command | None) -> str:
        """The correction in words as the log shows it, with its reason ("Choose what to set."
        until the editor names everything)."""
        if command is None:
            return _("Choose what to set.")
        d = self.draft
        reason = d.typed or (_(REASONS[d.reason]) if d.reason else "")
        return sentence(k.summary(state, command)) + (f" ({reason})" if reason else "") + "."

    def command(self) -> Command | None:
        """The correction the editor describes now (None until it names everything)."""
        state, d = self.state, self.draft
        if state is None or d.kind not in KINDS:
            return None
        return KINDS[d.kind].build(state, d)

    def open(self, kind: str) -> Menu:
        assert self.state is not None
        state = self.state
        default = state.players[state.turn if state.turn >= 0 else state.first].pid
        player = self.draft.player if state.seat(self.draft.player) is not None else default  # never "neutral" there
        d = Draft(kind=kind, player=player)
        return Menu(KINDS[kind].start(state, d))

    # -- layout -----------------------------------------------------------------------------

    def regions(self) -> tuple[pygame.Rect, pygame.Rect]:
        """(the editor, the preview with Record) below the title."""
        m, body = self.metrics, self.body()
        top = m.px(44)
        rest = pygame.Rect(m.margin, top, body.width - 2 * m.margin, body.height - top - m.margin)
        if m.portrait:  # the editor's whole rows in its share; the preview has the rest (a long one needs it)
            pitch = m.touch + m.margin
            editor = pygame.Rect(rest.x, rest.y, rest.width, (rest.height * 58 // 100 + m.margin) // pitch * pitch - m.margin)
            return editor, pygame.Rect(rest.x, editor.bottom + m.margin, rest.width, rest.bottom - editor.bottom - m.margin)
        editor = pygame.Rect(rest.x, rest.y, rest.width * 58 // 100, rest.height)
        return editor, pygame.Rect(editor.right + m.margin, rest.y, rest.right - editor.right - m.margin, rest.height)

    def layout(self, view: View) -> list[Button]:
        state, d = view.state, self.draft
        if d.kind not in KINDS or not KINDS[d.kind].available(state):
            return self.menu_buttons(state)
        if d.typing:
            return keys(self.keyboard_area(), self.metrics, d.shifted)
        if d.chooser:
            return self.chooser_buttons(state)
        return self.editor_buttons(state) + self.preview_buttons(state)

    def typed_rect(self) -> pygame.Rect:
        """Where the reason being typed is shown: its lines below the title, above the keyboard."""
        m = self.metrics
        return pygame.Rect(m.margin, m.px(44), m.width - 2 * m.margin, TYPED_LINES * round(m.px(TYPED_SIZE) * 1.05))

    def keyboard_area(self) -> pygame.Rect:
        m, body, typed = self.metrics, self.body(), self.typed_rect()
        top = typed.bottom + m.margin
        return pygame.Rect(m.margin, top, m.width - 2 * m.margin, body.bottom - m.margin - top)

    def menu_buttons(self, state: GameState) -> list[Button]:
        m = self.metrics
        kinds = [(name, _(kind.label)) for name, kind in KINDS.items() if kind.available(state)]
        entries: list[tuple[str, Intent | Menu, tuple[int, int, int]]] = [
            (label, self.open(name), BUTTON) for name, label in kinds
        ]
        if state.prompt.kind is PromptKind.JOIN:
            entries.insert(0, (_("Begin play"), Submit(k.BeginPlay()), ACCENT))
        entries.append((_("Back to the table"), Go("table"), PANEL))
        area = self.body().inflate(-2 * m.margin, -2 * m.margin)
        area.y += m.px(36)
        area.height -= m.px(36)
        rects = self.fit_grid(area, [e[0] for e in entries], 4)
        return [Button(r, label, intent, colour) for r, (label, intent, colour) in zip(rects, entries, strict=False)]

    def editor_buttons(self, state: GameState) -> list[Button]:
        m, d = self.metrics, self.draft
        buttons: list[Button] = []
        drawn, more, pages = self.row_pages(state)  # the rows' layout, worked out once a tap
        for row, rect in drawn:
            if row.kind == "choose":
                buttons.append(Button(rect, row.label, Menu(dataclasses.replace(d, chooser=row.field, page=0))))
            elif row.kind == "toggle":
                flipped = (
                    dataclasses.replace(d, rewards=not d.rewards)
                    if row.field == "rewards"
                    else dataclasses.replace(d, flag=not d.flag)
                )
                buttons.append(Button(rect, row.label, Menu(flipped), ACCENT))
            else:
                value = self.value(row.field)
                side = self.stepper_width(rect)
                minus = pygame.Rect(rect.right - 2 * side - m.margin, rect.y, side, m.touch)
                plus = pygame.Rect(rect.right - side, rect.y, side, m.touch)
                buttons.append(Button(minus, "-", self.set_value(row.field, max(row.low, value - 1)), BUTTON, value > row.low))
                buttons.append(Button(plus, "+", self.set_value(row.field, min(row.high, value + 1)), BUTTON, value < row.high))
        if more is not None:
            page = d.rows_page % pages
            label = _("More ({page}/{pages})").format(page=page + 1, pages=pages)
            buttons.append(Button(more, label, Menu(dataclasses.replace(d, rows_page=(page + 1) % pages)), PANEL))
        return buttons

    def rows_drawn(self, state: GameState) -> list[tuple[Row, pygame.Rect]]:
        """Each editor row's rectangle on the page in view: one column, or more when the rows
        are many (a captured cultist stepper per player at a big table)."""
        return self.row_pages(state)[0]

    def row_pages(self, state: GameState) -> tuple[list[tuple[Row, pygame.Rect]], pygame.Rect | None, int]:
        """(the rows in view and their rectangles, the "More" button's rectangle or None, the
        number of pages).  Columns are never narrower than COLUMN_WIDTH (a stepper's label
        needs room); rows beyond what those columns hold go to further pages, the last slot of
        each page being the button that turns them."""
        m = self.metrics
        editor, _panel = self.regions()
        step = m.touch + m.margin
        rows = KINDS[self.draft.kind].rows(state, self.draft)
        fit = max(1, (editor.height + m.margin) // step)
        most = max(1, (editor.width + m.margin) // (m.px(COLUMN_WIDTH) + m.margin))
        while most > 1 and not all(self.label_fits(row, self.column_width(editor, most)) for row in rows):
            most -= 1  # a long player's name: fewer, wider columns, and more pages
        per_page = len(rows) if len(rows) <= fit * most else max(1, fit * most - 1)
        pages = max(1, -(-len(rows) // per_page))
        page = self.draft.rows_page % pages
        shown = rows[page * per_page : (page + 1) * per_page]
        slots = len(shown) + (pages > 1)
        columns = -(-slots // fit)
        width = self.column_width(editor, columns)
        rects = [
            pygame.Rect(editor.x + (i // fit) * (width + m.margin), editor.y + (i % fit) * step, width, m.touch)
            for i in range(slots)
        ]
        return list(zip(shown, rects, strict=False)), rects[-1] if pages > 1 else None, pages

    def column_width(self, editor: pygame.Rect, columns: int) -> int:
        return (editor.width - self.metrics.margin * (columns - 1)) // max(1, columns)

    def label_fits(self, row: Row, width: int) -> bool:
        """Whether a stepper's label fits a row ``width`` wide with any of its values (a
        two-digit number, its words at either end), as :meth:`label` draws it: one line, or two
        smaller ones."""
        if row.kind != "stepper":
            return True
        m = self.metrics
        room = width - 2 * max(m.touch, width // 6) - 3 * m.margin
        for value in {"99", row.show(row.low), row.show(row.high)}:
            lines = wrap(f"{row.label}: {value}", m.px(LABEL_SIZES[-1]), room)
            if len(lines) > 2 or any(font(m.px(LABEL_SIZES[-1])).size(line)[0] > room for line in lines):
                return False
        return True

    def stepper_words(self, row: Row) -> str:
        """A stepper's label and its value, as drawn ("Marker: space 1 of 7")."""
        return f"{row.label}: {row.show(self.value(row.field))}"

    def stepper_width(self, rect: pygame.Rect) -> int:
        return max(self.metrics.touch, rect.width // 6)

    def value(self, name: str) -> int:
        d = self.draft
        field_, _colon, index = name.partition(":")
        if field_ in ("count", "priest"):
            values = d.counts if field_ == "count" else d.priests
            return values[int(index)] if int(index) < len(values) else 0
        return d.number

    def set_value(self, name: str, value: int) -> Menu:
        """The draft with one stepper's value; fewer cultists captured of a player leave no more
        High Priests of it than cultists."""
        d = self.draft
        field_, _colon, index = name.partition(":")
        if field_ not in ("count", "priest"):
            return Menu(dataclasses.replace(d, number=value))
        at = int(index)
        counts = list(d.counts) + [0] * (at + 1 - len(d.counts))
        priests = list(d.priests) + [0] * (at + 1 - len(d.priests))
        if field_ == "count":
            counts[at] = value
            priests[at] = min(priests[at], value)
        else:
            priests[at] = value
        return Menu(dataclasses.replace(d, counts=tuple(counts), priests=tuple(priests)))

    def preview_buttons(self, state: GameState) -> list[Button]:
        m = self.metrics
        _editor, panel = self.regions()
        command = self.command()
        d = self.draft
        refusal = "" if d.recorded or d.sending else self.refusal(state, command)
        third = (panel.width - 2 * m.margin) // 3
        bottom = panel.bottom - m.touch
        record = pygame.Rect(panel.x, bottom, panel.width, m.touch)
        back = pygame.Rect(panel.x, bottom - m.touch - m.margin, third, m.touch)
        reason = pygame.Rect(back.right + m.margin, back.y, third, m.touch)
        other = pygame.Rect(reason.right + m.margin, back.y, panel.right - reason.right - m.margin, m.touch)
        # Reason: the next preset one (a typed one gives way); Other...: the keyboard, to type one.
        following = dataclasses.replace(d, reason=(d.reason + 1) % len(REASONS), typed="")
        label = _("Recorded") if d.recorded else _("Recording...") if d.sending else _("Record")
        ready = command is not None and not refusal and not d.sending and not d.recorded
        send = SubmitOnce(command, d.input_id or new_input_id()) if ready and command is not None else None
        return [
            Button(back, _("Back"), Menu(Draft(player=d.player)), PANEL),
            Button(reason, _("Reason"), Menu(following)),
            Button(other, _("Other..."), Menu(dataclasses.replace(d, typing=True))),
            Button(record, label, send, ACCENT, ready),
        ]

    @staticmethod
    def refusal(state: GameState, command: Command | None) -> str:
        """Why the engine would refuse the correction now ("" when it would record it)."""
        if command is None:
            return ""
        result = apply(state, command)
        # The engine names owners by id ("of crawling_chaos"): the table reads names.
        return named(sentence(result.says or result.message)) if isinstance(result, Rejected) else ""

    def chooser_buttons(self, state: GameState) -> list[Button]:
        m, d = self.metrics, self.draft
        if d.chooser in AREA_CHOOSERS and not d.listed and self.board_view(state) is not None:
            return self.map_buttons(state)
        options = self.options(state)
        area = self.body().inflate(-2 * m.margin, -2 * m.margin)
        area.y += m.px(36)
        area.height -= m.px(36)
        per_page = self.per_page(area, [label for label, _intent in options])
        pages = max(1, -(-len(options) // per_page))
        page = d.page % pages
        shown = options[page * per_page : (page + 1) * per_page]
        close = Menu(dataclasses.replace(d, chooser="", page=0, listed=False))
        labels = [label for label, _intent in shown] + ([_("Next")] if pages > 1 else []) + [_("Done")]
        rects = self.fit_grid(area, labels, 4)
        buttons = [Button(r, label, intent) for r, (label, intent) in zip(rects, shown, strict=False)]
        if pages > 1:
            buttons.append(Button(rects[len(shown)], _("Next"), Menu(dataclasses.replace(d, page=page + 1)), PANEL))
        buttons.append(Button(rects[-1], _("Done"), close, PANEL))
        return buttons

    # -- areas on the map ------------------------------------------------------------------------

    def board_view(self, state: GameState) -> BoardView | None:
        """Where each area's circle and name go on the map chooser, or None when the map does
        not fit this screen without circles or names touching (the list is used instead):
        worked out once per map (a frame asks several times; the names are measured once)."""
        known = self._board_view
        if known is None or known[0] is not state.board:
            known = self._board_view = (state.board, self.work_out_board_view(state))
        return known[1]

    def work_out_board_view(self, state: GameState) -> BoardView | None:
        m = self.metrics
        body = self.body()
        top = m.px(40)
        side = m.px(140)
        if m.portrait:
            canvas = pygame.Rect(m.margin, top, body.width - 2 * m.margin, body.height - top - m.touch - 2 * m.margin)
            controls = pygame.Rect(m.margin, canvas.bottom + m.margin, canvas.width, m.touch)
        else:
            canvas = pygame.Rect(m.margin, top, body.width - side - 3 * m.margin, body.height - top - m.margin)
            controls = pygame.Rect(canvas.right + m.margin, top, side + m.margin, 2 * m.touch + m.margin)
        r = m.touch // 2
        size = m.px(MAP_NAME_SIZE)
        inner = canvas.inflate(-2 * r, -2 * r)
        if inner.width <= 0 or inner.height <= 0:
            return None
        # The areas moved apart just so far that each name fits beside its circle at the seats'
        # size (as the Map screen does: map_layout.settle); what still touches takes the list.
        start = tuple((int(inner.x + x * inner.width), int(inner.y + y * inner.height)) for x, y in layout(state.board))
        variants = [broken(area.name, size, 3) for area in state.board.areas]
        blocks = tuple(tuple(label_block(size, lines) for lines in options) for options in variants)
        gap = max(1, r // 8)
        settled, chosen = settle(start, r, blocks, (canvas.x, canvas.y, canvas.width, canvas.height), gap, r)
        centres = list(settled)
        taken = [pygame.Rect(x - r - gap, y - r - gap, 2 * (r + gap), 2 * (r + gap)) for x, y in centres]
        if any(one.colliderect(other) for i, one in enumerate(taken) for other in taken[i + 1 :]):
            return None
        names: list[tuple[list[str], pygame.Rect]] = []
        for i, (choice, side) in enumerate(chosen):
            box = pygame.Rect(name_box(centres[i], r, gap, side, blocks[i][choice]))
            if not canvas.contains(box) or box.collidelist(taken) >= 0 or box.colliderect(controls):
                return None
            taken.append(box)
            names.append((variants[i][choice], box))
        return BoardView(centres, r, names, controls)

    def map_buttons(self, state: GameState) -> list[Button]:
        m, d = self.metrics, self.draft
        view = self.board_view(state)
        assert view is not None
        buttons = [
            Button(
                pygame.Rect(x - view.radius, y - view.radius, 2 * view.radius, 2 * view.radius),
                "",
                Menu(self.tapped(i)),
            )
            for i, (x, y) in enumerate(view.centres)
            if self.tappable(state, i)
        ]
        box = view.controls
        if m.portrait:
            half = (box.width - m.margin) // 2
            first, second = pygame.Rect(box.x, box.y, half, m.touch), pygame.Rect(box.x + half + m.margin, box.y, half, m.touch)
        else:
            first = pygame.Rect(box.x, box.y, box.width - m.margin, m.touch)
            second = pygame.Rect(box.x, box.y + m.touch + m.margin, box.width - m.margin, m.touch)
        buttons.append(Button(first, _("List"), Menu(dataclasses.replace(d, listed=True)), PANEL))
        buttons.append(Button(second, _("Done"), Menu(dataclasses.replace(d, chooser="", page=0)), PANEL))
        return buttons

    def tapped(self, i: int) -> Draft:
        """The draft with area ``i`` tapped on the map chooser: where a move goes, else the area."""
        d = dataclasses.replace(self.draft, chooser="", page=0)
        return dataclasses.replace(d, to=i) if self.draft.chooser == "to" else dataclasses.replace(d, area=i)

    def tappable(self, state: GameState, i: int) -> bool:
        """Whether area ``i`` answers the area chooser open: never an eradicated one (but to set
        eradication or a Worm), never the area a move leaves as where it goes."""
        d = self.draft
        if d.chooser == "to":
            return i != d.area and ERADICATED not in state.areas[i].markers
        return d.kind in ("eradicated", "worm") or ERADICATED not in state.areas[i].markers

    def draw_board(self, surface: pygame.Surface, state: GameState) -> None:
        m, view = self.metrics, self.board_view(state)
        assert view is not None
        for i, neighbours in enumerate(state.board.adjacent):
            for j in neighbours:
                if i < j:
                    pygame.draw.line(surface, PANEL, view.centres[i], view.centres[j], max(1, m.px(3)))
        size = m.px(MAP_NAME_SIZE)
        for i, (centre, (lines, box)) in enumerate(zip(view.centres, view.names, strict=True)):
            area = state.areas[i]
            fill = (8, 8, 8) if ERADICATED in area.markers else (20, 30, 60) if state.board.areas[i].ocean else (40, 44, 32)
            pygame.draw.circle(surface, fill, centre, view.radius)
            chosen = i == (self.draft.to if self.draft.chooser == "to" else self.draft.area)
            edge = ACCENT if chosen else DIM
            pygame.draw.circle(surface, edge, centre, view.radius, max(2, m.px(3 if chosen else 1)))
            if area.gate is not None:  # a gate: a ring in its controller's colour (grey when abandoned)
                owner = state.seat(area.gate.controller or "")
                ring = colour_of(state.players[owner].faction) if owner is not None else DIM
                pygame.draw.circle(surface, ring, centre, view.radius - m.px(5), max(2, m.px(4)))
            units = sum(u.count for u in area.units)
            if units:
                text(surface, str(units), centre, m.px(SEATS_FLOOR), TEXT, bold=True, centre=True)
            y = box.y
            for one in lines:  # stacked as label_block measured them
                text(surface, one, (box.centerx - font(size).size(one)[0] // 2, y), size, TEXT, width=box.width + 1)
                y += line_height(size, one)

    def options(self, state: GameState) -> list[tuple[str, Menu]]:
        """The chooser's choices: each sets the field and closes the chooser (Spellbooks toggle)."""
        d = self.draft
        done = dataclasses.replace(d, chooser="", page=0, listed=False)
        field_ = d.chooser
        if field_ in ("player", "other"):
            if field_ == "other":
                return [(p.label, Menu(dataclasses.replace(done, other=p.pid))) for p in state.players]
            owners = [(p.label, p.pid) for p in state.players]
            if d.kind == "units" and neutral_owner(state):
                owners.append((who(state, NEUTRAL), NEUTRAL))
            return [(label, Menu(KINDS[d.kind].start(state, dataclasses.replace(done, player=pid)))) for label, pid in owners]
        if field_ == "stack":
            return [
                (
                    _("{unit} in {area}").format(unit=unit_words(count, name), area=state.area_name(i)),
                    Menu(dataclasses.replace(done, area=i, choice=name, number=1, to=-1, chooser="to")),
                )
                for i, name, _kind, count in stacks_of(state, d.player)
            ]
        if field_ == "to":
            return [
                (a.name, Menu(dataclasses.replace(done, to=i)))
                for i, a in enumerate(state.board.areas)
                if i != d.area and ERADICATED not in state.areas[i].markers
            ]
        if field_ == "area":
            return [
                (a.name, Menu(dataclasses.replace(done, area=i)))
                for i, a in enumerate(state.board.areas)
                if d.kind in ("eradicated", "worm") or ERADICATED not in state.areas[i].markers
            ]
        if field_ == "unit":
            return [(name, Menu(dataclasses.replace(done, unit=i))) for i, (name, _) in enumerate(unit_types(state, d.player))]
        if field_ == "gate":
            states = list(GATE_STATES) + [p.pid for p in state.players]
            return [
                (_gate_words(state, dataclasses.replace(d, choice=s)), Menu(dataclasses.replace(done, choice=s))) for s in states
            ]
        if field_ == "marker":
            return [(m.replace("_", " "), Menu(dataclasses.replace(done, choice=m))) for m in (*MARKERS, GLACIER)]
        if field_ == "direction":
            directions = [(_(DIRECTIONS[value]), value) for value in DIRECTIONS]
            return [(words, Menu(dataclasses.replace(done, choice=value))) for words, value in directions]
        if field_ == "card":
            return [
                (card, Menu(_loyalty_start(state, dataclasses.replace(done, choice=card)))) for card in state.options.independents
            ]
        if field_ == "holder":
            holders = ["", *(p.pid for p in state.players)]
            return [(_holder_words(state, pid), Menu(dataclasses.replace(done, other=pid))) for pid in holders]
        if field_ == "books":
            names = book_names(state, d.player, d.books)
            return [
                (("* " if name in d.books else "") + name, Menu(dataclasses.replace(d, books=toggled(d.books, name))))
                for name in names
            ]
        return []

    def fit_grid(self, area: pygame.Rect, labels: list[str], most: int) -> list[pygame.Rect]:
        """Button rectangles in as many columns (up to ``most``) as the longest label allows."""
        m = self.metrics
        widest = max((font(m.px(LABEL_SIZES[-1])).size(label)[0] for label in labels), default=0) + m.px(12)
        columns = max(1, min(most, len(labels), (area.width + m.margin) // (widest + m.margin)))
        width = (area.width - m.margin * (columns - 1)) // columns
        return [
            pygame.Rect(
                area.x + (n % columns) * (width + m.margin), area.y + (n // columns) * (m.touch + m.margin), width, m.touch
            )
            for n in range(len(labels))
        ]

    def per_page(self, area: pygame.Rect, labels: list[str]) -> int:
        """How many choices fit on one page, with room for Next and Done."""
        m = self.metrics
        rows = max(1, (area.height + m.margin) // (m.touch + m.margin))
        columns = len({r.x for r in self.fit_grid(area, [*labels, _("Next"), _("Done")], 4)})
        return max(1, rows * columns - 2)

    # -- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, view: View) -> None:
        m, state, d = self.metrics, view.state, self.draft
        title = _("Corrections: the table is always right")
        if d.kind in KINDS:
            title = _("Corrections: {what}").format(what=_(KINDS[d.kind].label))
        text(surface, title, (m.margin, m.margin), m.px(28), TEXT, width=m.width - 2 * m.margin, bold=True)
        if d.kind in KINDS and d.typing:
            box = self.typed_rect()
            words = _("Reason: {reason}|").format(reason=d.typed)
            paragraph(surface, words, box.topleft, m.px(TYPED_SIZE), box.width, TYPED_LINES, TEXT, bold=True)
        elif d.kind in KINDS and not d.chooser:
            self.draw_editor(surface, state)
        elif d.chooser in AREA_CHOOSERS and not d.listed and self.board_view(state) is not None:
            self.draw_board(surface, state)
            for button in self.buttons:  # the circles are drawn as the board; their buttons are only where to tap
                if button.label:
                    button.draw(surface, m)
            return
        elif not d.kind and view.notices:
            text(surface, view.notices[-1], (m.margin, m.px(30)), m.px(17), WARN, width=m.width - 2 * m.margin)
        super().draw(surface, view)  # a label its button cannot hold is drawn cut: widgets.text records it

    def draw_editor(self, surface: pygame.Surface, state: GameState) -> None:
        m = self.metrics
        for row, rect in self.rows_drawn(state):
            if row.kind == "stepper":
                room = rect.width - 2 * self.stepper_width(rect) - 3 * m.margin
                self.label(surface, self.stepper_words(row), pygame.Rect(rect.x + m.margin, rect.y, room, rect.height))
        _editor, panel = self.regions()
        pygame.draw.rect(surface, PANEL, panel, border_radius=m.px(8))
        command = self.command()
        d = self.draft
        reason = d.typed or (_(REASONS[d.reason]) if d.reason else "")
        words = self.words(state, command)
        if d.recorded:  # journaled: said so, and not judged again on the state it made
            words = _("Recorded: {correction}").format(correction=d.recorded)
        room = panel.bottom - 2 * (m.touch + m.margin) - panel.y - m.margin
        refusal = "" if d.recorded or d.sending else self.refusal(state, command)
        hint = not refusal and not reason and command is not None and not d.recorded  # "Reason: none (tap Reason)"
        # Half the room for the correction in words when the engine's refusal needs the rest;
        # else all of it but the hint's line, when it is drawn (a long list of captured cultists
        # at a big table).
        hint_words, width = _("Reason: none (tap Reason)"), panel.width - 2 * m.margin
        hint_lines = wrap(hint_words, m.px(SEATS_FLOOR), width) if hint else []
        hint_room = m.margin + len(hint_lines) * round(m.px(SEATS_FLOOR) * 1.05) if hint else 0
        words_room = room // 2 if refusal else room - hint_room
        size = self.preview_size(words, width, words_room)
        if hint and len(wrap(words, size, width, True)) > lines_in(words_room, size):
            hint, words_room = False, room  # the correction whole before the hint (forty captives at a table of eight)
            size = self.preview_size(words, width, words_room)
        colour = ACCENT if d.recorded else TEXT
        y = paragraph(
            surface, words, (panel.x + m.margin, panel.y + m.margin), size, width, lines_in(words_room, size), colour, bold=True
        )
        if refusal:  # read from the seats (27 px), smaller only where a long refusal needs it
            left = room - (y - panel.y)
            sizes = [m.px(size) for size in (SEATS_FLOOR, *REFUSAL_SMALLER)]
            size = next((size for size in sizes if fits_in_lines(refusal, size, width, lines_in(left, size))), sizes[-1])
            paragraph(surface, refusal, (panel.x + m.margin, y + m.margin), size, width, lines_in(left, size), WARN)
        elif hint:
            paragraph(surface, hint_words, (panel.x + m.margin, y + m.margin), m.px(SEATS_FLOOR), width, len(hint_lines), DIM)

    def preview_size(self, words: str, width: int, height: int) -> int:
        """The largest of the preview's sizes at which ``words`` fit ``width`` x ``height`` px (a
        table of eight's forty captives take the smallest), else the smallest (drawn cut)."""
        sizes = [self.metrics.px(size) for size in PREVIEW_SIZES]
        return next((size for size in sizes if len(wrap(words, size, width, True)) <= lines_in(height, size)), sizes[-1])

    def label(self, surface: pygame.Surface, words: str, rect: pygame.Rect) -> None:
        """A stepper's label in its room: one line as large as fits, else two smaller lines."""
        m = self.metrics
        for size in map(m.px, LABEL_SIZES):  # as a button's label shrinks
            if font(size).size(words)[0] <= rect.width:
                text(surface, words, (rect.x, rect.centery - size // 3), size, TEXT, width=rect.width)
                return
        size = m.px(LABEL_SIZES[-1])
        lines = wrap(words, size, rect.width)
        for one in lines[2:]:
            missing(one, size)  # no room for a third line
        for n, one in enumerate(lines[:2]):
            text(surface, one, (rect.x, rect.centery - size + n * size), size, TEXT, width=rect.width)


def lines_in(height: int, size: int) -> int:
    """How many lines of ``size`` px fit in ``height`` px (at least one: a line with no room is
    drawn cut, and the text-fit test says so)."""
    return max(1, height // round(size * 1.05))


def book_names(state: GameState, pid: str, chosen: tuple[str, ...]) -> list[str]:
    """The Spellbooks ``pid`` may be set to hold by name: its faction's own; with the neutral
    Spellbooks option, each neutral one no other player holds (one card of each); and any other
    name chosen already (an independent's, one typed by command), so that it can be taken away."""
    names = list(SPELLBOOKS.get(state.player(pid).faction, ()))
    if state.options.neutral_spellbooks:
        others = {book for p in state.players if p.pid != pid for book in p.spellbooks}
        names += [book for book in nb.BOOKS if book not in others]
    return names + [book for book in chosen if book and book not in names]


def toggled(books: tuple[str, ...], name: str) -> tuple[str, ...]:
    return tuple(b for b in books if b != name) if name in books else (*books, name)
