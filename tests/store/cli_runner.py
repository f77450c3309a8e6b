"""Run one subcommand the way ``omaha-tui`` does (its module's ``register`` and ``run``).

The CLI tests call subcommands through this so that each is exercised with its own
parser, top-level ``--db`` included, exactly as :func:`omaha_tui.cli.build_parser` wires it,
and under the same one-line error net (:func:`omaha_tui.cli.run_command`).
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Sequence

from omaha_tui.cli import run_command


def run_cli(module: str, argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="omaha-tui")
    parser.add_argument("--db", metavar="PATH")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    importlib.import_module(f"omaha_tui.cli.{module}").register(sub)
    args = parser.parse_args(list(argv))
    return run_command(args)
