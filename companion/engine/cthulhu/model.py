"""The values a Cthulhu Wars game is made of: players, areas, units, gates, prompts, the state.

All values are frozen dataclasses with tuples inside, so a state can be shared, compared and
written as canonical text (:func:`companion.engine.codec.canonical`).  Lists that belong to
seats (players) or areas (area states) are tuples in seating order and in map order.
"""

from __future__ import annotations

from enum import IntEnum, StrEnum

from companion.engine.mapdef import MapDef
from companion.engine.rng import Rng
from companion.engine.values import dataclass, evolve, instance_fields, maker

DOOM_TO_WIN = 30
STARTING_POWER = 8
STARTING_CULTISTS = 6
SPELLBOOKS_TO_WIN = 6
GATE_COST = 3
RECRUIT_COST = 1
BATTLE_COST = 1
CAPTURE_COST = 1
MOVE_COST_PER_UNIT = 1
RITUAL_COST_CAP = 10
POWER_PER_CONTROLLED_GATE = 2
POWER_PER_ABANDONED_GATE = 1
ELDER_SIGN_BAG = (18, 12, 6)  # tokens worth 1, 2 and 3 Doom
NEUTRAL = "neutral"  # owner of units no player owns (neutral Slime Molds, the Watcher)
MOON = "Moon"  # Bubastis' Moon tile, an area the referee adds to the board (factions.md section 9)

# The ritual track by player count, without its last space (Instant Death).
# Source: ../shared/data/cthulhu-wars.md section 3 ([HRF] RitualTrack). 6-8 players: see
# docs/rules-notes.md (no public source; the 5-player track is used unless the table sets one).
RITUAL_TRACKS: dict[int, tuple[int, ...]] = {
    3: (5, 6, 7, 8, 9, 10),
    4: (5, 6, 7, 7, 8, 8, 9, 10),
    5: (5, 6, 6, 7, 7, 8, 8, 9, 9, 10),
}


class Faction(StrEnum):
    """The factions a seat can play; ``OTHER`` is any other, named by the player."""

    GREAT_CTHULHU = "great_cthulhu"
    CRAWLING_CHAOS = "crawling_chaos"
    BLACK_GOAT = "black_goat"
    YELLOW_SIGN = "yellow_sign"
    SLEEPER = "sleeper"
    WINDWALKER = "windwalker"
    OPENER_OF_THE_WAY = "opener_of_the_way"
    ANCIENTS = "ancients"
    TCHO_TCHO = "tcho_tcho"
    BUBASTIS = "bubastis"
    DAEMON_SULTAN = "daemon_sultan"
    OTHER = "other"

    @property
    def label(self) -> str:
        """The faction's name for people, e.g. "Opener of the Way"."""
        return _FACTION_LABELS[self]  # written once: every turn's prompt names its player


_FACTION_LABELS = {f: f.value.replace("_", " ").title().replace("Of The", "of the") for f in Faction}


class UnitKind(StrEnum):
    """Unit kinds, in the Astral Acolyte's rank order (faction Great Old One ranks highest)."""

    GOO = "goo"  # a faction Great Old One
    IGOO = "igoo"  # an independent Great Old One
    TERROR = "terror"
    MONSTER = "monster"
    CULTIST = "cultist"

    @property
    def rank(self) -> int:
        """1 for the highest rank, 5 for cultists."""
        return _RANK[self]

    @property
    def default_name(self) -> str:
        return _DEFAULT_NAMES[self]


_RANK = {UnitKind.GOO: 1, UnitKind.IGOO: 2, UnitKind.TERROR: 3, UnitKind.MONSTER: 4, UnitKind.CULTIST: 5}
_DEFAULT_NAMES = {
    UnitKind.GOO: "Great Old One",
    UnitKind.IGOO: "Independent Great Old One",
    UnitKind.TERROR: "Terror",
    UnitKind.MONSTER: "Monster",
    UnitKind.CULTIST: "Acolyte",
}
YOG_SOTHOTH = "Yog-Sothoth"


