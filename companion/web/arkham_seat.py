"""An Arkham Horror seat's page: an investigator's own choices and what it sees (pure).

The Arkham engine lists no legal commands (its phase is one command, the Mythos, and the rest is
what the table resolved between phases), so an investigator's choices are found here as the
touchscreen's Arkham screen offers them, each kept only where the engine accepts it now (``apply``
on the state in play, which is pure):

- where the investigator stands now (a place in Arkham, an Other World, Lost in Time and Space);
- its Sneak (the lowest is what flying monsters and the Hound pick);
- the choice the next Mythos card gives it: a Clue appearing where several investigators stand,
  one of them takes it (companion/engine/arkham/decisions.py); a phone's "take it" draws that
  card with the Clue given to its investigator, as the touchscreen's menu does.
"""

from __future__ import annotations

from typing import Any

from companion.engine import Accepted, Command
from companion.engine.arkham import model as am
from companion.engine.arkham.decisions import ClueChoice, next_decision
from companion.engine.arkham.game import PLACES, apply
from companion.i18n import _

# The places offered in the order a person looks for them: Arkham's, then the Other Worlds, Lost.
ORDER = sorted(PLACES)


def investigator(state: am.ArkhamState, seat: str) -> am.Investigator | None:
    return next((i for i in state.investigators if i.name == seat), None)


def clue_choice(state: am.ArkhamState) -> ClueChoice | None:
    """The Clue choice the next Mythos card leaves the players, when it is the first thing it asks
    (a surge's placement first is the first player's, on the touchscreen)."""
    if state.awakened or state.table_draws:
        return None
    decision = next_decision(state, am.Mythos())
    return decision if isinstance(decision, ClueChoice) else None


def commands(state: am.ArkhamState, seat: str) -> list[Command]:
    """Every command concerning ``seat``'s investigator that the engine accepts now: the card's
    choice first, then its Sneak, then where it may stand."""
    found = investigator(state, seat)
    if found is None or state.awakened:
        return []
    wanted: list[Command] = []
    choice = clue_choice(state)
    if choice is not None and seat in choice.names:
        wanted.append(am.Mythos(clue_to=seat))
    wanted += [am.SetSneak(seat, sneak) for sneak in range(am.MAX_SNEAK + 1) if sneak != found.sneak]
    wanted += [am.MoveInvestigator(seat, place) for place in ORDER if place != found.place]
    return [command for command in wanted if isinstance(apply(state, command), Accepted)]


def label(command: Command) -> str:
    """An investigator's choice in a button's words."""
    if isinstance(command, am.MoveInvestigator):
        return _("Go to {place}").format(place=command.place)
    if isinstance(command, am.SetSneak):
        return _("Set Sneak to {sneak}").format(sneak=command.sneak)
    if isinstance(command, am.Mythos) and command.clue_to:
        return _("Take the Clue (draws the Mythos card)")
    return type(command).__name__


def public(state: am.ArkhamState) -> dict[str, Any]:
    """The Mythos state everyone sees: doom and terror, the cards in play, gates and seals,
    monsters by place, closed places and markers, and each investigator."""
    return {
        "game": "arkham",
        "title": f"Arkham Horror: {state.ancient_one}",
        "doom": {"at": state.doom, "track": state.doom_track},
        "terror": state.terror,
        "environment": state.environment,
        "rumor": state.rumor,
        "rumor_track": state.rumor_track,
        "mythos_phases": state.mythos_phases,
        "gates": [f"{g.location} → {g.world}" for g in state.gates],
        "seals": list(state.seals),
        "monsters": [f"{m.kind} ({m.place})" for m in state.monsters],
        "closed": [*state.closed, *(x.place for x in state.card_markers if x.kind is am.MarkerKind.CLOSED)],
        "activity": list(state.activity),
        "investigators": [_public_investigator(i) for i in state.investigators],
        "awakened": state.awakened,
    }


def _public_investigator(i: am.Investigator) -> dict[str, Any]:
    return {
        "name": i.name,
        "place": i.place,
        "clues": i.clues,
        "sneak": i.sneak,
        "delayed": i.delayed,
        "standing": str(i.standing),
    }


def sheet(state: am.ArkhamState, seat: str) -> list[str]:
    """The investigator's own lines: where, its Clues and Sneak, and what shares its place."""
    found = investigator(state, seat)
    if found is None:
        return []
    lines = [f"At {found.place or '(not placed yet)'}", f"Clues {found.clues}", f"Sneak {found.sneak}"]
    if found.delayed:
        lines.append("Delayed")
    if not found.playing:
        lines.append(f"Off the board ({found.standing})")
    gate = state.gate_at(found.place) if found.place else None
    if gate is not None:
        lines.append(f"A gate here, to {gate.world}")
    here = [m.kind for m in state.monsters if m.place == found.place]
    if here:
        lines.append("Monsters here: " + ", ".join(here))
    choice = clue_choice(state)
    if choice is not None and seat in choice.names:
        lines.append(f"The next Mythos card puts a Clue at {choice.location}: you may take it")
    return lines
