"""Consecutive hands of one table, from a hand history, as one session.

A PHH file of an evening lists hand after hand. A hand continues the session of the
hand before it when it is the same table: the same game and stakes and amount scale,
the same players, each sitting down with the chips the previous hand left them or more
(a rebuy between the hands), and the rules accept its start (the button moves on as
R1.5 moves it). A seated player
missing from a hand sat it out; a straddle is the table's choice from hand to hand.
Its seats are then the players' seats in that session (PHH numbers players from the
button, so the numbers move; the names do not).
Anything else starts a new session, replayed on its own (:mod:`.phh_replay`). Each
event is applied once (:func:`add_hand` says how). Nothing here touches the journal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from omaha_tui.engine.config import max_players
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import (
    EVENT_ADAPTER,
    CameBack,
    Event,
    PlayerRebought,
    PlayerSeated,
    SatOut,
    SessionStarted,
    StraddleChanged,
)
from omaha_tui.engine.reducer.history import History
from omaha_tui.engine.state import TableState

from .phh import PhhError, PhhHand
from .phh_export import imported_details
from .phh_import import ImportedHand, player_names, translate
from .phh_replay import ReplayedHand, replay_imported, settle
from .snapshot import Folded, fold_log


@dataclass(frozen=True)
class TableRun:
    """Consecutive hands of one table: the events of one session, so far."""

    title: str
    source: str
    events: tuple[Event, ...]
    history: History
    details: tuple[dict[str, Any], ...]
    scale: int
    seat_of: dict[str, int]
    starts: tuple[tuple[int, History], ...] = ()
    """The table right after its last hand starts, by position in ``events`` (each
    event applied once here; the journal snapshots these rather than applying again)."""

    @property
    def state(self) -> TableState:
        return self.history.state

    @property
    def folded(self) -> Folded:
        return Folded(self.history, self.starts)

    @property
    def hands(self) -> int:
        return len(self.details)

    @property
    def complete(self) -> bool:
        return self.state.hand is not None and self.state.hand.complete


def add_hand(runs: list[TableRun], hand: PhhHand) -> list[TableRun]:
    """``runs`` with ``hand`` added: to the last run when it continues that table, else
    as a new run.

    A hand that may continue the table (:func:`_seating` finds its players there) is
    replayed once, at the table, and settled there; its checks are the rules' at that
    table. The table is the hand's own game, stakes, stacks and order of play with more
    around it (players sitting out, a longer past), so what it accepts a table of the
    hand alone accepts too, and the settlement it reaches is that table's, seat for
    seat, as long as the file's order of players goes round the table once (the odd
    chip, R7.4, goes round from the button). Only a hand the table refuses, or whose
    order does not go round it, is replayed on its own (:func:`~.phh_replay.replay_hand`)
    and joined as before (:func:`join`): its refusal then names the file's action, and
    the hand starts a session of its own.

    Raises:
        PhhError: the file cannot be read as events, or the rules refuse the hand.
    """
    imported = translate(hand)
    if runs:
        seating = _seating(runs[-1], imported)
        if seating is not None and _goes_round(seating):
            joined = _played_at(seating, imported)
            if joined is not None:
                return [*runs[:-1], joined]
    return join(runs, replay_imported(imported))


def join(runs: list[TableRun], replayed: ReplayedHand) -> list[TableRun]:
    """``runs`` with ``replayed`` (a hand replayed on its own) added: to the last run
    when it continues that table, else as a new run."""
    details = _details(replayed.imported)
    if runs:
        joined = _continue(runs[-1], replayed, details)
        if joined is not None:
            return [*runs[:-1], joined]
    names = player_names(replayed.imported.hand)
    start = replayed.events[0]
    assert isinstance(start, SessionStarted)
    run = TableRun(
        title=start.title,
        source=replayed.imported.source,
        events=replayed.events,
        history=replayed.history,
        details=(details,),
        scale=replayed.imported.scale,
        seat_of={name: i for i, name in enumerate(names)},
        starts=replayed.starts,
    )
    return [*runs, run]


def _details(imported: ImportedHand) -> dict[str, Any]:
    return imported_details(
        imported.hole_cards, imported.hand, imported.scale, imported.partly_shown
    )


@dataclass(frozen=True)
class _Seating:
    """How a hand sits down at a run's table: the run (its chairs made room for
    newcomers), the events between the hands, and the table's seat of each of the
    file's players."""

    run: TableRun
    between: tuple[Event, ...]
    where: dict[int, int]


