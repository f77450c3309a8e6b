"""R2.7 the blind clock: a schedule of levels and breaks, run in wall time from journaled
events with their times; the host's controls; breaks; a level that runs out mid-hand."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from omaha_tui.engine.clock_events import ClockPaused, ClockResumed, ScheduleSet
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.decide import decide
from omaha_tui.engine.decisions.outcomes import Decided, Refusal
from omaha_tui.engine.events import ActionUndone, Folded, HandStarted, LevelChanged
from omaha_tui.engine.narration.narrate import narrate
from omaha_tui.engine.reducer import history
from omaha_tui.engine.reducer.replay import apply, replay
from omaha_tui.engine.rules.clock.running import ClockState, position
from omaha_tui.engine.state import TableState
from omaha_tui.session.clock import announcements, clock_view
from omaha_tui.session.document import clock_document
from omaha_tui.session.grammar import parse_duration, parse_levels
from omaha_tui.store.snapshot import decode_state, encode_state
from tests.tables import quick_table

T0 = datetime(2026, 1, 1, 20, 0, tzinfo=UTC)


def at(minutes: float = 0, seconds: float = 0) -> datetime:
    return T0 + timedelta(minutes=minutes, seconds=seconds)


def ok(state: TableState, req: rq.Request) -> TableState:
    out = decide(state, req)
    assert isinstance(out, Decided), out
    return out.state


def refused(state: TableState, req: rq.Request) -> str:
    out = decide(state, req)
    assert isinstance(out, Refusal), out
    return out.reason


def scheduled(levels: str = "1/2:20,2/4:20,break:10,5/10/1:20,10/20/bb20:20") -> TableState:
    return ok(quick_table(), rq.SetSchedule(parse_levels(levels), at=T0))


def fold_out(state: TableState) -> TableState:
    while state.in_hand:
        state = ok(state, rq.Fold())
    return state


def left(state: TableState, when: datetime) -> float | None:
    view = clock_view(state, when)
    assert view is not None
    return view.seconds_left


# ---------------------------------------------------------------- the schedule


def test_r2_7_schedule_text_has_levels_breaks_antes_and_seconds():
    s = parse_levels("1/2:20,2/4:20,break:10,5/10/1:20,25/50/bb50:30s")
    kinds = [type(i).__name__ for i in s.items]
    assert kinds == ["Level", "Level", "Break", "Level", "Level"]
    assert s.items[2].seconds == 600 and s.levels[3].seconds == 30
    assert s.levels[2].ante == 1 and not s.levels[2].big_blind_ante
    assert s.levels[3].big_blind_ante and s.stakes(4).big_blind_ante
    assert [parse_duration(t) for t in ("20", "20m", "30s", "1m30s", "1h")] == [
        1200,
        1200,
        30,
        90,
        3600,
    ]


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("1-2:20", 'level "1-2:20" is not SB/BB[/ANTE]:TIME'),
        ("1/2", '"1/2" has no time'),
        ("1/2:soon", '"1/2:soon": time "soon" is not a time'),
        ("break:10", "a blind schedule needs at least one level"),
        ("4/2:20", "small blind 4 is larger than the big blind 2"),
        ("1/0:20", "the big blind cannot be 0"),
    ],
)
def test_r2_7_a_bad_schedule_is_refused_in_one_line(text: str, says: str):
    with pytest.raises(ValueError) as e:
        parse_levels(text)
    assert says in str(e.value) and "\n" not in str(e.value)


# ---------------------------------------------------------------- R2.7a


def test_r2_7a_the_clock_starts_with_the_first_hand():
    state = scheduled()
    assert left(state, at(30)) == 20 * 60  # no hand yet: the clock waits
    state = ok(state, rq.NextHand(at=at(30)))
    assert state.clock.started and left(state, at(35)) == 15 * 60


def test_r2_7a_the_first_hand_records_the_start_with_the_hand():
    out = decide(scheduled(), rq.NextHand(at=at(1)))
    assert isinstance(out, Decided)
    assert [type(e) for e in out.events] == [HandStarted]
    assert out.events[0].clock_from == at(1) and out.state.clock.started
    assert narrate(scheduled(), out.events, out.state)[0].startswith("Clock started; Hand #1")
    later = decide(fold_out(out.state), rq.NextHand(at=at(3)))
    assert isinstance(later, Decided) and later.events[-1].clock_from is None


def test_r2_7a_the_clock_starts_as_part_of_the_first_hand_so_it_goes_with_it():
    """The start is the hand's own (``clock_from``): the table without that hand has no
    clock started (undoing the hand gives that table back: tests/session), and the
    host's own start stays its own event."""
    state = scheduled()
    first = ok(state, rq.NextHand(at=at(1)))
    assert first.clock.started and not state.clock.started
    assert left(state, at(30)) == 20 * 60  # without the hand it waits for a first hand
    host = ok(state, rq.StartClock(at=at(0)))
    out = decide(host, rq.NextHand(at=at(2)))
    assert isinstance(out, Decided) and out.events[-1].clock_from is None


