"""A tournament's structure read from text (R11.1, R11.2): the ``--tournament`` flags
and the setup screen's Tournament fields give the same values and the same refusals.

Every bad value is one line naming what is allowed.
"""

from __future__ import annotations

import argparse
from decimal import Decimal

from pydantic import ValidationError

from omaha_tui.engine.errors import validation_message
from omaha_tui.engine.rules.money import parse_money
from omaha_tui.engine.rules.tournament.money import parse_unit
from omaha_tui.engine.rules.tournament.payouts import parse_payouts
from omaha_tui.engine.rules.tournament.structure import AddOn, TournamentConfig
from omaha_tui.session.grammar import parse_chips


class TournamentFlagError(ValueError):
    """A tournament value that cannot be used; the message says what is allowed."""


_FLAGS = ("buy_in", "stack", "rebuys_until", "rebuy_at", "add_on", "fee", "payouts", "money_unit")


def tournament_config(args: argparse.Namespace) -> TournamentConfig | None:
    """The tournament the flags describe, or ``None`` without ``--tournament``."""
    if not getattr(args, "tournament", False):
        given = [f for f in _FLAGS if getattr(args, f, None) is not None]
        if "=" in (getattr(args, "buy_in", None) or ""):
            given.remove("buy_in")  # CHIPS=MONEY at a cash table: the chips' value (R12.1)
        if given or getattr(args, "re_entry", False):
            flag = "--" + (given[0] if given else "re_entry").replace("_", "-")
            raise TournamentFlagError(f"{flag} is a tournament flag: add --tournament")
        return None
    try:
        unit = parse_unit(args.money_unit) if args.money_unit else Decimal(1)
        buy_in = parse_money(args.buy_in or "", "--buy-in", unit=unit, zero=True)
        if args.stack is None:
            raise TournamentFlagError(
                "--stack is needed: the chips an entry starts with, e.g. 5000"
            )
        stack = parse_chips(args.stack, "--stack")
        until = parse_chips(args.rebuys_until, "--rebuys-until") if args.rebuys_until else None
        rebuy_at = parse_chips(args.rebuy_at, "--rebuy-at") if args.rebuy_at else 0
        fee = parse_money(args.fee, "--fee", unit=unit, zero=True) if args.fee else Decimal(0)
        payouts = parse_payouts(args.payouts) if args.payouts else None
        add_on = _add_on(args.add_on, unit) if args.add_on else None
    except TournamentFlagError:
        raise
    except ValueError as e:
        raise TournamentFlagError(str(e)) from None
    if stack <= 0:
        raise TournamentFlagError("--stack must be more than 0 chips, e.g. 5000")
    if until == 0:
        raise TournamentFlagError("--rebuys-until is a level from 1, e.g. 4")
    if rebuy_at and until is None:
        raise TournamentFlagError("--rebuy-at needs --rebuys-until: the level rebuys end with")
    try:
        return TournamentConfig(
            buy_in=buy_in,
            stack=stack,
            rebuys_until=until,
            rebuy_at=rebuy_at,
            add_on=add_on,
            re_entry=bool(args.re_entry),
            fee=fee,
            payouts=payouts,
            money_unit=unit,
        )
    except ValidationError as e:
        raise TournamentFlagError(validation_message(e)) from None


def _add_on(text: str, unit: Decimal) -> AddOn:
    """``10:5000`` or ``10:5000@2`` (at the second break)."""
    body, _, at = text.partition("@")
    money, sep, chips = body.partition(":")
    if not sep:
        raise TournamentFlagError(f'--add-on "{text[:20]}" is not MONEY:CHIPS, e.g. 10:5000')
    if at and not (at.isascii() and at.isdigit() and int(at) >= 1):
        raise TournamentFlagError(f'--add-on break "{at[:10]}" is not a break number from 1')
    amount = parse_money(money, "--add-on money", unit=unit, zero=True)
    count = parse_chips(chips, "--add-on chips")
    if count <= 0:
        raise TournamentFlagError("--add-on chips must be more than 0, e.g. 10:5000")
    return AddOn(money=amount, chips=count, at_break=int(at) if at else 1)
