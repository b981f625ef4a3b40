"""Windwalker (factions.md section 6): roster, costs (the Gnoph-Keh's), combat (Ithaqua), Rhan
Tegoth's and Ithaqua's awakenings, and below them the unique abilities, Spellbooks and
requirements.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from companion.engine.core import COMMANDS, Code, Command, Refusal
from companion.engine.cthulhu import board as bd
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu import flow
from companion.engine.cthulhu.events import BattleDeclared, BattleEnded, FirstPlayerChosen, HitTaken, MarkerChanged
from companion.engine.cthulhu.factions import powers as pw
from companion.engine.cthulhu.factions.base import (
    ACOLYTE,
    SPARED,
    Awakening,
    Events,
    FactionRules,
    G,
    Hooks,
    M,
    Side,
    UnitType,
    awakened_before,
    fixed,
    on_map,
)
from companion.engine.cthulhu.factions.borrowed import borrowed
from companion.engine.cthulhu.factions.contract import FactionPlugin, Handler, core
from companion.engine.cthulhu.factions.ice_age import ICE_AGE
from companion.engine.cthulhu.model import (
    ERADICATED,
    NEUTRAL,
    SPELLBOOKS_TO_WIN,
    WATCHER,
    Ask,
    Faction,
    GameState,
    Prompt,
    PromptKind,
    UnitKind,
)
from companion.engine.says import say
from companion.engine.values import dataclass

RHAN_TEGOTH = "Rhan Tegoth"
ITHAQUA = "Ithaqua"
GNOPH_KEH = "Gnoph-Keh"


def ithaqua(side: Side, count: int) -> int:
    """Half the opponent's Doom, rounded up."""
    return count * ((side.enemy_doom + 1) // 2)


def summon_cost(state: GameState, pid: str, unit: UnitType) -> int:
    """A Gnoph-Keh costs as many as are in Windwalker's pool (4, 3, 2, 1)."""
    if unit.name == GNOPH_KEH:
        return unit.pool - on_map(state, pid, GNOPH_KEH)
    return unit.cost


def glyph_areas(state: GameState) -> tuple[int, ...]:
    """Windwalker's two glyph areas (its start area and the "opposite" one)."""
    return state.board.start_areas(Faction.WINDWALKER.value)


def rhan_where(state: GameState, pid: str, index: int) -> str:
    if index not in glyph_areas(state):
        return say("Rhan Tegoth rises in one of Windwalker's glyph areas, not {area}", area=state.area_name(index))
    return ""


def ithaqua_where(state: GameState, pid: str, index: int) -> str:
    if index not in glyph_areas(state) or state.areas[index].gate is None:
        return say("Ithaqua rises at a gate in one of Windwalker's glyph areas, not {area}", area=state.area_name(index))
    return ""


def ithaqua_needs(state: GameState, pid: str) -> str:
    return "" if awakened_before(state, pid, RHAN_TEGOTH) else "Ithaqua needs Rhan Tegoth to have been awakened"


def ithaqua_effect(
    state: GameState, pid: str, index: int, chosen: tuple[tuple[int, UnitKind, str, int], ...], events: Events
) -> GameState:
    """The gate he rises at is destroyed."""
    state, changed = bd.set_gate(state, index, None, "destroyed by Ithaqua's awakening")
    events += changed
    return state


RULES = FactionRules(
    Faction.WINDWALKER,
    units=(
        ACOLYTE,
        UnitType("Wendigo", M, 4, 1, 1),
        UnitType(GNOPH_KEH, M, 4, 4, 3),
        UnitType(RHAN_TEGOTH, G, 1, 6, 3),
        UnitType(ITHAQUA, G, 1, 6, ithaqua),
    ),
    spellbooks=("Cannibalism", "Howl", "Berserkergang", "Arctic Wind", "Ice Age", "Herald of the Outer Gods"),
    awakenings=(
        Awakening(RHAN_TEGOTH, fixed(6), rhan_where),
        Awakening(ITHAQUA, fixed(6), ithaqua_where, ithaqua_needs, ithaqua_effect),
    ),
    summon_cost=summon_cost,
)


# == unique abilities, Spellbooks and requirements (factions.md section 6) ========================
# All modelled: the six requirements ("anytime" as a command with its Elder Signs), Hibernate,
# Eternal, Ferox, Cannibalism, Howl, Berserkergang, Arctic Wind, Ice Age (token and tax), Herald of
# the Outer Gods.  Eternal and Berserkergang are asked at their steps of the battle (its hooks
# ``cancel`` and ``toll``), Cannibalism when the battle is over (docs/rules-notes.md, "Windwalker").


ICE_AGE_COST = 1
ANYTIME = "Anytime"
ANYTIME_MOST = 3
HIBERNATE = "Hibernate"
HERALD = "Herald of the Outer Gods"
HERALD_COST = 5
ETERNAL_COST = 1
WENDIGO = "Wendigo"
ETERNAL, BERSERKERGANG = "Eternal", "Berserkergang"
# ``used`` entries a battle clears at its end: Eternal asked (once per battle), a Gnoph-Keh killed
# in an earlier command of the battle (Berserkergang's toll counts them with the command's own).
# Eternal's cancelled Kill or Pain is marked too: Rhan Tegoth took that step's one result.
ETERNAL_ASKED, GNOPH_KEH_KILLED = "Eternal: asked", "Berserkergang: a Gnoph-Keh killed"
ETERNAL_CANCELLED = "Eternal: cancelled "  # + "kill" or "pain"


@COMMANDS.register("anytime_spellbook")
@dataclass(frozen=True, slots=True)
class AnytimeSpellbook(Command):
    """Windwalker's "anytime" requirement, taken when it likes (no action spent): 1 Elder Sign
    per enemy with six Spellbooks, at most 3."""

    player: str


@COMMANDS.register("ice_age")
@dataclass(frozen=True, slots=True)
class IceAge(Command):
    """Ice Age (action, 1 Power): the Ice Age token goes to ``area``."""

    player: str
    area: str


@COMMANDS.register("hibernate")
@dataclass(frozen=True, slots=True)
class Hibernate(Command):
    """Hibernate (action, 0 Power): +1 Power per enemy Great Old One in play (at most doubling
    Windwalker's Power); Windwalker takes no more turns this Action Phase and keeps its Power to
    the next Gather Power."""

    player: str


def _is(state: GameState, pid: str) -> bool:
    return pw.plays(state, pid, Faction.WINDWALKER)


def _opposite_gate(state: GameState, pid: str, events: pw.Events) -> bool:
    home = state.player(pid).start_area
    return any(state.areas[i].gate is not None for i in glyph_areas(state) if i != home)


def _six_books(state: GameState, pid: str) -> int:
    return sum(1 for p in state.players if p.pid != pid and len(p.spellbooks) >= SPELLBOOKS_TO_WIN)


def _first(state: GameState, pid: str, events: pw.Events) -> bool:
    return any(isinstance(e, FirstPlayerChosen) and e.player == pid for e in events)


def _anytime(state: GameState, pid: str, events: pw.Events) -> bool:
    return any(isinstance(e, pw.AbilityUsed) and e.player == pid and e.ability == ANYTIME for e in events)


REQUIREMENTS = (
    pw.Requirement("Be the first player", _first, when=pw.FIRST_PLAYER),
    pw.Requirement("A gate in the opposite glyph area", _opposite_gate, when=pw.GATES),
    pw.Requirement("An enemy has six Spellbooks", lambda s, p, e: _six_books(s, p) > 0, when=pw.BOOKS),
    pw.Requirement(ANYTIME, _anytime, when=pw.ABILITY),
    pw.Requirement(
        "Awaken Rhan Tegoth", lambda s, p, e: awakened_before(s, p, RHAN_TEGOTH) or pw.in_play(s, p, RHAN_TEGOTH), when=pw.PLACED
    ),
    pw.Requirement("Awaken Ithaqua", lambda s, p, e: awakened_before(s, p, ITHAQUA) or pw.in_play(s, p, ITHAQUA), when=pw.PLACED),
)


def enemy_goos(state: GameState, pid: str) -> int:
    """The distinct enemy Great Old Ones in play (independent ones too; the Deep counts)."""
    goos = {(u.owner, u.name) for a in state.areas for u in a.units if u.kind in (G, UnitKind.IGOO)}
    goos |= {(u.owner, u.name) for u in state.abilities.deep if u.kind is G}
    players = {p.pid for p in state.players}
    return sum(1 for owner, _ in goos if owner != pid and owner in players)


# -- the round: Hibernate, Herald of the Outer Gods ------------------------------------------------


def resting(state: GameState, seat: int) -> bool:
    """A hibernating Windwalker takes no more turns this Action Phase (its Power is kept)."""
    return pw.used(state, state.players[seat].pid, HIBERNATE)


def ritual_cost(state: GameState, pid: str, cost: int) -> int:
    """Herald of the Outer Gods: Windwalker's Ritual always costs 5."""
    return HERALD_COST if _is(state, pid) and pw.holds(state, pid, HERALD) else cost


def hibernate(state: GameState, cmd: Hibernate, events: pw.Events) -> GameState:
    seat = pw.my_turn(state, cmd.player)
    if not borrowed(state, cmd.player, HIBERNATE):
        pw.need_faction(state, cmd.player, Faction.WINDWALKER, HIBERNATE)
    extra = min(state.players[seat].power, enemy_goos(state, cmd.player))
    events.append(
        pw.AbilityUsed(cmd.player, HIBERNATE, say("+{extra} Power; no more turns until the next Gather Power", extra=extra))
    )
    state = pw.gain_power(pw.mark_used(state, cmd.player, HIBERNATE), seat, extra, HIBERNATE, events)
    return pw.end_action(state, events)


# -- Ice Age's tax, Ferox, Arctic Wind (checks before the core commands) ---------------------------


def ferox(state: GameState, cmd: Command, events: pw.Events) -> tuple[GameState, Command]:
    """Ferox: while Ithaqua is in play, only an enemy Great Old One captures Windwalker's cultists."""
    assert isinstance(cmd, c.Capture)
    if not _is(state, cmd.victim) or not pw.in_play(state, cmd.victim, ITHAQUA):
        return state, cmd
    index = bd.area_index(state, cmd.area)
    if not any(state.areas[index].count(owner=cmd.player, kind=k) for k in (G, UnitKind.IGOO)):
        raise Refusal(Code.NOT_NOW, "Ferox: while Ithaqua is in play only a Great Old One captures Windwalker's cultists.")
    return state, cmd


def arctic_wind(state: GameState, cmd: Command, events: pw.Events) -> tuple[GameState, Command]:
    """Arctic Wind: Windwalker's units going with Ithaqua from his area to his destination move
    free (the Move's cost given is the units that pay)."""
    assert isinstance(cmd, c.Move)
    if cmd.cost is not None or not _is(state, cmd.player) or not pw.holds(state, cmd.player, "Arctic Wind"):
        return state, cmd
    legs = [g for g in cmd.groups if g.name == ITHAQUA]
    if not legs:
        return state, cmd
    source, to = legs[0].area, legs[0].to
    total = sum(g.count for g in cmd.groups) + (1 if cmd.to else 0)
    free = sum(g.count for g in cmd.groups if g.area == source and g.to == to and g.name != ITHAQUA)
    if not free:
        return state, cmd
    events.append(
        pw.AbilityUsed(
            cmd.player,
            "Arctic Wind",
            say("{free} unit goes with Ithaqua free", free=free)
            if free == 1
            else say("{free} units go with Ithaqua free", free=free),
        )
    )
    return state, replace(cmd, cost=total - free)


GUARDS = ((c.Capture, ferox), (c.Move, arctic_wind))  # (the Ice Age's tax is the shared layer's: ice_age.guard)


# -- battles: Howl (pre-battle); Eternal, Berserkergang, Cannibalism (after it) ------------------


def _howl_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    b = state.battle
    if b is None or not state.areas[b.area].count(owner=ask.actor, name=WENDIGO):
        return ()
    enemy = pw.battle_enemy(state, ask.actor)
    return ("use", "skip") if enemy is not None and state.areas[b.area].count(owner=enemy) else ()


def _howl(state: GameState, ask: Ask, choice: str, events: pw.Events) -> GameState:
    if choice == "skip":
        return state
    enemy = pw.battle_enemy(state, ask.actor)
    assert enemy is not None
    events.append(pw.AbilityUsed(ask.actor, "Howl", say("{enemy} removes one of its units from the battle", enemy=enemy)))
    return pw.push_ask(state, Ask("Howled", ask.actor if enemy == NEUTRAL else enemy, (enemy,)))


def _howled_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    b = state.battle
    return () if b is None else tuple(dict.fromkeys(u.name for u in state.areas[b.area].units_of(ask.data[0])))


def _howled(state: GameState, ask: Ask, choice: str, events: pw.Events) -> GameState:
    return pw.push_ask(state, Ask("Howled to", ask.actor, (ask.data[0], choice)))


def _howled_to_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    b = state.battle
    if b is None:
        return ()
    near = sorted(state.board.adjacent[b.area])
    return tuple(state.area_name(i) for i in near if ERADICATED not in state.areas[i].markers)


def _howled_to(state: GameState, ask: Ask, choice: str, events: pw.Events) -> GameState:
    assert state.battle is not None
    index, (owner, name) = state.battle.area, ask.data
    return pw.send_one(state, index, owner, name, choice, events)


def eternal(side: Side, name: str, hit: str) -> str:
    """Eternal as a Kill or Pain lands on Rhan Tegoth (factions.md section 11, steps 9 and 14):
    asked once per battle, while Windwalker has the Power to pay.  The result it cancelled was
    his one of that step ([HRF:Battle.scala] assigns every Kill, then the Kill effects): no
    other Kill (or Pain) of the step lands on him (SPARED)."""
    state = side.state
    if name != RHAN_TEGOTH or hit not in ("kill", "pain") or not state.options.abilities:
        return ""
    if pw.used(state, side.pid, ETERNAL_CANCELLED + hit):
        return SPARED
    if pw.used(state, side.pid, ETERNAL_ASKED) or state.player(side.pid).power < ETERNAL_COST:
        return ""
    return ETERNAL


def eternal_answered(state: GameState, pid: str, hit: str, choice: str, events: pw.Events) -> GameState:
    """Pay 1: the Kill or Pain on Rhan Tegoth does not land; either answer spends the question."""
    state = pw.mark_used(state, pid, ETERNAL_ASKED)
    if choice != "use":
        return state
    state = pw.mark_used(state, pid, ETERNAL_CANCELLED + hit)
    state = pw.pay(state, pw.seat_of(state, pid), ETERNAL_COST, ETERNAL, events)
    events.append(pw.AbilityUsed(pid, ETERNAL, say("the {hit} on Rhan Tegoth is cancelled", hit=hit.title())))
    return state


def berserkergang(side: Side, events: pw.Events) -> tuple[str, int]:
    """Berserkergang (step 11, once the Kills are taken): the enemy eliminates one of its
    Monsters or Cultists in the battle per Gnoph-Keh killed.  Not against the Watcher
    (yuggoth-watcher.txt: abilities "may only affect your own Units")."""
    state = side.state
    if side.enemy == WATCHER or not state.options.abilities or not pw.holds(state, side.pid, BERSERKERGANG):
        return "", 0
    killed = sum(1 for who, name in state.abilities.used if who == side.pid and name == GNOPH_KEH_KILLED)
    killed += sum(
        1 for e in events if isinstance(e, HitTaken) and e.player == side.pid and e.unit == GNOPH_KEH and e.hit == "kill"
    )
    return BERSERKERGANG, killed


def _cannibal_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    index = bd.area_index(state, ask.data[0])
    if ERADICATED in state.areas[index].markers:
        return ()
    pools = (("Acolyte", pw.acolytes_left(state, ask.actor)), (WENDIGO, _wendigos_left(state, ask.actor)))
    left = [name for name, n in pools if n]
    return (*left, "skip") if left else ()


def _wendigos_left(state: GameState, pid: str) -> int:
    return pw.pool_left(state, pid, WENDIGO, 4)


def _cannibal(state: GameState, ask: Ask, choice: str, events: pw.Events) -> GameState:
    if choice == "skip":
        return state
    index = bd.area_index(state, ask.data[0])
    kind = UnitKind.CULTIST if choice == "Acolyte" else M
    events.append(pw.AbilityUsed(ask.actor, "Cannibalism", say("a {choice} placed in {data}", choice=choice, data=ask.data[0])))
    return pw.place_one(state, index, ask.actor, kind, choice, "Cannibalism", events)


ASKS = {
    "Howl": pw.AskRule(_howl_choices, _howl, "Howl: make the enemy remove one of its units from the battle?"),
    "Howled": pw.AskRule(_howled_choices, _howled, "Howl: which of your units leaves the battle?"),
    "Howled to": pw.AskRule(_howled_to_choices, _howled_to, "Howl: to which adjacent area?"),
    "Cannibalism": pw.AskRule(_cannibal_choices, _cannibal, "Cannibalism: place an Acolyte or a Wendigo in the battle area?"),
}
PRE_BATTLE = ("Howl", "Howled", "Howled to")


def _battle_over(state: GameState, ended: BattleEnded) -> GameState:
    """Cannibalism when a battle ends (its marks for Eternal and Berserkergang cleared).  After a
    battle with the Watcher (yuggoth-watcher.txt: abilities "may only affect your own Units"):
    Cannibalism when a unit was killed in it, the Watcher itself counted when its token reached 0
    (docs/rules-notes.md)."""
    sides = (ended.attacker, ended.defender)
    if WATCHER in sides:
        return _watcher_battle_over(state, ended)
    for ww in (p.pid for p in state.players if p.faction is Faction.WINDWALKER):
        kept = tuple(u for u in state.abilities.used if u[0] != ww or not _battle_mark(u[1]))
        state = pw.with_abilities(state, used=kept)
        kills = dict(state.abilities.tally)
        killed = kills.get(ww, 0) if ww in sides else sum(kills.values())
        if killed and pw.holds(state, ww, "Cannibalism"):
            state = pw.queue_ask(state, Ask("Cannibalism", ww, (ended.area,)))
    return state


def _watcher_battle_over(state: GameState, ended: BattleEnded) -> GameState:
    """Cannibalism after a battle with the Watcher (see :func:`_battle_over`): for a Windwalker
    fighting it, its one enemy unit is the Watcher; for any other, any unit killed."""
    for ww in (p.pid for p in state.players if p.faction is Faction.WINDWALKER):
        state = pw.with_abilities(state, used=tuple(u for u in state.abilities.used if u[0] != ww or not _battle_mark(u[1])))
        killed = pw.watcher_slain(state) + (0 if ww == ended.defender else pw.tally(state, WATCHER))
        if killed and pw.holds(state, ww, "Cannibalism"):
            state = pw.queue_ask(state, Ask("Cannibalism", ww, (ended.area,)))
    return state


def _battle_mark(name: str) -> bool:
    return name in (ETERNAL_ASKED, GNOPH_KEH_KILLED) or name.startswith(ETERNAL_CANCELLED)


def _hit(state: GameState, event: HitTaken) -> GameState:
    """Remember each Gnoph-Keh killed, for Berserkergang's toll in a later command of the battle."""
    ww = event.player
    if not _is(state, ww) or (ww, "") not in state.abilities.fighters:
        return state
    if event.unit == GNOPH_KEH and event.hit == "kill" and pw.holds(state, ww, BERSERKERGANG):
        return pw.mark_used(state, ww, GNOPH_KEH_KILLED)
    return state


# The event types react() reads: the after-command hook calls it only for a command whose events
# hold one (abilities.react_to).
REACTS_TO = pw.on(HitTaken, BattleEnded, BattleDeclared)


def react(state: GameState, seen: pw.Events, events: pw.Events) -> GameState:
    for event in seen:
        if isinstance(event, HitTaken):
            state = _hit(state, event)
        elif isinstance(event, BattleEnded):
            state = _battle_over(state, event)
    if pw.just_declared(state, seen):
        assert state.battle is not None
        for ww in (state.battle.attacker, state.battle.defender):
            if _is(state, ww) and pw.holds(state, ww, "Howl"):
                state = pw.queue_ask(state, Ask("Howl", ww))
    return state


# -- actions ---------------------------------------------------------------------------------


def anytime(state: GameState, cmd: AnytimeSpellbook, events: pw.Events) -> GameState:
    seat = pw.need_faction(state, cmd.player, Faction.WINDWALKER, "The anytime Spellbook")
    if (cmd.player, ANYTIME) in state.abilities.met:
        raise Refusal(Code.NOT_NOW, "Windwalker has taken its anytime Spellbook already.")
    if state.prompt.kind in (PromptKind.NONE, PromptKind.SPELLBOOK, PromptKind.ABILITY):
        raise Refusal(Code.NOT_NOW, "Not while the referee waits for an answer to an ability.")
    return take_anytime(state, seat, events)


def take_anytime(state: GameState, seat: int, events: pw.Events) -> GameState:
    """The anytime requirement's effect: 1 Elder Sign per enemy holding six Spellbooks, at most
    3, and its record (which meets the requirement after a command)."""
    pid = state.players[seat].pid
    signs = min(ANYTIME_MOST, _six_books(state, pid))
    events.append(
        pw.AbilityUsed(
            pid,
            ANYTIME,
            say("{signs} Elder Sign for the enemies with six Spellbooks", signs=signs)
            if signs == 1
            else say("{signs} Elder Signs for the enemies with six Spellbooks", signs=signs),
        )
    )
    for _ in range(signs):
        state = flow.draw_elder_sign(state, seat, ANYTIME, events)
    return state


def anytime_at_the_end(state: GameState, events: pw.Events) -> GameState:
    """When the game is about to end (before the Elder Signs are revealed and the winner is
    decided), a Windwalker that has not taken its anytime Spellbook takes it: its Elder Signs,
    then its Spellbook choice ([HRF:Game.scala] ``GameOverPhaseAction``: ``satisfy`` then
    ``CheckSpellbooksAction`` before the reveal).  Called again once the Spellbook is chosen: the
    requirement is met by then, so nothing more happens.  Abilities off: the table's own."""
    if not state.options.abilities:
        return state
    for seat, player in enumerate(state.players):
        if player.faction is not Faction.WINDWALKER or (player.pid, ANYTIME) in state.abilities.met:
            continue
        state = take_anytime(state, seat, events)
        state = core().meet(state, seat, next(r for r in REQUIREMENTS if r.name == ANYTIME), events)
        if core().owed(state, player.pid):
            ask = say("{player}: a Spellbook requirement is met; take which Spellbook?", player=player.label)
            prompt = Prompt(PromptKind.SPELLBOOK, player.pid, ask, core().spellbook_choices(state, player.pid))
            return core().interrupt(state, prompt)
    return state


def ice_age(state: GameState, cmd: IceAge, events: pw.Events) -> GameState:
    seat = pw.my_turn(state, cmd.player)
    pw.need_book(state, cmd.player, "Ice Age")
    index = bd.area_index(state, cmd.area)
    bd.refuse_eradicated(state, index)
    if ICE_AGE in state.areas[index].markers:
        raise Refusal(Code.NOT_NOW, "The Ice Age is in {area} already.", area=cmd.area)
    state = pw.pay(state, seat, ICE_AGE_COST, say("Ice Age"), events)
    for i, area in enumerate(state.areas):
        if ICE_AGE in area.markers:
            state = state.with_area(i, replace(area, markers=tuple(m for m in area.markers if m != ICE_AGE)))
            events.append(MarkerChanged(state.area_name(i), ICE_AGE, False, "moved by Ice Age"))
    area = state.areas[index]
    state = state.with_area(index, replace(area, markers=(*area.markers, ICE_AGE)))
    events.append(MarkerChanged(cmd.area, ICE_AGE, True, "Ice Age"))
    return pw.end_action(state, events)


HANDLERS: dict[type[Command], Handler] = {AnytimeSpellbook: anytime, IceAge: ice_age, Hibernate: hibernate}


def out_of_turn(state: GameState, pid: str) -> Iterator[Command]:
    """The anytime Spellbook, "whenever you like": between anyone's actions and in the Doom Phase."""
    now = state.prompt.kind in (PromptKind.ACTION, PromptKind.RITUAL)
    if now and (pid, ANYTIME) not in state.abilities.met and pw.plays(state, pid, Faction.WINDWALKER):
        yield AnytimeSpellbook(pid)


def offers(state: GameState, pid: str) -> Iterator[Command]:
    if state.prompt.kind not in (PromptKind.ACTION, PromptKind.RITUAL):
        return
    if (pid, ANYTIME) not in state.abilities.met:  # "whenever you like": the Doom Phase's question too
        yield AnytimeSpellbook(pid)
    if state.prompt.kind is not PromptKind.ACTION:
        return
    yield Hibernate(pid)
    if pw.holds(state, pid, "Ice Age") and state.player(pid).power >= ICE_AGE_COST:
        for i, area in enumerate(state.areas):
            if ICE_AGE not in area.markers and ERADICATED not in area.markers:
                yield IceAge(pid, state.area_name(i))


PLUGIN = FactionPlugin(
    rules=RULES,
    requirements=REQUIREMENTS,
    asks=ASKS,
    handlers=HANDLERS,
    offers=offers,
    pre_battle=frozenset(PRE_BATTLE),
    reaction=react,
    reacts_to=REACTS_TO,
    guards=GUARDS,
    battle=Hooks(cancel=eternal, cancelled=eternal_answered, toll=berserkergang),
    resting=resting,
    ritual_cost=ritual_cost,
    at_the_end=anytime_at_the_end,
    out_of_turn=out_of_turn,
)
