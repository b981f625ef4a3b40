"""Fast functional updates of the engine's frozen, slotted dataclasses.

``dataclasses.replace`` re-runs ``__init__`` with every field and costs about 8 µs on the
20-field game state; the roll path copies the state five times, which alone missed the 100 µs
p99 target.  :func:`evolve` uses a copy function generated once per class (as attrs generates
its ``__init__``) that sets each slot directly: about 2 µs; for the classes copied most and built
rarely (the game state, the battle, a player, the abilities' memory), which keep their fields in
a ``__dict__``, a copy of that dict: about 0.5 µs, whatever the number of fields.  Classes with a
``__post_init__`` (whose derived fields would go stale) still go through ``dataclasses.replace``.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import sys
import types
from _thread import get_ident
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

T = TypeVar("T")
P = ParamSpec("P")
_Copier = Callable[[Any, dict[str, Any]], Any]
_COPIERS: dict[type, _Copier | None] = {}
# The number of fields of the classes copied by their ``__dict__`` (the game state, the battle, a
# player, the abilities' memory: many fields, copied on every command, built rarely), whose copy
# :func:`evolve` makes itself: a command copies the game state several times, and a copier's own
# call was a third of each copy's instructions.
_DICT_SIZES: dict[type, int] = {}
_new_object, _set_attribute = object.__new__, object.__setattr__


def _build_copier(cls: type) -> _Copier | None:
    fields = dataclasses.fields(cls)
    if hasattr(cls, "__post_init__") or not all(f.init for f in fields):
        return None
    if "__slots__" not in cls.__dict__:
        _DICT_SIZES[cls] = len(fields)  # evolve copies it from now on
        return _copy_dict
    names = [f.name for f in fields]
    scope: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    lines = ["def copy(value, changes):", "    new = _new(_cls)"]
    for i, name in enumerate(names):
        scope[f"_set{i}"] = cls.__dict__[name].__set__
        lines.append(f"    _set{i}(new, changes.pop({name!r}) if {name!r} in changes else value.{name})")
    lines += [
        "    if changes:",
        "        raise TypeError(f'{_cls.__name__} has no field {sorted(changes)[0]!r}')",
        "    return new",
    ]
    exec("\n".join(lines), scope)  # the source is built only from the class's own field names
    copier: _Copier = scope["copy"]
    return copier


def _copy_dict(value: Any, changes: dict[str, Any]) -> Any:
    """The first copy of a class :func:`_build_copier` has just put in :data:`_DICT_SIZES`."""
    return evolve(value, **changes)


def evolve(value: T, **changes: Any) -> T:
    """A copy of the frozen dataclass ``value`` with ``changes`` applied (like ``replace``).

    A class that keeps its fields in the instance's ``__dict__`` is copied by two dict updates in
    C, whatever the number of fields (a slotted copy sets each slot in Python: about 3 µs for the
    state's 28 fields): a new dict, not the original's ``.copy()`` (a value built by its
    ``__init__`` shares its class's keys: a split dict, which ``.copy()`` keeps split), so the
    fields are at the same places in every copy and Python 3.11's specialised attribute reads (by
    a hint into the dict) hit instead of falling back to the generic path; ``{**a, **b}`` (two
    opcodes), not ``dict()`` and ``update()`` (two calls).  The frozen ``__setattr__`` is not
    called: the copy is filled before anyone sees it.

    :raises TypeError: for a field the class does not have.
    """
    # Measured (callgrind, bench/instructions.py): with dataclasses.replace instead, the resolving
    # roll (apply and journal encoding) takes 57% more instructions (2.134 M against 1.363 M) and
    # a stored game opened (the six-round script) 63% more: kept (>= 2%, docs/architecture.md).
    cls = type(value)
    size = _DICT_SIZES.get(cls)
    if size is not None:
        fields = {**value.__dict__, **changes}
        if len(fields) != size:  # a change named a field the class does not have
            names = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
            raise TypeError(f"{cls.__name__} has no field {sorted(changes.keys() - names)[0]!r}")
        new: T = _new_object(cls)
        _set_attribute(new, "__dict__", fields)
        return new
    try:
        copier = _COPIERS[cls]
    except KeyError:
        copier = _COPIERS[cls] = _build_copier(cls)
    if copier is None:
        return dataclasses.replace(value, **changes)  # type: ignore[type-var]
    result: T = copier(value, changes)
    return result


def instance_fields(cls: type[T]) -> type[T]:
    """``cls``, a frozen dataclass whose fields are in the instance's ``__dict__`` (the game
    state, the battle, a player, the abilities' memory), without the class attributes the
    decorator leaves for its fields' defaults.  Python 3.11 specialises an attribute read
    (``state.prompt``, on every command) only where the class has no attribute of that name:
    with them each read of a defaulted field took the generic path, about 25 times the
    instructions.  The defaults stay in the fields and the ``__init__``; only ``Class.field``
    (read nowhere) no longer gives them."""
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        if f.name in cls.__dict__ and cls.__dict__[f.name] is f.default:
            delattr(cls, f.name)
    return cls


def _make_init(cls: type, fields: tuple[dataclasses.Field[Any], ...]) -> Callable[..., None]:
    """The ``__init__`` of the frozen dataclass ``cls`` whose ``fields`` are all plain (in the
    ``__init__``, positional, no factory): each attribute set through ``object.__setattr__`` by
    name, as the dataclass's own does.  Its annotations are the dataclass's own, so
    ``inspect.signature`` reads the same.  (Setting each slot through its descriptor instead, a
    generated quicker ``__init__``, bought 0.75% of the resolving roll's instructions, apply and
    journal encoding, callgrind, bench/instructions.py: below the 1% rule, docs/architecture.md.)"""
    scope: dict[str, Any] = {"__name__": cls.__module__, "_setattr": object.__setattr__}
    signature, body = [], []
    for i, f in enumerate(fields):
        body.append(f"    _setattr(self, {f.name!r}, {f.name})")
        if f.default is dataclasses.MISSING:
            signature.append(f.name)
        else:
            scope[f"_default{i}"] = f.default
            signature.append(f"{f.name}=_default{i}")
    source = f"def __init__(self, {', '.join(signature)}):\n" + ("\n".join(body) or "    pass")
    exec(source, scope)  # the source is built only from the class's own field names
    init: Callable[..., None] = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__annotations__ = {**{f.name: f.type for f in fields}, "return": None}
    return init


def maker(cls: Callable[P, T]) -> Callable[P, T]:
    """A function that makes a ``cls`` value exactly as ``cls(...)`` does (same parameters,
    defaults and value), about three times quicker: for a frozen, slotted dataclass of plain
    fields (in the ``__init__``, positional, no factory); ``cls`` itself for any other, or where Python will not
    share its layout.

    For the values the tower's roll path makes by the dozen (issue 20: a battle's events, unit
    stacks and areas): calling a class runs its ``__init__`` in a fresh interpreter frame from C,
    and a frozen class's ``__init__`` must set each slot through a descriptor call (its
    ``__setattr__`` refuses), about 700 instructions a field.  The maker is a plain function
    (Python calls it without leaving the interpreter) that fills a *twin* of ``cls`` (the same
    bases and slots, without the frozen ``__setattr__``, so each field is one specialised store)
    and then gives the value its real class: ``__class__`` assignment, which Python allows
    between classes of the same layout.  Nothing but the maker ever sees the twin.
    """
    # Measured (callgrind, bench/instructions.py): without the makers the resolving roll (apply and
    # its journal encoding) takes 4.9% more instructions (1.429 M against 1.363 M): kept (>= 2%,
    # docs/architecture.md).
    klass: Any = cls  # the checker narrows a class to a dataclass instance's type
    if not isinstance(klass, type) or not dataclasses.is_dataclass(klass) or hasattr(klass, "__post_init__"):
        return cls
    quick: Callable[P, T] | None = _quick_maker(klass)
    return cls if quick is None else quick


def _quick_maker(cls: type) -> Callable[..., Any] | None:
    """:func:`maker`'s function for the dataclass ``cls``, or None where it cannot make one."""
    params = cls.__dict__.get("__dataclass_params__")  # the class's own, not a base's
    fields = dataclasses.fields(cls)
    slots = tuple(f.name for f in fields)
    if params is None or not params.frozen or not params.init or cls.__dict__.get("__slots__") != slots:
        return None  # not frozen, or a field from a base (the slots are the class's own fields)
    if any(not f.init or f.kw_only or f.default_factory is not dataclasses.MISSING for f in fields):
        return None
    if any(name == "new" or name.startswith("_") for name in slots):  # the maker's own local and globals
        return None
    bases = cls.__dict__.get("__orig_bases__", cls.__bases__)  # Generic[S] as written, not Generic

    def body(namespace: dict[str, Any]) -> None:
        namespace.update(__slots__=slots, __module__=__name__)

    try:  # Python refuses a class of another layout (a base with a __dict__, another size)
        twin = types.new_class(cls.__name__, bases, exec_body=body)
        probe: Any = object.__new__(twin)
        probe.__class__ = cls
    except TypeError:
        return None
    own: Any = twin  # the checker cannot compare a class's slots with object's
    plain = own.__new__ is object.__new__ and own.__init__ is object.__init__
    scope: dict[str, Any] = {"__name__": cls.__module__, "_cls": cls, "_twin": twin, "_new": object.__new__}
    signature = []
    for i, f in enumerate(fields):
        if f.default is dataclasses.MISSING:
            signature.append(f.name)
        else:
            scope[f"_default{i}"] = f.default
            signature.append(f"{f.name}=_default{i}")
    lines = [f"def make({', '.join(signature)}):", "    new = _twin()" if plain else "    new = _new(_twin)"]
    lines += [f"    new.{name} = {name}" for name in slots]
    lines += ["    new.__class__ = _cls", "    return new"]
    exec("\n".join(lines), scope)  # the source is built only from the class's own field names
    make: Callable[..., Any] = scope["make"]
    make.__qualname__ = make.__name__ = f"make_{cls.__name__}"
    make.__doc__ = f"A {cls.__name__}, as {cls.__name__}(...) makes it (companion.engine.values.maker)."
    return make


