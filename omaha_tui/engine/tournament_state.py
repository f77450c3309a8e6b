"""A tournament's state and what is derived from it: entries, the pool, prizes, places.

The reducer folds the tournament's events into a :class:`TournamentState` kept on the
table's state; everything shown (standings, prizes by place, what a deal shares) is a
pure function of it and the table (R11).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING

from omaha_tui.engine.rules.tournament.money import ZERO
from omaha_tui.engine.rules.tournament.payouts import (
    custom_short,
    format_payouts,
    payout_percents,
)
from omaha_tui.engine.rules.tournament.places import Out, Placing, places, placing_prizes
from omaha_tui.engine.rules.tournament.structure import TournamentConfig

if TYPE_CHECKING:
    from omaha_tui.engine.state import TableState


@dataclass(frozen=True)
class ColourUpRecord:
    """One colour-up done (R11.4): the chips, who won the race, who was given a chip,
    and what it changed in the total."""

    old_chip: int
    new_chip: int
    won: tuple[str, ...]
    given: tuple[str, ...]
    change: int


@dataclass(frozen=True)
class TournamentState:
    """What the tournament's events have recorded so far (R11).

    ``entries`` are the entries' player names by entry number (1 first); ``seated``
    maps each playing seat to its entry; ``paid`` each name's money in (buy-ins,
    rebuys, add-ons, re-entries); ``outs`` the entries out, in order; ``away`` the
    seats whose players are away but dealt in (R11.6); ``deal`` the agreed deal by
    entry and ``kept`` what it kept back; ``prizes`` what was paid at the end;
    ``left_seats`` the seat each player out last played at (a re-entry sits there);
    ``finish`` the stacks of the players a deal ended the tournament for, which place
    them among themselves as a last hand's busts would.
    """

    config: TournamentConfig
    entries: tuple[str, ...] = ()
    seated: tuple[tuple[int, int], ...] = ()
    paid: tuple[tuple[str, Decimal], ...] = ()
    rebuys: int = 0
    add_ons: tuple[int, ...] = ()
    outs: tuple[Out[int], ...] = ()
    away: frozenset[int] = frozenset()
    colour_ups: tuple[ColourUpRecord, ...] = ()
    deal: tuple[tuple[int, Decimal], ...] | None = None
    kept: Decimal = ZERO
    prizes: tuple[tuple[int, Decimal], ...] | None = None
    left_seats: tuple[tuple[str, int], ...] = ()
    finish: tuple[Out[int], ...] = ()

    @property
    def money_in(self) -> Decimal:
        """Everything paid in (R11.1)."""
        return sum((m for _, m in self.paid), ZERO)

    @property
    def pool(self) -> Decimal:
        """The prize pool: money in less the fee (R11.1)."""
        return self.config.pool(self.money_in)

    @property
    def finished(self) -> bool:
        """The prizes are paid: no hand starts any more."""
        return self.prizes is not None

    def entries_open(self, level: int) -> bool:
        """Late entries and re-entries are taken at blind level ``level`` until the rebuy
        period ends (R11.1)."""
        until = self.config.rebuys_until
        return self.deal is None and not self.finished and (until is None or level <= until)

    def reentry_open(self, level: int) -> bool:
        """R11.1: a player who is out may still enter again at blind level ``level``:
        re-entries are allowed and the rebuy period they share has not ended (without a
        rebuy period they stay open only while two or more are left, so one player left
        is the winner). Until they close, the places of those out are not final (a
        re-entry is a new entry, counted from the bottom, R11.3) and one player left is
        not yet the winner."""
        c = self.config
        return c.re_entry and c.rebuys_until is not None and self.entries_open(level)

    def entry_of(self, seat: int) -> int | None:
        """The entry number playing at ``seat``, if any."""
        return dict(self.seated).get(seat)

    def prize_table(self) -> tuple[Decimal, ...]:
        """The prize of each paid place for the entries so far (R11.2)."""
        return self.config.prizes(self.money_in, len(self.entries))

    def percents(self) -> tuple[Decimal, ...]:
        """The percentages paid by place for the entries so far (R11.2)."""
        return payout_percents(len(self.entries), self.config.payouts)

    def placings(self, winner: bool = True) -> tuple[Placing[int], ...]:
        """Every entry's place so far: those out, and the winner once there is one
        (``winner`` False: the one left is not placed yet, R11.1's open re-entries)."""
        left = [e for _, e in self.seated] if winner else []
        if self.finish:
            return places((*self.outs, *self.finish), len(self.entries))
        return places(self.outs, len(self.entries), left=left)

    def prizes_won(self, winner: bool = True) -> dict[int, Decimal]:
        """Each placed entry's prize (R11.3); a deal's players get what they agreed, and
        whoever then wins also what it kept back (R11.5). ``winner`` as for
        :meth:`placings`."""
        if self.prizes is not None:
            return dict(self.prizes)
        placings = self.placings(winner)
        won = placing_prizes(placings, self.prize_table(), self.config.money_unit)
        if self.deal is not None:
            first = {p.entry for p in placings if p.place == 1}
            for entry, amount in self.deal:
                won[entry] = amount + (self.kept if entry in first else ZERO)
        return won

    def prizes_left(self) -> tuple[Decimal, ...]:
        """What is still unpaid, by place (R11.5: what a deal shares): the prizes of the
        places not yet decided, or once a deal is agreed only the money it kept back for
        the winner (the rest is the deal's already)."""
        if self.deal is not None:
            return (self.kept,)
        return self.prize_table()[: len(self.seated)]


@dataclass(frozen=True)
class Standing:
    """One line of the standings: an entry's place so far (``None`` while playing; a
    shared place is the best of those shared), prize, chips and seat."""

    name: str
    entry: int
    place: int | None
    prize: Decimal
    chips: int
    seat: int | None
    tied: int = 1


@dataclass(frozen=True)
class Standings:
    """What every front end shows of a tournament (R11): entries, the pool and the
    prizes by place, who is left and the average stack, and each entry's line.

    ``deal_amounts``: what an agreed deal gave each name (R11.5); ``unpaid``: the prizes
    of the places still to be decided, best first (after a deal, what it kept back);
    ``out_order``: the entries out, in the order they went out (R11.3); ``chip``: the
    smallest chip in play (R11.7); ``unit``: the money unit money is said in (R11.2);
    ``places_final``: False while re-entries are open (R11.1): the places given so far
    move down with each re-entry and the one player left is not yet the winner.
    """

    entries: int
    rebuys: int
    add_ons: int
    money_in: Decimal
    pool: Decimal
    percents: tuple[Decimal, ...]
    payouts: tuple[Decimal, ...]
    players_left: int
    average: int
    lines: tuple[Standing, ...]
    finished: bool
    deal: bool
    kept: Decimal
    chip: int
    unit: Decimal = Decimal(1)
    payout_note: str = ""
    deal_amounts: tuple[tuple[str, Decimal], ...] = ()
    unpaid: tuple[Decimal, ...] = ()
    out_order: tuple[int, ...] = ()
    places_final: bool = True


def standings(state: TableState) -> Standings | None:
    """The standings of the tournament at this table, ``None`` if it is not one.

    >>> from tests.tables import tournament_table
    >>> st = standings(tournament_table(3))
    >>> st.entries, st.pool, st.payouts, st.players_left, st.average
    (3, Decimal('30'), (Decimal('30'),), 3, 100)
    """
    t = state.tournament
    if t is None:
        return None
    hand = state.hand if state.in_hand else None
    chips: dict[int, int] = {}
    for seat, entry in t.seated:
        player = state.seat(seat)
        held = player.stack if player is not None else 0
        if hand is not None and seat < len(hand.committed):
            held += hand.committed[seat] + hand.dead[seat]
        chips[entry] = held
    reentry = t.reentry_open(state.level)  # R11.1: no winner while others may re-enter
    won = t.prizes_won(winner=not reentry)
    placings = {p.entry: p for p in t.placings(winner=not reentry)}
    seat_of = {entry: seat for seat, entry in t.seated}
    lines = []
    for number, name in enumerate(t.entries, start=1):
        placing = placings.get(number)
        lines.append(
            Standing(
                name=name,
                entry=number,
                place=placing.place if placing is not None else None,
                prize=won.get(number, ZERO),
                chips=chips.get(number, 0),
                seat=seat_of.get(number),
                tied=placing.tied if placing is not None else 1,
            )
        )
    lines.sort(key=lambda s: (s.place is not None, s.place or 0, -s.chips, s.entry))
    left = len(t.seated)
    total = sum(chips.values())
    return Standings(
        entries=len(t.entries),
        rebuys=t.rebuys,
        add_ons=len(t.add_ons),
        money_in=t.money_in,
        pool=t.pool,
        percents=t.percents(),
        payouts=t.prize_table(),
        players_left=left,
        average=total // left if left else 0,
        lines=tuple(lines),
        finished=t.finished,
        deal=t.deal is not None,
        kept=t.kept,
        chip=state.stakes.chip if state.stakes is not None else 1,
        unit=t.config.money_unit,
        payout_note=payout_note(t.config.payouts, len(t.entries)),
        deal_amounts=tuple((t.entries[e - 1], a) for e, a in t.deal or ()),
        unpaid=() if t.finished else t.prizes_left(),
        out_order=tuple(o.entry for o in t.outs),
        places_final=not reentry,
    )


def payout_note(custom: tuple[Decimal, ...] | None, entries: int) -> str:
    """R11.2: what the standings say while a custom table pays more places than there
    are entries (the default table for the entries so far is paid until then), or "".

    >>> payout_note((Decimal(50), Decimal(30), Decimal(20)), 2)
    "custom payouts 50/30/20 need 3 entries: R11.2's table for 2 entries until then"
    """
    if custom is None or not custom_short(entries, custom):
        return ""
    return (
        f"custom payouts {format_payouts(custom)} need {len(custom)} entries: "
        f"R11.2's table for {entries} entr{'y' if entries == 1 else 'ies'} until then"
    )
