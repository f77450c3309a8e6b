"""``read --batch`` end to end against pokerkit, per deal.

Run ``python bench/read.py [--deals N] [--seed S] [--repeats R]``. Writes ``N`` seeded
JSON Lines deals (Omaha hi-lo, a river board, two to four hands) to a temporary file and
times whole ``omaha-tui read --batch FILE`` processes (interpreter start, imports,
parsing, reading every hand with the cards used, JSON out), best of ``R``; then times
pokerkit reading the same deals in this process (``OmahaHoldemHand.from_game`` and
``OmahaEightOrBetterLowHand.from_game`` for every hand, winners of each half), with no
process start and no parsing charged to it. The ratio is pokerkit's time per deal over
the command's; it grows with ``N`` as the start-up is spread over more deals.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from omaha_tui.engine.cards import format_card, format_cards


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
        roots = [str(Path(__file__).resolve().parents[1]), *args.root]
        best = dict.fromkeys(roots, float("inf"))
        startup = dict.fromkeys(roots, float("inf"))
        theirs = float("inf")
        # Alternate the runs so that a busy machine slows every contender alike.
        for _ in range(args.repeats):
            for root in roots:
                env = {**os.environ, "PYTHONPATH": root}
                command = [sys.executable, "-m", "omaha_tui", "read", "--batch", str(path)]
                start = time.perf_counter()
                done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=root)
                best[root] = min(best[root], time.perf_counter() - start)
                assert done.stdout.count("\n") == len(deals), done.stderr
                start = time.perf_counter()
                version = [sys.executable, "-m", "omaha_tui", "--version"]
                subprocess.run(version, check=True, capture_output=True, env=env, cwd=root)
                startup[root] = min(startup[root], time.perf_counter() - start)
            theirs = min(theirs, pokerkit_per_deal(deals[: args.pokerkit_deals], 1))
    print(f"{len(deals):,} Omaha hi-lo deals (2 to 4 hands, river boards); best of {args.repeats}")
    print(f"  pokerkit, in process: {1e6 * theirs:9.1f} µs per deal")
    for root in roots:
        ours = best[root] / len(deals)
        print(f"  read --batch from {root}")
        print(
            f"    whole process {1000 * best[root]:7.0f} ms, start-up "
            f"{1000 * startup[root]:5.0f} ms, {1e6 * ours:7.1f} µs per deal: "
            f"{theirs / ours:5.1f}x pokerkit per deal"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
