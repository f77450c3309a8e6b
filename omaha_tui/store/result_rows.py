"""A session's summary rows as ``session_results`` stores them, and whose they are now.

Shared by the roster that writes the rows (:mod:`.roster`), the lifetime results that
read them (:mod:`.results`) and the tournaments' own results (:mod:`.tournament_results`):
the row's shape and columns, the merges that point one identity at another, and a
session whose rows are behind its log, with its state read from the log (:class:`Fresh`).
Pure SQL over an open connection: this module opens nothing.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from omaha_tui.engine.records import frozen

if TYPE_CHECKING:
    from omaha_tui.engine.state import TableState


@frozen
class ResultRow:
    """One player's summary of one session, as ``session_results`` stores it."""

    session_id: int
    name: str
    player_id: int
    hands: int
    won: int
    net: int
    best_pot: int
    net_money: str | None
    currency: str | None
    played: str
    buy_in: int = 0
    ord: int = 0

    @classmethod
    def of(cls, row: Iterable[Any]) -> ResultRow:
        s, n, p, h, w, net, b, m, c, t, bi, o = row
        return cls(
            int(s), str(n), int(p), int(h), int(w), int(net), int(b), m, c, str(t), int(bi), int(o)
        )

    def values(self) -> tuple[object, ...]:
        return (
            self.session_id,
            self.name,
            self.player_id,
            self.hands,
            self.won,
            str(self.net),
            str(self.best_pot),
            self.net_money,
            self.currency,
            self.played,
            str(self.buy_in),
            self.ord,
        )


COLUMNS = (
    "session_id, name, player_id, hands, won, net, best_pot, net_money, currency, played, "
    "buy_in, ord"
)


@frozen
class Fresh:
    """A session whose summary is behind its log, with its state read from the log:
    ``ids`` maps each name's identity key to its player id, ``played`` when it was."""

    session_id: int
    state: TableState
    ids: Mapping[str, int]
    played: str


def merges(conn: sqlite3.Connection) -> dict[int, int]:
    """Every merged-away identity and the one that holds its results now."""
    direct = {
        int(a): int(b)
        for a, b in conn.execute("SELECT id, merged_into FROM players WHERE merged_into NOT NULL")
    }
    out = {}
    for start in direct:
        pid, seen = start, set()
        while pid in direct and pid not in seen:
            seen.add(pid)
            pid = direct[pid]
        out[start] = pid
    return out


__all__ = ["COLUMNS", "Fresh", "ResultRow", "merges"]
