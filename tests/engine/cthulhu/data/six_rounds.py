"""A four-faction game of six rounds (Earth, 4 players, West 5 / East 3: earth-4p-53), the core
box with the referee playing the abilities, and its record worked out BY HAND from the rules.

Sources for the reasoning: ../shared/data/factions.md (FM, with its section), ../shared/data/
cthulhu-wars.md section 3 (CW3: the core rules: Gather Power, First Player, Doom Phase, the
Action Phase, battle dice) and docs/rules-notes.md (RN).  Each step is one command given to
``apply``; the fields beside it are what the rules say changes, and the test replays the script
and compares ALL the figures (Power, Doom, Elder Signs held, Spellbooks held, every unit on the
map, every gate) after every step, and the pools where a step gives them.

What the script types: where a unit goes, what is summoned, which Spellbook, the dice FACES,
and the answers to the engine's prompts (a Kill's unit, a retreat's area).  It never types a
cost, a dice count or a Kill/Pain assignment the engine did not ask for.  ``PayForSpellbook(4)``
names which Crawling Chaos requirement is paid for (the card's "pay 4 Power"), not a cost.

Kept out of the game on purpose (another helper is adding them; the record must stay right
when they land): Regenerate (Great Cthulhu never takes it), Emissary of the Outer Gods,
Invisibility and Madness (Crawling Chaos never takes them), Necrophagy and the Red Sign (Black
Goat never takes them), and Flight: every Crawling Chaos move is to an adjacent area, which
Flight keeps legal at the same cost (1 Power per unit moved).  Seek and Destroy (taken by
Crawling Chaos) never applies: Crawling Chaos never has a Hunting Horror; Abduct never applies: Crawling Chaos never battles.
Passion (Yellow Sign) never applies: no Yellow Sign cultist is eliminated.  Devour and Absorb
never apply: Cthulhu and the Shoggoth never battle.  No Elder Sign is revealed (the digital bag's
values are the seed's, not the rules'): the record counts the tokens held.

Seats (and clockwise play order): Great Cthulhu, Crawling Chaos, Black Goat, Yellow Sign.
Figures are in seat order: (GC, CC, BG, YS).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from companion.engine.core import Command
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.factions.crawling_chaos import PayForSpellbook
from companion.engine.cthulhu.factions.powers import ChooseSpellbook, UseAbility
from companion.engine.cthulhu.factions.yellow_sign import Desecrate
from companion.engine.cthulhu.model import Faction, Options, UnitKind

MAP = "earth-4p-53"
FACTIONS = (Faction.GREAT_CTHULHU, Faction.CRAWLING_CHAOS, Faction.BLACK_GOAT, Faction.YELLOW_SIGN)
SEED = 20
OPTIONS = Options(abilities=True)
ROUNDS = 6
GC, CC, BG, YS = "great_cthulhu", "crawling_chaos", "black_goat", "yellow_sign"
SEATS = (GC, CC, BG, YS)
SP, IO, NZ, AUS, ANT = "South Pacific", "Indian Ocean", "New Zealand", "Australia", "Antarctica"
ASIA, AFR, EUR, NP, NA, SA = "Asia", "Africa", "Europe", "North Pacific", "North Atlantic", "South Atlantic"
SAE, SAW, CAM, ARC = "South America East", "South America West", "Central America", "Arctic Ocean"
ACO = "Acolyte"
M, CULT, GOO = UnitKind.MONSTER, UnitKind.CULTIST, UnitKind.GOO

Delta = tuple[str, str, str, int]  # (area, owner, unit name, +n or -n)


@dataclass(frozen=True)
class Figures:
    power: tuple[int, ...]
    doom: tuple[int, ...]
    signs: tuple[int, ...]
    books: tuple[int, ...]


@dataclass(frozen=True)
class Step:
    """One command and what the rules say it changes.  ``power`` etc. are changes by faction;
    ``power_is`` sets Power outright (Gather Power); ``gates`` sets an area's gate ("" none);
    ``prompt``: (kind, actor) asked next; ``at``: (round, phase) after it; ``pools``: (faction,
    unit) -> how many in the pool."""

    command: Command
    units: tuple[Delta, ...] = ()
    power: dict[str, int] = field(default_factory=dict)
    power_is: dict[str, int] = field(default_factory=dict)
    doom: dict[str, int] = field(default_factory=dict)
    signs: dict[str, int] = field(default_factory=dict)
    books: dict[str, int] = field(default_factory=dict)
    gates: dict[str, str] = field(default_factory=dict)
    prompt: tuple[str, str] | None = None
    at: tuple[int, str] | None = None
    pools: dict[tuple[str, str], int] | None = None


class Record:
    """The hand-worked figures, advanced step by step."""

    def __init__(self) -> None:
        self.power = dict.fromkeys(SEATS, 8)  # CW3 First round: 8 Power each
        self.doom = dict.fromkeys(SEATS, 0)
        self.signs = dict.fromkeys(SEATS, 0)
        self.books = dict.fromkeys(SEATS, 0)
        # CW3 Setup: 6 Acolytes and a controlled gate in each printed start (FM sections 1-4).
        starts = {GC: SP, CC: ASIA, BG: AFR, YS: EUR}
        self.board: Counter[tuple[str, str, str]] = Counter({(area, pid, ACO): 6 for pid, area in starts.items()})
        self.gates = {area: pid for pid, area in starts.items()}

    def update(self, step: Step) -> None:
        for area, owner, name, n in step.units:
            self.board[(area, owner, name)] += n
            assert self.board[(area, owner, name)] >= 0, (area, owner, name)
        for pid, n in step.power.items():
            self.power[pid] += n
        self.power.update(step.power_is)
        for counter, changes in ((self.doom, step.doom), (self.signs, step.signs), (self.books, step.books)):
            for pid, n in changes.items():
                counter[pid] += n
        for area, gate in step.gates.items():
            if gate:
                self.gates[area] = gate
            else:
                self.gates.pop(area, None)

    @property
    def figures(self) -> Figures:
        return Figures(
            tuple(self.power[p] for p in SEATS),
            tuple(self.doom[p] for p in SEATS),
            tuple(self.signs[p] for p in SEATS),
            tuple(self.books[p] for p in SEATS),
        )


def mv(owner: str, name: str, src: str, dst: str, n: int = 1) -> tuple[Delta, Delta]:
    return ((src, owner, name, -n), (dst, owner, name, n))


def move(owner: str, src: str, dst: str, kind: UnitKind, name: str = "", n: int = 1) -> c.Move:
    return c.Move(owner, groups=(c.MoveGroup(src, dst, kind, name or kind.default_name, n),))


def book(pid: str, name: str) -> ChooseSpellbook:
    return ChooseSpellbook(pid, name)


def roll(*faces: int) -> c.Roll:
    return c.Roll(tuple(faces), "tower")


STEPS: list[Step] = [
    # ======================= Round 1: no Gather Power, no Doom Phase (CW3 First round) ========
    # Great Cthulhu is first player and chooses the direction (CW3 First round).
    Step(c.ChooseDirection(GC, "clockwise"), prompt=("action", GC), at=(1, "action")),
    # A move costs 1 Power per unit moved (CW3 Common actions).
    Step(move(GC, SP, IO, CULT), units=mv(GC, ACO, SP, IO), power={GC: -1}, prompt=("action", CC)),
    # Nightgaunt: cost 1 (FM 2), at CC's controlled start gate.
    Step(c.Summon(CC, ASIA, "Nightgaunt"), units=((ASIA, CC, "Nightgaunt", 1),), power={CC: -1}),
    # Ghoul: cost 1 (FM 3; The Thousand Young not held).
    Step(c.Summon(BG, AFR, "Ghoul"), units=((AFR, BG, "Ghoul", 1),), power={BG: -1}),
    # Undead: cost 1 (FM 4).
    Step(c.Summon(YS, EUR, "Undead"), units=((EUR, YS, "Undead", 1),), power={YS: -1}),
    # A gate costs 3 and needs a cultist there (CW3 Common actions); GC controls it.  Ocean gates
    # (FM 1): GC controls 2 ocean gates, 2 exist: not met.
    Step(c.BuildGate(GC, IO), power={GC: -3}, gates={IO: GC}),
    Step(move(CC, ASIA, IO, M, "Nightgaunt"), units=mv(CC, "Nightgaunt", ASIA, IO), power={CC: -1}),
    # Fungi from Yuggoth: cost 2 (FM 3).
    Step(c.Summon(BG, AFR, "Fungi from Yuggoth"), units=((AFR, BG, "Fungi from Yuggoth", 1),), power={BG: -2}),
    # Byakhee: cost 2 (FM 4).
    Step(c.Summon(YS, EUR, "Byakhee"), units=((EUR, YS, "Byakhee", 1),), power={YS: -2}),
    # Deep One: cost 1 (FM 1).
    Step(c.Summon(GC, SP, "Deep One"), units=((SP, GC, "Deep One", 1),), power={GC: -1}),
    # Capture (FM 0, Capture): 1 Power; the Indian Ocean holds a GC Acolyte and no GC Monster or
    # GOO, and CC's Nightgaunt is a Monster able to capture.  GC's last unit there is gone, so
    # its gate there is abandoned (FM 0, Gate control).  CC meets "Capture a Cultist" (FM 2): a
    # Spellbook is owed and CC picks it at once (FM 0, Spellbook choice).
    Step(
        c.Capture(CC, IO, GC),
        units=((IO, GC, ACO, -1),),
        power={CC: -1},
        gates={IO: "abandoned"},
        prompt=("spellbook", CC),
    ),
    Step(book(CC, "The Thousand Forms"), books={CC: 1}, prompt=("action", BG)),
    Step(move(BG, AFR, IO, CULT), units=mv(BG, ACO, AFR, IO), power={BG: -1}),
    Step(move(YS, EUR, NA, CULT), units=mv(YS, ACO, EUR, NA), power={YS: -1}),
    Step(c.Summon(GC, SP, "Deep One"), units=((SP, GC, "Deep One", 1),), power={GC: -1}),
    # CC's requirement action "pay 4 Power" (FM 2): 4 Power, a Spellbook.
    Step(PayForSpellbook(CC, 4), power={CC: -4}, prompt=("spellbook", CC)),
    Step(book(CC, "Seek and Destroy"), books={CC: 1}, prompt=("action", BG)),
    # Control Gate: an unlimited action, 0 Power, a cultist there (RN The board); BG keeps its turn.
    Step(c.ControlGate(BG, IO), gates={IO: BG}, prompt=("action", BG)),
    # Dark Young: cost 3 (FM 3).
    Step(c.Summon(BG, AFR, "Dark Young"), units=((AFR, BG, "Dark Young", 1),), power={BG: -3}),
    # King in Yellow (FM 4): a YS unit in an area without a gate (the Acolyte in the North
    # Atlantic); 4 Power.  "Awaken the King in Yellow" is met: a Spellbook.
    Step(
        c.Awaken(YS, NA, "King in Yellow"),
        units=((NA, YS, "King in Yellow", 1),),
        power={YS: -4},
        prompt=("spellbook", YS),
    ),
    Step(book(YS, "Passion"), books={YS: 1}, prompt=("action", GC)),
    Step(move(GC, SP, NZ, M, "Deep One"), units=mv(GC, "Deep One", SP, NZ), power={GC: -1}),
    # Passing sets Power to 0 (CW3 Action Phase).
    Step(c.Pass(CC), power={CC: -1}),
    Step(move(BG, AFR, ASIA, M, "Ghoul"), units=mv(BG, "Ghoul", AFR, ASIA), power={BG: -1}),
    # YS has 0 Power and is skipped (CW3 Action Phase); GC passes: everyone is out of Power.
    #
    # ======================= Round 2 ==============================================================
    # Gather Power (CW3): 2 per controlled gate, 1 per own cultist on the map, 1 per abandoned gate
    # on the map (none), 1 per captured cultist (then returned to its pool).
    #   GC: South Pacific gate 2 + 5 Acolytes = 7.
    #   CC: Asia gate 2 + 6 Acolytes + 1 GC Acolyte captured = 9.
    #   BG: Africa and Indian Ocean gates 4 + 6 Acolytes (5 Africa, 1 Indian Ocean) = 10.
    #   YS: Europe gate 2 + 6 Acolytes = 8; Feast 0 (nothing desecrated).
    # Half the leader (10) is 5: nobody is raised.  BG has the most Power: first player (CW3).
    Step(
        c.Pass(GC),
        power_is={GC: 7, CC: 9, BG: 10, YS: 8},
        prompt=("direction", BG),
        pools={(GC, ACO): 1, (CC, ACO): 0, (BG, ACO): 0, (YS, ACO): 0, (GC, "Deep One"): 2, (CC, "Nightgaunt"): 2},
    ),
    # Doom Phase (CW3): +1 Doom per controlled gate: GC 1, CC 1, BG 2, YS 1.  GC's "First Doom
    # Phase" requirement (FM 1) is met: 1 Elder Sign and a Spellbook, before the rituals.
    Step(
        c.ChooseDirection(BG, "clockwise"),
        doom={GC: 1, CC: 1, BG: 2, YS: 1},
        signs={GC: 1},
        prompt=("spellbook", GC),
        at=(2, "doom"),
    ),
    Step(book(GC, "Y'ha Nthlei"), books={GC: 1}, prompt=("ritual", BG)),
    # Ritual of Annihilation (CW3): 5 (the 4-player track's first space); Doom +2 for BG's 2
    # controlled gates; no Great Old One in play, so no Elder Sign.  The marker moves to 6.
    Step(c.Ritual(BG), power={BG: -5}, doom={BG: 2}, prompt=("ritual", YS)),
    Step(c.SkipRitual(YS), prompt=("ritual", GC)),
    Step(c.SkipRitual(GC), prompt=("ritual", CC)),
    Step(c.SkipRitual(CC), prompt=("action", BG), at=(2, "action")),
    # Round 2's actions: BG, YS, GC, CC.  Power: GC 7, CC 9, BG 5, YS 8.
    # BG now has units in 4 areas (Africa, Indian Ocean, Asia, South Atlantic): "Units in 4
    # areas" (FM 3) is met, a Spellbook.
    Step(move(BG, AFR, SA, CULT), units=mv(BG, ACO, AFR, SA), power={BG: -1}, prompt=("spellbook", BG)),
    Step(book(BG, "Frenzy"), books={BG: 1}, prompt=("action", YS)),
    # Two units moved: 2 Power.  The King goes to a glyph area (OO) without a gate.
    Step(
        c.Move(YS, groups=(c.MoveGroup(NA, SAE, GOO, "King in Yellow"), c.MoveGroup(NA, SAE, CULT, ACO))),
        units=(*mv(YS, "King in Yellow", NA, SAE), *mv(YS, ACO, NA, SAE)),
        power={YS: -2},
    ),
    # Starspawn: cost 3 (FM 1).
    Step(c.Summon(GC, SP, "Starspawn"), units=((SP, GC, "Starspawn", 1),), power={GC: -3}),
    Step(move(CC, ASIA, NP, CULT), units=mv(CC, ACO, ASIA, NP), power={CC: -1}),
    Step(c.Summon(BG, AFR, "Fungi from Yuggoth"), units=((AFR, BG, "Fungi from Yuggoth", 1),), power={BG: -2}),
    # Desecrate (FM 4): 2 Power, the King in an area without a Desecration token; one die.
    Step(Desecrate(YS), power={YS: -2}, prompt=("roll", YS)),
    # 2 <= the 2 YS units there (King and Acolyte): the token is placed; "Desecrate an OO-glyph
    # area" is met (a Spellbook, asked after the placing).  Then a Monster or Cultist costing 2
    # or less is placed there: no YS Acolyte is in the pool, Undead and Byakhee are: YS chooses.
    Step(roll(2), prompt=("ability", YS)),
    Step(UseAbility(YS, "Undead"), units=((SAE, YS, "Undead", 1),), prompt=("spellbook", YS)),
    Step(book(YS, "Zingaya"), books={YS: 1}, prompt=("action", GC)),
    Step(move(GC, SP, IO, M, "Starspawn"), units=mv(GC, "Starspawn", SP, IO), power={GC: -1}),
    # A gate: 3 Power.  Ocean gates now South Pacific, Indian Ocean, North Pacific: 3, not 4.
    Step(c.BuildGate(CC, NP), power={CC: -3}, gates={NP: CC}),
    # Ghoul: 1 (the second and last Ghoul).
    Step(c.Summon(BG, AFR, "Ghoul"), units=((AFR, BG, "Ghoul", 1),), power={BG: -1}, pools={(BG, "Ghoul"): 0}),
    Step(c.Summon(YS, EUR, "Undead"), units=((EUR, YS, "Undead", 1),), power={YS: -1}),
    # A battle (FM 11): 1 Power.  GC rolls 3 (Starspawn 3, FM 1); BG rolls 1: its one unit there
    # is an Acolyte, combat 1 with Frenzy (FM 3).  CC's Nightgaunt there is not in the battle.
    Step(c.BattleAction(GC, IO, BG), power={GC: -1}, prompt=("roll", GC)),
    Step(roll(6, 4, 1), prompt=("roll", BG)),
    # GC's 6 Kills BG's Acolyte (as many Kills as units: no choice); its Pain finds no unit left.
    # BG's 5 Pains the Starspawn.  BG has no unit left by its gate: abandoned.  One enemy unit
    # killed in the battle: "Kill/Devour 1 enemy unit" (FM 1), counted as the Kills are
    # eliminated (FM 11 step 10) and met once, when the battle ends (issue #31 item 2): a
    # Spellbook after the retreat.
    # The Starspawn may retreat where BG has no unit: Antarctica, North Pacific, South Pacific,
    # Australia, New Zealand (not South Atlantic, Africa or Asia): GC chooses.
    Step(roll(5), units=((IO, BG, ACO, -1),), gates={IO: "abandoned"}, prompt=("retreat", GC)),
    Step(c.ChooseRetreat(GC, SP), units=mv(GC, "Starspawn", IO, SP), prompt=("spellbook", GC)),
    Step(book(GC, "Dreams"), books={GC: 1}, prompt=("action", CC)),
    # Flying Polyp: cost 2 (FM 2).
    Step(c.Summon(CC, ASIA, "Flying Polyp"), units=((ASIA, CC, "Flying Polyp", 1),), power={CC: -2}),
    Step(move(BG, AFR, IO, CULT), units=mv(BG, ACO, AFR, IO), power={BG: -1}),
    Step(c.Summon(YS, EUR, "Byakhee"), units=((EUR, YS, "Byakhee", 1),), power={YS: -2}),
    Step(c.Pass(GC), power={GC: -2}),
    # Capture: CC's Nightgaunt, BG's lone Acolyte, no BG Monster there.  The gate was abandoned.
    Step(c.Capture(CC, IO, BG), units=((IO, BG, ACO, -1),), power={CC: -1}),
    Step(c.Pass(YS), power={YS: -1}),
    # ======================= Round 3 ==============================================================
    # Gather Power; the Indian Ocean's abandoned gate gives each faction 1:
    #   GC: gate 2 + 5 Acolytes + 1 = 8.
    #   CC: gates 4 + 6 Acolytes + 1 BG Acolyte captured + 1 = 12.
    #   BG: gate 2 + 4 Acolytes (3 Africa, 1 South Atlantic) + 1 = 7.
    #   YS: gate 2 + 6 Acolytes + 1 + Feast 1 (South America East desecrated, YS units there) = 10.
    # Half the leader is 6: nobody is raised.  CC has 12 Power: "3 gates or 12 Power" (FM 2) is
    # met, checked after Gather Power: a Spellbook.  CC is first player.
    Step(
        c.Pass(CC),
        power_is={GC: 8, CC: 12, BG: 7, YS: 10},
        prompt=("spellbook", CC),
        pools={(BG, ACO): 2, (GC, ACO): 1, (YS, "Undead"): 3, (YS, "Byakhee"): 2, (GC, "Starspawn"): 1},
    ),
    Step(book(CC, "Abduct"), books={CC: 1}, prompt=("direction", CC)),
    # Doom: GC 1 gate, CC 2, BG 1, YS 1.  Ritual cost: the track's second space, 6.
    Step(c.ChooseDirection(CC, "clockwise"), doom={GC: 1, CC: 2, BG: 1, YS: 1}, prompt=("ritual", CC), at=(3, "doom")),
    Step(c.Ritual(CC), power={CC: -6}, doom={CC: 2}, prompt=("ritual", BG)),
    Step(c.SkipRitual(BG), prompt=("ritual", YS)),
    Step(c.SkipRitual(YS), prompt=("ritual", GC)),
    Step(c.SkipRitual(GC), prompt=("action", CC), at=(3, "action")),
    # Round 3's actions: CC, BG, YS, GC.  Power: GC 8, CC 6, BG 7, YS 10.
    Step(c.Summon(CC, ASIA, "Nightgaunt"), units=((ASIA, CC, "Nightgaunt", 1),), power={CC: -1}),
    # Recruit: 1 Power, an Acolyte from the pool (BG has 2 there: one killed, one captured and
    # returned at Gather Power) where BG has a unit (CW3 Common actions, RN The board).
    Step(c.Recruit(BG, AFR), units=((AFR, BG, ACO, 1),), power={BG: -1}),
    Step(c.BuildGate(YS, SAE), power={YS: -3}, gates={SAE: YS}),
    Step(c.Recruit(GC, SP), units=((SP, GC, ACO, 1),), power={GC: -1}, pools={(GC, ACO): 0}),
    Step(move(CC, ASIA, ARC, CULT), units=mv(CC, ACO, ASIA, ARC), power={CC: -1}),
    Step(c.Recruit(BG, AFR), units=((AFR, BG, ACO, 1),), power={BG: -1}, pools={(BG, ACO): 0}),
    Step(c.Summon(YS, SAE, "Undead"), units=((SAE, YS, "Undead", 1),), power={YS: -1}),
    Step(move(GC, NZ, AUS, M, "Deep One"), units=mv(GC, "Deep One", NZ, AUS), power={GC: -1}),
    Step(c.Pass(CC), power={CC: -4}),
    Step(move(BG, AFR, IO, M, "Fungi from Yuggoth"), units=mv(BG, "Fungi from Yuggoth", AFR, IO), power={BG: -1}),
    Step(c.Summon(YS, EUR, "Byakhee"), units=((EUR, YS, "Byakhee", 1),), power={YS: -2}),
    Step(c.Summon(GC, SP, "Deep One"), units=((SP, GC, "Deep One", 1),), power={GC: -1}),
    Step(c.Summon(BG, AFR, "Dark Young"), units=((AFR, BG, "Dark Young", 1),), power={BG: -3}),
    Step(c.Pass(YS), power={YS: -4}),
    Step(c.Pass(GC), power={GC: -5}),
    # ======================= Round 4 ==============================================================
    # BG's last Power moves the Ghoul from Asia to the Indian Ocean; everyone is out.  Gather:
    #   GC: gate 2 + 6 Acolytes + Indian Ocean abandoned 1 = 9.
    #   CC: gates 4 + 6 Acolytes + 1 = 11 (the BG Acolyte went back to BG's pool last round).
    #   BG: gate 2 + 6 Acolytes (5 Africa, 1 South Atlantic) + 1 = 9.
    #   YS: gates 4 (Europe, South America East) + 6 + 1 + Feast 1 = 12: first player.
    Step(
        move(BG, ASIA, IO, M, "Ghoul"),
        units=mv(BG, "Ghoul", ASIA, IO),
        power_is={GC: 9, CC: 11, BG: 9, YS: 12},
        prompt=("direction", YS),
        pools={(GC, "Deep One"): 1, (BG, "Dark Young"): 1, (BG, "Fungi from Yuggoth"): 2, (CC, "Nightgaunt"): 1},
    ),
    # Doom: GC 1, CC 2, BG 1, YS 2.  Rituals from YS, cost 7 (the track's third space): YS gains
    # 2 Doom (2 gates) and 1 Elder Sign for the King in Yellow, its Great Old One in play (CW3
    # Doom Phase step 2).  The marker moves on to the fourth space, 7 again.
    Step(c.ChooseDirection(YS, "clockwise"), doom={GC: 1, CC: 2, BG: 1, YS: 2}, prompt=("ritual", YS)),
    Step(c.Ritual(YS), power={YS: -7}, doom={YS: 2}, signs={YS: 1}, prompt=("ritual", GC)),
    Step(c.SkipRitual(GC), prompt=("ritual", CC)),
    Step(c.SkipRitual(CC), prompt=("ritual", BG)),
    Step(c.SkipRitual(BG), prompt=("action", YS), at=(4, "action")),
    # Round 4's actions: YS, GC, CC, BG.  Power: GC 9, CC 11, BG 9, YS 5.
    Step(move(YS, SAE, CAM, GOO, "King in Yellow"), units=mv(YS, "King in Yellow", SAE, CAM), power={YS: -1}),
    Step(c.Summon(GC, SP, "Starspawn"), units=((SP, GC, "Starspawn", 1),), power={GC: -3}, pools={(GC, "Starspawn"): 0}),
    # A fourth gate in an ocean (South Pacific, Indian Ocean, North Pacific, Arctic Ocean): GC's
    # "Ocean gates" (FM 1: 4 gates exist in ocean areas, any owner) is met: a Spellbook for GC.
    Step(c.BuildGate(CC, ARC), power={CC: -3}, gates={ARC: CC}, prompt=("spellbook", GC)),
    Step(book(GC, "Submerge"), books={GC: 1}, prompt=("action", BG)),
    # Shub-Niggurath (FM 3): a controlled gate, 2 cultists in play; 8 Power and 2 of BG's
    # cultists eliminated (BG names them: two in Africa).  "Awaken Shub-Niggurath": a Spellbook.
    Step(
        c.Awaken(BG, AFR, "Shub-Niggurath", sacrifice=(c.UnitRef(AFR, CULT, ACO, 2),)),
        units=((AFR, BG, "Shub-Niggurath", 1), (AFR, BG, ACO, -2)),
        power={BG: -8},
        prompt=("spellbook", BG),
    ),
    Step(book(BG, "The Thousand Young"), books={BG: 1}, prompt=("action", YS)),
    Step(Desecrate(YS), power={YS: -2}, prompt=("roll", YS)),
    # 3 > the 1 YS unit in Central America (the King alone): no token.  The placing happens all
    # the same (FM 4): Undead (2 in the pool) or Byakhee (1): YS takes the Byakhee.
    Step(roll(3), prompt=("ability", YS)),
    Step(UseAbility(YS, "Byakhee"), units=((CAM, YS, "Byakhee", 1),), prompt=("action", GC)),
    Step(move(GC, SP, IO, M, "Starspawn"), units=mv(GC, "Starspawn", SP, IO), power={GC: -1}),
    Step(c.Summon(CC, ASIA, "Flying Polyp"), units=((ASIA, CC, "Flying Polyp", 1),), power={CC: -2}),
    # Fungi cost 2, 1 less with The Thousand Young while Shub-Niggurath is in play (FM 3): 1.
    Step(c.Summon(BG, AFR, "Fungi from Yuggoth"), units=((AFR, BG, "Fungi from Yuggoth", 1),), power={BG: -1}),
    Step(c.Summon(YS, SAE, "Undead"), units=((SAE, YS, "Undead", 1),), power={YS: -1}),
    # GC attacks BG in the Indian Ocean: GC rolls 3 (Starspawn); BG rolls 1 (Fungi 1 + Ghoul 0).
    Step(c.BattleAction(GC, IO, BG), power={GC: -1}, prompt=("roll", GC)),
    Step(roll(6, 4, 1), prompt=("roll", BG)),
    # One Kill for two BG units of two kinds: BG (the owner, FM 11 step 8) chooses.
    Step(roll(5), prompt=("assign_kill", BG)),
    # The Ghoul dies; GC's Pain lands on the Fungi (the one unit left), BG's on the Starspawn.
    # The attacker retreats first (FM 11 step 15): the Starspawn may go where BG has no unit:
    # Antarctica, Asia (BG's Ghoul left it), North Pacific, South Pacific, Australia, New Zealand.
    Step(c.AssignKill(BG, "Ghoul"), units=((IO, BG, "Ghoul", -1),), prompt=("retreat", GC)),
    # The Fungi may go where GC has no unit: Antarctica, South Atlantic, Africa, Asia, North
    # Pacific, New Zealand (not South Pacific or Australia).
    Step(c.ChooseRetreat(GC, AUS), units=mv(GC, "Starspawn", IO, AUS), prompt=("retreat", BG)),
    Step(c.ChooseRetreat(BG, AFR), units=mv(BG, "Fungi from Yuggoth", IO, AFR), prompt=("action", CC)),
    Step(c.Pass(CC), power={CC: -6}),
    # BG has 0 Power (skipped); YS passes.
    Step(c.Pass(YS), power={YS: -1}, prompt=("action", GC)),
    Step(move(GC, SP, IO, CULT), units=mv(GC, ACO, SP, IO), power={GC: -1}, prompt=("action", GC)),
    # Everyone else is out of Power: GC's turn again.  Control Gate: unlimited, 0 Power.
    Step(c.ControlGate(GC, IO), gates={IO: GC}, prompt=("action", GC)),
    # ======================= Round 5 ==============================================================
    # Gather Power (no abandoned gate now):
    #   GC: gates 4 (South Pacific, Indian Ocean) + 6 Acolytes = 10 (Y'ha Nthlei needs Cthulhu).
    #   CC: gates 6 (Asia, North Pacific, Arctic Ocean) + 6 = 12: first player.
    #   BG: gate 2 + 4 Acolytes (3 Africa, 1 South Atlantic) = 6; half of 12 is 6: not raised.
    #   YS: gates 4 + 6 + Feast 1 = 11.
    Step(
        c.Pass(GC),
        power_is={GC: 10, CC: 12, BG: 6, YS: 11},
        prompt=("direction", CC),
        pools={(BG, ACO): 2, (BG, "Ghoul"): 1, (BG, "Fungi from Yuggoth"): 1, (YS, "Byakhee"): 0, (YS, "Undead"): 1},
    ),
    # Doom: GC 2, CC 3, BG 1, YS 2.  Ritual cost 7 (fourth space): CC gains 3 Doom.
    Step(c.ChooseDirection(CC, "clockwise"), doom={GC: 2, CC: 3, BG: 1, YS: 2}, prompt=("ritual", CC)),
    # The marker moves to the fifth space, 8: BG (6) cannot pay and is skipped unasked (RN).
    Step(c.Ritual(CC), power={CC: -7}, doom={CC: 3}, prompt=("ritual", YS)),
    # YS: 8 Power, 2 Doom, 1 Elder Sign (the King).  The marker moves to the sixth space, 8.
    Step(c.Ritual(YS), power={YS: -8}, doom={YS: 2}, signs={YS: 1}, prompt=("ritual", GC)),
    Step(c.SkipRitual(GC), prompt=("action", CC), at=(5, "action")),
    # Round 5's actions: CC, BG, YS, GC.  Power: GC 10, CC 5, BG 6, YS 3.
    Step(c.Summon(CC, NP, "Nightgaunt"), units=((NP, CC, "Nightgaunt", 1),), power={CC: -1}),
    # Dark Young: 3, less 1 (The Thousand Young) = 2.
    Step(c.Summon(BG, AFR, "Dark Young"), units=((AFR, BG, "Dark Young", 1),), power={BG: -2}),
    Step(c.Summon(YS, SAE, "Undead"), units=((SAE, YS, "Undead", 1),), power={YS: -1}),
    # Cthulhu (FM 1): a gate in GC's start area; 10 while "Awaken Cthulhu" is open.  Immortal:
    # 1 Elder Sign for awakening a Great Old One.  "Awaken Cthulhu" is met: a Spellbook.
    Step(
        c.Awaken(GC, SP, "Cthulhu"),
        units=((SP, GC, "Cthulhu", 1),),
        power={GC: -10},
        signs={GC: 1},
        prompt=("spellbook", GC),
    ),
    Step(book(GC, "Absorb"), books={GC: 1}, prompt=("action", CC)),
    Step(c.Pass(CC), power={CC: -4}),
    Step(c.Summon(BG, AFR, "Fungi from Yuggoth"), units=((AFR, BG, "Fungi from Yuggoth", 1),), power={BG: -1}),
    Step(c.Pass(YS), power={YS: -2}),
    # ======================= Round 6 ==============================================================
    # Gather Power:
    #   GC: gates 4 + 6 Acolytes + Y'ha Nthlei 2 (Cthulhu in play; enemy gates in the North
    #       Pacific and the Arctic Ocean, both CC's) = 12.
    #   CC: gates 6 + 6 = 12.   BG: 2 + 4 = 6.   YS: 4 + 6 + Feast 1 = 11.
    # GC and CC tie on 12: the previous first player (CC) decides (CW3 First player).
    Step(
        c.Pass(BG),
        power_is={GC: 12, CC: 12, BG: 6, YS: 11},
        prompt=("first_player", CC),
        pools={(GC, "Cthulhu"): 0, (BG, "Dark Young"): 0, (BG, "Fungi from Yuggoth"): 0, (YS, "Undead"): 0},
    ),
    Step(c.ChooseFirstPlayer(CC, GC), prompt=("direction", GC)),
    # Counter-clockwise: GC, YS, BG, CC.  Doom: GC 2, CC 3, BG 1, YS 2.  Ritual cost 8.
    Step(c.ChooseDirection(GC, "counterclockwise"), doom={GC: 2, CC: 3, BG: 1, YS: 2}, prompt=("ritual", GC)),
    # GC: 8 Power, 2 Doom, 1 Elder Sign (Cthulhu).  The marker moves to 9.
    Step(c.Ritual(GC), power={GC: -8}, doom={GC: 2}, signs={GC: 1}, prompt=("ritual", YS)),
    # YS: 9 Power, 2 Doom, 1 Elder Sign.  The marker moves to 10: BG (6) is skipped unasked.
    Step(c.Ritual(YS), power={YS: -9}, doom={YS: 2}, signs={YS: 1}, prompt=("ritual", CC)),
    # CC does not move the marker onto Instant Death.
    Step(c.SkipRitual(CC), prompt=("action", GC), at=(6, "action")),
    # Round 6's actions: GC, YS, BG, CC.  Power: GC 4, CC 12, BG 6, YS 2.
    Step(move(GC, SP, IO, M, "Deep One"), units=mv(GC, "Deep One", SP, IO), power={GC: -1}),
    Step(move(YS, EUR, NA, M, "Byakhee"), units=mv(YS, "Byakhee", EUR, NA), power={YS: -1}),
    Step(move(BG, AFR, IO, M, "Dark Young"), units=mv(BG, "Dark Young", AFR, IO), power={BG: -1}),
    Step(c.Summon(CC, ASIA, "Flying Polyp"), units=((ASIA, CC, "Flying Polyp", 1),), power={CC: -2}),
    # GC rolls 1 (Deep One 1, Acolyte 0); BG rolls 2 (Dark Young 2).  CC's Nightgaunt there is
    # not in the battle (so Abduct does not apply).
    Step(c.BattleAction(GC, IO, BG), power={GC: -1}, prompt=("roll", GC)),
    Step(roll(6), prompt=("roll", BG)),
    # GC's Kill takes the Dark Young (BG's only unit there).  BG's Kill: one for GC's Acolyte and
    # Deep One: GC chooses.
    Step(roll(6, 4), units=((IO, BG, "Dark Young", -1),), prompt=("assign_kill", GC)),
    # The Acolyte dies; BG's Pain lands on the Deep One, which retreats where BG has no unit.
    Step(c.AssignKill(GC, ACO), units=((IO, GC, ACO, -1),), prompt=("retreat", GC)),
    # GC has no unit left by its Indian Ocean gate: abandoned.
    Step(c.ChooseRetreat(GC, SP), units=mv(GC, "Deep One", IO, SP), gates={IO: "abandoned"}, prompt=("action", YS)),
    Step(c.Pass(YS), power={YS: -1}),
    Step(c.Recruit(BG, AFR), units=((AFR, BG, ACO, 1),), power={BG: -1}),
    Step(c.Pass(CC), power={CC: -10}),
    Step(c.Pass(GC), power={GC: -2}),
    # ======================= Round 7's Gather Power: the six rounds are played ====================
    #   GC: gate 2 + 5 Acolytes + Indian Ocean abandoned 1 + Y'ha Nthlei 2 = 10.
    #   CC: gates 6 + 6 + 1 = 13: first player.   BG: gate 2 + 5 Acolytes + 1 = 8.
    #   YS: gates 4 + 6 + 1 + Feast 1 = 12.  Half of 13 is 7: nobody is raised.
    Step(
        c.Pass(BG),
        power_is={GC: 10, CC: 13, BG: 8, YS: 12},
        prompt=("direction", CC),
        pools={
            (GC, ACO): 1,
            (GC, "Deep One"): 1,
            (GC, "Starspawn"): 0,
            (CC, ACO): 0,
            (CC, "Nightgaunt"): 0,
            (CC, "Flying Polyp"): 0,
            (CC, "Hunting Horror"): 2,
            (BG, ACO): 1,
            (BG, "Ghoul"): 1,
            (BG, "Fungi from Yuggoth"): 0,
            (BG, "Dark Young"): 1,
            (YS, ACO): 0,
            (YS, "Undead"): 0,
            (YS, "Byakhee"): 0,
            (YS, "Hastur"): 1,
        },
    ),
]

RECORD_START = Figures((8, 8, 8, 8), (0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0))
