"""The cards of an imported hand, checked as one deck would deal them.

A hand history names cards in three places: hole cards dealt, board cards (and the
later runs of a board run twice), cards shown at showdown. A file that repeats a card,
shows cards other than those dealt or deals the wrong number of hole cards could not
have been dealt, and replaying it would settle pots on cards nobody held.
"""

from __future__ import annotations

from omaha_tui.engine.hands.cards import CardError, format_card, parse_cards

from .phh import PhhError


def card_list(text: str, where: str) -> tuple[str, ...]:
    """Cards written together (``AhKd``) in the journal's spelling, or a :class:`PhhError`
    naming ``where``.

    >>> card_list("AhKd", "d db")
    ('Ah', 'Kd')
    """
    try:
        return tuple(format_card(c) for c in parse_cards(text))
    except CardError as e:
        raise PhhError(f"{where}: {e}") from None


class Deck:
    """One deck's worth of checks: no card twice anywhere, hole-card counts per game,
    shown cards equal to the cards dealt."""

    def __init__(self, hole_cards: int, game: str) -> None:
        self.hole_cards = hole_cards
        self.game = game
        self.seen: dict[str, str] = {}

    def take(self, cards: tuple[str, ...], where: str, whose: str) -> None:
        for card in cards:
            if card in self.seen:
                raise PhhError(
                    f"{where}: {card} is already {self.seen[card]}; a deck holds each card once"
                )
            self.seen[card] = whose

    def hole(self, cards: tuple[str, ...], where: str, label: str) -> None:
        if len(cards) != self.hole_cards:
            raise PhhError(
                f"{where}: {label} has {len(cards)} hole cards; {self.game} deals {self.hole_cards}"
            )
        self.take(cards, where, f"{label}'s hole card")

    def shown(
        self, cards: tuple[str, ...], dealt: tuple[str, ...] | None, where: str, label: str
    ) -> None:
        if dealt is None:
            self.hole(cards, where, label)
        elif sorted(cards) != sorted(dealt):
            raise PhhError(
                f"{where}: {label} shows {' '.join(cards)} but was dealt {' '.join(dealt)}"
            )
