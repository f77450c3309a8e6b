"""The setup screen's regulars and money: pick players from the roster, value the chips.

The roster and last session's players come from the journal through the app (widgets
never read the store); the screen is given them. Each name field completes from the
roster as the dealer types a few letters (right arrow or end takes the suggestion), and
one button seats last session's players with their buy-ins. The chip value (R12.1) is
read here from two fields into a :class:`~omaha_tui.engine.rules.money.ChipRate`.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.suggester import SuggestFromList
from textual.widgets import Button, Static

from omaha_tui.engine.rules.money import ChipRate, MoneyError, parse_rate
from omaha_tui.session.view import shown

LISTED = 12
"""How many regulars the setup screen names (all of them complete a name field)."""


def roster_suggester(roster: Sequence[str]) -> SuggestFromList | None:
    """Completion from the roster for a name field (any case), or None without one."""
    return SuggestFromList(list(roster), case_sensitive=False) if roster else None


def roster_widgets(roster: Sequence[str], last: Sequence[tuple[str, int]]) -> ComposeResult:
    """The regulars line and the button that seats last session's players."""
    if not roster:
        return
    names = ", ".join(shown(n) for n in roster[:LISTED])
    more = f" and {len(roster) - LISTED} more" if len(roster) > LISTED else ""
    yield Static(
        f"Regulars: {names}{more} (type a few letters of a name, → takes it)",
        id="roster",
        classes="hint",
    )
    if last:
        with Horizontal(id="roster-row", classes="options"):
            who = ", ".join(shown(n) for n, _ in last)
            yield Button("Seat last session's players", id="seat-last", compact=True)
            yield Static(who, id="last-players", classes="hint")


def chip_rate(value: str, currency: str) -> ChipRate | None:
    """R12.1: the chip value fields as a rate (``0.10`` or ``200=20.00``), or None when
    empty; raises ValueError saying what is wrong."""
    if not value.strip():
        if currency.strip():
            raise ValueError("Currency: give the chips a value too (e.g. 0.10 or 200=20.00)")
        return None
    try:
        return parse_rate(value, currency)
    except MoneyError as e:
        raise ValueError(f"Chip value: {e}") from None


def rate_text(rate: ChipRate | None) -> str:
    """A chip value as its field shows it (``0.10`` or ``200=20.00``)."""
    if rate is None:
        return ""
    return str(rate.money) if rate.chips == 1 else f"{rate.chips}={rate.money}"


__all__ = ["chip_rate", "rate_text", "roster_suggester", "roster_widgets"]
