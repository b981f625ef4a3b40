"""Arkham Horror's table on the touchscreen: the Mythos Phase and the board between phases.

The main view: the Ancient One's doom and the terror track, the cards in play, the gates, the Sky
and the Outskirts, monsters by place, and the words of the last steps.  Along the bottom:

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
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum

import pygame

from companion.engine.arkham import model as m
from companion.engine.arkham.data import ARKHAM, OUTSKIRTS, SKY, TERROR_TOP
from companion.engine.arkham.decisions import ClueChoice, Decision, GateMarkerDrawn, MonsterDrawn, SurgeChoice, next_decision
from companion.engine.arkham.game import MAX_NAME
from companion.engine.arkham.game import PLACES as INVESTIGATOR_PLACES
from companion.engine.arkham.mythos import monster_limit, outskirts_limit
from companion.engine.cthulhu.commands import Redo, Undo
from companion.ui.keyboard import DONE, SHIFT, Key, keys, typed_into
from companion.ui.scene import Go, Intent, Scene, Submit, View
from companion.ui.widgets import ACCENT, BUTTON, DIM, PANEL, TEXT, WARN, Button, Metrics, grid, paragraph, text

# Where the table may put an investigator (the engine's list): Arkham first, then beyond it.
PLACES = (*sorted(ARKHAM), *sorted(INVESTIGATOR_PLACES - set(ARKHAM)))
Line = tuple[str, tuple[int, int, int]]


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
        if kind is MenuKind.CARD:
            return self.pages(bar, sorted(set(state.deck)), lambda name: Submit(m.Mythos(card=name)))
        if kind is MenuKind.WHO:
            people = [(f"{i.name}: {i.place or 'not placed'}", Menu(MenuKind.WHERE, subject=i.name)) for i in state.investigators]
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
            options = [("Close", Submit(m.CloseGate(where))), ("Close and seal", Submit(m.CloseGate(where, seal=True)))]
            return self.choices(bar, options)
        if kind is MenuKind.RUMOR:
            tokens = state.rumor_track
            return self.choices(
                bar,
                [
                    ("Track -", Submit(m.RumorTrack(max(0, tokens - 1)))),
                    ("Track +", Submit(m.RumorTrack(tokens + 1))),
                    ("Passed", Submit(m.EndRumor(True))),
                    ("Failed", Submit(m.EndRumor(False))),
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
        """Where a chooser's buttons go: below its title, above the action bar."""
        m_, bar = self.metrics, self.action_bar()
        top = m_.px(64)
        return pygame.Rect(m_.margin, top, m_.width - 2 * m_.margin, bar.y - top - m_.margin)

    def main(self, bar: pygame.Rect, state: m.ArkhamState) -> list[Button]:
        over = bool(state.awakened)
        # A table that draws its own cards enters them; otherwise the companion draws, or the
        # players pick the card they drew anyway.
        draws: list[tuple[str, object, bool]] = [("Enter the card", Menu(MenuKind.CARD), not over)]
        if not state.table_draws:
            draws = [("Draw Mythos", Submit(m.Mythos()), not over), ("Pick the card", Menu(MenuKind.CARD), not over)]
        labels: list[tuple[str, object, bool]] = [
            *draws,
            ("Move", Menu(MenuKind.WHO), not over),
            ("Gates", Menu(MenuKind.GATES), bool(state.gates) and not over),
            ("Rumor", Menu(MenuKind.RUMOR), bool(state.rumor) and not over),
            ("Markers", Menu(MenuKind.CARD_MARKERS), bool(state.environment or state.rumor) and not over),
            ("Correct", Go("arkham_fix"), True),  # the Corrections page (companion.ui.arkham_corrections)
            ("Undo", Submit(Undo()), True),
            ("Redo", Submit(Redo()), True),
        ]
        columns = 4 if self.metrics.width < 700 else -(-len(labels) // 2)  # two rows: every label uncut
        rects = grid(self.rows_up(bar, len(labels), columns), len(labels), columns, self.metrics)
        first = ACCENT if not state.unplaced() else BUTTON
        return [
            Button(rect, label, intent, first if n == 0 else BUTTON, enabled=enabled)
            for n, (rect, (label, intent, enabled)) in enumerate(zip(rects, labels, strict=True))
        ]

    def rows_up(self, bar: pygame.Rect, count: int, columns: int) -> pygame.Rect:
        """The area for ``count`` buttons in rows of ``columns`` whose last row sits on the bar."""
        rows = -(-count // columns)
        lift = (rows - 1) * (self.metrics.touch + self.metrics.margin)
        return pygame.Rect(bar.x, bar.y - lift, bar.width, bar.height + lift)

    def choices(self, bar: pygame.Rect, options: Sequence[tuple[str, object]]) -> list[Button]:
        """A chooser: its options in a grid, Cancel on the bar."""
        columns = 2 if self.metrics.portrait else 3
        buttons = [
            Button(rect, label, intent)
            for rect, (label, intent) in zip(grid(self.content(), len(options), columns, self.metrics), options, strict=False)
        ]
        cancel = grid(bar, 4, 4, self.metrics)[3]
        return [*buttons, Button(cancel, "Cancel", Menu())]

    def pages(self, bar: pygame.Rect, names: list[str], intent_for: Callable[[str], object]) -> list[Button]:
        """A paged chooser of ``names``; Previous, the page, Next and Cancel along the bar."""
        m_, area = self.metrics, self.content()
        columns = 2 if m_.portrait else 3
        rows = max(1, (area.height + m_.margin) // (m_.touch + m_.margin))
        per_page = rows * columns
        count = max(1, -(-len(names) // per_page))
        page = min(self.menu.page, count - 1)
        shown = names[page * per_page : (page + 1) * per_page]
        buttons = [
            Button(rect, name, intent_for(name)) for rect, name in zip(grid(area, len(shown), columns, m_), shown, strict=True)
        ]
        prev, info, nxt, cancel = grid(bar, 4, 4, m_)

        def turn(to: int) -> Menu:
            return dataclasses.replace(self.menu, page=to % count)

        return [
            *buttons,
            Button(prev, "Previous", turn(page - 1)),
            Button(info, f"Page {page + 1} of {count}", turn(page), PANEL),
            Button(nxt, "Next", turn(page + 1)),
            Button(cancel, "Cancel", Menu()),
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
            Button(rename, "Rename", Menu(MenuKind.RENAME, subject=name, typed=name)),
            Button(less, "Sneak -", Submit(m.SetSneak(name, who.sneak - 1)), enabled=who.sneak > 0),
            Button(more, "Sneak +", Submit(m.SetSneak(name, who.sneak + 1)), enabled=who.sneak < m.MAX_SNEAK),
        ]

    def card_markers(self, bar: pygame.Rect, state: m.ArkhamState) -> list[Button]:
        """The markers a card in play calls for: take one off, or place one (card, kind, place)."""
        menu = self.menu
        if menu.kind is MenuKind.MARKER_PLACE:
            kind, card = m.MarkerKind(menu.marker), menu.subject
            return self.pages(bar, sorted(ARKHAM), lambda place: Submit(m.PlaceCardMarker(kind, place, card)))
        if menu.kind is MenuKind.MARKER_KIND:
            kinds = [
                (f"{k.value.capitalize()} marker", Menu(MenuKind.MARKER_PLACE, subject=menu.subject, marker=k.value))
                for k in m.MarkerKind
            ]
            return self.choices(bar, kinds)
        options: list[tuple[str, object]] = [
            (f"Remove {x.kind.value}: {x.place}", Submit(m.PlaceCardMarker(x.kind, x.place, x.card, placed=False)))
            for x in state.card_markers
        ]
        options += [
            (f"Place for {card}", Menu(MenuKind.MARKER_KIND, subject=card)) for card in (state.environment, state.rumor) if card
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
        suggested, again, _, cancel = grid(bar, 4, 4, self.metrics)
        return [
            *buttons,
            Button(suggested, "As suggested", Submit(dataclasses.replace(pending, placement=decision.default())), ACCENT),
            Button(again, "Start over", dataclasses.replace(self.menu, order=())),
            Button(cancel, "Cancel", Menu()),
        ]

    # -- drawing --------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, view: View) -> None:
        state = view.state
        assert isinstance(state, m.ArkhamState)
        m_ = self.metrics
        title = self.title(state)
        if title:
            paragraph(surface, title, (m_.margin, m_.margin), m_.px(24), self.title_width(), 2, TEXT, bold=True)
        else:
            self.draw_board(surface, state, view.log)
        super().draw(surface, view)

    def title_width(self) -> int:
        m_ = self.metrics
        reserved = 3 * m_.px(110) + 3 * m_.margin if self.menu.kind is MenuKind.WHERE else 0
        return m_.width - 2 * m_.margin - reserved

    def title(self, state: m.ArkhamState) -> str:
        """What the open chooser asks (empty on the main view)."""
        menu, kind = self.menu, self.menu.kind
        if kind is MenuKind.WHERE:
            who = next(i for i in state.investigators if i.name == menu.subject)
            return f"{who.name} (Sneak {who.sneak}) is where now?"
        if kind is MenuKind.RENAME:
            return f"{menu.subject} is called: {menu.typed}|"
        if kind is MenuKind.SURGE:
            assert isinstance(menu.decision, SurgeChoice)
            d = menu.decision
            extra = f"; the last {d.to_outskirts} go on to the Outskirts" if d.to_outskirts else ""
            so_far = ", ".join(menu.order) or "none yet"
            return (
                f"Monster surge at {d.location}: the first player taps a gate for each of {d.count} monsters, in draw "
                f"order (as even as possible, none above {d.location}){extra}. So far: {so_far}."
            )
        if kind is MenuKind.CLUE:
            assert isinstance(menu.decision, ClueChoice)
            return f"A Clue appears at {menu.decision.location}: who takes it?"
        if kind is MenuKind.MARKER:
            assert isinstance(menu.decision, GateMarkerDrawn)
            return f"A gate opens at {menu.decision.location}: which gate marker did you draw?"
        if kind is MenuKind.MONSTER:
            assert isinstance(menu.decision, MonsterDrawn)
            return f"Monster {menu.decision.number} of {menu.decision.count} from the cup: which did you draw?"
        titles = {
            MenuKind.CARD: "Which Mythos card was drawn?",
            MenuKind.WHO: "Which investigator?",
            MenuKind.GATES: "Which gate was closed?",
            MenuKind.GATE: f"The gate at {menu.subject}: closed, or closed and sealed?",
            MenuKind.RUMOR: f"{state.rumor}: {state.rumor_track} token(s) on its track. Passed or failed?",
            MenuKind.CARD_MARKERS: "Markers of the cards in play (they leave with their card)",
            MenuKind.MARKER_KIND: f"Which marker does {menu.subject} call for?",
            MenuKind.MARKER_PLACE: f"Where does {menu.subject} put its {menu.marker} marker?",
        }
        return titles.get(kind, "")

    def facts(self, state: m.ArkhamState) -> list[Line]:
        lines: list[Line] = [(f"AWAKE: {state.awakened}", WARN)] if state.awakened else []
        if state.unplaced():
            lines.append((f"Set-up: place {', '.join(state.unplaced())} (Move)", WARN))
        first = state.investigators[state.first_player].name
        closed = [*state.closed, *(x.place for x in state.card_markers if x.kind is m.MarkerKind.CLOSED)]
        return [
            *lines,
            (f"{state.ancient_one}: doom {state.doom}/{state.doom_track}", WARN if state.awakened else TEXT),
            (f"Terror {state.terror}/{TERROR_TOP}", WARN if state.terror >= TERROR_TOP else TEXT),
            (f"First player: {first}", DIM),
            (f"Environment: {state.environment or '-'}", DIM),
            (f"Rumor: {state.rumor} ({state.rumor_track} on its track)" if state.rumor else "Rumor: -", DIM),
            (f"Closed: {', '.join(closed) or '-'}", DIM),
            *[(f"Activity: {place}", DIM) for place in state.activity],
            *[(f"Activity: {x.place} ({x.card})", DIM) for x in state.card_markers if x.kind is m.MarkerKind.ACTIVITY],
            *[
                (f"{i.name}: {i.place or '?'} (Sneak {i.sneak})" if i.playing else f"{i.name}: {i.standing.value}", DIM)
                for i in state.investigators
            ],
        ]

    def board(self, state: m.ArkhamState) -> list[Line]:
        """Gates, seals, the Sky/Outskirts/cup counts, then each place's monsters by name."""
        where = Counter(x.place for x in state.monsters)
        kinds: dict[str, list[str]] = {}
        for monster in state.monsters:
            if monster.place not in (SKY, OUTSKIRTS):
                kinds.setdefault(monster.place, []).append(monster.kind)
        lines: list[Line] = [(f"Gate {g.location}: {g.world}", ACCENT) for g in state.gates]
        lines += [(f"Sealed: {', '.join(state.seals)}", DIM)] if state.seals else []
        # What the limits count (Rulebook p.18): Arkham with the Sky against players + 3, the Outskirts against 8 - players.
        on_board, players = len(state.monsters) - where[OUTSKIRTS], state.players
        lines += [(f"Monsters {on_board}/{monster_limit(players)} - Sky {where[SKY]}", TEXT)]
        lines += [(f"Outskirts {where[OUTSKIRTS]}/{outskirts_limit(players)} - cup {len(state.cup)}", TEXT)]
        lines += [(f"Trophies {len(state.trophies)} - box {len(state.boxed)}", DIM)] if state.trophies or state.boxed else []
        return lines + [(f"{place}: {', '.join(names)}", DIM) for place, names in sorted(kinds.items())]

    def draw_board(self, surface: pygame.Surface, state: m.ArkhamState, log: list[str]) -> None:
        """Landscape: facts | board | log in three columns; portrait: the three stacked."""
        m_ = self.metrics
        bottom = self.buttons_top() - m_.margin
        if m_.portrait:
            width = m_.width - 2 * m_.margin
            y = self.lines_at(surface, self.facts(state), m_.margin, m_.margin, width, bottom)
            y = self.lines_at(surface, self.board(state), m_.margin, y + m_.margin, width, (y + bottom) // 2)
            self.draw_log(surface, log, m_.margin, y + m_.margin, bottom, width)
            return
        column = (m_.width - 4 * m_.margin) // 3
        self.lines_at(surface, self.facts(state), m_.margin, m_.margin, column, bottom)
        self.lines_at(surface, self.board(state), 2 * m_.margin + column, m_.margin, column, bottom)
        self.draw_log(surface, log, 3 * m_.margin + 2 * column, m_.margin, bottom, column)

    def buttons_top(self) -> int:
        own = [b.rect.top for b in self.buttons if b.rect.top < self.body().bottom]
        return min(own, default=self.body().bottom)

    def lines_at(self, surface: pygame.Surface, lines: list[Line], x: int, y: int, width: int, bottom: int) -> int:
        """Draw lines from ``y`` while they fit above ``bottom``; the y below the last."""
        size, step = self.metrics.px(20), self.metrics.px(23)
        for words, colour in lines:
            if y + step > bottom:
                break
            text(surface, words, (x, y), size, colour, width=width)
            y += step
        return y

    def draw_log(self, surface: pygame.Surface, log: list[str], x: int, top: int, bottom: int, width: int) -> None:
        """The newest lines that fit, newest at the bottom."""
        size = self.metrics.px(17)
        rows = max(1, (bottom - top) // round(size * 1.05))
        y = top
        for words in log[-rows:]:
            y = paragraph(surface, words, (x, y), size, width, 1, TEXT)


ASKS = {SurgeChoice: MenuKind.SURGE, ClueChoice: MenuKind.CLUE, GateMarkerDrawn: MenuKind.MARKER, MonsterDrawn: MenuKind.MONSTER}