class Phase(StrEnum):
    SETUP = "setup"
    GATHER_POWER = "gather_power"
    FIRST_PLAYER = "first_player"
    DOOM = "doom"
    ACTION = "action"
    GAME_OVER = "game_over"


class Step(StrEnum):
    """The queue of automatic and asked-for steps; the head of ``GameState.pending`` runs next."""

    START_AREAS = "start_areas"
    DOOM_START = "doom_start"
    DIRECTION = "direction"
    GATHER_POWER = "gather_power"
    FIRST_PLAYER = "first_player"
    DOOM_GATES = "doom_gates"
    RITUALS = "rituals"
    WATCHER_DECAY = "watcher_decay"
    WATCHER_AWAKEN = "watcher_awaken"
    ACOLYTE_PLACE = "acolyte_place"
    ACOLYTE_RELOCATE = "acolyte_relocate"
    GLACIERS = "glaciers"
    WORMS_DEGRADE = "worms_degrade"
    WORMS_PLACE = "worms_place"
    END_DOOM = "end_doom"
    ACTION_START = "action_start"
    WATCHER_ATTACKS = "watcher_attacks"
    ACTIONS = "actions"
    FINAL_REVEAL = "final_reveal"


class PromptKind(StrEnum):
    """What the engine waits for."""

    START_AREA = "start_area"
    FIRST_PLAYER = "first_player"
    DIRECTION = "direction"
    RITUAL = "ritual"
    ACTION = "action"
    ROLL = "roll"
    ELDER_SIGN_VALUE = "elder_sign_value"
    PLACE = "place"
    CHOOSE = "choose"
    OATH = "oath"  # Unspeakable Oath before the first player is named (the High Priests option)
    WATCHER_MOVE = "watcher_move"
    WATCHER_TARGET = "watcher_target"
    COMBAT_DICE = "combat_dice"
    ACOLYTE = "acolyte"
    GLACIER = "glacier"
    JOIN = "join"  # a game joined in progress: the board is being entered by corrections
    ASSIGN_KILL = "assign_kill"  # which unit takes the next Kill of a battle
    ASSIGN_PAIN = "assign_pain"  # which unit takes the next Pain of a battle
    RETREAT = "retreat"  # where the next pained unit of a battle retreats to
    SPELLBOOK = "spellbook"  # which Spellbook a faction takes for a requirement met
    ABILITY = "ability"  # a unique ability's or Spellbook's question (a "may", or its owner's choice)
    NONE = "none"


class Direction(IntEnum):
    CLOCKWISE = 1
    COUNTERCLOCKWISE = -1


class DieKind(StrEnum):
    D6 = "d6"
    DEGRADATION = "degradation"


@dataclass(frozen=True, slots=True)
class Units:
    """``count`` identical units of one owner in one area."""

    owner: str
    kind: UnitKind
    name: str
    count: int

    @property
    def key(self) -> tuple[str, UnitKind, str]:
        return (self.owner, self.kind, self.name)


@dataclass(frozen=True, slots=True)
class Gate:
    """A gate in an area; ``controller`` is the controlling player's id, None when abandoned.

    ``acolyte``: the Astral Acolyte sits on it; ``controller`` is then the Acolyte's controller,
    and None means uncontrolled, which is NOT abandoned (astral-acolyte.txt)."""

    controller: str | None = None
    acolyte: bool = False

    @property
    def abandoned(self) -> bool:
        return self.controller is None and not self.acolyte


