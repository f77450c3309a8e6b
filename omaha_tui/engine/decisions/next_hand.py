"""The decider of the next hand: the button (R1.5), the posts (R2), a level the clock
says is due (R2.7), a bomb pot (R13.1) and its boards (R13.2), Binglao's die (R3.4).

A tournament wraps it (:mod:`.tournament`: whoever is out goes before the hand, R11.3).
"""

from __future__ import annotations

from dataclasses import replace

from omaha_tui.engine import events as ev
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.outcomes import Ask, Built, Choice, Decided
from omaha_tui.engine.decisions.registry import decides, fold
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.rules.blinds import propose_deal
from omaha_tui.engine.rules.bombs import next_bomb, propose_bomb
from omaha_tui.engine.rules.clock.due import clock_starts, next_hand_clock
from omaha_tui.engine.state import TableState


@decides(rq.NextHand)
def next_hand(state: TableState, req: rq.NextHand) -> Built:
    """R1.5 button, R2 posts; a due level (R2.7) is recorded first so it applies now."""
    if state.in_hand:
        raise RuleError("the hand is still running: settle the pots before the next hand")
    config = state.config
    if config is not None and config.variant.binglao and req.die_roll is None:  # R3.4
        return Ask(
            "Binglao needs the die roll for this hand: what did the button roll (R3.4)?",
            tuple(Choice(str(n), replace(req, die_roll=n)) for n in range(1, 7)),
        )
    first: Decided | None = None
    before: list[ev.Event] = []
    if req.level is not None and req.level.level != state.level:
        before.append(ev.LevelChanged(level=req.level.level, stakes=req.level.stakes))
    elif req.at is not None:
        before += next_hand_clock(state, req.at)  # R2.7: the level due
    if before:
        first = fold(state, tuple(before))
        state = first.state
    bomb = next_bomb(state)  # R13.1: a bomb pot called or due
    if bomb is not None:
        if req.straddle:
            raise RuleError("the next hand is a bomb pot: nobody straddles in it (R13.1)")
        deal = propose_bomb(state, bomb)
    else:
        deal = propose_deal(
            state,
            straddle=req.straddle,
            straddle_button=req.straddle_button,
            straddle_seat=req.straddle_seat,
        )
    starts = req.at if req.at is not None and clock_starts(state) else None  # R2.7a
    start = ev.HandStarted(
        button=deal.button,
        seats=deal.seats,
        posts=deal.posts,
        die_roll=req.die_roll,
        bomb=bomb.amount if bomb is not None else 0,
        boards=_boards(state, bomb),  # R13.2(a)
        clock_from=starts,
    )
    done = fold(state, (start,))
    if first is None:
        return done
    return Decided((*first.events, start), done.state, "", (*first.steps, done.state))


def _boards(state: TableState, bomb: ev.BombCall | None) -> int:
    """R13.2(a): the next hand's boards: two for a bomb pot called double (R13.1), else
    as the table's double-board setting says for a bomb pot or another hand."""
    if bomb is not None and bomb.double:
        return 2
    return state.config.boards(bomb=bomb is not None) if state.config is not None else 1
