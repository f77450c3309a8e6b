"""Lifetime results of the regulars: a query over the sessions' summary rows.

``omaha-tui players`` lists every player: sessions, hands dealt in, hands won, net chips,
net money per currency (R12.1, each session valued at its own rate), biggest pot won and
when they last played; ``omaha-tui players NAME`` one player's nights. Sessions whose
summary is behind their log (a hand in play, a journal from before the roster) are
summarised from their state on the fly, so the answer is always that of the log.

Tournament results join here: a function registered with :func:`add_results` returns, per
player id, more fields (entries, cashes, best finish, net) that every listing carries in
``extra``; it is given the stale sessions' states (:class:`Fresh`) to read those from.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable, Sequence
from dataclasses import field
from decimal import Decimal, localcontext
from typing import TYPE_CHECKING

from omaha_tui.engine.labels import identity
from omaha_tui.engine.records import frozen

from .result_rows import COLUMNS, Fresh, ResultRow, merges

if TYPE_CHECKING:
    pass


ResultSource = Callable[[sqlite3.Connection, Sequence[Fresh]], dict[int, dict[str, object]]]
"""More lifetime results per player id (the tournaments'), read from the journal and
from the states of the sessions whose summaries are behind."""

_SOURCES: list[ResultSource] = []


def add_results(source: ResultSource) -> None:
    """Register more lifetime results (tournaments: entries, cashes, best finish, net)."""
    if source not in _SOURCES:
        _SOURCES.append(source)


@frozen
class Lifetime:
    """One player's results over every session."""

    id: int
    name: str
    sessions: int = 0
    hands: int = 0
    won: int = 0
    net: int = 0
    money: dict[str, Decimal] = field(default_factory=dict)
    best_pot: int = 0
    last_played: str = ""
    spellings: tuple[str, ...] = ()
    extra: dict[str, object] = field(default_factory=dict)


@frozen
class Night:
    """One player's result in one session."""

    session_id: int
    title: str
    played: str
    name: str
    hands: int
    won: int
    net: int
    money: Decimal | None
    currency: str
    best_pot: int


def result_rows(conn: sqlite3.Connection, fresh: Iterable[ResultRow] = ()) -> list[ResultRow]:
    """Every session's summary rows; ``fresh`` rows replace the stored rows of their sessions."""
    extra = list(fresh)
    skip = {r.session_id for r in extra}
    stored = [ResultRow.of(r) for r in conn.execute(f"SELECT {COLUMNS} FROM session_results")]
    return [r for r in stored if r.session_id not in skip] + extra


def lifetime(
    conn: sqlite3.Connection,
    fresh: Iterable[ResultRow] = (),
    provisional: dict[int, str] | None = None,
    states: Sequence[Fresh] = (),
) -> list[Lifetime]:
    """Every player with a session, most sessions first (then most hands, then by name).

    ``fresh``: rows summarised on the fly (they replace their sessions' stored rows);
    ``provisional``: names of identities not on the roster yet (negative ids);
    ``states``: those sessions' states, for the registered sources.
    """
    merged = merges(conn)
    acc: dict[int, dict[str, object]] = {}
    seen: dict[int, set[int]] = {}
    money: dict[int, dict[str, Decimal]] = {}
    for r in result_rows(conn, fresh):
        pid = merged.get(r.player_id, r.player_id)
        a = acc.setdefault(pid, {"hands": 0, "won": 0, "net": 0, "best": 0, "last": ""})
        a["hands"] = _int(a["hands"]) + r.hands
        a["won"] = _int(a["won"]) + r.won
        a["net"] = _int(a["net"]) + r.net
        a["best"] = max(_int(a["best"]), r.best_pot)
        a["last"] = max(str(a["last"]), r.played)
        seen.setdefault(pid, set()).add(r.session_id)
        if r.net_money is not None:
            mine = money.setdefault(pid, {})
            key = r.currency or ""
            with localcontext(prec=200):  # exact sums, however long the amounts
                mine[key] = mine.get(key, Decimal(0)) + Decimal(r.net_money)
    names = {int(i): str(n) for i, n in conn.execute("SELECT id, name FROM players")}
    names.update(provisional or {})
    spellings: dict[int, list[str]] = {}
    for pid, spelled in conn.execute("SELECT player_id, name FROM player_names ORDER BY name"):
        spellings.setdefault(merged.get(int(pid), int(pid)), []).append(str(spelled))
    more: dict[int, dict[str, object]] = {}
    for source in _SOURCES:
        for pid, fields in source(conn, states).items():
            more.setdefault(merged.get(pid, pid), {}).update(fields)
    out = [
        Lifetime(
            id=pid,
            name=names.get(pid, "?"),
            sessions=len(seen[pid]),
            hands=_int(a["hands"]),
            won=_int(a["won"]),
            net=_int(a["net"]),
            money=money.get(pid, {}),
            best_pot=_int(a["best"]),
            last_played=str(a["last"]),
            spellings=tuple(spellings.get(pid, ())),
            extra=more.get(pid, {}),
        )
        for pid, a in acc.items()
    ]
    out.sort(key=lambda p: (-p.sessions, -p.hands, identity(p.name)))
    return out


def _int(value: object) -> int:
    assert isinstance(value, int)
    return value


def nights(conn: sqlite3.Connection, pid: int, fresh: Iterable[ResultRow] = ()) -> list[Night]:
    """One player's sessions, oldest first (every identity merged into ``pid`` included)."""
    merged = merges(conn)
    titles = {
        int(i): (str(t), str(c))
        for i, t, c in conn.execute("SELECT id, title, created FROM sessions")
    }
    out = []
    for r in result_rows(conn, fresh):
        if merged.get(r.player_id, r.player_id) != pid:
            continue
        title, _created = titles.get(r.session_id, ("?", ""))
        out.append(
            Night(
                r.session_id,
                title,
                r.played,
                r.name,
                r.hands,
                r.won,
                r.net,
                Decimal(r.net_money) if r.net_money is not None else None,
                r.currency or "",
                r.best_pot,
            )
        )
    out.sort(key=lambda n: n.session_id)
    return out


def roster_names(conn: sqlite3.Connection) -> list[str]:
    """Every player's name, the most recently played first (for the setup screen)."""
    merged = merges(conn)
    last: dict[int, str] = {}
    for pid, played in conn.execute(
        "SELECT player_id, max(played) FROM session_results GROUP BY player_id"
    ):
        key = merged.get(int(pid), int(pid))
        last[key] = max(last.get(key, ""), str(played))
    rows = conn.execute("SELECT id, name FROM players WHERE merged_into IS NULL").fetchall()
    rows.sort(key=lambda r: (last.get(int(r[0]), ""), -int(r[0])), reverse=True)
    return [str(n) for _, n in rows]


def last_players(conn: sqlite3.Connection) -> list[tuple[str, int]]:
    """The players of the latest session that had any, with their first buy-in."""
    row = conn.execute(
        "SELECT session_id FROM session_results ORDER BY played DESC, session_id DESC LIMIT 1"
    ).fetchone()
    if row is None:
        return []
    rows = conn.execute(
        "SELECT name, buy_in FROM session_results WHERE session_id = ? ORDER BY ord", (row[0],)
    )
    return [(str(n), int(b)) for n, b in rows]


__all__ = [
    "Lifetime",
    "Night",
    "add_results",
    "last_players",
    "lifetime",
    "nights",
    "roster_names",
]