@dataclass(frozen=True, slots=True)
class AreaState:
    gate: Gate | None = None
    units: tuple[Units, ...] = ()
    markers: tuple[str, ...] = ()

    # Plain loops, not generator expressions: the abilities ask these for every area after every
    # command, and a generator costs a resume per item (bench/battle_bench.py).
    def units_of(self, owner: str) -> tuple[Units, ...]:
        return tuple([u for u in self.units if u.owner == owner])

    def count(self, owner: str | None = None, kind: UnitKind | None = None, name: str | None = None) -> int:
        total = 0
        for u in self.units:
            if (owner is None or u.owner == owner) and (kind is None or u.kind == kind) and (name is None or u.name == name):
                total += u.count
        return total

    @property
    def owners(self) -> tuple[str, ...]:
        return tuple(sorted({u.owner for u in self.units}))


# Quick makers of the values a battle's resolution makes by the dozen (values.maker: the same
# values as the classes make, without the frozen class's per-field cost; issue 20's roll path).
new_units, new_area = maker(Units), maker(AreaState)


# Fields in the instance's __dict__, not slots: copied (evolve) on every command, built rarely (values.py);
# no class attributes for their defaults, so that reading them is quick (values.instance_fields).
@instance_fields
@dataclass(frozen=True)
class Player:
    """One seat.  ``elder_signs`` holds hidden tokens (0 = a physical token not yet known);
    ``spellbooks`` the names of the Spellbooks held ("" for one whose name was not given), so
    their count is ``len(spellbooks)``."""

    pid: str
    faction: Faction
    name: str
    power: int = STARTING_POWER
    doom: int = 0
    elder_signs: tuple[int, ...] = ()
    revealed: tuple[int, ...] = ()
    spellbooks: tuple[str, ...] = ()
    captured: tuple[str, ...] = ()
    start_area: int = -1
    awakened: tuple[str, ...] = ()  # Great Old Ones awakened at least once (Immortal, Ithaqua)

    @property
    def label(self) -> str:
        return self.name or _FACTION_LABELS[self.faction]  # (Faction.label's read, without its call)


def spellbook_count(player: Player) -> int:
    """How many Spellbooks ``player`` has (the victory rules read this, never the field)."""
    return len(player.spellbooks)


@dataclass(frozen=True, slots=True)
class Options:
    """Choices made at set-up by all players."""

    astral_acolyte: bool = False
    digital_dice: bool = True
    digital_elder_signs: bool = True
    ritual_track: tuple[int, ...] = ()
    # The referee plays the factions' unique abilities, Spellbooks and requirements (off: the
    # table grants Spellbooks by hand, as stored journals did, so they replay unchanged).
    abilities: bool = False
    # The independent Great Old Ones and neutral monsters (Loyalty Cards) in this game, by name
    # (factions.md sections 12 and 13; factions/independents.py); empty: none.
    independents: tuple[str, ...] = ()
    # Bubastis plays the variant Spellbooks Syzygy and Carnivore in place of Catabolism and
    # Ailurophobia (factions.md section 9; factions/bubastis.py).  Absent (older journals): off.
    bubastis_variant: bool = False
    # Tcho-Tcho is asked its tribe at the start (new games say so).  Off in journals from before
    # the tribes: no question, and any of the twelve books may be taken, as they were recorded
    # (docs/rules-notes.md, "Tcho-Tcho's tribe").
    tribes: bool = False
    # The published start-area order: Tcho-Tcho, then the Windwalker, then the Opener of the Way
    # choose after everyone else (factions.md section 0); new games say so.  Off in journals from
    # before it: they replay their start choices in seating order (flow.start_order).
    published_start_order: bool = False
    # The six neutral Spellbooks (factions.md section 13): a faction that meets a requirement may
    # take one still in the supply instead of one of its own.  Absent (older journals): off.
    neutral_spellbooks: bool = False
    # The High Priests (factions.md section 13): every faction has one, recruited like an Acolyte,
    # sacrificed for 2 Power (Unspeakable Oath).  Absent (older journals): off.
    high_priests: bool = False
    # The Opener of the Way's "12 gates" requirement is 10 gates in a 4-player game too
    # (factions.md section 7, HRF's "Opener 4P 10 gates").  Absent (older journals): off.
    opener_ten_gates: bool = False


