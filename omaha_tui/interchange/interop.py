"""Moving sessions in and out of the journal: PHH and JSON import, PHH and JSON export.

An export carries the session's exact event log (:mod:`.exact_log`), so importing it
gives back identical events, as one session. A hand history from elsewhere is replayed
hand by hand; consecutive hands of one table (same game and stakes, the same players
sitting down with the chips the previous hand left them, the button moving on as the
rules move it) continue one session (:mod:`.phh_tables`), and any other hand starts a
session of its own. A complete import's session is ended (everyone cashes out, so the
ledger shows the result); one that stops mid-hand stays open to resume at the table.
Each session is recorded in one transaction: a killed import leaves whole sessions or
none. Files are written only by :func:`export_session`; nothing here prints.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import SessionEnded
from omaha_tui.engine.reducer.history import History
from omaha_tui.store.files import write_chunks_safely
from omaha_tui.store.settings import UnreadableSettings, readable_settings
from omaha_tui.store.snapshot import FoldedLog, fold_steps

from .exact_log import SessionLog, carried, check_log, fold_refusal, from_json
from .export_stream import Timed, effective, json_chunks, log_pages, phh_chunks, with_details
from .journal_port import JournalPort
from .phh import MAX_FILE, PhhError, PhhHand, find_files, load, read_text
from .phh_export import details_in, stream_hands
from .phh_table_run import TableRun
from .phh_tables import Refused, runs_of


@dataclass(frozen=True)
class ImportOutcome:
    """One session of an import (``hands`` of it), or one hand or file that could not be."""

    source: str
    session_id: int | None = None
    error: str | None = None
    complete: bool = False
    hands: int = 1
    note: str | None = None


def import_files(
    journal: JournalPort, paths: Iterable[Path], *, again: bool = False
) -> list[ImportOutcome]:
    """Import every file under ``paths`` (``.phh``, ``.phhs``, and ``.json`` exports).

    Each file stands alone: one that cannot be read is reported in one line and the
    others are imported. A hand the rules refuse is reported and skipped; nothing of it
    is recorded. A file whose exact bytes were imported before is reported and skipped
    unless ``again``.
    """
    out: list[ImportOutcome] = []
    for path in find_files(paths, json=True):
        try:
            digest = file_digest(path)
        except PhhError as e:
            out.append(ImportOutcome(str(path), error=str(e)))
            continue
        known = [] if again else journal.imported_as(digest)
        if known:
            out.append(ImportOutcome(str(path), error=already_imported(path, known)))
            continue
        if path.suffix == ".json":
            out.append(_import_json(journal, path, digest))
            continue
        try:
            hands = load(path)
            found = carried(hands)  # checked once: the fold it made is what is recorded
            log, note, folded = found.log, found.note, found.folded
        except (PhhError, RecursionError) as e:
            reason = str(e) if isinstance(e, PhhError) else f"{path}: nested too deeply"
            out.append(ImportOutcome(str(path), error=reason))
            continue
        if log is not None:
            sid = journal.record_session(  # checked: carried
                log.title,
                log.events,
                log.meta,
                times=log.times,
                source_digest=digest,
                folded=folded,
            )
            out.append(ImportOutcome(str(path), sid, complete=log.finished, hands=len(hands)))
            continue
        for item in runs_of(hands):
            if isinstance(item, Refused):
                out.append(ImportOutcome(item.source, error=item.reason))
            else:
                out += _record(journal, [item], note, digest)
    return out


def _record(
    journal: JournalPort, runs: list[TableRun], note: str | None, digest: str = ""
) -> list[ImportOutcome]:
    out = []
    for run in runs:
        events = list(run.events)
        folded: FoldedLog | None = run.folded
        if run.complete:
            events.append(SessionEnded())
            try:
                folded = run.folded.then((SessionEnded(),), len(run.events))
            except RuleError:
                folded = None  # recorded as it is; the journal keeps no snapshot
        meta = {"phh": {"hands": list(run.details)}}
        sid = journal.record_session(
            run.title, events, meta, source_digest=digest or None, folded=folded
        )
        out.append(
            ImportOutcome(run.source, sid, complete=run.complete, hands=run.hands, note=note)
        )
    return out


def _import_json(journal: JournalPort, path: Path, digest: str) -> ImportOutcome:
    try:
        log = from_json(read_text(path), str(path))
        folded = _folded_json(log, str(path))  # the rules check the log once
        sid = journal.record_session(
            log.title, log.events, log.meta, times=log.times, source_digest=digest, folded=folded
        )
    except PhhError as e:
        return ImportOutcome(str(path), error=str(e))
    hands = sum(1 for e in log.events if e.type == "hand_started")
    return ImportOutcome(str(path), sid, complete=log.finished, hands=hands)


def _folded_json(log: SessionLog, where: str) -> FoldedLog:
    """A JSON export's log folded by the rules, each event applied once. An event they
    refuse is named from that fold; only an undo reaching further back than a live
    table's (its history keeps the last hands) is replayed the slower way, which gives
    the table without its undo history.

    Raises:
        PhhError: the rules refuse an event (the file was altered); nothing is recorded.
    """
    applied = 0
    steps = fold_steps(log.events)
    try:
        while True:
            next(steps)
            applied += 1
    except StopIteration as done:
        folded: FoldedLog = done.value
        return folded
    except (ValueError, AssertionError) as e:
        if (refused := fold_refusal(log, applied, e, where)) is not None:
            raise refused from None
    return FoldedLog(History(check_log(log, where)))


def file_digest(path: Path) -> str:
    """The SHA-256 of a file's bytes (how an import knows a file it has seen).

    Raises:
        PhhError: the file cannot be read, or is too big to import.
    """
    try:
        if path.stat().st_size > MAX_FILE:
            read_text(path)  # names the limit
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError as e:
        raise PhhError(f"{path}: cannot read it ({e.strerror or e})") from None


def already_imported(path: Path, sessions: list[int]) -> str:
    """The one line for a file imported before."""
    which = ", ".join(str(s) for s in sessions[:5]) + (", ..." if len(sessions) > 5 else "")
    return (
        f"{path}: already imported (session{'s' * (len(sessions) != 1)} {which}); nothing "
        "was added. Pass --again to import it once more"
    )


@dataclass(frozen=True)
class Exported:
    """A written export: the file, one line for each hand PHH could not hold, and
    whether the session's unreadable settings were left out (``until_damage``)."""

    path: Path
    skipped: tuple[str, ...] = ()
    settings_left_out: bool = False


