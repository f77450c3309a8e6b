"""What a request comes back as: the events it became (:class:`Decided`), a question the
dealer must answer first (:class:`Ask`, whose :class:`Choice` items are ready-made
requests), or the rule's reason for refusing it (:class:`Refusal`).

Plain data, apart from the deciders that build them (:mod:`.registry`) and the one
:func:`~omaha_tui.engine.decisions.decide.decide` that hands them out, so every decider
and every front end can name them without loading the others.
"""

from __future__ import annotations

from collections.abc import Sequence

from omaha_tui.engine import events as ev
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.records import frozen
from omaha_tui.engine.state import TableState


@frozen
class Decided:
    """The events a request became and the state after them (each applied once).

    ``note``: a warning the dealer should see though nothing was refused (R4.11);
    ``steps``: the state after each event (the last is ``state``), for the narrator.
    """

    events: tuple[ev.Event, ...]
    state: TableState
    note: str = ""
    steps: tuple[TableState, ...] = ()


@frozen
class Choice:
    """One answer to an :class:`Ask`: its words and the request it stands for."""

    label: str
    request: rq.Request


@frozen
class Ask:
    """A question the front end must put to the dealer before anything is recorded."""

    question: str
    choices: tuple[Choice, ...]


@frozen
class Refusal:
    """Why the rules refuse the request (what is wrong and what is allowed)."""

    reason: str


Decision = Decided | Ask | Refusal
# What a decider returns: a finished decision, or the events for the registry to fold.
Built = Decision | Sequence[ev.Event]
