"""A scripted 1,000-hand evening piped through ``omaha-tui console --json``.

Six players at pot-limit Omaha 1/2 play hands of three kinds in turn: folded round to
the big blind, a pot raise called down with the board dealt as a count and the pot
awarded by hand, and a limped hand with an undo and a redo in it. Every line is one
command, answered with one JSON object. It prints commands per second (the journal
commits each one durably, fsync included), the console's peak memory, and how long
resuming the finished session takes: the whole ``omaha-tui console --resume`` process
answering one ``state``, and ``Session.resume`` alone.

Run: ``.venv/bin/python bench/console.py [--hands N]``. Timings on a shared machine
are noisy: compare medians of a few runs, not single figures.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from omaha_tui.session import Session  # noqa: E402
from omaha_tui.store.journal import Journal  # noqa: E402

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")
PLAYERS = ",".join(f"{n}:10000" for n in NAMES)


def hand_lines(n: int) -> list[str]:
    """The commands of hand ``n`` (0-based)."""
    if n % 3 == 0:  # folded round: five folds, the big blind wins
        return ["next", *["fold"] * 5]
    winner = NAMES[n % len(NAMES)]
    if n % 3 == 1:  # a pot raise called down, the board dealt as a count
        lines = ["next", "pot", *["call"] * 5]
        for _ in range(3):
            lines += ["deal", *["check"] * 6]
        return [*lines, f"award {winner}", "state"]
    lines = ["next", *["call"] * 5, "check", "undo", "redo"]  # limped, one mistake
    for _ in range(3):
        lines += ["deal", *["check"] * 6]
    return [*lines, f"award {winner}"]


def script(hands: int) -> str:
    return "".join(f"{line}\n" for n in range(hands) for line in hand_lines(n))


def console(db: Path, *args: str, stdin: str) -> tuple[float, str]:
    start = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-m", "omaha_tui", "console", "--db", str(db), "--json", *args],
        input=stdin,
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return time.perf_counter() - start, out.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--resumes", type=int, default=5)
    args = parser.parse_args()
    text = script(args.hands)
    commands = text.count("\n")
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.sqlite3"
        seconds, out = console(db, "--players", PLAYERS, stdin=text)
        peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        answers = [json.loads(line) for line in out.splitlines()]
        refused = [a["message"] for a in answers if not a["ok"]]
        hands = answers[-1]["state"]["hand"]
        print(f"{args.hands} hands, {commands} commands piped through omaha-tui console --json")
        print(
            f"  {seconds:.1f} s: {commands / seconds:,.0f} commands/s "
            f"({seconds / commands * 1000:.2f} ms each, durable commit included); "
            f"{len(answers)} answers, {len(refused)} refused, last hand #{hands}"
        )
        print(f"  peak memory of the console process: {peak_kb / 1024:.0f} MB")
        process = []
        for _ in range(args.resumes):
            took, out = console(db, "--resume", stdin="state\n")
            process.append(took)
        print(
            f"  resume, whole process answering 'state': median {statistics.median(process):.2f} s "
            f"(python start-up and imports included)"
        )
        inner = []
        with Journal.open(db) as journal:
            sid = journal.sessions()[-1].id
            for _ in range(args.resumes):
                start = time.perf_counter()
                session = Session.resume(journal, sid)
                inner.append(time.perf_counter() - start)
                journal.release(sid)
            events = journal.sessions()[-1].event_count
        print(
            f"  Session.resume alone: median {statistics.median(inner) * 1000:.0f} ms "
            f"for {events:,} events (undo and redo list rebuilt from the log)"
        )
        assert session.state.hands_played >= args.hands - 1
        if refused:
            print(f"  first refusal: {refused[0]}")


if __name__ == "__main__":
    main()
