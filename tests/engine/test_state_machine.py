"""Random legal sessions in every game and structure: the reducer's invariants hold.

A hypothesis state machine plays sessions of 2-10 players with random (often short)
stacks, so side pots, short all-ins and uncalled bets happen. After every event:
chips are conserved exactly (stacks + middle == everything bought); when a hand ends
every chip of every pot has been awarded; undo then redo gives the same state. At the
end, replaying the log gives the incrementally built state.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
    run_state_machine_as_test,
)

from omaha_tui.engine.betting import legal_actions
from omaha_tui.engine.cards import format_card
from omaha_tui.engine.config import (
    VARIANTS,
    ShortBlindRule,
    Stakes,
    Structure,
    TableConfig,
    max_players,
)
from omaha_tui.engine.events import (
    BoardDealt,
    ButtonPlaced,
    CameBack,
    EarlyCardDealt,
    Event,
    LevelChanged,
    Misdeal,
    PlayerRebought,
    PlayerSeated,
    SatOut,
    SessionStarted,
    Undo,
)
from omaha_tui.engine.pots import hand_pots
from omaha_tui.engine.reducer import apply, replay
from omaha_tui.engine.state import BOARD_AFTER, NEXT_STREET, Street
from tests import decided as cmd


class TableMachine(RuleBasedStateMachine):
    game = "omaha"
    structure = Structure.POT_LIMIT

    @initialize(data=st.data())
    def setup(self, data: st.DataObject) -> None:
        variant = VARIANTS[self.game]
        n = data.draw(st.integers(2, max_players(variant)), label="players")
        big_blind = data.draw(st.sampled_from([2, 4, 10]), label="bb")
        stack = st.integers(1, 3 * big_blind) | st.integers(20 * big_blind, 60 * big_blind)
        stacks = data.draw(st.lists(stack, min_size=n, max_size=n), label="stacks")
        config = TableConfig(
            variant=variant,
            structure=self.structure,
            stakes=Stakes(
                big_blind=big_blind, ante=data.draw(st.sampled_from([0, 0, 1]), label="ante")
            ),
            short_blind_rule=data.draw(st.sampled_from(list(ShortBlindRule))),
            no_cap_heads_up=data.draw(st.booleans()),
            half_bet_reopens=data.draw(st.booleans()),
            raise_cap=data.draw(st.sampled_from([4, 5, None])),
        )
        events: list[Event] = [SessionStarted(config=config)]
        events += [PlayerSeated(seat=i, name=f"P{i}", stack=s) for i, s in enumerate(stacks)]
        events.append(ButtonPlaced(seat=data.draw(st.integers(0, n - 1), label="button")))
        self.state = replay(events)
        self.log = events
        self.bought = sum(stacks)
        self.deck: list[int] = []
        self.holes: dict[int, tuple[int, ...]] = {}
        self.with_cards = True

    # ------------------------------------------------------------- driving

    def _do(self, data: st.DataObject, event: Event) -> None:
        before = self.state
        after = apply(before, event)
        if data.draw(st.integers(0, 3), label="check undo") == 0:
            undone = apply(after, Undo())
            assert undone == before
            assert apply(undone, event) == after
        self.state = after
        self.log.append(event)

    def _cards(self, n: int) -> tuple[str, ...]:
        out = tuple(format_card(self.deck.pop()) for _ in range(n))
        return out

    @rule(data=st.data())
    def step(self, data: st.DataObject) -> None:
        state = self.state
        if not state.in_hand:
            self._between_hands(data)
            return
        hand = state.hand
        assert hand is not None
        if hand.early_card_pending:
            card = self._cards(1)[0] if self.with_cards else None
            self._do(data, EarlyCardDealt(card=card))
        elif hand.to_act is not None:
            self._act(data)
        elif hand.street is not Street.SHOWDOWN:
            need = BOARD_AFTER[NEXT_STREET[hand.street]] - hand.board_count
            if self.with_cards:
                self._do(data, BoardDealt(cards=self._cards(need)))
            else:
                self._do(data, BoardDealt(count=need))
        else:
            self._showdown(data)

    def _between_hands(self, data: st.DataObject) -> None:
        state = self.state
        busted = [i for i, s in enumerate(state.seats) if s is not None and s.stack == 0]
        able = [i for i, s in enumerate(state.seats) if s is not None and s.stack > 0]
        if busted and (len(able) < 2 or data.draw(st.booleans(), label="rebuy")):
            seat = data.draw(st.sampled_from(busted), label="rebuyer")
            amount = data.draw(st.integers(1, 200), label="rebuy amount")
            self.bought += amount
            self._do(data, PlayerRebought(seat=seat, amount=amount))
            return
        extra = data.draw(st.integers(0, 9), label="between hands")
        seated = [i for i, s in enumerate(state.seats) if s is not None]
        empty = [i for i, s in enumerate(state.seats) if s is None]
        if extra == 0 and empty:
            seat = data.draw(st.sampled_from(empty), label="newcomer seat")
            stack = data.draw(st.integers(1, 300), label="newcomer stack")
            self.bought += stack
            wait = data.draw(st.booleans(), label="waits for the bb")
            self._do(data, PlayerSeated(seat=seat, name=f"N{seat}", stack=stack, wait_for_bb=wait))
            return
        if extra == 1:
            seat = data.draw(st.sampled_from(seated), label="away")
            player = state.seats[seat]
            if player.sitting_out or player.waiting_for_bb:
                post_now = data.draw(st.booleans(), label="post now")
                self._do(data, CameBack(seat=seat, post_now=post_now))
            else:
                self._do(data, SatOut(seat=seat))
            return
        if extra == 2:
            bb = data.draw(st.sampled_from([2, 4, 6]), label="level bb")
            self._do(data, LevelChanged(level=state.level + 1, stakes=Stakes(big_blind=bb)))
            return
        if not cmd.can_start_hand(state, die_roll=1 if state.config.variant.binglao else None):
            # Everyone away or waiting: bring one back so that play goes on.
            away = [
                i for i in seated if state.seats[i].sitting_out or state.seats[i].waiting_for_bb
            ]
            self._do(data, CameBack(seat=data.draw(st.sampled_from(away)), post_now=True))
            return
        roll = data.draw(st.integers(1, 6), label="die") if state.config.variant.binglao else None
        event = cmd.start_hand(state, die_roll=roll)
        self._do(data, event)
        hand = self.state.hand
        assert hand is not None
        self.deck = list(range(52))
        random.Random(data.draw(st.integers(0, 2**32), label="deck seed")).shuffle(self.deck)
        self.holes = {s: self._cards_int(hand.variant.hole_cards) for s in hand.seats}
        self.with_cards = data.draw(st.integers(0, 4), label="cards") > 0
        if hand.actions == 0 and data.draw(st.integers(0, 15), label="misdeal") == 0:
            self._do(data, Misdeal(reason="exposed card"))

    def _cards_int(self, n: int) -> tuple[int, ...]:
        return tuple(self.deck.pop() for _ in range(n))

    def _act(self, data: st.DataObject) -> None:
        state = self.state
        la = legal_actions(state)
        assert la is not None
        choices = ["call" if la.can_call else "check"]
        if la.can_call:
            choices.append("fold")
        if la.can_bet_or_raise:
            choices += ["raise", "raise", "all_in", "over"]
        what = data.draw(st.sampled_from(choices), label="action")
        if what == "fold":
            event: Event = cmd.fold(state)
        elif what in ("call", "check"):
            event = cmd.check_or_call(state)
        elif what == "all_in":
            event = (
                cmd.all_in(state)
                if cmd.can_all_in(state)
                else cmd.bet_or_raise(state, la.max_raise_to)
            )
        elif what == "over" and state.config.structure is Structure.POT_LIMIT:
            event = cmd.bet_or_raise(state, la.max_raise_to + 7, confirm_all_in=True)
        else:
            to = data.draw(st.integers(la.min_raise_to, la.max_raise_to), label="to")
            event = cmd.bet_or_raise(state, to)
        self._do(data, event)

    def _showdown(self, data: st.DataObject) -> None:
        state = self.state
        hand = state.hand
        assert hand is not None
        shown = dict(hand.shown)
        for seat in hand.live:
            if seat in shown or seat in hand.mucked:
                continue
            if data.draw(st.integers(0, 4), label="muck") == 0 and cmd.can_muck(state, seat):
                self._do(data, cmd.muck(state, seat))
            else:
                cards = [format_card(c) for c in self.holes[seat]]
                self._do(data, cmd.show(state, seat, cards))
            return
        if len(hand.board) == 5:
            self._do(data, cmd.settle_by_cards(state))
        else:
            winners = [
                [data.draw(st.sampled_from([s for s in e if s not in hand.mucked]))]
                for e in (p.eligible for p in hand_pots(hand))
            ]
            self._do(data, cmd.settle_by_hand(state, winners))

    # ------------------------------------------------------------- invariants

    @invariant()
    def chips_are_conserved(self) -> None:
        if not hasattr(self, "state"):
            return
        state = self.state
        total = sum(s.stack for s in state.seats if s is not None)
        if state.in_hand:
            total += state.hand.total
        assert total == self.bought

    @invariant()
    def every_pot_chip_is_awarded_when_the_hand_ends(self) -> None:
        if not hasattr(self, "state"):
            return
        hand = self.state.hand
        if hand is not None and hand.complete:
            assert sum(a.amount for a in hand.awards) == sum(p.amount for p in hand_pots(hand))
            assert sum(a.amount for a in hand.awards) == hand.total

    def teardown(self) -> None:
        if hasattr(self, "state"):
            assert replay(self.log) == self.state


GAMES = list(VARIANTS)
STRUCTURES = list(Structure)


@pytest.mark.parametrize("structure", STRUCTURES, ids=[s.value for s in STRUCTURES])
@pytest.mark.parametrize("game", GAMES)
def test_state_machine_random_sessions(game: str, structure: Structure) -> None:
    machine = type(
        f"TableMachine_{game}_{structure.value}",
        (TableMachine,),
        {"game": game, "structure": structure},
    )
    run_state_machine_as_test(
        machine,
        settings=settings(
            max_examples=8,
            stateful_step_count=60,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example],
        ),
    )
