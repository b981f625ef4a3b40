"""The ``companion`` command: demo, scripting, replay, export, stored games and map files.

Exit codes: 0 success; 1 the input was understood but the engine rejected a command (or a
replay differs from its recording, or reached an entry the rules no longer accept); 2 bad
input, a broken file or an unusable journal (the message on stderr names the line and the
problem, and nothing was changed).
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, TextIO

from companion import __version__, engine, i18n, paths
from companion.config import Config, ConfigError, load_config
from companion.engine import Accepted, Command, DecodeError, Event, Rejected
from companion.engine.codec import canonical, from_canonical, to_data
from companion.engine.names import name_problem
from companion.i18n import _, ngettext
from companion.maps import MapError, check_text, list_maps, load_map, read_map_text, template
from companion.session import SESSION_KINDS, ArkhamSession, EntryNoLongerApplies, GameSession, new_game_name, replay_any
from companion.store import DamagedEntry, Entry, Journal, JournalError, events_of, open_journal, readable

EXIT_OK, EXIT_REJECTED, EXIT_BAD_INPUT = 0, 1, 2
GAME_NAME_LIMIT = 64  # characters in a stored game's name (generated ones are about 24)
MAX_JSON_INT = 2**63 - 1  # the largest number a script line may hold (a seed; every count is far smaller)


class UsageError(Exception):
    """Bad input on the command line or stdin: printed to stderr, exit code 2."""


def main(argv: Sequence[str] | None = None) -> int:
    # Piped into `head`: end quietly like any command-line tool (journal writes are atomic).
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    i18n.use(i18n.system_language())  # the terminal's language (LANGUAGE, LC_ALL, LC_MESSAGES, LANG); the screen's is in Settings
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        try:
            config = load_config(Path(args.config) if args.config else None)
        except ConfigError as exc:
            if args.run is not cmd_run:
                raise
            # The appliance keeps serving: defaults, and the problem on the screen and in the log.
            problem = _("{problem} Running with the default settings.").format(problem=exc)
            print(f"companion: {problem}", file=sys.stderr)
            config = Config(problems=(problem,))
        code: int = args.run(args, config)
        return code
    except (UsageError, ConfigError, MapError, JournalError, ValueError) as exc:
        print(f"companion: {shown(str(exc))}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="companion", description=_("A table-side referee for Lovecraftian board games."))
    parser.add_argument("--version", action="version", version=f"companion {__version__}")
    parser.add_argument("--config", help=_("config file (default: ~/.config/companion/companion.toml)"))
    parser.add_argument(
        "--journal",
        help=_(
            "journal location: a file, :memory:, or a redis:// URL "
            "(default: the config file's [journal] location, else journal.sqlite3 in ~/.local/state/companion)"
        ),
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    demo = sub.add_parser("demo", help=_("play a seeded demo game"))
    demo.add_argument("--headless", action="store_true", help=_("narrate in the terminal instead of a window"))
    demo.add_argument(
        "--or-headless",
        action="store_true",
        help=_("open a window if there is a display, else narrate (the options of the one that does not run are ignored)"),
    )
    demo.add_argument("--seed", type=int, default=1, help=_("seed of the players' choices and the dice (default: 1)"))
    demo.add_argument(
        "--map",
        dest="map_name",
        help=_("Cthulhu Wars map (default: yuggoth-demo in the window; in the terminal the Earth map for the player count)"),
    )
    demo.add_argument(
        "--players",
        type=int,
        help=_(
            "Cthulhu Wars players (default: {window} in the window, {terminal} in the terminal; "
            "the map must seat them) or Arkham Horror investigators (default: {arkham})"
        ).format(window=WINDOW_PLAYERS, terminal=TERMINAL_PLAYERS, arkham=ARKHAM_PLAYERS),
    )
    demo.add_argument("--acolyte", action="store_true", help=_("play with the Astral Acolyte (Cthulhu Wars)"))
    demo.add_argument(
        "--independents",
        action="store_true",
        help=_("play with every independent Great Old One and neutral monster (Cthulhu Wars)"),
    )
    demo.add_argument(
        "--tower", action="store_true", help=_("terminal demo: roll every die on a simulated dice tower (the window always does)")
    )
    demo.add_argument(
        "--panel", action="store_true", help=_("terminal demo: print the LED panel (the window always has it: press L)")
    )
    demo.add_argument("--game", choices=("cthulhu", "arkham"), default="cthulhu", help=_("which game (default: cthulhu)"))
    demo.add_argument("--size", help=_("window size, exactly: 800x480 (default), 1024x600, 1280x720 or 720x1280"))
    demo.add_argument("--mute", action="store_true", help=_("no speech and no sound (the demo speaks by default)"))
    demo.set_defaults(run=cmd_demo)

    table = sub.add_parser("run", help=_("open the table on the screen (the appliance's command)"))
    table.add_argument("--game", help=_("stored game to resume (default: the last played)"))
    table.add_argument("--size", default="800x480", help=_("800x480 (default), 1024x600, 1280x720 or 720x1280"))
    table.add_argument("--fullscreen", action="store_true", help=_("fill the whole screen (default: a window of --size)"))
    table.set_defaults(run=cmd_run)

    bridge = sub.add_parser("bridge", help=_("serve the dice tower into a shared Redis journal (its own service)"))
    bridge.set_defaults(run=cmd_bridge)

    sim = sub.add_parser("tower-sim", help=_("run a simulated dice tower on a pseudo-terminal"))
    sim.add_argument(
        "--link", help=_("also make this path a symlink to the device (a stable name; never replaces a file, only its own link)")
    )
    sim.add_argument("--seed", type=int, default=0, help=_("seed of the simulated rolls (default: 0)"))
    sim.add_argument("--manual", action="store_true", help=_("roll only when Enter is pressed, not on request"))
    sim.add_argument("--noise", type=float, default=0.0, help=_("chance of line noise before a frame (0-1, default: 0)"))
    sim.add_argument("--drop", type=float, default=0.0, help=_("chance a frame is lost (0-1, default: 0)"))
    sim.add_argument("--duplicate", type=float, default=0.0, help=_("chance a frame is sent twice (0-1, default: 0)"))
    sim.add_argument("--unplug-every", type=float, default=0.0, help=_("pull the cable every N seconds (default: 0, never)"))
    sim.add_argument(
        "--reboots", action="store_true", help=_("an unplug is a reboot (a tower powered over USB): it forgets its request")
    )
    sim.set_defaults(run=cmd_tower_sim)

    script = sub.add_parser("script", help=_("read commands as JSON lines on stdin, answer each as a JSON line"))
    script.add_argument("--seed", type=int, default=0, help=_("seed for a new_game line that gives none (default: 0)"))
    script.add_argument("--game", help=_("stored game to create or continue (default: a throw-away game)"))
    script.set_defaults(run=cmd_script)

    rep = sub.add_parser("replay", help=_("replay an exported journal and print the final state"))
    rep.add_argument("file")
    rep.set_defaults(run=cmd_replay)

    exp = sub.add_parser("export", help=_("write a stored game's journal as JSON lines"))
    exp.add_argument("game", nargs="?", help=_("game name (default: the last played)"))
    exp.add_argument("-o", "--output", help=_("file to write (default: stdout)"))
    exp.set_defaults(run=cmd_export)

    games = sub.add_parser("games", help=_("list stored games, most recent first"))
    games.set_defaults(run=cmd_games)

    maps = sub.add_parser("map", help=_("list, check and start map files"))
    map_sub = maps.add_subparsers(dest="map_command", required=True, metavar="ACTION")
    map_sub.add_parser("list", help=_("every known map")).set_defaults(run=cmd_map_list)
    check = map_sub.add_parser("check", help=_("validate map files, naming every problem by line"))
    check.add_argument("files", nargs="+")
    check.set_defaults(run=cmd_map_check)
    new = map_sub.add_parser("new", help=_("write a commented template to transcribe a board"))
    new.add_argument("--like", required=True, help=_("the map to start from, e.g. yuggoth"))
    new.add_argument("-o", "--output", help=_("file to write (default: stdout)"))
    new.set_defaults(run=cmd_map_new)
    return parser


def open_configured(args: argparse.Namespace, config: Config) -> Journal:
    journal = open_journal(args.journal or config.journal.resolved())
    for notice in journal.notices:  # a damaged journal moved aside: say where it is
        print(f"companion: {shown(notice)}", file=sys.stderr)
    return journal


def shown(text: str) -> str:
    """``text`` safe for a terminal: control characters (an escape sequence in a game's name
    could rewrite the screen) and lone surrogates written as ``\\x1b``, ``\\ud800``."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() or ch == "\n" else ascii(ch)[1:-1] for ch in text)


