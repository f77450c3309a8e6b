"""What one request came to, as every front end shows it."""

from __future__ import annotations

from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.available import Available
from omaha_tui.engine.decisions.outcomes import Ask
from omaha_tui.engine.events import Event
from omaha_tui.engine.records import frozen
from omaha_tui.engine.rules.clock.due import BREAK_ON


@frozen
class Outcome:
    """The result of one request, undo or redo.

    ``ok``: events were recorded and ``message`` says what happened (the narrator's
    sentences joined). Otherwise ``refused`` (``message`` is the rule's reason) or
    ``ask`` (``message`` is the question; its choices are ready-made requests).
    ``journal_failed``: nothing was recorded because the journal could not be written.
    ``journal_gone``: nothing was recorded because the journal file was deleted, moved,
    replaced or truncated under the table; :meth:`Session.write_anew` keeps the table
    (every acknowledged event) in a new journal.
    """

    ok: bool
    message: str
    events: tuple[Event, ...] = ()
    ask: Ask | None = None
    refused: bool = False
    lines: tuple[str, ...] = ()
    journal_failed: bool = False
    journal_gone: bool = False


CONSOLE_END_BREAK = "`break end`"
"""How the console's words end a break early (R2.7c); the app names its key instead."""


def refusal_words(
    reason: str, request: rq.Request, avail: Available, end_break: str = CONSOLE_END_BREAK
) -> str:
    """A refusal as every front end says it: the rule's reason, and for an all-in the
    pot-limit table does not allow, what the pot word does instead (R4.4); for a hand
    asked for in a break, how this front end (``end_break``: its word or key) ends the
    break early (R2.7c).

    >>> from tests.tables import quick_table
    >>> from omaha_tui.engine.decisions.available import available
    >>> refusal_words("all in is 500, over the pot limit", rq.AllIn(), available(quick_table()))
    'all in is 500, over the pot limit'
    """
    if isinstance(request, rq.AllIn) and avail.breakdown is not None:
        return f"{reason}; pot raises to the pot-limit maximum, {avail.breakdown.max_raise_to}"
    if isinstance(request, rq.NextHand) and reason.startswith(BREAK_ON):
        return f"{reason}; {end_break} ends it early"
    return reason
