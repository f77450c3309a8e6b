"""The blind clock as front ends show it (R2.7): :func:`clock_view` of a table at a moment.

The clock is part of the table state (``TableState.clock``), changed only by journaled
events that carry their times; so the view is a pure function of the state and ``now``,
the same in the dealer's app, the console and the players' display, and after a crash
exactly what it would have been had the program never stopped (R2.7a). This module
never imports Textual or Rich.

For tournaments: ``view.on_break`` says a break is on now, ``view.break_number`` which
one (1 for the first), so an add-on or a colour-up can be offered at it (R11).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from datetime import datetime

from omaha_tui.engine.clock_words import (
    blinds_sentence,
    blinds_short,
    blinds_words,
    shown_seconds,
)
from omaha_tui.engine.records import frozen
from omaha_tui.engine.rules.clock.running import Position, position, trail
from omaha_tui.engine.rules.clock.schedule import BlindSchedule, Break, Level
from omaha_tui.engine.state import TableState

from .view_text import format_clock

WARNING_SECONDS = 60
"""How long before a level or a break ends the table hears a warning (R2.7c)."""


@frozen
class LevelInfo:
    """A level as shown: its number, blinds and ante (``big_blind_ante``: one for the table),
    in integer units of the table's chip; ``decimals``: the places the table counts in
    (a table of 0.25/0.50 has 2), for the words."""

    number: int
    small_blind: int
    big_blind: int
    ante: int
    big_blind_ante: bool
    seconds: int
    decimals: int = 0

    @classmethod
    def of(cls, schedule: BlindSchedule, number: int, decimals: int = 0) -> LevelInfo:
        lv = schedule.levels[number - 1]
        return cls(
            number, lv.small_blind, lv.big_blind, lv.ante, lv.big_blind_ante, lv.seconds, decimals
        )

    @property
    def as_level(self) -> Level:
        return Level(
            small_blind=self.small_blind,
            big_blind=self.big_blind,
            ante=self.ante,
            big_blind_ante=self.big_blind_ante,
        )

    @property
    def blinds(self) -> str:
        """``5/10`` or ``5/10/1`` (``5/10/bb10`` for a big-blind ante; ``0.25/0.50`` at a
        table that counts in decimals)."""
        return blinds_short(self.as_level, self.decimals)

    @property
    def words(self) -> str:
        """``blinds 5/10, ante 1``."""
        return blinds_words(self.as_level, self.decimals)

    @property
    def sentence(self) -> str:
        """R2.7c: ``Blinds are now 5 and 10, ante 1``."""
        return blinds_sentence(self.as_level, self.decimals)


@frozen
class ClockView:
    """The clock at one moment, everything a clock panel or the room's display shows.

    ``level``: the level the clock is at (in a break: the level after it); ``playing``:
    the level the table plays now (a new level starts with the next hand, R2.7d), so
    ``due`` says the clock has moved on and the next hand brings it. ``seconds_left``:
    in the level or break now (``None``: until the host moves on). ``next_level``: the
    level after this one; ``seconds_to_break``: until the next break starts.
    """

    item: int
    level: LevelInfo
    playing: int
    on_break: bool
    break_number: int | None
    seconds_left: float | None
    started: bool
    paused: bool
    next_level: LevelInfo | None
    seconds_to_break: float | None
    hand_running: bool
    passed: tuple[tuple[int, str], ...] = ()

    @property
    def due(self) -> bool:
        return not self.on_break and self.level.number != self.playing

    @property
    def shown_seconds(self) -> int | None:
        """The one rounding of the time left (R2.7): whole seconds, rounded up, as the
        clock's line, the narrator, the console's JSON and the players' display show it."""
        return None if self.seconds_left is None else shown_seconds(self.seconds_left)

    @property
    def shown(self) -> str:
        """``02:00``: the time left as everyone shows it, or ``""`` when nothing is timed."""
        return "" if self.seconds_left is None else format_clock(self.seconds_left)


def _to_break(schedule: BlindSchedule, p: Position, reached: int = 0) -> float | None:
    """Seconds until the next break the clock will hold (one it held already, or was
    moved past, is not held again, R2.7b)."""
    if isinstance(schedule.items[p.item], Break):
        return None
    if p.left_ms is None:
        return None
    ms = p.left_ms
    for index in range(p.item + 1, len(schedule.items)):
        item = schedule.items[index]
        if isinstance(item, Break) and index <= reached:
            continue
        if isinstance(item, Break):
            return ms / 1000
        if item.seconds == 0:
            return None
        ms += item.seconds * 1000
    return None


