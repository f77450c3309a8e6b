"""A tournament's part of the one JSON (:mod:`.document`), and the end of a session.

The standings (R11) as :func:`~.tournament.tournament_json` has them, with what a screen
in the room shows beside them in words: the prizes still to be decided (or those a deal
set, R11.5), the places given so far, the chip leader and the chips in play, whether an
add-on or a rebuy is open now. And the end screen's figures: each player's money in,
prize or cash-out and net, and who pays whom (R11, R12).
"""

from __future__ import annotations

from typing import Any

from omaha_tui.engine.labels import printable
from omaha_tui.engine.narration.tournament import money, ordinal
from omaha_tui.engine.state import TableState
from omaha_tui.engine.tournament_standings import standings
from omaha_tui.store.ledger import ledger, settle_up
from omaha_tui.store.settlement import session_settlement
from omaha_tui.store.tournament_ledger import tournament_book

from .clock import ClockView
from .tournament import next_break, tournament_json

Json = dict[str, Any]


def tournament_document(state: TableState, clock: ClockView | None) -> Json | None:
    """The tournament's standings and the room's words for them (``None`` at a cash
    table): ``prizes_left`` the prizes of the places still to be decided (R11.2; after a
    deal none: ``deal_prizes`` are what it gave each player, R11.5), ``placed`` the
    places given so far, best first (R11.3), each with its ``entry``: who went out,
    whichever place a later entry moves them down to (R11.1); ``out_head`` the words
    before those out (``out so far:`` while re-entries are open, R11.1), ``chip_leader``,
    ``total_chips``, ``add_on_open`` (its break is on, R11.1) and ``rebuys_open``."""
    t = state.tournament
    st = standings(state)
    if t is None or st is None:
        return None
    out = tournament_json(st, next_break(clock))
    left = [x for x in st.lines if x.place is None]
    most = max((x.chips for x in left), default=0)
    leaders = [x for x in left if x.chips == most]
    leader = leaders[0] if len(leaders) == 1 else None  # equal stacks: nobody leads
    deal = dict(t.deal) if t.deal is not None else None
    cfg = t.config
    add_on = cfg.add_on
    on_break = clock is not None and clock.on_break
    out.update(
        {
            "prizes_left": []
            if deal is not None or st.finished
            else [
                {"place": ordinal(i), "prize": money(a)}
                for i, a in enumerate(st.payouts[: st.players_left], start=1)
                if a
            ],
            "deal_prizes": []
            if deal is None
            else [
                {"name": printable(t.entries[entry - 1]), "prize": money(amount)}
                for entry, amount in sorted(deal.items(), key=lambda d: (-d[1], d[0]))
            ],
            "kept_text": money(t.kept) if t.kept else "",
            "pool_text": money(st.pool),
            "placed": [
                {
                    "place": ordinal(x.place or 0) + ("=" if x.tied > 1 else ""),
                    "name": printable(x.name),
                    "prize": money(x.prize) if x.prize else "",
                    "entry": x.entry,  # who went out, whichever place it is now (R11.1)
                    "out": _out_words(x.place or 0, x.tied),
                }
                for x in sorted(
                    (x for x in st.lines if x.place is not None),
                    key=lambda x: (x.place or 0, x.entry),
                )
            ],
            # R11.1: the places of those out are "so far" while re-entries are open.
            "out_head": "out:" if st.places_final else "out so far:",
            "chip_leader": None
            if leader is None
            else {"name": printable(leader.name), "chips": leader.chips},
            "total_chips": sum(x.chips for x in left),
            "add_on_open": bool(
                add_on is not None
                and on_break
                and clock is not None
                and clock.break_number == add_on.at_break
                and not st.finished
            ),
            "add_on_text": ""
            if add_on is None
            else f"{money(add_on.money)} for {add_on.chips:,} chips",
            "rebuys_open": bool(
                cfg.rebuys_until is not None and state.level <= cfg.rebuys_until and not st.finished
            ),
        }
    )
    return out


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


def results(state: TableState) -> Json:
    """The end of the session: each player's buy-ins, cash-out and net, and who pays
    whom (the ledger's settle-up, R12): ``settlement`` holds the lines a screen shows,
    in money when the chips have a value (R12.1-R12.3), and each line's figures then
    have their ``money`` too. A tournament's are its money in, prizes and their
    settle-up (R11)."""
    done = tournament_results(state)
    if done is not None:
        return done
    book = ledger(state)
    rate = book.money
    lines = []
    for line in book.lines:
        out: Json = {
            "name": printable(line.name),
            "paid_in": line.paid_in,
            "cashed_out": line.cashed_out + line.stack,
            "net": line.net,
        }
        if rate is not None:  # R12.1: in money as well as chips, at the table's rate
            paid, taken, net = rate.line(line.paid_in, line.cashed_out + line.stack)  # rounded once
            out["money"] = {
                "paid_in": str(paid),
                "cashed_out": str(taken),
                "net": net.text(sign=True),
            }
        lines.append(out)
    return {
        "columns": ["Player", "Paid in", "Leaves with", "Net"],
        "lines": lines,
        "transfers": [
            {"payer": printable(t.payer), "payee": printable(t.payee), "amount": t.amount}
            for t in settle_up(book)
        ],
        "settlement": session_settlement(state),
        "balance": book.explain(),
    }


def _out_words(place: int, tied: int) -> str:
    """How a player out is said in the room's banner, as the narrator says it (R11.3):
    ``out in 4th place``, or for players out in one hand with the same starting stack
    ``out, sharing 2nd to 3rd place``.

    >>> _out_words(4, 1), _out_words(2, 2)
    ('out in 4th place', 'out, sharing 2nd to 3rd place')
    """
    if tied > 1:
        return f"out, sharing {ordinal(place)} to {ordinal(place + tied - 1)} place"
    return f"out in {ordinal(place)} place"
