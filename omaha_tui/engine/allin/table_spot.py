"""Whether a table's state is at an all-in spot, and with which cards and pots (R10.3).

When every player still in is all in (or all but one) and the hands are tabled, the
table wants each hand's chance before the rest of the board is dealt. This reads the
table's state and says whether that moment has come, as the frozen
:class:`~omaha_tui.engine.allin.spot.AllInSpot` the equity calculator takes.
"""

from __future__ import annotations

from omaha_tui.engine.allin.spot import AllInSpot
from omaha_tui.engine.rules.awards import board_parts, run_parts
from omaha_tui.engine.rules.pots import hand_pots
from omaha_tui.engine.state import HandState, TableState


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
