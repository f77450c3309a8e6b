"""R10.3 equity per pot: each pot among its own claimants, with each hand's expected chips."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from omaha_tui.engine.allin.equity import equity
from omaha_tui.engine.config import parse_game
from omaha_tui.engine.hands.cards import CardError, parse_cards
from omaha_tui.engine.hands.evaluate import high_value, low_value


def _hands(*texts: str) -> list[tuple[str, tuple[int, ...]]]:
    return [(f"P{i + 1}", parse_cards(t)) for i, t in enumerate(texts)]


def _brute(game: str, board, hands, claimants) -> list[float]:
    """Each claimant's share of one pot over every remaining board, by R7, the slow way."""
    variant = parse_game(game)
    used = {*board, *(c for _, h in hands for c in h)}
    unseen = [c for c in range(52) if c not in used]
    shares = dict.fromkeys(claimants, 0.0)
    n = 0
    for rest in combinations(unseen, 5 - len(board)):
        full = (*board, *rest)
        highs = {i: high_value(hands[i][1], full) for i in claimants}
        best = max(highs.values())
        hw = [i for i in claimants if highs[i] == best]
        lw: list[int] = []
        if variant.hilo:
            lows = {i: low_value(hands[i][1], full) for i in claimants}
            good = [v for v in lows.values() if v is not None]
            if good:
                lw = [i for i in claimants if lows[i] == max(good)]
        for i in hw:
            shares[i] += (0.5 if lw else 1.0) / len(hw)
        for i in lw:
            shares[i] += 0.5 / len(lw)
        n += 1
    return [shares[i] / n for i in claimants]


def test_r10_3_example_short_all_in_in_the_main_pot_side_pot_between_the_others():
    # A all in for 100, B and C 300 each: main pot 300 (A, B, C), side pot 400 (B, C).
    board = parse_cards("Kh 7h 2c 9d")
    hands = _hands("Ah Kd 7c 7d", "Qh Jh Tc 8c", "9s 9c 3h 4h")
    e = equity(parse_game("omaha"), board, hands, pots=[(300, (0, 1, 2)), (400, (1, 2))])
    main, side = e.pots
    assert (main.amount, main.claimants, side.amount, side.claimants) == (
        300,
        (0, 1, 2),
        400,
        (1, 2),
    )
    assert [h.equity for h in main.hands] == pytest.approx(_brute("omaha", board, hands, (0, 1, 2)))
    assert [h.equity for h in side.hands] == pytest.approx(_brute("omaha", board, hands, (1, 2)))
    assert sum(h.equity for h in side.hands) == pytest.approx(1.0)
    assert e.hands == main.hands  # the whole table's figures are the main pot's here
    assert e.expected == pytest.approx(
        (300 * main.hands[0].equity,
         300 * main.hands[1].equity + 400 * side.hands[0].equity,
         300 * main.hands[2].equity + 400 * side.hands[1].equity)
    )  # fmt: skip
    assert sum(e.expected) == pytest.approx(700)


def test_r10_3_split_game_pots_keep_high_and_low_apart():
    board = parse_cards("4h 5c Qs Kd")
    hands = _hands("Ah 2s Kh Ks", "As 3s Qh Qd", "6c 7c 8d 9d")
    e = equity(parse_game("omaha8"), board, hands, pots=[(90, (0, 1, 2)), (60, (0, 1))])
    side = e.pots[1]
    assert [h.equity for h in side.hands] == pytest.approx(_brute("omaha8", board, hands, (0, 1)))
    assert sum(h.high for h in side.hands) == pytest.approx(1.0)  # the high half among two
    assert 0 < side.hands[0].low <= 1 and sum(h.low for h in side.hands) <= 1


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(("omaha", "omaha8")), st.randoms(use_true_random=False))
def test_r10_3_every_pot_matches_the_slow_count_and_expected_chips_add_up(game, rng):
    cards = rng.sample(range(52), 4 + 12)
    board = tuple(cards[:4])
    hands = [(f"P{i}", tuple(cards[4 + 4 * i : 8 + 4 * i])) for i in range(3)]
    pots = [(30, (0, 1, 2)), (20, (1, 2)), (10, (2,))]
    e = equity(parse_game(game), board, hands, pots=pots)
    for (amount, claimants), pot in zip(pots, e.pots, strict=True):
        assert pot.amount == amount
        want = _brute(game, board, hands, claimants)
        assert [h.equity for h in pot.hands] == pytest.approx(want)
    assert e.pots[2].hands[0].equity == 1.0  # one claimant takes it on every board
    assert sum(e.expected) == pytest.approx(60)


def test_r10_3_a_pot_naming_a_hand_that_is_not_there_is_refused():
    hands = _hands("Ah Kd 7c 7d", "Qh Jh Tc 8c")
    with pytest.raises(CardError, match="claimants must be hands 0 to 1"):
        equity(parse_game("omaha"), parse_cards("Kh 7h 2c 9d"), hands, pots=[(10, (0, 3))])
