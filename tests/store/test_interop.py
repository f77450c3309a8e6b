"""Hands into and out of the journal: import as sessions, resume, export, ledger."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from omaha_tui.engine.events import SessionEnded
from omaha_tui.interchange.interop import export_session, import_files
from omaha_tui.interchange.phh import PhhError, load
from omaha_tui.interchange.phh_replay import replay_hand
from omaha_tui.store.journal import Journal
from omaha_tui.store.ledger import ledger, settle_up

from .phh_samples import THREE_WAY


@pytest.fixture
def journal(tmp_path: Path) -> Journal:
    j = Journal.open(tmp_path / "j.sqlite3")
    yield j  # type: ignore[misc]
    j.close()


def test_each_imported_hand_becomes_an_ended_session_with_its_details(
    tmp_path: Path, journal: Journal
) -> None:
    path = tmp_path / "h.phh"
    path.write_text(THREE_WAY)
    (outcome,) = import_files(journal, [path])
    assert outcome.error is None and outcome.complete
    sid = outcome.session_id
    assert sid is not None
    info = journal.session(sid)
    assert info.finished and info.hands == 1 and info.title == "PO"
    events = journal.events(sid)
    assert events[:-1] == list(replay_hand(load(path)[0]).events)
    assert events[-1] == SessionEnded()
    (details,) = journal.hand_details(sid)
    assert details["hole_cards"][0] == ["Ah", "Ad", "Kh", "Kd"]
    assert details["players"] == ["Ann", "Bob", "Cy"]
    assert journal.meta(sid) == {"phh": {}}  # the details are rows of their own


def test_the_ledger_of_an_imported_hand_settles_who_won(tmp_path: Path, journal: Journal) -> None:
    path = tmp_path / "h.phh"
    path.write_text(THREE_WAY)
    (outcome,) = import_files(journal, [path])
    assert outcome.session_id is not None
    book = ledger(journal.load_state(outcome.session_id))
    assert [(x.name, x.net) for x in book.lines] == [("Ann", -7), ("Bob", 57), ("Cy", -50)]
    assert book.balanced
    assert [str(t) for t in settle_up(book)] == ["Cy pays Bob 50", "Ann pays Bob 7"]


def test_a_hand_that_stops_mid_way_stays_open_to_resume(tmp_path: Path, journal: Journal) -> None:
    path = tmp_path / "open.phh"
    path.write_text(THREE_WAY.split('"p3 cbr 43"')[0] + "]\n")
    (outcome,) = import_files(journal, [path])
    assert outcome.session_id is not None and not outcome.complete
    last = journal.last_unfinished()
    assert last is not None and last.id == outcome.session_id
    state = journal.load_state(outcome.session_id)
    assert state.hand is not None and state.hand.to_act == 2


def test_bad_hands_are_reported_and_nothing_of_them_is_recorded(
    tmp_path: Path, journal: Journal
) -> None:
    (tmp_path / "bad.phh").write_text(THREE_WAY.replace('"p3 cbr 7"', '"p1 cbr 7"'))
    (tmp_path / "junk.phh").write_text("variant = ")
    outcomes = import_files(journal, [tmp_path])
    assert [o.session_id for o in outcomes] == [None, None]
    assert "cannot act now" in (outcomes[0].error or "")
    assert "not valid PHH/TOML" in (outcomes[1].error or "")
    assert journal.sessions() == []


def test_export_as_phh_then_import_gives_the_same_events(tmp_path: Path, journal: Journal) -> None:
    path = tmp_path / "h.phh"
    path.write_text(THREE_WAY)
    (first,) = import_files(journal, [path])
    assert first.session_id is not None
    written = export_session(journal, first.session_id, "phh", tmp_path / "out").path
    assert written.name == f"session-{first.session_id}.phh"
    (second,) = import_files(journal, [written])
    assert second.session_id is not None
    assert journal.events(second.session_id) == journal.events(first.session_id)


def test_export_as_json_holds_the_whole_log(tmp_path: Path, journal: Journal) -> None:
    path = tmp_path / "h.phh"
    path.write_text(THREE_WAY)
    (outcome,) = import_files(journal, [path])
    assert outcome.session_id is not None
    written = export_session(journal, outcome.session_id, "json", tmp_path / "out").path
    data = json.loads(written.read_text())
    assert data["session"]["id"] == outcome.session_id
    assert [e["type"] for e in data["events"]][:2] == ["session_started", "player_seated"]
    assert data["events"][-1]["type"] == "session_ended"


def test_exporting_a_session_without_hands_says_so(tmp_path: Path, journal: Journal) -> None:
    sid = journal.create_session("empty")
    with pytest.raises(PhhError, match=f"session {sid} has no hand to export yet"):
        export_session(journal, sid, "phh", tmp_path)


def test_extra_fields_come_back_as_the_toml_they_were(tmp_path: Path, journal: Journal) -> None:
    path = tmp_path / "h.phh"
    path.write_text(
        THREE_WAY + 'winnings = [12.50, 0, 0]\nevent = "Friday"\n[meta]\nhost = "Dee"\nseats = 6\n'
    )
    (outcome,) = import_files(journal, [path])
    assert outcome.session_id is not None
    written = export_session(journal, outcome.session_id, "phh", tmp_path / "out").path
    text = written.read_text()
    assert "winnings = [12.50, 0, 0]" in text
    assert 'meta = {host = "Dee", seats = 6}' in text
    (hand,) = load(written)
    assert dict(hand.extra)["meta"] == {"host": "Dee", "seats": 6}


def test_an_amount_with_many_decimal_places_survives_export_exactly(
    tmp_path: Path, journal: Journal
) -> None:
    exact = "100.000000000000000000000000001"
    path = tmp_path / "h.phh"
    path.write_text(THREE_WAY.replace("[100, 100, 50]", f"[{exact}, 100, 50]"))
    (outcome,) = import_files(journal, [path])
    assert outcome.session_id is not None, outcome.error
    written = export_session(journal, outcome.session_id, "phh", tmp_path / "out").path
    assert f"starting_stacks = [{exact}, 100, 50]" in written.read_text()
