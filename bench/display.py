"""Time from a dealer's keypress to the players' display showing it, and its memory.

The dealer's app runs headless here (Pilot, 160x50, ten players, pot-limit Omaha,
hand after hand of calls, pot raises, undos and folds); the display runs as its own
process, as at the table:

* terminal: ``bench/display_probe.py`` (the display app, headless) prints the time at
  which it has painted each journal position;
* browser: ``omaha-tui display`` serves it and headless Chromium loads the page; the
  time is when the browser receives the first frame of the update over the websocket
  (xterm.js then draws it on its next animation frame, which is not counted).

For each action the clock starts when the key is sent to the dealer's app and stops
when the display has the new journal position (the dealer's durable commit, the
display's poll every 0.1 s and its redraw are all inside). It prints the median and
90th percentile over the actions, and the display's peak memory (VmHWM). The machine
is shared: compare medians and ratios, not single figures.

Run: ``.venv/bin/python bench/display.py [--actions N] [--no-browser]``.
"""

from __future__ import annotations

import argparse
import asyncio
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

from textual import events  # noqa: E402

from omaha_tui.app.app import OmahaApp  # noqa: E402
from omaha_tui.app.speech import SilentBackend  # noqa: E402
from omaha_tui.engine.config import Stakes, TableConfig, parse_game  # noqa: E402
from omaha_tui.session import Player, TableSetup  # noqa: E402
from omaha_tui.store.journal import Journal  # noqa: E402

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")
WAIT = 10.0  # seconds: longest wait for the display before the action counts as lost

ARRIVALS = """
(() => {
  const Original = window.WebSocket;
  window.__arrivals = [];
  class Timed extends Original {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (e) => {
        const size = e.data.byteLength ?? e.data.length ?? 0;
        window.__arrivals.push([performance.timeOrigin + performance.now(), size]);
      });
    }
  }
  window.WebSocket = Timed;
})();
"""


def ten_handed() -> TableSetup:
    config = TableConfig(variant=parse_game("plo"), stakes=Stakes(big_blind=2))
    return TableSetup(config, tuple(Player(i, n, 10_000) for i, n in enumerate(NAMES)))


