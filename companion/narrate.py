"""Events in words, for the terminal demo, the log screen and journald.

:func:`describe` gives one sentence per event (or None for events too small to tell).  Player
ids are shown by their labels in ``names`` when given (``great_cthulhu`` -> "Great Cthulhu").

Every sentence goes through the language's catalogue (:mod:`companion.i18n`): written here in
English with named placeholders, whole sentences where a condition changes them, so a
translation can reorder the words.  What comes from data (player labels, area and card names)
is put in as it is; the engine's own sentences inside an event (a reason, a detail, a summary)
are found in the catalogue by their template (:func:`companion.i18n.sentence`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from companion.engine import Event, is_arkham, to_data
from companion.engine.cthulhu.events import BY_HAND
from companion.engine.cthulhu.model import Faction
from companion.engine.cthulhu.unit_words import unit_words
from companion.i18n import N_, _, ngettext, sentence

_BY_HAND = frozenset({"units_placed", "units_removed", "gate_changed", "marker_changed", "elder_sign_drawn"})
# The fields in which the engine writes a sentence of its own (a reason, an ability's detail, a
# correction's summary): translated through the catalogue (companion.i18n.sentence).
_PROSE = ("reason", "cause", "detail", "summary", "how", "what")  # how and what: Arkham's monster moves and table steps
# The end's reasons and moments as the engine gives them (flow.END_RULES; EndTriggered's reason
# key and ``when``): marked here so the catalogue holds them, and the log reads them translated.
END_REASONS = {"doom": N_("30 Doom reached"), "instant_death": N_("Instant Death on the ritual track")}
_END_WHEN = (N_("when the current turn ends"), N_("at the end of the Doom Phase"))
Formatter = Callable[[dict[str, Any], Callable[[str], str]], str | None]


# The Spellbook requirements the engine names by the map files' glyph codes (HRF's GlyphAA,
# GlyphOO, GlyphWW), as a player reads the glyphs: factions.md writes them ▲, (*) and |||; the
# screen's font (pygame's freesansbold) has no ▲, so that one is the word (tests/ui/test_glyph_words.py).
_GLYPH_REQUIREMENTS = {
    "Desecrate an AA-glyph area": N_("Desecrate a triangle-glyph area"),
    "Desecrate an OO-glyph area": N_("Desecrate a (*)-glyph area"),
    "Desecrate a WW-glyph area": N_("Desecrate a |||-glyph area"),
    "A Cathedral in an AA-glyph area": N_("A Cathedral in a triangle-glyph area"),
    "A Cathedral in an OO-glyph area": N_("A Cathedral in a (*)-glyph area"),
    "A Cathedral in a WW-glyph area": N_("A Cathedral in a |||-glyph area"),
}


def requirement_words(name: str) -> str:
    """A Spellbook requirement's name (the engine's, kept in the state and the journal) as the
    table reads it, in its language: the glyphs as printed, not the map files' codes."""
    shown = _GLYPH_REQUIREMENTS.get(name)
    return _(shown) if shown is not None else sentence(name)


def _parts(parts: list[dict[str, Any]]) -> str:
    return ", ".join(f"{p['amount']} {_word(p['label'])}" for p in parts) or _("nothing")


def _sources(parts: list[dict[str, Any]]) -> str:
    """Gather Power's parts: the Power each source gave, "6 from 6 cultists"."""
    words = (_("{amount} from {source}").format(amount=p["amount"], source=_word(p["label"])) for p in parts)
    return ", ".join(words) or _("nothing")


def _word(label: str) -> str:
    """A part's label in the table's language: the engine's words ("controlled gates"), a rule's
    name or a player (as they are when not catalogued); a counted one in its plural form ("1
    cultist", "6 cultists", "for 2 Acolytes"), never "cultist(s)"."""
    counted = _COUNTED.fullmatch(label)
    if counted is not None:
        return _counted(int(counted["count"]), counted["what"])
    dice = _DICE_FOR.fullmatch(label)
    if dice is not None:  # a battle's dice "for 2 Acolyte" (factions' rosters): the units counted
        return _("for {units}").format(units=unit_words(int(dice["count"]), dice["name"]))
    return sentence(label) if " " in label else _(label)


# Gather Power's counted sources as the engine labels them (flow.power_parts: "6 cultist(s)").
_COUNTED = re.compile(r"(?P<count>\d+) (?P<what>cultist|controlled gate|abandoned gate|captured cultist)\(s\)")
_DICE_FOR = re.compile(r"for (?P<count>\d+) (?P<name>.+)")


def _counted(count: int, what: str) -> str:
    """One of Gather Power's counted sources in its plural form."""
    if what == "cultist":
        return ngettext("{count} cultist", "{count} cultists", count).format(count=count)
    if what == "controlled gate":
        return ngettext("{count} controlled gate", "{count} controlled gates", count).format(count=count)
    if what == "abandoned gate":
        return ngettext("{count} abandoned gate", "{count} abandoned gates", count).format(count=count)
    return ngettext("{count} captured cultist", "{count} captured cultists", count).format(count=count)


