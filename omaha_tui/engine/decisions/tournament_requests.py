"""What the dealer asks of a tournament (R11): one frozen record per request.

Seats are 0-based; money is :class:`~decimal.Decimal`. Nothing here validates.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from omaha_tui.engine.records import frozen


@frozen
class Reenter:
    """A player who is out enters again (R11.1); ``seat`` None: their old seat if it is
    free, otherwise the first empty one."""

    name: str
    seat: int | None = None


@frozen
class TakeAddOn:
    """A player takes the add-on (R11.1); ``at``: when (the session stamps it), for a
    table with a blind clock, where the add-on waits for its break."""

    seat: int
    at: datetime | None = None


@frozen
class ColourUp:
    """Retire the smallest chip for ``new_chip`` by a chip race (R11.4): the race cards
    by seat (card text), or the seats the dealer says won a new chip; ``at``: when (the
    session stamps it), for a table whose blind clock has breaks."""

    new_chip: int
    cards: tuple[tuple[int, str], ...] | None = None
    winners: tuple[int, ...] | None = None
    at: datetime | None = None


@frozen
class AgreeDeal:
    """Every player left agrees these amounts by seat, ``kept`` for the winner (R11.5)."""

    amounts: tuple[tuple[int, Decimal], ...]
    kept: Decimal = Decimal(0)
