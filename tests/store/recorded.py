"""Sessions recorded the way the app records them (commands, then events), for tests."""

from __future__ import annotations

from omaha_tui.engine.config import VARIANTS, Stakes, TableConfig
from omaha_tui.engine.events import ButtonPlaced, Event, PlayerSeated, SessionStarted, Undo
from omaha_tui.engine.reducer import apply, replay
from omaha_tui.engine.state import TableState
from tests import decided as c

CONFIG = TableConfig(variant=VARIANTS["omaha"], stakes=Stakes(big_blind=2))


class Table:
    """A session recorded the way the app records one: commands, then events."""

    def __init__(
        self,
        config: TableConfig = CONFIG,
        seats: tuple[tuple[int, str, int], ...] = (
            (0, "Ann", 200),
            (2, "Bob", 200),
            (4, "Cy", 60),
        ),
    ) -> None:
        self.events: list[Event] = [SessionStarted(config=config)]
        self.events += [PlayerSeated(seat=s, name=n, stack=k) for s, n, k in seats]
        self.events.append(ButtonPlaced(seat=seats[0][0]))
        self.state: TableState = replay(self.events)

    def do(self, event: Event) -> None:
        self.state = apply(self.state, event)
        self.events.append(event)

    def stacks(self, seats: tuple[int, ...]) -> list[int]:
        return [self.state.seats[s].stack for s in seats]  # type: ignore[union-attr]


def two_hands() -> Table:
    t = Table()
    # Hand 1: button Ann (seat 0); Bob small blind, Cy big blind; Ann raises to 7.
    t.do(c.start_hand(t.state))
    t.do(c.bet_or_raise(t.state, 7))
    t.do(c.fold(t.state))
    t.do(Undo())  # Bob meant to call
    t.do(c.call(t.state))
    t.do(c.call(t.state))
    t.do(c.deal_board(t.state, "2h 7c 8d"))
    while t.state.hand is not None and t.state.hand.to_act is not None:
        t.do(c.check_or_call(t.state))
    t.do(c.deal_board(t.state, "Kc"))
    t.do(c.bet_or_raise(t.state, 12))
    t.do(c.all_in(t.state))  # Cy raises all in
    t.do(c.fold(t.state))
    t.do(c.call(t.state))
    t.do(c.deal_board(t.state, "3d"))
    t.do(c.show(t.state, 4, "Qs Js Ts 9s"))
    t.do(c.show(t.state, 2, "2c 3c 4d 5d"))
    t.do(c.settle_by_cards(t.state))
    # Hand 2: Cy is broke; heads-up the button moves to Bob, who folds his small blind.
    t.do(c.start_hand(t.state))
    t.do(c.fold(t.state))
    return t


DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def random_session(game: str, hands: int, seed: int, players: int = 6) -> Table:
    """A pot-limit session of random but legal hands: folds, calls, pot raises, all-ins,
    every showdown shown and settled by the cards."""
    import random

    rng = random.Random(seed)
    config = TableConfig(variant=VARIANTS[game], stakes=Stakes(big_blind=2))
    stacks = [rng.choice((40, 100, 200, 333)) for _ in range(players)]
    t = Table(config=config, seats=tuple((i, f"P{i}", stacks[i]) for i in range(players)))
    holes = config.variant.hole_cards
    for _ in range(hands):
        if sum(1 for s in t.state.seats if s is not None and s.stack > 0) < 2:
            break
        t.do(c.start_hand(t.state))
        deck = DECK[:]
        rng.shuffle(deck)
        while t.state.hand is not None and not t.state.hand.complete:
            hand = t.state.hand
            if hand.to_act is not None:
                roll = rng.random()
                if roll < 0.2 and hand.current_bet > hand.bets[hand.to_act]:
                    t.do(c.fold(t.state))
                elif roll < 0.3 and c.can_pot(t.state):
                    t.do(c.pot(t.state))
                elif roll < 0.35 and c.can_all_in(t.state):
                    t.do(c.all_in(t.state))
                else:
                    t.do(c.check_or_call(t.state))
            elif hand.street.value != "showdown":
                t.do(c.deal_board(t.state, [deck.pop() for _ in range(3 if not hand.board else 1)]))
            else:
                for seat in hand.live:
                    if seat not in dict(hand.shown):
                        t.do(c.show(t.state, seat, [deck.pop() for _ in range(holes)]))
                t.do(c.settle_by_cards(t.state))
    return t
