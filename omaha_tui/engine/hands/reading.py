"""Readings of one hand: what it is, in words, and exactly which 2 + 3 cards make it.

A reading is what the dealer announces and what a player can check: the category, the
value (from :mod:`evaluate`, comparable between players), the five cards, which two hole
cards and which three board cards (R6.1), a short description ("king-high straight",
"7-5-4-2-A low") and a sentence for speech. Claims ("I have a flush") are judged in
:mod:`claims`; whole showdowns in :mod:`showdown`.

This module does not decide pots and does not speak; it only describes.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from functools import cache
from typing import NamedTuple

from omaha_tui.engine.hands import evaluate, five_cards
from omaha_tui.engine.hands.best_cards import high_detail, low_detail
from omaha_tui.engine.hands.cards import RANK_NAMES, RANK_PLURALS, CardError, format_card, rank_of
from omaha_tui.engine.hands.spoken import cards_sentence, low_spoken


class HandCategory(StrEnum):
    """Hand categories, weakest first (R6.3); ``LOW`` is an eight-or-better low (R7.1)."""

    HIGH_CARD = "high card"
    PAIR = "pair"
    TWO_PAIR = "two pair"
    THREE_OF_A_KIND = "three of a kind"
    STRAIGHT = "straight"
    FLUSH = "flush"
    FULL_HOUSE = "full house"
    FOUR_OF_A_KIND = "four of a kind"
    STRAIGHT_FLUSH = "straight flush"
    LOW = "low"

    @property
    def strength(self) -> int:
        """Order of the high categories, 0 (high card) to 8 (straight flush); 9 for LOW."""
        return _ORDER.index(self)


_ORDER = tuple(HandCategory)
HIGH_CATEGORIES = _ORDER[:9]


class HighReading(NamedTuple):
    """The best high hand under 2 + 3 (R6.1, R6.3).

    Attributes:
        category: the hand category.
        value: totally ordered value from :func:`evaluate.high_value` (larger wins).
        five: the five cards, deciding cards first (a wheel reads 5-4-3-2-A).
        hole_used: the two hole cards that play.
        board_used: the three board cards that play.
        description: "three queens", "king-high straight".

    Readings are frozen named tuples rather than frozen dataclasses: ``read --batch``
    makes one per hand and half for thousands of deals, and a tuple is built several
    times faster than a frozen dataclass sets its fields one by one.
    """

    category: HandCategory
    value: int
    five: tuple[int, ...]
    hole_used: tuple[int, int]
    board_used: tuple[int, int, int]
    description: str

    @property
    def sentence(self) -> str:
        """The description with the cards, in the order they decide, for speech."""
        flush = self.category in (HandCategory.FLUSH, HandCategory.STRAIGHT_FLUSH)
        hole_order = [x for x in self.five if x in self.hole_used]
        board_order = [x for x in self.five if x in self.board_used]
        return cards_sentence(self.description, hole_order, board_order, flush)


class LowReading(NamedTuple):
    """The best eight-or-better low under 2 + 3 (R7.1, R7.2).

    Attributes:
        category: always ``HandCategory.LOW``.
        value: from :func:`evaluate.low_value` (larger wins).
        ranks: the low's ranks highest first, ace as 1: ``(7, 5, 4, 2, 1)``.
        five, hole_used, board_used: the cards, as for :class:`HighReading`.
        description: "7-5-4-2-A low".

    A frozen named tuple, as :class:`HighReading` is.
    """

    category: HandCategory
    value: int
    ranks: tuple[int, ...]
    five: tuple[int, ...]
    hole_used: tuple[int, int]
    board_used: tuple[int, int, int]
    description: str

    @property
    def spoken(self) -> str:
        """The low's ranks in words, highest first: "seven-five-four-two-ace"."""
        return low_spoken(self.ranks)

    @property
    def sentence(self) -> str:
        """The low in words with the two hole cards and the three board cards."""
        hole_order = sorted(self.hole_used, key=_low_key, reverse=True)
        board_order = sorted(self.board_used, key=_low_key, reverse=True)
        hole_words = "-".join(spoken_rank(x) for x in hole_order)
        board_words = ", ".join(spoken_rank(x) for x in board_order[:-1])
        board_words += f" and {spoken_rank(board_order[-1])}"
        return f"{self.spoken} low, {hole_words} from the hand with the {board_words}"


