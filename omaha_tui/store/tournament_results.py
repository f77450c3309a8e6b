"""The regulars' tournament results (R11, R12): per player, their entries, cashes, best
finish and net money over every tournament.

Each tournament session keeps one row per player name (``tournament_results``),
written with the session's cash summary (:func:`omaha_tui.store.roster.write_summary`)
from the tournament's ledger (:func:`omaha_tui.store.tournament_ledger.tournament_book`).
:func:`tournament_lifetime` is registered with :func:`omaha_tui.store.results.add_results`,
so ``omaha-tui players`` carries these fields; a session whose summary is behind its log
is read from its state instead. Money is exact decimal text. Pure SQL and arithmetic:
this module opens nothing.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal, localcontext

from omaha_tui.engine.labels import identity
from omaha_tui.engine.state import TableState

from .result_rows import Fresh, merges
from .tournament_ledger import tournament_book


@dataclass(frozen=True, slots=True)
class TournamentRow:
    """One player's result in one tournament (all their entries together)."""

    session_id: int
    name: str
    player_id: int
    entries: int
    paid: Decimal
    prize: Decimal
    best_finish: int | None
    played: str

    @property
    def net(self) -> Decimal:
        return self.prize - self.paid


def rows_of(
    session_id: int, state: TableState, played: str, ids: dict[str, int]
) -> list[TournamentRow]:
    """The rows of a tournament's state (none at a cash table); ``ids`` maps each name's
    identity key to its player id."""
    book = tournament_book(state)
    if book is None:
        return []
    return [
        TournamentRow(
            session_id,
            line.name,
            ids[identity(line.name)],
            line.entries,
            line.paid,
            line.prize,
            line.best,
            played,
        )
        for line in book.lines
        if identity(line.name) in ids
    ]


def write_tournament(
    conn: sqlite3.Connection, session_id: int, state: TableState, played: str, ids: dict[str, int]
) -> None:
    """Replace a session's tournament rows with those of ``state``."""
    conn.execute("DELETE FROM tournament_results WHERE session_id = ?", (session_id,))
    conn.executemany(
        "INSERT INTO tournament_results (session_id, name, player_id, entries, paid, prize, "
        "best_finish, played) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                r.session_id,
                r.name,
                r.player_id,
                r.entries,
                str(r.paid),
                str(r.prize),
                r.best_finish,
                r.played,
            )
            for r in rows_of(session_id, state, played, ids)
        ],
    )


def stored_rows(conn: sqlite3.Connection, skip: set[int]) -> list[TournamentRow]:
    """Every stored tournament row, but those of the sessions in ``skip``."""
    return [
        TournamentRow(int(s), str(n), int(p), int(e), Decimal(a), Decimal(b), f, str(t))
        for s, n, p, e, a, b, f, t in conn.execute(
            "SELECT session_id, name, player_id, entries, paid, prize, best_finish, played "
            "FROM tournament_results"
        )
        if int(s) not in skip
    ]


def all_rows(conn: sqlite3.Connection, fresh: Sequence[Fresh]) -> list[TournamentRow]:
    """The stored rows, with the stale sessions' rows read from their states."""
    rows = stored_rows(conn, {f.session_id for f in fresh})
    for f in fresh:
        rows += rows_of(f.session_id, f.state, f.played, dict(f.ids))
    return rows


def tournament_lifetime(
    conn: sqlite3.Connection, fresh: Sequence[Fresh] = ()
) -> dict[int, dict[str, object]]:
    """Per player id: ``tournaments`` played, ``entries`` (re-entries count), ``cashes``
    (tournaments with a prize), ``best_finish`` (None while never placed) and ``net``
    (prizes less money paid in, exact decimal text)."""
    merged = merges(conn)
    acc: dict[int, dict[str, object]] = {}
    with localcontext(prec=200):
        for r in all_rows(conn, fresh):
            pid = merged.get(r.player_id, r.player_id)
            a = acc.setdefault(
                pid,
                {"tournaments": 0, "entries": 0, "cashes": 0, "best_finish": None, "net": "0"},
            )
            a["tournaments"] = int(str(a["tournaments"])) + 1
            a["entries"] = int(str(a["entries"])) + r.entries
            a["cashes"] = int(str(a["cashes"])) + (1 if r.prize > 0 else 0)
            best = a["best_finish"]
            if r.best_finish is not None and (best is None or r.best_finish < int(str(best))):
                a["best_finish"] = r.best_finish
            a["net"] = str(Decimal(str(a["net"])) + r.net)
    return acc


def tournament_nights(
    conn: sqlite3.Connection, pid: int, fresh: Sequence[Fresh] = ()
) -> dict[int, dict[str, object]]:
    """One player's tournaments by session id: entries, paid, prize, net, best finish."""
    merged = merges(conn)
    return {
        r.session_id: {
            "entries": r.entries,
            "paid": str(r.paid),
            "prize": str(r.prize),
            "net": str(r.net),
            "best_finish": r.best_finish,
        }
        for r in all_rows(conn, fresh)
        if merged.get(r.player_id, r.player_id) == pid
    }


__all__ = [
    "TournamentRow",
    "all_rows",
    "rows_of",
    "tournament_lifetime",
    "tournament_nights",
    "write_tournament",
]