def game_name(name: str | None, given_as: str = "--game") -> str | None:
    """A ``--game`` as given (None: not given), checked like every name the table shows.

    :raises UsageError: for an empty name (it would silently mean "no game"), an over-long one,
        or one holding a control character.
    """
    if name is None:
        return None
    problem = name_problem(name, "The game's name", GAME_NAME_LIMIT)
    if problem is not None:
        raise UsageError(f"{given_as} {shown(repr(name))}: {problem}")  # the problem: the engine's words
    return name.strip()


# -- demo ---------------------------------------------------------------------------------------


WINDOW_PLAYERS = 4  # the window demo's default: four on the Yuggoth demo map
TERMINAL_PLAYERS = 3  # the terminal demo's default: three on Earth
ARKHAM_PLAYERS = 3
DEMO_SIZE = "800x480"  # the window's size when --size is not given (the help says so)


def refuse_unhonoured(args: argparse.Namespace) -> None:
    """Refuse, with the reason, the demo options the chosen demo would silently ignore.

    :raises UsageError: naming the option and what to do instead.
    """
    if args.headless and args.size is not None and not args.or_headless:
        raise UsageError(_("--size is for the window: the terminal demo (--headless) has no window."))
    if args.game == "arkham":
        cthulhu_only = (
            ("--map", args.map_name),
            ("--acolyte", args.acolyte),
            ("--independents", args.independents),
            ("--tower", args.tower),
        )
        for flag, given in cthulhu_only:
            if given:
                raise UsageError(
                    _("{flag} is for Cthulhu Wars: the Arkham Horror demo plays the Mythos Phase, with no map or dice.").format(
                        flag=flag
                    )
                )
        if args.panel:
            raise UsageError(_("--panel: the Arkham Horror demo prints no panel (its window shows it: press L)."))
    elif not args.headless and not args.or_headless:  # --or-headless: they were meant for the terminal, had it run
        for flag, given in (("--tower", args.tower), ("--panel", args.panel)):
            if given:
                raise UsageError(
                    _(
                        "{flag} is for the terminal demo (--headless): the window always rolls on the simulated tower "
                        "and shows the LED panel (press L)."
                    ).format(flag=flag)
                )