@dataclass(frozen=True, slots=True)
class Prompt:
    """What the engine waits for: who decides (``actor``, a player id or "" for anyone), the
    legal ``choices`` where they are few, and for a roll how many dice of which kind."""

    kind: PromptKind
    actor: str = ""
    text: str = ""
    choices: tuple[str, ...] = ()
    dice: int = 0
    die: DieKind = DieKind.D6
    purpose: str = ""


NO_PROMPT = Prompt(PromptKind.NONE)
new_prompt = maker(Prompt)  # quicker, for the roll path's next prompt (values.maker)


class BattleStage(StrEnum):
    """Where a battle the referee resolves whole stands (factions.md section 11)."""

    ROLL = "roll"
    KILLS = "kills"
    NECROPHAGY = "necrophagy"  # after the Kills, before the Pains: Ghouls may join (Necrophagy)
    PAINS = "pains"
    ORDER = "order"  # before the retreats: Madness picks which side's pained units go first
    RETREAT = "retreat"


# Fields in the instance's __dict__, not slots: copied (evolve) on every command, built rarely (values.py);
# no class attributes for their defaults, so that reading them is quick (values.instance_fields).
@instance_fields
@dataclass(frozen=True)
class Battle:
    """A battle under way; ``rolls`` holds each side's values so far.

    ``whole``: the referee assigns Kills and Pains through prompts and retreats the pained units
    (False: the older form, the table assigns by hand after the roll).  ``kills`` and ``pains``:
    the results still to be taken by (the attacker's units, the defender's units); ``pained``:
    the pained units still to retreat (stacks), in retreat order; ``automatic_kills``: each
    side's Kills scored without dice, each cancelling one of the enemy's (Bastet)."""

    area: int
    attacker: str
    defender: str
    attacker_dice: int
    defender_dice: int
    rolls: tuple[tuple[int, ...], ...] = ()
    whole: bool = False
    stage: BattleStage = BattleStage.ROLL
    kills: tuple[int, int] = (0, 0)
    pains: tuple[int, int] = (0, 0)
    pained: tuple[Units, ...] = ()
    automatic_kills: tuple[int, int] = (0, 0)  # each side's Kills without dice (Bastet)
    # Units in the battle area that are not in the battle (Invisibility, Necrophagy's Ghouls):
    # they roll no dice and take no results.
    exempt: tuple[Units, ...] = ()
    # (owner, unit, results so far: "k", "p", "kp", "pp") for each unit that takes two results
    # (Regenerate's Starspawn) and has taken one or more in this battle.
    wounds: tuple[tuple[str, str, str], ...] = ()


WATCHER_TOKEN_START = 12  # the dark token's space on the Doom track (yuggoth-watcher.txt)
WATCHER = "watcher"  # the id commands use to name the Watcher (it belongs to no faction)


@dataclass(frozen=True, slots=True)
class WatcherFight:
    """The Watcher's battle in progress, against one faction at a time.

    ``controller`` steers an attack ("" for a battle a player started later in the phase);
    ``targets`` are the factions still to be battled; ``target`` the one being battled now,
    with its declared combat dice (-1 until declared) and the Watcher's dice once rolled.
    """

    controller: str
    area: int
    targets: tuple[str, ...]
    target: str = ""
    defender_dice: int = -1
    watcher_roll: tuple[int, ...] | None = None
    harbinger_paid: bool = False


@dataclass(frozen=True, slots=True)
class Watcher:
    """The Watcher of the Green Pyramid (Yuggoth).

    Asleep: dark token at 12, figure off the map (``area`` -1).  ``wake_pending``: a player's
    Doom passed the dark token in an Action Phase, so it awakens at the next Doom Phase;
    ``wake_player`` is that player's id (the first to pass it).
    ``awoke_round`` / ``died_round``: the rounds whose Doom Phase it awakened or reached 0 in
    (no decay, no re-awakening in that same Doom Phase).  ``controllers``: the seats still to
    control an attack this Action Phase (None when no attacks are under way).
    """

    awake: bool = False
    token: int = WATCHER_TOKEN_START
    area: int = -1
    wake_pending: bool = False
    wake_player: str = ""
    awoke_round: int = 0
    died_round: int = 0
    controllers: tuple[int, ...] | None = None
    fight: WatcherFight | None = None


