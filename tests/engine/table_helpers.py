"""Small builders shared by the reducer tests: a table in one call, actions in a row."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from omaha_tui.engine.config import Stakes, Structure, TableConfig, parse_game
from omaha_tui.engine.events import ButtonPlaced, Event, PlayerSeated, SessionStarted
from omaha_tui.engine.reducer.replay import apply, replay
from omaha_tui.engine.state import TableState
from tests import decided as cmd

Step = Event | Callable[[TableState], Event]


def new_table(
    stacks: Sequence[int] = (100, 100, 100),
    game: str = "omaha",
    structure: Structure = Structure.POT_LIMIT,
    big_blind: int = 2,
    small_blind: int = 0,
    chip: int = 1,
    ante: int = 0,
    straddle: int = 0,
    button: int | None = None,
    seats: int = 0,
    **options: object,
) -> TableState:
    """A session with players ``P0``, ``P1``... in seats 0.. and the button on the last."""
    return replay(
        table_events(
            stacks,
            game,
            structure,
            big_blind,
            small_blind,
            chip,
            ante,
            straddle,
            button,
            seats,
            **options,
        )
    )


def table_events(
    stacks: Sequence[int] = (100, 100, 100),
    game: str = "omaha",
    structure: Structure = Structure.POT_LIMIT,
    big_blind: int = 2,
    small_blind: int = 0,
    chip: int = 1,
    ante: int = 0,
    straddle: int = 0,
    button: int | None = None,
    seats: int = 0,
    **options: object,
) -> list[Event]:
    """The opening events of :func:`new_table`."""
    config = TableConfig(
        variant=parse_game(game),
        structure=structure,
        stakes=Stakes(
            big_blind=big_blind, small_blind=small_blind, chip=chip, ante=ante, straddle=straddle
        ),
        seats=seats,
        **options,  # type: ignore[arg-type]
    )
    events: list[Event] = [SessionStarted(config=config)]
    events += [PlayerSeated(seat=i, name=f"P{i}", stack=s) for i, s in enumerate(stacks)]
    events.append(ButtonPlaced(seat=len(stacks) - 1 if button is None else button))
    return events


def run(state: TableState, *steps: Step) -> TableState:
    """Apply events, or commands called on the current state, in order."""
    for step in steps:
        event = step if not callable(step) else step(state)
        state = apply(state, event)
    return state


def stacks(state: TableState) -> list[int]:
    return [0 if s is None else s.stack for s in state.seats][: _occupied(state)]


def _occupied(state: TableState) -> int:
    last = max((i for i, s in enumerate(state.seats) if s is not None), default=-1)
    return last + 1


def chips_total(state: TableState) -> int:
    """Every chip at the table: stacks plus the middle."""
    total = sum(s.stack for s in state.seats if s is not None)
    if state.hand is not None and not state.hand.complete:
        total += state.hand.total
    return total


def start(state: TableState, **kw: object) -> TableState:
    return apply(state, cmd.start_hand(state, **kw))  # type: ignore[arg-type]


def raise_to(amount: int) -> Callable[[TableState], Event]:
    return lambda s: cmd.bet_or_raise(s, amount)


def board(cards: str | None = None) -> Callable[[TableState], Event]:
    return lambda s: cmd.deal_board(s, cards)
