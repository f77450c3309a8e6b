"""The reducer's handlers of the table around the hands: the session's start and end,
players sitting down, leaving, rebuying, their chips corrected, sitting out and coming
back (R2.6), the button drawn or placed (R1.4, R1.5) and a new level (R2.7, R11.7).

Each checks its event and returns a new state, or raises :class:`RuleError` saying what
is wrong; :mod:`.replay` finds them by the event's type. The ledger's lines follow every
buy-in, rebuy, correction and cash-out here.
"""

from __future__ import annotations

from typing import Any

from omaha_tui.engine.config import DoubleBoard, Stakes, double_board_players, max_players
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import (
    ButtonDrawn,
    ButtonPlaced,
    CameBack,
    ChipsCorrected,
    LevelChanged,
    PlayerLeft,
    PlayerRebought,
    PlayerSeated,
    SatOut,
    SessionEnded,
    SessionStarted,
)
from omaha_tui.engine.labels import name_of, seat_label, seat_range
from omaha_tui.engine.reducer.options import between_hands
from omaha_tui.engine.rules.button import button_from_draw
from omaha_tui.engine.state import LedgerEntry, SeatState, TableState, evolve


def _seat_index(state: TableState, seat: int) -> SeatState:
    state.open_session()
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


def apply_session_started(state: TableState, ev: SessionStarted) -> TableState:
    if state.config is not None:
        raise RuleError("the session has already started: a log holds one session")
    return TableState(config=ev.config, stakes=ev.config.stakes, seats=(None,) * ev.config.seats)


def apply_player_seated(state: TableState, ev: PlayerSeated) -> TableState:
    state.open_session()
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


def apply_player_left(state: TableState, ev: PlayerLeft) -> TableState:
    player = _seat_index(state, ev.seat)
    _not_in_running_hand(state, ev.seat, "they can leave")
    state = _set_seat(state, ev.seat, None)
    return evolve(state, ledger=_ledger(state, player.name, cashed_out=player.stack, seat=None))


def apply_player_rebought(state: TableState, ev: PlayerRebought) -> TableState:
    player = _seat_index(state, ev.seat)
    _not_in_running_hand(state, ev.seat, "they can rebuy")
    _check_chip(state, ev.amount, "rebuy")
    # R4.11: the buy-in range is guidance. A rebuy outside it is warned about where it
    # is decided (decisions.table), never refused here, whatever stack it leaves.
    state = _set_seat(state, ev.seat, evolve(player, stack=player.stack + ev.amount))
    return evolve(state, ledger=_ledger(state, player.name, rebuys=ev.amount))


def apply_chips_corrected(state: TableState, ev: ChipsCorrected) -> TableState:
    player = _seat_index(state, ev.seat)
    _not_in_running_hand(state, ev.seat, "correct their chips")
    _check_chip(state, abs(ev.delta), "correction")
    if player.stack + ev.delta < 0:
        raise RuleError(
            f"{player.name} has {player.stack}: a correction of {ev.delta} would make it negative"
        )
    state = _set_seat(state, ev.seat, evolve(player, stack=player.stack + ev.delta))
    return evolve(state, ledger=_ledger(state, player.name, corrections=ev.delta))


def apply_sat_out(state: TableState, ev: SatOut) -> TableState:
    player = _seat_index(state, ev.seat)
    if player.sitting_out:
        raise RuleError(f"{player.name} is already sitting out")
    return _set_seat(state, ev.seat, evolve(player, sitting_out=True, waiting_for_bb=False))


def apply_came_back(state: TableState, ev: CameBack) -> TableState:
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


def apply_button_drawn(state: TableState, ev: ButtonDrawn) -> TableState:
    between_hands(state, "draw for the button")
    for seat in ev.cards:
        _seat_index(state, seat)
    button = button_from_draw(ev.cards)
    return evolve(state, button=button, button_moves=False, last_blinds=(None, None))


def apply_button_placed(state: TableState, ev: ButtonPlaced) -> TableState:
    between_hands(state, "move the button")
    size = len(state.seats)
    if ev.seat >= size:
        raise RuleError(f"{seat_label(ev.seat)} does not exist: this table has {seat_range(size)}")
    # R1.5: the blinds follow a placed button from the next hand on.
    return evolve(state, button=ev.seat, button_moves=False, last_blinds=(None, None))


def apply_level_changed(state: TableState, ev: LevelChanged) -> TableState:
    state.open_session()
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


def apply_session_ended(state: TableState, ev: SessionEnded) -> TableState:
    between_hands(state, "end the session")
    for i, player in enumerate(state.seats):
        if player is not None:
            state = _set_seat(state, i, None)
            state = evolve(
                state, ledger=_ledger(state, player.name, cashed_out=player.stack, seat=None)
            )
    return evolve(state, ended=True)