def clock_view(state: TableState, now: datetime) -> ClockView | None:
    """The clock of ``state`` at ``now``, or ``None`` when the table has no schedule.

    >>> from datetime import UTC
    >>> from omaha_tui.session.grammar import parse_levels
    >>> from omaha_tui.engine.rules.clock.running import ClockState
    >>> from omaha_tui.engine.state import TableState
    >>> s = parse_levels("1/2:20,break:10,2/4/1:20")
    >>> t0 = datetime(2026, 1, 1, 20, tzinfo=UTC)
    >>> st = TableState(clock=ClockState(s, True, True, 0, 0, int(t0.timestamp() * 1000)))
    >>> v = clock_view(st, datetime(2026, 1, 1, 20, 25, tzinfo=UTC))
    >>> v.on_break, v.break_number, v.seconds_left, v.level.blinds
    (True, 1, 300.0, '2/4/1')
    """
    clock = state.clock
    schedule = clock.schedule
    if schedule is None:
        return None
    now_ms = round(now.timestamp() * 1000)
    p = position(clock, now_ms)
    number = schedule.level_number(p.item)
    on_break = isinstance(schedule.items[p.item], Break)
    dec = state.config.decimals if state.config is not None else 0
    level = LevelInfo.of(schedule, number, dec)
    if on_break:  # the level after the break, if one follows
        follows = any(isinstance(i, Level) for i in schedule.items[p.item + 1 :])
        next_level = level if follows else None
    else:
        more = number < len(schedule.levels)
        next_level = LevelInfo.of(schedule, number + 1, dec) if more else None
    return ClockView(
        item=p.item,
        level=level,
        playing=state.level,
        on_break=on_break,
        break_number=schedule.break_number(p.item) if on_break else None,
        seconds_left=None if p.left_ms is None else p.left_ms / 1000,
        started=clock.started,
        paused=clock.started and not clock.running,
        next_level=next_level,
        seconds_to_break=_to_break(schedule, p, clock.reached),
        hand_running=state.in_hand,
        passed=tuple((i, _entered_words(schedule, i, dec)) for i in trail(clock, now_ms)[:-1]),
    )


def _entered_words(schedule: BlindSchedule, index: int, decimals: int) -> str:
    """R2.7b: a level or break the clock went through by time alone since its last
    control, said once it is over (``Level 3 (blinds 50/100) began and ended with no
    hand dealt``)."""
    item = schedule.items[index]
    if isinstance(item, Break):
        return f"Break {schedule.break_number(index)} began and ended"
    number = schedule.level_number(index)
    words = LevelInfo.of(schedule, number, decimals).words
    return f"Level {number} ({words}) began and ended with no hand dealt"


def clock_line(view: ClockView, *, short: bool = False) -> str:
    """One line for the console and a header: where the clock is, how long is left,
    the next level and the time to the next break (``short``: without those two).

    ``Level 2 · blinds 2/4 · 09:08 left · next 5/10/1 · break in 29:08``
    """
    if view.on_break:
        head = f"Break {view.break_number}"
    else:
        head = f"Level {view.level.number} · {view.level.words}"
        if view.due and view.hand_running:
            head = f"Level {view.level.number} (next hand) · {view.level.words}"
    left = "no time limit"
    if view.seconds_left is not None:
        left = f"{format_clock(view.seconds_left)} left"
    parts = [head, left]
    if not view.started:
        parts.append("starts with the first hand")
    if view.paused:
        parts.append("PAUSED")
    if not short:
        if view.next_level is not None:
            parts.append(f"next {view.next_level.blinds}")
        if view.seconds_to_break is not None:
            parts.append(f"break in {format_clock(view.seconds_to_break)}")
    return " · ".join(parts)


@frozen
class Announcement:
    """A sentence for the table (R2.7c). ``on_screen``: show it as well as say it (a new
    level taken with the next hand is on screen already, in the hand's own line).
    ``level``: the level whose blinds it says are in force now (``None``: not such a
    sentence), so that a level is said once (:class:`Announcer`)."""

    text: str
    on_screen: bool = True
    level: int | None = None


