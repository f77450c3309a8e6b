"""Events: the facts a dealer records, in the past tense (DESIGN.md "state is a fold").

Each event is a frozen pydantic model with a ``type`` tag (the discriminator of the
:data:`Event` union) and a schema version ``v``. The journal stores them as JSON and
:func:`event_from_json` reads them back. Events carry only what was decided at the
table; everything derivable (who is to act, pots, legal ranges) lives in the state
and in pure functions. The reducer validates each event and refuses an illegal one,
so a stored event is always a legal one.

Seats are 0-based indexes into the table's seats (``TableConfig.seats`` of them).
Amounts are integers in the table's smallest chip unit. Cards are text (``"Ah"``) so
that the journal is human-readable; the reducer parses them.
"""

# Annotations stay objects here (no ``from __future__ import annotations``): pydantic
# would otherwise evaluate each field's type from text as the class is defined.
from decimal import Decimal
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from omaha_tui.engine.clock_events import (
    ClockAdjusted as ClockAdjusted,
)
from omaha_tui.engine.clock_events import (
    ClockMoved as ClockMoved,
)
from omaha_tui.engine.clock_events import (
    ClockPaused as ClockPaused,
)
from omaha_tui.engine.clock_events import (
    ClockResumed as ClockResumed,
)
from omaha_tui.engine.clock_events import (
    ClockStarted as ClockStarted,
)
from omaha_tui.engine.clock_events import (
    ScheduleSet as ScheduleSet,
)
from omaha_tui.engine.config import ButtonRule, DoubleBoard, Stakes, Structure, TableConfig
from omaha_tui.engine.event_base import SCHEMA_VERSION as SCHEMA_VERSION
from omaha_tui.engine.event_base import _Event
from omaha_tui.engine.graphemes import NAME_CODE_POINTS
from omaha_tui.engine.hand_events import ActionUndone as ActionUndone
from omaha_tui.engine.hand_events import Award as Award
from omaha_tui.engine.hand_events import BetPlaced as BetPlaced
from omaha_tui.engine.hand_events import BoardDealt as BoardDealt
from omaha_tui.engine.hand_events import BoardRecorded as BoardRecorded
from omaha_tui.engine.hand_events import Called as Called
from omaha_tui.engine.hand_events import Checked as Checked
from omaha_tui.engine.hand_events import EarlyCardDealt as EarlyCardDealt
from omaha_tui.engine.hand_events import Folded as Folded
from omaha_tui.engine.hand_events import Half as Half
from omaha_tui.engine.hand_events import HandMucked as HandMucked
from omaha_tui.engine.hand_events import HandStarted as HandStarted
from omaha_tui.engine.hand_events import HoleCardsShown as HoleCardsShown
from omaha_tui.engine.hand_events import MisdealDeclared as MisdealDeclared
from omaha_tui.engine.hand_events import Post as Post
from omaha_tui.engine.hand_events import PostKind as PostKind
from omaha_tui.engine.hand_events import PotsAwarded as PotsAwarded
from omaha_tui.engine.hand_events import RaisedTo as RaisedTo
from omaha_tui.engine.hand_events import RunBoardDealt as RunBoardDealt
from omaha_tui.engine.hand_events import RunsAgreed as RunsAgreed
from omaha_tui.engine.hand_events import WentAllIn as WentAllIn
from omaha_tui.engine.hand_events import nominal_post as nominal_post
from omaha_tui.engine.tournament_events import AddOnTaken as AddOnTaken
from omaha_tui.engine.tournament_events import ColouredUp as ColouredUp
from omaha_tui.engine.tournament_events import DealAgreed as DealAgreed
from omaha_tui.engine.tournament_events import PlayerBusted as PlayerBusted
from omaha_tui.engine.tournament_events import PlayerReentered as PlayerReentered
from omaha_tui.engine.tournament_events import PrizesPaid as PrizesPaid
from omaha_tui.engine.tournament_events import TournamentStarted as TournamentStarted

