"""Numbers a person types: chips (R4.10), whole counts, durations, stakes and levels.

Only the ASCII digits 0 to 9 are digits here. ``str.isdigit`` also says yes to ``²``,
``٣`` or ``߃``, and ``int()`` reads some of them as numbers, so a typed ``٣٠`` could
become a bet of 30; every reader below refuses them by name instead, in one line.
Nothing typed is ever changed into another number: ``20.5`` is refused as a
fraction, never read as ``205``.

This module only reads text; whether an amount is legal at the table is the engine's
betting rules' decision.
"""

from __future__ import annotations

import re

from pydantic import ValidationError

from omaha_tui.engine.config import Stakes
from omaha_tui.engine.errors import validation_message
from omaha_tui.engine.labels import printable
from omaha_tui.engine.rules.clock.schedule import BlindSchedule, Break, Level
from omaha_tui.engine.units import amount_text, read_amount

CHIP_LIMIT = 10**12
"""The largest amount anyone may type: a trillion chips is no home game's stack."""

_GROUPED = re.compile(r"[0-9]{1,3}(,[0-9]{3})+")
_DURATION = re.compile(r"(?:([0-9]+)h)?(?:([0-9]+)m)?(?:([0-9]+)s)?")


class GrammarError(ValueError):
    """Typed text that cannot be read; the message names what is wrong and what is allowed."""


class AmountError(GrammarError):
    """Text that is not an amount of chips (R4.10)."""


def digits_only(text: str) -> bool:
    """True for a run of the ASCII digits 0 to 9 (``"²".isdigit()`` is true; this is not).

    >>> digits_only("30"), digits_only("٣٠"), digits_only("²"), digits_only("")
    (True, False, False, False)
    """
    return bool(text) and text.isascii() and text.isdigit()


def short(text: str, limit: int = 20) -> str:
    """Typed text shown in a message: control characters escaped, long text cut, so the
    message stays one line."""
    text = printable(text)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _why_not_digits(body: str) -> str:
    if any(ch.isdigit() or ch.isnumeric() for ch in body if not ch.isascii()):
        return "uses characters other than the digits 0 to 9"
    return "is not a whole number of chips"