# The engine's dataclasses, made with fewer compilations (docs/performance.md, "Start-up").
#
# Python 3.11's dataclass decorator compiles every method it adds from generated source: a frozen
# class costs six compilations (``__init__``, ``__repr__``, ``__eq__``, ``__hash__``,
# ``__setattr__``, ``__delattr__``), about 0.8 ms, and the engine makes some two hundred such
# classes as it is imported: most of the start's CPU.  :func:`dataclass` makes a plain frozen one
# (no ``field()``, no ``__post_init__``, no dataclass base: nearly all of the engine's) with one
# compilation, the quick ``__init__``: ``__setattr__`` and ``__delattr__`` (never on a quick
# path: a frozen value is not assigned to) are closures over the class's field names that do what
# the generated ones do, and ``__repr__``, ``__eq__`` and ``__hash__`` are compiled, from the
# decorator's own text, at their first call (most classes never use them).  tests/engine/test_fast_dataclass.py compares each
# kind of class made both ways.  Any other class goes to ``dataclasses.dataclass``, and from
# Python 3.13 (which compiles a class's methods at once) every class does.

_PSEUDO_FIELD_WORDS = ("ClassVar", "InitVar", "KW_ONLY")


def _plain_frozen(cls: type, options: dict[str, Any]) -> bool:
    """Whether ``cls`` may be made by :func:`_make_frozen`: asked for ``frozen=True`` (and
    ``slots``) only, and every field plain, so that its ``__init__`` is the quick one."""
    if sys.version_info >= (3, 13) or options.get("frozen") is not True or set(options) - {"frozen", "slots"}:
        return False
    if any(hasattr(base, "__dataclass_fields__") for base in cls.__mro__[1:]) or hasattr(cls, "__post_init__"):
        return False
    own = cls.__dict__
    if any(name in own for name in ("__init__", "__setattr__", "__delattr__", "__slots__")):
        return False  # the decorator refuses or keeps these: let it say so
    annotations: dict[str, Any] = own.get("__annotations__", {})
    for name, kind in annotations.items():
        if name == "self" or isinstance(own.get(name), dataclasses.Field):
            return False
        if any(word in str(kind) for word in _PSEUDO_FIELD_WORDS):
            return False
    return True


