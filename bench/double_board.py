"""Double board (R13.2): the showdown's reading and exact equity, against one board.

Run ``python bench/double_board.py [--seed S] [--deals N] [--repeats R]``.

1. Showdown reading. ``N`` seeded Omaha hi-lo double-board hands of 9 players (the most
   R13.2(b) seats with four hole cards: 9 x 4 + 10 + 3 = 49), everyone all in, both boards
   dealt, every hand tabled: the time to award every pot by the cards
   (``awards_from_cards``: each hand read on each board, high and low, every half and
   quarter), per hand, best of ``R``, against the same hands on one board. Then the bare
   reading of 10 hands (the most a single board seats) on two boards against one board
   (``high_value``/``low_value`` per hand per board): the cost per board read.
2. Exact equity on the flop for 2 and 3 hands on both boards (R13.2c), against the stated
   target, and against one board's exact equity on the same flop.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from omaha_tui.engine.allin.double_board import double_board_equity
from omaha_tui.engine.allin.equity import equity
from omaha_tui.engine.config import Stakes, Structure, TableConfig, parse_game
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import BoardDealt, HoleCardsShown, WentAllIn
from omaha_tui.engine.hands.cards import format_card
from omaha_tui.engine.hands.evaluate import high_value, low_value
from omaha_tui.engine.opening import opening_events
from omaha_tui.engine.reducer.replay import apply, replay
from omaha_tui.engine.rules.awards import awards_from_cards
from omaha_tui.engine.state import TableState
from tests import decided as cmd

EQUITY_TARGET = 0.25
"""Seconds an exact double-board flop equity may take on a busy two-core machine: a
quarter of a second, so the table shows it as the cards are dealt."""


def _best(fn: Callable[[], object], repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def _showdown(seed: int, boards: int, players: int = 9) -> TableState:
    """A hi-lo hand of ``players`` all in, both boards (or one) dealt, every hand tabled."""
    rng = random.Random(seed)
    config = TableConfig(
        variant=parse_game("omaha8"),
        structure=Structure.NO_LIMIT,
        stakes=Stakes(big_blind=2),
        double_board="every" if boards == 2 else "off",
    )
    stacks = [rng.choice((rng.randint(5, 40), rng.randint(60, 200))) for _ in range(players)]
    state = replay(opening_events(config, [(i, f"P{i}", s) for i, s in enumerate(stacks)]))
    state = apply(state, cmd.start_hand(state))
    while state.hand is not None and state.hand.to_act is not None:
        try:
            state = apply(state, WentAllIn(seat=state.hand.to_act))
        except RuleError:
            state = apply(state, cmd.call(state))
    deck = [format_card(c) for c in rng.sample(range(52), 52)]
    hand = state.hand
    assert hand is not None
    holes = {s: tuple(deck.pop() for _ in range(4)) for s in hand.live}
    while hand.street.value != "showdown":
        due = 2 if hand.board_count > hand.board2_count and hand.boards > 1 else 1
        have = hand.board_count if due == 1 else hand.board2_count
        cards = tuple(deck.pop() for _ in range(3 if have == 0 else 1))
        state = apply(state, BoardDealt(cards=cards, board=due))
        hand = state.hand
        assert hand is not None
    for seat, held in holes.items():
        state = apply(state, HoleCardsShown(seat=seat, cards=held))
    return state


def showdowns(seed: int, deals: int, repeats: int) -> None:
    print("Showdown reading, Omaha hi-lo, 9 players all in, awards by the cards", flush=True)
    per = {}
    for boards in (1, 2):
        states = [_showdown(seed + k, boards) for k in range(deals)]
        t = _best(lambda states=states: [awards_from_cards(s) for s in states], repeats)
        per[boards] = t / deals
        print(f"  {boards} board{'s' * (boards > 1)}: {per[boards] * 1e3:7.2f} ms a hand")
    print(f"  double / single: {per[2] / per[1]:.2f}x")
    print("Bare reading, 10 hands hi-lo (high and low of every hand on every board)")
    rng = random.Random(seed)
    spots = []
    for _ in range(deals):
        cards = rng.sample(range(52), 50)
        spots.append((cards[:5], cards[5:10], [cards[10 + 4 * i : 14 + 4 * i] for i in range(10)]))

    def read(boards: int) -> None:
        for b1, b2, hands in spots:
            for board in (b1, b2)[:boards]:
                for h in hands:
                    high_value(h, board)
                    low_value(h, board)

    one = _best(lambda: read(1), repeats) / deals
    two = _best(lambda: read(2), repeats) / deals
    print(f"  1 board: {one * 1e3:7.2f} ms  2 boards: {two * 1e3:7.2f} ms  ratio {two / one:.2f}x")


def equities(seed: int, repeats: int) -> None:
    print(f"Exact equity on the flop, both boards from one deck (target {EQUITY_TARGET:.2f} s)")
    variant = parse_game("omaha8")
    rng = random.Random(seed)
    for n in (2, 3):
        cards = rng.sample(range(52), 6 + 4 * n)
        b1, b2 = cards[:3], cards[3:6]
        hands = [(f"h{i}", cards[6 + 4 * i : 10 + 4 * i]) for i in range(n)]
        double = double_board_equity(variant, (b1, b2), hands)
        single = equity(variant, b1, hands)
        td = _best(
            lambda b1=b1, b2=b2, hands=hands: double_board_equity(variant, (b1, b2), hands), repeats
        )
        ts = _best(lambda b1=b1, hands=hands: equity(variant, b1, hands), repeats)
        ok = "within" if td <= EQUITY_TARGET else "OVER"
        print(
            f"  {n} hands: double {td * 1e3:7.1f} ms ({double.boards} boards counted, exact "
            f"{double.exact}) {ok} target; one board {ts * 1e3:6.1f} ms "
            f"({single.boards} boards); ratio {td / ts:.2f}x"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    showdowns(args.seed, args.deals, args.repeats)
    equities(args.seed, args.repeats)


if __name__ == "__main__":
    main()
