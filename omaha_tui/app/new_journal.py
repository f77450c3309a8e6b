"""A journal that vanished under the table: the app offers to write the table anew.

The session refuses every write once its journal file is deleted, moved, replaced or
truncated (``Outcome.journal_gone``, :mod:`omaha_tui.store.watch`). The app says so on
the status line and opens a prompt with a new file's name beside the old one: Enter
writes the table from memory (every acknowledged event, with its time) to that journal
and the table goes on there; Esc leaves it, and the palette's "New journal" asks again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import datetime
from pathlib import Path

from omaha_tui.session import Outcome

from .ports import Desk
from .prompts.amount_prompt import TextPrompt

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


def new_journal_prompt(
    old: Path, write_anew: Callable[[str], Outcome], written: Callable[[str], object]
) -> NewJournalPrompt:
    """The prompt that asks where to write the table anew (beside ``old``, by default)
    and writes it there with ``write_anew``; ``written`` hears the session's line once
    it is written. A refusal keeps the prompt open with its reason."""

    def check(text: str) -> str | None:
        if not text.strip():
            return "type the path of a file that does not exist yet"
        outcome = write_anew(text.strip())
        if not outcome.ok:
            return outcome.message
        written(outcome.message)
        return None

    return NewJournalPrompt(
        "Write the table to a new journal (every acknowledged event is kept)",
        "a file that does not exist yet",
        value=str(suggested_path(old, datetime.now())),
        check=check,
    )


def offer_new_journal(
    desk: Desk, open_screens: Iterable[object], written: Callable[[str], object]
) -> None:
    """Open the prompt over the table (one at a time: not when ``open_screens`` has one);
    ``written`` hears the session's line once the table is written anew."""
    session = desk.session
    if session is None:
        desk.say("No table is open yet.", refused=True)
        return
    if any(isinstance(s, NewJournalPrompt) for s in open_screens):
        return
    desk.push_screen(new_journal_prompt(Path(session.journal.path), session.write_anew, written))


class NewJournalPrompt(TextPrompt):
    """The prompt of :func:`new_journal_prompt` (one open at a time)."""


__all__ = [
    "GONE_HINT",
    "NewJournalPrompt",
    "new_journal_prompt",
    "offer_new_journal",
    "suggested_path",
]
