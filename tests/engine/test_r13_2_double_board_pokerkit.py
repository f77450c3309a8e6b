"""R13.2 double board against stock pokerkit 0.7.7's multi-board state
(``starting_board_count=2``), on seeded random double-board hands.

pokerkit deals the hole cards and both boards (each street to board 1, then board 2, as
R13.2 says) and a seeded policy checks, calls, folds or raises the pot at every decision
(a raise only where both engines allow the same maximum, so the known R4.8 differences
of ``test_pokerkit_differential`` do not arise); the same actions and cards go to our
reducer, which settles by the cards. The finishing stacks must agree.

Known differences, counted (as in ``test_pokerkit_differential``):
- R7.3: a hi-lo side pot none of whose claimants has a low goes whole to the best high;
  pokerkit halves it when anyone at the table has a low on that board.
- R5.3/R7.4: each pot's half is split on its own, odd chip by odd chip; pokerkit merges
  pots whose claimants are the same first. Only odd chips may differ.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import pytest
from pokerkit import (
    Automation,
    Mode,
    OmahaEightOrBetterLowHand,
    OmahaHoldemHand,
    OmahaHoldemMixin,
    PotLimitPokerMixin,
    UnfixedLimitHoldem,
)

from omaha_tui.engine.config import VARIANTS, ShortBlindRule, Stakes, Structure, TableConfig
from omaha_tui.engine.events import (
    BoardDealt,
    ButtonPlaced,
    Called,
    Checked,
    Event,
    Folded,
    HoleCardsShown,
    PlayerSeated,
    PotsAwarded,
    RaisedTo,
    SessionStarted,
)
from omaha_tui.engine.hands.cards import parse_cards
from omaha_tui.engine.hands.evaluate import low_value
from omaha_tui.engine.reducer.replay import apply, replay
from omaha_tui.engine.rules.awards import awards_from_cards, run_board
from omaha_tui.engine.rules.betting import legal_actions
from omaha_tui.engine.rules.pots import hand_pots
from omaha_tui.engine.state import Street, TableState
from tests import decided as cmd

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.RUNOUT_COUNT_SELECTION,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)
HANDS = 120


class PotLimitOmahaHiLo(PotLimitPokerMixin, OmahaHoldemMixin, UnfixedLimitHoldem):
    """Pot-limit Omaha hi-lo (pokerkit has no stock pot-limit hi-lo class)."""

    hand_types: ClassVar[tuple[type, ...]] = (OmahaHoldemHand, OmahaEightOrBetterLowHand)


class PotLimitOmahaHigh(PotLimitPokerMixin, OmahaHoldemMixin, UnfixedLimitHoldem):
    hand_types: ClassVar[tuple[type, ...]] = (OmahaHoldemHand,)


def _card(c: Any) -> str:
    return f"{c.rank.value}{c.suit.value}"


def _ours(game: str, stacks: list[int]) -> TableState:
    config = TableConfig(
        variant=VARIANTS[game],
        structure=Structure.POT_LIMIT,
        stakes=Stakes(big_blind=2, small_blind=1),
        short_blind_rule=ShortBlindRule.POSTED,
        double_board="every",
    )
    events: list[Event] = [SessionStarted(config=config)]
    events += [PlayerSeated(seat=i, name=f"P{i}", stack=s) for i, s in enumerate(stacks)]
    events.append(ButtonPlaced(seat=1 if len(stacks) == 2 else len(stacks) - 1))
    return replay(events)


def _deal_to(ours: TableState, boards: list[list[str]]) -> TableState:
    """Our boards catch up with pokerkit's, board 1 then board 2 a street at a time."""
    hand = ours.hand
    assert hand is not None
    while hand.street is not Street.SHOWDOWN and hand.to_act is None:
        which = 2 if hand.board_count > hand.board2_count else 1
        have = hand.board_count if which == 1 else hand.board2_count
        step = 3 if have == 0 else 1
        cards = boards[which - 1][have : have + step]
        if len(cards) < step:
            break
        ours = apply(ours, BoardDealt(cards=tuple(cards), board=which))
        hand = ours.hand
        assert hand is not None
    return ours


