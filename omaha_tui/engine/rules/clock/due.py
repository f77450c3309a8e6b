"""What the blind clock asks of the next hand (R2.7): its start with the first hand
(:attr:`HandStarted.clock_from`), the level due, and no hand in a break."""

from __future__ import annotations

from datetime import datetime

from omaha_tui.engine import events as ev
from omaha_tui.engine.clock_events import at_ms
from omaha_tui.engine.clock_words import mmss
from omaha_tui.engine.config import Stakes
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.rules.clock.running import Position, position, started_at
from omaha_tui.engine.state import TableState

BREAK_ON = "a break is on"
"""How the refusal of a hand in a break begins: a front end adds how it ends one early."""


def break_refusal(p: Position) -> str:
    """R2.7c: why no hand starts now, the time left counted down as a clock shows it
    (a break of 5 minutes just begun has 05:00 left, not 04:59).

    The words to end it early are the front end's (a console word, an app key).
    """
    if p.left_ms is None:
        return f"{BREAK_ON}: no hand starts in a break (R2.7c)"
    left = -(-p.left_ms // 1000) * 1000  # whole seconds, rounded up
    return f"{BREAK_ON} for {mmss(left)} more: no hand starts in a break (R2.7c)"


def clock_starts(state: TableState) -> bool:
    """R2.7a: the next hand starts the clock (a schedule, and the host did not start it)."""
    return state.clock.schedule is not None and not state.clock.started


def next_hand_clock(state: TableState, at: datetime) -> tuple[ev.Event, ...]:
    """R2.7: the level due before the next hand at ``at``, if it is not the one in play
    (the clock taken as started at ``at`` when this hand starts it, R2.7a; the hand's
    ``clock_from`` records that start). Refused in a break (R2.7c)."""
    schedule = state.clock.schedule
    if schedule is None or state.config is None:
        return ()
    clock = started_at(state.clock, at_ms(at)) if clock_starts(state) else state.clock
    p = position(clock, at_ms(at))
    if p.on_break(schedule):
        raise RuleError(break_refusal(p))
    level = schedule.level_number(p.item)
    if level == state.level:
        return ()
    return (ev.LevelChanged(level=level, stakes=level_stakes(state, level)),)


def level_stakes(state: TableState, level: int) -> Stakes:
    """The stakes level ``level`` of the schedule plays at, in the table's chip now: at a
    tournament the chip a colour-up raised it to (R11.7), so a new level never brings
    the old chip back."""
    schedule = state.clock.schedule
    assert schedule is not None and state.config is not None
    chip = state.stakes.chip if state.stakes is not None else state.config.stakes.chip
    try:
        return schedule.levels[level - 1].stakes(chip)
    except ValueError as e:
        raise RuleError(f"level {level} cannot be played: {e}") from None
