"""Issue #31 item 10: the abilities no test had run through ``companion script``, each once from
its card (factions.md's ability tables; docs/rules-notes.md for the readings). Energy Nexus is in
test_issue31_energy_nexus_in_the_wizards_area.py.

Each test sets the board with the table's corrections, then plays the ability with the commands
a table sends, and checks what the card says happens.
"""

from __future__ import annotations

from typing import Any

from tests.engine.cthulhu.scripted import (
    BG,
    CC,
    GC,
    Played,
    battle,
    book,
    books,
    command,
    correct,
    new_game,
    passes,
    place,
    play,
    roll,
    use,
)

WW, OW, AN, SL, BB, TT = "windwalker", "opener_of_the_way", "ancients", "sleeper", "bubastis", "tcho_tcho"
BLACK_GOATS_TURN = [*new_game(), passes(GC), passes(CC)]
TO_THE_FIRST_DOOM_PHASE = [
    passes(GC),
    passes(CC),
    passes(BG),  # round 2: Gather Power (all tied), the first player, the Doom Phase
    command("choose_first_player", player=GC, first=GC),
    command("choose_direction", player=GC, direction="clockwise"),
    book(GC, "Devolve"),  # Great Cthulhu's First Doom Phase
]


def abilities_used(played: Played, name: str) -> list[dict[str, Any]]:
    return [e for e in played.events("ability_used") if e["ability"] == name]


# -- Crawling Chaos -------------------------------------------------------------------------------


def test_madness_crawling_chaos_chooses_where_black_goats_pained_units_retreat() -> None:
    """Madness: "After each Battle ... you choose the order and the Area to which Pained Units
    Retreat", in any battle (factions.md section 2)."""
    lines = [
        *new_game(),
        books(CC, "Madness"),
        place(GC, "Africa", "monster", "Starspawn"),
        battle(GC, "Africa", BG),
        roll(4, 4, 1),  # two Pains on Black Goat's Acolytes
    ]
    played = play(*lines)
    assert played.refused() == []
    assert played.prompt["kind"] == "retreat" and played.prompt["actor"] == CC
    played = play(*lines, command("choose_retreat", player=CC, area="South Atlantic"))
    assert played.refused() == [] and played.count("South Atlantic", BG, "Acolyte") == 1
    assert played.prompt["kind"] == "retreat" and played.prompt["actor"] == CC  # the second one too


# -- Black Goat -----------------------------------------------------------------------------------


def test_necrophagy_a_ghoul_joins_and_each_side_takes_a_pain() -> None:
    """Necrophagy: after the Kills, Ghouls from other areas may join the battle; each gives one
    Pain to both sides (factions.md section 3)."""
    played = play(
        *new_game(),
        books(BG, "Necrophagy"),
        place(GC, "Asia", "monster", "Starspawn"),
        place(BG, "Africa", "monster", "Ghoul"),
        battle(GC, "Asia", CC),
        roll(6, 1, 1),  # one Kill on Crawling Chaos' Acolytes
        use(BG, "Africa"),
    )
    assert played.refused() == []
    assert played.count("Asia", BG, "Ghoul") == 1 and played.count("Africa", BG, "Ghoul") == 0
    pains = [(e["player"], e["unit"]) for e in played.events("hit_taken") if e["hit"] == "pain"]
    assert pains == [(CC, "Acolyte"), (GC, "Starspawn")]
    assert played.prompt["kind"] == "retreat" and played.prompt["actor"] == GC


def test_ghroth_a_roll_within_the_fungi_areas_costs_the_enemies_cultists() -> None:
    """Ghroth (2 Power): a d6; at most the areas with Fungi, the enemies lose that many cultists
    in all, Black Goat choosing whose and where (factions.md section 3)."""
    played = play(
        *BLACK_GOATS_TURN,
        books(BG, "Ghroth"),
        place(BG, "Africa", "monster", "Fungi from Yuggoth"),
        command("ghroth", player=BG),
        roll(1),  # 1 <= 1 area with Fungi: 1 cultist
        use(BG, f"{CC}@Asia"),
    )
    assert played.refused() == []
    assert played.count("Asia", CC, "Acolyte") == 5 and played.player(BG)["power"] == 6


def test_avatar_shub_niggurath_swaps_places_with_an_enemy_unit() -> None:
    """Avatar (1 Power): Shub-Niggurath goes to an area; the enemy named sends one of its
    Monsters or Cultists there to her old area (factions.md section 3)."""
    played = play(
        *BLACK_GOATS_TURN,
        place(BG, "Africa", "goo", "Shub-Niggurath"),
        book(BG, "Frenzy"),
        command("avatar", player=BG, area="Asia", faction=CC),
    )
    assert played.refused() == []
    assert played.count("Asia", BG, "Shub-Niggurath") == 1 and played.count("Africa", CC, "Acolyte") == 1
    assert played.player(BG)["power"] == 7


