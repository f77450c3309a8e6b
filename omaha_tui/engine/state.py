"""The table's state: frozen records the reducer folds events into.

Everything here is data: frozen dataclasses (copied with :func:`evolve`, which the
fold does tens of thousands of times per session) holding tuples and frozensets.
Per-seat numbers (bets, committed chips) are tuples indexed by table seat so that
lookups need no dictionary.

Undo is not here: its checkpoints live beside the state, in
:mod:`~omaha_tui.engine.reducer.history` (DESIGN.md "snapshots at each hand start").

This module computes nothing; derivations live in ``betting``, ``pots``, ``awards``
and ``blinds``, and transitions in ``reducer``.
"""

from __future__ import annotations

from dataclasses import field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, TypeVar

from omaha_tui.engine.config import AntePots, Stakes, Structure, TableConfig, Variant
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import Award, BombCall, Post
from omaha_tui.engine.records import frozen
from omaha_tui.engine.rules.clock.running import ClockState
from omaha_tui.engine.rules.money import ChipRate, Expense

if TYPE_CHECKING:  # loaded with the tournament's handlers: a cash table needs none of it
    from omaha_tui.engine.tournament_state import TournamentState


class Street(StrEnum):
    """Where a hand stands (R3.2). ``SHOWDOWN`` follows the river's betting."""

    PREFLOP = "preflop"
    FLOP = "flop"
    TURN = "turn"
    RIVER = "river"
    SHOWDOWN = "showdown"


BOARD_AFTER: dict[Street, int] = {
    Street.PREFLOP: 0,
    Street.FLOP: 3,
    Street.TURN: 4,
    Street.RIVER: 5,
    Street.SHOWDOWN: 5,
}
NEXT_STREET: dict[Street, Street] = {
    Street.PREFLOP: Street.FLOP,
    Street.FLOP: Street.TURN,
    Street.TURN: Street.RIVER,
    Street.RIVER: Street.SHOWDOWN,
}


@frozen
class Pot:
    """One pot (0 = main, then side pots, R5.1) and the seats that may win it."""

    amount: int
    eligible: tuple[int, ...]


@frozen
class SeatState:
    """A seated player between and during hands.

    ``stack`` excludes chips already put into the current hand. ``owes_bb`` /
    ``owes_sb`` record missed blinds (R2.6); ``waiting_for_bb`` means the player is
    not dealt in until the big blind reaches them.
    """

    name: str
    stack: int
    sitting_out: bool = False
    waiting_for_bb: bool = False
    owes_bb: bool = False
    owes_sb: bool = False


@frozen
class LedgerEntry:
    """Money in and out for one player name over the session (kept in the state)."""

    name: str
    buy_in: int = 0
    rebuys: int = 0
    corrections: int = 0
    cashed_out: int = 0
    seat: int | None = None
    hands: int = 0
    won: int = 0
    best_pot: int = 0


@frozen
class LedgerLine:
    """One line of the settle-up: what a player brought, took and holds now.

    ``net`` is what they are up (positive) or down: chips held plus chips cashed out
    minus everything bought. Dealer corrections are listed but are chips, not money,
    so they are part of ``net`` through the stack.

    ``hands``, ``won`` and ``best_pot``: hands dealt in and won (any share of a pot) and
    the most chips won in one hand, for the regulars' lifetime results.
    """

    name: str
    buy_in: int
    rebuys: int = 0
    corrections: int = 0
    cashed_out: int = 0
    stack: int = 0
    seat: int | None = None
    hands: int = 0
    won: int = 0
    best_pot: int = 0

    @property
    def paid_in(self) -> int:
        """Money brought to the table: the buy-in and every rebuy."""
        return self.buy_in + self.rebuys

    @property
    def seated(self) -> bool:
        """Still at the table (``stack`` is then what they hold, live chips included)."""
        return self.seat is not None

    @property
    def net(self) -> int:
        """Won (positive) or lost (negative): chips taken or held minus money paid in."""
        return self.stack + self.cashed_out - self.paid_in


