"""The Ancients' modelled abilities, Spellbooks and requirements (factions.md section 8), each
driven through commands."""

from __future__ import annotations

from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu import flow
from companion.engine.cthulhu.factions.ancients import CHEAPEST, DEAREST, AncientsSummons
from companion.engine.cthulhu.model import Phase, Prompt, PromptKind
from companion.engine.values import evolve
from tests.engine.cthulhu.factions.kit import AN, GC, YS, A, game6, met, turn, units
from tests.helpers import run


def test_requirement_a_cathedral_in_each_kind_of_area() -> None:
    state = game6(
        East_Africa={"markers": ["cathedral"]},
        Europe={"markers": ["cathedral"]},
        Central_America={"markers": ["cathedral"]},
        Antarctica={"markers": ["cathedral"]},
    )
    state = run(turn(state, AN, power=1), c.Pass(AN))
    assert {
        "A Cathedral in an AA-glyph area",
        "A Cathedral in an OO-glyph area",
        "A Cathedral in a WW-glyph area",
        "A Cathedral in an area without a glyph",
    } <= set(met(state, AN))


def test_requirement_every_enemy_summons_its_cheapest_and_its_dearest_monster() -> None:
    state = game6(
        South_Pacific={"gate": GC, "units": [(GC, A, "Acolyte", 1)]}, Europe={"gate": YS, "units": [(YS, A, "Acolyte", 1)]}
    )
    state = run(turn(state, AN, power=1), AncientsSummons(AN))
    assert units(state, "South Pacific", GC, "Deep One") == 1 and units(state, "Europe", YS, "Undead") == 1
    state = run(turn(state, AN, power=1, books=("Festival",)), AncientsSummons(AN, dearest=True))
    assert units(state, "South Pacific", GC, "Starspawn") == 1 and units(state, "Europe", YS, "Byakhee") == 1
    assert {CHEAPEST, DEAREST} <= set(met(state, AN))


def test_worship_services_a_power_per_cathedral_at_an_enemy_gate() -> None:
    state = game6(Europe={"gate": YS, "units": [(YS, A, "Acolyte", 1)], "markers": ["cathedral"]})
    state = turn(state, AN, books=("Worship Services",))
    assert ("Worship Services", 1) in [(p.label, p.amount) for p in flow.power_parts(state, AN)]


def test_consecration_an_elder_sign_when_the_ancients_perform_a_ritual() -> None:
    state = game6(Scandinavia={"gate": AN, "units": [(AN, A, "Acolyte", 1)], "markers": ["cathedral"]})
    state = turn(state, AN, power=6, books=("Consecration",))
    state = evolve(state, phase=Phase.DOOM, prompt=Prompt(PromptKind.RITUAL, AN, "ritual?", ("ritual", "skip_ritual")))
    state = run(state, c.Ritual(AN))
    assert len(state.player(AN).elder_signs) == 1
