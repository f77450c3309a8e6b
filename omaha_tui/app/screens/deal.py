"""The deal screen (R11.5): the players left share what is left of the prize pool.

It shows the prizes left, proposes a chip chop (``ctrl+o``) or an ICM split
(``ctrl+n``) with an amount kept back for the winner (:func:`~omaha_tui.session.
tournament_moments.deal_view`), lets the dealer change any player's amount, and
records the deal (``ctrl+s``, the session's ``AgreeDeal``) only when every player left
has said they agree (a checkbox each). Names are text, never markup.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Vertical
from textual.screen import ModalScreen
from textual.widgets import Checkbox, Footer, Input, Label, Static

from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.narration.tournament import money, ordinal
from omaha_tui.engine.rules.money import MoneyError, parse_money
from omaha_tui.engine.rules.tournament.money import ZERO
from omaha_tui.engine.state import TableState
from omaha_tui.session.tournament_moments import DealView, deal_view
from omaha_tui.session.view import shown as safe

Submit = Callable[[rq.AgreeDeal], str | None]
"""Records the deal; returns the refusal's reason, or ``None``."""


class DealScreen(ModalScreen[None]):
    """The players left, their amounts and agreements; ``ctrl+s`` records the deal."""

    CSS_PATH = "colour_up.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+o", "propose('chop')", "Chip chop", priority=True),
        Binding("ctrl+n", "propose('icm')", "ICM", priority=True),
        Binding("ctrl+s", "record", "Record the deal", priority=True),
        Binding("escape", "cancel", "Cancel"),
    ]

    def __init__(self, state: TableState, submit: Submit) -> None:
        super().__init__()
        self._state = state
        self._submit = submit
        self._view: DealView = deal_view(state)
        self._proposed: tuple[str, dict[int, Decimal]] | None = None

    def compose(self) -> ComposeResult:
        v = self._view
        with Vertical(id="deal", classes="prompt"):
            yield Static(
                f"Deal (R11.5): {len(v.players)} players left share {money(v.total, v.unit)}",
                id="dl-title",
            )
            prizes = " · ".join(
                f"{ordinal(i)} {money(p, self._view.unit)}"
                for i, p in enumerate(v.prizes_left, start=1)
            )
            yield Static(f"Prizes left: {prizes}", id="dl-prizes")
            yield Static("Kept back for the winner (money):", classes="hint")
            yield Input("0", id="dl-keep")
            yield Static(
                "Propose a chip chop (ctrl+o) or ICM (ctrl+n); change any amount; each player "
                "says they agree:",
                classes="hint",
            )
            with Grid(id="dl-players"):
                for p in v.players:
                    yield Label(safe(f"{p.name} ({p.stack:,} chips)"))
                    yield Input(id=f"dl-amount-{p.seat}", placeholder="amount")
                    yield Checkbox("agrees", id=f"dl-agree-{p.seat}")
            yield Static(id="dl-result")
        yield Footer()

    def on_mount(self) -> None:
        self._sum()

    def _keep(self) -> Decimal | None:
        try:
            return parse_money(
                self.query_one("#dl-keep", Input).value or "0",
                "keep",
                unit=self._view.unit,
                zero=True,
            )
        except MoneyError as e:
            self._say(str(e), refused=True)
            return None

    def _say(self, text: str, *, refused: bool = False) -> None:
        result = self.query_one("#dl-result", Static)
        result.update(safe(text))
        result.set_class(refused, "-refused")

    def action_propose(self, kind: str) -> None:
        """Fill every amount with the chip chop's or ICM's proposal."""
        keep = self._keep()
        if keep is None:
            return
        self._view = deal_view(self._state, keep)
        if self._view.error:
            self._say(self._view.error, refused=True)
            return
        proposal = self._view.chop if kind == "chop" else self._view.icm
        self._proposed = ("chip chop" if kind == "chop" else "ICM", proposal)
        for seat, value in proposal.items():
            self.query_one(f"#dl-amount-{seat}", Input).value = str(value)
        self._sum()

    def _amounts(self) -> dict[int, Decimal] | None:
        out: dict[int, Decimal] = {}
        for p in self._view.players:
            text = self.query_one(f"#dl-amount-{p.seat}", Input).value.strip()
            if not text:
                return None
            try:
                out[p.seat] = parse_money(
                    text, f"{p.name}'s amount", unit=self._view.unit, zero=True
                )
            except MoneyError as e:
                self._say(str(e), refused=True)
                return None
        return out

    @on(Input.Changed)
    def _changed(self, event: Input.Changed) -> None:
        if event.input.id != "dl-keep":
            self._sum()

    def _sum(self) -> None:
        """Say what the amounts share against what is on offer (and whose proposal they
        are, while they are one)."""
        keep = self._keep()
        amounts = self._amounts()
        if keep is None:
            return
        offer = self._view.total - keep
        kept = f", {money(keep, self._view.unit)} kept for the winner" if keep else ""
        if amounts is None:
            self._say(
                f"{money(offer, self._view.unit)} to share{kept}: propose, or type every amount"
            )
            return
        total = sum(amounts.values(), ZERO)
        head = ""
        if self._proposed is not None and self._proposed[1] == amounts:
            head = f"{self._proposed[0]} proposal: "
        if total != offer:
            self._say(
                f"{head}the amounts share {money(total, self._view.unit)}, "
                f"not the {money(offer, self._view.unit)} on offer"
            )
            return
        self._say(
            f"{head}{money(total, self._view.unit)} shared{kept}; "
            "ctrl+s records it once everyone agrees"
        )

    def action_record(self) -> None:
        keep = self._keep()
        amounts = self._amounts()
        if keep is None:
            return
        if amounts is None:
            self._say("type every player's amount (or propose one, ctrl+o or ctrl+n)", refused=True)
            return
        missing = [
            p.name
            for p in self._view.players
            if not self.query_one(f"#dl-agree-{p.seat}", Checkbox).value
        ]
        if missing:
            self._say(
                f"{', '.join(missing)} {'has' if len(missing) == 1 else 'have'} not agreed: "
                "a deal is recorded only when every player left agrees (R11.5)",
                refused=True,
            )
            return
        reason = self._submit(rq.AgreeDeal(tuple(amounts.items()), keep))
        if reason:
            self._say(reason, refused=True)
            return
        self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)
