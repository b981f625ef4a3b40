"""Crawling Chaos (factions.md section 2): roster, costs, combat and Nyarlathotep's awakening.

Below the roster: its unique abilities, Spellbooks and requirements (Emissary of the Outer Gods
and Madness through the battle's hooks, Flight through the Move's reach; the Harbinger in the
Watcher's battles is watcher.py's).
"""

from __future__ import annotations

from collections.abc import Iterator

from companion.engine.core import COMMANDS, Code, Command, Refusal
from companion.engine.cthulhu import board as bd
from companion.engine.cthulhu import flow
from companion.engine.cthulhu.events import BattleDeclared, Captured, HitTaken, Part
from companion.engine.cthulhu.factions import powers as pw
from companion.engine.cthulhu.factions import unit_type
from companion.engine.cthulhu.factions.base import (
    ACOLYTE,
    Awakening,
    FactionRules,
    G,
    Hooks,
    M,
    Side,
    UnitType,
    controls_gate_here,
    fixed,
)
from companion.engine.cthulhu.factions.borrowed import flight
from companion.engine.cthulhu.factions.contract import FactionPlugin, Handler
from companion.engine.cthulhu.model import (
    NEUTRAL,
    Ask,
    Faction,
    GameState,
    PromptKind,
    UnitKind,
    Units,
    spellbook_count,
)
from companion.engine.says import say
from companion.engine.values import dataclass, evolve

NYARLATHOTEP = "Nyarlathotep"


def nyarlathotep(side: Side, count: int) -> int:
    """His own faction's Spellbooks plus his battle opponent's (all books held, as HRF counts:
    docs/rules-notes.md); neutral units and the Watcher have none."""
    own = spellbook_count(side.state.player(side.pid))
    return count * (own + side.enemy_spellbooks)


RULES = FactionRules(
    Faction.CRAWLING_CHAOS,
    units=(
        ACOLYTE,
        UnitType("Nightgaunt", M, 3, 1, 0),
        UnitType("Flying Polyp", M, 3, 2, 1),
        UnitType("Hunting Horror", M, 2, 3, 2),
        UnitType(NYARLATHOTEP, G, 1, 10, nyarlathotep),
    ),
    spellbooks=("Abduct", "Invisibility", "Seek and Destroy", "Emissary of the Outer Gods", "The Thousand Forms", "Madness"),
    awakenings=(Awakening(NYARLATHOTEP, fixed(10), controls_gate_here),),
)


# == unique abilities, Spellbooks and requirements (factions.md section 2) ========================


NIGHTGAUNT, HUNTING_HORROR = "Nightgaunt", "Hunting Horror"
PAYMENTS = (4, 6, 10)  # the two Power requirements, or both at once
HARBINGER_ELDER_SIGNS = 2
THOUSAND_FORMS = "The Thousand Forms"
# Awaken costs the Harbinger halves (factions.md section 2: HRF uses each unit's base cost).
GOO_COSTS = {"Cthulhu": 4, "Shub-Niggurath": 8, "Hastur": 10, "King in Yellow": 4, "Nyarlathotep": 10}


@COMMANDS.register("pay_for_spellbook")
@dataclass(frozen=True, slots=True)
class PayForSpellbook(Command):
    """Crawling Chaos's requirement actions: pay 4, 6, or 10 (both at once) Power."""

    player: str
    amount: int


@COMMANDS.register("thousand_forms")
@dataclass(frozen=True, slots=True)
class ThousandForms(Command):
    """The Thousand Forms (action, 0 Power, once per Action Phase, Nyarlathotep in play): a d6;
    the other factions lose that much Power between them as they agree, or Crawling Chaos
    gains it."""

    player: str


def _is_cc(state: GameState, pid: str) -> bool:
    return pw.plays(state, pid, Faction.CRAWLING_CHAOS)


def _paid(amount: int) -> pw.RequirementCheck:
    def met(state: GameState, pid: str, events: pw.Events) -> bool:
        return any(
            isinstance(e, pw.AbilityUsed)
            and e.player == pid
            and e.ability == "Pay for Spellbook"
            and amount in _amounts(e.detail)
            for e in events
        )

    return met


