"""The journal's roster: the regulars, their lifetime results, renames and merges.

One part the :class:`~omaha_tui.store.journal.Journal` holds (``journal.roster_book``),
over the journal's database and a session's table. Listing works on a read-only journal
too: a session whose summary is behind its log is summarised from its state in memory
(names not yet on the roster, from a journal older than the roster, get a provisional
identity of their own). A rename or merge first
writes those summaries, so every name of every session is on the roster.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager

from omaha_tui.engine.labels import identity, printable
from omaha_tui.engine.state import TableState, ledger_lines

from . import roster
from .journal_db import JournalDb
from .records import JournalError, utc_now
from .result_rows import Fresh, ResultRow
from .results import Lifetime, Night, add_results, last_players, lifetime, nights, roster_names
from .roster import RosterError


def _join_tournaments() -> None:
    """Join the tournaments' results to the lifetime results (R11). Imported on first
    use, not to spare a cycle: the tournaments' results read the tournament's ledger,
    whose rules a cash table never loads."""
    from .tournament_results import tournament_lifetime

    add_results(tournament_lifetime)  # a source is registered once however often asked


class JournalRoster:
    """The roster of regulars and their results, kept in the journal."""

    def __init__(self, db: JournalDb, load_state: Callable[[int], TableState]) -> None:
        self._db = db
        self.load_state = load_state

    @property
    def _conn(self) -> sqlite3.Connection:
        return self._db.conn

    def _guard(self, doing: str) -> AbstractContextManager[None]:
        return self._db.guard(doing)

    def _stale(self) -> list[int]:
        rows = self._conn.execute(
            "SELECT id FROM sessions WHERE event_count > 0 AND summary_seq < event_count"
        ).fetchall()
        return [int(r[0]) for r in rows]

    def _fresh(self) -> tuple[list[ResultRow], dict[int, str], list[Fresh]]:
        """Summary rows of the stale sessions, from their states, without writing; and
        those states, for the tournaments' results."""
        rows: list[ResultRow] = []
        provisional: dict[str, int] = {}
        names: dict[int, str] = {}
        states: list[Fresh] = []
        now = utc_now()
        for sid in self._stale():
            state = self.load_state(sid)
            played = roster.last_played(self._conn, sid, now)
            mine = list(_rows_of(self._conn, sid, state, played, provisional, names))
            rows += mine
            ids = {identity(r.name): r.player_id for r in mine}
            states.append(Fresh(sid, state, ids, played))
        return rows, names, states

    def lifetime(self) -> list[Lifetime]:
        """Every player's lifetime results (see :func:`.results.lifetime`)."""
        _join_tournaments()
        with self._guard("reading the players"):
            fresh, names, states = self._fresh()
            return lifetime(self._conn, fresh, names, states)

    def player_tournaments(self, pid: int) -> dict[int, dict[str, object]]:
        """One player's tournaments by session id (R11): entries, paid, prize, net, best
        finish."""
        from .tournament_results import tournament_nights  # the tournament's rules, R11

        with self._guard("reading the players"):
            _, _, states = self._fresh()
            return tournament_nights(self._conn, pid, states)

    def player_nights(self, name: str) -> tuple[Lifetime, list[Night]]:
        """One player's lifetime line and every session they played, oldest first.

        Raises:
            JournalError: nobody by that name (the message says how to list them).
        """
        _join_tournaments()
        with self._guard("reading the players"):
            fresh, names, states = self._fresh()
            key = identity(name)
            everyone = lifetime(self._conn, fresh, names, states)
            for person in everyone:
                if key in {identity(n) for n in (person.name, *person.spellings)}:
                    return person, nights(self._conn, person.id, fresh)
        raise JournalError(
            f'nobody called "{printable(name)}" has played: `omaha-tui players` lists them'
        )

    def roster(self) -> list[str]:
        """Every regular's name, the most recently played first (for the setup screen)."""
        with self._guard("reading the players"):
            return roster_names(self._conn)

    def last_players(self) -> list[tuple[str, int]]:
        """The latest session's players and buy-ins, in seating order."""
        with self._guard("reading the players"):
            return last_players(self._conn)

    def _roster_change(self, change: str, a: str, b: str) -> str:
        self._db.writable()
        with self._guard("changing the roster"), self._db.transaction():
            now = utc_now()
            for sid in self._stale():
                last = int(
                    self._conn.execute(
                        "SELECT event_count FROM sessions WHERE id = ?", (sid,)
                    ).fetchone()[0]
                )
                roster.write_summary(self._conn, sid, last, self.load_state(sid), now)
            if change == "rename":
                return roster.rename(self._conn, a, b, now)
            return roster.merge(self._conn, a, b, now)

    def rename_player(self, old: str, new: str) -> str:
        """Rename a regular (the old spelling still finds them); returns what was done.

        Raises:
            RosterError: no such player, or the new name is someone else's.
        """
        return self._roster_change("rename", old, new)

    def merge_players(self, keep: str, other: str) -> str:
        """Make ``other`` the same person as ``keep``; returns what was done.

        Raises:
            RosterError: either is unknown, or they are already one player.
        """
        return self._roster_change("merge", keep, other)


def _rows_of(
    conn: sqlite3.Connection,
    sid: int,
    state: TableState,
    now: str,
    provisional: dict[str, int],
    names: dict[int, str],
) -> Iterator[ResultRow]:
    rate = state.money if state.tournament is None else None  # a tournament's chips: no money
    cash = state.tournament is None
    for i, line in enumerate(ledger_lines(state)):
        pid = roster.player_id(conn, line.name)
        if pid is None:
            key = identity(line.name)
            pid = provisional.setdefault(key, -1 - len(provisional))
            names.setdefault(pid, line.name)
        yield ResultRow(
            sid,
            line.name,
            pid,
            line.hands,
            line.won,
            line.net if cash else 0,
            line.best_pot,
            rate.money_of(line.net).plain() if rate is not None else None,
            rate.currency if rate is not None else None,
            now,
            line.buy_in,
            i,
        )


__all__ = ["JournalRoster", "RosterError"]
