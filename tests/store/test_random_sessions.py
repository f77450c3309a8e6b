"""Random recorded sessions, exported to PHH: our replay and pokerkit's agree with the table.

Each hand a session records is written as PHH (with the stacks the table had after it
as ``finishing_stacks``), read back and replayed; the replay must end on those stacks.
For pot-limit Omaha (``PO``) pokerkit replays the same text and must agree too.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from omaha_tui.interchange.phh import loads
from omaha_tui.interchange.phh_export import session_hands
from omaha_tui.interchange.phh_replay import replay_hand, summary
from omaha_tui.interchange.phh_write import dumps_all

from .recorded import random_session

CASES = [("omaha", 1), ("omaha", 2), ("omaha", 5), ("big-o", 3), ("omaha6", 4), ("omaha8", 6)]


@pytest.mark.parametrize(("game", "seed"), CASES)
def test_exported_random_hands_replay_to_the_tables_stacks(game: str, seed: int) -> None:
    table = random_session(game, hands=12, seed=seed)
    hands = session_hands(table.events)
    assert len(hands) >= 3
    text = dumps_all(hands)
    again = loads(text, "random.phhs", multi=True)
    ours = [summary(replay_hand(h)) for h in again]
    for hand, result in zip(hands, ours, strict=True):
        assert result["complete"]
        assert hand.finishing_stacks is not None
        assert result["finishing_stacks"] == [int(s) for s in hand.finishing_stacks]
    if hands[0].variant == "PO":
        from pokerkit import HandHistory

        histories = list(HandHistory.loads_all(text, parse_value=Decimal))
        for history, result in zip(histories, ours, strict=True):
            *_, state = iter(history)
            assert [int(s) for s in state.stacks] == result["finishing_stacks"]