def _amounts(detail: str) -> tuple[int, ...]:
    paid = int(detail.split()[0])
    return (4, 6) if paid == 10 else (paid,)


def _gates_or_power(gates: int, power: int) -> pw.RequirementCheck:
    def met(state: GameState, pid: str, events: pw.Events) -> bool:
        # The board's gates read straight from its occupancy (bd.controlled_gates' own read,
        # without its call): the check runs after every command that may move a gate.
        return state.player(pid).power >= power or bd.occupancy(state).gates.get(pid, 0) >= gates

    return met


REQUIREMENTS = (
    pw.Requirement("Pay 4 Power", _paid(4), when=pw.ABILITY),
    pw.Requirement("Pay 6 Power", _paid(6), when=pw.ABILITY),
    pw.Requirement("3 gates or 12 Power", _gates_or_power(3, 12), when=pw.GATES | pw.POWER),
    pw.Requirement("4 gates or 15 Power", _gates_or_power(4, 15), when=pw.GATES | pw.POWER),
    pw.Requirement(
        "Capture a Cultist", lambda s, p, e: any(isinstance(x, Captured) and x.player == p for x in e), when=pw.CAPTURE
    ),
    pw.Requirement("Awaken Nyarlathotep", lambda s, p, e: NYARLATHOTEP in s.player(p).awakened, when=pw.PLACED),
)


# -- the Harbinger, Abduct, Seek and Destroy, The Thousand Forms' split ----------------------------


def goo_cost(state: GameState, owner: str, name: str) -> int:

    unit = unit_type(state, owner, name)
    return GOO_COSTS.get(name, unit.cost if unit is not None else 0)


def _harbinger(state: GameState, ask: Ask, choice: str, events: pw.Events) -> GameState:
    seat = pw.seat_of(state, ask.actor)
    owner, goo = ask.data
    if choice == "power":
        amount = goo_cost(state, owner, goo) // 2
        events.append(pw.AbilityUsed(ask.actor, "The Harbinger", say("{goo} hit: {amount} Power", goo=goo, amount=amount)))
        return pw.gain_power(state, seat, amount, "The Harbinger", events)
    events.append(
        pw.AbilityUsed(
            ask.actor,
            "The Harbinger",
            say("{goo} hit: {harbinger_elder_signs} Elder Signs", goo=goo, harbinger_elder_signs=HARBINGER_ELDER_SIGNS),
        )
    )
    for _ in range(HARBINGER_ELDER_SIGNS):
        state = flow.draw_elder_sign(state, seat, "The Harbinger", events)
    return state


def _use_or_skip(check: object) -> object:
    return check


def _abduct_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    b = state.battle
    if b is None or not state.areas[b.area].count(owner=ask.actor, name=NIGHTGAUNT):
        return ()
    enemy = pw.battle_enemy(state, ask.actor)
    return ("use", "skip") if enemy is not None and pw.fodder(state, b.area, enemy) else ()


def _abduct(state: GameState, ask: Ask, choice: str, events: pw.Events) -> GameState:
    if choice == "skip":
        return state
    assert state.battle is not None
    index = state.battle.area
    enemy = pw.battle_enemy(state, ask.actor)
    assert enemy is not None
    state = pw.remove_one(state, index, pw.unit_here(state, index, ask.actor, NIGHTGAUNT), "Abduct", events)
    events.append(pw.AbilityUsed(ask.actor, "Abduct", say("a Nightgaunt takes one of {enemy}'s units", enemy=enemy)))
    state = pw.push_ask(state, ask)  # again, after the victim has chosen
    return pw.push_ask(state, Ask("Abducted", ask.actor if enemy == NEUTRAL else enemy, (enemy,)))


def _abducted_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    return () if state.battle is None else pw.fodder(state, state.battle.area, ask.data[0])


def _abducted(state: GameState, ask: Ask, choice: str, events: pw.Events) -> GameState:
    assert state.battle is not None
    index = state.battle.area
    return pw.remove_one(state, index, pw.unit_here(state, index, ask.data[0], choice), "abducted", events)


def _seek_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    b = state.battle
    if b is None:
        return ()
    elsewhere = any(a.count(owner=ask.actor, name=HUNTING_HORROR) for i, a in enumerate(state.areas) if i != b.area)
    return ("use", "skip") if elsewhere else ()