def check_hand(hole: Sequence[int], board: Sequence[int]) -> None:
    """Refuse counts no Omaha game reads and cards that appear twice (R1.1, R6.1).

    >>> from omaha_tui.engine.hands.cards import parse_cards
    >>> check_hand(parse_cards("Ah Kh Qh"), parse_cards("2c 3c 4c"))
    Traceback (most recent call last):
    ...
    omaha_tui.engine.hands.cards.CardError: the hand has 3 cards: Omaha hands hold 4, 5 or 6
    """
    if not 4 <= len(hole) <= 6:
        raise CardError(f"the hand has {len(hole)} cards: Omaha hands hold 4, 5 or 6")
    if not 3 <= len(board) <= 5:
        raise CardError(
            f"the board has {len(board)} cards: a hand is read on a board of 3, 4 or 5 cards"
        )
    for c in (*hole, *board):
        if not isinstance(c, int) or not 0 <= c < 52:
            raise CardError(f"{c!r} is not a card index: use 0..51")
    where: dict[int, str] = {}
    for place, cards in (("in the hand", hole), ("on the board", board)):
        for c in cards:
            if c in where:
                first = where[c]
                at = f" {place}" if first == place else f": {first} and {place}"
                raise CardError(f"{format_card(c)} appears twice{at}")
            where[c] = place


@cache  # 7,462 values exist; a showdown's words for each are worked out once
def describe_high(value: int) -> str:
    """Words for a high value: "aces full of kings", "pair of twos", "royal flush".

    >>> describe_high(five_cards.rank_five([12, 12, 12, 11, 11], False))
    'aces full of kings'
    >>> describe_high(five_cards.rank_five([3, 2, 1, 0, 12], False))
    'five-high straight'
    """
    category = five_cards.category_of(value)
    r = five_cards.value_ranks(value)
    name, plural = RANK_NAMES, RANK_PLURALS
    if category == five_cards.STRAIGHT_FLUSH:
        return "royal flush" if r[0] == 12 else f"{name[r[0]]}-high straight flush"
    if category == five_cards.QUADS:
        return f"four {plural[r[0]]}"
    if category == five_cards.FULL_HOUSE:
        return f"{plural[r[0]]} full of {plural[r[1]]}"
    if category == five_cards.FLUSH:
        return f"{name[r[0]]}-high flush"
    if category == five_cards.STRAIGHT:
        return f"{name[r[0]]}-high straight"
    if category == five_cards.TRIPS:
        return f"three {plural[r[0]]}"
    if category == five_cards.TWO_PAIR:
        return f"two pair, {plural[r[0]]} and {plural[r[1]]}"
    if category == five_cards.PAIR:
        return f"pair of {plural[r[0]]}"
    return f"{name[r[0]]} high"


def _display_order(five: Sequence[int], value: int) -> tuple[int, ...]:
    """The five cards deciding first: groups by size then rank, kickers high to low, a
    wheel as 5-4-3-2-A; cards of one rank by suit, as the card order has them."""
    s = sorted(five, reverse=True)  # by rank, then suit
    return tuple(map(s.__getitem__, _display_places(value)))


_GROUP_SIZES = {
    five_cards.QUADS: (4, 1),
    five_cards.FULL_HOUSE: (3, 2),
    five_cards.TRIPS: (3, 1, 1),
    five_cards.TWO_PAIR: (2, 2, 1),
    five_cards.PAIR: (2, 1, 1, 1),
}


