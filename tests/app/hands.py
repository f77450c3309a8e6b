"""Sessions played through the engine's commands, for screen tests."""

from __future__ import annotations

from collections.abc import Sequence

from omaha_tui.engine.config import Stakes, TableConfig, parse_game
from omaha_tui.engine.events import ButtonPlaced, Event, PlayerSeated, SessionStarted
from omaha_tui.engine.reducer.replay import apply, replay
from omaha_tui.engine.state import TableState
from tests import decided as commands


def seated(
    game: str,
    names: Sequence[str],
    stack: int = 200,
    big_blind: int = 2,
    stacks: Sequence[int] = (),
) -> list[Event]:
    """A session with ``names`` in seats 0.. and the button on the last seat."""
    config = TableConfig(variant=parse_game(game), stakes=Stakes(big_blind=big_blind))
    events: list[Event] = [SessionStarted(config=config, title="test")]
    chips = list(stacks) or [stack] * len(names)
    pairs = enumerate(zip(names, chips, strict=True))
    events += [PlayerSeated(seat=i, name=n, stack=c) for i, (n, c) in pairs]
    events.append(ButtonPlaced(seat=len(names) - 1))
    return events


def checked_down(events: list[Event], board: str | None) -> tuple[list[Event], TableState]:
    """Start a hand, call pre-flop, check every street, deal ``board`` (or untracked)."""
    state = replay(events)
    out = list(events)

    def do(event: Event) -> None:
        nonlocal state
        state = apply(state, event)
        out.append(event)

    do(commands.start_hand(state))
    cards = board.split() if board else None
    slices = {0: slice(0, 3), 3: slice(3, 4), 4: slice(4, 5)}
    while state.hand is not None:
        while state.hand.to_act is not None:
            do(commands.check_or_call(state))
        dealt = state.hand.board_count
        if dealt >= 5:
            break
        do(commands.deal_board(state, cards[slices[dealt]] if cards else None))
    return out, state