def _seek(state: GameState, ask: Ask, choice: str, events: pw.Events) -> GameState:
    if choice == "skip" or state.battle is None:
        return state
    to = state.battle.area
    for i, area in enumerate(state.areas):
        count = area.count(owner=ask.actor, name=HUNTING_HORROR)
        if i != to and count:
            state, moved = bd.move(state, i, to, ask.actor, M, HUNTING_HORROR, count)
            events += moved
    events.append(
        pw.AbilityUsed(ask.actor, "Seek and Destroy", say("Hunting Horrors join the battle in {area}", area=state.area_name(to)))
    )
    return state


def _agreed_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    return ("agreed", "failed")


def _agreed(state: GameState, ask: Ask, choice: str, events: pw.Events) -> GameState:
    cc, rolled = ask.data[0], int(ask.data[1])
    if choice == "failed":
        return _forms_gain(state, cc, rolled, events)
    return pw.push_ask(state, Ask("Thousand Forms loss", ask.actor, (cc, str(rolled))))


def _loss_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    cc = ask.data[0]
    return tuple(p.pid for p in state.players if p.pid != cc and p.power > 0)


def _loss(state: GameState, ask: Ask, choice: str, events: pw.Events) -> GameState:
    """One Power of the agreed split, from ``choice``; asked again until all is paid."""
    cc, left = ask.data[0], int(ask.data[1])
    state = pw.pay(state, pw.seat_of(state, choice), 1, THOUSAND_FORMS, events)
    if left > 1:
        return pw.push_ask(state, Ask("Thousand Forms loss", ask.actor, (cc, str(left - 1))))
    events.append(pw.AbilityUsed(cc, THOUSAND_FORMS, say("the other factions paid the Power they agreed")))
    return state


def _forms_gain(state: GameState, cc: str, rolled: int, events: pw.Events) -> GameState:
    events.append(pw.AbilityUsed(cc, THOUSAND_FORMS, say("no agreement: Crawling Chaos gains {rolled} Power", rolled=rolled)))
    return pw.gain_power(state, pw.seat_of(state, cc), rolled, THOUSAND_FORMS, events)


FLYING_POLYP = "Flying Polyp"


def _visible(state: GameState) -> list[Units]:
    """The Monsters and Cultists of either side still in the battle (not made invisible)."""
    b = state.battle
    if b is None:
        return []
    area = state.areas[b.area]
    stacks = [u for pid in (b.attacker, b.defender) for u in area.units_of(pid) if u.kind in (M, UnitKind.CULTIST)]
    return list(pw.without(tuple(stacks), b.exempt))


def _invisibility_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    b = state.battle
    if b is None or not any(u.owner == ask.actor and u.name == FLYING_POLYP for u in _visible(state)):
        return ()
    return ("skip", *(f"{u.owner}: {u.name}" for u in _visible(state)))


def _invisibility(state: GameState, ask: Ask, choice: str, events: pw.Events) -> GameState:
    """One Flying Polyp makes one Monster or Cultist of either side invisible: it leaves the
    battle (no dice, no results); asked again while Polyps that have not used it remain."""
    b = state.battle
    if choice == "skip" or b is None:
        return state
    owner, name = choice.split(": ", 1)
    unit = next(u for u in _visible(state) if u.owner == owner and u.name == name)
    state = evolve(state, battle=evolve(b, exempt=(*b.exempt, Units(owner, unit.kind, name, 1))))
    events.append(
        pw.AbilityUsed(ask.actor, "Invisibility", say("{owner}'s {name} leaves the battle, invisible", owner=owner, name=name))
    )
    left = int(ask.data[0]) - 1
    polyps = sum(u.count for u in _visible(state) if u.owner == ask.actor and u.name == FLYING_POLYP)
    return pw.push_ask(state, Ask("Invisibility", ask.actor, (str(left),))) if left > 0 and polyps else state


