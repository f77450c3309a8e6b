"""A hostile value in any word of any command is refused in one line, and the table stays.

Seeded evenings mix good commands (so hands are dealt, bet and won) with commands whose
every argument slot in turn gets a hostile value: empty, huge (``1e400``, five thousand
digits), negative, ``nan``, digits of other scripts, NUL and other control characters,
line separators, right-to-left marks, ten thousand characters. Each refused line must be
one line (announcements of the clock aside), show no raw control character, and leave
the table exactly as it was: the same state, the same events in the journal.
"""

from __future__ import annotations

import io
import random
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

from omaha_tui.console import Console
from omaha_tui.session import Session
from omaha_tui.store.journal import Journal

from .transcript import START, _setup

HOSTILE = [
    "",
    "1e400",
    "9" * 5000,
    "-1",
    "0",
    "-0",
    "nan",
    "inf",
    "٣٠",
    "３０",
    "²",
    "½",
    "0x10",
    "1_000",
    "+5",
    "\x00",
    "a\x00b",
    "\x1b[2J",
    "a\rb",
    "a\u2028b",
    "a\u2029b",
    "\x85",
    "\u202eAnn",
    "\u200b",
    "x" * 10_000,
    "💥",
    "\x7f",
    "\ufeff",
    "\udcff",  # what a byte that is not UTF-8 reads as (surrogateescape)
    "|",
    "+",
    "=",
    "ann",
    "ANN",
    "Ann Ann",
    "seat",
    "[bold]",
]

COMMANDS = [
    "bet N",
    "raise N",
    "deal C",
    "show P C",
    "muck P",
    "runtwice N",
    "award P",
    "award P+P | P",
    "next N",
    "seat N P N post",
    "leave P",
    "sitout P",
    "back P W",
    "rebuy P N",
    "correct P +N R",
    "button N",
    "level N/N/N",
    "straddle N",
    "game G S",
    "buttonrule W",
    "misdeal R",
    "value N W",
    "value N=N W",
    "expense N R P by P",
    "clock W",
    "clock +N",
    "settle W",
    "break W",
    "addon P",
    "reenter P N",
    "colorup N P",
    "deal W",
    "deal agree P=N keep=N",
    "W",
]
"""Commands with their argument slots: N a number, P a player, C cards, G a game, S a
structure, W a word, R a reason."""

GOOD = {
    "N": ["1", "2", "4", "10", "100", "3"],
    "P": ["Ann", "Bob", "Cy", "1", "2"],
    "C": ["Ah Kd 7c", "2s", "Qh", "Ah Kh Qh Jh", "9c 8c 7c 6c"],
    "G": ["plo", "big-o", "plo8"],
    "S": ["pl", "nl", "fl"],
    "W": ["post", "wait", "pause", "start", "next", "off", "banker", "end", "chop", "dead"],
    "R": ["miscount", "pizza"],
}
PLAY = ["next", "call", "check", "fold", "pot", "deal", "award", "undo", "redo", "state"]


def _line(r: random.Random) -> str:
    """A command whose slots are filled well, but one of them (usually) hostile."""
    if r.random() < 0.35:
        return r.choice(PLAY)
    words = r.choice(COMMANDS).split()
    slots = [i for i, w in enumerate(words) if w in GOOD]
    bad = r.choice(slots) if slots and r.random() < 0.8 else -1
    filled = [
        r.choice(HOSTILE) if i == bad else r.choice(GOOD[w]) if w in GOOD else w
        for i, w in enumerate(words)
    ]
    if not slots or r.random() < 0.1:  # the command word itself
        filled[0] = r.choice(HOSTILE) + r.choice(["", filled[0]])
    return " ".join(filled)


def _raw(text: str) -> list[str]:
    """Characters that would reach the terminal as controls (a new line ends the line)."""
    return [
        repr(ch)
        for ch in text
        if ch != "\n" and (unicodedata.category(ch) in ("Cc", "Zl", "Zp", "Cs") or ch == "\u202e")
    ]


def _events(journal: Journal, session_id: int) -> int:
    return len(journal.records(session_id))


@pytest.mark.parametrize("seed", range(int(__import__("os").environ.get("SEEDS", "8"))))
def test_a_refused_line_is_one_line_and_changes_nothing(tmp_path: Path, seed: int) -> None:
    r = random.Random(seed)
    header = {"players": "Ann:200,Bob:200,Cy:200", "game": r.choice(["plo", "plo8", "big-o"])}
    if seed % 3 == 1:
        header["levels"] = "1/2:1,2/4:1,break:1,5/10/1:1"
    if seed % 3 == 2:
        header["tournament"] = "--buy-in 20 --stack 1000 --rebuys-until 2 --add-on 10:500"
        header["levels"] = "10/20:1,20/40:1,break:1,50/100:1"
    with Journal.open(tmp_path / "j.sqlite3") as journal:
        setup = _setup(header)
        session = Session.create(journal, setup.events(), setup.name, setup.schedule, now=START)
        console = Console(session, io.StringIO(), now=lambda: START)
        faults: list[str] = []
        for _ in range(250):
            line = _line(r)
            before, count = session.state, _events(journal, session.id)
            console.out = buffer = io.StringIO()
            outcome = console.line(line)
            answer = buffer.getvalue()
            said = [s for s in answer.splitlines() if not s.startswith("announce:")]
            shown = repr(line[:60])
            if "Traceback" in answer or "internal error" in answer:
                faults.append(f"{shown}: {answer[:200]!r}")
            if raw := _raw(answer):
                faults.append(f"{shown}: control characters {raw[:3]} in {answer[:120]!r}")
            if outcome.refused or not outcome.ok:
                if len(said) != 1:
                    faults.append(f"{shown}: refused in {len(said)} lines: {answer[:200]!r}")
                if session.state != before or _events(journal, session.id) != count:
                    faults.append(f"{shown}: refused ({outcome.message[:80]!r}) yet recorded")
            if session.state.ended:
                break
        assert not faults, "\n".join(faults)


def test_bytes_that_are_not_text_reach_the_console_as_one_refused_line_each(
    tmp_path: Path,
) -> None:
    """The process reads its standard input as bytes a user's pipe may send: a NUL, a
    lone carriage return, bytes that are not UTF-8, a byte-order mark, a line of a
    megabyte. Each is answered in one line; the commands around them still work."""
    lines = [
        b"next",
        b"bet \x00",
        b"\xff\xfe\xfd",
        b"\xef\xbb\xbfcall",
        b"raise 1e400",
        b"seat 4 \xc3\x28 100",
        b"x" * 1_000_000,
        b"call\rcheck",
        b"fold",
        b"state",
    ]
    table = ["--db", str(tmp_path / "j.sqlite3"), "--players", "Ann:200,Bob:200,Cy:200"]
    done = subprocess.run(
        [sys.executable, "-m", "omaha_tui", "console", *table],
        input=b"\n".join(lines) + b"\n",
        capture_output=True,
        timeout=60,
    )
    out = done.stdout.decode("utf-8")
    assert done.returncode == 0, done.stderr
    assert done.stderr == b""
    answers = out.splitlines()
    assert len(answers) == len(lines), out[:2000]
    assert not _raw(out)
    assert answers[0].startswith("ok: Hand #1")
    assert answers[-2].startswith("ok: ") and "folds" in answers[-2]
    assert all(len(a) < 2000 for a in answers)
