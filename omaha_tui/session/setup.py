"""A table to open: the rules, the players, the button, the blind schedule.

The front ends build a :class:`TableSetup` (from ``play``/``console`` flags, the setup
screen or ``--demo``) and :meth:`TableSetup.events` turns it into the session's
opening events through the engine's one builder (``engine.opening.opening_events``).
"""

from __future__ import annotations

from omaha_tui.engine.config import Stakes, TableConfig, parse_game
from omaha_tui.engine.events import ChipValueSet, Event
from omaha_tui.engine.opening import opening_events
from omaha_tui.engine.records import frozen
from omaha_tui.engine.rules.levels import BlindSchedule
from omaha_tui.engine.rules.money import ChipRate
from omaha_tui.engine.rules.tournament.structure import TournamentConfig


@frozen
class Player:
    """A player to seat at the start: 0-based seat, name and buy-in."""

    seat: int
    name: str
    stack: int


@frozen
class TableSetup:
    """A table to open without the setup screen (flags, ``--demo``, tests).

    ``draw`` maps seat to a face-up card for the R1.4 button draw; otherwise the
    button is placed on ``button`` (default: the first player). ``deal`` starts the
    first hand at once. A ``tournament`` table's players are its first entries (R11.1).
    """

    config: TableConfig
    players: tuple[Player, ...]
    button: int | None = None
    draw: dict[int, str] | None = None
    schedule: BlindSchedule | None = None
    deal: bool = False
    title: str = ""
    tournament: TournamentConfig | None = None
    money: ChipRate | None = None

    @property
    def name(self) -> str:
        """The session's title (the game's name when none was given)."""
        return self.title or self.config.title

    def events(self) -> tuple[Event, ...]:
        """The opening events: ``SessionStarted``, the players, the button, and what the
        chips are worth when the table gives them a value (R12.1)."""
        opening = opening_events(
            self.config,
            [(p.seat, p.name, p.stack) for p in self.players],
            button=self.button,
            draw=self.draw,
            title=self.title,
            tournament=self.tournament,
        )
        if self.money is None:
            return opening
        m = self.money
        value = ChipValueSet(chips=m.chips, money=m.money, currency=m.currency, unit=m.unit)
        return (*opening, value)


DEMO_PLAYERS = (
    Player(0, "Ann", 200),
    Player(1, "Bob", 200),
    Player(2, "Cy", 200),
    Player(3, "Dee", 200),
)


def demo_setup() -> TableSetup:
    """The ``--demo`` table: pot-limit Omaha 1/2, four players, first hand dealt."""
    config = TableConfig(variant=parse_game("plo"), stakes=Stakes(big_blind=2))
    return TableSetup(config, DEMO_PLAYERS, deal=True)