def test_r2_7a_the_host_may_start_the_clock_before_the_first_hand():
    state = ok(scheduled(), rq.StartClock(at=at(0)))
    assert left(state, at(4)) == 16 * 60
    assert "already running" in refused(state, rq.StartClock(at=at(5)))
    state = ok(state, rq.NextHand(at=at(5)))  # the hand does not start it again
    assert left(state, at(5)) == 15 * 60


def test_r2_7a_the_clock_runs_in_wall_time_and_carries_through_levels_and_breaks():
    state = ok(scheduled(), rq.NextHand(at=at(0)))
    view = clock_view(state, at(25))
    assert view is not None and view.level.number == 2 and view.seconds_left == 15 * 60
    view = clock_view(state, at(45))
    assert view is not None and view.on_break and view.break_number == 1
    assert view.seconds_left == 5 * 60 and view.level.number == 3  # the level after it
    view = clock_view(state, at(60))
    assert view is not None and view.level.number == 3 and view.seconds_left == 10 * 60
    assert view.next_level is not None and view.next_level.blinds == "10/20/bb20"


def test_r2_7a_the_clock_is_a_pure_fold_of_the_log():
    from omaha_tui.engine.config import Stakes, TableConfig
    from omaha_tui.engine.hands.games import parse_game
    from omaha_tui.engine.opening import opening_events

    config = TableConfig(variant=parse_game("omaha"), stakes=Stakes(big_blind=2))
    log = list(opening_events(config, [(i, f"P{i}", 100) for i in range(3)], button=2))
    state = replay(log)
    for req in (
        rq.SetSchedule(parse_levels("1/2:20,break:5,2/4:20"), at=at(0)),
        rq.NextHand(at=at(1)),
        rq.PauseClock(at=at(3)),
        rq.ResumeClock(at=at(9)),
        rq.AdjustClock(-60, at=at(10)),
    ):
        out = decide(state, req)
        assert isinstance(out, Decided)
        log += out.events
        state = out.state
    again = replay(log)
    assert again.clock == state.clock
    assert clock_view(again, at(50)) == clock_view(state, at(50))
    # started at 1, paused for 6, a minute taken: level 1 ends at 1 + 20 + 6 - 1 = 26
    assert clock_view(again, at(25, 59)).on_break is False  # type: ignore[union-attr]
    assert clock_view(again, at(26)).on_break is True  # type: ignore[union-attr]


def test_r2_7a_the_clock_survives_a_snapshot():
    state = ok(ok(scheduled(), rq.NextHand(at=at(0))), rq.PauseClock(at=at(7)))
    back = decode_state(encode_state(state))
    assert back.clock == state.clock
    assert clock_view(back, at(90)) == clock_view(state, at(90))


def test_r2_7a_a_clock_set_back_does_not_run_backwards():
    state = ok(scheduled(), rq.NextHand(at=at(10)))
    assert left(state, at(5)) == 20 * 60


# ---------------------------------------------------------------- R2.7b


def test_r2_7b_pause_holds_the_time_and_resume_goes_on():
    state = ok(scheduled(), rq.NextHand(at=at(0)))
    state = ok(state, rq.PauseClock(at=at(5)))
    assert left(state, at(50)) == 15 * 60
    view = clock_view(state, at(50))
    assert view is not None and view.paused
    assert "already paused" in refused(state, rq.PauseClock(at=at(6)))
    state = ok(state, rq.ResumeClock(at=at(50)))
    assert left(state, at(52)) == 13 * 60
    assert "nothing to resume" in refused(state, rq.ResumeClock(at=at(53)))


