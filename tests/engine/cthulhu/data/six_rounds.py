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
Crawling Chaos) never applies: Crawling Chaos never has a Hunting Horror.  Passion (Yellow Sign)
applies once, said where.  Devour never applies (Cthulhu never battles).

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
]

RECORD_START = Figures((8, 8, 8, 8), (0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0))


def _start_matches(record: Record) -> bool:
    return record.figures == RECORD_START


RECORD_START_CHECK = _start_matches
_ = (UseAbility, Desecrate, GOO)
