"""Reading a whole showdown: every player's high and low, the winners, and why others lost.

Given a game, a board and the tabled hands, :func:`read_showdown` reads each hand under
R6/R7, names the high winners and (in split games) the low winners, and says for each
losing player which hand beat them in each half (R8.3). Ties are ties (R6.3); with no
qualifying low there are no low winners and the high takes the whole pot (R7.3).

This module divides no chips: pot amounts, side pots and odd chips belong to the
reducer's awards. It works on one set of hands contesting one pot.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from omaha_tui.engine.hands.cards import CardError, check_count, check_distinct
from omaha_tui.engine.hands.games import Variant, max_players
from omaha_tui.engine.hands.kickers import Decider, high_decider, low_decider
from omaha_tui.engine.hands.reading import HighReading, LowReading, read_high, read_low
from omaha_tui.engine.hands.spoken import join_words


class PlayerReading(NamedTuple):
    """One player's hand at showdown (a frozen named tuple, as the readings are).

    Attributes:
        name: the player's name.
        cards: the hole cards as tabled.
        high: the best high hand.
        low: the best eight-or-better low, or ``None`` (none qualifies or a high-only game).
        high_result: "wins the high", "ties for the high" or why the high was lost.
        low_result: the same for the low half; empty in high-only games.
        high_decider: against a winning high of the same category, the rank that
            decided (R8.3); ``None`` when the player won, tied or lost on category.
        low_decider: the same for the low half.
    """

    name: str
    cards: tuple[int, ...]
    high: HighReading
    low: LowReading | None
    high_result: str
    low_result: str
    high_decider: Decider | None = None
    low_decider: Decider | None = None


class ShowdownReading(NamedTuple):
    """Readings of every hand, winners by index into ``players``."""

    variant: Variant
    board: tuple[int, ...]
    players: tuple[PlayerReading, ...]
    high_winners: tuple[int, ...]
    low_winners: tuple[int, ...]

    @property
    def hilo(self) -> bool:
        return self.variant.hilo

    @property
    def notes(self) -> tuple[str, ...]:
        """Rule notes worth saying: no low (R7.3), a scoop (R7.6), split halves."""
        out: list[str] = []
        if self.hilo and not self.low_winners:
            out.append("no qualifying low: the high takes the whole pot (R7.3)")
        if len(self.high_winners) > 1:
            halves = self.hilo and bool(self.low_winners)  # with no low the high is the pot
            out.append(
                f"{'high ' if halves else ''}tie: the {'half' if halves else 'pot'} is split (R6.3)"
            )
        if len(self.low_winners) > 1:
            out.append("low tie: the low half is split (R7.5)")
        if self.hilo and len(self.high_winners) == 1 and self.low_winners == self.high_winners:
            out.append("scoop (R7.6)")
        return tuple(out)


def validate_deal(
    variant: Variant, board: Sequence[int], hands: Sequence[tuple[str, Sequence[int]]]
) -> None:
    """Refuse a showdown the game cannot produce: counts, duplicates, names, seats.

    >>> from omaha_tui.engine.hands.cards import parse_cards
    >>> from omaha_tui.engine.config import parse_game
    >>> validate_deal(parse_game("omaha6"), parse_cards("2c 3c 4c"),
    ...               [("Ann", parse_cards("Ah Kh Qh Jh"))])
    Traceback (most recent call last):
    ...
    omaha_tui.engine.hands.cards.CardError: Ann's hand has 4 cards: this game needs 6
    """
    if variant.binglao:
        raise CardError("Binglao's hole cards come from the die roll: give the roll (1 to 6)")
    if not 3 <= len(board) <= 5:
        raise CardError(
            f"the board has {len(board)} cards: a hand is read on a board of 3, 4 or 5 cards"
        )
    if not hands:
        raise CardError("no hands to read: give at least one")
    limit = max_players(variant)
    if len(hands) > limit:
        raise CardError(f"{len(hands)} hands: {variant.name} seats at most {limit} players (R1.3)")
    every = list(board)
    for _, cards in hands:
        every += cards
    # Whole numbers 0..51 and nothing else (not True, not 1.0), checked in one pass
    # over every card; the slow walk only runs to name the card that is not one.
    if not (_INT.issuperset(map(type, every)) and _CARD_INDEXES.issuperset(every)):
        for c in every:
            _check_index(c)
    names: set[str] = set()
    for name, cards in hands:
        if not name.strip() or name == "board":
            raise CardError(f'"{name}" cannot name a player: use a name other than "board"')
        if name in names:
            raise CardError(f"{name} appears twice: give each player one hand")
        names.add(name)
        if len(cards) != variant.hole_cards:
            check_count(cards, (variant.hole_cards,), f"{name}'s hand")
    if len(set(every)) != len(every):
        check_distinct({"board": board, **{name: cards for name, cards in hands}})


_CARD_INDEXES = frozenset(range(52))
_INT = frozenset({int})


def _check_index(card: int) -> None:
    if type(card) is not int or not 0 <= card < 52:
        raise CardError(f"{card!r} is not a card index: use 0..51")


def read_showdown(
    variant: Variant, board: Sequence[int], hands: Sequence[tuple[str, Sequence[int]]]
) -> ShowdownReading:
    """Read every hand and decide who wins each half (R6, R7, R8.3).

    >>> from omaha_tui.engine.hands.cards import parse_cards
    >>> from omaha_tui.engine.config import parse_game
    >>> r = read_showdown(parse_game("omaha8"), parse_cards("Kh 3d 4d 8s 2d"),
    ...                   [("H1", parse_cards("Ah 2s Qd Ks")), ("H2", parse_cards("6h 7h Td Jd"))])
    >>> r.high_winners, r.low_winners
    ((1,), (1,))
    >>> r.players[0].low_result
    "loses the low to H2's 7-6-4-3-2 low (7-6-4-3-2 beats 8-4-3-2-A: the seven decides)"
    """
    validate_deal(variant, board, hands)
    board = tuple(board)
    hilo = variant.hilo
    highs = [read_high(cards, board, check=False) for _, cards in hands]
    lows = [read_low(cards, board, check=False) if hilo else None for _, cards in hands]
    high_values = [h.value for h in highs]
    top = max(high_values)
    high_winners = tuple([i for i, v in enumerate(high_values) if v == top])
    low_values = [-1 if lo is None else lo.value for lo in lows]
    top = max(low_values)
    # R7.3: no qualifying low, no low winners
    low_winners = tuple([i for i, v in enumerate(low_values) if v == top]) if top >= 0 else ()
    names = [name for name, _ in hands]
    half = " the high" if hilo else ""
    best = highs[high_winners[0]]
    winners = join_words([f"{names[i]}'s" for i in high_winners])
    high_lost = f"loses{half} to {winners}"
    high_won = f"wins{half}" if len(high_winners) == 1 else f"ties for{half or ' the pot'}"
    low_lost = _low_lost(lows, low_winners, names) if hilo else ""
    players: list[PlayerReading] = []
    for i, (name, cards) in enumerate(hands):
        high, low = highs[i], lows[i]
        high_why = low_why = None
        if i in high_winners:
            high_result = high_won
        else:
            high_result = f"{high_lost} {best.description}"
            high_why = high_decider(best, high)  # R8.3: say why
            if high_why is not None:
                high_result += f" ({high_why.text})"
        if not hilo:
            low_result = ""
        elif i in low_winners:
            low_result = "wins the low" if len(low_winners) == 1 else "ties for the low"
        elif low is None:
            low_result = (
                f"no eight-or-better low: the low goes to {low_lost}"
                if low_winners
                else "no eight-or-better low (nobody has one)"
            )
        else:
            low_result = f"loses the low to {low_lost}"
            top_low = lows[low_winners[0]]
            assert top_low is not None  # a winner has a low
            low_why = low_decider(top_low, low)
            if low_why is not None:
                low_result += f" ({low_why.text})"
        players.append(
            PlayerReading(name, tuple(cards), high, low, high_result, low_result, high_why, low_why)
        )
    return ShowdownReading(variant, board, tuple(players), high_winners, low_winners)


def _low_lost(
    lows: Sequence[LowReading | None], winners: tuple[int, ...], names: Sequence[str]
) -> str:
    """Who took the low, with what: "Ann's 7-5-4-2-A low" (empty when nobody did)."""
    if not winners:
        return ""
    best = lows[winners[0]]
    assert best is not None  # a winner has a low
    who = join_words([f"{names[w]}'s" for w in winners])
    return f"{who} {best.description}"
