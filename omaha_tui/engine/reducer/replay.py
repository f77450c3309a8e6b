"""The table as one pure reducer: ``apply(state, event) -> state`` and ``replay(events)``.

One small function per event type, looked up by the event's class (no chains of
``isinstance``). Session and seat events live here; hand events in ``handflow``.
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
from omaha_tui.engine.config import DoubleBoard, Stakes, double_board_players, max_players
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
from omaha_tui.engine.labels import name_of, seat_label, seat_range
from omaha_tui.engine.reducer import cards as cardflow
from omaha_tui.engine.reducer import clock as clockflow
from omaha_tui.engine.reducer import hand as handflow
from omaha_tui.engine.reducer import money, options
from omaha_tui.engine.reducer import start as handstart
from omaha_tui.engine.rules.button import button_from_draw
from omaha_tui.engine.state import LedgerEntry, SeatState, TableState, evolve

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


# ------------------------------------------------------------------ session and seats


def _need_session(state: TableState) -> None:
    if state.config is None:
        raise RuleError("no session: start a session first")
    if state.ended:
        raise RuleError("the session has ended: start a new session")


def _seat_index(state: TableState, seat: int) -> SeatState:
    _need_session(state)
    size = len(state.seats)
    if not 0 <= seat < size:
        raise RuleError(f"{seat_label(seat)} does not exist: this table has {seat_range(size)}")
    player = state.seats[seat]
    if player is None:
        raise RuleError(f"{seat_label(seat)} is empty")
    return player


def _not_in_running_hand(state: TableState, seat: int, what: str) -> None:
    hand = state.hand
    if hand is not None and not hand.complete and seat in hand.seats:
        raise RuleError(f"{name_of(state, seat)} is in the hand: {what} after it ends")


def _check_chip(state: TableState, amount: int, what: str) -> None:
    assert state.stakes is not None
    chip = state.stakes.chip
    if amount % chip:
        raise RuleError(f"{what} {amount} is not a multiple of the smallest chip {chip}")


def _ledger(state: TableState, name: str, **changes: Any) -> tuple[LedgerEntry, ...]:
    out = list(state.ledger)
    for i, entry in enumerate(out):
        if entry.name == name:
            updates = {k: getattr(entry, k) + v if k != "seat" else v for k, v in changes.items()}
            out[i] = evolve(entry, **updates)
            return tuple(out)
    out.append(LedgerEntry(name=name))
    return _ledger(evolve(state, ledger=tuple(out)), name, **changes)


def _set_seat(state: TableState, seat: int, value: SeatState | None) -> TableState:
    seats = (*state.seats[:seat], value, *state.seats[seat + 1 :])
    return evolve(state, seats=seats)


def _session_started(state: TableState, ev: SessionStarted) -> TableState:
    if state.config is not None:
        raise RuleError("the session has already started: a log holds one session")
    return TableState(config=ev.config, stakes=ev.config.stakes, seats=(None,) * ev.config.seats)


def _player_seated(state: TableState, ev: PlayerSeated) -> TableState:
    _need_session(state)
    size = len(state.seats)
    if ev.seat >= size:
        raise RuleError(f"{seat_label(ev.seat)} does not exist: this table has {seat_range(size)}")
    taken = state.seats[ev.seat]
    if taken is not None:
        raise RuleError(f"{seat_label(ev.seat)} is taken by {taken.name}: pick an empty seat")
    for s in state.seats:
        if s is not None and s.name == ev.name:
            raise RuleError(f"{ev.name} is already seated: use another name")
    assert state.config is not None
    limit = max_players(state.config.variant, state.config.binglao_seven)
    seated = sum(1 for s in state.seats if s is not None)
    if seated >= limit:
        raise RuleError(f"{state.config.variant.name} seats at most {limit} players (R1.3)")
    if state.config.double_board is not DoubleBoard.OFF:
        double = double_board_players(state.config.variant)
        if seated >= double:
            raise RuleError(
                f"a double board seats at most {double} players in "
                f"{state.config.variant.name} (R13.2b): play one board (boards 1) to seat more"
            )
    _check_chip(state, ev.stack, "buy-in")
    started = state.hands_played > 0 or state.hand is not None
    seat = SeatState(
        ev.name,
        ev.stack,
        waiting_for_bb=ev.wait_for_bb and started,
        owes_bb=started and not ev.wait_for_bb,  # R2.6: a newcomer posts or waits
    )
    state = _set_seat(state, ev.seat, seat)
    return evolve(state, ledger=_ledger(state, ev.name, buy_in=ev.stack, seat=ev.seat))


def _player_left(state: TableState, ev: PlayerLeft) -> TableState:
    player = _seat_index(state, ev.seat)
    _not_in_running_hand(state, ev.seat, "they can leave")
    state = _set_seat(state, ev.seat, None)
    return evolve(state, ledger=_ledger(state, player.name, cashed_out=player.stack, seat=None))


def _player_rebought(state: TableState, ev: PlayerRebought) -> TableState:
    player = _seat_index(state, ev.seat)
    _not_in_running_hand(state, ev.seat, "they can rebuy")
    _check_chip(state, ev.amount, "rebuy")
    # R4.11: the buy-in range is guidance. A rebuy outside it is warned about where it
    # is decided (decisions.table), never refused here, whatever stack it leaves.
    state = _set_seat(state, ev.seat, evolve(player, stack=player.stack + ev.amount))
    return evolve(state, ledger=_ledger(state, player.name, rebuys=ev.amount))


def _chips_corrected(state: TableState, ev: ChipsCorrected) -> TableState:
    player = _seat_index(state, ev.seat)
    _not_in_running_hand(state, ev.seat, "correct their chips")
    _check_chip(state, abs(ev.delta), "correction")
    if player.stack + ev.delta < 0:
        raise RuleError(
            f"{player.name} has {player.stack}: a correction of {ev.delta} would make it negative"
        )
    state = _set_seat(state, ev.seat, evolve(player, stack=player.stack + ev.delta))
    return evolve(state, ledger=_ledger(state, player.name, corrections=ev.delta))


def _sat_out(state: TableState, ev: SatOut) -> TableState:
    player = _seat_index(state, ev.seat)
    if player.sitting_out:
        raise RuleError(f"{player.name} is already sitting out")
    return _set_seat(state, ev.seat, evolve(player, sitting_out=True, waiting_for_bb=False))


def _came_back(state: TableState, ev: CameBack) -> TableState:
    player = _seat_index(state, ev.seat)
    if not player.sitting_out and not player.waiting_for_bb:
        raise RuleError(f"{player.name} is not away: only a player sitting out can come back")
    if player.stack <= 0:
        raise RuleError(f"{player.name} is out of chips: rebuy first, then come back")
    if ev.post_now:
        # R2.6: a player who was waiting for the big blind and now plays posts one.
        owes_bb = player.owes_bb or player.waiting_for_bb
        return _set_seat(
            state, ev.seat, evolve(player, sitting_out=False, waiting_for_bb=False, owes_bb=owes_bb)
        )
    # R2.6: wait for the big blind; what was owed is settled when it arrives.
    return _set_seat(
        state,
        ev.seat,
        evolve(player, sitting_out=False, waiting_for_bb=True, owes_bb=False, owes_sb=False),
    )


def _between_hands(state: TableState, what: str) -> None:
    _need_session(state)
    if state.in_hand:
        raise RuleError(f"a hand is running: {what} between hands")


def _button_drawn(state: TableState, ev: ButtonDrawn) -> TableState:
    _between_hands(state, "draw for the button")
    for seat in ev.cards:
        _seat_index(state, seat)
    button = button_from_draw(ev.cards)
    return evolve(state, button=button, button_moves=False, last_blinds=(None, None))


def _button_placed(state: TableState, ev: ButtonPlaced) -> TableState:
    _between_hands(state, "move the button")
    size = len(state.seats)
    if ev.seat >= size:
        raise RuleError(f"{seat_label(ev.seat)} does not exist: this table has {seat_range(size)}")
    # R1.5: the blinds follow a placed button from the next hand on.
    return evolve(state, button=ev.seat, button_moves=False, last_blinds=(None, None))


def _level_changed(state: TableState, ev: LevelChanged) -> TableState:
    _need_session(state)
    stakes = ev.stakes
    chip = state.stakes.chip if state.stakes is not None else stakes.chip
    if state.tournament is not None and stakes.chip < chip:
        # R11.7: a colour-up raised the chip for the rest of the tournament; a level
        # is never played in a smaller one.
        try:
            stakes = Stakes.model_validate({**stakes.model_dump(), "chip": chip})
        except ValueError:
            what, amount = next(
                (w, a)
                for w, a in (
                    ("small blind", stakes.small_blind),
                    ("big blind", stakes.big_blind),
                    ("ante", stakes.ante),
                )
                if a % chip
            )
            raise RuleError(
                f"level {ev.level} cannot be played in {chip:,} chips: its {what} {amount:,} "
                f"is not a multiple of {chip:,} (R11.7)"
            ) from None
    return evolve(state, level=ev.level, stakes=stakes)  # R2.7: from the next hand


def _session_ended(state: TableState, ev: SessionEnded) -> TableState:
    _between_hands(state, "end the session")
    for i, player in enumerate(state.seats):
        if player is not None:
            state = _set_seat(state, i, None)
            state = evolve(
                state, ledger=_ledger(state, player.name, cashed_out=player.stack, seat=None)
            )
    return evolve(state, ended=True)


_HANDLERS: dict[type[Any], Callable[[TableState, Any], TableState]] = {
    SessionStarted: _session_started,
    PlayerSeated: _player_seated,
    PlayerLeft: _player_left,
    PlayerRebought: _player_rebought,
    ChipsCorrected: _chips_corrected,
    SatOut: _sat_out,
    CameBack: _came_back,
    ButtonDrawn: _button_drawn,
    ButtonPlaced: _button_placed,
    LevelChanged: _level_changed,
    StraddleChanged: options.apply_straddle_changed,
    BombChanged: options.apply_bomb_changed,
    GameChanged: options.apply_game_changed,
    ButtonRuleChanged: options.apply_button_rule_changed,
    DoubleBoardChanged: options.apply_double_board_changed,
    SessionEnded: _session_ended,
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
