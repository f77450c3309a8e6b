"""Any key, any time: a dealer's hands on the keyboard at 1 a.m. never break the table.

Seeded random keystrokes, in bursts as a fast typist's terminal sends them, over a live
six-handed table: the table's own keys weighted up, with digits, card letters, Enter,
Escape, Tab, Backspace, the prompts' and screens' control keys and the command palette
mixed in, so every prompt and screen is opened, typed into, abandoned and confirmed in
any order. After every burst the app is still running and no status line speaks of an
internal error; at the end the journal read afresh gives exactly the table on screen,
and its chips are the chips the table started with, plus rebuys and minus what left.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from omaha_tui.app.keys import KEYS
from omaha_tui.engine.events import (
    ChipsCorrected,
    Event,
    PlayerLeft,
    PlayerRebought,
    PlayerSeated,
)
from omaha_tui.engine.reducer.replay import apply, effective_events, initial_state
from omaha_tui.engine.state import TableState
from omaha_tui.session import Session
from omaha_tui.store.journal import Journal

from .test_flows import make_app, six_handed_plo, status
from .test_keys import burst

TABLE = [k.key for k in KEYS]
TYPED = list("0123456789") + list("AKQJT98765432") + list("hdcs") + [" ", "⏎", "⏎", "⏎"]
CONTROL = ["escape", "tab", "backspace", "ctrl+s", "ctrl+r", "ctrl+b", "ctrl+o", "ctrl+n"]
OTHER = ["ctrl+p", "y", "q", "x", "left", "right", "up", "down", "home", "end"]
MOVES = [["c"], ["c"], ["c"], ["f"], ["p"], ["n"], ["d", "⏎"], ["a"], ["2"], ["n"]]
"""What a dealer does to move a hand along (``d`` then Enter deals a street it does not
track), so the evening reaches every street, all-ins and many hands."""


def _keys(rng: random.Random, n: int) -> list[str]:
    if rng.random() < 0.5:
        return [k for _ in range(n) for k in rng.choice(MOVES)]
    pools = [(TABLE, 8), (TYPED, 5), (CONTROL, 2), (OTHER, 1)]
    out = []
    for _ in range(n):
        pool = rng.choices([p for p, _ in pools], weights=[w for _, w in pools])[0]
        out.append(rng.choice(pool))
    return out


def _chips(state: TableState) -> int:
    """Every chip at the table: the stacks, and what is in the middle of a hand."""
    total = sum(s.stack for s in state.seats if s is not None)
    return total + (state.hand.total if state.in_hand and state.hand is not None else 0)


def _brought(log: list[Event]) -> int:
    """Chips brought to the table (seating, rebuys, corrections) minus the stacks taken
    away, over the effective log."""
    total, state = 0, initial_state()
    for e in effective_events(log):
        if isinstance(e, PlayerSeated):
            total += e.stack
        elif isinstance(e, PlayerRebought):
            total += e.amount
        elif isinstance(e, ChipsCorrected):
            total += e.delta
        elif isinstance(e, PlayerLeft) and (seat := state.seats[e.seat]) is not None:
            total -= seat.stack
        state = apply(state, e)
    return total


@pytest.mark.parametrize(
    ("seed", "bursts"),
    [(1, 100), *(pytest.param(s, 300, marks=pytest.mark.slow) for s in range(2, 7))],
)
async def test_any_keys_in_any_order_leave_a_table_the_journal_agrees_with(
    tmp_path: Path, seed: int, bursts: int
) -> None:
    rng = random.Random(seed)
    app = make_app(tmp_path, six_handed_plo())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        for _ in range(bursts):
            keys = _keys(rng, rng.randint(1, 8))
            if app.screen is not app.table and rng.random() < 0.4:
                keys.insert(0, "escape")  # a dealer leaves a prompt as often as not
            for key in keys:
                if len(key) == 1 or key == "⏎":
                    burst(app, key)
                else:
                    await pilot.press(key)
            await pilot.pause()
            assert app.is_running, f"the app stopped after {keys}"
            if app.screen is app.table:
                line = status(app).lower()
                assert "internal error" not in line and "traceback" not in line, line
        state = app.session.state
        events = app.session.events()
        sid = app.session.id
    with Journal.open(tmp_path / "journal.sqlite3") as journal:
        again = Session.resume(journal, sid)
        assert again.state == state
    assert _chips(state) == _brought(events)
