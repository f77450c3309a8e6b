"""Table options between hands: dealer's choice (R9), levels (R2.7), and what a hand keeps."""

from __future__ import annotations

import pytest

from omaha_tui.engine.config import AntePots, Stakes, Structure
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import Event, GameChanged, LevelChanged, PlayerSeated
from omaha_tui.engine.reducer.replay import apply, replay
from omaha_tui.interchange.phh import PhhHand
from omaha_tui.interchange.phh_export import session_hands
from omaha_tui.interchange.phh_stakes import ante_pots

from .evening import deal, fold_out, table


def test_dealers_choice_changes_the_next_hands_game_and_structure():
    state = fold_out(deal(table((100,) * 4)))
    state = apply(state, GameChanged(game="Big O", structure=Structure.POT_LIMIT))
    assert state.config.variant.name == "Big O"
    assert state.config.title == "PL Big O 1/2"
    state = deal(state)
    assert state.hand.variant.hole_cards == 5 and state.hand.structure is Structure.POT_LIMIT


def test_game_change_mid_hand_is_refused_and_the_state_is_unchanged():
    state = deal(table((100,) * 4))
    with pytest.raises(RuleError, match="a hand is running: change the game between hands"):
        apply(state, GameChanged(game="big-o", structure=Structure.POT_LIMIT))


def test_game_change_refuses_an_unknown_game_and_too_many_players_for_r1_3():
    state = table((100,) * 9, seats=10)
    with pytest.raises(RuleError, match='unknown game "razz"'):
        apply(state, GameChanged(game="razz", structure=Structure.POT_LIMIT))
    with pytest.raises(RuleError, match=r"Big O seats at most 8 players \(R1.3\) and 9"):
        apply(state, GameChanged(game="big-o", structure=Structure.POT_LIMIT))


def test_newcomer_beyond_the_current_games_seat_limit_is_refused():
    state = table((100,) * 8, seats=10)
    state = apply(state, GameChanged(game="big-o", structure=Structure.POT_LIMIT))
    with pytest.raises(RuleError, match=r"Big O seats at most 8 players \(R1.3\)"):
        apply(state, PlayerSeated(seat=9, name="New", stack=100))


def test_r2_7_the_title_shows_the_current_levels_blinds():
    state = apply(table((100,) * 3), LevelChanged(level=2, stakes=Stakes(big_blind=10)))
    assert state.config.title_at(state.stakes) == "PL Omaha 5/10"


def test_export_carries_each_hands_own_game_and_blinds(monkeypatch) -> None:
    from tests.engine import evening

    events: list[Event] = []  # the log, as the table's helpers apply it

    def recording(state, event):  # type: ignore[no-untyped-def]
        events.append(event)
        return apply(state, event)

    def replaying(log):  # type: ignore[no-untyped-def]
        events.extend(log)
        return replay(log)

    monkeypatch.setattr(evening, "apply", recording)
    monkeypatch.setattr(evening, "replay", replaying)
    state = table((100,) * 4)
    for step in (
        lambda s: deal(s),
        fold_out,
        lambda s: recording(s, GameChanged(game="big-o", structure=Structure.POT_LIMIT)),
        lambda s: deal(s),
        fold_out,
        lambda s: recording(s, LevelChanged(level=2, stakes=Stakes(big_blind=4))),
        lambda s: deal(s),
        fold_out,
    ):
        state = step(state)
    assert replay(events) == state
    hands = session_hands(events)
    assert [h.variant for h in hands] == ["PO", "PO5/8", "PO5/8"]
    assert [h.min_bet for h in hands] == [2, 2, 4]


def test_phh_ante_trimming_status_selects_how_antes_enter_the_pots():
    def hand(extra) -> PhhHand:
        return PhhHand(
            variant="PO",
            starting_stacks=(100, 100),
            actions=(),
            antes=(1, 1),
            blinds_or_straddles=(1, 2),
            min_bet=2,
            extra=extra,
        )

    assert ante_pots(hand((("ante_trimming_status", True),))) is AntePots.TOTAL
    assert ante_pots(hand((("ante_trimming_status", False),))) is AntePots.MAIN
    assert ante_pots(hand(())) is AntePots.MAIN
