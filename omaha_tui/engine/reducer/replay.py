"""The table as one pure reducer: ``apply(state, event) -> state`` and ``replay(events)``.

One small function per event type, looked up by the event's class (no chains of
``isinstance``): the session, its seats, the button and the level in :mod:`.table`,
the table's options in :mod:`.options`, money in :mod:`.money`, a hand's start in
:mod:`.start`, its betting in :mod:`.hand`, its cards and end in :mod:`.cards`, the
clock in :mod:`.clock`, and a tournament's, joined on first use, in :mod:`.tournament`.
Each function validates and raises :class:`RuleError` (what is wrong, what is
allowed) or returns a new frozen state; the old state is never touched.

The state is the table's domain data only; undo lives beside it, in
:mod:`.history`. :func:`replay` folds a whole log, ``ActionUndone`` events included,
as the log's effective events. There is no I/O, clock or randomness here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from omaha_tui.engine.clock_events import (
    ClockAdjusted,
    ClockMoved,
    ClockPaused,
    ClockResumed,
    ClockStarted,
    ScheduleSet,
)
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import (
    ActionUndone,
    BetPlaced,
    BoardDealt,
    BoardRecorded,
    BombChanged,
    ButtonDrawn,
    ButtonPlaced,
    ButtonRuleChanged,
    Called,
    CameBack,
    Checked,
    ChipsCorrected,
    ChipValueSet,
    DoubleBoardChanged,
    EarlyCardDealt,
    Event,
    ExpenseShared,
    Folded,
    GameChanged,
    HandMucked,
    HandStarted,
    HoleCardsShown,
    LevelChanged,
    MisdealDeclared,
    PlayerLeft,
    PlayerRebought,
    PlayerSeated,
    PotsAwarded,
    RaisedTo,
    RunBoardDealt,
    RunsAgreed,
    SatOut,
    SessionEnded,
    SessionStarted,
    StraddleChanged,
    WentAllIn,
)
from omaha_tui.engine.reducer import cards as cardflow
from omaha_tui.engine.reducer import clock as clockflow
from omaha_tui.engine.reducer import hand as handflow
from omaha_tui.engine.reducer import money, options, table
from omaha_tui.engine.reducer import start as handstart
from omaha_tui.engine.state import TableState, evolve

__all__ = ["RuleError", "apply", "effective_events", "initial_state", "replay"]


def initial_state() -> TableState:
    """The state before any event: no table yet.

    >>> initial_state().config is None
    True
    """
    return TableState()


def apply(state: TableState, event: Event) -> TableState:
    """Apply one event, or raise :class:`RuleError` and leave ``state`` as it was.

    >>> from omaha_tui.engine.events import PlayerSeated
    >>> apply(initial_state(), PlayerSeated(seat=0, name="Ann", stack=100))
    Traceback (most recent call last):
    ...
    omaha_tui.engine.errors.RuleError: no session: start a session first
    """
    if type(event) is ActionUndone:
        raise RuleError("an undo steps back through the table's history, not a state")
    kind = type(event)
    if state.tournament is not None or kind not in _HANDLERS:
        _join_tournament()
    handler = _HANDLERS.get(kind)
    if state.tournament is not None:  # R11: some table events mean more at a tournament
        handler = _IN_TOURNAMENT.get(kind, handler)
    if handler is None:
        raise RuleError(f"unknown event {type(event).__name__}")
    new = handler(state, event)
    return evolve(state) if new is state else new  # every event gives a new state


def replay(events: Iterable[Event], state: TableState | None = None) -> TableState:
    """Fold ``apply`` over ``events`` (from ``initial_state()`` unless given a state), the
    table the log stands for: each ``ActionUndone`` takes back the last event still in
    effect, replaying its hand from the table before that hand started. Every event is
    checked by the rules as it comes, undone ones too. An undo with nothing of
    ``events`` left to take back is refused (what came before is not in a state; the
    session's :mod:`.history` keeps it).

    >>> replay([]).config is None
    True
    >>> from omaha_tui.engine.events import ActionUndone
    >>> replay([ActionUndone()])
    Traceback (most recent call last):
    ...
    omaha_tui.engine.errors.RuleError: nothing to undo
    """
    base = current = initial_state() if state is None else state
    kept: list[Event] = []  # the events in effect
    starts: list[tuple[int, TableState]] = []  # per hand in effect: where, the table before
    for event in events:
        if type(event) is ActionUndone:
            if not kept:
                raise RuleError("nothing to undo")
            kept.pop()
            while starts and starts[-1][0] >= len(kept):
                starts.pop()
            at, current = starts[-1] if starts else (0, base)
            for again in kept[at:]:
                current = apply(current, again)
            continue
        if type(event) is HandStarted:
            starts.append((len(kept), current))
        current = apply(current, event)
        kept.append(event)
    return current


def effective_events(events: Iterable[Event]) -> tuple[Event, ...]:
    """The log minus what was undone: each ``ActionUndone`` retracts the last effective event.

    This is the log the state stands for (``replay(log) == replay(effective_events(log))``),
    which history views and hand-history export read.

    >>> from omaha_tui.engine.events import CameBack, SatOut, ActionUndone
    >>> effective_events([SatOut(seat=1), CameBack(seat=1), ActionUndone()])
    (SatOut(v=1, type='sat_out', seat=1),)
    """
    out: list[Event] = []
    for event in events:
        if isinstance(event, ActionUndone):
            if out:
                out.pop()
        else:
            out.append(event)
    return tuple(out)


_HANDLERS: dict[type[Any], Callable[[TableState, Any], TableState]] = {
    SessionStarted: table.apply_session_started,
    PlayerSeated: table.apply_player_seated,
    PlayerLeft: table.apply_player_left,
    PlayerRebought: table.apply_player_rebought,
    ChipsCorrected: table.apply_chips_corrected,
    SatOut: table.apply_sat_out,
    CameBack: table.apply_came_back,
    ButtonDrawn: table.apply_button_drawn,
    ButtonPlaced: table.apply_button_placed,
    LevelChanged: table.apply_level_changed,
    StraddleChanged: options.apply_straddle_changed,
    BombChanged: options.apply_bomb_changed,
    GameChanged: options.apply_game_changed,
    ButtonRuleChanged: options.apply_button_rule_changed,
    DoubleBoardChanged: options.apply_double_board_changed,
    SessionEnded: table.apply_session_ended,
    ChipValueSet: money.apply_chip_value_set,
    ExpenseShared: money.apply_expense_shared,
    HandStarted: handstart.apply_hand_started,
    Folded: handflow.apply_folded,
    Checked: handflow.apply_checked,
    Called: handflow.apply_called,
    BetPlaced: handflow.apply_bet,
    RaisedTo: handflow.apply_raised,
    WentAllIn: handflow.apply_all_in,
    EarlyCardDealt: cardflow.apply_early_card,
    BoardDealt: cardflow.apply_board,
    BoardRecorded: cardflow.apply_board_recorded,
    RunsAgreed: cardflow.apply_runs_agreed,
    RunBoardDealt: cardflow.apply_run_board,
    HoleCardsShown: cardflow.apply_shown,
    HandMucked: cardflow.apply_mucked,
    PotsAwarded: cardflow.apply_awarded,
    MisdealDeclared: cardflow.apply_misdeal,
    ScheduleSet: clockflow.apply_schedule_set,
    ClockStarted: clockflow.apply_clock_started,
    ClockPaused: clockflow.apply_clock_paused,
    ClockResumed: clockflow.apply_clock_resumed,
    ClockAdjusted: clockflow.apply_clock_adjusted,
    ClockMoved: clockflow.apply_clock_moved,
}
_IN_TOURNAMENT: dict[type[Any], Callable[[TableState, Any], TableState]] = {}


def _join_tournament() -> None:
    """Add the tournament's own events and the handlers a tournament table uses instead
    (R11), the first time a table meets a tournament event or state: a cash table never
    loads them."""
    if not _IN_TOURNAMENT:
        from omaha_tui.engine.reducer import tournament as tourney

        _HANDLERS.update(tourney.OWN_HANDLERS)
        _IN_TOURNAMENT.update(tourney.handlers(_HANDLERS))
