"""Keypress-to-screen-update latency of the table screen at a full ten-handed table.

Drives ``OmahaApp`` headless with Pilot on a 160x50 terminal: ten players, pot-limit
Omaha, hand after hand of calls, checks, pot raises and folds. For each action key
it times the key event from its arrival until the app has processed it (session,
journal append with its fsync, new state, widgets updated) and Textual has written
the next frame with every changed widget repainted (its refresh runs at most at its
frame rate, so that wait is part of the figure); the clock stops at that frame, not
when the bench notices it. It prints the median, 90th
percentile and worst figure against the 50 ms target, and the CPU time per action,
for the ordinary action keys and, on a line of its own, for the key that ends a hand
(the last fold: the award, the pots swept, every seat's look reset). Both are also
given as ratios to a bare Textual app timed the same way (a few ``Static`` widgets, a
key that updates one of them), the floor any keypress in Textual pays on this machine.
It also times ``b`` opening the amount prompt: from the key's arrival until the prompt
is mounted with its field focused and Textual has written the frame that shows it.

Run: ``.venv/bin/python bench/ui.py [--hands N]``. The journal is a temporary file,
so the figure includes the durable SQLite commit of every action. ``--profile P``
also writes cProfile statistics of the hand-ending keys and of ``b`` to ``P.hand-end``
and ``P.prompt`` (read them with ``pstats``; the figures are slower then).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import pstats
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from textual import events  # noqa: E402
from textual.app import App, ComposeResult  # noqa: E402
from textual.screen import Screen  # noqa: E402
from textual.widget import Widget  # noqa: E402
from textual.widgets import Static  # noqa: E402

from omaha_tui.app.app import OmahaApp  # noqa: E402
from omaha_tui.app.prompts.amount_prompt import AmountPrompt  # noqa: E402
from omaha_tui.app.speech import SilentBackend  # noqa: E402
from omaha_tui.app.widgets.action_bar import ActionBar  # noqa: E402
from omaha_tui.engine.config import Stakes, TableConfig, parse_game  # noqa: E402
from omaha_tui.session import Player, TableSetup  # noqa: E402

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")
TARGET_MS = 50.0
REFUSED_AFTER = 2.0  # seconds without a new state: the key was refused
POLL = 0.0005  # seconds between checks: fine enough to time, idle enough not to load the CPU


def ten_handed() -> TableSetup:
    config = TableConfig(variant=parse_game("plo"), stakes=Stakes(big_blind=2))
    return TableSetup(config, tuple(Player(i, n, 10_000) for i, n in enumerate(NAMES)))


class Frames:
    """Counts the frames Textual writes to the (headless) driver, with the wall clock
    and the CPU clock at the latest one: a key's time ends at the frame that shows
    it, not when the bench's polling notices that frame (what the app does once the
    frame is written, off the key's path, is not timed)."""

    def __init__(self, app: App[Any]) -> None:
        self.count = 0
        self.wall = self.cpu = 0.0
        display = app._display

        def counting_display(screen: Screen[object], update: Any) -> None:
            display(screen, update)
            self.count += 1
            self.wall, self.cpu = time.perf_counter(), time.process_time()

        app._display = counting_display  # type: ignore[method-assign, assignment]

    async def shown(self, seen: int, screen: Screen[object], widgets: list[Widget]) -> None:
        """Wait until a frame after the ``seen``-th is written with nothing on ``screen``
        left to repaint: the frame that shows the key."""
        while (
            self.count == seen or screen._dirty_widgets or any(w._repaint_required for w in widgets)
        ):
            await asyncio.sleep(POLL)


class Timings:
    """What one run measured, in milliseconds."""

    def __init__(self) -> None:
        self.actions: list[float] = []  # the ordinary action keys
        self.actions_cpu: list[float] = []
        self.hand_end: list[float] = []  # the key that ends a hand
        self.hand_end_cpu: list[float] = []
        self.prompt: list[float] = []
        self.prompt_cpu: list[float] = []


