"""R13.1 and R13.3 in hand histories: a bomb pot is written as standard antes (with the
standard's pre-flop round, checked by everyone) and a button straddle as a third blind
(``blinds_or_straddles = [1, 2, 0, 0, 0, 4]``); stock pokerkit replays both to the
stacks the file states, and a plain file reads back as a bomb pot and a straddle."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest

from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.decide import decide
from omaha_tui.engine.decisions.outcomes import Decided
from omaha_tui.engine.events import Event, HandStarted
from omaha_tui.engine.reducer.replay import replay
from omaha_tui.interchange.phh import PhhHand
from omaha_tui.interchange.phh_export import session_hands
from omaha_tui.interchange.phh_replay import replay_hand
from omaha_tui.interchange.phh_write import dumps
from tests.engine.table_helpers import table_events

pokerkit = pytest.importorskip("pokerkit")


def _record(events: list[Event], *requests: rq.Request) -> list[Event]:
    state = replay(events)
    for request in requests:
        out = decide(state, request)
        assert isinstance(out, Decided), (request, out)
        events += out.events
        state = out.state
    return events


def _pokerkit_stacks(text: str) -> list[Decimal]:
    history = pokerkit.HandHistory.loads(text, parse_value=Decimal)
    *_, state = iter(history)
    return [Decimal(s) for s in state.stacks]


def _plain(hand: PhhHand) -> PhhHand:
    """The hand as another program writes it: none of this program's own fields."""
    return replace(hand, extra=tuple((k, v) for k, v in hand.extra if not k.startswith("_")))


CHECK = [rq.Check()] * 6


def _bomb_session() -> list[Event]:
    """Six players, blinds 1/2, bomb 5 with a short stack of 3: checked to the river."""
    events = table_events(stacks=(100, 100, 3, 100, 100, 100), small_blind=1, seats=6)
    return _record(
        events,
        rq.SetBomb(5),
        rq.NextHand(),
        rq.DealCards("Ah Kd 7c"),
        rq.Bet(2),
        *[rq.Call()] * 4,
        rq.DealCards("2s"),
        *[rq.Check()] * 5,
        rq.DealCards("3s"),
        *[rq.Check()] * 5,
        rq.TableHands(
            (
                (0, "Qs Qc 9h 8d"),
                (1, "Js Jc 9c 8c"),
                (2, "As Ac 8h 6h"),
                (3, "Ts Tc 2c 3d"),
                (4, "9s 5s 4d 4h"),
                (5, "Kh Ks 6d 6c"),
            )
        ),
        rq.AwardByCards(),
    )


def test_r13_1_bomb_pot_is_standard_antes_and_pokerkit_reproduces_the_stacks() -> None:
    (hand,) = session_hands(_bomb_session())
    assert list(hand.antes) == [5, 5, 3, 5, 5, 5]
    assert set(hand.blinds_or_straddles) == {0}
    assert hand.actions[6:11] == ("p1 cc", "p2 cc", "p4 cc", "p5 cc", "p6 cc")
    text = dumps(hand)
    assert _pokerkit_stacks(text) == list(hand.finishing_stacks or ())


def test_r13_1_a_plain_bomb_pot_file_reads_back_as_a_bomb_pot() -> None:
    (hand,) = session_hands(_bomb_session())
    replayed = replay_hand(_plain(hand))
    start = next(e for e in replayed.events if isinstance(e, HandStarted))
    assert start.bomb == 5 and {p.kind.value for p in start.posts} == {"bomb"}
    stacks = [s.stack for s in replayed.history.state.seats if s is not None]
    assert [Decimal(s) for s in stacks] == list(hand.finishing_stacks or ())


def test_r13_3_button_straddle_is_a_third_blind_and_pokerkit_reproduces_the_stacks() -> None:
    events = table_events(stacks=(100,) * 6, small_blind=1, seats=6)
    events = _record(
        events,
        rq.SetStraddle(4, button=True),
        rq.NextHand(),
        rq.RaiseTo(8),  # the small blind raises over the straddle (R13.3: at least 8)
        *[rq.Fold()] * 4,
        rq.Call(),  # the button, last
        rq.DealCards("Ah Kd 7c"),
        rq.Check(),
        rq.Check(),
        rq.DealCards("2s"),
        rq.Check(),
        rq.Check(),
        rq.DealCards("3s"),
        rq.Check(),
        rq.Check(),
        rq.TableHands(((0, "Qs Qc 9h 8d"), (5, "As Ac 8h 6h"))),
        rq.AwardByCards(),
    )
    (hand,) = session_hands(events)
    assert list(hand.blinds_or_straddles) == [1, 2, 0, 0, 0, 4]
    assert _pokerkit_stacks(dumps(hand)) == list(hand.finishing_stacks or ())
    replayed = replay_hand(_plain(hand))
    start = next(e for e in replayed.events if isinstance(e, HandStarted))
    assert [(p.seat, p.kind.value) for p in start.posts][-1] == (5, "straddle")
    stacks = [s.stack for s in replayed.history.state.seats if s is not None]
    assert [Decimal(s) for s in stacks] == list(hand.finishing_stacks or ())


@pytest.mark.parametrize("fmt", ["phh", "json"])
def test_r13_bomb_pot_and_straddles_come_back_event_for_event(tmp_path, fmt: str) -> None:
    from omaha_tui.interchange.interop import export_session, import_files
    from omaha_tui.store.journal import Journal

    events = _bomb_session()
    events = _record(
        events, rq.SetStraddle(4, seat=3), rq.NextHand(), *[rq.Fold()] * 4, rq.SetBomb(6, every=3)
    )
    with Journal.open(tmp_path / "j.sqlite3") as journal:
        sid = journal.create_session("Friday", meta={"schedule": None})
        journal.append_many(sid, events)
        journal.release(sid)
        written = export_session(journal, sid, fmt, tmp_path / "out").path  # type: ignore[arg-type]
        (outcome,) = import_files(journal, [written])
        assert outcome.error is None and outcome.session_id is not None
        assert journal.events(outcome.session_id) == events


def test_r13_double_board_bomb_pot_comes_back_event_for_event(tmp_path) -> None:
    from omaha_tui.interchange.interop import export_session, import_files
    from omaha_tui.store.journal import Journal

    events = table_events(stacks=(100, 100, 3, 100), small_blind=1, seats=4)
    events = _record(
        events,
        rq.SetBomb(5, double=True),
        rq.NextHand(),
        rq.DealCards("Ah Kd 7c | 2s 3s 4s"),
        *[rq.Check()] * 3,
        rq.DealCards("9h | Jd"),
        *[rq.Check()] * 3,
        rq.DealCards("Tc | 5h"),
        *[rq.Check()] * 3,
        rq.TableHands(
            ((0, "Qs Qc 9c 8d"), (1, "Js Jc 9d 8c"), (2, "As Ac 8h 6h"), (3, "Ts Td 2c 3d"))
        ),
        rq.AwardByCards(),
    )
    with Journal.open(tmp_path / "j.sqlite3") as journal:
        sid = journal.create_session("Friday", meta={"schedule": None})
        journal.append_many(sid, events)
        journal.release(sid)
        written = export_session(journal, sid, "phh", tmp_path / "out").path
        (outcome,) = import_files(journal, [written])
        assert outcome.error is None and outcome.session_id is not None
        assert journal.events(outcome.session_id) == events
