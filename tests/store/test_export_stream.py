"""Exports written as the log is read: flat peak memory, the same files, bounded undo."""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from omaha_tui.engine.events import ActionUndone, CameBack, Event, HandStarted, SatOut
from omaha_tui.engine.reducer.replay import effective_events
from omaha_tui.interchange import export_stream
from omaha_tui.interchange.export_stream import UndoneTooFar, effective, with_details
from omaha_tui.interchange.interop import export_session, import_files
from omaha_tui.interchange.phh_export import session_hands
from omaha_tui.interchange.phh_write import dumps_all
from omaha_tui.store import journal_details
from omaha_tui.store.files import FileRefused, write_chunks_safely
from omaha_tui.store.journal import Journal
from tests import decided as c

from .recorded import Table, two_hands

START = HandStarted(button=0, seats=(0, 1))


def folded_hands(hands: int, undo_every: int = 0) -> list[Event]:
    """Three players; each hand the first two to act fold (the big blind wins), and
    every ``undo_every`` hands a fold is taken back and made again."""
    t = Table(seats=((0, "Ann", 100_000), (1, "Bob", 100_000), (2, "Cy", 100_000)))
    for k in range(hands):
        t.do(c.start_hand(t.state))
        t.do(c.fold(t.state))
        if undo_every and k % undo_every == 0:
            t.do(ActionUndone())
            t.do(c.fold(t.state))
        t.do(c.fold(t.state))
    return t.events


def _journal(tmp: Path, events: list[Event]) -> tuple[Path, int]:
    db = tmp / "j.sqlite3"
    with Journal.open(db) as journal:
        sid = journal.create_session("long night")
        journal.append_many(sid, events)
        journal.release(sid)
    return db, sid


def _peak(db: Path, sid: int, fmt: str, out: Path) -> int:
    with Journal.open(db, read_only=True) as journal:
        export_session(journal, sid, fmt, out, force=True)  # type: ignore[arg-type]
        tracemalloc.start()
        try:
            export_session(journal, sid, fmt, out, force=True)  # type: ignore[arg-type]
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()