def test_r2_7b_add_or_take_away_time():
    state = ok(scheduled(), rq.NextHand(at=at(0)))
    state = ok(state, rq.AdjustClock(120, at=at(5)))
    assert left(state, at(5)) == 17 * 60
    state = ok(state, rq.AdjustClock(-30, at=at(6)))
    assert left(state, at(6)) == 15 * 60 + 30
    assert "add or take away some time" in refused(state, rq.AdjustClock(0, at=at(6)))


def test_r2_7b_taking_away_more_than_is_left_ends_the_level_and_never_skips_the_next():
    state = ok(scheduled(), rq.NextHand(at=at(0)))
    state = ok(state, rq.AdjustClock(-25 * 60, at=at(0)))
    view = clock_view(state, at(0))
    assert view is not None and view.level.number == 2 and view.seconds_left == 20 * 60


def test_r2_7b_next_and_previous_level_start_from_the_beginning():
    state = ok(scheduled(), rq.NextHand(at=at(0)))
    state = ok(state, rq.NextLevel(at=at(5)))
    view = clock_view(state, at(6))
    assert view is not None and view.level.number == 2 and view.seconds_left == 19 * 60
    state = ok(state, rq.PreviousLevel(at=at(6)))
    view = clock_view(state, at(6))
    assert view is not None and view.level.number == 1 and view.seconds_left == 20 * 60
    assert "first level" in refused(state, rq.PreviousLevel(at=at(7)))


def test_r2_7b_next_level_from_the_last_is_refused():
    state = ok(scheduled("1/2:20,2/4:20"), rq.NextHand(at=at(0)))
    state = ok(state, rq.NextLevel(at=at(1)))
    assert "level 2 is the last level" in refused(state, rq.NextLevel(at=at(2)))


def test_r2_7b_each_control_is_recorded_with_its_time_and_undo_takes_it_back():
    state = fold_out(ok(scheduled(), rq.NextHand(at=at(0))))
    state = ok(state, rq.NextLevel(at=at(1)))
    before = clock_view(state, at(9))
    for req in (
        rq.PauseClock(at=at(3)),
        rq.AdjustClock(60, at=at(3)),
        rq.NextLevel(at=at(3)),
        rq.PreviousLevel(at=at(3)),
    ):
        out = decide(state, req)
        assert isinstance(out, Decided) and out.events[0].at == at(3)  # type: ignore[union-attr]
        h = history.record_all(history.begin(state), out.events, out.steps)
        undone = history.apply(h, ActionUndone()).state
        assert undone.clock == state.clock and clock_view(undone, at(9)) == before


def test_r2_7b_the_narrator_says_each_control():
    state = ok(scheduled(), rq.NextHand(at=at(0)))
    for req, words in (
        (rq.PauseClock(at=at(5)), "Clock paused with 15:00 left"),
        (rq.ResumeClock(at=at(6)), "Clock running again"),
        (rq.AdjustClock(90, at=at(6)), "Clock: 1 min 30 s added; Level 1, 16:30 left"),
        (rq.NextLevel(at=at(6)), "Clock moved to Level 2: blinds 2/4 (20 min)"),
        (rq.PauseClock(at=at(7)), "Clock paused with 19:00 left"),
        (rq.AdjustClock(120, at=at(9)), "Clock: 2 min added; Level 2, 21:00 left (paused)"),
        (
            rq.AdjustClock(-1380, at=at(9)),
            "Clock: 23 min taken away (more than the 21:00 left: level 2 ends now); "
            "Break 1, 10:00 left (paused)",
        ),
    ):
        out = decide(state, req)
        assert isinstance(out, Decided)
        assert narrate(state, out.events, out.state) == (words,)
        state = out.state
    view = clock_view(state, at(30))  # time changed at a paused clock: still paused
    assert view is not None and view.paused and view.on_break and view.seconds_left == 10 * 60


# ---------------------------------------------------------------- R2.7c


def in_break() -> TableState:
    state = fold_out(ok(scheduled(), rq.NextHand(at=at(0))))
    view = clock_view(state, at(42))
    assert view is not None and view.on_break
    return state


