"""The ledger screen says what the settle-up cannot pay, in the app as in the CLI."""

from __future__ import annotations

import argparse
from decimal import Decimal
from pathlib import Path

from textual.widgets import Static

from omaha_tui.app.app import OmahaApp
from omaha_tui.app.screens.ledger import LedgerScreen
from omaha_tui.app.speech import SilentBackend
from omaha_tui.cli import play
from omaha_tui.cli.play import table_start
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.store.ledger import Ledger as ledger_of
from omaha_tui.store.ledger import LedgerLine, imbalance_text, ledger, settle_up

from .screen_harness import ScreenHost

NAMES = ("Ann [/x]", "Bob", '=HYPERLINK("x")')


def _app(tmp_path: Path) -> OmahaApp:
    parser = argparse.ArgumentParser()
    play.register(parser.add_subparsers())
    players = ",".join(f"{name}:200" for name in NAMES)
    args = parser.parse_args(["play", "--game", "plo", "--blinds", "1/2", "--players", players])
    return OmahaApp(
        db=tmp_path / "journal.sqlite3",
        start=table_start(args),
        now=lambda: 0.0,
        speech=SilentBackend(),
        settings_path=tmp_path / "settings.json",
    )


def _text(screen: LedgerScreen, id_: str) -> str:
    return str(screen.query_one(f"#{id_}", Static).render())


async def test_a_correction_that_unbalances_the_chips_is_not_settled_on_the_ledger_screen(
    tmp_path: Path,
) -> None:
    app = _app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.session is not None
        seat = next(i for i, s in enumerate(app.session.state.seats) if s and s.name == NAMES[0])
        assert app.request(rq.Correct(seat=seat, delta=25, reason="found a chip")).ok
        app.show_ledger()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LedgerScreen)
        book = ledger(app.session.state)
        line = imbalance_text(book, settle_up(book))
        assert line == (
            "not settled: Ann [/x] is still owed 25 that nobody lost (the chips do not balance)"
        )
        # The names as typed, as text, on a line of its own after the payments.
        assert _text(screen, "settlement").splitlines()[-1] == line
        assert screen.query_one("#balance").has_class("off")
        assert "Ann [/x] +25" in _text(screen, "balance")
        assert '=HYPERLINK("x")' in _text(screen, "ledger-table")


async def test_a_name_from_an_imported_session_is_shown_escaped_on_every_line() -> None:
    """Names read from old journals or hand histories may hold what the app refuses
    today; the screen shows them as text all the same."""
    lines = (LedgerLine("Eve\x1b[31m", 100, stack=110), LedgerLine("Bob [b]", 100, stack=100))
    pay = settle_up(ledger_of(lines))
    unsettled = imbalance_text(ledger_of(lines), pay)
    assert unsettled is not None
    screen = LedgerScreen(
        lines, pay, "the chips do not balance: Eve\x1b[31m +10", unsettled=unsettled
    )
    async with ScreenHost(screen).run_test(size=(100, 24)) as pilot:
        await pilot.pause()
        assert "Eve\\x1b[31m" in _text(screen, "ledger-table")
        assert "Bob [b]" in _text(screen, "ledger-table")
        assert _text(screen, "unsettled") == (
            "Not settled: Eve\\x1b[31m is still owed 10 that nobody lost (the chips do not balance)"
        )
        assert _text(screen, "balance") == "The chips do not balance: Eve\\x1b[31m +10"
        assert not screen.query("#transfers")


async def test_a_balanced_ledger_has_no_unsettled_line() -> None:
    lines = (LedgerLine("Ann", 100, stack=135), LedgerLine("Bob", 100, stack=65))
    screen = LedgerScreen(lines, settle_up(ledger_of(lines)), "the chips balance", unsettled=None)
    async with ScreenHost(screen).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not screen.query("#unsettled")
        assert _text(screen, "transfers") == "Bob pays Ann 35"


async def test_r12_the_ledger_screen_settles_in_money_switches_to_banker_and_copies(
    tmp_path: Path,
) -> None:
    app = _app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.session is not None
        assert app.request(rq.SetChipValue(100, Decimal("10.00"), "EUR")).ok
        assert app.request(rq.ShareExpense(Decimal("9.00"), "pizza", paid_by="Bob")).ok
        app.show_ledger()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LedgerScreen)
        assert _text(screen, "money").startswith("At 100 chips = 10.00 EUR: Ann [/x] 0.00 EUR")
        fewest = _text(screen, "settlement")
        assert "Ann [/x] pays Bob 3.00 EUR" in fewest
        assert "(fewest payments)" in fewest
        await pilot.press("b")
        banked = _text(screen, "settlement")
        assert "Ann [/x] pays the bank 3.00 EUR" in banked
        assert "the bank pays Bob 6.00 EUR" in banked
        copied: list[str] = []
        app.copy_to_clipboard = copied.append  # type: ignore[method-assign]
        await pilot.press("c")
        assert copied and copied[0].splitlines()[-2] == "the bank pays Bob 6.00 EUR"
        assert "expense: pizza 9.00 EUR paid by Bob" in copied[0]
        await pilot.press("b", "c")
        assert "Ann [/x] pays Bob 3.00 EUR" in copied[1]


async def test_r12_the_palette_sets_the_chip_value_and_shares_an_expense(tmp_path: Path) -> None:
    from textual.widgets import Input

    app = _app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.session is not None
        for command, answer in (("Chip value", "0.25 usd"), ("Shared expense", "12 beer Bob")):
            app.action_command_palette()
            await pilot.pause()
            for ch in command:
                await pilot.press(ch if ch != " " else "space")
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            app.screen.query_one(Input).value = answer
            await pilot.press("enter")
            await pilot.pause()
        state = app.session.state
        assert state.money is not None and state.money.describe() == "1 chip = 0.25 USD"
        assert [(e.what, e.among) for e in state.expenses] == [("beer", ("Bob",))]
