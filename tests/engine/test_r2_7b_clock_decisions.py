"""R2.7(b)'s clock decisions: taking away more time than is left, moving back over a
break, every level and break announced, and one rounding of the time left."""

from __future__ import annotations

from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.decide import decide
from omaha_tui.engine.decisions.outcomes import Decided
from omaha_tui.engine.narration.narrate import narrate
from omaha_tui.session.clock import Announcer, clock_line, clock_view
from omaha_tui.session.document import clock_document
from omaha_tui.store.snapshot import decode_state, encode_state

from .test_r2_7_clock import at, fold_out, ok, scheduled

LEVELS = "1/2:10,2/4:10,break:10,5/10:10,10/20:10,20/40:10"


def test_r2_7b_taking_away_more_than_is_left_ends_the_level_and_keeps_the_next_whole() -> None:
    state = fold_out(ok(scheduled(LEVELS), rq.NextHand(at=at(0))))
    before = clock_view(state, at(8, 53))
    assert before is not None and before.shown == "01:07"
    out = decide(state, rq.AdjustClock(-300, at=at(8, 53)))  # clock -5 with 1:07 left
    assert isinstance(out, Decided)
    view = clock_view(out.state, at(8, 53))
    assert view is not None and view.level.number == 2 and view.seconds_left == 600
    assert narrate(state, out.events, out.state) == (
        "Clock: 5 min taken away (more than the 01:07 left: level 1 ends now); Level 2, 10:00 left",
    )
    in_break = ok(out.state, rq.AdjustClock(-3600, at=at(9)))
    view = clock_view(in_break, at(9))  # level 2 ends now: the break, whole, not beyond
    assert view is not None and view.on_break and view.seconds_left == 600


def test_r2_7b_moving_back_over_a_break_does_not_hold_it_again() -> None:
    state = fold_out(ok(scheduled(LEVELS), rq.NextHand(at=at(0))))
    view = clock_view(state, at(25))
    assert view is not None and view.on_break
    back = ok(state, rq.PreviousLevel(at=at(25)))
    view = clock_view(back, at(25))
    assert view is not None and view.level.number == 2 and view.seconds_to_break is None
    later = clock_view(back, at(36))  # level 2 ran out at 35:00: level 3, no break
    assert later is not None and not later.on_break and later.level.number == 3
    assert later.seconds_left == 9 * 60
    # the clock's record of what it reached survives a snapshot (resume)
    assert decode_state(encode_state(back)).clock == back.clock


def test_r2_7b_every_level_and_break_the_clock_enters_is_announced() -> None:
    state = fold_out(ok(scheduled(LEVELS), rq.NextHand(at=at(0))))
    ear = Announcer()
    ear.hear(clock_view(state, at(5)))
    said = [a.text for a in ear.hear(clock_view(state, at(31)))]
    assert said == [
        "Level 2 (blinds 2/4) began and ended with no hand dealt",
        "Break 1 began and ended",
        "Blinds are now 5 and 10",
    ]
    assert [a.text for a in ear.hear(clock_view(state, at(32)))] == []


def test_r2_7_one_rounding_of_the_time_left_on_every_surface() -> None:
    state = fold_out(ok(scheduled(LEVELS), rq.NextHand(at=at(0))))
    out = decide(state, rq.PauseClock(at=at(7, 59.6)))  # 2:00.4 left
    assert isinstance(out, Decided)
    view = clock_view(out.state, at(9))
    assert view is not None and view.shown == "02:01" and view.shown_seconds == 121
    assert "02:01 left" in clock_line(view)
    assert narrate(state, out.events, out.state) == ("Clock paused with 02:01 left",)
    data = clock_document(view, out.state)
    assert data is not None and data["shown_seconds"] == 121 and data["shown"] == "02:01"
