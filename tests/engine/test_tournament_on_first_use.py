"""A cash table never loads the tournament's rules (R11); the first tournament table in
a process loads them and plays as ever. Each check runs in a fresh interpreter, where
nothing imported by the test process can hide what a table loads."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOURNAMENT_ONLY = (
    "omaha_tui.engine.tournament_state",
    "omaha_tui.engine.reducer.tournament",
    "omaha_tui.engine.decisions.tournament",
    "omaha_tui.engine.rules.tournament.places",
    "omaha_tui.engine.rules.tournament.chip_race",
)
CODE = f"""
import sys
from decimal import Decimal
from omaha_tui.engine.decisions import requests as rq
from tests.tables import quick_table, tournament_table
from tests.engine.tournament_helpers import do, play_out
ONLY = {TOURNAMENT_ONLY!r}
s = do(quick_table(), rq.NextHand()).state
s = do(do(s, rq.Fold()).state, rq.Fold()).state
print(s.hand.complete, [m for m in ONLY if m in sys.modules])
s = tournament_table(2, stack=100, buy_in=Decimal(10))
s = do(do(s, rq.NextHand()).state, rq.AllIn()).state
d = play_out(do(s, rq.Call()).state, 0)
print([e.type for e in d.events][-2:], d.state.tournament.prizes)
print(sorted(m for m in ONLY if m not in sys.modules))
"""


def test_r11_a_cash_hand_loads_no_tournament_rules_and_a_tournament_then_plays() -> None:
    out = subprocess.run(
        [sys.executable, "-c", CODE], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout.splitlines()
    assert out == [
        "True []",
        "['player_busted', 'prizes_paid'] ((1, Decimal('20')),)",
        "[]",
    ]


def test_r11_a_fresh_process_reads_a_tournament_snapshot() -> None:
    """A resume decodes the snapshot before anything of the tournament is loaded."""
    make = (
        "import json\n"
        "from decimal import Decimal\n"
        "from tests.tables import tournament_table\n"
        "from omaha_tui.store.snapshot import encode_state\n"
        "print(json.dumps(encode_state(tournament_table(3, stack=100, buy_in=Decimal(10)))))\n"
    )
    data = subprocess.run(
        [sys.executable, "-c", make], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout
    read = (
        "import json, sys\n"
        "from omaha_tui.store.snapshot import decode_state\n"
        "from decimal import Decimal\n"
        "state = decode_state(json.loads(sys.stdin.read()))\n"
        "from tests.tables import tournament_table\n"
        "print(state.tournament.entries, state == tournament_table(3, stack=100, "
        "buy_in=Decimal(10)))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", read], input=data, capture_output=True, text=True, cwd=ROOT
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "('P0', 'P1', 'P2') True"