@frozen
class HandState:
    """One hand from ``HandStarted`` to its last award.

    Per-seat tuples have one entry per table seat. ``committed`` holds each seat's
    live chips this hand including its bet in front (antes too), ``dead`` the dead
    small blinds that go straight to the main pot (R2.6, R5.2).

    ``antes`` holds each seat's ante (part of ``committed``; R5.2 layers it apart).

    Betting-round bookkeeping: ``current_bet`` is the bet to call (R2.5 may make it
    larger than any bet in front), ``min_raise`` the last full bet or raise increment
    (R4.3, R4.8), ``raises`` the full bets and raises made this round counting the
    blind (R4.7 cap), ``pending`` who must still act, ``closed`` who acted since the
    last full bet or raise, ``matched`` the bet each of them last matched or made:
    they may raise again only once the bet has grown by a full raise since (R4.8).

    ``structure`` is the hand's own betting structure (dealer's choice may change the
    table's between hands); ``prior_blinds`` the table's ``last_blinds`` before this
    hand, restored by a misdeal; ``start_seats`` the table's seats just before the deal
    (a misdeal gives back their owed blinds and waiting flags, R3.5; a tournament bust
    is placed by the stack a player started the hand with, R11.3).

    Running it twice (R10.2): ``runs`` boards are run from ``run_from`` board cards on;
    ``board`` is the first run's, ``run_boards`` the later runs' own cards.

    ``bomb``: the hand is a bomb pot of that amount each (R13.1, 0: it is not), and
    ``prior_button_moves`` the table's ``button_moves`` before it: a bomb pot moves
    neither the button nor the blinds (R13.1d), so its end gives that back.

    Double board (R13.2): ``boards`` is 2; ``board`` / ``board_count`` are board 1's,
    ``board2`` / ``board2_count`` board 2's. A street is dealt to board 1 first; it
    begins (``street`` moves on) with board 2's cards, so between the two
    ``board_count`` is ahead of ``board2_count``.
    """

    number: int
    variant: Variant
    stakes: Stakes
    button: int
    seats: tuple[int, ...]
    sb_seat: int | None
    bb_seat: int | None
    posts: tuple[Post, ...]
    street: Street
    board: tuple[int, ...]
    board_count: int
    bets: tuple[int, ...]
    committed: tuple[int, ...]
    dead: tuple[int, ...]
    folded: frozenset[int]
    all_in: frozenset[int]
    to_act: int | None
    current_bet: int
    min_raise: int
    raises: int
    uncapped: bool
    pending: frozenset[int]
    closed: frozenset[int]
    last_aggressor: int | None
    betting_over: bool
    early_card_pending: bool
    actions: int
    chips_acted: bool
    shown: tuple[tuple[int, tuple[int, ...]], ...] = ()
    mucked: frozenset[int] = frozenset()
    returned: tuple[tuple[int, int], ...] = ()
    awards: tuple[Award, ...] = ()
    complete: bool = False
    die_roll: int | None = None
    runs: int = 1
    run_from: int = 0
    run_boards: tuple[tuple[int, ...], ...] = ()
    antes: tuple[int, ...] = ()
    matched: tuple[int, ...] = ()
    structure: Structure = Structure.POT_LIMIT
    ante_pots: AntePots = AntePots.RULES
    prior_blinds: tuple[int | None, int | None] = (None, None)
    start_seats: tuple[SeatState | None, ...] = ()
    bomb: int = 0
    prior_button_moves: bool = False
    boards: int = 1
    board2: tuple[int, ...] = ()
    board2_count: int = 0

    @property
    def live(self) -> tuple[int, ...]:
        """Dealt-in seats that have not folded, in dealing order."""
        return tuple(s for s in self.seats if s not in self.folded)

    @property
    def active(self) -> tuple[int, ...]:
        """Seats still able to act: not folded and not all in."""
        return tuple(s for s in self.seats if s not in self.folded and s not in self.all_in)

    @property
    def total(self) -> int:
        """Every chip in the middle: pots plus bets in front."""
        return sum(self.committed) + sum(self.dead)

    @property
    def shown_cards(self) -> dict[int, tuple[int, ...]]:
        return dict(self.shown)

    @property
    def run_due(self) -> int:
        """The later run whose board is dealt next (2 or 3, R10.2), or 0: a later run
        comes once the first run's board is out, and none comes after the last."""
        if self.runs > 1 and len(self.board) == 5 and len(self.run_boards) < self.runs - 1:
            return len(self.run_boards) + 2
        return 0