def _seating(run: TableRun, imported: ImportedHand) -> _Seating | None:
    """How ``imported`` continues ``run``'s table, or ``None`` when it cannot: the run
    is not between hands, the game, stakes or scale differ, a player comes back with
    fewer chips than the last hand left them, or a newcomer finds no chair. Nothing of
    the hand is applied here (making room renumbers the run's chairs)."""
    start = imported.events[0]
    if not run.complete or imported.scale != run.scale:
        return None
    table = run.state.config
    if not isinstance(start, SessionStarted) or table is None:
        return None
    # The same game and stakes (a file sizes its table by the players of each hand; a
    # straddle is the table's choice from hand to hand, R2.8).
    same = {"seats": table.seats, "stakes": start.config.stakes.model_copy(update={"straddle": 0})}
    if start.config.model_copy(update=same) != table.model_copy(
        update={"stakes": table.stakes.model_copy(update={"straddle": 0})}
    ):
        return None
    names = player_names(imported.hand)
    seats = imported.events[1 : 1 + len(names)]
    if not all(isinstance(e, PlayerSeated) for e in seats):
        return None
    at_table = {s.name: s for s in run.state.seats if s is not None}
    if any(
        name in at_table and e.stack < at_table[name].stack  # type: ignore[union-attr]
        for name, e in zip(names, seats, strict=True)
    ):
        return None
    newcomers = [name for name in names if name not in at_table]
    if newcomers:
        made = _make_room(run, names, newcomers)
        if made is None:
            return None
        run, arriving = made
    else:
        arriving = []
    seated = {s.name: (i, s) for i, s in enumerate(run.state.seats) if s is not None}
    between: list[Event] = []
    # Anyone seated but not dealt in had no chips left, or sat this hand out.
    for name, (seat, player) in seated.items():
        if name not in names and player.stack > 0 and not player.sitting_out:
            between.append(SatOut(seat=seat))
    chair = {name: seat for name, (seat, _) in seated.items()} | dict(arriving)
    for name, event in zip(names, seats, strict=True):
        assert isinstance(event, PlayerSeated)
        if name in newcomers:  # a newcomer sits down where the file deals them in
            between.append(PlayerSeated(seat=chair[name], name=name, stack=event.stack))
            continue
        seat, player = seated[name]
        if event.stack > player.stack:  # bought more chips between the hands (R4.11)
            between.append(PlayerRebought(seat=seat, amount=event.stack - player.stack))
        if player.sitting_out and player.stack > 0:
            between.append(CameBack(seat=seat))
    if start.config.stakes.straddle != run.state.straddle:
        between.append(StraddleChanged(amount=start.config.stakes.straddle))
    return _Seating(run, tuple(between), {i: chair[name] for i, name in enumerate(names)})


def _goes_round(seating: _Seating) -> bool:
    """Whether the file's players, in its order, sit round the table in that order."""
    chairs = [seating.where[i] for i in range(len(seating.where))]
    turns = sum(1 for a, b in zip(chairs, chairs[1:] + chairs[:1], strict=True) if b < a)
    return turns <= 1


def _played_at(seating: _Seating, imported: ImportedHand) -> TableRun | None:
    """The run with the hand played and settled at its table, each event applied once;
    ``None`` when the table refuses any of it."""
    run, where = seating.run, seating.where
    n = len(where)
    try:
        moved = (*seating.between, *(_moved(e, where) for e in imported.events[1 + n :]))
        played = run.folded.then(moved, len(run.events))
        history, settled = settle(
            played.history,
            imported,
            [where[i] for i in range(n)],
            lambda e: _moved(e, where),
        )
    except (PhhError, RuleError, ValueError, AssertionError):
        return None
    starts = played.starts
    return TableRun(
        title=run.title,
        source=run.source,
        events=run.events + moved + settled,
        history=history,
        details=(*run.details, _details(imported)),
        scale=run.scale,
        seat_of=run.seat_of,
        starts=starts,
    )


