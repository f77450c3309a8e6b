"""The all-in spot: the tabled hands and the board when nobody can bet any more.

When every player still in is all in (or all but one) and the hands are tabled, the
table wants each hand's chance before the rest of the board is dealt (R10.3). This
module says *whether* that moment has come and with which cards, as frozen data the
dealer's table, the players' display and the console all hand to the equity
calculator (:mod:`omaha_tui.engine.allin.equity`), so they show the same figures.
"""

from __future__ import annotations

from dataclasses import dataclass

from omaha_tui.engine.allin.equity import board_sizes
from omaha_tui.engine.config import Variant
from omaha_tui.engine.state import TableState


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
        return AllInSpot(hand.variant, board[: hand.run_from], tabled, dead, hand.run_due)
    if hand.board_count != len(board) or len(board) >= 5:
        return None
    if len(board) not in board_sizes(hand.variant):
        return None
    return AllInSpot(hand.variant, board, tabled)
