"""Benchmark: replay a long synthetic session, undo at its end, and compare with pokerkit.

Builds a seeded 1,000-hand pot-limit Omaha session (six players, cards entered, every
hand to a fold or a showdown settled by the cards), then measures:

- full replay time and events per second (target: under 1 s for ~30,000 events);
- undo latency at the end of the session, and at the end of a session a tenth as long
  (target: under 5 ms, independent of the session's length);
- pokerkit 0.7.7 replaying the same hands (same stacks, cards and actions), with the
  ratio of its time to ours.

Run: ``.venv/bin/python bench/replay.py [hands]``. Prints numbers; asserts nothing.
"""

from __future__ import annotations

import random
import sys
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository: tests.decided

from omaha_tui.engine.config import VARIANTS, Stakes, Structure, TableConfig
from omaha_tui.engine.events import (
    ActionUndone,
    BoardDealt,
    ButtonPlaced,
    Event,
    PlayerRebought,
    PlayerSeated,
    SessionStarted,
)
from omaha_tui.engine.hands.cards import format_card
from omaha_tui.engine.reducer.replay import apply, replay
from omaha_tui.engine.rules.betting import legal_actions
from omaha_tui.engine.state import Street, TableState
from tests import decided as cmd  # event builders made by engine.decide


@dataclass
class HandRecord:
    """What pokerkit needs to replay one hand: stacks, cards and the actions."""

    stacks: list[int]
    holes: list[list[str]]
    board: list[str] = field(default_factory=list)
    actions: list[tuple[str, int]] = field(default_factory=list)


def build_session(hands: int, seed: int = 7) -> tuple[list[Event], list[HandRecord]]:
    rng = random.Random(seed)
    config = TableConfig(
        variant=VARIANTS["omaha"], structure=Structure.POT_LIMIT, stakes=Stakes(big_blind=2)
    )
    log: list[Event] = [SessionStarted(config=config)]
    log += [PlayerSeated(seat=i, name=f"Player {i}", stack=200) for i in range(6)]
    log.append(ButtonPlaced(seat=5))
    state = replay(log)
    records: list[HandRecord] = []

    def do(event: Event) -> None:
        nonlocal state
        state = apply(state, event)
        log.append(event)

    for _ in range(hands):
        for i, seat in enumerate(state.seats):
            if seat is not None and seat.stack < 60:
                do(PlayerRebought(seat=i, amount=200))
        before = state
        do(cmd.start_hand(state))
        hand = state.hand
        assert hand is not None
        deck = list(range(52))
        rng.shuffle(deck)
        holes = {s: [format_card(deck.pop()) for _ in range(4)] for s in hand.seats}
        record = HandRecord(
            stacks=[before.seats[s].stack for s in hand.seats],  # type: ignore[union-attr]
            holes=[holes[s] for s in hand.seats],
        )
        records.append(record)
        while state.in_hand:
            hand = state.hand
            assert hand is not None
            if hand.to_act is not None:
                la = legal_actions(state)
                assert la is not None
                r = rng.random()
                if la.can_call and r < 0.3:
                    event: Event = cmd.fold(state)
                    record.actions.append(("fold", 0))
                elif la.can_bet_or_raise and r > 0.8:
                    to = rng.randint(la.min_raise_to, la.max_raise_to)
                    event = cmd.bet_or_raise(state, to)
                    record.actions.append(("raise", to))
                else:
                    event = cmd.check_or_call(state)
                    record.actions.append(("call", 0))
                do(event)
            elif hand.street is not Street.SHOWDOWN:
                n = 3 if hand.board_count == 0 else 1
                cards = [format_card(deck.pop()) for _ in range(n)]
                record.board += cards
                do(BoardDealt(cards=tuple(cards)))
            else:
                for s in hand.live:
                    do(cmd.show(state, s, holes[s]))
                do(cmd.settle_by_cards(state))
    return log, records


def time_replay(log: list[Event], repeat: int = 3) -> tuple[float, float, TableState]:
    """Best wall-clock and CPU seconds over ``repeat`` full replays."""
    best = best_cpu = float("inf")
    state = replay([])
    for _ in range(repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        state = replay(log)
        best = min(best, time.perf_counter() - t0)
        best_cpu = min(best_cpu, time.process_time() - c0)
    return best, best_cpu, state


def time_undo(state: TableState, repeat: int = 200) -> float:
    """Mean CPU seconds of one undo at ``state``."""
    t0 = time.process_time()
    for _ in range(repeat):
        apply(state, ActionUndone())
    return (time.process_time() - t0) / repeat


def pokerkit_replay(records: list[HandRecord]) -> float | None:
    """CPU seconds pokerkit takes to play the same hands (cards dealt as recorded)."""
    try:
        from pokerkit import Automation, Card, PotLimitOmahaHoldem
    except ImportError:
        return None
    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.RUNOUT_COUNT_SELECTION,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    parsed = [
        (
            rec,
            [list(Card.parse("".join(h))) for h in rec.holes],
            [list(Card.parse("".join(rec.board[:3])))]
            + [list(Card.parse(c)) for c in rec.board[3:]],
        )
        for rec in records
    ]
    warnings.simplefilter("ignore")  # pokerkit warns about cards it did not shuffle itself
    t0 = time.process_time()
    for rec, holes, boards in parsed:
        state = PotLimitOmahaHoldem.create_state(
            automations, True, 0, (1, 2), 2, tuple(rec.stacks), len(rec.stacks)
        )
        for cards in holes:
            state.deal_hole(cards)
        actions = iter(rec.actions)
        streets = iter(boards)
        while state.status:
            if state.can_deal_board():
                state.deal_board(next(streets))
            elif state.actor_index is not None:
                what, to = next(actions)
                if what == "fold":
                    state.fold()
                elif what == "call":
                    state.check_or_call()
                else:
                    state.complete_bet_or_raise_to(to)
            else:
                break
    return time.process_time() - t0


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    log, records = build_session(hands)
    seconds, cpu, state = time_replay(log)
    print(f"session: {hands} hands, {len(log)} events")
    print(
        f"full replay: {seconds * 1000:.0f} ms wall, {cpu * 1000:.0f} ms CPU "
        f"({len(log) / cpu:,.0f} events/s of CPU)"
    )
    short_log, _ = build_session(hands // 10)
    _, _, short_state = time_replay(short_log, repeat=1)
    undo_long = time_undo(state)
    undo_short = time_undo(short_state)
    print(
        f"undo at the end: {undo_long * 1000:.2f} ms ({hands} hands), "
        f"{undo_short * 1000:.2f} ms ({hands // 10} hands)"
    )
    pk = pokerkit_replay(records)
    if pk is None:
        print("pokerkit not installed: no comparison")
        return
    print(f"pokerkit playing the same hands: {pk * 1000:.0f} ms CPU")
    print(f"ratio pokerkit / omaha-tui replay (CPU): {pk / cpu:.1f}x")


if __name__ == "__main__":
    main()
