"""Pilot tests of the setup, help, showdown, history and ledger screens."""

from __future__ import annotations

import random

import pytest
from textual.widgets import Input, Select, Static

from omaha_tui.app.screens.help import HelpScreen, help_markdown
from omaha_tui.app.screens.setup import (
    ButtonDraw,
    SetupResult,
    SetupScreen,
    describe_draw,
    setup_events,
)
from omaha_tui.engine.cards import parse_card
from omaha_tui.engine.config import Structure
from omaha_tui.engine.events import ButtonDrawn, ButtonPlaced, PlayerSeated, SessionStarted

from .screen_harness import ScreenHost


def _fill(screen: SetupScreen, **values: str) -> None:
    for widget_id, value in values.items():
        screen.query_one(f"#{widget_id.replace('_', '-')}", Input).value = value


def _text(screen: SetupScreen, widget_id: str) -> str:
    return str(screen.query_one(f"#{widget_id}", Static).render())


# ---------------------------------------------------------------- setup


async def test_setup_r2_3_default_small_blind_shown_live_and_used() -> None:
    screen = SetupScreen(random.Random(7))
    app = ScreenHost(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        _fill(screen, bb="25", chip="5", name_0="Ann", buyin_0="500", name_2="Cy", buyin_2="400")
        await pilot.pause()
        assert "Small blind default 10" in _text(screen, "sb-hint")
        assert screen.query_one("#sb", Input).placeholder == "10 (default)"
        await pilot.press("ctrl+d", "ctrl+s")
        await pilot.pause()
    (result,) = app.results
    assert isinstance(result, SetupResult)
    assert result.config.stakes.small_blind == 10  # R2.3: BB 25, chip 5 -> SB 10
    assert result.config.stakes.big_blind == 25
    assert [(p.seat, p.name, p.buy_in) for p in result.players] == [(0, "Ann", 500), (2, "Cy", 400)]
    assert result.draw is not None
    assert result.button == result.draw.winner


async def test_setup_typing_keys_into_the_form() -> None:
    screen = SetupScreen(random.Random(1))
    app = ScreenHost(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen.query_one("#bb", Input).focus()
        await pilot.press("end", "backspace", "4")
        await pilot.click("#name-0")
        await pilot.press(*"Ann")
        await pilot.click("#name-1")
        await pilot.press(*"Bob")
        await pilot.pause()
        assert "Blinds 2/4" in _text(screen, "sb-hint")
        screen.query_one("#button-mode", Select).value = "place"
        await pilot.pause()
        screen.query_one("#button-seat", Select).value = 1
        await pilot.press("ctrl+s")
        await pilot.pause()
    (result,) = app.results
    assert result.config.stakes.small_blind == 2
    assert [p.buy_in for p in result.players] == [400, 400]  # 100 big blinds by default
    assert result.button == 1 and result.draw is None


async def test_setup_fixed_limit_options_and_every_r9_game() -> None:
    screen = SetupScreen(random.Random(2))
    app = ScreenHost(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        games = screen.query_one("#game", Select)
        keys = [value for _label, value in games._options if isinstance(value, str)]
        assert keys == [
            "omaha",
            "omaha8",
            "omaha5",
            "big-o",
            "omaha6",
            "omaha6-8",
            "courchevel",
            "courchevel8",
            "binglao",
        ]
        assert not screen.query_one("#fl-options").display
        games.value = "omaha8"
        screen.query_one("#structure", Select).value = "fl"
        await pilot.pause()
        assert screen.query_one("#fl-options").display
        screen.query_one("#raise-cap", Select).value = 5
        screen.query_one("#no-cap-hu").value = True  # type: ignore[attr-defined]
        _fill(screen, bb="4", name_0="Ann", name_1="Bob", name_2="Cy")
        screen.query_one("#button-mode", Select).value = "place"
        await pilot.pause()
        screen.query_one("#button-seat", Select).value = 2
        await pilot.press("ctrl+s")
        await pilot.pause()
    (result,) = app.results
    config = result.config
    assert config.structure is Structure.FIXED_LIMIT
    assert config.variant.key == "omaha8"
    assert config.raise_cap == 5 and config.no_cap_heads_up
    assert config.stakes.big_bet == 8  # R4.7 $4/$8


async def test_setup_r1_3_seat_limit_hides_seats_beyond_it() -> None:
    screen = SetupScreen()
    app = ScreenHost(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen.query_one("#game", Select).value = "omaha6"
        await pilot.pause()
        assert "seats up to 7 (R1.3)" in _text(screen, "seat-limit")
        assert screen.query_one("#name-6").display
        assert not screen.query_one("#name-7").display
        screen.query_one("#game", Select).value = "binglao"
        await pilot.pause()
        assert not screen.query_one("#name-6").display
        screen.query_one("#binglao-seven").value = True  # type: ignore[attr-defined]
        await pilot.pause()
        assert screen.query_one("#name-6").display


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"name_0": "Ann"}, "Seat at least two players (R1.2): type a name and a buy-in"),
        ({"name_0": "Ann", "name_1": "ann"}, 'Seat 2: "ann" is already seated; names must differ'),
        ({"buyin_3": "50"}, "Seat 4: a buy-in without a name; add the name"),
        (
            {"name_0": "Ann", "name_1": "Bob", "sb": "3"},
            "Small blind 3 is larger than the big blind 2",
        ),
        (
            {"name_0": "Ann", "name_1": "Bob", "bb": "0"},
            "Big blind: Input should be greater than 0",
        ),
        (
            {"name_0": "Ann", "name_1": "Bob", "chip": "5", "bb": "25", "buyin_1": "333"},
            "Seat 2 buy-in 333 is not a multiple of the smallest chip 5",
        ),
        ({"name_0": "Ann", "name_1": "Bob"}, "Button: draw for it first (Draw, or ctrl+d)"),
    ],
)
async def test_setup_refuses_a_bad_form_saying_what_to_fix(
    values: dict[str, str], message: str
) -> None:
    screen = SetupScreen()
    app = ScreenHost(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        _fill(screen, **values)
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert _text(screen, "error") == message
        assert app.results == []


def test_r1_4_button_draw_kd_kh_9s_gives_the_kh_player_the_button() -> None:
    draw = ButtonDraw(((0, parse_card("Kd")), (1, parse_card("Kh")), (2, parse_card("9s"))))
    assert draw.winner == 1
    text = describe_draw(draw, {0: "Ann", 1: "Bob", 2: "Cy"})
    assert "Button: Bob with K♥ (equal rank, higher suit; suits rank ♣ < ♦ < ♥ < ♠, R1.4)" in text


async def test_setup_draw_shows_the_cards_and_the_suit_order() -> None:
    screen = SetupScreen(random.Random(11))
    app = ScreenHost(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        _fill(screen, name_0="Ann", name_1="Bob", name_4="Di")
        await pilot.pause()
        await pilot.press("ctrl+d")
        await pilot.pause()
        shown = _text(screen, "draw-result")
        assert shown.startswith("Ann ") and "Di " in shown
        assert "suits rank ♣ < ♦ < ♥ < ♠, R1.4" in shown
        _fill(screen, name_5="Ed")
        await pilot.pause()
        assert _text(screen, "draw-result") == "Players changed: draw again."


def test_setup_events_open_the_session_seat_players_and_record_the_draw() -> None:
    from omaha_tui.app.screens.setup import SeatedPlayer
    from omaha_tui.engine.config import Stakes, TableConfig, parse_game

    config = TableConfig(variant=parse_game("plo"), stakes=Stakes(big_blind=2))
    draw = ButtonDraw(((0, parse_card("Kd")), (3, parse_card("Kh"))))
    result = SetupResult(
        config, (SeatedPlayer(0, "Ann", 200), SeatedPlayer(3, "Bob", 150)), 3, draw, "t"
    )
    events = setup_events(result)
    assert events[0] == SessionStarted(config=config, title="t")
    assert events[1:3] == (
        PlayerSeated(seat=0, name="Ann", stack=200),
        PlayerSeated(seat=3, name="Bob", stack=150),
    )
    assert events[3] == ButtonDrawn(cards={0: "Kd", 3: "Kh"})
    placed = SetupResult(config, result.players, 0, None, "t")
    assert setup_events(placed)[-1] == ButtonPlaced(seat=0)


# ---------------------------------------------------------------- help


async def test_help_lists_the_keys_and_closes_with_escape() -> None:
    screen = HelpScreen()
    app = ScreenHost(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is not screen
    assert app.results == [None]
    text = help_markdown()
    assert "| `p` | pot: fill the pot-limit maximum (R4.4) and show the arithmetic |" in text
