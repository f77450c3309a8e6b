"""The board (community cards) with the street, and the prompt that enters the next street.

The board is drawn as cards (:func:`~.cards.board_faces`): rank and suit symbol in the
theme's suit colours, bigger on a big screen. Cards may be left out when the dealer
tracks chips only: the board then shows a face-down card per card dealt
(``BoardDealt.count``), and empty slots for the cards still to come.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Input, Label, Static

from omaha_tui.app.prompts.card_input import CardInput
from omaha_tui.app.prompts.typed_prompt import TypedPrompt
from omaha_tui.app.widgets.cards import board_faces, board_markup
from omaha_tui.engine.labels import printable
from omaha_tui.engine.units import amount_text

if TYPE_CHECKING:
    from omaha_tui.session.view import TableView


def runs_markup(view: TableView) -> str:
    """R10.2: one line per run of a board run more than once, empty otherwise.

    Run 1 is the board as dealt; a later run not yet dealt shows the cards every run
    shares and empty slots. R13.2: a double board's two boards, ``Board 1`` and
    ``Board 2``, each with who won it once the hand is settled.
    """
    return "\n".join(
        f"{view.row_word} {n}  {board_markup(b, untracked)}{_winners(view, n)}"
        for n, b, untracked in view.run_rows
    )


def _winners(view: TableView, board: int) -> str:
    """``  Ann 60, Bob 30``: who won the settled hand's part on ``board`` (R13.2)."""
    hand = view.hand
    if hand is None or hand.boards < 2 or not hand.awards:
        return ""
    names = {s.index: s.name or f"seat {s.index + 1}" for s in view.seats}
    won: dict[int, int] = {}
    for a in hand.awards:
        if a.run == board:
            won[a.seat] = won.get(a.seat, 0) + a.amount
    return "  " + ", ".join(f"{names[s]} {amount_text(n, view.decimals)}" for s, n in won.items())


class Board(Static):
    """Five card slots: dealt cards, face-down untracked ones, then empty slots."""

    _text = ""

    def show(self, cards: tuple[int, ...], untracked: int, *, tall: bool = False) -> None:
        """Draw the board; ``tall`` draws the bigger cards of a big screen."""
        text = board_faces(cards, untracked, tall=tall)
        if text != self._text:
            # The height changes only with the card size.
            layout = text.count("\n") != self._text.count("\n")
            self._text = text
            self.update(text, layout=layout)


class BoardPrompt(TypedPrompt[str | None]):
    """Asks for the next street's cards; empty input means "dealt, not tracked".

    ``submit`` (the app's: it records the cards through the session, which parses
    them with the engine's card reader) returns the refusal, which keeps the prompt
    open with the reason; None dismisses it. Without ``submit`` the prompt dismisses
    with the text typed, or None when cancelled.
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(
        self,
        street: str,
        count: int,
        known: tuple[int, ...] = (),
        *,
        required: bool = False,
        seen: tuple[int, ...] = (),
        submit: Callable[[str], str | None] | None = None,
        both: bool = False,
    ) -> None:
        """``street``: ``flop`` .. ``river``, or ``run 2`` for a later run (R10.2), whose
        cards are ``required`` (each run is read by its own board) and may not repeat
        any card ``seen`` on the earlier runs. ``both``: board 1's cards of a double
        board are due, and board 2's may follow in the same line (R13.2)."""
        super().__init__()
        self.both = both
        self.street = street
        self.count = count
        self.known = known
        self.required = required
        self.seen = seen or known
        self.submit = submit

    def compose(self) -> ComposeResult:
        plural = "s" * (self.count > 1)
        with Vertical(id="board-prompt", classes="prompt"):
            what = self.street if self.required else f"the {self.street}"
            yield Label(f"Deal {what}: {self.count} card{plural}")
            if self.known:
                so_far = "shared by every run" if self.required else "board so far"
                yield Label(f"{so_far}: {board_markup(self.known, slots=0)}", classes="hint")
            if self.both:
                yield Label(
                    f"or both boards at once: {2 * self.count} cards, board 1's first",
                    classes="hint",
                )
            counts = (self.count,) if self.required else (0, self.count)
            yield CardInput(
                counts=(*counts, 2 * self.count) if self.both else counts,
                place=f"the {self.street}",
                others=lambda: {"board": self.seen},
                placeholder=(
                    f"{self.count} card{plural}, e.g. Ah Kd"
                    if self.required
                    else "e.g. Ah Kd 7c  (leave empty to track chips only)"
                ),
                id="board-cards",
            )
            refused = Label("", id="board-refused", classes="-refused")
            refused.display = False  # a line only when the session refuses the cards
            yield refused
            yield Label("Enter to deal · Esc to cancel", classes="hint")

    @on(Input.Submitted, "#board-cards")
    def _submitted(self, event: Input.Submitted) -> None:
        self._submit(event.value)

    def enter(self, field: Input) -> None:
        self._submit(field.value)

    def _submit(self, value: str) -> None:
        field = self.query_one(CardInput)
        field.refresh_status()
        if field.cards_validator.check(value).error is not None:
            return
        text = value.strip()
        if self.submit is not None and (reason := self.submit(text)):
            label = self.query_one("#board-refused", Label)
            label.display = True
            label.update(Content(printable(reason)))
            return
        self.dismiss(text)
