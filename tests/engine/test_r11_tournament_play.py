"""R11 at the table: entries, rebuys, add-ons, busts and places, colour-ups, deals and
the prizes, through ``decide`` and the reducer, and undo through every one of them."""

from __future__ import annotations

from decimal import Decimal

import pytest

from omaha_tui.engine import events as ev
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.available import available
from omaha_tui.engine.decisions.decide import decide
from omaha_tui.engine.decisions.outcomes import Refusal
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.narration.narrate import narrate
from omaha_tui.engine.reducer import history
from omaha_tui.engine.reducer.replay import apply, replay
from omaha_tui.engine.rules.tournament.structure import AddOn
from omaha_tui.engine.state import TableState
from omaha_tui.engine.tournament_standings import standings
from tests.tables import tournament_table

from .tournament_helpers import Played, do, play_out

D = Decimal


def _fix(state: TableState, seat: int, stack: int) -> TableState:
    player = state.seat(seat)
    assert player is not None
    delta = stack - player.stack
    return (
        apply(state, ev.ChipsCorrected(seat=seat, delta=delta, reason="test")) if delta else state
    )


def _bust_hand(first: int, second: int, payouts: tuple[Decimal, ...]) -> TableState:
    return _bust_play(first, second, payouts).state


def _bust_play(first: int, second: int, payouts: tuple[Decimal, ...]) -> Played:
    """Four entries at 225 (a pool of 900); P0 and P1 start the hand with ``first`` and
    ``second`` chips, go all in, and lose to P2 while P3 folds."""
    s = tournament_table(4, stack=100, buy_in=D(225), payouts=payouts)
    s = _fix(_fix(s, 0, first), 1, second)
    s = do(s, rq.NextHand()).state  # button P3, SB P0, BB P1, P2 first
    s = do(s, rq.AllIn()).state  # P2
    s = do(s, rq.Fold()).state  # P3
    s = do(s, rq.AllIn()).state  # P0
    s = do(s, rq.AllIn()).state  # P1
    return play_out(s, 2)


def test_r11_3_same_hand_bust_40_and_60_the_60_player_is_3rd() -> None:
    played = _bust_play(40, 60, (D(50), D(30), D(20)))
    s = played.state
    busts = [e for e in played.log if isinstance(e, ev.PlayerBusted)]
    assert [(b.seat, b.place, b.start_stack) for b in busts] == [(0, 4, 40), (1, 3, 60)]
    st = standings(s)
    assert st is not None and st.players_left == 2 and st.payouts == (D(450), D(270), D(180))
    by_name = {line.name: line for line in st.lines}
    assert (by_name["P1"].place, by_name["P1"].prize) == (3, D(180))
    assert (by_name["P0"].place, by_name["P0"].prize) == (4, D(0))


def test_r11_3_same_hand_bust_both_60_share_3rd_and_4th_90_each() -> None:
    s = _bust_hand(60, 60, (D(50), D(30), D(20)))
    st = standings(s)
    assert st is not None
    by_name = {line.name: line for line in st.lines}
    assert (by_name["P0"].place, by_name["P0"].tied, by_name["P0"].prize) == (3, 2, D(90))
    assert (by_name["P1"].place, by_name["P1"].tied, by_name["P1"].prize) == (3, 2, D(90))


def test_r11_3_the_last_bust_pays_the_prizes_and_ends_the_tournament() -> None:
    s = tournament_table(2, stack=100, buy_in=D(10))
    s = do(s, rq.NextHand()).state
    s = do(s, rq.AllIn()).state
    d = play_out(do(s, rq.Call()).state, 0)
    kinds = [e.type for e in d.events]
    assert kinds[-2:] == ["player_busted", "prizes_paid"]
    assert d.state.tournament is not None and d.state.tournament.finished
    assert d.state.tournament.prizes == ((1, D(20)),)
    assert isinstance(decide(d.state, rq.NextHand()), Refusal)
    lines = narrate(s, d.events, d.state, steps=d.steps)
    assert "P1 is out in 2nd place (R11.3)" in lines and "Prizes paid: P0 20" in lines


def _heads_up_bust(**options: object) -> TableState:
    return _heads_up_play(**options).state


def _heads_up_play(big_blind: int = 2, **options: object) -> Played:
    s = tournament_table(3, stack=100, big_blind=big_blind, buy_in=D(10), **options)
    s = do(s, rq.NextHand()).state  # button P2, SB P0, BB P1, P2 first
    s = do(s, rq.Fold()).state
    s = do(s, rq.AllIn()).state
    s = do(s, rq.Call()).state
    return play_out(s, 1)


