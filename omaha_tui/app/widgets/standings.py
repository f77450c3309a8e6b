"""The tournament's standings on the table (R11): one line under the title.

It renders what it is given (the view's :class:`~omaha_tui.engine.tournament_state.
Standings`) and hides itself at a cash table.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.widgets import Static

from omaha_tui.engine.narration.tournament import money, ordinal
from omaha_tui.engine.tournament_standings import Standings

Reader = Callable[[], str]
"""When the blind clock's next break comes (``"in 29:08"``, ``""`` when none)."""


def standings_markup(st: Standings, next_break: str = "", places: str | None = None) -> str:
    """``Tournament · 9 entries · pool 900 (1st 450 · 2nd 270 · 3rd 180) · 5 left ·
    average 1,800 · break in 29:08 · places: 1st Ann 450``: the pool, the prizes and the
    places given so far (``next_break``: when the clock's next break comes; ``places``:
    the session's words for them, names already markup-safe)."""
    u = st.unit
    paid = " · ".join(f"{ordinal(i)} {money(a, u)}" for i, a in enumerate(st.payouts, start=1))
    parts = [
        f"[b]Tournament[/b] {st.entries} entries",
        f"pool {money(st.pool, u)} ({paid})",
        *([st.payout_note] if st.payout_note else []),  # numbers only: no markup
        f"{st.players_left} left",
        f"average {st.average:,}",
    ]
    if next_break:
        parts.append(f"break {next_break}")
    if places:
        parts.append("places: " + places)
    if st.deal:
        parts.append("deal agreed")
    if st.finished:
        parts.append("[b]the tournament is over[/b]")
    return " · ".join(parts)


class StandingsBar(Static):
    """One line of standings; hidden when the table is not a tournament. It reads the
    blind clock once a second through the function it is given, for the next break."""

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002 - Textual's name
        super().__init__("", id=id)
        self.read: Reader = lambda: ""
        self.standings: Standings | None = None
        self.places: str | None = None
        self._text = ""

    def on_mount(self) -> None:
        self.set_interval(1.0, self._paint)

    def follow(self, read: Reader) -> None:
        """Read when the next break comes through ``read`` from now on (R2.7)."""
        self.read = read
        self._paint()

    def show(self, standings: Standings | None, places: str | None = None) -> None:
        """Show ``standings`` (``places``: the places given so far, in words)."""
        self.standings, self.places = standings, places
        if self.display != (standings is not None):
            self.display = standings is not None
        self._paint()

    def _paint(self) -> None:
        if self.standings is None:
            return
        text = standings_markup(self.standings, self.read(), self.places)
        if text != self._text:
            self._text = text
            self.update(text, layout=False)
