"""Event builders for tests, made by ``engine.decide``: ``call(state) -> Called``.

Tests that build hands event by event read best as ``run(state, call, check, ...)``;
each builder asks :func:`~omaha_tui.engine.decisions.decide.decide` for the one event the rules
give (a refusal raises :class:`RuleError` with the rule's message, an ``Ask`` raises it
with the question), so tests exercise exactly what the app and the console record.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.available import available
from omaha_tui.engine.decisions.decide import decide
from omaha_tui.engine.decisions.outcomes import Ask, Refusal
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import Event
from omaha_tui.engine.rules.betting import legal_actions
from omaha_tui.engine.state import TableState
from tests.tables import quick_table

__all__ = ["quick_table"]


def events(state: TableState, request: rq.Request) -> tuple[Event, ...]:
    """The events ``request`` becomes, or :class:`RuleError` with the reason."""
    out = decide(state, request)
    if isinstance(out, Refusal):
        raise RuleError(out.reason)
    if isinstance(out, Ask):
        la = legal_actions(state)
        if isinstance(request, rq.Bet | rq.RaiseTo) and la is not None:  # R4.10
            raise RuleError(
                f"{request.amount} is more than the {la.all_in_to} this player has: "
                f"confirm all in for {la.all_in_to}, or {la.describe_range()}"
            )
        raise RuleError(out.question)
    return out.events


def one(state: TableState, request: rq.Request) -> Event:
    (event,) = events(state, request)[-1:]
    return event


def _cards(cards: Sequence[str] | str | None) -> str:
    return cards if isinstance(cards, str) or cards is None else " ".join(cards)


def start_hand(state: TableState, die_roll: int | None = None, straddle: bool = False) -> Event:
    return one(state, rq.NextHand(die_roll, straddle))


def fold(state: TableState) -> Event:
    return one(state, rq.Fold())


def check(state: TableState) -> Event:
    return one(state, rq.Check())


def call(state: TableState) -> Event:
    return one(state, rq.Call())


def check_or_call(state: TableState) -> Event:
    return one(state, rq.CheckOrCall())


def bet_or_raise(state: TableState, to: int, confirm_all_in: bool = False) -> Event:
    return one(state, rq.RaiseTo(to, confirm_all_in))


def pot(state: TableState) -> Event:
    return one(state, rq.RaisePot())


def all_in(state: TableState) -> Event:
    return one(state, rq.AllIn())


def deal_board(state: TableState, cards: Sequence[str] | str | None = None) -> Event:
    return one(state, rq.DealCards(_cards(cards)))


def record_board(state: TableState, cards: Sequence[str] | str) -> Event:
    return one(state, rq.RecordBoard(_cards(cards) or ""))


def deal_early_card(state: TableState, card: str | None = None) -> Event:
    return one(state, rq.EarlyCard(card))


def show(state: TableState, seat: int, cards: Sequence[str] | str) -> Event:
    return one(state, rq.Show(seat, _cards(cards) or ""))


def muck(state: TableState, seat: int) -> Event:
    return one(state, rq.Muck(seat))


def settle_by_cards(state: TableState) -> Event:
    return one(state, rq.AwardByCards())


def settle_by_hand(
    state: TableState,
    winners: Sequence[Sequence[int]],
    low_winners: Sequence[Sequence[int]] | None = None,
) -> Event:
    lows = None if low_winners is None else tuple(tuple(w) for w in low_winners)
    return one(state, rq.AwardByHand(tuple(tuple(w) for w in winners), lows))


def draw_button(state: TableState, cards: Mapping[int, str]) -> Event:
    return one(state, rq.DrawButton(tuple(cards.items())))


def can(state: TableState, kind: type) -> bool:
    """Whether requests of ``kind`` are live (``engine.available``)."""
    return available(state).allows(kind)


def seat_player(
    state: TableState, seat: int, name: str, stack: int, wait_for_bb: bool = False
) -> Event:
    return one(state, rq.SeatPlayer(seat, name, stack, not wait_for_bb))


def can_all_in(state: TableState) -> bool:
    return can(state, rq.AllIn)


def can_pot(state: TableState) -> bool:
    return can(state, rq.RaisePot)


def can_start_hand(state: TableState, die_roll: int | None = None) -> bool:
    return can(state, rq.NextHand) and not isinstance(decide(state, rq.NextHand(die_roll)), Refusal)


def can_record_board(state: TableState) -> bool:
    return can(state, rq.RecordBoard)


def can_muck(state: TableState, seat: int) -> bool:
    """Whether ``seat`` may muck now (asks ``decide``: a muck depends on the pots)."""
    return not isinstance(decide(state, rq.Muck(seat)), Refusal | Ask)


def can_fold(state: TableState) -> bool:
    return can(state, rq.Fold)


def rebuy(state: TableState, seat: int, amount: int) -> Event:
    return one(state, rq.Rebuy(seat, amount))
