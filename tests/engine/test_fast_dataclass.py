"""The engine's ``values.dataclass`` makes the same classes as ``dataclasses.dataclass``, with
one compilation instead of six (docs/performance.md, "Start-up"): each class shape below is made
both ways and every behaviour the decorator gives is compared."""

from __future__ import annotations

import copy
import dataclasses
import enum
import inspect
import sys
from collections.abc import Callable
from typing import Any, ClassVar

import pytest

import companion.engine
from companion.engine import values
from companion.engine.cthulhu import model
from companion.engine.values import _dataclass
from companion.engine.values import dataclass as quick_dataclass

Decorator = Callable[..., Any]
NAN = float("nan")  # hashed by identity: one object for both makes


class Colour(enum.Enum):
    RED = "red"


def shapes(make: Decorator) -> dict[str, tuple[type, tuple[Any, ...], tuple[Any, ...]]]:
    """Each class shape made by ``make``, with the arguments of two unequal values."""

    @make(frozen=True, slots=True)
    class Point:
        x: int
        y: int = 2

    @make(frozen=True, slots=True)
    class One:
        value: float

    @make(frozen=True, slots=True)
    class Empty:
        """An empty class with its own docstring."""

    @make(frozen=True)
    class Board:
        name: str
        cells: tuple[int, ...] = ()
        colour: Colour = Colour.RED

    @make(frozen=True, slots=True)
    class OwnEq:
        value: int

        def __eq__(self, other: object) -> bool:
            return isinstance(other, OwnEq) and abs(self.value - other.value) < 2

    @make(frozen=True)
    class OwnHash:
        value: int

        def __hash__(self) -> int:
            return 7

        def __repr__(self) -> str:
            return "own"

    @make(frozen=True, slots=True)
    class Nested:
        inner: Any
        label: str = "n"

    return {
        "Point": (Point, (1,), (1, 3)),
        "One": (One, (NAN,), (1.5,)),  # equal to itself only as the same object
        "Empty": (Empty, (), ()),
        "Board": (Board, ("a",), ("a", (1, 2))),
        "OwnEq": (OwnEq, (1,), (5,)),
        "OwnHash": (OwnHash, (1,), (2,)),
        "Nested": (Nested, ([],), (None, "m")),
    }


def behaviour(cls: type, first: tuple[Any, ...], second: tuple[Any, ...]) -> dict[str, Any]:
    """Everything observable the decorator gives ``cls``, in plain data."""
    a, b, a2 = cls(*first), cls(*second), cls(*first)
    seen: dict[str, Any] = {
        "doc": cls.__doc__,
        "signature": str(inspect.signature(cls)),
        "fields": [(f.name, f.type, f.default) for f in dataclasses.fields(cls)],
        "params": {k: getattr(cls.__dataclass_params__, k) for k in ("init", "repr", "eq", "order", "frozen")},  # type: ignore[attr-defined]
        "match_args": getattr(cls, "__match_args__", None),
        "slots": cls.__dict__.get("__slots__"),
        "has_dict": hasattr(a, "__dict__"),
        "repr": (repr(a), repr(b)),
        "eq": (a == a, a == a2, a == b, a != b, a.__eq__(object()), a == first),
        "hashable": cls.__hash__ is not None,
        "copy": (copy.copy(a) == a, copy.deepcopy(b) == b, b.__getstate__(), b.__reduce_ex__(2)[2:]),
        "replace": dataclasses.replace(a) == a,
        "astuple": dataclasses.astuple(b) if dataclasses.fields(cls) else (),
        "qualnames": sorted(
            getattr(cls, name).__qualname__.rsplit(".", 1)[-1]
            for name in ("__init__", "__repr__", "__eq__", "__setattr__", "__delattr__")
        ),
    }
    try:
        seen["hash"] = (hash(a) == hash(a2), hash(a))
    except TypeError as error:  # a field that is not hashable
        seen["hash"] = str(error)
    for name in ("value", "x", "other"):
        for action in ("set", "delete"):
            try:
                setattr(a, name, 1) if action == "set" else delattr(a, name)
                seen[f"{action} {name}"] = "allowed"
            except Exception as error:  # the kind of error and its words are the behaviour
                seen[f"{action} {name}"] = (type(error).__name__, str(error))
    try:
        cls(*first, *first, *first)
        seen["too many"] = "allowed"
    except TypeError as error:
        seen["too many"] = str(error)
    return seen


@pytest.mark.parametrize("shape", list(shapes(dataclasses.dataclass)))
def test_a_class_made_quicker_behaves_as_the_decorators_own(shape: str) -> None:
    plain = shapes(dataclasses.dataclass)[shape]
    quick = shapes(_dataclass)[shape]
    assert behaviour(*quick) == behaviour(*plain)


