"""Property test: thousands of generated Mythos Phases, each checked for what the rules never allow.

A phase is generated from scratch: any base card, 1 to 8 investigators anywhere (some delayed,
some in Other Worlds), any terror and doom below the top, open gates and elder signs on the
unstable locations, monsters in Arkham, the Sky and the Outskirts within their limits, a cup from
full to nearly empty, and any Environment in play.  After the phase (seeded draws), the rules
text and the Rulebook (pp.9-12, 18, 20) forbid:

- more monsters in Arkham and the Sky than the limit while terror is below 10;
- more monsters in the Outskirts than 8 - players (and any at all at terror 10);
- a gate opened on an elder sign (no base card bursts);
- a Clue placed on an open gate;
- an investigator, delayed or not, left at a location where a gate opened;
- terror that fell;

and the Environment in play (issue 31, item 15) forbids a flier moving in An Evil Fog, a fast
monster taking two steps on Icy Conditions, terror rising on Happy Days, and a Fire Vampire (a
Haunter of the Dark) drawn in Raining Cats and Dogs (Sunny and Clear).

The default profile runs ARKHAM_MYTHOS_EXAMPLES examples (3000 unless set; about 20 s here);
set it higher for a longer search, e.g. ARKHAM_MYTHOS_EXAMPLES=20000.
"""

from __future__ import annotations

import os
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine.arkham import environments as env
from companion.engine.arkham import model as m
from companion.engine.arkham.data import (
    ANCIENT_ONES,
    ARKHAM,
    CARDS,
    LOCATIONS,
    MONSTER,
    OUTSKIRTS,
    SKY,
    STORY_CONTINUES,
    TERROR_CLOSES,
    UNSTABLE,
    WORLDS,
    CardKind,
    Movement,
)
from companion.engine.arkham.game import apply, monster_census, new_arkham_game
from companion.engine.arkham.mythos import LOST
from companion.engine.core import Accepted
from companion.engine.values import evolve

