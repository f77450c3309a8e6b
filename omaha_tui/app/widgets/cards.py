"""How a card looks on every screen: rank plus suit symbol, coloured by the theme.

One place decides the look of a card so that the table, the showdown, the history and
the setup screen all agree. A card is always its rank and its suit *symbol* (``A♥``),
so suits stay distinguishable without colour (R1.1, the themes' accessibility rule);
the colour comes from the active theme's ``$suit-*`` variables, resolved by Textual at
render time, so switching theme recolours every card at once.

Highlighted cards (the two hole and three board cards that make a winning hand) are
shown reversed and underlined, which also reads without colour. This module holds no
state and does not parse card text (see :mod:`.card_input`).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from textual.content import Content

from omaha_tui.engine.hands.cards import RANKS, SUIT_SYMBOLS

_SUIT_VARIABLE = ("$suit-clubs", "$suit-diamonds", "$suit-hearts", "$suit-spades")

FACE_DOWN = "[dim]▒▒[/]"
"""A card dealt but not recorded (the dealer tracks chips only)."""

EMPTY = "[dim]··[/]"
"""A card slot not dealt yet."""


def card_markup(card: int, *, highlight: bool = False) -> str:
    """Textual markup of one card: ``[bold $suit-hearts]A♥[/]``.

    Args:
        card: the engine's card int (0..51).
        highlight: mark the card as part of a winning five (reverse + underline).
    """
    rank, suit = RANKS[card >> 2], card & 3
    style = f"bold {_SUIT_VARIABLE[suit]}"
    if highlight:
        style += " reverse underline"
    return f"[{style}]{rank}{SUIT_SYMBOLS[suit]}[/]"


def cards_markup(cards: Iterable[int], highlight: Collection[int] = (), *, sep: str = " ") -> str:
    """Several cards, with the ones in ``highlight`` marked (see :func:`card_markup`)."""
    return sep.join(card_markup(c, highlight=c in highlight) for c in cards)


def cards_text(cards: Iterable[int], highlight: Collection[int] = (), *, sep: str = " ") -> Content:
    """Several cards as renderable content."""
    return Content.from_markup(cards_markup(cards, highlight, sep=sep))


def board_markup(cards: Iterable[int], untracked: int = 0, slots: int = 5) -> str:
    """A board: known cards, then face-down untracked cards, then empty slots."""
    parts = [card_markup(c) for c in cards]
    parts += [FACE_DOWN] * untracked
    parts += [EMPTY] * max(0, slots - len(parts))
    return "  ".join(parts)


def card_face(card: int | None, *, tall: bool = False, face_down: bool = False) -> list[str]:
    """A card drawn as a card: a small box with its rank and suit symbol in the suit's
    colour (3 lines, or 5 on a big screen), a face-down back, or an empty dotted slot.

    The frame uses the theme's muted text colour so that only the suit carries colour,
    and the symbol is always there, so a four-colour deck or none reads the same.
    """
    width = 5 if tall else 3
    if card is None:
        edge = "┄" * width
        mid = [f"[dim]┆{' ' * width}┆[/]"] * (3 if tall else 1)
        return [f"[dim]┌{edge}┐[/]", *mid, f"[dim]└{edge}┘[/]"]
    top, bottom = f"[$text-muted]╭{'─' * width}╮[/]", f"[$text-muted]╰{'─' * width}╯[/]"
    side = "[$text-muted]│[/]"
    if face_down:
        back = f"{side}[dim]{'▒' * width}[/]{side}"
        return [top, *[back] * (3 if tall else 1), bottom]
    rank, suit = RANKS[card >> 2], card & 3
    style = f"bold {_SUIT_VARIABLE[suit]}"
    symbol = SUIT_SYMBOLS[suit]
    if not tall:
        return [top, f"{side}[{style}]{rank}{symbol} [/]{side}", bottom]
    return [
        top,
        f"{side}[{style}]{rank}    [/]{side}",
        f"{side}[{style}]  {symbol}  [/]{side}",
        f"{side}[{style}]    {rank}[/]{side}",
        bottom,
    ]


def board_faces(
    cards: Iterable[int], untracked: int = 0, slots: int = 5, *, tall: bool = False
) -> str:
    """A board drawn as cards side by side: known cards, face-down ones, empty slots."""
    faces = [card_face(c, tall=tall) for c in cards]
    faces += [card_face(0, tall=tall, face_down=True)] * untracked
    faces += [card_face(None, tall=tall)] * max(0, slots - len(faces))
    return "\n".join(" ".join(row) for row in zip(*faces, strict=True))
