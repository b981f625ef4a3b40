"""The engine's assembly: what each rules module adds to the core's tables, in one place and in
order (issue 30, "No import-time registration").

The rules modules (the expansions' shaggai, acolyte, primeval, watcher; the abilities; the game's
own wraps) define steps, hooks and handlers; none of them puts itself into the core's tables
(:mod:`.flow`'s steps and hooks, :mod:`.actions`' handlers) at import.  :func:`assemble` does,
once, from :mod:`companion.engine`, in the order the engine has always installed them: the order
of a list of hooks is the order they run, and a wrap wraps what is installed before it, so the
order here is behaviour (tests/engine/cthulhu/test_replay_identity.py holds it).  The
corrections are assembled when first used (:func:`.game.corrections`): a table starts without them.
"""

from __future__ import annotations

from companion.engine.cthulhu import abilities, acolyte, actions, flow, game, primeval, shaggai, six_books, watcher
from companion.engine.cthulhu import battle as bt
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.factions import high_priests, independents, neutral_spellbooks
from companion.engine.cthulhu.factions.contract import plugins
from companion.engine.cthulhu.model import PromptKind, Step


def assemble() -> None:
    """Install every rules module's steps, hooks and handlers into the core's tables, in order.
    Called once (a second call would install everything twice)."""
    _battle()  # first: the abilities and the game's wraps wrap its declaration
    _shaggai()
    _acolyte()
    _primeval()
    _watcher()
    abilities.register()  # the factions' plugins, the shared layer's guards, the neutral Spellbooks
    _game()


def _battle() -> None:
    """The battle's declaration, its rolls, and the Kills, Pains and retreats it asks for."""
    actions.HANDLERS[c.BattleAction] = bt.declare
    actions.ROLL_HANDLERS["battle"] = bt.rolled
    actions.PROMPT_ANSWERS.update(
        {PromptKind.ASSIGN_KILL: bt.answers_kill, PromptKind.ASSIGN_PAIN: bt.answers_pain, PromptKind.RETREAT: bt.answers_retreat}
    )


def _shaggai() -> None:
    """Shaggai's worms (the map's own rules): set-up, the two Worm steps, the World's End."""
    flow.SETUP_HOOKS.append(shaggai.setup)
    flow.STEPS[Step.WORMS_DEGRADE] = shaggai.step_degrade
    flow.STEPS[Step.WORMS_PLACE] = shaggai.step_place
    # The winner is decided as at any end: the most Doom among the players with all 6 Spellbooks
    # (ties share); nobody with all 6, nobody wins (docs/rules-notes.md).
    flow.END_RULES["worlds_end"] = ("the World's End: fewer than 2 areas per player", flow.winners_by_doom)
    actions.ROLL_HANDLERS["worms_degrade"] = shaggai.degraded
    actions.PROMPT_ANSWERS[PromptKind.PLACE] = shaggai.answers_place
    actions.HANDLERS.update({shaggai.PlaceWorm: shaggai.place_worm, shaggai.CosmicSpellbook: shaggai.cosmic_spellbook})


def _acolyte() -> None:
    """The Astral Acolyte (an option): set-up, its steps, its moves, an eradicated area's."""
    flow.SETUP_HOOKS.append(acolyte.setup)
    flow.GATHER_NOTES.append(acolyte.idle_gate)
    flow.STEPS[Step.ACOLYTE_PLACE] = acolyte.step_place
    flow.STEPS[Step.ACOLYTE_RELOCATE] = acolyte.step_relocate
    shaggai.ERADICATION_HOOKS.append(acolyte.eradicated)
    actions.PROMPT_ANSWERS[PromptKind.ACOLYTE] = acolyte.answers
    actions.HANDLERS[acolyte.PlaceAcolyte] = acolyte.place
    actions.MOVE_ACOLYTE = acolyte.move


def _primeval() -> None:
    """Primeval Earth's glaciers."""
    flow.STEPS[Step.GLACIERS] = primeval.step_glaciers
    actions.PROMPT_ANSWERS[PromptKind.GLACIER] = primeval.answers
    actions.HANDLERS[primeval.PlaceGlacier] = primeval.place_glacier


