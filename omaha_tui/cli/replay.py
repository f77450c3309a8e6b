"""``omaha-tui replay PATH... [--json]``: replay PHH hand histories through the engine.

Files and directories (searched for ``*.phh`` and ``*.phhs``) are replayed in the order
given; each hand prints one JSON object per line with ``--json``, or a short Rich summary.
A hand that cannot be replayed prints ``{"file": ..., "error": ...}`` and the command
exits with status 1 once every other hand has been replayed; so does a path with no hand
at all (an empty file or folder). JSON lines are written as each hand is replayed, so a
long folder streams and ``| head`` stops it early.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from omaha_tui.cli import path_name

if TYPE_CHECKING:
    from omaha_tui.engine.state import HandState

HELP = "replay PHH hand histories (files or folders), optionally as JSON lines"


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "replay",
        help=HELP,
        description=HELP
        + ". Amounts are in each file's own units; player indexes are 0-based in file order.",
    )
    parser.add_argument(
        "paths", nargs="+", metavar="PATH", type=path_name, help=".phh/.phhs file or folder"
    )
    parser.add_argument("--json", action="store_true", help="one JSON object per hand per line")
    parser.set_defaults(func=run)


def results(paths: list[Path], *, runs: bool = False) -> Iterator[dict[str, Any]]:
    """The JSON object of every hand under ``paths`` (errors as ``{"file", "error"}``),
    one at a time; a folder without hand histories is an error of its own. ``runs``
    adds ``"runs"``, the whole board of each later run of a board run more than once
    (R10.2), and ``"board_2"``, board 2 of a double board (R13.2), for the printed
    summary (the JSON objects keep their fixed keys)."""
    from omaha_tui.engine.hands.cards import format_card
    from omaha_tui.interchange.phh import PhhError, find_files, load
    from omaha_tui.interchange.phh_replay import replay_hand, summary

    for given in paths:
        files = find_files([given])
        if not files:
            yield {"file": str(given), "error": "no .phh or .phhs files in this folder"}
        for path in files:
            try:
                hands = load(path)
            except PhhError as e:
                yield {"file": str(path), "error": _strip(str(e), str(path))}
                continue
            for hand in hands:
                try:
                    replayed = replay_hand(hand)
                    item = summary(replayed)
                    if runs:
                        item["runs"] = _later_runs(replayed.hand)
                        if replayed.hand.boards > 1:  # R13.2: board 2 beside board 1
                            item["board_2"] = [format_card(c) for c in replayed.hand.board2]
                    yield item
                except PhhError as e:
                    yield {"file": hand.source, "error": _strip(str(e), hand.source)}


def _later_runs(hand: HandState) -> list[list[str]]:
    from omaha_tui.engine.hands.cards import format_card
    from omaha_tui.engine.rules.awards import run_board

    return [
        [format_card(c) for c in run_board(hand, k)] for k in range(2, len(hand.run_boards) + 2)
    ]


def _strip(message: str, source: str) -> str:
    prefix = f"{source}: "
    return message[len(prefix) :] if message.startswith(prefix) else message


def run(args: argparse.Namespace) -> int:
    missing = [p for p in args.paths if not Path(p).exists()]
    found = [Path(p) for p in args.paths if Path(p).exists()]
    items = results(found) if args.json else results(found, runs=True)
    gone = ({"file": p, "error": "no such file or folder"} for p in missing)
    failed = bool(missing)
    if args.json:
        for item in itertools.chain(items, gone):
            failed |= "error" in item
            sys.stdout.write(json.dumps(item) + "\n")
            sys.stdout.flush()
    else:
        failed |= _print_rich(itertools.chain(items, gone))
    return 1 if failed else 0


def _print_rich(items: Iterable[dict[str, Any]]) -> bool:
    """Print each hand as it comes; whether any was an error."""
    from rich.console import Console
    from rich.table import Table

    from omaha_tui.cli.shown import plain

    console = Console()
    failed = False
    for item in items:
        if "error" in item:
            failed = True
            console.print(plain(f"{item['file']}: {item['error']}", "bold red"), soft_wrap=True)
            continue
        status = "complete" if item["complete"] else "in progress"
        console.print(plain(f"{item['file']}  {item['variant']} · {status}"), soft_wrap=True)
        table = Table(show_edge=False)
        table.add_column("player", justify="right")
        table.add_column("stack", justify="right")
        table.add_column("bet", justify="right")
        for i, stack in enumerate(item["stacks"]):
            marker = " ◀ to act" if item["to_act"] == i else ""
            table.add_row(f"{i}{marker}", f"{stack:,}", f"{item['bets'][i]:,}")
        console.print(table)
        board = " ".join(item["board"]) or "(no board)"
        pots = ", ".join(
            f"{p['amount']:,} for {', '.join(map(str, p['eligible']))}" for p in item["pots"]
        )
        double = "board_2" in item  # R13.2: each board on its own line
        console.print(
            f"  {'board 1' if double else 'board'}: {board}" + (f"   pots: {pots}" if pots else "")
        )
        if double:
            console.print(f"  board 2: {' '.join(item['board_2']) or '(no board)'}")
        for k, cards in enumerate(item.get("runs", ()), start=2):
            console.print(f"  run {k}: {' '.join(cards)}")  # R10.2
        legal = item["legal"]
        if legal is not None:
            parts = ["fold"] if legal["fold"] else []
            parts.append("check" if legal["check"] else f"call {legal['call']:,}")
            if legal["min_raise_to"] is not None:
                parts.append(f"raise to {legal['min_raise_to']:,}-{legal['max_raise_to']:,}")
            console.print("  legal: " + ", ".join(parts))
        console.print()
    return failed
