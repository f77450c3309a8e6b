"""What the dealer asks of the table: one frozen record per request.

A request is the dealer's intent ("Bob raises to 12", "deal the flop"), not yet a
fact. :func:`omaha_tui.engine.decisions.decide.decide` turns it into events (facts), a
question back to the dealer, or a refusal with the rule's reason. Front ends (keys,
palette, console lines) only build these records; they never build events.

Seats are 0-based like events; text shown to people counts from 1 (``labels``).
Amounts are integers in the table's smallest chip unit. Nothing here validates:
that is :mod:`decide`'s job, so a bad request never raises while it is built.
"""

from __future__ import annotations

from datetime import datetime

from omaha_tui.engine.decisions.clock_requests import (
    AdjustClock,
    EndBreak,
    NextLevel,
    PauseClock,
    PreviousLevel,
    ResumeClock,
    SetSchedule,
    StartClock,
)
from omaha_tui.engine.decisions.table_requests import (
    Back,
    ChangeGame,
    ChangeLevel,
    Correct,
    DeclareMisdeal,
    DrawButton,
    EndSession,
    Leave,
    PlaceButton,
    Rebuy,
    SeatPlayer,
    SetBomb,
    SetButtonRule,
    SetChipValue,
    SetDoubleBoard,
    SetStraddle,
    ShareExpense,
    SitOut,
)
from omaha_tui.engine.decisions.tournament_requests import (
    AgreeDeal,
    ColourUp,
    Reenter,
    TakeAddOn,
)
from omaha_tui.engine.records import frozen


@frozen
class Fold:
    """The player to act folds."""


@frozen
class Check:
    """The player to act checks (refused when there is a bet to call)."""


@frozen
class Call:
    """The player to act calls (all in for less when short, R4.5)."""


@frozen
class CheckOrCall:
    """Check when nothing is owed, otherwise call (the ``c`` key)."""


@frozen
class Bet:
    """A bet (or, facing one, a raise) *to* ``amount`` this round (R4.3).

    ``confirm_all_in``: the dealer confirmed that more than the stack means all in
    (R4.10); without it such an amount comes back as an :class:`~.decide.Ask`.
    """

    amount: int
    confirm_all_in: bool = False


@frozen
class RaiseTo:
    """A raise to ``amount`` this round (opening the betting it is a bet)."""

    amount: int
    confirm_all_in: bool = False


@frozen
class RaisePot:
    """R4.6: "pot" is binding: the pot-limit maximum, or all in when the stack is smaller."""


@frozen
class AllIn:
    """The player to act puts in the whole stack (a call, bet or raise, R4.5/R4.8)."""


@frozen
class DealCards:
    """The next street's board cards as typed; ``None`` or empty: dealt, not tracked."""

    cards: str | None = None


@frozen
class EarlyCard:
    """R3.3 Courchevel: the first flop card, face up before the pre-flop betting."""

    card: str | None = None


@frozen
class RecordBoard:
    """Board cards dealt as a count only, typed later (the whole board so far)."""

    cards: str


@frozen
class Show:
    """A player tables their hole cards at showdown (R8.2), or when all are all in (R10.1)."""

    seat: int
    cards: str


@frozen
class TableHands:
    """R10.1: the hands tabled at once when nobody can bet any more, all or nothing.

    ``shown``: ``(seat, cards)`` for each player tabling now, in showdown order.
    """

    shown: tuple[tuple[int, str], ...]


@frozen
class RunItTwice:
    """R10.2: every player still in agrees to run the rest of the board ``runs`` times."""

    runs: int = 2


@frozen
class Muck:
    """A player gives up their claim without showing (R8.2)."""

    seat: int


@frozen
class AwardByCards:
    """Settle every pot from the shown hands and the board (R7, R8.3)."""


@frozen
class RunWinners:
    """The winners the dealer names on one later run of the board (R10.2), as in
    :class:`AwardByHand`: ``winners[i]`` share that run's part of pot ``i``."""

    winners: tuple[tuple[int, ...], ...]
    low_winners: tuple[tuple[int, ...], ...] | None = None


