"""Playing tournament hands through ``decide`` for the R11 tests."""

from __future__ import annotations

from dataclasses import dataclass

from omaha_tui.engine import events as ev
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.decide import decide
from omaha_tui.engine.decisions.outcomes import Decided
from omaha_tui.engine.rules.pots import side_pots
from omaha_tui.engine.state import TableState


def do(state: TableState, request: rq.Request) -> Decided:
    """Decide ``request``; fail the test with the reason when it is not recorded."""
    out = decide(state, request)
    assert isinstance(out, Decided), out
    return out


@dataclass(frozen=True)
class Played:
    """A hand played out: the state after it and every event it took."""

    state: TableState
    log: tuple[ev.Event, ...]
    events: tuple[ev.Event, ...]
    steps: tuple[TableState, ...]
    before: TableState | None = None  # the table before ``events``


def play_out(state: TableState, winner: int) -> Played:
    """Check or call round by round, deal the rest of the board and give every pot
    ``winner`` can win to them (the others to the first eligible seat)."""
    log: list[ev.Event] = []
    while state.hand is not None and not state.hand.betting_over:
        if state.hand.to_act is None:
            out = do(state, rq.DealCards())
        else:
            out = do(state, rq.Check() if _can_check(state) else rq.Call())
        log += out.events
        state = out.state
    while state.hand is not None and state.hand.board_count < 5:
        out = do(state, rq.DealCards())
        log += out.events
        state = out.state
    winners = tuple(
        (winner,) if winner in p.eligible else (p.eligible[0],) for p in side_pots(state)
    )
    last = do(state, rq.AwardByHand(winners=winners))
    return Played(last.state, (*log, *last.events), last.events, last.steps, state)


def _can_check(state: TableState) -> bool:
    from omaha_tui.engine.rules.betting import legal_actions

    la = legal_actions(state)
    return la is not None and la.can_check
