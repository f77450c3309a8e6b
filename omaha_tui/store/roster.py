"""The regulars: one identity per player across sessions, kept in the journal file.

A player is created the first time their name sits down (``PlayerSeated``) and found
again by the one name rule (:func:`~omaha_tui.engine.labels.identity`: NFKC, case
folded), so "Zoë" and "ZOË" are one person. A rename keeps the old spelling as a way to
find them; a merge (two spellings of one person) points one identity at the other, so
every result of both counts once, and records that it did (``roster_log``). Nothing
is deleted: the sessions keep the names they were played under.

Each session keeps one summary row per player name (``session_results``), rewritten
whenever the journal knows the table's state between hands (and at the session's end),
so lifetime results are one query over sessions (:mod:`.results`). This module is called
inside the journal's own transactions; it opens nothing.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable

from omaha_tui.engine.events import Event, PlayerSeated
from omaha_tui.engine.labels import check_name, identity, printable
from omaha_tui.engine.state import TableState, ledger_lines

from .result_rows import COLUMNS, ResultRow


class RosterError(ValueError):
    """A rename or merge that cannot be done; the message says why and what to do."""


def current(conn: sqlite3.Connection, pid: int) -> int:
    """Follow merges to the identity that holds a player's results now."""
    seen = set()
    while pid not in seen:
        seen.add(pid)
        row = conn.execute("SELECT merged_into FROM players WHERE id = ?", (pid,)).fetchone()
        if row is None or row[0] is None:
            return pid
        pid = int(row[0])
    return pid


def player_id(conn: sqlite3.Connection, name: str) -> int | None:
    """The identity a name belongs to (by any spelling it was known by), or None."""
    row = conn.execute(
        "SELECT player_id FROM player_names WHERE key = ?", (identity(name),)
    ).fetchone()
    return None if row is None else current(conn, int(row[0]))


def ensure_player(conn: sqlite3.Connection, name: str, now: str) -> int:
    """The identity of ``name``, created when this is their first time at a table."""
    found = player_id(conn, name)
    if found is not None:
        return found
    cur = conn.execute("INSERT INTO players (name, created) VALUES (?, ?)", (name, now))
    pid = int(cur.lastrowid or 0)
    conn.execute(
        "INSERT INTO player_names (key, player_id, name) VALUES (?, ?, ?)",
        (identity(name), pid, name),
    )
    return pid


def last_played(conn: sqlite3.Connection, session_id: int, default: str) -> str:
    """When a session was last played: the time its last hand started, or it ended
    (the time that event was recorded); ``default`` before any hand."""
    row = conn.execute(
        "SELECT created FROM events WHERE session_id = ? "
        "AND type IN ('hand_started', 'session_ended') ORDER BY seq DESC LIMIT 1",
        (session_id,),
    ).fetchone()
    return default if row is None else str(row[0])


def summary_rows(
    conn: sqlite3.Connection, session_id: int, state: TableState, now: str
) -> list[ResultRow]:
    """The summary rows of a table's state (identities created as needed), dated when
    the session was last played. A tournament's chips are not money: its rows count
    hands and pots, and its money is in its own rows (:mod:`.tournament_results`)."""
    rate = state.money
    cash = state.tournament is None
    played = last_played(conn, session_id, now)
    rows = []
    for i, line in enumerate(ledger_lines(state)):
        money = rate.money_of(line.net).plain() if rate is not None and cash else None
        rows.append(
            ResultRow(
                session_id,
                line.name,
                ensure_player(conn, line.name, now),
                line.hands,
                line.won,
                line.net if cash else 0,
                line.best_pot,
                money,
                rate.currency if rate is not None and cash else None,
                played,
                line.buy_in,
                i,
            )
        )
    return rows


