"""``decide``: requests become events (applied once), questions or refusals with the rule.

Ported from the old command tests: what was ``can_x``/``verify_x`` is now a
``Refusal`` from ``decide`` and a key left out of ``available``.
"""

from __future__ import annotations

import pytest

from omaha_tui.engine.config import Stakes, Structure
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.available import available, cards_due
from omaha_tui.engine.decisions.decide import decide
from omaha_tui.engine.decisions.outcomes import Ask, Decided, Refusal
from omaha_tui.engine.events import BetPlaced, Checked, RaisedTo, WentAllIn
from omaha_tui.engine.reducer import replay as reducer
from omaha_tui.engine.state import Street, TableState

from .table_helpers import new_table


def ok(state: TableState, *requests: rq.Request) -> TableState:
    for request in requests:
        out = decide(state, request)
        assert isinstance(out, Decided), out
        state = out.state
    return state


def events(state: TableState, request: rq.Request) -> tuple:
    out = decide(state, request)
    assert isinstance(out, Decided), out
    return out.events


def refusal(state: TableState, request: rq.Request) -> str:
    out = decide(state, request)
    assert isinstance(out, Refusal), out
    return out.reason


def started(**kw: object) -> TableState:
    return ok(new_table(**kw), rq.NextHand())  # type: ignore[arg-type]


def test_available_and_decide_agree_for_the_player_to_act() -> None:
    state = started(stacks=(100,) * 3)
    live = available(state)
    assert live.allows(rq.Call) and live.allows(rq.Fold) and not live.allows(rq.Check)
    assert refusal(state, rq.Check()) == "P2 (seat 3) cannot check: 2 to call; call, raise or fold"
    assert live.allows(rq.RaisePot) and not live.allows(rq.AllIn)
    assert events(state, rq.Bet(8))[0].excess_returned == 1  # R4.6: cut to the pot of 7
    assert refusal(state, rq.AllIn()).startswith("P2 (seat 3) cannot go all in for 100: raise")


def test_check_or_call_picks_the_right_event() -> None:
    state = started(stacks=(100,) * 3)
    assert events(state, rq.CheckOrCall())[0].type == "called"
    state = ok(state, rq.Call(), rq.Call())
    assert events(state, rq.CheckOrCall()) == (Checked(seat=1),)


def test_a_wager_opens_with_a_bet_after_the_flop() -> None:
    state = ok(started(stacks=(100,) * 3), rq.Call(), rq.Call(), rq.Check(), rq.DealCards())
    assert events(state, rq.RaiseTo(4)) == (BetPlaced(seat=0, amount=4),)


def test_r4_10_over_the_stack_is_asked_then_all_in_and_r4_6_over_the_pot_is_cut() -> None:
    state = started(stacks=(100, 100, 6))
    asked = decide(state, rq.Bet(7))
    assert isinstance(asked, Ask) and asked.question == "P2 has 6: all in for 6?"
    confirm = asked.choices[0].request
    assert events(state, confirm) == (WentAllIn(seat=2),)
    state = started(stacks=(100, 100, 50))
    assert events(state, rq.Bet(20)) == (RaisedTo(seat=2, to=7, excess_returned=13),)


def test_r4_10_negative_and_off_chip_amounts_are_refused() -> None:
    state = started(stacks=(100,) * 3, big_blind=10, chip=5)
    assert refusal(state, rq.Bet(-4)) == "a bet must be a positive amount, not -4"
    assert refusal(state, rq.Bet(22)) == "22 is not a multiple of the smallest chip 5"


def test_pot_only_in_pot_limit() -> None:
    state = started(stacks=(100,) * 3, structure=Structure.FIXED_LIMIT)
    assert (
        refusal(state, rq.RaisePot())
        == "'pot' is the pot-limit maximum, and this table is fixed limit: raise to exactly 4"
    )
    assert not available(state).allows(rq.RaisePot)


def test_no_limit_bet_of_the_whole_stack_is_an_all_in() -> None:
    state = started(stacks=(100,) * 3, structure=Structure.NO_LIMIT)
    assert events(state, rq.Bet(100)) == (WentAllIn(seat=2),)
    assert available(state).allows(rq.AllIn)


def test_requests_are_refused_when_nobody_is_to_act() -> None:
    state = new_table()
    assert refusal(state, rq.Fold()) == "no hand is running: start the next hand"
    live = available(state)
    assert not live.allows(rq.CheckOrCall) and not live.allows(rq.Bet)
    assert live.allows(rq.NextHand)


def test_a_field_out_of_range_is_a_refusal_naming_the_field() -> None:
    assert refusal(new_table(), rq.SeatPlayer(5, "Zed", -10)) == (
        "a player sits down with chips: the stack must be positive, not -10"
    )
    assert refusal(new_table(), rq.SeatPlayer(5, "Zed", 0)) == (
        "a player sits down with chips: the stack must be positive, not 0"
    )
    assert refusal(new_table(), rq.SeatPlayer(12, "Zed", 10)) == (
        "seat 13 does not exist: this table has seats 1 to 10"
    )
    assert isinstance(decide(new_table(), rq.SeatPlayer(5, "Zed", 100)), Decided)


def test_rebuy_refuses_non_positive_and_off_chip_amounts() -> None:
    state = new_table(big_blind=25, chip=5, stacks=(1000, 1000))
    assert refusal(state, rq.Rebuy(0, 0)) == "a rebuy must be a positive amount, not 0"
    assert refusal(state, rq.Rebuy(0, 12)) == "rebuy 12 is not a multiple of the smallest chip 5"


