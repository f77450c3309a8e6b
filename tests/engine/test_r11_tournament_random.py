"""R11 property: random tournaments played hand by hand to a winner."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from omaha_tui.engine import events as ev
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.decide import decide
from omaha_tui.engine.decisions.outcomes import Decided
from omaha_tui.engine.reducer.replay import replay
from omaha_tui.engine.rules.tournament.structure import AddOn
from omaha_tui.engine.tournament_standings import standings
from tests.tables import tournament_events

from .tournament_helpers import play_out


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_r11_random_tournaments_to_a_winner(data: st.DataObject) -> None:
    players = data.draw(st.integers(2, 7), label="players")
    fee = Decimal(data.draw(st.integers(0, 5), label="fee"))
    opening = tournament_events(
        players,
        stack=100,
        buy_in=Decimal(10),
        fee=fee,
        rebuys_until=data.draw(st.sampled_from([None, 1, 3]), label="rebuys"),
        re_entry=data.draw(st.booleans(), label="re-entry"),
        add_on=AddOn(money=Decimal(5), chips=50),
    )
    state = replay(opening)
    log: list[ev.Event] = list(opening)  # the opening events (no hand yet)
    hands = 0
    while state.tournament is not None and not state.tournament.finished and hands < 60:
        hands += 1
        t = state.tournament
        for seat, _ in t.seated:  # between hands: rebuys, add-ons, re-entries, levels
            move = data.draw(st.sampled_from(["none", "none", "rebuy", "addon"]))
            request = rq.Rebuy(seat, 0) if move == "rebuy" else rq.TakeAddOn(seat)
            if move != "none" and isinstance(out := decide(state, request), Decided):
                log += out.events
                state = out.state
        for name in sorted(set(t.entries)) if hands <= 10 else ():
            again = data.draw(st.booleans())
            if again and isinstance(out := decide(state, rq.Reenter(name)), Decided):
                log += out.events
                state = out.state
        if data.draw(st.integers(0, 9)) == 0:
            assert state.stakes is not None
            level = ev.LevelChanged(level=state.level + 1, stakes=state.stakes)
            log.append(level)
            state = replay((level,), state)
        nxt = decide(state, rq.NextHand())
        assert isinstance(nxt, Decided), nxt
        log += nxt.events
        state = nxt.state
        if state.tournament is not None and state.tournament.finished:
            break
        hand = state.hand
        assert hand is not None
        for _ in range(len(hand.seats)):  # everyone all in or folding, then a winner
            if state.hand is None or state.hand.to_act is None:
                break
            fold = data.draw(st.booleans())
            out = decide(state, rq.Fold() if fold else rq.AllIn())
            if not isinstance(out, Decided):
                out = decide(state, rq.Call())
            assert isinstance(out, Decided), out
            log += out.events
            state = out.state
        if state.hand is not None and not state.hand.complete:
            live = state.hand.live
            played = play_out(state, data.draw(st.sampled_from(live)))
            log += played.log
            state = played.state
    t = state.tournament
    assert t is not None
    if not t.finished:  # pragma: no cover - re-entries stop after ten hands
        raise AssertionError(f"no winner after {hands} hands")
    entries = len(t.entries)
    paid_for = 10 * entries + 10 * t.rebuys + 5 * len(t.add_ons)
    assert t.money_in == Decimal(paid_for)  # every entry, rebuy and add-on paid for
    assert t.prizes is not None
    assert sum(v for _, v in t.prizes) == max(Decimal(0), t.money_in - fee)
    placed = t.placings()
    assert sorted(p.entry for p in placed) == list(range(1, entries + 1))
    covered = Counter(k for p in placed for k in range(p.place, p.place + p.tied))
    assert sorted(covered) == list(range(1, entries + 1))
    for p in placed:  # a shared place is one recorded tie covering exactly its places
        assert sum(1 for q in placed if q.place == p.place) == p.tied
    st_ = standings(state)
    assert st_ is not None and st_.players_left == 1 and st_.finished
    assert replay(log).tournament == t  # the journal alone gives the same tournament
