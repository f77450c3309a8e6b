"""Whatever is typed on the command line, every command answers in one line of its own.

Each option and argument of every subcommand (as ``omaha-tui --help`` and each
``COMMAND --help`` list them) gets hostile values: empty, huge (``1e400``, five thousand
digits), negative, ``nan``, digits of other scripts, control characters, new lines and line
separators, right-to-left marks, ten thousand characters. Whatever the command makes of
the value, no traceback and no "internal error" reaches the user; a refusal is one line on
stderr and a non-zero exit; and the journal the command was pointed at has the same bytes
after a refusal as before. What the command accepts shows no raw control character.

Most cases run in this process through :func:`omaha_tui.cli.main` (fast); a seeded
sample runs as its own process, as a user would run it.
"""

from __future__ import annotations

import hashlib
import io
import os
import random
import shlex
import socket
import subprocess
import sys
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest

from omaha_tui.cli import main
from omaha_tui.store.journal import Journal

HOSTILE = [
    "",
    " ",
    "1e400",
    "9" * 5000,
    "-1",
    "0",
    "-0",
    "nan",
    "inf",
    "-inf",
    "٣٠",  # Arabic-Indic digits
    "３０",  # fullwidth digits
    "²",
    "½",
    "0x10",
    "1_000",
    "\x1b[31mX\x1b[0m",
    "a\nb",
    "a\rb",
    "a\u2028b",
    "\u202eAnn",
    "\u200b",
    "x" * 10_000,
    "Ann\tBob",
    "💥",
    "\x7f",
    ":",
    "/",
    ",",
    "=",
    "1/2/3/4/5",
    "%s%n",
    "[bold]x[/bold]",
]
"""Values for every slot; argv cannot carry a NUL (the console and file tests send it)."""

TABLE = ["--players", "Ann:200,Bob:200"]
TOURNAMENT = ["--tournament", "--buy-in", "20", "--stack", "5000", "--players", "Ann,Bob"]
TABLE_FLAGS = ("--game", "--blinds", "--ante", "--levels", "--chip-value", "--currency")
TABLE_FLAGS += ("--structure", "--button")
TOURNAMENT_FLAGS = ("--rebuys-until", "--rebuy-at", "--add-on", "--fee", "--payouts")
TOURNAMENT_FLAGS += ("--money-unit",)
HANDS = ["--hand", "Ann: Ah Kh Qh Jh", "--hand", "Bob: 2c 3c 4c 5c"]

SLOTS: list[tuple[list[str], list[str]]] = [
    # (argv before the value, argv after it); DB stands for the journal's path
    *[(["console", "--db", "DB", flag], TABLE) for flag in TABLE_FLAGS],
    (["console", "--db", "DB", "--players"], []),
    (["console", "--db", "DB", "--resume"], []),
    *[(["console", "--db", "DB", *TOURNAMENT, flag], []) for flag in TOURNAMENT_FLAGS],
    (["console", "--db", "DB", *TOURNAMENT[:1], *TOURNAMENT[3:], "--buy-in"], []),
    (["console", "--db", "DB", *TOURNAMENT[:3], *TOURNAMENT[5:], "--stack"], []),
    (["read", "--board", "Ah Kd 7c 2s 3d", "--hand"], []),
    (["read", *HANDS, "--board"], []),
    (["read", *HANDS, "--board", "Ah Kd 7c 2s 3d", "--game"], []),
    (["read", *HANDS, "--game", "binglao", "--board", "Ah Kd 7c 2s 3d", "--die"], []),
    (["read", *HANDS, "--board", "Ah Kd 7c 2s 3d", "--claim"], []),
    (["read", "--batch"], []),
    (["equity", *HANDS, "--samples"], []),
    (["equity", *HANDS, "--samples", "10", "--seed"], []),
    (["equity", *HANDS, "--dead"], []),
    (["equity", *HANDS[:2], "--hand"], []),
    (["equity", *HANDS, "--board"], []),
    (["ledger", "--db", "DB"], []),
    (["check", "--db", "DB"], []),
    (["sessions", "--db"], []),
    (["export", "--db", "DB"], ["OUT"]),
    (["export", "--db", "DB", "1"], []),
    (["players", "--db", "DB"], []),
    (["players", "--db", "DB", "rename", "Ann"], []),
    (["players", "--db", "DB", "rename"], ["Zed"]),
    (["players", "--db", "DB", "merge", "Ann"], []),
    (["backup", "--db", "DB"], []),
    (["backup", "--db", "DB", "1"], []),
    (["display", "--db", "DB", "--port"], []),
    (["display", "--db", "DB", "--max-viewers"], ["--port", "BUSY"]),
    (["display", "--db", "DB", "--terminal", "--theme"], []),
    (["display", "--db", "DB", "--host"], ["--port", "BUSY"]),
    (["display", "--db", "DB", "--terminal"], []),
    (["replay"], []),
    (["import", "--db", "DB"], []),
    (["ledger", "--db", "DB", "1", "--csv", "--json"], []),  # two forms at once
]


