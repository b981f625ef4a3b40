"""The choices the Mythos Phase leaves to the players, found before the command is submitted."""

from __future__ import annotations

from companion.engine.arkham import model as m
from companion.engine.arkham.decisions import ClueChoice, GateMarkerDrawn, MonsterDrawn, SurgeChoice, next_decision
from companion.engine.arkham.game import apply
from companion.engine.core import Accepted, Code
from companion.engine.values import evolve
from tests.engine.arkham.helpers import board, monsters, of, rejected
from tests.engine.arkham.script import Line, accepted, game

HEAT_WAVE = "Heat Wave"  # gate Woods; clue Independence Square
BIG_STORM = "Big Storm Sweeps Arkham!"  # gate Independence Square; clue The Unnamable
DRAWN = ("Cultist", "Zombie", "Maniac")


def test_an_uneven_surge_asks_for_the_placement_and_the_choice_is_then_accepted() -> None:
    # 3 players, 2 gates: 3 monsters, so one gate besides the surge gate's 2 gets 1: uneven.
    state = board(players=3, gates=(m.Gate("Graveyard", "Yuggoth"), m.Gate("Woods", "R'lyeh")))
    decision = next_decision(state, m.Mythos(HEAT_WAVE, monsters=DRAWN))
    assert decision == SurgeChoice("Woods", 3, ("Woods", "Graveyard"), 0)
    assert decision.default() == ("Woods", "Graveyard", "Woods")
    chosen = m.Mythos(HEAT_WAVE, monsters=DRAWN, placement=("Graveyard", "Woods", "Woods"))
    assert next_decision(state, chosen) is None and isinstance(apply(state, chosen), Accepted)


def test_an_even_surge_within_the_limit_asks_nothing() -> None:
    # 2 players, 2 gates: 2 monsters, one each.
    state = board(players=2, gates=(m.Gate("Graveyard", "Yuggoth"), m.Gate("Woods", "R'lyeh")))
    assert next_decision(state, m.Mythos(HEAT_WAVE, monsters=DRAWN[:2])) is None


def test_a_surge_the_limit_sends_to_the_outskirts_asks_which_gates_keep_theirs() -> None:
    # 3 players: limit 6 monsters; 5 are in Arkham, so 1 of the 3 surge monsters stays, 2 go on.
    five = monsters(*[("Ghost", "Downtown")] * 5)
    state = board(players=3, gates=(m.Gate("Woods", "R'lyeh"),), monsters=five)
    decision = next_decision(state, m.Mythos(HEAT_WAVE, monsters=DRAWN))
    assert decision == SurgeChoice("Woods", 3, ("Woods",), 2)


def test_a_clue_where_several_stand_asks_who_takes_it_in_seat_order_from_the_first_player() -> None:
    state = board(places=("The Unnamable", "The Unnamable", "Woods"), first_player=1)
    decision = next_decision(state, m.Mythos(BIG_STORM))
    assert decision == ClueChoice("The Unnamable", ("Bob", "Amanda"))
    agreed = m.Mythos(BIG_STORM, clue_to="Amanda")
    assert next_decision(state, agreed) is None
    result = apply(state, agreed)
    assert isinstance(result, Accepted) and of(result.events, m.ClueAppeared)[0].taken_by == "Amanda"


def test_one_investigator_or_none_takes_no_decision_and_a_refused_command_has_none() -> None:
    assert next_decision(board(places=("The Unnamable",)), m.Mythos(BIG_STORM)) is None
    assert next_decision(board(), m.Mythos(BIG_STORM)) is None
    assert next_decision(board(), m.Mythos("No such card")) is None


def test_a_digital_draw_previews_the_same_phase_it_then_resolves() -> None:
    # The preview and the submitted command draw the same card, marker and monsters from the state.
    state = board(players=3, gates=(m.Gate("Graveyard", "Yuggoth"), m.Gate("Woods", "R'lyeh")))
    first, second = apply(state, m.Mythos()), apply(state, m.Mythos())
    assert isinstance(first, Accepted) and isinstance(second, Accepted)
    assert first.events == second.events and first.state == second.state


# -- A table that draws for itself -----------------------------------------------------------------


def test_a_table_that_draws_must_name_the_card_the_gate_marker_and_each_monster() -> None:
    state = evolve(board(), table_draws=True)
    assert rejected(state, m.Mythos()).code is Code.MISSING_DRAW
    assert rejected(state, m.Mythos(HEAT_WAVE)).code is Code.MISSING_DRAW  # a gate opens at the Woods
    assert rejected(state, m.Mythos(HEAT_WAVE, gate="Yuggoth")).code is Code.MISSING_DRAW  # and a monster comes
    result = apply(state, m.Mythos(HEAT_WAVE, gate="Yuggoth", monsters=("Cultist",)))
    assert isinstance(result, Accepted) and result.state.gate_at("Woods") == m.Gate("Woods", "Yuggoth")