def test_a_value_that_holds_itself_is_shown_as_the_decorator_shows_it() -> None:
    shown = []
    for make in (dataclasses.dataclass, _dataclass):
        cls = shapes(make)["Nested"][0]
        box: list[Any] = []
        value = cls(box)
        box.append(value)
        shown.append(repr(value))
    assert shown[0] == shown[1] == "shapes.<locals>.Nested(inner=[...], label='n')"


def test_other_classes_go_to_the_decorator_itself() -> None:
    @quick_dataclass(frozen=True, slots=True)
    class Base:
        value: int

    @quick_dataclass(frozen=True, slots=True)
    class Derived(Base):  # a dataclass base: the decorator's own
        more: int = 0

    @quick_dataclass(frozen=True)
    class Counted:
        limit: ClassVar[int] = 3
        items: tuple[int, ...] = dataclasses.field(default=())

    @quick_dataclass(order=True, frozen=True, slots=True)
    class Ordered:
        value: int

    assert "_setattr" in Base.__init__.__code__.co_names  # the one values.dataclass compiles
    assert "_setattr" not in Derived.__init__.__code__.co_names  # the decorator's own
    assert Derived(1, 2) == Derived(1, 2) and Derived(1, 2) != Base(1)
    assert Counted() == Counted(()) and Counted.limit == 3
    assert Ordered(1) < Ordered(2)
    with pytest.raises(TypeError, match="non-frozen"):

        @_dataclass(slots=True)
        class Thawed(Base):
            pass


@pytest.mark.skipif(sys.version_info >= (3, 13), reason="3.13's decorator compiles a class's methods at once")
def test_the_engine_makes_its_classes_quicker() -> None:
    engine = [
        obj
        for name, module in list(sys.modules.items())
        if name.startswith(companion.engine.__name__ + ".")
        for obj in vars(module).values()
        if isinstance(obj, type) and obj.__module__ == name and dataclasses.is_dataclass(obj)
    ]
    quick = [
        cls
        for cls in engine
        if getattr(cls.__setattr__, "__code__", None) is not None and cls.__setattr__.__code__.co_filename == values.__file__
    ]
    assert len(engine) > 150
    assert len(quick) > 0.8 * len(engine)
    assert model.Units.__setattr__.__code__.co_filename == values.__file__


def test_equality_and_hash_are_compiled_at_their_first_call_as_the_decorator_compiles_them() -> None:
    made = {make: shapes(make)["Point"][0] for make in (dataclasses.dataclass, _dataclass)}
    quick, plain = made[_dataclass], made[dataclasses.dataclass]
    assert quick.__eq__.__code__.co_filename == values.__file__  # the stand-in
    assert quick(1) == quick(1) and hash(quick(1)) == hash(plain(1))
    for name in ("__eq__", "__hash__"):
        compiled, generated = getattr(quick, name), getattr(plain, name)
        assert compiled.__code__.co_code == generated.__code__.co_code
        assert compiled.__code__.co_names == generated.__code__.co_names
        assert compiled.__qualname__ == generated.__qualname__


def test_a_value_is_shown_by_the_decorators_own_text_after_its_first_showing() -> None:
    quick, plain = shapes(_dataclass)["Board"][0], shapes(dataclasses.dataclass)["Board"][0]
    assert repr(quick("a")) == repr(plain("a"))
    compiled, generated = getattr(quick, "__repr__"), getattr(plain, "__repr__")  # noqa: B009  (Any: __wrapped__)
    assert compiled.__wrapped__.__code__.co_code == generated.__wrapped__.__code__.co_code
    assert compiled.__qualname__ == generated.__qualname__


def test_the_engine_classes_without_a_docstring_are_described_as_inspect_describes_them() -> None:
    described = [
        obj
        for name, module in list(sys.modules.items())
        if name.startswith(companion.engine.__name__ + ".")
        for obj in vars(module).values()
        if isinstance(obj, type) and obj.__module__ == name and dataclasses.is_dataclass(obj)
        if obj.__doc__ and obj.__doc__.startswith(obj.__name__ + "(")
    ]
    assert len(described) > 10
    for cls in described:
        assert cls.__doc__ == cls.__name__ + str(inspect.signature(cls)).replace(" -> None", "")


def test_a_method_kept_before_its_first_call_is_compiled_once() -> None:
    cls: Any = shapes(_dataclass)["Point"][0]
    kept = cls.__eq__
    assert kept(cls(1), cls(1)) is True and kept(cls(1), cls(2)) is False
    compiled = cls.__eq__
    assert compiled is not kept and kept(cls(3), cls(3)) is True and cls.__eq__ is compiled


