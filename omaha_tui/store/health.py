"""What ``omaha-tui check`` reports: is the file sound, is each session's record whole.

Each line is one finding a dealer can act on: the file's own SQLite check, then per
session its events and chain (:mod:`.chain`), an imported session's hands' details
(:mod:`.hand_details`), its settings (:mod:`.settings`), and whether resuming it can
start from a snapshot or must replay every event. Nothing here changes the file.
"""

from __future__ import annotations

from dataclasses import dataclass

from .hand_details import DamagedDetails, damage
from .journal import Journal
from .journal_checks import chain_damage, rewrite_damage
from .schema import SCHEMA_VERSION
from .settings import UnreadableSettings, readable_settings


@dataclass(frozen=True)
class Finding:
    """One line of the report; ``ok`` is False for damage."""

    text: str
    ok: bool = True


def check_file(journal: Journal) -> Finding:
    """SQLite's own structure check of the whole file."""
    with journal.db.guard("checking the file"):
        result = [r[0] for r in journal.db.conn.execute("PRAGMA quick_check").fetchall()]
    if result == ["ok"]:
        return Finding(f"{journal.path}: the file is sound (journal version {SCHEMA_VERSION})")
    return Finding(
        f"{journal.path}: the file is damaged ({result[0]}); copy out what can still be "
        "read with `export --until-damage`, then start a new journal",
        ok=False,
    )


def check_session(journal: Journal, session_id: int) -> Finding:
    """One session: its events, its chain, and where resuming it starts."""
    info = journal.session(session_id)
    head = f"session {info.id} ({info.title})"
    found = journal.check_chain(session_id)
    if found.bad is not None:
        return Finding(f"{head} {chain_damage(found)}", ok=False)
    if (at := journal.rewritten_at(session_id)) is not None:
        return Finding(f"{head} {rewrite_damage(at)}", ok=False)
    try:
        for _ in journal.hand_details(session_id):  # what an export writes back
            pass
    except DamagedDetails as e:
        return Finding(f"{head}: {damage(e.hand, e.why)}", ok=False)
    try:
        readable_settings(journal, session_id)  # what resuming it reads
    except UnreadableSettings as e:
        return Finding(str(e), ok=False)
    n = found.good
    events = f"{n} event{'s' * (n != 1)}, chain intact"
    state, at, _ = journal.checks.snapshot(session_id, n, strict=False)
    if state is not None:
        start = f"resumes from its snapshot at event {at}"
    elif journal.checks.has_snapshot(session_id):
        start = "its snapshot is damaged and is not used: resuming replays every event"
    else:
        start = "resuming replays every event"
    return Finding(f"{head}: {events}; {start}")


def report(journal: Journal, session_id: int | None = None) -> list[Finding]:
    """The file's finding, then one per session (or only ``session_id``'s)."""
    out = [check_file(journal)]
    ids = [session_id] if session_id is not None else [s.id for s in journal.sessions()]
    out += [check_session(journal, sid) for sid in ids]
    return out