def test_r11_1_a_busted_player_may_rebuy_until_the_stated_level() -> None:
    played = _heads_up_play(rebuys_until=2)
    s = played.state
    assert not any(isinstance(e, ev.PlayerBusted) for e in played.log)  # offered a rebuy
    after = do(s, rq.Rebuy(0, 0))
    assert after.events == (ev.PlayerRebought(seat=0, amount=100),)
    t = after.state.tournament
    assert t is not None and t.money_in == D(40) and t.rebuys == 1 and t.pool == D(40)
    assert "P0 rebuys 100 for 10 (pool 40)" in narrate(s, after.events, after.state)
    with pytest.raises(Exception, match="a rebuy is allowed when busted"):
        apply(after.state, ev.PlayerRebought(seat=0, amount=100))
    nxt = do(after.state, rq.NextHand())
    assert 0 in nxt.state.hand.seats  # type: ignore[union-attr]


def test_r11_1_no_rebuy_means_out_when_the_next_hand_starts() -> None:
    s = _heads_up_bust(rebuys_until=2)
    d = do(s, rq.NextHand())
    assert [e.type for e in d.events] == ["player_busted", "hand_started"]
    assert d.events[0] == ev.PlayerBusted(seat=0, hand=1, start_stack=100, place=3)


def test_r11_1_rebuys_end_with_their_level() -> None:
    s = _heads_up_bust(rebuys_until=1)
    s = apply(s, ev.LevelChanged(level=2, stakes=s.stakes))  # type: ignore[arg-type]
    assert "rebuys ended with level 1" in str(decide(s, rq.Rebuy(0, 0)))


def test_r11_1_re_entry_is_a_new_entry_and_grows_the_pool() -> None:
    played = _heads_up_play(re_entry=True)
    s = played.state
    assert any(isinstance(e, ev.PlayerBusted) for e in played.log)
    d = do(s, rq.Reenter("P0"))
    assert d.events == (ev.PlayerReentered(seat=0, name="P0"),)
    t = d.state.tournament
    assert t is not None and t.entries == ("P0", "P1", "P2", "P0") and t.pool == D(40)
    assert d.state.seat(0) is not None and d.state.seat(0).stack == 100  # type: ignore[union-attr]
    assert "is still playing" in str(decide(d.state, rq.Reenter("P0")))
    assert "no re-entries" in str(decide(_heads_up_bust(), rq.Reenter("P0")))


def test_r11_1_one_add_on_an_entry() -> None:
    s = tournament_table(3, stack=100, buy_in=D(10), add_on=AddOn(money=D(5), chips=200))
    d = do(s, rq.TakeAddOn(1))
    t = d.state.tournament
    assert t is not None and t.money_in == D(35) and d.state.seat(1).stack == 300  # type: ignore[union-attr]
    assert "one add-on an entry" in str(decide(d.state, rq.TakeAddOn(1)))
    assert "no add-on" in str(decide(tournament_table(3), rq.TakeAddOn(1)))


def test_r11_6_an_away_player_is_dealt_in_blinded_and_folded() -> None:
    s = tournament_table(3, stack=100, buy_in=D(10))
    s = do(s, rq.SitOut(1)).state
    d = do(s, rq.NextHand())  # button P2, SB P0, BB P1 (away), P2 first
    hand = d.state.hand
    assert hand is not None and hand.seats == (0, 1, 2) and hand.bb_seat == 1
    assert not d.state.seat(1).owes_bb  # type: ignore[union-attr]
    d2 = do(d.state, rq.Call())  # P2 calls; P0 completes, then P1 is folded for them
    d3 = do(d2.state, rq.Call())
    assert d3.events[-1] == ev.Folded(seat=1)
    assert "P1 is away: dealt in and blinded, hands folded (R11.6)" in narrate(
        tournament_table(3, stack=100, buy_in=D(10)), (ev.SatOut(seat=1),), s
    )
    back = do(d3.state, rq.Back(1))
    assert back.state.tournament is not None and not back.state.tournament.away