@cache  # 7,462 high values: each one's order is worked out once
def _display_places(value: int) -> tuple[int, ...]:
    """Where each card of a hand of ``value`` goes, taken from its five cards sorted
    high to low. A high value fixes the five ranks (every group's rank is stored in it,
    :func:`five_cards.value_ranks`), so it fixes this order too.

    >>> _display_places(five_cards.rank_five([3, 2, 1, 0, 12], False))  # the wheel
    (1, 2, 3, 4, 0)
    >>> _display_places(five_cards.rank_five([11, 11, 2, 2, 2], False))  # threes full
    (2, 3, 4, 0, 1)
    """
    category = value >> five_cards.CATEGORY_SHIFT
    ranks = five_cards.value_ranks(value)
    if category in (five_cards.STRAIGHT, five_cards.STRAIGHT_FLUSH):
        return (1, 2, 3, 4, 0) if ranks[0] == 3 else (0, 1, 2, 3, 4)  # R6.3: the wheel
    # The groups' ranks are stored in deciding order; their sizes make up the five.
    sizes = _GROUP_SIZES.get(category, (1, 1, 1, 1, 1))
    high_to_low = sorted(
        (r for r, n in zip(ranks, sizes, strict=True) for _ in range(n)), reverse=True
    )
    return tuple(i for r in ranks for i, x in enumerate(high_to_low) if x == r)


def read_high(hole: Sequence[int], board: Sequence[int], *, check: bool = True) -> HighReading:
    """Read the best high hand: exactly two hole cards and three board cards (R6.1).

    ``check=False`` skips :func:`check_hand` for callers that validated the deal already.

    >>> from omaha_tui.engine.hands.cards import format_cards, parse_cards
    >>> r = read_high(parse_cards("Ts 9c 9h 2d"), parse_cards("2h Jc Qc Ks Ad"))
    >>> r.description, format_cards(r.hole_used), format_cards(r.board_used)
    ('king-high straight', 'Ts 9c', 'Jc Qc Ks')
    """
    if check:
        check_hand(hole, board)
    value, (i, j), (a, b, c) = high_detail(hole, board)
    hole_used = (hole[i], hole[j])
    board_used = (board[a], board[b], board[c])
    return HighReading(
        HIGH_CATEGORIES[value >> five_cards.CATEGORY_SHIFT],
        value,
        _display_order(hole_used + board_used, value),
        hole_used,
        board_used,
        describe_high(value),
    )


def _low_key(card: int) -> int:
    r = card >> 2  # rank_of, inlined: every low sorts its five
    return 1 if r == 12 else r + 2


def read_low(hole: Sequence[int], board: Sequence[int], *, check: bool = True) -> LowReading | None:
    """Read the best eight-or-better low, or ``None`` when none qualifies (R7.1).

    ``check=False`` skips :func:`check_hand`, as for :func:`read_high`.

    >>> from omaha_tui.engine.hands.cards import parse_cards
    >>> read_low(parse_cards("Ah 2s Kh Ks"), parse_cards("4h 5c 7h Qs Ad")).description
    '7-5-4-2-A low'
    >>> read_low(parse_cards("Ah 2s Kh Ks"), parse_cards("9h Tc Jh Qs Ad")) is None
    True
    """
    if check:
        check_hand(hole, board)
    found = low_detail(hole, board)
    if found is None:
        return None
    value, (i, j), (a, b, c) = found
    hole_used = (hole[i], hole[j])
    board_used = (board[a], board[b], board[c])
    ranks, description = _low_words(value)
    return LowReading(
        HandCategory.LOW,
        value,
        ranks,
        _low_order(hole_used + board_used),
        hole_used,
        board_used,
        description,
    )


def _low_order(five: tuple[int, ...]) -> tuple[int, ...]:
    """A low's five cards highest first, the ace last (five different ranks, R7.1).

    >>> from omaha_tui.engine.hands.cards import format_cards, parse_cards
    >>> format_cards(_low_order(parse_cards("4h Ad 7h 2s 5c")))
    '7h 5c 4h 2s Ad'
    """
    s = sorted(five, reverse=True)  # the ace, if any, first
    return (*s[1:], s[0]) if s[0] >> 2 == 12 else tuple(s)


@cache
def _low_words(value: int) -> tuple[tuple[int, ...], str]:
    """A low value's ranks and description (56 lows exist: each is worked out once)."""
    ranks = evaluate.low_ranks(value)
    return ranks, "-".join("A" if r == 1 else str(r) for r in ranks) + " low"


def spoken_rank(card: int) -> str:
    """Rank of a card in words: ``queen``.

    >>> spoken_rank(0)
    'two'
    """
    return RANK_NAMES[rank_of(card)]
