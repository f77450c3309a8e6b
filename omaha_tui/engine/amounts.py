"""Chip amounts typed by a dealer: whole chips in plain digits, or a clear refusal (R4.10).

Every box and question that takes a number of chips (the bet box, a rebuy, a chip
correction, a new player's buy-in) reads it here, so they all accept the same text and
refuse the rest with the same reasons. Nothing typed is ever changed into another
number: ``20.5`` is refused as a fraction, never read as ``205``; ``²`` or ``٣`` are
refused as not the digits 0 to 9, never read as 2 or 3.

This module only reads text; whether an amount is legal at the table is the engine's
betting rules' decision.
"""

from __future__ import annotations

import re

from omaha_tui.engine.labels import printable

CHIP_LIMIT = 10**12
"""The largest amount anyone may type: a trillion chips is no home game's stack."""

_GROUPED = re.compile(r"[0-9]{1,3}(,[0-9]{3})+")


class AmountError(ValueError):
    """Text that is not an amount of chips; the message names what is allowed."""


def parse_chips(text: str, what: str = "amount", *, signed: bool = False, chip: int = 1) -> int:
    """Read ``text`` as a whole number of chips, or raise :class:`AmountError`.

    Digits 0 to 9, optionally grouped by thousands (``1,000``); with ``signed`` a
    leading ``+`` or ``-``. Refused (R4.10): empty, negative, fractions, other digits,
    more than :data:`CHIP_LIMIT`, and amounts that are not a multiple of the smallest
    chip ``chip``.

    >>> parse_chips("1,500"), parse_chips("-20", "change", signed=True)
    (1500, -20)
    >>> parse_chips("20.5")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    omaha_tui.engine.amounts.AmountError: amount "20.5" is not a whole number of chips: ...
    >>> parse_chips("25", chip=5), parse_chips("27", chip=5)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    omaha_tui.engine.amounts.AmountError: amount 27 is not a multiple of the smallest chip 5: ...
    """
    raw = text.strip()
    body = raw
    sign = 1
    if signed and body[:1] in ("+", "-"):
        sign = -1 if body[0] == "-" else 1
        body = body[1:].strip()
    example = "+20 or -20" if signed else "20"
    if not body:
        raise AmountError(f"type the {what} in chips, e.g. {example}")
    if not signed and body[:1] == "-":
        raise AmountError(f'{what} "{raw}" is negative: amounts are 0 or more chips')
    digits = body.replace(",", "") if _GROUPED.fullmatch(body) else body
    if not (digits.isascii() and digits.isdigit()):
        if "." in body and body.replace(".", "", 1).replace(",", "").isdigit():
            why = "is not a whole number of chips"
        elif any(ch.isdigit() and not ch.isascii() for ch in body):
            why = "uses characters other than the digits 0 to 9"
        else:
            why = "is not a whole number of chips"
        raise AmountError(f'{what} "{_short(raw)}" {why}: type digits only, e.g. {example}')
    if len(digits) > 13 or int(digits) > CHIP_LIMIT:
        raise AmountError(f"{what} {_short(raw)} is more than {CHIP_LIMIT:,} chips: type less")
    amount = sign * int(digits)
    if chip > 1 and amount % chip:
        low = amount - amount % chip
        raise AmountError(
            f"{what} {amount} is not a multiple of the smallest chip {chip}: "
            f"use {low} or {low + chip}"
        )
    return amount


def _short(text: str) -> str:
    """Long input cut for the message, so an error stays one line."""
    text = printable(text)
    return text if len(text) <= 20 else text[:17] + "..."


__all__ = ["CHIP_LIMIT", "AmountError", "parse_chips"]