# ---------------------------------------------------------------- session and seats


class SessionStarted(_Event):
    """A new table: its rules. Always the first event of a log."""

    type: Literal["session_started"] = "session_started"
    config: TableConfig
    title: str = ""


class PlayerSeated(_Event):
    """A player sits down with a buy-in. ``wait_for_bb``: a newcomer waits for the big
    blind instead of posting one now (R2.6)."""

    type: Literal["player_seated"] = "player_seated"
    seat: int = Field(ge=0, le=9)
    name: str = Field(min_length=1, max_length=NAME_CODE_POINTS)  # 24 columns: check_name
    stack: int = Field(gt=0)
    wait_for_bb: bool = False


class PlayerLeft(_Event):
    """A player leaves the table and cashes out their stack (between hands)."""

    type: Literal["player_left"] = "player_left"
    seat: int = Field(ge=0, le=9)


class PlayerRebought(_Event):
    """More chips bought between hands (R4.11: warned outside the range, never refused)."""

    type: Literal["player_rebought"] = "player_rebought"
    seat: int = Field(ge=0, le=9)
    amount: int = Field(gt=0)


class ChipsCorrected(_Event):
    """The dealer fixes a stack by ``delta`` chips, with a reason for the audit trail."""

    type: Literal["chips_corrected"] = "chips_corrected"
    seat: int = Field(ge=0, le=9)
    delta: int
    reason: str = Field(min_length=1)


class SatOut(_Event):
    """A player steps away; their blinds are missed while away (R2.6)."""

    type: Literal["sat_out"] = "sat_out"
    seat: int = Field(ge=0, le=9)


class CameBack(_Event):
    """A player returns. ``post_now``: post what is owed and play the next hand;
    otherwise wait until the big blind reaches them (R2.6)."""

    type: Literal["came_back"] = "came_back"
    seat: int = Field(ge=0, le=9)
    post_now: bool = True


class ButtonDrawn(_Event):
    """R1.4: one face-up card per seat; the highest (rank, then suit c<d<h<s) takes the
    button. ``cards`` maps seat -> card text."""

    type: Literal["button_drawn"] = "button_drawn"
    cards: dict[int, str]


class ButtonPlaced(_Event):
    """The dealer puts the button on a seat by hand (also corrects a misplaced button)."""

    type: Literal["button_placed"] = "button_placed"
    seat: int = Field(ge=0, le=9)


class LevelChanged(_Event):
    """R2.7: a new blind level; it takes effect with the next hand."""

    type: Literal["level_changed"] = "level_changed"
    level: int = Field(ge=1)
    stakes: Stakes


class StraddleChanged(_Event):
    """R2.8: the table's standing straddle from the next hand on; 0 switches it off.
    The seat left of the big blind posts it whenever three or more are dealt in;
    R13.3: ``button`` makes it the button's straddle, ``seat`` a Mississippi straddle
    from that seat (when it is dealt in and posts no blind)."""

    type: Literal["straddle_changed"] = "straddle_changed"
    amount: int = Field(ge=0)
    # R13.3: left out of the JSON when unused, so a straddle from the seat left of the
    # big blind is written as before button and Mississippi straddles existed.
    button: bool = Field(default=False, exclude_if=lambda b: not b)
    seat: int | None = Field(default=None, ge=0, le=9, exclude_if=lambda s: s is None)


class BombCall(BaseModel):
    """R13.1: a bomb pot of ``amount`` from each player dealt in, on one board or two
    (``double``). With neither ``every`` nor ``at`` it is the next hand only; ``every``
    N makes every Nth hand from now a bomb pot, ``at`` one each time the button stands
    on that seat."""

    model_config = ConfigDict(defer_build=True, frozen=True, extra="forbid")
    amount: int = Field(gt=0)
    double: bool = False
    every: int | None = Field(default=None, ge=1)
    at: int | None = Field(default=None, ge=0, le=9)

    @property
    def standing(self) -> bool:
        """A standing rule (every N hands, or at a seat), not the next hand only."""
        return self.every is not None or self.at is not None


