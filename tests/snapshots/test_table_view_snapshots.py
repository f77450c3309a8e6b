"""SVG snapshots of the table view at 80x24, 120x40 and 160x50 in every shipped theme.

One ten-handed pot-limit hand on the flop: two players all in, a side pot only some
can win, a bet in front of one player and the next player to act. The screen is
hosted alone and fed the view derived from the engine's state, so the picture
depends on nothing but the state, the size and the theme (the level clock is frozen).
Regenerate after a deliberate change with ``pytest tests/snapshots --snapshot-update``
and look at the report before committing.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import pytest
from textual.pilot import Pilot

from omaha_tui.app.screens.table import TableScreen
from omaha_tui.engine.reducer.replay import apply, replay
from omaha_tui.engine.rules.clock.running import ClockState
from omaha_tui.engine.state import TableState
from omaha_tui.session.clock import ClockView, clock_view
from omaha_tui.session.grammar import parse_levels
from omaha_tui.session.view import table_view
from tests import decided as commands
from tests.app.hands import seated
from tests.app.screen_harness import ScreenHost

THEMES = ("omaha-dark", "omaha-light", "omaha-high-contrast", "omaha-four-colour")
SIZES = ((80, 24), (120, 40), (160, 50))
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")
STACKS = (200, 60, 200, 35, 200, 200, 150, 200, 90, 200)


def ten_handed_side_pot() -> TableState:
    """Jo has the button. Pre-flop Dee and Fay raise the pot, Ivy and Bob go all in
    and Dee calls all in short; on the flop Cy checks and Eve bets 20: Fay to act."""
    state = replay(seated("plo", NAMES, stacks=STACKS))
    steps = [
        commands.start_hand,
        commands.check_or_call,  # Cy
        commands.pot,  # Dee raises to 9
        commands.check_or_call,  # Eve
        commands.pot,  # Fay raises to 41
        commands.check_or_call,  # Gus
        commands.check_or_call,  # Hal
        commands.all_in,  # Ivy, 90
        commands.fold,  # Jo
        commands.fold,  # Ann
        commands.all_in,  # Bob, 60
    ]
    for step in steps:
        state = apply(state, step(state))
    while state.hand is not None and state.hand.to_act is not None:
        state = apply(state, commands.check_or_call(state))  # Dee calls all in for 35
    state = apply(state, commands.deal_board(state, "Ah Kd 7c"))
    state = apply(state, commands.check_or_call(state))  # Cy checks
    return apply(state, commands.bet_or_raise(state, 20))  # Eve bets 20


def frozen_clock(state: TableState) -> ClockView | None:
    """Level 2 of ``1/2:20,2/4:20,break:10,5/10/1:20`` with 13:05 left (R2.7)."""
    schedule = parse_levels("1/2:20,2/4:20,break:10,5/10/1:20")
    clock = ClockState(schedule, True, True, 1, 415_000, 0)
    return clock_view(replace(state, clock=clock), datetime.fromtimestamp(0, UTC))


def host(theme: str) -> ScreenHost:
    screen = TableScreen(now=lambda: 0.0)
    return ScreenHost(screen, theme=theme)


async def _show_state(pilot: Pilot[Any]) -> None:
    screen = pilot.app.screen
    assert isinstance(screen, TableScreen)
    state = ten_handed_side_pot()
    screen.show(table_view(state))
    view = frozen_clock(state)
    screen.follow_clock(lambda: view, "")
    screen.say("Eve bets 20")
    await pilot.pause()


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_table_view_ten_handed_all_in_and_side_pot(
    snap_compare: Any, theme: str, size: tuple[int, int]
) -> None:
    """Every seat in its place round the felt, the all-ins, the side pot and who can
    win it, the bet in front, the player to act and their pot-limit maximum."""
    assert snap_compare(host(theme), terminal_size=size, run_before=_show_state)


async def _show_all_in(pilot: Pilot[Any]) -> None:
    from tests.app.test_allin_equity import all_in_heads_up

    screen = pilot.app.screen
    assert isinstance(screen, TableScreen)
    screen.show(table_view(all_in_heads_up()))
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


@pytest.mark.parametrize("size", [(80, 24), (160, 50)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_table_view_all_in_hands_and_equities(snap_compare: Any, size: tuple[int, int]) -> None:
    """R10.3: both players all in on the flop, hands tabled: each hand and its equity."""
    assert snap_compare(host("omaha-four-colour"), terminal_size=size, run_before=_show_all_in)


def three_way_hi_lo_run_twice(*, run_one_dealt: bool = False) -> TableState:
    """Omaha hi-lo, Ann, Bob and Cy all in for 6 and tabled; they agree to run it twice
    after the flop 4h 5c 7h. With ``run_one_dealt`` the first run's turn and river
    (Qs, Ad) are out and the second run is to deal."""
    from omaha_tui.engine.decisions import requests as rq
    from omaha_tui.engine.decisions.decide import decide
    from omaha_tui.engine.decisions.outcomes import Decided

    def ok(state: TableState, request: rq.Request) -> TableState:
        out = decide(state, request)
        assert isinstance(out, Decided), out
        return out.state

    state = replay(seated("omaha8", ["Ann", "Bob", "Cy"], stacks=(6, 6, 6)))
    for request in (rq.NextHand(), rq.AllIn(), rq.Call(), rq.Call()):
        state = ok(state, request)
    hands = ((0, "Ah 2s Kh Ks"), (1, "As 3s Qh Qd"), (2, "9c 9s 8c 8d"))
    state = ok(state, rq.TableHands(hands))
    state = ok(state, rq.DealCards("4h 5c 7h"))
    state = ok(state, rq.RunItTwice())
    if run_one_dealt:
        state = ok(ok(state, rq.DealCards("Qs")), rq.DealCards("Ad"))
    return state


def _show_run_twice(run_one_dealt: bool) -> Any:
    async def run_before(pilot: Pilot[Any]) -> None:
        screen = pilot.app.screen
        assert isinstance(screen, TableScreen)
        screen.show(table_view(three_way_hi_lo_run_twice(run_one_dealt=run_one_dealt)))
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()

    return run_before


@pytest.mark.parametrize("size", [(80, 24), (160, 50)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("run_one_dealt", [False, True], ids=["flop", "run-2-to-deal"])
def test_table_view_hi_lo_all_in_run_twice(
    snap_compare: Any, size: tuple[int, int], run_one_dealt: bool
) -> None:
    """R10.2/R10.3: three hi-lo hands tabled, high and low equity apart beside each seat,
    the board run twice: on the flop, then with the first run out and the second to
    deal (its equity reckoned without the first run's own cards)."""
    assert snap_compare(
        host("omaha-dark"), terminal_size=size, run_before=_show_run_twice(run_one_dealt)
    )
