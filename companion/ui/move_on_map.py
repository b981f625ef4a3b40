"""The Move composer's destinations on the map (issue 33, section 5).

While the Move composer is open beside the map, every area the units picked may go to now is
ringed, and a tap on it sends the Move its "-> Area" button sends (the same command, with the
groups gathered so far).  A tap on any other area says why it is no destination (the engine's
own sentence where it refuses the Move) and changes nothing.  "+ group" stays a button beside
each destination in the composer's list (docs/ui.md says why).

The destinations are the composer's own (:meth:`TurnPanel.move_destinations`), each kept only
where the engine takes the whole Move there, so a ring never promises what the table refuses.
"""

from __future__ import annotations

from typing import Any

from companion.engine import Command, Rejected, apply
from companion.engine.cthulhu.model import GameState
from companion.i18n import _, sentence
from companion.ui.scene import Submit
from companion.ui.turn_panel import Local, TurnPanel

REFUSE = "not_there"  # the panel-only intent of an area that is no destination (its index the argument)


def composing(panel: TurnPanel, state: GameState) -> bool:
    """Whether ``panel`` shows the Move composer for the decision up now."""
    d = panel.draft
    return panel.active(state) and d.step == state.step and d.area >= 0 and d.sub == "move"


class MoveOnMap:
    """The destinations of the Move ``panel`` composes, for the map beside it (one per map
    scene: the layout and the drawing both ask every frame, so they are worked out once per
    state and draft)."""

    def __init__(self, panel: TurnPanel) -> None:
        self.panel = panel
        self._known: tuple[Any, Any, dict[int, Command]] = (None, None, {})  # state, draft's Move so far, found

    def targets(self, state: GameState) -> dict[int, Command]:
        """Each area the units picked may go to now (by index, in the composer's order: the area
        they are brought toward, the neighbours, the rest) and the Move a tap on it sends; {} when
        the composer is not open or no unit is picked."""
        panel = self.panel
        if not composing(panel, state):
            return {}
        d = panel.draft
        key = (d.area, tuple(sorted(d.picks.items())), tuple(d.pending), d.numbers.get("toward", -1))
        if self._known[0] is state and self._known[1] == key:
            return self._known[2]
        found: dict[int, Command] = {}
        if any(d.picks.values()):
            for j in panel.move_destinations(state):
                move = panel.move_command(state, panel.groups_to(state, j))
                if panel.legal(state, move):  # (a one-unit Move: found in the engine's list, else asked)
                    found[j] = move
        self._known = (state, key, found)
        return found

    def intent(self, state: GameState, area: int) -> Any:
        """What a tap on ``area``'s circle asks for while the composer is open: the destination's
        Move, or the notice that it is none."""
        found = self.targets(state)
        return Submit(found[area]) if area in found else Local(REFUSE, area)

    def why_not(self, state: GameState, area: int) -> str:
        """Why ``area`` is no destination of the units picked, in a sentence for the map's heading."""
        panel, d = self.panel, self.panel.draft
        if area == d.area:  # the area the units leave (the panel's title names it)
            return _("Tap a lit area to move the units there")
        if not any(d.picks.values()):
            return _("Pick the units to move first")
        result = apply(state, panel.move_command(state, panel.groups_to(state, area)))
        if isinstance(result, Rejected):
            return sentence(result.says or result.message)
        return _("{area} is not offered for this Move: tap a lit area").format(area=state.area_name(area))
