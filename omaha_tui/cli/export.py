"""``omaha-tui export ID --format phh|json DIR``: write a session out of the journal.

``phh`` writes its hands as a PHH hand history (``session-ID.phh`` or ``.phhs``);
``json`` writes the whole event log with the session's details (``session-ID.json``).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from omaha_tui.cli import add_db_option, fail, journal_exit, path_name, session_id
from omaha_tui.engine.labels import printable

HELP = "export a session as PHH hand histories or as its JSON event log"


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("export", help=HELP, description=HELP + ".")
    parser.add_argument("session", type=session_id, metavar="ID", help="session id (see: sessions)")
    parser.add_argument("--format", choices=("phh", "json"), default="phh", help="default phh")
    parser.add_argument(
        "folder", metavar="DIR", type=path_name, help="folder to write into (created if needed)"
    )
    parser.add_argument(
        "--force", action="store_true", help="replace an existing file of the same name"
    )
    parser.add_argument(
        "--until-damage",
        action="store_true",
        help=(
            "read a damaged session up to its first damaged event, leaving out settings "
            "that cannot be read (see: check)"
        ),
    )
    add_db_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from omaha_tui.cli.read_only import open_journal
    from omaha_tui.engine.errors import RuleError
    from omaha_tui.interchange.interop import export_session
    from omaha_tui.interchange.phh import PhhError
    from omaha_tui.store.files import FileRefused
    from omaha_tui.store.journal import JournalError

    try:
        with open_journal(args) as journal:
            written = export_session(
                journal,
                args.session,
                args.format,
                Path(args.folder),
                force=args.force,
                until_damage=args.until_damage,
            )
            stop = _stopped(journal, args.session) if args.until_damage else None
    except (JournalError, PhhError) as e:
        fail("export", str(e))
        return journal_exit(e)
    except RuleError as e:
        return fail(
            "export",
            f"session {args.session} holds an event the rules refuse ({e}); "
            "the journal was changed outside omaha-tui, so nothing was exported",
        )
    except FileRefused as e:
        return fail("export", str(e), 1)
    except OSError as e:
        folder = Path(args.folder)
        why = (
            "it is a file, not a folder: give the folder to write the export in"
            if folder.exists() and not folder.is_dir()
            else e.strerror or str(e)
        )
        return fail("export", f"cannot write to {args.folder} ({why})", 1)
    for line in written.skipped:  # hands PHH cannot hold, one line each
        fail("export", f"left out {line}")
    notes = [stop] if stop else []
    if written.settings_left_out:
        notes.append("without its unreadable settings")
    print(printable(f"wrote {written.path}" + (f" ({'; '.join(notes)})" if notes else "")))
    return 0


def _stopped(journal: Any, sid: int) -> str | None:
    found = journal.check_chain(sid)
    if found.bad is None:
        return None
    return f"the {found.good} events before damaged event {found.bad}"