class BombChanged(_Event):
    """R13.1: a bomb pot called between hands (for the next hand, or standing);
    ``call`` None switches every bomb pot off, the called one and the standing rule."""

    type: Literal["bomb_changed"] = "bomb_changed"
    call: BombCall | None = None


class GameChanged(_Event):
    """Dealer's choice: the game and betting structure of the next hands (R9)."""

    type: Literal["game_changed"] = "game_changed"
    game: str = Field(min_length=1)
    structure: Structure


class ButtonRuleChanged(_Event):
    """R1.5: dead button or moving button, from the next hand on."""

    type: Literal["button_rule_changed"] = "button_rule_changed"
    rule: ButtonRule


class DoubleBoardChanged(_Event):
    """R13.2(a): one board, two boards every hand, or two on bomb pots only, from the next
    hand on."""

    type: Literal["double_board_changed"] = "double_board_changed"
    mode: DoubleBoard


class ChipValueSet(_Event):
    """R12.1: from now on ``chips`` chips are worth ``money`` of ``currency`` (smallest
    unit ``unit``); the whole session's ledger is valued at the latest rate. ``chips`` 0
    takes the value away (the ledger is in chips only)."""

    type: Literal["chip_value_set"] = "chip_value_set"
    chips: int = Field(ge=0)
    money: Decimal = Decimal(0)
    currency: str = Field(default="", max_length=8)
    unit: Decimal = Decimal("0.01")


class ExpenseShared(_Event):
    """R12.3: ``amount`` of money spent for the table (``what``: pizza, the room), paid by
    ``paid_by`` (a player's name; empty: the host, who holds the bank) and shared equally
    among ``among`` (names; empty: everyone at the table when it is recorded)."""

    type: Literal["expense_shared"] = "expense_shared"
    amount: Decimal
    what: str = Field(min_length=1, max_length=40)
    among: tuple[str, ...] = ()
    paid_by: str = ""


class SessionEnded(_Event):
    """The game is over; everyone cashes out their stack."""

    type: Literal["session_ended"] = "session_ended"


Event = Annotated[
    SessionStarted
    | PlayerSeated
    | PlayerLeft
    | PlayerRebought
    | ChipsCorrected
    | SatOut
    | CameBack
    | ButtonDrawn
    | ButtonPlaced
    | LevelChanged
    | StraddleChanged
    | BombChanged
    | GameChanged
    | ButtonRuleChanged
    | DoubleBoardChanged
    | ChipValueSet
    | ExpenseShared
    | HandStarted
    | Folded
    | Checked
    | Called
    | BetPlaced
    | RaisedTo
    | WentAllIn
    | EarlyCardDealt
    | BoardDealt
    | BoardRecorded
    | RunsAgreed
    | RunBoardDealt
    | HoleCardsShown
    | HandMucked
    | PotsAwarded
    | MisdealDeclared
    | ActionUndone
    | SessionEnded
    | ScheduleSet
    | ClockStarted
    | ClockPaused
    | ClockResumed
    | ClockAdjusted
    | ClockMoved
    | TournamentStarted
    | PlayerReentered
    | AddOnTaken
    | PlayerBusted
    | ColouredUp
    | DealAgreed
    | PrizesPaid,
    Field(discriminator="type"),
]

# Built on first use: a table that has only written events never builds the whole union.
EVENT_ADAPTER: TypeAdapter[Event] = TypeAdapter(Event, config=ConfigDict(defer_build=True))


def event_to_json(event: Event) -> str:
    """Compact JSON text of an event, as the journal stores it."""
    return event.model_dump_json(exclude_defaults=False)


def event_from_json(text: str | bytes) -> Event:
    """Parse journal JSON back into an event (raises ``pydantic.ValidationError``)."""
    return EVENT_ADAPTER.validate_json(text)
