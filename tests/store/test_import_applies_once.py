"""A PHH import applies each event once: the hand is replayed by the rules, and the
journal records the states that replay computed instead of applying the events again."""

from __future__ import annotations

from pathlib import Path

import pytest

from omaha_tui.engine.reducer import replay as reducer
from omaha_tui.engine.reducer.replay import replay
from omaha_tui.store.interop import import_files
from omaha_tui.store.journal import Journal

from .phh_samples import BIG_O, THREE_WAY


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    calls: list[str] = []
    for kind, handler in list(reducer._HANDLERS.items()):

        def counted(state, event, _h=handler):  # type: ignore[no-untyped-def]
            calls.append(event.type)
            return _h(state, event)

        monkeypatch.setitem(reducer._HANDLERS, kind, counted)
    return calls


@pytest.mark.parametrize("text", [BIG_O, THREE_WAY], ids=["settled-by-cards", "to-the-river"])
def test_a_phh_import_applies_each_recorded_event_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    f = tmp_path / "hand.phh"
    f.write_text(text)
    with Journal.open(tmp_path / "j.sqlite3") as journal:
        calls = _counting(monkeypatch)
        (outcome,) = import_files(journal, [f])
        assert outcome.session_id is not None, outcome.error
        recorded = journal.events(outcome.session_id)
        assert calls == [e.type for e in recorded]
        monkeypatch.undo()
        # The journal kept the computed state: it is the log's, and its snapshot resumes.
        assert journal._has_snapshot(outcome.session_id)
        assert journal.load_state(outcome.session_id) == replay(recorded)


def test_a_log_whose_undo_reaches_further_back_than_a_live_table_still_imports(
    tmp_path: Path,
) -> None:
    from omaha_tui.engine.events import ActionUndone
    from omaha_tui.engine.reducer.history import UNDO_HANDS
    from omaha_tui.store.interop import export_session
    from tests import decided as c

    from .recorded import Table

    t = Table()
    for _ in range(UNDO_HANDS + 2):
        t.do(c.start_hand(t.state))
        while t.state.hand is not None and not t.state.hand.complete:
            t.do(c.fold(t.state))
    hands_in = len(t.events) - 5  # everything after the opening and the first hand start
    log = [*t.events, *[ActionUndone()] * hands_in]  # further back than undo reaches live
    with Journal.open(tmp_path / "j.sqlite3") as journal:
        sid = journal.record_session("deep", log)
        written = export_session(journal, sid, "json", tmp_path / "out").path
        (outcome,) = import_files(journal, [written], again=True)
        assert outcome.session_id is not None, outcome.error
        assert journal.events(outcome.session_id) == log
        assert journal.load_state(outcome.session_id) == replay(log)
