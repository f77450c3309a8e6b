"""Recorded sessions back to PHH: seat order, heads-up blinds, all-ins, undo, unknown cards."""

from __future__ import annotations

from decimal import Decimal

import pytest

from omaha_tui.engine import commands as c
from omaha_tui.engine.config import VARIANTS, Stakes, Structure, TableConfig
from omaha_tui.engine.events import (
    ButtonPlaced,
    Event,
    PlayerSeated,
    SessionStarted,
    Undo,
)
from omaha_tui.engine.reducer import apply, replay
from omaha_tui.engine.state import TableState
from omaha_tui.store.phh import PhhError, dumps_all, loads
from omaha_tui.store.phh_export import effective_events, session_hands
from omaha_tui.store.phh_replay import replay_hand, summary

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


def _two_hands() -> Table:
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


def test_effective_events_drop_what_was_undone() -> None:
    t = _two_hands()
    effective = effective_events(t.events)
    assert len(effective) == len(t.events) - 2
    assert replay(effective).seats == t.state.seats


def test_a_session_exports_one_hand_per_hand_played_button_last() -> None:
    t = _two_hands()
    first, second = session_hands(t.events)
    assert first.players == ("Bob", "Cy", "Ann")  # left of the button first, button last
    assert first.blinds_or_straddles == (Decimal(1), Decimal(2), Decimal(0))
    assert first.starting_stacks == (Decimal(200), Decimal(60), Decimal(200))
    assert first.actions[:3] == ("d dh p1 2c3c4d5d", "d dh p2 QsJsTs9s", "d dh p3 ????????")
    assert first.actions[3:6] == ("p3 cbr 7", "p1 cc", "p2 cc")
    assert "p2 cbr 53" in first.actions  # the all-in raise, as raise-to
    assert second.players == ("Ann", "Bob")


def test_exported_hands_replay_to_the_same_stacks_here_and_in_pokerkit() -> None:
    from pokerkit import HandHistory

    t = _two_hands()
    text = dumps_all(session_hands(t.events))
    hands = loads(text, "night.phhs", multi=True)
    ours = [summary(replay_hand(h))["finishing_stacks"] for h in hands]
    assert ours[1] == t.stacks((0, 2))
    theirs = []
    for history in HandHistory.loads_all(text):
        *_, state = iter(history)
        theirs.append(list(state.stacks))
    assert theirs == ours


def test_r2_2_heads_up_the_button_small_blind_is_written_first() -> None:
    t = Table(seats=((1, "Ann", 50), (3, "Bob", 50)))
    t.do(c.start_hand(t.state))  # button Ann posts the small blind
    t.do(c.fold(t.state))
    (hand,) = session_hands(t.events)
    assert hand.players == ("Bob", "Ann")
    assert hand.blinds_or_straddles == (Decimal(1), Decimal(2))
    assert summary(replay_hand(hand))["finishing_stacks"] == [51, 49]


def test_a_hand_in_progress_exports_without_finishing_stacks() -> None:
    t = Table()
    t.do(c.start_hand(t.state))
    t.do(c.bet_or_raise(t.state, 7))
    (hand,) = session_hands(t.events)
    assert hand.finishing_stacks is None
    assert summary(replay_hand(hand))["to_act"] == 0


def test_a_game_phh_cannot_name_is_refused_with_the_reason() -> None:
    config = TableConfig(
        variant=VARIANTS["omaha"], structure=Structure.NO_LIMIT, stakes=Stakes(big_blind=2)
    )
    t = Table(config=config)
    t.do(c.start_hand(t.state))
    with pytest.raises(PhhError, match=r"Omaha in nl has no PHH variant code: PHH can hold"):
        session_hands(t.events)
