"""The Mythos Phase, step by step (``../shared/rules/arkham-mythos-phase.txt``; Rulebook pp.9-12).

A :class:`Turn` carries the state and the events as one phase unfolds; each step reads the card
and changes the turn.  When the Ancient One awakes, the turn stops where it is (the rest of the
phase is not resolved).  Interpretations are written down in ``docs/rules-notes.md``.
"""

from __future__ import annotations

from collections import deque
from dataclasses import field

from companion.engine.arkham import environments as env
from companion.engine.arkham import model as m
from companion.engine.arkham.data import (
    ACTIVITY,
    BLACK,
    HOUND_NEVER,
    LOCATION_STREET,
    LOCATIONS,
    MONSTER,
    OUTSKIRTS,
    SKY,
    STREET_LINKS,
    STREETS,
    TERROR_CLOSES,
    TERROR_TOP,
    TWO_MONSTERS_FROM,
    WHITE,
    WORLD,
    CardKind,
    Movement,
    MythosCard,
)
from companion.engine.core import Code, Event, Refusal
from companion.engine.says import say
from companion.engine.values import dataclass, evolve

LOST = "Lost in Time and Space"


def monster_limit(players: int) -> int:
    """Monsters allowed in Arkham and the Sky: players + 3 (Rulebook p.18)."""
    return players + 3


def outskirts_limit(players: int) -> int:
    """Monsters the Outskirts hold before they empty: 8 - players (Rulebook p.18)."""
    return 8 - players


def gate_limit(players: int) -> int:
    """Open gates that awaken the Ancient One: 8 for 1-2 players down to 5 for 7-8 (p.20)."""
    return 9 - (players + 1) // 2


def neighbours(place: str) -> tuple[str, ...]:
    """Places one step away for an investigator or the Hound (streets, links, locations)."""
    if place in LOCATION_STREET:
        return (LOCATION_STREET[place],)
    if place not in STREETS:
        return ()
    linked = [b for a, b in STREET_LINKS if a == place] + [a for a, b in STREET_LINKS if b == place]
    return (*linked, *(loc for loc, _ in STREETS[place]))


