"""Issue 31, item 18: terror reaching 10 in the middle of a surge.

Rulebook p.18 and p.20 (data §2.5, §3.2): a monster over the limit goes to the Outskirts; more
than 8 - players there and they all return to the cup and terror rises; at terror 10 "the monster
limit is removed for the rest of the game" and (FAQ) the Outskirts are emptied and no longer used.
So once the overflow raises terror to 10, the surge's remaining monsters go to their gates.
"""

from __future__ import annotations

from tests.engine.arkham.script import Line, accepted, events, game

# Three investigators: the monster limit is 3 + 3 = 6, the Outskirts hold 8 - 3 = 5.
ARKHAM_SIX = ("Ghoul", "Ghoul", "Ghoul", "Zombie", "Zombie", "Zombie")
OUTSKIRTS_FIVE = ("Maniac", "Maniac", "Maniac", "Cultist", "Cultist")


def placed(kind: str, to: str) -> Line:
    return {"type": "arkham_monster", "kind": kind, "action": "place", "to": to}


def full_board_at_terror_nine() -> tuple[Line, ...]:
    """A gate at the Woods, Arkham at its limit in the Woods, the Outskirts full, terror 9."""
    return (
        game("Train Station", "Train Station", "Train Station"),
        {"type": "arkham_gate", "location": "Woods", "action": "open", "world": "Yuggoth"},
        *(placed(kind, "Woods") for kind in ARKHAM_SIX),
        *(placed(kind, "Outskirts") for kind in OUTSKIRTS_FIVE),
        {"type": "arkham_terror", "terror": 9},
    )


def test_after_terror_reaches_ten_mid_surge_the_rest_of_the_surge_goes_to_the_gates() -> None:
    # Slum Murders Continue!: gate Woods (open): a surge of max(1 gate, 3 players) = 3 monsters.
    setup = full_board_at_terror_nine()
    answers, state = accepted(
        *setup, {"type": "mythos", "card": "Slum Murders Continue!", "monsters": ["Star Spawn", "Gug", "Dhole"]}
    )
    phase = answers[len(setup)]
    appeared = [(e["monster"], e["place"]) for e in events(phase, "monster_appeared")]
    # The first is over the limit: the Outskirts (6 > 5) empty into the cup and terror reaches 10.
    assert appeared == [("Star Spawn", "Outskirts"), ("Gug", "Woods"), ("Dhole", "Woods")]
    [cleared] = events(phase, "outskirts_cleared")
    assert sorted(cleared["monsters"]) == sorted((*OUTSKIRTS_FIVE, "Star Spawn"))
    assert [e["terror"] for e in events(phase, "terror_rose")] == [10]
    assert state.terror == 10 and not state.awakened
    places = [x.place for x in state.monsters]
    assert len(places) == 8 and "Outskirts" not in places  # over the old limit of 6: there is none
