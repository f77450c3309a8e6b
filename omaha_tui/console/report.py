"""What the console prints about the table: the ``--json`` state (the session's one
JSON, :mod:`omaha_tui.session.document`) and the ``state`` line, both renderings of the
session's view model (:func:`omaha_tui.session.view.table_view`).

Seats are numbered as the dealer counts them, from 1, everywhere in this output
(JSON included); the engine's 0-based seats never reach the reader.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from omaha_tui.engine.allin.spot import AllInSpot, spot_equity
from omaha_tui.engine.state import TableState, ledger_lines
from omaha_tui.engine.units import amount_text
from omaha_tui.session.clock import ClockView
from omaha_tui.session.seat_status import SeatStatus
from omaha_tui.session.view import TableView
from omaha_tui.store import board_rows

if TYPE_CHECKING:  # the calculator itself loads when an all-in spot comes
    from omaha_tui.engine.allin.equity import Equity


def state_json(
    session_state: TableState,
    view: TableView | None,
    clock: ClockView | None = None,
    *,
    title: str = "",
    seq: int = 0,
) -> dict[str, Any]:
    """The table as the console's ``--json`` ``state`` object: the session's one JSON
    of the view (:func:`~omaha_tui.session.document.table_document`, the display's
    ``room.json`` too), with the all-in figures worked out here when everyone is all in.
    The document's modules load with the first ``--json`` answer: the ``state`` line
    never needs them."""
    from omaha_tui.session.document import table_document

    spot = view.spot if view is not None else None
    figures = _spot_equity(spot) if spot is not None and _running(view) else None
    return table_document(
        session_state, clock=clock, figures=figures, view=view, title=title, seq=seq
    )


def _running(view: TableView | None) -> bool:
    hand = view.hand if view is not None else None
    return hand is not None and not hand.complete


def tabled_equity(spot: AllInSpot | None) -> dict[int, dict[str, Any] | None]:
    """R10.3: each tabled hand's equity over the boards still to come, by seat (the
    document's seat ``equity``, :func:`~omaha_tui.session.document_hand.seat_equities`)."""
    if spot is None:
        return {}
    from omaha_tui.session.document_hand import seat_equities  # with the first spot

    return seat_equities(spot, _spot_equity(spot))


@lru_cache(maxsize=4)
def _spot_equity(spot: AllInSpot) -> Equity:
    """The figures of one all-in spot, worked out once: every command prints the state
    while the spot lasts, and a pre-flop spot takes a tenth of a second to count. The
    evaluator's board rows are read here, at the first spot, rather than before the
    console's first answer."""
    board_rows.warm()
    return spot_equity(spot)


def _seats_between_hands(view: TableView) -> str:
    """``seats Ann 200 (button), Bob 199, Cy 0 out of chips``: every player, their
    stack, what keeps them out of the next hand and where the button is, for those who
    cannot see the table (screen readers)."""
    dec = view.decimals
    out = []
    for s in view.seats:
        if s.name is None:
            if "D" in s.markers:
                out.append(f"the button on empty seat {s.index + 1}")
            continue
        words = f"{s.player or s.name} {amount_text(s.stack, dec)}"
        if "D" in s.markers:
            words += " (button)"
        if s.status:
            words += f" {s.status}"
        out.append(words)
    return "seats " + ", ".join(out) if out else "no players seated"


