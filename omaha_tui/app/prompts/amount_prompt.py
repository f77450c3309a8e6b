"""The bet/raise amount prompt: the legal range, the pot-limit maximum pre-filled.

Typing shows at once what the amount means. The text is read by the one grammar
(R4.10: not a whole number of chips is refused with the reason, never altered); what
the amount would do is a dry run of the engine's decision, said by the narrator (below
the minimum, all in, or above the pot-limit maximum with the excess going back to the
player, R4.6): the prompt re-implements no rule. On Enter the app records it through
the session, and a refusal keeps the prompt open with the reason.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Input, Label, Static

from omaha_tui.app.prompts.pot_breakdown import BreakdownLike, breakdown_lines
from omaha_tui.app.prompts.typed_prompt import TypedPrompt
from omaha_tui.app.widgets.repaint import show_text
from omaha_tui.engine.labels import printable
from omaha_tui.engine.units import amount_text
from omaha_tui.session.grammar import AmountError, parse_chips
from omaha_tui.session.view import chips, shown


@dataclass(frozen=True)
class AmountRange:
    """What the prompt offers: a bet or raise-to between ``minimum`` and ``maximum``.

    ``all_in`` is the player's all-in total (always allowed, R4.5); ``prefill`` the
    amount typed for the dealer (the pot-limit maximum in pot limit); ``chip`` the
    smallest chip, of which every amount is a multiple (R4.10).
    """

    title: str
    verb: str
    minimum: int
    maximum: int
    all_in: int
    prefill: int
    chip: int = 1
    decimals: int = 0
    """The decimal places the table counts in: amounts are shown and typed that way."""

    def text(self, units: int) -> str:
        """An amount as the table shows it (``1.50`` at a table of cents)."""
        return amount_text(units, self.decimals) if self.decimals else chips(units)

    @property
    def range(self) -> str:
        """``raise to 4 to 7``, or ``raise to 8`` when only one amount is legal (R4.7).

        >>> AmountRange("Ann", "raise to", 8, 8, 200, 8).range
        'raise to 8'
        """
        if self.minimum == self.maximum:
            return f"{self.verb} {self.text(self.minimum)}"
        return f"{self.verb} {self.text(self.minimum)} to {self.text(self.maximum)}"


Preview = Callable[[int], tuple[str, bool]]
"""What an amount would do at the table, and whether Enter may record it: the app's
dry run of the engine's decision, in the narrator's words."""


def describe_amount(text: str, r: AmountRange, preview: Preview) -> tuple[str, bool]:
    """What ``text`` would do, and whether Enter may submit it.

    The text is read by the one grammar (R4.10: whole chips in the digits 0 to 9,
    anything else refused with the reason and never turned into another number);
    what the amount does (R4.6 the excess returned, all in, below the minimum) is the
    engine's: ``preview``.

    >>> r = AmountRange("Ann", "raise to", 4, 7, 200, 7)
    >>> describe_amount("5²", r, lambda n: ("", True))[1]
    False
    >>> describe_amount("9", r, lambda n: (f"Ann raises to {min(n, 7)}", True))
    ('Ann raises to 7', True)
    """
    try:
        amount = parse_chips(text, r.verb.removesuffix(" to"), chip=r.chip, decimals=r.decimals)
    except AmountError as e:
        return (f"{e} · {r.range}", False)
    return preview(amount)


def _typed(units: int, decimals: int) -> str:
    """An amount as a dealer would type it: ``150`` chips, or ``1.50`` at a table of cents."""
    return amount_text(units, decimals).replace(",", "") if decimals else str(units)


class AmountPrompt(TypedPrompt[int | None]):
    """Modal asking for a bet or raise-to amount; dismisses with the amount or None.

    ``verify`` (given by the app: it records the amount) returns the engine's refusal for an amount,
    so a refused amount keeps the prompt open with the reason instead of closing it.

    The app keeps one prompt and asks it again (:meth:`ask`) each time ``b`` is pressed:
    its widgets are built once, so opening it costs a repaint, not a new screen.
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(
        self,
        amounts: AmountRange,
        breakdown: BreakdownLike | None,
        verify: Callable[[int], str | None],
        preview: Preview,
    ) -> None:
        super().__init__()
        self.amounts = amounts
        self.breakdown = breakdown
        self.verify = verify
        self.preview = preview

    def compose(self) -> ComposeResult:
        with Vertical(id="amount-prompt", classes="prompt"):
            yield Label(self._heading(), id="amount-title")
            shown_panel = "-shown" * (self.breakdown is not None)
            yield Static(self._breakdown_text(), id="amount-breakdown", classes=shown_panel)
            # A low felt shows the sum alone (the stylesheet's ``-compact``).
            sentence = self.breakdown.sentence if self.breakdown is not None else ""
            yield Label(Content(sentence), id="amount-sentence", classes=shown_panel)
            # No filter: keys are never dropped. The prefill is typed as the table counts.
            yield Input(self._prefill(), id="amount")
            yield Label("", id="amount-meaning")
            yield Label("Enter to confirm · Esc to cancel", classes="hint")

    def _heading(self) -> str:
        r = self.amounts
        head = f"[b]{shown(r.title)}[/b]: {r.range}"
        # Pot limit: a stack above the maximum is not an all-in to offer (R4.6: typed,
        # it is cut to the maximum with the excess returned).
        return head if r.all_in > r.maximum else f"{head} · all in {r.text(r.all_in)}"

    def _breakdown_text(self) -> str:
        return breakdown_lines(self.breakdown) if self.breakdown is not None else ""

    def _prefill(self) -> str:
        return _typed(self.amounts.prefill, self.amounts.decimals)

    def ask(
        self,
        amounts: AmountRange,
        breakdown: BreakdownLike | None,
        verify: Callable[[int], str | None],
        preview: Preview,
    ) -> None:
        """Ask again, for a new bet or raise, before the app pushes this prompt once more:
        the same fields, holding the new range, breakdown and prefilled amount."""
        self.amounts, self.breakdown, self.verify, self.preview = (
            amounts,
            breakdown,
            verify,
            preview,
        )
        if not self.is_mounted:
            return  # composed from the new values when first pushed
        # The new texts are repainted in place unless they need other room (a layout of
        # the prompt, on top of the table, is most of what opening it costs).
        show_text(self.query_one("#amount-title", Label), Content.from_markup(self._heading()))
        panel = self.query_one("#amount-breakdown", Static)
        shown_panel = breakdown is not None
        if shown_panel:
            show_text(panel, Content.from_markup(self._breakdown_text()))
        panel.set_class(shown_panel, "-shown")
        sentence = self.query_one("#amount-sentence", Label)
        show_text(sentence, Content(breakdown.sentence if breakdown is not None else ""))
        sentence.set_class(shown_panel, "-shown")
        field = self.query_one("#amount", Input)
        with field.prevent(Input.Changed):
            field.value = self._prefill()
        field.select_on_focus = True
        self._describe(field.value)
        self.reopen()

    def on_mount(self) -> None:
        self._describe(self._prefill())

    @on(Input.Changed, "#amount")
    def _changed(self, event: Input.Changed) -> None:
        self._describe(event.value)

    def _describe(self, text: str) -> tuple[str, bool]:
        meaning, ok = describe_amount(text, self.amounts, self.preview)
        label = self.query_one("#amount-meaning", Label)
        label.set_class(not ok, "-refused")
        show_text(label, Content(meaning))  # each key typed: a repaint, mostly
        return meaning, ok

    @on(Input.Submitted, "#amount")
    def _submitted(self, event: Input.Submitted) -> None:
        self._submit(event.value)

    def enter(self, field: Input) -> None:
        self._submit(field.value)

    def _submit(self, value: str) -> None:
        _, ok = self._describe(value)
        if not ok:
            return
        amount = parse_chips(value, chip=self.amounts.chip, decimals=self.amounts.decimals)
        if reason := self.verify(amount):
            label = self.query_one("#amount-meaning", Label)
            label.set_class(True, "-refused")
            label.update(Content(printable(reason)))
            return
        self.dismiss(amount)

    def action_cancel(self) -> None:
        self.dismiss(None)


