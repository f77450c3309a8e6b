"""The deciders of the cards and the showdown: dealing the board (R3), showing and
mucking (R8), running it twice (R10.2) and awarding the pots by the cards or by hand.

Registered into :data:`~omaha_tui.engine.decisions.registry.DECIDERS` when ``decide`` is
imported, like :mod:`.table`.
"""

from __future__ import annotations

from omaha_tui.engine import events as ev
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.available import CardsDue, cards_due
from omaha_tui.engine.decisions.outcomes import Built, Decision
from omaha_tui.engine.decisions.registry import chain, decides
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.hands.cards import card_texts, format_card, parse_cards
from omaha_tui.engine.labels import player_name, run_times
from omaha_tui.engine.rules.awards import awards_by_hand, awards_from_cards
from omaha_tui.engine.state import BOARD_AFTER, Street, TableState


@decides(rq.DealCards)
def _deal(state: TableState, req: rq.DealCards) -> Built:
    hand = state.hand
    if hand is not None and hand.early_card_pending:  # R3.3: the early card comes first
        return _early(state, rq.EarlyCard(req.cards))
    due = cards_due(state)
    if due is not None and due.boards > 1:
        return _deal_double(due, req.cards or "")
    if req.cards and "|" in req.cards:  # the bar parts two boards' cards (R13.2)
        if due is None:
            return (ev.BoardDealt(),)  # nothing is due: the reducer says why, as for any deal
        raise RuleError("this hand has one board: type its cards without a bar (R13.2)")
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
    more = due is not None and len(cards) > due.count  # more than the street: R10.1
    if hand is not None and due is not None and more and hand.betting_over and hand.runs == 1:
        return _run_out(due, hand.board_count, len(hand.board), cards)
    return (ev.BoardDealt(cards=cards),)


def _run_out(due: CardsDue, dealt: int, entered: int, cards: tuple[str, ...]) -> Built:
    """R10.1: with no betting left, the rest of the board may be typed in one line; it
    is dealt street by street (flop, turn, river), so each street stays its own event."""
    rest = BOARD_AFTER[Street.RIVER] - dealt
    if entered != dealt:
        return (ev.BoardDealt(cards=cards),)  # the reducer asks for the missing cards
    if len(cards) != rest:
        raise RuleError(
            f"the {due.street.value} is {due.count} card{'s' * (due.count > 1)}, or type "
            f"the rest of the board, {rest} cards, with no betting left (R10.1); not {len(cards)}"
        )
    out, done = [], dealt
    for street in (Street.FLOP, Street.TURN, Street.RIVER):
        end = BOARD_AFTER[street]
        if end > done:
            out.append(ev.BoardDealt(cards=cards[done - dealt : end - dealt]))
            done = end
    return tuple(out)


def _deal_double(due: CardsDue, text: str) -> Built:
    """R13.2: a street on a double board is dealt to board 1, then to board 2.

    ``Ah Kd 7c | 2s 3s 4s`` deals both boards' flops; one board's cards deal the board
    that is due; six flop cards without a bar are three for each board, in order; no
    cards (chips only) deals what is due on both boards.
    """
    groups = [card_texts(part) for part in text.split("|")]
    if len(groups) > 2:
        raise RuleError("a double board has two boards: type board 1 | board 2 (R13.2)")
    if len(groups) == 1 and due.board == 1 and len(groups[0]) == 2 * due.count:
        groups = [groups[0][: due.count], groups[0][due.count :]]
    if len(groups) == 2 and due.board == 2:
        raise RuleError(
            f"board 1's {due.street.value} is out: type board 2's {due.count} "
            f"card{'s' * (due.count > 1)} (R13.2)"
        )
    if not any(groups):
        if due.board == 2:
            return (ev.BoardDealt(count=due.count, board=2),)
        return (ev.BoardDealt(count=due.count), ev.BoardDealt(count=due.count, board=2))
    if len(groups) == 2 and not all(groups):
        raise RuleError(
            "type both boards' cards around the bar (board 1 | board 2), or one board's (R13.2)"
        )
    return tuple(
        ev.BoardDealt(cards=cards, board=board) for board, cards in enumerate(groups, due.board)
    )


@decides(rq.EarlyCard)
def _early(state: TableState, req: rq.EarlyCard) -> Built:
    cards = card_texts(req.card)
    if len(cards) > 1:
        raise RuleError(f"the early flop card is one card, not {len(cards)} (R3.3)")
    return (ev.EarlyCardDealt(card=cards[0] if cards else None),)


@decides(rq.RecordBoard)
def _record_board(state: TableState, req: rq.RecordBoard) -> Built:
    """The board dealt as a count only; on a double board ``board 1 | board 2``, both
    boards' cards in a row (board 1's first), or the one board whose cards are missing
    (R13.2)."""
    hand = state.hand
    if hand is None or hand.boards == 1 or "|" in req.cards:
        parts = req.cards.split("|")
        if len(parts) > 2 or (len(parts) == 2 and (hand is None or hand.boards == 1)):
            raise RuleError("this hand has one board: type its cards without a bar")
        entered = (hand.board, hand.board2) if hand is not None else ((), ())
        out = tuple(
            ev.BoardRecorded(cards=texts, board=board)
            for board, texts in enumerate(map(card_texts, parts), 1)
            if (board == 1 or texts) and tuple(parse_cards(" ".join(texts))) != entered[board - 1]
        )
        if not out:
            raise RuleError("every board card dealt so far is already entered")
        return out
    cards = card_texts(req.cards)
    if len(cards) == hand.board_count + hand.board2_count and len(hand.board2) < hand.board2_count:
        # Both boards in one line, board 1's first (a typed board 1 is repeated as it is).
        one, two = cards[: hand.board_count], cards[hand.board_count :]
        first = () if one == tuple(map(format_card, hand.board)) else (one,)
        return (
            *(ev.BoardRecorded(cards=c) for c in first),
            ev.BoardRecorded(cards=two, board=2),
        )
    board = 2 if len(hand.board) == hand.board_count else 1
    return (ev.BoardRecorded(cards=cards, board=board),)


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
    if hand.boards > 1:  # R13.2: board 1 | board 2, entered where untracked
        untracked = hand.board_count + hand.board2_count - len(hand.board) - len(hand.board2)
        if req.board.strip() and untracked:
            steps.append(rq.RecordBoard(req.board))
    elif (board := card_texts(req.board)) and tuple(parse_cards(" ".join(board))) != hand.board:
        steps.append(rq.RecordBoard(req.board))
    steps += [rq.Show(seat, cards) for seat, cards in req.shown]
    steps += [rq.Muck(seat) for seat in req.mucked]
    if req.winners is None:
        steps.append(rq.AwardByCards())
    else:
        steps.append(rq.AwardByHand(req.winners, req.low_winners, req.later))
    return chain(state, steps)
