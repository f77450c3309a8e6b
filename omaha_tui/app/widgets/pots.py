"""Main and side pots with who can still win each (R5.1), and the chips in front."""

from __future__ import annotations

from textual.widgets import Static

from omaha_tui.app.view import PotView, chips


class Pots(Static):
    """One line per pot: ``Main 45 · Ann Bob Cy``; bets in front are added below."""

    _text = ""

    def show(self, pots: tuple[PotView, ...], in_front: int) -> None:
        lines = [f"[b]{p.label} {chips(p.amount)}[/b] · {' '.join(p.eligible)}" for p in pots]
        if in_front:
            lines.append(f"bets in front {chips(in_front)}")
        text = "\n".join(lines) if lines else "[dim]no pot yet[/]"
        if text != self._text:
            # A new layout only when the number of lines changes (a side pot appears).
            self.update(text, layout=text.count("\n") != self._text.count("\n"))
            self._text = text
