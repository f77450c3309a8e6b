"""One model for the table's unit: a table of cents says 0.25/0.50 everywhere.

A PHH file with decimal blinds (0.25/0.50, stacks 50.75) is kept as integers of its
smallest unit with ``decimals`` in the table's config; every screen, console line,
ledger (text, CSV with the unit, JSON as exact decimals) and export states amounts as
the table counts them, also for hands played after the import. Nothing in a file's
metadata can rescale them.
"""

from __future__ import annotations

import io
import json
import sqlite3
from decimal import Decimal
from pathlib import Path

import pytest

from omaha_tui.cli import main
from omaha_tui.engine.config import VARIANTS, Stakes, TableConfig
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.decide import decide
from omaha_tui.engine.narration.narrate import narrate
from omaha_tui.engine.opening import opening_events
from omaha_tui.engine.reducer.replay import replay
from omaha_tui.engine.units import amount_text, read_amount
from omaha_tui.interchange.phh import loads
from omaha_tui.session.view import table_view
from omaha_tui.store.journal import Journal

CENTS = TableConfig(
    variant=VARIANTS["omaha"], stakes=Stakes(small_blind=25, big_blind=50), decimals=2
)
FILE = """
variant = "PO"
antes = [0, 0, 0]
blinds_or_straddles = [0.01, 0.02, 0]
min_bet = 0.02
starting_stacks = [50.75, 2, 2]
actions = ["d dh p1 AhAdKhKd", "d dh p2 2c3c4d5d", "d dh p3 QsJsTs9s", "p3 f", "p1 cbr 0.05",
  "p2 f"]
players = ["Ann", "Bob", "Cy"]
"""


def _cli(capsys: pytest.CaptureFixture[str], *argv: str, stdin: str = "") -> str:
    import sys

    old = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        main(list(argv))
    finally:
        sys.stdin = old
    return capsys.readouterr().out


@pytest.fixture
def imported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    (tmp_path / "h.phh").write_text(FILE)
    db = tmp_path / "j.sqlite3"
    _cli(capsys, "--db", str(db), "import", str(tmp_path / "h.phh"))
    return db


def test_amounts_are_shown_as_the_table_counts_them() -> None:
    assert [amount_text(n, 2) for n in (3, 50, 5075, 10000, 123456)] == [
        "0.03",
        "0.50",
        "50.75",
        "100",
        "1,234.56",
    ]
    assert read_amount("0.50", 2) == 50 and read_amount("50", 2) == 5000
    assert read_amount("0.505", 2) is None and read_amount("٣", 2) is None


def test_the_narrator_view_and_title_of_a_table_of_cents() -> None:
    state = replay(opening_events(CENTS, [(0, "Ann", 5075), (1, "Bob", 5000), (2, "Cy", 5000)]))
    d = decide(state, rq.NextHand())
    assert narrate(state, d.events, d.state)[0].endswith("posts big blind 0.50")
    view = table_view(d.state)
    assert view.stakes == "0.25/0.50" and "0.25/0.50" in view.title
    assert [s.stack for s in view.seats[:3]] == [5075, 4975, 4950] and view.decimals == 2
    assert view.turn is not None and "call 0.50" in view.turn.options


def test_an_import_of_cents_keeps_the_unit_in_the_ledger_text_csv_and_json(
    imported: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = _cli(capsys, "--db", str(imported), "ledger")
    assert "50.75" in text and "Bob pays Ann 0.02" in " ".join(text.split())
    csv = _cli(capsys, "--db", str(imported), "ledger", "--csv").splitlines()
    assert csv[0].endswith(",unit") and csv[1] == "Ann,50.75,0.00,0.00,50.77,0.00,no,0.02,0.01"
    data = json.loads(_cli(capsys, "--db", str(imported), "ledger", "--json"), parse_float=Decimal)
    assert data["unit"] == Decimal("0.01")
    assert data["settle_up"][0]["amount"] == Decimal("0.02")
    assert data["settle_up"][0]["text"] == "Bob pays Ann 0.02"


def test_a_meta_scale_in_an_edited_export_cannot_rescale_the_ledger(
    imported: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with sqlite3.connect(imported) as conn:  # the first hand's details, edited
        (text,) = conn.execute("SELECT detail FROM hand_details WHERE hand = 1").fetchone()
        conn.execute(
            "UPDATE hand_details SET detail = ? WHERE hand = 1",
            (json.dumps({**json.loads(text), "scale": 1}),),
        )
    conn.close()
    text = _cli(capsys, "--db", str(imported), "ledger", "--json")
    assert json.loads(text, parse_float=Decimal)["settle_up"][0]["amount"] == Decimal("0.02")


def test_hands_played_at_a_table_of_cents_export_in_its_unit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "j.sqlite3"
    with Journal.open(db) as j:
        sid = j.create_session("cents")
        j.append_many(sid, opening_events(CENTS, [(0, "Ann", 5075), (1, "Bob", 5000)]))
    out = _cli(capsys, "console", "--db", str(db), "--resume", "1", stdin="next\nfold\nledger\n")
    assert "posts big blind 0.50" in out and "0.25" in out
    assert "Ann: in 50.75, now 50.50 (-0.25); Bob: in 50, now 50.25 (+0.25)" in out
    _cli(capsys, "--db", str(db), "export", "1", str(tmp_path / "out"))
    (hand,) = loads((tmp_path / "out" / "session-1.phh").read_text(), "x")
    assert hand.blinds_or_straddles[:2] == (Decimal("0.25"), Decimal("0.5"))
    assert Decimal("50.75") in hand.starting_stacks


def test_refusals_at_a_table_of_cents_name_amounts_as_it_counts_them() -> None:
    state = replay(opening_events(CENTS, [(0, "Ann", 5075), (1, "Bob", 5000), (2, "Cy", 5000)]))
    state = decide(state, rq.NextHand()).state
    refused = decide(state, rq.RaiseTo(60))
    assert "raise to 0.60 is below the minimum: raise to 1 to 1.75" in str(refused)
