"""Recorded sessions back to PHH: seat order, heads-up blinds, all-ins, undo, unknown cards."""

from __future__ import annotations

from decimal import Decimal

from omaha_tui.engine.config import VARIANTS, Stakes, Structure, TableConfig
from omaha_tui.engine.reducer.replay import effective_events, replay
from omaha_tui.interchange.phh import loads
from omaha_tui.interchange.phh_export import session_hands
from omaha_tui.interchange.phh_replay import replay_hand, summary
from omaha_tui.interchange.phh_write import dumps_all
from tests import decided as c

from .recorded import Table, two_hands


def test_effective_events_drop_what_was_undone() -> None:
    t = two_hands()
    effective = effective_events(t.events)
    assert len(effective) == len(t.events) - 2
    assert replay(effective).seats == t.state.seats


def test_a_session_exports_one_hand_per_hand_played_button_last() -> None:
    t = two_hands()
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

    t = two_hands()
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


def test_no_limit_omaha_exports_with_its_code_and_reads_back() -> None:
    config = TableConfig(
        variant=VARIANTS["omaha"], structure=Structure.NO_LIMIT, stakes=Stakes(big_blind=2)
    )
    t = Table(config=config)
    t.do(c.start_hand(t.state))
    t.do(c.bet_or_raise(t.state, 30))
    (hand,) = session_hands(t.events)
    assert hand.variant == "NO"
    assert hand.min_bet == Decimal(2)
    replayed = replay_hand(loads(dumps_all([hand]))[0])
    assert replayed.events[0].config.structure is Structure.NO_LIMIT  # type: ignore[union-attr]
