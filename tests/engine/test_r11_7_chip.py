"""R11.7: the tournament's chip is a setting, raised by a colour-up for good."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from omaha_tui.engine import events as ev
from omaha_tui.engine.config import Stakes, TableConfig, parse_game
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.decide import decide
from omaha_tui.engine.decisions.outcomes import Decided, Refusal
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.opening import opening_events
from omaha_tui.engine.reducer.replay import apply, replay
from omaha_tui.engine.rules.clock.running import ClockState
from omaha_tui.engine.rules.clock.schedule import BlindSchedule, Break, Level
from omaha_tui.engine.rules.tournament.chip import (
    deck_refusal,
    default_chip,
    level_amounts,
    suggested_chip,
)
from omaha_tui.engine.rules.tournament.chip_race import leftovers, race_chips
from omaha_tui.engine.rules.tournament.structure import TournamentConfig
from omaha_tui.engine.state import TableState
from omaha_tui.session.grammar import parse_levels

from .tournament_helpers import do

T0 = datetime(2026, 1, 1, 20, 0, tzinfo=UTC)


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


def clocked(levels: str | BlindSchedule, players: int = 3, stack: int = 5000) -> TableState:
    """A tournament at the first level of ``levels`` in its default chip (R11.7), the
    clock started at ``T0``."""
    schedule = parse_levels(levels) if isinstance(levels, str) else levels
    chip = default_chip(a for lv in schedule.levels for a in level_amounts(lv))
    schedule = schedule.model_copy(update={"chip": chip})
    first = schedule.levels[0]
    config = TableConfig(variant=parse_game("omaha"), stakes=first.stakes(chip))
    events = opening_events(
        config,
        [(i, f"P{i}", stack) for i in range(players)],
        button=players - 1,
        tournament=TournamentConfig(buy_in=10, stack=stack),
    )
    state = replay(events)
    clock = ClockState(schedule, True, True, 0, 0, int(T0.timestamp() * 1000))
    return replace(state, clock=clock)


def fold_out(state: TableState) -> TableState:
    """Fold the hand to its end; a hand where the blinds and antes put everyone all in
    (nobody left to act) is left running, and the steps after it are refused."""
    while state.hand is not None and not state.hand.complete and state.hand.to_act is not None:
        state = do(state, rq.Fold()).state
    return state


def test_r11_7_the_chip_is_25_when_every_blind_and_ante_is_a_multiple_of_25() -> None:
    assert default_chip([25, 50, 50, 100, 100, 200, 200]) == 25
    assert default_chip([100, 200, 300, 600, 600]) == 25  # 100 divides them, 25 is the rule's
    assert default_chip([10, 20, 15, 30]) == 5  # else the largest chip dividing them all
    assert default_chip([1, 2, 2, 4]) == 1


def test_r11_7_a_colour_up_raises_the_chip_for_the_rest_of_the_tournament() -> None:
    # The repro: a hand at 25/50, the level runs out, colour up at the break, end the
    # break, next hand: the chip stays coloured up (it used to go back to the schedule's).
    state = clocked("25/50:3s,break:10,50/100:10")
    state = fold_out(do(state, rq.NextHand(at=at(1))).state)
    assert state.stakes is not None and state.stakes.chip == 25
    state = do(state, rq.ColourUp(50, winners=(0,), at=at(4))).state
    assert state.stakes is not None and state.stakes.chip == 50
    state = do(state, rq.EndBreak(at=at(5))).state
    state = do(state, rq.NextHand(at=at(6))).state
    assert state.level == 2 and state.stakes is not None
    assert (state.stakes.chip, state.stakes.small_blind, state.stakes.big_blind) == (50, 50, 100)


def test_r11_7_a_colour_up_a_later_level_cannot_be_played_in_is_refused_naming_it() -> None:
    state = clocked("25/50:3s,break:10,50/100:10,break:5,100/200:10")
    state = fold_out(do(state, rq.NextHand(at=at(1))).state)
    out = decide(state, rq.ColourUp(100, winners=(), at=at(4)))
    assert isinstance(out, Refusal)
    assert out.reason == (
        "colour up to 100 refused: level 2 (50/100) cannot be played in 100 chips: its small "
        "blind 50 is not a multiple of 100 (R11.7)"
    )
    big_ante = clocked("25/50:3s,break:10,100/200/bb75:10")
    big_ante = fold_out(do(big_ante, rq.NextHand(at=at(1))).state)
    out = decide(big_ante, rq.ColourUp(100, winners=(), at=at(4)))
    assert isinstance(out, Refusal) and "its big-blind ante 75 is not a multiple" in out.reason


def test_r11_7_a_level_is_never_played_in_a_smaller_chip_than_the_colour_up_gave() -> None:
    state = clocked("25/50:3s,break:10,50/100:10,100/200:10")
    state = fold_out(do(state, rq.NextHand(at=at(1))).state)
    state = do(state, rq.ColourUp(50, winners=(0,), at=at(4))).state
    # A level recorded in the old chip (as an older journal holds it) plays in the chip now.
    lifted = apply(state, ev.LevelChanged(level=3, stakes=Stakes(small_blind=100, big_blind=200)))
    assert lifted.stakes is not None and lifted.stakes.chip == 50
    with pytest.raises(
        RuleError, match=r"level 3 cannot be played in 50 chips: its small blind 75"
    ):
        apply(state, ev.LevelChanged(level=3, stakes=Stakes(small_blind=75, big_blind=150)))


def test_r11_7_the_suggested_chip_fits_every_level_still_to_come() -> None:
    ahead = [Level(small_blind=200, big_blind=400), Level(small_blind=300, big_blind=600)]
    assert suggested_chip(ahead, 25) == 100  # never 200 before a 300/600 level
    assert suggested_chip([Level(small_blind=100, big_blind=200)], 25) == 100
    assert suggested_chip([Level(small_blind=25, big_blind=50)], 25) is None


def test_r11_4_a_race_beyond_one_deck_says_how_many_decks() -> None:
    assert deck_refusal(52) == ""
    assert "75 race cards, two decks" in deck_refusal(75)
    assert "200 race cards, four decks" in deck_refusal(200)
    state = clocked("25/50:20,100/200:20", players=4)
    for seat, delta in ((0, 75), (1, 75), (2, 50), (3, 25)):  # 9 + 3 + 2 + 1 ... chips of 25
        state = do(state, rq.Correct(seat, delta, "count")).state
    out = decide(state, rq.ColourUp(100, cards=(), at=at(60)))
    assert isinstance(out, Refusal)


# ---------------------------------------------------------------- property


@st.composite
def schedules(draw: st.DrawFn) -> BlindSchedule:
    """Levels whose blinds grow, in multiples of 25, with a break or two."""
    items: list[Level | Break] = []
    bb = draw(st.sampled_from([50, 100, 200]))
    for _ in range(draw(st.integers(2, 6))):
        ante = draw(st.sampled_from([0, 0, bb // 2, bb]))
        items.append(
            Level(
                small_blind=bb // 2,
                big_blind=bb,
                ante=ante,
                big_blind_ante=draw(st.booleans()) and ante > 0,
                seconds=60,
            )
        )
        if draw(st.booleans()):
            items.append(Break(seconds=30))
        bb = bb * draw(st.sampled_from([2, 3, 4]))
    return BlindSchedule(items=tuple(items))


@settings(max_examples=40, deadline=None)
@given(
    schedules(), st.lists(st.tuples(st.integers(0, 3), st.sampled_from([2, 4, 5, 10])), max_size=12)
)
@example(  # everyone all in on the blinds and the ante of 51,200: nobody left to fold
    schedule=BlindSchedule(
        items=(
            Level(small_blind=100, big_blind=200, seconds=60),
            Level(small_blind=400, big_blind=800, seconds=60),
            Level(small_blind=1600, big_blind=3200, seconds=60),
            Level(small_blind=6400, big_blind=12800, seconds=60),
            Level(small_blind=25600, big_blind=51200, ante=51200, seconds=60),
        ),
        chip=1,
    ),
    steps=[(0, 2)] * 8 + [(3, 2), (3, 2), (1, 2)],
)
def test_r11_7_the_chip_never_falls_and_every_level_played_is_a_multiple_of_it(
    schedule: BlindSchedule, steps: list[tuple[int, int]]
) -> None:
    state = clocked(schedule, stack=100_000)
    chip = state.stakes.chip if state.stakes else 1
    seconds = 0.0
    for what, factor in steps:
        seconds += 15 * (what + 1)
        if what == 0:  # a colour-up, refused when a level to come cannot take it
            new = chip * factor
            left = leftovers({i: p.stack for i, p in enumerate(state.seats) if p}, new)
            racing = tuple(i for i, v in left.items() if v)
            winners = racing[: race_chips(sum(left.values()), new)]
            out = decide(state, rq.ColourUp(new, winners=winners, at=at(seconds)))
            if isinstance(out, Decided):
                state = out.state
        else:  # a hand, when no break is on
            out = decide(state, rq.NextHand(at=at(seconds)))
            if isinstance(out, Decided):
                state = fold_out(out.state)
                hand = state.hand
                assert hand is not None and state.stakes is not None
                stakes: Stakes = state.stakes
                for amount in (stakes.small_blind, stakes.big_blind, stakes.ante):
                    assert amount % stakes.chip == 0
        assert state.stakes is not None
        assert state.stakes.chip >= chip  # the chip never falls after a colour-up
        chip = state.stakes.chip
