"""Frozen records defined cheaply: ``@frozen`` is ``@dataclass(frozen=True)`` without the
source code that ``dataclass`` writes and compiles for every class.

``dataclass(frozen=True)`` writes each class's ``__init__``, ``__repr__``, ``__eq__``,
``__hash__``, ``__setattr__`` and ``__delattr__`` as text and compiles it, about half a
millisecond a class; the console's first answer defines some ninety such records (the
requests, the state, the outcomes, the view), which was a good part of its start-up
above the pydantic floor (``bench/startup.py``). A record is still a dataclass
(``dataclasses.fields``, ``replace``, ``asdict`` and ``match`` read it as one): only its
methods are closures over its list of fields instead of compiled source, so a class
costs the bookkeeping of its fields and little more. It behaves as the frozen dataclass it
stands for: built positionally or by keyword with the same defaults (a
``default_factory`` too) and ``__post_init__`` after, equal and hashed by its compared
fields, written as ``Name(field=value, ...)``, and any assignment raises
``FrozenInstanceError``. Records keep a ``__dict__`` (no slots), so ``state.evolve``
copies one by two dictionary updates.

    >>> @frozen
    ... class Pair:
    ...     left: int
    ...     right: int = 0
    >>> Pair(1) == Pair(left=1, right=0), Pair(1, 2)
    (True, Pair(left=1, right=2))
    >>> Pair(1).left = 3
    Traceback (most recent call last):
    ...
    dataclasses.FrozenInstanceError: cannot assign to field 'left'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import MISSING, FrozenInstanceError
from operator import attrgetter
from typing import Any, TypeVar, dataclass_transform

_C = TypeVar("_C", bound=type)


def _tuple_of(names: tuple[str, ...]) -> Callable[[object], tuple[object, ...]]:
    """The tuple of these fields of a record, as the dataclass compares and hashes them
    (a tuple for one field too, so the same identity-then-equality test applies)."""
    if not names:
        return lambda obj: ()
    if len(names) == 1:
        return attrgetter(names[0], names[0])  # (v, v)
    return attrgetter(*names)


def _init_of(cls: type, fields: tuple[dataclasses.Field[Any], ...]) -> Callable[..., None]:
    name = f"{cls.__qualname__}.__init__()"
    names = tuple(f.name for f in fields)
    count = len(names)
    defaults = {f.name: f.default for f in fields if f.default is not MISSING}
    factories: dict[str, Callable[[], object]] = {
        f.name: f.default_factory for f in fields if f.default_factory is not MISSING
    }
    post_init = hasattr(cls, "__post_init__")

    def __init__(self: Any, *args: object, **kwargs: object) -> None:
        if len(args) > count:
            raise TypeError(
                f"{name} takes {count + 1} positional arguments but {len(args) + 1} were given"
            )
        if kwargs and args:
            for field in names[: len(args)]:
                if field in kwargs:
                    raise TypeError(f"{name} got multiple values for argument {field!r}")
        values = self.__dict__
        values.update(zip(names, args, strict=False))  # the rest by keyword
        for field in names[len(args) :]:
            if field in kwargs:
                values[field] = kwargs.pop(field)
            elif field in defaults:
                values[field] = defaults[field]
            elif field in factories:
                values[field] = factories[field]()
            else:
                raise TypeError(f"{name} missing required argument: {field!r}")
        if kwargs:
            raise TypeError(f"{name} got an unexpected keyword argument {next(iter(kwargs))!r}")
        if post_init:
            self.__post_init__()

    return __init__


def _repr_of(fields: tuple[dataclasses.Field[Any], ...]) -> Callable[[object], str]:
    shown = tuple(f.name for f in fields if f.repr)

    def __repr__(self: object) -> str:
        parts = ", ".join(f"{name}={getattr(self, name)!r}" for name in shown)
        return f"{type(self).__qualname__}({parts})"

    return __repr__


def _eq_of(fields: tuple[dataclasses.Field[Any], ...]) -> Callable[[object, object], bool]:
    key = _tuple_of(tuple(f.name for f in fields if f.compare))

    def __eq__(self: object, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return key(self) == key(other)

    return __eq__


def _hash_of(fields: tuple[dataclasses.Field[Any], ...]) -> Callable[[object], int]:
    key = _tuple_of(tuple(f.name for f in fields if (f.compare if f.hash is None else f.hash)))

    def __hash__(self: object) -> int:
        return hash(key(self))

    return __hash__


def _setattr(self: object, name: str, value: object) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _delattr(self: object, name: str) -> None:
    raise FrozenInstanceError(f"cannot delete field {name!r}")


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field, dataclasses.Field))
def frozen(cls: _C) -> _C:
    """The class as a frozen dataclass (equal and hashed by its fields, written as
    ``Name(field=value, ...)``, read by ``match``), its methods made without compiling."""
    for method in ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__"):
        if method in cls.__dict__:
            raise TypeError(f"{cls.__name__} defines {method}: a record makes its own")
    dataclasses.dataclass(cls, init=False, repr=False, eq=False)
    fields = dataclasses.fields(cls)
    for f in fields:
        if not f.init or f.kw_only:
            raise TypeError(f"{cls.__name__}.{f.name}: a record takes every field in order")
    made: dict[str, Callable[..., object]] = {
        "__init__": _init_of(cls, fields),
        "__repr__": _repr_of(fields),
        "__eq__": _eq_of(fields),
        "__hash__": _hash_of(fields),
    }
    for name, function in made.items():
        function.__qualname__ = f"{cls.__qualname__}.{name}"  # as tracebacks name it
        setattr(cls, name, function)
    cls.__setattr__ = _setattr  # type: ignore[assignment,method-assign]
    cls.__delattr__ = _delattr  # type: ignore[assignment,method-assign]
    return cls