def _recursive_repr(shown: Callable[[Any], str]) -> Callable[[Any], str]:
    """``shown``, saying "..." for a value inside itself (the decorator's own guard)."""
    running: set[tuple[int, int]] = set()

    @functools.wraps(shown)
    def wrapper(self: Any) -> str:
        key = id(self), get_ident()
        if key in running:
            return "..."
        running.add(key)
        try:
            result = shown(self)
        finally:
            running.discard(key)
        return result

    return wrapper


def _compiled_on_first_call(home: list[type], name: str, source: Callable[[], str]) -> Callable[..., Any]:
    """A stand-in for the method ``name`` of the class ``home[0]``: its first call compiles
    ``source()`` (the decorator's own text for it), puts the result on the class in its place and
    calls it.  ``__eq__`` and ``__hash__`` are on the engine's quick paths, where a compiled tuple
    of attribute reads is quicker than any closure; most classes never use any of the three."""

    made: list[Callable[..., Any]] = []  # for a caller that kept the stand-in itself

    def first_call(*args: Any) -> Any:
        if made:
            return made[0](*args)
        scope: dict[str, Any] = {"__name__": home[0].__module__}
        exec(source(), scope)  # the source is built only from the class's own field names
        method: Callable[..., Any] = scope[name]
        method.__qualname__ = f"{home[0].__qualname__}.{name}"
        if name == "__repr__":
            method = _recursive_repr(method)
        made.append(method)
        setattr(home[0], name, method)  # another thread doing the same sets an equal method
        return method(*args)

    first_call.__name__ = name
    return first_call