def _watcher() -> None:
    """Yuggoth's Watcher: its three steps, set-up, the Pyramid's Power, its Doom, its battles."""
    flow.STEPS[Step.WATCHER_DECAY] = watcher.step_decay
    flow.STEPS[Step.WATCHER_AWAKEN] = watcher.step_awaken
    flow.STEPS[Step.WATCHER_ATTACKS] = watcher.step_attacks
    flow.SETUP_HOOKS.append(watcher.setup)
    flow.POWER_HOOKS.append(watcher.pyramid_power)
    flow.DOOM_HOOKS.append(watcher.on_doom_changed)
    bt.WATCHER_RESOLVED.append(watcher.fight_goes_on)
    actions.ROLL_HANDLERS.update(
        watcher_decay=watcher.decay_rolled,
        watcher_awaken=watcher.awaken_rolled,
        watcher_attack=watcher.watcher_rolled,
        watcher_defend=watcher.defender_rolled,
    )
    actions.PROMPT_ANSWERS.update(
        {
            PromptKind.WATCHER_MOVE: watcher.answers_move,
            PromptKind.WATCHER_TARGET: watcher.answers_target,
            PromptKind.COMBAT_DICE: watcher.answers_dice,
        }
    )
    actions.HANDLERS.update(
        {
            watcher.WatcherMove: watcher.move_watcher,
            watcher.WatcherTarget: watcher.choose_target,
            watcher.CombatDice: watcher.declare_dice,
            watcher.BattleWatcher: watcher.battle_watcher,
        }
    )


def _game() -> None:
    """The shared layer's and the game's own: the High Priests, the independents, the factions'
    core commands, the hooks after every command, and the wraps of the battle's declaration."""
    actions.HANDLERS.update(independents.HANDLERS)
    actions.HANDLERS.update(high_priests.HANDLERS)  # Unspeakable Oath
    actions.PROMPT_ANSWERS[PromptKind.OATH] = high_priests.answers
    for plugin in plugins():  # the factions' commands played with or without the abilities option
        actions.HANDLERS.update(plugin.core_handlers)
    # After every command, in this order (one list, here): the abilities' work (requirements,
    # reactions, questions), the High Priests', the independents', each faction's own (the
    # registry's order), and the Astral Acolyte's control last: it reads the board as every other
    # hook leaves it (Abhoth's Filth turned neutral, a Hierophants High Priest placed).
    flow.AFTER_COMMAND_HOOKS += [
        abilities.after_command,
        high_priests.after_command,
        independents.after_command,
        *(p.after_command for p in plugins() if p.after_command is not None),
        acolyte.sync,
    ]
    # Before the first player is named: the Unspeakable Oath's question, then The Mao Ceremony's.
    flow.BEFORE_FIRST_PLAYER += [high_priests.before_first_player, neutral_spellbooks.before_first_player]
    for cls, wrap in independents.WRAPS:  # From Below, Horror Steed's passenger: asked as the action ends
        actions.HANDLERS[cls] = wrap(actions.HANDLERS[cls])
    actions.ROLL_HANDLERS["battle"] = independents.vampirism(actions.ROLL_HANDLERS["battle"])
    bt.IN_FORCE += [p.in_force for p in plugins() if p.in_force is not None]  # a battle's dice from its declaration
    flow.TURN_HOLDS.append(independents.follow_up)
    # All six Spellbooks: battles are unlimited actions, each area once per turn (six_books.py).
    actions.HANDLERS[c.BattleAction] = six_books.on_battle(actions.HANDLERS[c.BattleAction])
    flow.TURN_HOLDS.append(six_books.hold)
    flow.DOOM_GATE_HOOKS.append(independents.brood_blocked)
    actions.HANDLERS[c.BattleAction] = game.needs_combat(actions.HANDLERS[c.BattleAction])  # combat > 0 (section 11)
    flow.DOOM_CHOICE_HOOKS.append(game.doom_choices)
