"""Moving hands in and out of the journal: PHH import as sessions, PHH and JSON export.

Each imported hand becomes a session of its own (its table, seats and stakes are the
file's), titled from the file's fields, with the hole cards and the file's other
fields kept in the session's metadata so that an export writes them back. A complete
hand's session is ended (everyone cashes out, so the ledger shows the result); a hand
that stops mid-way stays open and can be resumed at the table. Files are written
only by :func:`export_session`; nothing here prints.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from omaha_tui.engine.events import SessionEnded

from .files import write_text_safely
from .journal import Journal
from .phh import PhhError, dumps, dumps_all, find_files, load
from .phh_export import imported_details, session_hands
from .phh_replay import replay_hand


@dataclass(frozen=True)
class ImportOutcome:
    """One hand of an import: the session it became, or why it could not."""

    source: str
    session_id: int | None = None
    error: str | None = None
    complete: bool = False


def import_files(journal: Journal, paths: Iterable[Path]) -> list[ImportOutcome]:
    """Import every hand under ``paths`` (files or folders), one session per hand.

    A hand the rules refuse is reported and skipped; nothing of it is recorded.
    """
    out: list[ImportOutcome] = []
    for path in find_files(paths):
        try:
            hands = load(path)
        except PhhError as e:
            out.append(ImportOutcome(str(path), error=str(e)))
            continue
        for hand in hands:
            try:
                replayed = replay_hand(hand)
            except PhhError as e:
                out.append(ImportOutcome(hand.source, error=str(e)))
                continue
            details = imported_details(replayed.imported.hole_cards, hand, replayed.imported.scale)
            title = replayed.events[0].title  # type: ignore[union-attr]
            sid = journal.create_session(title, meta={"phh": {"hands": [details]}})
            events = list(replayed.events)
            if replayed.complete:
                events.append(SessionEnded())
            journal.append_many(sid, events)
            journal.release(sid)
            out.append(ImportOutcome(hand.source, sid, complete=replayed.complete))
    return out


def export_session(
    journal: Journal,
    session_id: int,
    fmt: Literal["phh", "json"],
    folder: Path,
    *,
    force: bool = False,
) -> Path:
    """Write a session to ``folder``: its hands as PHH (``.phh`` for one hand, ``.phhs``
    for several) or its whole event log as JSON. Returns the file written.

    Raises:
        PhhError: a hand PHH cannot hold, or a session with no hand played yet.
        FileRefused: the file exists (without ``force``) or cannot be written; an
            earlier file of that name is left as it was.
        OSError: the folder cannot be made.
    """
    events = journal.events(session_id)
    meta = journal.meta(session_id)
    folder.mkdir(parents=True, exist_ok=True)
    stem = f"session-{session_id}"
    if fmt == "json":
        info = journal.session(session_id)
        data: dict[str, Any] = {
            "session": {
                "id": info.id,
                "title": info.title,
                "created": info.created,
                "updated": info.updated,
                "finished": info.finished,
            },
            "meta": meta,
            "events": [json.loads(e.model_dump_json()) for e in events],
        }
        path = folder / f"{stem}.json"
        write_text_safely(path, json.dumps(data, indent=1) + "\n", force=force)
        return path
    hands = session_hands(events, meta)
    if not hands:
        raise PhhError(f"session {session_id} has no hand to export yet: play a hand first")
    if len(hands) == 1:
        path = folder / f"{stem}.phh"
        write_text_safely(path, dumps(hands[0]), force=force)
    else:
        path = folder / f"{stem}.phhs"
        write_text_safely(path, dumps_all(hands), force=force)
    return path