@dataclass
class Turn:
    state: m.ArkhamState
    events: list[Event] = field(default_factory=list)
    monsters_entered: deque[str] = field(default_factory=deque)
    placement: tuple[str, ...] = ()  # the players' surge placement, gate by gate, if they chose
    clue_to: str = ""  # the investigator the players chose to take the Clue, if any

    @property
    def over(self) -> bool:
        return bool(self.state.awakened)

    def emit(self, event: Event) -> None:
        self.events.append(event)

    def update(self, **changes: object) -> None:
        self.state = evolve(self.state, **changes)

    # -- doom, terror, awakening ----------------------------------------------------------------

    def awaken(self, reason: str) -> None:
        self.update(awakened=reason, doom=self.state.doom_track)
        self.emit(m.AncientOneAwakens(self.state.ancient_one, reason))

    def add_doom(self, reason: str) -> None:
        self.update(doom=self.state.doom + 1)
        self.emit(m.DoomAdded(self.state.doom, self.state.doom_track, reason))
        if self.state.doom >= self.state.doom_track:
            self.awaken(say("the doom track is full"))

    def raise_terror(self) -> None:
        """Terror +1 with its effects; past the top a doom token instead (Rulebook p.20).  Happy
        Days are Here Again holds it: "the terror level cannot increase" (no doom token either)."""
        if env.terror_held(self.state):
            self.emit(
                m.ResolveAtTable(
                    env.HAPPY_DAYS,
                    say("the terror level cannot increase: it stays at {terror}", terror=self.state.terror),
                )
            )
            return
        if self.state.terror >= TERROR_TOP:
            self.add_doom(say("terror cannot rise above {terror_top}", terror_top=TERROR_TOP))
            return
        terror = self.state.terror + 1
        shop = TERROR_CLOSES.get(terror, "")
        self.update(terror=terror, closed=self.state.closed + ((shop,) if shop else ()))
        self.emit(m.TerrorRose(terror, shop))
        if shop:
            self.empty_closed(shop)
        if terror == TERROR_TOP:
            self.clear_outskirts(
                say("terror reached {terror_top}: Arkham is overrun and the monster limit is gone", terror_top=TERROR_TOP)
            )

    def empty_closed(self, shop: str) -> None:
        street = LOCATION_STREET[shop]
        for who in self.state.investigators_at(shop):
            self.move_investigator(who.name, street)
        moved = tuple(m.Monster(x.kind, street) if x.place == shop else x for x in self.state.monsters)
        for x in self.state.monsters:
            if x.place == shop:
                self.emit(m.MonsterMoved(x.kind, shop, street, say("{shop} closed", shop=shop)))
        self.update(monsters=moved)

    def move_investigator(self, name: str, place: str, delayed: bool | None = None) -> None:
        """Put ``name`` at ``place``; ``delayed`` None keeps whether they are delayed (a shop
        closing moves them, it does not free them)."""
        people = self.state.investigators
        who = next(i for i in people if i.name == name)
        changed = evolve(who, place=place, delayed=who.delayed if delayed is None else delayed)
        self.update(investigators=tuple(changed if i is who else i for i in people))
        self.emit(m.InvestigatorMoved(name, who.place, place))

    # -- cards in play ----------------------------------------------------------------------------

    def enter_play(self, card: str) -> None:
        """Place the card's activity marker, where the data knows it."""
        place = ACTIVITY.get(card)
        if place:
            self.update(activity=(*self.state.activity, place))
            self.emit(m.ActivityMarker(place, card, True))

    def leave_play(self, card: str) -> None:
        """The card goes face down to the bottom of the deck, its markers with it."""
        place = ACTIVITY.get(card)
        if place and place in self.state.activity:
            i = self.state.activity.index(place)
            self.update(activity=self.state.activity[:i] + self.state.activity[i + 1 :])
            self.emit(m.ActivityMarker(place, card, False))
        for marker in [x for x in self.state.card_markers if x.card == card]:
            self.update(card_markers=tuple(x for x in self.state.card_markers if x != marker))
            self.emit(m.CardMarkerMoved(marker.kind, marker.place, card, False))
        self.to_bottom(card)

    def to_bottom(self, card: str) -> None:
        """Every card leaving play goes face down to the bottom of the deck (no discard pile)."""
        self.update(deck=(*self.state.deck, card))

    # -- monsters ------------------------------------------------------------------------------

    def on_board(self) -> int:
        return sum(1 for x in self.state.monsters if x.place != OUTSKIRTS)

    def draw_monster(self) -> str | None:
        """The next monster from the cup (entered at the table, or a seeded draw); None awakes.

        The monster the Environment in play keeps out (Raining Cats and Dogs: "return it to the
        cup and draw a different monster") is never the one drawn; a cup holding nothing else
        is an empty cup."""
        cup, out = self.state.cup, env.kept_out(self.state)
        if self.monsters_entered:
            kind = self.monsters_entered.popleft()
            if kind not in cup:
                raise Refusal(Code.BAD_VALUE, "{kind!r} is not in the monster cup; check the marker's name.", kind=kind)
            if kind == out:
                raise Refusal(
                    Code.BAD_VALUE,
                    "{environment} is in play: a {kind} drawn goes back to the cup; draw a different monster and name it.",
                    environment=self.state.environment,
                    kind=kind,
                )
        elif not cup:
            self.awaken(say("a monster must be drawn but the cup is empty"))
            return None
        elif all(kind == out for kind in cup):
            self.awaken(
                say(
                    "a monster must be drawn but the cup holds only the {kind}, which {environment} keeps out",
                    kind=out,
                    environment=self.state.environment,
                )
            )
            return None
        elif self.state.table_draws:
            raise Refusal(Code.MISSING_DRAW, "A monster is drawn from the cup: name each one the table drew, in order.")
        else:
            drawable = tuple(kind for kind in cup if kind != out)
            index, rng = self.state.rng.below(len(drawable))
            kind = drawable[index]
            self.update(rng=rng)
        i = cup.index(kind)
        self.update(cup=cup[:i] + cup[i + 1 :])
        return kind

    def place_monster(self, kind: str, location: str) -> None:
        """Put a drawn monster at a gate, or in the Outskirts when Arkham is at its limit."""
        state = self.state
        overrun = state.terror >= TERROR_TOP
        if overrun or self.on_board() < monster_limit(state.players):
            self.update(monsters=(*state.monsters, m.Monster(kind, location)))
            self.emit(m.MonsterAppeared(kind, location, location))
            if overrun and self.on_board() >= 2 * monster_limit(state.players):
                self.awaken(
                    say(
                        "terror is {terror_top} and {on_board} monsters are in Arkham",
                        terror_top=TERROR_TOP,
                        on_board=self.on_board(),
                    )
                )
            return
        self.update(monsters=(*state.monsters, m.Monster(kind, OUTSKIRTS)))
        self.emit(m.MonsterAppeared(kind, OUTSKIRTS, location))
        if sum(1 for x in self.state.monsters if x.place == OUTSKIRTS) > outskirts_limit(state.players):
            self.clear_outskirts(
                say("more than {outskirts_limit} monsters in the Outskirts", outskirts_limit=outskirts_limit(state.players))
            )
            self.raise_terror()

    def clear_outskirts(self, reason: str) -> None:
        gone = tuple(x.kind for x in self.state.monsters if x.place == OUTSKIRTS)
        if not gone:
            return
        kept = tuple(x for x in self.state.monsters if x.place != OUTSKIRTS)
        self.update(monsters=kept, cup=tuple(sorted(self.state.cup + gone)))
        self.emit(m.OutskirtsCleared(gone, reason))

    def spawn(self, location: str) -> None:
        if self.over:
            return
        kind = self.draw_monster()
        if kind is not None:
            self.place_monster(kind, location)


