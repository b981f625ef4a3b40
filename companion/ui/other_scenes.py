"""The settings (tower, panel, journal) and the new-game screen (which game and its set-up; or
resume a stored game).  The log is companion/ui/log_scene.py's (imported here as before)."""

from __future__ import annotations

from typing import Any

import pygame

from companion import i18n
from companion.engine.cthulhu.factions.independents import CARDS
from companion.engine.cthulhu.game import MAX_PLAYERS, MIN_PLAYERS
from companion.engine.cthulhu.model import Faction
from companion.i18n import N_, _
from companion.ui.log_scene import LogScene
from companion.ui.scene import Go, Resume, Scene, Start, StartArkham, Toggle, View
from companion.ui.widgets import (
    ACCENT,
    BUTTON,
    DIM,
    FLOOR_SIZE,
    LINE_STEP,
    SEATS_FLOOR,
    TEXT,
    TIGHT_STEP,
    WARN,
    Button,
    button_height,
    cell_width,
    fit,
    fitted_grid,
    font,
    grid,
    paragraph,
    text,
    width_of,
    wrap,
    wrapped_size,
)

__all__ = ["LogScene", "NewGameScene", "SettingsScene"]  # the log lives in companion/ui/log_scene.py

LANGUAGE_NAMES = {"en": "English", "de": "Deutsch"}  # each in its own words
# The tower link's states (firmware_bridge.link.LinkState's values), as the screen shows them.
LINK_STATES = (N_("connecting"), N_("linked"), N_("disconnected"), N_("firmware too old"), N_("closed"))


# The rules options of the new-game screen's chooser (the keys of the screen's options), as the
# heading names those on.
RULES = (
    ("acolyte", N_("Astral Acolyte")),
    ("neutral_spellbooks", N_("Neutral Spellbooks")),
    ("high_priests", N_("High Priests")),
    ("opener_ten_gates", N_("Opener 10 gates")),
    ("bubastis_variant", N_("Bubastis variant")),
)


def opener_applies(factions: tuple[str, ...]) -> bool:
    """Whether the Opener's "10 gates with 4 players" means anything: the Opener of the Way seated
    in a 4-player game (its 12-gate requirement is 10 in 3-player games anyway; factions.md
    section 7)."""
    return Faction.OPENER_OF_THE_WAY.value in factions and len(factions) == 4


def rules_chosen(options: dict[str, Any]) -> dict[str, bool]:
    """Each rules option as a game started now would get it: the Bubastis variant only with
    Bubastis seated, the Opener's 10 gates only where they apply (a choice made before the
    seating changed stays chosen, and counts again once it applies)."""
    factions = tuple(options.get("factions", ()))
    chosen = {key: bool(options.get(key, False)) for key, _name in RULES}
    chosen["opener_ten_gates"] &= opener_applies(factions)
    chosen["bubastis_variant"] &= Faction.BUBASTIS.value in factions
    return chosen


def drawable(name: str) -> str:
    """``name`` as the font can draw it: a NUL or a lone surrogate (in a game stored before names
    were checked, or a map file's name) stops pygame's font, so those are shown escaped."""
    return name if name.isprintable() else ascii(name)[1:-1]