def cmd_demo(args: argparse.Namespace, config: Config) -> int:
    from companion.ui.launch import parse_size

    parse_size(args.size or DEMO_SIZE)  # a wrong size is said before anything opens
    args.headless = _headless(args)
    refuse_unhonoured(args)
    if args.game == "arkham":
        return _arkham_demo(args, config)
    from companion.appliance import run_window_demo
    from companion.demo import demo_setup
    from companion.demo_run import run_headless

    map_name = args.map_name or (None if args.headless else "yuggoth-demo")
    players = args.players if args.players is not None else TERMINAL_PLAYERS if args.headless else WINDOW_PLAYERS
    from companion.engine.cthulhu.factions.independents import CARDS

    cards = CARDS if args.independents else ()
    setup = demo_setup(args.seed, map_name, players, astral_acolyte=args.acolyte, independents=cards)
    if players not in setup.board.players:
        seats = _(" or ").join(str(n) for n in setup.board.players)
        first = setup.board.players[0]
        raise UsageError(
            _("{map} seats {seats} players, not {players}: pass --players {first}, or --map with a map for {players}.").format(
                map=setup.board.title, seats=seats, players=players, first=first
            )
        )
    size = parse_size(args.size or DEMO_SIZE)
    journal = open_configured(args, config)
    try:
        name = new_game_name(journal=journal, prefix="demo")
        if args.headless:
            run_headless(
                journal, name, setup, sys.stdout, tower=args.tower, panel=args.panel, voice=not args.mute, web=config.web
            )
        else:
            location = args.journal or config.journal.resolved()
            run_window_demo(journal, name, setup, size, location, voice=not args.mute, web=config.web)
        print(_("Stored as {game}: `companion export {name}` writes its journal.").format(game=repr(name), name=name))
    finally:
        journal.close()
    return EXIT_OK


