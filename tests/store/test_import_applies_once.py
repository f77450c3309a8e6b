"""A PHH import applies each event once: the hand is replayed by the rules, and the
journal records the states that replay computed instead of applying the events again."""

from __future__ import annotations

from pathlib import Path

import pytest

from omaha_tui.engine.events import Event
from omaha_tui.engine.reducer import replay as reducer
from omaha_tui.engine.reducer.replay import replay
from omaha_tui.interchange.interop import import_files
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
        assert journal.checks.has_snapshot(outcome.session_id)
        assert journal.load_state(outcome.session_id) == replay(recorded)


def test_a_log_whose_undo_reaches_further_back_than_a_live_table_still_imports(
    tmp_path: Path,
) -> None:
    from omaha_tui.engine.events import ActionUndone
    from omaha_tui.engine.reducer.history import UNDO_HANDS
    from omaha_tui.interchange.interop import export_session
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


def _evening(newcomer: bool) -> list[Event]:
    """Four hands of one table: showdowns settled by the cards, a rebuy between hands,
    and a ``newcomer`` who sits down in the middle (the import renumbers the chairs)."""
    from tests import decided as c

    from .recorded import Table

    t = Table(seats=((0, "Ann", 100), (2, "Bob", 100), (4, "Cy", 100)))
    boards = ("2h 7c 8d", "Kc", "3d")
    holes = ("Qs Js Ts 9s", "2c 3c 4d 5d", "Ah Ad Kh Kd", "6s 6h 9c 9d")
    for hand in range(4):
        if hand == 1:
            t.do(c.rebuy(t.state, 2, 50))
        if hand == 2 and newcomer:
            t.do(c.seat_player(t.state, 1, "Dee", 80))
        t.do(c.start_hand(t.state))
        t.do(c.bet_or_raise(t.state, 6))
        for street in boards:
            while t.state.hand is not None and t.state.hand.to_act is not None:
                t.do(c.check_or_call(t.state))
            t.do(c.deal_board(t.state, street))
        while t.state.hand is not None and t.state.hand.to_act is not None:
            t.do(c.check_or_call(t.state))
        hand_state = t.state.hand
        assert hand_state is not None
        for k, seat in enumerate(sorted(hand_state.live)):
            t.do(c.show(t.state, seat, holes[k]))
        t.do(c.settle_by_cards(t.state))
    return t.events


def _without_our_fields(text: str) -> str:
    """A file as another program would write it: no omaha-tui user fields."""
    return "\n".join(line for line in text.splitlines() if not line.startswith("_omaha_tui"))


@pytest.mark.parametrize(
    ("carried", "newcomer"),
    [(False, False), (False, True), (True, False), (True, True)],
    ids=["hands-continue-a-table", "a-newcomer-sits-down", "exact-log", "exact-log-newcomer"],
)
def test_a_multi_hand_phh_import_applies_each_recorded_event_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, carried: bool, newcomer: bool
) -> None:
    from omaha_tui.engine.events import PlayerRebought, PlayerSeated
    from omaha_tui.interchange.interop import export_session

    events = _evening(newcomer)
    with Journal.open(tmp_path / "j.sqlite3") as journal:
        sid = journal.record_session("Friday", events)
        written = export_session(journal, sid, "phh", tmp_path / "out").path
        f = tmp_path / "evening.phhs"
        text = written.read_text()
        f.write_text(text if carried else _without_our_fields(text))
        calls = _counting(monkeypatch)
        (outcome,) = import_files(journal, [f])
        assert outcome.session_id is not None, outcome.error
        assert outcome.hands == 4
        recorded = journal.events(outcome.session_id)
        assert calls == [e.type for e in recorded]
        monkeypatch.undo()
        if carried:
            assert recorded == events
        else:  # one session: the rebuy (and the newcomer) came between the hands
            assert any(isinstance(e, PlayerRebought) for e in recorded)
            dee = [e for e in recorded if isinstance(e, PlayerSeated) and e.name == "Dee"]
            assert len(dee) == newcomer
        assert journal.load_state(outcome.session_id) == replay(recorded)


def test_a_session_that_ends_before_a_newcomer_comes_keeps_its_own_chairs(
    tmp_path: Path,
) -> None:
    """The import seats a run ahead for the newcomer of hand 3; hand 2 cannot continue
    the table (Ann starts it with fewer chips than hand 1 left her: a correction, which
    a hand history cannot show), so hand 1 is a session of its own, in the chairs a file
    of hand 1 alone gives."""
    from omaha_tui.engine.decisions import requests as rq
    from omaha_tui.interchange.interop import export_session
    from omaha_tui.interchange.phh import loads
    from omaha_tui.interchange.phh_write import dumps_all
    from tests import decided as c

    from .recorded import Table

    t = Table(seats=((0, "Ann", 100), (2, "Bob", 100), (4, "Cy", 6)))
    t.do(c.start_hand(t.state))
    while t.state.hand is not None and t.state.hand.to_act is not None:
        t.do(c.all_in(t.state) if t.state.hand.to_act == 4 else c.check_or_call(t.state))
    for street in ("Qs Js 7h", "8s", "9d"):
        while t.state.hand is not None and t.state.hand.to_act is not None:
            t.do(c.check_or_call(t.state))
        t.do(c.deal_board(t.state, street))
    while t.state.hand is not None and t.state.hand.to_act is not None:
        t.do(c.check_or_call(t.state))
    for seat, cards in ((0, "Ah Ad Kh Kd"), (2, "2h 3h 4s 5s"), (4, "2c 3c 4d 5d")):
        t.do(c.show(t.state, seat, cards))
    t.do(c.settle_by_cards(t.state))
    assert t.state.seats[4].stack == 0  # type: ignore[union-attr]
    for event in c.events(t.state, rq.Correct(0, -5, "miscounted")):
        t.do(event)
    for hand in (2, 3):
        if hand == 3:
            t.do(c.seat_player(t.state, 1, "Dee", 80))
        t.fold_hand()
    with Journal.open(tmp_path / "j.sqlite3") as journal:
        sid = journal.record_session("Friday", t.events)
        written = export_session(journal, sid, "phh", tmp_path / "out").path
        evening = tmp_path / "evening.phhs"
        evening.write_text(_without_our_fields(written.read_text()))
        first = tmp_path / "first.phh"
        first.write_text(dumps_all(loads(evening.read_text(), "evening")[:1]))
        outcomes = import_files(journal, [evening, first])
        assert [o.hands for o in outcomes] == [1, 2, 1], [o.error for o in outcomes]
        sessions = [o.session_id for o in outcomes]
        assert all(s is not None for s in sessions)
        assert journal.events(sessions[0]) == journal.events(sessions[2])  # type: ignore[arg-type]
        dee = [e for e in journal.events(sessions[1]) if getattr(e, "name", None) == "Dee"]  # type: ignore[arg-type]
        assert len(dee) == 1


