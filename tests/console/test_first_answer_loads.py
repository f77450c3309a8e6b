"""The console's first answer loads what it answers with, and not the parts a later line
may need: the hand histories, the screens' libraries, the one JSON document (``--json``),
the showdown's read model (``why``), the ledger, the equity calculator and its board
rows (the first all-in spot), ``decide`` and its deciders (the first request). Run as
its own process, so nothing the test process imported can hide a module that loads."""

from __future__ import annotations

import json
import subprocess
import sys

from omaha_tui.store import board_rows

FIRST_ANSWER = """
import io, json, sys
real = sys.stdout
seen = {}
class Out(io.StringIO):
    def write(self, text):
        if text.strip() and "modules" not in seen:
            seen["modules"] = sorted(sys.modules)
            seen["answer"] = text.strip()
        return len(text)
    def isatty(self):
        return False
sys.stdout = Out()
sys.stdin = io.StringIO(sys.argv[2])
from omaha_tui.cli import main
main(["--db", sys.argv[1], "console", "--players", sys.argv[3]])
from omaha_tui.engine.hands.evaluate import HIGH_ROWS
seen["rows_read"] = HIGH_ROWS.stored is not None
real.write(json.dumps(seen))
"""

NOT_BEFORE_THE_FIRST_ANSWER = (
    "omaha_tui.interchange",
    "omaha_tui.session.document",
    "omaha_tui.session.document_hand",
    "omaha_tui.session.document_tournament",
    "omaha_tui.session.showdown",
    "omaha_tui.store.ledger",
    "omaha_tui.engine.allin.equity",
    "omaha_tui.engine.decisions.decide",
    "omaha_tui.engine.decisions.betting",
    "omaha_tui.engine.decisions.cards",
    "omaha_tui.engine.decisions.clock",
    "omaha_tui.engine.decisions.next_hand",
    "omaha_tui.engine.decisions.table",
    "textual",
    "rich",
)


def _first_answer(tmp_path, lines: str, players: str = "Ann:200,Bob:200,Cy:200") -> dict:
    board_rows.warm(background=False)  # the rows' file is there for the console to read
    db = str(tmp_path / "j.sqlite3")
    done = subprocess.run(
        [sys.executable, "-c", FIRST_ANSWER, db, lines, players],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout)


def test_the_first_state_loads_only_what_it_answers_with(tmp_path) -> None:
    seen = _first_answer(tmp_path, "state\n")
    assert seen["answer"].startswith("ok: Omaha pot limit 1/2; seats Ann 200 (button)")
    loaded = [
        m
        for m in seen["modules"]
        if any(m == name or m.startswith(name + ".") for name in NOT_BEFORE_THE_FIRST_ANSWER)
    ]
    assert loaded == []
    assert not seen["rows_read"]  # the file is there, but no spot has needed it yet


def test_r10_3_the_first_all_in_spot_reads_the_board_rows(tmp_path) -> None:
    """The rows skipped before the first answer are read when a spot needs them."""
    lines = "state\nnext\nallin\ncall\ncall\nshow Ann Ah Kh Qd Jd\nshow Bob 9s 9c 8h 7h\n"
    lines += "show Cy As 2s 3c 4d\nstate\n"
    seen = _first_answer(tmp_path, lines, "Ann:4,Bob:4,Cy:4")
    assert seen["answer"].startswith("ok: Omaha pot limit 1/2; seats Ann 4 (button)")
    assert seen["rows_read"]
