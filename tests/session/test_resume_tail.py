"""Resume reads the tail of the log: redo rebuilt exactly, the chain checked from the snapshot.

A resumed session must answer as the live one did — the same redo list, the same undo
depth — while reading only what follows its snapshot, so the time it takes does not grow
with the session (``bench/journal.py`` measures it).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from omaha_tui.engine.decisions import requests as rq
from omaha_tui.session import Session
from omaha_tui.store import event_log
from omaha_tui.store.journal import Journal, JournalError
from tests.session.test_session import new

STEPS = st.lists(st.sampled_from(["hand", "act", "undo", "undo", "redo"]), max_size=60)


def step(s: Session, what: str) -> None:
    if what == "undo":
        s.undo()
    elif what == "redo":
        s.redo()
    elif what == "hand":
        for req in (rq.NextHand(), rq.Fold(), rq.Fold()):
            s.request(req)
    else:
        for req in (rq.Call(), rq.Check(), rq.NextHand()):
            if s.request(req).ok:
                return


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(steps=STEPS)
def test_redo_after_a_resume_is_the_live_redo_list(
    steps: list[str], tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(event_log, "OUTLINE_PAGE", 5)  # read the tail in small pages
    db = tmp_path_factory.mktemp("redo") / "j.sqlite3"
    with Journal.open(db) as j:
        live = new(j)
        for _ in range(7):
            step(live, "hand")
        for what in steps:
            step(live, what)
        redo, sid, state = list(live._redo), live.id, live.state
    with Journal.open(db) as j:
        resumed = Session.resume(j, sid)
        assert resumed._redo == redo
        assert resumed.state == state


def test_redo_reaches_back_three_hands_after_a_resume_of_a_long_session(tmp_path: Path) -> None:
    db = tmp_path / "j.sqlite3"
    with Journal.open(db) as j:
        s = new(j)
        for _ in range(12):
            step(s, "hand")
        taken = [s.undo() for _ in range(8)]
        assert all(out.ok for out in taken)
        sid = s.id
    with Journal.open(db) as j:
        s = Session.resume(j, sid)
        again = [s.redo().message for _ in range(9)]
    assert all(m.startswith("Redone: ") for m in again[:8]) and again[8] == "nothing to redo"


def _rewrite_event_behind_the_snapshot(db: Path, sid: int) -> None:
    """Change an early event and rebuild every hash after it, as a forger would."""
    from omaha_tui.store.chain import ROW_BYTES, genesis, link

    conn = sqlite3.connect(db)
    payload = conn.execute(
        "SELECT payload FROM events WHERE session_id = ? AND type = 'player_seated' "
        "ORDER BY seq LIMIT 1",
        (sid,),
    ).fetchone()[0]
    conn.execute(
        "UPDATE events SET payload = ? WHERE session_id = ? AND payload = ?",
        (payload.replace('"stack":200', '"stack":900'), sid, payload),
    )
    head = genesis(sid)
    for seq, data in conn.execute(
        f"SELECT seq, {ROW_BYTES} FROM events WHERE session_id = ? ORDER BY seq", (sid,)
    ).fetchall():
        head = link(head, data)
        conn.execute(
            "UPDATE events SET hash = ? WHERE session_id = ? AND seq = ?", (head, sid, seq)
        )
    conn.commit()
    conn.close()


def test_a_log_rewritten_behind_the_snapshot_is_refused_on_resume_and_by_check(
    tmp_path: Path,
) -> None:
    from omaha_tui.store.health import report

    db = tmp_path / "j.sqlite3"
    with Journal.open(db) as j:
        s = new(j)
        for _ in range(4):
            step(s, "hand")
        sid = s.id
    _rewrite_event_behind_the_snapshot(db, sid)
    with Journal.open(db) as j:
        assert j.check_chain(sid).intact  # the rebuilt chain holds on its own
        with pytest.raises(JournalError) as caught:
            Session.resume(j, sid)
        findings = report(j, sid)
    message = str(caught.value)
    assert f"session {sid} was rewritten before event" in message and "\n" not in message
    assert not findings[-1].ok and "was rewritten before event" in findings[-1].text


def test_resume_checks_the_chain_after_its_snapshot(tmp_path: Path) -> None:
    db = tmp_path / "j.sqlite3"
    with Journal.open(db) as j:
        s = new(j)
        for _ in range(3):
            step(s, "hand")
        s.request(rq.NextHand())
        s.request(rq.Fold())
        sid = s.id
        last = j.last_seq(sid)
    conn = sqlite3.connect(db)
    conn.execute(
        "UPDATE events SET created = '2000-01-01T00:00:00+00:00' WHERE session_id = ? AND seq = ?",
        (sid, last),
    )
    conn.commit()
    conn.close()
    with Journal.open(db) as j, pytest.raises(JournalError) as caught:
        Session.resume(j, sid)
    assert f"is damaged at event {last}, which does not match its chain hash" in str(caught.value)
