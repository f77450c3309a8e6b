"""The narrator's voice: how it says a name, an amount and cards, and what a seat put in.

Names people typed are data: by default they pass through ``labels.printable``; ``name``
and ``cards`` let History escape them for markup and colour cards without a second
narrator. Amounts are said in the table's unit (:func:`~omaha_tui.engine.units.amount_text`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from omaha_tui.engine.labels import player_name
from omaha_tui.engine.state import TableState
from omaha_tui.engine.units import amount_text

POST_NAMES = {
    "sb": "small blind",
    "bb": "big blind",
    "ante": "ante",
    "straddle": "straddle",
    "dead_sb": "dead small blind",
    "bomb": "the bomb",
}
STREETS = {1: "Early flop card", 3: "Flop", 4: "Turn", 5: "River"}

Names = Callable[[str], str]
Cards = Callable[[Sequence[str]], str]


def plain_cards(cards: Sequence[str]) -> str:
    return " ".join(cards)


class Teller:
    """Says names (``name``), cards (``cards``) and amounts (``decimals`` places) one way
    for the whole of a narration."""

    def __init__(self, name: Names, cards: Cards, decimals: int = 0) -> None:
        self.name, self.cards, self.decimals = name, cards, decimals

    def amt(self, chips: int, *, sign: bool = False) -> str:
        """An amount as the table counts it (:func:`~omaha_tui.engine.units.amount_text`)."""
        return amount_text(chips, self.decimals, sign=sign)

    def who(self, state: TableState, seat: int) -> str:
        return self.name(player_name(state, seat))

    def put_in(self, before: TableState, after: TableState, seat: int) -> int:
        """What ``seat`` put in between the two states of one hand, less what went back."""
        if before.hand is None or after.hand is None or after.hand.number != before.hand.number:
            return 0
        return (
            after.hand.committed[seat] - before.hand.committed[seat] + returned(before, after, seat)
        )


def dealt(state: TableState, board: int) -> int:
    """Cards dealt so far to ``board`` (1, or 2 of a double board, R13.2)."""
    hand = state.hand
    if hand is None:
        return 0
    return hand.board2_count if board == 2 else hand.board_count


def returned(before: TableState, after: TableState, seat: int) -> int:
    """What went back to ``seat`` between the two states of one hand (R4.6, R4.9)."""
    b, a = before.hand, after.hand
    if b is None or a is None or a.number != b.number:
        return 0
    return sum(n for s, n in a.returned[len(b.returned) :] if s == seat)
