"""Every session the app records exports and imports back to identical events, as PHH and
as JSON; hand histories of one table import as one session; imports are all or nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from omaha_tui.engine.events import ActionUndone, HandStarted, SessionEnded
from omaha_tui.interchange.interop import export_session, file_digest, import_files
from omaha_tui.interchange.phh import load
from omaha_tui.interchange.phh_export import session_hands
from omaha_tui.interchange.phh_write import dumps_all
from omaha_tui.store.journal import Journal
from omaha_tui.store.locks import lock_dir

from .recorded import meta_with_details, random_session, two_hands


@pytest.fixture
def journal(tmp_path: Path) -> Journal:
    j = Journal.open(tmp_path / "j.sqlite3")
    yield j  # type: ignore[misc]
    j.close()


def _recorded(journal: Journal, events: list) -> int:  # type: ignore[type-arg]
    sid = journal.create_session("Friday game", meta={"schedule": None})
    journal.append_many(sid, events)
    journal.release(sid)
    return sid


@pytest.mark.parametrize("fmt", ["phh", "json"])
def test_a_played_session_with_an_undo_comes_back_event_for_event(
    tmp_path: Path, journal: Journal, fmt: str
) -> None:
    table = two_hands()
    assert ActionUndone() in table.events
    sid = _recorded(journal, table.events)
    written = export_session(journal, sid, fmt, tmp_path / "out").path  # type: ignore[arg-type]
    (outcome,) = import_files(journal, [written])
    assert outcome.error is None and outcome.session_id is not None
    assert journal.events(outcome.session_id) == table.events
    assert journal.meta(outcome.session_id) == {"schedule": None}
    assert journal.session(outcome.session_id).title == "Friday game"


def test_the_phh_export_stays_standard_for_other_readers(tmp_path: Path, journal: Journal) -> None:
    sid = _recorded(journal, random_session("omaha", hands=4, seed=3).events)
    written = export_session(journal, sid, "phh", tmp_path / "out").path
    hands = load(written)
    assert [h.actions for h in hands] == [h.actions for h in session_hands(journal.events(sid))]
    assert "_omaha_tui_events" in dict(hands[0].extra)
    assert all("_omaha_tui_events" not in dict(h.extra) for h in hands[1:])


def test_a_hand_edited_after_export_is_read_from_its_standard_fields(
    tmp_path: Path, journal: Journal
) -> None:
    sid = _recorded(journal, random_session("omaha", hands=3, seed=5).events)
    written = export_session(journal, sid, "phh", tmp_path / "out").path
    text = written.read_text()
    edited = tmp_path / "edited.phhs"
    edited.write_text(text.replace('players = ["P', 'players = ["Q', 1))
    outcomes = import_files(journal, [edited])
    assert all(o.error is None for o in outcomes)
    assert outcomes[0].note is not None and "changed after export" in outcomes[0].note
    # The stale log is not kept: exporting the new session writes its own.
    new = outcomes[0].session_id
    assert new is not None
    assert "_omaha_tui_events" not in json.dumps(journal.meta(new))
    again = export_session(journal, new, "phh", tmp_path / "again").path
    (back,) = import_files(journal, [again])
    assert back.note is None and back.session_id is not None
    assert journal.events(back.session_id) == journal.events(new)


def test_consecutive_hands_of_one_table_import_as_one_session(
    tmp_path: Path, journal: Journal
) -> None:
    table = random_session("omaha", hands=6, seed=2)
    hands = session_hands(table.events)
    path = tmp_path / "evening.phhs"
    path.write_text(dumps_all(hands))  # as another program would write it: no event log
    (outcome,) = import_files(journal, [path])
    assert outcome.error is None and outcome.session_id is not None
    assert outcome.hands == len(hands)
    events = journal.events(outcome.session_id)
    assert sum(isinstance(e, HandStarted) for e in events) == len(hands)
    assert isinstance(events[-1], SessionEnded)
    assert journal.session(outcome.session_id).hands == len(hands)
    # ...and that session writes the same hands again.
    again = session_hands(events, meta_with_details(journal, outcome.session_id))
    assert [h.actions for h in again] == [h.actions for h in hands]
    assert [h.finishing_stacks for h in again] == [h.finishing_stacks for h in hands]


def test_an_import_leaves_no_lock_files_and_no_empty_sessions(
    tmp_path: Path, journal: Journal, monkeypatch: pytest.MonkeyPatch
) -> None:

    table = two_hands()
    sid = _recorded(journal, table.events)
    written = export_session(journal, sid, "json", tmp_path / "out").path
    for i in range(5):
        (tmp_path / "many").mkdir(exist_ok=True)
        (tmp_path / "many" / f"s{i}.json").write_text(written.read_text())
    outcomes = import_files(journal, [tmp_path / "many"], again=True)
    assert [o.error for o in outcomes] == [None] * 5
    assert list(lock_dir(journal.path).iterdir()) == []

    # An import killed in the middle of recording a session records none of it.
    def killed(*args: object) -> None:
        raise KeyboardInterrupt

    from omaha_tui.store import event_log

    monkeypatch.setattr(event_log, "store_snapshots", killed)
    before = journal.sessions()
    with pytest.raises(KeyboardInterrupt):
        import_files(journal, [written], again=True)
    assert journal.sessions() == before


def test_a_tampered_json_export_is_refused_whole(tmp_path: Path, journal: Journal) -> None:
    sid = _recorded(journal, two_hands().events)
    written = export_session(journal, sid, "json", tmp_path / "out").path
    data = json.loads(written.read_text())
    data["events"][1]["stack"] = -5
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100000 + "]" * 100000)
    die = tmp_path / "die.json"
    die.write_text('{"die": [3]}')
    before = journal.sessions()
    outcomes = import_files(journal, [bad, deep, die])
    assert [o.session_id for o in outcomes] == [None, None, None]
    assert "event 2 is not an omaha-tui event" in (outcomes[0].error or "")
    assert "nested too deeply" in (outcomes[1].error or "")
    assert 'it needs an "events" list' in (outcomes[2].error or "")
    assert journal.sessions() == before


def test_a_phh_export_whose_log_the_rules_refuse_is_refused_in_one_line_and_changes_nothing(
    tmp_path: Path, journal: Journal
) -> None:
    sid = _recorded(journal, two_hands().events)
    written = export_session(journal, sid, "phh", tmp_path / "out").path
    text = written.read_text()
    fold = text.rindex('folded\\",\\"seat\\":')  # the log's last fold, in the first hand
    end = text.index("}", fold)
    bad = tmp_path / "bad.phhs"
    bad.write_text(text[: end - 1] + "9" + text[end:])  # folded by an empty chair
    before = (journal.sessions(), journal.last_seq(sid))
    (outcome,) = import_files(journal, [bad])
    assert outcome.session_id is None
    assert outcome.error is not None and "\n" not in outcome.error
    assert outcome.error.startswith(f"{bad}[1]: the rules refuse its event log")
    assert (journal.sessions(), journal.last_seq(sid)) == before
    assert journal.imported_as(file_digest(bad)) == []  # nor is the file remembered


def test_sessions_count_the_hands_played_not_the_ones_undone(journal: Journal) -> None:
    table = two_hands()
    sid = _recorded(journal, [*table.events, ActionUndone()])  # the second hand's fold undone
    assert journal.session(sid).hands == 2
    journal.append(sid, ActionUndone())  # ...and the second hand's start
    assert journal.session(sid).hands == 1
