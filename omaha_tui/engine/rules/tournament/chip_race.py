"""The colour-up's chip race (R11.4): retiring the smallest chip at a break.

Each stack's chips that make whole new chips are changed up; what is left over (the
stack modulo the new smallest chip) is raced. The new chips in the race are the total
leftover divided by the new chip, rounded to the nearest whole chip (a half rounds up).
One card is dealt per retired chip of leftover; the highest cards win the new chips one
each, from the highest down, at most one to a player; a player the race would leave
with nothing gets one new chip. The cards are given (drawn by a front end or entered by
the dealer), so the race is a pure function and replays exactly.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Generic, TypeVar

from omaha_tui.engine.hands.cards import format_card
from omaha_tui.engine.records import frozen

K = TypeVar("K", bound=Hashable)


class RaceError(ValueError):
    """A colour-up that cannot be run as asked; the message says why."""


@frozen
class RaceResult(Generic[K]):
    """What a chip race did: the new stacks, who won a chip, and the change in the total.

    ``leftover`` is each racing player's leftover in chips; ``won`` the players who won
    a new chip in the race; ``given`` those given one so as not to be raced out;
    ``change`` is the total after less the total before (rounding and chips given).
    """

    stacks: dict[K, int]
    leftover: dict[K, int]
    race_chips: int
    won: tuple[K, ...]
    given: tuple[K, ...]
    change: int


def leftovers(stacks: Mapping[K, int], new_chip: int) -> dict[K, int]:
    """Each stack's leftover that does not make a whole new chip (only those not 0).

    >>> leftovers({"A": 1250, "B": 1100, "C": 75}, 100)
    {'A': 50, 'B': 0, 'C': 75}
    """
    return {k: s % new_chip for k, s in stacks.items() if s > 0}


def race_chips(total_leftover: int, new_chip: int) -> int:
    """The new chips raced for: the leftover in new chips, a half rounding up (R11.4).

    >>> race_chips(150, 100), race_chips(149, 100), race_chips(250, 100)
    (2, 1, 3)
    """
    return (2 * total_leftover + new_chip) // (2 * new_chip)


def cards_needed(stacks: Mapping[K, int], old_chip: int, new_chip: int) -> dict[K, int]:
    """How many race cards each player gets: one per retired chip of leftover.

    >>> cards_needed({"A": 1250, "B": 1100, "C": 75}, 25, 100)
    {'A': 2, 'C': 3}
    """
    _check(old_chip, new_chip)
    return {k: left // old_chip for k, left in leftovers(stacks, new_chip).items() if left}


def chip_race(
    stacks: Mapping[K, int],
    old_chip: int,
    new_chip: int,
    cards: Mapping[K, Sequence[int]] | None = None,
    winners: Sequence[K] | None = None,
) -> RaceResult[K]:
    """Colour up ``stacks`` from ``old_chip`` to ``new_chip`` (R11.4).

    Either ``cards`` (each racing player's race cards, engine card numbers) decide the
    race, or the dealer names the ``winners`` (as many as there are race chips, each
    with a leftover). Stacks of 0 are left alone.

    >>> from omaha_tui.engine.hands.cards import parse_cards
    >>> r = chip_race({"A": 1250, "B": 1125, "C": 75}, 25, 100,
    ...               cards={"A": parse_cards("Kh 2c"), "B": parse_cards("Qs"),
    ...                      "C": parse_cards("3d 4d 5c")})
    >>> r.stacks, r.won, r.given, r.change
    ({'A': 1300, 'B': 1200, 'C': 100}, ('A', 'B'), ('C',), 150)
    """
    _check(old_chip, new_chip)
    left = leftovers(stacks, new_chip)
    racing = {k: v for k, v in left.items() if v}
    chips = race_chips(sum(racing.values()), new_chip)
    if winners is None:
        need = cards_needed(stacks, old_chip, new_chip)
        given_cards = dict(cards or {})
        for k, n in need.items():
            got = tuple(given_cards.get(k, ()))
            if len(got) != n:
                raise RaceError(f"{k} races {racing[k]} chips and needs {n} cards, not {len(got)}")
        extra = [k for k in given_cards if k not in need and given_cards[k]]
        if extra:
            raise RaceError(f"{extra[0]} has no leftover to race and gets no cards")
        seen: set[int] = set()
        for k in need:
            for c in given_cards[k]:
                if c in seen:
                    raise RaceError(f"race card {format_card(c)} is dealt twice")
                seen.add(c)
        ranked = sorted(need, key=lambda k: -max(given_cards[k]))
        won = tuple(ranked[:chips])
    else:
        won = tuple(winners)
        if len(won) != chips:
            raise RaceError(f"the race is for {chips} new chips: name {chips} winners")
        if len(set(won)) != len(won):
            raise RaceError("a player wins at most one new chip in the race")
        for k in won:
            if k not in racing:
                raise RaceError(f"{k} has no leftover and is not in the race")
    new: dict[K, int] = {}
    given: list[K] = []
    for k, s in stacks.items():
        if s <= 0:
            new[k] = s
            continue
        up = s - left[k] + (new_chip if k in won else 0)
        if up == 0:
            up = new_chip
            given.append(k)
        new[k] = up
    change = sum(new.values()) - sum(stacks.values())
    return RaceResult(new, left, chips, won, tuple(given), change)


def _check(old_chip: int, new_chip: int) -> None:
    if old_chip <= 0 or new_chip <= old_chip or new_chip % old_chip:
        raise RaceError(
            f"the new smallest chip {new_chip} must be a bigger multiple of the old {old_chip}"
        )