def test_r4_11_buy_in_outside_the_usual_range_warns_but_is_allowed() -> None:
    state = new_table(stacks=(100, 100))  # BB 2: usual range 40 to 200
    low = decide(state, rq.SeatPlayer(3, "Low", 30))
    high = decide(state, rq.Rebuy(0, 400))
    assert (
        isinstance(low, Decided)
        and low.note == "30 is 15 big blinds, below this table's usual 20 to 100"
    )
    assert (
        isinstance(high, Decided)
        and high.note == "500 is 250 big blinds, above this table's usual 20 to 100"
    )
    assert ok(state, rq.Rebuy(0, 1000)).seats[0].stack == 1100


def test_r4_11_the_usual_range_is_in_big_blinds_and_rises_with_the_blinds() -> None:
    from omaha_tui.engine.events import LevelChanged

    state = new_table(stacks=(100, 100))  # BB 2: 20 to 100 big blinds
    state = reducer.apply(state, LevelChanged(level=2, stakes=Stakes(big_blind=4)))
    assert ok(state, rq.Rebuy(0, 200)).seats[0].stack == 300  # 75 big blinds at 2/4
    assert decide(state, rq.Rebuy(0, 200)).note == ""
    high = decide(state, rq.Rebuy(0, 350))
    assert high.note == "450 is 112.5 big blinds, above this table's usual 20 to 100"


def test_correction_needs_a_reason_and_cannot_go_negative() -> None:
    state = new_table(stacks=(100, 100))
    assert refusal(state, rq.Correct(0, 5, " ")).startswith("say why the chips are corrected")
    assert refusal(state, rq.Correct(0, -200, "miscount")) == (
        "P0 has 100: a correction of -200 would make it negative"
    )


def test_r2_7_the_next_hand_uses_the_level_in_force_and_a_due_level_comes_first() -> None:
    state = ok(new_table(stacks=(100,) * 3), rq.ChangeLevel(2, Stakes(big_blind=10)))
    assert [p.amount for p in events(state, rq.NextHand())[0].posts] == [5, 10]
    due = rq.NextHand(level=rq.ChangeLevel(3, Stakes(big_blind=20)))
    out = decide(state, due)
    assert isinstance(out, Decided)
    assert [e.type for e in out.events] == ["level_changed", "hand_started"]
    assert [p.amount for p in out.events[1].posts] == [10, 20] and len(out.steps) == 2


def test_r2_6_a_newcomer_after_the_first_hand_is_asked_to_post_or_wait() -> None:
    state = ok(started(stacks=(100,) * 3), rq.Fold(), rq.Fold())
    asked = decide(state, rq.SeatPlayer(5, "Eve", 100))
    assert isinstance(asked, Ask) and "post a big blind now, or wait" in asked.question
    assert [c.label for c in asked.choices] == ["post now", "wait for the big blind"]
    waiting = ok(state, asked.choices[1].request)
    assert waiting.seats[5].waiting_for_bb


def test_r3_4_binglao_asks_for_the_die_roll() -> None:
    state = new_table(game="binglao", stacks=(100,) * 3)
    asked = decide(state, rq.NextHand())
    assert isinstance(asked, Ask) and [c.label for c in asked.choices] == list("123456")
    assert ok(state, asked.choices[0].request).hand.variant.split.value == "hilo"


def test_cards_due_is_the_one_answer_to_what_the_next_deal_needs() -> None:
    state = ok(started(stacks=(100,) * 3), rq.Call(), rq.Call(), rq.Check())
    due = cards_due(state)
    assert due is not None and (due.street, due.count) == (Street.FLOP, 3)
    assert available(state).allows(rq.DealCards) and not available(state).allows(rq.Fold)
    assert refusal(state, rq.DealCards("Ah Kd")) == "the flop is 3 cards, not 2"
    state = ok(state, rq.DealCards("Ah Kd 7c"))
    assert cards_due(state) is None


def test_a_showdown_request_is_all_or_nothing() -> None:
    state = ok(started(stacks=(100, 100)), rq.Call(), rq.Check())
    for card in ("Ah Kd 7c", "2s", "3s"):
        state = ok(state, rq.DealCards(card), rq.Check(), rq.Check())
    bad = rq.Showdown(shown=((0, "As Ad 9h 9c"), (1, "As Ks 4c 5d")))
    assert "As" in refusal(state, bad)
    good = rq.Showdown(shown=((0, "As Ad 9h 9c"), (1, "Kh Ks 4c 5d")))
    out = decide(state, good)
    assert isinstance(out, Decided) and out.state.hand.complete
    assert [(a.seat, a.amount) for a in out.events[-1].awards] == [(1, 4)]  # three kings


def test_each_event_is_applied_once_per_request(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    for kind, handler in list(reducer._HANDLERS.items()):

        def counted(state, event, _h=handler):  # type: ignore[no-untyped-def]
            calls.append(event.type)
            return _h(state, event)

        monkeypatch.setitem(reducer._HANDLERS, kind, counted)
    state = started(stacks=(100,) * 3)
    calls.clear()
    out = decide(state, rq.RaisePot())
    assert isinstance(out, Decided) and calls == ["raised_to"]
