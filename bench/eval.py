"""Hand evaluation speed: this engine against pokerkit on the same seeded deals.

Run ``python bench/eval.py [--deals N] [--seed S]``. Prints, for Omaha high and
eight-or-better low with four hole cards, evaluations per second for
``evaluate.high_value`` / ``low_value`` and for pokerkit's ``OmahaHoldemHand.from_game``
/ ``OmahaEightOrBetterLowHand.from_game``, and the ratio; then this engine's figures
for five and six hole cards, and the time to read whole hi-lo showdowns
(``showdown.read_showdown``: every hand's high and low with the cards used, winners and
reasons) for seven six-card hands (R1.3's limit for six-card games), for ten six-card
hands read one by one (more cards than a deck holds, so hands may share cards) and for
ten four-card hands. Timings take the best of several repeats; the engine's tables are
built first (the build time is printed) so that the figures are for a warm engine.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from omaha_tui.engine.config import parse_game
from omaha_tui.engine.hands import evaluate
from omaha_tui.engine.hands.cards import format_cards
from omaha_tui.engine.hands.reading import read_high, read_low
from omaha_tui.engine.hands.showdown import read_showdown

Deal = tuple[tuple[int, ...], tuple[int, ...]]


def deals(seed: int, count: int, holes: int) -> list[Deal]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        cards = rng.sample(range(52), holes + 5)
        out.append((tuple(cards[:holes]), tuple(cards[holes:])))
    return out


def best_time(fn: Callable[[Any, Any], Any], items: Sequence[Any], repeats: int) -> float:
    """Best wall time over ``repeats`` passes of ``fn`` over every deal."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for hole, board in items:
            fn(hole, board)
        best = min(best, time.perf_counter() - start)
    return best


def pokerkit_low(hand_cls: Any) -> Callable[[Any, Any], Any]:
    def run(hole: Any, board: Any) -> Any:
        try:
            return hand_cls.from_game(hole, board)
        except ValueError:  # no qualifying low
            return None

    return run


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20_000, help="deals for this engine")
    parser.add_argument("--pokerkit-deals", type=int, default=1_000, help="deals for pokerkit")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()

    start = time.perf_counter()
    evaluate.prepare_tables()
    print(f"table build: {1000 * (time.perf_counter() - start):.0f} ms (once per process)")

    from pokerkit import Card, OmahaEightOrBetterLowHand, OmahaHoldemHand

    four = deals(args.seed, args.deals, 4)
    subset = four[: args.pokerkit_deals]
    to_pk = tuple(Card.parse(format_cards(range(52), ""))).__getitem__
    pk_subset = [(tuple(map(to_pk, h)), tuple(map(to_pk, b))) for h, b in subset]

    print(
        f"\n4 hole cards, river boards; engine on {len(four)} deals, pokerkit on the first "
        f"{len(subset)} of the same deals"
    )
    print(f"{'':8}{'engine evals/s':>16}{'pokerkit evals/s':>18}{'ratio':>9}")
    for label, ours, theirs in (
        ("high", evaluate.high_value, OmahaHoldemHand.from_game),
        ("low", evaluate.low_value, pokerkit_low(OmahaEightOrBetterLowHand)),
    ):
        t_ours = best_time(ours, four, args.repeats) / len(four)
        t_pk = best_time(theirs, pk_subset, max(1, args.repeats // 2)) / len(pk_subset)
        print(f"{label:8}{1 / t_ours:>16,.0f}{1 / t_pk:>18,.0f}{t_pk / t_ours:>8.0f}x")

    print("\nengine, more hole cards (river boards)")
    print(f"{'':8}{'high evals/s':>16}{'low evals/s':>18}")
    for holes in (5, 6):
        items = deals(args.seed + holes, args.deals, holes)
        t_high = best_time(evaluate.high_value, items, args.repeats) / len(items)
        t_low = best_time(evaluate.low_value, items, args.repeats) / len(items)
        print(f"{f'{holes} cards':8}{1 / t_high:>16,.0f}{1 / t_low:>18,.0f}")

    print("\nshowdown reading, hi-lo (readings with cards used, winners, reasons)")
    rng = random.Random(args.seed)
    for label, game, players in (
        ("7 x six-card (R1.3 limit)", "omaha6-8", 7),
        ("10 x four-card", "omaha8", 10),
    ):
        variant = parse_game(game)
        holes = variant.hole_cards
        tables = []
        for _ in range(200):
            cards = rng.sample(range(52), 5 + holes * players)
            hands = [
                (f"P{i}", tuple(cards[5 + holes * i : 5 + holes * (i + 1)])) for i in range(players)
            ]
            tables.append((tuple(cards[:5]), hands))
        best = float("inf")
        for _ in range(args.repeats):
            start = time.perf_counter()
            for board, hands in tables:
                read_showdown(variant, board, hands)
            best = min(best, (time.perf_counter() - start) / len(tables))
        print(f"  {label:28}{1000 * best:8.3f} ms per showdown")
    # Ten six-card hands cannot come from one deck (60 + 5 cards): read ten legal hands
    # on one board, drawn independently, the same work a ten-hand showdown would do.
    sets: list[tuple[tuple[int, ...], list[tuple[int, ...]]]] = []
    for _ in range(200):
        board = tuple(rng.sample(range(52), 5))
        rest = [c for c in range(52) if c not in board]
        sets.append((board, [tuple(rng.sample(rest, 6)) for _ in range(10)]))
    best = float("inf")
    for _ in range(args.repeats):
        start = time.perf_counter()
        for board, holes_list in sets:
            for hole in holes_list:
                read_high(hole, board)
                read_low(hole, board)
        best = min(best, (time.perf_counter() - start) / len(sets))
    print(f"  {'10 x six-card, read each':28}{1000 * best:8.3f} ms per table")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