@frozen
class AwardByHand:
    """Settle pots to the seats the dealer names (cards not entered).

    ``winners[i]`` share pot ``i`` (its high half when ``low_winners[i]`` names anyone).
    When the board was run more than once (R10.2) these are run 1's winners and
    ``later`` names the winners of runs 2 (and 3): each run's part of a pot goes to
    that run's winners.
    """

    winners: tuple[tuple[int, ...], ...]
    low_winners: tuple[tuple[int, ...], ...] | None = None
    later: tuple[RunWinners, ...] = ()


@frozen
class Showdown:
    """A whole showdown at once, all or nothing (the showdown screen's result).

    ``board``: cards typed here for a table that tracked chips only; ``shown`` and
    ``mucked`` in showdown order; ``winners`` None means "award by the cards".
    """

    shown: tuple[tuple[int, str], ...] = ()
    mucked: tuple[int, ...] = ()
    board: str = ""
    winners: tuple[tuple[int, ...], ...] | None = None
    low_winners: tuple[tuple[int, ...], ...] | None = None
    later: tuple[RunWinners, ...] = ()


@frozen
class NextHand:
    """Start the next hand (R1.5 button, R2 blinds); a due blind level comes first (R2.7).

    ``level``: a level to record first; ``at``: the time of the request (the session
    fills it in), which starts the blind clock and says which level is due (R2.7).
    ``straddle``: a straddle this hand (R2.8), from the button (``straddle_button``) or
    a seat (``straddle_seat``, R13.3). A bomb pot called or due is dealt as one (R13.1).
    """

    die_roll: int | None = None
    straddle: bool = False
    level: ChangeLevel | None = None
    at: datetime | None = None
    straddle_button: bool = False
    straddle_seat: int | None = None


Request = (
    Fold
    | Check
    | Call
    | CheckOrCall
    | Bet
    | RaiseTo
    | RaisePot
    | AllIn
    | DealCards
    | EarlyCard
    | RecordBoard
    | Show
    | TableHands
    | RunItTwice
    | Muck
    | AwardByCards
    | AwardByHand
    | Showdown
    | NextHand
    | SeatPlayer
    | Leave
    | SitOut
    | Back
    | Rebuy
    | Correct
    | PlaceButton
    | DrawButton
    | ChangeLevel
    | SetStraddle
    | SetBomb
    | ChangeGame
    | SetButtonRule
    | SetDoubleBoard
    | DeclareMisdeal
    | SetChipValue
    | ShareExpense
    | EndSession
    | SetSchedule
    | StartClock
    | PauseClock
    | ResumeClock
    | AdjustClock
    | NextLevel
    | PreviousLevel
    | EndBreak
    | Reenter
    | TakeAddOn
    | ColourUp
    | AgreeDeal
)

__all__ = [
    "AdjustClock",
    "AgreeDeal",
    "AllIn",
    "AwardByCards",
    "AwardByHand",
    "Back",
    "Bet",
    "Call",
    "ChangeGame",
    "ChangeLevel",
    "Check",
    "CheckOrCall",
    "ColourUp",
    "Correct",
    "DealCards",
    "DeclareMisdeal",
    "DrawButton",
    "EarlyCard",
    "EndBreak",
    "EndSession",
    "Fold",
    "Leave",
    "Muck",
    "NextHand",
    "NextLevel",
    "PauseClock",
    "PlaceButton",
    "PreviousLevel",
    "RaisePot",
    "RaiseTo",
    "Rebuy",
    "RecordBoard",
    "Reenter",
    "Request",
    "ResumeClock",
    "RunItTwice",
    "RunWinners",
    "SeatPlayer",
    "SetBomb",
    "SetButtonRule",
    "SetChipValue",
    "SetDoubleBoard",
    "SetSchedule",
    "SetStraddle",
    "ShareExpense",
    "Show",
    "Showdown",
    "SitOut",
    "StartClock",
    "TableHands",
    "TakeAddOn",
]