class SettingsScene(Scene):
    name = "settings"

    def layout(self, view: View) -> list[Button]:
        m, body = self.metrics, self.body()
        display = view.options.get("display")
        if display is None:
            return []
        columns = 2 if m.portrait else 3
        rows = -(-7 // columns)
        height = rows * m.touch + (rows - 1) * m.margin
        block = pygame.Rect(m.margin, body.bottom - height - m.margin, body.width - 2 * m.margin, height)
        sound, light, speech, says, volume, language, phones = grid(block, 7, columns, m)
        shown = display.language or i18n.system_language()
        return [
            Button(sound, _("Sound cues: {state}").format(state=_("on") if display.sound else _("off")), Toggle("sound")),
            Button(light, _("Brightness: {percent}%").format(percent=round(display.brightness * 100)), Toggle("brightness")),
            Button(speech, _("Voice: {state}").format(state=_("on") if display.speech else _("off")), Toggle("speech")),
            Button(
                says,
                _("Says: {what}").format(what=_("big moments") if display.big_only else _("everything")),
                Toggle("verbosity"),
            ),
            Button(volume, _("Volume: {percent}%").format(percent=round(display.volume * 100)), Toggle("volume")),
            Button(language, _("Language: {language}").format(language=LANGUAGE_NAMES[shown]), Toggle("language")),
            Button(phones, _("Phones and TV"), Go("phones")),  # the seats' QR codes (companion/ui/phones_scene.py)
        ]

    def draw(self, surface: pygame.Surface, view: View) -> None:
        """The status lines from the top, each wrapped whole, down to the buttons; the oldest
        notices give way when they would not all fit (the log keeps them)."""
        m = self.metrics
        width = m.width - 2 * m.margin
        lines = self.status_lines(view)
        bottom = min((b.rect.y for b in self.buttons), default=self.body().bottom) - m.margin
        size = m.px(FLOOR_SIZE)  # read from the seats: is the tower linked, what went wrong
        step = round(size * 1.05)
        heights = [m.px(36)] + [len(wrap(words, size, width)) * step + m.px(4) for words, _ in lines[1:]]
        notices = min(len(view.notices[-5:]), len(lines) - 1)
        while notices and m.margin + sum(heights) > bottom:  # drop the oldest shown notice
            first = len(lines) - notices
            del lines[first], heights[first]
            notices -= 1
        y = m.margin
        for i, (words, colour) in enumerate(lines):
            if i == 0:
                text(surface, words, (m.margin, y), m.px(30), colour, bold=True, width=width)
            else:
                paragraph(surface, words, (m.margin, y), size, width, len(wrap(words, size, width)), colour)
            y += heights[i]
        super().draw(surface, view)

    @staticmethod
    def status_lines(view: View) -> list[tuple[str, tuple[int, int, int]]]:
        """The title, then the tower (link, counts, last roll, last error), the panel's pins, the
        journal and the latest notices."""
        lines: list[tuple[str, tuple[int, int, int]]] = [(_("Settings"), TEXT)]
        link = view.link
        if link is None:
            lines.append((_("Dice tower: none configured ([tower] url)"), DIM))
        else:
            colour = ACCENT if link.state.value == "linked" else WARN
            lines.append((_("Dice tower: {state} on {url}").format(state=_(link.state.value), url=link.url), colour))
            lines.append(
                (
                    "  "
                    + _("frames {frames}, bad frames {bad}, reconnects {reconnects}").format(
                        frames=link.frames, bad=link.bad_frames, reconnects=link.reconnects
                    ),
                    DIM,
                )
            )
            lines.append(("  " + _("last roll: {roll}").format(roll=view.last_roll or _("none yet")), DIM))
            if link.last_error:
                lines.append(("  " + _("last error: {error}").format(error=link.last_error), WARN))
        panel = view.panel
        if panel is None:
            lines.append((_("Panel: no GPIO roles configured ([hardware])"), DIM))
        else:
            pins = ", ".join(f"{role} {pin}" for role, pin in panel.pins)
            lines.append((_("Panel pins: {pins}").format(pins=pins), DIM))
        lines.append((_("Journal: {journal}").format(journal=view.journal), DIM))
        unsaved: str = getattr(view.options.get("display"), "problem", None) or ""  # the last save's failure
        if unsaved:
            lines.append((_("Brightness and sound: {problem}").format(problem=unsaved), WARN))
        for notice in view.notices[-5:]:
            lines.append((notice, WARN))
        return lines


HEADING = 40  # px at unit 1: the new-game page's heading, or its message on two lines, above the buttons
MESSAGE_SIZES = (FLOOR_SIZE, SEATS_FLOOR)  # px at unit 1: a set-up problem or the confirming Start, on two lines
MESSAGE_LEAST = 18  # px at unit 1: a message no two lines at 27 px hold (the seats' test would name it)


def resume_label(game: Any) -> str:
    """The Resume button's words for a stored game."""
    return _("Resume {game}").format(game=drawable(game.name))


class NewGameScene(Scene):
    """Pick the game, then its set-up (Cthulhu Wars: map, players, options; Arkham Horror: the
    Ancient One and the number of investigators), then start; or resume a stored game."""

    name = "new"

    def layout(self, view: View) -> list[Button]:
        m = self.metrics
        arkham = view.options.get("game") == "arkham"
        area = self.body().inflate(-2 * m.margin, -2 * m.margin)
        area.y, area.height = area.y + m.px(HEADING), area.height - m.px(HEADING)
        games = grid(pygame.Rect(area.x, area.y, area.width, m.touch), 3, 3, m)
        buttons = [
            Button(games[0], _("Cthulhu Wars"), Toggle("game=cthulhu"), BUTTON if arkham else ACCENT),
            Button(games[1], _("Arkham Horror"), Toggle("game=arkham"), ACCENT if arkham else BUTTON),
            Button(games[2], _("Stored games"), Go("games")),  # every stored game: open, rename, archive, delete
        ]
        below = pygame.Rect(area.x, games[0].bottom + m.margin, area.width, area.bottom - games[0].bottom - m.margin)
        return buttons + (self.arkham(view, below) if arkham else self.cthulhu(view, below))

    @staticmethod
    def resume(view: View, rect: pygame.Rect, step: float = LINE_STEP) -> list[Button]:
        """Resume the most recent stored game, when there is one (``step``: its label's lines)."""
        return [Button(rect, resume_label(g), Resume(g.name), step=step) for g in view.games[:1]]

    def cthulhu(self, view: View, area: pygame.Rect) -> list[Button]:
        m, options = self.metrics, view.options
        if options.get("faction_picker"):
            return self.faction_picker(view, area)
        if options.get("card_picker"):
            return self.card_picker(view, area)
        if options.get("rules_picker"):
            return self.rules_picker(view, area)
        chosen = options.get("map", "")
        factions = tuple(options.get("factions", ()))
        players = len(factions)
        acolyte, dice, signs = (bool(options.get(key, False)) for key in ("acolyte", "physical_dice", "physical_signs"))
        rules = rules_chosen(options)
        seated = ", ".join(Faction(f).label for f in factions) or _("none yet")
        # Each row as tall as its labels need at the seats' size (27 px), wrapped rather than
        # shrunk; the maps get the room left (one row of them, paged, when two do not fit).
        label = _("Factions ({count}): {seated}").format(count=players, seated=seated)
        toggles = [
            (_("Acolyte: {state}").format(state=_("on") if acolyte else _("off")), Toggle("acolyte")),
            (_("Dice: {who}").format(who=_("real") if dice else _("companion")), Toggle("physical_dice")),
            (_("Elder Signs: {who}").format(who=_("real bag") if signs else _("companion")), Toggle("physical_signs")),
            (_("Transcribe a board"), Go("builder")),
        ]
        independents = tuple(options.get("cards", ()))
        on = sum(rules.values())
        count = _("Rules options: {count} on").format(count=on) if on else _("Rules options: none on")
        resumed = next((resume_label(g) for g in view.games[:1]), "")
        # (Start measured as its longer wording, so the row does not jump at the confirming tap.)
        last_row = [_("Start: tap again"), resumed, _("Independents ({count})").format(count=len(independents)), count]
        cell = cell_width(area, 4, m)
        tall = [
            max(m.touch, button_height(label, area.width, m, step=TIGHT_STEP, largest=True)),
            max([m.touch, *(button_height(words, cell, m, step=TIGHT_STEP, largest=True) for words, _intent in toggles)]),
            max([m.touch, *(button_height(words, cell, m, step=TIGHT_STEP, largest=True) for words in last_row)]),
        ]
        below_height = sum(tall) + 3 * m.margin
        buttons, bottom = self.maps(view, area, chosen, area.height - below_height)
        row = pygame.Rect(area.x, bottom + m.margin, area.width, tall[0])
        buttons.append(Button(row, label, Toggle("faction_picker"), step=TIGHT_STEP))
        more = grid(pygame.Rect(area.x, row.bottom + m.margin, area.width, tall[1]), 4, 4, m, tall[1])
        buttons += [Button(rect, words, intent, step=TIGHT_STEP) for rect, (words, intent) in zip(more, toggles, strict=True)]
        bar = pygame.Rect(area.x, more[0].bottom + m.margin, area.width, tall[2])
        start, resume, cards, more_rules = grid(bar, 4, 4, m, tall[2])
        ready = bool(chosen) and MIN_PLAYERS <= players <= MAX_PLAYERS
        intent = Start(
            chosen,
            players,
            acolyte,
            dice,
            signs,
            factions,
            independents,
            rules["bubastis_variant"],
            rules["neutral_spellbooks"],
            rules["high_priests"],
            rules["opener_ten_gates"],
        )
        # Two lines at 27 px in a fingertip's height (the font's own line height).
        buttons.append(Button(start, self.start_label(view, intent), intent, ACCENT, enabled=ready, step=TIGHT_STEP))
        buttons.append(Button(cards, last_row[2], Toggle("card_picker"), step=TIGHT_STEP))
        buttons.append(Button(more_rules, count, Toggle("rules_picker"), step=TIGHT_STEP))
        return buttons + self.resume(view, resume, TIGHT_STEP)

    def rules_picker(self, view: View, area: pygame.Rect) -> list[Button]:
        """The rules options, each a toggle saying its state in words (the Opener's 10 gates only
        with the Opener seated and 4 players, the Bubastis variant only with Bubastis seated);
        Done goes back."""
        options = view.options
        factions = tuple(options.get("factions", ()))
        rules = rules_chosen(options)

        def state(key: str) -> str:
            return _("on") if rules[key] else _("off")

        shown = [
            ("acolyte", _("Astral Acolyte: {state}").format(state=state("acolyte"))),
            ("neutral_spellbooks", _("Neutral Spellbooks: {state}").format(state=state("neutral_spellbooks"))),
            ("high_priests", _("High Priests: {state}").format(state=state("high_priests"))),
        ]
        if opener_applies(factions):
            opener = _("Opener 10 gates with 4 players: {state}").format(state=state("opener_ten_gates"))
            shown.append(("opener_ten_gates", opener))
        if Faction.BUBASTIS.value in factions:
            books = "Syzygy, Carnivore" if rules["bubastis_variant"] else "Catabolism, Ailurophobia"  # as printed
            variant = _("Bubastis variant: {state} ({books})").format(state=state("bubastis_variant"), books=books)
            shown.append(("bubastis_variant", variant))
        m = self.metrics
        columns = 1 if m.portrait else 2  # long labels: wide buttons
        rows = -(-(len(shown) + 1) // columns)
        tall = max(m.touch, min(m.touch * 3 // 2, (area.height - (rows - 1) * m.margin) // rows))  # room for two lines
        width = (area.width - (columns - 1) * m.margin) // columns
        rects = [
            pygame.Rect(area.x + col * (width + m.margin), area.y + row * (tall + m.margin), width, tall)
            for row, col in (divmod(n, columns) for n in range(len(shown) + 1))
        ]
        buttons = [
            Button(rect, label, Toggle(key), ACCENT if rules[key] else BUTTON)
            for rect, (key, label) in zip(rects, shown, strict=False)
        ]
        buttons.append(Button(rects[-1], _("Done"), Toggle("rules_picker"), ACCENT))
        return buttons

    def faction_picker(self, view: View, area: pygame.Rect) -> list[Button]:
        """Tap the factions in seat order round the table (tap again to unseat); Done goes back."""
        m = self.metrics
        seated = list(view.options.get("factions", ()))
        choices = [f for f in Faction if f is not Faction.OTHER]
        rects = grid(area, len(choices) + 1, 2 if m.portrait else 3, m)
        buttons = []
        for rect, faction in zip(rects, choices, strict=False):
            seat = f"{seated.index(faction.value) + 1}. " if faction.value in seated else ""
            colour = ACCENT if seat else BUTTON
            buttons.append(Button(rect, f"{seat}{faction.label}", Toggle(f"faction={faction.value}"), colour))
        buttons.append(Button(rects[-1], _("Done"), Toggle("faction_picker"), ACCENT))
        return buttons

    def card_picker(self, view: View, area: pygame.Rect) -> list[Button]:
        """Tap the independent Great Old Ones and neutral monsters in the game (tap again to leave
        one out); Done goes back."""
        chosen = tuple(view.options.get("cards", ()))
        rects = grid(area, len(CARDS) + 1, 2 if self.metrics.portrait else 3, self.metrics)
        buttons = [
            Button(rect, card, Toggle(f"card={card}"), ACCENT if card in chosen else BUTTON)
            for rect, card in zip(rects, CARDS, strict=False)
        ]
        buttons.append(Button(rects[-1], _("Done"), Toggle("card_picker"), ACCENT))
        return buttons

    def maps(self, view: View, area: pygame.Rect, chosen: str, room: int) -> tuple[list[Button], int]:
        """The playable maps and the broken ones (greyed, not choosable: ``companion map list``
        says what is wrong), two rows at a time (four on a tall screen, whose room is in height;
        one where ``room`` px hold no more; "More maps" turns the page); the y below them."""
        m = self.metrics
        playable = [info for info in view.maps if info.status.value != "partial" or getattr(info, "broken", False)]
        columns, rows = (2, 4) if m.portrait else (4, 2)
        rows = max(1, min(rows, (room + m.margin) // (m.touch + m.margin)))
        per_page = rows * columns
        if len(playable) > per_page:
            per_page -= 1  # the last place turns the page
        pages = max(1, -(-len(playable) // per_page))
        page = int(view.options.get("maps_page", 0)) % pages
        shown = playable[page * per_page : (page + 1) * per_page]
        rects = grid(area, rows * columns, columns, m)
        buttons = [self.map_button(rect, info, chosen) for rect, info in zip(rects, shown, strict=False)]
        if pages > 1:
            buttons.append(
                Button(
                    rects[-1],
                    _("More maps ({page}/{pages})").format(page=page + 1, pages=pages),
                    Toggle(f"maps_page={(page + 1) % pages}"),
                )
            )
        return buttons, rects[-1].bottom

    @staticmethod
    def map_button(rect: pygame.Rect, info: Any, chosen: str) -> Button:
        name = drawable(info.name)  # a file's name
        if getattr(info, "broken", False):
            return Button(rect, _("{map} (broken)").format(map=name), Toggle(f"map={info.name}"), BUTTON, enabled=False)
        return Button(rect, name, Toggle(f"map={info.name}"), ACCENT if info.name == chosen else BUTTON)

    def arkham(self, view: View, area: pygame.Rect) -> list[Button]:
        from companion.engine.arkham.data import ANCIENT_ONES, MAX_INVESTIGATORS  # when Arkham is chosen, not at start

        m = self.metrics
        chosen = view.options.get("ancient_one", "")
        players = int(view.options.get("investigators", 2))
        names = sorted(ANCIENT_ONES)
        labels = [f"{name} ({ANCIENT_ONES[name]})" for name in names]
        ones = fitted_grid(area, labels, 2 if m.portrait else 4, m)  # a name at 27 px, on two lines if it must
        buttons = [
            Button(rect, f"{name} ({ANCIENT_ONES[name]})", Toggle(f"ancient_one={name}"), ACCENT if name == chosen else BUTTON)
            for rect, name in zip(ones, names, strict=True)
        ]
        below = pygame.Rect(area.x, ones[-1].bottom + m.margin, area.width, area.height)
        buttons += self.counts(below, range(1, MAX_INVESTIGATORS + 1), players, key="investigators")
        draws = bool(view.options.get("table_draws", False))
        start, resume, table = grid(pygame.Rect(below.x, below.y + m.touch + m.margin, below.width, below.height), 4, 4, m)[:3]
        buttons.append(
            Button(table, _("Draws: {who}").format(who=_("the table") if draws else _("companion")), Toggle("table_draws"))
        )
        intent = StartArkham(chosen, players, draws)
        buttons.append(Button(start, self.start_label(view, intent), intent, ACCENT, enabled=bool(chosen)))
        return buttons + self.resume(view, resume)

    @staticmethod
    def start_label(view: View, intent: Any) -> str:
        """ "Start", or, when this Start was tapped once with a game in play, the confirming tap."""
        return _("Start: tap again") if view.options.get("confirm") == intent else _("Start")

    @staticmethod
    def message(view: View) -> tuple[str, tuple[int, int, int]]:
        """What the screen must say above its buttons: what is wrong with the set-up (and what to
        change), or that Start replaces the game in play; ("", colour) when nothing."""
        problem = str(view.options.get("problem", ""))
        if problem:
            return problem, WARN
        if view.options.get("confirm") is not None:
            return _("A game is in play: it stays stored (Resume brings it back). Tap Start again to begin the new one."), ACCENT
        return "", TEXT

    def counts(self, row: pygame.Rect, numbers: range, chosen: int, key: str = "players") -> list[Button]:
        rects = grid(row, 8, 8, self.metrics)
        return [
            Button(rect, str(n), Toggle(f"{key}={n}"), ACCENT if n == chosen else BUTTON)
            for n, rect in zip(numbers, rects, strict=False)
        ]

    def draw(self, surface: pygame.Surface, view: View) -> None:
        m = self.metrics
        arkham = view.options.get("game") == "arkham"
        heading = _("New game: Ancient One (doom track), investigators") if arkham else _("New game: map, factions, options")
        if not arkham and view.options.get("faction_picker"):
            heading = _("Tap the factions in seat order round the table")
        elif not arkham and view.options.get("rules_picker"):
            heading = _("Rules options: tap one to turn it on or off")
        elif not arkham and view.options.get("card_picker"):  # which are in said in words, not by colour alone
            heading = _("Tap the independent Great Old Ones and neutral monsters in the game: lit ones are in")
        elif not arkham:
            rules = rules_chosen(view.options)
            on = [_(name) for key, name in RULES if rules[key]]
            if on:  # what the Start button will start with, said where the heading was
                heading = _("Rules options on: {rules}").format(rules=", ".join(on))
        words, colour = self.message(view)
        width = m.width - 2 * m.margin
        if not words and width_of(heading, m.px(SEATS_FLOOR), True) > width:
            words, colour = heading, TEXT  # a long list of rules options on: wrapped, as a message is
        if words:  # in the heading's place, where the players are looking: two lines at 27 or 28 px
            room = m.px(HEADING) + m.margin  # down to the first row of buttons (two lines at 28 px fit)
            size = wrapped_size(words, [m.px(s) for s in (*MESSAGE_SIZES, MESSAGE_LEAST)], width, 2)
            lines = wrap(words, size, width)
            step = round(size * TIGHT_STEP) if size >= m.px(SEATS_FLOOR) else round(size * 1.05)
            y = max(2, room - m.margin // 2 - (len(lines) - 1) * step - font(size).get_linesize())
            paragraph(surface, words, (m.margin, y), size, width, len(lines), colour, step=step / size)
        else:
            size = fit(heading, (m.px(FLOOR_SIZE), m.px(SEATS_FLOOR)), width, True)
            text(surface, heading, (m.margin, m.margin), size, bold=True, width=width)
        super().draw(surface, view)