class BareApp(App[None]):
    """The anchor: a bare Textual app, a few Static widgets, a key that updates one."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def compose(self) -> ComposeResult:
        for n in range(4):
            yield Static(f"line {n}", id=f"line-{n}")

    def on_key(self, event: events.Key) -> None:
        self.count += 1
        self.query_one("#line-0", Static).update(f"key {self.count}")


async def measure_bare(keys: int) -> tuple[list[float], list[float]]:
    """Time ``keys`` keys on :class:`BareApp` as the table's keys are timed."""
    app = BareApp()
    timings: list[float] = []
    cpu_ms: list[float] = []
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        driver = app._driver
        assert driver is not None
        frames = Frames(app)
        painted_widgets = list(app.screen.query(Widget))
        for _ in range(keys):
            before, seen = app.count, frames.count
            start, cpu = time.perf_counter(), time.process_time()
            event = events.Key("c", "c")
            event.set_sender(app)
            driver.send_message(event)
            while app.count == before:
                await asyncio.sleep(POLL)
            await frames.shown(seen, app.screen, painted_widgets)
            timings.append((frames.wall - start) * 1000)
            cpu_ms.append((frames.cpu - cpu) * 1000)
            await pilot.pause()
    return timings, cpu_ms


async def measure(hands: int, folder: Path, profile: Path | None = None) -> Timings:
    app = OmahaApp(
        db=folder / "bench.sqlite3",
        start=ten_handed(),
        now=lambda: 0.0,
        speech=SilentBackend(),
        settings_path=folder / "settings.json",
    )
    out = Timings()
    refused: list[str] = []
    # --profile: the hand-ending keys' and the prompts' calls, each key's from its
    # arrival to its frame (the bench's own polling is in it too: asyncio.sleep).
    profiled: dict[str, pstats.Stats | None] = {"hand-end": None, "prompt": None}

    def keep(what: str, profiler: cProfile.Profile | None) -> None:
        if profiler is not None:
            stats = profiled[what]
            if stats is None:
                profiled[what] = pstats.Stats(profiler)
            else:
                stats.add(profiler)

    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()

        driver = app._driver
        assert driver is not None
        frames = Frames(app)
        painted_widgets = list(app.table.query(Widget))

        async def timed(key: str) -> None:
            # The key goes in exactly as a terminal's would. The clock stops when
            # Textual has written a frame to the (headless) driver after the new state,
            # with no widget left waiting to be repainted. Pilot's own press() adds
            # idle-detection sleeps, which would be timed as well.
            before = app.session.state
            seen = frames.count
            profiler = cProfile.Profile() if profile else None
            start, cpu = time.perf_counter(), time.process_time()
            if profiler is not None:
                profiler.enable()
            event = events.Key(key, key)
            event.set_sender(app)
            driver.send_message(event)
            deadline = start + REFUSED_AFTER
            while app.session.state is before:
                if time.perf_counter() > deadline:  # refused: the table did not change
                    refused.append(f"{key}: {app.table.query_one(ActionBar).status_text}")
                    await pilot.pause()
                    return
                await asyncio.sleep(POLL)
            await frames.shown(seen, app.table, painted_widgets)
            if profiler is not None:
                profiler.disable()
            elapsed = (frames.wall - start) * 1000
            used = (frames.cpu - cpu) * 1000
            hand = app.session.state.hand
            if hand is not None and hand.complete:  # this key ended the hand
                keep("hand-end", profiler)
                out.hand_end.append(elapsed)
                out.hand_end_cpu.append(used)
            else:
                out.actions.append(elapsed)
                out.actions_cpu.append(used)
            await pilot.pause()

        async def open_prompt() -> None:
            # ``b`` until the amount prompt is on screen: mounted, its field focused and
            # a frame written after it; then Esc closes it again (nothing is recorded).
            seen = frames.count
            profiler = cProfile.Profile() if profile else None
            start, cpu = time.perf_counter(), time.process_time()
            if profiler is not None:
                profiler.enable()
            event = events.Key("b", "b")
            event.set_sender(app)
            driver.send_message(event)
            while not (
                isinstance(app.screen, AmountPrompt)
                and app.screen.is_mounted
                and app.focused is not None
                and frames.count > seen
                and not app.screen._dirty_widgets
            ):
                await asyncio.sleep(POLL)
            if profiler is not None:
                profiler.disable()
            keep("prompt", profiler)
            out.prompt.append((frames.wall - start) * 1000)
            out.prompt_cpu.append((frames.cpu - cpu) * 1000)
            await pilot.press("escape")
            await pilot.pause()

        for n in range(hands):
            await pilot.press("n")
            await pilot.pause()
            await open_prompt()
            for street in range(4):
                acted = 0
                while (hand := app.session.state.hand) is not None and hand.to_act is not None:
                    if street == 3:
                        key = "f"  # the river is folded round: the last player wins
                    elif acted == 1 and street == n % 2:
                        key = "p"
                    elif acted == 2 and street == n % 2:
                        key = "u"  # undo is an action too (it takes back the pot raise)
                    else:
                        key = "f" if acted in (4, 6) else "c"
                    await timed(key)
                    acted += 1
                hand = app.session.state.hand
                if hand is None or hand.complete:
                    break
                await pilot.press("d")
                await pilot.press("enter")  # chips only: board not tracked
                await pilot.pause()
            assert app.session.state.hand is not None and app.session.state.hand.complete
    for line in refused:
        print(f"refused (not timed) {line}")
    if profile is not None:
        for what, stats in profiled.items():
            if stats is not None:
                stats.dump_stats(f"{profile}.{what}")
                print(f"profile of the {what} keys: {profile}.{what}")
    return out


