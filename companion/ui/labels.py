"""Short words for commands on buttons ("Recruit in Asia", "Move Acolyte: Africa -> Europe")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine import Command, tag_of, to_data
from companion.engine.cthulhu.model import Faction, PromptKind
from companion.i18n import N_, _, sentence
from companion.narrate import named

# A prompt's headline, short: the table names the actor beside it and the engine's sentence follows;
# the map's heading says it after the actor's name where the whole question does not fit its line.
HEADLINES = {
    PromptKind.START_AREA: N_("Start area"),
    PromptKind.FIRST_PLAYER: N_("First player"),
    PromptKind.DIRECTION: N_("Direction"),
    PromptKind.RITUAL: N_("Ritual?"),
    PromptKind.ACTION: N_("Tap an area"),
    PromptKind.ROLL: N_("Roll the dice"),
    PromptKind.ELDER_SIGN_VALUE: N_("Elder Sign"),
    PromptKind.PLACE: N_("Place a unit"),
    PromptKind.CHOOSE: N_("Choose"),
    PromptKind.OATH: N_("The Oath"),
    PromptKind.WATCHER_MOVE: N_("Move the Watcher"),
    PromptKind.WATCHER_TARGET: N_("Watcher's target"),
    PromptKind.COMBAT_DICE: N_("Combat dice"),
    PromptKind.ACOLYTE: N_("The Acolyte"),
    PromptKind.GLACIER: N_("A glacier"),
    PromptKind.JOIN: N_("Enter the board"),
    PromptKind.ASSIGN_KILL: N_("Assign a Kill"),
    PromptKind.ASSIGN_PAIN: N_("Assign a Pain"),
    PromptKind.RETREAT: N_("Retreat to"),
    PromptKind.SPELLBOOK: N_("Pick a Spellbook"),
    PromptKind.ABILITY: N_("Decide"),
}


def label(command: Command) -> str:
    """A command's words on a button, every faction named (never its id)."""
    return named(_label(command))


def _label(command: Command) -> str:
    data = to_data(command)
    kind = tag_of(command)
    special = _LABELS.get(kind)
    if special is not None:
        return special(data)
    area = data.get("area") or data.get("first") or data.get("direction") or data.get("target") or ""
    words = _(_TAGS[kind]) if kind in _TAGS else kind.replace("_", " ").capitalize()  # else a rule's name
    return f"{words} {area}".strip()


def _who(pid: str) -> str:
    """A player by its id as the table names it: a faction's label ("Opener of the Way")."""
    return Faction(pid).label if pid in Faction._value2member_map_ else pid.replace("_", " ").title()


def _move(data: dict[str, Any]) -> str:
    """ "Move Acolyte: Africa -> Europe", "+ 2 more" when more groups move; the older form with
    one ``to`` for all ``units`` is read too (journals keep it)."""
    groups = data["groups"] or [{**unit, "to": data["to"]} for unit in data["units"]]
    if not groups:
        return _("Move the Astral Acolyte -> {area}").format(area=data["acolyte_to"] or data["to"])
    first = groups[0]
    more = _(" + {count} more").format(count=len(groups) - 1) if len(groups) > 1 else ""
    return _("Move {unit}: {area} -> {to}{more}").format(
        unit=first["name"] or first["kind"], area=first["area"], to=first["to"], more=more
    )


