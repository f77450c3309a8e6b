"""Sessions recorded the way the app records them (commands, then events), for tests."""

from __future__ import annotations

from typing import Any

from omaha_tui.engine.config import VARIANTS, Stakes, Structure, TableConfig
from omaha_tui.engine.events import ActionUndone, ButtonPlaced, Event, PlayerSeated, SessionStarted
from omaha_tui.engine.reducer import history
from omaha_tui.engine.reducer.history import History
from omaha_tui.engine.state import TableState
from omaha_tui.store.journal import Journal
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
        self.history: History = history.replay(self.events)

    @property
    def state(self) -> TableState:
        return self.history.state

    def do(self, event: Event) -> None:
        self.history = history.apply(self.history, event)
        self.events.append(event)

    def fold_hand(self) -> None:
        """Start the next hand and fold it round to whoever is left."""
        self.do(c.start_hand(self.state))
        while self.state.hand is not None and not self.state.hand.complete:
            self.do(c.fold(self.state))

    def stacks(self, seats: tuple[int, ...]) -> list[int]:
        return [self.state.seats[s].stack for s in seats]  # type: ignore[union-attr]


def meta_with_details(journal: Journal, session_id: int) -> dict[str, Any]:
    """A session's ``meta`` with its imported hands' details listed in it, as an export
    writes it (the journal keeps them in rows of their own)."""
    meta = journal.meta(session_id)
    if journal.has_hand_details(session_id):
        meta["phh"] = {**meta.get("phh", {}), "hands": list(journal.hand_details(session_id))}
    return meta


def two_hands() -> Table:
    t = Table()
    # Hand 1: button Ann (seat 0); Bob small blind, Cy big blind; Ann raises to 7.
    t.do(c.start_hand(t.state))
    t.do(c.bet_or_raise(t.state, 7))
    t.do(c.fold(t.state))
    t.do(ActionUndone())  # Bob meant to call
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