def _units(d: dict[str, Any]) -> str:
    return unit_words(d["count"], d["name"])


def _wake_cause(d: dict[str, Any], n: Callable[[str], str]) -> str:
    if d["cause"] == "die":
        return _("the pyramid die")
    return _("{player}'s Doom passed 12").format(player=n(d["player"])) if d["player"] else _("a player's Doom passed 12")


def _gate_words(gate: str, n: Callable[[str], str]) -> str:
    if gate == "none":
        return _("none")
    if gate == "abandoned":
        return _("abandoned, removed")
    return _("{player}'s, removed").format(player=n(gate))


def _eradicated_words(d: dict[str, Any], n: Callable[[str], str]) -> str:
    parts = [
        _("{area} IS ERADICATED (Worm {worm}). Gate: {gate}").format(
            area=d["area"].upper(), worm=d["worm"], gate=_gate_words(d["gate"], n)
        )
    ]
    if d["markers"]:
        parts.append(_("removed: {markers}").format(markers=", ".join(d["markers"])))
    if d["units"]:
        units = ", ".join(_("{amount} of {player}").format(amount=u["amount"], player=n(u["label"])) for u in d["units"])
        parts.append(_("eliminated: {units}").format(units=units))
    rewards = "; ".join(_reward_words(r, n) for r in d["rewards"]) or _("none")
    return "; ".join(parts) + _("; rewards: {rewards}.").format(rewards=rewards)


def _card_marker_words(d: dict[str, Any], kind: str) -> str:
    """A marker an Arkham card puts on (or takes off) a place, e.g. "Place a closed marker on ..."."""
    place, card = d["place"], d["card"]
    if kind == "activity":
        if d["placed"]:
            return _("Place an activity marker on {place} ({card}).").format(place=place, card=card)
        return _("Remove an activity marker from {place} ({card}).").format(place=place, card=card)
    if kind == "closed":
        if d["placed"]:
            return _("Place a closed marker on {place} ({card}).").format(place=place, card=card)
        return _("Remove a closed marker from {place} ({card}).").format(place=place, card=card)
    if d["placed"]:
        return _("Place a {kind} marker on {place} ({card}).").format(kind=kind, place=place, card=card)
    return _("Remove a {kind} marker from {place} ({card}).").format(kind=kind, place=place, card=card)


_AT = ("gate", "clues", "seal", "closed marker", "activity marker")  # facts of a place: "... at Woods"
# The words an Arkham correction stores as its fact and its values (companion/engine/arkham/
# corrections.py): the journal keeps them in English, the log says them in the table's language.
# Numbers, places, monsters, cards and investigators are names and pass through as they are.
_CORRECTION_WORDS = frozenset(
    {
        N_("doom"),
        N_("terror"),
        N_("clues"),
        N_("awake"),
        N_("asleep"),
        N_("gate"),
        N_("seal"),
        N_("monster"),
        N_("investigator"),
        N_("location"),
        N_("environment"),
        N_("rumor"),
        N_("closed marker"),
        N_("activity marker"),
        N_("none"),
        N_("open"),
        N_("closed"),
        N_("closed for the game"),
        N_("sealed"),
        N_("unsealed"),
        N_("placed"),
        N_("removed"),
        N_("a trophy"),
        N_("defeated, a trophy"),
        N_("the cup"),
        N_("the box"),
        N_("not placed"),
        N_("playing"),
        N_("devoured"),
        N_("retired"),
    }
)
_OPEN_TO, _DELAYED = "open to ", ", delayed"


def _correction_value(value: str) -> str:
    """One stored word of an Arkham correction in the table's language ("sealed", "open to R'lyeh",
    "Woods, delayed"); anything else (a number, a name) as it is."""
    if value in _CORRECTION_WORDS:
        return _(value)
    if value.startswith(_OPEN_TO):
        return _("open to {world}").format(world=value.removeprefix(_OPEN_TO))
    if value.endswith(_DELAYED):
        return _("{place}, delayed").format(place=_correction_value(value.removesuffix(_DELAYED)))
    return value


def _correction_words(d: dict[str, Any]) -> str:
    """An Arkham correction, e.g. "Correction: doom 4 -> 3 (an Elder Sign card)."."""
    subject, fact = d["subject"], _correction_value(d["fact"])
    if subject and d["fact"] in _AT:
        what = _("{fact} at {place}").format(fact=fact, place=subject)
    else:
        what = f"{fact} {subject}".strip()
    old, new = _correction_value(d["old"]), _correction_value(d["new"])
    if d["reason"]:
        return _("Correction: {what}: {old} -> {new} ({reason}).").format(what=what, old=old, new=new, reason=d["reason"])
    return _("Correction: {what}: {old} -> {new}.").format(what=what, old=old, new=new)


