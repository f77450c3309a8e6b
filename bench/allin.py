"""Every all-in spot a dealer meets, end to end from a cold process (R10.3), as a ratio to
the program's own start-up (``omaha-tui --version``) in the same run.

Each spot is ``omaha-tui equity`` run as its own process with the evaluator's board rows
in the cache directory (the state of every run after a machine's first); ``--cold-cache``
also times the first-ever run, which builds the rows and writes the file. Pre-flop spots
with side pots run in process through :func:`spot_equity` (what the console, the app and
the players' display call), after a fresh interpreter has loaded only what they load.
The target: every spot at most 300 ms wall on a two-core machine. Run:
``python bench/allin.py [--runs 5] [--cold-cache]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BASE = [sys.executable, "-m", "omaha_tui"]
SPOTS: dict[str, tuple[str, list[str], str]] = {
    "PLO 3-way": ("plo", ["Ah Kh Qd Jd", "9s 9c 8h 7h", "As 2s 3c 4d"], ""),
    "PLO 6-way": (
        "plo",
        ["Ah Kh Qd Jd", "9s 9c 8h 7h", "As 2s 3c 4d", "Tc Td 6s 5s", "Ks Kc 2h 3h", "7c 6c 5d 4h"],
        "",
    ),
    "PLO 10-way": (
        "plo",
        [
            "Ah Kh Qd Jd",
            "9s 9c 8h 7h",
            "As 2s 3c 4d",
            "Tc Td 6s 5s",
            "Ks Kc 2h 3h",
            "7c 6c 5d 4h",
            "Qs Qc Jh Th",
            "8s 8c 6h 5h",
            "Js Jc 4s 3s",
            "Ac Kd 9d 2d",
        ],
        "",
    ),
    "PLO heads-up": ("plo", ["Ah Kh Qd Jd", "9s 9c 8h 7h"], ""),
    "PLO8 heads-up": ("plo8", ["Ah Kh 2d 3d", "9s 9c 8h 7h"], ""),
    "PLO8 3-way": ("plo8", ["Ah Kh 2d 3d", "9s 9c 8h 7h", "As 2s 4c 5c"], ""),
    "Big O 3-way": ("big-o", ["Ah Kh Qd Jd Tc", "9s 9c 8h 7h 6d", "As 2s 3c 4d 5h"], ""),
    "6-card hi-lo 4-way": (
        "omaha6-8",
        ["Ah Kh Qd Jd Tc 2c", "9s 9c 8h 7h 6d 3d", "As 2s 3c 4d 5h 6h", "Ks Qs Js Ts 8d 8c"],
        "",
    ),
    "PLO 3-way flop": ("plo", ["Ah Kh Qd Jd", "9s 9c 8h 7h", "As 2s 3c 4d"], "Th 5h 2c"),
}
SIDE_POTS = {
    "PLO8 3-way, side pot": ("plo8", ["Ah Kh 2d 3d", "9s 9c 8h 7h", "As 2s 4c 5c"]),
    "Big O 4-way, two side pots": (
        "big-o",
        ["Ah Kh Qd Jd Tc", "9s 9c 8h 7h 6d", "As 2s 3c 4d 5h", "Ks Kc 2h 3h 7c"],
    ),
}
IN_PROCESS = """
import sys, time
t = time.perf_counter()
from omaha_tui.engine.allin.spot import AllInSpot, spot_equity
from omaha_tui.engine.hands.cards import parse_cards
from omaha_tui.engine.hands.games import parse_game
from omaha_tui.store import board_rows
board_rows.warm()
game, hands = sys.argv[1], sys.argv[2:]
tabled = tuple((i, tuple(parse_cards(h))) for i, h in enumerate(hands))
seats = tuple(range(len(hands)))
pots = tuple((100 * (len(hands) - k), seats[k:]) for k in range(len(hands) - 1))
spot_equity(AllInSpot(parse_game(game), (), tabled, pots=pots))
print((time.perf_counter() - t) * 1000)
"""


def wall(argv: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, capture_output=True, check=True, env=env)
    return (time.perf_counter() - start) * 1000


def equity_argv(game: str, hands: list[str], board: str) -> list[str]:
    argv = [*BASE, "equity", "--game", game]
    if board:
        argv += ["--board", board]
    for i, hand in enumerate(hands):
        argv += ["--hand", f"P{i + 1}: {hand}"]
    return argv


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--cold-cache", action="store_true")
    args = parser.parse_args()
    cache = tempfile.mkdtemp(prefix="omaha-tui-bench-cache-")
    env = {**os.environ, "OMAHA_TUI_CACHE_DIR": cache}
    if args.cold_cache:
        first = equity_argv(*SPOTS["PLO 3-way"])
        print(f"first run ever (builds and writes the rows): {wall(first, env):6.0f} ms")
    else:
        subprocess.run(equity_argv(*SPOTS["PLO heads-up"]), capture_output=True, env=env)
    version = statistics.median(wall([*BASE, "--version"], env) for _ in range(args.runs))
    print(f"{'spot':<30}{'median ms':>10}{'max ms':>9}{'x --version':>13}")
    print(f"{'omaha-tui --version':<30}{version:10.0f}")
    worst = 0.0
    for name, (game, hands, board) in SPOTS.items():
        times = [wall(equity_argv(game, hands, board), env) for _ in range(args.runs)]
        med = statistics.median(times)
        worst = max(worst, med)
        print(f"{name:<30}{med:10.0f}{max(times):9.0f}{med / version:13.2f}")
    for name, (game, hands) in SIDE_POTS.items():
        argv = [sys.executable, "-c", IN_PROCESS, game, *hands]
        times = []
        for _ in range(args.runs):
            out = subprocess.run(argv, capture_output=True, check=True, text=True, env=env)
            times.append(float(out.stdout))
        med = statistics.median(times)
        print(f"{name + ' (in process)':<30}{med:10.0f}{max(times):9.0f}")
    print(f"slowest spot end to end: {worst:.0f} ms (target 300 ms)")
    Path(cache, "board-rows-1.bin").unlink(missing_ok=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
