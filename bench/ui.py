"""Keypress-to-screen-update latency of the table screen at a full ten-handed table.

Drives ``OmahaApp`` headless with Pilot on a 160x50 terminal: ten players, pot-limit
Omaha, hand after hand of calls, checks, pot raises and folds. For each action key
it times the key event from its arrival until the app has processed it (session,
journal append with its fsync, new state, widgets updated) and Textual has written
the next frame with every changed widget repainted (its refresh runs at most at its
frame rate, so that wait is part of the figure). It prints the median, 90th
percentile and worst figure against the 50 ms target, and the CPU time per action.
It also times ``b`` opening the amount prompt: from the key's arrival until the prompt
is mounted with its field focused and Textual has written the frame that shows it.

Run: ``.venv/bin/python bench/ui.py [--hands N]``. The journal is a temporary file,
so the figure includes the durable SQLite commit of every action.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from textual import events  # noqa: E402
from textual.screen import Screen  # noqa: E402
from textual.widget import Widget  # noqa: E402

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


async def measure(hands: int, folder: Path) -> tuple[list[float], list[float], list[float]]:
    app = OmahaApp(
        db=folder / "bench.sqlite3",
        start=ten_handed(),
        now=lambda: 0.0,
        speech=SilentBackend(),
        settings_path=folder / "settings.json",
    )
    timings: list[float] = []
    cpu_ms: list[float] = []
    prompt_ms: list[float] = []
    prompt_cpu: list[float] = []
    refused: list[str] = []
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()

        driver = app._driver
        assert driver is not None
        frames = [0]
        display = app._display

        def counting_display(screen: Screen[object], update: Any) -> None:
            frames[0] += 1
            display(screen, update)

        app._display = counting_display  # type: ignore[method-assign, assignment]
        painted_widgets = list(app.table.query(Widget))

        async def timed(key: str) -> None:
            # The key goes in exactly as a terminal's would. The clock stops when
            # Textual has written a frame to the (headless) driver after the new state,
            # with no widget left waiting to be repainted. Pilot's own press() adds
            # idle-detection sleeps, which would be timed as well.
            before = app.session.state
            seen = frames[0]
            start, cpu = time.perf_counter(), time.process_time()
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
            while (
                frames[0] == seen
                or app.table._dirty_widgets
                or any(w._repaint_required for w in painted_widgets)
            ):
                await asyncio.sleep(POLL)
            timings.append((time.perf_counter() - start) * 1000)
            cpu_ms.append((time.process_time() - cpu) * 1000)
            await pilot.pause()

        async def open_prompt() -> None:
            # ``b`` until the amount prompt is on screen: mounted, its field focused and
            # a frame written after it; then Esc closes it again (nothing is recorded).
            seen = frames[0]
            start, cpu = time.perf_counter(), time.process_time()
            event = events.Key("b", "b")
            event.set_sender(app)
            driver.send_message(event)
            while not (
                isinstance(app.screen, AmountPrompt)
                and app.screen.is_mounted
                and app.focused is not None
                and frames[0] > seen
                and not app.screen._dirty_widgets
            ):
                await asyncio.sleep(POLL)
            prompt_ms.append((time.perf_counter() - start) * 1000)
            prompt_cpu.append((time.process_time() - cpu) * 1000)
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
    return timings, cpu_ms, prompt_ms, prompt_cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=12)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        timings, cpu_ms, prompt_ms, prompt_cpu = asyncio.run(measure(args.hands, Path(tmp)))
    timings.sort()
    median = statistics.median(timings)
    p90 = timings[int(len(timings) * 0.9) - 1]
    print(f"table screen, 10 players, 160x50: {len(timings)} actions")
    print(
        f"keypress to screen update: median {median:.1f} ms, p90 {p90:.1f} ms, "
        f"worst {timings[-1]:.1f} ms (target < {TARGET_MS:.0f} ms: "
        f"median is {median / TARGET_MS:.2f}x the target)"
    )
    print(
        f"CPU time per action (less sensitive to a busy machine): "
        f"median {statistics.median(cpu_ms):.1f} ms"
    )
    prompt_ms.sort()
    p90_prompt = prompt_ms[max(0, int(len(prompt_ms) * 0.9) - 1)]
    print(
        f"b to the amount prompt on screen: median {statistics.median(prompt_ms):.1f} ms, "
        f"p90 {p90_prompt:.1f} ms over {len(prompt_ms)} prompts (target p90 <= 20 ms); "
        f"CPU median {statistics.median(prompt_cpu):.1f} ms"
    )


if __name__ == "__main__":
    main()
