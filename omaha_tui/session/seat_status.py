"""Where a seat stands: the one status vocabulary of the console, the app and the display."""

from __future__ import annotations

from enum import StrEnum

from omaha_tui.engine.events import PostKind
from omaha_tui.engine.state import SeatState, TableState


class SeatStatus(StrEnum):
    """Where an occupied seat stands: the one status vocabulary of every front end (the
    console's ``status`` values; the app's seat words are :attr:`word` or a finer note)."""

    ACTIVE = "active"
    FOLDED = "folded"
    ALL_IN = "all_in"
    SITTING_OUT = "sitting_out"
    WAITING = "waiting"
    """Waits for the big blind, or owes a blind before being dealt in (R2.3, R2.4)."""
    OUT = "out"
    """No chips left, between hands."""

    @property
    def word(self) -> str:
        """The status as a table says it: ``all in``, ``sitting out``."""
        return self.value.replace("_", " ")


def seat_status(state: TableState, index: int, seat: SeatState) -> tuple[SeatStatus, str]:
    """The seat's :class:`SeatStatus` and its words on the table."""
    hand = state.hand if state.in_hand else None
    if hand is not None and index in hand.seats:
        if index in hand.folded:
            code = SeatStatus.FOLDED
        elif index in hand.all_in:
            code = SeatStatus.ALL_IN
        else:
            code = SeatStatus.ACTIVE
        if index == hand.to_act and not hand.betting_over:
            return code, "to act"
        if code is not SeatStatus.ACTIVE:
            return code, code.word
        return code, "mucked" if index in hand.mucked else ""
    if seat.sitting_out:
        return SeatStatus.SITTING_OUT, SeatStatus.SITTING_OUT.word
    if seat.stack == 0:
        code = SeatStatus.OUT
    elif seat.waiting_for_bb or seat.owes_bb or seat.owes_sb:
        code = SeatStatus.WAITING
    else:
        code = SeatStatus.ACTIVE
    if seat.waiting_for_bb:
        return code, "waits for BB"
    if seat.owes_bb and seat.owes_sb:
        return code, "owes SB+BB"
    if seat.owes_bb:
        return code, "owes BB"
    return code, "not dealt in" if hand is not None else ""


def markers(state: TableState, index: int) -> tuple[str, ...]:
    """``D``, ``SB``, ``BB`` and ``STR`` (the straddler, R2.8, R13.3) on the seats that
    have them."""
    hand = state.hand
    button = hand.button if hand is not None else state.button
    out = []
    if index == button:
        out.append("D")
    if hand is not None:
        if index == hand.sb_seat:
            out.append("SB")
        if index == hand.bb_seat:
            out.append("BB")
        if any(p.seat == index and p.kind is PostKind.STRADDLE for p in hand.posts):
            out.append("STR")
    return tuple(out)
