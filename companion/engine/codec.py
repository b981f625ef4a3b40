"""Canonical text form of engine values, and strict decoding of untrusted input.

Every engine value (state, command, event) is a frozen dataclass built from ints, strings,
booleans, enums, tuples and other such dataclasses.  :func:`to_data` turns one into plain JSON
data and :func:`canonical` into the canonical text: JSON with sorted keys and no spaces, the same
bytes for equal values, used in tests, logs, snapshots and bug reports (python-chess's FEN plays
this role).  :func:`from_data` is the strict inverse: it checks every field against the type hints
and raises :class:`DecodeError` naming the path of the first bad field, so a malformed command
from a script, the screen or a serial line is refused with a sentence and changes nothing.

Tagged unions (commands, events) are dataclasses registered under a ``type`` name with
:class:`TagRegistry`; their data carries that name in a ``"type"`` key.
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
import json
import types
import typing
from collections.abc import Callable
from typing import Any, TypeVar

from companion.engine.says import clipped, quoted

T = TypeVar("T")

TYPE_KEY = "type"


class DecodeError(ValueError):
    """Raised when data does not fit the expected type; ``path`` names the field."""

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"{path}: {problem}" if path else problem)
        self.path = path
        self.problem = problem


class TagRegistry:
    """Maps ``type`` names to dataclasses for one tagged union (commands, events).

    >>> registry = TagRegistry("command")
    >>> @registry.register("pass")
    ... @dataclasses.dataclass(frozen=True)
    ... class Pass: ...
    """

    def __init__(self, what: str) -> None:
        self.what = what
        self.by_tag: dict[str, type] = {}
        self.tag_of: dict[type, str] = {}
        self.pending: list[str] = []  # modules that register more members, imported on first need

    def later(self, module: str) -> None:
        """Let ``module`` (imported when it registers its members) be imported only when a name
        this registry does not know is looked up, or every name is asked for: a game's rules
        cost the start-up nothing until a command or event of that game is seen."""
        self.pending.append(module)

    def find(self, tag: str) -> type | None:
        """The class registered as ``tag`` (importing the pending modules if it is not known yet),
        or None."""
        cls = self.by_tag.get(tag)
        if cls is None and self.pending:
            self._load_pending()
            cls = self.by_tag.get(tag)
        return cls

    def _load_pending(self) -> None:
        # Forgotten only once imported: a second thread looking up meanwhile imports them too,
        # which the import system makes wait until the first has finished (and so registered).
        for module in tuple(self.pending):
            importlib.import_module(module)
        self.pending.clear()

    def register(self, tag: str) -> Callable[[type[T]], type[T]]:
        def decorate(cls: type[T]) -> type[T]:
            if tag in self.by_tag:
                raise ValueError(f"{self.what} type {tag!r} registered twice")
            self.by_tag[tag] = cls
            self.tag_of[cls] = tag
            _TAGGED[cls] = (self, tag)
            return cls

        return decorate

    def names(self) -> list[str]:
        self._load_pending()
        return sorted(self.by_tag)


# Every registered class, so to_data can add the tag without knowing the registry.
_TAGGED: dict[type, tuple[TagRegistry, str]] = {}
# Base classes whose annotation means "any member of this registry".
_UNION_BASES: dict[type, TagRegistry] = {}


def union_base(registry: TagRegistry) -> Callable[[type[T]], type[T]]:
    """Declare ``cls`` as the annotation that stands for any member of ``registry``."""

    def decorate(cls: type[T]) -> type[T]:
        _UNION_BASES[cls] = registry
        return cls

    return decorate


_FIELDS_CACHE: dict[type, tuple[str, ...]] = {}
_HINTS_CACHE: dict[type, dict[str, Any]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    names = _FIELDS_CACHE.get(cls)
    if names is None:
        names = tuple(f.name for f in dataclasses.fields(cls) if f.init)
        _FIELDS_CACHE[cls] = names
    return names


# Field metadata for what a command carries only to be recorded (a tower roll's own id): the
# rules never read it, so two commands that differ only there are decided alike.
RECORD_ONLY = {"record_only": True}
_DECIDING: dict[type, tuple[str, ...]] = {}


def decision_key(command: Any) -> tuple[Any, ...]:
    """What the rules decide ``command`` by: its type and every field but the record-only ones.
    Two commands with equal keys get the same decision from the same state."""
    cls = type(command)
    names = _DECIDING.get(cls)
    if names is None:
        names = _DECIDING[cls] = tuple(f.name for f in dataclasses.fields(cls) if not f.metadata.get("record_only"))
    return (cls, *(getattr(command, name) for name in names))


_PLAIN = (str, int, float, bool, type(None))
_Encoder = Callable[[Any], Any]
_ENCODERS: dict[type, _Encoder] = {}


def to_data(value: Any) -> Any:
    """Return ``value`` as plain JSON data (dicts, lists, str, int, bool, None).

    Every dict comes out with its keys already sorted, so :func:`canonical` need not sort them.
    :raises TypeError: for a value that is none of the engine's kinds (a dict, a set, ...).
    """
    encoder = _ENCODERS.get(type(value))
    if encoder is None:
        encoder = _ENCODERS[type(value)] = _encoder_for(type(value))
    return encoder(value)


def _encoder_for(cls: type) -> _Encoder:
    if issubclass(cls, enum.Enum):
        return _enum_value
    if issubclass(cls, (tuple, list)):
        return _list_data
    if issubclass(cls, _PLAIN):
        return _same
    if dataclasses.is_dataclass(cls):
        return _dataclass_encoder(cls)
    raise TypeError(f"cannot encode {cls.__name__}")


def _enum_value(value: enum.Enum) -> Any:
    return value.value


def _list_data(value: tuple[Any, ...] | list[Any]) -> list[Any]:
    return [to_data(item) for item in value]


def _same(value: Any) -> Any:
    return value


def _dataclass_encoder(cls: type) -> _Encoder:
    """An encoder generated once per class (as :mod:`values` generates copiers): one dict
    display with the keys in sorted order; a plain field's value is taken as it is, without a
    call.  It is the roll path's encoding of the command, its events and the snapshots: the
    generic walk cost about 60 µs per roll, this about a third of that."""
    items = {name: f"value.{name}" for name in _field_names(cls)}
    tagged = _TAGGED.get(cls)
    if tagged is not None:
        items[TYPE_KEY] = repr(tagged[1])
    scope: dict[str, Any] = {"_plain": frozenset(_PLAIN), "_to_data": to_data}
    entries = []
    for key in sorted(items):
        source = items[key]
        if source.startswith("value."):
            source = f"(_v if (_v := {source}).__class__ in _plain else _to_data(_v))"
        entries.append(f"{key!r}: {source}")
    code = "def encode(value):\n    return {" + ", ".join(entries) + "}"
    exec(code, scope)  # the source is built only from the class's own field names and tag
    encoder: _Encoder = scope["encode"]
    return encoder


# One encoder for every canonical text: json.dumps builds a new one per call with these options.
_CANONICAL_JSON = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)


def canonical(value: Any) -> str:
    """The canonical text of an engine value: sorted-key JSON, compact, UTF-8 safe."""
    return _CANONICAL_JSON.encode(to_data(value))


def from_canonical(cls: type[T], text: str) -> T:
    """Decode the canonical text of a ``cls`` value; raises :class:`DecodeError`."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DecodeError("", f"not JSON ({exc.msg} at column {exc.colno})") from None
    value: T = from_data(cls, data)
    return value


