"""Child process of ``bench/display.py``: the players' display, headless, telling when
it has drawn each journal event.

Usage: ``python bench/display_probe.py DB SESSION``. Prints ``ready`` and then, each
time the display has painted a new journal position, ``SEQ EPOCH_SECONDS``.
"""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from omaha_tui.display.app import DisplayApp  # noqa: E402
from omaha_tui.display.follower import Follower  # noqa: E402


async def main(db: Path, session: int) -> None:
    app = DisplayApp(Follower.open(db, session))
    async with app.run_test(size=(120, 40)) as pilot:
        shown = [app.shown_seq]

        def painted(seq: int) -> None:
            print(f"{seq} {time.time():.6f}", flush=True)

        print("ready", flush=True)
        while True:
            if app.shown_seq != shown[0]:
                shown[0] = app.shown_seq
                app.call_after_refresh(painted, app.shown_seq)
            await pilot.pause(0.002)


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1]), int(sys.argv[2])))
