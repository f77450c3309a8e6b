"""The players' display of a tournament (R11): the standings beside the clock, the
places and the money at the end; and a cash game's money settlement at its end (R12)."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from omaha_tui.display.room import room_view
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.rules.clock.running import ClockState
from omaha_tui.engine.state import TableState
from omaha_tui.session.clock import clock_view
from omaha_tui.session.grammar import parse_levels
from tests.display.test_room_view import play, table
from tests.tables import tournament_table

T0 = datetime(2026, 1, 1, 20, tzinfo=UTC)


def view(state: TableState, at: datetime | None = None) -> dict[str, object]:
    clock = clock_view(state, at) if at is not None else None
    out = room_view(state, title="Friday", clock=clock, seq=1)
    json.dumps(out)
    return out


def test_r11_the_room_shows_payouts_players_left_average_entries_pool_and_next_break() -> None:
    state = tournament_table(9, stack=200, payouts=(Decimal(50), Decimal(30), Decimal(20)))
    clock = ClockState(parse_levels("1/2:20,break:5"), True, True, 0, 0, int(T0.timestamp() * 1000))
    state = replace(state, clock=clock)
    t = view(state, T0 + timedelta(minutes=8))["tournament"]
    assert isinstance(t, dict)
    assert (t["entries"], t["pool_text"], t["players_left"], t["average"]) == (9, "90", 9, 200)
    assert t["prizes_left"] == [
        {"place": "1st", "prize": "45"},
        {"place": "2nd", "prize": "27"},
        {"place": "3rd", "prize": "18"},
    ]
    assert t["next_break"] == "in 12:00" and t["placed"] == [] and not t["finished"]


def test_r11_a_finished_tournament_shows_the_places_and_the_money_settle_up() -> None:
    state = tournament_table(3, stack=100, payouts=(Decimal(70), Decimal(30)))
    state = play(state, rq.NextHand(), rq.AllIn(), rq.AllIn(), rq.AllIn())
    state = play(state, rq.DealCards(), rq.DealCards(), rq.DealCards(), rq.AwardByHand(((0,),)))
    v = view(state)
    assert v["phase"] == "ended"
    t = v["tournament"]
    assert isinstance(t, dict) and t["finished"]
    # P1 and P2 started the hand with 100 each: they share 2nd and 3rd (R11.3)
    assert [(p["place"], p["name"], p["prize"]) for p in t["placed"]] == [
        ("1st", "P0", "21"),
        ("2nd=", "P1", "5"),
        ("2nd=", "P2", "4"),
    ]
    results = v["results"]
    assert isinstance(results, dict)
    assert results["columns"] == ["Player", "Paid in", "Prize", "Net"]
    assert results["lines"][0] == {"name": "P0", "paid_in": "10", "cashed_out": "21", "net": "+11"}
    assert results["settlement"][0] == "Settle-up in money (fewest payments):"
    assert results["settlement"][1:] == ["P2 pays P0 6", "P1 pays P0 5"]


def test_r12_the_end_screen_has_the_money_settlement_lines() -> None:
    state = play(
        table(("Ann", "Bob", "Cy"), (200, 200, 200)),
        rq.SetChipValue(100, Decimal("10.00"), "EUR"),
        rq.ShareExpense(Decimal("10.00"), "pizza"),
        rq.NextHand(),
        rq.Fold(),
        rq.Fold(),
        rq.EndSession(),
    )
    results = view(state)["results"]
    assert isinstance(results, dict)
    lines = results["settlement"]
    assert lines[0] == "Settle-up at 100 chips = 10.00 EUR (fewest payments):"
    assert any("pays" in line and "EUR" in line for line in lines), lines
    assert any(line.startswith("odd money: pizza: 0.01 EUR does not divide") for line in lines), (
        lines
    )
    assert results["columns"][2] == "Leaves with"


def test_no_tournament_block_at_a_cash_table() -> None:
    assert view(table(("Ann", "Bob"), (200, 200)))["tournament"] is None
