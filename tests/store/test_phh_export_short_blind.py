"""PHH export of a big blind posted short after an ante (R2.5, R2.9): the file states
the table's blinds and the reader posts what the stack allows."""

from __future__ import annotations

from decimal import Decimal

from omaha_tui.engine.config import Stakes, TableConfig, parse_game
from omaha_tui.engine.events import ButtonPlaced, Folded, HandStarted, PlayerSeated, SessionStarted
from omaha_tui.engine.reducer.replay import apply, replay
from omaha_tui.engine.rules.blinds import propose_deal
from omaha_tui.interchange.phh import loads
from omaha_tui.interchange.phh_export import session_hands
from omaha_tui.interchange.phh_import import translate
from omaha_tui.interchange.phh_write import dumps


def test_r2_9_short_big_blind_after_an_ante_exports_the_table_blinds_and_reads_back():
    config = TableConfig(
        variant=parse_game("omaha"), stakes=Stakes(big_blind=50, small_blind=25, ante=5)
    )
    events = [SessionStarted(config=config)]
    events += [PlayerSeated(seat=i, name=f"P{i}", stack=s) for i, s in enumerate((1000, 14, 1000))]
    events.append(ButtonPlaced(seat=2))
    state = replay(events)
    d = propose_deal(state)  # SB 0, BB 1 with 14: ante 5, then 9 of the big blind
    assert [(p.seat, p.kind.value, p.amount) for p in d.posts][-1] == (1, "bb", 9)
    events.append(HandStarted(button=d.button, seats=d.seats, posts=d.posts))
    state = apply(state, events[-1])
    while state.in_hand:  # everyone with chips folds to the all-in big blind
        events.append(Folded(seat=state.hand.to_act))
        state = apply(state, events[-1])
    (hand,) = session_hands(events)
    assert hand.blinds_or_straddles[:2] == (Decimal(25), Decimal(50))
    assert hand.antes == (Decimal(5),) * 3
    (again,) = loads(dumps(hand), "h.phh")
    start = next(e for e in translate(again).events if isinstance(e, HandStarted))
    assert [(p.seat, p.kind.value, p.amount) for p in start.posts] == [
        (p.seat, p.kind.value, p.amount) for p in d.posts
    ]  # the reader posts the ante, then what is left of the stack: 9
