"""Names and other typed text are data on every screen: never markup, never escapes.

A table of players named like markup (``Ann [/x]``, ``[b]Bob``), with a trailing
backslash, and one name carried in from an older journal with an escape sequence,
plays a hand, opens the ledger and History, and is resumed: every name shows exactly
as typed (control characters made visible), and nothing crashes.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from textual.app import App
from textual.markup import to_content
from textual.pilot import Pilot
from textual.widgets import Input, Label

from omaha_tui.app.app import OmahaApp, TableStart
from omaha_tui.app.prompts.amount_prompt import AmountPrompt, TextPrompt
from omaha_tui.app.screens.history import HistoryScreen
from omaha_tui.app.screens.ledger import LedgerScreen
from omaha_tui.app.speech import CommandBackend
from omaha_tui.app.widgets.action_bar import ActionBar
from omaha_tui.app.widgets.seat import Seat
from omaha_tui.cli import play
from omaha_tui.cli.play import FlagError, parse_players
from omaha_tui.engine.config import Stakes, TableConfig, parse_game
from omaha_tui.engine.labels import printable
from omaha_tui.session import Player
from omaha_tui.session.view import shown

from .test_flows import keys, make_app, six_handed_plo, stacks, status, type_text

NAMES = ("Ann [/x]", "[b]Bob", "Cy\\", "Dee [@click=app.quit]", "Eve\x1b[31m", "[/]")
SHOWN = ("Ann [/x]", "[b]Bob", "Cy\\", "Dee [@click=app.quit]", "Eve\\x1b[31m", "[/]")


def _plain(markup: str) -> str:
    return to_content(markup).plain.replace("\u2060", "")


@given(st.text(max_size=30))
def test_any_typed_text_inside_markup_shows_as_typed(text: str) -> None:
    assert _plain(f"[b]{shown(text)}[/b] to act") == printable(text) + " to act"


def test_control_characters_are_shown_escaped_in_markup() -> None:
    assert _plain(shown("Eve\x1b[31m\x07")) == "Eve\\x1b[31m\\x07"


def _markup_table() -> TableStart:
    config = TableConfig(variant=parse_game("plo"), stakes=Stakes(small_blind=1, big_blind=2))
    players = tuple(Player(i, n, 200) for i, n in enumerate(NAMES))
    return TableStart(config, players, title="[/x] Friday\\")


def _screen_text(app: App[None]) -> str:
    """Every character on the terminal, as the dealer sees it."""
    strips = app.screen._compositor.render_strips()
    return "\n".join(strip.text for strip in strips).replace("\u2060", "")


def _all_names_seen(app: App[None]) -> bool:
    text = _screen_text(app)
    return all(name in text for name in SHOWN)


async def test_names_full_of_markup_play_a_hand_show_the_ledger_and_resume(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, _markup_table())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert _all_names_seen(app)
        assert status(app) == "Session 1: [/x] Friday\\. Press n to deal."
        await keys(pilot, "n", "f", "f", "f", "f", "f")  # all fold to the big blind
        assert status(app) == (
            "[b]Bob folds; 1 returned to Cy\\, uncalled (R4.9); Cy\\ wins 2 (R4.2)"
        )
        app.show_ledger()
        await pilot.pause()
        assert isinstance(app.screen, LedgerScreen)
        assert _all_names_seen(app)
        await keys(pilot, "escape")
        app.show_history()
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        await keys(pilot, "escape")
        await keys(pilot, "n")
        expected = app.session.state
    again = make_app(tmp_path, resume="last")
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert again.session.state == expected
        assert _all_names_seen(again)
        assert status(again) == "Resumed session 1 during hand #2"


def test_players_flag_refuses_a_25_character_name_and_other_digits_in_one_line() -> None:
    with pytest.raises(FlagError, match="at most 24"):
        parse_players("Bartholomew Fitzgerald-Sm:200,Bob:200")
    with pytest.raises(FlagError, match="digits 0 to 9"):
        parse_players("Ann:²,Bob:200")
    with pytest.raises(FlagError, match="control character"):
        parse_players("Ann\x1b[2J:200,Bob:200")
    assert parse_players("Ann [/x]:200,Bob\\:100") == [("Ann [/x]", 200), ("Bob\\", 100)]


async def test_a_markup_name_in_the_bet_box_title_is_shown_as_typed(tmp_path: Path) -> None:
    app = make_app(tmp_path, _markup_table())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await keys(pilot, "n", "b")  # Dee [@click=app.quit] is first to act
        assert isinstance(app.screen, AmountPrompt)
        title = str(app.screen.query_one(Label).render()).replace("\u2060", "")
        assert title.startswith("Dee [@click=app.quit] raises: raise to 4 to 7")


async def test_r4_10_the_bet_box_keeps_20_5_as_typed_and_refuses_it(tmp_path: Path) -> None:
    app = make_app(tmp_path, six_handed_plo())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await keys(pilot, "n", "b")
        prompt = app.screen
        assert isinstance(prompt, AmountPrompt)
        field = prompt.query_one("#amount", Input)
        field.value = ""
        await type_text(pilot, "20.5")
        assert field.value == "20.5"  # never 205
        meaning = str(prompt.query_one("#amount-meaning", Label).render())
        assert meaning.startswith('raise "20.5" is not a whole number of chips')
        await keys(pilot, "enter")
        assert app.screen is prompt  # refused: the prompt stays open
        assert app.session.state.hand is not None and max(app.session.state.hand.bets) == 2


async def test_palette_rebuy_with_a_superscript_two_is_refused_in_one_line(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, six_handed_plo())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.action_command_palette()
        await pilot.pause()
        await type_text(pilot, "Rebuy")
        await keys(pilot, "enter")
        assert isinstance(app.screen, TextPrompt)
        app.screen.query_one("#answer", Input).value = "Ann ²"
        await keys(pilot, "enter")
        error = str(app.screen.query_one("#answer-error", Label).render())
        assert error == 'rebuy "²" uses characters other than the digits 0 to 9: ' + (
            "type digits only, e.g. 20"
        )
        assert stacks(app)[0] == 200


async def test_palette_lists_theme_once(tmp_path: Path) -> None:
    app = make_app(tmp_path, six_handed_plo())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.action_command_palette()
        await pilot.pause()
        await type_text(pilot, "Theme")
        await pilot.pause()
        hits = [str(o.prompt) for o in app.screen.query("CommandList").first().options]
        assert sum(h.startswith("Theme") for h in hits) == 1


# ---------------------------------------------------------------- speech captions


async def _spoken(app: OmahaApp, pilot: Pilot[None], text: str) -> str:
    app.say_aloud(text)
    await app.workers.wait_for_complete()
    await pilot.pause()
    return app.table.query_one(ActionBar).caption_text


async def test_a_caption_at_80x24_sits_under_the_status_line_and_covers_no_seat(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, six_handed_plo())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(pilot, "n", "f")
        said = "Dee wins 84 with three aces, ace-ace from the hand. Dee's aces beat Fay's kings."
        assert await _spoken(app, pilot, said) == f"🔈 {said}"
        assert status(app) == "Dee folds"  # the action stays on the status line
        caption = app.table.query_one("#caption").region
        assert caption.height >= 1
        assert not any(caption.overlaps(seat.region) for seat in app.table.query(Seat))
        assert not app._notifications
        await keys(pilot, "f")
        assert app.table.query_one(ActionBar).caption_text == ""  # the next action clears it


async def test_a_failed_speech_program_is_shown_as_not_said(tmp_path: Path) -> None:
    broken = CommandBackend("espeak-ng", (sys.executable, "-c", "import sys; sys.exit(3)"))
    app = make_app(tmp_path, six_handed_plo())
    app.speech = broken
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        caption = await _spoken(app, pilot, "Ann wins 3")
        assert caption == "🔈 Not said (espeak-ng failed: exit status 3): Ann wins 3"
        assert "Said" not in caption.replace("Not said", "")


@pytest.mark.parametrize("resume", ["²", "9" * 5000, "-1", "x\x1b[2J"])
def test_play_resume_with_a_bad_id_is_one_line_and_exit_2(
    resume: str, capsys: pytest.CaptureFixture[str]
) -> None:
    parser = argparse.ArgumentParser(prog="omaha-tui")
    play.register(parser.add_subparsers())
    args = parser.parse_args(["play", f"--resume={resume}"])
    assert play.run(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is not a session id" in err and "\x1b" not in err
