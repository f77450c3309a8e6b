"""Table-state snapshots as JSON, so resuming a long session replays one hand, not all.

The engine's state is frozen dataclasses holding tuples, frozensets, enums and pydantic
models; :func:`encode_state` turns it into plain JSON data and :func:`decode_state`
rebuilds it from the dataclasses' own type hints (no pickle: a journal file must never
be able to run code). The state carries its undo history as a chain of earlier
states (``base``); a snapshot keeps :data:`UNDO_HANDS` hands of it, so undo after a
resume reaches that far back. A snapshot that no longer fits the engine's classes (the
engine changed) raises :class:`SnapshotError` and the journal falls back to a full replay.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from enum import Enum
from functools import cache
from typing import Any

from pydantic import BaseModel, ValidationError

from omaha_tui.engine.events import EVENT_ADAPTER, Event, HandStarted
from omaha_tui.engine.reducer.replay import apply, initial_state
from omaha_tui.engine.state import TableState, Trail

UNDO_HANDS = 3
FORMAT = 1
KEEP_SNAPSHOTS = 2
"""Snapshots a journal keeps per session (the latest hand starts)."""


class SnapshotError(ValueError):
    """A snapshot that cannot be turned back into a state."""


def encode_state(state: TableState, undo_hands: int = UNDO_HANDS) -> dict[str, Any]:
    """JSON-ready data of a state, its undo chain cut after ``undo_hands`` hands."""
    return {"format": FORMAT, "state": _encode(_cut(state, undo_hands))}


@dataclass(frozen=True)
class Folded:
    """A log folded once: the table after it, and the table right after each of its
    last :data:`KEEP_SNAPSHOTS` hand starts (by 1-based position in the log), which is
    what the journal snapshots. An importer that already applied the events passes
    this along so the journal does not apply them again."""

    state: TableState
    starts: tuple[tuple[int, TableState], ...] = ()

    def then(self, events: Iterable[Event], offset: int, keep: int = KEEP_SNAPSHOTS) -> Folded:
        """This fold continued by ``events``, the first of which is at ``offset + 1``
        (keeping the last ``keep`` hand starts).

        Raises:
            RuleError: (a ``ValueError``) the rules refuse one of the events.
        """
        state = self.state
        starts: deque[tuple[int, TableState]] = deque(self.starts, maxlen=keep)
        for i, event in enumerate(events, start=offset + 1):
            state = apply(state, event)
            if type(event) is HandStarted:
                starts.append((i, state))
        return Folded(state, tuple(starts))

    def snapshots(self) -> list[tuple[int, str]]:
        """The JSON snapshot of each kept hand start, by position."""
        return [(i, json.dumps(encode_state(s))) for i, s in self.starts]


def fold_log(
    events: Iterable[Event], state: TableState | None = None, keep: int = KEEP_SNAPSHOTS
) -> Folded:
    """``events`` folded from ``state`` (default: no table yet), each applied once.

    Raises:
        RuleError: (a ``ValueError``) the rules refuse one of the events.
    """
    return Folded(initial_state() if state is None else state).then(events, 0, keep)


def follow(
    state: TableState, events: list[Event], keep: int = KEEP_SNAPSHOTS
) -> tuple[TableState, list[tuple[int, str]]] | None:
    """Apply ``events``; return the new state and, for each of the last ``keep``
    ``HandStarted`` (by its 1-based position in ``events``), the
    JSON snapshot of the state right after it (the journal keeps no more, and encoding
    is the costly part of a long import).

    ``None`` when the reducer refuses an event (the caller then keeps no snapshot).
    """
    try:
        folded = fold_log(events, state, keep)
    except (ValueError, AssertionError):
        return None
    return folded.state, folded.snapshots()


def _cut(state: TableState, depth: int) -> TableState:
    base = state.base
    if base is None:
        return state
    return dataclasses.replace(state, base=None if depth <= 0 else _cut(base, depth - 1))


def _encode(value: Any) -> Any:
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Decimal):  # tournament money (R11), exact as text
        return str(value)
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Trail):
        return [_encode(v) for v in value]
    if isinstance(value, frozenset):
        return sorted(_encode(v) for v in value)
    if isinstance(value, tuple | list):
        return [_encode(v) for v in value]
    raise SnapshotError(f"cannot store {type(value).__name__} in a snapshot")


def decode_state(data: Any) -> TableState:
    """Rebuild a state from :func:`encode_state` data.

    Raises:
        SnapshotError: the data does not fit the engine's current state classes.
    """
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SnapshotError("unknown snapshot format")
    try:
        state = _decode(TableState, data["state"])
    except (KeyError, TypeError, ValueError, ValidationError) as e:
        raise SnapshotError(f"snapshot does not fit this engine ({e})") from None
    assert isinstance(state, TableState)
    return state


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls, localns={"Event": Event}, include_extras=True)


def _decode(tp: Any, value: Any) -> Any:
    if tp == Event:
        return EVENT_ADAPTER.validate_python(value)
    if tp is Trail:
        return Trail.of(EVENT_ADAPTER.validate_python(v) for v in value)
    origin = typing.get_origin(tp)
    if origin is typing.Union or origin is types.UnionType:
        args = typing.get_args(tp)
        if value is None:
            if type(None) in args:
                return None
            raise TypeError(f"None where {tp} is expected")
        rest = [a for a in args if a is not type(None)]
        if len(rest) != 1:
            raise TypeError(f"ambiguous type {tp}")
        return _decode(rest[0], value)
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(args[0], v) for v in value)
        if len(args) != len(value):
            raise TypeError(f"{tp} needs {len(args)} items")
        return tuple(_decode(a, v) for a, v in zip(args, value, strict=True))
    if origin is frozenset:
        (arg,) = typing.get_args(tp)
        return frozenset(_decode(arg, v) for v in value)
    if tp is typing.Any or isinstance(tp, typing.TypeVar):
        return value
    if tp is Decimal:
        if not isinstance(value, str):
            raise TypeError(f"{value!r} is not money text")
        return Decimal(value)
    if origin is not None and dataclasses.is_dataclass(origin):  # a generic record
        return _decode(origin, value)
    if isinstance(tp, type):
        if issubclass(tp, Enum):
            return tp(value)
        if issubclass(tp, BaseModel):
            return tp.model_validate(value)
        if dataclasses.is_dataclass(tp):
            hints = _hints(tp)
            names = {f.name for f in dataclasses.fields(tp)}
            if set(value) != names:
                raise TypeError(f"{tp.__name__} fields changed")
            return tp(**{k: _decode(hints[k], v) for k, v in value.items()})
        if tp in (int, str, bool):
            if not isinstance(value, tp) or (tp is int and isinstance(value, bool)):
                raise TypeError(f"{value!r} is not {tp.__name__}")
            return value
    raise TypeError(f"cannot read {tp} from a snapshot")
