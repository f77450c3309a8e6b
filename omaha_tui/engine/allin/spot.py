"""The all-in spot: the tabled hands and the board when nobody can bet any more.

When every player still in is all in (or all but one) and the hands are tabled, the
table wants each hand's chance before the rest of the board is dealt (R10.3). This
module says *whether* that moment has come and with which cards, as frozen data the
dealer's table, the players' display and the console all hand to the equity
calculator (:mod:`omaha_tui.engine.allin.equity`), so they show the same figures.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from omaha_tui.engine.config import Variant
from omaha_tui.engine.rules.awards import board_parts, run_parts
from omaha_tui.engine.rules.pots import hand_pots
from omaha_tui.engine.state import HandState, TableState

if TYPE_CHECKING:  # the calculator loads when a spot comes, not with every table view
    from omaha_tui.engine.allin.equity import Equity


@dataclass(frozen=True)
class AllInSpot:
    """Hands tabled with the betting over and cards still to come (R10.3)."""

    variant: Variant
    board: tuple[int, ...]
    hands: tuple[tuple[int, tuple[int, ...]], ...]
    """(seat, hole cards) of every player still in, in dealing order."""
    dead: tuple[int, ...] = ()
    """Cards out of the deck that no board can hold: the earlier runs' own cards (R10.2)."""
    run: int = 1
    pots: tuple[tuple[int, tuple[int, ...]], ...] = ()
    """(amount, seats eligible) of each pot, main pot first; with the board run more
    than once, this run's part of each pot (R5.1, R10.2); on a double board, board 1's
    half of each pot (R13.2)."""
    board2: tuple[int, ...] = ()
    """Board 2 of a double board (R13.2), and ``pots2`` its half of each pot."""
    pots2: tuple[tuple[int, tuple[int, ...]], ...] = ()
    boards: int = 1


@lru_cache(maxsize=16)
def spot_equity(spot: AllInSpot, samples: int | None = None, seed: int = 0) -> Equity:
    """The spot's figures, the whole table's and each pot's among its claimants (R10.3).

    Remembered for the last few spots: a spot is frozen data and its figures a pure
    function of it, so the view after the next key (often the same spot) costs nothing.
    """
    from omaha_tui.engine.allin.equity import equity

    seats = [seat for seat, _ in spot.hands]
    hands = [(f"seat {seat + 1}", cards) for seat, cards in spot.hands]
    pots = [(amount, tuple(seats.index(s) for s in who)) for amount, who in spot.pots]
    if spot.boards > 1:  # R13.2(c): each board's half, per board, from one deck
        from omaha_tui.engine.allin.double_board import double_board_equity

        pots2 = [(amount, tuple(seats.index(s) for s in who)) for amount, who in spot.pots2]
        boards = (spot.board, spot.board2)
        return double_board_equity(spot.variant, boards, hands, (pots, pots2), samples, seed)
    return equity(spot.variant, spot.board, hands, spot.dead, samples, seed, pots=pots)


def _pots(hand: HandState, run: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    out = []
    for pot in hand_pots(hand):
        amount = run_parts(pot.amount, board_parts(hand), hand.stakes.chip)[run - 1]
        if pot.eligible:
            out.append((amount, pot.eligible))
    return tuple(out)


def all_in_spot(state: TableState) -> AllInSpot | None:
    """The spot to show equities for, or ``None`` when there is none now: a hand is
    running, someone still in is all in, nobody can act, every hand still in is tabled,
    the board is tracked and has cards to come.
    """
    hand = state.hand
    if hand is None or hand.complete or not hand.betting_over:
        return None
    live = hand.live
    shown = dict(hand.shown)
    if len(live) < 2 or not any(s in hand.all_in for s in live):
        return None
    if any(s not in shown for s in live):
        return None
    board = hand.board
    tabled = tuple((s, shown[s]) for s in live)
    if hand.run_due:
        # R10.2: the next run is dealt from what the earlier runs left in the deck.
        dead = (*board[hand.run_from :], *(c for r in hand.run_boards for c in r))
        run = hand.run_due
        shared = board[: hand.run_from]
        return AllInSpot(hand.variant, shared, tabled, dead, run, _pots(hand, run))
    from omaha_tui.engine.allin.equity import board_sizes

    if hand.boards > 1:  # R13.2(c): both boards entered, a card still to come on one
        two = hand.board2
        sizes = board_sizes(hand.variant)
        if hand.board_count != len(board) or hand.board2_count != len(two):
            return None
        if len(board) + len(two) >= 10 or len(board) not in sizes or len(two) not in sizes:
            return None
        return AllInSpot(
            hand.variant,
            board,
            tabled,
            pots=_pots(hand, 1),
            board2=two,
            pots2=_pots(hand, 2),
            boards=2,
        )
    if hand.board_count != len(board) or len(board) >= 5:
        return None

    if len(board) not in board_sizes(hand.variant):
        return None
    return AllInSpot(hand.variant, board, tabled, pots=_pots(hand, 1))