@frozen
class TableState:
    """The whole table: ``replay(events)``.

    ``stakes`` / ``level`` are those of the next hand (R2.7); a running hand keeps
    its own in ``hand.stakes``. ``button`` is where the last hand's button was, or
    where it was drawn or placed; ``button_moves`` says whether the next hand moves
    it on (R1.5; not after a draw, a placement or a misdeal, R3.5).
    ``last_blinds`` is the last hand's (small-blind seat, big-blind seat), the small
    blind's seat even when nobody posted it: the dead button moves from them (R1.5).
    ``straddle`` is the table's standing straddle (0: off; R2.8), posted by the seat
    left of the big blind, by the button (``straddle_button``) or by ``straddle_seat``
    (a Mississippi straddle, R13.3).
    ``bomb_call`` is a bomb pot called for the next hand, ``bomb_rule`` the standing
    one (every N hands counted from hand ``bomb_since``, or at a seat; R13.1).
    ``button_move`` is the last move of the button by a hand (from, to): a standing bomb
    at a seat is due once the button has reached or passed it.
    ``clock`` is the blind clock: its schedule and where it stood when last touched (R2.7).
    ``tournament`` is the tournament's own record at a tournament table (R11).
    ``money`` is what the chips are worth (R12.1, ``None``: chips only) and ``expenses``
    the shared expenses recorded (R12.3), both for the settle-up.
    The state is the table's domain data only: undo keeps its own history beside it
    (:mod:`~omaha_tui.engine.reducer.history`), so equal logs give equal states.
    """

    config: TableConfig | None = None
    stakes: Stakes | None = None
    level: int = 1
    seats: tuple[SeatState | None, ...] = ()
    button: int | None = None
    button_moves: bool = False
    last_blinds: tuple[int | None, int | None] = (None, None)
    straddle: int = 0
    straddle_button: bool = False
    straddle_seat: int | None = None
    bomb_call: BombCall | None = None
    bomb_rule: BombCall | None = None
    bomb_since: int = 0
    button_move: tuple[int, int] | None = None
    clock: ClockState = field(default_factory=ClockState)
    hand: HandState | None = None
    hands_played: int = 0
    ledger: tuple[LedgerEntry, ...] = ()
    ended: bool = False
    tournament: TournamentState | None = None
    money: ChipRate | None = None
    expenses: tuple[Expense, ...] = ()

    @property
    def in_hand(self) -> bool:
        """True while a hand is running (started and not yet settled)."""
        return self.hand is not None and not self.hand.complete

    def seat(self, index: int) -> SeatState | None:
        return self.seats[index] if 0 <= index < len(self.seats) else None

    def session_config(self) -> TableConfig:
        """The table's settings; a :class:`RuleError` before any session has started."""
        if self.config is None:
            raise RuleError("no session: start a session first")
        return self.config

    def open_session(self) -> TableConfig:
        """The table's settings while its session is open: a :class:`RuleError` before it
        started or after it ended."""
        config = self.session_config()
        if self.ended:
            raise RuleError("the session has ended: start a new session")
        return config


def hand_nets(state: TableState) -> dict[int, int]:
    """What each player dealt in the last (or the running) hand has won or lost by it:
    their stack now less their stack when it was dealt (a winner's net, not the pot).

    >>> from tests.tables import quick_table
    >>> hand_nets(quick_table(stacks=(100, 100)))
    {}
    """
    hand = state.hand
    if hand is None:
        return {}
    out = {}
    for s in hand.seats:
        now, then = state.seats[s], hand.start_seats[s] if hand.start_seats else None
        if now is not None and then is not None:
            out[s] = now.stack - then.stack
    return out


def ledger_lines(state: TableState) -> tuple[LedgerLine, ...]:
    """The session ledger: per player name, money in, money out and chips now.

    Chips a player has in the middle of a running hand count as theirs until the
    hand is settled, so the ledger balances at any moment.

    >>> from omaha_tui.engine.reducer.replay import replay
    >>> from omaha_tui.engine.config import TableConfig, Stakes, VARIANTS
    >>> from omaha_tui.engine.events import SessionStarted, PlayerSeated, PlayerRebought
    >>> cfg = TableConfig(variant=VARIANTS["omaha"], stakes=Stakes(big_blind=2))
    >>> s = replay([SessionStarted(config=cfg), PlayerSeated(seat=0, name="Ann", stack=200),
    ...             PlayerRebought(seat=0, amount=100)])
    >>> line = ledger_lines(s)[0]
    >>> line.name, line.buy_in, line.rebuys, line.stack, line.net
    ('Ann', 200, 100, 300, 0)
    """
    out = []
    hand = state.hand if state.in_hand else None
    for entry in state.ledger:
        stack = 0
        if entry.seat is not None:
            seat = state.seats[entry.seat]
            stack = seat.stack if seat is not None else 0
            if hand is not None:
                stack += hand.committed[entry.seat] + hand.dead[entry.seat]
        out.append(
            LedgerLine(
                name=entry.name,
                buy_in=entry.buy_in,
                rebuys=entry.rebuys,
                corrections=entry.corrections,
                cashed_out=entry.cashed_out,
                stack=stack,
                seat=entry.seat,
                hands=entry.hands,
                won=entry.won,
                best_pot=entry.best_pot,
            )
        )
    return tuple(out)


_T = TypeVar("_T")


def evolve(obj: _T, **changes: Any) -> _T:
    """A copy of a frozen state record with some fields changed (a fast ``replace``).

    ``SeatState``, ``HandState`` and ``TableState`` are frozen dataclasses without
    slots precisely so that this is two dictionary updates: ``dataclasses.replace``
    re-runs ``__init__`` field by field, which was most of the cost of an event.
    Unknown field names are refused, as ``replace`` would.

    >>> evolve(SeatState("Ann", 100, owes_bb=True), stack=90).stack
    90
    >>> evolve(SeatState("Ann", 100), chips=1)
    Traceback (most recent call last):
    ...
    TypeError: SeatState has no field chips
    """
    cls = type(obj)
    new = object.__new__(cls)
    d = new.__dict__
    d.update(obj.__dict__)
    for key in changes:
        if key not in d:
            raise TypeError(f"{cls.__name__} has no field {key}")
    d.update(changes)
    return new