_LABELS: dict[str, Callable[[dict[str, Any]], str]] = {
    "pass": lambda d: _("Pass"),
    "ritual": lambda d: _("Perform the ritual"),
    "skip_ritual": lambda d: _("No ritual"),
    "recruit": lambda d: (_("Recruit a High Priest in {area}") if d.get("unit") else _("Recruit in {area}")).format(
        area=d["area"]
    ),
    "sacrifice_high_priest": lambda d: _("Unspeakable Oath: the High Priest in {area}").format(area=d["area"]),
    "keep_high_priest": lambda d: _("Keep the High Priest"),
    "build_gate": lambda d: _("Build a gate in {area}").format(area=d["area"]),
    "summon": lambda d: _("Summon {unit} in {area}").format(unit=d["name"], area=d["area"]),
    "control_gate": lambda d: _("Control the gate in {area}").format(area=d["area"]),
    "move": _move,
    "choose_direction": lambda d: _(
        {"clockwise": N_("Clockwise"), "counterclockwise": N_("Counterclockwise")}.get(str(d["direction"]), str(d["direction"]))
    ),
    "choose_first_player": lambda d: _who(str(d["first"])),
    "choose_start": lambda d: str(d["area"]),
    "watcher_move": lambda d: str(d["area"]),
    "watcher_target": lambda d: _who(str(d["target"])),
    "place_worm": lambda d: str(d["area"]),
    "place_acolyte": lambda d: str(d["area"]),
    "place_glacier": lambda d: str(d["area"]),
    "reveal_elder_sign": lambda d: _("Worth {value}").format(value=d["value"]),
    "combat_dice": lambda d: str(d["dice"]),
    "begin_play": lambda d: _("Begin play"),
    "capture": lambda d: (_("Capture {unit} of {player} in {area}") if d.get("unit") else _("Capture {player} in {area}")).format(
        unit=d.get("unit"), player=_who(str(d["victim"])), area=d["area"]
    ),
    "battle": lambda d: _("Battle {player} in {area}").format(
        player=str(d["defender"]).replace("_", " ").title(), area=d["area"]
    ),
    "assign_kill": lambda d: _("Kill: {unit}").format(unit=d["unit"]),
    "assign_pain": lambda d: _("Pain: {unit}").format(unit=d["unit"]),
    "choose_retreat": lambda d: _("Retreat to {area}").format(area=d["area"]),
    # An ability's answer and a Spellbook are named by the choice itself ("Acolyte: Asia -> Europe",
    # "Undimensioned"): every button of the prompt read "Use the ability" alike.
    "use_ability": lambda d: str(d["choice"]),
    "choose_spellbook": lambda d: str(d["name"]) or _("Choose a Spellbook"),
    "recriminations": lambda d: _("Recriminations: discard {book}").format(book=d["book"] or "?"),
}

# The other commands' words; a tag not here is a faction ability's or Spellbook's name (a rule name,
# which stays as the rules print it).
_TAGS = {
    "roll": N_("Roll"),
    "awaken": N_("Awaken"),
    "ability_move": N_("Move"),
    "place_marker": N_("Place a marker"),
    "remove_marker": N_("Remove a marker"),
    "abandon_gate": N_("Abandon the gate"),
    "gain_spellbook": N_("Take a Spellbook"),
    "eliminate": N_("Eliminate"),
    "retreat": N_("Retreat"),
    "place": N_("Place"),
    "set_gate": N_("Set the gate"),
    "correct": N_("Correct"),
    "undo": N_("Undo"),
    "redo": N_("Redo"),
    "battle_watcher": N_("Battle the Watcher"),
    "give_doom": N_("Give Doom"),
    "pay_for_spellbook": N_("Pay for a Spellbook"),
    "choose_spellbook": N_("Choose a Spellbook"),
    "use_ability": N_("Use the ability"),
    "sacrifice_cultists": N_("Sacrifice Cultists"),
    # The generic types a list can hold many of (a button "Start area (15)" opens them):
    "choose_start": N_("Start area"),
    "choose_retreat": N_("Retreat"),
    "choose_direction": N_("Direction"),
    "choose_first_player": N_("First player"),
    "assign_kill": N_("Assign a Kill"),
    "assign_pain": N_("Assign a Pain"),
    "combat_dice": N_("Combat dice"),
    "recruit": N_("Recruit"),
    "summon": N_("Summon"),
    "build_gate": N_("Build a gate"),
    "control_gate": N_("Control the gate"),
    "battle": N_("Battle"),
    "capture": N_("Capture a Cultist"),
    "move": N_("Move"),
    "pass": N_("Pass"),
    "ritual": N_("Ritual"),
    "skip_ritual": N_("No ritual"),
    "reveal_elder_sign": N_("Reveal an Elder Sign"),
    "awaken_independent": N_("Awaken"),
    "awaken_in_doom_phase": N_("Awaken"),
    "watcher_move": N_("Move the Watcher"),
    "watcher_target": N_("The Watcher's target"),
    "place_acolyte": N_("Place the Astral Acolyte"),
    "place_worm": N_("Place a Worm"),
    "place_glacier": N_("Place a Glacier"),
    "place_filth": N_("Place Filth"),
    "keep_high_priest": N_("Keep the High Priest"),
    "sacrifice_high_priest": N_("Sacrifice a High Priest"),
    "take_loyalty_card": N_("Take a Loyalty Card"),
}


def type_words(tag: str) -> str:
    """A command type's words by its journal tag ("Dematerialize", "Take a Spellbook"): a rule's
    name where the catalogue has no words for it."""
    return _(_TAGS[tag]) if tag in _TAGS else tag.replace("_", " ").capitalize()


def prompt_words(text: str) -> str:
    """The engine's question ``text`` in the table's language: the engine writes it with
    ``say(template, **values)`` (companion/engine/says.py), so its template is in the catalogue
    and :func:`companion.i18n.sentence` finds it (as it is when its form is unknown); a faction's
    id in it is its name (companion.narrate.named)."""
    return named(sentence(text))
