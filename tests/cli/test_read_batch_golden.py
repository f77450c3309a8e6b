"""``read --batch`` output byte for byte, against a recorded file.

``tests/data/read_batch/deals.jsonl`` holds 263 lines: seeded deals of every game on
boards of three, four and five cards with one to six hands, Binglao with each die roll,
a board that plays for everyone, split lows, names with quotes, backslashes, markup,
escape codes, tabs, accents and emoji, lines with ASCII-only and raw UTF-8 JSON, blank
lines and twenty refused lines. ``expected.jsonl`` is what ``read --batch`` wrote for it.
Programs read this output, so any byte that changes is a change of the documented
format, to be made on purpose and recorded here again.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.store.cli_runner import run_cli

DATA = Path(__file__).resolve().parents[1] / "data" / "read_batch"


def test_read_batch_writes_the_recorded_output_byte_for_byte(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert run_cli("read", ["read", "--batch", str(DATA / "deals.jsonl")]) == 1  # bad lines
    out = capsys.readouterr().out
    expected = (DATA / "expected.jsonl").read_text(encoding="utf-8")
    for n, (got, want) in enumerate(zip(out.splitlines(), expected.splitlines(), strict=True), 1):
        assert got == want, f"output line {n} differs"
    assert out == expected


def test_each_recorded_line_is_the_json_of_its_reading() -> None:
    """The recorded file is itself JSON as Python's encoder writes it (", " and ": ",
    non-ASCII kept, control characters escaped): a program can read it with any parser."""
    for line in (DATA / "expected.jsonl").read_text(encoding="utf-8").splitlines():
        assert json.dumps(json.loads(line), ensure_ascii=False) == line
