"""Arkham Horror's table on the touchscreen: the Mythos Phase and the board between phases.

The main view is read from the seats (:func:`companion.ui.arkham_board.table`): the Ancient One's
doom, the terror track and the monster limit, the Mythos card just drawn, the open gates in
short form.  Details opens the full lists (:mod:`companion.ui.arkham_detail`).  Along the bottom:

- Draw Mythos (digital, seeded) or Pick the card drawn at the table by name (a few taps); a
  table that draws for itself (``table_draws``) enters the card, then is asked for the gate
  marker and each monster it drew;
- Move: each investigator's place (a paged list of places) and Sneak;
- Gates: close or seal one; Rumor: its progress track, passed or failed; Markers: a card's markers;
- Correct: the Corrections page (:mod:`companion.ui.arkham_corrections`), any fact of the board;
- Undo and Redo.

When the card about to resolve leaves a choice to the players (an uneven or overflowing monster
surge, a Clue where several investigators stand), the scene asks the first player first, then
submits one command with the choice in it (:mod:`companion.engine.arkham.decisions`).

The scene's menus are its own navigation (which chooser is open), never game state: every change
to the game is a :class:`~companion.ui.scene.Submit` for the table loop.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum

import pygame

from companion.engine.arkham import model as m
from companion.engine.arkham.data import ARKHAM
from companion.engine.arkham.decisions import ClueChoice, Decision, GateMarkerDrawn, MonsterDrawn, SurgeChoice, next_decision
from companion.engine.arkham.game import MAX_NAME
from companion.engine.arkham.game import PLACES as INVESTIGATOR_PLACES
from companion.engine.cthulhu.commands import Redo, Undo
from companion.i18n import N_, _, ngettext
from companion.ui.arkham_board import LABEL_SIZES, TABLE_SIZES, Ink, Line, fit, fits, in_play, investigators, table
from companion.ui.arkham_detail import details
from companion.ui.arkham_picker import recently_drawn, search
from companion.ui.keyboard import CLEAR, DONE, SHIFT, Key, keys, search_keys, search_keys_height, typed_into
from companion.ui.scene import Go, Intent, Scene, Submit, View
from companion.ui.widgets import ACCENT, BUTTON, PANEL, TEXT, Button, Metrics, font, grid, read_up_close, wrap

# Where the table may put an investigator (the engine's list): Arkham first, then beyond it.
PLACES = (*sorted(ARKHAM), *sorted(INVESTIGATOR_PLACES - set(ARKHAM)))


class MenuKind(Enum):
    MAIN = "main"
    CARD = "card"  # which Mythos card the table drew
    WHO = "who"  # which investigator to update
    WHERE = "where"  # where they are now (and their Sneak)
    GATES = "gates"  # which gate to close
    GATE = "gate"  # close or seal it
    RUMOR = "rumor"  # passed or failed
    SURGE = "surge"  # the players place a monster surge
    CLUE = "clue"  # who takes the Clue
    MARKER = "marker"  # which gate marker the table drew
    CARD_MARKERS = "card_markers"  # the markers of the cards in play: remove one, or place another
    MARKER_KIND = "marker_kind"  # closed or activity
    MARKER_PLACE = "marker_place"  # where
    RENAME = "rename"  # an investigator's name, on the on-screen keyboard
    MONSTER = "monster"  # which monster came out of the cup
    DETAIL = "detail"  # the detail view: every gate, monster, card in play, investigator, the log


@dataclass(frozen=True)
class Menu:
    """Which of the scene's choosers is open, and what it has gathered so far."""

    kind: MenuKind = MenuKind.MAIN
    page: int = 0
    subject: str = ""  # the investigator or gate in hand
    pending: m.Mythos | None = None  # the Mythos command waiting for the players' choice
    decision: Decision | None = None
    order: tuple[str, ...] = ()  # the surge placement chosen so far
    marker: str = ""  # the kind of card marker being placed
    typed: str = ""  # the name typed so far
    shifted: bool = False