def test_r2_7c_no_hand_starts_in_a_break_and_the_reason_is_given():
    reason = refused(in_break(), rq.NextHand(at=at(42)))
    assert reason == "a break is on for 08:00 more: no hand starts in a break (R2.7c)"
    # The console names its word to end the break early; the app names its key (B).
    from omaha_tui.engine.decisions.available import available
    from omaha_tui.session.outcome import refusal_words

    avail = available(in_break())
    assert refusal_words(reason, rq.NextHand(), avail).endswith("; `break end` ends it early")
    assert refusal_words(reason, rq.NextHand(), avail, "B").endswith("; B ends it early")


def test_r2_7c_a_break_just_begun_has_its_whole_length_left():
    from omaha_tui.engine.clock_events import at_ms
    from omaha_tui.engine.rules.clock.due import break_refusal
    from omaha_tui.engine.rules.clock.running import position

    clock, start = in_break().clock, at_ms(at(0))
    begins = next(
        start + ms
        for ms in range(0, 7_200_000, 1000)
        if position(clock, start + ms).on_break(clock.schedule)
    )
    whole = break_refusal(position(clock, begins))
    assert break_refusal(position(clock, begins + 400)) == whole  # not a second less
    assert break_refusal(position(clock, begins + 1000)) != whole


def test_r2_7c_the_host_may_end_a_break_early_and_the_next_level_starts():
    state = ok(in_break(), rq.EndBreak(at=at(42)))
    view = clock_view(state, at(43))
    assert view is not None and not view.on_break and view.level.number == 3
    assert view.seconds_left == 19 * 60
    out = decide(state, rq.NextHand(at=at(43)))
    assert isinstance(out, Decided) and isinstance(out.events[0], LevelChanged)
    assert out.events[0].level == 3 and out.events[0].stakes.ante == 1
    assert "no break is on" in refused(out.state, rq.EndBreak(at=at(44)))


def test_r2_7c_a_break_ends_on_its_own_and_play_goes_on():
    out = decide(in_break(), rq.NextHand(at=at(50)))
    assert isinstance(out, Decided)
    assert out.state.level == 3 and out.state.hand is not None
    assert out.state.hand.stakes.ante == 1


def test_r2_7c_the_last_minute_of_a_level_and_a_break_and_each_new_level_are_announced():
    state = fold_out(ok(scheduled("1/2:20,break:10,100/200/25:20"), rq.NextHand(at=at(0))))

    def heard(a: datetime, b: datetime) -> list[str]:
        return [x.text for x in announcements(clock_view(state, a), clock_view(state, b))]

    assert heard(at(18), at(19, 1)) == ["One minute left in level 1"]
    assert heard(at(19, 1), at(19, 2)) == []
    assert heard(at(19, 59), at(20)) == ["Break 1 for 10:00: no hand until it ends"]
    assert heard(at(28), at(29, 30)) == ["One minute left in the break"]
    assert heard(at(29, 59), at(30)) == ["Blinds are now 100 and 200, ante 25"]


def test_r2_7c_a_big_blind_ante_level_is_said_so_and_posted_by_the_big_blind():
    state = fold_out(ok(scheduled("1/2:1,10/20/bb20:20"), rq.NextHand(at=at(0))))
    said = announcements(clock_view(state, at(0, 59)), clock_view(state, at(1)))
    assert [a.text for a in said] == ["Blinds are now 10 and 20, big-blind ante 20"]
    state = ok(state, rq.NextHand(at=at(2)))
    kinds = [(p.kind.value, p.amount) for p in state.hand.posts]
    assert ("ante", 20) in kinds and kinds.count(("ante", 20)) == 1


# ---------------------------------------------------------------- R2.7d


def test_r2_7d_time_running_out_mid_hand_finishes_the_hand_at_the_old_level():
    state = ok(ok(scheduled(), rq.StartClock(at=at(0))), rq.NextHand(at=at(19)))
    view = clock_view(state, at(21))
    assert view is not None and view.level.number == 2 and view.due and view.playing == 1
    said = announcements(clock_view(state, at(19, 59)), view)
    assert [a.text for a in said] == ["Level 2 starts with the next hand: blinds 2 and 4"]
    assert state.hand is not None and state.hand.stakes.big_blind == 2
    state = fold_out(state)
    out = decide(state, rq.NextHand(at=at(21)))
    assert isinstance(out, Decided)
    assert [type(e) for e in out.events] == [LevelChanged, HandStarted]
    assert [p.amount for p in out.state.hand.posts] == [2, 4]


