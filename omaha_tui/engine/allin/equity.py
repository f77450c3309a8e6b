"""Equity of tabled hands: each hand's share of the pot over the boards still to come (R10.3).

Equity is information for the table, never a rule: the dealer still reads the real board.
For every possible remaining board (or a seeded sample of them when there are too many to
count in about a second) each hand's share of the pot is what R7 would give it: the whole
pot or an equal part of it when tied in a high game; in split games half for the best
high and half for the best eight-or-better low, each half shared by ties (quarters,
R7.5), and the whole pot to the high when no low qualifies (R7.3). Odd chips are ignored:
shares are fractions of the pot.

Speed comes from doing almost nothing per board. A board's outcome depends only on its
rank multiset and, when three or more of its cards share a suit, on which ranks are of
that suit; so boards are first *counted* by an integer key (:mod:`board_counts`), then
each distinct key is read once with the evaluator's board rows: a hand costs one lookup
per hole pair (pre-read into row positions), plus the same for its cards of the flush
suit, plus one low lookup by rank masks.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import partial
from math import comb
from typing import TYPE_CHECKING

from omaha_tui.engine.allin.boards import RANK_BITS, RANK_MASK, count_all, count_sampled
from omaha_tui.engine.allin.figures import Equity as Equity
from omaha_tui.engine.allin.figures import HandEquity as HandEquity
from omaha_tui.engine.allin.figures import PotEquity as PotEquity
from omaha_tui.engine.allin.figures import figures, hole_mask, low_mask
from omaha_tui.engine.hands.cards import CardError, check_count, check_distinct, format_card
from omaha_tui.engine.hands.evaluate import high_row, low_row, pair_positions
from omaha_tui.engine.hands.games import Variant, max_players

if TYPE_CHECKING:  # the table's state (pydantic schemas) is not needed to count boards
    from omaha_tui.engine.state import HandState

EXACT_LIMIT = 500_000
"""Most boards counted exactly: about a second on a busy two-core machine. Every flop and
turn is exact; so are pre-flop spots such as three Big O hands (435,897 boards) or four
PLO hands; two PLO hands (1,086,008 boards) take one to two and a half seconds there, so
they are sampled unless ``samples`` covers them."""
ARITHMETIC_FROM = 2_000
"""Pre-flop spots with more boards than this are counted by arithmetic
(:mod:`.arithmetic`): exact, and faster than walking the boards from about two
thousand boards on (nine PLO hands leave 4,368: 12 against 19 ms of CPU; six leave
98,280: 54 against 167 ms; ``bench/allin.py``)."""
DEFAULT_SAMPLES = 20_000
"""Random boards drawn when exact enumeration would take too long."""


def board_sizes(variant: Variant) -> tuple[int, ...]:
    """Board sizes equity accepts: before the flop, flop, turn, river; Courchevel's
    single early flop card too (R3.3).

    >>> from omaha_tui.engine.hands.games import parse_game
    >>> board_sizes(parse_game("courchevel8")), board_sizes(parse_game("omaha"))
    ((0, 1, 3, 4, 5), (0, 3, 4, 5))
    """
    return (0, 1, 3, 4, 5) if variant.early_flop_card else (0, 3, 4, 5)


def validate_equity(
    variant: Variant,
    board: Sequence[int],
    hands: Sequence[tuple[str, Sequence[int]]],
    dead: Sequence[int] = (),
) -> None:
    """Refuse what no table can show: counts, duplicates, too few or too many hands.

    >>> from omaha_tui.engine.hands.cards import parse_cards
    >>> from omaha_tui.engine.hands.games import parse_game
    >>> validate_equity(parse_game("omaha"), parse_cards("2c 3c"),
    ...                 [("Ann", parse_cards("Ah Kh Qh Jh")), ("Bob", parse_cards("2d 3d 4d 5d"))])
    Traceback (most recent call last):
    ...
    omaha_tui.engine.hands.cards.CardError: the board has 2 cards: equity needs 0, 3, 4 or 5
    """
    if variant.binglao:
        raise CardError("Binglao's game comes from the die roll: give the roll (1 to 6) (R3.4)")
    sizes = board_sizes(variant)
    if len(board) not in sizes:
        allowed = ", ".join(str(n) for n in sizes[:-1]) + f" or {sizes[-1]}"
        raise CardError(f"the board has {len(board)} cards: equity needs {allowed}")
    limit = max_players(variant)
    if not 2 <= len(hands) <= limit:
        raise CardError(
            f"{len(hands)} hand(s): equity compares 2 to {limit} tabled hands in {variant.name}"
        )
    names: set[str] = set()
    for name, cards in hands:
        if not name.strip() or name in ("board", "dead"):
            raise CardError(f'"{name}" cannot name a player: use another name')
        if name in names:
            raise CardError(f"{name} appears twice: give each player one hand")
        names.add(name)
        check_count(cards, (variant.hole_cards,), f"{name}'s hand")
    for c in (*board, *dead, *(c for _, cards in hands for c in cards)):
        if not isinstance(c, int) or not 0 <= c < 52:
            raise CardError(f"{c!r} is not a card index: use 0..51")
    check_distinct({"board": board, **{name: cards for name, cards in hands}})
    seen = set(board).union(*(cards for _, cards in hands))
    for c in dead:
        if c in seen:
            raise CardError(f"{format_card(c)} is given as dead but is on the board or in a hand")
    if len(set(dead)) != len(dead):
        raise CardError("a dead card appears twice: give each card once")


def remaining_boards(variant: Variant, board: Sequence[int], seen: int) -> int:
    """How many boards can still come from the unseen cards (``seen`` = cards known).

    >>> from omaha_tui.engine.hands.games import parse_game
    >>> remaining_boards(parse_game("omaha"), [0, 1, 2], 3 + 8)
    820
    """
    return comb(52 - seen, 5 - len(board))


def equity(
    variant: Variant,
    board: Sequence[int],
    hands: Sequence[tuple[str, Sequence[int]]],
    dead: Sequence[int] = (),
    samples: int | None = None,
    seed: int = 0,
    pots: Sequence[tuple[int, Sequence[int]]] = (),
) -> Equity:
    """Each hand's pot equity over the remaining boards (R10.3, shares by R7).

    Exact when every board can be counted (at most ``EXACT_LIMIT``, or ``samples`` is at
    least the number of boards); otherwise ``samples`` (default ``DEFAULT_SAMPLES``)
    random boards drawn with ``seed``, and each hand's 95 % margin. ``pots``: each
    pot's ``(amount, claimants)`` (indexes into ``hands``): every pot is then also
    reckoned among its own claimants alone, with each hand's expected chips in all.

    >>> from omaha_tui.engine.hands.cards import parse_cards
    >>> from omaha_tui.engine.hands.games import parse_game
    >>> e = equity(parse_game("omaha"), parse_cards("Ah 7h 2c Kd"),
    ...            [("Ann", parse_cards("Kh Qh 3c 4d")), ("Bob", parse_cards("7c 7d 9s Ts"))])
    >>> e.boards, e.exact, e.hands[0].equity  # 8 hearts not pairing the board, 3 fives
    (40, True, 0.275)
    """
    validate_equity(variant, board, hands, dead)
    used = {*board, *dead, *(c for _, cards in hands for c in cards)}
    unseen = [c for c in range(52) if c not in used]
    missing = 5 - len(board)
    if missing > len(unseen):
        raise CardError(f"only {len(unseen)} cards are unseen: {missing} are needed for a board")
    total = comb(len(unseen), missing)
    limit = EXACT_LIMIT if samples is None else samples
    tally = _tally
    if pots:
        from omaha_tui.engine.allin.pot_equity import check_pots, tally_pots

        check_pots(pots, len(hands))
        tally = partial(tally_pots, pots=pots)
    if missing == 5 and total > ARITHMETIC_FROM and (samples is None or samples >= total):
        # Pre-flop: every board counted by arithmetic, exactly, in a fraction of the time.
        from omaha_tui.engine.allin.arithmetic import count_outcomes
        from omaha_tui.engine.allin.pot_equity import from_outcomes, pot_groups

        groups = pot_groups(len(hands), pots)
        outcomes = count_outcomes(variant, hands, unseen, groups)
        return from_outcomes(outcomes, groups, pots, len(hands), total, True, None)
    if total <= limit:
        counts = count_all(board, unseen, missing)
        return tally(variant, hands, counts, total, exact=True, seed=None)
    n = DEFAULT_SAMPLES if samples is None else samples
    if n < 1:
        raise CardError(f"{n} samples: draw at least one board")
    counts = count_sampled(board, unseen, missing, n, random.Random(seed))
    return tally(variant, hands, counts, n, exact=False, seed=seed)


def hand_equity(
    hand: HandState, samples: int | None = None, seed: int = 0
) -> tuple[tuple[int, ...], Equity] | None:
    """Equity of the hands tabled in a running hand, on the board entered so far (R10.3).

    Returns the seats in the order of the figures, or ``None`` while fewer than two hands
    still in are tabled or the board dealt so far is not entered. The hand's own game is
    used (Binglao's rolled game, R3.4).
    """
    shown = dict(hand.shown)
    seats = tuple(s for s in hand.live if s in shown and s not in hand.mucked)
    if len(seats) < 2 or len(hand.board) != hand.board_count:
        return None
    tabled = [(str(s), shown[s]) for s in seats]
    return seats, equity(hand.variant, hand.board, tabled, samples=samples, seed=seed)


def _tally(
    variant: Variant,
    hands: Sequence[tuple[str, Sequence[int]]],
    counts: dict[int, int],
    boards: int,
    exact: bool,
    seed: int | None,
) -> Equity:
    """Read each distinct board key once and add its outcome ``count`` times."""
    k = len(hands)
    hilo = variant.hilo
    positions = [pair_positions(cards) for _, cards in hands]
    suited = [
        [pair_positions([c for c in cards if c & 3 == s]) for _, cards in hands] for s in range(4)
    ]
    masks = [hole_mask(cards) for _, cards in hands]
    # Boards first collapse to outcomes (who wins the high, who wins the low): there are
    # few, and each outcome's shares are worked out once. A rank product's plain values
    # and low winners are shared by all its suit variants.
    outcomes: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
    plain: dict[int, tuple[list[int], tuple[int, ...]]] = {}
    for key, count in counts.items():
        rank = key & RANK_MASK
        got = plain.get(rank)
        if got is None:
            row = high_row(rank)
            highs = [max(map(row.__getitem__, p)) for p in positions]
            lw: tuple[int, ...] = ()
            if hilo:
                lrow = low_row(low_mask(rank))
                lows = [lrow[m] for m in masks]
                best_low = max(lows)
                if best_low:  # R7.3: no qualifying low, the high takes the whole pot
                    lw = tuple(i for i in range(k) if lows[i] == best_low)
            got = plain[rank] = (highs, lw)
        highs, lw = got
        rest = key >> RANK_BITS
        if rest:
            frow = high_row(rest >> 2, flush=True)
            flushed = highs
            for i, p in enumerate(suited[rest & 3]):
                if p:
                    v = max(map(frow.__getitem__, p))
                    if v > flushed[i]:
                        if flushed is highs:
                            flushed = highs.copy()
                        flushed[i] = v
            highs = flushed
        best = max(highs)
        outcome = (tuple(i for i in range(k) if highs[i] == best), lw)
        outcomes[outcome] = outcomes.get(outcome, 0) + count
    return Equity(tuple(figures(outcomes, k, boards, exact)), boards, exact, seed)