def test_blood_sacrifice_a_cultist_for_an_elder_sign_in_the_doom_phase() -> None:
    """Blood Sacrifice: in the Doom Phase, with Shub-Niggurath in play, eliminate one of your
    cultists for an Elder Sign, once (factions.md section 3)."""
    sacrifice = command("blood_sacrifice", player=BG, area="Africa")
    played = play(
        *new_game(),
        place(BG, "Africa", "goo", "Shub-Niggurath"),
        book(BG, "Blood Sacrifice"),
        *TO_THE_FIRST_DOOM_PHASE,
        sacrifice,
        sacrifice,
    )
    assert [r["code"] for r in played.refused()] == ["not_now"]  # once per Doom Phase
    assert played.count("Africa", BG, "Acolyte") == 5 and len(played.player(BG)["elder_signs"]) == 1


# -- Windwalker ---------------------------------------------------------------------------------

WINDWALKERS_TURN = [*new_game((GC, CC, WW), starts=((WW, "Arctic Ocean"),)), passes(GC), passes(CC)]


def test_eternal_one_power_cancels_the_kill_on_rhan_tegoth() -> None:
    """Eternal (Rhan Tegoth): pay 1 Power to cancel a Kill or Pain on him (factions.md
    section 5)."""
    played = play(
        *WINDWALKERS_TURN,
        place(WW, "Asia", "goo", "Rhan Tegoth"),
        book(WW, "Ice Age"),
        place(CC, "Asia", "monster", "Hunting Horror"),
        battle(WW, "Asia", CC),
        roll(1, 1, 1),
        roll(6, 1),  # a Kill on Rhan Tegoth
        use(WW, "use"),
    )
    assert played.refused() == []
    assert abilities_used(played, "Eternal") and played.count("Asia", WW, "Rhan Tegoth") == 1
    assert played.player(WW)["power"] == 8 - 1 - 1


def test_cannibalism_a_wendigo_where_an_enemy_unit_was_killed() -> None:
    """Cannibalism: after a battle in which an enemy unit was killed, place an Acolyte or a
    Wendigo from your pool there (factions.md section 5)."""
    played = play(
        *WINDWALKERS_TURN,
        books(WW, "Cannibalism"),
        place(WW, "Asia", "monster", "Wendigo"),
        battle(WW, "Asia", CC),
        roll(6),
        use(WW, "Wendigo"),
    )
    assert played.refused() == []
    assert played.count("Asia", WW, "Wendigo") == 2 and played.count("Asia", CC, "Acolyte") == 5


# -- Opener of the Way --------------------------------------------------------------------------

OPENERS_TURN = [*new_game((GC, CC, OW), starts=((OW, "Europe"),)), passes(GC), passes(CC)]


def test_the_million_favored_ones_upgrades_a_surviving_mutant() -> None:
    """The Million Favored Ones: after a battle, each surviving unit may be upgraded (a Mutant
    to an Abomination) (factions.md section 7)."""
    played = play(
        *OPENERS_TURN,
        books(OW, "The Million Favored Ones"),
        place(OW, "Asia", "monster", "Mutant"),
        battle(OW, "Asia", CC),
        roll(1),
        use(OW, "Mutant"),
    )
    assert played.refused() == []
    assert played.count("Asia", OW, "Mutant") == 0 and played.count("Asia", OW, "Abomination") == 1


def test_channel_power_one_power_rolls_the_misses_again() -> None:
    """Channel Power: pay 1 Power to roll your Misses again (factions.md section 7)."""
    played = play(
        *OPENERS_TURN,
        books(OW, "Channel Power"),
        place(OW, "Asia", "monster", "Abomination"),
        battle(OW, "Asia", CC),
        roll(6, 2),  # a Kill and a Miss
        use(OW, "use"),
        roll(6),  # the Miss again: a second Kill
    )
    assert played.refused() == []
    assert played.count("Asia", CC, "Acolyte") == 4 and played.player(OW)["power"] == 8 - 1 - 1


# -- Ancients -----------------------------------------------------------------------------------

ANCIENTS = [*new_game((GC, CC, AN), starts=((AN, "Australia"),)), passes(GC)]


def test_unholy_ground_a_cathedral_removed_and_the_enemy_loses_its_great_old_one() -> None:
    """Unholy Ground: after a battle in an area with a Cathedral, remove one; the enemy then
    eliminates one of its Great Old Ones in the battle (factions.md section 8)."""
    played = play(
        *ANCIENTS,
        books(AN, "Unholy Ground"),
        command("place_marker", area="Asia", marker="cathedral"),
        place(AN, "Asia", "terror", "Yothan"),
        place(CC, "Asia", "goo", "Nyarlathotep"),
        book(CC, "Abduct"),
        passes(CC),
        battle(AN, "Asia", CC),
        roll(1, 1, 1, 1, 1, 1, 1),
        roll(1, 1),
        use(AN, "Asia"),
    )
    assert played.refused() == []
    assert played.count("Asia", CC, "Nyarlathotep") == 0
    removed = [e for e in played.events("marker_changed") if e["marker"] == "cathedral" and not e["placed"]]
    assert [e["area"] for e in removed] == ["Asia"]


