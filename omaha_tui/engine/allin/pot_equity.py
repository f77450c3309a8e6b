"""Equity per pot: each pot contested among its own claimants (R10.3, R5.1).

A short all-in's chances are in the main pot only; a side pot is a contest among the
hands that reached it. The boards are counted once (:mod:`.boards`), each distinct board
key is read once as in :mod:`.equity`, and its outcome is kept per pot (who wins the
high and the low *among that pot's claimants*); each pot's figures then follow R7 as the
whole table's do, and each hand's expected chips are the pots' amounts times its shares.
"""

from __future__ import annotations

from collections.abc import Sequence

from omaha_tui.engine.allin.boards import RANK_BITS, RANK_MASK
from omaha_tui.engine.allin.figures import (
    Equity,
    HandEquity,
    Outcome,
    PotEquity,
    figures,
    hole_mask,
    low_mask,
)
from omaha_tui.engine.hands.cards import CardError
from omaha_tui.engine.hands.evaluate import high_row, low_row, pair_positions
from omaha_tui.engine.hands.games import Variant


def check_pots(pots: Sequence[tuple[int, Sequence[int]]], hands: int) -> None:
    """Refuse a pot nobody can win, or one naming a hand that is not there.

    >>> check_pots([(100, (0, 2))], 2)
    Traceback (most recent call last):
    ...
    omaha_tui.engine.hands.cards.CardError: a pot's claimants must be hands 0 to 1, not (0, 2)
    """
    for amount, claimants in pots:
        if amount < 0:
            raise CardError(f"a pot of {amount}: pots hold 0 chips or more")
        if not claimants:
            raise CardError("a pot with no claimant: name the hands that can win it")
        if len(set(claimants)) != len(claimants) or not all(0 <= c < hands for c in claimants):
            raise CardError(
                f"a pot's claimants must be hands 0 to {hands - 1}, not {tuple(claimants)}"
            )


def tally_pots(
    variant: Variant,
    hands: Sequence[tuple[str, Sequence[int]]],
    counts: dict[int, int],
    boards: int,
    exact: bool,
    seed: int | None,
    pots: Sequence[tuple[int, Sequence[int]]],
) -> Equity:
    """The whole table's figures, each pot's among its claimants, and expected chips."""
    k = len(hands)
    hilo = variant.hilo
    groups = pot_groups(k, pots)
    positions = [pair_positions(cards) for _, cards in hands]
    suited = [
        [pair_positions([c for c in cards if c & 3 == s]) for _, cards in hands] for s in range(4)
    ]
    masks = [hole_mask(cards) for _, cards in hands]
    outcomes: dict[tuple[Outcome, ...], int] = {}
    plain: dict[int, tuple[list[int], list[int]]] = {}
    for key, count in counts.items():
        rank = key & RANK_MASK
        got = plain.get(rank)
        if got is None:
            row = high_row(rank)
            highs = [max(map(row.__getitem__, p)) for p in positions]
            lows: list[int] = []
            if hilo:
                lrow = low_row(low_mask(rank))
                lows = [lrow[m] for m in masks]
            got = plain[rank] = (highs, lows)
        highs, lows = got
        rest = key >> RANK_BITS
        if rest:
            frow = high_row(rest >> 2, flush=True)
            highs = highs.copy()
            for i, p in enumerate(suited[rest & 3]):
                if p:
                    highs[i] = max(highs[i], *map(frow.__getitem__, p))
        outcome = []
        for group in groups:
            best = max(highs[i] for i in group)
            hw = tuple(i for i in group if highs[i] == best)
            lw: tuple[int, ...] = ()
            if hilo:
                best_low = max(lows[i] for i in group)
                if best_low:  # R7.3: no qualifying low, the high takes the whole pot
                    lw = tuple(i for i in group if lows[i] == best_low)
            outcome.append((hw, lw))
        whole = tuple(outcome)
        outcomes[whole] = outcomes.get(whole, 0) + count
    return from_outcomes(outcomes, groups, pots, k, boards, exact, seed)


def pot_groups(k: int, pots: Sequence[tuple[int, Sequence[int]]]) -> list[tuple[int, ...]]:
    """The whole table first, then each distinct set of claimants."""
    return list(dict.fromkeys([tuple(range(k)), *(tuple(sorted(c)) for _, c in pots)]))


def from_outcomes(
    outcomes: dict[tuple[Outcome, ...], int],
    groups: Sequence[tuple[int, ...]],
    pots: Sequence[tuple[int, Sequence[int]]],
    k: int,
    boards: int,
    exact: bool,
    seed: int | None,
) -> Equity:
    """The figures from boards counted by outcome per group (:func:`pot_groups`)."""
    by_group: list[list[HandEquity]] = []
    for g in range(len(groups)):
        mine: dict[Outcome, int] = {}
        for whole, count in outcomes.items():
            mine[whole[g]] = mine.get(whole[g], 0) + count
        by_group.append(figures(mine, k, boards, exact))
    pot_figures = []
    expected = [0.0] * k
    for amount, claimants in pots:
        members = tuple(sorted(claimants))
        table = by_group[groups.index(members)]
        pot_figures.append(PotEquity(amount, members, tuple(table[i] for i in members)))
        for i in members:
            expected[i] += amount * table[i].equity
    return Equity(
        tuple(by_group[0]), boards, exact, seed, tuple(pot_figures), tuple(expected) if pots else ()
    )
