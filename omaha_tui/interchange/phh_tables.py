"""Consecutive hands of one table, from a hand history, as one session.

A PHH file of an evening lists hand after hand. A hand continues the session of the
hand before it when it is the same table: the same game and stakes and amount scale,
the same players, each sitting down with the chips the previous hand left them or more
(a rebuy between the hands), and the rules accept its start (the button moves on as
R1.5 moves it). A seated player missing from a hand sat it out; a straddle is the
table's choice from hand to hand. Its seats are then the players' seats in that session
(PHH numbers players from the button, so the numbers move; the names do not; a
newcomer's chair is worked out in :mod:`.phh_seating`). Anything else starts a new
session, replayed on its own (:mod:`.phh_replay`). Each event is applied once
(:func:`runs_of` says how). Nothing here touches the journal."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from omaha_tui.engine.config import ShortBlindRule, TableConfig, max_players
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import (
    CameBack,
    Event,
    PlayerRebought,
    PlayerSeated,
    SatOut,
    SessionStarted,
    StraddleChanged,
)
from omaha_tui.engine.reducer.history import Trail

from .phh import PhhError, PhhHand
from .phh_import import ImportedHand, translate
from .phh_replay import ReplayedHand, replay_imported, settle
from .phh_seating import Layout, moved, plan, resized
from .phh_table_run import TableRun, details, extended, finished, make_room


@dataclass(frozen=True)
class Refused:
    """A hand that cannot be imported, and why (one line naming the file)."""

    source: str
    reason: str


def runs_of(hands: Sequence[PhhHand]) -> Iterator[TableRun | Refused]:
    """The sessions of a file's hands, each as soon as it is over, in order, and in
    their place the hands that cannot be imported (their one-line reason).

    Each event is applied once. A run is seated ahead from its players' names
    (:func:`~.phh_seating.plan`), so a newcomer's chair is free when they come and the
    run's events never move chairs. A hand that may continue the table
    (:func:`_seating`) is replayed at the table and settled there; its checks are the
    rules' at that table. The table is the hand's own game, stakes, stacks and order of
    play with more around it (players sitting out, empty chairs, a longer past), so what
    it accepts a table of the hand alone accepts too, and the settlement it reaches is
    that table's, seat for seat, as long as the file's order of players goes round the
    table once (the odd chip, R7.4, goes round from the button).

    Some events are applied again only where the table says no, or the seating ahead
    guessed wrong: a hand whose actions the table refuses (its events up to the refusal,
    before it is replayed on its own as a new session); a hand whose settlement the
    table refuses, or whose order does not go round the table (replayed on its own, then
    tried at the table as before, :func:`_continue`); a run that ends before hands it
    was seated for (moved back to the chairs its own hands gave,
    :func:`~.phh_table_run.finished`); a newcomer it was not seated for
    (:func:`~.phh_table_run.make_room`).
    """
    items: list[ImportedHand | Refused] = []
    for hand in hands:
        try:
            items.append(translate(hand))
        except PhhError as e:
            items.append(Refused(hand.source, str(e)))
    names = [_names(i) if isinstance(i, ImportedHand) else None for i in items]
    games = [_game(i) if isinstance(i, ImportedHand) else None for i in items]

    def ahead(k: int) -> Iterator[tuple[str, ...] | None]:
        """The names of the hands after hand ``k - 1`` (``None``: another table's)."""
        for j in range(k, len(items)):
            yield names[j] if games[j] is not None and games[j] == games[k - 1] else None

    run: TableRun | None = None
    for k, item in enumerate(items):
        try:
            if isinstance(item, Refused):
                refused = item
            else:
                run, done = _add(run, item, ahead(k + 1))
                if done is not None:
                    yield finished(done)
                continue
        except PhhError as e:
            refused = Refused(item.source, str(e))
        if run is not None:
            yield finished(run)
        run = None
        yield refused
    if run is not None:
        yield finished(run)


def _names(imported: ImportedHand) -> tuple[str, ...]:
    """The hand's players' names, in the file's order (as its set-up seats them)."""
    seats = imported.events[1 : 1 + imported.hand.player_count]
    return tuple(e.name for e in seats if isinstance(e, PlayerSeated))


def _game(imported: ImportedHand) -> tuple[int, TableConfig] | None:
    """What a hand must share with the table to continue it: the amount scale, the game
    and the stakes (:func:`_seating` checks them against the table)."""
    start = imported.events[0]
    if not isinstance(start, SessionStarted):
        return None
    return imported.scale, _game_of(start.config)


def _game_of(config: TableConfig) -> TableConfig:
    """A table's game and stakes, its size, straddle and call after a short big blind
    aside: a file sizes its table by the players of each hand, a straddle is the table's
    choice from hand to hand (R2.8), and only a hand whose big blind was posted short
    says how the table calls it (R2.5)."""
    stakes = config.stakes.model_copy(update={"straddle": 0})
    update = {"seats": 0, "stakes": stakes, "short_blind_rule": ShortBlindRule.POSTED}
    return config.model_copy(update=update)


def _add(
    run: TableRun | None, imported: ImportedHand, ahead: Iterator[tuple[str, ...] | None]
) -> tuple[TableRun, TableRun | None]:
    """The run ``imported`` is now part of, and the run it ended (``None``: it continued
    ``run``).

    Raises:
        PhhError: the rules refuse the hand.
    """
    if run is None:
        return _new_run(imported, ahead), None
    seating = _seating(run, imported)
    if seating is None:
        return _new_run(imported, ahead), run
    if _goes_round(seating):
        joined = _played_at(seating, imported)
        if isinstance(joined, TableRun):
            return joined, None
        if joined is _REFUSED:  # its own replay would not continue the table either
            return _new_run(imported, ahead), run
    replayed = replay_imported(imported)
    joined = _continue(run, replayed, details(imported))
    if joined is not None:
        return joined, None
    return _new_run(imported, ahead, replayed), run


def _new_run(
    imported: ImportedHand,
    ahead: Iterator[tuple[str, ...] | None],
    replayed: ReplayedHand | None = None,
) -> TableRun:
    """A run that starts with ``imported``, seated for the hands ``ahead`` (their
    players' names) and replayed once in those chairs; in the file's own chairs when
    those refuse it (or nobody moves, or it was ``replayed`` so already).

    Raises:
        PhhError: the rules refuse the hand.
    """
    start = imported.events[0]
    assert isinstance(start, SessionStarted)
    names = _names(imported)
    size = max_players(start.config.variant)
    first = Layout({name: i for i, name in enumerate(names)}, start.config.seats)
    layouts = plan(first, ahead, size)
    final = layouts[-1]
    if not first.agrees(final) and replayed is None:
        where = {i: final.chairs[name] for i, name in enumerate(names)}
        try:
            events = (resized(start, final.table), *(moved(e, where) for e in imported.events[1:]))
            chairs = [where[i] for i in range(len(names))]
            replayed = replay_imported(imported, events, chairs, lambda e: moved(e, where))
        except (PhhError, RuleError, ValueError, AssertionError):
            replayed, layouts = None, ()
    elif not first.agrees(final):
        layouts = ()  # replayed in the file's chairs already
    if replayed is None:
        replayed = replay_imported(imported)
    return TableRun(
        title=start.title,
        source=imported.source,
        events=Trail.of(replayed.events),
        history=replayed.history,
        details=Trail.of((details(imported),)),
        scale=imported.scale,
        starts=replayed.starts,
        layouts=layouts if len(layouts) > 1 else (),
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
    the hand is applied here; a newcomer the run was not seated for makes room
    (:func:`~.phh_table_run.make_room`, which applies the run's events again)."""
    start = imported.events[0]
    if not run.complete or imported.scale != run.scale:
        return None
    table = run.state.config
    if not isinstance(start, SessionStarted) or table is None:
        return None
    if _game_of(start.config) != _game_of(table):
        return None
    names = _names(imported)
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
    arriving = _planned(run, newcomers)
    if arriving is None:
        made = make_room(finished(run), names, newcomers)
        if made is None:
            return None
        run, arriving = made
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
        if player.sitting_out:  # dealt in: back, with chips (a busted player rebought)
            between.append(CameBack(seat=seat))
    if start.config.stakes.straddle != run.state.straddle:
        between.append(StraddleChanged(amount=start.config.stakes.straddle))
    return _Seating(run, tuple(between), {i: chair[name] for i, name in enumerate(names)})


def _planned(run: TableRun, newcomers: list[str]) -> list[tuple[str, int]] | None:
    """The chair each newcomer was seated ahead for, when the run was seated for just
    them to come now (nobody moves); ``None`` otherwise."""
    if not newcomers:
        return []
    if len(run.layouts) <= run.hands:
        return None
    came = set(run.layouts[run.hands].chairs) - set(run.layouts[run.hands - 1].chairs)
    final = run.layouts[-1]
    seats = run.state.seats
    if came != set(newcomers) or len(seats) != final.table:
        return None
    arriving = [(name, final.chairs[name]) for name in newcomers]
    if any(seats[chair] is not None for _, chair in arriving):
        return None
    return arriving


def _goes_round(seating: _Seating) -> bool:
    """Whether the file's players, in its order, sit round the table in that order."""
    chairs = [seating.where[i] for i in range(len(seating.where))]
    turns = sum(1 for a, b in zip(chairs, chairs[1:] + chairs[:1], strict=True) if b < a)
    return turns <= 1


_REFUSED = object()
"""The table refused one of a hand's actions (not its settlement)."""


def _played_at(seating: _Seating, imported: ImportedHand) -> TableRun | object | None:
    """The run with the hand played and settled at its table, each event applied once;
    :data:`_REFUSED` when the table refuses one of its actions (the same events the
    hand's own replay would bring to the table), ``None`` when it refuses the
    settlement."""
    run, where = seating.run, seating.where
    n = len(where)
    try:
        more = (*seating.between, *(moved(e, where) for e in imported.events[1 + n :]))
        played = run.folded.then(more, len(run.events))
    except (RuleError, ValueError, AssertionError):
        return _REFUSED
    try:
        history, settled = settle(
            played.history,
            imported,
            [where[i] for i in range(n)],
            lambda e: moved(e, where),
        )
    except (PhhError, RuleError, ValueError, AssertionError):
        return None
    return replace(
        run,
        events=extended(run.events, (*more, *settled)),
        history=history,
        details=run.details.add(details(imported)),
        starts=played.starts,
    )


def _continue(run: TableRun, replayed: ReplayedHand, details: dict[str, Any]) -> TableRun | None:
    """The run continued by a hand replayed on its own (its events applied at the table
    again), or ``None`` when the table refuses it."""
    seating = _seating(run, replayed.imported)
    if seating is None:
        return None
    run, where = seating.run, seating.where
    try:
        later = replayed.events[1 + len(where) :]
        more = (*seating.between, *(moved(e, where) for e in later))
        folded = run.folded.then(more, len(run.events))
    except (RuleError, ValueError, AssertionError):
        return None
    return replace(
        run,
        events=extended(run.events, more),
        history=folded.history,
        details=run.details.add(details),
        starts=folded.starts,
    )
