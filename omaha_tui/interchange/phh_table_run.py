"""One session's worth of consecutive imported hands, and moving it to other chairs.

A :class:`TableRun` holds the events of the hands of one table so far and the table
they leave (each event applied once, :mod:`.phh_tables`). Until it is recorded, its
chairs can still change: :func:`make_room` seats a newcomer the run was not seated
ahead for, and :func:`finished` moves a run seated ahead for hands that did not join it
back to the chairs its own hands gave; both apply the run's events again in the new
chairs, the only places an import does.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from omaha_tui.engine.config import max_players
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import Event, SessionStarted
from omaha_tui.engine.reducer.history import History, Trail
from omaha_tui.engine.state import TableState
from omaha_tui.store.snapshot import FoldedLog, fold_log

from .phh_export import imported_details
from .phh_import import ImportedHand
from .phh_seating import Layout, moved, resized, room


@dataclass(frozen=True)
class TableRun:
    """Consecutive hands of one table: the events of one session, so far."""

    title: str
    source: str
    events: Trail
    """The session's events so far (a persistent list: a hand adds its events without
    copying the ones before)."""
    history: History
    details: Trail
    """Each hand's details (:func:`details`), in order (a persistent list, as ``events``)."""
    scale: int
    starts: tuple[tuple[int, History], ...] = ()
    """The table right after its last hand starts, by position in ``events`` (each
    event applied once here; the journal snapshots these rather than applying again)."""
    layouts: tuple[Layout, ...] = ()
    """The chairs after each hand as the run was seated ahead (:func:`~.phh_seating.plan`),
    the hands still to come included; the events sit in the last of them. Empty: the
    events sit in the chairs as they are."""

    @property
    def state(self) -> TableState:
        return self.history.state

    @property
    def folded(self) -> FoldedLog:
        return FoldedLog(self.history, self.starts)

    @property
    def hands(self) -> int:
        return len(self.details)

    @property
    def complete(self) -> bool:
        return self.state.hand is not None and self.state.hand.complete


def finished(run: TableRun) -> TableRun:
    """``run`` in the chairs it ended with: a run seated ahead for hands that did not
    join it moves back to the chairs its own hands gave (its events applied again);
    otherwise the run as it is.
    """
    if not run.layouts:
        return run
    now, final = run.layouts[run.hands - 1], run.layouts[-1]
    if now.agrees(final):
        return replace(run, layouts=())
    where = {final.chairs[name]: chair for name, chair in now.chairs.items()}
    first = run.events[0]
    assert isinstance(first, SessionStarted)
    try:
        events = Trail.of((resized(first, now.table), *(moved(e, where) for e in run.events[1:])))
        folded = fold_log(events)
    except (RuleError, ValueError, AssertionError, KeyError):
        return replace(run, layouts=())  # kept in the chairs it was seated in
    return replace(run, events=events, history=folded.history, starts=folded.starts, layouts=())


def details(imported: ImportedHand) -> dict[str, Any]:
    """What the session keeps of an imported hand beside its events."""
    return imported_details(
        imported.hole_cards, imported.hand, imported.scale, imported.partly_shown
    )


def make_room(
    run: TableRun, names: tuple[str, ...], newcomers: list[str]
) -> tuple[TableRun, list[tuple[str, int]]] | None:
    """The run with a free chair for each newcomer where the file deals them in
    (:func:`~.phh_seating.room`), and the chair each takes; ``None`` when the table is
    full or the file's order cannot be kept.

    Nothing is recorded yet, so the run's seats can still be renumbered: the table grows
    to the game's size, and the players after a newcomer move one chair on (the run's
    events applied again in their new chairs).
    """
    config = run.state.config
    assert config is not None
    size = max_players(config.variant)
    chairs = {s.name: i for i, s in enumerate(run.state.seats) if s is not None}
    made = room(Layout(chairs, len(run.state.seats)), names, newcomers, size)
    if made is None:
        return None
    where, arriving = made
    first = run.events[0]
    assert isinstance(first, SessionStarted)
    try:
        events = Trail.of((resized(first, size), *(moved(e, where) for e in run.events[1:])))
        folded = fold_log(events)
    except (RuleError, ValueError, AssertionError):
        return None
    return replace(run, events=events, history=folded.history, starts=folded.starts), arriving


def extended(events: Trail, more: Iterable[Event]) -> Trail:
    """``events`` followed by ``more``."""
    for event in more:
        events = events.add(event)
    return events
