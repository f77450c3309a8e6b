"""``omaha-tui import FILE...``: hand histories and exports into the journal as sessions.

PHH files (``.phh``, ``.phhs``) and JSON exports (``.json``, as ``export --format json``
writes them) are read. What omaha-tui exported comes back as the same session, event for
event; consecutive hands of one table become one session. Each hand is replayed first
(so only hands the rules accept are recorded); the ones that fail are listed with the
reason and the command exits with status 1, as it does when nothing was found to import.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from omaha_tui.cli import add_db_option, fail, path_name

HELP = "import PHH hand histories or JSON exports (files or folders) as sessions"


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("import", help=HELP, description=HELP + ".")
    parser.add_argument(
        "paths",
        nargs="+",
        metavar="FILE",
        type=path_name,
        help=".phh/.phhs/.json file, or a folder of them",
    )
    parser.add_argument(
        "--again", action="store_true", help="import a file even if it was imported before"
    )
    add_db_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from omaha_tui.cli.shown import printable
    from omaha_tui.interchange.interop import import_files
    from omaha_tui.store.journal import Journal, JournalError, SessionBusy

    missing = [p for p in args.paths if not Path(p).exists()]
    for p in missing:
        fail("import", f"{p}: no such file or folder")
    try:
        with Journal.open(getattr(args, "db", None)) as journal:
            found = [Path(p) for p in args.paths if Path(p).exists()]
            outcomes = import_files(journal, found, again=args.again)
    except (JournalError, SessionBusy) as e:
        return fail("import", str(e), 1)
    done = [o for o in outcomes if o.session_id is not None]
    for o in outcomes:
        if o.error is not None:
            print(f"not imported: {printable(o.error)}", file=sys.stderr)  # one line a file
            continue
        hands = f"{o.hands} hand{'s' * (o.hands != 1)}"
        state = "" if o.complete else "; hand in progress: resume it with play --resume"
        note = f"; {o.note}" if o.note else ""
        print(f"{printable(o.source)} -> session {o.session_id} ({hands}{state}{note})")
    if not outcomes and not missing:
        return fail("import", "no .phh, .phhs or .json files found there", 1)
    refused = len(outcomes) - len(done)
    total = sum(o.hands for o in done)
    print(
        f"imported {total} hand{'s' * (total != 1)} as {len(done)} "
        f"session{'s' * (len(done) != 1)}" + (f"; {refused} refused" if refused else "")
    )
    return 1 if missing or refused else 0
