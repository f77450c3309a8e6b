"""Equity speed (R10.3): this engine against pokerkit reading the same boards.

Run ``python bench/equity.py [--seed S] [--repeats N] [--pokerkit-boards N]``. For each
spot of the targets (PLO flop and turn, Big O flop and turn, six-card hi-lo turn, PLO
and six-card pre-flop, exact and sampled; PLO pre-flop is counted by arithmetic) it
prints this engine's time (best of ``--repeats`` runs, tables warm), its peak memory
(``tracemalloc``, a separate run), the number of boards and whether they were all
counted, the 95 % margin of sampled figures, and the time pokerkit takes to read the
same boards (``OmahaHoldemHand.from_game`` and ``OmahaEightOrBetterLowHand.from_game``
for every hand on every board, winners by R7); for large spots pokerkit reads the first
``--pokerkit-boards`` boards and its time is scaled to all of them. The ratio is
pokerkit's time over this engine's. The first line is a cold call (tables built on
first use), then the tables are built once. Last, the pre-flop arithmetic against
walking every board: both times, the ratio, and a check that the figures are the same.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import tracemalloc
from itertools import combinations, islice
from math import comb
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from omaha_tui.engine.allin.equity import Equity, equity
from omaha_tui.engine.config import Variant, parse_game
from omaha_tui.engine.hands import evaluate
from omaha_tui.engine.hands.cards import format_card

# label, game, board cards, hands, samples (None = the engine decides; more samples than
# boards = exact), target seconds
SPOTS: tuple[tuple[str, str, int, int, int | None, float], ...] = (
    ("PLO flop, 2 hands", "omaha", 3, 2, None, 0.020),
    ("PLO turn, 2 hands", "omaha", 4, 2, None, 0.005),
    ("Big O flop, 3 hands", "big-o", 3, 3, None, 0.100),
    ("Big O turn, 3 hands", "big-o", 4, 3, None, 0.005),
    ("6-card hi-lo turn, 4 hands", "omaha6-8", 4, 4, None, 0.005),
    ("PLO pre-flop, 2 hands", "omaha", 0, 2, 2_000_000, 2.0),
    ("PLO pre-flop, 2 hands", "omaha", 0, 2, None, 0.080),
    ("6-card pre-flop, 4 hands", "omaha6", 0, 4, 20_000, 1.0),
    ("6-card pre-flop, 4 hands", "omaha6", 0, 4, None, 1.0),
)

Spot = tuple[Variant, tuple[int, ...], list[tuple[str, tuple[int, ...]]]]


def deal(game: str, n_board: int, players: int, rng: random.Random) -> Spot:
    variant = parse_game(game)
    holes = variant.hole_cards
    cards = rng.sample(range(52), n_board + holes * players)
    hands = [
        (f"P{i + 1}", tuple(cards[n_board + holes * i : n_board + holes * (i + 1)]))
        for i in range(players)
    ]
    return variant, tuple(cards[:n_board]), hands


def best_time(spot: Spot, samples: int | None, repeats: int) -> tuple[float, Equity]:
    best, result = float("inf"), None
    for _ in range(repeats):
        start = time.perf_counter()
        result = equity(*spot, samples=samples)
        best = min(best, time.perf_counter() - start)
    assert result is not None
    return best, result


def peak_memory(spot: Spot, samples: int | None) -> int:
    tracemalloc.start()
    equity(*spot, samples=samples)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def pokerkit_time(spot: Spot, result: Equity, limit: int, seed: int) -> tuple[float, int]:
    """Seconds pokerkit takes to read every board of the spot (scaled from ``limit``)."""
    from pokerkit import Card, OmahaEightOrBetterLowHand, OmahaHoldemHand

    variant, board, hands = spot
    pk = tuple(next(iter(Card.parse(format_card(c)))) for c in range(52))
    used = {*board, *(c for _, h in hands for c in h)}
    rest = [c for c in range(52) if c not in used]
    missing = 5 - len(board)
    if result.exact:
        total = comb(len(rest), missing)
        boards = list(islice(combinations(rest, missing), limit))
    else:
        total = result.boards
        rng = random.Random(seed)
        boards = [tuple(rng.sample(rest, missing)) for _ in range(min(limit, total))]
    holes = [tuple(pk[c] for c in h) for _, h in hands]

    def low(hole: Any, cards: Any) -> Any:
        try:
            return OmahaEightOrBetterLowHand.from_game(hole, cards)
        except ValueError:
            return None

    start = time.perf_counter()
    for extra in boards:
        cards = tuple(pk[c] for c in (*board, *extra))
        highs = [OmahaHoldemHand.from_game(h, cards) for h in holes]
        best = max(highs)
        _ = [i for i, v in enumerate(highs) if v == best]
        if variant.hilo:
            lows = [low(h, cards) for h in holes]
            present = [v for v in lows if v is not None]
            if present:
                top = max(present)
                _ = [i for i, v in enumerate(lows) if v is not None and v == top]
    elapsed = time.perf_counter() - start
    return elapsed * total / len(boards), len(boards)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--pokerkit-boards", type=int, default=1_000)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    spots = [(label, deal(g, nb, k, rng), s, t) for label, g, nb, k, s, t in SPOTS]
    start = time.perf_counter()
    equity(*spots[0][1])
    print(f"cold first call ({spots[0][0]}): {1000 * (time.perf_counter() - start):.1f} ms")
    start = time.perf_counter()
    evaluate.prepare_tables()
    print(f"table build: {1000 * (time.perf_counter() - start):.0f} ms (once per process)\n")

    head = f"{'spot':28}{'boards':>11}{'exact':>7}{'ms':>9}{'target':>10}{'peak KiB':>10}"
    print(f"{head}{'margin':>8}{'pokerkit ms':>13}{'ratio':>8}")
    for label, spot, samples, target in spots:
        repeats = args.repeats if (samples or 0) < 100_000 and spot[1] else 3
        seconds, result = best_time(spot, samples, repeats)
        peak = peak_memory(spot, samples)
        pk, read = pokerkit_time(spot, result, args.pokerkit_boards, 0)
        margin = max(h.margin for h in result.hands)
        ok = "ok" if seconds <= target else "MISS"
        print(
            f"{label:28}{result.boards:>11,}{'yes' if result.exact else 'no':>7}"
            f"{1000 * seconds:>9.1f}{f'{1000 * target:.0f} {ok}':>10}{peak / 1024:>10,.0f}"
            f"{(f'±{100 * margin:.1f}%' if margin else '-'):>8}"
            f"{1000 * pk:>13,.0f}{pk / seconds:>7.0f}x"
            + ("" if read >= result.boards else f"  (pokerkit read {read:,} boards, scaled)")
        )
    arithmetic_against_walking(rng, args.repeats)
    return 0


def arithmetic_against_walking(rng: random.Random, repeats: int) -> None:
    """Pre-flop boards counted by arithmetic (the default) against walking every board
    (the same figures, checked here): heads-up PLO, and PLO hi-lo with side pots."""
    from omaha_tui.engine.allin import equity as eq

    print(f"\n{'pre-flop, every board':34}{'arithmetic ms':>14}{'walking ms':>12}{'ratio':>8}")
    for label, game, players, pots in (
        ("PLO, 2 hands", "omaha", 2, ()),
        ("PLO, 2 hands", "omaha", 2, ()),
        ("PLO, 2 hands", "omaha", 2, ()),
        ("PLO hi-lo, 3 hands, side pot", "omaha8", 3, ((300, (0, 1, 2)), (400, (1, 2)))),
    ):
        variant, board, hands = deal(game, 0, players, rng)
        total = comb(52 - 4 * players, 5)
        fast = min(_timed(equity, variant, board, hands, pots) for _ in range(repeats))
        saved = eq.ARITHMETIC_FROM
        eq.ARITHMETIC_FROM = 10**12
        try:
            start = time.perf_counter()
            walked = equity(variant, board, hands, samples=total, pots=pots)
            slow = time.perf_counter() - start
        finally:
            eq.ARITHMETIC_FROM = saved
        same = equity(variant, board, hands, pots=pots) == walked
        print(
            f"{label:34}{1000 * fast:>14.1f}{1000 * slow:>12.0f}{slow / fast:>7.0f}x"
            + ("" if same else "  DIFFERENT FIGURES")
        )


def _timed(run: Any, *args: Any) -> float:
    start = time.perf_counter()
    run(*args[:3], pots=args[3])
    return time.perf_counter() - start


if __name__ == "__main__":
    raise SystemExit(main())
