"""Fast card entry: an ``Input`` that reads cards as they are typed (R1.1).

The dealer types ``AhKd7c``, ``ah kd 7c`` or ``A♥ K♦``; after every keystroke the
field says what it has read ("3 of 4 cards: A♥ K♦ 7♣") or what is wrong, naming the
card ("Ah appears twice: on the board and in Ann's hand"). A half-typed last card
(``AhK``) is not an error yet. Parsing and the checks live in the pure function
:func:`check_cards`, so they are tested without a terminal; the widget only shows the
result in its border (as text: typed brackets and control characters are shown, never
read as markup) and marks itself ``-invalid``.

This module does not decide what the cards mean; the screen that holds the field
does that with the engine.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from textual.validation import ValidationResult, Validator
from textual.widgets import Input

from omaha_tui.engine.hands.cards import (
    CardError,
    card_symbol,
    check_count,
    check_distinct,
    parse_cards,
)
from omaha_tui.engine.markup_safe import shown

Others = Callable[[], Mapping[str, Sequence[int]]]
"""Cards already entered elsewhere (``{"board": ..., "Ann": ...}``), for duplicates."""

_PENDING = re.compile(r"(10|1|[2-9TJQKAtjqka])$")


@dataclass(frozen=True)
class CardCheck:
    """What a card field holds right now.

    Attributes:
        cards: the cards read so far (without a half-typed last one).
        error: what is wrong, naming the card; ``None`` when nothing is wrong yet.
        complete: the count is one the game allows and there is no error.
        status: one line for the field's border: the error, or progress.
    """

    cards: tuple[int, ...]
    error: str | None
    complete: bool
    status: str


def check_cards(
    text: str,
    counts: Sequence[int],
    place: str,
    others: Mapping[str, Sequence[int]] | None = None,
) -> CardCheck:
    """Read ``text`` as the cards of ``place`` and check them as the dealer types.

    Args:
        text: what is in the field.
        counts: card counts the game allows here (``(4,)`` for an Omaha hand,
            ``(3, 4, 5)`` for a board).
        place: ``"board"`` or a player's name, used in messages.
        others: cards already entered in other places, to flag duplicates across them.
    """
    pending = ""
    stripped = text.rstrip()
    try:
        cards = parse_cards(stripped)
    except CardError as exc:
        m = _PENDING.search(stripped)
        if m is None:
            return CardCheck((), str(exc), False, str(exc))
        try:
            cards = parse_cards(stripped[: m.start()])
        except CardError:
            return CardCheck((), str(exc), False, str(exc))
        pending = m.group(1)
    error = _problem(cards, counts, place, others)
    if error is not None:
        return CardCheck(cards, error, False, error)
    need = max(counts)
    complete = not pending and len(cards) in counts
    shown = " ".join(card_symbol(c) for c in cards)
    if pending:
        shown = f"{shown} {pending}…".strip()
    if not cards and not pending:
        status = f"type {_needed(counts)} cards, e.g. AhKd7c"
    else:
        status = f"{len(cards)} of {need}: {shown}"
    return CardCheck(cards, None, complete, status)


def _needed(counts: Sequence[int]) -> str:
    return " or ".join(str(n) for n in counts)


def _problem(
    cards: tuple[int, ...],
    counts: Sequence[int],
    place: str,
    others: Mapping[str, Sequence[int]] | None,
) -> str | None:
    what = "the board" if place == "board" else f"{place}'s hand"
    if len(cards) > max(counts):
        try:
            check_count(cards, counts, what[0].upper() + what[1:])
        except CardError as exc:
            return str(exc)
    groups = {k: v for k, v in (others or {}).items() if k != place}
    try:
        check_distinct({**groups, place: cards})
    except CardError as exc:
        return str(exc)
    return None


class CardsValidator(Validator):
    """Textual validator wrapping :func:`check_cards` (an empty field is valid)."""

    def __init__(self, counts: Sequence[int], place: str, others: Others | None = None) -> None:
        super().__init__()
        self.counts = tuple(counts)
        self.place = place
        self.others = others

    def check(self, value: str) -> CardCheck:
        return check_cards(value, self.counts, self.place, self.others() if self.others else None)

    def validate(self, value: str) -> ValidationResult:
        result = self.check(value)
        return self.failure(result.error, value) if result.error else self.success()


class CardInput(Input):
    """An ``Input`` for cards with live feedback in its bottom border.

    Read :attr:`check` for the parsed cards; the field carries ``-invalid`` while the
    text has an error and ``-complete`` once it holds a full, clean set of cards.
    """

    DEFAULT_CSS = """
    CardInput { border-subtitle-align: left; }
    CardInput.-invalid { border-subtitle-color: $error; }
    CardInput.-complete { border-subtitle-color: $success; }
    """

    def __init__(
        self,
        value: str = "",
        *,
        counts: Sequence[int],
        place: str,
        others: Others | None = None,
        placeholder: str = "e.g. AhKd7c",
        id: str | None = None,  # noqa: A002 - Textual's own name for it
        classes: str | None = None,
    ) -> None:
        self.cards_validator = CardsValidator(counts, place, others)
        super().__init__(
            value,
            placeholder=placeholder,
            validators=[self.cards_validator],
            validate_on=["changed", "submitted"],
            id=id,
            classes=classes,
        )

    @property
    def check(self) -> CardCheck:
        """The field's cards, error and status as of now."""
        return self.cards_validator.check(self.value)

    @property
    def own_cards(self) -> tuple[int, ...]:
        """The cards read from this field alone (no cross-field duplicate check)."""
        v = self.cards_validator
        return check_cards(self.value, v.counts, v.place).cards

    def validate(self, value: str) -> ValidationResult | None:
        result = super().validate(value)
        self.refresh_status()
        return result

    def refresh_status(self) -> None:
        """Re-check (another field may have changed) and show the status line."""
        check = self.check
        # The status repeats what was typed and the player's name: text, never markup
        # or terminal escapes.
        self.border_subtitle = shown(check.status)
        self.set_class(check.error is not None, "-invalid")
        self.set_class(check.complete, "-complete")
