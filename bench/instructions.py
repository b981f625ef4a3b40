"""Instruction counts of two figures a person feels, for ``valgrind --tool=callgrind`` (repeatable
on a loaded machine, unlike a clock): the resolving roll's ``apply`` with its journal encoding
(the engine's part of the tower-to-table path), and a stored game opened (the scripted six-round
game decoded and replayed from its first command).

    valgrind --tool=callgrind --dump-before=getppid --callgrind-out-file=/tmp/cg python -m bench.instructions roll 200

The loop's instructions are in the second dump (``/tmp/cg.2``: between the two marks, set-up and
start-up left out); divided by the count, one roll's (one game's).  ``VARIANT`` (environment) swaps one of
:mod:`companion.engine.values`' tuned parts for plain Python in the imported engine, to
measure what it buys: ``plain_evolve`` (``dataclasses.replace``), ``plain_maker`` (the class
itself); ``plain_encoder,no_encoder_cache`` (codec: a plain walk of the fields, no cache by type),
``no_fields_cache``, ``no_hints_cache`` (codec's caches by type), ``no_names_cache`` (names').  The figures are in the comments
next to each part kept (values.py, codec.py).
"""

from __future__ import annotations

import dataclasses
import os
import sys
from collections.abc import Callable
from typing import Any


def _plain_variant(name: str) -> None:
    """Swap the tuned part ``name`` for plain Python in the imported engine (every module's
    binding of it, and every class it changed)."""
    import companion.engine  # noqa: F401  (every engine module imported: their bindings are swapped)
    from companion.engine import codec, names, values

    engine = [m for n, m in list(sys.modules.items()) if n.startswith("companion.")]
    if name == "plain_evolve":

        def evolve(value: Any, **changes: Any) -> Any:
            return dataclasses.replace(value, **changes)

        values.evolve.__code__ = evolve.__code__  # every binding of evolve runs the plain one
    elif name == "plain_maker":
        for module in engine:
            for attr, made in list(vars(module).items()):
                if (
                    callable(made)
                    and getattr(made, "__qualname__", "").startswith("make_")
                    and "_cls" in getattr(made, "__globals__", {})
                ):
                    setattr(module, attr, made.__globals__["_cls"])
    elif name == "plain_encoder":

        def encoder(cls: type) -> Callable[[Any], Any]:
            names = sorted(codec._field_names(cls))
            tag = codec._TAGGED.get(cls)

            def encode(value: Any) -> Any:
                data = {n: codec.to_data(getattr(value, n)) for n in names}
                if tag is not None:
                    data[codec.TYPE_KEY] = tag[1]
                return dict(sorted(data.items()))

            return encode

        codec._dataclass_encoder = encoder
        codec._ENCODERS.clear()
    elif name == "no_encoder_cache":
        codec._ENCODERS = _Forgetful()
    elif name == "no_fields_cache":
        codec._FIELDS_CACHE = _Forgetful()
        codec._DECIDING = _Forgetful()
    elif name == "no_hints_cache":
        codec._HINTS_CACHE = _Forgetful()
    elif name == "no_names_cache":
        names._FIELDS = _Unkept()
    elif name:
        raise SystemExit(f"unknown VARIANT {name!r}")


class _Unkept(dict):  # type: ignore[type-arg]
    """names' field names by class, found again at every look-up (none kept)."""

    def __contains__(self, key: object) -> bool:
        return False

    def __setitem__(self, key: Any, value: Any) -> None:
        pass

    def __getitem__(self, key: Any) -> Any:
        return tuple(f.name for f in dataclasses.fields(key))


class _Forgetful(dict):  # type: ignore[type-arg]
    """A cache that keeps nothing: every look-up misses."""

    def __setitem__(self, key: Any, value: Any) -> None:
        pass


def main(mode: str, count: int) -> None:
    for name in filter(None, os.environ.get("VARIANT", "").split(",")):
        _plain_variant(name)
    from bench.battle_bench import states
    from companion.engine import Accepted, apply, parse_command, to_data
    from companion.engine.cthulhu import commands as c
    from companion.maps import load_map
    from tests.engine.cthulhu.data import six_rounds as script

    mark()  # set-up and start-up end here
    if mode == "roll":
        *_, resolving_on = states()
        last = c.Roll((6, 4, 1, 1), "tower")
        for _ in range(count):
            done = apply(resolving_on, last)
            assert isinstance(done, Accepted), done
            to_data(last), [to_data(e) for e in done.events]  # journaled before it is shown
    elif mode == "game":
        seats = tuple(c.Seat(f) for f in script.FACTIONS)
        first = c.NewGame(load_map(script.MAP), seats, script.SEED, script.OPTIONS)
        stored = [to_data(step.command) for step in script.STEPS]
        for _ in range(count):
            state = apply(None, first).state  # type: ignore[union-attr]
            for data in stored:
                done = apply(state, parse_command(data))
                assert isinstance(done, Accepted), done
                state = done.state
    else:
        raise SystemExit("mode: roll or game")
    mark()  # the measured part ends here


def mark() -> None:
    """A call callgrind dumps its counts before (``--dump-before=getppid``): the counts between
    two marks are one part's, in a file of their own (``.2``: the measured loop)."""
    os.getppid()


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