def test_worship_services_a_power_each_for_a_cathedral_at_an_enemy_gate() -> None:
    """Worship Services: 1 Power per Cathedral sharing an area with an enemy-controlled gate,
    and that enemy 1 too (factions.md section 8)."""
    played = play(
        *ANCIENTS,
        books(AN, "Worship Services"),
        command("place_marker", area="Asia", marker="cathedral"),  # at Crawling Chaos' gate
        passes(CC),
        passes(AN),
    )
    assert played.refused() == []
    worship = {
        e["player"]: [p["amount"] for p in e["parts"] if p["label"] == "Worship Services"]
        for e in played.events("power_gathered")
    }
    assert worship == {GC: [], CC: [1], AN: [1]}


# -- Sleeper ------------------------------------------------------------------------------------

SLEEPERS_TURN = [*new_game((GC, CC, SL)), passes(GC), passes(CC)]


def test_cursed_slumber_the_gate_on_the_card_still_gives_power() -> None:
    """Cursed Slumber: Sleeper's gate and a cultist there go to the card; the gate still counts
    as controlled for Power (factions.md section 6)."""
    played = play(
        *SLEEPERS_TURN,
        books(SL, "Cursed Slumber"),
        command("cursed_slumber", player=SL, area="North America"),
        passes(SL),
    )
    assert played.refused() == []
    assert played.count("North America", SL, "Acolyte") == 5
    (gathered,) = [e for e in played.events("power_gathered") if e["player"] == SL]
    assert {"label": "Cursed Slumber", "amount": 3} in gathered["parts"]  # the gate's 2 and its cultist's 1


def test_ancient_sorcery_a_serpent_man_borrows_the_enemys_first_ability() -> None:
    """Ancient Sorcery: a Serpent Man goes to an enemy's card; Sleeper uses that faction's
    unique ability (Crawling Chaos: Flight, a Move two areas away) (factions.md section 6)."""
    two_away = command(
        "move", player=SL, groups=[{"area": "North America", "to": "Europe", "kind": "cultist", "name": "Acolyte", "count": 1}]
    )
    refused = play(*SLEEPERS_TURN, two_away)
    assert [r["code"] for r in refused.refused()] == ["not_adjacent"]
    played = play(
        *SLEEPERS_TURN,
        books(SL, "Ancient Sorcery"),
        place(SL, "North America", "monster", "Serpent Man"),
        command("ancient_sorcery", player=SL, area="North America", enemy=CC),
        two_away,
    )
    assert played.refused() == []
    assert played.count("North America", SL, "Serpent Man") == 0 and played.count("Europe", SL, "Acolyte") == 1


# -- Bubastis -----------------------------------------------------------------------------------


def test_bastet_awakens_with_one_cat_of_each_variety_in_play() -> None:
    """Awaken Bastet: one cat of each variety in play (the Moon counts), 6 Power, an area with no
    enemy units (factions.md section 9)."""
    cats = [place(BB, "Europe", "monster", name) for name in ("Cat from Mars", "Cat from Saturn", "Cat from Uranus")]
    awaken = command("awaken", player=BB, area="Europe", name="Bastet")
    lacking = play(*new_game((GC, CC, BB)), passes(GC), passes(CC), *cats[:2], awaken)
    assert [r["code"] for r in lacking.refused()] == ["not_now"]
    played = play(*new_game((GC, CC, BB)), passes(GC), passes(CC), *cats, awaken)
    assert played.refused() == []
    assert played.count("Europe", BB, "Bastet") == 1 and played.player(BB)["power"] == 2
    assert [e["requirement"] for e in played.events("requirement_met") if e["player"] == BB] == ["Awaken Bastet"]


# -- Tcho-Tcho ----------------------------------------------------------------------------------


def test_tcho_tchos_tribe_chooses_its_spellbooks_and_idolatry_works() -> None:
    """The tribes: Tcho-Tcho's Spellbook choices are the three shared books and its tribe's three
    (Tsang: Idolatry, Martyrdom, Tablets of the Gods); Idolatry (1 Power) moves its units from
    adjacent areas into an area with another faction's start glyph (factions.md section 10)."""
    tsang = [*new_game((GC, CC, TT), tribes=True, starts=((TT, "Europe"),)), use(TT, "Tsang")]
    played = play(*tsang, correct(CC, "doom", 15))  # "Another player ... has 15 Doom"
    assert played.prompt["kind"] == "spellbook" and played.prompt["actor"] == TT
    assert played.prompt["choices"] == ["Hierophants", "Soulless", "Terror", "Idolatry", "Martyrdom", "Tablets of the Gods"]
    idolatry = command(
        "idolatry", player=TT, area="Asia", units=[{"area": "Europe", "kind": "cultist", "name": "Acolyte", "count": 2}]
    )
    played = play(*tsang, correct(CC, "doom", 15), book(TT, "Idolatry"), passes(GC), passes(CC), idolatry)
    assert played.refused() == []
    assert played.count("Asia", TT, "Acolyte") == 2 and played.player(TT)["power"] == 7
