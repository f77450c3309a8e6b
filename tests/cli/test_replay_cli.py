"""``omaha-tui replay PATH... [--json]``: one JSON object per hand, errors reported last."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.store.cli_runner import run_cli
from tests.store.phh_samples import BIG_O, THREE_WAY

KEYS = [
    "file",
    "variant",
    "complete",
    "stacks",
    "finishing_stacks",
    "to_act",
    "legal",
    "pots",
    "bets",
    "board",
]


def _lines(out: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in out.splitlines()]


def test_json_prints_one_object_per_hand_in_input_order(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "b.phh").write_text(THREE_WAY)
    (tmp_path / "a.phh").write_text(BIG_O)
    code = run_cli("replay", ["replay", str(tmp_path / "b.phh"), str(tmp_path / "a.phh"), "--json"])
    assert code == 0
    first, second = _lines(capsys.readouterr().out)
    assert list(first) == KEYS
    assert first["file"] == str(tmp_path / "b.phh")
    assert first["finishing_stacks"] == [93, 157, 0]
    assert first["legal"] is None and first["to_act"] is None
    assert second["variant"] == "PO5/8"


def test_a_hand_in_progress_shows_who_acts_legal_range_pots_and_bets(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Stop after "p2 cbr 21" on the flop: Cy (index 2) to act facing 21.
    text = THREE_WAY.split('"p3 cbr 43"')[0] + "]\n"
    (tmp_path / "open.phh").write_text(text)
    assert run_cli("replay", ["replay", str(tmp_path), "--json"]) == 0
    (item,) = _lines(capsys.readouterr().out)
    assert item["complete"] is False
    assert item["finishing_stacks"] is None
    assert item["to_act"] == 2
    assert item["stacks"] == [93, 72, 43]
    assert item["bets"] == [0, 21, 0]
    assert item["pots"] == [{"amount": 21, "eligible": [0, 1, 2]}]
    assert item["board"] == ["2h", "7c", "8d"]
    # R4.4: pot 21 + bet 21 + call 21 = 63 -> raise to 84, capped by Cy's 43 all in.
    assert item["legal"] == {
        "fold": True,
        "check": False,
        "call": 21,
        "min_raise_to": 42,
        "max_raise_to": 43,
    }


def test_folders_are_searched_and_bad_hands_are_reported_after_the_rest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "1-bad.phh").write_text(THREE_WAY.replace('"p3 cbr 7"', '"p1 cbr 7"'))
    (tmp_path / "2-good.phh").write_text(THREE_WAY)
    code = run_cli("replay", ["replay", str(tmp_path), "--json"])
    assert code == 1
    bad, good = _lines(capsys.readouterr().out)
    assert bad == {
        "file": str(tmp_path / "1-bad.phh"),
        "error": 'action 4 "p1 cbr 7": Ann (seat 1) cannot act now: it is Cy (seat 3)\'s turn',
    }
    assert good["complete"] is True


def test_a_missing_path_is_an_error_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_cli("replay", ["replay", str(tmp_path / "nope.phh"), "--json"]) == 1
    assert _lines(capsys.readouterr().out) == [
        {"file": str(tmp_path / "nope.phh"), "error": "no such file or folder"}
    ]


def test_without_json_a_readable_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "h.phh").write_text(THREE_WAY)
    assert run_cli("replay", ["replay", str(tmp_path / "h.phh")]) == 0
    out = capsys.readouterr().out
    assert "PO · complete" in out
    assert "board: 2h 7c 8d Kc 3d" in out
    assert "157" in out


def test_the_real_command_line_replays_with_exit_status(tmp_path: Path) -> None:
    import subprocess
    import sys

    (tmp_path / "h.phh").write_text(THREE_WAY)
    (tmp_path / "junk.phh").write_text("variant = ")
    done = subprocess.run(
        [sys.executable, "-m", "omaha_tui", "replay", str(tmp_path), "--json"],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert done.returncode == 1, done.stderr
    good, bad = _lines(done.stdout)
    assert good["finishing_stacks"] == [93, 157, 0]
    assert bad["file"] == str(tmp_path / "junk.phh")
    assert str(bad["error"]).startswith("not valid PHH/TOML")
    assert done.stderr == ""


def test_an_empty_file_and_an_empty_folder_are_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "empty.phh").write_text("")
    (tmp_path / "nothing").mkdir()
    paths = [str(tmp_path / "empty.phh"), str(tmp_path / "nothing")]
    assert run_cli("replay", ["replay", "--json", *paths]) == 1
    assert _lines(capsys.readouterr().out) == [
        {"file": paths[0], "error": "holds no hand (the file is empty)"},
        {"file": paths[1], "error": "no .phh or .phhs files in this folder"},
    ]


def test_json_lines_stream_as_each_hand_is_replayed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io
    import sys

    from omaha_tui.cli import replay

    for i in range(3):
        (tmp_path / f"h{i}.phh").write_text(THREE_WAY)
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    seen: list[int] = []
    real = replay.results

    def watched(paths: list[Path]):  # type: ignore[no-untyped-def]
        for item in real(paths):
            seen.append(out.getvalue().count("\n"))
            yield item

    monkeypatch.setattr(replay, "results", watched)
    assert run_cli("replay", ["replay", "--json", str(tmp_path)]) == 0
    # Each hand was replayed after the previous one's line was already written.
    assert seen == [0, 1, 2]


def test_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    import subprocess
    import sys

    for i in range(40):
        (tmp_path / f"h{i}.phh").write_text(THREE_WAY)
    script = (
        "import sys; from omaha_tui.cli import main; "
        f"sys.exit(main(['replay', '--json', {str(tmp_path)!r}]))"
    )
    proc = subprocess.run(
        f'{sys.executable} -c "{script}" | head -1',
        shell=True,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.stdout.count("\n") == 1
    assert "Traceback" not in proc.stderr and "Error" not in proc.stderr


HOSTILE = """variant = "PO"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 ????????", "d dh p2 ????????", "p2 cbr 3"]
players = ["Ann [/x]", "Eve\\u001b[31m"]
event = "=HYPERLINK(\\"x\\") [/x]"
"""


def test_names_with_markup_and_escapes_in_a_refused_hand_print_as_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "h.phh"
    path.write_text(HOSTILE)
    assert run_cli("replay", ["replay", str(path)]) == 1
    out = capsys.readouterr().out
    assert "\x1b" not in out
    assert "Eve\\x1b[31m (seat 2): raise to 3 is below the minimum" in " ".join(out.split())
    assert run_cli("replay", ["replay", str(path), "--json"]) == 1
    (line,) = _lines(capsys.readouterr().out)
    assert "Eve\x1b[31m (seat 2)" in str(line["error"])  # JSON escapes it: \u001b
    fixed = tmp_path / "fixed.phh"
    fixed.write_text(HOSTILE.replace('"p2 cbr 3"', '"p2 f"'))
    db = tmp_path / "j.sqlite3"
    assert run_cli("import_", ["import", str(fixed), "--db", str(db)]) == 0
    for command in ("sessions", "ledger"):
        assert run_cli(command, [command, "--db", str(db)]) == 0
        out = capsys.readouterr().out
        assert "\x1b" not in out and "[/x]" in out


RUN_TWICE = """variant = "PO/8"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 As3sQhQd", "d dh p2 Ah2sKhKs", "p2 cbr 6", "p1 cbr 18", "p2 cbr 54",
  "p1 cbr 100", "p2 cc", "d db 4h5c7h", "d db Qs", "d db Ad", "p2 sm Ah2sKhKs",
  "p1 sm As3sQhQd"]
