"""Where the blind clock stands (R2.7a, b): a small frozen record and pure arithmetic.

The clock is kept as "``elapsed_ms`` into item ``item`` at the moment ``since_ms``"
(milliseconds since the epoch), plus whether it runs. Each host control re-bases it at
its own recorded time, so the clock at any later moment is a pure function of the
record and that moment: nothing stops it but a pause, and a program that was not
running in between (a crash, a closed laptop) changes nothing (R2.7a). Time beyond an
item's end carries into the next items; the last item counts down its time and then
goes on until the host moves on.
"""

from __future__ import annotations

from dataclasses import dataclass

from omaha_tui.engine.rules.clock.schedule import BlindSchedule, Break, Level


@dataclass(frozen=True)
class ClockState:
    """The table's blind clock: its schedule and where it stood at ``since_ms``.

    ``started``: the first hand (or the host) started it (R2.7a); ``running``: started
    and not paused. ``elapsed_ms`` may be negative after time was added to an item.
    """

    schedule: BlindSchedule | None = None
    started: bool = False
    running: bool = False
    item: int = 0
    elapsed_ms: int = 0
    since_ms: int = 0


@dataclass(frozen=True, slots=True)
class Position:
    """The clock at one moment: the item in force, how far into it, and the
    milliseconds left in it (``None``: it lasts until the host moves on)."""

    item: int
    elapsed_ms: int
    left_ms: int | None

    def on_break(self, schedule: BlindSchedule) -> bool:
        return isinstance(schedule.items[self.item], Break)


def _length(schedule: BlindSchedule, index: int) -> int:
    return schedule.items[index].seconds * 1000


def position(clock: ClockState, now_ms: int) -> Position:
    """Where the clock stands at ``now_ms``.

    >>> from omaha_tui.engine.rules.clock.schedule import Break, Level
    >>> s = BlindSchedule(items=(Level(small_blind=1, big_blind=2, seconds=600),
    ...                          Break(seconds=300), Level(small_blind=2, big_blind=4)))
    >>> c = ClockState(s, started=True, running=True, since_ms=0)
    >>> position(c, 60_000)
    Position(item=0, elapsed_ms=60000, left_ms=540000)
    >>> position(c, 700_000)
    Position(item=1, elapsed_ms=100000, left_ms=200000)
    >>> position(c, 5_000_000).item, position(c, 5_000_000).left_ms
    (2, None)
    >>> timed = BlindSchedule(items=(Level(small_blind=1, big_blind=2, seconds=60),))
    >>> position(ClockState(timed, True, True, 0, 0, 0), 90_000).left_ms
    0
    """
    schedule = clock.schedule
    if schedule is None:
        return Position(0, 0, None)
    item = min(clock.item, len(schedule.items) - 1)
    elapsed = clock.elapsed_ms
    if clock.running:
        elapsed += max(0, now_ms - clock.since_ms)  # a clock set back never runs backwards
    last = len(schedule.items) - 1
    while True:
        length = _length(schedule, item)
        if length == 0:
            return Position(item, elapsed, None)
        if item == last:  # the last item counts down its time, then goes on at 0
            return Position(item, elapsed, max(0, length - elapsed))
        if elapsed < length:
            return Position(item, elapsed, length - elapsed)
        elapsed -= length
        item += 1


def rebase(clock: ClockState, at_ms: int) -> ClockState:
    """The same clock, re-anchored at ``at_ms`` (what every control does first)."""
    p = position(clock, at_ms)
    return ClockState(clock.schedule, clock.started, clock.running, p.item, p.elapsed_ms, at_ms)


def started_at(clock: ClockState, at_ms: int) -> ClockState:
    """R2.7a: the clock starts (with the first hand, or when the host starts it)."""
    return ClockState(clock.schedule, True, True, clock.item, clock.elapsed_ms, at_ms)


def paused_at(clock: ClockState, at_ms: int) -> ClockState:
    """R2.7b: the host pauses the clock; it shows the same time until resumed."""
    c = rebase(clock, at_ms)
    return ClockState(c.schedule, c.started, False, c.item, c.elapsed_ms, at_ms)


def resumed_at(clock: ClockState, at_ms: int) -> ClockState:
    """R2.7b: the clock runs again from where the pause held it."""
    return ClockState(clock.schedule, clock.started, True, clock.item, clock.elapsed_ms, at_ms)


def adjusted_at(clock: ClockState, at_ms: int, seconds: int) -> ClockState:
    """R2.7b: ``seconds`` more (or, negative, fewer) in the item in force at ``at_ms``;
    time taken away beyond its end carries into the next items."""
    c = rebase(clock, at_ms)
    moved = ClockState(
        c.schedule, c.started, c.running, c.item, c.elapsed_ms - seconds * 1000, at_ms
    )
    return rebase(moved, at_ms)


def moved_at(clock: ClockState, at_ms: int, item: int) -> ClockState:
    """R2.7b, c: the host moves to item ``item`` (next or previous level, or out of a
    break); it starts from its beginning at ``at_ms``."""
    return ClockState(clock.schedule, clock.started, clock.running, item, 0, at_ms)


def scheduled(clock: ClockState, schedule: BlindSchedule | None, at_ms: int) -> ClockState:
    """A new or edited schedule: the clock keeps its place (clamped to the new items)."""
    c = rebase(clock, at_ms)
    item = 0 if schedule is None else min(c.item, len(schedule.items) - 1)
    return ClockState(schedule, c.started, c.running, item, c.elapsed_ms, at_ms)


def next_level_index(schedule: BlindSchedule, item: int) -> int | None:
    """The item index of the first level after ``item``, or ``None``."""
    for i in range(item + 1, len(schedule.items)):
        if isinstance(schedule.items[i], Level):
            return i
    return None


def previous_level_index(schedule: BlindSchedule, item: int) -> int | None:
    """The item index of the last level before ``item``, or ``None``."""
    for i in range(item - 1, -1, -1):
        if isinstance(schedule.items[i], Level):
            return i
    return None
