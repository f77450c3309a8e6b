"""``omaha-tui import FILE...``: PHH hand histories into the journal, one session per hand.

Each hand is replayed first (so only hands the rules accept are recorded); the ones
that fail are listed with the reason and the command exits with status 1.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from omaha_tui.cli import add_db_option

HELP = "import PHH hand histories (files or folders) as sessions"


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("import", help=HELP, description=HELP + ".")
    parser.add_argument("paths", nargs="+", metavar="FILE", help=".phh/.phhs file or folder")
    add_db_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from omaha_tui.store.interop import import_files
    from omaha_tui.store.journal import Journal, JournalError, SessionBusy

    missing = [p for p in args.paths if not Path(p).exists()]
    for p in missing:
        print(f"{p}: no such file or folder", file=sys.stderr)
    try:
        with Journal.open(getattr(args, "db", None)) as journal:
            outcomes = import_files(journal, [Path(p) for p in args.paths if Path(p).exists()])
    except (JournalError, SessionBusy) as e:
        print(f"omaha-tui import: {e}", file=sys.stderr)
        return 1
    done = [o for o in outcomes if o.session_id is not None]
    for o in outcomes:
        if o.error is not None:
            print(f"not imported: {o.error}", file=sys.stderr)
        else:
            state = "" if o.complete else " (hand in progress: resume it with play --resume)"
            print(f"{o.source} -> session {o.session_id}{state}")
    print(f"imported {len(done)} of {len(outcomes)} hands")
    return 1 if missing or len(done) != len(outcomes) else 0
