"""Laws of dividing a pot and reading a showdown, checked with hypothesis in every game:
every chip awarded, the odd chip to the high half and then from the button's left (R7.4),
runs that differ by at most one chip with the odd ones first (R10.2), and every reading
exactly two hole cards and three board cards in every variant, Binglao's rolls too (R6.1,
R7.1, R9)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from omaha_tui.engine.config import VARIANTS, Variant, binglao_variant
from omaha_tui.engine.events import Half
from omaha_tui.engine.hands.cards import rank_of
from omaha_tui.engine.hands.evaluate import high_value, low_value
from omaha_tui.engine.hands.showdown import read_showdown
from omaha_tui.engine.rules.awards import run_parts, split_pot
from omaha_tui.engine.rules.pots import clockwise_from

TABLE = 10
GAMES: tuple[Variant, ...] = (
    *(v for v in VARIANTS.values() if not v.binglao),
    *(binglao_variant(roll) for roll in range(1, 7)),
)


@st.composite
def pots(draw: st.DrawFn) -> tuple[int, int, dict[int, int], dict[int, int | None] | None, int]:
    chip = draw(st.sampled_from((1, 5, 25)))
    amount = chip * draw(st.integers(1, 400))
    seats = draw(st.lists(st.integers(0, TABLE - 1), min_size=1, max_size=6, unique=True))
    high = {s: draw(st.integers(0, 2)) for s in seats}  # few values: many ties
    low: dict[int, int | None] | None = None
    if draw(st.booleans()):
        low = {s: draw(st.one_of(st.none(), st.integers(0, 2))) for s in seats}
    return amount, chip, high, low, draw(st.integers(0, TABLE - 1))


def _fair(parts: dict[int, int], button: int, chip: int) -> None:
    """Tied winners of one half share it equally; the leftover chips go one each from
    the first seat left of the button (R7.4)."""
    order = clockwise_from(tuple(parts), (button + 1) % TABLE, TABLE)
    amounts = [parts[s] for s in order]
    assert amounts == sorted(amounts, reverse=True)
    assert amounts[0] - amounts[-1] <= chip


@settings(max_examples=400, deadline=None)
@given(pots())
def test_r7_4_every_chip_of_a_pot_goes_to_its_best_hands_odd_chip_high_then_left_of_button(
    pot: tuple[int, int, dict[int, int], dict[int, int | None] | None, int],
) -> None:
    amount, chip, high, low, button = pot
    awards = split_pot(0, amount, high, low, button, TABLE, chip)
    assert sum(a.amount for a in awards) == amount
    assert all(a.amount % chip == 0 for a in awards)
    best_high = {s for s, v in high.items() if v == max(high.values())}
    lows = {s: v for s, v in (low or {}).items() if v is not None}
    best_low = {s for s, v in lows.items() if v == max(lows.values())} if lows else set()
    halves: dict[Half, dict[int, int]] = {}
    for a in awards:
        halves.setdefault(a.half, {})[a.seat] = a.amount
    if not best_low:  # R7.3: no qualifying low (or a high-only game): one undivided pot
        assert set(halves) == {Half.WHOLE} and set(halves[Half.WHOLE]) == best_high
    else:
        assert set(halves) == {Half.HIGH, Half.LOW}
        assert set(halves[Half.HIGH]) == best_high and set(halves[Half.LOW]) == best_low
        high_half, low_half = (sum(halves[h].values()) for h in (Half.HIGH, Half.LOW))
        assert high_half - low_half in (0, chip)  # R7.4: the odd chip to the high half
    for parts in halves.values():
        _fair(parts, button, chip)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from((1, 5, 25)), st.integers(1, 2000), st.sampled_from((2, 3)))
def test_r10_2_runs_share_every_chip_and_the_odd_ones_go_to_the_first_runs(
    chip: int, units: int, runs: int
) -> None:
    parts = run_parts(chip * units, runs, chip)
    assert len(parts) == runs and sum(parts) == chip * units
    assert list(parts) == sorted(parts, reverse=True) and parts[0] - parts[-1] <= chip
    assert all(p % chip == 0 for p in parts)


@st.composite
def showdowns(draw: st.DrawFn) -> tuple[Variant, tuple[int, ...], list[tuple[str, list[int]]]]:
    game = draw(st.sampled_from(GAMES))
    players = draw(st.integers(2, 4))
    cards = draw(st.permutations(range(52)))
    board = tuple(cards[:5])
    n = game.hole_cards
    hands = [(f"P{i}", list(cards[5 + i * n : 5 + (i + 1) * n])) for i in range(players)]
    return game, board, hands


@settings(max_examples=300, deadline=None)
@given(showdowns())
def test_r6_1_every_reading_in_every_game_is_two_hole_and_three_board_cards(
    deal: tuple[Variant, tuple[int, ...], list[tuple[str, list[int]]]],
) -> None:
    game, board, hands = deal
    reading = read_showdown(game, board, hands)
    highs = [high_value(cards, board) for _, cards in hands]
    assert reading.high_winners == tuple(i for i, v in enumerate(highs) if v == max(highs))
    for player, (_, cards) in zip(reading.players, hands, strict=True):
        for r in (player.high, player.low):
            if r is None:
                continue
            assert len(r.hole_used) == 2 and set(r.hole_used) <= set(cards)
            assert len(r.board_used) == 3 and set(r.board_used) <= set(board)
        if player.low is not None:
            ranks = {rank_of(c) for c in player.low.five}
            assert len(ranks) == 5 and all(x <= 6 or x == 12 for x in ranks)  # 8 or better
    if not game.hilo:
        assert reading.low_winners == () and all(p.low is None for p in reading.players)
    else:
        lows = [low_value(cards, board) for _, cards in hands]
        made = [v for v in lows if v is not None]
        expected = tuple(i for i, v in enumerate(lows) if made and v == max(made))
        assert reading.low_winners == expected  # R7.3: none qualifies, no low winner
