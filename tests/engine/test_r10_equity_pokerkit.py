"""R10.3 equity against pokerkit's hand evaluation over the same full enumerations.

For each spot every remaining board is dealt; pokerkit reads each hand's best high
(``OmahaHoldemHand``) and eight-or-better low (``OmahaEightOrBetterLowHand``) on it, the
pot is shared by R7 from those readings, and the averages must equal this engine's exact
equities. Turn spots for every game run by default; flop spots for every game and 2 to
4 hands are the long run (``pytest -m slow``), with one flop spot kept in the default.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

import pytest
from pokerkit import Card, OmahaEightOrBetterLowHand, OmahaHoldemHand

from omaha_tui.engine.allin.equity import equity
from omaha_tui.engine.config import Variant, parse_game
from omaha_tui.engine.hands.cards import format_card

GAMES = ("omaha", "omaha8", "omaha5", "big-o", "omaha6", "omaha6-8")
_PK = tuple(next(iter(Card.parse(format_card(c)))) for c in range(52))


def _pk(cards: Sequence[int]) -> tuple[Card, ...]:
    return tuple(_PK[c] for c in cards)


def _winners(values: Sequence[object | None]) -> list[int]:
    present = [v for v in values if v is not None]
    if not present:
        return []
    best = max(present)  # type: ignore[type-var]
    return [i for i, v in enumerate(values) if v is not None and v == best]


def _low(hole: Sequence[Card], board: Sequence[Card]) -> object | None:
    try:
        return OmahaEightOrBetterLowHand.from_game(hole, board)
    except ValueError:  # no qualifying low (R7.1)
        return None


def pokerkit_equity(
    variant: Variant, board: Sequence[int], hands: Sequence[Sequence[int]]
) -> list[float]:
    used = {*board, *(c for h in hands for c in h)}
    rest = [c for c in range(52) if c not in used]
    holes = [_pk(h) for h in hands]
    shares = [0.0] * len(hands)
    count = 0
    for extra in combinations(rest, 5 - len(board)):
        full = _pk((*board, *extra))
        count += 1
        high = _winners([OmahaHoldemHand.from_game(h, full) for h in holes])
        low = _winners([_low(h, full) for h in holes]) if variant.hilo else []
        if low:
            for i in high:
                shares[i] += 0.5 / len(high)
            for i in low:
                shares[i] += 0.5 / len(low)
        else:
            for i in high:
                shares[i] += 1 / len(high)
    return [s / count for s in shares]


def _spot(game: str, n_board: int, players: int, seed: int):
    variant = parse_game(game)
    holes = variant.hole_cards
    cards = random.Random(seed).sample(range(52), n_board + holes * players)
    board = tuple(cards[:n_board])
    hands = [tuple(cards[n_board + holes * i : n_board + holes * (i + 1)]) for i in range(players)]
    return variant, board, hands


def _check(game: str, n_board: int, players: int, seed: int) -> None:
    variant, board, hands = _spot(game, n_board, players, seed)
    ours = equity(variant, board, [(f"P{i}", h) for i, h in enumerate(hands)])
    assert ours.exact
    theirs = pokerkit_equity(variant, board, hands)
    assert [h.equity for h in ours.hands] == pytest.approx(theirs, abs=1e-12)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("game", GAMES)
def test_r10_3_turn_equity_matches_pokerkit_reading_every_river(game: str, players: int) -> None:
    _check(game, 4, players, 100 * players)


def test_r10_3_flop_equity_matches_pokerkit_reading_every_turn_and_river() -> None:
    _check("omaha", 3, 2, 7)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("game", GAMES)
def test_r10_3_flop_equity_matches_pokerkit_every_game_long_run(game: str, players: int) -> None:
    _check(game, 3, players, 1000 + players)
