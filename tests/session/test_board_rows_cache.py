"""The evaluator's board rows kept in the user's cache: read back exactly, rebuilt when
the file is damaged, and never a reason for a command to fail (R10.3's speed, not its
figures)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from omaha_tui.engine.hands import evaluate, table_file
from omaha_tui.engine.hands.cards import parse_cards
from omaha_tui.store import board_rows


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv(board_rows.CACHE_ENV, str(tmp_path))
    monkeypatch.setattr(board_rows, "_state", {"done": False})
    return tmp_path


def test_rows_read_from_the_file_equal_the_rows_built():
    data = table_file.dump_tables()
    built = {k: list(v) for k, v in list(evaluate.HIGH_ROWS.items())[:300]}
    flush = {k: list(v) for k, v in list(evaluate.FLUSH_ROWS.items())[:300]}
    lows = [list(evaluate.low_row(m)) for m in range(256)]
    evaluate.HIGH_ROWS.clear()
    evaluate.FLUSH_ROWS.clear()
    assert table_file.load_tables(data)
    assert {k: evaluate.HIGH_ROWS[k] for k in built} == built
    assert {k: evaluate.FLUSH_ROWS[k] for k in flush} == flush
    assert [evaluate.low_row(m) for m in range(256)] == lows


@pytest.mark.parametrize("where", [0, 40, 200, -1])
def test_a_damaged_table_file_is_refused_and_changes_nothing(where):
    data = bytearray(table_file.dump_tables())
    data[where] ^= 0x55
    before = evaluate.HIGH_ROWS.stored
    assert not table_file.load_tables(bytes(data))
    assert not table_file.load_tables(bytes(data[:-4]))
    assert evaluate.HIGH_ROWS.stored is before


def test_warm_writes_the_file_once_and_a_damaged_one_is_written_again(cache):
    board_rows.warm(background=False)
    path = board_rows.cache_path()
    assert path.parent == cache and path.stat().st_size > 1_000_000
    path.write_bytes(b"garbage")
    board_rows._state["done"] = False
    board_rows.warm(background=False)
    assert table_file.load_tables(path.read_bytes())
    assert not list(cache.glob("*.tmp"))


def test_warm_removes_a_temporary_file_left_by_a_killed_writer(cache):
    stray = cache / f"{board_rows.cache_path().name}.abc123.tmp"
    stray.write_bytes(b"half a file")
    board_rows.warm(background=False)
    assert not stray.exists() and board_rows.cache_path().exists()


def test_an_unwritable_cache_directory_is_no_error(cache, monkeypatch):
    blocked = cache / "not-a-directory"
    blocked.write_text("a file where the directory should be")
    monkeypatch.setenv(board_rows.CACHE_ENV, str(blocked / "sub"))
    board_rows.warm(background=False)  # nothing raised: the rows stay in memory
    board = parse_cards("Ah Kh Qh 2c 3d")
    assert evaluate.high_value(parse_cards("Jh Th 4s 5s"), board) > 0


def test_equity_from_a_fresh_process_reads_the_cached_rows(cache):
    env = {**os.environ, board_rows.CACHE_ENV: str(cache)}
    argv = [
        sys.executable,
        "-m",
        "omaha_tui",
        "equity",
        "--game",
        "plo8",
        "--json",
        "--hand",
        "Ann: Ah Kh 2d 3d",
        "--hand",
        "Bob: 9s 9c 8h 7h",
    ]
    first = subprocess.run(argv, capture_output=True, text=True, env=env, check=True)
    stamp = Path(board_rows.cache_path()).stat().st_mtime_ns
    second = subprocess.run(argv, capture_output=True, text=True, env=env, check=True)
    assert first.stdout == second.stdout and '"exact": true' in first.stdout
    assert Path(board_rows.cache_path()).stat().st_mtime_ns == stamp  # read, not rewritten
