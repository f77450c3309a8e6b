"""Which card decides between two hands of the same kind (R6.3, R7.2, R8.3).

"Dee: ace-high flush, loses to Cy's ace-high flush" settles nothing at a table: the
app must say *why*. Between hands of one category the five cards are compared rank by
rank, deciding cards first (pairs before kickers, the top of a straight); the first
rank that differs decides. Lows compare from the highest card down and the lower card
wins (R7.2). This module finds that rank and says it two ways: for the screen and
``read`` (``A-K-Q-J-7 beats A-K-7-6-5: the queen decides``) and for speech
(``Cy's queen beats Dee's seven``).

This module only explains: who wins is decided by the values in :mod:`evaluate`.
"""

from __future__ import annotations

from itertools import groupby
from typing import NamedTuple

from omaha_tui.engine.hands.cards import RANK_NAMES, RANK_PLURALS, RANKS
from omaha_tui.engine.hands.reading import HighReading, LowReading

LOW_NAMES = ("ace", "two", "three", "four", "five", "six", "seven", "eight")


class Decider(NamedTuple):
    """The first difference between a winning and a losing hand of one category (a
    frozen named tuple, as the readings are).

    Attributes:
        winner_ranks: the winner's five ranks, deciding first (``A-K-Q-J-7``).
        loser_ranks: the loser's, in the same order.
        winner_card: the winner's deciding rank in words (``queen``, ``kings``).
        loser_card: the loser's deciding rank in words.
        plural: the deciding ranks are a pair or more (``kings beat queens``).
    """

    winner_ranks: str
    loser_ranks: str
    winner_card: str
    loser_card: str
    plural: bool

    @property
    def text(self) -> str:
        """For the screen and ``read``: ``A-K-Q-J-7 beats A-K-7-6-5: the queen decides``."""
        verb = "decide" if self.plural else "decides"
        return f"{self.winner_ranks} beats {self.loser_ranks}: the {self.winner_card} {verb}"

    def spoken(self, winner: str, loser: str) -> str:
        """For speech: ``Cy's queen beats Dee's seven``."""
        verb = "beat" if self.plural else "beats"
        return f"{winner}'s {self.winner_card} {verb} {loser}'s {self.loser_card}"


def high_decider(winner: HighReading, loser: HighReading) -> Decider | None:
    """The deciding rank between two high hands of one category, else ``None``
    (different categories say enough; equal hands tie, R6.3).

    >>> from omaha_tui.engine.hands.cards import parse_cards
    >>> from omaha_tui.engine.hands.reading import read_high
    >>> board = parse_cards("Ah Kh 7h 2c 3d")
    >>> cy = read_high(parse_cards("Qh Jh 9s 9c"), board)
    >>> dee = read_high(parse_cards("6h 5h 8s 8c"), board)
    >>> high_decider(cy, dee).text
    'A-K-Q-J-7 beats A-K-7-6-5: the queen decides'
    """
    if winner.category != loser.category or winner.value == loser.value:
        return None
    w, lo = _grouped(winner.five), _grouped(loser.five)
    for (wr, size), (lr, _) in zip(w, lo, strict=True):
        if wr != lr:
            names = RANK_PLURALS if size > 1 else RANK_NAMES
            return Decider(
                "-".join([RANKS[c >> 2] for c in winner.five]),
                "-".join([RANKS[c >> 2] for c in loser.five]),
                names[wr],
                names[lr],
                size > 1,
            )
    return None


def _grouped(five: tuple[int, ...]) -> list[tuple[int, int]]:
    """Ranks with their counts in the reading's order (deciding first): a reading
    keeps each group's cards together, so a group is a run of one rank; a wheel's ace
    stays last, pairs come before kickers."""
    return [(r, len(list(run))) for r, run in groupby(c >> 2 for c in five)]


def low_decider(winner: LowReading, loser: LowReading) -> Decider | None:
    """The deciding rank between two qualifying lows, highest card down (R7.2).

    >>> from omaha_tui.engine.hands.cards import parse_cards
    >>> from omaha_tui.engine.hands.reading import read_low
    >>> board = parse_cards("4h 5c 7h Qs Ad")
    >>> ann = read_low(parse_cards("Ah 2s Kh Ks"), board)
    >>> bob = read_low(parse_cards("As 3s Qh Qd"), board)
    >>> low_decider(ann, bob).text
    '7-5-4-2-A beats 7-5-4-3-A: the two decides'
    """
    if winner.value == loser.value:
        return None
    for wr, lr in zip(winner.ranks, loser.ranks, strict=True):
        if wr != lr:
            return Decider(
                _low_text(winner.ranks),
                _low_text(loser.ranks),
                LOW_NAMES[wr - 1],
                LOW_NAMES[lr - 1],
                False,
            )
    return None


def _low_text(ranks: tuple[int, ...]) -> str:
    return "-".join("A" if r == 1 else str(r) for r in ranks)


__all__ = ["Decider", "high_decider", "low_decider"]
