"""The deciders of the cards and the showdown: dealing the board (R3), showing and
mucking (R8), running it twice (R10.2) and awarding the pots by the cards or by hand.

Registered into :data:`omaha_tui.engine.decisions.decide.DECIDERS` when ``decide`` is
imported, like :mod:`.table`.
"""

from __future__ import annotations

from omaha_tui.engine import events as ev
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.available import cards_due
from omaha_tui.engine.decisions.decide import (
    Built,
    Decision,
    card_texts,
    chain,
    decides,
)
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.hands.cards import parse_cards
from omaha_tui.engine.labels import player_name, run_times
from omaha_tui.engine.rules.awards import awards_by_hand, awards_from_cards
from omaha_tui.engine.state import Street, TableState


@decides(rq.DealCards)
def _deal(state: TableState, req: rq.DealCards) -> Built:
    hand = state.hand
    if hand is not None and hand.early_card_pending:  # R3.3: the early card comes first
        return _early(state, rq.EarlyCard(req.cards))
    due = cards_due(state)
    cards = card_texts(req.cards)
    if due is not None and due.run > 1:  # R10.2: the next run, from the rest of the deck
        if not cards:
            raise RuleError(
                f"type run {due.run}'s {due.count} cards: each run is read by its own board (R10.2)"
            )
        return (ev.RunBoardDealt(run=due.run, cards=cards),)
    if hand is not None and hand.runs > 1 and not cards and due is not None:  # R10.2
        raise RuleError(
            f"the board is run {run_times(hand.runs)}: type the "
            f"{due.street.value}'s cards, each run is read by its own board (R10.2)"
        )
    return (ev.BoardDealt(cards=cards),)


@decides(rq.EarlyCard)
def _early(state: TableState, req: rq.EarlyCard) -> Built:
    cards = card_texts(req.card)
    if len(cards) > 1:
        raise RuleError(f"the early flop card is one card, not {len(cards)} (R3.3)")
    return (ev.EarlyCardDealt(card=cards[0] if cards else None),)


@decides(rq.RecordBoard)
def _record_board(state: TableState, req: rq.RecordBoard) -> Built:
    return (ev.BoardRecorded(cards=card_texts(req.cards)),)


@decides(rq.Show)
def _show(state: TableState, req: rq.Show) -> Built:
    return (ev.HoleCardsShown(seat=req.seat, cards=card_texts(req.cards)),)


@decides(rq.TableHands)
def _table_hands(state: TableState, req: rq.TableHands) -> Decision:
    """R10.1: with the betting over, the hands still in are tabled, all or nothing."""
    if not req.shown:
        raise RuleError("type at least one hand to table")
    return chain(state, [rq.Show(seat, cards) for seat, cards in req.shown])


@decides(rq.RunItTwice)
def _run_it_twice(state: TableState, req: rq.RunItTwice) -> Built:
    """R10.2: agreed by every player still in, before the next card."""
    if req.runs not in (2, 3):
        raise RuleError(f"the board is run twice or three times, not {req.runs} times")
    return (ev.RunsAgreed(runs=req.runs),)


@decides(rq.Muck)
def _muck(state: TableState, req: rq.Muck) -> Built:
    return (ev.HandMucked(seat=req.seat),)


def _running(state: TableState) -> None:
    """Both ways of awarding refuse an early award with the same words (R8)."""
    hand = state.hand
    if hand is None or hand.complete:
        raise RuleError("no hand is running: there is no pot to award")
    if hand.street is not Street.SHOWDOWN:
        if hand.to_act is not None:
            then = f"{player_name(state, hand.to_act)} is to act"
        else:
            then = "deal the rest of the board first"
        raise RuleError(
            f"pots are awarded at showdown; the hand is on the {hand.street.value}: {then}"
        )


@decides(rq.AwardByCards)
def _award_by_cards(state: TableState, _: rq.AwardByCards) -> Built:
    _running(state)
    return (ev.PotsAwarded(awards=awards_from_cards(state), by_cards=True),)


@decides(rq.AwardByHand)
def _award_by_hand(state: TableState, req: rq.AwardByHand) -> Built:
    _running(state)
    later = [(r.winners, r.low_winners) for r in req.later]
    awards = awards_by_hand(state, req.winners, req.low_winners, later)
    return (ev.PotsAwarded(awards=awards, by_cards=False),)


@decides(rq.Showdown)
def _showdown(state: TableState, req: rq.Showdown) -> Built:
    """All or nothing: a board typed here, shows, mucks, then the awards (R8)."""
    _running(state)
    steps: list[rq.Request] = []
    hand = state.hand
    assert hand is not None
    board = card_texts(req.board)
    if board and tuple(parse_cards(" ".join(board))) != hand.board:
        steps.append(rq.RecordBoard(req.board))
    steps += [rq.Show(seat, cards) for seat, cards in req.shown]
    steps += [rq.Muck(seat) for seat in req.mucked]
    if req.winners is None:
        steps.append(rq.AwardByCards())
    else:
        steps.append(rq.AwardByHand(req.winners, req.low_winners, req.later))
    return chain(state, steps)
