"""The players' display under load: dealer action to page updated, and what 50 viewers cost.

The dealer is ``omaha-tui console --json`` (ten players, pot-limit Omaha, hand after
hand of calls, pot raises, checks, deals, undos and awards), driven one line at a time:
the time from writing a line to reading its answer is the dealer's keypress latency
(the durable journal commit included). The display is ``omaha-tui display``: one
server process. For each action that the journal records, the clock starts when the
line is written and stops when headless Chromium's page has drawn the new journal
position (its ``data-seq``; the server's poll every 0.1 s, the push and the page's
redraw are all inside).

Three runs: the dealer alone (no display), the display with one viewer (Chromium), and
with 50 (Chromium and 49 more event streams from ``bench/display_viewers.py``). For the
display it prints the page latency (median, p90), the server's CPU time and memory (RSS
at the end, peak), its process count, and beside each the dealer's keypress latency
(median, p95, worst). ``--terminal`` adds ``omaha-tui display --terminal`` (headless,
``bench/display_probe.py``) as the viewer instead. The machine is shared: compare medians
and ratios, not single figures.

Each line is written the moment the page has drawn the last one, just after the
server's poll, so the page latency is close to the worst case (one poll, 0.1 s);
``--jitter 0.3`` waits a random time before each line, as a dealer would, and measures
the latency a table sees.

Run: ``python bench/display.py [--actions N] [--viewers 50] [--terminal] [--jitter S]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from omaha_tui.store.journal import Journal  # noqa: E402

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")
PLAYERS = ",".join(f"{n}:10000" for n in NAMES)
WAIT = 10.0  # seconds: longest wait for the display before the action counts as lost
TICKS = os.sysconf("SC_CLK_TCK")

SEQS = """
(() => {
  window.__seqs = [];
  new MutationObserver(() => window.__seqs.push(
      [performance.timeOrigin + performance.now(), Number(document.body.dataset.seq)]))
    .observe(document.body, {attributes: true, attributeFilter: ["data-seq"]});
  return true;
})()
"""


def hand_lines(n: int) -> list[str]:
    """The dealer's commands for hand ``n``: ten players, three kinds of hand in turn."""
    if n % 3 == 0:
        return ["next", *["fold"] * 9]
    lines = ["next", "pot", *["call"] * 4, *["fold"] * 5]
    if n % 3 == 2:
        lines += ["undo", "redo"]
    for _ in range(3):
        lines += ["deal", *["check"] * 5]
    return [*lines, f"award {NAMES[n % len(NAMES)]}"]


def script(actions: int) -> list[str]:
    out: list[str] = []
    n = 0
    while len(out) < actions:
        out += hand_lines(n)
        n += 1
    return out[:actions]


def proc_status(pid: int) -> dict[str, int]:
    """VmRSS and VmHWM (KiB) of a process; empty when it is gone."""
    out = {}
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                out[key] = int(value.split()[0])
    except OSError:
        pass
    return out


def cpu_seconds(pid: int) -> float:
    """User and system CPU time a process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def children(pid: int) -> list[int]:
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Dealer:
    """``omaha-tui console --json``: one line in, one JSON answer out."""

    def __init__(self, db: Path) -> None:
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "omaha_tui",
                "console",
                "--db",
                str(db),
                "--json",
                "--players",
                PLAYERS,
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            bufsize=1,
        )

    def say(self, line: str) -> tuple[float, dict[str, object]]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        start = time.time()
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        answer = json.loads(self.proc.stdout.readline())
        return start, answer

    def stop(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


Shown = Callable[[int, float], Awaitable[float | None]]


class Run:
    """One evening: the dealer's latencies, the display's, and what the server used."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.keys: list[float] = []
        self.shown: list[float] = []
        self.lost = 0
        self.server: dict[str, float] = {}

    def report(self) -> None:
        keys = sorted(self.keys)
        line = (
            f"{self.name}: dealer keypress median {statistics.median(keys):.1f} ms, "
            f"p95 {keys[int(len(keys) * 0.95) - 1]:.1f} ms, worst {keys[-1]:.0f} ms"
        )
        if self.shown:
            shown = sorted(self.shown)
            line += (
                f"; action to page updated median {statistics.median(shown):.0f} ms, "
                f"p90 {shown[int(len(shown) * 0.9) - 1]:.0f} ms, worst {shown[-1]:.0f} ms"
                f" ({len(shown)} actions, {self.lost} not shown within {WAIT:.0f} s)"
            )
        if self.server:
            s = self.server
            line += (
                f"; server CPU {s['cpu']:.1f} s over {s['wall']:.0f} s "
                f"({100 * s['cpu'] / s['wall']:.0f}%), RSS {s['rss'] / 1024:.0f} MiB "
                f"(peak {s['hwm'] / 1024:.0f} MiB), {int(s['procs'])} process(es)"
            )
        print(line, flush=True)


async def evening(
    folder: Path, run: Run, actions: int, watch: Shown | None, jitter: float = 0.0
) -> None:
    db = folder / "bench.sqlite3"
    dealer = Dealer(db)
    try:
        dealer.say("state")
        reader = Journal.open(db, read_only=True)
        sid = reader.last_unfinished()
        assert sid is not None
        if watch is not None:
            await watch(-1, 0.0)  # the display is up and has drawn the table
        pace = random.Random(7)
        for line in script(actions):
            if jitter:  # a dealer's pace owes nothing to the display's poll
                await asyncio.sleep(pace.uniform(0, jitter))
            before = reader.last_seq(sid.id)
            start, answer = dealer.say(line)
            run.keys.append((time.time() - start) * 1000)
            seq = reader.last_seq(sid.id)
            if watch is None or seq == before or not answer.get("ok", False):
                continue
            latency = await watch(seq, start)
            if latency is None:
                run.lost += 1
            else:
                run.shown.append(latency)
        reader.close()
    finally:
        dealer.stop()