def test_r11_4_colour_up_at_the_table_says_what_it_changed() -> None:
    s = tournament_table(3, stack=100, big_blind=10, buy_in=D(10))  # 5/10: a 5 chip fits
    s = _fix(_fix(_fix(s, 0, 103), 1, 104), 2, 93)  # leftovers 3, 4, 3 = 10 -> 2 chips of 5
    d = do(s, rq.ColourUp(5, cards=((0, "As Ks Qs"), (1, "2c 3c 4c 5c"), (2, "Ah 2d 3d"))))
    assert [p.stack for p in d.state.seats if p] == [105, 100, 95]
    assert d.state.stakes is not None and d.state.stakes.chip == 5
    assert d.events[0].change == 0  # type: ignore[union-attr]
    line = narrate(s, d.events, d.state)[0]
    assert line.startswith("Colour-up: the 1 chips are retired for 5; the race goes to P0 and P2")
    assert "changes by +0" in line
    named = do(s, rq.ColourUp(5, winners=(1, 2)))
    assert [p.stack for p in named.state.seats if p] == [100, 105, 95]
    assert "name 2 winners" in str(decide(s, rq.ColourUp(5, winners=(1,))))


def test_r11_4_a_player_raced_out_is_given_one_chip() -> None:
    s = tournament_table(3, stack=100, big_blind=10, buy_in=D(10))
    s = _fix(_fix(_fix(s, 0, 2), 1, 102), 2, 96)  # leftovers 2, 2, 1 = 5 -> 1 chip
    d = do(s, rq.ColourUp(5, winners=(1,)))
    assert [p.stack for p in d.state.seats if p] == [5, 105, 95]
    assert "P0 given one 5 not to be raced out" in narrate(s, d.events, d.state)[0]
    assert d.events[0].change == 5  # type: ignore[union-attr]


def test_r11_5_a_deal_is_recorded_only_with_every_player_left() -> None:
    s = tournament_table(3, stack=100, buy_in=D(10), payouts=(D(50), D(30), D(20)))
    refused = decide(s, rq.AgreeDeal(((0, D(15)), (1, D(15)))))
    assert isinstance(refused, Refusal) and "every player left agrees" in refused.reason
    assert "left to share" in str(decide(s, rq.AgreeDeal(((0, D(1)), (1, D(1)), (2, D(1))))))
    d = do(s, rq.AgreeDeal(((0, D(10)), (1, D(10)), (2, D(10)))))
    assert [e.type for e in d.events] == ["deal_agreed", "prizes_paid"]
    assert d.state.tournament is not None and d.state.tournament.finished


def test_r11_5_a_deal_keeps_money_back_for_the_winner() -> None:
    s = tournament_table(2, stack=100, buy_in=D(10))
    d = do(s, rq.AgreeDeal(((0, D(8)), (1, D(8))), kept=D(4)))
    assert [e.type for e in d.events] == ["deal_agreed"]
    s = do(d.state, rq.NextHand()).state
    s = do(s, rq.AllIn()).state
    end = play_out(do(s, rq.Call()).state, 1)
    assert end.events[-1] == ev.PrizesPaid(prizes={1: D(8), 2: D(12)})


def test_r11_undo_takes_back_every_tournament_event() -> None:
    played = _heads_up_play(10, re_entry=True, add_on=AddOn(money=D(5), chips=50))
    s = played.state
    for request in (
        rq.Reenter("P0"),
        rq.TakeAddOn(1),
        rq.ColourUp(5, winners=()),
        rq.AgreeDeal(((1, D(15)), (2, D(15)))),
        rq.SitOut(2),
    ):
        d = do(s, request)
        h = history.record_all(history.begin(s), d.events, d.steps)
        for _ in d.events:
            h = history.undo(h)
        back = h.state
        assert back == s and back.tournament == s.tournament, request
    assert played.before is not None and isinstance(played.events[-1], ev.PlayerBusted)
    h = history.record_all(history.begin(played.before), played.events, played.steps)
    bust = history.undo(h).state  # the bust itself
    assert bust.seat(0) is not None and bust.tournament is not None
    assert len(bust.tournament.seated) == 3


def test_r11_6_a_player_does_not_leave_a_tournament_but_sits_out() -> None:
    refused = decide(tournament_table(3), rq.Leave(1))
    assert isinstance(refused, Refusal) and "sitout keeps them dealt in" in refused.reason


