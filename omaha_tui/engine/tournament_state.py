"""A tournament's state and what is derived from it: entries, the pool, prizes, places.

The reducer folds the tournament's events into a :class:`TournamentState` kept on the
table's state; everything shown (prizes by place, what a deal shares, and the standings,
:mod:`.tournament_standings`) is a pure function of it and the table (R11).
"""

from __future__ import annotations

from decimal import Decimal

from omaha_tui.engine.records import frozen
from omaha_tui.engine.rules.tournament.money import ZERO
from omaha_tui.engine.rules.tournament.payouts import (
    payout_percents,
)
from omaha_tui.engine.rules.tournament.places import Out, Placing, places, placing_prizes
from omaha_tui.engine.rules.tournament.structure import TournamentConfig


@frozen
class ColourUpRecord:
    """One colour-up done (R11.4): the chips, who won the race, who was given a chip,
    and what it changed in the total."""

    old_chip: int
    new_chip: int
    won: tuple[str, ...]
    given: tuple[str, ...]
    change: int


@frozen
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

    def places_open(self, level: int) -> str:
        """Why the places given so far may still move at blind level ``level``, or ``""``
        once they are final: a new entry, a late entry or a re-entry, is counted from
        the bottom (R11.1, R11.3), so while one can come each place of those out moves
        down with it and one player left is not yet the winner. Entries come until the
        rebuy period ends (R11.1); without a rebuy period they are taken while two or
        more are left, so one player left is the winner.

        >>> from omaha_tui.engine.rules.tournament.structure import TournamentConfig
        >>> t = TournamentState(TournamentConfig(buy_in=Decimal(10), stack=100))
        >>> t.places_open(1)
        'late entry is open'
        >>> t = TournamentState(t.config.model_copy(update={"rebuys_until": 2, "re_entry": True}))
        >>> t.places_open(2), t.places_open(3)
        ('re-entries are open', '')
        """
        if not self.entries_open(level):
            return ""
        if self.config.rebuys_until is None and self.outs and len(self.seated) < 2:
            return ""  # no period: entries end with one player left, the winner
        return "re-entries are open" if self.config.re_entry else "late entry is open"

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
        (``winner`` False: the one left is not placed yet, R11.1's open entries)."""
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