async def web(folder: Path, actions: int, viewers: int, jitter: float = 0.0) -> Run:
    from tests.display.browser import Browser, stop_group

    run = Run(f"web display, {viewers} viewer{'s' * (viewers > 1)}")
    port = free_port()
    url = f"http://localhost:{port}"
    db = folder / "bench.sqlite3"
    started: dict[str, object] = {}
    async with Browser(folder / "profile") as chrome:

        async def watch(seq: int, start: float) -> float | None:
            if seq < 0:
                await start_display()
                return None
            deadline = time.monotonic() + WAIT
            while time.monotonic() < deadline:
                seqs = await chrome.evaluate("window.__seqs")
                done = [t for t, s in seqs if s >= seq]
                if done:
                    await chrome.evaluate("window.__seqs = []")
                    return min(done) - start * 1000
                await asyncio.sleep(0.01)
            return None

        async def start_display() -> None:
            server = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "omaha_tui",
                    "display",
                    "--db",
                    str(db),
                    "--port",
                    str(port),
                    "--max-viewers",
                    str(viewers + 10),
                ],
                stdout=subprocess.PIPE,
                text=True,
                cwd=ROOT,
                start_new_session=True,
            )
            started["server"] = server
            assert server.stdout is not None
            server.stdout.readline()
            threading.Thread(target=server.stdout.read, daemon=True).start()
            await chrome.size(1920, 1080)
            await chrome.open(url)
            await chrome.wait_for("document.body && document.body.dataset.seq", "the table")
            await chrome.evaluate(SEQS)
            if viewers > 1:
                more = subprocess.Popen(
                    [
                        sys.executable,
                        str(ROOT / "bench" / "display_viewers.py"),
                        url,
                        str(viewers - 1),
                    ],
                    stdout=subprocess.PIPE,
                    text=True,
                    cwd=ROOT,
                )
                started["viewers"] = more
                assert more.stdout is not None
                assert more.stdout.readline().strip() == "ready"
            started["cpu"], started["wall"] = cpu_seconds(server.pid), time.monotonic()

        try:
            await evening(folder, run, actions, watch, jitter)
            server = started["server"]
            assert isinstance(server, subprocess.Popen)
            status = proc_status(server.pid)
            run.server = {
                "cpu": cpu_seconds(server.pid) - float(started["cpu"]),  # type: ignore[arg-type]
                "wall": time.monotonic() - float(started["wall"]),  # type: ignore[arg-type]
                "rss": status.get("VmRSS", 0),
                "hwm": status.get("VmHWM", 0),
                "procs": 1 + len(children(server.pid)),
            }
        finally:
            for key in ("viewers", "server"):
                proc = started.get(key)
                if isinstance(proc, subprocess.Popen):
                    stop_group(proc) if key == "server" else proc.kill()
                    proc.wait(timeout=10)
    return run


async def terminal(folder: Path, actions: int) -> Run:
    run = Run("terminal display (--terminal, headless)")
    seen: dict[int, float] = {}
    probes: list[subprocess.Popen[str]] = []

    async def watch(seq: int, start: float) -> float | None:
        if seq < 0:
            db = folder / "bench.sqlite3"
            with Journal.open(db, read_only=True) as j:
                info = j.last_unfinished()
            assert info is not None
            proc = subprocess.Popen(
                [sys.executable, str(ROOT / "bench" / "display_probe.py"), str(db), str(info.id)],
                stdout=subprocess.PIPE,
                text=True,
            )
            probes.append(proc)
            assert proc.stdout is not None
            assert proc.stdout.readline().strip() == "ready"

            def read() -> None:
                assert proc.stdout is not None
                for line in proc.stdout:
                    s, when = line.split()
                    seen[int(s)] = float(when)

            threading.Thread(target=read, daemon=True).start()
            return None
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            done = [t for s, t in list(seen.items()) if s >= seq]
            if done:
                return (min(done) - start) * 1000
            await asyncio.sleep(0.002)
        return None

    try:
        await evening(folder, run, actions, watch)
    finally:
        for proc in probes:
            proc.terminate()
            proc.wait(timeout=10)
    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=200)
    parser.add_argument("--viewers", type=int, default=50)
    parser.add_argument("--terminal", action="store_true")
    parser.add_argument(
        "--jitter",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="wait a random 0..SECONDS before each dealer line (the dealer's pace is not "
        "the display's poll: without it each line follows a poll, the worst moment)",
    )
    args = parser.parse_args()
    runs = []
    with tempfile.TemporaryDirectory() as tmp:
        alone = Run("no display")
        asyncio.run(evening(Path(tmp), alone, args.actions, None))
        alone.report()
        runs.append(alone)
    for viewers in (1, args.viewers):
        with tempfile.TemporaryDirectory() as tmp:
            run = asyncio.run(web(Path(tmp), args.actions, viewers, args.jitter))
            run.report()
            runs.append(run)
    if args.terminal:
        with tempfile.TemporaryDirectory() as tmp:
            run = asyncio.run(terminal(Path(tmp), args.actions))
            run.report()
    base = statistics.median(runs[0].keys)
    for run in runs[1:]:
        print(
            f"  dealer keypress median with {run.name}: "
            f"{statistics.median(run.keys) / base:.2f}x the run with no display"
        )


if __name__ == "__main__":
    main()
