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

from dataclasses import replace

from omaha_tui.engine.records import frozen
from omaha_tui.engine.rules.clock.schedule import BlindSchedule, Break, Level


@frozen
class ClockState:
    """The table's blind clock: its schedule and where it stood at ``since_ms``.

    ``started``: the first hand (or the host) started it (R2.7a); ``running``: started
    and not paused. ``elapsed_ms`` may be negative after time was added to an item.
    ``reached``: the furthest item the clock has entered (or been moved past); a break
    up to it is never held again when the clock comes back over it (R2.7b).
    """

    schedule: BlindSchedule | None = None
    started: bool = False
    running: bool = False
    item: int = 0
    elapsed_ms: int = 0
    since_ms: int = 0
    reached: int = 0


@frozen
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
    >>> position(ClockState(s, True, True, 0, 0, 0, reached=2), 700_000).item  # held once
    2
    """
    return _walk(clock, now_ms)[-1]


def trail(clock: ClockState, now_ms: int) -> tuple[int, ...]:
    """The items the clock has been in since its last control, in order, the one it is in
    at ``now_ms`` last: what it entered by time alone (R2.7b: each is announced)."""
    return tuple(p.item for p in _walk(clock, now_ms))


def _walk(clock: ClockState, now_ms: int) -> list[Position]:
    schedule = clock.schedule
    if schedule is None:
        return [Position(0, 0, None)]
    item = min(clock.item, len(schedule.items) - 1)
    elapsed = clock.elapsed_ms
    if clock.running:
        elapsed += max(0, now_ms - clock.since_ms)  # a clock set back never runs backwards
    last = len(schedule.items) - 1
    walked: list[Position] = []
    while True:
        length = _length(schedule, item)
        if length == 0:
            return [*walked, Position(item, elapsed, None)]
        if item == last:  # the last item counts down its time, then goes on at 0
            return [*walked, Position(item, elapsed, max(0, length - elapsed))]
        if elapsed < length:
            return [*walked, Position(item, elapsed, length - elapsed)]
        walked.append(Position(item, length, 0))
        elapsed -= length
        item = _next_item(schedule, item, clock.reached)


def _next_item(schedule: BlindSchedule, item: int, reached: int) -> int:
    """The item after ``item``, passing over breaks the clock was in (or moved past)
    already: a break is held once (R2.7b)."""
    last = len(schedule.items) - 1
    nxt = item + 1
    while nxt < last and nxt <= reached and isinstance(schedule.items[nxt], Break):
        nxt += 1
    return nxt


def rebase(clock: ClockState, at_ms: int) -> ClockState:
    """The same clock, re-anchored at ``at_ms`` (what every control does first)."""
    p = position(clock, at_ms)
    reached = max(clock.reached, p.item)
    return ClockState(
        clock.schedule, clock.started, clock.running, p.item, p.elapsed_ms, at_ms, reached
    )


def started_at(clock: ClockState, at_ms: int) -> ClockState:
    """R2.7a: the clock starts (with the first hand, or when the host starts it)."""
    return replace(clock, started=True, running=True, since_ms=at_ms)


def paused_at(clock: ClockState, at_ms: int) -> ClockState:
    """R2.7b: the host pauses the clock; it shows the same time until resumed."""
    return replace(rebase(clock, at_ms), running=False)


def resumed_at(clock: ClockState, at_ms: int) -> ClockState:
    """R2.7b: the clock runs again from where the pause held it."""
    return replace(clock, running=True, since_ms=at_ms)


def adjusted_at(clock: ClockState, at_ms: int, seconds: int) -> ClockState:
    """R2.7b: ``seconds`` more (or, negative, fewer) in the item in force at ``at_ms``.
    Taking away more than is left ends that level or break now, and the next starts
    with its full time: nothing beyond it is skipped.

    >>> from omaha_tui.engine.rules.clock.schedule import Break, Level
    >>> s = BlindSchedule(items=(Level(small_blind=1, big_blind=2, seconds=600),
    ...                          Break(seconds=300), Level(small_blind=2, big_blind=4)))
    >>> c = adjusted_at(ClockState(s, True, True, 0, 0, 0), 533_000, -300)  # 1:07 left
    >>> position(c, 533_000)
    Position(item=1, elapsed_ms=0, left_ms=300000)
    """
    c = rebase(clock, at_ms)
    elapsed = c.elapsed_ms - seconds * 1000
    if c.schedule is not None and seconds < 0:
        length = _length(c.schedule, c.item)
        if length:
            elapsed = min(elapsed, length)  # ends now: the next item is not touched
    return rebase(replace(c, elapsed_ms=elapsed), at_ms)


def moved_at(clock: ClockState, at_ms: int, item: int) -> ClockState:
    """R2.7b, c: the host moves to item ``item`` (next or previous level, or out of a
    break); it starts from its beginning at ``at_ms``. The items it was in or moved past
    stay reached: moving back over a break does not hold that break again."""
    c = rebase(clock, at_ms)
    reached = max(c.reached, c.item, item)
    return ClockState(c.schedule, c.started, c.running, item, 0, at_ms, reached)


def scheduled(clock: ClockState, schedule: BlindSchedule | None, at_ms: int) -> ClockState:
    """A new or edited schedule: the clock keeps its place (clamped to the new items)."""
    c = rebase(clock, at_ms)
    top = 0 if schedule is None else len(schedule.items) - 1
    item = min(c.item, top)
    return ClockState(
        schedule, c.started, c.running, item, c.elapsed_ms, at_ms, min(c.reached, top)
    )


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
