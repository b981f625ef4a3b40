"""Arkham Horror's Corrections page: make the companion match the board in a few taps.

Reached from the Arkham table's Correct button (one tap; every correction is then chosen by a
second).  Numbers move by steppers (doom, terror, Clues), places and monsters are chosen from
paged lists of what the board holds, cards by name.  The correction is previewed in words, the
very sentences the log will show (or the refusal, and Record is greyed out), before Record
journals it (:mod:`companion.engine.arkham.corrections`) with its reason: one of a few offered,
or typed on the on-screen keyboard.  Undo, on the page or the table, takes it back.

The page's steps are its own navigation (a :class:`Draft`), never game state: the only change to
the game is the :class:`~companion.ui.scene.Submit` that Record gives.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

import pygame

from companion.engine import Command, Rejected
from companion.engine.arkham import corrections as c
from companion.engine.arkham import model as m
from companion.engine.arkham.data import ARKHAM, CARDS, LOCATIONS, OUTSKIRTS, SKY, TERROR_TOP, UNSTABLE, WORLDS, CardKind
from companion.engine.arkham.game import apply
from companion.engine.arkham.mythos import LOST
from companion.engine.cthulhu.commands import Undo
from companion.i18n import N_, _, sentence
from companion.narrate import describe
from companion.ui.keyboard import Key, keyed, keys
from companion.ui.scene import Go, Intent, Scene, Submit, View, nav_buttons
from companion.ui.widgets import (
    ACCENT,
    BUTTON,
    DIM,
    LABEL_SIZES,
    PANEL,
    TEXT,
    TIGHT_STEP,
    WARN,
    Button,
    Metrics,
    font,
    grid,
    paragraph,
    wrap,
    wrapped_size,
)

MONSTER_PLACES = (*sorted(ARKHAM), SKY, OUTSKIRTS)
INVESTIGATOR_PLACES = (*sorted(ARKHAM), *sorted(w.name for w in WORLDS), LOST)
# The reasons a tap offers (the log repeats the one chosen); "" gives none.
REASONS = (
    "",
    N_("a card's effect"),
    N_("an item's effect"),
    N_("at the table"),
    N_("missed earlier"),
    N_("a slip"),
)  # journaled in English
TITLE_LINES, PREVIEW_LINES = 2, 3
TITLE_SIZES = (28, 27, 22, 20, 18, 16)  # px at unit 1: the title's font, largest first (27: read from the seats)
PREVIEW_SIZE = 27  # px at unit 1: what Record will journal, or the last correction (13 px of ink = 2.5 mm)
PREVIEW_SMALLER = (22, 18)  # px at unit 1: a refusal too long for three lines at that
STANDINGS = {"playing": N_("Playing"), "devoured": N_("Devoured"), "retired": N_("Retired")}  # model.Standing's
MAX_REASON = 60  # characters: the log line must stay readable


class Step(Enum):
    HOME = "home"
    DOOM = "doom"
    TERROR = "terror"
    GATE = "gate"  # open, close, seal or unseal
    GATE_WHERE = "gate_where"
    GATE_WORLD = "gate_world"
    MONSTER = "monster"  # what became of it
    MONSTER_PICK = "monster_pick"  # which one on the board
    MONSTER_KIND = "monster_kind"  # which kind from the cup
    MONSTER_TO = "monster_to"  # where it goes
    TROPHY = "trophy"  # which trophy was spent
    CLUE_WHERE = "clue_where"
    CLUES = "clues"
    WHO = "who"
    INVESTIGATOR = "investigator"
    INVESTIGATOR_PLACE = "investigator_place"
    CARD = "card"
    MARKER = "marker"
    MARKER_PLACE = "marker_place"
    CONFIRM = "confirm"


@dataclass(frozen=True)
class Draft:
    """The step the page is on and what it has gathered; ``command`` is previewed when set."""

    step: Step = Step.HOME
    page: int = 0
    action: str = ""  # the gate's, the monster's or the marker's action; the card's slot
    subject: str = ""  # a location, a monster kind or an investigator
    source: str = ""  # where the monster is now
    number: int = 0  # the stepper's value
    command: Command | None = None
    reason: str = ""
    typing: bool = False  # the reason is being typed on the on-screen keyboard
    shifted: bool = False


def with_reason(command: Command, reason: str) -> Command:
    return dataclasses.replace(command, reason=reason)  # type: ignore[type-var]


def preview(state: m.ArkhamState, command: Command) -> tuple[str, bool]:
    """What recording ``command`` would say: the log's own sentences, or the refusal; and whether
    it would be accepted."""
    result = apply(state, command)
    if isinstance(result, Rejected):
        return _("Refused: {reason}").format(reason=sentence(result.says or result.message)), False
    return " ".join(line for line in (describe(e) for e in result.events) if line), True


class ArkhamCorrectionsScene(Scene):
    name = "arkham_fix"

    def __init__(self, metrics: Metrics) -> None:
        super().__init__(metrics)
        self.draft = Draft()
        self.state: m.ArkhamState | None = None

    def update(self, view: View) -> None:
        assert isinstance(view.state, m.ArkhamState)
        self.state = view.state
        self.buttons = self.layout(view) + nav_buttons(self.metrics, "arkham", view.nav)

    def tap(self, pos: tuple[int, int]) -> Intent | None:
        button = next((b for b in reversed(self.buttons) if b.hit(pos)), None)
        if button is None:
            return None
        if isinstance(button.intent, Draft):
            self.draft = button.intent
            return None
        if isinstance(button.intent, Key):
            self.key(button.intent.text)
            return None
        self.draft = Draft()  # recorded, or left for another page: start from the top next time
        intent: Intent = button.intent
        return intent

    def key(self, typed: str) -> None:
        """A key of the on-screen keyboard typing the reason; Done goes back to the correction."""
        self.draft = keyed(self.draft, typed, "reason", MAX_REASON)

    # -- geometry -------------------------------------------------------------------------------

    def bar(self) -> pygame.Rect:
        m_, body = self.metrics, self.body()
        return pygame.Rect(m_.margin, body.bottom - m_.touch, m_.width - 2 * m_.margin, m_.touch)

    def preview_rect(self) -> pygame.Rect:
        m_, bar = self.metrics, self.bar()
        height = PREVIEW_LINES * round(m_.px(PREVIEW_SIZE) * TIGHT_STEP) + m_.px(6)
        return pygame.Rect(m_.margin, bar.y - m_.margin - height, bar.width, height)

    def content(self) -> pygame.Rect:
        m_ = self.metrics
        top = m_.margin + TITLE_LINES * round(m_.px(TITLE_SIZES[0]) * TIGHT_STEP) + m_.px(6) + m_.margin
        return pygame.Rect(m_.margin, top, m_.width - 2 * m_.margin, self.preview_rect().y - m_.margin - top)

    def columns(self, labels: Sequence[str], most: int) -> int:
        """The most columns (up to ``most``) in which every label fits its button uncut."""
        m_, area = self.metrics, self.content()
        face = font(m_.px(LABEL_SIZES[0]))  # every label at the seats' size where columns allow
        for columns in range(most, 1, -1):
            width = (area.width - m_.margin * (columns - 1)) // columns - m_.px(10)
            if all(face.size(label)[0] <= width for label in labels):
                return columns
        return 1

    def rows(self) -> int:
        m_ = self.metrics
        return max(1, (self.content().height + m_.margin) // (m_.touch + m_.margin))

    # -- layout ---------------------------------------------------------------------------------

    def layout(self, view: View) -> list[Button]:
        state = view.state
        assert isinstance(state, m.ArkhamState)
        step = self.draft.step
        if self.draft.typing:
            m_, top = self.metrics, self.content().top
            return keys(pygame.Rect(m_.margin, top, m_.width - 2 * m_.margin, self.bar().bottom - top), m_, self.draft.shifted)
        builders = {
            Step.HOME: self.home,
            Step.DOOM: self.stepper,
            Step.TERROR: self.stepper,
            Step.CLUES: self.stepper,
            Step.INVESTIGATOR: self.investigator,
        }
        if step in builders:
            return builders[step](state)
        if step is Step.CONFIRM:
            return self.record_bar()
        return self.pages(self.options(state))

    def home(self, state: m.ArkhamState) -> list[Button]:
        draft = Draft
        options: list[tuple[str, object, bool]] = [
            (_("Doom {count}").format(count=state.doom), draft(Step.DOOM, number=state.doom), True),
            (_("Terror {level}").format(level=state.terror), draft(Step.TERROR, number=state.terror), True),
            (_("Gates"), draft(Step.GATE), True),
            (_("Monsters"), draft(Step.MONSTER), True),
            (_("Clues"), draft(Step.CLUE_WHERE), True),
            (_("Investigators"), draft(Step.WHO), True),
            (_("Environment"), draft(Step.CARD, action=c.CardSlot.ENVIRONMENT.value), True),
            (_("Rumor"), draft(Step.CARD, action=c.CardSlot.RUMOR.value), True),
            (_("Markers"), draft(Step.MARKER), True),
            (
                _("Put it to sleep") if state.awakened else _("Wake it"),
                draft(Step.CONFIRM, command=c.CorrectAwake(not state.awakened)),
                True,
            ),
        ]
        columns = self.columns([label for label, _, _ in options], 2 if self.metrics.portrait else 5)
        rects = grid(self.content(), len(options), columns, self.metrics)
        buttons = [Button(rect, label, intent, enabled=ok) for rect, (label, intent, ok) in zip(rects, options, strict=True)]
        back, undo, _spare = grid(self.bar(), 3, 3, self.metrics)
        return [*buttons, Button(back, _("Back to the table"), Go("arkham")), Button(undo, _("Undo"), Submit(Undo()))]

    def stepper(self, state: m.ArkhamState) -> list[Button]:
        """Less and More either side of the value; Cancel, the reason and Record on the bar."""
        draft = self.draft
        top = {Step.DOOM: state.doom_track, Step.TERROR: TERROR_TOP, Step.CLUES: c.MAX_CLUES}[draft.step]
        less, more = grid(self.content(), 2, 2, self.metrics)

        def at(value: int) -> Draft:
            return dataclasses.replace(draft, number=value, command=self.stepped(value))

        return [
            Button(less, _("Less"), at(draft.number - 1), enabled=draft.number > 0),
            Button(more, _("More"), at(draft.number + 1), enabled=draft.number < top),
            *self.record_bar(),
        ]

    def stepped(self, value: int) -> Command:
        draft = self.draft
        if draft.step is Step.DOOM:
            return c.CorrectDoom(value)
        if draft.step is Step.TERROR:
            return c.CorrectTerror(value)
        return c.CorrectClues(draft.subject, value)

    def investigator(self, state: m.ArkhamState) -> list[Button]:
        """Where (a list of places), delayed or not, and playing, devoured or retired."""
        draft = self.draft
        command = draft.command
        assert isinstance(command, c.CorrectInvestigator)
        options: list[tuple[str, object, tuple[int, int, int]]] = [
            (
                _("Where: {place}").format(place=command.place or "-"),
                dataclasses.replace(draft, step=Step.INVESTIGATOR_PLACE, page=0),
                BUTTON,
            ),
            (
                _("Delayed: {state}").format(state=_("yes") if command.delayed else _("no")),
                self.changed(delayed=not command.delayed),
                BUTTON,
            ),
        ]
        for standing in m.Standing:
            colour = ACCENT if command.standing is standing else BUTTON
            options.append((_(STANDINGS[standing.value]), self.changed(standing=standing), colour))
        columns = self.columns([label for label, _, _ in options], 2 if self.metrics.portrait else 3)
        rects = grid(self.content(), len(options), columns, self.metrics)
        buttons = [Button(rect, label, intent, colour) for rect, (label, intent, colour) in zip(rects, options, strict=True)]
        return [*buttons, *self.record_bar()]

    def changed(self, **fields: object) -> Draft:
        assert self.draft.command is not None
        return dataclasses.replace(self.draft, command=dataclasses.replace(self.draft.command, **fields))  # type: ignore[type-var]

    def record_bar(self) -> list[Button]:
        """Cancel, the reason (a tap gives the next one; Type for one of the table's own) and
        Record, greyed out when refused."""
        draft, state = self.draft, self.state
        cancel, reason, typing, record = grid(self.bar(), 4, 4, self.metrics)
        following = REASONS[(REASONS.index(draft.reason) + 1) % len(REASONS)] if draft.reason in REASONS else ""
        command = with_reason(draft.command, draft.reason) if draft.command is not None else None
        accepted = command is not None and state is not None and preview(state, command)[1]
        return [
            Button(cancel, _("Cancel"), Draft()),
            Button(reason, _(draft.reason) if draft.reason else _("No reason"), dataclasses.replace(draft, reason=following)),
            Button(typing, _("Type"), dataclasses.replace(draft, typing=True)),
            Button(record, _("Record"), Submit(command) if command is not None else Draft(), ACCENT, enabled=accepted),
        ]

    def options(self, state: m.ArkhamState) -> list[tuple[str, Draft]]:
        """The choices of a list step, each the draft it leads to."""
        d, step = self.draft, self.draft.step
        then = dataclasses.replace
        if step is Step.GATE:
            actions = [(_("Open a gate"), "open", True), (_("Close a gate"), "close", bool(state.gates))]
            actions += [(_("Seal a gate"), "seal", bool(state.gates)), (_("Remove a seal"), "unseal", bool(state.seals))]
            return [(label, then(d, step=Step.GATE_WHERE, action=a, page=0)) for label, a, ok in actions if ok]
        if step is Step.GATE_WHERE:
            return [(place, self.gate_chosen(place)) for place in self.gate_places(state)]
        if step is Step.GATE_WORLD:
            return [
                (world, self.confirm(c.CorrectGate(d.subject, c.GateAction.OPEN, world)))
                for world in sorted(set(state.gate_markers))
            ]
        if step is Step.MONSTER:
            return self.monster_actions(state)
        if step is Step.MONSTER_PICK:
            return [(f"{kind} ({place})", self.monster_chosen(kind, place)) for kind, place in self.on_board(state)]
        if step is Step.MONSTER_KIND:
            return [(kind, then(d, step=Step.MONSTER_TO, subject=kind, page=0)) for kind in sorted(set(state.cup))]
        if step is Step.MONSTER_TO:
            action = c.MonsterAction(d.action)
            return [
                (place, self.confirm(c.CorrectMonster(d.subject, action, d.source, place)))
                for place in MONSTER_PLACES
                if place != d.source
            ]
        if step is Step.TROPHY:
            return [(kind, self.confirm(c.CorrectMonster(kind, c.MonsterAction.SPENT))) for kind in sorted(set(state.trophies))]
        if step is Step.CLUE_WHERE:
            return [
                (f"{loc} ({state.clues_at(loc)})", Draft(Step.CLUES, subject=loc, number=state.clues_at(loc)))
                for loc in LOCATIONS
            ]
        if step is Step.WHO:
            return [(f"{i.name}: {i.place or _(i.standing.value)}", self.who(i)) for i in state.investigators]
        if step is Step.INVESTIGATOR_PLACE:
            return [(place, then(self.changed(place=place), step=Step.INVESTIGATOR)) for place in INVESTIGATOR_PLACES]
        if step is Step.CARD:
            return self.cards(state)
        if step is Step.MARKER:
            return self.marker_actions(state)
        return [(place, self.confirm(self.marker_command(place))) for place in self.marker_places(state)]

    def confirm(self, command: Command) -> Draft:
        return dataclasses.replace(self.draft, step=Step.CONFIRM, command=command, page=0)

    def gate_places(self, state: m.ArkhamState) -> list[str]:
        action = self.draft.action
        if action == "open":
            return [loc for loc in UNSTABLE if state.gate_at(loc) is None and loc not in state.seals]
        if action == "unseal":
            return list(state.seals)
        return [g.location for g in state.gates]

    def gate_chosen(self, place: str) -> Draft:
        action = c.GateAction(self.draft.action)
        if action is c.GateAction.OPEN:
            return dataclasses.replace(self.draft, step=Step.GATE_WORLD, subject=place, page=0)
        return self.confirm(c.CorrectGate(place, action))

    def monster_actions(self, state: m.ArkhamState) -> list[tuple[str, Draft]]:
        board = bool(state.monsters)
        actions = [
            (_("Defeated (a trophy)"), c.MonsterAction.DEFEATED, board),
            (_("Back to the cup"), c.MonsterAction.CUP, board),
            (_("Back to the box"), c.MonsterAction.BOX, board),
            (_("Moved"), c.MonsterAction.MOVE, board),
            (_("Placed from the cup"), c.MonsterAction.PLACE, bool(state.cup)),
            (_("A trophy spent"), c.MonsterAction.SPENT, bool(state.trophies)),
        ]
        steps = {c.MonsterAction.PLACE: Step.MONSTER_KIND, c.MonsterAction.SPENT: Step.TROPHY}
        return [
            (label, dataclasses.replace(self.draft, step=steps.get(a, Step.MONSTER_PICK), action=a.value, page=0))
            for label, a, ok in actions
            if ok
        ]

    @staticmethod
    def on_board(state: m.ArkhamState) -> list[tuple[str, str]]:
        """Each kind in each place once, by place in board order then the Sky and the Outskirts."""
        order = {place: n for n, place in enumerate(MONSTER_PLACES)}
        return sorted({(x.kind, x.place) for x in state.monsters}, key=lambda pair: (order[pair[1]], pair[0]))

    def monster_chosen(self, kind: str, place: str) -> Draft:
        action = c.MonsterAction(self.draft.action)
        if action is c.MonsterAction.MOVE:
            return dataclasses.replace(self.draft, step=Step.MONSTER_TO, subject=kind, source=place, page=0)
        return self.confirm(c.CorrectMonster(kind, action, place))

    def who(self, person: m.Investigator) -> Draft:
        command = c.CorrectInvestigator(person.name, person.place, person.delayed, person.standing)
        return Draft(Step.INVESTIGATOR, subject=person.name, command=command)

    def cards(self, state: m.ArkhamState) -> list[tuple[str, Draft]]:
        slot = c.CardSlot(self.draft.action)
        kind = CardKind(slot.value)
        names = sorted(card.name for card in CARDS if card.kind is kind and card.name in state.deck)
        return [(_("None"), self.confirm(c.CorrectCard(slot, "")))] + [(n, self.confirm(c.CorrectCard(slot, n))) for n in names]

    def marker_actions(self, state: m.ArkhamState) -> list[tuple[str, Draft]]:
        actions = [
            (_("Close a location"), "close", True),
            (_("Reopen a location"), "reopen", bool(state.closed)),
            (_("Place an activity marker"), "place", True),
            (_("Remove an activity marker"), "remove", bool(state.activity)),
        ]
        return [
            (label, dataclasses.replace(self.draft, step=Step.MARKER_PLACE, action=a, page=0)) for label, a, ok in actions if ok
        ]

    def marker_places(self, state: m.ArkhamState) -> list[str]:
        return {
            "close": [loc for loc in LOCATIONS if loc not in state.closed],
            "reopen": list(state.closed),
            "place": sorted(ARKHAM),
            "remove": sorted(set(state.activity)),
        }[self.draft.action]

    def marker_command(self, place: str) -> Command:
        action = self.draft.action
        kind = m.MarkerKind.CLOSED if action in ("close", "reopen") else m.MarkerKind.ACTIVITY
        return c.CorrectMarker(kind, place, placed=action in ("close", "place"))

    def pages(self, options: list[tuple[str, Draft]]) -> list[Button]:
        """A paged list of ``options``; Previous, the page, Next and Cancel on the bar."""
        m_ = self.metrics
        columns = self.columns([label for label, _ in options], 2 if m_.portrait else 3)
        per_page = self.rows() * columns
        count = max(1, -(-len(options) // per_page))
        page = min(self.draft.page, count - 1)
        shown = options[page * per_page : (page + 1) * per_page]
        rects = grid(self.content(), len(shown), columns, m_)
        buttons = [Button(rect, label, intent) for rect, (label, intent) in zip(rects, shown, strict=True)]
        prev, info, nxt, cancel = grid(self.bar(), 4, 4, m_)

        def turn(to: int) -> Draft:
            return dataclasses.replace(self.draft, page=to % count)

        paging = count > 1
        return [
            *buttons,
            Button(prev, _("Previous"), turn(page - 1), enabled=paging),
            Button(info, _("Page {page} of {pages}").format(page=page + 1, pages=count), turn(page), PANEL),
            Button(nxt, _("Next"), turn(page + 1), enabled=paging),
            Button(cancel, _("Cancel"), Draft()),
        ]

    # -- words ----------------------------------------------------------------------------------

    def title(self, state: m.ArkhamState) -> str:
        """What the step asks."""
        d = self.draft
        if d.typing:
            return _("Reason: {reason}|").format(reason=d.reason)
        if d.step is Step.DOOM:
            words = _("Doom tokens on {ancient_one}'s track: {number} of {top} (now {now}).")
            return words.format(ancient_one=state.ancient_one, number=d.number, top=state.doom_track, now=state.doom)
        if d.step is Step.TERROR:
            return _("The terror level: {number} of {top} (now {now}).").format(number=d.number, top=TERROR_TOP, now=state.terror)
        if d.step is Step.CLUES:
            return _("Clues at {place}: {number} (now {now}).").format(
                place=d.subject, number=d.number, now=state.clues_at(d.subject)
            )
        if d.step is Step.INVESTIGATOR:
            return _("{name}: where, delayed or not, and still playing?").format(name=d.subject)
        titles = {
            Step.HOME: _("Corrections: make the companion match the board. Each is journaled; Undo takes it back."),
            Step.GATE: _("Gates: what happened?"),
            Step.GATE_WHERE: _("Where?"),
            Step.GATE_WORLD: _("The gate at {place} leads to?").format(place=d.subject),
            Step.MONSTER: _("Monsters: what happened?"),
            Step.MONSTER_PICK: _("Which monster?"),
            Step.MONSTER_KIND: _("Which monster came out of the cup?"),
            Step.MONSTER_TO: _("Where is the {monster} now?").format(monster=d.subject),
            Step.TROPHY: _("Which trophy was spent?"),
            Step.CLUE_WHERE: _("Clues: which location?"),
            Step.WHO: _("Which investigator?"),
            Step.INVESTIGATOR_PLACE: _("Where is {name}?").format(name=d.subject),
            Step.CARD: (_("Which Environment is in play?") if d.action == "environment" else _("Which Rumor is in play?")),
            Step.MARKER: _("Closed and activity markers: what happened?"),
            Step.MARKER_PLACE: _("Where?"),
            Step.CONFIRM: _("Check the correction, then record it."),
        }
        return titles[d.step]

    def words(self, state: m.ArkhamState, log: list[str]) -> tuple[str, tuple[int, int, int]]:
        """The preview when a correction is gathered; on the first step, the last correction."""
        command = self.draft.command
        if command is None:
            prefix = _("Correction: {what}: {old} -> {new}.").split("{")[0]  # how the log's corrections begin
            last = next((line for line in reversed(log) if line.startswith(prefix)), "")
            return (_("Last: {line}").format(line=last) if last else _("No correction yet in this session's log.")), DIM
        said, accepted = preview(state, with_reason(command, self.draft.reason))
        return (_("Will record: {said}").format(said=said) if accepted else said), (TEXT if accepted else WARN)

    def title_size(self, title: str, width: int) -> int:
        """The largest of the title's font sizes at which it takes at most its two lines (a
        longer language, or a narrow portrait screen, gets a smaller one rather than a cut)."""
        sizes = [self.metrics.px(s) for s in TITLE_SIZES]
        return next((size for size in sizes if len(wrap(title, size, width, True)) <= TITLE_LINES), sizes[-1])

    def draw(self, surface: pygame.Surface, view: View) -> None:
        state = view.state
        assert isinstance(state, m.ArkhamState)
        m_ = self.metrics
        width = m_.width - 2 * m_.margin
        title = self.title(state)
        size = self.title_size(title, width)
        paragraph(surface, title, (m_.margin, m_.margin), size, width, TITLE_LINES, TEXT, bold=True, step=TIGHT_STEP)
        if not self.draft.typing:  # the keyboard covers the preview
            said, colour = self.words(state, view.log)
            sizes = [m_.px(s) for s in (PREVIEW_SIZE, *PREVIEW_SMALLER)]  # smaller only for a long refusal
            size = wrapped_size(said, sizes, width, PREVIEW_LINES)
            paragraph(surface, said, self.preview_rect().topleft, size, width, PREVIEW_LINES, colour, step=TIGHT_STEP)
        super().draw(surface, view)