ASKS = {
    "Invisibility": pw.AskRule(
        _invisibility_choices, _invisibility, "Invisibility: which Monster or Cultist does a Flying Polyp hide, or skip?"
    ),
    "The Harbinger": pw.AskRule(
        lambda s, a: ("power", "elder_signs"), _harbinger, "The Harbinger: half its cost in Power, or 2 Elder Signs?"
    ),
    "Abduct": pw.AskRule(_abduct_choices, _abduct, "Abduct: eliminate a Nightgaunt to take an enemy unit?"),
    "Abducted": pw.AskRule(_abducted_choices, _abducted, "Abduct: which of your Monsters or Cultists is taken?"),
    "Seek and Destroy": pw.AskRule(_seek_choices, _seek, "Seek and Destroy: bring the Hunting Horrors into the battle?"),
    "Thousand Forms agreed": pw.AskRule(_agreed_choices, _agreed, "The Thousand Forms: did the other factions agree a split?"),
    "Thousand Forms loss": pw.AskRule(_loss_choices, _loss, "The Thousand Forms: who loses the next Power of the split?"),
}
PRE_BATTLE = ("Abduct", "Abducted", "Seek and Destroy", "Invisibility")


GOO_KINDS = (UnitKind.GOO.value, UnitKind.IGOO.value)


# The event types react() reads: the after-command hook calls it only for a command whose events
# hold one (abilities.react_to).
REACTS_TO = pw.on(HitTaken, BattleDeclared)


def _nyarlathotep_fights(state: GameState) -> bool:
    """Whether Nyarlathotep was in the battle under way when declared (else no Harbinger: its
    events need not be read)."""
    return any(goo == NYARLATHOTEP for _, goo in state.abilities.fighters)


def react(state: GameState, seen: pw.Events, events: pw.Events) -> GameState:
    """The Harbinger for every enemy Great Old One Killed or Pained in a battle Nyarlathotep is
    in; Abduct and Seek and Destroy when a battle is declared."""
    for event in seen if _nyarlathotep_fights(state) else ():
        if not isinstance(event, HitTaken) or event.kind not in GOO_KINDS:
            continue
        for cc, goo in state.abilities.fighters:  # a side is listed bare, then with each Great Old One
            if goo == NYARLATHOTEP and _is_cc(state, cc) and pw.battle_enemy(state, cc) == event.player:
                state = pw.queue_ask(state, Ask("The Harbinger", cc, (event.player, event.unit)))
    if pw.just_declared(state, seen):
        b = state.battle
        assert b is not None
        for cc in (b.attacker, b.defender):
            if _is_cc(state, cc):
                for book in ("Seek and Destroy", "Abduct"):
                    if pw.holds(state, cc, book):
                        state = pw.queue_ask(state, Ask(book, cc))
                if pw.holds(state, cc, "Invisibility"):  # after Seek and Destroy brings more
                    polyps = state.areas[b.area].count(owner=cc, name=FLYING_POLYP)
                    state = pw.queue_ask(state, Ask("Invisibility", cc, (str(max(polyps, 1)),)))
    return state


# -- actions ---------------------------------------------------------------------------------


def pay_for_spellbook(state: GameState, cmd: PayForSpellbook, events: pw.Events) -> GameState:
    seat = pw.my_turn(state, cmd.player)
    pw.need_faction(state, cmd.player, Faction.CRAWLING_CHAOS, "Paying for a Spellbook")
    if cmd.amount not in PAYMENTS:
        raise Refusal(Code.BAD_VALUE, "Crawling Chaos pays 4, 6, or 10 (both requirements at once).")
    open_ = [a for a in _amounts(f"{cmd.amount} Power") if (cmd.player, f"Pay {a} Power") not in state.abilities.met]
    if len(open_) != len(_amounts(f"{cmd.amount} Power")):
        raise Refusal(Code.NOT_NOW, "That Power requirement is met already.")
    state = pw.pay(state, seat, cmd.amount, say("a Spellbook requirement"), events)
    events.append(pw.AbilityUsed(cmd.player, "Pay for Spellbook", say("{amount} Power paid", amount=cmd.amount)))
    return pw.end_action(state, events)


