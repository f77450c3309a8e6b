"""What the console prints about the table: the ``--json`` state and the ``state`` line.

Seats are numbered as the dealer counts them, from 1, everywhere in this output
(JSON included); the engine's 0-based seats never reach the reader.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from omaha_tui.engine.allin.equity import Equity, equity
from omaha_tui.engine.allin.spot import AllInSpot, all_in_spot
from omaha_tui.engine.config import STRUCTURE_NAMES
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.available import Available
from omaha_tui.engine.hands.cards import format_card
from omaha_tui.engine.labels import player_name
from omaha_tui.engine.rules.awards import run_board
from omaha_tui.engine.rules.pots import hand_pots
from omaha_tui.engine.state import HandState, TableState, ledger_lines


def _n(seat: int | None) -> int | None:
    return None if seat is None else seat + 1


def status(state: TableState, seat: int, hand: HandState | None) -> str:
    """``active | folded | all_in | sitting_out | waiting | out`` for an occupied seat."""
    player = state.seats[seat]
    assert player is not None
    running = hand is not None and not hand.complete
    if running and hand is not None and seat in hand.seats:
        if seat in hand.folded:
            return "folded"
        if seat in hand.all_in:
            return "all_in"
        return "active"
    if player.sitting_out:
        return "sitting_out"
    if player.stack == 0:
        return "out"
    if player.waiting_for_bb or player.owes_bb or player.owes_sb:
        return "waiting"
    return "active"


def state_json(state: TableState, avail: Available) -> dict[str, Any]:
    """The table as the console's ``--json`` ``state`` object."""
    config = state.config
    hand = state.hand
    if config is None:
        return {"hand": None}
    stakes = hand.stakes if hand is not None and not hand.complete else state.stakes
    stakes = stakes or config.stakes
    blinds = f"{stakes.small_blind}/{stakes.big_blind}" + (f"/{stakes.ante}" if stakes.ante else "")
    button = hand.button if hand is not None else state.button
    seats_out = []
    running = hand is not None and not hand.complete
    shown = dict(hand.shown) if hand is not None and running else {}
    figures = tabled_equity(state) if running else {}
    for i, p in enumerate(state.seats):
        if p is None:
            continue
        bet = hand.bets[i] if hand is not None and running else 0
        entry: dict[str, Any] = {
            "seat": i + 1,
            "name": p.name,
            "stack": p.stack,
            "bet": bet,
            "status": status(state, i, hand),
        }
        if i in shown:  # R10.1: a tabled hand, and its equity while cards are to come
            entry["cards"] = [format_card(c) for c in shown[i]]
            entry["equity"] = figures.get(i)
        seats_out.append(entry)
    la = avail.legal
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
    pots = []
    if hand is not None and not hand.complete:
        pots = [
            {"amount": p.amount, "eligible": [s + 1 for s in p.eligible]} for p in hand_pots(hand)
        ]
    game = hand.variant.name if hand is not None else config.variant.name
    occupied = button is not None and state.seats[button] is not None
    dealt = hand is None or button in hand.seats
    return {
        "hand": hand.number if hand is not None else None,
        "game": game,
        "structure": config.structure.value,
        "blinds": blinds,
        "button": _n(button),
        "dead_button": button is not None and not (occupied and dealt),
        "sb": _n(hand.sb_seat) if hand is not None else None,
        "bb": _n(hand.bb_seat) if hand is not None else None,
        "posts": [
            {"seat": p.seat + 1, "kind": p.kind.value, "amount": p.amount}
            for p in (hand.posts if hand is not None else ())
        ],
        "to_act": _n(avail.to_act),
        "legal": legal,
        "seats": seats_out,
        "pots": pots,
        "board": [format_card(c) for c in hand.board] if hand is not None else [],
        "runs": hand.runs if hand is not None else 1,
        "run_boards": [
            [format_card(c) for c in run_board(hand, run)] for run in range(2, hand.runs + 1)
        ]
        if hand is not None
        else [],
        "complete": hand.complete if hand is not None else False,
    }


