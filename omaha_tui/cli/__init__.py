"""The ``omaha-tui`` command line: argparse with one module per subcommand.

Each subcommand lives in its own module here and exposes ``register(subparsers)``,
which adds its parser and sets ``func`` (a callable taking the parsed namespace and
returning an exit code). Modules import heavy things (Textual, SQLite, pokerkit-free
engine parts) inside their ``run`` functions, so ``--help`` and ``--version`` stay fast.

With no subcommand, ``omaha-tui`` opens the app (``play``); ``--demo`` seats sample players.
Whatever goes wrong inside a subcommand reaches the user as one line naming the command
and the problem (:func:`run_command`), never as a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from omaha_tui import __version__

# Order here is the order in --help.
SUBCOMMANDS = (
    "play",
    "console",
    "read",
    "equity",
    "replay",
    "sessions",
    "ledger",
    "players",
    "export",
    "import_",
    "check",
    "backup",
    "display",
)

EPILOG = """\
examples:
  omaha-tui --demo                          open a live four-player table at once
  omaha-tui play --game plo --blinds 1/2 --players "Ann:200,Bob:200,Cy:150"
  omaha-tui play --resume                   continue the last unfinished session
  omaha-tui read --game omaha8 --board "4h 5c 7h Qs Ad" \\
      --hand "Ann: Ah 2s Kh Ks" --hand "Bob: As 3s Qh Qd"
  omaha-tui equity --game big-o --board "Ah 7h 2c" \\
      --hand "Ann: Kh Qh 3c 4d 5s" --hand "Bob: 7c 7d 9s Ts Jd"
  omaha-tui replay ../phh --json           replay hand histories, one JSON line per hand
  omaha-tui sessions                        list recorded sessions
  omaha-tui ledger                          buy-ins, cash-outs and who pays whom
  omaha-tui players                         the regulars' lifetime results
  omaha-tui check                           is every session's record whole?
  omaha-tui backup ~/poker-backup.sqlite3   a safe copy of the journal