class ArkhamScene(Scene):
    name = "arkham"

    def __init__(self, metrics: Metrics) -> None:
        super().__init__(metrics)
        self.menu = Menu()
        self.state: m.ArkhamState | None = None
        self.ink = Ink()  # every line of text drawn whole, in its box (widgets.text records it)
        self.heading = ""  # the open chooser's question
        self.recent: list[str] = []  # the Mythos cards drawn lately, newest first (from the log)

    # -- taps -----------------------------------------------------------------------------------

    def update(self, view: View) -> None:
        assert isinstance(view.state, m.ArkhamState)
        self.state = view.state
        super().update(view)

    def tap(self, pos: tuple[int, int]) -> Intent | None:
        """A menu button changes the menu; a game button gives its command (after any choice)."""
        button = next((b for b in reversed(self.buttons) if b.hit(pos)), None)
        if button is None:
            return None
        intent = button.intent
        if isinstance(intent, Menu):
            self.menu = intent
            return None
        if isinstance(intent, Key):
            return self.key(intent.text)
        if isinstance(intent, Submit) and isinstance(intent.command, (m.SetSneak, m.RumorTrack)):
            return intent  # stay in the chooser: Sneak and a Rumor's track often move by more than one
        self.menu = Menu()
        if isinstance(intent, Submit) and isinstance(intent.command, m.Mythos):
            return self.decide(intent.command)
        result: Intent = intent
        return result

    def key(self, typed: str) -> Intent | None:
        """A key of the on-screen keyboard, typing an investigator's name; Done renames."""
        menu = self.menu
        if menu.kind is MenuKind.CARD:  # the card picker's search
            typed_now = "" if typed == CLEAR else typed_into(menu.typed, typed, MAX_NAME)
            self.menu = dataclasses.replace(menu, typed=typed_now, page=0)
            return None
        if typed == DONE:
            self.menu = Menu()
            return Submit(m.RenameInvestigator(menu.subject, menu.typed)) if menu.typed.strip() != menu.subject else None
        if typed == SHIFT:
            self.menu = dataclasses.replace(menu, shifted=not menu.shifted)
        else:
            self.menu = dataclasses.replace(menu, typed=typed_into(menu.typed, typed, MAX_NAME), shifted=False)
        return None

    def decide(self, command: m.Mythos) -> Intent | None:
        """``command`` as a Submit when nothing is left to choose; else open the chooser."""
        decision = next_decision(self.state, command) if self.state is not None else None
        if decision is None:
            return Submit(command)
        self.menu = Menu(ASKS[type(decision)], pending=command, decision=decision)
        return None

    # -- layout ---------------------------------------------------------------------------------

    def layout(self, view: View) -> list[Button]:
        state = view.state
        assert isinstance(state, m.ArkhamState)
        if self.menu.kind in (MenuKind.WHERE, MenuKind.RENAME) and self.menu.subject not in {i.name for i in state.investigators}:
            self.menu = Menu()  # the game moved on under the chooser (an undo by the panel's button): start over
        bar = self.action_bar()
        kind = self.menu.kind
        self.recent = recently_drawn(view.log, state.deck)
        self.heading = self.title(state)
        if kind is MenuKind.CARD:
            return self.card_picker(state)
        if kind is MenuKind.DETAIL:
            return [Button(grid(bar, 4, 4, self.metrics)[3], _("Back"), Menu(), ACCENT)]
        if kind is MenuKind.WHO:
            people = [
                (f"{i.name}: {i.place or _('not placed')}", Menu(MenuKind.WHERE, subject=i.name)) for i in state.investigators
            ]
            return self.choices(bar, people)
        if kind is MenuKind.WHERE:
            return self.where(bar, state)
        if kind is MenuKind.RENAME:
            m_ = self.metrics
            top = m_.px(80)
            return keys(pygame.Rect(m_.margin, top, m_.width - 2 * m_.margin, bar.bottom - top), m_, self.menu.shifted)
        if kind is MenuKind.GATES:
            return self.choices(
                bar, [(f"{g.location} ({g.world})", Menu(MenuKind.GATE, subject=g.location)) for g in state.gates]
            )
        if kind is MenuKind.GATE:
            where = self.menu.subject
            options = [(_("Close"), Submit(m.CloseGate(where))), (_("Close and seal"), Submit(m.CloseGate(where, seal=True)))]
            return self.choices(bar, options)
        if kind is MenuKind.RUMOR:
            tokens = state.rumor_track
            return self.choices(
                bar,
                [
                    (_("Track -"), Submit(m.RumorTrack(max(0, tokens - 1)))),
                    (_("Track +"), Submit(m.RumorTrack(tokens + 1))),
                    (_("Passed"), Submit(m.EndRumor(True))),
                    (_("Failed"), Submit(m.EndRumor(False))),
                ],
            )
        if kind in (MenuKind.CARD_MARKERS, MenuKind.MARKER_KIND, MenuKind.MARKER_PLACE):
            return self.card_markers(bar, state)
        if kind is MenuKind.SURGE:
            return self.surge(bar)
        pending, decision = self.menu.pending, self.menu.decision
        if kind is MenuKind.CLUE:
            assert isinstance(decision, ClueChoice) and pending is not None
            return self.choices(bar, [(n, Submit(dataclasses.replace(pending, clue_to=n))) for n in decision.names])
        if kind is MenuKind.MARKER:
            assert isinstance(decision, GateMarkerDrawn) and pending is not None
            return self.pages(bar, list(decision.worlds), lambda world: Submit(dataclasses.replace(pending, gate=world)))
        if kind is MenuKind.MONSTER:
            assert isinstance(decision, MonsterDrawn) and pending is not None
            drawn = pending.monsters
            return self.pages(
                bar, list(decision.kinds), lambda kind: Submit(dataclasses.replace(pending, monsters=(*drawn, kind)))
            )
        return self.main(bar, state)

    def action_bar(self) -> pygame.Rect:
        m_, body = self.metrics, self.body()
        return pygame.Rect(m_.margin, body.bottom - m_.touch, m_.width - 2 * m_.margin, m_.touch)

    def content(self) -> pygame.Rect:
        """Where a chooser's buttons go: below its whole question, above the action bar."""
        m_, bar = self.metrics, self.action_bar()
        top = self.prompt_bottom() + m_.margin
        return pygame.Rect(m_.margin, top, m_.width - 2 * m_.margin, bar.y - top - m_.margin)

    def main(self, bar: pygame.Rect, state: m.ArkhamState) -> list[Button]:
        over = bool(state.awakened)
        # A table that draws its own cards enters them; otherwise the companion draws, or the
        # players pick the card they drew anyway.
        draws: list[tuple[str, object, bool]] = [(_("Enter the card"), Menu(MenuKind.CARD), not over)]
        if not state.table_draws:
            draws = [(_("Draw Mythos"), Submit(m.Mythos()), not over), (_("Pick the card"), Menu(MenuKind.CARD), not over)]
        labels: list[tuple[str, object, bool]] = [
            *draws,
            (_("Move"), Menu(MenuKind.WHO), not over),
            (_("Gates"), Menu(MenuKind.GATES), bool(state.gates) and not over),
            (_("Rumor"), Menu(MenuKind.RUMOR), bool(state.rumor) and not over),
            (_("Markers"), Menu(MenuKind.CARD_MARKERS), bool(state.environment or state.rumor) and not over),
            (_("Correct"), Go("arkham_fix"), True),  # the Corrections page (companion.ui.arkham_corrections)
            (_("Details"), Menu(MenuKind.DETAIL), True),  # every gate, monster, investigator, the log (arkham_detail)
            (_("Undo"), Submit(Undo()), True),
            (_("Redo"), Submit(Redo()), True),
        ]
        columns = self.row_width([label for label, _, _ in labels])
        rects = grid(self.rows_up(bar, len(labels), columns), len(labels), columns, self.metrics)
        first = ACCENT if not state.unplaced() else BUTTON
        return [
            Button(rect, label, intent, first if n == 0 else BUTTON, enabled=enabled)
            for n, (rect, (label, intent, enabled)) in enumerate(zip(rects, labels, strict=True))
        ]

    def row_width(self, labels: Sequence[str]) -> int:
        """The most buttons a row can hold with every label whole on at most two lines at the
        table's least size (the fewer the rows, the more of the screen the board gets)."""
        m_ = self.metrics
        for rows in range(1, len(labels) + 1):
            columns = -(-len(labels) // rows)
            width = (m_.width - 2 * m_.margin - (columns - 1) * m_.margin) // columns
            inner = pygame.Rect(0, 0, width - m_.px(10), m_.touch - m_.px(4))
            sizes = [m_.px(TABLE_SIZES[-1])]
            fitted = [fit(label, inner, sizes, max_lines=2) for label in labels]
            if width >= m_.touch and all(len(rows) <= 2 and fits(rows, size, inner) for size, rows in fitted):
                return columns
        return 1

    def card_picker(self, state: m.ArkhamState) -> list[Button]:
        """The cards left in the deck, the last drawn first, narrowed by the letters typed on
        the keyboard below; Next pages through more matches than fit, Cancel closes."""
        m_, body = self.metrics, self.body()
        found = search(state.deck, self.menu.typed, self.recent)
        keyboard = search_keys(pygame.Rect(m_.margin, body.y, m_.width - 2 * m_.margin, body.bottom - body.y), m_)
        area = self.card_area()
        slots = self.card_slots()
        pages = max(1, -(-len(found) // slots))
        page = self.menu.page % pages
        shown = found[page * slots : (page + 1) * slots]
        columns = 2 if m_.portrait else 3
        cards = [
            Button(rect, name, Submit(m.Mythos(card=name)), RECENT if name in self.recent else BUTTON)
            for rect, name in zip(grid(area, len(shown), columns, m_), shown, strict=True)
        ]
        side = m_.px(110)
        row = area.y - m_.margin - m_.touch if m_.portrait else m_.margin
        cancel = pygame.Rect(m_.width - m_.margin - side, row, side, m_.touch)
        more = pygame.Rect(cancel.x - m_.margin - side, row, side, m_.touch)
        clear = pygame.Rect(more.x - m_.margin - side, row, side, m_.touch)
        turn = dataclasses.replace(self.menu, page=(page + 1) % pages)
        return [
            *cards,
            *keyboard,
            Button(clear, _("Clear"), Key(CLEAR), PANEL, enabled=bool(self.menu.typed)),
            Button(more, _("Next"), turn, enabled=pages > 1),
            Button(cancel, _("Cancel"), Menu()),
        ]

    def card_area(self) -> pygame.Rect:
        """The picker's cards: below a question of two lines, above the keyboard."""
        m_, body = self.metrics, self.body()
        question = font(m_.px(PROMPT_SIZES[0]), True).get_linesize() * 2
        top = 2 * m_.margin + (question + m_.margin + m_.touch if m_.portrait else max(m_.touch, question))
        bottom = body.bottom - search_keys_height(m_) - m_.margin
        return pygame.Rect(m_.margin, top, m_.width - 2 * m_.margin, bottom - top)

    def card_slots(self) -> int:
        """How many cards the picker shows at once: the rows between the question and the keyboard."""
        m_ = self.metrics
        rows = max(1, (self.card_area().height + m_.margin) // (m_.touch + m_.margin))
        return rows * (2 if m_.portrait else 3)

    def rows_up(self, bar: pygame.Rect, count: int, columns: int) -> pygame.Rect:
        """The area for ``count`` buttons in rows of ``columns`` whose last row sits on the bar."""
        rows = -(-count // columns)
        lift = (rows - 1) * (self.metrics.touch + self.metrics.margin)
        return pygame.Rect(bar.x, bar.y - lift, bar.width, bar.height + lift)

    def label_rows(self, labels: Sequence[str], columns: int) -> int:
        """The height of a chooser's rows of ``columns`` that shows every label at the seats'
        size (27 px at 800x480), on up to three lines; a fingertip's at least."""
        m_, area = self.metrics, self.content()
        width = (area.width - (columns - 1) * m_.margin) // columns - m_.px(10)
        size = m_.px(LABEL_SIZES[0])  # (the board's button labels' largest: Ink.button draws them)
        lines = max((len(wrap(label, size, width)) for label in labels), default=1)
        return max(m_.touch, min(3, lines) * font(size).get_linesize() + m_.px(4) + 2)

    def choices(self, bar: pygame.Rect, options: Sequence[tuple[str, object]]) -> list[Button]:
        """A chooser: its options in a grid (rows as tall as the labels need, where the room
        holds them), Cancel on the bar."""
        columns, area = 2 if self.metrics.portrait else 3, self.content()
        height = self.label_rows([label for label, _intent in options], columns)
        rows = -(-len(options) // columns)
        if rows * (height + self.metrics.margin) - self.metrics.margin > area.height:
            height = self.metrics.touch  # no room: a fingertip's rows, the labels smaller
        buttons = [
            Button(rect, label, intent)
            for rect, (label, intent) in zip(grid(area, len(options), columns, self.metrics, height), options, strict=False)
        ]
        cancel = grid(bar, 4, 4, self.metrics)[3]
        return [*buttons, Button(cancel, _("Cancel"), Menu())]

    def pages(self, bar: pygame.Rect, names: list[str], intent_for: Callable[[str], object]) -> list[Button]:
        """A paged chooser of ``names``; Previous, the page, Next and Cancel along the bar."""
        m_, area = self.metrics, self.content()
        columns = 2 if m_.portrait else 3
        height = self.label_rows(names, columns)  # (the same on every page: the rows do not jump)
        rows = max(1, (area.height + m_.margin) // (height + m_.margin))
        per_page = rows * columns
        count = max(1, -(-len(names) // per_page))
        page = min(self.menu.page, count - 1)
        shown = names[page * per_page : (page + 1) * per_page]
        buttons = [
            Button(rect, name, intent_for(name))
            for rect, name in zip(grid(area, len(shown), columns, m_, height), shown, strict=True)
        ]
        prev, info, nxt, cancel = grid(bar, 4, 4, m_)

        def turn(to: int) -> Menu:
            return dataclasses.replace(self.menu, page=to % count)

        return [
            *buttons,
            Button(prev, _("Previous"), turn(page - 1)),
            Button(info, _("Page {page} of {pages}").format(page=page + 1, pages=count), turn(page), PANEL),
            Button(nxt, _("Next"), turn(page + 1)),
            Button(cancel, _("Cancel"), Menu()),
        ]

    def where(self, bar: pygame.Rect, state: m.ArkhamState) -> list[Button]:
        """The places for one investigator, with Sneak - and + beside the title."""
        name = self.menu.subject
        who = next(i for i in state.investigators if i.name == name)
        buttons = self.pages(bar, list(PLACES), lambda place: Submit(m.MoveInvestigator(name, place)))
        m_ = self.metrics
        sneak = pygame.Rect(
            m_.width - m_.margin - 3 * m_.px(110) - 2 * m_.margin, m_.margin, 3 * m_.px(110) + 2 * m_.margin, m_.touch
        )
        rename, less, more = grid(sneak, 3, 3, m_)
        return [
            *buttons,
            Button(rename, _("Rename"), Menu(MenuKind.RENAME, subject=name, typed=name)),
            Button(less, _("Sneak -"), Submit(m.SetSneak(name, who.sneak - 1)), enabled=who.sneak > 0),
            Button(more, _("Sneak +"), Submit(m.SetSneak(name, who.sneak + 1)), enabled=who.sneak < m.MAX_SNEAK),
        ]

    def card_markers(self, bar: pygame.Rect, state: m.ArkhamState) -> list[Button]:
        """The markers a card in play calls for: take one off, or place one (card, kind, place)."""
        menu = self.menu
        if menu.kind is MenuKind.MARKER_PLACE:
            kind, card = m.MarkerKind(menu.marker), menu.subject
            return self.pages(bar, sorted(ARKHAM), lambda place: Submit(m.PlaceCardMarker(kind, place, card)))
        if menu.kind is MenuKind.MARKER_KIND:
            kinds = [
                (_(MARKER_NAMES.get(k.value, k.value)), Menu(MenuKind.MARKER_PLACE, subject=menu.subject, marker=k.value))
                for k in m.MarkerKind
            ]
            return self.choices(bar, kinds)
        options: list[tuple[str, object]] = [
            (
                _("Remove {marker}: {place}").format(marker=_(x.kind.value), place=x.place),
                Submit(m.PlaceCardMarker(x.kind, x.place, x.card, placed=False)),
            )
            for x in state.card_markers
        ]
        options += [
            (_("Place for {card}").format(card=card), Menu(MenuKind.MARKER_KIND, subject=card))
            for card in (state.environment, state.rumor)
            if card
        ]
        return self.choices(bar, options)

    def surge(self, bar: pygame.Rect) -> list[Button]:
        """One button per gate adds the next monster there; the last one submits the placement.
        A gate that could no longer end in the spread the rule demands is greyed out."""
        decision, pending, order = self.menu.decision, self.menu.pending, self.menu.order
        assert isinstance(decision, SurgeChoice) and pending is not None
        columns = 2 if self.metrics.portrait else 3
        buttons = []
        for rect, gate in zip(grid(self.content(), len(decision.gates), columns, self.metrics), decision.gates, strict=False):
            chosen = (*order, gate)
            done = len(chosen) == decision.count
            intent = (
                Submit(dataclasses.replace(pending, placement=chosen)) if done else dataclasses.replace(self.menu, order=chosen)
            )
            buttons.append(Button(rect, f"{gate} ({order.count(gate)})", intent, enabled=decision.allows(chosen)))
        suggested, again, _spare, cancel = grid(bar, 4, 4, self.metrics)
        return [
            *buttons,
            Button(suggested, _("As suggested"), Submit(dataclasses.replace(pending, placement=decision.default())), ACCENT),
            Button(again, _("Start over"), dataclasses.replace(self.menu, order=())),
            Button(cancel, _("Cancel"), Menu()),
        ]

    # -- drawing --------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, view: View) -> None:
        state = view.state
        assert isinstance(state, m.ArkhamState)
        m_ = self.metrics
        heading = self.heading  # the question the layout was made for
        area = pygame.Rect(m_.margin, m_.margin, m_.width - 2 * m_.margin, self.buttons_top() - 2 * m_.margin)
        if self.menu.kind is MenuKind.DETAIL:
            with read_up_close():  # the full lists, read leaning in (docs/ui.md)
                details(self.ink, surface, area, state, view.log, m_)
        elif heading:
            size, rows = self.prompt_fit(heading)
            self.ink.lines(surface, rows, self.title_box(), size, TEXT, bold=True)
        else:
            table(self.ink, surface, area, state, view.log, m_)
        for button in self.buttons:
            self.ink.button(surface, button, m_)

    def reserved(self) -> int:
        """The width the open chooser's own buttons take on the right of its title row."""
        m_ = self.metrics
        if self.menu.kind is MenuKind.WHERE:
            return 3 * m_.px(110) + 3 * m_.margin
        if self.menu.kind is MenuKind.CARD and not m_.portrait:  # in portrait they go on a row below it
            return 3 * m_.px(110) + 3 * m_.margin
        return 0

    def title_box(self) -> pygame.Rect:
        """Where a chooser's question goes: the top of the screen, up to two fifths of it."""
        m_ = self.metrics
        tallest = max(m_.touch, self.body().height * 2 // 5)
        if self.menu.kind is MenuKind.CARD:
            question = font(m_.px(PROMPT_SIZES[0]), True).get_linesize() * 2
            tallest = question if m_.portrait else self.card_area().y - 2 * m_.margin
        return pygame.Rect(m_.margin, m_.margin, m_.width - 2 * m_.margin - self.reserved(), tallest)

    def prompt_fit(self, heading: str) -> tuple[int, list[str]]:
        """The question's whole text, wrapped at the largest size that fits its box."""
        return fit(heading, self.title_box(), [self.metrics.px(s) for s in PROMPT_SIZES], bold=True)

    def prompt_bottom(self) -> int:
        """The y below the question (and below the title row's buttons)."""
        m_ = self.metrics
        size, rows = self.prompt_fit(self.heading)
        height = font(size, True).get_linesize() * len(rows)
        return m_.margin + max(height, m_.touch if self.reserved() else 0)

    def buttons_top(self) -> int:
        own = [b.rect.top for b in self.buttons if b.rect.top < self.body().bottom]
        return min(own, default=self.body().bottom)

    def title(self, state: m.ArkhamState) -> str:
        """What the open chooser asks, in full (empty on the main view)."""
        menu, kind = self.menu, self.menu.kind
        if kind is MenuKind.WHERE:
            who = next(i for i in state.investigators if i.name == menu.subject)
            return _("{name} (Sneak {sneak}) is where now?").format(name=who.name, sneak=who.sneak)
        if kind is MenuKind.RENAME:
            return _("{name} is called: {typed}|").format(name=menu.subject, typed=menu.typed)
        if kind is MenuKind.CARD:
            return self.card_title(state)
        if kind is MenuKind.SURGE:
            assert isinstance(menu.decision, SurgeChoice)
            d = menu.decision
            extra = _("; the last {count} go on to the Outskirts").format(count=d.to_outskirts) if d.to_outskirts else ""
            so_far = ", ".join(menu.order) or _("none yet")
            return _(
                "Monster surge at {place}: the first player taps a gate for each of {count} monsters, in draw "
                "order (as even as possible, none above {place}){extra}. So far: {so_far}."
            ).format(place=d.location, count=d.count, extra=extra, so_far=so_far)
        if kind is MenuKind.CLUE:
            assert isinstance(menu.decision, ClueChoice)
            return _("A Clue appears at {place}: who takes it?").format(place=menu.decision.location)
        if kind is MenuKind.MARKER:
            assert isinstance(menu.decision, GateMarkerDrawn)
            return _("A gate opens at {place}: which gate marker did you draw?").format(place=menu.decision.location)
        if kind is MenuKind.MONSTER:
            assert isinstance(menu.decision, MonsterDrawn)
            words = _("Monster {number} of {count} from the cup: which did you draw?")
            return words.format(number=menu.decision.number, count=menu.decision.count)
        titles = {
            MenuKind.WHO: _("Which investigator?"),
            MenuKind.GATES: _("Which gate was closed?"),
            MenuKind.GATE: _("The gate at {place}: closed, or closed and sealed?").format(place=menu.subject),
            MenuKind.RUMOR: ngettext(
                "{card}: {count} token on its track. Passed or failed?",
                "{card}: {count} tokens on its track. Passed or failed?",
                state.rumor_track,
            ).format(card=state.rumor, count=state.rumor_track),
            MenuKind.CARD_MARKERS: _("Markers of the cards in play (they leave with their card)"),
            MenuKind.MARKER_KIND: _("Which marker does {card} call for?").format(card=menu.subject),
            MenuKind.MARKER_PLACE: _("Where does {card} put its {marker} marker?").format(
                card=menu.subject, marker=_(menu.marker)
            ),
        }
        return titles.get(kind, "")

    def card_title(self, state: m.ArkhamState) -> str:
        """The picker's question, what is typed so far, and which page of the matches is shown."""
        found = search(state.deck, self.menu.typed)
        typed = echoed(self.menu.typed)
        if not self.menu.typed:
            return _("Which Mythos card was drawn? Type a few letters to find it.")  # (the last drawn come first, lit)
        if not found:
            return _("Which Mythos card was drawn? No card left in the deck has {typed}: Delete a letter.").format(typed=typed)
        per_page = self.card_slots()
        pages = -(-len(found) // per_page)
        shown = _(", page {page} of {pages}").format(page=self.menu.page % pages + 1, pages=pages) if pages > 1 else ""
        return _("Which Mythos card was drawn? Searching {typed}: {count} found{shown}.").format(
            typed=typed, count=len(found), shown=shown
        )

    def facts(self, state: m.ArkhamState) -> list[Line]:
        """The main view's words about the cards in play and the investigators (as drawn)."""
        return [*in_play(state), *investigators(state)]


MARKER_NAMES = {"closed": N_("Closed marker"), "activity": N_("Activity marker")}  # model.MarkerKind's
MARKER_KINDS = (N_("closed"), N_("activity"))  # the kinds' own words, inside sentences
TYPED_SHOWN = 12  # the most characters of a search the picker's question echoes: "\u2026" and the last 11 letters


def echoed(typed: str) -> str:
    """A search as the picker's question echoes it: in capitals, a long one by its last letters
    ("\u2026NTSTAKEBACK"), so the question keeps two lines at 27 px or more."""
    shown = typed.upper()
    return shown if len(shown) <= TYPED_SHOWN else "\u2026" + shown[1 - TYPED_SHOWN :]


PROMPT_SIZES = (30, 28, 27, 24, 22, 20, 18, 16)  # a chooser's question shrinks through these (at unit 1) to fit whole
RECENT = (62, 88, 74)  # the recently drawn cards' buttons in the picker

ASKS = {SurgeChoice: MenuKind.SURGE, ClueChoice: MenuKind.CLUE, GateMarkerDrawn: MenuKind.MARKER, MonsterDrawn: MenuKind.MONSTER}
