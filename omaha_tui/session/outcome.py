"""What one request came to, as every front end shows it."""

from __future__ import annotations

from dataclasses import dataclass

from omaha_tui.engine.decisions.decide import Ask
from omaha_tui.engine.events import Event


@dataclass(frozen=True, slots=True)
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
