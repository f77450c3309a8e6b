"""What the app's colour-up and deal screens show (R11.4, R11.5), as plain data.

:func:`race_preview` is a dry run of the session's ``ColourUp`` request: each stack's
leftover of the chip being retired, the race cards each player is dealt (or the
winners the dealer names), who wins a new chip, each stack after, and what the race
changes in the total, in the narrator's words. :func:`deal_view` holds what a deal
shares: the players left with their stacks, the prizes left, and the chip chop and
ICM proposals (:func:`omaha_tui.session.tournament.deal_proposal`). Nothing here
records anything; the screens send the requests through the session.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.decide import decide
from omaha_tui.engine.decisions.outcomes import Decided
from omaha_tui.engine.decisions.tournament import levels_ahead
from omaha_tui.engine.hands.cards import parse_cards
from omaha_tui.engine.narration.narrate import narrate
from omaha_tui.engine.records import frozen
from omaha_tui.engine.rules.tournament.chip import suggested_chip as chip_for_levels
from omaha_tui.engine.rules.tournament.chip_race import (
    RaceError,
    chip_race,
    leftovers,
    race_chips,
)
from omaha_tui.engine.rules.tournament.deals import DealError
from omaha_tui.engine.rules.tournament.money import ZERO
from omaha_tui.engine.state import TableState

from .tournament import deal_proposal


@frozen
class RaceLine:
    """One stack in a colour-up: its leftover (in chips, and in retired chips, one race
    card each), the cards dealt, and what it holds after (``None`` before a result)."""

    seat: int
    name: str
    stack: int
    leftover: int
    retired: int
    cards: str = ""
    won: bool = False
    given: bool = False
    after: int | None = None


@frozen
class RacePreview:
    """A colour-up as it would be recorded: every stack's line, the new chips raced,
    the change in the total, and the narrator's sentence (or why it is refused)."""

    old_chip: int
    new_chip: int
    lines: tuple[RaceLine, ...]
    race_chips: int
    change: int | None
    message: str
    ok: bool


def smallest_chip(state: TableState) -> int:
    """The table's smallest chip now."""
    return state.stakes.chip if state.stakes is not None else 1


def suggested_chip(state: TableState, at: datetime | None = None) -> int:
    """A new smallest chip to offer (R11.4, R11.7): one every level still to come can be
    played in (the next level's small blind when it can), else five of the chip now (which
    the engine then refuses, naming the level it does not fit)."""
    chip = smallest_chip(state)
    fits = chip_for_levels([lv for _, lv in levels_ahead(state, at)], chip)
    return fits if fits is not None else chip * 5


def race_preview(state: TableState, request: rq.ColourUp) -> RacePreview:
    """The dry run of ``request`` (R11.4): see the module."""
    old = smallest_chip(state)
    seats = [(i, p.name, p.stack) for i, p in enumerate(state.seats) if p is not None]
    new = request.new_chip
    valid = new > old and new % old == 0
    left = leftovers({i: s for i, _, s in seats}, new) if valid else {}
    cards = dict(request.cards or ())
    winners = set(request.winners or ())
    raced = race_chips(sum(left.values()), new) if valid else 0
    out = decide(state, request)  # R11.4: a race beyond one deck is refused with its decks
    if not isinstance(out, Decided):
        lines = tuple(
            RaceLine(i, n, s, left.get(i, 0), left.get(i, 0) // old, cards.get(i, ""))
            for i, n, s in seats
        )
        reason = getattr(out, "reason", "") or getattr(out, "question", "")
        return RacePreview(old, new, lines, raced, None, reason, False)
    after = out.state
    try:
        race = chip_race(
            {i: s for i, _, s in seats},
            old,
            new,
            cards={i: tuple(parse_cards(c)) for i, c in cards.items()}
            if request.winners is None
            else None,
            winners=list(request.winners) if request.winners is not None else None,
        )
        won, given = set(race.won), set(race.given)
    except RaceError:  # the engine accepted this very race: it cannot be refused here
        won, given = winners, set()
    lines = tuple(
        RaceLine(
            i,
            n,
            s,
            left.get(i, 0),
            left.get(i, 0) // old,
            cards.get(i, ""),
            i in won,
            i in given,
            _stack(after, i),
        )
        for i, n, s in seats
    )
    message = "; ".join(narrate(state, out.events, after))
    change = sum(line.after or 0 for line in lines) - sum(line.stack for line in lines)
    return RacePreview(old, new, lines, raced, change, message, True)


def _stack(state: TableState, seat: int) -> int:
    player = state.seat(seat)
    return player.stack if player is not None else 0


@frozen
class DealSeat:
    """One player left in a deal: seat, name and stack."""

    seat: int
    name: str
    stack: int


@frozen
class DealView:
    """What a deal shares (R11.5): the players left, the prizes left and their total,
    the money unit, and the two proposals by seat (empty with the reason when none)."""

    players: tuple[DealSeat, ...]
    prizes_left: tuple[Decimal, ...]
    total: Decimal
    unit: Decimal
    keep: Decimal
    chop: dict[int, Decimal]
    icm: dict[int, Decimal]
    error: str = ""


def deal_view(state: TableState, keep: Decimal = ZERO) -> DealView:
    """The players left, what is left to share, and the chop and ICM proposals with
    ``keep`` kept back for the winner."""
    t = state.tournament
    if t is None:
        raise DealError("this table is not a tournament")
    players = tuple(
        DealSeat(seat, p.name, p.stack)
        for seat, _ in t.seated
        if (p := state.seat(seat)) is not None
    )
    prizes = t.prizes_left()
    chop: dict[int, Decimal] = {}
    icm: dict[int, Decimal] = {}
    error = ""
    try:
        chop = deal_proposal(state, "chop", keep)
        icm = deal_proposal(state, "icm", keep)
    except DealError as e:
        error = f"{e} (R11.5)"
    return DealView(players, prizes, sum(prizes, ZERO), t.config.money_unit, keep, chop, icm, error)


__all__ = [
    "DealSeat",
    "DealView",
    "RaceLine",
    "RacePreview",
    "deal_view",
    "race_preview",
    "smallest_chip",
    "suggested_chip",
]
