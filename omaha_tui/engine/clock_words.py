"""The blind clock in words (R2.7): its events for the narrator, its levels and breaks
for the announcements ("Blinds are now 100 and 200, ante 25")."""

from __future__ import annotations

from collections.abc import Callable

from omaha_tui.engine import clock_events as ce
from omaha_tui.engine.rules.clock.running import position
from omaha_tui.engine.rules.clock.schedule import BlindSchedule, Break, Level
from omaha_tui.engine.state import TableState
from omaha_tui.engine.units import amount_text


def duration_words(seconds: int) -> str:
    """``20 min``, ``30 s``, ``1 min 30 s``; 0 is "no limit".

    >>> duration_words(1200), duration_words(30), duration_words(90), duration_words(0)
    ('20 min', '30 s', '1 min 30 s', 'no limit')
    """
    if seconds == 0:
        return "no limit"
    m, s = divmod(seconds, 60)
    return " ".join(p for p in (f"{m} min" if m else "", f"{s} s" if s else "") if p)


def blinds_words(level: Level, decimals: int = 0) -> str:
    """``blinds 100/200, ante 25`` (``big-blind ante 200`` for a table ante, R2.9), in
    the table's unit (``decimals``: a table counting in 0.25/0.50 has 2).

    >>> blinds_words(Level(small_blind=100, big_blind=200, ante=25))
    'blinds 100/200, ante 25'
    >>> blinds_words(Level(small_blind=25, big_blind=50, ante=5), 2)
    'blinds 0.25/0.50, ante 0.05'
    """
    m = _amounts(decimals)
    text = f"blinds {m(level.small_blind)}/{m(level.big_blind)}"
    if level.ante:
        kind = "big-blind ante" if level.big_blind_ante else "ante"
        text += f", {kind} {m(level.ante)}"
    return text


def blinds_sentence(level: Level, decimals: int = 0) -> str:
    """R2.7c: what the table hears at a new level, in the table's unit.

    >>> blinds_sentence(Level(small_blind=100, big_blind=200, ante=25))
    'Blinds are now 100 and 200, ante 25'
    >>> blinds_sentence(Level(small_blind=25, big_blind=50), 2)
    'Blinds are now 0.25 and 0.50'
    """
    m = _amounts(decimals)
    text = f"Blinds are now {m(level.small_blind)} and {m(level.big_blind)}"
    if level.ante:
        text += f", {'big-blind ante' if level.big_blind_ante else 'ante'} {m(level.ante)}"
    return text


def blinds_short(level: Level, decimals: int = 0) -> str:
    """``5/10``, ``5/10/1`` or ``5/10/bb10`` (``0.25/0.50`` at a table of cents).

    >>> blinds_short(Level(small_blind=5, big_blind=10, ante=10, big_blind_ante=True))
    '5/10/bb10'
    >>> blinds_short(Level(small_blind=25, big_blind=50), 2)
    '0.25/0.50'
    """
    m = _amounts(decimals)
    text = f"{m(level.small_blind)}/{m(level.big_blind)}"
    if level.ante:
        text += f"/{'bb' if level.big_blind_ante else ''}{m(level.ante)}"
    return text


def _amounts(decimals: int) -> Callable[[int], str]:
    return lambda chips: amount_text(chips, decimals)


def item_words(schedule: BlindSchedule, index: int, decimals: int = 0) -> str:
    """``Level 3: blinds 5/10 (20 min)`` or ``Break 1 (10 min)``."""
    item = schedule.items[index]
    if isinstance(item, Break):
        return f"Break {schedule.break_number(index)} ({duration_words(item.seconds)})"
    assert isinstance(item, Level)
    number = schedule.level_number(index)
    return f"Level {number}: {blinds_words(item, decimals)} ({duration_words(item.seconds)})"


def clock_event_words(before: TableState, after: TableState, e: ce.ScheduleSet | object) -> str:
    """One sentence for a clock event, or "" when ``e`` is not one."""
    schedule = after.clock.schedule
    match e:
        case ce.ScheduleSet(schedule=new):
            levels, breaks = len(new.levels), len(new.items) - len(new.levels)
            pause = f" and {breaks} break{'s' * (breaks != 1)}" if breaks else ""
            return f"Blind schedule: {levels} level{'s' * (levels != 1)}{pause}"
        case ce.ClockStarted():
            return "Clock started"
        case ce.ClockPaused(at=at):
            assert schedule is not None
            left = position(after.clock, ce.at_ms(at)).left_ms
            return "Clock paused" + (f" with {mmss(left)} left" if left is not None else "")
        case ce.ClockResumed():
            return "Clock running again"
        case ce.ClockAdjusted(at=at, seconds=seconds):
            assert schedule is not None
            now = position(after.clock, ce.at_ms(at))
            if isinstance(schedule.items[now.item], Break):
                where = f"Break {schedule.break_number(now.item)}"
            else:
                where = f"Level {schedule.level_number(now.item)}"
            rest = f", {mmss(now.left_ms)} left" if now.left_ms is not None else ""
            paused = " (paused)" if after.clock.started and not after.clock.running else ""
            was = position(before.clock, ce.at_ms(at))
            over = ""
            if was.item != now.item and was.left_ms is not None:  # R2.7b: ends it, no more
                what = (
                    f"break {schedule.break_number(was.item)}"
                    if isinstance(schedule.items[was.item], Break)
                    else f"level {schedule.level_number(was.item)}"
                )
                over = f" (more than the {mmss(was.left_ms)} left: {what} ends now)"
            return f"{adjusted_words(seconds)}{over}; {where}{rest}{paused}"
        case ce.ClockMoved(at=at, item=item):
            assert schedule is not None
            was = position(before.clock, ce.at_ms(at))
            ended = isinstance(schedule.items[was.item], Break) and item > was.item
            head = "Break ended early; clock at " if ended else "Clock moved to "
            if item < was.item:  # R2.7b: back over a break, which is not held again
                head = "Clock moved back to "
            dec = after.config.decimals if after.config is not None else 0
            return head + item_words(schedule, item, dec)
    return ""


def adjusted_words(seconds: int) -> str:
    """``Clock: 2 min added`` or ``Clock: 30 s taken away``."""
    more = "added" if seconds > 0 else "taken away"
    return f"Clock: {duration_words(abs(seconds))} {more}"


def shown_seconds(seconds: float) -> int:
    """R2.7: the one rounding of a clock's time left, everywhere it is shown or said:
    whole seconds, rounded up (a clock shows 00:01 until its time is out).

    >>> shown_seconds(120.0), shown_seconds(120.4), shown_seconds(0.2), shown_seconds(-3)
    (120, 121, 1, 0)
    """
    whole = int(seconds)
    return max(0, whole + (1 if seconds > whole else 0))


def mmss(ms: int) -> str:
    """``04:12`` (or ``1:04:12``) of a non-negative number of milliseconds, rounded up to
    the second as every clock shows it (:func:`shown_seconds`).

    >>> mmss(252_000), mmss(251_400), mmss(3_852_000)
    ('04:12', '04:12', '1:04:12')
    """
    s = shown_seconds(ms / 1000)
    h, rem = divmod(s, 3600)
    m, s = divmod(rem, 60)
    return f"{h}:{m:02}:{s:02}" if h else f"{m:02}:{s:02}"
