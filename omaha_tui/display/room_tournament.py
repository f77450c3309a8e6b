"""A tournament on the players' display (R11): the standings beside the clock, and the
places, money and settle-up when it is over; and a cash game's money settlement at
the end of the session (R12.1-R12.3).

Plain JSON-ready data for :func:`omaha_tui.display.room.room_view`: the page lays it
out and derives nothing. Money is text as recorded (``2.50``), names are plain text.
"""

from __future__ import annotations

from typing import Any

from omaha_tui.engine.labels import printable
from omaha_tui.engine.narrate_tournament import money, ordinal
from omaha_tui.engine.state import TableState
from omaha_tui.engine.tournament_state import standings
from omaha_tui.session.clock import ClockView
from omaha_tui.session.tournament import next_break
from omaha_tui.store.settlement import session_settlement
from omaha_tui.store.tournament_ledger import tournament_book

Json = dict[str, Any]


def tournament_block(state: TableState, clock: ClockView | None) -> Json | None:
    """The standings as the page shows them (``None`` at a cash table): entries and the
    pool, the prize of each paid place, players left and the average stack, the next
    break (the page counts it down from the clock), and the places given so far."""
    st = standings(state)
    if st is None:
        return None
    return {
        "entries": st.entries,
        "rebuys": st.rebuys,
        "add_ons": st.add_ons,
        "pool": money(st.pool),
        "payouts": [
            {"place": ordinal(i), "prize": money(a)} for i, a in enumerate(st.payouts, start=1)
        ],
        "players_left": st.players_left,
        "average": st.average,
        "next_break": next_break(clock),
        "places": [
            {
                "place": ordinal(place) + ("=" if line.tied > 1 else ""),
                "name": printable(line.name),
                "prize": money(line.prize) if line.prize else "",
            }
            for place, line in sorted(
                ((x.place, x) for x in st.lines if x.place is not None),
                key=lambda placed: (placed[0], placed[1].entry),
            )
        ],
        "deal": st.deal,
        "finished": st.finished,
    }


def tournament_results(state: TableState) -> Json | None:
    """A tournament's end screen (``None`` at a cash table): each player's money in,
    prize and net, and the payments that settle them (the fee to the house, R12.2)."""
    book = tournament_book(state)
    if book is None:
        return None
    lines = [
        {
            "name": printable(x.name),
            "paid_in": money(x.paid),
            "cashed_out": money(x.prize),
            "net": f"{x.net:+,}" if x.net else "0",
        }
        for x in book.lines
    ]
    transfers = book.transfers()
    settled = ["Settle-up in money (fewest payments):"]
    settled += [
        f"{printable(t.payer)} pays {printable(t.payee)} {money(t.amount)}" for t in transfers
    ]
    if not transfers:
        settled.append("nobody owes anything")
    return {
        "columns": ["Player", "Paid in", "Prize", "Net"],
        "lines": lines,
        "transfers": [
            {"payer": printable(t.payer), "payee": printable(t.payee), "amount": money(t.amount)}
            for t in transfers
        ],
        "settlement": settled,
        "balance": f"pool {money(book.pool)}" + (f", fee {money(book.fee)}" if book.fee else ""),
    }


def cash_settlement(state: TableState) -> list[str]:
    """The settle-up lines of a cash game (R12.2): who pays whom, in money when the
    chips have a value, the expenses, odd money and what does not balance."""
    return session_settlement(state)