BUSY = socket.create_server(("0.0.0.0", 0))
"""A port in use: a display that takes its value tries it and says so, never serving."""


def _digest(db: Path) -> str:
    """The journal's bytes: the file and its write-ahead log."""
    h = hashlib.sha256()
    for part in (db, db.with_name(db.name + "-wal")):
        if part.exists():
            h.update(part.read_bytes())
    return h.hexdigest()


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A journal with a session of two hands, its log folded into the file."""
    db = tmp_path_factory.mktemp("hostile") / "base.sqlite3"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sys, "stdin", io.StringIO("next\ncall\ncall\ncheck\nnext\ncall\n"))
        assert main(["console", "--db", str(db), "--players", "Ann:200,Bob:200,Cy:200"]) == 0
    with Journal.open(db) as journal:  # closed: the log is in the file
        assert journal.last_unfinished() is not None
    return db


def _shown(text: str) -> Iterator[str]:
    """Control characters that reach the terminal as such (a new line ends a line)."""
    for ch in text:
        control = ch != "\n" and unicodedata.category(ch) in ("Cc", "Zl", "Zp")
        if control or ch in "\u202e\u202d\u2066\u2067\u2068":
            yield repr(ch)


def _faults(argv: list[str], code: object, out: str, err: str, same: bool) -> list[str]:
    """What is wrong with one answer (nothing, for a good one)."""
    said = out + err
    shown = repr(" ".join(a[:40] for a in argv))
    faults = []
    if "Traceback" in said or "internal error" in said:
        faults.append(f"{shown}: a traceback or internal error: {said[-300:]!r}")
    if code not in (0, 1, 2):
        faults.append(f"{shown}: exit code {code}: {err[-300:]!r}")
    if hidden := list(_shown(said)):
        faults.append(f"{shown}: control characters {hidden[:3]} in {said[:200]!r}")
    if argv[0] == "replay" and code != 0:  # a report: the refusal is its line on stdout
        err = out + err
    if code != 0 and len(err.splitlines()) != 1:
        faults.append(f"{shown}: refused in {len(err.splitlines())} lines: {err[:300]!r}")
    if code != 0 and not same:
        faults.append(f"{shown}: refused ({err.strip()[:200]!r}) but the journal changed")
    return faults


def _argv(slot: tuple[list[str], list[str]], value: str, db: Path, out: Path) -> list[str]:
    before, after = slot
    subst = {"DB": str(db), "OUT": str(out), "BUSY": str(BUSY.getsockname()[1])}
    return [subst.get(a, a) for a in before] + [value] + [subst.get(a, a) for a in after]


def _copy(recorded: Path, where: Path) -> Path:
    db = where / "j.sqlite3"
    db.write_bytes(recorded.read_bytes())
    return db


@pytest.mark.parametrize("slot", SLOTS, ids=lambda s: " ".join(s[0][:1] + s[0][-1:]))
def test_every_slot_takes_every_hostile_value_in_one_line(
    slot: tuple[list[str], list[str]],
    recorded: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)  # a value read as a path lands here
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    if slot[0][0] == "display" and "--host" in slot[0]:
        pytest.importorskip("aiohttp")
    faults: list[str] = []
    for n, value in enumerate(HOSTILE):
        if value == "/" and slot[0][0] in ("replay", "import"):
            continue  # every file on the machine: each named in its own line, as asked
        db = _copy(recorded, tmp_path)
        argv = _argv(slot, value, db, tmp_path / f"out{n}")
        before = _digest(db)
        monkeypatch.setattr(sys, "stdin", io.StringIO(""))
        try:
            code: object = main(argv)
        except SystemExit as e:
            code = e.code
        out, err = capsys.readouterr()
        faults += _faults(argv, code, out, err, _digest(db) == before)
    assert not faults, "\n".join(faults)


def test_a_sample_run_as_its_own_process_answers_the_same(recorded: Path, tmp_path: Path) -> None:
    """What a user runs: the program as a process, its exit code and its two streams."""
    r = random.Random(2718)
    faults: list[str] = []
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path))
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[2])
    for n in range(24):
        slot = r.choice([s for s in SLOTS if s[0][0] not in ("display",)])
        value = r.choice(HOSTILE)
        db = _copy(recorded, tmp_path)
        argv = _argv(slot, value, db, tmp_path / f"out{n}")
        before = _digest(db)
        done = subprocess.run(
            [sys.executable, "-m", "omaha_tui", *argv],
            input=b"",
            capture_output=True,
            env=env,
            cwd=tmp_path,
            timeout=60,
        )
        out, err = done.stdout.decode(), done.stderr.decode()
        faults += _faults(argv, done.returncode, out, err, _digest(db) == before)
    assert not faults, "\n".join(faults)


def test_play_says_a_journal_it_cannot_open_or_a_session_it_lacks_before_its_screen(
    recorded: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One line on stderr, with no full screen opened and closed first."""
    import sqlite3

    from omaha_tui.app.app import OmahaApp

    def screen(app: OmahaApp) -> None:
        raise AssertionError("the screen opened")

    monkeypatch.setattr(OmahaApp, "run", screen)
    text = tmp_path / "notes.txt"
    text.write_text("not a journal\n")
    newer = _copy(recorded, tmp_path)
    with sqlite3.connect(newer) as raw:
        raw.execute("PRAGMA user_version = 99")
    cases = [
        (["play", "--db", str(text)], "is not an SQLite database"),
        (["--db", str(text)], "is not an SQLite database"),
        (["play", "--db", str(newer)], "was written by a newer omaha-tui"),
        (["play", "--db", str(recorded), "--resume", "99"], "has no session 99"),
    ]
    for argv, said in cases:
        assert main(argv) == 2, argv
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and said in err, (argv, err)


@pytest.mark.parametrize(
    ("command", "close"),
    [
        ("console --resume 1 --db DB", "<&-"),
        ("console --resume 1 --db DB", ">&-"),
        ("console --resume 1 --db DB --json", ">&- 2>&-"),
        ("read --batch -", "<&-"),
        ("sessions --db DB", ">&-"),
    ],
)
def test_a_standard_stream_the_shell_closed_is_no_input_or_output_thrown_away(
    recorded: Path, tmp_path: Path, command: str, close: str
) -> None:
    db = _copy(recorded, tmp_path)
    before = _digest(db)
    argv = command.replace("DB", shlex.quote(str(db)))
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    done = subprocess.run(
        f"echo state | {shlex.quote(sys.executable)} -m omaha_tui {argv} {close}",
        shell=True,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    if "console" in command:  # "state" answered or not read: nothing recorded either way
        assert _digest(db) == before
