"""What the table screen shows, as frozen data derived from the engine state.

Every front end takes these views ("attributes down") instead of reaching into the engine's
``TableState``: the app's table screen, the console (its ``state`` line and its ``--json``
state) and the players' display (terminal and web) all render one :class:`TableView`.
The derivation is a pure function (:func:`table_view`), unit-tested without a terminal,
and the renderers stay simple. Nothing here talks to the journal or to Textual.

Every text field of a view is Textual markup that is safe to show: names and titles
people typed pass through :func:`shown` here, once, so a widget may wrap a field in
styles (``[b]...[/b]``) and a name such as ``Ann [/x]`` stays a name. The raw facts a
machine reader needs (``player``, seat numbers, amounts) sit beside them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from omaha_tui.engine.allin.spot import AllInSpot, all_in_spot
from omaha_tui.engine.config import STRUCTURE_NAMES, Stakes, Structure, TableConfig
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.available import Available, CardsDue, available
from omaha_tui.engine.events import Award, BombCall, Post
from omaha_tui.engine.labels import pot_label
from omaha_tui.engine.markup_safe import shown, unshown
from omaha_tui.engine.rules.awards import run_board
from omaha_tui.engine.rules.betting import LegalActions
from omaha_tui.engine.rules.bombs import bomb_words, next_bomb
from omaha_tui.engine.rules.pots import hand_pots, showdown_order, unmatched_ante
from omaha_tui.engine.state import HandState, Pot, Street, TableState
from omaha_tui.session.seat_status import SeatStatus, markers, seat_status
from omaha_tui.session.view_text import (
    STREET_NAMES,
    board_lines,
    chips,
    format_clock,
    hand_words,
    next_hand_words,
    next_step,
    options,
    oval_order,
    street_title,
)

if TYPE_CHECKING:  # a tournament's standings load with its first state
    from omaha_tui.engine.tournament_state import Standings

__all__ = [
    "STREET_NAMES",
    "HandView",
    "PotView",
    "SeatStatus",
    "SeatView",
    "TableView",
    "TurnView",
    "chips",
    "format_clock",
    "next_step",
    "options",
    "oval_order",
    "shown",
    "table_view",
    "unshown",
]


@dataclass(frozen=True)
class SeatView:
    """One seat as shown: empty seats have ``name`` None."""

    index: int
    name: str | None = None
    stack: int = 0
    bet: int = 0
    committed: int = 0
    status: str = ""
    """The seat's words on the table: ``to act``, ``folded``, ``waits for BB``..."""
    markers: tuple[str, ...] = ()
    to_act: bool = False
    folded: bool = False
    all_in: bool = False
    away: bool = False
    in_hand: bool = False
    player: str = ""
    """The name as typed (not markup), for machine readers."""
    state: SeatStatus | None = None
    """The seat's :class:`SeatStatus`; None for an empty seat."""
    cards: tuple[int, ...] = ()
    decimals: int = 0
    """How the table counts amounts (:attr:`~omaha_tui.engine.config.TableConfig.decimals`)."""
    """The hand tabled face up (R10.1) in the hand on the table, running or just settled."""

    @property
    def label(self) -> str:
        """Seat number (1-based, as players count) and name."""
        return f"{self.index + 1} {self.name}" if self.name else f"{self.index + 1} empty"


@dataclass(frozen=True)
class PotView:
    """A main or side pot with the names of the players who can still win it (R5.1)."""

    label: str
    amount: int
    eligible: tuple[str, ...]
    seats: tuple[int, ...] = ()
    """The seats that can win it (0-based)."""


@dataclass(frozen=True)
class TurnView:
    """Whose turn it is and what they may do, as short phrases for the action bar."""

    seat: int
    name: str
    options: tuple[str, ...]
    ceiling: str = ""
    """The pot-limit maximum in words (R4.4), empty in other structures."""


