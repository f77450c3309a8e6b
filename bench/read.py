"""``read --batch`` end to end against pokerkit, per deal.

Run ``python bench/read.py [--deals N] [--seed S] [--repeats R]``. Writes ``N`` seeded
JSON Lines deals (Omaha hi-lo, a river board, two to four hands) to a temporary file and
times whole ``omaha-tui read --batch FILE`` processes (interpreter start, imports,
parsing, reading every hand with the cards used, JSON out), best of ``R``; then times
pokerkit reading the same deals in this process (``OmahaHoldemHand.from_game`` and
``OmahaEightOrBetterLowHand.from_game`` for every hand, winners of each half), with no
process start and no parsing charged to it. The ratio is pokerkit's time per deal over
the command's; it grows with ``N`` as the start-up is spread over more deals.

The timed processes run the command as installed: pip compiles the package's bytecode
when it installs it and writes an ``omaha-tui`` script that imports the command line and
calls it, so each checkout is copied to a temporary folder, compiled there and run by
such a script. The time of one deal read from the checkout as it is (``python -m
omaha_tui``, which may have to compile every module first) is printed beside it.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from omaha_tui.engine.hands.cards import format_card, format_cards


def make_deals(seed: int, count: int) -> list[tuple[tuple[int, ...], list[tuple[int, ...]]]]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        players = rng.choice((2, 3, 4))
        cards = rng.sample(range(52), 5 + 4 * players)
        out.append(
            (tuple(cards[:5]), [tuple(cards[5 + 4 * i : 9 + 4 * i]) for i in range(players)])
        )
    return out


def pokerkit_per_deal(deals: list[Any], repeats: int) -> float:
    from pokerkit import Card, OmahaEightOrBetterLowHand, OmahaHoldemHand

    pk = tuple(next(iter(Card.parse(format_card(c)))) for c in range(52))

    def low(hole: Any, board: Any) -> Any:
        try:
            return OmahaEightOrBetterLowHand.from_game(hole, board)
        except ValueError:
            return None

    best_time = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for board, hands in deals:
            b = tuple(pk[c] for c in board)
            holes = [tuple(pk[c] for c in h) for h in hands]
            highs = [OmahaHoldemHand.from_game(h, b) for h in holes]
            top = max(highs)
            _ = [i for i, v in enumerate(highs) if v == top]
            lows = [low(h, b) for h in holes]
            present = [v for v in lows if v is not None]
            if present:
                best = max(present)
                _ = [i for i, v in enumerate(lows) if v is not None and v == best]
        best_time = min(best_time, time.perf_counter() - start)
    return best_time / len(deals)


# What pip writes as the ``omaha-tui`` console script, less its line for Windows names.
SCRIPT = "import sys\nfrom omaha_tui.cli import main\nsys.exit(main())\n"


def _run(root: str, env: dict[str, str], deals: Path, count: int) -> float:
    """Seconds for one whole ``omaha-tui read --batch DEALS`` process: the installed
    script when ``env`` names an installed copy, else ``python -m omaha_tui``."""
    script = Path(env["PYTHONPATH"]) / "omaha-tui"
    start_with = [str(script)] if script.exists() else ["-m", "omaha_tui"]
    command = [sys.executable, *start_with, "read", "--batch", str(deals)]
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=deals.parent)
    took = time.perf_counter() - start
    assert done.stdout.count("\n") == count, done.stderr
    return took


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2_000)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--pokerkit-deals", type=int, default=300)
    parser.add_argument(
        "--root",
        action="append",
        default=[],
        metavar="DIR",
        help="also time the omaha_tui package of another checkout (before/after)",
    )
    args = parser.parse_args()

    deals = make_deals(args.seed, args.deals)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "deals.jsonl"
        with path.open("w", encoding="utf-8") as f:
            for board, hands in deals:
                line = {
                    "game": "omaha8",
                    "board": format_cards(board),
                    "hands": [f"P{i + 1}: {format_cards(h)}" for i, h in enumerate(hands)],
                }
                f.write(json.dumps(line) + "\n")
        one = Path(folder) / "one.jsonl"
        one.write_text(path.read_text(encoding="utf-8").split("\n", 1)[0] + "\n", encoding="utf-8")
        roots = [str(Path(__file__).resolve().parents[1]), *args.root]
        envs = {}
        first = {}
        for n, root in enumerate(roots):
            env = {**os.environ, "PYTHONPATH": root}
            first[root] = _run(root, env, one, 1)  # as the checkout is, maybe compiling
            # As installed: pip compiles the package's bytecode when it installs it (and
            # Python writes it on a first run where it may) and writes the omaha-tui
            # script, which imports the command line and calls it. A copy of the
            # package with its bytecode, and such a script, run every timed process.
            installed = Path(folder) / f"installed-{n}"
            shutil.copytree(Path(root) / "omaha_tui", installed / "omaha_tui")
            compileall.compile_dir(installed, quiet=1)
            (installed / "omaha-tui").write_text(SCRIPT, encoding="utf-8")
            envs[root] = {**os.environ, "PYTHONPATH": str(installed)}
        best = dict.fromkeys(roots, float("inf"))
        startup = dict.fromkeys(roots, float("inf"))
        theirs = float("inf")
        # Alternate the runs so that a busy machine slows every contender alike.
        for _ in range(args.repeats):
            for root in roots:
                best[root] = min(best[root], _run(root, envs[root], path, len(deals)))
                startup[root] = min(startup[root], _run(root, envs[root], one, 1))
            theirs = min(theirs, pokerkit_per_deal(deals[: args.pokerkit_deals], 1))
    print(f"{len(deals):,} Omaha hi-lo deals (2 to 4 hands, river boards); best of {args.repeats}")
    print(f"  pokerkit, in process: {1e6 * theirs:9.1f} µs per deal")
    for root in roots:
        ours = best[root] / len(deals)
        print(f"  read --batch from {root}")
        print(
            f"    whole process {1000 * best[root]:7.0f} ms, start-up (one deal) "
            f"{1000 * startup[root]:5.0f} ms, {1e6 * ours:7.1f} µs per deal: "
            f"{theirs / ours:5.1f}x pokerkit per deal"
        )
        print(f"    one deal from the checkout as it is: {1000 * first[root]:5.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
