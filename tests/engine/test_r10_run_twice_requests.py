"""R10.1/R10.2 as the dealer asks for them: tabling the hands, agreeing to run it
twice, dealing each run, and settling each run's part of every pot."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from omaha_tui.engine.config import Structure
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.available import available
from omaha_tui.engine.decisions.decide import decide
from omaha_tui.engine.decisions.outcomes import Decided, Refusal
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import Award, PotsAwarded
from omaha_tui.engine.hands.cards import format_card
from omaha_tui.engine.narration.narrate import narrate
from omaha_tui.engine.reducer import history
from omaha_tui.engine.reducer.replay import apply
from omaha_tui.engine.rules.awards import run_parts
from omaha_tui.engine.rules.pots import hand_pots
from omaha_tui.engine.state import TableState
from tests.tables import quick_table

ANN, BOB = "Ah 2s Kh Ks", "As 3s Qh Qd"
CARDS = tuple(format_card(c) for c in range(52))


def _ok(state: TableState, request: rq.Request) -> TableState:
    out = decide(state, request)
    assert isinstance(out, Decided), out
    return out.state


def _all_in(stacks: tuple[int, ...] = (100, 100), game: str = "omaha8") -> TableState:
    state = quick_table(stacks=stacks, structure=Structure.NO_LIMIT, game=game)
    state = _ok(state, rq.NextHand())
    while state.hand is not None and state.hand.to_act is not None:
        out = decide(state, rq.AllIn())  # a call is all that is left once others are in for less
        state = out.state if isinstance(out, Decided) else _ok(state, rq.Call())
    return state


def _tabled(state: TableState) -> TableState:
    hand = state.hand
    assert hand is not None
    return _ok(state, rq.TableHands(((hand.live[0], ANN), (hand.live[1], BOB))))


def test_r10_2_run_it_twice_is_offered_only_when_nobody_can_bet() -> None:
    state = quick_table(stacks=(100, 100), structure=Structure.NO_LIMIT)
    betting = _ok(state, rq.NextHand())
    assert not available(betting).allows(rq.RunItTwice)
    assert isinstance(decide(betting, rq.RunItTwice()), Refusal)
    all_in = _all_in()
    assert available(all_in).allows(rq.RunItTwice)
    agreed = _ok(all_in, rq.RunItTwice())
    assert not available(agreed).allows(rq.RunItTwice)  # agreed once (R10.2)


def test_r10_2_no_agreement_after_the_river() -> None:
    state = _all_in()
    for cards in ("4h 5c 7h", "Qs", "Ad"):
        state = _ok(state, rq.DealCards(cards))
    assert not available(state).allows(rq.RunItTwice)
    refusal = decide(state, rq.RunItTwice())
    assert isinstance(refusal, Refusal) and "before the next card" in refusal.reason


def test_r10_2_run_it_twice_needs_the_board_so_far_entered() -> None:
    state = _ok(_all_in(), rq.DealCards())  # the flop dealt, not typed
    assert not available(state).allows(rq.RunItTwice)
    refusal = decide(state, rq.RunItTwice())
    assert isinstance(refusal, Refusal) and "enter the board dealt so far" in refusal.reason


def test_r10_2_only_twice_or_three_times() -> None:
    refusal = decide(_all_in(), rq.RunItTwice(4))
    assert isinstance(refusal, Refusal) and "twice or three times" in refusal.reason


def test_r10_1_hands_are_tabled_before_the_board_is_run_out() -> None:
    state = _all_in()
    assert available(state).allows(rq.TableHands) and available(state).allows(rq.Show)
    state = _tabled(state)
    assert state.hand is not None and len(state.hand.shown) == 2


def test_r10_1_tabling_is_all_or_nothing() -> None:
    state = _all_in()
    hand = state.hand
    assert hand is not None
    out = decide(state, rq.TableHands(((hand.live[0], ANN), (hand.live[1], "As 3s Qh Ah"))))
    assert isinstance(out, Refusal) and "Ah" in out.reason
    assert state.hand is not None and state.hand.shown == ()


def test_r10_2_after_the_first_run_the_deal_is_the_second_run() -> None:
    state = _ok(_tabled(_all_in()), rq.RunItTwice())
    for cards in ("4h 5c 7h", "Qs", "Ad"):
        state = _ok(state, rq.DealCards(cards))
    due = available(state).cards_due
    assert due is not None and (due.run, due.count, due.label) == (2, 5, "run 2")
    refusal = decide(state, rq.DealCards())
    assert isinstance(refusal, Refusal) and "type run 2's 5 cards" in refusal.reason
    out = decide(state, rq.DealCards("Kc 9d Tc Jc 8s"))
    assert isinstance(out, Decided)
    assert [e.type for e in out.events] == ["run_board_dealt"]
    assert available(out.state).cards_due is None


def _two_runs_dealt(stacks: tuple[int, ...] = (100, 100)) -> TableState:
    state = _ok(_tabled(_all_in(stacks)), rq.RunItTwice())
    for cards in ("4h 5c 7h", "Qs", "Ad", "Kc 9d Tc Jc 8s"):
        state = _ok(state, rq.DealCards(cards))
    return state


def test_r10_2_by_hand_each_run_needs_its_own_winners() -> None:
    state = _two_runs_dealt()
    refusal = decide(state, rq.AwardByHand(((0,),)))
    assert isinstance(refusal, Refusal)
    assert "on each of the 2 runs" in refusal.reason
    out = decide(state, rq.AwardByHand(((0,),), later=(rq.RunWinners(((1,),)),)))
    assert isinstance(out, Decided)
    (awarded,) = out.events
    assert isinstance(awarded, PotsAwarded)
    assert sorted((a.run, a.seat, a.amount) for a in awarded.awards) == [(1, 0, 100), (2, 1, 100)]


def test_r10_2_by_hand_the_odd_chip_goes_to_the_first_run() -> None:
    state = _two_runs_dealt((100, 101))  # the 101 stack is all in for 100: pot 200
    hand = state.hand
    assert hand is not None
    out = decide(state, rq.AwardByHand(((0, 1),), later=(rq.RunWinners(((0,),)),)))
    assert isinstance(out, Decided)
    pot = sum(a.amount for a in out.events[0].awards)  # type: ignore[attr-defined]
    runs = [sum(a.amount for a in out.events[0].awards if a.run == r) for r in (1, 2)]  # type: ignore[attr-defined]
    assert runs[0] - runs[1] == pot % 2 and sum(runs) == pot


def test_r10_2_hi_lo_halves_by_hand_per_run() -> None:
    state = _two_runs_dealt()
    out = decide(
        state,
        rq.AwardByHand(((1,),), ((0,),), later=(rq.RunWinners(((1,),)),)),
    )
    assert isinstance(out, Decided)
    got = sorted((a.run, a.half.value, a.seat, a.amount) for a in out.events[0].awards)  # type: ignore[attr-defined]
    assert got == [(1, "high", 1, 50), (1, "low", 0, 50), (2, "whole", 1, 100)]


def test_r10_2_awards_that_ignore_the_runs_are_refused() -> None:
    state = _two_runs_dealt()
    whole = PotsAwarded(awards=(Award(pot=0, seat=0, amount=200),), by_cards=False)
    with pytest.raises(RuleError, match="run 1 of the main pot is 100"):
        apply(state, whole)


def test_r10_2_the_table_hears_each_run() -> None:
    state = _ok(_tabled(_all_in()), rq.DealCards("4h 5c 7h"))
    state = _ok(state, rq.RunItTwice())
    out = decide(state, rq.DealCards("Qs"))
    assert isinstance(out, Decided)
    assert narrate(state, out.events, out.state) == ("Run 1 turn: Qs",)
    state = _ok(out.state, rq.DealCards("Ad"))
    out = decide(state, rq.DealCards("Kc 9d"))
    assert isinstance(out, Decided)
    assert narrate(state, out.events, out.state) == ("Run 2 (after 4h 5c 7h): Kc 9d",)
    before = out.state
    out = decide(before, rq.AwardByCards())
    assert isinstance(out, Decided)
    line = narrate(before, out.events, out.state)[0]
    assert "run 1" in line and "run 2" in line


@settings(max_examples=30, deadline=None)
@given(
    st.lists(st.integers(min_value=3, max_value=60), min_size=2, max_size=4),
    st.sampled_from(("omaha", "omaha8")),
    st.integers(min_value=2, max_value=3),
    st.randoms(use_true_random=False),
)
def test_r10_2_by_hand_every_run_of_every_pot_is_paid_and_no_chip_is_made(
    sizes: list[int], game: str, runs: int, rng: random.Random
) -> None:
    state = _ok(_all_in(tuple(sizes), game=game), rq.RunItTwice(runs))
    deck = [c for c in CARDS]
    rng.shuffle(deck)
    for count in (3, 1, 1):
        state = _ok(state, rq.DealCards(" ".join(deck[:count])))
        deck = deck[count:]
    for _ in range(runs - 1):
        state = _ok(state, rq.DealCards(" ".join(deck[:5])))
        deck = deck[5:]
    hand = state.hand
    assert hand is not None
    total = sum(s.stack for s in state.seats if s is not None) + hand.total
    pots = hand_pots(hand)

    def pick() -> rq.RunWinners:
        winners = tuple(
            tuple(rng.sample(p.eligible, rng.randint(1, len(p.eligible)))) for p in pots
        )
        lows = None
        if hand.variant.hilo:
            lows = tuple(
                tuple(rng.sample(p.eligible, rng.randint(0, len(p.eligible)))) for p in pots
            )
        return rq.RunWinners(winners, lows)

    first, *later = [pick() for _ in range(runs)]
    out = decide(state, rq.AwardByHand(first.winners, first.low_winners, tuple(later)))
    assert isinstance(out, Decided), out
    (awarded,) = out.events
    assert isinstance(awarded, PotsAwarded)
    for i, pot in enumerate(pots):
        parts = run_parts(pot.amount, runs, hand.stakes.chip)
        for run in range(1, runs + 1):
            paid = sum(a.amount for a in awarded.awards if a.pot == i and a.run == run)
            assert paid == parts[run - 1]
    assert sum(s.stack for s in out.state.seats if s is not None) == total


def test_r10_2_undo_says_the_agreement_was_taken_back() -> None:
    from omaha_tui.engine.events import ActionUndone

    start = _all_in()
    agreed = decide(start, rq.RunItTwice())
    assert isinstance(agreed, Decided)
    h = history.record_all(history.begin(start), agreed.events, agreed.steps)
    before, undone = h.state, h.last
    after = history.undo(h).state
    assert after.hand is not None and after.hand.runs == 1
    assert undone is not None
    line = narrate(before, (ActionUndone(),), after, undone=(undone,))
    assert line == ("Undone: the agreement to run it twice",)


def test_r10_2_once_run_twice_every_card_is_typed() -> None:
    state = _ok(_ok(_tabled(_all_in()), rq.DealCards("4h 5c 7h")), rq.RunItTwice())
    refusal = decide(state, rq.DealCards())
    assert isinstance(refusal, Refusal)
    assert refusal.reason == (
        "the board is run twice: type the turn's cards, each run is read by its own board (R10.2)"
    )


def test_r10_1_the_rest_of_the_board_in_one_line_is_dealt_street_by_street() -> None:
    out = decide(_all_in(), rq.DealCards("4h 5c 7h Qs Ad"))
    assert isinstance(out, Decided)
    assert [e.cards for e in out.events] == [("4h", "5c", "7h"), ("Qs",), ("Ad",)]
    hand = out.state.hand
    assert hand is not None
    assert " ".join(format_card(c) for c in hand.board) == "4h 5c 7h Qs Ad"
    turn = decide(_ok(_all_in(), rq.DealCards("4h 5c 7h")), rq.DealCards("Qs Ad"))
    assert isinstance(turn, Decided) and [e.cards for e in turn.events] == [("Qs",), ("Ad",)]


def test_r10_1_neither_the_street_nor_the_rest_of_the_board_is_refused_with_both_counts() -> None:
    out = decide(_all_in(), rq.DealCards("4h 5c 7h Qs"))
    assert isinstance(out, Refusal)
    assert "the flop is 3 cards, or type the rest of the board, 5 cards" in out.reason


def test_r10_1_the_rest_of_the_board_at_once_only_when_nobody_can_bet() -> None:
    state = quick_table(stacks=(100, 100), structure=Structure.NO_LIMIT)
    state = _ok(_ok(_ok(state, rq.NextHand()), rq.Call()), rq.Check())
    out = decide(state, rq.DealCards("4h 5c 7h Qs Ad"))
    assert isinstance(out, Refusal) and "the flop is 3 cards, not 5" in out.reason
