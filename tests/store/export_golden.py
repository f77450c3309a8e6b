"""A journal of every kind of session, built the same way on every run, and its exports.

The exports of these sessions are kept in ``tests/data/export`` as omaha-tui wrote them
with journal version 6 (when an imported session's hands' details lived in its
``meta``), beside the journal that version made (``old-journal.sql``: its rows as SQL,
the snapshots left out). ``test_export_golden`` checks that today's exports of the same
sessions, and of that journal opened today, are those files byte for byte.

The sessions: (1) one played at the table (every kind of event: undos, misdeals,
rebuys, runs twice, ...); (2) one imported from a plain PHH file of five hands of one
table, with a field of the file's own; (3) the JSON export of (2) imported; (4) the
PHH export of (2) imported; (5) the PHH export of (1) imported. The clock is fixed,
and files are imported by relative names, so nothing depends on when or where.

Written again (only when an export is meant to change) by
``python tests/store/export_golden.py tests/data/export``.
"""

from __future__ import annotations

import contextlib
import sqlite3
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parents[2]
if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))

from omaha_tui.interchange.interop import export_session, import_files  # noqa: E402
from omaha_tui.interchange.phh_export import session_hands  # noqa: E402
from omaha_tui.interchange.phh_write import dumps_all  # noqa: E402
from omaha_tui.store.journal import Journal  # noqa: E402
from tests.store.recorded import eventful_session, random_session  # noqa: E402

GOLDEN = ROOT / "tests" / "data" / "export"
OLD_JOURNAL = GOLDEN / "old-journal.sql"
OLD_VERSION = 6
SESSIONS = 5


class Clock:
    """The journal's clock, set by hand."""

    def __init__(self) -> None:
        self.now = "2026-12-04T20:00:00.000+00:00"

    def __call__(self) -> str:
        return self.now


@contextlib.contextmanager
def fixed_clock() -> Iterator[Clock]:
    clock = Clock()
    with contextlib.ExitStack() as stack:
        for module in ("journal_writes", "journal_rows", "journal_roster"):
            stack.enter_context(mock.patch(f"omaha_tui.store.{module}.utc_now", clock))
        yield clock


def build(folder: Path) -> Path:
    """The journal of the five sessions, in ``folder`` (its path)."""
    db = folder / "j.sqlite3"
    with fixed_clock() as clock, contextlib.chdir(folder), Journal.open(db) as journal:
        played = eventful_session("omaha", hands=8, seed=4).events
        sid = journal.create_session("Friday game", meta={"schedule": None})
        for i, event in enumerate(played):
            clock.now = f"2026-12-04T20:{i // 60:02d}:{i % 60:02d}.000+00:00"
            journal.append(sid, event)
        journal.release(sid)
        clock.now = "2026-12-04T23:00:00.000+00:00"
        hands = session_hands(random_session("omaha", hands=5, seed=11).events)
        hands[0] = replace(hands[0], extra=(*hands[0].extra, ("_club", "Thursday club")))
        Path("thursday.phhs").write_text(dumps_all(hands))
        _imported(journal, Path("thursday.phhs"), hands=5)
        _imported(journal, export_session(journal, 2, "json", Path("out")).path)
        _imported(journal, export_session(journal, 2, "phh", Path("out")).path)
        _imported(journal, export_session(journal, 1, "phh", Path("out")).path)
    return db


def _imported(journal: Journal, path: Path, hands: int | None = None) -> None:
    (outcome,) = import_files(journal, [path])
    assert outcome.error is None and outcome.note is None, outcome
    assert hands is None or outcome.hands == hands, outcome


def exports(db: Path, folder: Path) -> dict[str, bytes]:
    """Every session's PHH and JSON export, by file name."""
    out: dict[str, bytes] = {}
    with Journal.open(db, read_only=True) as journal:
        for sid in range(1, SESSIONS + 1):
            for fmt in ("phh", "json"):
                path = export_session(journal, sid, fmt, folder / fmt).path  # type: ignore[arg-type]
                out[path.name] = path.read_bytes()
    return out


def old_journal(db: Path) -> Path:
    """The journal the earlier version made, at ``db``."""
    conn = sqlite3.connect(db)
    conn.executescript(OLD_JOURNAL.read_text())
    conn.execute(f"PRAGMA user_version = {OLD_VERSION}")
    conn.close()
    return db


def main(target: Path) -> None:
    import tempfile

    target.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        db = build(Path(tmp))
        conn = sqlite3.connect(db)
        if conn.execute("PRAGMA user_version").fetchone()[0] == OLD_VERSION:
            # The snapshots are left out: an export never reads them, and they are most
            # of the file.
            rows = (r for r in conn.iterdump() if not r.startswith('INSERT INTO "snapshots"'))
            (target / OLD_JOURNAL.name).write_text("\n".join(rows) + "\n")
        conn.close()
        for name, data in exports(db, Path(tmp) / "exports").items():
            (target / name).write_bytes(data)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
