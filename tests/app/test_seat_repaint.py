"""A seat draws again only the rows that changed, and what a keypress leaves on screen is
exactly what the whole table drawn afresh shows (no row left stale): also when a seat
takes rows it drew before from memory, or the felt draws its title row alone."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.strip import Strip
from textual.widget import Widget

from omaha_tui.app.app import OmahaApp
from omaha_tui.app.widgets.kept_rows import KeptRows
from omaha_tui.app.widgets.seat import Seat
from omaha_tui.engine.config import Stakes, TableConfig, parse_game
from omaha_tui.session import Player, TableSetup

from .test_flows import make_app

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")


def _ten_handed() -> TableSetup:
    config = TableConfig(variant=parse_game("plo"), stakes=Stakes(big_blind=2))
    return TableSetup(config, tuple(Player(i, n, 1_000) for i, n in enumerate(NAMES)))


def _cells(app: App[None]) -> list[list[tuple[str, str]]]:
    """Every cell on the terminal, its character and its style, from what is drawn."""
    return [
        [(ch, str(seg.style)) for seg in strip for ch in seg.text]
        for strip in app.screen._compositor.render_strips()
    ]


async def _drawn_afresh(app: OmahaApp, pilot: Pilot[None]) -> list[list[tuple[str, str]]]:
    """The table drawn again from nothing: every widget, no rows from memory (the
    rows remembered so far are given back afterwards, to be drawn from later on)."""
    kept: dict[Widget, KeptRows] = {}
    for widget in app.table.query(Widget):
        memory = getattr(widget, "_kept", None)
        if isinstance(memory, KeptRows):
            kept[widget] = memory
            widget._kept = KeptRows()  # type: ignore[attr-defined]
        widget.refresh()
    await pilot.pause()
    cells = _cells(app)
    for widget, memory in kept.items():
        widget._kept = memory  # type: ignore[attr-defined]
    return cells


@pytest.mark.parametrize("size", [(160, 50), (80, 24)])
async def test_what_a_key_leaves_on_screen_is_the_table_drawn_afresh(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    app = make_app(tmp_path, _ten_handed())
    async with app.run_test(size=size) as pilot:
        await pilot.press("n")
        await pilot.pause()
        keys = "cpcccfcccc"  # a pot raise, calls round, a fold: bets swept at the flop
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
            left = _cells(app)
            assert left == await _drawn_afresh(app, pilot), f"after {key}"
        await pilot.press("d", "enter")  # the flop, chips only
        await pilot.pause()
        for key in "cccfcccc":
            await pilot.press(key)
            await pilot.pause()
            left = _cells(app)
            assert left == await _drawn_afresh(app, pilot), f"after {key} on the flop"


async def test_a_changed_bet_draws_only_its_row(tmp_path: Path) -> None:
    app = make_app(tmp_path, _ten_handed())
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        seat = next(s for s in app.table.query(Seat) if s._view and s._view.bet == 1)
        view = seat._view
        assert view is not None
        seat.show(replace(view, bet=3, committed=3), tall=True)
        # The stack line (with "in the pot") and the bet line changed; the status did not.
        assert len(seat._repaint_regions) == 2


async def test_r4_2_hand_ends_leave_on_screen_the_table_drawn_afresh(tmp_path: Path) -> None:
    """Each hand's end restyles every seat, most of them into rows kept from the hand's
    end before, and puts the next street's word in the felt's top border alone."""
    app = make_app(tmp_path, _ten_handed())
    async with app.run_test(size=(160, 50)) as pilot:
        for hand in range(4):
            await pilot.press("n")  # the button and the blinds move: new markers
            await pilot.pause()
            left = _cells(app)
            assert left == await _drawn_afresh(app, pilot), f"hand {hand}: dealt"
            for key in "cccccccccc":  # calls round, the big blind checks: the flop
                await pilot.press(key)
                await pilot.pause()
            await pilot.press("d", "enter")
            await pilot.pause()
            assert app.table._felt.border_title == "Flop"
            left = _cells(app)
            assert left == await _drawn_afresh(app, pilot), f"hand {hand}: the flop"
            while not _ended(app):
                await pilot.press("f")
                await pilot.pause()
            kept = [len(s._kept._rows) for s in app.table.query(Seat)]
            kept.append(len(app.table._pots._digits._kept._rows))
            for seat in app.table.query(Seat):
                assert _text_rows(seat) == _text_rows_drawn_whole(seat), seat.id
            left = _cells(app)
            assert left == await _drawn_afresh(app, pilot), f"hand {hand}: its end"
        assert all(kept), "every seat drew rows it can take again"


def _ended(app: OmahaApp) -> bool:
    hand = app.session.state.hand
    return hand is not None and hand.complete


def _text_rows(seat: Seat) -> list[Strip]:
    """The seat's rows of text as it draws them, one row at a time."""
    return [seat.render_line(y) for y in range(seat.size.height)]


def _text_rows_drawn_whole(seat: Seat) -> list[Strip]:
    """The same rows as Textual draws them: the whole text at once, blank rows below."""
    Widget._render_content(seat)
    drawn = seat._render_cache.lines
    blank = Strip.blank(seat.size.width, seat.visual_style.rich_style)
    return [drawn[y] if y < len(drawn) else blank for y in range(seat.size.height)]


async def test_r4_2_a_seat_back_in_a_look_it_had_reads_the_look_read_afresh(
    tmp_path: Path,
) -> None:
    """A seat back in classes it had (each hand's end) takes its look from memory, by
    its own rules and its ancestors' rule counts: the look it takes is the look read
    from its colours and text style again."""
    app = make_app(tmp_path, _ten_handed())
    async with app.run_test(size=(160, 50)) as pilot:
        for _ in range(3):
            await pilot.press("n")
            await pilot.pause()
            while not _ended(app):
                await pilot.press("f")
                await pilot.pause()
            for seat in app.table.query(Seat):
                kept = seat._kept
                seat.styles._updates += 1  # a new rule count: the quick path is left
                remembered = kept._look(seat)
                assert remembered is not None and kept._known, seat.id
                kept._known.clear()  # read again from the colours and text style
                kept._at = None
                assert kept._look(seat) == remembered, seat.id
