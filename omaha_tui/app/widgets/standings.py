"""The tournament's standings on the table (R11): one line under the title.

It renders what it is given (the view's :class:`~omaha_tui.engine.tournament_state.
Standings`) and hides itself at a cash table.
"""

from __future__ import annotations

from rich.markup import escape
from textual.widgets import Static

from omaha_tui.engine.narrate_tournament import money, ordinal
from omaha_tui.engine.tournament_state import Standings


def standings_markup(st: Standings, next_break: str = "") -> str:
    """``Tournament · 9 entries · pool 900 (1st 450 · 2nd 270 · 3rd 180) · 5 left ·
    average 1,800 · 6th Eve 0 ...``: the place, prize and chips of every entry."""
    paid = " · ".join(f"{ordinal(i)} {money(a)}" for i, a in enumerate(st.payouts, start=1))
    parts = [
        f"[b]Tournament[/b] {st.entries} entries",
        f"pool {money(st.pool)} ({paid})",
        f"{st.players_left} left",
        f"average {st.average:,}",
    ]
    if next_break:
        parts.append(f"next break {next_break}")
    placed = [
        f"{ordinal(line.place)}{'=' if line.tied > 1 else ''} {escape(line.name)}"
        + (f" {money(line.prize)}" if line.prize else "")
        for line in st.lines
        if line.place is not None
    ]
    if placed:
        parts.append("places: " + ", ".join(placed))
    if st.deal:
        parts.append("deal agreed")
    if st.finished:
        parts.append("[b]the tournament is over[/b]")
    return " · ".join(parts)


class StandingsBar(Static):
    """One line of standings; hidden when the table is not a tournament."""

    def show(self, standings: Standings | None, next_break: str = "") -> None:
        self.display = standings is not None
        if standings is not None:
            self.update(standings_markup(standings, next_break), layout=False)