def _side_pot_without_low(ours: TableState) -> bool:
    """Known difference: a hi-lo pot none of whose claimants has a low on a board."""
    hand = ours.hand
    assert hand is not None
    if not hand.variant.hilo:
        return False
    shown = dict(hand.shown)
    for pot in hand_pots(hand):
        who = [s for s in pot.eligible if s in shown]
        for board in (1, 2):
            cards = run_board(hand, board)
            if who and all(low_value(shown[s], cards) is None for s in who):
                return True
    return False


def play_one(seed: int, game: str, tally: dict[str, int]) -> None:
    rng = random.Random(seed)
    n = rng.randint(2, 9)
    stacks = [rng.choice((rng.randint(3, 20), rng.randint(30, 300))) for _ in range(n)]
    random.seed(seed)  # pokerkit shuffles its deck with the global generator
    kind = PotLimitOmahaHiLo if game == "omaha8" else PotLimitOmahaHigh
    pk = kind(AUTOMATIONS, True, 0, (1, 2), 2, mode=Mode.CASH_GAME, starting_board_count=2)(
        tuple(stacks), n
    )
    holes = [[_card(c) for c in pk.hole_cards[i]] for i in range(n)]
    ours = _ours(game, stacks)
    ours = apply(ours, cmd.start_hand(ours))
    while pk.status:
        if pk.can_deal_board():
            pk.deal_board()
            continue
        if pk.actor_index is None:
            break
        boards = [[_card(c) for c in pk.get_board_cards(b)] for b in (0, 1)]
        ours = _deal_to(ours, boards)
        hand = ours.hand
        assert hand is not None
        if hand.to_act is None:  # R4.1: a lone player with chips has nothing to decide
            seat = pk.actor_index
            pk.check_or_call()
            assert apply(ours, Checked(seat=seat)) == ours
            continue
        assert hand.to_act == pk.actor_index, f"seed {seed}"
        la = legal_actions(ours)
        assert la is not None
        what = rng.choice(("call", "call", "fold", "pot"))
        if what == "pot" and pk.can_complete_bet_or_raise_to():
            top = pk.max_completion_betting_or_raising_to_amount
            if la.can_bet_or_raise and top == la.max_raise_to and not la.can_bet:
                pk.complete_bet_or_raise_to(top)
                ours = apply(ours, RaisedTo(seat=la.seat, to=top))
                continue
        if what == "fold" and pk.can_fold():
            pk.fold()
            ours = apply(ours, Folded(seat=la.seat))
            continue
        pk.check_or_call()
        ours = apply(ours, Called(seat=la.seat) if la.can_call else Checked(seat=la.seat))
    boards = [[_card(c) for c in pk.get_board_cards(b)] for b in (0, 1)]
    hand = ours.hand
    assert hand is not None
    if not hand.complete:
        ours = _deal_to(ours, boards)
        hand = ours.hand
        assert hand is not None and hand.street is Street.SHOWDOWN, f"seed {seed}"
        for seat in hand.live:
            ours = apply(ours, HoleCardsShown(seat=seat, cards=tuple(holes[seat])))
        assert ours.hand is not None
        assert parse_cards(" ".join(boards[1])) == ours.hand.board2
        ours = apply(ours, PotsAwarded(awards=awards_from_cards(ours)))
        tally["showdowns"] += 1
    finishing = [s.stack for s in ours.seats if s is not None]
    theirs = list(pk.stacks)
    tally["hands"] += 1
    if finishing == theirs:
        return
    if _side_pot_without_low(ours):
        tally["no_low"] += 1
        return
    hand = ours.hand
    assert hand is not None
    pots = hand_pots(hand)
    assert sum(finishing) == sum(theirs), f"seed {seed}: {finishing} != {theirs}"
    assert max(abs(a - b) for a, b in zip(finishing, theirs, strict=True)) <= 2 * len(pots), (
        f"seed {seed}: {finishing} != {theirs}"
    )
    tally["odd"] += 1


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("game", ["omaha", "omaha8"])
def test_r13_2_double_board_awards_match_pokerkit_multi_board(game: str) -> None:
    tally = {"hands": 0, "showdowns": 0, "no_low": 0, "odd": 0}
    for seed in range(HANDS):
        play_one(seed, game, tally)
    assert tally["hands"] == HANDS
    assert tally["showdowns"] > HANDS // 3
    assert tally["no_low"] + tally["odd"] < HANDS // 5, tally
