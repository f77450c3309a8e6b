"""The table's undo history: a frozen value beside the state, never inside it.

A :class:`History` holds the table now and a checkpoint per recent hand: the table
just before the hand's ``HandStarted`` and the hand's effective events since (the
session's opening, from ``SessionStarted`` to the first hand, is a checkpoint too).
:func:`apply` is the reducer's ``apply`` plus that bookkeeping; an ``ActionUndone``
replays the current hand from its checkpoint without its last event, and stepping
back over a ``HandStarted`` returns to the previous hand's checkpoint, so undo costs
at most one hand and works repeatedly across hand boundaries (DESIGN.md). Only the
last :data:`UNDO_HANDS` hands are kept: undo reaches that far, live and after a
resume alike, and memory stays bounded. There is no I/O, clock or randomness here.

>>> from tests.tables import tournament_events
>>> h = replay(tournament_events(2))
>>> h.state.config is not None, can_undo(h), type(h.last).__name__
(True, True, 'ButtonPlaced')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import field
from typing import Any

from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import ActionUndone, Event, HandStarted, SessionStarted
from omaha_tui.engine.records import frozen
from omaha_tui.engine.reducer import replay as reducer
from omaha_tui.engine.state import TableState

UNDO_HANDS = 3
"""How many hands back undo reaches (the current one included)."""

__all__ = [
    "UNDO_HANDS",
    "Checkpoint",
    "History",
    "Trail",
    "apply",
    "begin",
    "can_undo",
    "record",
    "replay",
    "undo",
]


class Trail:
    """Effective events since a checkpoint, as a persistent list.

    Adding an event shares the earlier ones instead of copying them, so a hand of
    100,000 actions is followed in linear time. Reads as a sequence: ``len``, iteration,
    ``trail[0]``, ``trail[-1]`` and ``trail[:-1]`` (the trail without its last event).

    >>> t = Trail.of(["a", "b"]).add("c")
    >>> (len(t), t[0], t[-1], list(t[:-1]), list(t))
    (3, 'a', 'c', ['a', 'b'], ['a', 'b', 'c'])
    """

    __slots__ = ("_first", "_last", "_len", "_rest")
    _first: Any
    _last: Any
    _len: int
    _rest: Trail | None

    def __init__(self, rest: Trail | None = None, last: Any = None) -> None:
        self._rest = rest
        self._last = last
        self._len = 0 if rest is None and last is None else (len(rest) if rest else 0) + 1
        self._first = rest._first if rest else last

    @classmethod
    def of(cls, events: Iterable[Any]) -> Trail:
        trail = EMPTY_TRAIL
        for event in events:
            trail = trail.add(event)
        return trail

    def add(self, event: Any) -> Trail:
        """This trail and ``event`` after it."""
        return Trail(self if self._len else None, event)

    def __len__(self) -> int:
        return self._len

    def __bool__(self) -> bool:
        return self._len > 0

    def __iter__(self) -> Any:
        out = []
        node: Trail | None = self
        while node is not None and node._len:
            out.append(node._last)
            node = node._rest
        return reversed(out)

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            if index == slice(None, -1, None):
                return self._rest if self._rest is not None else EMPTY_TRAIL
            return tuple(self)[index]
        if not self._len:
            raise IndexError("the trail is empty")
        if index == -1:
            return self._last
        if index == 0:
            return self._first
        return tuple(self)[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Trail | tuple | list):
            return len(self) == len(other) and list(self) == list(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"Trail({list(self)!r})"


EMPTY_TRAIL = Trail()


@frozen
class Checkpoint:
    """One hand as undo sees it: the table just before its first event (``before``)
    and its effective events (``events``, its ``HandStarted`` first, or the session's
    ``SessionStarted`` for the opening)."""

    before: TableState
    events: Trail

    @property
    def opening(self) -> bool:
        """Whether this is the session's opening (its first event starts the session)."""
        return bool(self.events) and type(self.events[0]) is SessionStarted


@frozen
class History:
    """The table now (``state``) and the checkpoints undo steps back through, oldest
    first, the current hand's last. No checkpoint: nothing can be undone (a history
    begun from a state, or cut :data:`UNDO_HANDS` hands back)."""

    state: TableState = field(default_factory=TableState)
    hands: tuple[Checkpoint, ...] = ()

    @property
    def last(self) -> Event | None:
        """The last effective event undo would take back, or ``None``."""
        return self.hands[-1].events[-1] if self.hands and self.hands[-1].events else None


def _bounded(hands: tuple[Checkpoint, ...]) -> tuple[Checkpoint, ...]:
    """The checkpoints of the last :data:`UNDO_HANDS` hands; the opening stays while no
    hand has been dropped, so undo reaches into it only that long."""
    played = len(hands) - (1 if hands and hands[0].opening else 0)
    if played <= UNDO_HANDS:
        return hands
    return hands[len(hands) - UNDO_HANDS :]


def record(history: History, event: Event, after: TableState) -> History:
    """``history`` with ``event`` done, ``after`` being the table after it as the caller
    already computed it (``engine.decide``'s steps): nothing is applied here.

    ``event`` must not be an ``ActionUndone`` (use :func:`undo`).
    """
    kind = type(event)
    hands = history.hands
    if kind is HandStarted:
        hands = _bounded((*hands, Checkpoint(history.state, EMPTY_TRAIL.add(event))))
    elif kind is SessionStarted:
        hands = (Checkpoint(history.state, EMPTY_TRAIL.add(event)),)
    elif hands:
        last = hands[-1]
        hands = (*hands[:-1], Checkpoint(last.before, last.events.add(event)))
    return History(after, hands)


def record_all(history: History, events: Sequence[Event], states: Sequence[TableState]) -> History:
    """:func:`record` of each event with the state after it (``Decided.steps``)."""
    for event, after in zip(events, states, strict=True):
        history = undo(history) if type(event) is ActionUndone else record(history, event, after)
    return history


def apply(history: History, event: Event) -> History:
    """Apply one event to the table and its history (an ``ActionUndone`` undoes), or
    raise :class:`RuleError` and leave ``history`` as it was."""
    if type(event) is ActionUndone:
        return undo(history)
    return record(history, event, reducer.apply(history.state, event))


def replay(events: Iterable[Event], history: History | None = None) -> History:
    """Fold :func:`apply` over ``events`` (from no table unless given a history).

    >>> replay([]).state.config is None
    True
    """
    current = History() if history is None else history
    for event in events:
        current = apply(current, event)
    return current


def begin(state: TableState) -> History:
    """A history that starts at ``state``: undo steps back to it and no further.

    >>> from tests.tables import quick_table
    >>> from omaha_tui.engine.events import SatOut
    >>> h = apply(begin(quick_table()), SatOut(seat=1))
    >>> can_undo(h), can_undo(undo(h)), undo(h).state == quick_table()
    (True, False, True)
    """
    return History(state, (Checkpoint(state, EMPTY_TRAIL),))


def can_undo(history: History) -> bool:
    """Whether there is an event undo can take back."""
    return bool(history.hands) and bool(history.hands[-1].events)


def undo(history: History) -> History:
    """The history without its last effective event (what an ``ActionUndone`` does).

    Only the current hand's events are replayed, from its checkpoint; taking back a
    ``HandStarted`` returns to the table before it and the previous hand's checkpoint.
    """
    if not can_undo(history):
        raise RuleError("nothing to undo")
    last = history.hands[-1]
    rest = last.events[:-1]
    if not rest:
        return History(last.before, history.hands[:-1])
    state = reducer.replay(rest, last.before)
    return History(state, (*history.hands[:-1], Checkpoint(last.before, rest)))
