"""R13.3: button and Mississippi straddles: who may straddle, the pre-flop order, one a hand."""

from __future__ import annotations

import pytest

from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.decide import decide
from omaha_tui.engine.decisions.outcomes import Decided
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import HandStarted, Post, PostKind
from omaha_tui.engine.reducer.replay import apply
from omaha_tui.engine.rules.betting import legal_actions
from omaha_tui.engine.state import TableState
from tests import decided as cmd
from tests.engine.table_helpers import new_table, run


def _do(state: TableState, request: rq.Request) -> TableState:
    out = decide(state, request)
    if not isinstance(out, Decided):
        raise RuleError(getattr(out, "reason", None) or getattr(out, "question", ""))
    return out.state


def _posts(state: TableState) -> list[tuple[int, str, int]]:
    assert state.hand is not None
    return [(p.seat, p.kind.value, p.amount) for p in state.hand.posts]


def _order_preflop(state: TableState) -> list[int]:
    """Who acts pre-flop, in turn, when everyone calls (the straddler checks last)."""
    seen = []
    while state.hand is not None and state.hand.to_act is not None:
        seen.append(state.hand.to_act)
        state = run(state, cmd.check_or_call)
    return seen


def test_r13_3_example_button_straddles_4_sb_first_button_last():
    """Blinds 1/2, the button straddles 4: the SB acts first (call 4, raise to 8 at
    least), then the BB, then the first seat left of the BB, and so on; the button last."""
    table = _do(
        new_table(stacks=(100,) * 6, big_blind=2, small_blind=1, button=5, seats=6),
        rq.SetStraddle(4, button=True),
    )
    state = _do(table, rq.NextHand())
    assert (5, "straddle", 4) in _posts(state)
    la = legal_actions(state)
    assert la is not None
    assert la.seat == 0 and la.call_amount == 3 and la.min_raise_to == 8  # SB: 1 in, 3 more
    assert _order_preflop(state) == [0, 1, 2, 3, 4, 5]


def test_r13_3_the_straddler_has_the_option_to_raise():
    table = _do(new_table(stacks=(100,) * 4, button=3, seats=4), rq.SetStraddle(4, button=True))
    state = _do(table, rq.NextHand())
    for _ in range(3):
        state = run(state, cmd.call)
    la = legal_actions(state)
    assert la is not None and la.seat == 3 and la.can_check and la.can_raise


def test_r13_3_mississippi_straddle_from_a_named_seat():
    table = _do(new_table(stacks=(100,) * 6, button=5, seats=6), rq.SetStraddle(4, seat=3))
    state = _do(table, rq.NextHand())
    assert (3, "straddle", 4) in _posts(state)
    assert _order_preflop(state) == [4, 5, 0, 1, 2, 3]  # left of the straddler, round


def test_r13_3_a_standing_mississippi_straddle_waits_when_its_seat_has_a_blind():
    table = _do(new_table(stacks=(100,) * 4, button=3, seats=4), rq.SetStraddle(4, seat=1))
    state = _do(table, rq.NextHand())  # seat 2 has the big blind this hand
    assert [p for p in _posts(state) if p[1] == "straddle"] == []


def test_r13_3_a_mississippi_straddle_asked_from_a_blind_is_refused():
    table = new_table(stacks=(100,) * 4, button=3, seats=4)
    out = decide(table, rq.NextHand(straddle=True, straddle_seat=0))
    assert not isinstance(out, Decided)
    assert "posts a blind this hand and cannot straddle" in out.reason  # type: ignore[union-attr]


def test_r13_3_one_straddle_a_hand():
    table = new_table(stacks=(100,) * 5, button=4, seats=5)
    posts = (
        Post(seat=0, kind=PostKind.SMALL_BLIND, amount=1),
        Post(seat=1, kind=PostKind.BIG_BLIND, amount=2),
        Post(seat=2, kind=PostKind.STRADDLE, amount=4),
        Post(seat=4, kind=PostKind.STRADDLE, amount=4),
    )
    with pytest.raises(RuleError, match="one straddle a hand"):
        apply(table, HandStarted(button=4, seats=(0, 1, 2, 3, 4), posts=posts))


def test_r13_3_a_straddle_from_a_blind_is_refused_by_the_reducer():
    table = new_table(stacks=(100,) * 4, button=3, seats=4)
    posts = (
        Post(seat=0, kind=PostKind.SMALL_BLIND, amount=1),
        Post(seat=1, kind=PostKind.BIG_BLIND, amount=2),
        Post(seat=0, kind=PostKind.STRADDLE, amount=4),
    )
    with pytest.raises(RuleError, match="cannot straddle too"):
        apply(table, HandStarted(button=3, seats=(0, 1, 2, 3), posts=posts))


def test_r13_3_straddle_off_clears_where_it_came_from():
    table = _do(new_table(stacks=(100,) * 4), rq.SetStraddle(4, button=True))
    off = _do(table, rq.SetStraddle(0))
    assert (off.straddle, off.straddle_button, off.straddle_seat) == (0, False, None)


def test_r13_3_a_straddle_asked_for_one_hand_from_the_button():
    table = new_table(stacks=(100,) * 4, button=3, seats=4)
    state = _do(table, rq.NextHand(straddle=True, straddle_button=True))
    assert (3, "straddle", 4) in _posts(state)
    assert state.straddle == 0  # nothing standing
