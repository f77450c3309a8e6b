"""R13.2(c): equity on a double board, each hand's share of each board's half, checked
against walking every pair of boards dealt from one deck."""

from __future__ import annotations

from itertools import permutations

import pytest

from omaha_tui.engine.allin.double_board import double_board_equity
from omaha_tui.engine.allin.spot import spot_equity
from omaha_tui.engine.allin.table_spot import all_in_spot
from omaha_tui.engine.config import Structure
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.hands.cards import parse_cards
from omaha_tui.engine.hands.evaluate import high_value, low_value
from omaha_tui.engine.hands.games import Variant, parse_game
from omaha_tui.engine.reducer.replay import apply
from tests import decided as cmd

from .table_helpers import new_table, start


def _shares(variant: Variant, board: tuple[int, ...], hands: list[tuple[int, ...]]) -> list[float]:
    """R7: each hand's share of one pot on one complete board."""
    highs = [high_value(h, board) for h in hands]
    best = max(highs)
    hw = [i for i, v in enumerate(highs) if v == best]
    lows = [low_value(h, board) for h in hands] if variant.hilo else []
    qualified = [v for v in lows if v is not None]
    out = [0.0] * len(hands)
    if not qualified:
        for i in hw:
            out[i] += 1 / len(hw)
        return out
    lw = [i for i, v in enumerate(lows) if v == max(qualified)]
    for i in hw:
        out[i] += 0.5 / len(hw)
    for i in lw:
        out[i] += 0.5 / len(lw)
    return out


def _walk(variant: Variant, b1: str, b2: str, hands: list[str]) -> tuple[list[float], list[float]]:
    """Every ordered pair of turn-and-river completions from one deck, by brute force."""
    one, two = tuple(parse_cards(b1)), tuple(parse_cards(b2))
    held = [tuple(parse_cards(h)) for h in hands]
    used = {*one, *two, *(c for h in held for c in h)}
    unseen = [c for c in range(52) if c not in used]
    need1, need2 = 5 - len(one), 5 - len(two)
    totals1, totals2 = [0.0] * len(held), [0.0] * len(held)
    n = 0
    for cards in permutations(unseen, need1 + need2):
        first, second = cards[:need1], cards[need1:]
        if list(first) != sorted(first) or list(second) != sorted(second):
            continue  # each board's cards as a set
        n += 1
        for i, s in enumerate(_shares(variant, one + first, held)):
            totals1[i] += s
        for i, s in enumerate(_shares(variant, two + second, held)):
            totals2[i] += s
    return [t / n for t in totals1], [t / n for t in totals2]


@pytest.mark.parametrize(
    ("game", "b1", "b2", "hands"),
    [
        ("omaha", "Ah 7h 2c Kd", "3s 4s 9d Td", ["Kh Qh 3c 4d", "7c 7d 9s Ts"]),
        ("omaha8", "Ah 7h 2c Kd", "3s 4s 9d Td", ["Kh Qh 3c 4d", "7c 7d 9s Ts", "As 2s 5c 6c"]),
        ("omaha", "Ah 7h 2c Kd 5s", "3s 4s 9d", ["Kh Qh 3c 4d", "7c 7d 9s Ts"]),
    ],
)
def test_r13_2c_each_boards_equity_is_that_of_every_pair_of_boards_from_one_deck(
    game: str, b1: str, b2: str, hands: list[str]
) -> None:
    variant = parse_game(game)
    walked = _walk(variant, b1, b2, hands)
    named = [(f"h{i}", tuple(parse_cards(h))) for i, h in enumerate(hands)]
    got = double_board_equity(variant, (parse_cards(b1), parse_cards(b2)), named)
    assert got.exact
    for board, expected in zip(got.per_board, walked, strict=True):
        assert [h.equity for h in board.hands] == pytest.approx(expected)
    assert [h.equity for h in got.hands] == pytest.approx(
        [(a + b) / 2 for a, b in zip(*walked, strict=True)]
    )


def test_r13_2c_the_all_in_spot_of_a_double_board_gives_each_boards_half() -> None:
    table = new_table(stacks=(41, 40), structure=Structure.NO_LIMIT, double_board="every")
    state = start(table)
    while state.hand is not None and state.hand.to_act is not None:
        for e in cmd.events(state, rq.AllIn() if state.hand.to_act == 1 else rq.Call()):
            state = apply(state, e)
    for text in ("Ah 7h 2c | 3s 4s 9d",):
        for e in cmd.events(state, rq.DealCards(text)):
            state = apply(state, e)
    for seat, cards in ((1, "Kh Qh 3c 4d"), (0, "7c 7d 9s Ts")):
        state = apply(state, cmd.show(state, seat, cards))
    spot = all_in_spot(state)
    assert spot is not None and spot.boards == 2
    assert spot.pots == ((40, (0, 1)),) and spot.pots2 == ((40, (0, 1)),)
    figures = spot_equity(spot)
    assert len(figures.per_board) == 2 and figures.exact
    assert sum(figures.expected) == pytest.approx(80)