def _kills(count: int) -> str:
    """ "1 Kill", "2 Kills" (the rules' word, in its plural form)."""
    return ngettext("{n} Kill", "{n} Kills", count).format(n=count)


def _hits(kills: int, pains: int) -> str:
    """A side's roll: "1 Kill and 2 Pains"."""
    return _("{kills} and {pains}").format(kills=_kills(kills), pains=ngettext("{n} Pain", "{n} Pains", pains).format(n=pains))


def _reward_words(r: dict[str, Any], n: Callable[[str], str]) -> str:
    signs = ngettext("{n} Elder Sign", "{n} Elder Signs", r["elder_signs"])
    labels = (("power", _("{n} Power")), ("elder_signs", signs), ("doom", _("{n} Doom")))
    parts = [label.format(n=r[key]) for key, label in labels if r[key]]
    return f"{n(r['player'])} +{', +'.join(parts)}"


def _dimension(name: str) -> str:
    """An Arkham gate's dimension symbol ("circle") in words."""
    words = {
        "circle": _("circle"),
        "crescent": _("crescent"),
        "diamond": _("diamond"),
        "hexagon": _("hexagon"),
        "plus": _("plus"),
        "slash": _("slash"),
        "square": _("square"),
        "star": _("star"),
        "triangle": _("triangle"),
    }
    return words.get(name, name)


def _dimensions(names: list[str]) -> str:
    return ", ".join(_dimension(name) for name in names)


def _card_kind(kind: str) -> str:
    """A Mythos card's kind as the engine gives it ("environment (weather)", "rumor") in words."""
    kinds = {"headline": _("headline"), "environment": _("environment"), "rumor": _("rumor"), "special": _("special")}
    subtypes = {"weather": _("weather"), "mystic": _("mystic"), "urban": _("urban")}
    name, _space, subtype = kind.partition(" (")
    words = kinds.get(name, name)
    return f"{words} ({subtypes.get(subtype.rstrip(')'), subtype.rstrip(')'))})" if subtype else words


def _direction(direction: str) -> str:
    return {"clockwise": _("clockwise"), "counterclockwise": _("counterclockwise")}.get(direction, direction)


def _first_player(d: dict[str, Any], n: Callable[[str], str]) -> str:
    if d["tied"]:
        tied = ", ".join(n(p) for p in d["tied"] if p != d["player"])
        return _("{player} is the first player (tied with {players}).").format(player=n(d["player"]), players=tied)
    return _("{player} is the first player.").format(player=n(d["player"]))


def _ritual(d: dict[str, Any], n: Callable[[str], str]) -> str:
    if d["instant_death"]:
        return _("{player} performs the Ritual of Annihilation for {cost} Power and the track reaches INSTANT DEATH.").format(
            player=n(d["player"]), cost=d["cost"]
        )
    return _("{player} performs the Ritual of Annihilation for {cost} Power.").format(player=n(d["player"]), cost=d["cost"])


def _gate_changed(d: dict[str, Any], n: Callable[[str], str]) -> str:
    area, reason = d["area"], d["reason"]
    if d["state"] == "none":
        return _("Gate in {area}: removed ({reason}).").format(area=area, reason=reason)
    if d["state"] == "abandoned":
        return _("Gate in {area}: abandoned ({reason}).").format(area=area, reason=reason)
    return _("Gate in {area}: controlled by {player} ({reason}).").format(area=area, player=n(d["state"]), reason=reason)


def _spellbook(d: dict[str, Any], n: Callable[[str], str]) -> str:
    if d["name"]:
        return _("{player} gains a spellbook {name} ({total} of 6).").format(
            player=n(d["player"]), name=d["name"], total=d["total"]
        )
    return _("{player} gains a spellbook ({total} of 6).").format(player=n(d["player"]), total=d["total"])


def _combat(d: dict[str, Any], n: Callable[[str], str]) -> str:
    words = dict(player=n(d["player"]), dice=d["dice"], area=d["area"])
    if d["given"]:
        return ngettext(
            "{player} rolls {dice} combat die in {area} (given by the table).",
            "{player} rolls {dice} combat dice in {area} (given by the table).",
            d["dice"],
        ).format(**words)
    return ngettext(
        "{player} rolls {dice} combat die in {area} ({parts}).",
        "{player} rolls {dice} combat dice in {area} ({parts}).",
        d["dice"],
    ).format(parts=_parts(d["parts"]), **words)


