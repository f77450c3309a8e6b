"""The view model's shapes: a seat, a pot, the turn, the hand and the whole table as
shown, frozen data that :func:`omaha_tui.session.view.table_view` derives from the
engine state and every front end renders (the app's table screen, the console, the
players' display). Text fields are markup-safe as :mod:`.view` says.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from omaha_tui.engine.allin.spot import AllInSpot
from omaha_tui.engine.config import Stakes, Structure
from omaha_tui.engine.decisions.available import CardsDue
from omaha_tui.engine.events import Award, BombCall, Post
from omaha_tui.engine.records import frozen
from omaha_tui.engine.rules.betting import LegalActions
from omaha_tui.engine.state import Street
from omaha_tui.session.seat_status import SeatStatus
from omaha_tui.session.view_text import board_lines, hand_words, next_hand_words

if TYPE_CHECKING:  # a tournament's standings load with its first state
    from omaha_tui.engine.tournament_standings import Standings


@frozen
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


@frozen
class PotView:
    """A main or side pot with the names of the players who can still win it (R5.1)."""

    label: str
    amount: int
    eligible: tuple[str, ...]
    seats: tuple[int, ...] = ()
    """The seats that can win it (0-based)."""


@frozen
class TurnView:
    """Whose turn it is and what they may do, as short phrases for the action bar."""

    seat: int
    name: str
    options: tuple[str, ...]
    ceiling: str = ""
    """The pot-limit maximum in words (R4.4), empty in other structures."""


@frozen
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


@frozen
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
