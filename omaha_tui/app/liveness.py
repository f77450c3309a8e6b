"""Which table keys are live now, and why one is not: functions of the session alone.

One table says it (:data:`~.keys.KEYS`, fed by the session's ``available()``): a key is
live when ``available()`` allows one of its requests, undo and redo when the session's
log can go back or forward. A key pressed while not live says why in the engine's
words, the refusal of a dry run of ``decide`` for the key's request. Neither needs the
app: they read a :class:`KeySource`, which the session is.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Protocol

from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.available import Available
from omaha_tui.engine.decisions.clock_requests import CLOCK_REQUESTS
from omaha_tui.engine.decisions.decide import decide
from omaha_tui.engine.decisions.outcomes import Refusal
from omaha_tui.engine.state import TableState
from omaha_tui.session.outcome import refusal_words

from .keys import TableKey, live_keys


class KeySource(Protocol):
    """What liveness reads of the session: its state, ``available()`` and its log."""

    @property
    def state(self) -> TableState: ...

    def available(self) -> Available: ...

    @property
    def can_undo(self) -> bool: ...

    @property
    def can_redo(self) -> bool: ...

    def undo_limit(self) -> str: ...


class LiveKeys:
    """The keys live now, computed once per state of the session (and its redo list)."""

    def __init__(self) -> None:
        self._memo: tuple[object, bool, frozenset[str]] | None = None

    def __call__(self, session: KeySource | None) -> frozenset[str]:
        if session is None:
            return frozenset()
        state, can_redo = session.state, session.can_redo
        memo = self._memo
        if memo is not None and memo[0] is state and memo[1] == can_redo:
            return memo[2]
        live = live_keys(session.available(), can_undo=session.can_undo, can_redo=can_redo)
        self._memo = (state, can_redo, live)
        return live


def why_not(key: TableKey, session: KeySource, at: datetime) -> str:
    """Why ``key`` does nothing now, as one status line (``deal: Dee (seat 4) to act``).

    ``at`` is the time a clock key's dry run reads (the clock's requests carry it).
    """
    avail = session.available()
    reason = ""
    if key.name == "undo":
        reason = session.undo_limit()
    elif key.name == "redo":
        reason = "nothing to redo"
    elif key.name == "read":
        reason = "no pot-limit amount to read: nobody is to act in pot limit"
    elif key.name == "bet" and avail.legal is not None:
        reason = avail.legal.describe_range()
    elif key.probe is not None:
        probe = key.probe
        if isinstance(probe, CLOCK_REQUESTS):  # the clock reads the time it is given
            probe = replace(probe, at=at)
        out = decide(session.state, probe)
        if isinstance(out, Refusal):
            reason = refusal_words(out.reason, probe, avail)
    if key.name == "table_hands" and avail.allows(rq.Show):
        reason = "every hand still in is tabled already"
    if key.name == "table_hands" and not reason:
        reason = "hands are tabled when everyone is all in with cards to come (R10.1)"
    return f"{key.label.lower()}: {reason or 'not now'}"


def tabling_due(state: TableState, live: frozenset[str]) -> bool:
    """R10.1: all in with cards to come and the board so far entered: the hands still
    in are tabled now (the app opens the prompt at once)."""
    hand = state.hand
    return hand is not None and hand.board_count == len(hand.board) and "table_hands" in live


__all__ = ["KeySource", "LiveKeys", "tabling_due", "why_not"]