def _headless(args: argparse.Namespace) -> bool:
    """Whether the demo narrates in the terminal: asked to, or no display and --or-headless.

    :raises UsageError: when a window was asked for and there is no display.
    """
    from companion.ui.launch import NoDisplay, check_display

    if args.headless:
        return True
    try:
        check_display()
    except NoDisplay as exc:
        if not args.or_headless:
            raise UsageError(str(exc)) from None
        print(f"{exc}\n" + _("Running the terminal demo instead.") + "\n", file=sys.stderr)
        return True
    return False


def _arkham_demo(args: argparse.Namespace, config: Config) -> int:
    """Arkham Horror: the table's screen in a window, or Mythos Phases narrated in the terminal."""
    from companion.arkham_demo import SeatingError, run_arkham_demo, run_arkham_window
    from companion.ui.launch import parse_size

    size = parse_size(args.size or DEMO_SIZE)
    players = args.players if args.players is not None else ARKHAM_PLAYERS
    location = str(args.journal or config.journal.resolved())
    journal = open_configured(args, config)
    try:
        name = new_game_name(journal=journal, prefix="arkham")
        try:
            if args.headless:
                run_arkham_demo(journal, name, args.seed, players, sys.stdout)
            else:
                run_arkham_window(journal, name, args.seed, players, size, location, voice=not args.mute)
        except SeatingError as exc:
            raise UsageError(str(exc)) from None
        print("\n" + _("Stored as {game} in {location}.").format(game=repr(name), location=location))
    finally:
        journal.close()
    return EXIT_OK


def cmd_run(args: argparse.Namespace, config: Config) -> int:
    from companion.appliance import run_table
    from companion.ui.launch import NoDisplay, parse_size

    problems = list(config.problems)
    game = game_name(args.game)
    try:
        journal = open_configured(args, config)
    except JournalError as exc:
        journal = _fallback_journal(exc, problems)
    problems.extend(journal.notices)  # shown on the screen too
    try:
        run_table(journal, config, game, parse_size(args.size), args.fullscreen, problems, later=_broken_maps)
    except NoDisplay as exc:
        raise UsageError(str(exc)) from None
    finally:
        journal.close()
    return EXIT_OK


def _broken_maps() -> list[str]:
    """Every map file that cannot be played, said on stderr (the log); ``companion run`` puts them
    on the screen too.  Never raises: a broken file is listed, not fatal."""
    problems = [
        _("The map {map} cannot be played: {problem}").format(map=info.name, problem=info.problem)
        for info in list_maps()
        if info.broken
    ]
    for problem in problems:
        print(f"companion: {shown(problem)}", file=sys.stderr)
    return problems


def _fallback_journal(trouble: JournalError, problems: list[str]) -> Journal:
    """A journal to play on when the configured one cannot be opened at all (Redis away at start,
    a newer schema, a folder that cannot be written; a damaged file was moved aside already).

    First a fresh file beside it; if nothing can be written there either, memory, and the screen
    says the game is not being kept and what to fix: the table starts whatever it finds.
    """
    fresh = paths.state_dir() / time.strftime("journal-%Y%m%d-%H%M%S.sqlite3")
    try:
        journal = open_journal(str(fresh))
        problems.append(
            _("{trouble} Playing on a new journal, {fresh}; the old one is untouched.").format(trouble=trouble, fresh=fresh)
        )
    except JournalError as second:
        journal = open_journal(":memory:")
        problems.append(
            _(
                "{trouble} Nothing can be written there either ({second}), so this game is kept in memory only "
                "and is lost when the table stops: fix the folder {folder} and restart."
            ).format(trouble=trouble, second=second, folder=fresh.parent)
        )
    print(f"companion: {shown(problems[-1])}", file=sys.stderr)
    return journal


