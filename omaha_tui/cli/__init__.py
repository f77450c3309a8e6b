"""The ``omaha-tui`` command line: argparse with one module per subcommand.

Each subcommand lives in its own module here and exposes ``register(subparsers)``,
which adds its parser and sets ``func`` (a callable taking the parsed namespace and
returning an exit code). Modules import heavy things (Textual, SQLite, pokerkit-free
engine parts) inside their ``run`` functions, so ``--help`` and ``--version`` stay fast.

With no subcommand, ``omaha-tui`` opens the app (``play``); ``--demo`` seats sample players.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from omaha_tui import __version__

# Order here is the order in --help.
SUBCOMMANDS = ("play", "read", "replay", "sessions", "ledger", "export", "import_")

EPILOG = """\
examples:
  omaha-tui --demo                          open a live four-player table at once
  omaha-tui play --game plo --blinds 1/2 --players "Ann:200,Bob:200,Cy:150"
  omaha-tui play --resume                   continue the last unfinished session
  omaha-tui read --game omaha8 --board "4h 5c 7h Qs Ad" \\
      --hand "Ann: Ah 2s Kh Ks" --hand "Bob: As 3s Qh Qd"
  omaha-tui replay ../phh --json           replay hand histories, one JSON line per hand
  omaha-tui sessions                        list recorded sessions
  omaha-tui ledger                          buy-ins, cash-outs and who pays whom
"""


def add_db_option(parser: argparse.ArgumentParser) -> None:
    """Let a subcommand take ``--db`` too (``omaha-tui ledger --db x.sqlite3``).

    SUPPRESS keeps a top-level ``--db`` from being overwritten by the subparser default.
    Read it as ``getattr(args, "db", None)``.
    """
    parser.add_argument(
        "--db", metavar="PATH", default=argparse.SUPPRESS, help="journal file to use"
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="omaha-tui",
        description="A terminal dealer's assistant for home Omaha poker games.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"omaha-tui {__version__}")
    parser.add_argument(
        "--demo", action="store_true", help="open a table with four sample players seated"
    )
    parser.add_argument(
        "--db",
        metavar="PATH",
        help="journal file (default: omaha-tui.sqlite3 in the user data dir)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in SUBCOMMANDS:
        module = importlib.import_module(f"omaha_tui.cli.{name}")
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the process exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        # Bare `omaha-tui [--demo] [--db PATH]` means `play`.
        args = parser.parse_args([*(argv if argv is not None else sys.argv[1:]), "play"])
    func = args.func
    try:
        code: int = func(args)
    except KeyboardInterrupt:
        return 130
    return code