# -- step 1: open a gate and spawn a monster ------------------------------------------------------


def open_gate_step(turn: Turn, card: MythosCard, marker: str) -> None:
    location, burst = card.gate, card.burst
    if not location:
        return
    state = turn.state
    if location in state.seals and not burst:
        turn.emit(m.ElderSignHolds(location))
        return
    if state.gate_at(location) is not None:
        surge(turn, location)
        return
    if location in state.seals:  # a gate burst breaks the seal, and the doom token still comes
        turn.update(seals=tuple(s for s in state.seals if s != location))
    turn.add_doom(say("a gate opens at {location}", location=location))
    if turn.over:
        return
    open_gate(turn, location, marker)
    for _ in range(2 if turn.state.players >= TWO_MONSTERS_FROM else 1):
        turn.spawn(location)


def open_gate(turn: Turn, location: str, marker: str) -> None:
    markers = turn.state.gate_markers
    if not markers:
        turn.awaken(say("a gate must open but no gate marker is left"))
        return
    if not marker and turn.state.table_draws:
        raise Refusal(Code.MISSING_DRAW, "A gate opens at {location}: name the gate marker the table drew.", location=location)
    if marker:
        if marker not in markers:
            raise Refusal(Code.BAD_VALUE, "No unused gate marker leads to {marker!r}; check the marker.", marker=marker)
        world = marker
    else:
        index, rng = turn.state.rng.below(len(markers))
        world = markers[index]
        turn.update(rng=rng)
    i = markers.index(world)
    clues = list(turn.state.clues)
    discarded, clues[LOCATIONS.index(location)] = clues[LOCATIONS.index(location)], 0
    turn.update(gate_markers=markers[:i] + markers[i + 1 :], clues=tuple(clues))
    turn.update(gates=(*turn.state.gates, m.Gate(location, world)))
    drawn = turn.state.investigators_at(location)
    info = WORLD[world]
    turn.emit(m.GateOpened(location, world, info.dimension.value, info.modifier, discarded, tuple(i.name for i in drawn)))
    for who in drawn:
        turn.move_investigator(who.name, world, delayed=True)
    if len(turn.state.gates) >= gate_limit(turn.state.players):
        turn.awaken(say("{count} gates are open", count=len(turn.state.gates)))


def surge(turn: Turn, location: str) -> None:
    """max(open gates, players) monsters spread as evenly as possible, none above the surge
    gate's share: the players' placement when they chose one, else round the gates from the
    surge gate in board order."""
    gates = surge_gates(turn.state, location)
    count = max(len(gates), turn.state.players)
    order = turn.placement or round_the_gates(gates, count)
    check_placement(order, gates, location, count)
    turn.emit(m.MonsterSurge(location, count, len(gates)))
    for gate in order:
        turn.spawn(gate)


def surge_gates(state: m.ArkhamState, location: str) -> tuple[str, ...]:
    """The open gates in the order a surge fills them: the surge gate first, then board order."""
    return tuple(sorted((g.location for g in state.gates), key=lambda g: (g != location, LOCATIONS.index(g))))


def round_the_gates(gates: tuple[str, ...], count: int) -> tuple[str, ...]:
    """The placement when the players do not choose: one monster a gate, round and round."""
    return tuple(gates[k % len(gates)] for k in range(count))