settings.register_profile(
    "arkham-mythos",
    max_examples=int(os.environ.get("ARKHAM_MYTHOS_EXAMPLES", "3000")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    # The same examples every run, so a CI run is repeatable; ARKHAM_MYTHOS_RANDOM=1 explores anew.
    derandomize=not os.environ.get("ARKHAM_MYTHOS_RANDOM"),
)
PROFILE = settings.get_profile("arkham-mythos")


def monster_limit(players: int) -> int:
    """Rulebook p.18, written out here so that the check does not ask the engine."""
    return players + 3


def outskirts_limit(players: int) -> int:
    return 8 - players


def gate_limit(players: int) -> int:
    """Open gates that awaken the Ancient One (Rulebook p.20): 8, 8, 7, 7, 6, 6, 5, 5."""
    return (8, 8, 7, 7, 6, 6, 5, 5)[players - 1]


ENVIRONMENTS = tuple(card.name for card in CARDS if card.kind is CardKind.ENVIRONMENT)
RUMORS = tuple(card.name for card in CARDS if card.kind is CardKind.RUMOR)
PLAYABLE = tuple(card.name for card in CARDS if card.name != STORY_CONTINUES)
WHERE = (*ARKHAM, *(w.name for w in WORLDS), LOST)


@st.composite
def phases(draw: st.DrawFn) -> tuple[m.ArkhamState, str]:
    """A board in the middle of a game and the card its next Mythos Phase draws.

    The counts that matter to the rules are drawn (players, terror, gates, seals, monsters, the
    cup's size, the cards in play); where each thing stands is picked by a drawn seed, which keeps
    an example cheap to make."""
    players = draw(st.integers(1, 8))
    terror = draw(st.integers(0, 10))
    environment = draw(st.sampled_from(("", *ENVIRONMENTS)))
    rumor = draw(st.sampled_from(("", *RUMORS)))
    card = draw(st.sampled_from([c for c in PLAYABLE if c not in (environment, rumor)]))
    open_count = draw(st.integers(0, gate_limit(players) - 1))
    sealed_count = draw(st.integers(0, min(5, len(UNSTABLE) - open_count)))
    board_room = draw(st.integers(0, 2 * monster_limit(players) - 1 if terror >= 10 else monster_limit(players)))
    outskirts_room = 0 if terror >= 10 else draw(st.integers(0, outskirts_limit(players)))
    cup_share = draw(st.sampled_from((0.0, 0.02, 0.05, 0.1, 0.5, 1.0)))  # a nearly empty cup as often as a full one
    pick = random.Random(draw(st.integers(0, 2**32)))

    seats = tuple(m.Seated(f"I{i}", pick.choice(ARKHAM), pick.randint(0, 5)) for i in range(players))
    started = new_arkham_game(m.NewArkhamGame(pick.choice(sorted(ANCIENT_ONES)), seats, pick.randrange(2**16)))
    assert isinstance(started, Accepted)
    state = started.state
    closed = tuple(shop for level, shop in TERROR_CLOSES.items() if terror >= level)
    people = tuple(
        evolve(i, place=pick.choice([w for w in WHERE if w not in closed]), delayed=pick.random() < 0.4)
        for i in state.investigators
    )
    sites = pick.sample(UNSTABLE, len(UNSTABLE))
    markers = list(state.gate_markers)
    gates = []
    for location in sites[:open_count]:
        world = pick.choice(markers)
        markers.remove(world)
        gates.append(m.Gate(location, world))
    seals = tuple(sites[open_count : open_count + sealed_count])
    out = env.KEPT_OUT.get(environment, "")
    cup = [kind for kind in state.cup if kind != out]
    pick.shuffle(cup)
    places = [p for p in ARKHAM if p not in closed]
    monsters = []
    for _ in range(min(board_room, len(cup))):
        kind = cup.pop()
        flying = MONSTER[kind].movement is Movement.FLYING
        monsters.append(m.Monster(kind, SKY if flying and pick.random() < 0.5 else pick.choice(places)))
    monsters += [m.Monster(cup.pop(), OUTSKIRTS) for _ in range(min(outskirts_room, len(cup)))]
    left = round(len(cup) * cup_share)
    kept = cup[:left] + [kind for kind in state.cup if kind == out]
    gone = cup[left:]
    board = evolve(
        state,
        investigators=people,
        terror=terror,
        closed=closed,
        doom=pick.randrange(state.doom_track),
        gates=tuple(gates),
        seals=seals,
        gate_markers=tuple(sorted(markers)),
        monsters=tuple(monsters),
        cup=tuple(sorted(kept)),
        boxed=tuple(sorted(gone)),
        environment=environment,
        rumor=rumor,
        deck=tuple(c for c in state.deck if c not in (environment, rumor)),
        clues=tuple(0 if loc in {g.location for g in gates} else pick.randint(0, 2) for loc in LOCATIONS),
        setup=not (rumor or environment) and pick.random() < 0.2,
        first_player=pick.randrange(players),
    )
    return board, card


def check(before: m.ArkhamState, after: m.ArkhamState, events: tuple[object, ...]) -> None:
    players = before.players
    on_board = sum(1 for x in after.monsters if x.place != OUTSKIRTS)
    outskirts = sum(1 for x in after.monsters if x.place == OUTSKIRTS)
    assert after.terror >= 10 or on_board <= monster_limit(players), "more monsters in Arkham than the limit"
    assert outskirts <= (0 if after.terror >= 10 else outskirts_limit(players)), "the Outskirts over their limit"
    assert after.terror >= before.terror, "terror fell"
    assert sum(monster_census(after).values()) == sum(monster_census(before).values()), "a monster was lost or made"
    assert not {g.location for g in after.gates} & set(after.seals), "a gate and an elder sign on one location"
    for gate in after.gates:
        assert after.clues_at(gate.location) == 0, "a Clue on an open gate"
    for event in events:
        if isinstance(event, m.GateOpened):
            assert event.location not in before.seals, "a gate opened on an elder sign"
            left = [i.name for i in after.investigators if i.place == event.location and i.playing]
            assert not left, "an investigator left where a gate opened"  # delayed or not: no engine helper asked
        if isinstance(event, m.ClueAppeared):
            assert after.gate_at(event.location) is None, "a Clue placed on an open gate"
    check_environment(before, after, events)


def check_environment(before: m.ArkhamState, after: m.ArkhamState, events: tuple[object, ...]) -> None:
    """The Environment in play when the phase began rules steps 1-3; the one in play after it, the end."""
    # Monster movement only: a shop that terror closes this phase sends its monsters to the street
    # (the terror track's rule, whatever the Environment), which is not a move of the monster's own.
    shut = set(after.closed) - set(before.closed)
    moved = [e for e in events if isinstance(e, m.MonsterMoved) and e.source not in shut]
    if env.fliers_stay(before):
        assert not [e for e in moved if MONSTER[e.monster].movement is Movement.FLYING], "a flier moved in the fog"
    if env.fast_moves_as_normal(before):
        assert not [e for e in moved if e.how.startswith("fast")], "a fast monster ran on the ice"
    if env.terror_held(before):
        assert after.terror == before.terror and not any(isinstance(e, m.TerrorRose) for e in events)
    out = env.kept_out(before)
    if out:
        assert out not in [e.monster for e in events if isinstance(e, m.MonsterAppeared)], f"a {out} drawn"
    if env.kept_out(after):
        assert env.kept_out(after) not in [x.kind for x in after.monsters], "a kept-out monster in play"


@PROFILE
@given(phase=phases())
def test_a_generated_mythos_phase_breaks_no_rule(phase: tuple[m.ArkhamState, str]) -> None:
    before, card = phase
    result = apply(before, m.Mythos(card))
    assert isinstance(result, Accepted), result
    check(before, result.state, result.events)
    if not result.state.awakened:  # and the next one, drawn from the deck
        again = apply(result.state, m.Mythos())
        assert isinstance(again, Accepted), again
        check(result.state, again.state, again.events)


def test_every_base_environment_can_be_in_play() -> None:
    assert Counter(c.kind for c in CARDS)[CardKind.ENVIRONMENT] == len(ENVIRONMENTS) == 24
