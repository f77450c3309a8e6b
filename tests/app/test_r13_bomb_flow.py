"""R13.1 and R13.3 in the app, with Pilot: a bomb pot called from the palette, said before
the deal, dealt with ``n`` straight to the flop; a button straddle from the palette."""

from __future__ import annotations

from pathlib import Path

from omaha_tui.app.screens.table import TableScreen
from omaha_tui.engine.rules.betting import legal_actions
from omaha_tui.engine.state import Street

from .test_flows import deal, keys, make_app, six_handed_plo, status, type_text


async def _palette(pilot, command: str, answer: str) -> None:  # type: ignore[no-untyped-def]
    pilot.app.action_command_palette()
    await pilot.pause()
    await type_text(pilot, command)
    await keys(pilot, "enter")
    await type_text(pilot, answer)
    await keys(pilot, "enter")


async def test_r13_1_bomb_pot_from_the_palette_to_the_flop(tmp_path: Path) -> None:
    app = make_app(tmp_path, six_handed_plo())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await _palette(pilot, "Bomb pot", "5")
        assert status(app) == "Next hand: a bomb pot of 5 (R13.1)"
        table = app.screen
        assert isinstance(table, TableScreen)
        assert "bomb pot of 5" in str(table.query_one("#felt").border_title)  # before the deal
        await keys(pilot, "n")
        hand = app.session.state.hand
        assert hand is not None and hand.bomb == 5 and hand.total == 30
        assert hand.to_act is None and hand.street is Street.PREFLOP  # no pre-flop round
        assert "no pre-flop betting: deal the flop (R13.1)" in status(app)
        await deal(pilot, "Ah Kd 7c")
        la = legal_actions(app.session.state)
        assert la is not None and (la.min_raise_to, la.max_raise_to) == (2, 30)  # R13.1(c)
        await keys(pilot, "p")  # pot: the whole 30, every bomb counted (R4.4)
        assert app.session.state.hand is not None and app.session.state.hand.total == 60


async def test_r13_1_double_bomb_pot_from_the_palette_to_both_flops(tmp_path: Path) -> None:
    app = make_app(tmp_path, six_handed_plo())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await _palette(pilot, "Bomb pot", "5 double")
        await keys(pilot, "n")
        hand = app.session.state.hand
        assert hand is not None and hand.bomb == 5 and hand.boards == 2
        await deal(pilot, "Ah Kd 7c")  # board 1's flop, then board 2's (R13.2)
        await deal(pilot, "2s 3s 4s")
        hand = app.session.state.hand
        assert hand is not None and hand.street is Street.FLOP, status(app)
        assert (len(hand.board), len(hand.board2)) == (3, 3)
        assert app.session.state.hand.to_act == 1  # Bob, left of the button, bets first


async def test_r13_3_button_straddle_from_the_palette(tmp_path: Path) -> None:
    app = make_app(tmp_path, six_handed_plo())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await _palette(pilot, "Straddle", "4 button")
        assert status(app) == "Button straddle 4 from the next hand (R13.3)"
        await keys(pilot, "n")
        hand = app.session.state.hand
        assert hand is not None
        assert (hand.button, "straddle") in [(p.seat, p.kind.value) for p in hand.posts]
        assert "posts straddle 4" in status(app)
