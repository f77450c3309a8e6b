"""What the blind clock asks of the next hand (R2.7): its start with the first hand,
the level due, and no hand in a break."""

from __future__ import annotations

from datetime import datetime

from omaha_tui.engine import events as ev
from omaha_tui.engine.clock_events import at_ms
from omaha_tui.engine.clock_words import mmss
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.rules.clock.running import Position, position, started_at
from omaha_tui.engine.state import TableState


def break_refusal(p: Position) -> str:
    """R2.7c: why no hand starts now."""
    if p.left_ms is None:
        return "a break is on: no hand starts in a break (R2.7c); `break end` ends it"
    return (
        f"a break is on for {mmss(p.left_ms)} more: no hand starts in a break (R2.7c); "
        "`break end` ends it early"
    )


def next_hand_clock(state: TableState, at: datetime) -> tuple[ev.Event, ...]:
    """R2.7: what the clock adds before the next hand at ``at``: its start (with the
    first hand, R2.7a) and the level due, if it is not the one in play. Refused in a
    break (R2.7c)."""
    schedule = state.clock.schedule
    if schedule is None or state.config is None:
        return ()
    out: list[ev.Event] = []
    clock = state.clock
    if not clock.started:
        out.append(ev.ClockStarted(at=at))
        clock = started_at(clock, at_ms(at))
    p = position(clock, at_ms(at))
    if p.on_break(schedule):
        raise RuleError(break_refusal(p))
    level = schedule.level_number(p.item)
    if level != state.level:
        try:
            stakes = schedule.levels[level - 1].stakes(state.config.stakes.chip)
        except ValueError as e:
            raise RuleError(f"level {level} cannot be played: {e}") from None
        out.append(ev.LevelChanged(level=level, stakes=stakes))
    return tuple(out)
