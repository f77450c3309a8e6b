"""Where the players of consecutive hands of one table sit: the chairs newcomers take.

PHH numbers a hand's players from the button, so a session keeps its own chairs: the
first hand's players sit in the file's order, and a newcomer sits down after the player
before them in the file's order; when that chair is taken, everyone from it moves one
chair on, and the table grows to the game's size (:func:`room`). A whole run of hands
can be seated ahead (:func:`plan`), from the players' names alone, so that its events
are applied in the chairs the session ends with, once. Pure functions; no rules are
applied here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from omaha_tui.engine.events import (
    EVENT_ADAPTER,
    BetPlaced,
    Called,
    Checked,
    Event,
    Folded,
    HandMucked,
    HoleCardsShown,
    RaisedTo,
    SessionStarted,
    WentAllIn,
)


@dataclass(frozen=True)
class Layout:
    """The chair of each seated player, by name, and the table's number of chairs."""

    chairs: Mapping[str, int]
    table: int

    def agrees(self, other: Layout) -> bool:
        """Whether everyone seated here sits in the same chair at ``other``, a table of
        the same size (so events in one layout are the same events in the other)."""
        return self.table == other.table and all(
            other.chairs.get(name) == chair for name, chair in self.chairs.items()
        )


def room(
    layout: Layout, names: Sequence[str], newcomers: Sequence[str], size: int
) -> tuple[dict[int, int], list[tuple[str, int]]] | None:
    """A free chair for each newcomer where the file deals them in (after the player
    before them in the file's order): where each chair of ``layout`` moves (the players
    after a newcomer move one chair on), and the chair each newcomer takes, at a table
    of ``size`` chairs. ``None`` when the table is full or the file's order cannot be
    kept.

    >>> where, arriving = room(Layout({"Ann": 0, "Bob": 1}, 2), ("Ann", "Dee", "Bob"), ["Dee"], 6)
    >>> where, arriving
    ({0: 0, 1: 2}, [('Dee', 1)])
    """
    if len(layout.chairs) + len(newcomers) > size:
        return None
    where = {i: i for i in range(layout.table)}
    order = list(names)
    arriving: list[tuple[str, int]] = []
    for name in newcomers:
        k = order.index(name)
        before = next(
            (
                order[(k - j) % len(order)]
                for j in range(1, len(order))
                if order[(k - j) % len(order)] not in newcomers
            ),
            None,
        )
        if before is None:
            return None
        seat_of = {n: where[c] for n, c in layout.chairs.items()}
        taken = {*seat_of.values(), *(c for _, c in arriving)}
        after = seat_of[before] + 1
        if after in taken:  # no free chair there: everyone from it moves one on
            where = {old: new + 1 if new >= after else new for old, new in where.items()}
            arriving = [(n, c + 1 if c >= after else c) for n, c in arriving]
        arriving.append((name, after))
    if max([*where.values(), *(c for _, c in arriving)], default=0) >= size:
        return None
    return where, arriving


def seated(
    layout: Layout, where: Mapping[int, int], arriving: Iterable[tuple[str, int]], size: int
) -> Layout:
    """``layout`` once :func:`room`'s moves are made and the newcomers sit down."""
    chairs = {n: where[c] for n, c in layout.chairs.items()} | dict(arriving)
    return Layout(chairs, size)


def plan(first: Layout, hands: Iterable[Sequence[str] | None], size: int) -> tuple[Layout, ...]:
    """The layout after each hand of a run, the first hand's ``first`` included, as long
    as each of ``hands`` (their players' names; ``None``: a hand that cannot join) sits
    down as :func:`room` seats it. It stops at the first hand that cannot; whether the
    rules let the others continue the table is not known yet, so the run may end sooner.

    >>> hands = [("A", "B"), ("A", "C", "B")]
    >>> [dict(x.chairs) for x in plan(Layout({"A": 0, "B": 1}, 2), hands, 6)]
    [{'A': 0, 'B': 1}, {'A': 0, 'B': 1}, {'A': 0, 'B': 2, 'C': 1}]
    """
    layout = first
    out = [layout]
    for names in hands:
        if names is None:
            break
        newcomers = [n for n in names if n not in layout.chairs]
        if newcomers:
            made = room(layout, names, newcomers, size)
            if made is None:
                break
            layout = seated(layout, *made, size)
        out.append(layout)
    return tuple(out)


def resized(start: SessionStarted, seats: int) -> SessionStarted:
    """The session's start at a table of ``seats`` chairs."""
    return start.model_copy(update={"config": start.config.model_copy(update={"seats": seats})})


_SEAT_KEYS = ("seat", "button")


_ONE_SEAT = (BetPlaced, Called, Checked, Folded, HandMucked, HoleCardsShown, RaisedTo, WentAllIn)
"""The actions whose one seat number is their ``seat`` (most of a hand's events): moved
by a copy with that field changed, as the general way would give them."""


def moved(event: Event, where: dict[int, int]) -> Event:
    """``event`` with every seat number taken from one layout's chairs to another's
    (``where``), as from the file's order to the session's."""
    if isinstance(event, _ONE_SEAT):
        return event.model_copy(update={"seat": where[event.seat]})
    return EVENT_ADAPTER.validate_python(_remap(event.model_dump(mode="json"), where))


def _remap(value: Any, where: dict[int, int]) -> Any:
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for key, item in value.items():
            if key in _SEAT_KEYS and isinstance(item, int):
                out[key] = where[item]
            elif key == "seats" and isinstance(item, list):
                out[key] = sorted(where[s] for s in item)
            else:
                out[key] = _remap(item, where)
        return out
    if isinstance(value, list):
        return [_remap(v, where) for v in value]
    return value
