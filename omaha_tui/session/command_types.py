"""What a command of the table (:mod:`omaha_tui.session.commands`) is made of."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.records import frozen
from omaha_tui.engine.state import TableState


@frozen
class Local:
    """A console action that records nothing: ``state``, ``ledger``, ``help``, ``undo``..."""

    name: str


Parsed = rq.Request | Local
Parser = Callable[[TableState, list[str]], Parsed]


class Command(NamedTuple):
    """One command: the parser of its arguments, its usage and its help line."""

    parse: Parser
    usage: str
    help: str = ""


__all__ = ["Command", "Local", "Parsed", "Parser"]
