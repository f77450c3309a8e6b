"""A tournament's structure as data (R11.1): what an entry costs and gets, rebuys, the
add-on, re-entries, the fee, the payout table and the money unit.

It is journaled once at the start of a session; every later entry, rebuy and add-on is
an event, and the prize pool is what those events brought in less the fee.
"""

# Annotations stay objects here (no ``from __future__ import annotations``): pydantic
# would otherwise evaluate each field's type from text as the class is defined.
from decimal import Decimal
from typing import Self

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from omaha_tui.engine.rules.tournament.payouts import (
    descending_refusal,
    payout_percents,
    prize_pool,
    prizes,
)


class AddOn(BaseModel):
    """One add-on: ``money`` for ``chips``, at break ``at_break`` (1 = the first break)."""

    model_config = ConfigDict(defer_build=True, frozen=True)

    money: Decimal = Field(ge=0)
    chips: int = Field(gt=0)
    at_break: int = Field(default=1, ge=1)


class TournamentConfig(BaseModel):
    """The structure of a home tournament (R11.1, R11.2).

    ``rebuys_until`` is the last level at which a rebuy (and a re-entry) is allowed
    (``None``: no rebuys; re-entries then stay open while two or more are left);
    ``rebuy_at`` the stack at or below which a player may rebuy (0: when busted). A
    rebuy costs ``rebuy_money`` for ``rebuy_chips`` (by default the buy-in and stack).
    ``fee`` is money taken off the pool once; ``payouts`` a custom table (percentages
    adding up to 100) or ``None`` for R11.2's default.

    >>> TournamentConfig(buy_in=Decimal(20), stack=5000).rebuy_cost
    Decimal('20')
    """

    model_config = ConfigDict(defer_build=True, frozen=True)

    buy_in: Decimal = Field(ge=0)
    stack: int = Field(gt=0)
    rebuys_until: int | None = Field(default=None, ge=1)
    rebuy_at: int = Field(default=0, ge=0)
    rebuy_money: Decimal | None = Field(default=None, ge=0)
    rebuy_chips: int | None = Field(default=None, gt=0)
    add_on: AddOn | None = None
    re_entry: bool = False
    fee: Decimal = Field(default=Decimal(0), ge=0)
    payouts: tuple[Decimal, ...] | None = None
    money_unit: Decimal = Field(default=Decimal(1), gt=0)

    @field_validator("payouts")
    @classmethod
    def _hundred(cls, value: tuple[Decimal, ...] | None) -> tuple[Decimal, ...] | None:
        if value is not None and (not value or sum(value) != 100 or min(value) <= 0):
            raise ValueError("a custom payout table's percentages must add up to 100")
        if value is not None and (why := descending_refusal(value)):
            raise ValueError(why)
        return value

    @model_validator(mode="after")
    def _whole_units(self) -> Self:
        for what, amount in (("buy-in", self.buy_in), ("fee", self.fee)):
            if amount % self.money_unit:
                raise ValueError(f"the {what} {amount} is not a whole number of the money unit")
        return self

    @property
    def rebuy_cost(self) -> Decimal:
        """Money for one rebuy."""
        return self.buy_in if self.rebuy_money is None else self.rebuy_money

    @property
    def rebuy_stack(self) -> int:
        """Chips for one rebuy."""
        return self.stack if self.rebuy_chips is None else self.rebuy_chips

    def pool(self, money_in: Decimal) -> Decimal:
        """The prize pool from everything paid in (R11.1)."""
        return prize_pool(money_in, self.fee)

    def prizes(self, money_in: Decimal, entries: int) -> tuple[Decimal, ...]:
        """The prize of each paid place for ``entries`` entries (R11.2).

        >>> TournamentConfig(buy_in=Decimal(100), stack=5000).prizes(Decimal(900), 9)
        (Decimal('450'), Decimal('270'), Decimal('180'))
        """
        return prizes(self.pool(money_in), payout_percents(entries, self.payouts), self.money_unit)
