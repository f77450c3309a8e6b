"""R12 money in cash games: chip values, exact decimals, settle-up, banker mode, expenses."""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.decide import decide
from omaha_tui.engine.decisions.outcomes import Refusal
from omaha_tui.engine.events import ChipValueSet, ExpenseShared
from omaha_tui.engine.reducer import history
from omaha_tui.engine.reducer.replay import apply
from omaha_tui.engine.rules.money import (
    ChipRate,
    MoneyError,
    format_money,
    parse_money,
    parse_rate,
    split_equally,
)
from omaha_tui.engine.rules.settle import BANK, banker, paid_by_players, settle, unsettled
from omaha_tui.engine.state import LedgerLine
from omaha_tui.store.ledger import Ledger
from omaha_tui.store.settlement import settlement, settlement_lines
from tests.tables import quick_table

EUR = ChipRate(chips=100, money=Decimal("10.00"), currency="EUR")


# ---------------------------------------------------------------- R12.1 chip values


def test_r12_1_100_chips_for_10_00_states_every_line_in_money() -> None:
    assert EUR.money_of(300).text() == "30.00 EUR"
    assert EUR.money_of(-35).text(sign=True) == "-3.50 EUR"
    assert EUR.money_of(35).text(sign=True) == "+3.50 EUR"
    assert EUR.money_of(350).amount == Decimal("35.00")
    assert EUR.money_of(350).plain() == "35.00"


def test_r12_1_one_chip_is_0_25() -> None:
    rate = parse_rate("0.25")
    assert (rate.chips, rate.money) == (1, Decimal("0.25"))
    assert rate.money_of(7).text() == "1.75"


def test_r12_1_a_buy_in_rate_and_a_chip_value_are_the_same_value() -> None:
    by_buy_in = parse_rate("200=20.00", "eur")
    by_chip = parse_rate("0.10", "EUR")
    for chips in (1, 7, 200, 12345, -99):
        assert by_buy_in.money_of(chips) == by_chip.money_of(chips)


def test_r12_1_what_does_not_divide_into_cents_is_returned_not_absorbed() -> None:
    rate = parse_rate("3=0.10")
    assert rate.units(1) == (3, Fraction(1, 3))
    assert rate.units(-1) == (-3, Fraction(-1, 3))
    assert rate.units(3) == (10, 0)
    assert not rate.exact(1) and rate.exact(30)
    assert format_money(Fraction(10, 3), "EUR") == "0.0333… EUR"


def test_r12_1_a_unit_of_one_counts_whole_money() -> None:
    rate = parse_rate("100=5", "$", Decimal("1"))
    assert rate.money_of(300).text() == "15 $"
    assert rate.units(10) == (0, Fraction(1, 2))


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("-3", 'amount "-3" is not an amount of money: type digits, e.g. 30 or 12.50'),
        ("abc", 'amount "abc" is not an amount of money: type digits'),
        ("1e3", 'amount "1e3" is not an amount of money: type digits'),
        ("NaN", 'amount "NaN" is not an amount of money: type digits'),
        ("0", "amount 0 is not more than 0: give an amount such as 30 or 12.50"),
        ("1.2.3", 'amount "1.2.3" is not an amount of money: type digits'),
        (".", 'amount "." is not an amount of money: type digits'),
        ("", "type the amount in money, e.g. 30 or 12.50"),
        ("99999999999", "amount 99999999999 is more money than a home game moves"),
    ],
)
def test_r12_1_bad_money_gets_one_clear_line(text: str, why: str) -> None:
    with pytest.raises(MoneyError, match=re.escape(why)):
        parse_money(text)


def test_r11_2_money_is_read_by_the_one_grammar_with_its_unit_and_zero_when_allowed() -> None:
    assert parse_money("0", zero=True) == 0
    assert parse_money("2.50", unit=Decimal("0.50")) == Decimal("2.50")
    with pytest.raises(MoneyError, match=re.escape("--fee 2.5 is not a whole number of the")):
        parse_money("2.5", "--fee", unit=Decimal(1), zero=True)


@pytest.mark.parametrize(
    ("text", "currency", "why"),
    [
        ("0.125", "", "not a whole number of 0.01"),
        ("x=1", "", "not a number of chips"),
        ("0=1", "", "not a number of chips"),
        ("0.10", "E1", "not a currency"),
        ("0.10", "TOOLONGCODE", "not a currency"),
    ],
)
def test_r12_1_bad_rates_are_refused_by_name(text: str, currency: str, why: str) -> None:
    with pytest.raises(MoneyError, match=why):
        parse_rate(text, currency)


def test_r12_1_the_value_changes_between_hands_only_and_undo_takes_it_back() -> None:
    table = quick_table()
    h = history.apply(
        history.begin(table), ChipValueSet(chips=100, money=Decimal("10.00"), currency="EUR")
    )
    valued = h.state
    assert valued.money == EUR
    assert history.undo(h).state.money is None
    in_hand = decide(valued, rq.NextHand()).state
    refused = decide(in_hand, rq.SetChipValue(1, Decimal("0.25")))
    assert isinstance(refused, Refusal)
    assert "between hands" in refused.reason
    cleared = apply(valued, ChipValueSet(chips=0))
    assert cleared.money is None


