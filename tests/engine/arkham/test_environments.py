"""Issue 31, item 15: an Environment in play changes the steps the referee performs.

The card texts (the base cards as the fandom wiki gives them, the source of the data's card list,
../shared/data/arkham-horror.md §4.6; quoted in docs/rules-notes.md):

- An Evil Fog: "Fliers do not move."
- Icy Conditions: "Fast Monsters move like normal monsters."
- Happy Days are Here Again: "the terror level cannot increase."
- Raining Cats and Dogs: "Return any Fire Vampires in play to the cup. If a Fire Vampire enters
  play, return it to the cup and draw a different monster."
- Sunny and Clear: the same for the Haunter of the Dark (the card's errata: "Hunter in Darkness").
- No One Can Help You Now: "Gates cannot be sealed, although they can still be closed."
"""

from __future__ import annotations

from companion.engine.arkham import model as m
from companion.engine.arkham.game import apply
from companion.engine.core import Accepted
from companion.engine.rng import Rng
from companion.engine.values import evolve
from tests.engine.arkham.helpers import board, of
from tests.engine.arkham.script import Line, accepted, events, game, script


def environment(card: str) -> Line:
    return {"type": "arkham_card", "slot": "environment", "card": card}


def placed(kind: str, to: str) -> Line:
    return {"type": "arkham_monster", "kind": kind, "action": "place", "to": to}


def where(state: m.ArkhamState, kind: str) -> list[str]:
    return [x.place for x in state.monsters if x.kind == kind]


def test_an_evil_fog_keeps_the_fliers_where_they_are() -> None:
    # Campus Security Increased!: gate Independence Square; white box circle: a Byakhee (circle,
    # flying) in the Sky would swoop on Amanda in Northside.
    answers, state = accepted(
        game("Northside"),
        environment("An Evil Fog"),
        placed("Byakhee", "Sky"),
        {"type": "mythos", "card": "Campus Security Increased!", "gate": "Yuggoth", "monsters": ["Ghoul"]},
    )
    assert events(answers[3], "monster_moved") == []
    assert where(state, "Byakhee") == ["Sky"]
    assert [e["source"] for e in events(answers[3], "resolve_at_table")] == ["An Evil Fog", "Campus Security Increased!"]


def test_on_icy_conditions_a_fast_monster_moves_one_step() -> None:
    # Campus Security Increased!: black box diamond, square: the Shoggoth (diamond, fast) follows
    # the black arrow once, Northside -> Merchant District (not on to Miskatonic U.).
    answers, state = accepted(
        game("Train Station"),
        environment("Icy Conditions"),
        placed("Shoggoth", "Northside"),
        {"type": "mythos", "card": "Campus Security Increased!", "gate": "Yuggoth", "monsters": ["Ghoul"]},
    )
    [moved] = events(answers[3], "monster_moved")
    assert (moved["source"], moved["to"]) == ("Northside", "Merchant District")
    assert where(state, "Shoggoth") == ["Merchant District"]


def test_happy_days_keep_the_terror_level_at_an_outskirts_overflow() -> None:
    # Three investigators: limit 6, Outskirts 5.  Slum Murders Continue!: gate Woods (open): a
    # surge of 3.  The first overflows the Outskirts: all return to the cup, terror stays at 2.
    setup = (
        game("Train Station", "Train Station", "Train Station"),
        environment("Happy Days are Here Again"),
        {"type": "arkham_gate", "location": "Woods", "action": "open", "world": "Yuggoth"},
        *(placed(kind, "Woods") for kind in ("Ghoul", "Ghoul", "Ghoul", "Dark Young", "Dark Young", "Dark Young")),
        *(placed(kind, "Outskirts") for kind in ("Maniac", "Maniac", "Maniac", "Cultist", "Cultist")),
        {"type": "arkham_terror", "terror": 2},
    )
    answers, state = accepted(
        *setup, {"type": "mythos", "card": "Slum Murders Continue!", "monsters": ["Star Spawn", "Gug", "Dhole"]}
    )
    phase = answers[len(setup)]
    assert len(events(phase, "outskirts_cleared")) == 1 and events(phase, "terror_rose") == []
    assert state.terror == 2 and state.closed == ()
    assert "Happy Days are Here Again" in [e["source"] for e in events(phase, "resolve_at_table")]
    assert where(state, "Gug") == ["Outskirts"] and where(state, "Dhole") == ["Outskirts"]


