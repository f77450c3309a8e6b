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

from __future__ import annotations

from decimal import Decimal
from enum import StrEnum
from typing import Annotated, Literal

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, TypeAdapter

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
from omaha_tui.engine.config import ButtonRule, Stakes, Structure, TableConfig
from omaha_tui.engine.labels import NAME_CODE_POINTS
from omaha_tui.engine.tournament_events import AddOnTaken as AddOnTaken
from omaha_tui.engine.tournament_events import ColouredUp as ColouredUp
from omaha_tui.engine.tournament_events import DealAgreed as DealAgreed
from omaha_tui.engine.tournament_events import PlayerBusted as PlayerBusted
from omaha_tui.engine.tournament_events import PlayerReentered as PlayerReentered
from omaha_tui.engine.tournament_events import PrizesPaid as PrizesPaid
from omaha_tui.engine.tournament_events import TournamentStarted as TournamentStarted

SCHEMA_VERSION = 1


class _Event(BaseModel):
    model_config = ConfigDict(defer_build=True, frozen=True, extra="forbid")
    v: int = SCHEMA_VERSION


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
    The seat left of the big blind posts it whenever four or more are dealt in."""

    type: Literal["straddle_changed"] = "straddle_changed"
    amount: int = Field(ge=0)


class GameChanged(_Event):
    """Dealer's choice: the game and betting structure of the next hands (R9)."""

    type: Literal["game_changed"] = "game_changed"
    game: str = Field(min_length=1)
    structure: Structure


class ButtonRuleChanged(_Event):
    """R1.5: dead button or moving button, from the next hand on."""

    type: Literal["button_rule_changed"] = "button_rule_changed"
    rule: ButtonRule


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


# ---------------------------------------------------------------- the hand


class PostKind(StrEnum):
    SMALL_BLIND = "sb"
    BIG_BLIND = "bb"
    ANTE = "ante"
    STRADDLE = "straddle"
    DEAD_SMALL_BLIND = "dead_sb"  # R2.6: goes to the pot, not toward the player's bet


def nominal_post(stakes: Stakes, kind: PostKind) -> int:
    """What a forced bet of ``kind`` is at these stakes when the player can cover it.

    >>> nominal_post(Stakes(big_blind=2, ante=1), PostKind.DEAD_SMALL_BLIND)
    1
    """
    return {
        PostKind.SMALL_BLIND: stakes.small_blind,
        PostKind.BIG_BLIND: stakes.big_blind,
        PostKind.ANTE: stakes.ante,
        PostKind.STRADDLE: stakes.straddle,
        PostKind.DEAD_SMALL_BLIND: stakes.small_blind,
    }[kind]


class Post(BaseModel):
    """One forced bet at hand start. ``amount`` may be less than the blind when the
    player is short (R2.5: they are then all in)."""

    model_config = ConfigDict(defer_build=True, frozen=True, extra="forbid")
    seat: int = Field(ge=0, le=9)
    kind: PostKind
    amount: int = Field(ge=0)


class HandStarted(_Event):
    """A hand begins: who is dealt in, where the button is, and every forced bet.

    The command layer fills ``posts`` from the rules (R2.1-R2.6); the dealer may override
    them. ``die_roll`` is Binglao's roll (R3.4), required for Binglao and refused otherwise.
    ``clock_from``: the blind clock starts with this hand (R2.7a).
    """

    type: Literal["hand_started"] = "hand_started"
    button: int = Field(ge=0, le=9)
    seats: tuple[int, ...]
    posts: tuple[Post, ...] = ()
    die_roll: int | None = Field(default=None, ge=1, le=6)
    clock_from: AwareDatetime | None = None
    """R2.7a: the blind clock starts with this hand, at this time (the first hand of a
    table with a schedule whose clock the host did not start). Being part of the hand,
    the start is taken back with it by an undo and comes again with its redo."""


class Folded(_Event):
    type: Literal["folded"] = "folded"
    seat: int = Field(ge=0, le=9)


class Checked(_Event):
    type: Literal["checked"] = "checked"
    seat: int = Field(ge=0, le=9)


class Called(_Event):
    """Calls the current bet (or all in for less); the amount is derived."""

    type: Literal["called"] = "called"
    seat: int = Field(ge=0, le=9)


class BetPlaced(_Event):
    """Opening bet of a round. ``excess_returned`` records chips the command cut off an
    over-pot wager before it was recorded (R4.6)."""

    type: Literal["bet_placed"] = "bet_placed"
    seat: int = Field(ge=0, le=9)
    amount: int = Field(gt=0)
    excess_returned: int = Field(default=0, ge=0)


