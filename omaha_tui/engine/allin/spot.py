"""The all-in spot: the tabled hands and the board when nobody can bet any more.

When every player still in is all in (or all but one) and the hands are tabled, the
table wants each hand's chance before the rest of the board is dealt (R10.3). This
module holds that moment as frozen data, the cards and the pots, which the dealer's
table, the players' display and the console all hand to the equity calculator
(:mod:`omaha_tui.engine.allin.equity`), so they show the same figures; whether a table's
state is at such a moment is :mod:`.table_spot`. Neither this module nor the calculator
loads the table's state or its pydantic schemas: a spot's figures cost only the
counting.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from omaha_tui.engine.hands.games import Variant
from omaha_tui.engine.records import frozen

if TYPE_CHECKING:  # the calculator loads when a spot comes, not with every table view
    from omaha_tui.engine.allin.equity import Equity


@frozen
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