def state_line(view: TableView | None) -> str:
    """The table in one sentence, for ``state``: hand, board, pots, who acts and how."""
    if view is None:
        return "no session"
    hand = view.hand
    assert view.blinds is not None
    dec = view.decimals
    blinds = (
        f"{amount_text(view.blinds.small_blind, dec)}/{amount_text(view.blinds.big_blind, dec)}"
    )
    game = f"{view.game_name} {blinds}"
    if hand is None or hand.complete:
        done = f"; hand #{hand.number} is over" if hand is not None else ""
        boards = hand.board_lines if hand is not None else ()
        if boards:
            done += " (" + "; ".join(boards) + ")"
        nxt = "next to deal" if not view.why_not_next else view.why_not_next
        if view.next_hand_words and not view.why_not_next:  # the session's words
            nxt += f": {view.next_hand_words}"
        return f"{game}{done}; {_seats_between_hands(view)}; {nxt}"
    parts = [f"{game}, hand #{hand.number}, {hand.street.value}"]
    if view.hand_words:
        parts.append(view.hand_words)
    parts += hand.board_lines
    parts.append("pot " + amount_text(hand.total, dec))
    la = view.legal
    players = {s.index: s.player or f"seat {s.index + 1}" for s in view.seats}
    parts.append(
        "seats "
        + ", ".join(
            f"{players[s.index]} {amount_text(s.stack, dec)}"
            + (f" (bet {amount_text(s.bet, dec)})" if s.bet else "")
            + ("" if s.state is SeatStatus.ACTIVE else f" {s.state.word}")
            for s in view.seats
            if s.state is not None
        )
    )
    if len(hand.pots) > 1:  # R5.1: each pot and who can win it
        parts.append(
            "; ".join(
                f"{p.label} {amount_text(p.amount, dec)}: "
                + ", ".join(players.get(s, str(s + 1)) for s in sorted(p.seats))
                for p in hand.pots
            )
        )
    if la is not None:
        can = ["fold"] if la.can_fold else []
        can.append("check" if la.can_check else f"call {amount_text(la.call_amount, dec)}")
        if la.can_bet_or_raise:
            can.append(la.describe_range())
        parts.append(f"{players[la.seat]} to act: {', '.join(can)}")
    elif view.cards_due is not None:
        due = view.cards_due
        what = f"run {due.run} of the board" if due.run > 1 else f"the {due.label}"
        parts.append(f"deal {what} ({due.count} card{'s' * (due.count > 1)})")
        if view.run_twice:  # R10.1/R10.2: nobody can bet any more
            parts.append("all in: show the hands, runtwice if everyone agrees")
        figures = tabled_equity(view.spot)
        if figures:  # R10.3
            parts.append(
                "equity " + ", ".join(_share(players[s], f, hand.hilo) for s, f in figures.items())
            )
    elif view.showdown_due:
        parts.append("showdown: show or muck, then award")
    return "; ".join(parts)


def _share(name: str, figure: dict[str, Any] | None, hilo: bool) -> str:
    """``Ann 62%``, or ``Ann 62% (high 50%, low 75%)`` in a split game."""
    if figure is None:
        return name
    text = f"{name} {figure['equity']:.0%}"
    if hilo:
        text += f" (high {figure['high']:.0%}, low {figure['low']:.0%})"
    boards = [  # R13.2(c): each board's half
        f"board {b['board']} {b['equity']:.0%}"
        + (f" high {b['high']:.0%} low {b['low']:.0%}" if hilo else "")
        for b in figure.get("per_board", ())
    ]
    if boards:
        text += f" ({', '.join(boards)})"
    return text


def ledger_line(state: TableState) -> str:
    """Every player's buy-ins, chips now and result, on one line."""
    lines = ledger_lines(state)
    if not lines:
        return "nobody has bought in yet"
    dec = state.config.decimals if state.config is not None else 0

    def m(chips: int, sign: bool = False) -> str:
        return amount_text(chips, dec, sign=sign)

    rate = state.money
    if rate is None:
        return "; ".join(
            f"{x.name}: in {m(x.buy_in + x.rebuys)}, now {m(x.stack + x.cashed_out)} "
            f"({m(x.net, True)})"
            for x in lines
        )
    # R12.1: money beside chips, at the table's rate (the settle-up states odd cents).
    # Rounded once: paid-in and now, the net their difference (it subtracts as printed).
    said = []
    for x in lines:
        paid, now, net = rate.line(x.paid_in, x.stack + x.cashed_out)
        said.append(
            f"{x.name}: in {m(x.paid_in)} = {paid}, now {m(x.stack + x.cashed_out)} = {now} "
            f"({m(x.net, True)} = {net.text(sign=True)})"
        )
    return f"at {rate.describe()}: " + "; ".join(said)