def spread(timings: list[float]) -> tuple[float, float, float]:
    """The median, the 90th percentile and the worst figure."""
    ordered = sorted(timings)
    return statistics.median(ordered), ordered[max(0, int(len(ordered) * 0.9) - 1)], ordered[-1]


def line(what: str, timings: list[float], cpu: list[float], bare: tuple[float, float]) -> str:
    median, p90, worst = spread(timings)
    return (
        f"{what} ({len(timings)}): median {median:.1f} ms, p90 {p90:.1f} ms, "
        f"worst {worst:.1f} ms; CPU median {statistics.median(cpu):.1f} ms; "
        f"{median / bare[0]:.1f}x / {p90 / bare[1]:.1f}x the bare app's median / p90"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=12)
    parser.add_argument(
        "--bare-keys", type=int, default=60, help="keys timed on the bare Textual app"
    )
    parser.add_argument(
        "--profile",
        type=Path,
        help="write cProfile stats of the hand-ending keys and of b to PROFILE.hand-end "
        "and PROFILE.prompt (the figures are then slower than without)",
    )
    args = parser.parse_args()
    bare_ms, bare_cpu = asyncio.run(measure_bare(args.bare_keys))
    with tempfile.TemporaryDirectory() as tmp:
        t = asyncio.run(measure(args.hands, Path(tmp), args.profile))
    bare_median, bare_p90, bare_worst = spread(bare_ms)
    bare = (bare_median, bare_p90)
    print(f"table screen, 10 players, 160x50, {args.hands} hands")
    print(
        f"bare Textual app, a key updating a Static ({len(bare_ms)}): median "
        f"{bare_median:.1f} ms, p90 {bare_p90:.1f} ms, worst {bare_worst:.1f} ms; "
        f"CPU median {statistics.median(bare_cpu):.1f} ms"
    )
    print(line("action keys", t.actions, t.actions_cpu, bare))
    print(line("hand-ending key", t.hand_end, t.hand_end_cpu, bare))
    everything = t.actions + t.hand_end
    median = statistics.median(everything)
    print(
        f"every action key: median {median:.1f} ms, worst {max(everything):.1f} ms "
        f"(target < {TARGET_MS:.0f} ms: median is {median / TARGET_MS:.2f}x the target)"
    )
    p_median, p_p90, _ = spread(t.prompt)
    print(
        f"b to the amount prompt on screen: median {p_median:.1f} ms, "
        f"p90 {p_p90:.1f} ms over {len(t.prompt)} prompts (target p90 <= 20 ms); "
        f"CPU median {statistics.median(t.prompt_cpu):.1f} ms"
    )


if __name__ == "__main__":
    main()
