"""``omaha-tui ledger`` of a tournament in every mode (R11, R11.5, R12.2): entries,
rebuys, add-ons, the fee, the deal and each prize, and nets that add up."""

from __future__ import annotations

import csv
import io
import json
from decimal import Decimal
from pathlib import Path

import pytest

from tests.console.transcript import HERE, play
from tests.store.cli_runner import run_cli

NIGHT = """# players: Ann,Bob,Cy,Dee
# structure: nl
# tournament: --buy-in 20 --stack 100 --rebuys-until 1 --add-on 10:200 --re-entry --fee 5
> addon Bob
> sitout Dee
> next
> allin
> call
> allin
> deal
> deal
> deal
> award Bob
> rebuy Cy
> next
> reenter Ann
> fold
> fold
> back Dee
> deal agree Ann=20 Bob=62 Cy=21 Dee=21 keep=1
> end
"""


@pytest.fixture
def night(tmp_path: Path) -> Path:
    """A tournament with a re-entry, a rebuy, an add-on, a fee and a deal keeping 1 for
    the winner, ended before there was one."""
    db = tmp_path / "j.sqlite3"
    text = play(NIGHT, db)
    assert "ok: Session ended" in text
    return db


def _ledger(db: Path, capsys: pytest.CaptureFixture[str], *flags: str) -> str:
    capsys.readouterr()
    assert run_cli("ledger", ["ledger", "--db", str(db), *flags]) == 0
    return capsys.readouterr().out


def test_r11_the_tournament_ledger_lists_entries_rebuys_add_ons_the_fee_and_the_deal(
    night: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _ledger(night, capsys)
    assert "rebuys" in out and "add-ons" in out
    assert "prize pool 125 = 5 entries × 20 + 1 rebuy × 20 + 1 add-on × 10 − fee 5" in out
    assert "deal: Ann 20, Bob 62, Cy 21, Dee 21" in out
    assert "the session ended before a winner: 1 is kept for the winner (R11.5)" in out
    assert "Cy pays the winner's kept money 1" in out


def test_r12_2_the_tournament_ledger_settles_through_the_bank_with_banker(
    night: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _ledger(night, capsys, "--banker")
    assert "settle-up (through the bank):" in out
    for line in ("Ann pays the bank 20", "the bank pays Bob 32", "the bank pays the fee 5"):
        assert line in out
    text = _ledger(night, capsys, "--text", "--banker")
    assert "the bank pays the winner's kept money 1" in text


def test_r11_the_tournament_ledger_text_is_a_short_settlement(
    night: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = _ledger(night, capsys, "--text").splitlines()
    assert lines[1] == "Ann -20, Bob +32, Cy -19, Dee +1"
    assert "deal: Ann 20, Bob 62, Cy 21, Dee 21" in lines
    assert "Ann pays Bob 20" in lines


def test_r11_5_the_nets_add_up_with_the_fee_and_the_kept_money_in_json_and_csv(
    night: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(_ledger(night, capsys, "--json"))
    nets = sum(Decimal(p["net"]) for p in data["players"])
    assert nets + Decimal(data["fee"]) + Decimal(data["kept"]) == 0
    assert data["deal"] == {
        "amounts": {"Ann": "20", "Bob": "62", "Cy": "21", "Dee": "21"},
        "kept": "1",
    }
    assert [p["rebuys"] for p in data["players"]] == [0, 0, 1, 0]
    assert [p["add_ons"] for p in data["players"]] == [0, 1, 0, 0]
    rows = list(csv.DictReader(io.StringIO(_ledger(night, capsys, "--csv"))))
    assert sum(Decimal(r["net"]) for r in rows if r["net"]) == 0  # players, fee, kept
    assert [r["kind"] for r in rows].count("deal") == 4


def test_r11_a_finished_tournament_ledger_names_each_prize(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "j.sqlite3"
    play((HERE / "tournament_rebuys_and_deal.txt").read_text(), db)
    out = _ledger(db, capsys)
    assert "prizes: 1st Bob 50, 2nd= Dee 25, 2nd= Ann 25, 4th Cy 25" in out
    data = json.loads(_ledger(db, capsys, "--json"))
    assert [p["place"] for p in data["prizes"]] == [1, 2, 2, 4]
