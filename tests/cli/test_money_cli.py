"""R12 from the command line: chip values on play/console, ledger --banker/--text/--json/--csv."""

from __future__ import annotations

import argparse
import csv
import io
import json
from decimal import Decimal
from pathlib import Path

import pytest

from omaha_tui.cli.play import FlagError, table_money
from omaha_tui.engine.config import VARIANTS, Stakes, TableConfig
from omaha_tui.engine.events import (
    ChipsCorrected,
    ChipValueSet,
    ExpenseShared,
    PlayerLeft,
    PlayerSeated,
    SessionStarted,
)
from omaha_tui.store.journal import Journal
from tests.store.cli_runner import run_cli

CONFIG = TableConfig(variant=VARIANTS["omaha"], stakes=Stakes(big_blind=2))


def _night(db: Path) -> None:
    with Journal.open(db) as j:
        sid = j.create_session("Friday")
        j.append_many(
            sid,
            [
                SessionStarted(config=CONFIG, title="Friday"),
                PlayerSeated(seat=0, name="Ann", stack=200),
                PlayerSeated(seat=1, name="Bob", stack=200),
                PlayerSeated(seat=2, name="Cy", stack=200),
                ChipValueSet(chips=100, money=Decimal("10.00"), currency="EUR"),
                ExpenseShared(amount=Decimal("10.00"), what="pizza", paid_by="Cy"),
            ],
        )
        # Ann takes 150 of Bob's chips (a correction pair keeps the example short).
        j.append_many(
            sid,
            [
                ChipsCorrected(seat=0, delta=150, reason="pot"),
                ChipsCorrected(seat=1, delta=-150, reason="pot"),
                PlayerLeft(seat=1),
            ],
        )


def _args(**kw: object) -> argparse.Namespace:
    return argparse.Namespace(**{"chip_value": None, "buy_in": None, "currency": "", **kw})


def test_r12_1_play_flags_give_the_chips_a_value() -> None:
    rate = table_money(_args(chip_value="0.10", currency="EUR"))
    assert rate is not None and rate.describe() == "1 chip = 0.10 EUR"
    rate = table_money(_args(buy_in="200=20.00"))
    assert rate is not None and rate.describe() == "200 chips = 20.00"
    assert table_money(_args()) is None


@pytest.mark.parametrize(
    ("flags", "why"),
    [
        ({"chip_value": "0.10", "buy_in": "200=20"}, "give the chips' value once"),
        ({"currency": "EUR"}, "--currency needs a chip value"),
        ({"chip_value": "ten"}, 'chip value "ten" is not an amount of money'),
        ({"chip_value": "0.10", "currency": "E U"}, "is not a currency"),
    ],
)
def test_r12_1_bad_money_flags_get_one_line(flags: dict[str, str], why: str) -> None:
    with pytest.raises(FlagError, match=why):
        table_money(_args(**flags))


def test_r12_1_play_refuses_a_bad_chip_value_before_opening(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from omaha_tui.cli import main

    code = main(["play", "--chip-value", "0.001", "--db", str(tmp_path / "j.sqlite3")])
    assert code == 2
    err = capsys.readouterr().err
    assert "omaha-tui play: a chip value of 0.001 is not a whole number of 0.01" in err
    assert "Traceback" not in err


def test_r12_ledger_states_money_and_settles_in_money(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "j.sqlite3"
    _night(db)
    assert run_cli("ledger", ["ledger", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "settle-up at 100 chips = 10.00 EUR (fewest payments):" in out
    # Bob -15.00 and 3.33 for the pizza; Ann +15.00 less her 3.33; Cy paid 10.00 less 3.33.
    assert "Bob pays Ann 11.67 EUR" in out
    assert "Bob pays Cy 6.66 EUR" in out
    assert "pizza: 0.01 EUR does not divide three ways; Cy, who paid, bears it" in out


def test_r12_2_ledger_banker_and_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "j.sqlite3"
    _night(db)
    assert run_cli("ledger", ["ledger", "--banker", "--text", "--db", str(db)]) == 0
    text = capsys.readouterr().out.splitlines()
    assert text == [
        "Friday (100 chips = 10.00 EUR)",
        "Ann +15.00 EUR, Bob -15.00 EUR, Cy 0.00 EUR",
        "Bob pays the bank 18.33 EUR",
        "the bank pays Ann 11.67 EUR",
        "the bank pays Cy 6.66 EUR",
        "expense: pizza 10.00 EUR paid by Cy, shared by Ann, Bob, Cy: 3.33 EUR each",
        "odd money: pizza: 0.01 EUR does not divide three ways; Cy, who paid, bears it",
    ]
    assert max(len(line) for line in text) < 80  # fits a chat message line


def test_r12_ledger_json_and_csv_carry_money_with_its_currency(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "j.sqlite3"
    _night(db)
    assert run_cli("ledger", ["ledger", "--json", "--db", str(db)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["money"] == {
        "chips": 100,
        "money": "10.00",
        "currency": "EUR",
        "unit": "0.01",
        "rate": "100 chips = 10.00 EUR",
    }
    assert [p["net_money"] for p in data["players"]] == ["15.00", "-15.00", "0.00"]
    assert data["settle_up"][0] == {
        "payer": "Bob",
        "payee": "Ann",
        "money": "11.67",
        "currency": "EUR",
        "text": "Bob pays Ann 11.67 EUR",
    }
    assert data["expenses"] == [
        {"what": "pizza", "money": "10.00", "paid_by": "Cy", "among": ["Ann", "Bob", "Cy"]}
    ]
    assert run_cli("ledger", ["ledger", "--csv", "--db", str(db)]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert rows[1]["net_money"] == "-15.00" and rows[1]["currency"] == "EUR"
    assert rows[1]["net"] == "-150"


def test_r12_1_a_cash_table_takes_buy_in_chips_equals_money_as_the_chips_value() -> None:
    """``--buy-in 200=20.00`` without ``--tournament`` is the chips' value, as the docs
    say; a plain ``--buy-in 20`` is still a tournament's flag."""
    from omaha_tui.session.tournament_setup import TournamentFlagError, tournament_config

    cash = argparse.Namespace(tournament=False, buy_in="200=20.00")
    assert tournament_config(cash) is None
    assert table_money(_args(buy_in="200=20.00")).describe() == "200 chips = 20.00"
    with pytest.raises(TournamentFlagError, match="--buy-in is a tournament flag"):
        tournament_config(argparse.Namespace(tournament=False, buy_in="20"))
