"""What the room's display reads of a tournament from the session's view models: busts
with places, the deal and what it gave, the places still unpaid, the chip, the kind of
ante, the one rounding of the clock (R11.3, R11.5, R11.7, R2.9, R2.7)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from decimal import Decimal as D

from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.decide import decide
from omaha_tui.engine.decisions.outcomes import Decided
from omaha_tui.engine.rules.clock.running import ClockState
from omaha_tui.engine.tournament_standings import standings
from omaha_tui.session.clock import clock_view
from omaha_tui.session.document import clock_document
from omaha_tui.session.grammar import parse_levels
from omaha_tui.session.tournament import tournament_json
from tests.tables import tournament_table

T0 = datetime(2026, 1, 1, 20, 0, tzinfo=UTC)


def tournament_view(state):  # type: ignore[no-untyped-def]
    st = standings(state)
    return None if st is None else tournament_json(st)


def _do(state, request):  # type: ignore[no-untyped-def]
    out = decide(state, request)
    assert isinstance(out, Decided), out
    return out.state


def test_r11_the_view_lists_busts_with_places_the_deal_and_the_places_unpaid() -> None:
    state = tournament_table(4, stack=100, payouts=(D(50), D(30), D(20)))  # pool 40
    state = _do(state, rq.NextHand())  # button P3: P0 SB, P1 BB, P2 first
    for request in (rq.AllIn(), rq.Fold(), rq.Fold(), rq.Fold()):
        state = _do(state, request)
    view = tournament_view(state)
    assert view is not None and view["chip"] == 1
    assert (
        view["unpaid"]
        == [
            {"place": 1, "prize": 20},
            {"place": 2, "prize": 12},
            {"place": 3, "prize": 8},
        ][: view["players_left"]]
    )
    state = _do(state, rq.AgreeDeal(((0, D(10)), (1, D(10)), (2, D(10)), (3, D(9))), D(1)))
    view = tournament_view(state)
    assert view is not None and view["deal"]
    assert view["deal_amounts"] == [
        {"name": "P0", "amount": 10},
        {"name": "P1", "amount": 10},
        {"name": "P2", "amount": 10},
        {"name": "P3", "amount": 9},
    ]
    assert view["unpaid"] == [{"place": 1, "prize": 1}]  # only what the deal kept back
    assert view["busts"] == []


def test_r2_9_the_clock_names_a_big_blind_ante_as_its_own_kind() -> None:
    schedule = parse_levels("100/200/25:20,300/600/bb600:20")
    state = replace(
        tournament_table(3),
        clock=ClockState(schedule, True, True, 0, 0, int(T0.timestamp() * 1000)),
    )
    view = clock_view(state, T0)
    data = clock_document(view, state)
    assert data is not None and data["ante_kind"] == "ante"
    assert data["next_level"]["ante_kind"] == "big-blind ante"
    assert data["next_level"]["big_blind_ante"] is True
    assert data["shown"] == "20:00" and data["shown_seconds"] == 1200


def test_r11_3_the_view_lists_a_bust_with_its_place_and_prize() -> None:
    from tests.engine.tournament_helpers import play_out

    state = tournament_table(3, stack=100, payouts=(D(70), D(30)))  # pool 30: 21/9
    state = _do(state, rq.NextHand())  # button P2, first to act
    state = _do(_do(state, rq.AllIn()), rq.Call())
    state = _do(state, rq.Fold())
    state = play_out(state, 0).state  # P0 wins: P2 is out in 3rd
    view = tournament_view(state)
    assert view is not None
    assert view["busts"] == [{"name": "P2", "place": 3, "tied": 1, "prize": 0}]
    assert view["unpaid"] == [{"place": 1, "prize": 21}, {"place": 2, "prize": 9}]