WORM = "worm"  # the id commands use to name a Worm of Ghroth (they belong to no faction)
ERADICATED = "eradicated"  # the area marker an eradicated area carries


@dataclass(frozen=True, slots=True)
class Worms:
    """The Worms of Ghroth (Shaggai): ``on_map`` pairs (area index, number on the worm's base),
    by area; ``supply`` the numbers of the worms off the map, in the order they are placed."""

    on_map: tuple[tuple[int, int], ...] = ()
    supply: tuple[int, ...] = ()

    def in_area(self, index: int) -> int | None:
        return next((number for area, number in self.on_map if area == index), None)


ASTRAL_ACOLYTE = "astral_acolyte"  # the id commands use to name the Astral Acolyte
GLACIER = "glacier"  # the area marker of a Primeval Earth glacier


class AcolyteStatus(StrEnum):
    WAITING = "waiting"  # to be placed at the end of the first Doom Phase
    PLACED = "placed"
    UNUSED = "unused"  # no area without units at placement: not used this game
    ELIMINATED = "eliminated"  # surrounded by eradicated areas (Shaggai), the only way


@dataclass(frozen=True, slots=True)
class Acolyte:
    """The Astral Acolyte: where it is, and who controls it ("" for nobody)."""

    status: AcolyteStatus = AcolyteStatus.WAITING
    area: int = -1
    controller: str = ""


@dataclass(frozen=True, slots=True)
class Ask:
    """A question a unique ability or Spellbook waits for: ``ability`` names its rule,
    ``actor`` who answers, ``data`` what it is about (a unit, an amount, a player)."""

    ability: str
    actor: str
    data: tuple[str, ...] = ()


# Fields in the instance's __dict__, not slots: copied (evolve) on every command, built rarely (values.py);
# no class attributes for their defaults, so that reading them is quick (values.instance_fields).
@instance_fields
@dataclass(frozen=True)
class Abilities:
    """What the factions' unique abilities and Spellbooks remember (factions/abilities.py).

    ``met``: (player, requirement) pairs met; ``resume``: the prompts an ability's question or a
    Spellbook choice interrupted, the next to come back first; ``asks``: the questions queued,
    the head asked; ``used``: (player, ability) used this Action Phase or round; ``deep``: the
    units Submerged with Cthulhu; ``tally``: (player, enemy units it killed or devoured) in the
    battle under way; ``fighters``: (player, Great Old One) in that battle when declared;
    ``bonus``: (player, extra combat dice) from pre-battle abilities (Absorb); ``second``: the
    player whose turn goes on after The Screaming Dead or He Who is Not to be Named."""

    met: tuple[tuple[str, str], ...] = ()
    resume: tuple[Prompt, ...] = ()
    asks: tuple[Ask, ...] = ()
    used: tuple[tuple[str, str], ...] = ()
    deep: tuple[Units, ...] = ()
    tally: tuple[tuple[str, int], ...] = ()
    fighters: tuple[tuple[str, str], ...] = ()
    bonus: tuple[tuple[str, int], ...] = ()
    second: str = ""
    recount: bool = False  # a pre-battle ability changed the battle's units: count the dice again
    # Units in a faction's off-map box, by box: "slumber" (Cursed Slumber's gate and its cultist),
    # "prison" (a Monster taken by Capture Monster until Gather Power).
    boxed: tuple[tuple[str, Units], ...] = ()
    # Events came after the requirement check (the independents' and Tcho-Tcho's after-command
    # hooks, the Acolyte's control): the next check looks at every requirement, as checking them
    # all after every command did (so a journal meets each requirement at the same step).
    late: bool = False


