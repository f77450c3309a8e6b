"""The events of one hand: the start with its forced bets, each action, the cards, the
showdown and the award (R2-R10). Re-exported by :mod:`.events`, which holds the union."""

# Annotations stay objects here (no ``from __future__ import annotations``): pydantic
# would otherwise evaluate each field's type from text as the class is defined.
from enum import StrEnum
from typing import Literal

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field

from omaha_tui.engine.config import Stakes
from omaha_tui.engine.event_base import _Event


def _one(value: int) -> bool:
    """A field that says "one board" is left out of the JSON, so a single-board hand is
    written exactly as before double boards existed (R13.2) and old logs read back."""
    return value == 1


def _none(value: int) -> bool:
    """A hand that is not a bomb pot (R13.1) is written as before bomb pots existed."""
    return value == 0


class PostKind(StrEnum):
    SMALL_BLIND = "sb"
    BIG_BLIND = "bb"
    ANTE = "ante"
    STRADDLE = "straddle"
    DEAD_SMALL_BLIND = "dead_sb"  # R2.6: goes to the pot, not toward the player's bet
    BOMB = "bomb"  # R13.1: every player's share of a bomb pot, dead money like an ante


def nominal_post(stakes: Stakes, kind: PostKind) -> int:
    """What a forced bet of ``kind`` is at these stakes when the player can cover it.

    A bomb pot's hand has the bomb as its ante (R13.1: no other forced bet is posted).

    >>> nominal_post(Stakes(big_blind=2, ante=1), PostKind.DEAD_SMALL_BLIND)
    1
    """
    return {
        PostKind.SMALL_BLIND: stakes.small_blind,
        PostKind.BIG_BLIND: stakes.big_blind,
        PostKind.ANTE: stakes.ante,
        PostKind.STRADDLE: stakes.straddle,
        PostKind.DEAD_SMALL_BLIND: stakes.small_blind,
        PostKind.BOMB: stakes.ante,
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
    ``clock_from``: the blind clock starts with this hand (R2.7a). ``boards``: 2 for a
    double board (R13.2), dealt and read on two boards; 1 (the default) otherwise.
    ``bomb``: the hand is a bomb pot of that amount from each player dealt in (R13.1):
    their posts are all ``bomb`` posts, there is no pre-flop betting, and neither the
    button nor the blinds move for it (0, the default: not a bomb pot).
    """

    type: Literal["hand_started"] = "hand_started"
    button: int = Field(ge=0, le=9)
    seats: tuple[int, ...]
    posts: tuple[Post, ...] = ()
    die_roll: int | None = Field(default=None, ge=1, le=6)
    boards: int = Field(default=1, ge=1, le=2, exclude_if=_one)
    bomb: int = Field(default=0, ge=0, exclude_if=_none)
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
    tracks chips; ``count`` is then how many were dealt (3 flop, 1 turn/river).
    ``board``: which board of a double board (R13.2) the cards go to; each street is
    dealt to board 1, then to board 2, and the street begins with board 2's cards."""

    type: Literal["board_dealt"] = "board_dealt"
    cards: tuple[str, ...] = ()
    count: int = Field(default=0, ge=0, le=3)
    board: int = Field(default=1, ge=1, le=2, exclude_if=_one)


class BoardRecorded(_Event):
    """The dealer types board cards that were dealt without being entered (chips-only
    tracking), so that hands can still be read by cards at showdown. ``cards`` is the
    whole board dealt so far; cards already entered must be repeated unchanged.
    ``board``: which board of a double board (R13.2)."""

    type: Literal["board_recorded"] = "board_recorded"
    cards: tuple[str, ...]
    board: int = Field(default=1, ge=1, le=2, exclude_if=_one)


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
    ``run`` is the board that won them when the board was run more than once (R10.2),
    or of a double board (R13.2: board 1 or 2; a double board is never run twice)."""

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
