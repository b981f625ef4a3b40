"""Events in words, for the terminal demo, the log screen and journald.

:func:`describe` gives one sentence per event (or None for events too small to tell).  Player
ids are shown by their labels in ``names`` when given (``great_cthulhu`` -> "Great Cthulhu").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.engine import Event, tag_of, to_data
from companion.engine.cthulhu.corrections import BY_HAND

_BY_HAND = frozenset({"units_placed", "units_removed", "gate_changed", "marker_changed", "elder_sign_drawn"})
Formatter = Callable[[dict[str, Any], Callable[[str], str]], str | None]


def _parts(parts: list[dict[str, Any]]) -> str:
    return ", ".join(f"{p['amount']} {p['label']}" for p in parts) or "nothing"


def _units(d: dict[str, Any]) -> str:
    return f"{d['count']} {d['name']}"


def _wake_cause(d: dict[str, Any], n: Callable[[str], str]) -> str:
    if d["cause"] == "die":
        return "the pyramid die"
    return f"{n(d['player'])}'s Doom passed 12" if d["player"] else "a player's Doom passed 12"


def _gate_words(gate: str, n: Callable[[str], str]) -> str:
    return {"none": "none", "abandoned": "abandoned, removed"}.get(gate, f"{n(gate)}'s, removed")


def _eradicated_words(d: dict[str, Any], n: Callable[[str], str]) -> str:
    parts = [f"{d['area'].upper()} IS ERADICATED (Worm {d['worm']}). Gate: {_gate_words(d['gate'], n)}"]
    if d["markers"]:
        parts.append("removed: " + ", ".join(d["markers"]))
    if d["units"]:
        parts.append("eliminated: " + ", ".join(f"{u['amount']} of {n(u['label'])}" for u in d["units"]))
    rewards = "; ".join(_reward_words(r, n) for r in d["rewards"]) or "none"
    return "; ".join(parts) + f"; rewards: {rewards}."


def _card_marker_words(d: dict[str, Any], marker: str) -> str:
    """A marker an Arkham card puts on (or takes off) a place, e.g. "Place a closed marker on ..."."""
    return f"{'Place' if d['placed'] else 'Remove'} {marker} marker {'on' if d['placed'] else 'from'} {d['place']} ({d['card']})."


_AT = ("gate", "clues", "seal", "closed marker", "activity marker")  # facts of a place: "... at Woods"


def _correction_words(d: dict[str, Any]) -> str:
    """An Arkham correction, e.g. "Correction: doom 4 -> 3 (an Elder Sign card)."."""
    subject = d["subject"]
    what = f"{d['fact']} at {subject}" if subject and d["fact"] in _AT else f"{d['fact']} {subject}".strip()
    why = f" ({d['reason']})" if d["reason"] else ""
    return f"Correction: {what}: {d['old']} -> {d['new']}{why}."


def _reward_words(r: dict[str, Any], n: Callable[[str], str]) -> str:
    parts = [
        f"{r[key]} {label}" for key, label in (("power", "Power"), ("elder_signs", "Elder Sign(s)"), ("doom", "Doom")) if r[key]
    ]
    return f"{n(r['player'])} +{', +'.join(parts)}"


_FORMATS: dict[str, Formatter] = {
    "game_started": lambda d, n: f"A game on {d['board']} begins for {', '.join(n(p) for p in d['players'])} (seed {d['seed']}).",
    "start_chosen": lambda d, n: f"{n(d['player'])} starts in {d['area']}.",
    "direction_chosen": lambda d, n: f"{n(d['player'])} sets play {d['direction']}.",
    "phase_started": lambda d, n: f"-- Round {d['round']}: {d['phase'].replace('_', ' ').title()} --",
    "power_gathered": lambda d, n: f"{n(d['player'])} gathers {d['total']} Power ({_parts(d['parts'])}).",
    "first_player_chosen": lambda d, n: (
        f"{n(d['player'])} is the first player"
        + (f" (tied with {', '.join(n(p) for p in d['tied'] if p != d['player'])})." if d["tied"] else ".")
    ),
    "doom_gained": lambda d, n: f"{n(d['player'])} gains {d['amount']} Doom from {d['reason']} (now {d['total']}).",
    "ritual_performed": lambda d, n: (
        f"{n(d['player'])} performs the Ritual of Annihilation for {d['cost']} Power"
        + (" and the track reaches INSTANT DEATH." if d["instant_death"] else ".")
    ),
    "ritual_skipped": lambda d, n: f"{n(d['player'])} does not perform a ritual.",
    "elder_sign_drawn": lambda d, n: f"{n(d['player'])} draws a hidden Elder Sign ({d['reason']}).",
    "elder_sign_revealed": lambda d, n: f"{n(d['player'])} reveals an Elder Sign worth {d['value']}.",
    "power_spent": lambda d, n: None,
    "units_placed": lambda d, n: f"{n(d['owner'])}: {_units(d)} {d['reason']} in {d['area']}.",
    "units_removed": lambda d, n: f"{n(d['owner'])}: {_units(d)} {d['reason']} in {d['area']}.",
    "units_moved": lambda d, n: f"{n(d['owner'])} moves {_units(d)} from {d['source']} to {d['to']}.",
    "gate_changed": lambda d, n: (
        f"Gate in {d['area']}: "
        + {"none": "removed", "abandoned": "abandoned"}.get(d["state"], f"controlled by {n(d['state'])}")
        + f" ({d['reason']})."
    ),
    "spellbook_gained": lambda d, n: (
        f"{n(d['player'])} gains a spellbook{' ' + d['name'] if d['name'] else ''} ({d['total']} of 6)."
    ),
    "captured": lambda d, n: f"{n(d['player'])} captures a cultist of {n(d['victim'])} in {d['area']}.",
    "turn_started": lambda d, n: None,
    "passed": lambda d, n: f"{n(d['player'])} passes.",
    "battle_declared": lambda d, n: f"{n(d['attacker'])} attacks {n(d['defender'])} in {d['area']}.",
    "dice_rolled": lambda d, n: f"Dice ({d['purpose']}, {d['source']}): {' '.join(map(str, d['values']))}.",
    "battle_rolled": lambda d, n: (
        f"Battle in {d['area']}: {n(d['attacker'])} rolls {d['attacker_kills']} Kill(s) and "
        f"{d['attacker_pains']} Pain(s); {n(d['defender'])} rolls {d['defender_kills']} Kill(s) and "
        f"{d['defender_pains']} Pain(s)."
    ),
    "combat_computed": lambda d, n: (
        f"{n(d['player'])} rolls {d['dice']} combat dice in {d['area']}"
        + (" (given by the table)." if d["given"] else f" ({_parts(d['parts'])}).")
    ),
    "hit_taken": lambda d, n: (
        f"{n(d['player'])}'s {d['unit']} in {d['area']} takes a {d['hit'].title()}"
        + (" and is eliminated." if d["hit"] == "kill" else " and must retreat.")
    ),
    "battle_ended": lambda d, n: f"The battle in {d['area']} between {n(d['attacker'])} and {n(d['defender'])} is over.",
    "corrected": lambda d, n: f"Correction: {n(d['player'])}'s {d['counter']} {d['old']} -> {d['new']}.",
    "end_triggered": lambda d, n: f"The end is triggered ({d['reason'].replace('_', ' ')}): the game ends {d['when']}.",
    "game_ended": lambda d, n: (
        f"GAME OVER ({d['reason']}). "
        + (f"Winner: {' and '.join(n(p) for p in d['winners'])}." if d["winners"] else "Nobody wins: humanity survives.")
        + " Standings: "
        + ", ".join(f"{n(p['label'])} {p['amount']}" for p in d["standings"])
        + "."
    ),
    "watcher_awakened": lambda d, n: f"THE WATCHER AWAKENS ({_wake_cause(d, n)}) on {d['area']}, token at {d['token']}.",
    "watcher_wake_pending": lambda d, n: (
        f"{n(d['player'])}'s Doom passed the dark Watcher token: the Watcher wakes at the next Doom Phase."
    ),
    "watcher_stays_asleep": lambda d, n: f"The Watcher stays asleep: {d['reason']}.",
    "watcher_decayed": lambda d, n: f"The Watcher decays by {d['roll']}: token at {d['token']}.",
    "watcher_token_changed": lambda d, n: f"Watcher token {d['old']} -> {d['new']} ({d['reason']}).",
    "watcher_killed": lambda d, n: f"THE WATCHER IS KILLED by {d['cause']} in {d['area']}: token dark, back at 12.",
    "watcher_attack_started": lambda d, n: (
        f"{n(d['controller'])} sends the Watcher from {d['source']} to attack {d['destination']}."
    ),
    "watcher_battled": lambda d, n: (
        f"The Watcher rolls {d['watcher_dice']} dice against {n(d['defender'])} in {d['area']}: "
        f"{d['watcher_kills']} Kill(s), {d['watcher_pains']} Pain(s) to assign; {n(d['defender'])} rolls "
        f"{d['defender_kills']} Kill(s) (token {d['token']})."
    ),
    "watcher_attacks_ended": lambda d, n: f"The Watcher's attacks end: {d['reason']}.",
    "worm_placed": lambda d, n: (f"{n(d['player'])} places" if d["player"] else "Set-up:") + f" Worm {d['worm']} in {d['area']}.",
    "worms_degraded": lambda d, n: (
        f"Worm degradation dice: {' '.join(map(str, d['values']))}; "
        + (f"Worm(s) {', '.join(map(str, d['matched']))} strike." if d["matched"] else "no Worm matches.")
    ),
    "area_eradicated": _eradicated_words,
    "worm_placement_ended": lambda d, n: f"No more Worms are placed from {n(d['player'])} on: {d['reason']}.",
    "worlds_end": lambda d, n: f"THE WORLD'S END: only {d['remaining']} areas remain (fewer than {d['needed']}).",
    "marker_changed": lambda d, n: (
        f"{'Placed' if d['placed'] else 'Removed'} {d['marker'].replace('_', ' ')} "
        f"{'on' if d['placed'] else 'from'} {d['area']} ({d['reason']})."
    ),
    "acolyte_placed": lambda d, n: f"{n(d['player'])} places the Astral Acolyte in {d['area']} ({d['reason']}).",
    "acolyte_unused": lambda d, n: f"The Astral Acolyte is not used this game: {d['reason']}.",
    "acolyte_control_changed": lambda d, n: (
        f"The Astral Acolyte in {d['area']}: " + (f"now controlled by {n(d['new'])}." if d["new"] else "now uncontrolled.")
    ),
    "acolyte_moved": lambda d, n: f"{n(d['player'])} moves the Astral Acolyte from {d['source']} to {d['to']}.",
    "acolyte_eliminated": lambda d, n: f"The Astral Acolyte is eliminated in {d['area']}: {d['reason']}.",
    "acolyte_gate_idle": lambda d, n: f"The gate in {d['area']} is held by the uncontrolled Astral Acolyte: no Power for anyone.",
    "glacier_placed": lambda d, n: (
        f"A glacier covers {d['area']}"
        + (f"; {n(d['bumped'])} is bumped off its gate" if d["bumped"] else "")
        + ("; the gate there counts as abandoned." if d["covered"] else ".")
    ),
    # Arkham Horror's Mythos Phase
    "arkham_started": lambda d, n: (
        f"Arkham Horror: {d['ancient_one']} sleeps (doom track {d['doom_track']}); investigators "
        f"{', '.join(d['investigators'])}; {d['monsters_in_cup']} monsters in the cup."
    ),
    "mythos_drawn": lambda d, n: (
        f"Mythos: {d['card']} ({d['kind']})"
        + (f"; gate {d['gate']}" if d["gate"] else "")
        + (f"; clue {d['clue']}" if d["clue"] else "")
        + (f"; black moves {', '.join(d['black'])}; white moves {', '.join(d['white'])}." if d["black"] else ".")
    ),
    "mythos_reshuffled": lambda d, n: f"The Mythos deck ({d['cards']} cards) is shuffled: {d['reason']}.",
    "doom_added": lambda d, n: f"Doom {d['doom']}/{d['track']}: {d['reason']}.",
    "elder_sign_holds": lambda d, n: f"The elder sign at {d['location']} holds: no gate, no monster, no doom.",
    "gate_opened": lambda d, n: (
        f"A gate to {d['world']} ({d['dimension']}, close {d['modifier']:+d}) opens at {d['location']}"
        + (f"; {d['clues_discarded']} Clue(s) lost" if d["clues_discarded"] else "")
        + (f"; {', '.join(d['drawn_through'])} drawn through, delayed." if d["drawn_through"] else ".")
    ),
    "monster_surge": lambda d, n: f"MONSTER SURGE at {d['location']}: {d['monsters']} monsters over {d['gates']} gates.",
    "monster_appeared": lambda d, n: (
        f"{d['monster']} appears at {d['place']}."
        if d["place"] == d["gate"]
        else f"{d['monster']} from {d['gate']} goes to the {d['place']} (monster limit)."
    ),
    "outskirts_cleared": lambda d, n: f"{len(d['monsters'])} monsters return from the Outskirts to the cup: {d['reason']}.",
    "terror_rose": lambda d, n: (
        f"Terror {d['terror']}: return one random Ally to the box"
        + (f"; {d['closed']} closes for the game." if d["closed"] else ".")
    ),
    "clue_appeared": lambda d, n: (
        f"{d['taken_by']} takes the Clue that appears at {d['location']}."
        if d["taken_by"]
        else f"A Clue appears at {d['location']} ({d['clues']} there)."
    ),
    "clue_prevented": lambda d, n: f"No Clue at {d['location']}: a gate is open there.",
    "monster_moved": lambda d, n: f"{d['monster']}: {d['source']} -> {d['to']} ({d['how']}).",
    "card_in_play": lambda d, n: (
        f"{d['card']} is now the {d['kind']}" + (f", replacing {d['replaced']}." if d["replaced"] else ".")
    ),
    "rumor_ignored": lambda d, n: f"{d['card']} is ignored: {d['rumor']} is already in play.",
    "rumor_ended": lambda d, n: f"The Rumor {d['card']} is {'passed' if d['passed'] else 'failed'} and leaves play.",
    "activity_marker": lambda d, n: _card_marker_words(d, "an activity"),
    "investigator_renamed": lambda d, n: f"{d['name']} is {d['to']}.",
    "rumor_track_set": lambda d, n: f"{d['card']}: {d['tokens']} token(s) on its track.",
    "card_marker_moved": lambda d, n: _card_marker_words(d, f"a {d['kind']}"),
    "resolve_at_table": lambda d, n: f"At the table: {d['source']}: {d['what']}.",
    "first_player_passed": lambda d, n: f"{d['player']} is now the first player.",
    "ancient_one_awakens": lambda d, n: f"{d['ancient_one'].upper()} AWAKENS: {d['reason']}. To the final battle!",
    "investigator_moved": lambda d, n: (
        f"{d['name']}: {d['source']} -> {d['to']}." if d["source"] else f"{d['name']} starts at {d['to']}."
    ),
    "sneak_set": lambda d, n: f"{d['name']}'s Sneak is now {d['sneak']}.",
    "gate_closed": lambda d, n: (
        f"The gate to {d['world']} at {d['location']} is {'sealed' if d['sealed'] else 'closed'}"
        + (f"; {len(d['returned'])} monster(s) return to the cup." if d["returned"] else ".")
    ),
    "arkham_corrected": lambda d, n: _correction_words(d),
    # Corrections (Cthulhu Wars): one line each, with the reason the table gave
    "correction_made": lambda d, n: f"Correction: {d['summary']}" + (f" ({d['reason']})." if d["reason"] else "."),
    "game_joined": lambda d, n: (
        f"Joined in progress at round {d['round']}, {d['phase'].replace('_', ' ')} phase: enter the board, then begin play."
    ),
    "undone": lambda d, n: f"Undone: {d['command'].replace('_', ' ')} (step {d['step']}).",
    "redone": lambda d, n: f"Redone: {d['command'].replace('_', ' ')} (step {d['step']}).",
    # Faction abilities, Spellbooks and requirements
    "requirement_met": lambda d, n: f"{n(d['player'])} meets a Spellbook requirement: {d['requirement']}.",
    "ability_used": lambda d, n: f"{n(d['player'])}: {d['ability']}: {d['detail']}.",
    "power_gained": lambda d, n: f"{n(d['player'])} gains {d['amount']} Power ({d['reason']}): {d['total']}.",
}


def describe(event: Event, names: Mapping[str, str] | None = None) -> str | None:
    """One sentence for ``event``, or None when it is not worth a line."""
    label = names or {}
    data = to_data(event)
    if data.get("reason") == BY_HAND and tag_of(event) in _BY_HAND:
        return None  # the correction's own line says it
    formatter = _FORMATS.get(tag_of(event))
    if formatter is None:
        return f"{tag_of(event).replace('_', ' ')}: {data}"
    return formatter(data, lambda pid: label.get(pid, pid.replace("_", " ").title()))


def register(tag: str, formatter: Formatter) -> None:
    """Let an expansion add the words for its events."""
    _FORMATS[tag] = formatter