def parse_chips(
    text: str, what: str = "amount", *, signed: bool = False, chip: int = 1, decimals: int = 0
) -> int:
    """Read ``text`` as a whole number of chips, or raise :class:`AmountError` (R4.10).

    At a table that counts in decimals (``decimals`` places, a hand history's 0.25/0.50)
    the amount is typed as the table shows it (``1.50``) and returned in its smallest
    unit (150).

    Digits 0 to 9, optionally grouped by thousands (``1,000``); with ``signed`` a
    leading ``+`` or ``-``. Refused: empty, negative, fractions, other digits, more than
    :data:`CHIP_LIMIT`, and amounts that are not a multiple of the smallest chip ``chip``.

    >>> parse_chips("1,500"), parse_chips("-20", "change", signed=True)
    (1500, -20)
    >>> parse_chips("20.5")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    omaha_tui.session.grammar.numbers.AmountError: amount "20.5" is not a whole number of chips: ...
    >>> parse_chips("٣٠")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    omaha_tui.session.grammar.numbers.AmountError: amount "٣٠" uses characters other than ...
    >>> try:
    ...     parse_chips("27", chip=5)
    ... except AmountError as e:
    ...     print(e)
    amount 27 is not a multiple of the smallest chip 5: use 25 or 30
    >>> parse_chips("1.50", decimals=2), parse_chips("2", decimals=2)
    (150, 200)
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
        raise AmountError(f'{what} "{short(raw)}" is negative: amounts are 0 or more chips')
    if decimals and "." in body:  # a table that counts in decimals (R4.10 at its unit)
        units = read_amount(body, decimals)
        if units is None or not digits_only(body.replace(",", "").replace(".", "", 1)):
            example = amount_text(3 * 10**decimals // 2, decimals)
            raise AmountError(
                f'{what} "{short(raw)}" is not an amount of this table: type digits with at '
                f"most {decimals} decimal places, e.g. {example}"
            )
        if units > CHIP_LIMIT:
            raise AmountError(f"{what} {short(raw)} is too large: type less")
        return _multiple(sign * units, what, chip, decimals)
    digits = body.replace(",", "") if _GROUPED.fullmatch(body) else body
    if not digits_only(digits):
        raise AmountError(
            f'{what} "{short(raw)}" {_why_not_digits(body)}: type digits only, e.g. {example}'
        )
    if len(digits) > 13 or int(digits) * 10**decimals > CHIP_LIMIT:
        raise AmountError(f"{what} {short(raw)} is more than {CHIP_LIMIT:,} chips: type less")
    return _multiple(sign * int(digits) * 10**decimals, what, chip, decimals)


def _multiple(amount: int, what: str, chip: int, decimals: int) -> int:
    """``amount`` when it is a multiple of the smallest chip (R4.10), else why not."""
    if chip > 1 and amount % chip:
        low = amount - amount % chip

        def text(units: int) -> str:
            return amount_text(units, decimals) if decimals else str(units)

        raise AmountError(
            f"{what} {text(amount)} is not a multiple of the smallest chip {text(chip)}: "
            f"use {text(low)} or {text(low + chip)}"
        )
    return amount


def parse_whole(text: str, what: str, *, low: int = 0, high: int = CHIP_LIMIT) -> int:
    """A whole number from ``low`` to ``high`` in the digits 0 to 9 (a count, a seat, a die).

    >>> parse_whole("6", "die", low=1, high=6)
    6
    >>> parse_whole("7", "die", low=1, high=6)
    Traceback (most recent call last):
    ...
    omaha_tui.session.grammar.numbers.GrammarError: die "7" is not a whole number from 1 to 6
    """
    raw = text.strip()
    if not digits_only(raw) or len(raw) > 15 or not low <= int(raw) <= high:
        other = any(not ch.isascii() and ch.isnumeric() for ch in raw)
        extra = " (type the digits 0 to 9)" if other else ""
        raise GrammarError(
            f'{what} "{short(raw)}" is not a whole number from {low} to {high}{extra}'
        )
    return int(raw)


def parse_duration(text: str, what: str = "duration", *, unit: str = "m") -> int:
    """A length of time in whole seconds: ``30s``, ``10m``, ``1h30m``, ``12:30`` (minutes
    and seconds), or a bare number in ``unit`` (``"m"`` minutes by default, ``"s"``).

    >>> parse_duration("30s"), parse_duration("10"), parse_duration("1h30m"), parse_duration("2:30")
    (30, 600, 5400, 150)
    >>> parse_duration("10", unit="s")
    10
    >>> parse_duration("ten")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    omaha_tui.session.grammar.numbers.GrammarError: duration "ten" is not a time: ...
    """
    raw = text.strip().lower().replace(" ", "")
    seconds: int | None = None
    if digits_only(raw) and len(raw) <= 9:
        seconds = int(raw) * (60 if unit == "m" else 3600 if unit == "h" else 1)
    elif raw.count(":") == 1 and all(digits_only(p) and len(p) <= 6 for p in raw.split(":")):
        minutes, secs = raw.split(":")
        if int(secs) < 60:
            seconds = int(minutes) * 60 + int(secs)
    elif raw and raw.isascii() and (m := _DURATION.fullmatch(raw)) and any(m.groups()):
        h, mi, s = (int(g) if g and len(g) <= 9 else 0 for g in m.groups())
        seconds = h * 3600 + mi * 60 + s
    bare = {"m": "minutes", "s": "seconds", "h": "hours"}[unit]
    if seconds is None:
        raise GrammarError(
            f'{what} "{short(text.strip())}" is not a time: type e.g. 30s, 10m, 1h30m, '
            f"12:30 or a number of {bare}"
        )
    if seconds > 7 * 24 * 3600:
        raise GrammarError(f'{what} "{short(text.strip())}" is longer than a week: type less')
    return seconds


def _stakes_error(e: ValidationError) -> GrammarError:
    return GrammarError(validation_message(e))


def parse_stakes(text: str, chip: int = 1) -> Stakes:
    """``SB/BB`` or ``SB/BB/ANTE`` for a blind level (R2.7).

    >>> parse_stakes("2/4/1").ante
    1
    >>> try:
    ...     parse_stakes("2-4")
    ... except GrammarError as e:
    ...     print(e)
    "2-4" is not SB/BB or SB/BB/ante, e.g. 2/4 or 2/4/1
    """
    parts = [p.strip() for p in text.strip().split("/")]
    if len(parts) not in (2, 3) or not all(digits_only(p) and len(p) < 13 for p in parts):
        raise GrammarError(f'"{short(text.strip())}" is not SB/BB or SB/BB/ante, e.g. 2/4 or 2/4/1')
    sb, bb, *ante = (int(p) for p in parts)
    if bb == 0:
        raise GrammarError(f'"{short(text.strip())}": the big blind cannot be 0')
    try:
        return Stakes(small_blind=sb, big_blind=bb, ante=ante[0] if ante else 0, chip=chip)
    except ValidationError as e:
        raise _stakes_error(e) from None


def parse_blinds(text: str) -> tuple[int, int]:
    """``"1/2"`` -> (1, 2); ``"2"`` -> (0, 2): the small blind then follows R2.3.

    >>> parse_blinds("1/2"), parse_blinds("2")
    ((1, 2), (0, 2))
    """
    parts = [p.strip() for p in text.split("/")]
    if len(parts) not in (1, 2) or not all(digits_only(p) and len(p) < 13 for p in parts):
        raise GrammarError(f'blinds "{short(text.strip())}" are not SB/BB or BB, e.g. 1/2')
    nums = [int(p) for p in parts]
    return (0, nums[0]) if len(nums) == 1 else (nums[0], nums[1])


LEVEL_FORM = (
    "SB/BB[/ANTE]:TIME or break:TIME, e.g. 1/2:20,2/4:20,break:10,5/10/1:20 "
    "(/bbANTE: a big-blind ante; TIME in minutes, or 30s)"
)


def parse_level_item(text: str, chip: int = 1) -> Level | Break:
    """One item of a schedule (R2.7): a level ``5/10/1:20`` (``5/10/bb10:20``: a
    big-blind ante, R2.9) or a break ``break:10``; TIME as :func:`parse_duration`.

    >>> parse_level_item("5/10/bb10:30s").big_blind_ante, parse_level_item("break:10").seconds
    (True, 600)
    """
    part = text.strip()
    head, sep, when = part.partition(":")
    if not sep:
        raise GrammarError(f'"{short(part)}" has no time: {LEVEL_FORM}')
    seconds = parse_duration(when, f'"{short(part)}": time')
    if head.strip().lower() == "break":
        return Break(seconds=seconds)
    nums = [n.strip().lower() for n in head.split("/")]
    bb_ante = len(nums) == 3 and nums[2].startswith("bb")
    if bb_ante:
        nums[2] = nums[2][2:]
    if len(nums) not in (2, 3) or not all(digits_only(n) and len(n) < 13 for n in nums):
        raise GrammarError(f'level "{short(part)}" is not {LEVEL_FORM}')
    sb, bb, *ante = (int(n) for n in nums)
    if bb == 0:
        raise GrammarError(f'level "{short(part)}": the big blind cannot be 0')
    try:
        level = Level(
            small_blind=sb,
            big_blind=bb,
            ante=ante[0] if ante else 0,
            big_blind_ante=bb_ante,
            seconds=seconds,
        )
        level.stakes(chip)  # a small blind over the big blind, an amount off the chip
    except ValidationError as e:
        raise GrammarError(f'level "{short(part)}": {_stakes_error(e)}') from None
    return level


def parse_levels(text: str, chip: int = 1) -> BlindSchedule:
    """A blind schedule ``"1/2:20,2/4:20,break:10,5/10/1:20"``: levels and breaks in the
    order they run (R2.7).

    >>> s = parse_levels("1/2:20, 2/4/1:15, break:30s, 5/10/bb10:20")
    >>> [type(i).__name__ for i in s.items], [lv.big_blind for lv in s.levels]
    (['Level', 'Level', 'Break', 'Level'], [2, 4, 10])
    >>> try:
    ...     parse_levels("1-2:20")
    ... except GrammarError as e:
    ...     print(str(e)[:40].rstrip())
    level "1-2:20" is not SB/BB[/ANTE]:TIME
    """
    items = [parse_level_item(p, chip) for p in text.split(",") if p.strip()]
    if not any(isinstance(i, Level) for i in items):
        raise GrammarError(f"a blind schedule needs at least one level: {LEVEL_FORM}")
    try:
        return BlindSchedule(items=tuple(items), chip=chip)
    except ValidationError as e:
        raise _stakes_error(e) from None


__all__ = [
    "CHIP_LIMIT",
    "LEVEL_FORM",
    "AmountError",
    "GrammarError",
    "digits_only",
    "parse_blinds",
    "parse_chips",
    "parse_duration",
    "parse_level_item",
    "parse_levels",
    "parse_stakes",
    "parse_whole",
    "short",
]
