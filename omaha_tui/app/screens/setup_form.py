"""The setup screen's form, field by field: the game and stakes, the seats, the button.

Each function composes one part of the form (the screen lays them out in one scroll and
reads them back by their ids); nothing here reads or checks a value.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from textual.containers import Grid, Horizontal
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from omaha_tui.app.screens.setup_roster import rate_text, roster_suggester, roster_widgets
from omaha_tui.engine.config import (
    DOUBLE_BOARD_NAMES,
    STRUCTURE_NAMES,
    VARIANTS,
    DoubleBoard,
    Structure,
)
from omaha_tui.engine.rules.money import ChipRate

MAX_SEATS = 10
RAISE_CAPS: tuple[tuple[str, int | None], ...] = (
    ("1 bet + 3 raises", 4),  # R4.7 default
    ("1 bet + 4 raises", 5),
    ("no cap", None),
)
BOARDS: tuple[tuple[str, str], ...] = tuple(
    (f"{name.capitalize()}{' (R13.2)' if mode is not DoubleBoard.OFF else ''}", mode.value)
    for mode, name in DOUBLE_BOARD_NAMES.items()
)
"""R13.2(a): one board (the default), two every hand, or two on bomb pots only."""


def game_fields(money: ChipRate | None) -> Iterator[Widget]:
    """The game, structure, blinds, chip, ante, straddle, boards (R13.2), buy-in and chip
    value (R12.1), with the fixed-limit and Binglao options beneath."""
    with Grid(id="game-grid", classes="form"):
        yield Label("Game")
        yield Select(
            [(v.name, k) for k, v in VARIANTS.items()],
            value="omaha",
            allow_blank=False,
            compact=True,
            id="game",
        )
        yield Label("Structure")
        yield Select(
            [(n, s.value) for s, n in STRUCTURE_NAMES.items()],
            value=Structure.POT_LIMIT.value,
            allow_blank=False,
            compact=True,
            id="structure",
        )
        yield Label("Big blind")
        yield Input("2", restrict=r"\d*", compact=True, id="bb")
        yield Label("Small blind")
        yield Input("", restrict=r"\d*", compact=True, id="sb")
        yield Label("Smallest chip", id="chip-label")
        yield Input("1", restrict=r"\d*", compact=True, id="chip")
        yield Label("Ante")
        yield Input("", restrict=r"\d*", placeholder="none", compact=True, id="ante")
        yield Label("Straddle", id="straddle-label")
        yield Input("", restrict=r"\d*", placeholder="none", compact=True, id="straddle")
        yield Label("Boards")
        yield Select(  # R13.2(a): one board, two every hand, or two on bomb pots only
            BOARDS,
            value=DoubleBoard.OFF.value,
            allow_blank=False,
            compact=True,
            id="boards",
        )
        yield Label("Default buy-in", id="default-buyin-label")
        yield Input("", restrict=r"\d*", compact=True, id="default-buyin")
        yield Label("Chip value", id="chip-value-label")
        yield Input(
            rate_text(money),
            placeholder="none, e.g. 0.10 or 200=20.00 (R12.1)",
            compact=True,
            id="chip-value",
        )
        yield Label("Currency", id="currency-label")
        yield Input(
            money.currency if money else "",
            placeholder="e.g. EUR",
            max_length=8,
            compact=True,
            id="currency",
        )
    yield Static(id="sb-hint", classes="hint")
    with Horizontal(id="fl-options", classes="options"):
        yield Label("Raise cap")
        yield Select(RAISE_CAPS, value=4, allow_blank=False, compact=True, id="raise-cap")
        yield Checkbox("no cap heads-up", id="no-cap-hu")
    with Horizontal(id="binglao-options", classes="options"):
        yield Checkbox("seven players (R1.3 option)", id="binglao-seven")


def seat_fields(roster: Sequence[str], last: Sequence[tuple[str, int]]) -> Iterator[Widget]:
    """The seats: a name and a buy-in each (the regulars offered as they are typed)."""
    yield Static(id="seat-limit", classes="section")
    yield from roster_widgets(roster, last)
    with Grid(id="seats", classes="form"):
        for i in range(MAX_SEATS):
            yield Label(f"Seat {i + 1}", id=f"seat-label-{i}", classes="seat")
            yield Input(
                placeholder="empty",
                max_length=24,
                compact=True,
                suggester=roster_suggester(roster),
                id=f"name-{i}",
                classes="seat",
            )
            yield Input(
                restrict=r"\d*",
                placeholder="buy-in",
                compact=True,
                id=f"buyin-{i}",
                classes="seat",
            )
    yield Static(id="buyin-hint", classes="hint")


def button_fields() -> Iterator[Widget]:
    """The button: drawn for (R1.4) or placed by hand, and the button rule (R1.5)."""
    yield Static("Button", classes="section")
    with Horizontal(id="button-row", classes="options"):
        yield Select(
            [("Draw for the button (R1.4)", "draw"), ("Place by hand", "place")],
            value="draw",
            allow_blank=False,
            compact=True,
            id="button-mode",
        )
        yield Select([], prompt="on seat…", compact=True, id="button-seat")
        yield Button("Draw", id="draw", compact=True)
        yield Select(
            [("Dead button (R1.5)", "dead"), ("Moving button", "moving")],
            value="dead",
            allow_blank=False,
            compact=True,
            id="button-rule",
        )
    yield Static(id="draw-result")