def _hit(d: dict[str, Any], n: Callable[[str], str]) -> str:
    words = dict(player=n(d["player"]), unit=d["unit"], area=d["area"])
    if d["hit"] == "kill":
        return _("{player}'s {unit} in {area} takes a Kill and is eliminated.").format(**words)
    if d["hit"] == "pain":
        return _("{player}'s {unit} in {area} takes a Pain and must retreat.").format(**words)
    if d["hit"] == "regenerate":  # Regenerate: a first Kill, which eliminates only with a second
        return _("{player}'s {unit} in {area} takes a Kill and regenerates: a second Kill eliminates it.").format(**words)
    return _("{player}'s {unit} in {area} takes a {hit} and must retreat.").format(hit=d["hit"].title(), **words)


def _game_ended(d: dict[str, Any], n: Callable[[str], str]) -> str:
    standings = ", ".join(f"{n(p['label'])} {p['amount']}" for p in d["standings"])
    if d["winners"]:
        winners = _(" and ").join(n(p) for p in d["winners"])
        return _("GAME OVER ({reason}). Winner: {winners}. Standings: {standings}.").format(
            reason=d["reason"], winners=winners, standings=standings
        )
    return _("GAME OVER ({reason}). Nobody wins: humanity survives. Standings: {standings}.").format(
        reason=d["reason"], standings=standings
    )


def _worm_placed(d: dict[str, Any], n: Callable[[str], str]) -> str:
    if d["player"]:
        return _("{player} places Worm {worm} in {area}.").format(player=n(d["player"]), worm=d["worm"], area=d["area"])
    return _("Set-up: Worm {worm} in {area}.").format(worm=d["worm"], area=d["area"])


def _worms_degraded(d: dict[str, Any], n: Callable[[str], str]) -> str:
    values = " ".join(map(str, d["values"]))
    if d["matched"]:
        worms = ", ".join(map(str, d["matched"]))
        return ngettext(
            "Worm degradation dice: {values}; Worm {worms} strikes.",
            "Worm degradation dice: {values}; Worms {worms} strike.",
            len(d["matched"]),
        ).format(values=values, worms=worms)
    return _("Worm degradation dice: {values}; no Worm matches.").format(values=values)


def _marker_changed(d: dict[str, Any], n: Callable[[str], str]) -> str:
    words = dict(marker=d["marker"].replace("_", " "), area=d["area"], reason=d["reason"])
    if d["placed"]:
        return _("Placed {marker} on {area} ({reason}).").format(**words)
    return _("Removed {marker} from {area} ({reason}).").format(**words)


def _glacier(d: dict[str, Any], n: Callable[[str], str]) -> str:
    area = d["area"]
    if d["bumped"]:
        bumped = n(d["bumped"])
        if d["covered"]:
            return _("A glacier covers {area}; {player} is bumped off its gate; the gate there counts as abandoned.").format(
                area=area, player=bumped
            )
        return _("A glacier covers {area}; {player} is bumped off its gate.").format(area=area, player=bumped)
    if d["covered"]:
        return _("A glacier covers {area}; the gate there counts as abandoned.").format(area=area)
    return _("A glacier covers {area}.").format(area=area)


def _mythos(d: dict[str, Any], n: Callable[[str], str]) -> str:
    # The drawn card's parts, each there or not: joined from pieces, each piece a marked phrase.
    text = _("Mythos: {card} ({kind})").format(card=d["card"], kind=_card_kind(d["kind"]))
    if d["gate"]:
        text += _("; gate {place}").format(place=d["gate"])
    if d["clue"]:
        text += _("; clue {place}").format(place=d["clue"])
    if d["black"]:
        return text + _("; black moves {black}; white moves {white}.").format(
            black=_dimensions(d["black"]), white=_dimensions(d["white"])
        )
    return text + "."


def _gate_opened(d: dict[str, Any], n: Callable[[str], str]) -> str:
    text = _("A gate to {world} ({dimension}, close {modifier}) opens at {location}").format(
        world=d["world"], dimension=_dimension(d["dimension"]), modifier=f"{d['modifier']:+d}", location=d["location"]
    )
    if d["clues_discarded"]:
        count = d["clues_discarded"]
        text += ngettext("; {count} Clue lost", "; {count} Clues lost", count).format(count=count)
    if d["drawn_through"]:
        return text + _("; {monsters} drawn through, delayed.").format(monsters=", ".join(d["drawn_through"]))
    return text + "."


def _tokens(d: dict[str, Any]) -> str:
    tokens = d["tokens"]
    return ngettext("{card}: {tokens} token on its track.", "{card}: {tokens} tokens on its track.", tokens).format(
        card=d["card"], tokens=tokens
    )