def check_placement(order: tuple[str, ...], gates: tuple[str, ...], surge_gate: str, count: int) -> None:
    """Refuse a surge placement that is not ``count`` monsters spread as the rule demands."""
    shares = {gate: order.count(gate) for gate in gates}
    if len(order) != count or set(order) - set(gates):
        raise Refusal(
            Code.NOT_A_CHOICE,
            "A surge places {count} monsters, each on an open gate ({gates}).",
            count=count,
            gates=", ".join(gates),
        )
    if max(shares.values()) - min(shares.values()) > 1 or shares[surge_gate] < max(shares.values()):
        raise Refusal(
            Code.NOT_A_CHOICE,
            "Spread the {count} monsters as evenly as possible, none above the {shares} at {surge_gate}.",
            count=count,
            shares=shares[surge_gate],
            surge_gate=surge_gate,
        )


# -- step 2: the clue ------------------------------------------------------------------------------


def clue_step(turn: Turn, card: MythosCard) -> None:
    location = card.clue
    if not location:
        return
    if turn.state.gate_at(location) is not None:
        turn.emit(m.CluePrevented(location))
        return
    here = turn.state.investigators_at(location)
    if turn.clue_to and turn.clue_to not in {i.name for i in here}:
        raise Refusal(
            Code.NOT_A_CHOICE, "{clue_to} is not at {location} to take its Clue.", clue_to=turn.clue_to, location=location
        )
    clues = list(turn.state.clues)
    if here:  # the players' choice, else (taking a Clue never hurts) the first there in seat order
        taker = next(i for i in here if i.name == turn.clue_to) if turn.clue_to else here[0]
        people = tuple(evolve(i, clues=i.clues + 1) if i is taker else i for i in turn.state.investigators)
        turn.update(investigators=people)
    else:
        clues[LOCATIONS.index(location)] += 1
        turn.update(clues=tuple(clues))
    turn.emit(m.ClueAppeared(location, turn.state.clues_at(location), taker.name if here else ""))


# -- step 3: monsters move -------------------------------------------------------------------------


def arrow(place: str, black: bool) -> str | None:
    if place in LOCATION_STREET:
        return LOCATION_STREET[place]  # both arrows of a base location lead to its street
    return (BLACK if black else WHITE).get(place)


def move_step(turn: Turn, card: MythosCard) -> None:
    fogged = False
    for index in range(len(turn.state.monsters)):
        monster = turn.state.monsters[index]
        dimension = MONSTER[monster.kind].dimension
        flier = MONSTER[monster.kind].movement is Movement.FLYING
        flies = card.burst and flier  # a burst moves all flyers
        if monster.place == OUTSKIRTS or not (flies or dimension in (*card.black, *card.white)):
            continue
        if flier and env.fliers_stay(turn.state):
            fogged = True
            continue
        to, how = destination(turn, monster, dimension in card.black)
        if to and to != monster.place:
            moved = list(turn.state.monsters)
            moved[index] = m.Monster(monster.kind, to)
            turn.update(monsters=tuple(moved))
            turn.emit(m.MonsterMoved(monster.kind, monster.place, to, how))
    if fogged:
        turn.emit(m.ResolveAtTable(env.EVIL_FOG, say("fliers do not move")))


def destination(turn: Turn, monster: m.Monster, black: bool) -> tuple[str | None, str]:
    state, kind = turn.state, MONSTER[monster.kind]
    if kind.movement is Movement.STATIONARY:
        return None, ""
    if kind.name == "Chthonian":
        turn.emit(
            m.ResolveAtTable(
                kind.name,
                say(
                    "in {place}: instead of moving, roll a die: on 4-6 every investigator in Arkham loses 1 Stamina",
                    place=monster.place,
                ),
            )
        )
        return None, ""
    if state.investigators_at(monster.place):
        return None, ""
    if kind.name == "Hound of Tindalos":
        return hound(state, monster.place), say("goes straight to the nearest investigator")
    if kind.movement is Movement.FLYING:
        return fly(state, monster.place)
    return walk(state, monster.place, kind.movement is Movement.FAST, black)


def walk(state: m.ArkhamState, place: str, fast: bool, black: bool) -> tuple[str | None, str]:
    """Along the arrow of the card's colour: one step, or two for a fast monster that meets no
    investigator on the first (Rulebook p.11) unless Icy Conditions is in play."""
    first = arrow(place, black)
    if fast and env.fast_moves_as_normal(state):  # one whole sentence per colour, for the translations
        if black:
            return first, say("along the black arrow, one step on Icy Conditions")
        return first, say("along the white arrow, one step on Icy Conditions")
    if fast and first and not state.investigators_at(first):
        second = arrow(first, black) or first
        if black:
            return second, say("fast, two steps along the black arrows")
        return second, say("fast, two steps along the white arrows")
    return first, say("along the black arrow") if black else say("along the white arrow")