def test_r12_1_a_value_not_in_whole_units_is_refused_by_the_reducer() -> None:
    out = decide(quick_table(), rq.SetChipValue(1, Decimal("0.125")))
    assert isinstance(out, Refusal)
    assert "not a whole number of 0.01" in out.reason


# ---------------------------------------------------------------- R12.2 settle-up


def test_r12_2_worked_example_cy_pays_ann_in_money() -> None:
    book = Ledger(
        (
            LedgerLine("Ann", 200, stack=500),
            LedgerLine("Bob", 200, stack=100),
            LedgerLine("Cy", 200, stack=0),
        ),
        money=EUR,
    )
    lines = settlement_lines(settlement(book))
    assert lines == [
        "Settle-up at 100 chips = 10.00 EUR (fewest payments):",
        "Cy pays Ann 20.00 EUR",
        "Bob pays Ann 10.00 EUR",
    ]
    banked = settlement_lines(settlement(book, bank=True))
    assert banked[1:] == [
        "Bob pays the bank 10.00 EUR",
        "Cy pays the bank 20.00 EUR",
        "the bank pays Ann 30.00 EUR",
    ]


def test_r12_2_miscounted_chips_are_a_line_of_their_own_in_both_modes() -> None:
    book = Ledger((LedgerLine("Ann", 100, stack=160), LedgerLine("Bob", 100, stack=65)), money=EUR)
    fewest = settlement_lines(settlement(book))
    assert fewest[-1] == (
        "not settled: Ann is still owed 2.50 EUR that nobody lost (the chips do not balance)"
    )
    banked = settlement_lines(settlement(book, bank=True))
    assert banked[-1] == "not settled: the bank is 2.50 EUR short (the chips do not balance)"


def test_r12_2_a_table_that_counts_in_hundredths_settles_up_in_hundredths() -> None:
    """At 0.25/0.50 (the table counts 2 decimals) the settle-up lines say 1.75, as the
    nets beside them do, not the integer units 175."""
    book = Ledger(
        (LedgerLine("Bob", 5000, stack=5175), LedgerLine("Cy", 5000, stack=4775)), decimals=2
    )
    lines = settlement_lines(settlement(book))
    assert lines[1] == "Cy pays Bob 1.75"
    assert lines[2] == "not settled: Cy still owes 0.50 that nobody won (the chips do not balance)"


def test_r12_1_rounding_moves_no_net_more_than_one_unit_from_its_exact_value() -> None:
    """Four losers of -1, -344, -344 and -344 chips and one winner at 3 chips = 0.10:
    each line rounds in the winners' favour, three cents too many in all. They are taken
    from the nets rounding favoured most, one each, not all three from the one winner
    (who would then get 34.41 for an exact 34.4333...): every net ends within a cent of
    its exact value (R12.1) and the transfers still balance (R12.2)."""
    rate = parse_rate("3=0.10")
    values = [-1, -344, -344, -344, 1033]
    book = Ledger(
        tuple(LedgerLine(f"p{i}", 10_000, stack=10_000 + v) for i, v in enumerate(values)),
        money=rate,
    )
    (part,) = settlement(book).parts
    for line in book.lines:
        exact = Fraction(line.net) * Fraction(rate.money) / (rate.chips * Fraction(rate.unit))
        assert abs(part.nets[line.name] - exact) < 1, (line.name, part.nets[line.name])
    assert part.nets["p4"] == 3443
    assert sum(part.nets.values()) == 0
    said = settlement_lines(settlement(book))
    assert said[-1] == (
        "odd money: 0.03 lost to rounding: p4 gets 0.01 less, p1 pays 0.01 more, p2 pays 0.01 more"
    )


nets_lists = st.lists(st.integers(-5000, 5000), min_size=1, max_size=9)


@settings(max_examples=200, deadline=None)
@given(nets_lists, st.sampled_from(["1=0.01", "0.05", "0.25", "3=0.10", "7=1.00", "200=20"]))
def test_r12_2_every_transfer_set_balances_to_the_nets_in_money(
    values: list[int], rate_text: str
) -> None:
    values = [*values, -sum(values)]
    rate = parse_rate(rate_text)
    book = Ledger(
        tuple(LedgerLine(f"p{i}", 10_000, stack=10_000 + v) for i, v in enumerate(values))
    )
    book = Ledger(book.lines, money=rate)
    for bank in (False, True):
        plan = settlement(book, bank=bank)
        (part,) = plan.parts
        # Each net is the ledger line's (rounded once), within one unit of its exact
        # value; what rounding moved is said on the odd-money line, never blamed on the
        # chips: they balance, so nothing is left unsettled (R12.1, R12.2).
        for line in book.lines:
            exact = Fraction(line.net) * Fraction(rate.money) / (rate.chips * Fraction(rate.unit))
            assert abs(part.nets[line.name] - exact) < 1
        assert sum(part.nets.values()) == 0
        left = dict(part.nets)
        for t in part.transfers:
            assert t.amount > 0
            left[t.payer] = left.get(t.payer, 0) + t.amount
            left[t.payee] = left.get(t.payee, 0) - t.amount
        assert {k: v for k, v in left.items() if v} == part.left == {}
        odd = any(not rate.exact(line.net) for line in book.lines)
        assert odd == any(s.startswith("odd money") for s in settlement_lines(plan))
        assert not any("do not balance" in s for s in settlement_lines(plan))


