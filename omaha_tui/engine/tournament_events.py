"""The facts of a home tournament (R11): its structure, entries, rebuys, add-ons, busts,
colour-ups, deals and the prizes paid.

They are ordinary events in the :data:`~omaha_tui.engine.events.Event` union (stored as
JSON, undone and replayed like any other); they live in their own module only to keep
the table's events readable. An entry is a :class:`~omaha_tui.engine.events.PlayerSeated`
at a tournament table; a rebuy is a :class:`~omaha_tui.engine.events.PlayerRebought`
of the tournament's rebuy stack.
"""

# Annotations stay objects here (no ``from __future__ import annotations``): pydantic
# would otherwise evaluate each field's type from text as the class is defined.
from decimal import Decimal
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from omaha_tui.engine.rules.tournament.structure import TournamentConfig


class _TournamentEvent(BaseModel):
    model_config = ConfigDict(defer_build=True, frozen=True, extra="forbid")
    v: int = 1


class TournamentStarted(_TournamentEvent):
    """The table is a tournament with this structure (R11.1), before anyone is seated."""

    type: Literal["tournament_started"] = "tournament_started"
    config: TournamentConfig


class PlayerReentered(_TournamentEvent):
    """A player who is out enters again as a new entry, with a new starting stack (R11.1)."""

    type: Literal["player_reentered"] = "player_reentered"
    seat: int = Field(ge=0, le=9)
    name: str = Field(min_length=1, max_length=24)


class AddOnTaken(_TournamentEvent):
    """A player takes the tournament's one add-on (R11.1)."""

    type: Literal["add_on_taken"] = "add_on_taken"
    seat: int = Field(ge=0, le=9)


class PlayerBusted(_TournamentEvent):
    """An entry is out (R11.3): they lost their last chip in hand ``hand``, which they
    started with ``start_stack``, and did not (or could not) rebuy. ``place`` is the
    place it gave them when it happened, shared by ``tied`` entries out in the same hand
    with the same starting stack."""

    type: Literal["player_busted"] = "player_busted"
    seat: int = Field(ge=0, le=9)
    hand: int = Field(ge=0)
    start_stack: int = Field(ge=0)
    place: int = Field(ge=1)
    tied: int = Field(default=1, ge=1)


class ColouredUp(_TournamentEvent):
    """The smallest chip ``old_chip`` is retired for ``new_chip`` by a chip race (R11.4).

    ``cards`` are each racing seat's race cards, or ``winners`` the seats the dealer
    says won a new chip; ``change`` is what the race changed in the total of chips.
    """

    type: Literal["coloured_up"] = "coloured_up"
    old_chip: int = Field(gt=0)
    new_chip: int = Field(gt=0)
    cards: dict[int, tuple[str, ...]] = Field(default_factory=dict)
    winners: tuple[int, ...] | None = None
    change: int = 0


class DealAgreed(_TournamentEvent):
    """Every player left agreed to share the prizes left (R11.5): ``amounts`` by seat,
    and ``kept`` money kept back for whoever wins the play that goes on."""

    type: Literal["deal_agreed"] = "deal_agreed"
    amounts: dict[int, Decimal]
    kept: Decimal = Field(default=Decimal(0), ge=0)


class PrizesPaid(_TournamentEvent):
    """The tournament is over: each entry's prize (by entry number), R11.2, R11.3, R11.5."""

    type: Literal["prizes_paid"] = "prizes_paid"
    prizes: dict[int, Decimal]
