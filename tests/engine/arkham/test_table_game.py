"""A scripted Arkham game played at a real table: eight Mythos Phases, with monsters defeated and
kept as trophies, a monster sent back to the cup by a card, a gate sealed with an Elder Sign and
the terror raised by a card's text, each entered as a correction.  The monster limit, the
Outskirts and the terror track must follow the corrected board.

Three investigators: the monster limit is 3 + 3 = 6 in Arkham and the Sky, the Outskirts hold
8 - 3 = 5 (Rulebook p.18).  The cards, gate markers and monsters are the table's draws, entered by
name, so every number below follows from the rules alone.
"""

from __future__ import annotations

from companion.engine.arkham import corrections as c
from companion.engine.arkham import model as m
from companion.engine.arkham.game import apply, monster_census
from companion.engine.core import Accepted, Command
from tests.engine.arkham.helpers import board, of


def play(state: m.ArkhamState, command: Command) -> Accepted[m.ArkhamState]:
    result = apply(state, command)
    assert isinstance(result, Accepted), result
    return result


def count(state: m.ArkhamState) -> tuple[int, int, int]:
    """(Arkham and the Sky, the Outskirts, trophies): what the limits are computed from."""
    census = monster_census(state)
    return census["arkham"] + census["sky"], census["outskirts"], census["trophies"]


def test_monsters_defeated_at_the_table_keep_the_limit_the_outskirts_and_terror_right() -> None:
    state = board(3)
    total = sum(monster_census(state).values())  # 54: the cup without the Mask monsters

    # Phase 1: a gate opens at the Woods (doom 1) and one monster comes through it.
    state = play(state, m.Mythos("All Quiet in Arkham!", "Yuggoth", ("Cultist",))).state
    assert (count(state), state.doom) == ((1, 0, 0), 1)
    # Phase 2: the Woods again: a surge of max(1 gate, 3 players) = 3 monsters, all under the limit.
    state = play(state, m.Mythos("Slum Murders Continue!", "", ("Zombie", "Maniac", "Ghost"))).state
    assert count(state) == (4, 0, 0)
    # Phase 3: another surge of 3: two fill Arkham to its limit of 6, the third waits in the Outskirts.
    state = play(state, m.Mythos("Heat Wave", "", ("Ghoul", "Ghoul", "Ghoul"))).state
    assert count(state) == (6, 1, 0)
    full = state

    # At the table: Amanda kills a Ghoul at the Woods, Bob the Zombie and the Maniac in Uptown
    # (the crescent monsters walked there in phase 2).  Each is a trophy: off the board, not in the cup.
    cup = len(state.cup)
    for kind, place, who in (("Ghoul", "Woods", "Amanda"), ("Zombie", "Uptown", "Bob"), ("Maniac", "Uptown", "Bob")):
        state = play(state, c.CorrectMonster(kind, c.MonsterAction.DEFEATED, place, reason=who)).state
    assert count(state) == (3, 1, 3) and len(state.cup) == cup

    # Phase 4: a new gate at The Unnamable (doom 2).  Arkham holds 3 of 6, so its monster enters
    # Arkham.  Without the trophies entered, Arkham would still hold 6 and it would go to the Outskirts.
    blue_flu = m.Mythos("Blue Flu!", "R'lyeh", ("Dark Young",))
    assert of(play(full, blue_flu).events, m.MonsterAppeared)[0].place == "Outskirts"
    state = play(state, blue_flu).state
    assert (count(state), state.doom) == ((4, 1, 3), 2)
    # Phase 5: a surge at The Unnamable: max(2 gates, 3 players) = 3; two reach the limit of 6,
    # the third goes to the Outskirts (now 2).
    state = play(state, m.Mythos("Ghost Ship Docks by Itself!", "", ("Witch", "Gug", "Star Spawn"))).state
    assert count(state) == (6, 2, 3)

    # At the table: the Woods is sealed with an Elder Sign (one doom token off the track).  The
    # Yuggoth gate's circle monsters go back to the cup: the Witch.  Arkham 6 -> 5.
    state = play(state, c.CorrectGate("Woods", c.GateAction.SEAL, reason="Elder Sign")).state
    state = play(state, c.CorrectDoom(1, "Elder Sign")).state
    assert (count(state), state.doom, state.seals) == ((5, 2, 3), 1, ("Woods",))

    # Phase 6: a gate at the Graveyard (doom 2); its Nightgaunt fills Arkham to 6 again.
    state = play(state, m.Mythos("Family Found Butchered!", "The Abyss", ("Nightgaunt",))).state
    assert (count(state), state.doom) == ((6, 2, 3), 2)
    # Phase 7: a surge at the Graveyard, 3 monsters with Arkham full: all to the Outskirts, which
    # now hold exactly their 5 (no overflow: they empty only when they hold more).
    state = play(state, m.Mythos("Ill Wind Grips Arkham!", "", ("Mi-Go", "Fire Vampire", "Elder Thing"))).state
    assert (count(state), state.terror) == ((6, 5, 3), 0)

    # At the table: a card returns the Gug to the cup and another raises terror by 2 (printed
    # effects the companion does not model).  Arkham 6 -> 5; terror 0 -> 2 closes nothing (3 does).
    state = play(state, c.CorrectMonster("Gug", c.MonsterAction.CUP, "Uptown", reason="a Headline")).state
    state = play(state, c.CorrectTerror(2, "a Headline")).state
    assert (count(state), state.terror, state.closed) == ((5, 5, 3), 2, ())

    # Phase 8: a surge of 3 at the Graveyard.  The first (Byakhee) takes Arkham's last place (6);
    # the second (Dhole) makes 6 in the Outskirts, more than 5: all 6 return to the cup and terror
    # rises from the corrected 2 to 3, closing the General Store; the third (Warlock) starts the
    # Outskirts again.  The three trophies stay trophies: the cup gets only the Outskirts' six.
    before = len(state.cup)
    result = play(state, m.Mythos("An Evil Fog", "", ("Byakhee", "Dhole", "Warlock")))
    state = result.state
    cleared = of(result.events, m.OutskirtsCleared)
    assert [len(e.monsters) for e in cleared] == [6]
    assert [(e.terror, e.closed) for e in of(result.events, m.TerrorRose)] == [(3, "General Store")]
    assert (count(state), state.terror, state.closed) == ((6, 1, 3), 3, ("General Store",))
    assert len(state.cup) == before - 3 + 6
    assert sorted(state.trophies) == ["Ghoul", "Maniac", "Zombie"]
    # Of each kind killed, the cup holds what was never drawn or came back, never the trophy:
    # Zombie and Maniac 3 each, one drawn and killed: 2 left; Ghoul 3, one killed, one still in
    # Arkham, one back from the Outskirts: 1.
    assert (state.cup.count("Zombie"), state.cup.count("Maniac"), state.cup.count("Ghoul")) == (2, 2, 1)
    assert sum(monster_census(state).values()) == total

    # A spent trophy goes back to the cup.
    state = play(state, c.CorrectMonster("Ghoul", c.MonsterAction.SPENT, reason="Amanda pays the Ghoul")).state
    assert state.cup.count("Ghoul") == 2 and count(state) == (6, 1, 2)
