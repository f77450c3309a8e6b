"""Builders for whole evenings at one table, from events and the pure engine only.

Hands are started from :func:`propose_deal` (what the rules say) and played with
events; pots are settled by hand so that no cards are needed.
"""

from __future__ import annotations

from collections.abc import Sequence

from omaha_tui.engine.config import Stakes, Structure, TableConfig, parse_game
from omaha_tui.engine.events import (
    Award,
    BoardDealt,
    ButtonPlaced,
    Called,
    Checked,
    Event,
    Folded,
    HandStarted,
    PlayerSeated,
    PotsAwarded,
    SessionStarted,
)
from omaha_tui.engine.reducer.replay import apply, replay
from omaha_tui.engine.rules.betting import legal_actions
from omaha_tui.engine.rules.blinds import propose_deal
from omaha_tui.engine.rules.pots import hand_pots
from omaha_tui.engine.state import BOARD_AFTER, NEXT_STREET, Street, TableState


def table(
    stacks: Sequence[int | None],
    button: int | None = None,
    game: str = "omaha",
    structure: Structure = Structure.POT_LIMIT,
    stakes: Stakes | None = None,
    seats: int = 0,
    **options: object,
) -> TableState:
    """Players ``P0``, ``P1``... in seats 0.. (``None`` leaves a seat empty), button
    placed on the last seat unless given."""
    config = TableConfig(
        variant=parse_game(game),
        structure=structure,
        stakes=stakes or Stakes(big_blind=2),
        seats=seats or max(len(stacks), 2),
        buy_in_min=1,
        buy_in_max=10_000,
        **options,  # type: ignore[arg-type]
    )
    events: list[Event] = [SessionStarted(config=config)]
    events += [
        PlayerSeated(seat=i, name=f"P{i}", stack=s) for i, s in enumerate(stacks) if s is not None
    ]
    events.append(ButtonPlaced(seat=len(stacks) - 1 if button is None else button))
    return replay(events)


def deal(state: TableState, **kw: object) -> TableState:
    """Start the hand the rules propose (R1.5, R2)."""
    d = propose_deal(state, **kw)  # type: ignore[arg-type]
    return apply(state, HandStarted(button=d.button, seats=d.seats, posts=d.posts))


def posts(state: TableState) -> list[tuple[int, str, int]]:
    assert state.hand is not None
    return [(p.seat, p.kind.value, p.amount) for p in state.hand.posts]


def fold_out(state: TableState) -> TableState:
    """Everyone to act folds until the hand ends."""
    while state.in_hand:
        hand = state.hand
        assert hand is not None
        if hand.to_act is None:
            return settle(state, hand.live[0])
        state = apply(state, Folded(seat=hand.to_act))
    return state


def check_or_call(state: TableState) -> TableState:
    la = legal_actions(state)
    assert la is not None
    event = Called(seat=la.seat) if la.can_call else Checked(seat=la.seat)
    return apply(state, event)


def settle(state: TableState, winner: int) -> TableState:
    """Check or call everything down, deal the board uncarded and award every pot to
    ``winner`` where eligible (else to the first eligible seat)."""
    while True:
        hand = state.hand
        assert hand is not None
        if hand.complete:
            return state
        if hand.to_act is not None:
            state = check_or_call(state)
        elif hand.street is not Street.SHOWDOWN:
            need = BOARD_AFTER[NEXT_STREET[hand.street]] - hand.board_count
            state = apply(state, BoardDealt(count=need))
        else:
            awards = tuple(
                Award(
                    pot=i, seat=winner if winner in p.eligible else p.eligible[0], amount=p.amount
                )
                for i, p in enumerate(hand_pots(hand))
            )
            return apply(state, PotsAwarded(awards=awards, by_cards=False))
