"""``omaha-tui display``: the players' view of a live session, for a TV or phones.

Served to browsers as a web page by one server process (the URL and its QR code are
printed), or shown in this terminal with ``--terminal`` (a second monitor). It opens the
journal read-only: no lock is taken and nothing is ever written, so it runs beside the
dealer's ``play``.
"""

from __future__ import annotations

import argparse
from typing import Any

from omaha_tui.cli import add_db_option, session_id

HELP = "show a live session to the players: in browsers (TV, phones) or --terminal"
DEFAULT_PORT = 8000


def port_number(text: str) -> int:
    """An argparse type for TCP ports: 1 to 65535.

    >>> port_number("8000")
    8000
    >>> port_number("http")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    argparse.ArgumentTypeError: "http" is not a port: ...
    """
    if not (text.isascii() and text.isdigit()) or not 0 < int(text) < 65536:
        raise argparse.ArgumentTypeError(f'"{text}" is not a port: use a number 1 to 65535')
    return int(text)


def viewers(text: str) -> int:
    """An argparse type for the viewer limit: 1 to 1000.

    >>> viewers("50")
    50
    """
    if not (text.isascii() and text.isdigit()) or not 0 < int(text) <= 1000:
        raise argparse.ArgumentTypeError(f'"{text}" is not a viewer limit: use 1 to 1000')
    return int(text)


def poll_seconds(text: str) -> float:
    """An argparse type for how often the journal is looked at: 0.001 to 10 seconds.

    >>> poll_seconds("0.5")
    0.5
    """
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0.001 <= value <= 10:
        raise argparse.ArgumentTypeError(
            f'"{text}" is not a time between looks: use 0.001 to 10 seconds'
        )
    return value


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "display",
        help=HELP,
        description=HELP + ". Read-only: it takes no lock and writes nothing.",
    )
    parser.add_argument(
        "session",
        nargs="?",
        type=session_id,
        metavar="SESSION",
        help=(
            "show this session only, to its end screen (default: the last unfinished "
            "session, then each session the dealer starts next)"
        ),
    )
    parser.add_argument(
        "--host",
        default="localhost",
        help="address to listen on (default localhost; 0.0.0.0 lets phones and TVs in)",
    )
    parser.add_argument(
        "--port",
        type=port_number,
        default=DEFAULT_PORT,
        help=f"port to listen on (default {DEFAULT_PORT})",
    )
    parser.add_argument(
        "--theme",
        metavar="NAME",
        help="colour theme of the page (default: the one the dealer's app uses)",
    )
    parser.add_argument(
        "--max-viewers",
        type=viewers,
        default=64,
        metavar="N",
        help="browsers that may watch at once (default 64)",
    )
    parser.add_argument(
        "--terminal", action="store_true", help="show the display in this terminal instead"
    )
    parser.add_argument(
        "--poll",
        type=poll_seconds,
        default=0.1,
        metavar="SECONDS",
        help="how often the page's server looks at the journal besides the file-change "
        "notification (default 0.1)",
    )
    parser.add_argument(
        "--no-notify",
        action="store_true",
        help="do not ask the system to tell the server of the journal's changes (inotify): "
        "look every --poll seconds only",
    )
    add_db_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from omaha_tui.display.follower import Follower

    if args.theme is not None:
        from omaha_tui.display.page import page_theme

        page_theme(args.theme)  # an unknown name is one line, before anything opens
    follower = Follower.open(getattr(args, "db", None), args.session)
    if args.terminal:
        from omaha_tui.display.app import DisplayApp

        try:
            if args.theme is None:
                DisplayApp(follower).run()
            else:
                DisplayApp(follower, theme=args.theme).run()
        finally:
            follower.close()
        return 0
    from omaha_tui.display.serve import serve

    try:
        serve(
            follower,
            args.host,
            args.port,
            theme=args.theme,
            max_viewers=args.max_viewers,
            poll_seconds=args.poll,
            notify=not args.no_notify,
        )
    finally:
        follower.close()
    return 0