def eventful_session(
    game: str, hands: int, seed: int, structure: Structure = Structure.POT_LIMIT, **table: Any
) -> Table:
    """A session with every kind of event the app records: seats taken and left, rebuys,
    corrections, sitting out and coming back (dead blinds on return), level changes,
    misdeals, undos, chips-only boards recorded later or never, boards run twice and
    three times (agreed before the flop, on the flop and on the turn), hands settled by
    the cards and by hand (per run, too), and the session's end. Each candidate event is
    kept only when the rules accept it, so the session is always one the app could have
    recorded."""
    import random

    from omaha_tui.engine.errors import RuleError
    from omaha_tui.engine.events import (
        Award,
        CameBack,
        ChipsCorrected,
        Half,
        LevelChanged,
        MisdealDeclared,
        PlayerLeft,
        PlayerRebought,
        PotsAwarded,
        RunBoardDealt,
        RunsAgreed,
        SatOut,
        SessionEnded,
    )
    from omaha_tui.engine.hands.cards import format_card
    from omaha_tui.engine.rules.awards import claimants, run_parts
    from omaha_tui.engine.rules.pots import hand_pots

    def shown_board(hand: object) -> list[str]:
        return [x if isinstance(x, str) else format_card(x) for x in hand.board]  # type: ignore[attr-defined]

    rng = random.Random(seed)
    config = TableConfig(
        variant=VARIANTS[game], stakes=Stakes(big_blind=2), structure=structure, **table
    )
    t = Table(
        config=config, seats=tuple((i, f"P{i}", rng.choice((60, 150, 300))) for i in range(5))
    )
    holes = config.variant.hole_cards
    level = 1
    newcomer = 0

    def attempt(make: object, *args: object) -> bool:
        try:
            event = make(t.state, *args) if callable(make) else make
            t.do(event)  # type: ignore[arg-type]
        except (RuleError, ValueError, AssertionError):
            return False
        return True

    def by_hand(pick: int) -> bool:
        hand = t.state.hand
        assert hand is not None
        live = sorted(hand.live)
        return attempt(c.settle_by_hand, [[live[pick % len(live)]]] * len(hand_pots(hand)))

    def between_hands() -> None:
        nonlocal level, newcomer
        seats = [i for i, s in enumerate(t.state.seats) if s is not None]
        size = t.state.config.seats  # type: ignore[union-attr]
        free = [i for i in range(size) if t.state.seats[i] is None]
        away = [i for i in seats if t.state.seats[i].sitting_out]  # type: ignore[union-attr]
        roll = rng.random()
        if roll < 0.15 and seats:
            attempt(PlayerRebought(seat=rng.choice(seats), amount=rng.choice((20, 50))))
        elif roll < 0.25 and seats:
            attempt(
                ChipsCorrected(seat=rng.choice(seats), delta=rng.choice((-3, 5)), reason="miscount")
            )
        elif roll < 0.35 and seats:
            attempt(SatOut(seat=rng.choice(seats)))
        elif roll < 0.5 and away:
            attempt(CameBack(seat=rng.choice(away), post_now=rng.random() < 0.5))
        elif roll < 0.6:
            level += 1
            attempt(LevelChanged(level=level, stakes=Stakes(big_blind=2 * level)))
        elif roll < 0.7 and seats:
            attempt(PlayerLeft(seat=rng.choice(seats)))
        elif roll < 0.8 and free:
            newcomer += 1
            attempt(PlayerSeated(seat=rng.choice(free), name=f"N{newcomer}", stack=100))
        elif roll < 0.85:
            attempt(ActionUndone())

    def by_hand_per_run() -> bool:
        """R10.2 settled by the dealer: each run's part of each pot to a claimant (in a
        hi-lo game sometimes split into high and low halves)."""
        hand = t.state.hand
        assert hand is not None
        pots = hand_pots(hand)
        awards = []
        for k, (pot, who) in enumerate(zip(pots, claimants(t.state, pots), strict=True)):
            for run, part in enumerate(run_parts(pot.amount, hand.runs), start=1):
                if hand.variant.hilo and part > 1 and rng.random() < 0.5:
                    low = part // 2
                    awards.append(
                        Award(pot=k, seat=rng.choice(who), amount=low, half=Half.LOW, run=run)
                    )
                    awards.append(
                        Award(
                            pot=k, seat=rng.choice(who), amount=part - low, half=Half.HIGH, run=run
                        )
                    )
                elif part:
                    awards.append(Award(pot=k, seat=rng.choice(who), amount=part, run=run))
        return attempt(PotsAwarded(awards=tuple(awards), by_cards=False))

    for _ in range(hands):
        between_hands()
        if not attempt(c.start_hand):
            continue
        if rng.random() < 0.1:
            attempt(MisdealDeclared(reason="a card flipped"))
            continue
        deck = DECK[:]
        rng.shuffle(deck)
        steps = 0
        # Some hands are all in from a street on (0 before the flop, 3 on the flop, 4 on
        # the turn), and then most are run twice or three times (R10.2).
        shove_from = rng.choice((0, 3, 4)) if rng.random() < 0.25 else None
        while t.state.hand is not None and not t.state.hand.complete and steps < 200:
            steps += 1
            hand = t.state.hand
            if rng.random() < 0.03:
                attempt(ActionUndone())
                continue
            if (
                hand.to_act is not None
                and shove_from is not None
                and hand.board_count >= shove_from
            ):
                _ = attempt(c.all_in) or attempt(c.pot) or attempt(c.check_or_call)
            elif hand.to_act is not None:
                roll = rng.random()
                if roll < 0.2 and hand.current_bet > hand.bets[hand.to_act]:
                    attempt(c.fold)
                elif roll < 0.3 and c.can_pot(t.state):
                    attempt(c.pot)
                elif roll < 0.33 and c.can_all_in(t.state):
                    attempt(c.all_in)
                else:
                    attempt(c.check_or_call)
            elif hand.street.value != "showdown":
                count = 3 if not hand.board_count else 1
                if shove_from is not None and hand.runs == 1 and rng.random() < 0.7:
                    attempt(RunsAgreed(runs=rng.choice((2, 3))))  # before the next card
                if shove_from is None and rng.random() < 0.3:
                    attempt(c.deal_board)  # chips only: cards not entered
                else:
                    used = set(shown_board(hand))
                    cards = [x for x in deck if x not in used][:count]
                    if not attempt(c.deal_board, cards):
                        attempt(c.deal_board)
            elif hand.runs > 1 + len(hand.run_boards):
                used = set(shown_board(hand)) | {format_card(x) for r in hand.run_boards for x in r}
                cards = tuple(x for x in deck if x not in used)[: 5 - hand.run_from]
                attempt(RunBoardDealt(run=len(hand.run_boards) + 2, cards=cards))
            elif hand.runs > 1 and rng.random() < 0.4:
                if not by_hand_per_run():
                    break
            else:
                if hand.board_count > len(hand.board) and rng.random() < 0.5:
                    if not by_hand(rng.randrange(10)):
                        break
                    continue
                if hand.board_count > len(hand.board):
                    known = shown_board(hand)
                    missing = hand.board_count - len(known)
                    board = known + [x for x in deck if x not in known][:missing]
                    if not attempt(c.record_board, board) and not by_hand(0):
                        break
                    continue
                used = set(shown_board(hand)) | {format_card(x) for r in hand.run_boards for x in r}
                rest = [x for x in deck if x not in used]
                for seat in sorted(hand.live):
                    if seat not in dict(hand.shown):
                        cards, rest = rest[:holes], rest[holes:]
                        attempt(c.show, seat, cards)
                if not attempt(c.settle_by_cards) and not by_hand(0):
                    break
        if t.state.hand is not None and not t.state.hand.complete:
            break  # leave the last hand running, as a session paused mid-hand
    if rng.random() < 0.5:
        attempt(SessionEnded())
    return t
