"""Players' names in a file being imported: each one shows, and each is one person.

The table's rule for names that show (:func:`~omaha_tui.engine.labels.check_visible`)
and for who
is who (:func:`~omaha_tui.engine.labels.identity`) applies to a file as it applies to
the dealer typing: an export edited so that ``ann`` sits beside ``Ann``, or a name
that shows nothing, is refused in one line before anything is recorded.
"""

from __future__ import annotations

from collections.abc import Iterable

from omaha_tui.engine.events import Event, PlayerLeft, PlayerSeated
from omaha_tui.engine.labels import check_visible, name_taken, taken_message

from .phh import PhhError


def check_seated_names(events: Iterable[Event], source: str) -> None:
    """Refuse a log that seats a name the table would refuse.

    Raises:
        PhhError: the event number, the name and why, in one line.

    >>> from omaha_tui.engine.events import PlayerSeated as S
    >>> check_seated_names([S(seat=0, name="Ann", stack=9), S(seat=1, name="Bob", stack=9)], "f")
    >>> try:
    ...     check_seated_names([S(seat=0, name="Ann", stack=9), S(seat=1, name="ANN", stack=9)], "")
    ... except PhhError as e:
    ...     print(e)
    : event 2: "ANN" is Ann, who is already seated: use another name
    """
    seated: dict[int, str] = {}
    for n, event in enumerate(events, start=1):
        if isinstance(event, PlayerLeft):
            seated.pop(event.seat, None)
        if not isinstance(event, PlayerSeated):
            continue
        try:
            check_visible(event.name)
        except ValueError as e:
            raise PhhError(f"{source}: event {n}: {e}") from None
        other = name_taken((v for k, v in seated.items() if k != event.seat), event.name)
        if other is not None:
            raise PhhError(f"{source}: event {n}: {taken_message(other, event.name)}")
        seated[event.seat] = event.name


__all__ = ["check_seated_names"]
