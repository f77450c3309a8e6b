"""Ledger arithmetic and the fewest-transfer settle-up."""

from __future__ import annotations

import csv
import io
import json
from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from omaha_tui.store.ledger import (
    Ledger,
    LedgerLine,
    Transfer,
    ledger_csv,
    settle,
    settle_up,
)
from omaha_tui.store.ledger_json import ledger_json


def _apply(nets: dict[str, int], transfers: list[Transfer]) -> dict[str, int]:
    left = Counter(nets)
    for t in transfers:
        assert t.amount > 0
        left[t.payer] += t.amount
        left[t.payee] -= t.amount
    return {k: v for k, v in left.items() if v}


def _fewest_by_brute_force(values: list[int]) -> int:
    """n minus the most disjoint zero-sum groups, by trying every subset."""
    idx = list(range(len(values)))

    def most_groups(rest: tuple[int, ...]) -> int:
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        best = 0
        for k in range(len(others) + 1):
            for combo in combinations(others, k):
                if values[first] + sum(values[i] for i in combo) == 0:
                    remaining = tuple(i for i in others if i not in combo)
                    best = max(best, 1 + most_groups(remaining))
        return best

    return len(values) - most_groups(tuple(idx))


def test_net_is_what_a_player_leaves_with_minus_what_they_paid() -> None:
    line = LedgerLine("Ann", buy_in=200, rebuys=100, cashed_out=120, stack=215, seat=0)
    assert line.paid_in == 300
    assert line.net == 35


def test_bob_pays_ann_35() -> None:
    ledger = Ledger((LedgerLine("Ann", 200, stack=235), LedgerLine("Bob", 200, cashed_out=165)))
    assert ledger.balanced
    assert [str(t) for t in settle_up(ledger)] == ["Bob pays Ann 35"]


def test_an_unbalanced_table_names_the_discrepancy_and_the_corrections() -> None:
    ledger = Ledger(
        (
            LedgerLine("Ann", 200, corrections=25, stack=260),
            LedgerLine("Bob", 200, stack=165),
        )
    )
    assert not ledger.balanced
    assert ledger.discrepancy == 25
    assert ledger.explain() == (
        "the chips do not balance: 25 more chips than were bought (corrections: Ann +25)"
    )
    short = Ledger((LedgerLine("Ann", 200, stack=190),))
    assert short.explain() == (
        "the chips do not balance: 10 chips missing (no corrections recorded)"
    )


def test_matching_pairs_settle_directly_instead_of_chaining() -> None:
    # Greedy by size would pay 50->Cy first and need three transfers; two suffice.
    nets = {"Ann": 30, "Bob": -30, "Cy": 50, "Dee": -20, "Eve": -30}
    transfers = settle(nets)
    assert _apply(nets, transfers) == {}
    assert len(transfers) == _fewest_by_brute_force(list(nets.values()))
    assert Transfer("Bob", "Ann", 30) in transfers


def test_nobody_pays_when_everybody_is_even() -> None:
    assert settle({"Ann": 0, "Bob": 0}) == []


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(-300, 300), min_size=1, max_size=7))
def test_settle_up_zeroes_every_net_with_the_fewest_transfers(values: list[int]) -> None:
    values = [*values, -sum(values)]
    nets = {f"p{i}": v for i, v in enumerate(values)}
    transfers = settle(nets)
    assert _apply(nets, transfers) == {}
    assert len(transfers) == _fewest_by_brute_force([v for v in values if v])


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(-500, 500), min_size=15, max_size=20))
def test_large_tables_still_settle_with_at_most_one_transfer_fewer_than_players(
    values: list[int],
) -> None:
    values = [*values, -sum(values)]
    nets = {f"p{i:02}": v for i, v in enumerate(values)}
    transfers = settle(nets)
    assert _apply(nets, transfers) == {}
    assert len(transfers) <= max(0, sum(1 for v in values if v) - 1)


def test_csv_and_json_exports_carry_lines_balance_and_settle_up() -> None:
    ledger = Ledger(
        (
            LedgerLine("Ann", 200, rebuys=50, stack=285, seat=0),
            LedgerLine("Bob, Jr.", 200, cashed_out=165),
        )
    )
    rows = list(csv.DictReader(io.StringIO(ledger_csv(ledger))))
    assert rows[1] == {
        "name": "Bob, Jr.",
        "buy_in": "200",
        "rebuys": "0",
        "corrections": "0",
        "cashed_out": "165",
        "stack": "0",
        "seated": "no",
        "net": "-35",
        "unit": "1",
    }
    data = json.loads(ledger_json(ledger))
    assert data["balanced"] is True
    assert [p["net"] for p in data["players"]] == [35, -35]
    assert data["settle_up"] == [
        {"payer": "Bob, Jr.", "payee": "Ann", "amount": 35, "text": "Bob, Jr. pays Ann 35"}
    ]