def _continue(run: TableRun, replayed: ReplayedHand, details: dict[str, Any]) -> TableRun | None:
    seating = _seating(run, replayed.imported)
    if seating is None:
        return None
    run, where = seating.run, seating.where
    try:
        later = replayed.events[1 + len(where) :]
        moved = (*seating.between, *(_moved(e, where) for e in later))
        folded = run.folded.then(moved, len(run.events))
    except (RuleError, ValueError, AssertionError):
        return None
    return TableRun(
        title=run.title,
        source=run.source,
        events=run.events + moved,
        history=folded.history,
        details=(*run.details, details),
        scale=run.scale,
        seat_of=run.seat_of,
        starts=folded.starts,
    )


def _make_room(
    run: TableRun, names: tuple[str, ...], newcomers: list[str]
) -> tuple[TableRun, list[tuple[str, int]]] | None:
    """The run with a free chair for each newcomer where the file deals them in (after
    the player before them in the file's order), and the chair each takes.

    Nothing is recorded yet, so the run's seats can still be renumbered: the table grows
    to the game's size, and the players after a newcomer move one chair on. ``None``
    when the table is full or the file's order cannot be kept.
    """
    config = run.state.config
    assert config is not None
    size = max_players(config.variant)
    if len([s for s in run.state.seats if s is not None]) + len(newcomers) > size:
        return None
    where = {i: i for i in range(len(run.state.seats))}
    order = list(names)
    arriving: list[tuple[str, int]] = []
    for name in newcomers:
        k = order.index(name)
        before = next(
            (
                order[(k - j) % len(order)]
                for j in range(1, len(order))
                if order[(k - j) % len(order)] not in newcomers
            ),
            None,
        )
        if before is None:
            return None
        seat_of = {s.name: where[i] for i, s in enumerate(run.state.seats) if s is not None}
        taken = {*seat_of.values(), *(c for _, c in arriving)}
        after = seat_of[before] + 1
        if after in taken:  # no free chair there: everyone from it moves one on
            where = {old: new + 1 if new >= after else new for old, new in where.items()}
            arriving = [(n, c + 1 if c >= after else c) for n, c in arriving]
        arriving.append((name, after))
    if max([*where.values(), *(c for _, c in arriving)], default=0) >= size:
        return None
    first = run.events[0]
    assert isinstance(first, SessionStarted)
    grown = first.model_copy(update={"config": first.config.model_copy(update={"seats": size})})
    try:
        events = (grown, *(_moved(e, where) for e in run.events[1:]))
        folded = fold_log(events)
    except (RuleError, ValueError, AssertionError):
        return None
    moved = TableRun(
        title=run.title,
        source=run.source,
        events=events,
        history=folded.history,
        details=run.details,
        scale=run.scale,
        seat_of={name: where[seat] for name, seat in run.seat_of.items()},
        starts=folded.starts,
    )
    return moved, arriving


_SEAT_KEYS = ("seat", "button")


def _moved(event: Event, where: dict[int, int]) -> Event:
    """``event`` with every seat number taken from the file's order to the session's."""
    return EVENT_ADAPTER.validate_python(_remap(event.model_dump(mode="json"), where))


def _remap(value: Any, where: dict[int, int]) -> Any:
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for key, item in value.items():
            if key in _SEAT_KEYS and isinstance(item, int):
                out[key] = where[item]
            elif key == "seats" and isinstance(item, list):
                out[key] = sorted(where[s] for s in item)
            else:
                out[key] = _remap(item, where)
        return out
    if isinstance(value, list):
        return [_remap(v, where) for v in value]
    return value