def tabled_equity(state: TableState) -> dict[int, dict[str, Any] | None]:
    """R10.3: each tabled hand's equity over the boards still to come, by seat.

    The same spot the table and the players' display show (:func:`all_in_spot`):
    empty unless nobody can bet, every hand still in is tabled and the board dealt so
    far is entered with cards to come; for a later run of a board run twice (R10.2),
    reckoned without the earlier runs' own cards.
    """
    spot = all_in_spot(state)
    if spot is None:
        return {}
    figures = _spot_equity(spot)
    return {
        seat: {
            "equity": round(f.equity, 4),
            "high": round(f.high, 4),
            "low": round(f.low, 4),
            "scoop": round(f.scoop, 4),
            "tie": round(f.tie, 4),
            "exact": figures.exact,
            "boards": figures.boards,
        }
        for (seat, _), f in zip(spot.hands, figures.hands, strict=True)
    }


@lru_cache(maxsize=4)
def _spot_equity(spot: AllInSpot) -> Equity:
    """The figures of one all-in spot, worked out once: every command prints the state
    while the spot lasts, and a pre-flop spot takes a fifth of a second to count."""
    hands = [(str(seat), cards) for seat, cards in spot.hands]
    return equity(spot.variant, spot.board, hands, dead=spot.dead)


def state_line(state: TableState, avail: Available) -> str:
    """The table in one sentence, for ``state``: hand, board, pots, who acts and how."""
    config = state.config
    if config is None:
        return "no session"
    hand = state.hand
    stakes = state.stakes or config.stakes
    blinds = f"{stakes.small_blind}/{stakes.big_blind}"
    game = f"{config.variant.name} {STRUCTURE_NAMES[config.structure]} {blinds}"
    if hand is None or hand.complete:
        done = f"; hand #{hand.number} is over" if hand is not None else ""
        nxt = "next to deal" if not avail.why_not_next else avail.why_not_next
        return f"{game}{done}; {nxt}"
    parts = [f"{game}, hand #{hand.number}, {hand.street.value}"]
    if hand.board:
        parts.append("board " + " ".join(format_card(c) for c in hand.board))
    parts.append("pot " + f"{hand.total:,}")
    la = avail.legal
    if la is not None:
        can = ["fold"] if la.can_fold else []
        can.append("check" if la.can_check else f"call {la.call_amount:,}")
        if la.can_bet_or_raise:
            can.append(la.describe_range())
        parts.append(f"{player_name(state, la.seat)} to act: {', '.join(can)}")
    elif avail.cards_due is not None:
        due = avail.cards_due
        what = f"run {due.run} of the board" if due.run > 1 else f"the {due.street.value}"
        parts.append(f"deal {what} ({due.count} card{'s' * (due.count > 1)})")
        if avail.allows(rq.RunItTwice):  # R10.1/R10.2: nobody can bet any more
            parts.append("all in: show the hands, runtwice if everyone agrees")
        figures = tabled_equity(state)
        if figures:  # R10.3
            parts.append("equity " + ", ".join(_share(state, s, f) for s, f in figures.items()))
    elif avail.showdown_due:
        parts.append("showdown: show or muck, then award")
    return "; ".join(parts)


def _share(state: TableState, seat: int, figure: dict[str, Any] | None) -> str:
    """``Ann 62%``, or ``Ann 62% (high 50%, low 75%)`` in a split game."""
    if figure is None:
        return player_name(state, seat)
    text = f"{player_name(state, seat)} {figure['equity']:.0%}"
    hand = state.hand
    if hand is not None and hand.variant.hilo:
        text += f" (high {figure['high']:.0%}, low {figure['low']:.0%})"
    return text


def ledger_line(state: TableState) -> str:
    """Every player's buy-ins, chips now and result, on one line."""
    lines = ledger_lines(state)
    if not lines:
        return "nobody has bought in yet"
    return "; ".join(
        f"{x.name}: in {x.buy_in + x.rebuys:,}, now {x.stack + x.cashed_out:,} ({x.net:+,})"
        for x in lines
    )