def _gate_closed(d: dict[str, Any], n: Callable[[str], str]) -> str:
    words = dict(world=d["world"], location=d["location"])
    if d["returned"]:
        count = len(d["returned"])
        if d["sealed"]:
            return ngettext(
                "The gate to {world} at {location} is sealed; {count} monster returns to the cup.",
                "The gate to {world} at {location} is sealed; {count} monsters return to the cup.",
                count,
            ).format(count=count, **words)
        return ngettext(
            "The gate to {world} at {location} is closed; {count} monster returns to the cup.",
            "The gate to {world} at {location} is closed; {count} monsters return to the cup.",
            count,
        ).format(count=count, **words)
    if d["sealed"]:
        return _("The gate to {world} at {location} is sealed.").format(**words)
    return _("The gate to {world} at {location} is closed.").format(**words)


def _why(reason: str) -> str:
    """An event's reason in the reader's language where it is the referee's own word (a
    correction's); else as the event gives it (a card's or an ability's name)."""
    return _("correction") if reason == BY_HAND else reason


def _loyalty_card(d: dict[str, Any], n: Callable[[str], str]) -> str:
    if not d["holder"]:
        return _("The {card} Loyalty Card returns to the supply ({reason}).").format(card=d["card"], reason=_why(d["reason"]))
    sentence = _("{holder} takes the {card} Loyalty Card ({reason}).")
    return sentence.format(holder=n(d["holder"]), card=d["card"], reason=_why(d["reason"]))


# A Cthulhu Wars counter corrected, a whole sentence each, the counter named as the rules name it
# (the command's "doom" is the board's "Doom"); any other counter (Arkham's) as the event names it.
CORRECTED = {
    "power": N_("Correction: {player}'s Power {old} -> {new}."),
    "doom": N_("Correction: {player}'s Doom {old} -> {new}."),
    "spellbooks": N_("Correction: {player}'s Spellbooks {old} -> {new}."),
    "hidden_elder_signs": N_("Correction: {player}'s hidden Elder Signs {old} -> {new}."),
}
CORRECTED_ANY = N_("Correction: {player}'s {counter} {old} -> {new}.")

