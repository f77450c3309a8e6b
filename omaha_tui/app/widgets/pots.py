"""The pot in large digits, the main and side pots beneath with who can still win each
(R5.1), and the chips in front of the players."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.align import Align
from textual.app import ComposeResult, RenderResult
from textual.containers import Vertical
from textual.geometry import Region
from textual.renderables.digits import Digits as DigitsRenderable
from textual.strip import Strip
from textual.widget import Widget

from omaha_tui.app.widgets.kept_rows import KeptRows, KeptStatic
from omaha_tui.engine.units import amount_text as chips

if TYPE_CHECKING:
    from omaha_tui.session.view import PotView


def pot_total(pots: tuple[PotView, ...], in_front: int) -> int:
    """Everything in the middle and in front of the players: what "the pot" is to a table.

    >>> from omaha_tui.session.view import PotView
    >>> pot_total((PotView("Main pot", 30, ()), PotView("Side pot 1", 12, ())), 8)
    50
    """
    return sum(p.amount for p in pots) + in_front


PotShares = tuple[tuple[int | None, int, tuple[str, ...]], ...]
"""Per pot (and board, on a double board) its claimants' all-in shares, each already
``Name 34%`` markup: :class:`omaha_tui.app.widgets.equities.Tabled` with names."""


def pot_lines(
    pots: tuple[PotView, ...], in_front: int, decimals: int = 0, shares: PotShares = ()
) -> str:
    """One line per pot, ``Main pot 45 · Ann Bob Cy``, then the bets in front (the names
    come markup-safe from the view). At an all-in, each pot's line gives its own
    claimants' shares instead (R10.3), ``Main pot 45 · Ann 34% · Bob 66%``, and on a
    double board one line per board's half (R13.2c), ``B1 Main pot 60 · Ann 85% …``."""
    if shares and all(n < len(pots) for _, n, _ in shares):
        lines = []
        for board, n, who in shares:
            head = f"B{board} " if board is not None else ""
            pot = pots[n]
            amount = f"{pot.label} {chips(pot.amount, decimals)}"
            lines.append(f"[b]{head}{amount}[/b] · {' · '.join(who)}")
    else:
        lines = [
            f"[b]{p.label} {chips(p.amount, decimals)}[/b] · {' '.join(p.eligible)}" for p in pots
        ]
    if in_front:
        lines.append(f"bets in front {chips(in_front, decimals)}")
    return "\n".join(lines)


class PotDigits(Widget):
    """The pot's large digits (Textual's three-row digit glyphs). The felt gives them
    their box (its full width, three rows) whatever the figure, so a new figure is a
    repaint: Textual's ``Digits`` lays the whole screen out again whenever the number of
    digits changes. Drawn from the public digit renderable, so it keeps no other
    widget's private state."""

    DEFAULT_CSS = """
    PotDigits {
        width: 1fr;
        height: 3;
    }
    """

    def __init__(self, value: str = "", *, id: str | None = None) -> None:  # noqa: A002
        super().__init__(id=id)
        self._figure = value
        self._kept = KeptRows()  # a figure drawn before (0 at each hand's end) is kept

    @property
    def value(self) -> str:
        """The figure shown."""
        return self._figure

    def update(self, value: str) -> None:
        if value != self._figure:
            self._figure = value
            self.refresh()

    def render_lines(self, crop: Region) -> list[Strip]:
        figure = self._figure
        return self._kept.render_lines(self, crop, lambda _y: figure, super().render_lines)

    def render(self) -> RenderResult:
        style = self.rich_style
        align = self.styles.text_align
        method = align if align in ("left", "center", "right") else "left"
        return Align(DigitsRenderable(self._figure, style), method, style)


class Pots(Vertical):
    """The total in :class:`PotDigits`, the pots one line each beneath.

    During a hand the lines take two rows at least (the second blank until bets are in
    front), so the felt stays still through a street."""

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002 - Textual's name
        super().__init__(id=id)
        self._text: str | None = None
        self._shown: str | None = None
        self._caption = "pot"
        # Kept from compose (never recomposed), so showing looks nothing up in the DOM.
        self._caption_line = KeptStatic("pot", id="pot-caption")
        self._digits = PotDigits("0", id="pot-digits")
        self._lines = KeptStatic("", id="pot-lines")

    def compose(self) -> ComposeResult:
        yield self._caption_line
        yield self._digits
        yield self._lines

    def show(
        self, pots: tuple[PotView, ...], in_front: int, decimals: int = 0, shares: PotShares = ()
    ) -> None:
        """Show the pots (nothing but "no pot yet" between hands), as the table counts;
        at an all-in each pot with its claimants' shares (``shares``, R10.3)."""
        text = pot_lines(pots, in_front, decimals, shares)
        if text == self._text:
            return
        total = pot_total(pots, in_front)
        self._digits.update(chips(total, decimals).replace(",", ""))
        caption = "pot" if total else "[dim]no pot yet[/]"
        if caption != self._caption:
            self._caption = caption
            self._caption_line.update(caption, layout=False)
        # During a hand the pots keep two lines at least: a pot and the bets in front
        # come and go through a street without the felt moving (and without laying the
        # screen out again, which repaints every widget). When a hand ends the pots are
        # swept, and their lines stay as blank rows until the next hand is dealt, so the
        # felt does not move at the hand's end either. A new layout only when the
        # number of lines changes (a hand is dealt, a side pot appears).
        old = self._shown
        if text:
            shown = f"{text}\n" if "\n" not in text else text
        else:  # between hands: the rows the last hand left (none before the first)
            shown = "\n" * old.count("\n") if old else ""
        self._lines.update(shown, layout=old is None or shown.count("\n") != old.count("\n"))
        self._text, self._shown = text, shown