@settings(max_examples=300, deadline=None)
@given(nets_lists)
def test_r12_2_banker_mode_moves_the_same_total_as_the_fewest_transfers(
    values: list[int],
) -> None:
    values = [*values, -sum(values)]
    nets = {f"p{i}": v for i, v in enumerate(values)}
    fewest, banked = settle(nets), banker(nets)
    assert paid_by_players(fewest) == paid_by_players(banked) == sum(v for v in values if v > 0)
    assert unsettled(nets, fewest) == {} == unsettled(nets, banked)
    assert all(BANK in (t.payer, t.payee) for t in banked)
    assert len(banked) == sum(1 for v in values if v)


# ---------------------------------------------------------------- R12.3 expenses


def test_r12_3_pizza_split_among_everyone_at_the_table() -> None:
    state = apply(quick_table(), ChipValueSet(chips=1, money=Decimal("0.10"), currency="EUR"))
    state = decide(state, rq.ShareExpense(Decimal("30.00"), "pizza", paid_by="p0")).state
    (expense,) = state.expenses
    assert expense.among == ("P0", "P1", "P2")
    lines = settlement_lines(settlement(Ledger((), money=state.money, expenses=state.expenses)))
    assert lines[1:] == [
        "P1 pays P0 10.00 EUR",
        "P2 pays P0 10.00 EUR",
        "expense: pizza 30.00 EUR paid by P0, shared by P0, P1, P2: 10.00 EUR each",
    ]


def test_r12_3_an_expense_split_by_the_players_named_and_the_odd_cent_stated() -> None:
    state = decide(quick_table(), rq.ShareExpense(Decimal("10.00"), "the room", ("p1", "P2"))).state
    nets_line = settlement_lines(settlement(Ledger((), expenses=state.expenses)))
    assert nets_line[0] == "Settle-up in chips (fewest payments):"
    assert "P1 pays the bank 5.00" in nets_line
    assert "P2 pays the bank 5.00" in nets_line
    odd = decide(quick_table(), rq.ShareExpense(Decimal("10.00"), "pizza")).state
    text = settlement_lines(settlement(Ledger((), expenses=odd.expenses)))
    assert (
        text[-1]
        == "odd money: pizza: 0.01 does not divide three ways; the bank, who paid, bears it"
    )
    assert split_equally(1000, 3) == (333, 1)


@pytest.mark.parametrize(
    ("request_", "why"),
    [
        (rq.ShareExpense(Decimal("10"), "pizza", ("Zed",)), '"Zed" has not played'),
        (rq.ShareExpense(Decimal("10"), "pizza", ("P1", "p1")), "named twice"),
        (rq.ShareExpense(Decimal("10.001"), "pizza"), "not a whole number of 0.01"),
        (rq.ShareExpense(Decimal("-1"), "pizza"), "positive amount"),
        (rq.ShareExpense(Decimal("10"), "  "), "say what the expense was"),
        (rq.ShareExpense(Decimal("10"), "pizza", paid_by="Zed"), '"Zed" has not played'),
    ],
)
def test_r12_3_a_bad_expense_is_refused_with_one_clear_line(
    request_: rq.ShareExpense, why: str
) -> None:
    table = quick_table()
    out = decide(table, request_)
    assert isinstance(out, Refusal)
    assert why in out.reason
    assert "\n" not in out.reason


def test_r12_3_an_expense_is_journaled_and_undone_like_any_event() -> None:
    h = history.apply(
        history.begin(quick_table()), ExpenseShared(amount=Decimal("12.00"), what="beer")
    )
    assert len(h.state.expenses) == 1
    assert history.undo(h).state.expenses == ()


def test_r12_1_cents_lost_to_rounding_are_odd_money_not_unbalanced_chips() -> None:
    """At 3 chips = 0.10, nets +1, +1, +1 and -3 chips: the chips balance, so nobody is
    "not settled"; the cent rounding loses is said on the odd-money line (R12.1, R12.2),
    and each ledger line's paid-in, now and net subtract as printed."""
    rate = parse_rate("3=0.10")
    lines = [LedgerLine(n, 200, stack=201) for n in ("Ann", "Bob", "Cy")]
    book = Ledger((*lines, LedgerLine("Dee", 200, stack=197)), money=rate)
    said = settlement_lines(settlement(book))
    assert not any(s.startswith("not settled") for s in said), said
    assert said[-1] == "odd money: 0.01 lost to rounding: Ann gets 0.01 more"
    paid, now, net = rate.line(200, 250)
    assert (paid.text(), now.text(), net.text()) == ("6.67", "8.33", "1.66")
    assert now.units - paid.units == net.units
