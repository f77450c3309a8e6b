"""A tournament's structure read from text (R11.1, R11.2): the ``--tournament`` flags
and the setup screen's Tournament fields give the same values and the same refusals.

Every bad value is one line naming what is allowed.
"""

from __future__ import annotations

import argparse
from decimal import Decimal

from pydantic import ValidationError

from omaha_tui.engine.config import Stakes
from omaha_tui.engine.errors import validation_message
from omaha_tui.engine.rules.clock.schedule import BlindSchedule, Level
from omaha_tui.engine.rules.money import parse_money
from omaha_tui.engine.rules.tournament.chip import default_chip, level_amounts, levels_refusal
from omaha_tui.engine.rules.tournament.money import parse_unit
from omaha_tui.engine.rules.tournament.payouts import parse_payouts
from omaha_tui.engine.rules.tournament.structure import AddOn, TournamentConfig
from omaha_tui.session.grammar import parse_chips


class TournamentFlagError(ValueError):
    """A tournament value that cannot be used; the message says what is allowed."""


_FLAGS = (
    "buy_in",
    "stack",
    "rebuys_until",
    "rebuy_at",
    "add_on",
    "fee",
    "payouts",
    "money_unit",
    "chip",
)


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


def tournament_chip(
    text: str | None,
    config: TournamentConfig,
    schedule: BlindSchedule | None,
    stakes: Stakes,
    what: str = "--chip",
) -> int:
    """R11.7: the tournament's chip from ``--chip`` (or the setup screen's field), or by
    default 25 when every blind and ante of the schedule (else the table's blinds) is a
    multiple of 25, else the largest chip dividing them all. Every level, the starting
    stack, the rebuy and the add-on must be whole chips of it; one line says which is not.

    >>> from decimal import Decimal
    >>> from omaha_tui.session.grammar import parse_levels
    >>> c = TournamentConfig(buy_in=Decimal(20), stack=5000)
    >>> tournament_chip(None, c, parse_levels("25/50:20,50/100:20"), Stakes(big_blind=50))
    25
    >>> tournament_chip("100", c, parse_levels("25/50:20"), Stakes(big_blind=50))
    Traceback (most recent call last):
    ...
    omaha_tui.session.tournament_setup.TournamentFlagError: --chip 100: level 1 (25/50) \
cannot be played in 100 chips: its small blind 25 is not a multiple of 100 (R11.7)
    """
    if schedule is not None:
        levels = list(enumerate(schedule.levels, start=1))
    else:
        own = Level(
            small_blind=stakes.small_blind,
            big_blind=stakes.big_blind,
            ante=stakes.ante,
            big_blind_ante=stakes.big_blind_ante,
        )
        levels = [(1, own)]
    if text is None or not text.strip():
        chip = default_chip(a for _, lv in levels for a in level_amounts(lv))
        given = ""
    else:
        try:
            chip = parse_chips(text, what)
        except ValueError as e:
            raise TournamentFlagError(str(e)) from None
        if chip <= 0:
            raise TournamentFlagError(f"{what} is the smallest chip in play: more than 0, e.g. 25")
        given = f"{what} {chip:,}: "
    why = levels_refusal(levels, chip)
    if why:
        raise TournamentFlagError(f"{given}{why} (R11.7)")
    chips = [("starting stack", config.stack), ("rebuy", config.rebuy_stack)]
    if config.add_on is not None:
        chips.append(("add-on", config.add_on.chips))
    for what, amount in chips:
        if amount % chip:
            hint = f"give {what}" if not given else "choose another chip"
            raise TournamentFlagError(
                f"the {what} {amount:,} is not a whole number of the {chip:,} chip: {hint} (R11.7)"
            )
    return chip