@pytest.mark.parametrize("shape", ["Point", "One", "Empty", "OwnEq", "Nested"])
def test_a_maker_makes_the_value_its_class_makes(shape: str) -> None:
    cls, first, second = shapes(_dataclass)[shape]
    make: Any = values.maker(cls)
    if dataclasses.fields(cls):
        assert make is not cls  # the quick one
    parameters = [(p.name, p.default, p.kind) for p in inspect.signature(make).parameters.values()]
    assert parameters == [(p.name, p.default, p.kind) for p in inspect.signature(cls).parameters.values()]
    for args in (first, second):
        made, plain = make(*args), cls(*args)
        assert type(made) is cls
        assert repr(made) == repr(plain) and made.__getstate__() == plain.__getstate__()  # each field's value
        assert (made == plain) == (plain == plain)
    with pytest.raises(TypeError):
        make(*first, *first, *first, 0)
    for name in ("value", "x"):  # frozen as the class's own, the same error (3.11's own for a non-field)
        errors = []
        for value in (make(*first), cls(*first)):
            with pytest.raises(Exception) as error:  # the kind of error is compared
                setattr(value, name, 1)
            errors.append((type(error.value), str(error.value)))
        assert errors[0] == errors[1]


def test_a_class_a_maker_cannot_quicken_is_its_own_maker() -> None:
    @quick_dataclass(frozen=True)
    class Dict:  # fields in a __dict__
        value: int

    @quick_dataclass(frozen=True, slots=True)
    class Base:
        value: int

    @quick_dataclass(frozen=True, slots=True)
    class Derived(Base):  # a dataclass base
        more: int = 0

    assert values.maker(Dict) is Dict and values.maker(Derived) is Derived


def test_a_class_whose_field_shares_a_name_with_the_makers_own_is_its_own_maker() -> None:
    """The maker's source names its value ``new`` and its globals with a leading underscore: a
    field of either name would be overwritten by them, so such a class is made by itself."""

    @quick_dataclass(frozen=True, slots=True)
    class New:
        new: int

    @quick_dataclass(frozen=True, slots=True)
    class Private:
        _cls: int

    assert values.maker(New) is New and values.maker(Private) is Private
    assert values.maker(New)(3).new == 3


def test_the_engines_makers_make_its_values() -> None:
    units = model.Units("great_cthulhu", model.UnitKind.MONSTER, "Starspawn", 2)
    area = model.AreaState(None, (units,), ("eradicated",))
    assert model.new_units(*dataclasses.astuple(units)) == units
    assert model.new_area(None, (units,), ("eradicated",)) == area and type(model.new_area()) is model.AreaState
    accepted = values.maker(companion.engine.Accepted)(1, ())  # a Generic base
    assert accepted == companion.engine.Accepted(1, ()) and type(accepted) is companion.engine.Accepted


def test_a_state_class_keeps_its_defaults_in_its_fields_not_as_class_attributes() -> None:
    @values.instance_fields
    @quick_dataclass(frozen=True)
    class Board:
        name: str
        cells: tuple[int, ...] = ()
        colour: Colour = Colour.RED

    assert not hasattr(Board, "cells") and not hasattr(Board, "colour")
    assert Board("a") == Board("a", (), Colour.RED) and Board("a").cells == ()
    assert values.evolve(Board("a"), cells=(1,)) == Board("a", (1,))
    assert [f.default for f in dataclasses.fields(Board)][1:] == [(), Colour.RED]
    assert not hasattr(model.GameState, "prompt") and model.GameState.__dataclass_fields__["prompt"].default is model.NO_PROMPT


def test_a_copy_keeps_its_fields_in_a_dict_of_its_own() -> None:
    """evolve's copy of a value made by its __init__ holds every field in a dict of its own, in
    field order (made by dict(), values._dict_copier), the change applied, the original unchanged."""
    state = companion.engine.apply(None, _new_game()).state  # type: ignore[union-attr]
    copied = values.evolve(state, step=5)
    assert list(vars(copied)) == [f.name for f in dataclasses.fields(state)] and copied.step == 5
    assert vars(copied) is not vars(state) and state.step != 5


def _new_game() -> Any:
    from companion.engine.cthulhu import commands as c
    from companion.maps import load_map

    factions = (model.Faction.GREAT_CTHULHU, model.Faction.CRAWLING_CHAOS, model.Faction.BLACK_GOAT)
    return c.NewGame(load_map("earth-3p"), tuple(c.Seat(f) for f in factions), 1, model.Options())