def from_data(tp: Any, data: Any, path: str = "") -> Any:
    """Decode plain data into a value of type ``tp``, checking every field.

    :raises DecodeError: naming the path of the first field that does not fit.
    """
    if tp is Any:
        return data
    registry = _UNION_BASES.get(tp) if isinstance(tp, type) else None
    if registry is not None:
        return _decode_tagged(registry, data, path)
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        return _decode_union(tp, data, path)
    if origin is tuple:
        return _decode_tuple(tp, data, path)
    if origin is typing.Literal:
        if data not in typing.get_args(tp):
            raise DecodeError(path, f"must be one of {list(typing.get_args(tp))}")
        return data
    if isinstance(tp, type):
        return _decode_plain(tp, data, path)
    raise TypeError(f"unsupported type {tp!r}")


def _decode_plain(tp: type, data: Any, path: str) -> Any:
    if issubclass(tp, enum.Enum):
        try:
            return tp(data)
        except ValueError:
            choices = ", ".join(str(m.value) for m in tp)
            raise DecodeError(path, f"{quoted(data)} is not one of: {choices}") from None
    if dataclasses.is_dataclass(tp):
        return _decode_dataclass(tp, data, path)
    if tp is bool:
        if not isinstance(data, bool):
            raise DecodeError(path, f"must be true or false, not {_describe(data)}")
        return data
    if tp is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise DecodeError(path, f"must be a whole number, not {_describe(data)}")
        return data
    if tp is float:
        if isinstance(data, bool) or not isinstance(data, (int, float)):
            raise DecodeError(path, f"must be a number, not {_describe(data)}")
        return float(data)
    if tp is str:
        if not isinstance(data, str):
            raise DecodeError(path, f"must be text, not {_describe(data)}")
        return data
    if tp is type(None):
        if data is not None:
            raise DecodeError(path, f"must be null, not {_describe(data)}")
        return None
    raise TypeError(f"unsupported type {tp!r}")