def test_the_screen_is_asked_for_the_marker_then_each_monster_in_order() -> None:
    state = evolve(board(players=5), table_draws=True)  # five investigators: two monsters at a new gate
    asked = next_decision(state, m.Mythos(HEAT_WAVE))
    assert asked == GateMarkerDrawn("Woods", tuple(sorted(set(state.gate_markers))))
    asked = next_decision(state, m.Mythos(HEAT_WAVE, gate="Yuggoth"))
    assert isinstance(asked, MonsterDrawn) and (asked.number, asked.count) == (1, 2) and "Cultist" in asked.kinds
    asked = next_decision(state, m.Mythos(HEAT_WAVE, gate="Yuggoth", monsters=("Cultist",)))
    assert isinstance(asked, MonsterDrawn) and asked.number == 2
    assert next_decision(state, m.Mythos(HEAT_WAVE, gate="Yuggoth", monsters=("Cultist", "Cultist"))) is None


def test_a_surge_at_a_table_that_draws_is_placed_before_its_monsters_are_named() -> None:
    gates = (m.Gate("Graveyard", "Yuggoth"), m.Gate("Woods", "R'lyeh"))
    state = evolve(board(players=3, gates=gates), table_draws=True)
    assert isinstance(next_decision(state, m.Mythos(HEAT_WAVE)), SurgeChoice)
    placed = m.Mythos(HEAT_WAVE, placement=("Woods", "Graveyard", "Woods"))
    asked = next_decision(state, placed)
    assert isinstance(asked, MonsterDrawn) and (asked.number, asked.count) == (1, 3)


def test_a_surge_placement_is_allowed_exactly_when_some_completion_passes_the_rule() -> None:
    # Brute force over every start of every placement, 1-4 gates and up to 6 monsters.
    from itertools import product

    from companion.engine.arkham.mythos import check_placement
    from companion.engine.core import Refusal

    def completes(choice: SurgeChoice, start: tuple[str, ...]) -> bool:
        for rest in product(choice.gates, repeat=choice.count - len(start)):
            try:
                check_placement(start + rest, choice.gates, choice.location, choice.count)
            except Refusal:
                continue
            return True
        return False

    names = ("Woods", "Graveyard", "Unvisited Isle", "Black Cave")
    for gates in range(1, 5):
        for count in range(gates, 7):
            choice = SurgeChoice("Woods", count, names[:gates], 0)
            for length in range(count + 1):
                for start in product(choice.gates, repeat=length):
                    assert choice.allows(start) == completes(choice, start), (gates, count, start)


# -- issue 31, item 16: the monsters offered are the cup at the question -------------------------


def nearly_empty_cup_at_the_overflow() -> list[Line]:
    """A table that draws for itself, three investigators (limit 6, Outskirts 5): a gate at the
    Woods, Arkham full there, the Outskirts full, and one Gug left in the cup (the rest trophies)."""
    start = {**game("Train Station", "Train Station", "Train Station"), "table_draws": True}
    arkham = ("Ghoul", "Ghoul", "Ghoul", "Dark Young", "Dark Young", "Dark Young")
    outskirts = ("Maniac", "Maniac", "Maniac", "Cultist", "Cultist")
    lines: list[Line] = [start, {"type": "arkham_gate", "location": "Woods", "action": "open", "world": "Yuggoth"}]
    lines += [{"type": "arkham_monster", "kind": k, "action": "place", "to": "Woods"} for k in arkham]
    lines += [{"type": "arkham_monster", "kind": k, "action": "place", "to": "Outskirts"} for k in outskirts]
    cup = list(board(players=3).cup)  # Cthulhu's cup: no Mask monsters
    for kind in (*arkham, *outskirts, "Gug"):
        cup.remove(kind)
    for kind in cup:  # out of the cup: placed, then defeated and kept (a correction takes only from the board)
        lines.append({"type": "arkham_monster", "kind": kind, "action": "place", "to": "Train Station"})
        lines.append({"type": "arkham_monster", "kind": kind, "action": "defeated", "place": "Train Station"})
    return lines


def test_after_an_outskirts_overflow_the_returned_monsters_are_offered() -> None:
    setup = nearly_empty_cup_at_the_overflow()
    _answers, state = accepted(*setup)
    assert state.cup == ("Gug",)
    # Slum Murders Continue!: gate Woods (open): a surge of 3.  The Gug goes to the Outskirts,
    # which overflow (6 > 5): all six return to the cup, so the next two come from those six.
    surge = m.Mythos("Slum Murders Continue!", placement=("Woods", "Woods", "Woods"))
    first = next_decision(state, surge)
    assert first == MonsterDrawn(1, 3, ("Gug",))
    second = next_decision(state, evolve(surge, monsters=("Gug",)))
    assert second == MonsterDrawn(2, 3, ("Cultist", "Gug", "Maniac"))
    third = next_decision(state, evolve(surge, monsters=("Gug", "Maniac")))
    assert third == MonsterDrawn(3, 3, ("Cultist", "Gug", "Maniac"))
    line = {"type": "mythos", "card": surge.card, "placement": list(surge.placement), "monsters": ["Gug", "Maniac", "Gug"]}
    _answers, after = accepted(*setup, line)
    assert [x.kind for x in after.monsters if x.place == "Outskirts"] == ["Maniac", "Gug"]
    assert after.terror == 1


def test_the_monster_the_environment_keeps_out_is_not_offered() -> None:
    state = board(players=1, cup=("Fire Vampire", "Ghoul"), environment="Raining Cats and Dogs", table_draws=True)
    assert next_decision(state, m.Mythos("All Quiet in Arkham!", gate="Yuggoth")) == MonsterDrawn(1, 1, ("Ghoul",))
