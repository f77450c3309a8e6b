"""How soon the players' display shows a dealer's action: the journal's file-change
notification against the poll, and against the poll-free floor.

The dealer is ``omaha-tui console --json`` (ten players, as in ``bench/display.py``);
the viewer is headless Chromium on ``omaha-tui display``. For each action the journal
records, the clock starts when the console's answer is read (the event is durable
then) and stops when the page's ``data-seq`` reaches it (a MutationObserver's time, in
the same wall clock): the server's wake-up, its read of the journal, the push and the
page's redraw are all inside. A random pause of up to 0.15 s before each line keeps the
dealer's pace unrelated to the poll's.

Three displays, one run each:

* ``poll 0.1 s`` — ``--no-notify``: the server looks every 0.1 s (the display before
  the notification);
* ``notified`` — the default: inotify wakes the server, the 0.1 s look stays besides;
* ``floor`` — ``--no-notify --poll 0.001``: the server looks every millisecond, as
  near to no waiting at all as a poll gets: what the rest of the path costs.

It prints each one's median and p90 in ms and its median as a ratio of the floor's.
Run: ``python bench/display_wake.py [--actions N]``.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.display import SEQS, Dealer, free_port, script  # noqa: E402
from omaha_tui.store.journal import Journal  # noqa: E402

MODES = {
    "poll 0.1 s": ["--no-notify"],
    "notified": [],
    "floor": ["--no-notify", "--poll", "0.001"],
}


async def one(folder: Path, flags: list[str], actions: int) -> list[float]:
    from tests.display.browser import Browser, stop_group

    db = folder / "bench.sqlite3"
    dealer = Dealer(db)
    port = free_port()
    shown: list[float] = []
    server = None
    try:
        dealer.say("state")
        reader = Journal.open(db, read_only=True)
        info = reader.last_unfinished()
        assert info is not None
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
                *list(flags),
            ],
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            start_new_session=True,
        )
        assert server.stdout is not None
        server.stdout.readline()
        threading.Thread(target=server.stdout.read, daemon=True).start()
        async with Browser(folder / "profile") as chrome:
            await chrome.size(1920, 1080)
            await chrome.open(f"http://localhost:{port}")
            await chrome.wait_for("document.body && document.body.dataset.seq", "the table")
            await chrome.evaluate(SEQS)
            pace = random.Random(7)
            for line in script(actions):
                await asyncio.sleep(pace.uniform(0, 0.15))
                before = reader.last_seq(info.id)
                _, answer = dealer.say(line)
                answered = time.time() * 1000
                seq = reader.last_seq(info.id)
                if seq == before or not answer.get("ok", False):
                    continue
                deadline = time.monotonic() + 10
                while time.monotonic() < deadline:
                    seqs = await chrome.evaluate("window.__seqs")
                    done = [t for t, s in seqs if s >= seq]
                    if done:
                        await chrome.evaluate("window.__seqs = []")
                        shown.append(max(0.0, min(done) - answered))
                        break
                    await asyncio.sleep(0.005)
        reader.close()
    finally:
        dealer.stop()
        if server is not None:
            stop_group(server)
    return shown


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=120)
    args = parser.parse_args()
    medians = {}
    for name, flags in MODES.items():
        with tempfile.TemporaryDirectory() as tmp:
            shown = sorted(asyncio.run(one(Path(tmp), flags, args.actions)))
        medians[name] = statistics.median(shown)
        p90 = shown[int(len(shown) * 0.9) - 1]
        print(
            f"{name}: answer to page median {medians[name]:.1f} ms, p90 {p90:.1f} ms "
            f"({len(shown)} actions)",
            flush=True,
        )
    floor = medians["floor"]
    for name in ("poll 0.1 s", "notified"):
        print(f"  {name}: {medians[name] / floor:.2f}x the poll-free floor", flush=True)


if __name__ == "__main__":
    main()
