"""The tournament's part of the headless session (R11): drawing the race cards of a
colour-up, the deal proposals, and the standings as plain data for every front end.

The engine never draws a card; here the race cards are dealt from a shuffled deck
(``random.SystemRandom`` unless a generator is given, for tests) and handed to the
engine's ``ColourUp`` request, which records them, so the race replays exactly.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from decimal import Decimal
from typing import Any

from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.hands.cards import DECK, format_card
from omaha_tui.engine.narration.tournament import money, ordinal
from omaha_tui.engine.reducer.tournament import bust_order
from omaha_tui.engine.rules.tournament.chip_race import cards_needed
from omaha_tui.engine.rules.tournament.deals import DealError, chip_chop, icm_deal
from omaha_tui.engine.rules.tournament.money import ZERO
from omaha_tui.engine.state import TableState
from omaha_tui.engine.tournament_standings import Standings
from omaha_tui.session.clock import ClockView
from omaha_tui.session.view_text import format_clock


def race_request(state: TableState, new_chip: int, rng: random.Random | None = None) -> rq.ColourUp:
    """A colour-up to ``new_chip`` with the race cards drawn: one per retired chip of
    each stack's leftover (R11.4). A bad chip is left for the engine to refuse."""
    old = state.stakes.chip if state.stakes is not None else 1
    stacks = {i: s.stack for i, s in enumerate(state.seats) if s is not None}
    try:
        need = cards_needed(stacks, old, new_chip)
    except ValueError:
        return rq.ColourUp(new_chip, cards=())
    deck = list(DECK)
    (rng or random.SystemRandom()).shuffle(deck)
    cards: list[tuple[int, str]] = []
    for seat, count in need.items():
        dealt, deck = deck[:count], deck[count:]
        cards.append((seat, " ".join(format_card(c) for c in dealt)))
    return rq.ColourUp(new_chip, cards=tuple(cards))


def deal_proposal(state: TableState, kind: str, keep: Decimal = ZERO) -> dict[int, Decimal]:
    """The chip chop or ICM proposal for the players left, by seat (R11.5)."""
    t = state.tournament
    if t is None:
        raise DealError("this table is not a tournament")
    if state.in_hand:
        raise DealError("a hand is running: propose a deal between hands")
    names: dict[str, int] = {}
    stacks: dict[str, int] = {}
    # R11.5 (as R7.4): seat order from the first seat left of the button breaks a tie
    for seat, _ in sorted(t.seated, key=lambda p: bust_order(state, p[0])):
        player = state.seat(seat)
        if player is not None:
            names[player.name] = seat
            stacks[player.name] = player.stack
    share = chip_chop if kind == "chop" else icm_deal
    proposal = share(stacks, t.prizes_left(), t.config.money_unit, keep, order=list(stacks))
    by_seat = {names[name]: amount for name, amount in proposal.items()}
    return {seat: by_seat[seat] for seat, _ in t.seated if seat in by_seat}


def next_break(clock: ClockView | None) -> str | None:
    """When the next break of the blind clock comes (R2.7, shown with the standings):
    ``"in 29:08"``, ``"now"`` while one is on, ``None`` when no break is ahead (or the
    table has no schedule)."""
    if clock is None:
        return None
    if clock.on_break:
        return "now"
    if clock.seconds_to_break is None:
        return None
    return f"in {format_clock(clock.seconds_to_break)}"


def tournament_json(st: Standings, next_break: str | None = None) -> dict[str, Any]:
    """The standings as plain data for JSON (R11): what the room's display renders too,
    the busts with their places in the order they went out (R11.3), the deal and what it
    gave each player (R11.5), the places still unpaid, the chip (R11.7)."""
    return {
        "entries": st.entries,
        "rebuys": st.rebuys,
        "add_ons": st.add_ons,
        "money_in": money_number(st.money_in),
        "pool": money_number(st.pool),
        "payouts": [money_number(a) for a in st.payouts],
        "percents": [money_number(p) for p in st.percents],
        "payout_note": st.payout_note or None,
        "players_left": st.players_left,
        "average": st.average,
        "chip": st.chip,
        "places_final": st.places_final,  # R11.1: False while entries are open
        "places_open": st.places_open,  # and why: late entry, or re-entries
        "places": [
            {
                "name": line.name,
                "place": line.place,
                "prize": money_number(line.prize),
                **({"tied": line.tied} if line.tied > 1 else {}),
            }
            for line in st.lines
            if line.place is not None
        ],
        "standings": [
            {
                "name": line.name,
                "entry": line.entry,
                "seat": None if line.seat is None else line.seat + 1,
                "chips": line.chips,
                "place": line.place,
                "prize": money_number(line.prize),
            }
            for line in st.lines
        ],
        "deal": st.deal,
        "deal_amounts": [{"name": n, "amount": money_number(a)} for n, a in st.deal_amounts],
        "unpaid": [
            {"place": place, "prize": money_number(a)} for place, a in enumerate(st.unpaid, start=1)
        ],
        "busts": [
            {
                "name": line.name,
                "place": line.place,
                "tied": line.tied,
                "prize": money_number(line.prize),
            }
            for entry in st.out_order
            for line in st.lines
            if line.entry == entry
        ],
        "kept": money_number(st.kept),
        "finished": st.finished,
        "next_break": next_break,
    }


def money_number(amount: Decimal) -> int | float:
    """Money for JSON: a whole amount as an integer, a fraction as the number its exact
    decimal text reads as (``2.5``), never a float's arithmetic."""
    if amount == amount.to_integral_value():
        return int(amount)
    return float(str(amount))


def places_words(st: Standings, name: Callable[[str], str] = str) -> str | None:
    """``1st Ann 450, 3rd= Cy 90, 3rd= Dee 90``: every place given so far with its prize
    (``=`` for a shared place, R11.3), each name passed through ``name`` (markup escaping
    on the table), or ``None`` before the first. While re-entries are open the places
    are said to be so far, and why: each new entry moves them down (R11.1, R11.3)."""
    placed = [
        f"{ordinal(line.place)}{'=' if line.tied > 1 else ''} {name(line.name)}"
        + (f" {money(line.prize, st.unit)}" if line.prize else "")
        for line in st.lines
        if line.place is not None
    ]
    if not placed:
        return None
    return ", ".join(placed) + ("" if st.places_final else f", {places_so_far(st)}")


def places_so_far(st: Standings) -> str:
    """What the places given are while late entries or re-entries are open: each new
    entry is counted from the bottom (R11.3), and one player left is not yet the winner
    (R11.1): ``so far (late entry is open, R11.1)``; ``""`` once they are final."""
    return f"so far ({st.places_open}, R11.1)" if st.places_open else ""
