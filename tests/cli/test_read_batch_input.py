"""``omaha-tui read --batch``: any input file is one clear line, never a traceback."""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
from pathlib import Path

import pytest

from tests.store.cli_runner import run_cli

GOOD = '{"game": "omaha", "board": "Kh 3d 4d", "hands": ["A: Ah Ac Qh Jh", "B: Kd 2c 5c 6c"]}\n'


def test_a_missing_file_and_a_folder_are_named_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for path in (tmp_path / "none.jsonl", tmp_path):
        assert run_cli("read", ["read", "--batch", str(path)]) == 1
        err = capsys.readouterr().err
        assert err.startswith(f"omaha-tui read: {path}: cannot read it (") and err.count("\n") == 1


def test_bad_lines_are_error_lines_and_the_good_ones_still_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "deals.jsonl"
    path.write_bytes(
        b"\xff\xfe not utf-8\n"
        + b"[" * 100000
        + b"\n"
        + b'{"game": "binglao", "board": "Kh 3d 4d", "hands": [], "die": [3]}\n'
        + GOOD.encode()
    )
    assert run_cli("read", ["read", "--batch", str(path)]) == 1
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert out[0] == {"line": 1, "error": "not UTF-8 text"}
    assert out[1]["line"] == 2 and "nested too deeply" in out[1]["error"]
    assert out[2] == {
        "line": 3,
        "error": '"die" must be a whole number from 1 to 6 (the Binglao die roll)',
    }
    assert out[3]["game"] == "omaha"


def test_a_batch_is_read_without_the_event_schemas_or_pydantic(tmp_path: Path) -> None:
    """Start-up stays lean: reading deals needs the cards, the games and its own command."""
    path = tmp_path / "deals.jsonl"
    path.write_text(GOOD, encoding="utf-8")
    code = (
        "import contextlib, io, sys\n"
        "from omaha_tui.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    assert main(['read', '--batch', {str(path)!r}]) == 0\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'pydantic', 'rich'}),\n"
        "      'omaha_tui.engine.events' in sys.modules, 'omaha_tui.store' in sys.modules,\n"
        "      'omaha_tui.cli.play' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[] False False False"


def test_answers_to_standard_input_come_as_each_line_is_read() -> None:
    """A program can feed deals one at a time and read each answer before sending the
    next: the answer to a line from standard input is written as soon as it is read
    (a file's answers go out in chunks)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "omaha_tui", "read", "--batch", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        for _ in range(2):
            proc.stdin.write(GOOD)
            proc.stdin.flush()
            ready, _, _ = select.select([proc.stdout], [], [], 30)
            assert ready, "no answer while the input stays open"
            assert json.loads(proc.stdout.readline())["game"] == "omaha"
    finally:
        proc.stdin.close()
        proc.wait(timeout=30)
    assert proc.returncode == 0