@dataclass(frozen=True)
class HandView:
    """The hand on the table (running, or the last one, settled), as facts."""

    number: int
    game: str
    hilo: bool
    street: Street
    blinds: Stakes
    """The stakes this hand was dealt at."""
    sb: int | None
    bb: int | None
    posts: tuple[Post, ...]
    board: tuple[int, ...]
    runs: int
    run_boards: tuple[tuple[int, ...], ...]
    """The whole boards of the later runs dealt so far (R10.2)."""
    complete: bool
    total: int
    """Every chip committed to this hand."""
    pots: tuple[PotView, ...]
    """The pots as they stand with the bets in front gathered in (R5.1); empty once settled."""
    show_order: tuple[int, ...] = ()
    """Once the betting is over, the seats still in, in the order they show (R8.1)."""
    boards: int = 1
    """2 for a double board (R13.2)."""
    board2: tuple[int, ...] = ()
    """Board 2's cards of a double board (R13.2)."""
    awards: tuple[Award, ...] = ()
    """Once settled, who won what: ``run`` is the board of a double board (R13.2)."""

    @property
    def all_boards(self) -> tuple[tuple[int, ...], ...]:
        """Every board's cards, board 1 first: one board, or two of a double board (R13.2)."""
        return (self.board, self.board2) if self.boards > 1 else (self.board,)

    @property
    def board_lines(self) -> tuple[str, ...]:
        """Every board dealt so far in words, each run's (R10.2) or each board's (R13.2)."""
        return board_lines(self.boards, self.all_boards, self.runs, self.run_boards)


@dataclass(frozen=True)
class TableView:
    """Everything the table screen shows at one moment."""

    title: str
    hand_number: int | None
    street: str
    board: tuple[int, ...]
    board_untracked: int
    seats: tuple[SeatView, ...]
    pots: tuple[PotView, ...]
    in_front: int
    turn: TurnView | None
    prompt: str
    level: int
    stakes: str
    spot: AllInSpot | None = None
    """The tabled hands when everyone is all in (R10.3): their equities are shown."""
    runs: int = 1
    """How many times the board is run (R10.2)."""
    decimals: int = 0
    """How the table counts amounts (:attr:`~omaha_tui.engine.config.TableConfig.decimals`)."""
    run_boards: tuple[tuple[int, ...], ...] = ()
    """The whole boards of runs 2 (and 3) dealt so far."""
    run_from: int = 0
    """Board cards every run shares (those out before the agreement)."""
    boards: int = 1
    """2 for a double board (R13.2): ``board2`` is board 2's cards."""
    board2: tuple[int, ...] = ()
    board2_untracked: int = 0
    hand: HandView | None = None
    game: str = ""
    """The table's game (that of the next hand, between hands)."""
    game_name: str = ""
    """The game and structure as a dealer says them: ``PLO Pot Limit``."""
    structure: Structure = Structure.POT_LIMIT
    blinds: Stakes | None = None
    """The table's stakes at the current level (R2.7)."""
    button: int | None = None
    dead_button: bool = False
    """The button sits on the empty chair of a player who left, or on the seat of one
    not dealt in (R1.5c): never on a chair nobody sat in."""
    to_act: int | None = None
    legal: LegalActions | None = None
    cards_due: CardsDue | None = None
    showdown_due: bool = False
    run_twice: bool = False
    """The players may agree to run the board more than once now (R10.2)."""
    why_not_next: str = ""
    """Why the next hand cannot start now (empty when it can)."""
    bomb: int = 0
    """The hand's bomb (the running or the last one), when it is a bomb pot (R13.1)."""
    next_bomb: BombCall | None = None
    """The bomb pot the next hand will be (R13.1), called or due by the standing rule."""

    tournament: Standings | None = None
    """A tournament's standings (R11): entries, pool, payouts, players left, average,
    every entry's place, prize and chips; ``None`` at a cash table."""

    @property
    def row_word(self) -> str:
        """What each of :attr:`run_rows` is: a ``Board`` of a double board (R13.2) or a
        ``Run`` (R10.2)."""
        return "Board" if self.boards > 1 else "Run"

    @property
    def run_rows(self) -> tuple[tuple[int, tuple[int, ...], int], ...]:
        """R10.2: ``(run, cards, untracked)`` for every run when the board is run more than
        once, empty otherwise. Run 1 is the board as dealt; a later run not yet dealt has
        the cards every run shares. R13.2: a double board's two boards, likewise."""
        if self.boards > 1:
            return (
                (1, self.board, self.board_untracked),
                (2, self.board2, self.board2_untracked),
            )
        if self.runs < 2:
            return ()
        rows = [(1, self.board, self.board_untracked)]
        rows += [(n, b, 0) for n, b in enumerate(self.run_boards, start=2)]
        shared = self.board[: self.run_from]
        rows += [(n, shared, 0) for n in range(len(self.run_boards) + 2, self.runs + 1)]
        return tuple(rows)

    @property
    def pot_total(self) -> int:
        """Everything in the middle and in front of the players: "the pot" to a table."""
        return sum(p.amount for p in self.pots) + self.in_front

    @property
    def hand_words(self) -> str:
        """What the hand is beyond the ordinary, worded (``bomb pot 30``), or ``""``."""
        return hand_words(self.bomb, self.decimals)

    @property
    def next_hand_words(self) -> str:
        """What the next hand will be beyond the ordinary, worded with its rule, or ``""``."""
        return next_hand_words(self.next_bomb, self.decimals)


