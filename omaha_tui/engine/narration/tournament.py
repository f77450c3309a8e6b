"""The narrator's sentences about a tournament's events (R11).

:func:`tournament_line` is called by :mod:`omaha_tui.engine.narration.narrate` for the
tournament's own events and for the table events a tournament gives more meaning
(an entry, a rebuy, a player away). Money is said as it was recorded.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from omaha_tui.engine import events as ev
from omaha_tui.engine.hands.spoken import join_words
from omaha_tui.engine.labels import player_name
from omaha_tui.engine.state import TableState


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``11th``, ``22nd``.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 103)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '103rd']
    """
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


def money(amount: Decimal, unit: Decimal | None = None) -> str:
    """Money with thousands separators: in the places of the money ``unit`` when given
    (none for a whole unit, at least two for a fraction of one), else as recorded.

    >>> money(Decimal("30.00"), Decimal("0.5")), money(Decimal("20.0"), Decimal("0.5"))
    ('30.00', '20.00')
    >>> money(Decimal("1250"), Decimal(1)), money(Decimal("12.5")), money(Decimal(7), Decimal(5))
    ('1,250', '12.5', '7')
    """
    if unit is None:
        return f"{amount:,}"
    return f"{amount.quantize(_places(unit)):,}"


_money = money


def _places(unit: Decimal) -> Decimal:
    """The quantum money is said in: 1 for a whole unit, else 0.01 or finer."""
    if unit == unit.to_integral_value():
        return Decimal(1)
    exponent = unit.normalize().as_tuple().exponent
    places = max(2, -exponent if isinstance(exponent, int) else 2)
    return Decimal(1).scaleb(-places)


def tournament_line(
    before: TableState, after: TableState, e: object, name: Callable[[str], str]
) -> str | None:
    """One sentence for ``e`` at a tournament table, or ``None`` to let the table say it."""
    t = after.tournament or before.tournament
    if t is None:
        return None

    def who(state: TableState, seat: int) -> str:
        return name(player_name(state, seat))

    config = t.config
    unit = config.money_unit

    def money(amount: Decimal) -> str:
        return _money(amount, unit)

    match e:
        case ev.TournamentStarted(config=c):
            unit = c.money_unit
            parts = [f"Tournament: {money(c.buy_in)} for {c.stack:,} chips"]
            if c.rebuys_until is not None:
                parts.append(f"rebuys until level {c.rebuys_until}")
            if c.add_on is not None:
                parts.append(f"add-on {money(c.add_on.money)} for {c.add_on.chips:,}")
            if c.re_entry:
                parts.append("re-entry")
            if c.fee:
                parts.append(f"fee {money(c.fee)}")
            return ", ".join(parts)
        case ev.PlayerSeated(seat=seat, name=n):
            entry = len(after.tournament.entries) if after.tournament else 0
            return (
                f"{name(n)} enters in seat {seat + 1} with {config.stack:,} "
                f"(entry {entry}, {money(config.buy_in)}; pool {money(after_pool(after))})"
            )
        case ev.PlayerReentered(seat=seat, name=n):
            entry = len(after.tournament.entries) if after.tournament else 0
            return (
                f"{name(n)} re-enters in seat {seat + 1} with {config.stack:,} "
                f"(entry {entry}, {money(config.buy_in)}; pool {money(after_pool(after))})"
            )
        case ev.PlayerRebought(seat=seat, amount=amount):
            return (
                f"{who(before, seat)} rebuys {amount:,} for {money(config.rebuy_cost)} "
                f"(pool {money(after_pool(after))})"
            )
        case ev.AddOnTaken(seat=seat):
            add_on = config.add_on
            assert add_on is not None
            return (
                f"{who(before, seat)} takes the add-on: {add_on.chips:,} for "
                f"{money(add_on.money)} (pool {money(after_pool(after))})"
            )
        case ev.SatOut(seat=seat):
            return f"{who(before, seat)} is away: dealt in and blinded, hands folded (R11.6)"
        case ev.CameBack(seat=seat):
            return f"{who(before, seat)} is back"
        case ev.PlayerBusted(seat=seat, place=place, tied=tied):
            # R11.1: while another entry can come, each place given moves down with it
            far = (
                " so far" if after.tournament and after.tournament.places_open(after.level) else ""
            )
            if tied > 1:
                return (
                    f"{who(before, seat)} is out, sharing {ordinal(place)} to "
                    f"{ordinal(place + tied - 1)} place{far} with the same starting stack (R11.3)"
                )
            return f"{who(before, seat)} is out in {ordinal(place)} place{far} (R11.3)"
        case ev.ColouredUp(old_chip=old, new_chip=new, change=change):
            last = after.tournament.colour_ups[-1] if after.tournament else None
            won = join_words([name(n) for n in last.won]) if last and last.won else "nobody"
            given = (
                f"; {join_words([name(n) for n in last.given])} given one {new:,} not to be "
                "raced out"
                if last and last.given
                else ""
            )
            return (
                f"Colour-up: the {old:,} chips are retired for {new:,}; the race goes to "
                f"{won}{given}; the total changes by {change:+,} (R11.4)"
            )
        case ev.DealAgreed(amounts=amounts, kept=kept):
            parts = [f"{who(before, s)} {money(a)}" for s, a in sorted(amounts.items())]
            keep = f"; {money(kept)} kept back for the winner" if kept else ""
            return f"Deal agreed by every player left: {', '.join(parts)}{keep} (R11.5)"
        case ev.PrizesPaid(prizes=prizes):
            assert after.tournament is not None
            names = after.tournament.entries
            paid = [
                f"{name(names[k - 1])} {money(v)}"
                for k, v in sorted(prizes.items(), key=lambda kv: -kv[1])
            ]
            return "Prizes paid: " + (", ".join(paid) if paid else "none")
    return None


def after_pool(state: TableState) -> Decimal:
    return state.tournament.pool if state.tournament is not None else Decimal(0)