@pytest.mark.parametrize("game", ["omaha", "omaha8", "big-o"])
@pytest.mark.parametrize("carried", [False, True], ids=["plain", "exact-log"])
def test_random_evenings_import_applying_each_recorded_event_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str, carried: bool
) -> None:
    from omaha_tui.interchange.interop import export_session

    from .recorded import random_session

    events = random_session(game, 12, seed=5).events
    with Journal.open(tmp_path / "j.sqlite3") as journal:
        sid = journal.record_session("Friday", events)
        text = export_session(journal, sid, "phh", tmp_path / "out").path.read_text()
        f = tmp_path / "evening.phhs"
        f.write_text(text if carried else _without_our_fields(text))
        calls = _counting(monkeypatch)
        (outcome,) = import_files(journal, [f])
        assert outcome.session_id is not None, outcome.error
        recorded = journal.events(outcome.session_id)
        assert calls == [e.type for e in recorded]


def test_a_json_import_the_rules_refuse_names_the_event_from_its_one_replay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An edited export whose log the rules refuse gets one line naming the refused
    event, from the fold that checked it: no event is applied twice, nothing recorded."""
    import json

    from omaha_tui.engine.events import EVENT_ADAPTER
    from omaha_tui.interchange.interop import export_session
    from tests import decided as c

    from .recorded import Table

    t = Table()
    t.do(c.start_hand(t.state))
    with Journal.open(tmp_path / "j.sqlite3") as journal:
        sid = journal.record_session("edited", t.events)
        written = export_session(journal, sid, "json", tmp_path / "out").path
        data = json.loads(written.read_text())
        started = next(e for e in data["events"] if e["type"] == "hand_started")
        data["events"].append(started)  # a second hand while the first is being played
        data.pop("times", None)
        edited = tmp_path / "edited.json"
        edited.write_text(json.dumps(data))
        before = journal.sessions()
        calls = _counting(monkeypatch)
        (outcome,) = import_files(journal, [edited])
        monkeypatch.undo()
        assert outcome.session_id is None
        assert outcome.error is not None
        assert outcome.error.startswith(f"{edited}: the rules refuse its event log (")
        with pytest.raises(ValueError) as refused:
            reducer.apply(t.state, EVENT_ADAPTER.validate_python(started))
        assert f"({refused.value})" in outcome.error  # the refused event, named
        assert calls == [e["type"] for e in data["events"]]
        assert journal.sessions() == before


def test_a_phh_import_whose_carried_log_the_rules_refuse_names_the_event_from_one_fold(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A PHH export whose carried event log was edited so the rules refuse it gets one
    line naming the refused event, from the one fold that checked it (no event applied
    twice), and nothing is recorded."""
    import json
    from dataclasses import replace

    from omaha_tui.engine.events import EVENT_ADAPTER
    from omaha_tui.interchange.exact_log import EVENTS_FIELD
    from omaha_tui.interchange.interop import export_session
    from omaha_tui.interchange.phh import loads
    from omaha_tui.interchange.phh_write import dumps_all

    from .recorded import Table

    t = Table()
    t.fold_hand()
    with Journal.open(tmp_path / "j.sqlite3") as journal:
        sid = journal.record_session("edited", t.events)
        written = export_session(journal, sid, "phh", tmp_path / "out").path
        (hand,) = loads(written.read_text(), "out")
        fields = dict(hand.extra)
        events = list(fields[EVENTS_FIELD])  # type: ignore[arg-type]
        types = [json.loads(e)["type"] for e in events]  # each a JSON text
        started = events[types.index("hand_started")]
        events.insert(events.index(started) + 1, started)  # a second start mid-hand
        extra = tuple((k, events if k == EVENTS_FIELD else v) for k, v in hand.extra)
        edited = tmp_path / "edited.phh"
        edited.write_text(dumps_all([replace(hand, extra=extra)]))
        before = journal.sessions()
        calls = _counting(monkeypatch)
        (outcome,) = import_files(journal, [edited])
        monkeypatch.undo()
        assert outcome.session_id is None and outcome.error is not None
        assert "the rules refuse its event log (" in outcome.error, outcome.error
        refused_at = events.index(started) + 1
        with pytest.raises(ValueError) as refused:
            reducer.apply(
                replay([EVENT_ADAPTER.validate_json(e) for e in events[:refused_at]]),
                EVENT_ADAPTER.validate_json(started),
            )
        assert f"({refused.value})" in outcome.error  # the refused event, named
        assert calls == [json.loads(e)["type"] for e in events[: refused_at + 1]]  # each once
        assert journal.sessions() == before