def cmd_bridge(args: argparse.Namespace, config: Config) -> int:
    from companion.bridge import BridgeError, run_bridge

    journal = open_configured(args, config)
    try:
        run_bridge(journal, config)
    except BridgeError as exc:
        raise UsageError(str(exc)) from None
    finally:
        journal.close()
    return EXIT_OK


# -- the simulated tower ------------------------------------------------------------------------


def cmd_tower_sim(args: argparse.Namespace, config: Config) -> int:
    from firmware_bridge.sim import Faults, SimTower

    for name in ("noise", "drop", "duplicate"):
        if not 0 <= getattr(args, name) <= 1:
            raise UsageError(_("--{name} is a chance from 0 to 1.").format(name=name))
    faults = Faults(args.noise, args.drop, args.duplicate)
    link = Path(args.link) if args.link is not None else None
    if link is not None and not str(link).strip():
        raise UsageError(_("--link needs a path (the stable name to make for the device)."))
    with SimTower(seed=args.seed, link=link, auto_roll=not args.manual, faults=faults, reboots=args.reboots) as tower:
        print(
            _(
                "Simulated dice tower on {path} (boot {boot}). Point the companion's "
                "[tower] url at it. Enter rolls the requested dice (or one d6); Ctrl-C stops."
            ).format(path=tower.path, boot=tower.boot),
            flush=True,
        )
        _sim_loop(tower, args.unplug_every)
    return EXIT_OK


def _sim_loop(tower: Any, unplug_every: float) -> None:
    import select

    last_unplug = time.monotonic()
    while True:
        ready = select.select([sys.stdin], [], [], 0.25)[0]
        if ready:
            if not sys.stdin.readline():
                return  # stdin closed
            request = tower.request
            frame = tower.roll(die=request.die if request else "d6", count=request.count if request else 1)
            print(
                _("rolled {values} (#{sequence})").format(values=" ".join(map(str, frame.values)), sequence=frame.sequence),
                flush=True,
            )
        if unplug_every and time.monotonic() - last_unplug > unplug_every:
            tower.unplug()
            print(_("unplugged; plugging back in 1 s"), flush=True)
            time.sleep(1.0)  # the demo's cable stays out for a second, like a hand would
            tower.plug()
            last_unplug = time.monotonic()


# -- script -------------------------------------------------------------------------------------


def cmd_script(args: argparse.Namespace, config: Config) -> int:
    game = game_name(args.game)
    commands = read_commands(stdin_lines(sys.stdin), args.seed)
    journal = open_journal(":memory:") if game is None else open_configured(args, config)
    try:
        return run_script(journal, game or "script", commands, sys.stdout)
    finally:
        journal.close()


def stdin_lines(stream: TextIO) -> Iterable[str]:
    """The lines of ``stream``, each decoded as UTF-8 on its own, so a bad byte is named by line.

    :raises UsageError: at the first line that is not UTF-8.
    """
    binary = getattr(stream, "buffer", None)
    if binary is None:  # already text (a test's StringIO)
        yield from stream
        return
    for number, raw in enumerate(binary, start=1):
        try:
            yield raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise UsageError(
                _("line {number}: not UTF-8 (byte 0x{byte} at column {column}); nothing was applied.").format(
                    number=number, byte=f"{raw[exc.start]:02X}", column=exc.start + 1
                )
            ) from None


class _NumberTooBig(ValueError):
    def __init__(self, digits: str) -> None:
        super().__init__(digits)
        self.digits = digits


def _bounded_int(digits: str) -> int:
    """json's parse_int: refuse a number no count or seed reaches before converting it (a
    4,301-digit number would stop Python's own conversion with no line; 10^4000 would be taken)."""
    if len(digits.lstrip("-")) > len(str(MAX_JSON_INT)) or abs(int(digits)) > MAX_JSON_INT:
        raise _NumberTooBig(digits)
    return int(digits)


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a command can carry")