@pytest.mark.parametrize("fmt", ["phh", "json"])
def test_the_export_peak_does_not_grow_with_the_session(
    tmp_path: Path, fmt: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Pages and look-behind small, so that both sessions are many pages long.
    monkeypatch.setattr(export_stream, "PAGE", 40)
    monkeypatch.setattr(export_stream, "HELD_EVENTS", 20)
    peaks = []
    for hands in (60, 240):
        folder = tmp_path / str(hands)
        folder.mkdir()
        db, sid = _journal(folder, folded_hands(hands, undo_every=7))
        peaks.append(_peak(db, sid, fmt, folder / "out"))
    # 180 more hands (~700 events) held whole would add well over a megabyte.
    assert abs(peaks[1] - peaks[0]) < 96 * 1024, peaks


def _imported(tmp: Path, hands: int) -> tuple[Path, int]:
    """A journal of one session imported from a plain PHH file of ``hands`` hands."""
    path = tmp / "plain.phhs"
    path.write_text(dumps_all(session_hands(folded_hands(hands))))
    db = tmp / "j.sqlite3"
    with Journal.open(db) as journal:
        (outcome,) = import_files(journal, [path])
    assert outcome.session_id is not None and outcome.hands == hands
    return db, outcome.session_id


@pytest.mark.parametrize("fmt", ["phh", "json"])
def test_the_export_peak_of_an_imported_session_does_not_grow_with_its_hands(
    tmp_path: Path, fmt: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(export_stream, "PAGE", 40)
    monkeypatch.setattr(export_stream, "HELD_EVENTS", 20)
    monkeypatch.setattr(journal_details, "PAGE", 10)
    peaks = []
    for hands in (60, 240):
        folder = tmp_path / str(hands)
        folder.mkdir()
        db, sid = _imported(folder, hands)
        peaks.append(_peak(db, sid, fmt, folder / "out"))
    # Each hand's details held at once would add some 200 kB for the 180 hands more.
    assert abs(peaks[1] - peaks[0]) < 64 * 1024, peaks


@pytest.mark.parametrize("fmt", ["phh", "json"])
def test_a_paged_export_reads_back_to_the_same_events(
    tmp_path: Path, fmt: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(export_stream, "PAGE", 7)
    monkeypatch.setattr(export_stream, "HELD_EVENTS", 5)
    events = folded_hands(30, undo_every=4)
    db, sid = _journal(tmp_path, events)
    with Journal.open(db, read_only=True) as journal:
        written = export_session(journal, sid, fmt, tmp_path / "out")  # type: ignore[arg-type]
    assert written.path.suffix == (".phhs" if fmt == "phh" else ".json")
    with Journal.open(tmp_path / "in.sqlite3") as journal:
        (outcome,) = import_files(journal, [written.path])
        assert outcome.error is None and outcome.hands == 30
        assert journal.events(outcome.session_id or 0) == events


def test_an_undo_further_back_than_the_look_behind_is_refused_and_nothing_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(export_stream, "HELD_EVENTS", 0)
    monkeypatch.setattr(export_stream, "HELD_HANDS", 1)
    t = two_hands()  # the second hand is one start and one fold: four undos reach hand 1
    events = [*t.events, *[ActionUndone()] * 4]
    db, sid = _journal(tmp_path, events)
    with Journal.open(db, read_only=True) as journal:
        with pytest.raises(UndoneTooFar, match=r"session \d+: its log undoes more than"):
            export_session(journal, sid, "phh", tmp_path / "out")
        assert not list((tmp_path / "out").iterdir())  # no file, no temporary file left
        json_export = export_session(journal, sid, "json", tmp_path / "out")
    assert json_export.path.exists()  # the JSON export carries the log as it is


def test_the_look_behind_gives_out_an_event_once_no_undo_can_reach_it() -> None:
    log: list[tuple[Event, str | None]] = [(START, "1"), (SatOut(seat=1), "2")]
    log += [(START, "3"), (ActionUndone(), "4"), (CameBack(seat=1), "5")]
    out = effective(iter(log), hands=1, least=1)
    assert next(out) == log[0]  # two hand starts held: the first hand's start goes out
    assert [t for _, t in out] == ["2", "5"]
    with pytest.raises(UndoneTooFar, match="more than 1 hands back"):
        list(effective(log[:3] + [(ActionUndone(), "4")] * 3, hands=1, least=1))


events_or_undos = st.lists(
    st.sampled_from(["hand", "sat", "back", "undo"]).map(
        lambda k: {
            "hand": START,
            "sat": SatOut(seat=1),
            "back": CameBack(seat=1),
            "undo": ActionUndone(),
        }[k]
    ),
    max_size=60,
)


@given(events_or_undos, st.integers(0, 4), st.integers(0, 6))
def test_the_look_behind_gives_the_effective_log_or_refuses(
    log: list[Event], hands: int, least: int
) -> None:
    timed = [(e, str(i)) for i, e in enumerate(log)]
    try:
        out = list(effective(timed, hands=hands, least=least))
    except UndoneTooFar:
        assert any(isinstance(e, ActionUndone) for e in log)
        return
    assert tuple(e for e, _ in out) == effective_events(log)
    assert list(effective(timed, bounded=False)) == out


def test_chunks_are_written_whole_or_not_at_all(tmp_path: Path) -> None:
    path = tmp_path / "out.json"
    write_chunks_safely(path, iter(["{", '"a": 1', "}\n"]))
    assert path.read_text() == '{"a": 1}\n'

    def broken() -> object:
        yield "half a file"
        raise ValueError("the log stopped")

    with pytest.raises(ValueError, match="the log stopped"):
        write_chunks_safely(path, broken(), force=True)  # type: ignore[arg-type]
    assert path.read_text() == '{"a": 1}\n'  # the earlier file is whole
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]  # no temporary file left
    with pytest.raises(FileRefused, match="already exists"):
        write_chunks_safely(path, iter(["x"]))
    link = tmp_path / "link.json"
    link.symlink_to(path)
    with pytest.raises(FileRefused, match="symbolic link"):
        write_chunks_safely(link, iter(["x"]))
    assert path.read_text() == '{"a": 1}\n'


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=8,
)


@given(
    st.dictionaries(st.sampled_from(["schedule", "a", "zz", "phh"]), json_values, max_size=3),
    st.dictionaries(st.sampled_from(["scale", "hands", "x"]), json_values, max_size=2),
    st.lists(st.dictionaries(st.text(max_size=6), json_values, max_size=4), max_size=4),
    st.sampled_from([None, 1, 2]),
    st.booleans(),
)
def test_details_written_one_by_one_make_the_text_json_writes_of_the_whole(
    meta: dict[str, object],
    phh: dict[str, object],
    details: list[dict[str, object]],
    indent: int | None,
    sort_keys: bool,
) -> None:
    stored = json.loads(json.dumps({**meta, "phh": phh}, sort_keys=True))  # as the journal keeps it
    stored["phh"].pop("hands", None)
    whole = json.loads(json.dumps(stored))
    whole["phh"] = dict(sorted({**whole["phh"], "hands": details}.items()))

    def around(m: dict[str, object]) -> dict[str, object]:
        return {"session": {"id": 1}, "meta": m, "events": []}

    chunks = with_details(around, stored, iter(details), indent=indent, sort_keys=sort_keys)
    assert "".join(chunks) == json.dumps(around(whole), indent=indent, sort_keys=sort_keys)


@pytest.mark.parametrize("fmt", ["phh", "json"])
def test_an_export_reads_each_event_of_the_log_once(
    tmp_path: Path, fmt: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(export_stream, "PAGE", 25)
    events = folded_hands(40, undo_every=3)
    db, sid = _journal(tmp_path, events)
    read: list[int] = []
    with Journal.open(db, read_only=True) as journal:
        records = journal.records

        def counted(session_id: int, after: int = 0, upto: int | None = None) -> list[object]:
            page = records(session_id, after, upto)
            read.extend(r.seq for r in page)
            return page  # type: ignore[return-value]

        monkeypatch.setattr(journal, "records", counted)
        export_session(journal, sid, fmt, tmp_path / "out")  # type: ignore[arg-type]
    assert read == list(range(1, len(events) + 1))
