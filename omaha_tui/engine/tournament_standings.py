"""A tournament's standings, as every front end shows them (R11): entries, the pool and
the prizes by place, who is left and the average stack, and each entry's line, read
from the table's state and its :class:`~.tournament_state.TournamentState`.
"""

from __future__ import annotations

from decimal import Decimal

from omaha_tui.engine.records import frozen
from omaha_tui.engine.rules.tournament.money import ZERO
from omaha_tui.engine.rules.tournament.payouts import custom_short, format_payouts
from omaha_tui.engine.state import TableState


@frozen
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


@frozen
class Standings:
    """What every front end shows of a tournament (R11): entries, the pool and the
    prizes by place, who is left and the average stack, and each entry's line.

    ``deal_amounts``: what an agreed deal gave each name (R11.5); ``unpaid``: the prizes
    of the places still to be decided, best first (after a deal, what it kept back);
    ``out_order``: the entries out, in the order they went out (R11.3); ``chip``: the
    smallest chip in play (R11.7); ``unit``: the money unit money is said in (R11.2);
    ``places_open``: why the places given so far may still move (``""`` once they are
    final): while late entries or re-entries are open (R11.1) each new entry is counted
    from the bottom (R11.3), and the one player left is not yet the winner.
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
    places_open: str = ""

    @property
    def places_final(self) -> bool:
        """No entry can come any more: the places given are final (R11.1, R11.3)."""
        return not self.places_open


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
    open_ = t.places_open(state.level)  # R11.1: no winner while others may enter
    won = t.prizes_won(winner=not open_)
    placings = {p.entry: p for p in t.placings(winner=not open_)}
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
        places_open=open_,
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