def test_raining_cats_and_dogs_sends_the_fire_vampires_in_play_back_to_the_cup() -> None:
    # Raining Cats and Dogs: gate Hibb's Roadhouse; it enters play in step 4 and returns the
    # Fire Vampire in the Woods to the cup.
    answers, state = accepted(
        game("Train Station"),
        placed("Fire Vampire", "Woods"),
        {"type": "mythos", "card": "Raining Cats and Dogs", "gate": "Yuggoth", "monsters": ["Ghoul"]},
    )
    assert where(state, "Fire Vampire") == [] and state.cup.count("Fire Vampire") == 2
    said = [e["what"] for e in events(answers[2], "resolve_at_table") if e["source"] == "Raining Cats and Dogs"]
    assert "the Fire Vampire in Woods returns to the cup" in said


def test_raining_cats_and_dogs_refuses_a_fire_vampire_named_as_drawn() -> None:
    answers, _state = script(
        game("Train Station"),
        environment("Raining Cats and Dogs"),
        {"type": "mythos", "card": "All Quiet in Arkham!", "gate": "Yuggoth", "monsters": ["Fire Vampire"]},
        {"type": "mythos", "card": "All Quiet in Arkham!", "gate": "Yuggoth", "monsters": ["Ghoul"]},
    )
    assert [a["ok"] for a in answers] == [True, True, False, True]
    assert answers[2]["code"] == "bad_value" and "draw a different monster" in answers[2]["message"]


def test_a_digital_draw_never_brings_a_fire_vampire_while_it_rains() -> None:
    cup = ("Fire Vampire", "Fire Vampire", "Ghoul")
    for seed in range(12):
        state = board(players=1, cup=cup, environment="Raining Cats and Dogs", rng=Rng(seed))
        result = apply(state, m.Mythos("All Quiet in Arkham!"))
        assert isinstance(result, Accepted)
        assert [e.monster for e in of(result.events, m.MonsterAppeared)] == ["Ghoul"]


def test_a_cup_of_nothing_but_fire_vampires_in_the_rain_is_an_empty_cup() -> None:
    state = board(players=1, cup=("Fire Vampire", "Fire Vampire"), environment="Raining Cats and Dogs")
    result = apply(state, m.Mythos("All Quiet in Arkham!"))
    assert isinstance(result, Accepted) and "Fire Vampire" in result.state.awakened


def test_sunny_and_clear_keeps_the_haunter_of_the_dark_out_of_a_draw() -> None:
    state = board(players=1, cup=("Haunter of the Dark", "Zombie"), environment="Sunny and Clear", ancient_one="Nyarlathotep")
    for seed in range(8):
        result = apply(evolve(state, rng=Rng(seed)), m.Mythos("All Quiet in Arkham!"))
        assert isinstance(result, Accepted)
        assert [e.monster for e in of(result.events, m.MonsterAppeared)] == ["Zombie"]


def test_no_one_can_help_you_now_refuses_a_seal_but_allows_the_close() -> None:
    answers, state = script(
        game("Train Station"),
        environment("No One Can Help You Now"),
        {"type": "arkham_gate", "location": "Woods", "action": "open", "world": "Yuggoth"},
        {"type": "close_gate", "location": "Woods", "seal": True},
        {"type": "close_gate", "location": "Woods"},
    )
    assert [a["ok"] for a in answers] == [True, True, True, False, True]
    assert "cannot be sealed" in answers[3]["message"]
    assert state.gates == () and state.seals == ()