class TextPrompt(TypedPrompt[str | None]):
    """A one-line question for palette commands (``seat and amount``, a reason…).

    ``check`` parses the answer and returns an error message or None; the prompt stays
    open with the message until the answer makes sense or the dealer presses Escape.
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(
        self,
        title: str,
        hint: str = "",
        value: str = "",
        check: Callable[[str], str | None] | None = None,
    ) -> None:
        super().__init__()
        self.title_text = title
        self.hint = hint
        self.value = value
        self.check = check

    def compose(self) -> ComposeResult:
        with Vertical(id="text-prompt", classes="prompt"):
            yield Label(f"[b]{shown(self.title_text)}[/b]")
            yield Input(self.value, id="answer")
            if self.hint:  # a line of its own: it wraps, and stays while the answer is typed
                yield Label(Content(f"e.g. {self.hint}"), id="answer-example", classes="hint")
            yield Label("", id="answer-error", classes="-refused")
            yield Label("Enter to confirm · Esc to cancel", classes="hint")

    @on(Input.Submitted, "#answer")
    def _submitted(self, event: Input.Submitted) -> None:
        self._submit(event.value)

    def enter(self, field: Input) -> None:
        self._submit(field.value)

    def _submit(self, value: str) -> None:
        if self.check is not None and (problem := self.check(value)):
            self.query_one("#answer-error", Label).update(Content(printable(problem)))
            return
        self.dismiss(value.strip())

    def action_cancel(self) -> None:
        self.dismiss(None)
