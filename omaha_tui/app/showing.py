"""A state of the session, shown: the table view, the keys live, the blind clock.

The app calls :func:`show_state` each time the session's state changes; it reads the
session it is given and draws on the table screen, nothing else.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from omaha_tui.engine.state import TableState
from omaha_tui.session import Session
from omaha_tui.session.view import chips, table_view

from .screens.table import TableScreen


def blinds_line(state: TableState) -> str:
    """The clock's line for a table without a schedule (``Level 1 · blinds 1/2``)."""
    assert state.config is not None
    stakes = state.stakes or state.config.stakes
    dec = state.config.decimals
    return (
        f"Level {state.level} · blinds "
        f"{chips(stakes.small_blind, dec)}/{chips(stakes.big_blind, dec)}"
    )


def show_state(
    table: TableScreen,
    session: Session,
    live: Callable[[], frozenset[str]],
    *,
    now: Callable[[], datetime],
    large_clock: bool,
) -> None:
    """Show ``session``'s state on ``table``: its view, the keys ``live()`` now, and the
    blind clock read at ``now()`` (R2.7), stopped once the session has ended."""
    state = session.state
    if state.config is None:
        return
    table.show(table_view(state, session.available()))
    table.set_live(live())
    if not table.is_mounted:
        return
    fallback = blinds_line(state)
    if state.ended:  # the night is over: the clock stops, nothing counts on
        table.follow_clock(lambda: None, f"Session over · {fallback}")
        return
    table.follow_clock(lambda: session.clock(now()), fallback)
    table.large_clock(large_clock)


__all__ = ["blinds_line", "show_state"]
