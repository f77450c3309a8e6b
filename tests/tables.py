"""Ready-made tables for examples, doctests and tests: ``quick_table()`` (outside the
package: the wheel does not carry it).

A real session is built from its own opening events (``omaha_tui.engine.opening``); these
helpers only save typing where a table with players ``P0``, ``P1``... will do.
"""

from __future__ import annotations

from collections.abc import Sequence

from omaha_tui.engine.config import Stakes, Structure, TableConfig, parse_game
from omaha_tui.engine.events import Event
from omaha_tui.engine.opening import opening_events
from omaha_tui.engine.reducer.replay import replay
from omaha_tui.engine.rules.tournament.structure import TournamentConfig
from omaha_tui.engine.state import TableState


def quick_table(
    game: str = "omaha",
    stacks: Sequence[int] = (100, 100, 100),
    big_blind: int = 2,
    structure: Structure = Structure.POT_LIMIT,
    button: int | None = None,
) -> TableState:
    """A table with players ``P0``, ``P1``... seated and the button placed (last seat).

    >>> s = quick_table(stacks=(200, 150))
    >>> [(p.name, p.stack) for p in s.seats if p], s.button
    ([('P0', 200), ('P1', 150)], 1)
    """
    config = TableConfig(
        variant=parse_game(game), structure=structure, stakes=Stakes(big_blind=big_blind)
    )
    players = [(i, f"P{i}", n) for i, n in enumerate(stacks)]
    return replay(
        opening_events(config, players, button=len(stacks) - 1 if button is None else button)
    )


def tournament_table(
    players: int = 3,
    stack: int = 100,
    big_blind: int = 2,
    structure: Structure = Structure.NO_LIMIT,
    **options: object,
) -> TableState:
    """The table :func:`tournament_events` open (see there).

    >>> t = tournament_table(4).tournament
    >>> t.entries, t.pool
    (('P0', 'P1', 'P2', 'P3'), Decimal('40'))
    """
    return replay(tournament_events(players, stack, big_blind, structure, **options))


def tournament_events(
    players: int = 3,
    stack: int = 100,
    big_blind: int = 2,
    structure: Structure = Structure.NO_LIMIT,
    **options: object,
) -> tuple[Event, ...]:
    """A tournament of ``players`` entries ``P0``... at 10 each for ``stack`` chips
    (``options`` are :class:`TournamentConfig` fields), the button on the last seat.

    >>> [e.type for e in tournament_events(2)]
    ['session_started', 'tournament_started', 'player_seated', 'player_seated', 'button_placed']
    """
    from decimal import Decimal

    fields: dict[str, object] = {"buy_in": Decimal(10), "stack": stack, **options}
    config = TableConfig(
        variant=parse_game("omaha"), structure=structure, stakes=Stakes(big_blind=big_blind)
    )
    seats = [(i, f"P{i}", stack) for i in range(players)]
    return opening_events(
        config,
        seats,
        button=players - 1,
        tournament=TournamentConfig.model_validate(fields),
    )


__all__ = ["quick_table", "tournament_events", "tournament_table"]
