"""Settling up (R12.2): who pays whom, by the fewest transfers or through a banker.

Nets are integers: chips, or whole money units when the chips have a value (R12.1).
:func:`settle` finds the fewest payments that bring every net to zero; :func:`banker`
has every loser pay the bank and the bank pay every winner (the usual home practice).
Both move the same total from the losers; neither ever hides a net that does not
balance: what is left is returned by :func:`unsettled` for a line of its own.
Pure arithmetic on integers; the ledger (``store.ledger``) says it in chips and money.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from omaha_tui.engine.records import frozen

EXACT_LIMIT = 14
BANK = "the bank"
"""The party the banker mode settles through (the host who holds the money)."""


@frozen
class Transfer:
    """One payment of the settle-up (``amount`` in the nets' unit: chips or money units)."""

    payer: str
    payee: str
    amount: int

    def __str__(self) -> str:
        return f"{self.payer} pays {self.payee} {self.amount}"


def settle(nets: Mapping[str, int]) -> list[Transfer]:
    """The fewest payments that bring every net to zero (R12.2).

    The minimum is (players with a non-zero net) minus (the largest number of groups
    whose nets sum to zero), found exactly over subsets for up to :data:`EXACT_LIMIT`
    players; each group then settles with one payment fewer than its size.
    When the nets do not add up to zero the surplus or shortfall is left unsettled.

    >>> [str(t) for t in settle({"Ann": 35, "Bob": -35})]
    ['Bob pays Ann 35']
    >>> [str(t) for t in settle({"A": 10, "B": -10, "C": 20, "D": -20})]
    ['B pays A 10', 'D pays C 20']
    """
    people = sorted((name, n) for name, n in nets.items() if n != 0)
    if len(people) > EXACT_LIMIT:
        return _greedy(people)
    transfers: list[Transfer] = []
    for group in _zero_sum_groups(people):
        transfers += _greedy(group)
    return transfers


def banker(nets: Mapping[str, int], bank: str = BANK) -> list[Transfer]:
    """R12.2 banker mode: every loser pays the bank, then the bank pays every winner.

    The losers pay exactly what they pay by :func:`settle`; the winners are paid what
    they won. On a table that does not balance the bank is left short or over, which
    :func:`unsettled` reports for ``bank``.

    >>> [str(t) for t in banker({"Ann": 30, "Bob": -10, "Cy": -20})]
    ['Bob pays the bank 10', 'Cy pays the bank 20', 'the bank pays Ann 30']
    """
    ordered = sorted(nets.items())
    ins = [Transfer(name, bank, -n) for name, n in ordered if n < 0]
    outs = [Transfer(bank, name, n) for name, n in ordered if n > 0]
    return ins + outs


def unsettled(nets: Mapping[str, int], transfers: Iterable[Transfer]) -> dict[str, int]:
    """What the transfers leave owed (positive) or owing (negative) per party.

    Empty when the nets balance. Otherwise the surplus or shortfall nobody can pay is
    left where it arose, to be shown on a line of its own rather than dropped.

    >>> unsettled({"Ann": 60, "Bob": -35}, settle({"Ann": 60, "Bob": -35}))
    {'Ann': 25}
    >>> unsettled({"Ann": 60, "Bob": -35}, banker({"Ann": 60, "Bob": -35}))
    {'the bank': 25}
    """
    left = dict(nets)
    for t in transfers:
        left[t.payer] = left.get(t.payer, 0) + t.amount
        left[t.payee] = left.get(t.payee, 0) - t.amount
    return {name: n for name, n in left.items() if n}


def paid_by_players(transfers: Iterable[Transfer], bank: str = BANK) -> int:
    """The total the players pay out (to each other or to the bank).

    >>> nets = {"Ann": 30, "Bob": -20, "Cy": -10}
    >>> paid_by_players(banker(nets)), paid_by_players(settle(nets))
    (30, 30)
    """
    return sum(t.amount for t in transfers if t.payer != bank)


def _zero_sum_groups(people: list[tuple[str, int]]) -> list[list[tuple[str, int]]]:
    """Split into the most disjoint zero-sum groups (plus a remainder if unbalanced)."""
    n = len(people)
    full = (1 << n) - 1
    total = [0] * (1 << n)
    for mask in range(1, 1 << n):
        low = (mask & -mask).bit_length() - 1
        total[mask] = total[mask & (mask - 1)] + people[low][1]
    best = [0] * (1 << n)
    for mask in range(1, 1 << n):
        m = max(best[mask & ~(1 << i)] for i in range(n) if mask >> i & 1)
        best[mask] = m + (1 if total[mask] == 0 else 0)
    # Walk back: remove one member at a time keeping the optimum; every time the
    # remaining set sums to zero, what was removed since the last such point is a group.
    order: list[int] = []
    mask = full
    while mask:
        need = best[mask] - (1 if total[mask] == 0 else 0)
        i = next(i for i in range(n) if mask >> i & 1 and best[mask & ~(1 << i)] == need)
        order.append(i)
        mask &= ~(1 << i)
    order.reverse()
    groups: list[list[tuple[str, int]]] = []
    current: list[tuple[str, int]] = []
    running = 0
    for i in order:
        current.append(people[i])
        running += people[i][1]
        if running == 0:
            groups.append(current)
            current = []
    if current:
        groups.append(current)
    groups.sort(key=lambda g: min(name for name, _ in g))
    return groups


def _greedy(people: Iterable[tuple[str, int]]) -> list[Transfer]:
    """Largest debtor pays largest creditor until one side is exhausted."""
    pairs = list(people)
    creditors = sorted(((name, n) for name, n in pairs if n > 0), key=lambda x: (-x[1], x[0]))
    debtors = sorted(((name, -n) for name, n in pairs if n < 0), key=lambda x: (-x[1], x[0]))
    owed = [n for _, n in creditors]
    owing = [n for _, n in debtors]
    out: list[Transfer] = []
    ci = di = 0
    while ci < len(owed) and di < len(owing):
        amount = min(owed[ci], owing[di])
        out.append(Transfer(debtors[di][0], creditors[ci][0], amount))
        owed[ci] -= amount
        owing[di] -= amount
        ci += owed[ci] == 0
        di += owing[di] == 0
    return out


__all__ = ["BANK", "EXACT_LIMIT", "Transfer", "banker", "paid_by_players", "settle", "unsettled"]