"""


class Parser(argparse.ArgumentParser):
    """argparse, saying a usage error in one line, as every other error is said.

    argparse prints the whole usage block before its error; the line that names what is
    wrong is then the last of five, and a script reading stderr sees five errors. The
    usage stays one ``--help`` away, and the line says so.
    """

    def error(self, message: str) -> NoReturn:
        option, _, why = message.partition(": ")
        if why == "expected one argument" and option.startswith("argument -"):
            # A value that starts with "-" (say -inf) reads as an option to argparse.
            flag = option.removeprefix("argument ").split("/")[-1]
            message += f" (a value starting with - is written {flag}=VALUE)"
        fail(self.prog.removeprefix("omaha-tui").strip(), f"{message}; see {self.prog} --help")
        self.exit(2)


def fail(command: str, message: str, code: int = 1) -> int:
    """Say what went wrong on stderr in one line, ``omaha-tui COMMAND: message``; returns
    ``code``.

    Every error line of the command line passes here: control characters and line
    separators in what it quotes (a path, a name, a value typed with a new line) are shown
    as visible escapes (:func:`~omaha_tui.engine.labels.printable`), so the line stays one
    line and moves no cursor.
    """
    from omaha_tui.engine.labels import printable

    where = f"omaha-tui {command}" if command else "omaha-tui"
    with contextlib.suppress(OSError):
        print(f"{where}: {printable(message)}", file=sys.stderr)
    return code


def add_db_option(parser: argparse.ArgumentParser) -> None:
    """Let a subcommand take ``--db`` too (``omaha-tui ledger --db x.sqlite3``).

    SUPPRESS keeps a top-level ``--db`` from being overwritten by the subparser default.
    Read it as ``getattr(args, "db", None)``.
    """
    parser.add_argument(
        "--db",
        metavar="PATH",
        type=path_name,
        default=argparse.SUPPRESS,
        help="journal file to use",
    )


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The whole command line; given ``argv``, only the subcommand it names is built.

    Each subcommand's module is imported to register it, so a command line that names
    one (``omaha-tui read --batch -``) imports that module alone and starts sooner;
    with no subcommand named (``--help``, bare ``omaha-tui``) every one is registered.
    """
    chosen = _named_subcommand(argv) if argv is not None else None
    parser = Parser(
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
        type=path_name,
        help="journal file (default: omaha-tui.sqlite3 in the user data dir)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in SUBCOMMANDS:
        if chosen is None or name == chosen:
            module = importlib.import_module(f"omaha_tui.cli.{name}")
            module.register(sub)
    return parser


def _named_subcommand(argv: Sequence[str]) -> str | None:
    """The module of the subcommand ``argv`` names, or ``None`` (none, or help first).

    >>> _named_subcommand(["--db", "x.sqlite3", "import", "a.phh"])
    'import_'
    >>> _named_subcommand(["--help", "read"]) is None
    True
    """
    modules = {name.rstrip("_"): name for name in SUBCOMMANDS}
    words = iter(argv)
    for word in words:
        if word in ("-h", "--help"):
            return None
        if word == "--db":
            next(words, None)  # the option's value, whatever it says
        elif not word.startswith("-"):
            return modules.get(word)
    return None


def path_name(text: str) -> str:
    """An argparse type for file and folder names: anything but an empty one.

    An empty name is no name (``--db ""`` from a script's unset variable): read as the
    current folder it would import every file there, or open the default journal.

    >>> path_name("")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    argparse.ArgumentTypeError: an empty name names no file or folder
    """
    if not text:
        raise argparse.ArgumentTypeError("an empty name names no file or folder")
    return text


def session_id(text: str) -> int:
    """An argparse type for session ids: ASCII digits, within what the journal can hold.

    >>> session_id("12")
    12
    >>> session_id("99999999999999999999999")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    argparse.ArgumentTypeError: "99999999999999999999999" is not a session id: ...
    """
    if not (text.isascii() and text.isdigit()) or not 0 < int(text) < 2**63:
        raise argparse.ArgumentTypeError(
            f'"{text}" is not a session id: `omaha-tui sessions` lists them'
        )
    return int(text)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the process exit code."""
    from omaha_tui.cli.encoding import fall_back_to_ascii
    from omaha_tui.memory import start_quietly

    # pydantic looks for plugins in every installed package's metadata the first time it
    # builds a validator (tens of milliseconds before the first answer); omaha-tui uses
    # none. Setting the variable yourself (to a list of plugins to skip, or empty) keeps
    # pydantic's own behaviour.
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    open_closed_streams()
    start_quietly()  # fewer collections while the command loads what it needs
    fall_back_to_ascii()
    parser = build_parser(sys.argv[1:] if argv is None else argv)
    args = parser.parse_args(argv)
    if args.command is None:
        # Bare `omaha-tui [--demo] [--db PATH]` means `play`.
        args = parser.parse_args([*(argv if argv is not None else sys.argv[1:]), "play"])
    return run_command(args)


def open_closed_streams() -> None:
    """Stand the null device in for a standard stream the shell closed (``<&-``, ``>&-``).

    Python leaves such a stream ``None``; reading the console's input or writing its
    answers would then fail as a bug. A closed input is no input, a closed output
    discards what is written, as with ``/dev/null``. Opened first, the null device also
    takes the closed descriptor, so no file opened later (the journal) can be given the
    number a stray write to standard output would reach.
    """
    for name, mode in (("stdin", "r"), ("stdout", "w"), ("stderr", "w")):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, mode, encoding="utf-8"))  # noqa: SIM115


def run_command(args: argparse.Namespace) -> int:
    """Run a parsed subcommand; any failure becomes one line on stderr and an exit code.

    The subcommands name their own errors; this is the net under them. A closed output
    pipe (``omaha-tui replay --json … | head -1``) ends quietly with 141, as a shell tool
    killed by SIGPIPE would. Set ``OMAHA_TUI_DEBUG=1`` to see the traceback of a bug.
    """
    name = str(getattr(args, "command", None) or "play").rstrip("_")
    try:
        code: int = args.func(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        _silence_stdout()
        return 141
    except Exception as e:
        if _is_journal_error(e):
            return fail(name, str(e), journal_exit(e))
        if isinstance(e, OSError):
            where = f"{e.filename}: " if e.filename else ""
            return fail(name, f"{where}{e.strerror or e}")
        if os.environ.get("OMAHA_TUI_DEBUG"):
            raise
        return fail(name, f"internal error ({type(e).__name__}: {e}); please report it", code=70)
    return code


def _is_journal_error(error: Exception) -> bool:
    """Whether ``error`` is the journal's own (its message is already the one to show).

    Only a command that loaded the store can raise one, so the store is looked up
    rather than imported: ``read`` and ``equity`` start without the event schemas.
    """
    records = sys.modules.get("omaha_tui.store.records")
    return records is not None and isinstance(error, records.JournalError)


def journal_exit(error: Exception) -> int:
    """The exit code of a journal error: 2 when an id names no session (as for any other
    argument that names nothing), else 1 (the journal cannot be read or written)."""
    records = sys.modules.get("omaha_tui.store.records")
    return 2 if records is not None and isinstance(error, records.NoSuchSession) else 1


def _silence_stdout() -> None:
    """Point stdout at /dev/null so that Python's exit flush raises nothing more."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
