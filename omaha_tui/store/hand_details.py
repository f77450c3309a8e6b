"""Each imported hand's details, one row per hand beside the session's events.

A hand history from elsewhere says more about a hand than its events do: the file's
name for it, the hole cards dealt, the players' names, the file's other fields, its
amount scale. An export writes them back (:mod:`.phh_export`). They live in rows of
their own (table ``hand_details``: session, hand number counted from 1, the JSON
object), written in the transaction that records the session, and not in the session's
``meta``: a 10,000-hand import would make ``meta`` one blob that everything reading the
session's settings (a resume, a display) reads and decodes whole, and an export would
hold all of it at once. An export reads the rows a page at a time
(:mod:`.journal_details`) and writes them where earlier journals kept them, in
``meta.phh.hands``, so its files are what they were. A journal of version 6 or older
kept them in ``meta``; :func:`move_from_meta` is the migration step that moves them,
inside the migration's one transaction.

An edited or damaged row is named in one line (:class:`DamagedDetails`) when it is
read: the export that meets it writes nothing, and ``omaha-tui check`` reports it.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from .records import JournalError

CREATE = """CREATE TABLE hand_details (
    session_id INTEGER NOT NULL REFERENCES sessions(id),
    hand INTEGER NOT NULL,
    detail TEXT NOT NULL,
    PRIMARY KEY (session_id, hand)
) WITHOUT ROWID"""


def split(meta: Mapping[str, Any]) -> tuple[dict[str, Any], list[Any]]:
    """A session's ``meta`` without its hands' details, and the details (``[]`` when it
    lists none: nothing is moved then, and ``meta`` stays as it was).

    >>> split({"phh": {"hands": [{"scale": 1}]}, "schedule": None})
    ({'phh': {}, 'schedule': None}, [{'scale': 1}])
    >>> split({"schedule": None})
    ({'schedule': None}, [])
    """
    phh = meta.get("phh")
    hands = phh.get("hands") if isinstance(phh, dict) else None
    if not isinstance(phh, dict) or not isinstance(hands, list) or not hands:
        return dict(meta), []
    return {**meta, "phh": {k: v for k, v in phh.items() if k != "hands"}}, hands


def insert(
    conn: sqlite3.Connection, session_id: int, details: Sequence[Any], *, sort_keys: bool = True
) -> None:
    """Store ``details`` as the session's hands 1, 2, ... (inside the caller's
    transaction). Keys are sorted as the journal sorts ``meta``'s; the migration keeps
    the order it finds (``sort_keys=False``), which is that one."""
    conn.executemany(
        "INSERT INTO hand_details (session_id, hand, detail) VALUES (?, ?, ?)",
        (
            (session_id, i, json.dumps(d, sort_keys=sort_keys))
            for i, d in enumerate(details, start=1)
        ),
    )


def move_from_meta(conn: sqlite3.Connection) -> None:
    """Migration step: every session's ``meta.phh.hands`` into rows of their own.

    A ``meta`` that is not a JSON object is left as it is: reading it names it
    (:meth:`.SessionRows.meta`), and one damaged session must not
    keep the whole journal from opening. The rest of ``meta`` is written back in the
    order it was in.
    """
    ids = [int(sid) for (sid,) in conn.execute("SELECT id FROM sessions ORDER BY id")]
    for sid in ids:
        (text,) = conn.execute("SELECT meta FROM sessions WHERE id = ?", (sid,)).fetchone()
        try:
            meta = json.loads(text)
        except (TypeError, ValueError, RecursionError):
            continue
        if not isinstance(meta, dict):
            continue
        kept, details = split(meta)
        if details:
            insert(conn, sid, details, sort_keys=False)
            conn.execute("UPDATE sessions SET meta = ? WHERE id = ?", (json.dumps(kept), sid))


def problem(detail: Any, *, toml: bool = True) -> str | None:
    """What is wrong with a stored detail for the export that writes it back, or
    ``None``: the fields it reads must have the types an import writes, and (``toml``)
    the file's own fields must be TOML, as a PHH export reads them (a JSON export
    copies their text).

    >>> problem({"hole_cards": [["Ah", "Kd"], None], "players": ["Ann", "Bob"]}) is None
    True
    >>> problem({"extra_toml": {"event": '"Friday"'}}) is None  # as earlier imports kept them
    True
    >>> problem({"partly_shown": [["x", "Ah"]]})
    'partly_shown must list [player number, text] pairs'
    """
    if not isinstance(detail, dict):
        return "not a JSON object"
    cards = detail.get("hole_cards", [])
    if not isinstance(cards, list) or not all(c is None or _texts(c) for c in cards):
        return "hole_cards must list each player's cards (texts) or null"
    players = detail.get("players")
    if players is not None and not _texts(players):
        return "players must be a list of names or null"
    shown = detail.get("partly_shown", [])
    if not isinstance(shown, list) or not all(_pair(p, int) for p in shown):
        return "partly_shown must list [player number, text] pairs"
    extra = detail.get("extra_toml", [])
    pairs = list(extra.items()) if isinstance(extra, dict) else extra
    if not isinstance(pairs, list) or not all(_pair(p, str) for p in pairs):
        return "extra_toml must list [field name, TOML text] pairs"
    if not isinstance(detail.get("extra", {}), dict):
        return "extra must be an object"
    if toml:
        import tomllib  # loaded by an export, not by every opening

        for name, text in pairs:
            try:
                tomllib.loads(f"x = {text}")  # the field's value, as an export reads it
            except (ValueError, RecursionError):
                return f"extra_toml's {name[:40]!r} is not TOML"
    return None


def _texts(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _pair(value: Any, first: type) -> bool:
    return (
        isinstance(value, list | tuple)
        and len(value) == 2
        and type(value[0]) is first
        and isinstance(value[1], str)
    )


def damage(hand: int, why: str) -> str:
    """What is wrong with a details row, without naming the file or the session."""
    return (
        f"the imported details of hand {hand} are damaged ({why}); the journal was "
        "changed outside omaha-tui"
    )


class DamagedDetails(JournalError):
    """A details row that cannot be written back (:func:`damage` says which, and why)."""

    def __init__(self, path: Path, session_id: int, hand: int, why: str) -> None:
        super().__init__(
            f"{path}: session {session_id}: {damage(hand, why)}, so nothing was exported. "
            "Restore a backup (`omaha-tui backup` makes them)"
        )
        self.hand = hand
        self.why = why


__all__ = [
    "CREATE",
    "DamagedDetails",
    "damage",
    "insert",
    "move_from_meta",
    "problem",
    "split",
]