def peak_kib(pid: int) -> int:
    """Peak resident memory of a process (VmHWM), in KiB; 0 when it is gone."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def tree_peak_kib(pid: int) -> int:
    """Peak memory of a process and its children (the served display's app processes)."""
    total = peak_kib(pid)
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        children = []
    return total + sum(tree_peak_kib(int(c)) for c in children)


Shown = Callable[[int, float], Awaitable[float | None]]
"""Given the journal position and the keypress time, wait for the display; the latency."""


async def drive(
    folder: Path, actions: int, watch: Callable[[Path, int], Awaitable[Shown]]
) -> list[float]:
    app = OmahaApp(
        db=folder / "bench.sqlite3",
        start=ten_handed(),
        now=lambda: 0.0,
        speech=SilentBackend(),
        settings_path=folder / "settings.json",
    )
    latencies: list[float] = []
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        sid = app.session.id
        reader = Journal.open(folder / "bench.sqlite3", read_only=True)
        shown = await watch(folder / "bench.sqlite3", sid)
        driver = app._driver
        assert driver is not None

        async def timed(key: str) -> None:
            before = app.session.state
            start = time.time()
            event = events.Key(key, key)
            event.set_sender(app)
            driver.send_message(event)
            deadline = time.monotonic() + 2
            while app.session.state is before:
                if time.monotonic() > deadline:
                    await pilot.pause()
                    return  # refused: nothing for the display to show
                await asyncio.sleep(0.0005)
            latency = await shown(reader.last_seq(sid), start)
            if latency is not None:
                latencies.append(latency)
            await pilot.pause()

        n = 0
        while len(latencies) < actions:
            await pilot.press("n")
            await pilot.pause()
            for street in range(4):
                acted = 0
                while (hand := app.session.state.hand) is not None and hand.to_act is not None:
                    if street == 3:
                        key = "f"
                    elif acted == 1 and street == n % 2:
                        key = "p"
                    elif acted == 2 and street == n % 2:
                        key = "u"
                    else:
                        key = "f" if acted in (4, 6) else "c"
                    await timed(key)
                    acted += 1
                hand = app.session.state.hand
                if hand is None or hand.complete:
                    break
                await pilot.press("d")
                await pilot.press("enter")
                await pilot.pause()
            n += 1
        reader.close()
    return latencies[:actions]


async def terminal(folder: Path, actions: int) -> tuple[list[float], int]:
    probe: list[subprocess.Popen[str]] = []
    seen: dict[int, float] = {}

    async def watch(db: Path, sid: int) -> Shown:
        proc = subprocess.Popen(
            [sys.executable, str(ROOT / "bench" / "display_probe.py"), str(db), str(sid)],
            stdout=subprocess.PIPE,
            text=True,
        )
        probe.append(proc)
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "ready"

        def read() -> None:
            assert proc.stdout is not None
            for line in proc.stdout:
                seq, when = line.split()
                seen[int(seq)] = float(when)

        threading.Thread(target=read, daemon=True).start()

        async def shown(seq: int, start: float) -> float | None:
            deadline = time.monotonic() + WAIT
            while time.monotonic() < deadline:
                done = [t for s, t in seen.items() if s >= seq]
                if done:
                    return (min(done) - start) * 1000
                await asyncio.sleep(0.001)
            return None

        return shown

    try:
        latencies = await drive(folder, actions, watch)
        memory = peak_kib(probe[0].pid)
    finally:
        for proc in probe:
            proc.terminate()
            proc.wait(timeout=10)
    return latencies, memory


async def browser(folder: Path, actions: int) -> tuple[list[float], int]:
    from tests.display.browser import Browser, stop_group

    servers: list[subprocess.Popen[str]] = []
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    async with Browser(folder / "profile") as chrome:
        await chrome.send("Page.addScriptToEvaluateOnNewDocument", source=ARRIVALS)

        async def watch(db: Path, sid: int) -> Shown:
            server = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "omaha_tui",
                    "display",
                    "--db",
                    str(db),
                    str(sid),
                    "--port",
                    str(port),
                ],
                stdout=subprocess.PIPE,
                text=True,
                start_new_session=True,  # the server and its app processes: one group
            )
            servers.append(server)
            assert server.stdout is not None
            server.stdout.readline()
            await chrome.open(f"http://localhost:{port}")
            for _ in range(600):  # the app has drawn once it streams frames
                if len(await arrivals()) > 5:
                    break
                await asyncio.sleep(0.1)
            await asyncio.sleep(1.0)

            async def shown(seq: int, start: float) -> float | None:
                deadline = time.monotonic() + WAIT
                while time.monotonic() < deadline:
                    after = [t for t, size in await arrivals() if t / 1000 > start and size > 32]
                    if after:
                        await asyncio.sleep(0.3)  # let the rest of this update through
                        return min(after) - start * 1000
                    await asyncio.sleep(0.005)
                return None

            return shown

        async def arrivals() -> list[tuple[float, int]]:
            r = await chrome.send(
                "Runtime.evaluate", expression="window.__arrivals || []", returnByValue=True
            )
            return [(float(t), int(n)) for t, n in r["result"]["value"]]

        try:
            latencies = await drive(folder, actions, watch)
            memory = tree_peak_kib(servers[0].pid)
        finally:
            for server in servers:
                stop_group(server)
    return latencies, memory


def report(name: str, latencies: list[float], memory_kib: int) -> None:
    latencies = sorted(latencies)
    median = statistics.median(latencies)
    p90 = latencies[int(len(latencies) * 0.9) - 1]
    print(
        f"{name}: {len(latencies)} actions, keypress to display median {median:.0f} ms, "
        f"p90 {p90:.0f} ms, worst {latencies[-1]:.0f} ms; display peak memory "
        f"{memory_kib / 1024:.0f} MiB"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=100)
    parser.add_argument("--no-browser", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        report("terminal", *asyncio.run(terminal(Path(tmp), args.actions)))
    if not args.no_browser:
        with tempfile.TemporaryDirectory() as tmp:
            report("browser (served)", *asyncio.run(browser(Path(tmp), args.actions)))


if __name__ == "__main__":
    main()
