"""``decide(state, request)``: the one place a dealer's request becomes events.

The application *decides* (STYLE.md, eventsourcing's functional aggregate): one small
function per request type, found in :data:`~.registry.DECIDERS`, returns the events the
rules call for; the registry folds them into the state exactly once and hands back both
(:class:`~.outcomes.Decided`), so nobody re-applies an event to check it. A request the
rules refuse comes back as a :class:`~.outcomes.Refusal` with the rule's message (never
an exception), and one the dealer must answer first (all in for more than the stack?
post now or wait?) as an :class:`~.outcomes.Ask` whose choices are ready-made requests.

To add a request: define its record in :mod:`.requests` and register one function with
``@decides(MyRequest)`` (:mod:`.registry`) in the module of its subject: the betting in
:mod:`.betting`, the next hand in :mod:`.next_hand`, table and seat requests in
:mod:`.table`, the cards and the showdown in :mod:`.cards`, the clock in :mod:`.clock`;
this module imports each of them, so importing ``decide`` registers them all.
"""

from __future__ import annotations

from omaha_tui.engine.decisions import (  # noqa: F401  (each registers its deciders)
    betting,
    cards,
    clock,
    next_hand,
    table,
)
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.outcomes import Decision
from omaha_tui.engine.decisions.registry import DECIDERS, dispatch
from omaha_tui.engine.state import TableState


def decide(state: TableState, request: rq.Request) -> Decision:
    """The events ``request`` becomes, an :class:`Ask`, or a :class:`Refusal`.

    >>> from tests.tables import quick_table
    >>> s = quick_table()
    >>> d = decide(s, rq.NextHand())
    >>> [e.type for e in d.events], d.state.hand.to_act
    (['hand_started'], 2)
    >>> decide(d.state, rq.Bet(3))
    Refusal(reason='P2 (seat 3): raise to 3 is below the minimum: raise to 4 to 7')
    >>> decide(d.state, rq.Bet(50)).events  # R4.6: cut to the pot, the rest goes back
    (RaisedTo(v=1, type='raised_to', seat=2, to=7, excess_returned=43),)
    >>> from omaha_tui.engine.config import STRUCTURE_NAMES, Structure
    >>> nl = decide(quick_table(structure=Structure.NO_LIMIT), rq.NextHand()).state
    >>> decide(nl, rq.Bet(500)).question  # R4.10: more than the stack is asked first
    'P2 has 100: all in for 100?'
    """
    if state.tournament is not None or type(request) not in DECIDERS:
        _join_tournament()
    return dispatch(state, request)


def _join_tournament() -> None:
    """Register the tournament's deciders and its follow-up (R11) the first time a table
    is a tournament or is asked a request only a tournament knows: the import is here,
    not at the top, so that a cash table never loads them. Its wrappers of ``NextHand``
    and ``Rebuy`` hand a cash table to the plain deciders."""
    from omaha_tui.engine.decisions import tournament  # noqa: F401  (registers itself)