def parse_line(line: str, number: int) -> Any:
    """One script line as JSON data.

    :raises UsageError: naming the line: not JSON, nested too deep, a number too large, NaN or
        Infinity, or a string holding a lone surrogate (a broken ``\\u`` escape).
    """
    try:
        data = json.loads(line, parse_int=_bounded_int, parse_constant=_refuse_constant)
    except json.JSONDecodeError as exc:
        words = _("line {number}: not JSON ({problem} at column {column}); nothing was applied.")
        raise UsageError(words.format(number=number, problem=exc.msg, column=exc.colno)) from None
    except RecursionError:
        raise UsageError(
            _("line {number}: nested too deep to read (no command nests more than a few levels); nothing was applied.").format(
                number=number
            )
        ) from None
    except _NumberTooBig as exc:
        size = len(exc.digits.lstrip("-"))
        raise UsageError(
            _(
                "line {number}: a number with {size} digits ({digits}...); numbers are at most {most}; nothing was applied."
            ).format(number=number, size=size, digits=exc.digits[:12], most=MAX_JSON_INT)
        ) from None
    except ValueError as exc:
        raise UsageError(f"line {number}: {exc}; nothing was applied.") from None
    bad = _unpaired_surrogate(data)
    if bad is not None:
        raise UsageError(
            f"line {number}: the text {shown(repr(bad[:40]))} holds a lone surrogate (a \\u escape without its pair); "
            "nothing was applied."
        )
    return data


def _unpaired_surrogate(data: Any) -> str | None:
    """The first string (key or value) in ``data`` holding a lone surrogate; iterative, so no depth stops it."""
    todo = [data]
    while todo:
        item = todo.pop()
        if isinstance(item, str):
            if not item.isascii() and any(0xD800 <= ord(ch) <= 0xDFFF for ch in item):
                return item
        elif isinstance(item, dict):
            todo.extend(item)
            todo.extend(item.values())
        elif isinstance(item, list):
            todo.extend(item)
    return None


