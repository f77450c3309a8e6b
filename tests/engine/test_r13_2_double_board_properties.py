"""R13.2 properties on random double-board hands: chips are conserved, every pot is
split in halves (odd chip to board 1) and each half goes to the best hands read on its
own board alone."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from omaha_tui.engine.config import Structure
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import BoardDealt, Half, HoleCardsShown, PotsAwarded
from omaha_tui.engine.hands.cards import format_card
from omaha_tui.engine.hands.evaluate import high_value, low_value
from omaha_tui.engine.reducer.replay import apply
from omaha_tui.engine.rules.awards import awards_from_cards, run_board, run_parts
from omaha_tui.engine.rules.pots import hand_pots
from tests import decided as cmd

from .table_helpers import chips_total, new_table, start


@settings(max_examples=100, deadline=None)
@given(
    game=st.sampled_from(("omaha", "omaha8", "omaha5", "big-o")),
    stacks=st.lists(st.integers(min_value=1, max_value=60), min_size=2, max_size=7),
    deck=st.permutations(range(52)),
)
def test_r13_2_chips_are_conserved_and_each_half_is_won_on_its_own_board(
    game: str, stacks: list[int], deck: list[int]
) -> None:
    table = new_table(stacks=stacks, game=game, structure=Structure.NO_LIMIT, double_board="every")
    before = chips_total(table)
    state = start(table)
    hand = state.hand
    assert hand is not None
    cards = iter(format_card(c) for c in deck)
    holes = {s: tuple(next(cards) for _ in range(hand.variant.hole_cards)) for s in hand.live}
    while hand.street.value != "showdown":
        if hand.to_act is not None:  # odd seats go all in, the others call or check
            wanted = rq.AllIn() if hand.to_act % 2 else rq.CheckOrCall()
            try:
                events = cmd.events(state, wanted)
            except RuleError:
                events = cmd.events(state, rq.CheckOrCall())
            for event in events:
                state = apply(state, event)
        else:
            due = 2 if hand.board_count > hand.board2_count else 1
            have = hand.board_count if due == 1 else hand.board2_count
            street = tuple(next(cards) for _ in range(3 if have == 0 else 1))
            state = apply(state, BoardDealt(cards=street, board=due))
        hand = state.hand
        assert hand is not None
    for seat, held in holes.items():
        state = apply(state, HoleCardsShown(seat=seat, cards=held))
    hand = state.hand
    assert hand is not None
    awards = awards_from_cards(state)
    shown = dict(hand.shown)
    for i, pot in enumerate(hand_pots(hand)):
        halves = run_parts(pot.amount, 2, hand.stakes.chip)
        for board, part in enumerate(halves, 1):
            mine = [a for a in awards if a.pot == i and a.run == board]
            assert sum(a.amount for a in mine) == part  # R13.2: halves, odd chip to board 1
            who = [s for s in pot.eligible if s not in hand.mucked]
            if len(who) < 2:
                continue
            cards_on = run_board(hand, board)
            highs = {s: high_value(shown[s], cards_on) for s in who}
            high_won = {a.seat for a in mine if a.half in (Half.HIGH, Half.WHOLE)}
            assert high_won == {s for s, v in highs.items() if v == max(highs.values())}
            if hand.variant.hilo:
                lows = {s: low_value(shown[s], cards_on) for s in who}
                best = max((v for v in lows.values() if v is not None), default=None)
                low_won = {a.seat for a in mine if a.half is Half.LOW}
                assert low_won == {s for s, v in lows.items() if best is not None and v == best}
    after = apply(state, PotsAwarded(awards=awards))
    assert chips_total(after) == before
