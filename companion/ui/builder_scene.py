"""The map builder: transcribe a physical board by tapping, and save it as a map file.

Tap empty space to add an area where it lies on the board; tap an area to select it; in link
mode, tap a second area to join the two (or part them).  The buttons set what the selected area
carries: ocean, the Watcher's pyramid die number and Postern, the Worm that Gnaws in the Night,
a glacier glyph, a faction's printed start.  Type to rename it (or, with nothing selected, the map).  Save checks the map
(docs/maps.md) and writes it into the user's map folder, where it appears beside the shipped maps.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from companion.engine.cthulhu.model import Faction
from companion.engine.mapdef import AreaDef, MapDef, MapStatus
from companion.engine.names import PLACE_LIMIT
from companion.i18n import N_, _
from companion.ui.keyboard import BACKSPACE, DONE, SHIFT, SPELLED_OUT, keys, typed_into
from companion.ui.scene import Build, Intent, Scene, View
from companion.ui.widgets import ACCENT, BUTTON_EDGE, DIM, PANEL, TEXT, WARN, Button, Metrics, font, grid, paragraph, text, wrap

NAME_LIMIT = PLACE_LIMIT  # characters in an area's or a map's name (the engine's limit)
START_CYCLE = ("", *(f.value for f in Faction if f is not Faction.OTHER))


@dataclass
class DraftArea:
    name: str
    x: float  # 0..1 across the canvas
    y: float
    ocean: bool = False
    pyramid: int | None = None
    postern: bool = False
    worm_start: bool = False
    glacier: bool = False
    start: str = ""


@dataclass
class Draft:
    """A board being transcribed (screen state, not game state)."""

    name: str = "my-board"
    areas: list[DraftArea] = field(default_factory=list)
    edges: set[frozenset[int]] = field(default_factory=set)
    selected: int = -1
    linking: bool = False
    keyboard: bool = False  # the on-screen keyboard is open (a Pi at the table has no other)
    shifted: bool = False
    message: str = N_("Tap empty space to add an area; tap an area to select it.")  # translated when shown

    def to_map(self) -> MapDef:
        names = [a.name for a in self.areas]
        areas = []
        for i, a in enumerate(self.areas):
            neighbours = tuple(names[j] for j in range(len(names)) if frozenset((i, j)) in self.edges)
            areas.append(
                AreaDef(
                    a.name, a.ocean, "", neighbours, (a.start,) if a.start else (), a.pyramid, a.postern, a.worm_start, a.glacier
                )
            )
        # The numbers on the worms' bases and the degradation dice faces cannot be tapped in, and
        # the companion never invents them: a Shaggai draft is saved as partial until they are typed in.
        shaggai = any(a.worm_start for a in self.areas)
        return MapDef(
            self.name,
            f"{self.name} (transcribed)",
            MapStatus.PARTIAL if shaggai else MapStatus.TRANSCRIBED,
            (3, 4, 5),
            tuple(areas),
            "transcribed on the companion's map builder",
        )


def apply(draft: Draft, action: Build) -> None:
    """Carry out a builder action on the draft (the app calls this; the scene never does)."""
    a = draft.areas[draft.selected] if 0 <= draft.selected < len(draft.areas) else None
    if action.what == "add":
        draft.areas.append(DraftArea(_("Area {number}").format(number=len(draft.areas) + 1), action.x, action.y))
        draft.selected = len(draft.areas) - 1
    elif action.what == "tap":
        if draft.linking and a is not None and action.area != draft.selected:
            edge = frozenset((draft.selected, action.area))
            draft.edges ^= {edge}
            joined = _("Joined {area} and {other}.") if edge in draft.edges else _("Parted {area} and {other}.")
            draft.message = joined.format(area=a.name, other=draft.areas[action.area].name)
        else:
            draft.selected = -1 if action.area == draft.selected else action.area
    elif action.what == "link":
        draft.linking = not draft.linking
    elif action.what == "keyboard":
        draft.keyboard = not draft.keyboard
    elif a is not None:
        toggle_mark(draft, a, action.what)


def toggle_mark(draft: Draft, a: DraftArea, what: str) -> None:
    if what == "ocean":
        a.ocean = not a.ocean
    elif what == "pyramid":
        a.pyramid = None if a.pyramid == 6 else (a.pyramid or 0) + 1
    elif what == "postern":
        a.postern = not a.postern
    elif what == "worm":
        a.worm_start = not a.worm_start
    elif what == "glacier":
        a.glacier = not a.glacier
    elif what == "start":
        a.start = START_CYCLE[(START_CYCLE.index(a.start) + 1) % len(START_CYCLE)]
    elif what == "delete":
        index = draft.selected
        draft.areas.pop(index)
        draft.edges = {frozenset(j - (j > index) for j in e) for e in draft.edges if index not in e}
        draft.selected = -1


def type_key(draft: Draft, typed: str) -> None:
    """An on-screen key: Shift, Done (closes the keyboard), or text for :func:`rename`."""
    if typed == SHIFT:
        draft.shifted = not draft.shifted
    elif typed == DONE:
        draft.keyboard = False
    else:
        rename(draft, typed)


def rename(draft: Draft, typed: str) -> None:
    """Typing renames the selected area, or the map itself when no area is selected.

    Backspace arrives as ``"\\b"``.  A map's name becomes its file name, so it keeps to lower-case
    letters, digits and hyphens (an umlaut or ß is spelled out, as German writes it without the
    letter: "ü" -> "ue"; anything else typed becomes a hyphen).  An area's name takes what
    the screen can show: a control character a keyboard sends is dropped (the engine would
    refuse the map for it).
    """
    if 0 <= draft.selected < len(draft.areas):
        a = draft.areas[draft.selected]
        a.name = typed_into(a.name, typed if typed == BACKSPACE else "".join(ch for ch in typed if ch.isprintable()), NAME_LIMIT)
        return
    spelled = typed if typed == BACKSPACE else typed.casefold().translate(SPELLED_OUT)  # "ü" -> "ue", "ß" -> "ss"
    safe = "".join(ch if (ch.isascii() and ch.isalnum()) or ch == BACKSPACE else "-" for ch in spelled)
    draft.name = typed_into(draft.name, safe, NAME_LIMIT)


class BuilderScene(Scene):
    name = "builder"
    up_close = True  # one person transcribing a printed map, leaning in

    def __init__(self, metrics: Metrics) -> None:
        super().__init__(metrics)
        self.draft: Draft | None = None

    def canvas(self) -> pygame.Rect:
        """Where the board is drawn: the left 60% (a tall screen: the top 55%)."""
        body = self.body().inflate(-2 * self.metrics.margin, -2 * self.metrics.margin)
        if self.metrics.portrait:
            return pygame.Rect(body.x, body.y, body.width, body.height * 55 // 100)
        return pygame.Rect(body.x, body.y, body.width * 60 // 100, body.height)

    def side(self) -> pygame.Rect:
        """The title, the message and the buttons: beside the board (a tall screen: below it)."""
        m, c, body = self.metrics, self.canvas(), self.body()
        if m.portrait:
            return pygame.Rect(c.x, c.bottom + m.margin, c.width, body.bottom - c.bottom - 2 * m.margin)
        return pygame.Rect(c.right + m.margin, c.y, body.right - c.right - 2 * m.margin, c.height)

    def words_height(self, draft: Draft) -> int:
        """The title's and the message's height at the side's top."""
        m, room = self.metrics, self.side().width
        size, lines = self.title_fit(f"Map builder: {draft.name}", room)
        message = min(2, len(wrap(draft.message, m.px(17), room)))
        return len(lines) * round(size * 1.05) + m.px(2) + message * round(m.px(17) * 1.05) + m.margin

    def radius(self) -> int:
        return max(self.metrics.touch // 2, self.metrics.px(24))

    def centre(self, a: DraftArea) -> tuple[int, int]:
        c, r = self.canvas(), self.radius()
        return (int(c.x + r + a.x * (c.width - 2 * r)), int(c.y + r + a.y * (c.height - 2 * r)))

    def layout(self, view: View) -> list[Button]:
        draft = view.options.get("draft")
        assert isinstance(draft, Draft)
        self.draft = draft
        m = self.metrics
        if draft.keyboard:
            return keys(self.keyboard_area(), m, draft.shifted)
        side = self.side()
        top = self.words_height(draft)
        side.y += top
        side.height -= top
        a = draft.areas[draft.selected] if 0 <= draft.selected < len(draft.areas) else None
        labels = [
            ("link", _("Link mode: {state}").format(state=_("on") if draft.linking else _("off")), True),
            ("save", _("Save map"), True),
            ("keyboard", _("Rename area") if a is not None else _("Rename map"), True),
        ]
        if a is not None:
            labels += [
                ("ocean", _("Ocean: {state}").format(state=_("yes") if a.ocean else _("no")), True),
                ("pyramid", _("Pyramid die: {face}").format(face=a.pyramid or "-"), True),
                ("postern", _("Postern: {state}").format(state=_("yes") if a.postern else _("no")), True),
                ("worm", _("Worm start: {state}").format(state=_("yes") if a.worm_start else _("no")), True),
                ("glacier", _("Glacier: {state}").format(state=_("yes") if a.glacier else _("no")), True),
                ("delete", _("Delete area"), True),
            ]
        columns = 3 if m.portrait or a is not None else 2  # an area's nine buttons in three rows, its start below
        rects = grid(side, len(labels) + (columns if a is not None else 0), columns, m)
        buttons = [
            Button(rect, words, Build(what), ACCENT if what in ("save", "link") else (58, 52, 76))
            for rect, (what, words, _) in zip(rects, labels, strict=False)
        ]
        if a is not None:  # a faction's name needs the whole row
            row = rects[-(-len(labels) // columns) * columns]  # the first of the row after the others
            start = pygame.Rect(side.x, row.y, side.width, row.height)
            words = Faction(a.start).label if a.start else "-"
            buttons.append(Button(start, _("Start: {faction}").format(faction=words), Build("start"), (58, 52, 76)))
        return buttons

    def keyboard_area(self) -> pygame.Rect:
        """Below the name being typed: the rest of the screen above the navigation bar."""
        m, body = self.metrics, self.body()
        top = m.px(80)
        return pygame.Rect(m.margin, top, body.width - 2 * m.margin, body.bottom - top - m.margin)

    def tap(self, pos: tuple[int, int]) -> Intent | None:
        intent = super().tap(pos)
        keyboard = self.draft is not None and self.draft.keyboard
        if intent is not None or self.draft is None or keyboard or not self.canvas().collidepoint(pos):
            return intent
        for i, a in enumerate(self.draft.areas):
            x, y = self.centre(a)
            if math.hypot(pos[0] - x, pos[1] - y) <= self.radius():
                return Build("tap", i)
        c, r = self.canvas(), self.radius()
        return Build(
            "add",
            x=min(1.0, max(0.0, (pos[0] - c.x - r) / max(1, c.width - 2 * r))),
            y=min(1.0, max(0.0, (pos[1] - c.y - r) / max(1, c.height - 2 * r))),
        )

    def draw(self, surface: pygame.Surface, view: View) -> None:
        m, c, draft = self.metrics, self.canvas(), self.draft
        assert draft is not None
        if draft.keyboard:
            self.draw_naming(surface, draft)
            super().draw(surface, view)
            return
        pygame.draw.rect(surface, PANEL, c, border_radius=m.px(8))
        for edge in draft.edges:
            i, j = sorted(edge)
            pygame.draw.line(surface, BUTTON_EDGE, self.centre(draft.areas[i]), self.centre(draft.areas[j]), m.px(3))
        for i, a in enumerate(draft.areas):
            centre = self.centre(a)
            pygame.draw.circle(surface, (20, 30, 60) if a.ocean else (40, 44, 32), centre, self.radius())
            edge_colour = ACCENT if i == draft.selected else (WARN if a.pyramid else BUTTON_EDGE)
            pygame.draw.circle(surface, edge_colour, centre, self.radius(), m.px(3))
            self.draw_name(surface, a.name, centre)
        side = self.side()
        title = _("Map builder: {map}").format(map=draft.name)
        size, lines = self.title_fit(title, side.width)
        y = paragraph(surface, title, side.topleft, size, side.width, len(lines), bold=True)
        paragraph(surface, _(draft.message), (side.x, y + m.px(2)), m.px(17), side.width, 2, DIM)
        super().draw(surface, view)

    def title_fit(self, title: str, room: int) -> tuple[int, list[str]]:
        """The builder's title: one line as large as fits, else two lines of a smaller size (a
        map's name has no spaces: it may stand alone on the second line)."""
        m = self.metrics
        for size in (m.px(24), m.px(20)):
            if font(size, True).size(title)[0] <= room:
                return size, [title]
        for size in (m.px(20), m.px(17), m.px(15), m.px(13)):
            lines = wrap(title, size, room, True)
            if len(lines) <= 2 and all(font(size, True).size(line)[0] <= room for line in lines):
                return size, lines
        return m.px(13), wrap(title, m.px(13), room, True)

    def draw_name(self, surface: pygame.Surface, name: str, centre: tuple[int, int]) -> None:
        """An area's name above its circle, whole: wrapped onto up to three lines, shrinking."""
        m = self.metrics
        room = m.px(130)
        size, lines = m.px(12), wrap(name, m.px(12), room)
        for one in (m.px(16), m.px(14), m.px(12)):
            lines = wrap(name, one, room)
            if len(lines) <= 3 and all(font(one).size(line)[0] <= room for line in lines):
                size = one
                break
        step = round(size * 1.05)
        bottom = centre[1] - self.radius() - m.px(2)
        c = self.canvas()
        centre = (max(c.x + room // 2, min(c.right - room // 2, centre[0])), centre[1])  # kept on the board
        for n, line in enumerate(lines):
            y = bottom - (len(lines) - n) * step + step // 2
            text(surface, line, (centre[0], y), size, TEXT, centre=True, width=room)

    def draw_naming(self, surface: pygame.Surface, draft: Draft) -> None:
        """What the keyboard is typing, large, above it."""
        m = self.metrics
        selected = 0 <= draft.selected < len(draft.areas)
        what = _("Area name") if selected else _("Map name (its file name: a-z, 0-9, -)")
        name = draft.areas[draft.selected].name if selected else draft.name
        text(surface, what, (m.margin, m.margin), m.px(20), DIM, width=m.width - 2 * m.margin)
        field = pygame.Rect(m.margin, m.px(32), m.width - 2 * m.margin, m.px(40))
        pygame.draw.rect(surface, PANEL, field, border_radius=m.px(6))
        text(surface, name + "|", (field.x + m.px(8), field.y + m.px(6)), m.px(30), TEXT, width=field.width - m.px(16))
