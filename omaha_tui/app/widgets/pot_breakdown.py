"""The pot-limit breakdown panel: the R4.4 maximum in words and figures.

Shown when the dealer presses ``p`` (and inside the amount prompt), so the table can
hear and check "pot 25 + call 10 = 35; raise to 45". The panel renders the engine's
``PotBreakdown``; it computes nothing itself.
"""

from __future__ import annotations

from typing import Protocol

from textual.widgets import Static

from omaha_tui.session.view import chips


class BreakdownLike(Protocol):
    """The fields of the engine's ``PotBreakdown`` this panel shows."""

    @property
    def pot(self) -> int: ...
    @property
    def bets_this_round(self) -> int: ...
    @property
    def to_call(self) -> int: ...
    @property
    def max_raise_to(self) -> int: ...
    @property
    def sentence(self) -> str: ...


def breakdown_lines(b: BreakdownLike, heading: str = "") -> str:
    """Markup of the panel: a heading, the figures, then the sentence to read aloud."""
    rows = [
        f"pot (earlier rounds)  {chips(b.pot):>8}",
        f"bets this round       {chips(b.bets_this_round):>8}",
        f"to call               {chips(b.to_call):>8}",
        f"[b]maximum               {chips(b.max_raise_to):>8}[/b]",
    ]
    head = f"[b]{heading}[/b]\n" if heading else ""
    return head + "\n".join(rows) + f"\n\n[i]{b.sentence}[/i]"


class PotBreakdownPanel(Static):
    """Hidden until :meth:`show`; :meth:`hide` on the next action or Escape."""

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002 - Textual's name
        super().__init__("", id=id)
        self.sentence = ""

    def show(self, breakdown: BreakdownLike, heading: str = "") -> None:
        self.sentence = breakdown.sentence
        self.update(breakdown_lines(breakdown, heading))
        self.border_title = "Pot limit (R4.4)"
        self.display = True
        self._mark_parent(True)

    def hide(self) -> None:
        self.display = False
        self._mark_parent(False)

    def _mark_parent(self, shown: bool) -> None:
        """Let the container lay itself out around the panel (``-breakdown``): the
        table's felt gives the panel the place of the board while it is open."""
        if self.parent is not None:
            self.parent.set_class(shown, "-breakdown")