def read_commands(stream: Iterable[str], seed: int) -> list[tuple[int, Command]]:
    """Read and decode every line before anything is applied, so a bad line changes nothing.

    :raises UsageError: naming the first bad line and its problem.
    """
    commands = []
    for number, line in enumerate(stream, start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        data = parse_line(line, number)
        try:
            commands.append((number, engine.parse_command(expand_new_game(data, seed))))
        except (DecodeError, MapError) as exc:
            raise UsageError(f"line {number}: {exc}; nothing was applied.") from None
        except RecursionError:  # from_data follows the nesting too
            raise UsageError(_("line {number}: nested too deep to read; nothing was applied.").format(number=number)) from None
    if not commands:
        raise UsageError(_("no commands on stdin (one JSON object per line; see docs/commands.md)."))
    return commands


def expand_new_game(data: Any, seed: int) -> Any:
    """Let a script name the board and the factions: ``{"type": "new_game", "board": "earth-3p",
    "seats": ["great_cthulhu", ...]}`` becomes the full command with the map's data."""
    if not isinstance(data, dict) or data.get("type") != "new_game":
        return data
    data = dict(data)
    if isinstance(data.get("board"), str):
        data["board"] = to_data(load_map(data["board"]))
    if isinstance(data.get("seats"), list):
        data["seats"] = [{"faction": s} if isinstance(s, str) else s for s in data["seats"]]
    data.setdefault("seed", seed)
    return data


def run_script(journal: Journal, name: str, commands: list[tuple[int, Command]], out: TextIO) -> int:
    session = _script_session(journal, name, commands[0][1], out)
    rejected = session is None
    first = commands[0][1]
    todo = commands[1:] if any(kind.rules.starts(first) for kind in SESSION_KINDS) else commands
    for number, command in todo:
        if session is None:
            _answer(out, number, Rejected(engine.Code.NO_GAME, "No game: the first command must be new_game or new_arkham_game."))
            continue
        result = session.submit(command)
        _answer(out, number, result)
        rejected |= isinstance(result, Rejected)
    if session is not None:
        out.write(canonical(session.state) + "\n")
    return EXIT_REJECTED if rejected else EXIT_OK


def _script_session(journal: Journal, name: str, first: Command, out: TextIO) -> GameSession | ArkhamSession | None:
    """A new game when the script starts with one (new_game or new_arkham_game), else the stored
    game ``name`` as whichever game it is."""
    kind: type[GameSession] | type[ArkhamSession]
    for kind in (GameSession, ArkhamSession):
        if kind.rules.starts(first):
            started = kind.start(journal, name, first)
            if isinstance(started, Rejected):
                _answer(out, 1, started)
                return None
            entry = journal.entry(name, 1)
            _answer(out, 1, Accepted(started.state, from_canonical(tuple[Event, ...], entry.events)))
            return started
    for kind in (GameSession, ArkhamSession):
        if kind.plays(journal, name):
            resumed = kind.resume(journal, name)
            if resumed.reopened is not None:  # opened before an entry the rules now refuse: said, not silent
                print(f"companion: {shown(resumed.reopened.notice())}", file=sys.stderr)
            return resumed
    return None


def _answer(out: TextIO, number: int, result: Any) -> None:
    """One answer line; Cthulhu Wars answers carry the prompt that follows."""
    if isinstance(result, Rejected):
        line: dict[str, Any] = {"line": number, "ok": False, "code": result.code.value, "message": result.message}
    else:
        line = {"line": number, "ok": True, "events": to_data(result.events)}
        prompt = getattr(result.state, "prompt", None)
        if prompt is not None:
            line["prompt"] = to_data(prompt)
    out.write(json.dumps(line, sort_keys=True, ensure_ascii=False) + "\n")
    out.flush()  # an answer is the acknowledgement: it leaves as soon as the command is journaled


# -- replay, export, games ---------------------------------------------------------------------


def cmd_replay(args: argparse.Namespace, config: Config) -> int:
    """Replay an exported journal: the final state on stdout, every difference from the recording
    on stderr.  An entry the rules of this version refuse ends the replay there: the state as far
    as the journal still applies is printed, and the entry is reported (which, what it was, why,
    and what the table does with the game), exit code 1."""
    entries = read_entries(Path(args.file))
    gap = next((n for n, entry in enumerate(entries) if entry.seq != n + 1), None)
    if gap is not None:  # an export leaves a damaged entry out: replay up to it, never across it
        missing = _("Entry {number} is not in {file} (an export leaves a damaged entry out): the replay stops before it.")
        print(f"companion: {shown(missing.format(number=gap + 1, file=args.file))}", file=sys.stderr)
        entries = entries[:gap]
    try:
        state, differences = replay_any(entries)
    except EntryNoLongerApplies as exc:
        refused = exc.refused
        print(canonical(exc.before))
        report = _(
            "Entry {number} ({what}) no longer applies: {reason} The replay stops before it; the state printed is "
            "the game as far as it still applies. Opened on the table, the game resumes there: play that turn again from there."
        ).format(number=refused.seq, what=refused.what, reason=refused.reason)
        print(f"companion: {shown(report)}", file=sys.stderr)
        return EXIT_REJECTED
    print(canonical(state))
    for difference in differences:
        print(f"companion: {difference}", file=sys.stderr)
    return EXIT_REJECTED if differences or gap is not None else EXIT_OK


def read_entries(path: Path) -> list[Entry]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise UsageError(_("{path}: cannot be read ({problem}).").format(path=path, problem=exc.strerror)) from None
    entries = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            entries.append(Entry.from_json(line))
        except (ValueError, KeyError, TypeError) as exc:
            raise UsageError(
                _("{path} line {number}: not a journal entry ({problem}).").format(path=path, number=number, problem=exc)
            ) from None
    return entries


def cmd_export(args: argparse.Namespace, config: Config) -> int:
    """Write every readable entry of the game; each damaged one is named on stderr, and the exit
    code is 1 when any was left out (the export is not whole), 0 otherwise."""
    game = game_name(args.game, "the game")
    journal = open_configured(args, config)
    damaged: list[DamagedEntry] = []
    try:
        name = game or _last_game(journal)
        journal.last(name)  # raises GameNotFound with the name
        lines = [_exported(name, entry, damaged) for entry in readable(journal, name, 1, damaged)]
        lines = [line for line in lines if line]
    finally:
        journal.close()
    if args.output:
        _write_output(Path(args.output), "".join(lines))
    else:
        sys.stdout.writelines(lines)
    for problem in damaged:
        print(f"companion: {shown(str(problem))}", file=sys.stderr)
    if not damaged:
        return EXIT_OK
    total = len(lines) + len(damaged)
    left_out = ", ".join(str(problem.seq) for problem in damaged)
    print(
        "companion: "
        + _("{done} of {total} entries exported; left out, damaged: {left_out}. Keep the journal file for recovery.").format(
            done=len(lines), total=total, left_out=left_out
        ),
        file=sys.stderr,
    )
    return EXIT_REJECTED


def _exported(game: str, entry: Entry, damaged: list[DamagedEntry]) -> str:
    """``entry``'s export line; "" (and added to ``damaged``) when its events are damaged."""
    try:
        events_of(game, entry)
    except DamagedEntry as exc:
        damaged.append(exc)
        return ""
    return entry.to_json() + "\n"


def _write_output(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole (a temporary file renamed into place, so a full disk
    never leaves half an export).

    :raises UsageError: one line naming what is wrong (a missing folder, no space, no rights).
    """
    if not path.parent.is_dir():
        raise UsageError(
            _("{path}: the folder {folder} does not exist; create it (mkdir -p {folder}) or choose another -o.").format(
                path=path, folder=path.parent
            )
        )
    try:
        paths.write_whole(path, text)
    except OSError as exc:
        raise UsageError(
            _("{path}: cannot be written ({problem}); nothing was exported. Choose another -o or free the disk.").format(
                path=path, problem=exc.strerror
            )
        ) from None


def _last_game(journal: Journal) -> str:
    games = journal.games()
    if not games:
        raise UsageError(_("there are no stored games yet (try `companion demo`)."))
    return games[0].name


def cmd_games(args: argparse.Namespace, config: Config) -> int:
    journal = open_configured(args, config)
    try:
        games = journal.games()
    finally:
        journal.close()
    if not games:
        print(_("No stored games yet. `companion demo` plays one."))
    for game in games:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(game.updated))
        entries = ngettext("{count} entry", "{count} entries", game.entries).format(count=f"{game.entries:>6}")
        print(f"{shown(game.name):<32} {entries}  {when}  {shown(game.title)}")
    return EXIT_OK


# -- maps ---------------------------------------------------------------------------------------


def cmd_map_list(args: argparse.Namespace, config: Config) -> int:
    """Every map; a broken one says so with its file, line and problem (and is not playable)."""
    for info in list_maps():
        if info.broken:
            print(shown(f"{info.name:<18} {_('broken'):<12} {info.problem}"))
            continue
        where = "shipped" if info.shipped else str(info.path)
        print(shown(f"{info.name:<18} {info.status.value:<12} {info.title}  [{where}]"))
    return EXIT_OK


def cmd_map_check(args: argparse.Namespace, config: Config) -> int:
    worst = EXIT_OK
    for name in args.files:
        path = Path(name)
        try:
            text = read_map_text(path)
        except MapError as exc:
            print(shown(str(exc)), file=sys.stderr)
            worst = EXIT_BAD_INPUT
            continue
        board, problems = check_text(text)
        for problem in problems:
            print(shown(f"{path}: {problem}"))
        if problems:
            worst = EXIT_BAD_INPUT
        elif board is not None:
            areas = ngettext("{count} area", "{count} areas", len(board.areas)).format(count=len(board.areas))
            print(
                _("{path}: OK ({map}, {areas}, {status})").format(
                    path=path, map=board.title, areas=areas, status=board.status.value
                )
            )
    return worst


def cmd_map_new(args: argparse.Namespace, config: Config) -> int:
    text = template(args.like)
    if args.output:
        _write_output(Path(args.output), text)  # whole or not at all; one line when it cannot be
        print(_("Wrote {path}; fill it in, then `companion map check {path}`.").format(path=args.output), file=sys.stderr)
    else:
        sys.stdout.write(text)
    return EXIT_OK


if __name__ == "__main__":
    raise SystemExit(main())