players = ["Bob", "Ann"]
finishing_stacks = [150, 50]
_omaha_tui_runs = 2
_omaha_tui_run_from = 0
_omaha_tui_run_boards = ["Kc9dTcJc8s"]
"""


def test_r10_2_a_board_run_twice_replays_to_the_result_of_both_runs_and_shows_each_board(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "twice.phh"
    path.write_text(RUN_TWICE)
    assert run_cli("replay", ["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "board: 4h 5c 7h Qs Ad" in out and "run 2: Kc 9d Tc Jc 8s" in out
    assert run_cli("replay", ["replay", str(path), "--json"]) == 0
    (line,) = _lines(capsys.readouterr().out)
    assert list(line) == KEYS  # the fixed schema: run 1's board, both runs' result
    assert line["finishing_stacks"] == [150, 50]
    assert line["board"] == ["4h", "5c", "7h", "Qs", "Ad"]


DOUBLE_BOARD = """
variant = "NO"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [40, 40, 40]
actions = [
  "d dh p1 9c8c3c3d",
  "d dh p2 9d8d2c2d",
  "d dh p3 KsKd6c6h",
  "p3 cbr 40",
  "p1 cc",
  "p2 cc",
  "d db Kc7d2h",
  "d db 9s",
  "d db 4c",
  "p3 sm KsKd6c6h",
  "p1 sm 9c8c3c3d",
  "p2 sm 9d8d2c2d",
]
players = ["Bob", "Cy", "Ann"]
finishing_stacks = [0, 0, 120]
_omaha_tui_boards = 2
_omaha_tui_board_2 = ["ThJhQd", "3s", "5d"]
_omaha_tui_finishing_stacks = [30, 30, 60]
"""


def test_r13_2_a_double_board_hand_replays_showing_both_boards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "double.phh"
    path.write_text(DOUBLE_BOARD)
    assert run_cli("replay", ["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "board 1: Kc 7d 2h 9s 4c" in out
    assert "board 2: Th Jh Qd 3s 5d" in out
    # R13.2's example: board 1 to Ann (three kings), board 2 split by Bob and Cy.
    rows = [line.replace("│", " ").split() for line in out.splitlines()]
    assert [row[1] for row in rows if row and row[0].isdigit()] == ["30", "30", "60"]
    assert run_cli("replay", ["replay", str(path), "--json"]) == 0
    (line,) = _lines(capsys.readouterr().out)
    assert list(line) == KEYS  # the fixed schema keeps board 1 and the true result
    assert line["finishing_stacks"] == [30, 30, 60]


def test_r13_2_a_double_board_in_progress_shows_each_board_as_far_as_dealt(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "flop.phh"
    gone = ('"d db 9s"', '"d db 4c"', " sm ", "finishing_stacks")
    lines = [line for line in DOUBLE_BOARD.splitlines() if not any(g in line for g in gone)]
    text = "\n".join(lines).replace('["ThJhQd", "3s", "5d"]', '["ThJhQd"]')
    path.write_text(text)
    assert run_cli("replay", ["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "in progress" in out
    assert "board 1: Kc 7d 2h" in out and "board 2: Th Jh Qd" in out
    assert "board: " not in out
