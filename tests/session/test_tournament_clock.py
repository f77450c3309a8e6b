"""The tournament's clock in the session (R11, R2.7): when the next break comes, and
the add-on taken only at the break the tournament names."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.decide import decide
from omaha_tui.engine.decisions.outcomes import Refusal
from omaha_tui.engine.rules.clock.running import ClockState
from omaha_tui.engine.rules.tournament.structure import AddOn
from omaha_tui.engine.state import TableState
from omaha_tui.session.clock import clock_view
from omaha_tui.session.grammar import parse_levels
from omaha_tui.session.tournament import next_break
from tests.tables import tournament_table

T0 = datetime(2026, 1, 1, 20, tzinfo=UTC)


def timed(levels: str, **options: object) -> TableState:
    """A 3-player tournament whose clock runs ``levels`` from ``T0``."""
    state = tournament_table(3, **options)
    clock = ClockState(parse_levels(levels), True, True, 0, 0, int(T0.timestamp() * 1000))
    return replace(state, clock=clock)


def at(minutes: float) -> datetime:
    return T0 + timedelta(minutes=minutes)


def test_r11_next_break_counts_down_to_the_break_and_says_now_in_it() -> None:
    state = timed("1/2:20,break:10,2/4:20,break:5,4/8:20")
    assert next_break(clock_view(state, at(0))) == "in 20:00"
    assert next_break(clock_view(state, at(5.5))) == "in 14:30"
    assert next_break(clock_view(state, at(25))) == "now"
    assert next_break(clock_view(state, at(31))) == "in 19:00"
    assert next_break(clock_view(state, at(60))) is None  # the last level: no break ahead


def test_r11_next_break_is_none_without_a_schedule() -> None:
    assert next_break(clock_view(tournament_table(3), at(0))) is None
    assert next_break(None) is None


def add_on(state: TableState, minutes: float | None) -> str:
    """What taking the add-on for seat 0 at ``minutes`` gives: ``ok`` or the refusal."""
    when = None if minutes is None else at(minutes)
    out = decide(state, rq.TakeAddOn(0, at=when))
    return out.reason if isinstance(out, Refusal) else "ok"


LEVELS = "1/2:20,break:10,2/4:20,break:5,4/8:20"


def test_r11_1_the_add_on_is_taken_at_the_first_break_and_refused_otherwise() -> None:
    state = timed(LEVELS, add_on=AddOn(money=10, chips=500))
    assert (
        add_on(state, 5)
        == "the add-on is taken at the first break: the clock is at level 1 (R11.1)"
    )
    assert add_on(state, 25) == "ok"
    assert (
        add_on(state, 35)
        == "the add-on is taken at the first break: the clock is at level 2 (R11.1)"
    )
    assert add_on(state, 52) == "the add-on is taken at the first break, not at break 2 (R11.1)"
    after = decide(state, rq.TakeAddOn(0, at=at(25)))
    assert not isinstance(after, Refusal)
    assert after.state.seats[0].stack == 600 and after.state.tournament.pool == 40


def test_r11_1_a_named_break_is_the_one_the_add_on_waits_for() -> None:
    state = timed(LEVELS, add_on=AddOn(money=10, chips=500, at_break=2))
    assert add_on(state, 25) == "the add-on is taken at break 2, not at break 1 (R11.1)"
    assert add_on(state, 52) == "ok"
    short = timed("1/2:20,break:10,2/4:20", add_on=AddOn(money=10, chips=500, at_break=2))
    assert add_on(short, 25) == (
        "the add-on is taken at break 2, and the blind schedule has 1 break (R11.1)"
    )


def test_r11_1_without_a_clock_the_host_calls_the_break() -> None:
    state = tournament_table(3, add_on=AddOn(money=10, chips=500))
    assert add_on(state, None) == "ok"
    assert add_on(timed(LEVELS, add_on=AddOn(money=10, chips=500)), None).startswith(
        "an add-on at a table with a blind clock needs the time"
    )


def test_r11_4_the_race_preview_lists_leftovers_cards_and_the_result() -> None:
    import random

    from omaha_tui.session.tournament import race_request
    from omaha_tui.session.tournament_moments import race_preview

    state = tournament_table(3, big_blind=10)  # 5/10: a 5 chip fits (R11.7)
    for seat, delta in ((0, 3), (1, 4), (2, -7)):
        state = decide(state, rq.Correct(seat, delta, "count")).state  # type: ignore[union-attr]
    before = race_preview(state, rq.ColourUp(5, cards=()))
    assert [(x.stack, x.leftover, x.retired) for x in before.lines] == [
        (103, 3, 3),
        (104, 4, 4),
        (93, 3, 3),
    ]
    assert before.race_chips == 2 and not before.ok and before.change is None
    drawn = race_preview(state, race_request(state, 5, random.Random(1)))
    assert drawn.ok and drawn.change == 0 and "the total changes by +0 (R11.4)" in drawn.message
    assert [len(x.cards.split()) for x in drawn.lines] == [3, 4, 3]
    assert sum(x.won for x in drawn.lines) == 2
    assert sum(x.after or 0 for x in drawn.lines) == 300
    named = race_preview(state, rq.ColourUp(5, winners=(0, 2)))
    assert [x.after for x in named.lines] == [105, 100, 95] and named.ok


def test_r11_4_a_race_needing_more_than_a_deck_asks_for_the_winners() -> None:
    from omaha_tui.session.tournament import race_request
    from omaha_tui.session.tournament_moments import race_preview

    state = tournament_table(4, stack=1000, big_blind=50)
    for seat, delta in ((0, 15), (1, 15), (2, 20), (3, 10)):
        state = decide(state, rq.Correct(seat, delta, "count")).state  # type: ignore[union-attr]
    preview = race_preview(state, race_request(state, 25))
    assert not preview.ok
    assert preview.message.startswith("the race needs 60 race cards, two decks")


def test_r11_5_colour_up_and_deal_are_refused_during_a_hand() -> None:
    state = decide(tournament_table(3), rq.NextHand()).state  # type: ignore[union-attr]
    out = decide(state, rq.ColourUp(5, winners=()))
    assert isinstance(out, Refusal) and "colour up between hands" in out.reason
    out = decide(state, rq.AgreeDeal(((0, 10), (1, 10), (2, 10))))  # type: ignore[arg-type]
    assert isinstance(out, Refusal) and "agree a deal between hands (R11.5)" in out.reason


def test_r11_4_with_breaks_in_the_clock_a_colour_up_waits_for_one() -> None:
    state = timed(LEVELS)

    def colour_up(minutes: float | None) -> str:
        when = None if minutes is None else at(minutes)
        out = decide(state, rq.ColourUp(2, winners=(), at=when))
        return out.reason if isinstance(out, Refusal) else "ok"

    assert colour_up(5) == "colour up at a break: the clock is at level 1 (R11.4)"
    assert colour_up(25) == "ok" and colour_up(52) == "ok"  # either break
    assert colour_up(None).startswith("a colour-up at a table with a blind clock needs the time")
    no_breaks = timed("2/4:20,4/8:20")  # the host calls the break
    assert not isinstance(decide(no_breaks, rq.ColourUp(2, winners=(), at=at(5))), Refusal)