# ---------------------------------------------------------------- from the engine state


def collected_pots(hand: HandState) -> tuple[Pot, ...]:
    """Pots as the dealer has gathered them: earlier rounds only (R5.1).

    Bets of the running round stay in front of the players (shown on the seats) until
    the round ends, so mid-round eligibility is that of the last completed layer.
    """
    before = tuple(c - b for c, b in zip(hand.committed, hand.bets, strict=True))
    return hand_pots(replace(hand, committed=before))


def table_view(state: TableState, avail: Available | None = None) -> TableView:
    """Everything the table screen shows, derived from the state and what is live now.

    ``avail`` is ``available(state)``: a session passes the one it has already computed
    for this state (``Session.available()``), so a keypress reckons the legal actions
    once; without it, it is computed here.
    """
    config = state.config
    assert config is not None
    avail = avail or available(state)
    hand = state.hand
    dec = config.decimals
    live = hand is not None and not hand.complete
    names = {i: shown(s.name) for i, s in enumerate(state.seats) if s is not None}
    tabled = dict(hand.shown) if hand is not None else {}
    seats = []
    for i, seat in enumerate(state.seats):
        if seat is None:  # R1.5(c): a dead button may sit on a chair its player left
            seats.append(SeatView(i, markers=markers(state, i)))
            continue
        code, status = seat_status(state, i, seat)
        in_hand = live and hand is not None and i in hand.seats
        seats.append(
            SeatView(
                index=i,
                name=names[i],
                stack=seat.stack,
                bet=hand.bets[i] if in_hand and hand is not None else 0,
                committed=hand.committed[i] if in_hand and hand is not None else 0,
                status=status,
                markers=markers(state, i),
                to_act=status == "to act",
                folded=code is SeatStatus.FOLDED,
                all_in=code is SeatStatus.ALL_IN,
                away=seat.sitting_out or seat.waiting_for_bb,
                in_hand=in_hand and i not in (hand.folded if hand else ()),
                player=seat.name,
                state=code,
                cards=tabled.get(i, ()),
                decimals=dec,
            )
        )
    pots: tuple[PotView, ...] = ()
    gathered: tuple[PotView, ...] = ()
    in_front = 0
    if live and hand is not None:
        in_front = sum(hand.bets)
        gathered = _pot_views(hand, hand_pots(hand), names)  # R5.1, bets in front included
        pots = _pot_views(hand, collected_pots(hand), names) if in_front else gathered
    la = avail.legal
    turn = None
    if la is not None:
        ceiling = ""
        breakdown = avail.breakdown
        pot_limit = config.structure is Structure.POT_LIMIT
        if pot_limit and breakdown is not None and la.can_bet_or_raise:
            ceiling = f"pot max {chips(breakdown.max_raise_to, dec)}"  # R4.4, stack or not
        turn = TurnView(
            la.seat,
            names.get(la.seat, ""),
            options(la, all_in=avail.allows(rq.AllIn)),
            ceiling,
        )
    stakes = state.stakes or config.stakes
    button = hand.button if hand is not None else state.button
    occupied = button is not None and state.seats[button] is not None
    dealt = hand is None or button in hand.seats
    return TableView(
        # R2.7 the current level's blinds, R1.5 the button rule.
        title=shown(f"{config.title_at(stakes)} · {config.button_rule.value} button"),
        hand_number=hand.number if hand is not None else None,
        street=street_title(hand) if live and hand is not None else _between(state, dec),
        board=hand.board if hand is not None else (),
        board_untracked=(hand.board_count - len(hand.board)) if hand is not None else 0,
        seats=tuple(seats),
        pots=pots,
        in_front=in_front,
        turn=turn,
        prompt=next_step(state, avail),
        level=state.level,
        stakes=f"{chips(stakes.small_blind, dec)}/{chips(stakes.big_blind, dec)}"
        + (f" ante {chips(stakes.ante, dec)}" if stakes.ante else ""),
        decimals=dec,
        spot=all_in_spot(state),
        runs=hand.runs if live and hand is not None else 1,
        run_boards=_run_boards(hand) if live and hand is not None else (),
        run_from=hand.run_from if live and hand is not None else 0,
        boards=hand.boards if hand is not None else 1,
        board2=hand.board2 if hand is not None else (),
        board2_untracked=(hand.board2_count - len(hand.board2)) if hand is not None else 0,
        hand=_hand_view(state, config, hand, gathered) if hand is not None else None,
        game=config.variant.name,
        game_name=f"{config.variant.name} {STRUCTURE_NAMES[config.structure]}",
        structure=config.structure,
        blinds=stakes,
        button=button,
        dead_button=button is not None and not (occupied and dealt),
        to_act=avail.to_act,
        legal=la,
        cards_due=avail.cards_due,
        showdown_due=avail.showdown_due,
        run_twice=avail.allows(rq.RunItTwice),
        why_not_next=avail.why_not_next,
        bomb=hand.bomb if hand is not None else 0,
        next_bomb=next_bomb(state),
        tournament=_standings(state),
    )


