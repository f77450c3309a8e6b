"""Judging what a player announces ("I have a flush") against the 2 + 3 rule (R6.2, R6.4).

The cards speak (R6.4): :func:`explain_claim` compares a claim with the engine's reading
and, when the claim fails, says why in the words of R6.2: (a) a flush needs two hole
cards of the suit, (b) a straight needs two hole cards that fit three board cards,
(c) three or four of a kind in the hand play as one pair, (d) two pairs on the board
and one matching hole card is not a full house. It also judges low claims (R7.1).

This module only explains; it never changes a reading or a pot.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from omaha_tui.engine.hands import five_cards
from omaha_tui.engine.hands.cards import SUIT_NAMES, format_cards, rank_of, suit_of
from omaha_tui.engine.hands.reading import (
    HIGH_CATEGORIES,
    HandCategory,
    HighReading,
    check_hand,
    read_high,
    read_low,
)
from omaha_tui.engine.records import frozen

_SUIT_SINGULAR = ("club", "diamond", "heart", "spade")
_CLAIMS: dict[str, HandCategory] = {
    "high card": HandCategory.HIGH_CARD,
    "pair": HandCategory.PAIR,
    "one pair": HandCategory.PAIR,
    "two pair": HandCategory.TWO_PAIR,
    "two pairs": HandCategory.TWO_PAIR,
    "trips": HandCategory.THREE_OF_A_KIND,
    "set": HandCategory.THREE_OF_A_KIND,
    "three of a kind": HandCategory.THREE_OF_A_KIND,
    "straight": HandCategory.STRAIGHT,
    "flush": HandCategory.FLUSH,
    "full house": HandCategory.FULL_HOUSE,
    "full": HandCategory.FULL_HOUSE,
    "boat": HandCategory.FULL_HOUSE,
    "quads": HandCategory.FOUR_OF_A_KIND,
    "four of a kind": HandCategory.FOUR_OF_A_KIND,
    "straight flush": HandCategory.STRAIGHT_FLUSH,
    "royal flush": HandCategory.STRAIGHT_FLUSH,
    "royal": HandCategory.STRAIGHT_FLUSH,
}
_LOW_TOPS = {"low": 8, "wheel": 5, **{f"{n} low": n for n in range(5, 9)}}
_LOW_TOPS.update({f"{w} low": n for n, w in ((5, "five"), (6, "six"), (7, "seven"), (8, "eight"))})
CLAIM_NAMES: tuple[str, ...] = (*_CLAIMS, *_LOW_TOPS)


@frozen
class ClaimVerdict:
    """Whether a claim stands, and the reason in words."""

    stands: bool
    reason: str


def parse_claim(text: str) -> HandCategory | int:
    """A claimed high category, or the top card of a claimed low (8 for "low").

    >>> parse_claim("Trips"), parse_claim("7 low")
    (<HandCategory.THREE_OF_A_KIND: 'three of a kind'>, 7)
    >>> parse_claim("a big hand")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: "a big hand" is not a hand I can judge: say flush, straight, full house, ...
    """
    key = " ".join(text.lower().replace("-", " ").split())
    for prefix in ("i have ", "a ", "an "):
        key = key.removeprefix(prefix)
    if key in _CLAIMS:
        return _CLAIMS[key]
    if key in _LOW_TOPS:
        return _LOW_TOPS[key]
    raise ValueError(
        f'"{text}" is not a hand I can judge: say flush, straight, full house, trips, quads, '
        "two pair, pair, straight flush or low (8 low, 7 low...)"
    )


def explain_claim(hole: Sequence[int], board: Sequence[int], claim: str) -> ClaimVerdict:
    """Say whether a claimed hand stands under 2 + 3, and why not when it does not (R6.2).

    >>> from omaha_tui.engine.hands.cards import parse_cards
    >>> v = explain_claim(parse_cards("Ah 2c 3d 4s"), parse_cards("Kh Qh 9h 7h 2s"), "flush")
    >>> v.stands
    False
    >>> print(v.reason)  # doctest: +NORMALIZE_WHITESPACE
    only one heart in the hand: a flush needs two hole cards of the suit (R6.2a);
    the hand plays as pair of twos (Ah 2c from the hand, Kh Qh 2s on the board)
    """
    check_hand(hole, board)
    wanted = parse_claim(claim)
    if isinstance(wanted, int):
        return _explain_low(hole, board, wanted)
    best = read_high(hole, board)
    plays = f"the hand plays as {_cards_text(best)}"
    if best.category is wanted or (
        wanted is HandCategory.STRAIGHT_FLUSH and "royal" in claim.lower() and _royal(best)
    ):
        return ClaimVerdict(True, f"stands: {_cards_text(best)}")
    if wanted is HandCategory.STRAIGHT_FLUSH and "royal" in claim.lower():
        return ClaimVerdict(False, f"no royal flush under two plus three: {plays}")
    if best.category.strength > wanted.strength:
        return ClaimVerdict(True, f"stands, and better: {plays}")
    return ClaimVerdict(False, f"{_why_not(hole, board, wanted)}; {plays}")


def _royal(best: HighReading) -> bool:
    return best.category is HandCategory.STRAIGHT_FLUSH and rank_of(best.five[0]) == 12


def _cards_text(r: HighReading) -> str:
    hole, board = format_cards(r.hole_used), format_cards(r.board_used)
    return f"{r.description} ({hole} from the hand, {board} on the board)"


def _makes(cards: Sequence[int], wanted: HandCategory) -> bool:
    ranks = [rank_of(c) for c in cards]
    flush = len({suit_of(c) for c in cards}) == 1
    category = HIGH_CATEGORIES[five_cards.category_of(five_cards.rank_five(ranks, flush))]
    if wanted is HandCategory.STRAIGHT:
        return category in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH)
    if wanted is HandCategory.FLUSH:
        return category in (HandCategory.FLUSH, HandCategory.STRAIGHT_FLUSH)
    return category.strength >= wanted.strength


def _why_not(hole: Sequence[int], board: Sequence[int], wanted: HandCategory) -> str:
    """The R6.2 reason a claim fails, from the ways the cards would make it ignoring 2 + 3."""
    if wanted in (HandCategory.FLUSH, HandCategory.STRAIGHT_FLUSH):
        flush_reason = _flush_reason(hole, board)
        if flush_reason:
            return flush_reason
    hole_set = set(hole)
    uses = sorted(
        {
            sum(c in hole_set for c in five)
            for five in combinations((*hole, *board), 5)
            if _makes(five, wanted)
        }
    )
    name = wanted.value
    if not uses:
        return f"no five of these cards make a {name}"
    hole_counts = Counter(rank_of(c) for c in hole)
    if wanted in (
        HandCategory.THREE_OF_A_KIND,
        HandCategory.FULL_HOUSE,
        HandCategory.FOUR_OF_A_KIND,
    ):
        many = max(hole_counts.values())
        if many >= 3 and min(uses) >= 3:
            what = "three" if many == 3 else "four"
            return f"{what} of a kind in the hand plays as one pair (R6.2c)"
        board_pairs = [r for r, n in Counter(rank_of(c) for c in board).items() if n >= 2]
        if wanted is HandCategory.FULL_HOUSE and len(board_pairs) >= 2 and 1 in uses:
            return "two pairs on the board and one matching hole card is not a full house (R6.2d)"
    if wanted is HandCategory.STRAIGHT and 1 in uses:
        return (
            "the board has four to a straight but a straight needs two hole cards that fit "
            "three board cards (R6.2b)"
        )
    if 0 in uses and max(uses) < 2:
        return f"the board alone makes the {name}, but exactly two hole cards must play (R6.1)"
    if min(uses) >= 3:
        return f"the {name} needs {min(uses)} cards from the hand, but exactly two play (R6.1)"
    return f"the {name} needs {max(uses)} card from the hand, but exactly two play (R6.1)"


def _flush_reason(hole: Sequence[int], board: Sequence[int]) -> str:
    board_suits = Counter(suit_of(c) for c in board)
    hole_suits = Counter(suit_of(c) for c in hole)
    for suit, n in board_suits.most_common():
        if n < 3:
            break
        have = hole_suits[suit]
        if have < 2:
            word = _SUIT_SINGULAR[suit]
            count = "no" if have == 0 else "only one"
            return f"{count} {word} in the hand: a flush needs two hole cards of the suit (R6.2a)"
    for suit, n in hole_suits.most_common():
        if n >= 2 and board_suits[suit] < 3:
            on_board = board_suits[suit]
            count = {0: "no", 1: "only one", 2: "only two"}[on_board]
            plural = SUIT_NAMES[suit] if on_board != 1 else _SUIT_SINGULAR[suit]
            return (
                f"{count} {plural} on the board: a flush needs three board cards of the suit "
                "(R6.2a)"
            )
    return ""


def _explain_low(hole: Sequence[int], board: Sequence[int], top: int) -> ClaimVerdict:
    low = read_low(hole, board)
    claim = "a low" if top == 8 else f"a {top} low"
    if low is not None:
        text = f"{low.description} ({format_cards(low.hole_used)} from the hand)"
        if low.ranks[0] <= top:
            return ClaimVerdict(True, f"stands: {text}")
        return ClaimVerdict(False, f"no {top} low: the best low is {text}")
    board_low = {_low_rank(c) for c in board} - {0}
    hole_low = {_low_rank(c) for c in hole} - {0}
    if len(board_low) < 3:
        reason = f"{_ranks(len(board_low))} on the board: a low needs three (R7.1)"
    elif len(hole_low) < 2:
        reason = f"{_ranks(len(hole_low))} in the hand: a low needs two (R7.1)"
    else:
        reason = (
            "the hand's low cards pair the board: a low needs five different ranks, "
            "eight or lower (R7.1)"
        )
    return ClaimVerdict(False, f"no {claim[2:] if top != 8 else 'low'}: {reason}")


def _ranks(n: int) -> str:
    return (
        "no card eight or lower",
        "only one rank eight or lower",
        "only two ranks eight or lower",
    )[n]


def _low_rank(card: int) -> int:
    r = rank_of(card)
    if r == 12:
        return 1
    return r + 2 if r <= 6 else 0
