"""The words a hand is said in, built as plain text (R8.3): a list joined with "and",
a low's ranks, and one hand's two cards from the hand and three from the board.

Sentences name the two hole cards by rank ("queen-queen from the hand") and the three
board cards by rank, naming the suit where it matters: a board card that pairs a hole
card, and the suit of a flush. What is said of a whole showdown is
:mod:`.showdown_words`, over these.

This module builds text only: it does not evaluate hands and does not make sound.
"""

from __future__ import annotations

from collections.abc import Sequence

from omaha_tui.engine.hands.cards import RANK_NAMES, SUIT_NAMES, card_name, rank_of, suit_of

LOW_WORDS = ("ace", "two", "three", "four", "five", "six", "seven", "eight")


def join_words(words: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``.

    >>> join_words(["ace", "seven"]), join_words(["Ann", "Bob", "Cy"])
    ('ace and seven', 'Ann, Bob and Cy')
    """
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def low_spoken(ranks: Sequence[int]) -> str:
    """A low's ranks (highest first, ace as 1) in words: ``seven-five-four-two-ace``.

    >>> low_spoken((7, 5, 4, 2, 1))
    'seven-five-four-two-ace'
    """
    return "-".join(LOW_WORDS[r - 1] for r in ranks)


def cards_sentence(
    description: str, hole_used: Sequence[int], board_used: Sequence[int], flush: bool = False
) -> str:
    """One hand in words: what it is, which two from the hand, which three from the board.

    >>> from omaha_tui.engine.hands.cards import parse_cards
    >>> cards_sentence("three queens", parse_cards("Qh Qd"), parse_cards("Qs Ad 7h"))
    'three queens, queen-queen from the hand with the queen of spades, ace and seven'
    >>> cards_sentence("jack-high flush", parse_cards("Jd 6d"), parse_cards("Kd 4d 3d"), True)
    'jack-high flush, jack-six from the hand with the king, four and three of diamonds'
    """
    hole = "-".join(RANK_NAMES[rank_of(c)] for c in hole_used)
    if flush:
        ranks = join_words([RANK_NAMES[rank_of(c)] for c in board_used])
        board = f"{ranks} of {SUIT_NAMES[suit_of(board_used[0])]}"
    else:
        hole_ranks = {rank_of(c) for c in hole_used}
        board = join_words(
            [
                card_name(c) if rank_of(c) in hole_ranks else RANK_NAMES[rank_of(c)]
                for c in board_used
            ]
        )
    return f"{description}, {hole} from the hand with the {board}"
