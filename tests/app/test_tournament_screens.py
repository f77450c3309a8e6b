"""The colour-up and deal screens at a tournament table, with Pilot (R11.4, R11.5):
from the key to the recorded event."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from textual.widgets import Checkbox, Input, Static

from omaha_tui.app.keys import BY_NAME, help_lines, live_keys
from omaha_tui.app.screens.colour_up import ColourUpScreen
from omaha_tui.app.screens.deal import DealScreen
from omaha_tui.app.screens.table import TableScreen
from omaha_tui.engine import events as ev
from omaha_tui.engine.decisions import requests as rq
from tests.app.test_tournament_flow import _app, _start


def _text(screen: object, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())  # type: ignore[attr-defined]


def _recorded(app: object, kind: type) -> list[object]:
    return [e for e in app.session.events() if isinstance(e, kind)]  # type: ignore[attr-defined]


async def _leftovers(app: object) -> None:
    for seat, delta in ((0, 3), (1, 4), (2, -7)):  # leftovers 3, 4, 3 of a 5: two 5s
        out = app.request(rq.Correct(seat, delta, "count"))  # type: ignore[attr-defined]
        assert out.ok, out.message


COLOUR_UP = ("--players", "Ann,Bob,Cy", "--blinds", "5/10", "--chip", "1")
"""A table in chips of 1 whose blinds a 5 chip can make (R11.7)."""


async def test_r11_4_colour_up_from_the_key_draws_the_race_and_records_it(tmp_path: Path) -> None:
    app = _app(tmp_path, _start(*COLOUR_UP))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await _leftovers(app)
        await pilot.press("o")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ColourUpScreen)
        screen.query_one("#cu-chip", Input).value = "5"
        await pilot.pause()
        race = _text(screen, "#cu-race")
        assert "2 new chips in the race" in race
        assert "Ann" in race and "103" in race and "Cy" in race, race
        await pilot.press("ctrl+s")  # nothing drawn yet: nothing recorded
        await pilot.pause()
        assert isinstance(app.screen, ColourUpScreen) and not _recorded(app, ev.ColouredUp)
        await pilot.press("ctrl+r")
        await pilot.pause()
        drawn = screen.request
        assert drawn is not None and drawn.cards is not None
        assert [len(c.split()) for _, c in drawn.cards] == [3, 4, 3]
        result = _text(screen, "#cu-result")
        assert "the total changes by +0 (R11.4)" in result and "total 300 → 300 (+0)" in result
        assert "wins a chip" in _text(screen, "#cu-race")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        (event,) = _recorded(app, ev.ColouredUp)
        assert event.new_chip == 5 and event.change == 0  # type: ignore[attr-defined]
        cards = {seat: " ".join(c) for seat, c in event.cards.items()}  # type: ignore[attr-defined]
        assert cards == dict(drawn.cards)
        stacks = [p.stack for p in app.session.state.seats if p]
        assert sum(stacks) == 300 and all(s % 5 == 0 for s in stacks)
        assert sorted(stacks) in ([90, 105, 105], [95, 100, 105])  # whoever drew highest
        assert app.session.state.stakes.chip == 5


async def test_r11_4_the_dealer_names_who_won_the_race(tmp_path: Path) -> None:
    app = _app(tmp_path, _start(*COLOUR_UP))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await _leftovers(app)
        await pilot.press("o")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ColourUpScreen)
        screen.query_one("#cu-chip", Input).value = "5"
        screen.query_one("#cu-winners", Input).value = "Ann"
        await pilot.pause()
        assert "name 2 winners" in _text(screen, "#cu-result")
        screen.query_one("#cu-winners", Input).value = "Ann Cy"
        await pilot.pause()
        assert "the race goes to Ann and Cy" in _text(screen, "#cu-result")
        await pilot.press("ctrl+s")
        await pilot.pause()
        (event,) = _recorded(app, ev.ColouredUp)
        assert event.winners == (0, 2)  # type: ignore[attr-defined]
        assert [p.stack for p in app.session.state.seats if p] == [105, 100, 95]


async def test_r11_5_a_deal_is_recorded_only_when_every_player_agrees(tmp_path: Path) -> None:
    app = _app(tmp_path, _start("--players", "Ann,Bob,Cy", "--payouts", "50/30/20"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("k")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DealScreen)
        assert "3 players left share 60" in _text(screen, "#dl-title")
        screen.query_one("#dl-keep", Input).value = "6"
        await pilot.press("ctrl+n")  # ICM: equal stacks share equally
        await pilot.pause()
        amounts = [screen.query_one(f"#dl-amount-{s}", Input).value for s in range(3)]
        assert amounts == ["18", "18", "18"]
        assert "ICM proposal: 54 shared, 6 kept for the winner" in _text(screen, "#dl-result")
        screen.query_one("#dl-agree-0", Checkbox).value = True
        screen.query_one("#dl-agree-2", Checkbox).value = True
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "Bob has not agreed" in _text(screen, "#dl-result")
        assert isinstance(app.screen, DealScreen) and not _recorded(app, ev.DealAgreed)
        screen.query_one("#dl-agree-1", Checkbox).value = True
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        (event,) = _recorded(app, ev.DealAgreed)
        assert event.kept == Decimal(6)  # type: ignore[attr-defined]
        assert dict(event.amounts) == {0: 18, 1: 18, 2: 18}  # type: ignore[attr-defined]


async def test_r11_5_the_chip_chop_follows_the_stacks(tmp_path: Path) -> None:
    app = _app(tmp_path, _start("--players", "Ann,Bob", "--payouts", "100"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.request(rq.Correct(0, 50, "count"))
        app.request(rq.Correct(1, -50, "count"))
        await pilot.press("k")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DealScreen)
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert [screen.query_one(f"#dl-amount-{s}", Input).value for s in range(2)] == ["30", "10"]
        screen.query_one("#dl-amount-1", Input).value = "15"
        await pilot.pause()
        assert "share 45, not the 40 on offer" in _text(screen, "#dl-result")


def test_r11_the_keys_are_in_the_key_table_live_only_between_hands_at_a_tournament() -> None:
    from omaha_tui.engine.decisions.available import available
    from omaha_tui.engine.decisions.decide import decide
    from tests.tables import quick_table, tournament_table

    t = tournament_table(3)
    live = live_keys(available(t), can_undo=False, can_redo=False)
    assert {"colour_up", "deal_split"} <= live
    cash = live_keys(available(quick_table()), can_undo=False, can_redo=False)
    assert not {"colour_up", "deal_split"} & cash
    in_hand = decide(t, rq.NextHand()).state  # type: ignore[union-attr]
    assert not {"colour_up", "deal_split"} & live_keys(
        available(in_hand), can_undo=False, can_redo=False
    )
    keys = dict(help_lines())
    assert "chip race (R11.4)" in keys["o"] and "(R11.5)" in keys["k"]
    assert BY_NAME["colour_up"].key == "o" and BY_NAME["deal_split"].key == "k"


async def test_r11_the_colour_up_key_says_why_not_during_a_hand(tmp_path: Path) -> None:
    app = _app(tmp_path, _start("--players", "Ann,Bob,Cy"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("n", "o")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert "colour up between hands" in str(app.table.query_one("#status", Static).content)


async def test_r11_the_palette_has_the_colour_up_and_the_deal(tmp_path: Path) -> None:
    from omaha_tui.app.palette import _actions

    app = _app(tmp_path, _start("--players", "Ann,Bob,Cy"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        entries = {name: run for name, _, run in _actions(app)}
        assert "Colour-up (o)" in entries and "Deal (k)" in entries
        entries["Deal (k)"]()
        await pilot.pause()
        assert isinstance(app.screen, DealScreen)


async def test_r11_4_the_colour_up_screen_waits_for_a_break_of_the_clock(tmp_path: Path) -> None:
    levels = "5/10:20,break:10,10/20:20"
    app = _app(tmp_path, _start(*COLOUR_UP, "--levels", levels))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await _leftovers(app)
        assert app.request(rq.StartClock()).ok
        await pilot.press("o")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ColourUpScreen)
        said = "colour up at a break: the clock is at level 1 (R11.4)"
        assert said in _text(screen, "#cu-result")
        await pilot.press("ctrl+r", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ColourUpScreen) and not _recorded(app, ev.ColouredUp)
        await pilot.press("escape")
        app.now = lambda: 25 * 60.0  # 25 minutes on: the first break
        await pilot.press("o")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ColourUpScreen)
        assert screen.query_one("#cu-chip", Input).value == "10"  # fits level 2, 10/20 (R11.7)
        screen.query_one("#cu-chip", Input).value = "5"
        await pilot.pause()
        screen.query_one("#cu-winners", Input).value = "Ann Bob"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen), _text(app.screen, "#cu-result")
        assert len(_recorded(app, ev.ColouredUp)) == 1
