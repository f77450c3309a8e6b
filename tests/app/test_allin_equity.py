"""R10.3 at the table: when everyone is all in and the hands are tabled, each hand and
its equity are shown beside its seat, on the dealer's table and the players' display."""

from __future__ import annotations

import pytest

from omaha_tui.app.screens.table import TableScreen
from omaha_tui.app.widgets.equities import tabled_lines
from omaha_tui.app.widgets.seat import Seat
from omaha_tui.engine.allin.table_spot import all_in_spot
from omaha_tui.engine.config import Structure
from omaha_tui.engine.events import SessionStarted
from omaha_tui.engine.reducer.replay import apply, replay
from omaha_tui.engine.state import TableState
from omaha_tui.session.view import table_view
from tests import decided as commands
from tests.app.hands import seated
from tests.app.screen_harness import ScreenHost


def all_in_heads_up(*, show: bool = True) -> TableState:
    """Bob (button, small blind) moves in for 6, Ann calls; both table, flop 9h 8d 7c."""
    state = replay(seated("plo", ["Ann", "Bob"], stacks=(6, 6)))
    for step in (commands.start_hand, commands.all_in, commands.check_or_call):
        state = apply(state, step(state))
    if show:
        state = apply(state, commands.show(state, 0, "Ah Kh Qh Jh"))
        state = apply(state, commands.show(state, 1, "Tc 6s 2d 2c"))
    return apply(state, commands.deal_board(state, "9h 8d 7c"))


def test_r10_3_no_equity_until_every_hand_still_in_is_tabled() -> None:
    assert all_in_spot(all_in_heads_up(show=False)) is None


def test_r10_3_no_equity_while_a_player_can_still_act() -> None:
    state = replay(seated("plo", ["Ann", "Bob"], stacks=(6, 6)))
    state = apply(state, commands.start_hand(state))
    assert all_in_spot(state) is None


def test_r10_3_the_spot_holds_the_tabled_hands_and_the_board() -> None:
    spot = all_in_spot(all_in_heads_up())
    assert spot is not None
    assert [seat for seat, _ in spot.hands] == [0, 1] and len(spot.board) == 3


def test_r10_3_each_tabled_hand_gets_its_cards_and_its_share() -> None:
    spot = all_in_spot(all_in_heads_up())
    assert spot is not None
    lines = tabled_lines(spot).seats
    # Bob has flopped the straight (T-6 with 9-8-7); Ann draws to runner-runner.
    assert "%" in lines[0] and "%" in lines[1]
    share = {seat: int(text.rsplit(" ", 1)[1].strip("[/b]%<")) for seat, text in lines.items()}
    assert share[1] > 50 > share[0]
    assert 99 <= share[0] + share[1] <= 101


async def test_r10_3_the_table_shows_the_equity_beside_each_seat() -> None:
    screen = TableScreen(now=lambda: 0.0)
    app = ScreenHost(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        screen.show(table_view(all_in_heads_up()))
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        texts = {str(s.border_title): str(s.render()) for s in screen.query(Seat) if s.display}
    assert any("A♥K♥Q♥J♥" in t and "%" in t for t in texts.values()), texts
    assert any("T♣6♠2♦2♣" in t and "%" in t for t in texts.values()), texts


def test_r10_3_example_side_pot_seats_show_each_pot_and_the_chips_expected() -> None:
    """Ann all in for 100, Bob and Cy 300 each: Ann's share is of the main pot only,
    Bob's and Cy's of the main pot and of the side pot between them."""
    events = seated("omaha", ["Ann", "Bob", "Cy"], stacks=(100, 300, 300))
    config = events[0].config.model_copy(update={"structure": Structure.NO_LIMIT})
    state = replay([SessionStarted(config=config, title="test"), *events[1:]])
    for step in (commands.start_hand, commands.all_in, commands.all_in, commands.check_or_call):
        state = apply(state, step(state))
    for seat, cards in ((0, "Ah Kd 7c 7d"), (1, "Qh Jh Tc 8c"), (2, "9s 9c 3h 4h")):
        state = apply(state, commands.show(state, seat, cards))
    state = apply(state, commands.deal_board(state, "Kh 7h 2c"))
    spot = all_in_spot(state)
    assert spot is not None and spot.pots == ((300, (0, 1, 2)), (400, (1, 2)))
    tabled = tabled_lines(spot)
    assert all("≈" in tabled.seats[seat] for seat in (0, 1, 2))
    # Each pot among its own claimants: Ann is in the main pot only.
    (b0, main, in_main), (b1, side, in_side) = tabled.pots
    assert (b0, main, b1, side) == (None, 0, None, 1)
    assert [seat for seat, _ in in_main] == [0, 1, 2] and [seat for seat, _ in in_side] == [1, 2]
    shares = [int(t.strip("[/b]%<")) for _, t in in_side]
    assert 99 <= sum(shares) <= 101


def side_pot_all_in() -> TableState:
    events = seated("omaha8", ["Ann", "Bob", "Cy"], stacks=(100, 300, 300))
    config = events[0].config.model_copy(update={"structure": Structure.NO_LIMIT})
    state = replay([SessionStarted(config=config, title="test"), *events[1:]])
    for step in (commands.start_hand, commands.all_in, commands.all_in, commands.check_or_call):
        state = apply(state, step(state))
    for seat, cards in ((0, "Ah 2d 7c 7d"), (1, "Qh Jh Tc 8c"), (2, "As 3s 3h 4h")):
        state = apply(state, commands.show(state, seat, cards))
    return apply(state, commands.deal_board(state, "Kh 7h 5c"))


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_r10_3_every_pots_equity_is_on_the_felt_high_and_low_apart(size) -> None:
    """Each pot with its own claimants' shares under the pots, high and low apart in a
    split game, readable at 120x40 and still there at 80x24; the seat keeps the chips
    its hand can expect in all."""
    screen = TableScreen(now=lambda: 0.0)
    app = ScreenHost(screen)
    async with app.run_test(size=size) as pilot:
        screen.show(table_view(side_pot_all_in()))
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        pots = screen.query_one("#pot-lines")
        text = str(pots.render())
        region = pots.region
        assert region.width > 0 and region.height >= 2
    main, side = text.splitlines()[:2]
    assert main.startswith("Main pot") and all(n in main for n in ("Ann", "Bob", "Cy"))
    assert side.startswith("Side pot 1") and "Ann" not in side
    assert "Bob" in side and "Cy" in side and "H" in side and "/L" in side
