"""Resume: a session reopens exactly where it stopped, mid-hand included, fast.

Snapshots taken at each hand start let ``load_state`` replay one hand instead of the
whole log; the result must always equal a full replay, and undo must keep working
back into earlier hands.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from omaha_tui.engine.events import ActionUndone
from omaha_tui.engine.reducer import history
from omaha_tui.engine.reducer.history import History
from omaha_tui.engine.reducer.replay import apply, replay
from omaha_tui.store.chain import snapshot_digest
from omaha_tui.store.journal import KEEP_SNAPSHOTS, Journal
from omaha_tui.store.snapshot import decode_history, decode_state, encode_history, encode_state
from tests import decided as c

from .recorded import two_hands


def _record(db: Path, split: int) -> tuple[int, list[object]]:
    """Record the two-hand session event by event, then more in one batch."""
    t = two_hands()
    # A third hand left running: the button moves on, Bob raises.
    t.do(c.start_hand(t.state))
    t.do(c.bet_or_raise(t.state, 6))
    with Journal.open(db) as journal:
        sid = journal.create_session("Friday")
        h = History()
        for event in t.events[:split]:
            h = history.apply(h, event)
            journal.append(sid, event, history=h)  # as the session records: with its history
        journal.append_many(sid, t.events[split:], history=history.replay(t.events[split:], h))
    return sid, list(t.events)


def test_resume_mid_hand_equals_a_full_replay(tmp_path: Path) -> None:
    db = tmp_path / "j.sqlite3"
    sid, events = _record(db, split=10)
    with Journal.open(db) as journal:
        state = journal.load_state(sid)
        last = journal.last_unfinished()
    full = replay(events)  # type: ignore[arg-type]
    assert state == full
    assert state.hand is not None and not state.hand.complete
    assert last is not None and last.id == sid
    snaps = sqlite3.connect(db).execute("SELECT count(*) FROM snapshots").fetchone()[0]
    assert 1 <= snaps <= KEEP_SNAPSHOTS


def test_undo_after_resume_reaches_back_into_the_previous_hand(tmp_path: Path) -> None:
    db = tmp_path / "j.sqlite3"
    sid, events = _record(db, split=3)
    with Journal.open(db) as journal:
        resumed = journal.load_history(sid)
    full = history.replay(events)  # type: ignore[arg-type]
    assert resumed == full
    for _ in range(8):  # the running hand, then the whole previous hand and more
        resumed, full = history.undo(resumed), history.undo(full)
        assert resumed.state == full.state == replay([*events, *[ActionUndone()] * (_ + 1)])  # type: ignore[list-item]


def test_appending_after_resume_keeps_snapshots_consistent(tmp_path: Path) -> None:
    db = tmp_path / "j.sqlite3"
    sid, events = _record(db, split=5)
    with Journal.open(db) as journal:
        state = journal.load_state(sid)
        more = [c.call(state)]
        state = apply(state, more[0])
        more.append(c.deal_board(state, "9c 9d 9h"))
        journal.append_many(sid, more, history=history.replay(more, journal.load_history(sid)))
    with Journal.open(db) as journal:
        assert journal.load_state(sid) == replay([*events, *more])  # type: ignore[list-item]


def test_a_damaged_snapshot_falls_back_to_a_full_replay(tmp_path: Path) -> None:
    db = tmp_path / "j.sqlite3"
    sid, events = _record(db, split=0)
    conn = sqlite3.connect(db)
    conn.execute("UPDATE snapshots SET state = ?", (json.dumps({"format": 1, "state": {}}),))
    conn.commit()
    conn.close()
    with Journal.open(db) as journal:
        assert journal.load_state(sid) == replay(events)  # type: ignore[arg-type]


def test_snapshots_round_trip_the_state_without_pickle() -> None:
    t = two_hands()
    data = json.loads(json.dumps(encode_state(t.state)))
    assert decode_state(data) == t.state


def test_snapshots_round_trip_the_history_so_undo_reaches_as_far() -> None:
    t = two_hands()
    t.do(c.start_hand(t.state))
    t.do(c.bet_or_raise(t.state, 6))
    back = decode_history(json.loads(json.dumps(encode_history(t.history))))
    assert back == t.history
    assert [h.opening for h in back.hands] == [True, False, False, False]  # and 3 hands
    a, b = back, t.history
    while b.hands:
        a, b = history.undo(a), history.undo(b)
        assert a.state == b.state


def test_a_snapshot_of_the_previous_format_is_passed_over_and_the_log_replayed(
    tmp_path: Path,
) -> None:
    db = tmp_path / "j.sqlite3"
    sid, events = _record(db, split=0)
    t = two_hands()
    old = {"format": 1, "state": encode_state(t.state)["state"]}  # a state with undo inside
    conn = sqlite3.connect(db)
    rows = conn.execute("SELECT seq, chain FROM snapshots").fetchall()
    for seq, at in rows:
        text = json.dumps(old)
        conn.execute(
            "UPDATE snapshots SET state = ?, digest = ? WHERE seq = ?",
            (text, snapshot_digest(at, text), seq),
        )
    conn.commit()
    conn.close()
    with Journal.open(db) as journal:
        assert journal.checks.snapshot(sid, len(events))[0] is None
        assert journal.load_history(sid) == history.replay(events)  # type: ignore[arg-type]


def test_a_tampered_event_is_named_not_a_traceback_on_resume_ledger_and_export(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from omaha_tui.store import chain
    from omaha_tui.store.journal import JournalError
    from tests.store.cli_runner import run_cli

    db = tmp_path / "j.sqlite3"
    sid, _ = _record(db, split=4)
    conn = sqlite3.connect(db)
    # Someone edits the log: Bob's seat now holds twice the chips, a raise becomes huge.
    row = conn.execute(
        "SELECT seq, payload FROM events WHERE session_id = ? AND type = 'raised_to' "
        "ORDER BY seq LIMIT 1",
        (sid,),
    ).fetchone()
    payload = json.loads(row[1])
    payload["to"] = 100000
    conn.execute(
        "UPDATE events SET payload = ? WHERE session_id = ? AND seq = ?",
        (json.dumps(payload), sid, row[0]),
    )
    conn.execute("DELETE FROM snapshots")
    chain.fill(conn)  # an edit that even rebuilt the chain: the rules still catch it
    conn.commit()
    conn.close()
    with Journal.open(db) as journal, pytest.raises(JournalError) as info:
        journal.load_state(sid)
    assert f"session {sid} event {row[0]} (raised_to) is refused by the rules" in str(info.value)
    for command in (["ledger", str(sid)], ["export", str(sid), str(tmp_path / "out")]):
        assert run_cli(command[0], [*command, "--db", str(db)]) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "Traceback" not in err
        assert "refuse" in err