def test_r11_3_four_out_in_one_hand_with_equal_stacks_share_2nd_to_5th_odd_unit_left_of_button():
    # R11.2: 5 entries at 10, pool 50, 65/35 -> 32 and 17, the unit rounding leaves to 1st.
    s = tournament_table(5, stack=100, buy_in=D(10))  # button P4
    s = do(s, rq.NextHand()).state
    while s.hand is not None and s.hand.to_act is not None:
        out = decide(s, rq.AllIn())
        s = (out if not isinstance(out, Refusal) else do(s, rq.Call())).state
    played = play_out(s, 2)  # P2 wins every chip; the other four started with 100 each
    busts = [(e.seat, e.place) for e in played.log if isinstance(e, ev.PlayerBusted)]
    assert busts == [(0, 2), (1, 2), (3, 2), (4, 2)]  # tied for 2nd (to 5th)
    t = played.state.tournament
    assert t is not None and t.finished
    # 2nd to 5th pay 17 + 0 + 0 + 0: 4 each, the unit left over to P0, first left of
    # the button (R11.3, as odd chips go, R7.4).
    assert t.prizes == ((1, D(5)), (2, D(4)), (3, D(33)), (4, D(4)), (5, D(4)))


def test_r10_2_a_tournament_hand_is_run_once() -> None:
    s = tournament_table(2, stack=100, buy_in=D(10))
    s = do(do(do(s, rq.NextHand()).state, rq.AllIn()).state, rq.Call()).state
    assert s.hand is not None and s.hand.betting_over  # all in: a cash table could agree
    refused = decide(s, rq.RunItTwice(2))
    assert isinstance(refused, Refusal)
    assert (
        refused.reason
        == "running it twice is for cash games (R10.2): a tournament hand is run once"
    )
    with pytest.raises(RuleError, match=r"for cash games \(R10.2\)"):
        apply(s, ev.RunsAgreed(runs=2))
    assert not available(s).allows(rq.RunItTwice)


def test_r11_6_a_tournament_uses_the_dead_button_and_refuses_the_moving_one() -> None:
    from omaha_tui.engine.config import ButtonRule
    from tests.tables import tournament_events

    s = tournament_table(3, stack=100, buy_in=D(10))
    refused = decide(s, rq.SetButtonRule(ButtonRule.MOVING))
    assert isinstance(refused, Refusal)
    assert refused.reason == (
        "a tournament uses the dead button (R11.6): the moving button is for cash games"
    )
    assert s.config is not None and s.config.button_rule is ButtonRule.DEAD
    first, *rest = tournament_events(3)  # a table set to the moving button, then R11
    assert isinstance(first, ev.SessionStarted)
    moving = first.config.model_copy(update={"button_rule": ButtonRule.MOVING})
    with pytest.raises(RuleError, match=r"a tournament uses the dead button \(R11.6\)"):
        replay([ev.SessionStarted(config=moving), *rest])


def test_r12_1_a_tournament_s_chips_are_given_no_money_value() -> None:
    s = tournament_table(3, stack=100, buy_in=D(10))
    refused = decide(s, rq.SetChipValue(100, D("10.00"), "EUR"))
    assert isinstance(refused, Refusal)
    assert refused.reason == (
        "a tournament's chips have no money value (R12.1 is for cash games): "
        "its money is the buy-ins and the prizes (R11)"
    )
    assert s.money is None


def test_r4_11_the_cash_buy_in_range_is_not_warned_about_at_a_tournament() -> None:
    s = tournament_table(3, stack=5000, buy_in=D(10), re_entry=True)  # BB 2: cash 40-200
    seated = do(s, rq.SeatPlayer(5, "New", 5000, True))
    assert seated.note == "" and seated.state.seat(5) is not None


def test_r12_3_a_tournament_refuses_a_shared_expense_its_settle_up_would_lose() -> None:
    s = tournament_table(3, stack=100, buy_in=D(10))
    refused = decide(s, rq.ShareExpense(D("30.00"), "pizza"))
    assert isinstance(refused, Refusal)
    assert refused.reason == (
        "a shared expense is added to a cash game's settle-up (R12.3): "
        "a tournament settles its buy-ins and prizes only"
    )
    assert s.expenses == ()


def test_r11_6_a_late_entry_is_dealt_in_without_the_post_or_wait_question() -> None:
    """R2.6's question is for cash games: a tournament entry owes no blind (R11.6)."""
    s = do(tournament_table(3, stack=5000, buy_in=D(10), re_entry=True), rq.NextHand()).state
    s = do(do(s, rq.Fold()).state, rq.Fold()).state
    assert s.hands_played == 1 and (s.hand is None or s.hand.complete)
    out = do(s, rq.SeatPlayer(5, "New", 5000))
    seat = out.state.seat(5)
    assert seat is not None and not (seat.owes_bb or seat.owes_sb or seat.waiting_for_bb)
    hand = do(out.state, rq.NextHand()).state.hand
    assert hand is not None and 5 in hand.seats