class RaisedTo(_Event):
    """Raise to a total of ``to`` this round (R4.3/R4.4 amounts are raise-to)."""

    type: Literal["raised_to"] = "raised_to"
    seat: int = Field(ge=0, le=9)
    to: int = Field(gt=0)
    excess_returned: int = Field(default=0, ge=0)


class WentAllIn(_Event):
    """Puts the whole stack in: a call, bet or raise depending on the amount (R4.5, R4.8)."""

    type: Literal["went_all_in"] = "went_all_in"
    seat: int = Field(ge=0, le=9)


class EarlyCardDealt(_Event):
    """R3.3 Courchevel: the first flop card, face up before pre-flop betting."""

    type: Literal["early_card_dealt"] = "early_card_dealt"
    card: str | None = None


class BoardDealt(_Event):
    """The next street's board cards. ``cards`` may be empty when the dealer only
    tracks chips; ``count`` is then how many were dealt (3 flop, 1 turn/river)."""

    type: Literal["board_dealt"] = "board_dealt"
    cards: tuple[str, ...] = ()
    count: int = Field(default=0, ge=0, le=3)


class BoardRecorded(_Event):
    """The dealer types board cards that were dealt without being entered (chips-only
    tracking), so that hands can still be read by cards at showdown. ``cards`` is the
    whole board dealt so far; cards already entered must be repeated unchanged."""

    type: Literal["board_recorded"] = "board_recorded"
    cards: tuple[str, ...]


class RunsAgreed(_Event):
    """R10.2: every player still in agreed, before the next card, to run the rest of
    the board ``runs`` times (twice, or three times)."""

    type: Literal["runs_agreed"] = "runs_agreed"
    runs: int = Field(default=2, ge=2, le=3)


class RunBoardDealt(_Event):
    """R10.2: the board cards of a later run (``run`` 2 or 3), dealt from the rest of
    the same deck once the first run's board is complete; the cards shared by every run
    (those out before the agreement) are not repeated."""

    type: Literal["run_board_dealt"] = "run_board_dealt"
    run: int = Field(ge=2, le=3)
    cards: tuple[str, ...]


class HoleCardsShown(_Event):
    """A player tables their hole cards at showdown (R8.2)."""

    type: Literal["hole_cards_shown"] = "hole_cards_shown"
    seat: int = Field(ge=0, le=9)
    cards: tuple[str, ...]


class HandMucked(_Event):
    """A player gives up their claim at showdown without showing (R8.2)."""

    type: Literal["hand_mucked"] = "hand_mucked"
    seat: int = Field(ge=0, le=9)


class Half(StrEnum):
    WHOLE = "whole"
    HIGH = "high"
    LOW = "low"


class Award(BaseModel):
    """Chips from one pot to one seat. ``pot`` indexes the state's pots (0 = main);
    ``run`` is the board that won them when the board was run more than once (R10.2)."""

    model_config = ConfigDict(defer_build=True, frozen=True, extra="forbid")
    pot: int = Field(ge=0)
    seat: int = Field(ge=0, le=9)
    amount: int = Field(ge=0)
    half: Half = Half.WHOLE
    run: int = Field(default=1, ge=1, le=3)


class PotsAwarded(_Event):
    """Settles the hand. ``by_cards``: the engine read the shown hands and the awards must
    equal its reading; otherwise the dealer awarded by hand (cards not entered), and the
    awards must still cover each pot exactly and go only to eligible seats."""

    type: Literal["pots_awarded"] = "pots_awarded"
    awards: tuple[Award, ...]
    by_cards: bool = True


class MisdealDeclared(_Event):
    """R3.5: the hand restarts, no chips move, the button stays."""

    type: Literal["misdeal"] = "misdeal"
    reason: str = ""


class ActionUndone(_Event):
    """Retracts the last effective event (the log itself stays append-only)."""

    type: Literal["undo"] = "undo"


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
    | GameChanged
    | ButtonRuleChanged
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

ACTION_EVENTS = (Folded, Checked, Called, BetPlaced, RaisedTo, WentAllIn)


def event_to_json(event: Event) -> str:
    """Compact JSON text of an event, as the journal stores it."""
    return event.model_dump_json(exclude_defaults=False)


def event_from_json(text: str | bytes) -> Event:
    """Parse journal JSON back into an event (raises ``pydantic.ValidationError``)."""
    return EVENT_ADAPTER.validate_json(text)