_FORMATS: dict[str, Formatter] = {
    "game_started": lambda d, n: _("A game on {board} begins for {players} (seed {seed}).").format(
        board=d["board"], players=", ".join(n(p) for p in d["players"]), seed=d["seed"]
    ),
    "start_chosen": lambda d, n: _("{player} starts in {area}.").format(player=n(d["player"]), area=d["area"]),
    "direction_chosen": lambda d, n: _("{player} sets play {direction}.").format(
        player=n(d["player"]), direction=_direction(d["direction"])
    ),
    "phase_started": lambda d, n: _("-- Round {round}: {phase} --").format(
        round=d["round"], phase=d["phase"].replace("_", " ").title()
    ),
    "power_gathered": lambda d, n: _("{player} gathers {total} Power ({parts}).").format(
        player=n(d["player"]), total=d["total"], parts=_sources(d["parts"])
    ),
    "first_player_chosen": _first_player,
    "doom_gained": lambda d, n: _("{player} gains {amount} Doom from {reason} (now {total}).").format(
        player=n(d["player"]), amount=d["amount"], reason=d["reason"], total=d["total"]
    ),
    "ritual_performed": _ritual,
    "ritual_skipped": lambda d, n: _("{player} does not perform a ritual.").format(player=n(d["player"])),
    "elder_sign_drawn": lambda d, n: _("{player} draws a hidden Elder Sign ({reason}).").format(
        player=n(d["player"]), reason=d["reason"]
    ),
    "elder_sign_revealed": lambda d, n: _("{player} reveals an Elder Sign worth {value}.").format(
        player=n(d["player"]), value=d["value"]
    ),
    "power_spent": lambda d, n: None,
    "units_placed": lambda d, n: _("{player}: {units} {reason} in {area}.").format(
        player=n(d["owner"]), units=_units(d), reason=d["reason"], area=d["area"]
    ),
    "units_removed": lambda d, n: _("{player}: {units} {reason} in {area}.").format(
        player=n(d["owner"]), units=_units(d), reason=d["reason"], area=d["area"]
    ),
    "units_moved": lambda d, n: _("{player} moves {units} from {source} to {to}.").format(
        player=n(d["owner"]), units=_units(d), source=d["source"], to=d["to"]
    ),
    "gate_changed": _gate_changed,
    "spellbook_gained": _spellbook,
    "captured": lambda d, n: _("{player} captures a cultist of {victim} in {area}.").format(
        player=n(d["player"]), victim=n(d["victim"]), area=d["area"]
    ),
    "turn_started": lambda d, n: None,
    "passed": lambda d, n: _("{player} passes.").format(player=n(d["player"])),
    "battle_declared": lambda d, n: _("{attacker} attacks {defender} in {area}.").format(
        attacker=n(d["attacker"]), defender=n(d["defender"]), area=d["area"]
    ),
    "dice_rolled": lambda d, n: _("Dice ({purpose}, {source}): {values}.").format(
        purpose=d["purpose"], source=d["source"], values=" ".join(map(str, d["values"]))
    ),
    "battle_rolled": lambda d, n: _(
        "Battle in {area}: {attacker} rolls {attacker_roll}; {defender} rolls {defender_roll}."
    ).format(
        area=d["area"],
        attacker=n(d["attacker"]),
        attacker_roll=_hits(d["attacker_kills"], d["attacker_pains"]),
        defender=n(d["defender"]),
        defender_roll=_hits(d["defender_kills"], d["defender_pains"]),
    ),
    "combat_computed": _combat,
    "hit_taken": _hit,
    "battle_ended": lambda d, n: _("The battle in {area} between {attacker} and {defender} is over.").format(
        area=d["area"], attacker=n(d["attacker"]), defender=n(d["defender"])
    ),
    "corrected": lambda d, n: _(CORRECTED.get(d["counter"], CORRECTED_ANY)).format(
        player=n(d["player"]), counter=d["counter"], old=d["old"], new=d["new"]
    ),
    "end_triggered": lambda d, n: _("The end is triggered ({reason}): the game ends {when}.").format(
        reason=_(END_REASONS.get(d["reason"]) or str(d["reason"])), when=_(d["when"])
    ),
    "game_ended": _game_ended,
    "watcher_awakened": lambda d, n: _("THE WATCHER AWAKENS ({cause}) on {area}, token at {token}.").format(
        cause=_wake_cause(d, n), area=d["area"], token=d["token"]
    ),
    "watcher_wake_pending": lambda d, n: _(
        "{player}'s Doom passed the dark Watcher token: the Watcher wakes at the next Doom Phase."
    ).format(player=n(d["player"])),
    "watcher_stays_asleep": lambda d, n: _("The Watcher stays asleep: {reason}.").format(reason=d["reason"]),
    "watcher_decayed": lambda d, n: _("The Watcher decays by {roll}: token at {token}.").format(roll=d["roll"], token=d["token"]),
    "watcher_token_changed": lambda d, n: _("Watcher token {old} -> {new} ({reason}).").format(
        old=d["old"], new=d["new"], reason=d["reason"]
    ),
    "watcher_killed": lambda d, n: _("THE WATCHER IS KILLED by {cause} in {area}: token dark, back at 12.").format(
        cause=d["cause"], area=d["area"]
    ),
    "watcher_attack_started": lambda d, n: _("{player} sends the Watcher from {source} to attack {destination}.").format(
        player=n(d["controller"]), source=d["source"], destination=d["destination"]
    ),
    "watcher_battled": lambda d, n: _(
        "The Watcher rolls {dice} against {defender} in {area}: {watcher_roll} to assign; {defender} rolls {defender_kills} "
        "(token {token})."
    ).format(
        dice=ngettext("{n} die", "{n} dice", d["watcher_dice"]).format(n=d["watcher_dice"]),
        defender=n(d["defender"]),
        area=d["area"],
        watcher_roll=_hits(d["watcher_kills"], d["watcher_pains"]),
        defender_kills=_kills(d["defender_kills"]),
        token=d["token"],
    ),
    "watcher_attacks_ended": lambda d, n: _("The Watcher's attacks end: {reason}.").format(reason=d["reason"]),
    "worm_placed": _worm_placed,
    "worms_degraded": _worms_degraded,
    "area_eradicated": _eradicated_words,
    "worm_placement_ended": lambda d, n: _("No more Worms are placed from {player} on: {reason}.").format(
        player=n(d["player"]), reason=d["reason"]
    ),
    "worlds_end": lambda d, n: _("THE WORLD'S END: only {remaining} areas remain (fewer than {needed}).").format(
        remaining=d["remaining"], needed=d["needed"]
    ),
    "marker_changed": _marker_changed,
    "acolyte_placed": lambda d, n: _("{player} places the Astral Acolyte in {area} ({reason}).").format(
        player=n(d["player"]), area=d["area"], reason=d["reason"]
    ),
    "acolyte_unused": lambda d, n: _("The Astral Acolyte is not used this game: {reason}.").format(reason=d["reason"]),
    "acolyte_control_changed": lambda d, n: (
        _("The Astral Acolyte in {area}: now controlled by {player}.").format(area=d["area"], player=n(d["new"]))
        if d["new"]
        else _("The Astral Acolyte in {area}: now uncontrolled.").format(area=d["area"])
    ),
    "acolyte_moved": lambda d, n: _("{player} moves the Astral Acolyte from {source} to {to}.").format(
        player=n(d["player"]), source=d["source"], to=d["to"]
    ),
    "acolyte_eliminated": lambda d, n: _("The Astral Acolyte is eliminated in {area}: {reason}.").format(
        area=d["area"], reason=d["reason"]
    ),
    "acolyte_gate_idle": lambda d, n: _(
        "The gate in {area} is held by the uncontrolled Astral Acolyte: no Power for anyone."
    ).format(area=d["area"]),
    "glacier_placed": _glacier,
    # Arkham Horror's Mythos Phase
    "arkham_started": lambda d, n: _(
        "Arkham Horror: {ancient_one} sleeps (doom track {doom_track}); investigators {investigators}; "
        "{monsters} monsters in the cup."
    ).format(
        ancient_one=d["ancient_one"],
        doom_track=d["doom_track"],
        investigators=", ".join(d["investigators"]),
        monsters=d["monsters_in_cup"],
    ),
    "mythos_drawn": _mythos,
    "mythos_reshuffled": lambda d, n: _("The Mythos deck ({cards} cards) is shuffled: {reason}.").format(
        cards=d["cards"], reason=d["reason"]
    ),
    "doom_added": lambda d, n: _("Doom {doom}/{track}: {reason}.").format(doom=d["doom"], track=d["track"], reason=d["reason"]),
    "elder_sign_holds": lambda d, n: _("The elder sign at {location} holds: no gate, no monster, no doom.").format(
        location=d["location"]
    ),
    "gate_opened": _gate_opened,
    "monster_surge": lambda d, n: _("MONSTER SURGE at {location}: {monsters} monsters over {gates} gates.").format(
        location=d["location"], monsters=d["monsters"], gates=d["gates"]
    ),
    "monster_appeared": lambda d, n: (
        _("{monster} appears at {place}.").format(monster=d["monster"], place=d["place"])
        if d["place"] == d["gate"]
        else _("{monster} from {gate} goes to the {place} (monster limit).").format(
            monster=d["monster"], gate=d["gate"], place=d["place"]
        )
    ),
    "outskirts_cleared": lambda d, n: _("{count} monsters return from the Outskirts to the cup: {reason}.").format(
        count=len(d["monsters"]), reason=d["reason"]
    ),
    "terror_rose": lambda d, n: (
        _("Terror {terror}: return one random Ally to the box; {shop} closes for the game.").format(
            terror=d["terror"], shop=d["closed"]
        )
        if d["closed"]
        else _("Terror {terror}: return one random Ally to the box.").format(terror=d["terror"])
    ),
    "clue_appeared": lambda d, n: (
        _("{name} takes the Clue that appears at {location}.").format(name=d["taken_by"], location=d["location"])
        if d["taken_by"]
        else _("A Clue appears at {location} ({clues} there).").format(location=d["location"], clues=d["clues"])
    ),
    "clue_prevented": lambda d, n: _("No Clue at {location}: a gate is open there.").format(location=d["location"]),
    "monster_moved": lambda d, n: _("{monster}: {source} -> {to} ({how}).").format(
        monster=d["monster"], source=d["source"], to=d["to"], how=d["how"]
    ),
    "card_in_play": lambda d, n: (
        _("{card} is now the {kind}, replacing {replaced}.").format(
            card=d["card"], kind=_card_kind(d["kind"]), replaced=d["replaced"]
        )
        if d["replaced"]
        else _("{card} is now the {kind}.").format(card=d["card"], kind=_card_kind(d["kind"]))
    ),
    "rumor_ignored": lambda d, n: _("{card} is ignored: {rumor} is already in play.").format(card=d["card"], rumor=d["rumor"]),
    "rumor_ended": lambda d, n: (
        _("The Rumor {card} is passed and leaves play.") if d["passed"] else _("The Rumor {card} is failed and leaves play.")
    ).format(card=d["card"]),
    "activity_marker": lambda d, n: _card_marker_words(d, "activity"),
    "investigator_renamed": lambda d, n: _("{name} is {to}.").format(name=d["name"], to=d["to"]),
    "rumor_track_set": lambda d, n: ngettext(
        "{card}: {tokens} token on its track.", "{card}: {tokens} tokens on its track.", d["tokens"]
    ).format(card=d["card"], tokens=d["tokens"]),
    "card_marker_moved": lambda d, n: _card_marker_words(d, d["kind"]),
    "resolve_at_table": lambda d, n: _("At the table: {source}: {what}.").format(source=d["source"], what=d["what"]),
    "first_player_passed": lambda d, n: _("{name} is now the first player.").format(name=d["player"]),
    "ancient_one_awakens": lambda d, n: _("{ancient_one} AWAKENS: {reason}. To the final battle!").format(
        ancient_one=d["ancient_one"].upper(), reason=d["reason"]
    ),
    "investigator_moved": lambda d, n: (
        _("{name}: {source} -> {to}.").format(name=d["name"], source=d["source"], to=d["to"])
        if d["source"]
        else _("{name} starts at {to}.").format(name=d["name"], to=d["to"])
    ),
    "sneak_set": lambda d, n: _("{name}'s Sneak is now {sneak}.").format(name=d["name"], sneak=d["sneak"]),
    "gate_closed": _gate_closed,
    "arkham_corrected": lambda d, n: _correction_words(d),
    # Corrections (Cthulhu Wars): one line each, with the reason the table gave
    "correction_made": lambda d, n: (
        _("Correction: {summary} ({reason}).").format(summary=d["summary"], reason=d["reason"])
        if d["reason"]
        else _("Correction: {summary}.").format(summary=d["summary"])
    ),
    "game_joined": lambda d, n: _("Joined in progress at round {round}, {phase} phase: enter the board, then begin play.").format(
        round=d["round"], phase=d["phase"].replace("_", " ")
    ),
    "undone": lambda d, n: _("Undone: {command} (step {step}).").format(command=d["command"].replace("_", " "), step=d["step"]),
    "redone": lambda d, n: _("Redone: {command} (step {step}).").format(command=d["command"].replace("_", " "), step=d["step"]),
    # Faction abilities, Spellbooks and requirements
    "requirement_met": lambda d, n: _("{player} meets a Spellbook requirement: {requirement}.").format(
        player=n(d["player"]), requirement=requirement_words(d["requirement"])
    ),
    "ability_used": lambda d, n: _("{player}: {ability}: {detail}.").format(
        player=n(d["player"]), ability=d["ability"], detail=d["detail"]
    ),
    "power_gained": lambda d, n: _("{player} gains {amount} Power ({reason}): {total}.").format(
        player=n(d["player"]), amount=d["amount"], reason=d["reason"], total=d["total"]
    ),
    # Independent Great Old Ones and neutral monsters (Loyalty Cards)
    "doom_spent": lambda d, n: _("{player} pays {amount} Doom for {reason} (now {total}).").format(
        player=n(d["player"]), amount=d["amount"], reason=d["reason"], total=d["total"]
    ),
    "loyalty_card_changed": _loyalty_card,
    "independent_spellbook_changed": lambda d, n: (
        _("{holder} holds {igoo}'s Spellbook, {book} ({reason}).").format(
            holder=n(d["holder"]), igoo=d["igoo"], book=d["book"], reason=_why(d["reason"])
        )
        if d["holder"]
        else _("Nobody holds {igoo}'s Spellbook, {book}, now ({reason}).").format(
            igoo=d["igoo"], book=d["book"], reason=_why(d["reason"])
        )
    ),
    "independent_spellbook_gained": lambda d, n: _("{player} gains {igoo}'s Spellbook: {book}.").format(
        player=n(d["player"]), igoo=d["igoo"], book=d["book"]
    ),
    "vampirism_drained": lambda d, n: (
        _("Vampirism: {player}'s Star Vampire takes 1 Power from {victim} ({left} left).")
        if d["point"] == "power"
        else _("Vampirism: {player}'s Star Vampire takes 1 Doom from {victim} ({left} left).")
    ).format(player=n(d["player"]), victim=n(d["victim"]), left=d["left"]),
}