def _decode_union(tp: Any, data: Any, path: str) -> Any:
    args = typing.get_args(tp)
    if data is None and type(None) in args:
        return None
    others = [arg for arg in args if arg is not type(None)]
    if len(others) == 1:
        return from_data(others[0], data, path)
    last: DecodeError | None = None
    for arg in others:
        try:
            return from_data(arg, data, path)
        except DecodeError as exc:
            last = exc
    assert last is not None
    raise last


def _decode_tuple(tp: Any, data: Any, path: str) -> tuple[Any, ...]:
    if not isinstance(data, list):
        raise DecodeError(path, f"must be a list, not {_describe(data)}")
    args = typing.get_args(tp)
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(from_data(args[0], item, f"{path}[{i}]") for i, item in enumerate(data))
    if len(data) != len(args):
        raise DecodeError(path, f"must have exactly {len(args)} items, not {len(data)}")
    return tuple(from_data(arg, item, f"{path}[{i}]") for i, (arg, item) in enumerate(zip(args, data, strict=True)))


def _hints(cls: type) -> dict[str, Any]:
    hints = _HINTS_CACHE.get(cls)
    if hints is None:
        hints = typing.get_type_hints(cls)
        _HINTS_CACHE[cls] = hints
    return hints


def _decode_dataclass(cls: type, data: Any, path: str) -> Any:
    if not isinstance(data, dict):
        raise DecodeError(path, f"must be an object, not {_describe(data)}")
    known = set(_field_names(cls))
    extra = sorted(set(data) - known - {TYPE_KEY})
    if extra:
        raise DecodeError(_join(path, clipped(extra[0])), "is not a known field")
    hints = _hints(cls)
    kwargs: dict[str, Any] = {}
    for field in dataclasses.fields(cls):
        if not field.init:
            continue
        if field.name in data:
            kwargs[field.name] = from_data(hints[field.name], data[field.name], _join(path, field.name))
        elif field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING:
            raise DecodeError(_join(path, field.name), "is required")
    try:
        return cls(**kwargs)
    except ValueError as exc:
        raise DecodeError(path, str(exc)) from None


def _decode_tagged(registry: TagRegistry, data: Any, path: str) -> Any:
    if not isinstance(data, dict):
        raise DecodeError(path, f"must be an object, not {_describe(data)}")
    tag = data.get(TYPE_KEY)
    if not isinstance(tag, str):
        raise DecodeError(_join(path, TYPE_KEY), f"must name the {registry.what} type")
    cls = registry.find(tag)
    if cls is None:
        raise DecodeError(_join(path, TYPE_KEY), f"unknown {registry.what} {quoted(tag)}")
    return _decode_dataclass(cls, data, path)


def _join(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name


def _describe(data: Any) -> str:
    if data is None:
        return "null"
    if isinstance(data, bool):
        return "true" if data else "false"
    if isinstance(data, (dict, list)):
        return "an object" if isinstance(data, dict) else "a list"
    return quoted(data)  # what was given, cut to a line