def export_session(
    journal: JournalPort,
    session_id: int,
    fmt: Literal["phh", "json"],
    folder: Path,
    *,
    force: bool = False,
    until_damage: bool = False,
) -> Exported:
    """Write a session to ``folder``: its hands as PHH (``.phh`` for one hand, ``.phhs``
    for several) or its whole event log as JSON. Either form carries the exact event
    log and each event's time, so importing it gives the same events back.

    A hand PHH cannot hold is left out and named in ``skipped``; the others are written.

    Raises:
        PhhError: a session with no hand PHH can hold.
        FileRefused: the file exists (without ``force``) or cannot be written; an
            earlier file of that name is left as it was.
        OSError: the folder cannot be made.
        JournalError: the session's chain is broken (without ``until_damage``, which
            exports the events before the first damaged one and no more), its settings
            are unreadable (without ``until_damage``, which leaves them out), or an
            imported hand's details are damaged (nothing is written).
    """
    upto = journal.readable_until(session_id, until_damage=until_damage)
    try:
        meta, left_out = readable_settings(journal, session_id), False
    except UnreadableSettings:
        if not until_damage:
            raise
        meta, left_out = {}, True  # the events carry the schedule (ScheduleSet)
    rows = journal.has_hand_details(session_id)  # else any details are in ``meta``
    # As stored: the export needs no hand count (recounting an old session reads its log).
    info = journal.stored_session(session_id)
    folder.mkdir(parents=True, exist_ok=True)
    stem = f"session-{session_id}"
    log = log_pages(journal, session_id, upto)
    if fmt == "json":
        path = folder / f"{stem}.json"
        details = journal.hand_details(session_id, toml=False) if rows else None
        write_chunks_safely(path, json_chunks(log, info, meta, details), force=force)
        return Exported(path, settings_left_out=left_out)
    problems: list[str] = []
    where = f"session {session_id}"

    def hands(timed: Iterable[Timed]) -> Iterator[PhhHand]:
        details = journal.hand_details(session_id) if rows else details_in(meta)
        return stream_hands(effective(timed, where=where), details, info.title, problems)

    listed = journal.hand_details(session_id, toml=False) if rows else None  # as text
    meta_text = with_details(lambda m: m, meta, listed, sort_keys=True)
    first, several, text = phh_chunks(log, hands, info.title, meta_text)
    if first is None:
        if problems:
            raise PhhError(f"session {session_id} has no hand PHH can hold: {problems[0]}")
        raise PhhError(f"session {session_id} has no hand to export yet: play a hand first")
    path = folder / f"{stem}.phhs" if several else folder / f"{stem}.phh"
    write_chunks_safely(path, text, force=force)
    return Exported(path, tuple(problems), left_out)
