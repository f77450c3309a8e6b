"""R10.3 pre-flop equity counted by arithmetic: the same figures as walking every board."""

from __future__ import annotations

import random
from math import comb

import pytest

from omaha_tui.engine.allin import equity as eq
from omaha_tui.engine.config import parse_game


def _spot(game: str, players: int, dead: int, seed: int):
    variant = parse_game(game)
    rng = random.Random(seed)
    holes = variant.hole_cards
    cards = rng.sample(range(52), holes * players + dead)
    hands = [(f"P{i}", tuple(cards[holes * i : holes * (i + 1)])) for i in range(players)]
    return variant, hands, tuple(cards[holes * players :])


def _both(monkeypatch, variant, hands, dead, pots=()):
    unseen = 52 - len(dead) - sum(len(h) for _, h in hands)
    total = comb(unseen, 5)
    monkeypatch.setattr(eq, "ARITHMETIC_FROM", 10**12)
    walked = eq.equity(variant, (), hands, dead, samples=total, pots=pots)
    monkeypatch.setattr(eq, "ARITHMETIC_FROM", 0)
    counted = eq.equity(variant, (), hands, dead, pots=pots)
    return walked, counted


@pytest.mark.parametrize(
    ("game", "players", "dead", "seed"),
    [
        ("omaha", 2, 20, 1),
        ("omaha", 2, 22, 2),
        ("omaha8", 2, 20, 3),
        ("omaha", 3, 16, 4),
        ("big-o", 2, 18, 5),
        ("omaha6-8", 3, 10, 6),
    ],
)
def test_r10_3_preflop_arithmetic_equals_full_enumeration(monkeypatch, game, players, dead, seed):
    variant, hands, dead_cards = _spot(game, players, dead, seed)
    walked, counted = _both(monkeypatch, variant, hands, dead_cards)
    assert counted.exact and counted.boards == walked.boards
    assert counted.hands == walked.hands


def test_r10_3_preflop_arithmetic_per_pot_equals_full_enumeration(monkeypatch):
    variant, hands, dead_cards = _spot("omaha8", 3, 14, 7)
    pots = [(300, (0, 1, 2)), (400, (1, 2))]
    walked, counted = _both(monkeypatch, variant, hands, dead_cards, pots)
    assert counted.pots == walked.pots and counted.expected == walked.expected


@pytest.mark.parametrize(
    ("game", "players", "dead", "seed"),
    [
        ("omaha8", 4, 12, 11),
        ("omaha", 5, 10, 12),
        ("big-o", 4, 10, 13),
        ("omaha6-8", 4, 8, 14),
        ("omaha", 7, 0, 15),
    ],
)
def test_r10_3_preflop_arithmetic_side_pots_equal_full_enumeration(
    monkeypatch, game, players, dead, seed
):
    variant, hands, dead_cards = _spot(game, players, dead, seed)
    pots = [(100 * (players - k), tuple(range(k, players))) for k in range(players - 1)]
    walked, counted = _both(monkeypatch, variant, hands, dead_cards, pots)
    assert counted.hands == walked.hands
    assert counted.pots == walked.pots and counted.expected == walked.expected


def test_r10_3_preflop_flush_heavy_spot_equals_full_enumeration(monkeypatch):
    """Every hand two-suited in the same two suits: most boards of three or more hearts or
    spades are flushes for several hands at once, high and low apart (R6.2a, R7)."""
    from omaha_tui.engine.hands.cards import parse_cards

    variant = parse_game("omaha8")
    hands = [
        ("A", tuple(parse_cards("Ah 2h Ks 3s"))),
        ("B", tuple(parse_cards("Qh 4h Js 5s"))),
        ("C", tuple(parse_cards("Th 9h As 8s"))),
        ("D", tuple(parse_cards("7h 6h 6s 7s"))),
    ]
    dead = tuple(parse_cards("Kc Qc Jc Tc 9c Kd Qd Jd Td 9d"))
    pots = [(400, (0, 1, 2, 3)), (300, (1, 2, 3)), (200, (2, 3))]
    walked, counted = _both(monkeypatch, variant, hands, dead, pots)
    assert counted.hands == walked.hands and counted.pots == walked.pots


def test_r10_3_heads_up_plo_preflop_is_exact_by_default_and_equals_every_board(monkeypatch):
    variant, hands, _ = _spot("omaha", 2, 0, 8)
    walked, counted = _both(monkeypatch, variant, hands, ())
    assert counted.boards == walked.boards == 1_086_008
    assert counted.hands == walked.hands
    monkeypatch.undo()
    assert eq.equity(variant, (), hands).exact  # by default, no sample
