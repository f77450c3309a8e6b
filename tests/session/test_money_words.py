"""How a dealer types money (R12): the one grammar of the console and the palette."""

from __future__ import annotations

import doctest
from decimal import Decimal

import pytest

import omaha_tui.cli.play
import omaha_tui.session.grammar.money
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.session.grammar.money import MoneyWordError, parse_expense, parse_value
from tests.tables import quick_table


@pytest.mark.parametrize("module", [omaha_tui.session.grammar.money, omaha_tui.cli.play])
def test_docstring_examples_hold(module: object) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)  # type: ignore[arg-type]
    assert result.attempted > 0 and result.failed == 0


def test_r12_1_value_words() -> None:
    table = quick_table()
    assert parse_value(table, ["0.10", "EUR"]) == rq.SetChipValue(1, Decimal("0.10"), "EUR")
    assert parse_value(table, ["off"]) == rq.SetChipValue(0, Decimal(0))
    with pytest.raises(MoneyWordError, match=r"not a whole number of 0\.01"):
        parse_value(table, ["0.001"])
    with pytest.raises(MoneyWordError, match="give the chips' value"):
        parse_value(table, [])


def test_r12_3_expense_words_say_what_then_who_then_who_paid() -> None:
    table = quick_table()
    got = parse_expense(table, ["30.00", "pizza"])
    assert got == rq.ShareExpense(Decimal("30.00"), "pizza", (), "")
    got = parse_expense(table, ["7", "the", "room", "P1", "p2", "by", "P0"])
    assert got == rq.ShareExpense(Decimal("7"), "the room", ("P1", "p2"), "P0")
    with pytest.raises(MoneyWordError, match="say what the expense was"):
        parse_expense(table, ["7", "by", "P0"])
    with pytest.raises(MoneyWordError, match='expense "lots" is not an amount of money'):
        parse_expense(table, ["lots", "pizza"])
