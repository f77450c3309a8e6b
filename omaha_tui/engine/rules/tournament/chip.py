"""The tournament's chip (R11.7): the smallest chip in play, a setting of the tournament.

By default it is 25 when every blind and ante of the schedule is a multiple of 25, else
the largest chip that divides them all. A colour-up (R11.4) raises it for the rest of the
tournament, so a later level is never played in a smaller chip, and a colour-up that a
level still to come cannot be played in is refused with that level named. Nothing here
reads a clock or draws a card.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from math import gcd

from omaha_tui.engine.rules.clock.schedule import Level

HOME_CHIP = 25
"""R11.7: the default chip when the schedule allows it."""

DECK_SIZE = 52


def level_amounts(level: Level) -> tuple[int, ...]:
    """The amounts a level is played in: its blinds and its ante (0s left out).

    >>> level_amounts(Level(small_blind=50, big_blind=100, ante=100, big_blind_ante=True))
    (50, 100, 100)
    """
    return tuple(a for a in (level.small_blind, level.big_blind, level.ante) if a)


def default_chip(amounts: Iterable[int]) -> int:
    """R11.7: 25 when every amount is a multiple of 25, else the largest chip dividing them
    all (1 when there is nothing to divide).

    >>> default_chip([25, 50, 50, 100, 100, 200, 25]), default_chip([10, 20, 15, 30])
    (25, 5)
    >>> default_chip([1, 2]), default_chip([]), default_chip([100, 200, 300, 600])
    (1, 1, 25)
    """
    common = 0
    for a in amounts:
        common = gcd(common, a)
    if common == 0:
        return 1
    return HOME_CHIP if common % HOME_CHIP == 0 else common


def level_refusal(number: int, level: Level, chip: int) -> str:
    """Why level ``number`` cannot be played in ``chip`` chips, or ``""`` when it can.

    >>> level_refusal(3, Level(small_blind=75, big_blind=150), 50)
    'level 3 (75/150) cannot be played in 50 chips: its small blind 75 is not a multiple of 50'
    >>> level_refusal(2, Level(small_blind=100, big_blind=200), 50)
    ''
    """
    for what, amount in (
        ("small blind", level.small_blind),
        ("big blind", level.big_blind),
        ("big-blind ante" if level.big_blind_ante else "ante", level.ante),
    ):
        if amount % chip:
            return (
                f"level {number} ({_short(level)}) cannot be played in {chip:,} chips: "
                f"its {what} {amount:,} is not a multiple of {chip:,}"
            )
    return ""


def levels_refusal(levels: Sequence[tuple[int, Level]], chip: int) -> str:
    """R11.7: why a chip of ``chip`` is refused for the levels still to come (number,
    level), naming the first level it cannot be played in, or ``""``."""
    for number, level in levels:
        why = level_refusal(number, level, chip)
        if why:
            return why
    return ""


def suggested_chip(levels: Sequence[Level], chip: int) -> int | None:
    """A new chip to offer at a colour-up (R11.4, R11.7): the next level's small blind
    when every level still to come can be played in it, else the largest chip they all
    can, or ``None`` when no chip bigger than ``chip`` fits them all.

    >>> lv = [Level(small_blind=100, big_blind=200), Level(small_blind=300, big_blind=600)]
    >>> suggested_chip(lv, 25)
    100
    >>> suggested_chip([Level(small_blind=200, big_blind=400),
    ...                 Level(small_blind=300, big_blind=600)], 25)
    100
    >>> suggested_chip([Level(small_blind=25, big_blind=50)], 25) is None
    True
    """
    amounts = [a for lv in levels for a in level_amounts(lv)]
    if not amounts:
        return None
    common = 0
    for a in amounts:
        common = gcd(common, a)
    first = levels[0].small_blind
    if first > chip and first % chip == 0 and common % first == 0:
        return first
    if common > chip and common % chip == 0:
        return common
    return None


def decks_needed(cards: int) -> int:
    """How many 52-card decks a chip race of ``cards`` cards needs (R11.4).

    >>> decks_needed(52), decks_needed(75), decks_needed(200)
    (1, 2, 4)
    """
    return max(1, -(-cards // DECK_SIZE))


def deck_refusal(cards: int) -> str:
    """Why a race of ``cards`` cards is not drawn from one deck, or ``""`` (R11.4).

    >>> deck_refusal(200)
    'the race needs 200 race cards, four decks: deal it at the table and name who won (R11.4)'
    """
    if cards <= DECK_SIZE:
        return ""
    decks = decks_needed(cards)
    count = _NUMBERS.get(decks, f"{decks:,}")
    return (
        f"the race needs {cards:,} race cards, {count} decks: deal it at the table and "
        "name who won (R11.4)"
    )


_NUMBERS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def _short(level: Level) -> str:
    text = f"{level.small_blind:,}/{level.big_blind:,}"
    if level.ante:
        text += f"/{'bb' if level.big_blind_ante else ''}{level.ante:,}"
    return text
