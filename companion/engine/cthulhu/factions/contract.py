"""The one contract a faction exports: a frozen :class:`FactionPlugin` (issue 30).

A faction module (``great_cthulhu.py`` ...) builds its roster (:class:`FactionRules`) and its
abilities from this layer and the base (model, board, events, commands, values, says) and ends
with one ``PLUGIN``; :mod:`~companion.engine.cthulhu.factions.registry` lists the plugins in
order.  The core never reads a faction module: the assembly
(:mod:`companion.engine.cthulhu.abilities`) installs the registry's plugins here once
(:func:`install`), and the core and the shared layer read them through :func:`plugin_of`,
:func:`rules_of` and :func:`plugins`.  Every field is read by the core; a hook no faction sets
is not here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import field
from fractions import Fraction
from typing import Any

from companion.engine.core import Command, Event
from companion.engine.cthulhu.events import Part
from companion.engine.cthulhu.factions.base import FactionRules, Hooks
from companion.engine.cthulhu.factions.powers import AskRule, Requirement
from companion.engine.cthulhu.model import Faction, GameState, Prompt
from companion.engine.mapdef import MapDef
from companion.engine.values import dataclass

Events = list[Event]
# A handler of an ability command: (state, command, events) -> state; may raise Refusal.  (Each
# takes its own command class: the core calls it with an instance of the class it is keyed by.)
Handler = Callable[..., GameState]
# A handler of a roll: (state, the dice, events) -> state.
RollHandler = Callable[..., GameState]
# A handler wrapped whole (Energy Nexus' pass; Channel Power after the battle's roll).
Wrap = Callable[[Handler], Handler]
RollWrap = Callable[[RollHandler], RollHandler]
# A check before a command's handler (Ferox, Arctic Wind, Brainless, the Ice Age's tax): it may
# refuse, pay, or give the command back changed (a cost given).
Guard = Callable[[GameState, Command, Events], tuple[GameState, Command]]
# A faction's reaction to a command's events: (state, the events seen, the events to add to).
Reaction = Callable[[GameState, Events, Events], GameState]
# The ability commands ``pid`` may give now.
Offers = Callable[[GameState, str], Iterator[Command]]
# The ability commands ``pid`` may give now while another player is prompted (Devolve between
# actions, Dematerialization in the Doom Phase ...): each one the faction's ``offers`` would list
# for ``pid`` and the engine accepts from it now, in ``offers``' order.
OutOfTurn = Callable[[GameState, str], Iterator[Command]]
# Gather Power extras for ``pid``.
PowerParts = Callable[[GameState, str], list[Part]]
# The areas beyond the board's neighbours ``pid``'s unit called ``name`` in area ``source``
# reaches in one leg of a Move, crossing nothing: (state, pid, source, name) -> area indexes
# (Flight, Bubastis' Moon; the Shantak's Horror Steed is the shared layer's).
Reach = Callable[[GameState, str, int, str], frozenset[int]]


def _no_offers(state: GameState, pid: str) -> Iterator[Command]:
    return iter(())


@dataclass(frozen=True, slots=True)
class FactionPlugin:
    """Everything the core reads of one faction.

    ``rules``: roster, awakenings, summon cost, automatic Kills; ``battle``: the battle hooks
    (Vengeance, Emissary, Regenerate, Madness, Necrophagy, Eternal,
    Berserkergang); ``requirements``: its six
    Spellbook requirements in order; ``asks``: its questions by name; ``pre_battle``: the asks
    that change a battle's dice (the battle is recounted after them); ``handlers``: its ability
    commands; ``offers``: those legal now; ``reaction`` and ``reacts_to``: its reaction to a
    command's events and the event types it reads (None: every command); ``rolls`` and
    ``roll_wraps``: its rolls, and the core rolls it wraps; ``wraps`` and ``guards``: the core
    or other handlers it wraps whole or checks first; ``places``: where each of its actions
    ends (the Ice Age's tax, charged by the shared layer's one guard); ``gather_power`` (its own) and
    ``gather_power_others`` (what it gives another faction: Worship Services); ``library``: its
    Spellbooks where the game decides them (Tcho-Tcho's tribe); ``resting`` (Hibernate),
    ``turn_hold`` (Energy Nexus), ``battle_results`` (Kills and Pains changed), ``ritual_cost``,
    ``holds_gates`` (units other than cultists holding gates), ``reach`` (Flight, the Moon);
    ``power``: its Gather Power lines with or without the abilities (Bubastis' cats, Soulless);
    ``kill_chance``: a die's chance of a Kill for the battle odds (Zagazig); ``at_the_end``:
    what it does as the game ends (the Windwalker's anytime Spellbook); ``board``: the map
    as the faction changes it (Bubastis' Moon tile); ``move_toll``: what a Move pays it
    (Catnapping); ``core_handlers``: its commands played with or without the abilities option
    (Ubbo-Sathla's Doom Phase awakening); ``after_command``: its work after every command;
    ``in_force``: dice a side has from the declaration (Otherworld Alliances); ``doom_offers``:
    its Doom Phase commands legal now; ``watcher_dice``: its dice added against the Watcher;
    ``recounts``: whether a battle not yet rolled will have its dice counted again once the
    faction's action under way is over (Energy Nexus: the odds show the board's dice meanwhile).
    ``board``: the map as the faction changes it (the Moon tile); ``move_toll``: what a Move
    pays it (Catnapping); ``after_command``, ``doom_offers`` and ``in_force``: Tcho-Tcho's work
    after every command, Ubbo-Sathla's Doom Phase awakening, and dice a side has from the
    declaration (Otherworld Alliances); ``watcher_dice``: dice against the Watcher.
    ``out_of_turn``: its ability commands legal now from its player while another is prompted
    (the shared ones, Elder Signs revealed in the Doom Phase and the Unspeakable Oath, are the
    shared layer's: :func:`companion.engine.cthulhu.game.out_of_turn`)."""

    rules: FactionRules
    requirements: tuple[Requirement, ...]
    asks: Mapping[str, AskRule]
    handlers: Mapping[type[Any], Handler]
    offers: Offers = _no_offers
    battle: Hooks = Hooks()
    pre_battle: frozenset[str] = frozenset()
    reaction: Reaction | None = None
    reacts_to: frozenset[type[Event]] | None = None
    rolls: Mapping[str, RollHandler] = field(default_factory=dict)
    roll_wraps: tuple[tuple[str, RollWrap], ...] = ()
    wraps: tuple[tuple[type[Any], Wrap], ...] = ()
    guards: tuple[tuple[type[Any], Guard], ...] = ()
    places: Mapping[type[Any], Callable[[GameState, Command], tuple[str, ...]]] = field(default_factory=dict)
    gather_power: PowerParts | None = None
    gather_power_others: PowerParts | None = None
    library: Callable[[GameState], tuple[str, ...]] | None = None
    resting: Callable[[GameState, int], bool] | None = None
    turn_hold: Callable[[GameState], GameState | None] | None = None
    battle_results: Callable[[GameState, str, int, int], tuple[int, int]] | None = None
    ritual_cost: Callable[[GameState, str, int], int] | None = None
    holds_gates: Callable[[GameState, str, int], bool] | None = None
    reach: Reach | None = None
    power: PowerParts | None = None
    kill_chance: Callable[[GameState], Fraction | None] | None = None
    at_the_end: Callable[[GameState, Events], GameState] | None = None
    board: Callable[[MapDef], MapDef] | None = None
    move_toll: Callable[[GameState, str, tuple[Any, ...], Events], GameState] | None = None
    core_handlers: Mapping[type[Any], Handler] = field(default_factory=dict)
    after_command: Callable[[GameState, Events], GameState] | None = None
    in_force: Callable[[GameState, int, str], int] | None = None
    doom_offers: Callable[[GameState], Iterator[Command]] | None = None
    watcher_dice: Callable[[GameState, int, str], int] | None = None
    recounts: Callable[[GameState], bool] | None = None
    out_of_turn: OutOfTurn | None = None

    @property
    def faction(self) -> Faction:
        return self.rules.faction


# -- the installed registry ----------------------------------------------------------------------
# Filled once by the assembly (abilities.install_registry) with the registry's plugins; read by
# the core and the shared layer, which import no faction.  Tests may swap a plugin for another
# (monkeypatch.setitem) to try a rule.
PLUGINS: dict[Faction, FactionPlugin] = {}
RULES: dict[Faction, FactionRules] = {}


def install(plugins: tuple[FactionPlugin, ...]) -> None:
    """Make ``plugins`` (the registry's, in order) the factions the core reads."""
    PLUGINS.clear()
    PLUGINS.update((p.faction, p) for p in plugins)
    RULES.clear()
    RULES.update((p.faction, p.rules) for p in plugins)


def plugin_of(faction: Faction) -> FactionPlugin | None:
    """``faction``'s plugin (None: a faction whose rules the referee does not play)."""
    return PLUGINS.get(faction)


def rules_of(faction: Faction) -> FactionRules | None:
    return RULES.get(faction)


def plugins() -> tuple[FactionPlugin, ...]:
    """Every installed plugin, in the registry's order."""
    return tuple(PLUGINS.values())


# -- what the core lends the factions --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CoreServices:
    """The core's work a faction's ability calls back into, lent by the assembly (a faction never
    imports the core): the battle's next roll (Channel Power's roll again), a side's computed dice
    (Otherworld Alliances), the handler of a core command now (From Below's free battle), and the
    Spellbook requirements' bookkeeping (the Windwalker's anytime Spellbook at the end)."""

    next_roll: Callable[[GameState, Events], GameState]
    computed_dice: Callable[[GameState, int, str, str, bool], int | None]
    handler: Callable[[type[Command]], Handler]
    meet: Callable[[GameState, int, Requirement, Events], GameState]
    owed: Callable[[GameState, str], bool]
    spellbook_choices: Callable[[GameState, str], tuple[str, ...]]
    interrupt: Callable[[GameState, Prompt], GameState]


_CORE: list[CoreServices] = []  # the one installed (a list: set once by the assembly, not rebound)


def install_core(services: CoreServices) -> None:
    _CORE[:] = [services]


def core() -> CoreServices:
    """The core's services (installed by the assembly before any command is applied)."""
    return _CORE[0]
