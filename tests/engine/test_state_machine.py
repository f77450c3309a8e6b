"""Whole evenings at one table, at random: the reducer's invariants hold.

A hypothesis state machine seats 2-10 players with random (often short) stacks and
plays hands between random table changes: newcomers who post or wait for the big
blind, players leaving, sitting out and coming back (post now or wait), busts and
rebuys, blind levels, dealer's choice of game and structure, the button rule, antes
(per player or big-blind ante) and a standing straddle. Hands start as the rules
propose (``propose_deal``) and are played with random legal actions.

Invariants: chips are conserved exactly after every event (stacks + middle == all
bought); when a hand ends every chip of every pot has been awarded; with the dead
button (R1.5) nobody posts the big blind two hands running, nobody who stays dealt in
is skipped by it, and the button is on the chair of last hand's small blind (posted or
due), never on a chair nobody sat in; undo then redo gives the same state; replaying the log
gives the incrementally built state.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from omaha_tui.engine.config import (
    VARIANTS,
    ButtonRule,
    ShortBlindRule,
    Stakes,
    Structure,
    TableConfig,
    max_players,
)
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import (
    ActionUndone,
    Award,
    BetPlaced,
    BoardDealt,
    ButtonPlaced,
    ButtonRuleChanged,
    Called,
    CameBack,
    Checked,
    EarlyCardDealt,
    Event,
    Folded,
    GameChanged,
    HandMucked,
    HandStarted,
    HoleCardsShown,
    LevelChanged,
    MisdealDeclared,
    PlayerLeft,
    PlayerRebought,
    PlayerSeated,
    PotsAwarded,
    RaisedTo,
    SatOut,
    SessionStarted,
    StraddleChanged,
    WentAllIn,
)
from omaha_tui.engine.hands.cards import format_card
from omaha_tui.engine.reducer import history
from omaha_tui.engine.reducer.replay import replay
from omaha_tui.engine.rules.awards import awards_from_cards
from omaha_tui.engine.rules.betting import legal_actions
from omaha_tui.engine.rules.blinds import propose_deal
from omaha_tui.engine.rules.pots import hand_pots
from omaha_tui.engine.state import BOARD_AFTER, NEXT_STREET, Street, TableState

GAMES = list(VARIANTS)


def between(start: int, end: int, size: int) -> list[int]:
    """Seats strictly between ``start`` and ``end`` clockwise."""
    return [(start + k) % size for k in range(1, (end - start) % size)]


class Evening(RuleBasedStateMachine):
    """One table over an evening."""

    @initialize(data=st.data())
    def setup(self, data: st.DataObject) -> None:
        game = data.draw(st.sampled_from(GAMES), label="game")
        variant = VARIANTS[game]
        n = data.draw(st.integers(2, max_players(variant)), label="players")
        big_blind = data.draw(st.sampled_from([2, 4, 10]), label="bb")
        stack = st.integers(1, 3 * big_blind) | st.integers(20 * big_blind, 60 * big_blind)
        stacks = data.draw(st.lists(stack, min_size=n, max_size=n), label="stacks")
        ante = data.draw(st.sampled_from([0, 0, 1, big_blind]), label="ante")
        config = TableConfig(
            variant=variant,
            structure=data.draw(st.sampled_from(list(Structure)), label="structure"),
            stakes=Stakes(
                big_blind=big_blind,
                ante=ante,
                big_blind_ante=bool(ante) and data.draw(st.booleans(), label="bb ante"),
            ),
            seats=max_players(variant),
            short_blind_rule=data.draw(st.sampled_from(list(ShortBlindRule))),
            no_cap_heads_up=data.draw(st.booleans()),
            half_bet_reopens=data.draw(st.booleans()),
            raise_cap=data.draw(st.sampled_from([4, 5, None])),
            button_rule=data.draw(st.sampled_from(list(ButtonRule)), label="button rule"),
            buy_in_min=big_blind,
        )
        events: list[Event] = [SessionStarted(config=config)]
        events += [PlayerSeated(seat=i, name=f"P{i}", stack=s) for i, s in enumerate(stacks)]
        events.append(ButtonPlaced(seat=data.draw(st.integers(0, n - 1), label="button")))
        self.history = history.replay(events)
        self.log = events
        self.bought = sum(stacks)
        self.deck: list[int] = []
        self.holes: dict[int, tuple[int, ...]] = {}
        self.with_cards = True
        self.names = n
        self.last: tuple[int, str, frozenset[str]] | None = None  # BB seat, name, dealt in
        self.compare_next = False
        self.sat_in = set(range(n))  # every chair a player has sat in (R1.5c)

    # ------------------------------------------------------------- driving

    @property
    def state(self) -> TableState:
        return self.history.state

    def _do(self, data: st.DataObject, event: Event) -> None:
        before = self.state
        done = history.apply(self.history, event)
        after = done.state
        if data.draw(st.integers(0, 5), label="check undo") == 0:
            undone = history.apply(done, ActionUndone())
            assert undone.state == before
            assert history.apply(undone, event) == done
        self.history = done
        self.log.append(event)
        if isinstance(event, HandStarted):
            self._check_big_blind()
        hand = after.hand
        if hand is not None and hand.complete and not (before.hand and before.hand.complete):
            self._hand_ended()

    def _try(self, data: st.DataObject, event: Event) -> bool:
        """Apply an event the rules may refuse; a refusal must leave the state as it was."""
        before = self.state
        try:
            self._do(data, event)
        except RuleError:
            assert self.state is before
            return False
        return True

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

    def _cards(self, n: int) -> tuple[str, ...]:
        return tuple(format_card(self.deck.pop()) for _ in range(n))

    def _between_hands(self, data: st.DataObject) -> None:
        state = self.state
        assert state.config is not None and state.stakes is not None
        seated = [i for i, s in enumerate(state.seats) if s is not None]
        empty = [i for i, s in enumerate(state.seats) if s is None]
        busted = [i for i in seated if state.seats[i].stack == 0]
        what = data.draw(st.integers(0, 14), label="between hands")
        if busted and (what < 3 or len(seated) - len(busted) < 2):
            seat = data.draw(st.sampled_from(busted), label="rebuyer")
            amount = data.draw(st.integers(state.config.buy_in_min, 300), label="rebuy")
            amount -= amount % state.stakes.chip
            if self._try(data, PlayerRebought(seat=seat, amount=amount)):
                self.bought += amount
            return
        if what == 3 and empty:
            seat = data.draw(st.sampled_from(empty), label="newcomer seat")
            stack = data.draw(st.integers(1, 300), label="newcomer stack")
            self.names += 1
            wait = data.draw(st.booleans(), label="waits for the bb")
            event = PlayerSeated(seat=seat, name=f"N{self.names}", stack=stack, wait_for_bb=wait)
            if self._try(data, event):
                self.bought += stack
                self.sat_in.add(seat)
            return
        if what == 4 and len(seated) > 2:
            seat = data.draw(st.sampled_from(seated), label="leaves")
            self.bought -= state.seats[seat].stack
            self._do(data, PlayerLeft(seat=seat))
            return
        if what in (5, 6):
            seat = data.draw(st.sampled_from(seated), label="away")
            player = state.seats[seat]
            if player.sitting_out or player.waiting_for_bb:
                post_now = data.draw(st.booleans(), label="post now")
                self._try(data, CameBack(seat=seat, post_now=post_now))
            else:
                self._do(data, SatOut(seat=seat))
            return
        if what == 7:
            bb = data.draw(st.sampled_from([2, 4, 6]), label="level bb")
            ante = data.draw(st.sampled_from([0, 1]), label="level ante")
            self._do(
                data, LevelChanged(level=state.level + 1, stakes=Stakes(big_blind=bb, ante=ante))
            )
            return
        if what == 8:
            game = data.draw(st.sampled_from(GAMES), label="dealer's choice")
            structure = data.draw(st.sampled_from(list(Structure)), label="structure")
            self._try(data, GameChanged(game=game, structure=structure))
            return
        if what == 9:
            self._do(data, ButtonRuleChanged(rule=data.draw(st.sampled_from(list(ButtonRule)))))
            self.compare_next = False
            return
        if what == 10:
            amount = data.draw(st.sampled_from([0, 2 * state.stakes.big_blind]), label="straddle")
            self._try(data, StraddleChanged(amount=amount))
            return
        self._start(data)

    def _start(self, data: st.DataObject) -> None:
        state = self.state
        assert state.config is not None
        try:
            deal = propose_deal(state)
        except RuleError:
            away = [
                i
                for i, s in enumerate(state.seats)
                if s is not None and s.stack > 0 and (s.sitting_out or s.waiting_for_bb)
            ]
            if away:  # bring one back so that play goes on
                self._do(data, CameBack(seat=data.draw(st.sampled_from(away)), post_now=True))
            return
        roll = data.draw(st.integers(1, 6), label="die") if state.config.variant.binglao else None
        event = HandStarted(button=deal.button, seats=deal.seats, posts=deal.posts, die_roll=roll)
        self._do(data, event)
        hand = self.state.hand
        assert hand is not None
        self.deck = list(range(52))
        random.Random(data.draw(st.integers(0, 2**32), label="deck seed")).shuffle(self.deck)
        self.holes = {
            s: tuple(self.deck.pop() for _ in range(hand.variant.hole_cards)) for s in hand.seats
        }
        self.with_cards = data.draw(st.integers(0, 4), label="cards") > 0
        if hand.actions == 0 and data.draw(st.integers(0, 15), label="misdeal") == 0:
            self._do(data, MisdealDeclared(reason="exposed card"))

    def _act(self, data: st.DataObject) -> None:
        state = self.state
        la = legal_actions(state)
        assert la is not None
        seat = la.seat
        choices = ["call" if la.can_call else "check"]
        if la.can_call:
            choices.append("fold")
        if la.can_bet_or_raise:
            choices += ["raise", "raise", "all_in"]
        what = data.draw(st.sampled_from(choices), label="action")
        if what == "fold":
            event: Event = Folded(seat=seat)
        elif what == "check":
            event = Checked(seat=seat)
        elif what == "call":
            event = Called(seat=seat)
        elif what == "all_in" and la.max_raise_to == la.all_in_to:
            event = WentAllIn(seat=seat)
        else:
            lo, hi = la.min_raise_to, la.max_raise_to
            to = data.draw(st.integers(lo, hi), label="to") if what == "raise" else hi
            chip = state.hand.stakes.chip
            if to != la.all_in_to:
                to = max(lo, to - to % chip)
            event = BetPlaced(seat=seat, amount=to) if la.can_bet else RaisedTo(seat=seat, to=to)
        self._do(data, event)

    def _showdown(self, data: st.DataObject) -> None:
        state = self.state
        hand = state.hand
        assert hand is not None
        shown = dict(hand.shown)
        for seat in hand.live:
            if seat in shown or seat in hand.mucked:
                continue
            if data.draw(st.integers(0, 4), label="muck") == 0 and self._try(
                data, HandMucked(seat=seat)
            ):
                return
            cards = tuple(format_card(c) for c in self.holes[seat])
            self._do(data, HoleCardsShown(seat=seat, cards=cards))
            return
        pots = hand_pots(hand)
        if len(hand.board) == 5:
            self._do(data, PotsAwarded(awards=awards_from_cards(state, pots)))
            return
        awards = []
        for i, pot in enumerate(pots):
            claim = [s for s in pot.eligible if s not in hand.mucked]
            winner = data.draw(st.sampled_from(claim), label="winner")
            awards.append(Award(pot=i, seat=winner, amount=pot.amount))
        self._do(data, PotsAwarded(awards=tuple(awards), by_cards=False))

    # ------------------------------------------------------------- R1.5 checks

    def _check_big_blind(self) -> None:
        state = self.state
        hand = state.hand
        assert hand is not None and state.config is not None
        if hand.bb_seat is None or self.last is None or not self.compare_next:
            return
        if state.config.button_rule is not ButtonRule.DEAD:
            return
        last_bb, last_name, last_dealt = self.last
        size = len(state.seats)  # R1.5(b), (c), (e): the button's chair
        if len(hand.seats) == 2:
            assert hand.button in hand.seats and hand.button != hand.bb_seat
        else:  # the button on last hand's SB chair, posted or due; never an unsat chair
            if hand.sb_seat is not None:  # last hand's BB posts the SB
                assert hand.sb_seat == last_bb
            last_sb = hand.prior_blinds[0]
            if last_sb is not None and last_sb != hand.bb_seat:  # after heads-up it may be
                assert hand.button == last_sb, f"button {hand.button} off, not {last_sb}"
            assert hand.button in self.sat_in, f"button on chair {hand.button}: nobody sat"
        if len(hand.seats) > 2:  # R1.5(d): only the button's and SB's chairs make one wait
            chairs = {hand.button, *between(hand.button, hand.bb_seat, size)}
            for i, p in enumerate(state.seats):
                if p and i not in hand.seats and p.stack and not p.sitting_out:
                    assert p.waiting_for_bb or i in chairs, f"{p.name} kept out"
        bb_name = state.seats[hand.bb_seat].name
        assert bb_name != last_name, f"{bb_name} posts the big blind two hands running"
        dealt = {state.seats[s].name for s in hand.seats}
        for seat in between(last_bb, hand.bb_seat, len(state.seats)):
            player = state.seats[seat]
            if player is not None and player.name in dealt and player.name in last_dealt:
                raise AssertionError(f"the big blind skipped {player.name}, dealt in throughout")

    def _hand_ended(self) -> None:
        state = self.state
        hand = state.hand
        assert hand is not None
        if hand.bb_seat is None:
            self.last, self.compare_next = None, False
            return
        names = frozenset(state.seats[s].name for s in hand.seats if state.seats[s] is not None)
        bb_player = state.seats[hand.bb_seat]
        if bb_player is None:
            self.last, self.compare_next = None, False
            return
        self.last = (hand.bb_seat, bb_player.name, names)
        self.compare_next = True

    # ------------------------------------------------------------- invariants

    @invariant()
    def chips_are_conserved(self) -> None:
        if not hasattr(self, "state"):
            return
        state: TableState = self.state
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


Evening.TestCase.settings = settings(
    max_examples=40,
    stateful_step_count=120,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example],
)
test_whole_evenings_keep_the_table_invariants = Evening.TestCase
