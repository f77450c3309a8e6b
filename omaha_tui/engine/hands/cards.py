"""Cards as small integers, and their text at the edges (R1.1).

Inside the engine a card is an ``int`` in ``0..51``: ``rank * 4 + suit`` with ranks
``0..12`` for 2..A and suits ``0..3`` for clubs, diamonds, hearts, spades. That order
makes a larger integer a higher card under the button-draw order of R1.4 (rank, then
suit clubs < diamonds < hearts < spades), and it keeps evaluation tables compact.

Text only exists at the edges: :func:`parse_cards` accepts what a dealer types
(``Ah``, ``ah``, ``10h``, ``A♥``, with or without spaces or commas) and every error
names the bad token and says what is allowed. This module does no hand evaluation.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"
RANK_NAMES = (
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
    "ace",
)
RANK_PLURALS = tuple("sixes" if n == "six" else n + "s" for n in RANK_NAMES)
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
DECK: tuple[int, ...] = tuple(range(52))

_ALLOWED = "use rank 2-9,T,J,Q,K,A (or 10) and suit c,d,h,s (or ♣♦♥♠)"
_SYMBOL_TO_SUIT = {sym: SUITS[i] for i, sym in enumerate(SUIT_SYMBOLS)}
# Variation selectors sometimes follow the suit symbols when pasted (♥️).
_SYMBOL_TO_SUIT.update({sym + "\ufe0f": s for sym, s in list(_SYMBOL_TO_SUIT.items())})
_TOKEN = re.compile(r"(10|[2-9TJQKAtjqka1])\s*([cdhsCDHS♣♦♥♠]\ufe0f?)")


class CardError(ValueError):
    """Raised for card text that is malformed, duplicated or of the wrong count.

    The message always names what is wrong and what is allowed, so the UI and the
    CLI can show it as it is.
    """


def rank_of(card: int) -> int:
    """Rank index 0..12 (2..A).

    >>> rank_of(parse_card("Ah"))
    12
    """
    return card >> 2


def suit_of(card: int) -> int:
    """Suit index 0..3 (c, d, h, s).

    >>> suit_of(parse_card("Ah"))
    2
    """
    return card & 3


def make_card(rank: int, suit: int) -> int:
    """The card of rank index ``rank`` and suit index ``suit``."""
    return rank * 4 + suit


def parse_card(text: str) -> int:
    """Parse one card such as ``Ah``, ``td``, ``10c`` or ``K♠``.

    >>> parse_card("2c"), parse_card("As"), parse_card("10h") == parse_card("Th")
    (0, 51, True)
    >>> parse_card("1x")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    omaha_tui.engine.hands.cards.CardError: "1x" is not a card: ...
    """
    token = text.strip()
    m = _TOKEN.fullmatch(token)
    if m is None or m.group(1) == "1":
        raise CardError(f'"{token}" is not a card: {_ALLOWED}')
    rank_txt, suit_txt = m.group(1), m.group(2)
    rank = RANKS.index("T" if rank_txt == "10" else rank_txt.upper())
    suit_char = _SYMBOL_TO_SUIT.get(suit_txt, suit_txt.lower())
    return make_card(rank, SUITS.index(suit_char))


def parse_cards(text: str | Iterable[str]) -> tuple[int, ...]:
    """Parse a run of cards: ``"AhKd7c"``, ``"ah kd 7c"``, ``"Ah, Kd, 7c"`` or a list.

    Duplicates inside the run are refused here (naming the card); duplicates across
    several hands are checked by :func:`check_distinct`.

    >>> [format_card(c) for c in parse_cards("AhKd 10c,2♠")]
    ['Ah', 'Kd', 'Tc', '2s']
    >>> parse_cards("Ah Zz")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    omaha_tui.engine.hands.cards.CardError: "Zz" is not a card: ...
    """
    cards = _scan(text) if isinstance(text, str) else tuple(parse_card(t) for t in text)
    seen: set[int] = set()
    for c in cards:
        if c in seen:
            raise CardError(f"{format_card(c)} appears twice: each card exists once in the deck")
        seen.add(c)
    return cards


def _scan(text: str) -> tuple[int, ...]:
    """Split free text into card tokens, reporting the first thing that is not a card."""
    out: list[int] = []
    pos = 0
    n = len(text)
    while pos < n:
        ch = text[pos]
        if ch.isspace() or ch in ",;":
            pos += 1
            continue
        m = _TOKEN.match(text, pos)
        if m is None or m.group(1) == "1":
            end = pos
            while end < n and not text[end].isspace() and text[end] not in ",;":
                end += 1
            bad = text[pos:end]
            # Show the smallest offending piece: the first two characters of a glued run.
            if len(bad) > 3 and _TOKEN.match(bad) is None:
                bad = bad[:2]
            raise CardError(f'"{bad}" is not a card: {_ALLOWED}')
        out.append(parse_card(m.group(0).replace(" ", "")))
        pos = m.end()
    return tuple(out)


def format_card(card: int) -> str:
    """Two-character text of a card: ``Ah``.

    >>> format_card(51)
    'As'
    """
    if not 0 <= card < 52:
        raise CardError(f"{card} is not a card index: use 0..51")
    return RANKS[card >> 2] + SUITS[card & 3]


def format_cards(cards: Iterable[int], sep: str = " ") -> str:
    """Text of several cards.

    >>> format_cards(parse_cards("AhKd"))
    'Ah Kd'
    """
    return sep.join(format_card(c) for c in cards)


def card_texts(text: str | None) -> tuple[str, ...]:
    """Cards as typed (``"ah kd 7c"``, ``"10d"``, suit symbols) -> canonical texts (R1.1).

    >>> card_texts("ah 10d"), card_texts(None)
    (('Ah', 'Td'), ())
    """
    return tuple(format_card(c) for c in parse_cards(text or ""))


def card_symbol(card: int) -> str:
    """Card with its suit symbol, for display: ``A♥``."""
    return RANKS[card >> 2] + SUIT_SYMBOLS[card & 3]


def card_name(card: int) -> str:
    """Spoken name: ``queen of spades``.

    >>> card_name(parse_card("Qs"))
    'queen of spades'
    """
    return f"{RANK_NAMES[card >> 2]} of {SUIT_NAMES[card & 3]}"


def check_distinct(groups: Mapping[str, Sequence[int]]) -> None:
    """Refuse a card that appears in more than one place (board and hands).

    ``groups`` maps a place name (``"board"``, ``"board 2"`` of a double board,
    ``"Ann"``) to its cards.

    >>> check_distinct({"board": parse_cards("Ah Kd 7c"), "Ann": parse_cards("Ah 2s 3s 4s")})
    Traceback (most recent call last):
    ...
    omaha_tui.engine.hands.cards.CardError: Ah appears twice: on the board and in Ann's hand
    """
    where: dict[int, str] = {}
    for place, cards in groups.items():
        for c in cards:
            if place == "board":
                label = "on the board"
            elif place.startswith("board "):  # R13.2: "board 2" of a double board
                label = f"on {place}"
            else:
                label = f"in {place}'s hand"
            if c in where:
                first = where[c]
                if first == label:
                    raise CardError(f"{format_card(c)} appears twice {label}")
                raise CardError(f"{format_card(c)} appears twice: {first} and {label}")
            where[c] = label


def check_count(cards: Sequence[int], allowed: Iterable[int], what: str) -> None:
    """Refuse a wrong number of cards, naming the allowed counts.

    >>> check_count(parse_cards("Ah Kd"), (4,), "Ann's hand")
    Traceback (most recent call last):
    ...
    omaha_tui.engine.hands.cards.CardError: Ann's hand has 2 cards: this game needs 4
    """
    ok = tuple(allowed)
    if len(cards) not in ok:
        need = " or ".join(str(n) for n in ok)
        raise CardError(f"{what} has {len(cards)} cards: this game needs {need}")