def thousand_forms(state: GameState, cmd: ThousandForms, events: pw.Events) -> GameState:
    pw.my_turn(state, cmd.player)
    pw.need_book(state, cmd.player, THOUSAND_FORMS)
    if not pw.in_play(state, cmd.player, NYARLATHOTEP):
        raise Refusal(Code.NOT_NOW, "The Thousand Forms needs Nyarlathotep in play.")
    if pw.used(state, cmd.player, THOUSAND_FORMS):
        raise Refusal(Code.NOT_NOW, "The Thousand Forms is used once per Action Phase.")
    state = pw.mark_used(state, cmd.player, THOUSAND_FORMS)
    return pw.roll_now(state, cmd.player, "thousand_forms", say("Roll 1 die for The Thousand Forms."))


def forms_rolled(state: GameState, values: tuple[int, ...], events: pw.Events) -> GameState:
    cc = next(p.pid for p in state.players if p.faction is Faction.CRAWLING_CHAOS)
    rolled = values[0]
    others = [p for p in state.players if p.pid != cc]
    if sum(p.power for p in others) < rolled:
        state = _forms_gain(state, cc, rolled, events)
    else:  # the first other faction in turn order speaks for the table
        spokesman = next(state.players[s].pid for s in state.turn_order() if state.players[s].pid != cc)
        state = pw.queue_ask(state, Ask("Thousand Forms agreed", spokesman, (cc, str(rolled))))
    return pw.end_action(state, events)


# -- Emissary of the Outer Gods (the battle's on_hit hook) -----------------------------------------

EMISSARY = "Emissary of the Outer Gods"


def emissary(side: Side, name: str, hit: str) -> str:
    """While the enemy has no Great Old One in the battle, a Kill on Nyarlathotep lands as a
    Pain, and pained with nowhere to retreat he stays ("" for "nowhere")."""
    state = side.state
    if name != NYARLATHOTEP or hit not in ("kill", "nowhere") or not state.options.abilities:
        return hit
    if not pw.holds(state, side.pid, EMISSARY) or _enemy_goo(side):
        return hit
    return "pain" if hit == "kill" else ""


def _enemy_goo(side: Side) -> bool:
    """The enemy had a Great Old One in the battle when it was declared, or has one there now."""
    if any(owner == side.enemy and goo for owner, goo in side.state.abilities.fighters):
        return True
    return any(u.kind in (G, UnitKind.IGOO) for u in side.state.areas[side.area].units_of(side.enemy))


def madness(state: GameState, pid: str) -> bool:
    """Madness: Crawling Chaos chooses where every pained unit of every battle retreats."""
    return state.options.abilities and pw.holds(state, pid, "Madness")


# -- Flight (the Move's reach) ---------------------------------------------------------------------


def reach(state: GameState, pid: str, source: int, name: str) -> frozenset[int]:
    """Flight: Crawling Chaos's units (cultists too) move up to two areas in one Move, over
    enemy units; the area passed over must not be eradicated (factions.md section 2)."""
    return flight(state, source) if state.options.abilities and _is_cc(state, pid) else frozenset()


HANDLERS: dict[type[Command], Handler] = {PayForSpellbook: pay_for_spellbook, ThousandForms: thousand_forms}
ROLLS = {"thousand_forms": forms_rolled}


def offers(state: GameState, pid: str) -> Iterator[Command]:
    if state.prompt.kind is not PromptKind.ACTION:
        return
    power = state.player(pid).power
    for amount in PAYMENTS:
        needed = _amounts(f"{amount} Power")
        if power >= amount and all((pid, f"Pay {a} Power") not in state.abilities.met for a in needed):
            yield PayForSpellbook(pid, amount)
    if pw.holds(state, pid, THOUSAND_FORMS) and pw.in_play(state, pid, NYARLATHOTEP) and not pw.used(state, pid, THOUSAND_FORMS):
        yield ThousandForms(pid)


def gather_power(state: GameState, pid: str) -> list[Part]:
    return []


PLUGIN = FactionPlugin(
    rules=RULES,
    requirements=REQUIREMENTS,
    asks=ASKS,
    handlers=HANDLERS,
    offers=offers,
    battle=Hooks(on_hit=emissary, retreater=madness),
    pre_battle=frozenset(PRE_BATTLE),
    reaction=react,
    reacts_to=REACTS_TO,
    rolls=ROLLS,
    gather_power=gather_power,
    reach=reach,
)