def test_r2_7d_levels_that_ran_out_unplayed_are_skipped():
    state = fold_out(ok(scheduled(), rq.NextHand(at=at(0))))
    out = decide(state, rq.NextHand(at=at(70)))  # past the break, into level 4
    assert isinstance(out, Decided)
    assert out.events[0] == LevelChanged(level=4, stakes=out.events[0].stakes)
    assert out.state.hand.stakes.big_blind == 20 and out.state.hand.stakes.big_blind_ante


# ---------------------------------------------------------------- edges


def test_r2_7_a_table_without_a_schedule_has_no_clock_and_says_so():
    state = quick_table()
    assert clock_view(state, at(0)) is None and clock_document(None, state) is None
    assert "no blind schedule" in refused(state, rq.PauseClock(at=at(0)))
    assert "no blind schedule" in refused(state, rq.NextLevel(at=at(0)))
    out = decide(state, rq.NextHand(at=at(0)))
    assert isinstance(out, Decided) and [type(e) for e in out.events] == [HandStarted]


def test_r2_7_the_console_json_clock_has_its_fields():
    state = ok(scheduled(), rq.NextHand(at=at(0)))
    data = clock_document(clock_view(state, at(5)), state)
    assert data is not None
    assert {k: data[k] for k in ("level", "sb", "bb", "ante", "break", "paused")} == {
        "level": 1,
        "sb": 1,
        "bb": 2,
        "ante": 0,
        "break": False,
        "paused": False,
    }
    assert data["seconds_left"] == 900 and data["seconds_to_break"] == 35 * 60
    nxt = data["next_level"]
    assert {k: nxt[k] for k in ("level", "sb", "bb", "ante")} == {
        "level": 2,
        "sb": 2,
        "bb": 4,
        "ante": 0,
    }


def test_r2_7_a_clock_event_from_another_engine_is_refused_in_one_line():
    state = quick_table()
    with pytest.raises(ValueError, match="no blind schedule"):
        apply(state, ClockPaused(at=T0))
    state = apply(state, ScheduleSet(schedule=parse_levels("1/2:20"), at=T0))
    with pytest.raises(ValueError, match="has not started"):
        apply(state, ClockResumed(at=T0))


def test_r2_7_the_fold_event_does_not_touch_the_clock():
    state = ok(scheduled(), rq.NextHand(at=at(0)))
    assert apply(state, Folded(seat=state.hand.to_act)).clock == state.clock


# ---------------------------------------------------------------- properties


@given(
    st.lists(st.integers(min_value=0, max_value=600_000), min_size=1, max_size=12),
    st.integers(min_value=0, max_value=600_000),
)
def test_r2_7b_only_running_time_counts_whatever_the_pauses(gaps: list[int], tail: int):
    """Pauses and resumes at any times: the clock has run exactly the running stretches."""
    schedule = parse_levels("1000/2000:600")  # one long level
    clock = ClockState(schedule, True, True, 0, 0, 0)
    from omaha_tui.engine.rules.clock.running import paused_at, resumed_at

    now, ran, running = 0, 0, True
    for gap in gaps:
        now += gap
        if running:
            ran += gap
            clock = paused_at(clock, now)
        else:
            clock = resumed_at(clock, now)
        running = not running
    now += tail
    ran += tail if running else 0
    p = position(clock, now)
    assert p.elapsed_ms == ran and p.item == 0


def test_r2_7c_a_level_reached_between_hands_is_announced_once_not_again_with_the_hand():
    from omaha_tui.session.clock import Announcer

    state = fold_out(ok(scheduled("1/2:20,2/4:20"), rq.NextHand(at=at(0))))
    ear = Announcer()
    assert ear.hear(clock_view(state, at(19, 50))) == ()
    assert [a.text for a in ear.hear(clock_view(state, at(20, 1)))] == ["Blinds are now 2 and 4"]
    state = ok(state, rq.NextHand(at=at(20, 30)))
    assert state.level == 2
    assert ear.hear(clock_view(state, at(20, 31))) == ()