def announcements(
    before: ClockView | None, after: ClockView | None, *, heard: int | None = None
) -> tuple[Announcement, ...]:
    """R2.7c: what the table hears between two readings of the clock: the last minute
    of a level or a break, a break, and each new level ("Blinds are now 100 and 200,
    ante 25"). A level reached between hands is said when the clock gets there; one
    reached mid-hand is said to start with the next hand (R2.7d), and its blinds are
    said when that hand starts. ``heard``: the level whose blinds the table last heard
    said, so the hand that brings in a level said already says nothing more; once a break
    was announced, the level after it is said again even when it is that same level (the
    host moved back from the break). A front
    end keeps an :class:`Announcer`, which passes the last view it read with the new
    one (the first reading after a resume says nothing).
    """
    if before is None or after is None:
        return ()
    number = after.level.number
    # R2.7b: every level and break the clock entered by time since the last reading is
    # said, even one no hand was dealt in (the reading before saw it running, or not at all)
    said = tuple(Announcement(words) for _, words in _new_passed(before, after))
    return (*said, *_arrived(before, after, heard, number))


def _new_passed(before: ClockView, after: ClockView) -> tuple[tuple[int, str], ...]:
    """The items ``after`` went through by time that ``before`` had not reached: those
    after ``before``'s item on the trail, or all of them when a control moved the clock
    since (``before``'s item is not on it)."""
    items = [*(i for i, _ in after.passed), after.item]
    if before.item in items:
        return after.passed[items.index(before.item) + 1 :]
    return after.passed


def _arrived(
    before: ClockView, after: ClockView, heard: int | None, number: int
) -> tuple[Announcement, ...]:
    """What the item the clock is in now says (see :func:`announcements`)."""
    if after.item != before.item:
        if after.on_break:
            left = after.seconds_left
            # Counted down as a clock shows it: a break just begun is its whole length.
            length = f" for {format_clock(math.ceil(left))}" if left is not None else ""
            return (Announcement(f"Break {after.break_number}{length}: no hand until it ends"),)
        if after.hand_running and after.due:
            blinds = after.level.sentence.removeprefix("Blinds are now ")
            return (Announcement(f"Level {number} starts with the next hand: blinds {blinds}"),)
        if heard == number == after.playing and not before.on_break:
            return ()  # back to the blinds in force: nothing new (after a break it is news)
        return (Announcement(after.level.sentence, level=number),)
    if after.playing != before.playing and not after.on_break and not after.due and heard != number:
        return (Announcement(after.level.sentence, on_screen=False, level=number),)
    if (
        after.seconds_left is not None
        and before.seconds_left is not None
        and 0 < after.seconds_left <= WARNING_SECONDS < before.seconds_left
    ):
        what = "the break" if after.on_break else f"level {number}"
        return (Announcement(f"One minute left in {what}"),)
    return ()


class Announcer:
    """One front end's ear on the clock (R2.7c): :meth:`hear` each new reading, and it
    returns what the table should hear since the last one, each new level once.

    The first reading says nothing: after a resume the table has heard it already.
    """

    def __init__(self) -> None:
        self.view: ClockView | None = None
        self._seen = False
        self._heard: int | None = None

    def hear(self, view: ClockView | None) -> tuple[Announcement, ...]:
        """What is due between the last reading and ``view`` (which becomes the last)."""
        said: tuple[Announcement, ...] = ()
        if self._seen:
            said = announcements(self.view, view, heard=self._heard)
        elif view is not None:
            self._heard = view.playing
        for a in said:
            if a.level is not None:
                self._heard = a.level
        self.view, self._seen = view, view is not None
        return said


ClockReader = Callable[[], ClockView | None]
"""How a front end reads the clock now (``None``: the table has no schedule)."""


@frozen
class ClockFace:
    """A clock panel at one reading: its line (``short``: without the next level and
    the next break), its marks, and what the table should hear since the last reading."""

    line: str
    short: str
    paused: bool
    on_break: bool
    left: str = ""
    """The time left as everyone shows it (``13:05``), ``""`` before the clock starts:
    what a large countdown draws."""


class ClockFollower:
    """One front end's clock (R2.7): each call reads it through ``read`` and returns
    its face (``None`` without a schedule) and what is due to be said, each new level
    once (R2.7c; the first reading says nothing, as after a resume). ``read`` may be
    replaced (a table bound again) without the levels already said being said again."""

    def __init__(self, read: ClockReader) -> None:
        self.read = read
        self._ear = Announcer()

    def __call__(self) -> tuple[ClockFace | None, tuple[Announcement, ...]]:
        view = self.read()
        said = self._ear.hear(view)
        if view is None:
            return None, said
        face = ClockFace(
            clock_line(view),
            clock_line(view, short=True),
            view.paused,
            view.on_break,
            view.shown if view.started else "",
        )
        return face, said


__all__ = [
    "WARNING_SECONDS",
    "Announcement",
    "Announcer",
    "ClockFace",
    "ClockFollower",
    "ClockReader",
    "ClockView",
    "LevelInfo",
    "announcements",
    "clock_line",
    "clock_view",
    "format_clock",
]
