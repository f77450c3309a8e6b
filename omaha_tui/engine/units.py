"""The table's unit: amounts as the table counts them, on every screen, line and file.

The engine keeps every amount as an integer of the table's smallest unit. A table
whose amounts have decimals (a PHH file's blinds 0.01/0.02, or 0.25/0.50) says so in
:attr:`~omaha_tui.engine.config.TableConfig.decimals`; people and files see the amount
divided by ``10**decimals``, exactly. :func:`amount_text` is the one way an amount
becomes text, :func:`unit_value` the one way it becomes a number in a file, and
:func:`read_amount` reads a typed amount back at the table's scale.
"""

from __future__ import annotations

import re
from decimal import Decimal

_TYPED = re.compile(r"([+-]?)([0-9]{1,3}(?:,[0-9]{3})+|[0-9]*)(?:\.([0-9]*))?")


def unit_value(chips: int, decimals: int = 0) -> Decimal:
    """An amount as the table counts it, exactly: integer units over ``10**decimals``.

    >>> unit_value(3, 2), unit_value(5075, 2), unit_value(200)
    (Decimal('0.03'), Decimal('50.75'), Decimal('200'))
    """
    return Decimal(chips).scaleb(-decimals) if decimals else Decimal(chips)


def unit_text(decimals: int = 0) -> str:
    """The table's smallest amount as text: ``1`` for whole chips, ``0.01`` for cents.

    >>> unit_text(), unit_text(2)
    ('1', '0.01')
    """
    return str(unit_value(1, decimals))


def amount_text(chips: int, decimals: int = 0, *, sign: bool = False, group: bool = True) -> str:
    """An amount as the table counts it, for every screen, line and file people read.

    A whole amount has no decimals and any other shows all of the table's (``0.50``,
    ``50.75``, ``100``). ``sign``: ``+`` before gains and nothing (``+0``), as Python's
    ``+`` format; ``group``: thousands separated.

    >>> amount_text(1500), amount_text(3, 2), amount_text(50, 2), amount_text(5075, 2)
    ('1,500', '0.03', '0.50', '50.75')
    >>> amount_text(10000, 2), amount_text(-20, sign=True), amount_text(35, 1, sign=True)
    ('100', '-20', '+3.5')
    >>> amount_text(0, sign=True)
    '+0'
    """
    whole, part = divmod(abs(chips), 10**decimals)
    body = f"{whole:,}" if group else str(whole)
    if part:
        body += f".{part:0{decimals}d}"
    mark = "-" if chips < 0 else ("+" if sign else "")
    return mark + body


def read_amount(text: str, decimals: int) -> int | None:
    """A typed amount as the table counts it (``0.50`` at a table of cents) in integers
    of the smallest unit; ``None`` when it is not digits with at most ``decimals`` places
    (the caller's grammar says why, R4.10).

    >>> read_amount("0.50", 2), read_amount("12", 2), read_amount("-1.5", 2)
    (50, 1200, -150)
    >>> read_amount("1,000.25", 2), read_amount("0.005", 2), read_amount("2.5", 0)
    (100025, None, None)
    """
    found = _TYPED.fullmatch(text.strip())
    if found is None:
        return None
    sign, whole, part = found.group(1), found.group(2).replace(",", ""), found.group(3)
    if part is not None and (len(part) > decimals or not (whole or part)):
        return None
    if not whole and not part:
        return None
    units = int(whole or "0") * int(10**decimals) + int((part or "").ljust(decimals, "0") or "0")
    return -units if sign == "-" else units


__all__ = ["amount_text", "read_amount", "unit_text", "unit_value"]