def test_r2_7d_a_level_reached_mid_hand_is_forewarned_then_said_when_its_hand_starts():
    from omaha_tui.session.clock import Announcer

    state = ok(ok(scheduled("1/2:20,2/4:20"), rq.StartClock(at=at(0))), rq.NextHand(at=at(19)))
    ear = Announcer()
    ear.hear(clock_view(state, at(19, 30)))
    assert [a.text for a in ear.hear(clock_view(state, at(20, 1)))] == [
        "Level 2 starts with the next hand: blinds 2 and 4"
    ]
    state = ok(fold_out(state), rq.NextHand(at=at(21)))
    said = ear.hear(clock_view(state, at(21)))
    assert [(a.text, a.on_screen) for a in said] == [("Blinds are now 2 and 4", False)]
    assert ear.hear(clock_view(state, at(21, 1))) == ()


def test_r2_7_the_clock_speaks_in_the_tables_decimals():
    """A table that counts in 0.25/0.50 (two decimals) hears and reads its blinds so;
    the JSON keeps integer units, as the rest of the console's JSON state does."""
    from omaha_tui.engine.config import Stakes, TableConfig, parse_game
    from omaha_tui.engine.opening import opening_events
    from omaha_tui.session.clock import Announcer, clock_line

    config = TableConfig(
        variant=parse_game("omaha"), stakes=Stakes(small_blind=25, big_blind=50), decimals=2
    )
    state = replay(opening_events(config, [(0, "A", 10000), (1, "B", 10000)], button=1))
    state = ok(state, rq.SetSchedule(parse_levels("25/50:20,50/100/bb100:20"), at=T0))
    state = fold_out(ok(state, rq.NextHand(at=at(0))))
    view = clock_view(state, at(5))
    assert view is not None
    assert clock_line(view) == "Level 1 · blinds 0.25/0.50 · 15:00 left · next 0.50/1/bb1"
    ear = Announcer()
    ear.hear(clock_view(state, at(19, 30)))
    said = [a.text for a in ear.hear(clock_view(state, at(20, 1)))]
    assert said == ["Blinds are now 0.50 and 1, big-blind ante 1"]
    out = decide(state, rq.NextLevel(at=at(1)))
    assert isinstance(out, Decided)
    assert narrate(state, out.events, out.state) == (
        "Clock moved to Level 2: blinds 0.50/1, big-blind ante 1 (20 min)",
    )
    j = clock_document(view, state)
    assert j is not None and (j["sb"], j["bb"]) == (25, 50)
    nxt = j["next_level"]
    assert {k: nxt[k] for k in ("level", "sb", "bb", "ante")} == {
        "level": 2,
        "sb": 50,
        "bb": 100,
        "ante": 100,
    }


@given(
    st.lists(
        st.tuples(st.sampled_from(["wait", "hand", "next", "back"]), st.integers(1, 900)),
        max_size=30,
    )
)
@example([("hand", 1), ("wait", 300), ("wait", 300), ("back", 1)])  # back from a break
@example([("next", 1), ("hand", 1), ("wait", 300), ("back", 1), ("wait", 300)])  # and again
def test_r2_7c_property_a_level_is_never_said_twice_in_a_row(steps):
    """Whatever the host and the clock do, between two sayings of a level's blinds the
    level said changes or a break is announced: the table never hears the same level
    announced twice over (moved back from a break to the level before it, the table is
    told its blinds again, since the break was announced)."""
    from omaha_tui.session.clock import Announcer

    state = scheduled("1/2:5,2/4:5,break:2,5/10:5,10/20:0")
    ear, t = Announcer(), at(0)
    ear.hear(clock_view(state, t))
    said: list[int] = []
    for step, seconds in steps:
        t += timedelta(seconds=seconds)
        if step == "hand":
            out = decide(state, rq.NextHand(at=t))
            if isinstance(out, Decided):
                state = out.state
                said += heard(ear.hear(clock_view(state, t)))
                state = fold_out(state)
        elif step in ("next", "back"):
            req = rq.NextLevel(at=t) if step == "next" else rq.PreviousLevel(at=t)
            out = decide(state, req)
            if isinstance(out, Decided):
                state = out.state
        said += heard(ear.hear(clock_view(state, t)))
    assert all(a != b for a, b in pairwise(said)), said


def heard(announced: tuple[Any, ...]) -> list[int | str]:
    """The levels whose blinds were said, and each break announced, in order."""
    return [a.level or "break" for a in announced if a.level or a.text.startswith("Break ")]