def _between(state: TableState, decimals: int) -> str:
    """``Between hands``, and what the next hand is when it is a bomb pot (R13.1: the
    table says so before the deal, on every screen that shows the street)."""
    bomb = next_bomb(state)
    if bomb is None or state.ended:
        return "Between hands"
    return f"Between hands · next: {bomb_words(bomb, chips(bomb.amount, decimals))}"


def _standings(state: TableState) -> Standings | None:
    """A tournament's standings (R11); ``None`` at a cash table."""
    if state.tournament is None:
        return None
    from omaha_tui.engine.tournament_state import standings

    return standings(state)


def _run_boards(hand: HandState) -> tuple[tuple[int, ...], ...]:
    """The whole boards of the later runs dealt so far (R10.2)."""
    return tuple(run_board(hand, r) for r in range(2, len(hand.run_boards) + 2))


def _pot_views(
    hand: HandState, pots: tuple[Pot, ...], names: dict[int, str]
) -> tuple[PotView, ...]:
    live = len(hand.live)
    views = [
        PotView(
            pot_label(n).capitalize(),
            pot.amount,
            (f"all {live} in",)
            if len(pot.eligible) == live and n == 0
            else tuple(names.get(s, str(s + 1)) for s in pot.eligible),
            tuple(pot.eligible),
        )
        for n, pot in enumerate(pots)
    ]
    owner = unmatched_ante(hand, pots)
    if owner is not None:  # R2.9, R5.2: a layer of one ante only its poster can win
        who = names.get(owner, str(owner + 1))
        views[-1] = replace(views[-1], label=UNMATCHED_ANTE, eligible=(f"back to {who}",))
    return tuple(views)


UNMATCHED_ANTE = "Unmatched ante"
"""What a pot holding only one player's ante beyond everyone else's is called (R5.2: the
antes layer like R5.1, and nobody else reached that layer): it goes back to them."""


def _hand_view(
    state: TableState, config: TableConfig, hand: HandState, gathered: tuple[PotView, ...]
) -> HandView:
    return HandView(
        number=hand.number,
        game=hand.variant.name,
        hilo=hand.variant.hilo,
        street=hand.street,
        blinds=(hand.stakes if not hand.complete else state.stakes) or config.stakes,
        sb=hand.sb_seat,
        bb=hand.bb_seat,
        posts=tuple(hand.posts),
        board=hand.board,
        runs=hand.runs,
        run_boards=_run_boards(hand),
        complete=hand.complete,
        total=hand.total,
        pots=() if hand.complete else gathered,
        show_order=(showdown_order(state) if hand.to_act is None and not hand.complete else ()),
        boards=hand.boards,
        board2=hand.board2,
        awards=hand.awards if hand.complete else (),
    )
