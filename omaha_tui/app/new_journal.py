"""A journal that vanished under the table: the app offers to write the table anew.

The session refuses every write once its journal file is deleted, moved, replaced or
truncated (``Outcome.journal_gone``, :mod:`omaha_tui.store.watch`). The app says so on
the status line and opens a prompt with a new file's name beside the old one: Enter
writes the table from memory (every acknowledged event, with its time) to that journal
and the table goes on there; Esc leaves it, and the palette's "New journal" asks again.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from .prompts.amount_prompt import TextPrompt

if TYPE_CHECKING:
    from .app import OmahaApp

GONE_HINT = (
    "write the table to a new journal from memory (the prompt, or New journal in the "
    "palette; every acknowledged event is kept), or quit (ctrl+q)"
)


def suggested_path(old: Path, now: datetime) -> Path:
    """A new journal's name beside ``old``, by the time it is written.

    >>> suggested_path(Path("/x/j.sqlite3"), datetime(2026, 5, 1, 21, 5, 9))
    PosixPath('/x/j-anew-20260501-210509.sqlite3')
    """
    return old.with_name(f"{old.stem}-anew-{now:%Y%m%d-%H%M%S}{old.suffix or '.sqlite3'}")


def offer_new_journal(app: OmahaApp) -> None:
    """Ask where to write the table anew; write it there when the answer is a new file."""
    session = app.session
    if session is None:
        app.say("No table is open yet.", refused=True)
        return
    if any(isinstance(s, NewJournalPrompt) for s in app.screen_stack):
        return

    def check(text: str) -> str | None:
        if not text.strip():
            return "type the path of a file that does not exist yet"
        outcome = session.write_anew(text.strip())
        if not outcome.ok:
            return outcome.message
        app.gone = False
        app.say(outcome.message)
        return None

    default = suggested_path(Path(session.journal.path), datetime.now())
    app.push_screen(
        NewJournalPrompt(
            "Write the table to a new journal (every acknowledged event is kept)",
            "a file that does not exist yet",
            value=str(default),
            check=check,
        )
    )


class NewJournalPrompt(TextPrompt):
    """The prompt of :func:`offer_new_journal` (one open at a time)."""


__all__ = ["GONE_HINT", "NewJournalPrompt", "offer_new_journal", "suggested_path"]
