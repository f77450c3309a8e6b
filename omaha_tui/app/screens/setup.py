"""The setup screen: game, structure, stakes, players and seats, and the button.

The dealer fills one scrollable form; the small blind default of R2.3 is shown live as
the big blind and the smallest chip change, seats beyond the game's R1.3 limit are
hidden, and the button is either placed by hand or drawn here with one face-up card
per player (R1.4, suit order shown). The screen dismisses with a frozen
:class:`SetupResult`; it records nothing itself. :func:`setup_events` is the pure
translation of a result into the opening events, for the session to record.

The random cards of a draw are produced here, in the UI, because the engine is pure;
they reach the log as a ``ButtonDrawn`` event.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Select, Static

from omaha_tui.app.prompts.level_editor import LevelEditor
from omaha_tui.app.screens.setup_form import MAX_SEATS, button_fields, game_fields, seat_fields
from omaha_tui.app.screens.setup_model import (
    ButtonDraw,
    SeatedPlayer,
    SetupResult,
    amount_field,
    buy_in_hint,
    describe_draw,
    draw_for_button,
    seated_players,
    setup_events,
    table_config,
)
from omaha_tui.app.screens.setup_roster import chip_rate
from omaha_tui.app.screens.setup_tournament import (
    CASH_ONLY,
    read_chip,
    read_tournament,
    tournament_fields,
)
from omaha_tui.engine.config import (
    VARIANTS,
    ButtonRule,
    DoubleBoard,
    Structure,
    TableConfig,
    default_small_blind,
    max_players,
)
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.labels import printable
from omaha_tui.engine.reducer.start import check_double_board
from omaha_tui.engine.rules.money import ChipRate

__all__ = [
    "ButtonDraw",
    "SeatedPlayer",
    "SetupResult",
    "SetupScreen",
    "describe_draw",
    "draw_for_button",
    "setup_events",
]


class SetupScreen(Screen[SetupResult]):
    """Choose the game and seat the players; dismisses with a :class:`SetupResult`."""

    CSS_PATH = "setup.tcss"
    AUTO_FOCUS = "#name-0"  # the first field a dealer types: the game and blinds have defaults
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", "Start game"),
        # ctrl+b (button): fields keep ctrl+d for "delete right".
        Binding("ctrl+b", "draw", "Draw for button"),
    ]

    def __init__(
        self,
        rng: random.Random | None = None,
        *,
        roster: Sequence[str] = (),
        last_players: Sequence[tuple[str, int]] = (),
        money: ChipRate | None = None,
    ) -> None:
        """``rng`` draws the button cards (seed it for repeatable tests and snapshots);
        ``roster`` and ``last_players`` (name, buy-in) offer the regulars; ``money`` fills
        the chip value (R12.1)."""
        super().__init__()
        self._rng = rng or random.Random()
        self._draw: ButtonDraw | None = None
        self._roster = tuple(roster)
        self._last = tuple(last_players)
        self._money = money
        self._button_options: list[tuple[str, int]] | None = None

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="setup"):
            yield Static("New game", id="setup-title")
            with Horizontal(id="mode-row", classes="options"):
                yield Select(
                    [("Cash game", "cash"), ("Tournament (R11)", "tournament")],
                    value="cash",
                    allow_blank=False,
                    compact=True,
                    id="mode",
                )
            yield from tournament_fields()
            yield from game_fields(self._money)
            yield from seat_fields(self._roster, self._last)
            yield from button_fields()
            yield Static("Blind clock (R2.7)", classes="section")
            yield LevelEditor(id="levels")
            yield Button("Start game", variant="primary", id="start")
        yield Static(id="error")  # outside the scroll: always in sight, even at 80x24
        yield Footer()

    def on_mount(self) -> None:
        self._refresh_form()

    # ------------------------------------------------------------------ reading the form

    def _value(self, widget_id: str) -> str:
        return self.query_one(f"#{widget_id}", Input).value

    def _select(self, widget_id: str) -> object:
        return self.query_one(f"#{widget_id}", Select).value

    def _variant_limit(self) -> int:
        variant = VARIANTS[str(self._select("game"))]
        return max_players(variant, self.query_one("#binglao-seven", Checkbox).value)

    def _players(self) -> tuple[SeatedPlayer, ...]:
        """Seats with a name, in seat order; raises ValueError naming the bad seat."""
        rows = [
            (self._value(f"name-{i}"), self._value(f"buyin-{i}"))
            for i in range(self._variant_limit())
        ]
        return seated_players(rows, self._default_buy_in)

    def _default_buy_in(self) -> int:
        """The default buy-in field, else 100 big blinds (top of the R4.11 range)."""
        chosen = amount_field(self._value("default-buyin"), "Default buy-in")
        if chosen:
            return chosen
        return 100 * amount_field(self._value("bb"), "Big blind", required=True)

    def _config(self) -> TableConfig:
        """The table config the form describes; raises ValueError with the reason. A
        tournament's chip is its own field (R11.7), applied by :meth:`_result`."""
        fields = {k: self._value(k) for k in ("bb", "sb", "ante", "straddle", "chip")}
        if self._tournament():
            fields |= {"chip": "1", "straddle": ""}
        cap = self._select("raise-cap")
        return table_config(
            fields,
            variant=VARIANTS[str(self._select("game"))],
            structure=Structure(str(self._select("structure"))),
            seats=self._variant_limit(),
            raise_cap=cap if isinstance(cap, int) else None,
            no_cap_heads_up=self.query_one("#no-cap-hu", Checkbox).value,
            binglao_seven=self.query_one("#binglao-seven", Checkbox).value,
            button_rule=ButtonRule(
                "dead" if self._tournament() else str(self._select("button-rule"))
            ),  # R11.6: a tournament uses the dead button
            double_board=DoubleBoard(str(self._select("boards"))),  # R13.2(a)
        )

    def _tournament(self) -> bool:
        return self._select("mode") == "tournament"

    def _result(self) -> SetupResult:
        config = self._config()
        schedule = self.query_one(LevelEditor).schedule(config.stakes.chip)
        if schedule is not None:  # the table opens at level 1 (R2.7)
            config = config.model_copy(update={"stakes": schedule.stakes(1)})
        players = self._players()
        tournament = read_tournament(self) if self._tournament() else None
        if tournament is not None:  # R11.7: the tournament's chip, a setting
            chip = read_chip(self, tournament, schedule, config.stakes)
            config = config.model_copy(
                update={"stakes": config.stakes.model_copy(update={"chip": chip})}
            )
            if schedule is not None:
                schedule = schedule.model_copy(update={"chip": chip})
        if tournament is not None and config.button_rule is ButtonRule.MOVING:
            raise ValueError("Button rule: a tournament uses the dead button (R11.6)")
        if tournament is not None:  # R11.1: every entry starts with the same stack
            players = tuple(SeatedPlayer(p.seat, p.name, tournament.stack) for p in players)
        if len(players) < 2:
            raise ValueError("Seat at least two players (R1.2): type a name and a buy-in")
        if config.double_board is not DoubleBoard.OFF:
            try:
                check_double_board(config.variant, len(players))  # R13.2(b)
            except RuleError as exc:
                raise ValueError(f"Boards: {exc}") from None
        money = chip_rate(self._value("chip-value"), self._value("currency"))
        if tournament is not None and money is not None:
            raise ValueError("Chip value: a tournament's chips have no money value (R12.1)")
        for p in players:
            if p.buy_in % config.stakes.chip:
                raise ValueError(
                    f"Seat {p.seat + 1} buy-in {p.buy_in} is not a multiple of the smallest "
                    f"chip {config.stakes.chip}"
                )
        if self._select("button-mode") == "place":
            seat = self._select("button-seat")
            if not isinstance(seat, int) or seat not in {p.seat for p in players}:
                raise ValueError("Button: choose the seat that has the button")
            return SetupResult(
                config, players, seat, None, config.title, schedule, tournament, money
            )
        draw = self._draw
        if draw is None or {s for s, _ in draw.cards} != {p.seat for p in players}:
            raise ValueError("Button: draw for it first (Draw, or ctrl+b)")
        return SetupResult(
            config, players, draw.winner, draw, config.title, schedule, tournament, money
        )

    # ------------------------------------------------------------------ live feedback

    def _refresh_form(self) -> None:
        variant = VARIANTS[str(self._select("game"))]
        structure = Structure(str(self._select("structure")))
        limit = self._variant_limit()
        self.query_one("#fl-options").display = structure is Structure.FIXED_LIMIT
        tournament = self._tournament()
        self.query_one("#tournament-grid").display = tournament  # R11
        for key in CASH_ONLY:  # a tournament's own fields stand in for the cash game's
            for widget in self.query(f"#{key}, #{key}-label"):
                widget.display = not tournament
        self.query_one("#button-rule").display = not tournament  # R11.6: the dead button
        self.query_one("#seats").set_class(tournament, "-tournament")  # no buy-in column
        self.query_one("#buyin-hint").display = not tournament
        self.query_one("#binglao-options").display = variant.binglao
        for i in range(MAX_SEATS):
            for widget in self.query(f"#seat-label-{i}, #name-{i}"):
                widget.display = i < limit
            self.query_one(f"#buyin-{i}").display = i < limit and not tournament
        self.query_one("#seat-limit", Static).update(
            f"Players: {variant.name} seats up to {limit} (R1.3)"
        )
        self._refresh_sb_hint()
        self._refresh_button_seats()

    def _refresh_sb_hint(self) -> None:
        hint = self.query_one("#sb-hint", Static)
        try:
            bb = amount_field(self._value("bb"), "Big blind", required=True)
            chip = amount_field(self._value("chip"), "Smallest chip", required=True) or 1
        except ValueError as exc:
            hint.update(str(exc))
            return
        default = default_small_blind(bb, chip) if bb else 0
        self.query_one("#sb", Input).placeholder = f"{default} (default)"
        self.query_one("#default-buyin", Input).placeholder = f"{100 * bb} (100 big blinds)"
        chosen = self._value("sb").strip()
        sb = chosen or str(default)
        structure = Structure(str(self._select("structure")))
        extra = f"; bets {bb}/{2 * bb}" if structure is Structure.FIXED_LIMIT else ""
        hint.update(
            f"Blinds {sb}/{bb}{extra}. Small blind default {default}: half the big blind "
            f"rounded down to the smallest chip (R2.3)"
        )

    def _refresh_button_seats(self) -> None:
        try:
            players = self._players()
        except ValueError:
            return
        self._refresh_buy_in_hint(players)
        editor = self.query_one(LevelEditor)
        if players:  # a template's starting stack (R2.7)
            editor.set_default_stack(players[0].buy_in)
        editor.set_default_players(max(2, len(players)))  # and the players seated
        select = self.query_one("#button-seat", Select)
        options = [(f"{p.seat + 1} {p.name}", p.seat) for p in players]
        if options != self._button_options:  # only when the players change
            self._button_options = options
            current = select.value
            select.set_options(options)
            if current in {p.seat for p in players}:
                select.value = current
        placing = self._select("button-mode") == "place"
        select.display = placing
        self.query_one("#draw", Button).display = not placing
        if self._draw and {s for s, _ in self._draw.cards} != {p.seat for p in players}:
            self._draw = None
            self.query_one("#draw-result", Static).update("Players changed: draw again.")

    def _refresh_buy_in_hint(self, players: tuple[SeatedPlayer, ...]) -> None:
        """R4.11: warn (never refuse) about buy-ins outside 20-100 big blinds."""
        try:
            bb = amount_field(self._value("bb"), "Big blind", required=True)
        except ValueError:
            return
        self.query_one("#buyin-hint", Static).update(buy_in_hint(players, bb))

    @on(Select.Changed)
    def _select_changed(self, event: Select.Changed) -> None:
        # The button's seat changes nothing else on the form; refreshing on it would
        # set its options again, which changes it again, without end.
        if event.select.id != "button-seat":
            self._refresh_form()

    @on(Checkbox.Changed, "#binglao-seven")
    def _seven_changed(self) -> None:
        self._refresh_form()

    @on(Input.Changed, "#bb, #sb, #chip, #default-buyin")
    def _stakes_changed(self) -> None:
        self._refresh_sb_hint()
        self._refresh_button_seats()

    @on(Input.Submitted)
    def _next_field(self) -> None:
        """Enter moves on to the next field, as a dealer filling a form expects."""
        self.focus_next()

    @on(Input.Changed, ".seat")
    def _seat_changed(self) -> None:
        self._refresh_button_seats()

    # ------------------------------------------------------------------ actions

    @on(Button.Pressed, "#draw")
    def action_draw(self) -> None:
        """Deal one card to each seated player and show who gets the button (R1.4)."""
        try:
            players = self._players()
        except ValueError as exc:
            self._error(str(exc))
            return
        if len(players) < 2:
            self._error("Seat at least two players before drawing for the button")
            return
        self._draw = draw_for_button(tuple(p.seat for p in players), self._rng)
        names = {p.seat: p.name for p in players}
        self.query_one("#draw-result", Static).update(describe_draw(self._draw, names))
        self._error("")

    @on(Button.Pressed, "#seat-last")
    def _seat_last(self) -> None:
        """Seat last session's players in their order, with their buy-ins."""
        for i in range(MAX_SEATS):
            name, buy_in = self._last[i] if i < len(self._last) else ("", 0)
            self.query_one(f"#name-{i}", Input).value = name
            self.query_one(f"#buyin-{i}", Input).value = str(buy_in) if name else ""

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        """Check the form and dismiss with the result, or say what to fix."""
        try:
            result = self._result()
        except ValueError as exc:
            self._error(str(exc))
            return
        self.dismiss(result)

    def _error(self, text: str) -> None:
        """Say what to fix on the line above the footer, which never scrolls away;
        the text is plain (it may hold a name), never markup."""
        error = self.query_one("#error", Static)
        error.update(Content(printable(text)))
        error.display = bool(text)
