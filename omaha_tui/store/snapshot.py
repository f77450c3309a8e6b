"""Table-state snapshots as JSON, so resuming a long session replays one hand, not all.

The engine's state is frozen dataclasses holding tuples, frozensets, enums and pydantic
models; :func:`encode_state` turns it into plain JSON data and :func:`decode_state`
rebuilds it from the dataclasses' own type hints (no pickle: a journal file must never
be able to run code). The journal snapshots the table's
:class:`~omaha_tui.engine.reducer.history.History`: the state and its checkpoints of
the last :data:`UNDO_HANDS` hands, so undo after a resume reaches as far back as it
did live. A snapshot that no longer fits the engine's classes (an older format, or the
engine changed) raises :class:`SnapshotError` and the journal falls back to a full
replay.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections import deque
from collections.abc import Generator, Iterable
from decimal import Decimal
from enum import Enum
from functools import cache
from typing import Any

from pydantic import BaseModel, ValidationError

from omaha_tui.engine.events import EVENT_ADAPTER, Event, HandStarted
from omaha_tui.engine.records import frozen
from omaha_tui.engine.reducer import history as hist
from omaha_tui.engine.reducer.history import UNDO_HANDS, History, Trail
from omaha_tui.engine.state import TableState

FORMAT = 2
"""2: a snapshot holds a history (format 1 held a state with its undo chain inside)."""
KEEP_SNAPSHOTS = 2
"""Snapshots a journal keeps per session (the latest hand starts)."""


class SnapshotError(ValueError):
    """A snapshot that cannot be turned back into a state."""


def encode_state(state: TableState) -> dict[str, Any]:
    """JSON-ready data of a table state (domain data only)."""
    return {"format": FORMAT, "state": _encode(state)}


@frozen
class FoldedLog:
    """A log folded once: the history after it, and the history right after each of its
    last :data:`KEEP_SNAPSHOTS` hand starts (by 1-based position in the log), which is
    what the journal snapshots. An importer that already applied the events passes
    this along so the journal does not apply them again."""

    history: History
    starts: tuple[tuple[int, History], ...] = ()

    @property
    def state(self) -> TableState:
        return self.history.state

    def then(self, events: Iterable[Event], offset: int, keep: int = KEEP_SNAPSHOTS) -> FoldedLog:
        """This fold continued by ``events``, the first of which is at ``offset + 1``
        (keeping the last ``keep`` hand starts).

        Raises:
            RuleError: (a ``ValueError``) the rules refuse one of the events.
        """
        steps = fold_steps(events, self, offset, keep)
        while True:
            try:
                next(steps)
            except StopIteration as done:
                folded: FoldedLog = done.value
                return folded

    def snapshots(self) -> list[tuple[int, str]]:
        """The JSON snapshot of each kept hand start, by position."""
        return [(i, json.dumps(encode_history(h))) for i, h in self.starts]


def fold_steps(
    events: Iterable[Event],
    folded: FoldedLog | None = None,
    offset: int = 0,
    keep: int = KEEP_SNAPSHOTS,
) -> Generator[tuple[Event, History], None, FoldedLog]:
    """Each event of ``events`` with the history right after it (each applied once,
    here), continuing ``folded`` (default: no table yet) with the first event at
    ``offset + 1``; the whole fold is the generator's return value (what
    :meth:`FoldedLog.then` gives), for a caller that reads each table as it comes.

    Raises:
        RuleError: (a ``ValueError``) the rules refuse one of the events.
    """
    start = FoldedLog(History()) if folded is None else folded
    history = start.history
    starts: deque[tuple[int, History]] = deque(start.starts, maxlen=keep)
    for i, event in enumerate(events, start=offset + 1):
        history = hist.apply(history, event)
        if type(event) is HandStarted:
            starts.append((i, history))
        yield event, history
    return FoldedLog(history, tuple(starts))


def fold_log(
    events: Iterable[Event], history: History | None = None, keep: int = KEEP_SNAPSHOTS
) -> FoldedLog:
    """``events`` folded from ``history`` (default: no table yet), each applied once.

    Raises:
        RuleError: (a ``ValueError``) the rules refuse one of the events.
    """
    return FoldedLog(History() if history is None else history).then(events, 0, keep)


def follow(
    history: History, events: list[Event], keep: int = KEEP_SNAPSHOTS
) -> tuple[History, list[tuple[int, str]]] | None:
    """Apply ``events``; return the new history and, for each of the last ``keep``
    ``HandStarted`` (by its 1-based position in ``events``), the JSON snapshot of the
    history right after it (the journal keeps no more, and encoding is the costly part
    of a long import).

    ``None`` when the reducer refuses an event (the caller then keeps no snapshot).
    """
    try:
        folded = fold_log(events, history, keep)
    except (ValueError, AssertionError):
        return None
    return folded.history, folded.snapshots()


def encode_history(history: History) -> dict[str, Any]:
    """JSON-ready data of a history (the table and its undo checkpoints)."""
    return {"format": FORMAT, "history": _encode(history)}


def decode_history(data: Any) -> History:
    """Rebuild a history from :func:`encode_history` data.

    Raises:
        SnapshotError: the data does not fit the engine's current classes (a snapshot
            of an older format included).
    """
    history = _decoded(data, "history", History)
    assert isinstance(history, History)
    return history


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
    state = _decoded(data, "state", TableState)
    assert isinstance(state, TableState)
    return state


def _decoded(data: Any, key: str, cls: type) -> Any:
    """The ``key`` part of snapshot ``data`` rebuilt as ``cls``, or :class:`SnapshotError`."""
    if not isinstance(data, dict) or data.get("format") != FORMAT or key not in data:
        raise SnapshotError("unknown snapshot format")
    try:
        return _decode(cls, data[key])
    except (KeyError, TypeError, ValueError, ValidationError) as e:
        raise SnapshotError(f"snapshot does not fit this engine ({e})") from None


@cache
def _hints(cls: type) -> dict[str, Any]:
    from omaha_tui.engine.tournament_state import TournamentState  # TableState's, by name

    localns = {
        "Event": Event,
        "TableState": TableState,
        "Trail": Trail,
        "TournamentState": TournamentState,
    }
    return typing.get_type_hints(cls, localns=localns, include_extras=True)


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


__all__ = [
    "FORMAT",
    "KEEP_SNAPSHOTS",
    "UNDO_HANDS",
    "FoldedLog",
    "SnapshotError",
    "decode_history",
    "decode_state",
    "encode_history",
    "encode_state",
    "fold_log",
    "fold_steps",
    "follow",
]