def lowest_sneak(state: m.ArkhamState, places: tuple[str, ...]) -> str | None:
    """The place of the lowest-Sneak investigator among ``places`` (the first player breaks ties)."""
    order = state.investigators[state.first_player :] + state.investigators[: state.first_player]
    names = [i.name for i in order]
    found = [(i.sneak, names.index(i.name), i.place) for p in places for i in state.investigators_at(p)]
    return min(found)[2] if found else None


def fly(state: m.ArkhamState, place: str) -> tuple[str | None, str]:
    """Flying monsters swoop on the lowest Sneak in a connected street, or rise to the Sky."""
    if place == SKY:
        target = lowest_sneak(state, tuple(STREETS))
        return target, say("swoops from the Sky on the lowest Sneak in a street")
    streets = tuple(p for p in neighbours(place) if p in STREETS)
    target = lowest_sneak(state, streets)
    if target:
        return target, say("flies to the lowest Sneak in a connected street")
    return SKY, say("flies to the Sky")


def hound(state: m.ArkhamState, start: str) -> str | None:
    """The nearest investigator in a location (not the Hospital or the Asylum); ties by Sneak."""
    distance = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in neighbours(here):
            if there not in distance:
                distance[there] = distance[here] + 1
                queue.append(there)
    places = tuple(p for p in LOCATIONS if p not in HOUND_NEVER and p in distance)
    occupied = [p for p in places if state.investigators_at(p)]
    if not occupied:
        return None
    nearest = min(distance[p] for p in occupied)
    return lowest_sneak(state, tuple(p for p in occupied if distance[p] == nearest))


# -- step 4: the card's text -----------------------------------------------------------------------


def activate_step(turn: Turn, card: MythosCard) -> None:
    state = turn.state
    if card.kind is CardKind.HEADLINE:
        turn.emit(
            m.ResolveAtTable(
                card.name, say("read the headline aloud and resolve it; enter what it changes on the board with Correct")
            )
        )
        turn.to_bottom(card.name)
    elif card.kind is CardKind.ENVIRONMENT:
        old = state.environment
        if old:
            turn.leave_play(old)
        turn.update(environment=card.name)
        turn.emit(m.CardInPlay(card.name, f"environment ({card.subtype})", old))
        turn.emit(m.ResolveAtTable(card.name, say("its effect lasts while it is in play")))
        turn.enter_play(card.name)
        keep_out(turn)
    elif card.kind is CardKind.RUMOR and state.rumor:
        turn.to_bottom(card.name)  # ignored: it never entered play
        turn.emit(m.RumorIgnored(card.name, state.rumor))
    elif card.kind is CardKind.RUMOR:
        turn.update(rumor=card.name, rumor_track=0)
        turn.emit(m.CardInPlay(card.name, "rumor", ""))
        turn.emit(m.ResolveAtTable(card.name, say("set up the Rumor; it stays until it is passed or failed")))
        turn.enter_play(card.name)


def keep_out(turn: Turn) -> None:
    """The Environment just in play returns the monsters it keeps out to the cup, wherever they
    are in play (Arkham, the Sky, the Outskirts)."""
    kind = env.kept_out(turn.state)
    gone = [x for x in turn.state.monsters if x.kind == kind]
    if not gone:
        return
    kept = tuple(x for x in turn.state.monsters if x.kind != kind)
    turn.update(monsters=kept, cup=tuple(sorted((*turn.state.cup, *(x.kind for x in gone)))))
    for x in gone:
        turn.emit(
            m.ResolveAtTable(turn.state.environment, say("the {kind} in {place} returns to the cup", kind=kind, place=x.place))
        )


def run(turn: Turn, card: MythosCard, marker: str) -> None:
    """Steps 1-5 of the Mythos Phase for ``card`` (already drawn)."""
    setup = turn.state.setup
    open_gate_step(turn, card, marker)
    for step in (clue_step, move_step, activate_step):
        if turn.over:
            return
        step(turn, card)
    turn.update(setup=False, mythos_phases=turn.state.mythos_phases + 1)
    if not setup:  # at set-up the first card is resolved, but no turn has been played yet
        first = (turn.state.first_player + 1) % turn.state.players
        turn.update(first_player=first)
        turn.emit(m.FirstPlayerPassed(turn.state.investigators[first].name))
