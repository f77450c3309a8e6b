"""What the console prints about the table: the ``--json`` state and the ``state`` line,
both renderings of the session's view model (:func:`omaha_tui.session.view.table_view`).

Seats are numbered as the dealer counts them, from 1, everywhere in this output
(JSON included); the engine's 0-based seats never reach the reader.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from omaha_tui.engine.allin.spot import AllInSpot, spot_equity
from omaha_tui.engine.config import Stakes
from omaha_tui.engine.events import Award
from omaha_tui.engine.hands.cards import format_card
from omaha_tui.engine.labels import pot_label
from omaha_tui.engine.rules.bombs import bomb_words
from omaha_tui.engine.state import TableState, ledger_lines
from omaha_tui.engine.units import amount_text
from omaha_tui.session.seat_status import SeatStatus
from omaha_tui.session.view import TableView

if TYPE_CHECKING:  # the calculator itself loads when an all-in spot comes
    from omaha_tui.engine.allin.equity import Equity


def _n(seat: int | None) -> int | None:
    return None if seat is None else seat + 1


def _blinds(stakes: Stakes) -> str:
    return f"{stakes.small_blind}/{stakes.big_blind}" + (f"/{stakes.ante}" if stakes.ante else "")


def state_json(view: TableView | None, next_break: str | None = None) -> dict[str, Any]:
    """The table as the console's ``--json`` ``state`` object: a rendering of the view
    (``next_break``: when the clock's next break comes, for a tournament's object)."""
    if view is None:
        return {"hand": None}
    hand = view.hand
    assert view.blinds is not None
    running = hand is not None and not hand.complete
    figures = tabled_equity(view.spot) if running else {}
    seats_out = []
    for seat in view.seats:
        if seat.state is None:
            continue
        entry: dict[str, Any] = {
            "seat": seat.index + 1,
            "name": seat.player,
            "stack": seat.stack,
            "bet": seat.bet,
            "status": seat.state.value,
        }
        if seat.cards and running:  # R10.1: a tabled hand, and its equity while cards are to come
            entry["cards"] = [format_card(c) for c in seat.cards]
            entry["equity"] = figures.get(seat.index)
        seats_out.append(entry)
    la = view.legal
    legal = None
    if la is not None:
        wager = la.can_bet_or_raise
        legal = {
            "fold": la.can_fold,
            "check": la.can_check,
            "call": la.call_amount,
            "min_raise_to": la.min_raise_to if wager else None,
            "max_raise_to": la.max_raise_to if wager else None,
        }
    extra: dict[str, Any] = {}
    if view.tournament is not None:  # R11: only a tournament table has this object
        from omaha_tui.session.tournament import tournament_json

        extra["tournament"] = tournament_json(view.tournament, next_break)
    return {
        "hand": hand.number if hand is not None else None,
        "game": hand.game if hand is not None else view.game,
        "structure": view.structure.value,
        "blinds": _blinds(hand.blinds if hand is not None else view.blinds),
        "button": _n(view.button),
        "dead_button": view.dead_button,
        "sb": _n(hand.sb) if hand is not None else None,
        "bb": _n(hand.bb) if hand is not None else None,
        "posts": [
            {"seat": p.seat + 1, "kind": p.kind.value, "amount": p.amount}
            for p in (hand.posts if hand is not None else ())
        ],
        # R13.1: this hand's bomb (None: not a bomb pot) and the next hand's, called or due.
        "bomb": view.bomb or None,
        "next_bomb": None
        if view.next_bomb is None
        else {"amount": view.next_bomb.amount, "double": view.next_bomb.double},
        "to_act": _n(view.to_act),
        "legal": legal,
        "seats": seats_out,
        "pots": [
            {"amount": p.amount, "eligible": [s + 1 for s in p.seats]}
            for p in (hand.pots if hand is not None else ())
        ],
        "board": [format_card(c) for c in hand.board] if hand is not None else [],
        # R13.2: every board's cards, board 1 first (one list on a single board).
        "boards": [[format_card(c) for c in b] for b in hand.all_boards]
        if hand is not None
        else [],
        "runs": hand.runs if hand is not None else 1,
        "run_boards": [[format_card(c) for c in b] for b in hand.run_boards]
        if hand is not None
        else [],
        "complete": hand.complete if hand is not None else False,
        "awards": [_award(a, hand.boards) for a in hand.awards] if hand is not None else [],
        "show_order": [s + 1 for s in hand.show_order] if hand is not None else [],
        **extra,
    }


def _award(a: Award, boards: int) -> dict[str, Any]:
    """One settled award: its pot, seat, chips, half, and the board that won it (1 on a
    single board; 1 or 2 on a double board, R13.2) and the run (R10.2)."""
    return {
        "pot": pot_label(a.pot),
        "seat": a.seat + 1,
        "amount": a.amount,
        "half": a.half.value,
        "board": a.run if boards > 1 else 1,
        "run": a.run if boards == 1 else 1,
    }


def tabled_equity(spot: AllInSpot | None) -> dict[int, dict[str, Any] | None]:
    """R10.3: each tabled hand's equity over the boards still to come, by seat.

    The view's spot, the one the table and the players' display show
    (:func:`all_in_spot`): None unless nobody can bet, every hand still in is tabled and
    the board dealt so far is entered with cards to come; for a later run of a board run
    twice (R10.2), reckoned without the earlier runs' own cards.
    """
    if spot is None:
        return {}
    figures = _spot_equity(spot)
    out: dict[int, dict[str, Any] | None] = {}
    for i, ((seat, _), f) in enumerate(zip(spot.hands, figures.hands, strict=True)):
        entry: dict[str, Any] = {
            "equity": round(f.equity, 4),
            "high": round(f.high, 4),
            "low": round(f.low, 4),
            "scoop": round(f.scoop, 4),
            "tie": round(f.tie, 4),
            "exact": figures.exact,
            "boards": figures.boards,
        }
        if figures.per_board:  # R13.2(c): each board's half, per board
            entry["per_board"] = [
                {
                    "board": n,
                    "equity": round(b.hands[i].equity, 4),
                    "high": round(b.hands[i].high, 4),
                    "low": round(b.hands[i].low, 4),
                }
                for n, b in enumerate(figures.per_board, 1)
            ]
        if figures.pots:  # R10.3: each pot among its own claimants, and the chips in all
            entry["pots"] = [
                {
                    "pot": pot_label(n),
                    "amount": pot.amount,
                    "equity": round(pot.hands[pot.claimants.index(i)].equity, 4),
                    "high": round(pot.hands[pot.claimants.index(i)].high, 4),
                    "low": round(pot.hands[pot.claimants.index(i)].low, 4),
                }
                for n, pot in enumerate(figures.pots)
                if i in pot.claimants
            ]
            entry["expected"] = round(figures.expected[i], 2)
        out[seat] = entry
    return out


@lru_cache(maxsize=4)
def _spot_equity(spot: AllInSpot) -> Equity:
    """The figures of one all-in spot, worked out once: every command prints the state
    while the spot lasts, and a pre-flop spot takes a fifth of a second to count."""
    return spot_equity(spot)


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
        nxt = "next to deal" if not view.why_not_next else view.why_not_next
        if view.next_bomb is not None and not view.why_not_next:  # R13.1
            bomb = view.next_bomb
            nxt += f": {bomb_words(bomb, amount_text(bomb.amount, dec))} (R13.1)"
        return f"{game}{done}; {nxt}"
    parts = [f"{game}, hand #{hand.number}, {hand.street.value}"]
    if view.bomb:  # R13.1
        parts.append(f"bomb pot {amount_text(view.bomb, dec)}")
    if hand.boards > 1:  # R13.2
        for n, b in enumerate(hand.all_boards, 1):
            if b:
                parts.append(f"board {n} " + " ".join(format_card(c) for c in b))
    elif hand.board:
        parts.append("board " + " ".join(format_card(c) for c in hand.board))
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
    return f"at {rate.describe()}: " + "; ".join(
        f"{x.name}: in {m(x.paid_in)} = {rate.money_of(x.paid_in)}, now "
        f"{m(x.stack + x.cashed_out)} = {rate.money_of(x.stack + x.cashed_out)} "
        f"({m(x.net, True)} = {rate.money_of(x.net).text(sign=True)})"
        for x in lines
    )
