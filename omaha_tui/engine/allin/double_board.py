"""Equity on a double board (R13.2c): each hand's share of each pot half, per board.

Both boards' remaining cards come from one deck, so the boards are not independent; but
a hand's share of board 1's half depends on board 1 alone, and by symmetry every
completion of board 1 is equally likely whatever board 2 will be: the cards board 2 has
already shown are simply out of the deck for it. So each board's figures are the
single-board figures (:func:`~omaha_tui.engine.allin.equity.equity`) with the other
board's known cards dead, exact wherever a single board is, and the pot's figures are
the two halves' figures weighted by the chips each half holds. This is the same number
as walking every pair of boards dealt from one deck (a test checks it), in a thousandth
of the time.

Nothing here reads the state: :mod:`.spot` hands over the boards, hands and pots.
"""

from __future__ import annotations

from collections.abc import Sequence

from omaha_tui.engine.allin.equity import equity
from omaha_tui.engine.allin.figures import Equity, HandEquity, PotEquity
from omaha_tui.engine.hands.games import Variant


def double_board_equity(
    variant: Variant,
    boards: tuple[Sequence[int], Sequence[int]],
    hands: Sequence[tuple[str, Sequence[int]]],
    pots: tuple[Sequence[tuple[int, Sequence[int]]], Sequence[tuple[int, Sequence[int]]]] = (
        (),
        (),
    ),
    samples: int | None = None,
    seed: int = 0,
) -> Equity:
    """The whole pot's figures over both boards, with each board's own in ``per_board``.

    ``pots``: per board, each pot's part on that board ``(amount, claimants)`` (R13.2:
    the halves, odd chip to board 1).

    >>> from omaha_tui.engine.hands.cards import parse_cards as p
    >>> from omaha_tui.engine.hands.games import parse_game
    >>> e = double_board_equity(parse_game("omaha"), (p("Ah 7h 2c Kd"), p("3s 4s 9d Td")),
    ...     [("Ann", p("Kh Qh 3c 4d")), ("Bob", p("7c 7d 9s Ts"))])
    >>> [round(b.hands[0].equity, 3) for b in e.per_board], round(e.hands[0].equity, 3)
    ([0.306, 0.278], 0.292)
    """
    one = equity(variant, boards[0], hands, boards[1], samples, seed, pots=pots[0])
    two = equity(variant, boards[1], hands, boards[0], samples, seed, pots=pots[1])
    return combine((one, two), (_chips(pots[0]), _chips(pots[1])))


def _chips(pots: Sequence[tuple[int, Sequence[int]]]) -> int:
    return sum(amount for amount, _ in pots)


def combine(per_board: tuple[Equity, Equity], chips: tuple[int, int]) -> Equity:
    """The pot's figures from each board's, weighted by the chips of each board's half
    (equal halves when no pots are given)."""
    w1, w2 = chips if sum(chips) else (1, 1)
    one, two = per_board
    hands = tuple(_mix(a, b, w1, w2) for a, b in zip(one.hands, two.hands, strict=True))
    pots = tuple(
        PotEquity(
            p.amount + q.amount,
            p.claimants,
            tuple(
                _mix(a, b, p.amount or 1, q.amount) for a, b in zip(p.hands, q.hands, strict=True)
            ),
        )
        for p, q in zip(one.pots, two.pots, strict=True)
    )
    expected = tuple(a + b for a, b in zip(one.expected, two.expected, strict=True))
    return Equity(
        hands,
        one.boards + two.boards,
        one.exact and two.exact,
        None if one.exact and two.exact else one.seed,
        pots,
        expected,
        per_board,
    )


def _mix(a: HandEquity, b: HandEquity, wa: int, wb: int) -> HandEquity:
    if wa + wb == 0:  # an empty pot: its halves weigh alike
        wa = wb = 1
    total = wa + wb

    def avg(x: float, y: float) -> float:
        return (x * wa + y * wb) / total

    return HandEquity(
        avg(a.equity, b.equity),
        avg(a.high, b.high),
        avg(a.low, b.low),
        avg(a.scoop, b.scoop),
        avg(a.tie, b.tie),
        max(a.margin, b.margin),
    )


__all__ = ["combine", "double_board_equity"]