def describe(event: Event, names: Mapping[str, str] | None = None) -> str | None:
    """One sentence for ``event``, or None when it is not worth a line."""
    return describe_data(to_data(event), names)


def describe_data(data: dict[str, Any], names: Mapping[str, str] | None = None) -> str | None:
    """:func:`describe` for an event as the journal keeps it (its data, ``type`` and all): a
    screen opening a game words its recent entries without decoding each event."""
    label = names or {}
    tag = str(data.get("type", ""))
    if data.get("reason") == BY_HAND and tag in _BY_HAND:
        return None  # the correction's own line says it
    formatter = _FORMATS.get(tag)
    if formatter is None:
        return f"{tag.replace('_', ' ')}: {data}"
    prose = {key: sentence(data[key]) for key in _PROSE if isinstance(data.get(key), str)}  # the engine's own words
    said = formatter({**data, **prose} if prose else data, lambda pid: label.get(pid, pid.replace("_", " ").title()))
    return named(said) if said else said


_IDS = re.compile(r"\b(" + "|".join(sorted((f.value for f in Faction if f is not Faction.OTHER), key=len, reverse=True)) + r")\b")


def named(text: str) -> str:
    """``text`` with every faction id in it ("crawling_chaos") as the faction's name ("Crawling
    Chaos"): the engine's prompts and reasons name players by id, and the table reads names."""
    return _IDS.sub(lambda match: Faction(match.group(1)).label, text)


def worded(tag: str) -> bool:
    """Whether events of type ``tag`` have words of their own (else :func:`describe_data` gives a
    stand-in: the tag and the data)."""
    return tag in _FORMATS


def names_of(state: Any) -> dict[str, str]:
    """Player ids to the labels the words use (Arkham's investigators are named already)."""
    return {} if is_arkham(state) else {p.pid: p.label for p in state.players}


def register(tag: str, formatter: Formatter) -> None:
    """Let an expansion add the words for its events."""
    _FORMATS[tag] = formatter
