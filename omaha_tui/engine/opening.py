"""The events that open a session: its rules, its players, the button (R1.4).

Every way a session starts (the console's ``--players``, the app's setup screen, an
import, the ready-made tables of ``tests.tables``) builds its opening through this
one function, so a session's first events are the same whichever front end opened it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from omaha_tui.engine.config import TableConfig
from omaha_tui.engine.events import (
    ButtonDrawn,
    ButtonPlaced,
    Event,
    PlayerSeated,
    SessionStarted,
    TournamentStarted,
)
from omaha_tui.engine.rules.tournament.structure import TournamentConfig


def opening_events(
    config: TableConfig,
    players: Sequence[tuple[int, str, int]],
    *,
    button: int | None = None,
    draw: Mapping[int, str] | None = None,
    title: str = "",
    tournament: TournamentConfig | None = None,
) -> tuple[Event, ...]:
    """The events that open a session: the rules, the players ``(seat, name, stack)``,
    and the button, placed (``button``), drawn (``draw``, R1.4) or, when neither is
    given, on the first seated player. A ``tournament``'s structure comes before the
    players, who are then its entries (R11.1).

    >>> from omaha_tui.engine.config import Stakes, parse_game
    >>> cfg = TableConfig(variant=parse_game("plo"), stakes=Stakes(big_blind=2))
    >>> [e.type for e in opening_events(cfg, [(0, "Ann", 200), (2, "Bob", 200)])]
    ['session_started', 'player_seated', 'player_seated', 'button_placed']
    """
    events: list[Event] = [SessionStarted(config=config, title=title or config.title)]
    if tournament is not None:
        events.append(TournamentStarted(config=tournament))
    events += [PlayerSeated(seat=seat, name=name, stack=stack) for seat, name, stack in players]
    if draw:
        events.append(ButtonDrawn(cards=dict(draw)))
    else:
        first = min((p[0] for p in players), default=0)
        events.append(ButtonPlaced(seat=first if button is None else button))
    return tuple(events)