def _methods(cls: type, names: tuple[str, ...], home: list[type]) -> dict[str, Callable[..., Any]]:
    """The methods a frozen dataclass with fields ``names`` gets besides ``__init__``, as Python
    3.11 generates them for the class ``cls`` as it was defined (its ``__setattr__`` and
    ``__delattr__`` name that class, not the slotted copy the decorator then makes, ``home[0]``)."""
    defined: type[Any] = cls

    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is defined or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        super(defined, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is defined or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
        super(defined, self).__delattr__(name)

    def fields_text(value: str) -> str:  # the decorator's "(self.a,self.b,)"
        return "(" + ",".join(f"{value}.{name}" for name in names) + ",)" if names else "()"

    def equal() -> str:
        return (
            "def __eq__(self, other):\n"
            "    if other.__class__ is self.__class__:\n"
            f"        return {fields_text('self')}=={fields_text('other')}\n"
            "    return NotImplemented"
        )

    def hashed() -> str:
        return f"def __hash__(self):\n    return hash({fields_text('self')})"

    def shown() -> str:
        each = ", ".join(f"{name}={{self.{name}!r}}" for name in names)
        return f'def __repr__(self):\n    return self.__class__.__qualname__ + f"({each})"'

    return {
        "__repr__": _compiled_on_first_call(home, "__repr__", shown),
        "__eq__": _compiled_on_first_call(home, "__eq__", equal),
        "__hash__": _compiled_on_first_call(home, "__hash__", hashed),
        "__setattr__": __setattr__,
        "__delattr__": __delattr__,
    }


def _getstate(self: Any) -> list[Any]:
    """A frozen slotted dataclass's state for pickling and copying (the decorator's own)."""
    return [getattr(self, f.name) for f in dataclasses.fields(self)]


def _setstate(self: Any, state: list[Any]) -> None:
    for f, value in zip(dataclasses.fields(self), state, strict=False):  # as the decorator's own
        object.__setattr__(self, f.name, value)


def _make_frozen(cls: type, slots: bool) -> type:
    """``dataclasses.dataclass(cls, frozen=True, slots=slots)`` for a class :func:`_plain_frozen`
    accepts, with one compilation instead of six (see above)."""
    own = dict(cls.__dict__)
    explicit_hash = "__hash__" in own and not (own["__hash__"] is None and "__eq__" in own)
    documented = bool(cls.__doc__)
    if not documented:
        cls.__doc__ = "-"  # the decorator would write it from a signature without the __init__
    made: type = dataclasses.dataclass(cls, init=False, repr=False, eq=False, slots=slots)
    fields = dataclasses.fields(made)
    if len(fields) != len(made.__dict__["__dataclass_fields__"]):
        raise TypeError(f"{cls.__qualname__}: a pseudo-field; use dataclasses.dataclass")
    names = tuple(f.name for f in fields)
    for name, method in _methods(cls, names, [made]).items():
        if name in own and name != "__hash__":  # the class's own __repr__ or __eq__ is kept
            continue
        if name == "__hash__" and explicit_hash:
            continue
        method.__qualname__ = f"{cls.__qualname__}.{name}"
        method.__module__ = cls.__module__
        setattr(made, name, method)
    if slots:
        for name, method in (("__getstate__", _getstate), ("__setstate__", _setstate)):
            if name not in own:
                setattr(made, name, method)
    params = made.__dict__["__dataclass_params__"]
    params.init = params.repr = params.eq = params.frozen = True
    made.__init__ = _make_init(made, fields)  # type: ignore[misc]
    if not documented:
        made.__doc__ = made.__name__ + _signature_text(made, fields)
    return made


def _signature_text(cls: type, fields: tuple[dataclasses.Field[Any], ...]) -> str:
    """What the decorator writes after the name of a class without a docstring,
    ``str(inspect.signature(cls))`` less its " -> None", as inspect writes it for annotations
    that are text (``from __future__ import annotations``, the engine's way) and without
    inspect's walk through the class (about 0.1 ms a class); inspect's own for any other."""
    if not all(isinstance(f.type, str) for f in fields):
        return str(inspect.signature(cls)).replace(" -> None", "")
    shown = [
        f"{f.name}: {f.type!r}" if f.default is dataclasses.MISSING else f"{f.name}: {f.type!r} = {f.default!r}" for f in fields
    ]
    return f"({', '.join(shown)})"


def _dataclass(cls: type | None = None, /, **options: Any) -> Any:
    """``dataclasses.dataclass``, the same classes made quicker (see above)."""

    def wrap(cls: type) -> type:
        if _plain_frozen(cls, options):
            return _make_frozen(cls, bool(options.get("slots", False)))
        made: type = dataclasses.dataclass(cls, **options)
        return made

    return wrap if cls is None else wrap(cls)


if TYPE_CHECKING:
    from dataclasses import dataclass as dataclass  # the checker reads the decorator it knows
else:
    dataclass = _dataclass
