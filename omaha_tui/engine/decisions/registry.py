"""The table of deciders and how one request goes through its decider.

Each request type has one small function, registered with ``@decides(MyRequest)`` in
:data:`DECIDERS`, that returns the events the rules call for (or an :class:`Ask`, or
raises :class:`RuleError`). :func:`dispatch` runs it and folds its events into the state
exactly once (:func:`fold`), so nobody re-applies an event to check it; what a kind of
table adds after every decision (a tournament's busts and prizes, R11.3) is registered
with ``@follows_up``.

The deciders live by subject (:mod:`.betting`, :mod:`.next_hand`, :mod:`.table`,
:mod:`.cards`, :mod:`.clock`, :mod:`.tournament`); they import this module and never
:mod:`.decide`, which loads them, so the package has no import cycle.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from pydantic import ValidationError

from omaha_tui.engine import events as ev
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.outcomes import Ask, Built, Decided, Decision, Refusal
from omaha_tui.engine.errors import RuleError, validation_message
from omaha_tui.engine.hands.cards import CardError
from omaha_tui.engine.reducer.replay import apply
from omaha_tui.engine.state import TableState

_F = TypeVar("_F", bound=Callable[..., Built])
FollowUp = Callable[[Decided, Any], Decided]
_G = TypeVar("_G", bound=FollowUp)

DECIDERS: dict[type, Callable[[TableState, Any], Built]] = {}
FOLLOW_UPS: list[FollowUp] = []


def decides(kind: type) -> Callable[[_F], _F]:
    """Register the function that decides requests of type ``kind``."""

    def register(func: _F) -> _F:
        DECIDERS[kind] = func
        return func

    return register


def follows_up(func: _G) -> _G:
    """Register what runs after every request that was decided, on what it decided."""
    if func not in FOLLOW_UPS:
        FOLLOW_UPS.append(func)
    return func


def dispatch(state: TableState, request: rq.Request) -> Decision:
    """``request`` through its registered decider: the events folded once, an
    :class:`Ask`, or a :class:`Refusal` with the rule's reason (never an exception)."""
    func = DECIDERS.get(type(request))
    if func is None:
        return Refusal(f"{type(request).__name__} is not a request this table knows")
    try:
        built = func(state, request)
        if not isinstance(built, Decided | Ask | Refusal):
            built = fold(state, built)
        if isinstance(built, Decided):
            for follow_up in FOLLOW_UPS:
                built = follow_up(built, request)  # R11.3, R11.6
        return built
    except ValidationError as e:
        return Refusal(validation_message(e))
    except (RuleError, CardError) as e:
        return Refusal(str(e))


def fold(state: TableState, events: Sequence[ev.Event], note: str = "") -> Decided:
    """Apply ``events`` once each, in order (raises :class:`RuleError` on the first refused)."""
    steps = []
    for event in events:
        state = apply(state, event)
        steps.append(state)
    return Decided(tuple(events), state, note, tuple(steps))


def chain(state: TableState, steps: Sequence[rq.Request]) -> Decision:
    """Decide several requests in a row, each on the state the last one left."""
    events: list[ev.Event] = []
    states: list[TableState] = []
    notes: list[str] = []
    for step in steps:
        out = dispatch(state, step)
        if not isinstance(out, Decided):
            return out
        events += out.events
        states += out.steps
        state = out.state
        if out.note:
            notes.append(out.note)
    return Decided(tuple(events), state, "; ".join(notes), tuple(states))