def write_summary(
    conn: sqlite3.Connection, session_id: int, seq: int, state: TableState, now: str
) -> None:
    """Replace a session's summary rows with the results of ``state`` (after event ``seq``)."""
    rows = summary_rows(conn, session_id, state, now)
    conn.execute("DELETE FROM session_results WHERE session_id = ?", (session_id,))
    conn.executemany(
        f"INSERT INTO session_results ({COLUMNS}) VALUES ({', '.join('?' * 12)})",
        [r.values() for r in rows],
    )
    if state.tournament is not None:  # R11: the tournament's money, entries and places
        # Imported here, at a tournament's first summary: its ledger loads the
        # tournament's rules, which a cash table never loads (R11). No cycle: the
        # tournaments' results import only the summary rows (:mod:`.result_rows`).
        from .tournament_results import write_tournament

        ids = {identity(r.name): r.player_id for r in rows}
        write_tournament(conn, session_id, state, rows[0].played if rows else now, ids)
    conn.execute("UPDATE sessions SET summary_seq = ? WHERE id = ?", (seq, session_id))


def note_events(
    conn: sqlite3.Connection,
    session_id: int,
    last_seq: int,
    events: Iterable[Event],
    state: TableState | None,
    now: str,
) -> None:
    """Keep the roster up with a batch just stored (inside the journal's transaction).

    Every name sitting down gets its identity; with the table's state known and no hand
    in play, the session's summary rows are rewritten (at most ten rows).
    """
    for e in events:
        if isinstance(e, PlayerSeated):
            ensure_player(conn, e.name, now)
    if state is not None and not state.in_hand:
        write_summary(conn, session_id, last_seq, state, now)


def _log(conn: sqlite3.Connection, what: str, detail: str, now: str) -> None:
    conn.execute("INSERT INTO roster_log (at, what, detail) VALUES (?, ?, ?)", (now, what, detail))


def _known(conn: sqlite3.Connection, name: str) -> int:
    pid = player_id(conn, name)
    if pid is None:
        raise RosterError(
            f'"{printable(name)}" is not on the roster: `omaha-tui players` lists the players'
        )
    return pid


def rename(conn: sqlite3.Connection, old: str, new: str, now: str) -> str:
    """Give a player a new name; the old spelling still finds them. Returns the sentence."""
    pid = _known(conn, old)
    try:
        shown = check_name(new)
    except ValueError as e:
        raise RosterError(str(e)) from None
    other = player_id(conn, shown)
    if other is not None and other != pid:
        raise RosterError(
            f'"{printable(shown)}" is already another player: to make them one, '
            f"`omaha-tui players merge {printable(shown)} {printable(old)}`"
        )
    was = conn.execute("SELECT name FROM players WHERE id = ?", (pid,)).fetchone()[0]
    conn.execute("UPDATE players SET name = ? WHERE id = ?", (shown, pid))
    conn.execute(
        "INSERT OR REPLACE INTO player_names (key, player_id, name) VALUES (?, ?, ?)",
        (identity(shown), pid, shown),
    )
    _log(conn, "rename", f"{was} -> {shown}", now)
    return f"{printable(was)} is now {printable(shown)} (the old name still finds them)"


def merge(conn: sqlite3.Connection, keep: str, other: str, now: str) -> str:
    """Make ``other`` the same person as ``keep`` (two spellings of one player)."""
    into, away = _known(conn, keep), _known(conn, other)
    if into == away:
        raise RosterError(
            f'"{printable(keep)}" and "{printable(other)}" are already the same player'
        )
    names = dict(conn.execute("SELECT id, name FROM players WHERE id IN (?, ?)", (into, away)))
    conn.execute("UPDATE players SET merged_into = ? WHERE id = ?", (into, away))
    conn.execute("UPDATE players SET merged_into = ? WHERE merged_into = ?", (into, away))
    conn.execute("UPDATE player_names SET player_id = ? WHERE player_id = ?", (into, away))
    conn.execute("UPDATE session_results SET player_id = ? WHERE player_id = ?", (into, away))
    conn.execute("UPDATE tournament_results SET player_id = ? WHERE player_id = ?", (into, away))
    _log(conn, "merge", f"{names[away]} -> {names[into]}", now)
    return (
        f"{printable(names[away])} and {printable(names[into])} are one player now, "
        f"{printable(names[into])}: their results add up"
    )


__all__ = [
    "RosterError",
    "current",
    "ensure_player",
    "last_played",
    "merge",
    "note_events",
    "player_id",
    "rename",
    "summary_rows",
    "write_summary",
]
