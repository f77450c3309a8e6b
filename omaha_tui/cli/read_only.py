"""The one way the read-only subcommands (``sessions``, ``ledger``, ``export``) open the journal.

Read-only (SQLite ``mode=ro``): listing, settling up or exporting never creates,
upgrades or switches a file, so pointing ``--db`` at the wrong file changes nothing, and
a session another window is playing can be read while it plays.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from omaha_tui.store.journal import Journal


def open_journal(args: argparse.Namespace) -> Journal:
    """The journal named by ``--db`` (or the default), opened read-only.

    Raises:
        JournalError: missing, foreign, damaged, locked or newer; the message says which.
    """
    from omaha_tui.store.journal import Journal

    return Journal.open(getattr(args, "db", None), read_only=True)