@dataclass(frozen=True, slots=True)
class Outcome:
    reason: str
    winners: tuple[str, ...]


# Fields in the instance's __dict__, not slots: copied (evolve) on every command, built rarely (values.py);
# no class attributes for their defaults, so that reading them is quick (values.instance_fields).
@instance_fields
@dataclass(frozen=True)
class GameState:
    """The whole referee state of one Cthulhu Wars game."""

    board: MapDef
    options: Options
    players: tuple[Player, ...]
    areas: tuple[AreaState, ...]
    rng: Rng
    round: int = 1
    phase: Phase = Phase.SETUP
    first: int = 0
    direction: Direction = Direction.CLOCKWISE
    turn: int = -1
    ritual: int = 0
    elder_sign_bag: tuple[int, int, int] = ELDER_SIGN_BAG
    pending: tuple[Step, ...] = ()
    queue: tuple[int, ...] | None = None
    prompt: Prompt = NO_PROMPT
    battle: Battle | None = None
    end_trigger: str = ""
    outcome: Outcome | None = None
    watcher: Watcher | None = None
    worms: Worms | None = None
    acolyte: Acolyte | None = None
    glaciers_begun: bool = False
    step: int = 0
    abilities: Abilities = Abilities()
    # Loyalty Cards held: (card, holder) for independent Great Old Ones and neutral monsters.
    loyalty: tuple[tuple[str, str], ...] = ()
    # Tcho-Tcho: Ubbo-Sathla's Growth counter, and the first round whose Doom Phase rolls Hell's
    # Banquet (0: Ubbo-Sathla not awakened yet).
    growth: int = 0
    banquet_from: int = 0
    tribe: str = ""  # Tcho-Tcho's tribe, chosen at the start ("": not yet): its library

    # -- lookups -------------------------------------------------------------------------

    def seat(self, pid: str) -> int | None:
        for i, player in enumerate(self.players):  # a loop, not a generator: asked many times a command
            if player.pid == pid:
                return i
        return None

    def player(self, pid: str) -> Player:
        for player in self.players:
            if player.pid == pid:
                return player
        raise KeyError(pid)

    def area_name(self, index: int) -> str:
        return self.board.areas[index].name

    @property
    def ritual_track(self) -> tuple[int, ...]:
        return self.options.ritual_track or ritual_track_for(len(self.players))

    @property
    def ritual_cost(self) -> int:
        track = self.ritual_track
        return min(track[self.ritual], RITUAL_COST_CAP) if self.ritual < len(track) else RITUAL_COST_CAP

    def turn_order(self, start: int | None = None) -> tuple[int, ...]:
        """Seats in play order from ``start`` (the first player by default)."""
        return _turn_order(self.first if start is None else start, self.direction, len(self.players))

    # -- functional updates ----------------------------------------------------------------

    def with_player(self, seat: int, **changes: object) -> GameState:
        players = list(self.players)
        players[seat] = evolve(players[seat], **changes)
        return evolve(self, players=tuple(players))

    def with_area(self, index: int, area: AreaState) -> GameState:
        areas = list(self.areas)
        areas[index] = area
        return evolve(self, areas=tuple(areas))


def _turn_order(first: int, direction: Direction, players: int) -> tuple[int, ...]:
    """Seats in play order from ``first``."""
    return tuple((first + direction * k) % players for k in range(players))


def next_seats(current: int, direction: Direction, players: int, include_start: bool) -> tuple[int, ...]:
    """The seats that may take the next turn, in play order from ``current`` (itself first when
    ``include_start``, else last)."""
    order = _turn_order(current, direction, players)
    return order if include_start else order[1:] + order[:1]


def ritual_track_for(players: int) -> tuple[int, ...]:
    """The ritual track for a player count (the 5-player track above five; see rules-notes)."""
    return RITUAL_TRACKS[min(max(players, 3), 5)]
