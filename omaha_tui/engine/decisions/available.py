"""``available(state)``: which dealer requests are live now, with their ranges.

The front ends enable keys, palette entries and console hints from this one pure
function (STYLE.md: keys the state does not allow are disabled, not refused after
the press). It derives everything from the state without applying any event, so it
is cheap enough to run after every change. What the next deal needs (which street,
how many cards) is computed here and only here: :func:`cards_due`.
"""

from __future__ import annotations

from omaha_tui.engine.config import Structure
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.records import frozen
from omaha_tui.engine.rules.betting import (
    LegalActions,
    PotBreakdown,
    legal_actions,
    pot_limit_breakdown,
    wager_error,
)
from omaha_tui.engine.rules.blinds import propose_deal
from omaha_tui.engine.rules.clock.schedule import Break
from omaha_tui.engine.state import BOARD_AFTER, NEXT_STREET, HandState, Street, TableState


@frozen
class CardsDue:
    """The next board cards the dealer must deal: ``count`` cards for ``street``.

    ``early``: Courchevel's early flop card (R3.3), before the pre-flop betting.
    ``run``: 2 or 3 when the cards due are a later run of a board run twice (R10.2);
    ``count`` is then that run's cards, from the card after the shared ones to the river.
    ``board``: on a double board (R13.2), the board whose cards are due (1, then 2), and
    ``boards`` the hand's boards.
    """

    street: Street
    count: int
    early: bool = False
    run: int = 1
    board: int = 1
    boards: int = 1

    @property
    def label(self) -> str:
        """What the dealer deals now: ``flop``, ``turn``, ``river``, ``run 2`` or, on a
        double board, ``flop of board 2``."""
        if self.early:
            return "early flop card"
        if self.boards > 1:
            return f"{self.street.value} of board {self.board}"
        return f"run {self.run}" if self.run > 1 else self.street.value


@frozen
class Available:
    """What may be asked of the table now.

    ``live`` holds the request types that would not be refused for the state alone
    (amounts and cards are still checked by ``decide``). ``why_not_next`` says why a
    next hand cannot start (empty when it can).
    """

    live: frozenset[type]
    to_act: int | None = None
    legal: LegalActions | None = None
    breakdown: PotBreakdown | None = None
    cards_due: CardsDue | None = None
    showdown_due: bool = False
    board_to_enter: int = 0
    why_not_next: str = ""

    def allows(self, kind: type) -> bool:
        """True when requests of type ``kind`` are live now."""
        return kind in self.live


_ALWAYS: frozenset[type] = frozenset({rq.DeclareMisdeal})
_BETWEEN = frozenset(
    {
        rq.SeatPlayer,
        rq.Leave,
        rq.Rebuy,
        rq.Correct,
        rq.PlaceButton,
        rq.DrawButton,
        rq.EndSession,
        rq.SetChipValue,
    }
)
_ANYTIME = frozenset({rq.SitOut, rq.Back, rq.ChangeLevel, rq.SeatPlayer, rq.ShareExpense})


def cards_due(state: TableState) -> CardsDue | None:
    """The board cards due now, or ``None`` while betting goes on or the board is complete.

    >>> from tests.tables import quick_table
    >>> from omaha_tui.engine.decisions.decide import decide
    >>> s = quick_table(stacks=(100, 100))
    >>> for r in (rq.NextHand(), rq.Call(), rq.Check()):
    ...     s = decide(s, r).state
    >>> cards_due(s)
    CardsDue(street=<Street.FLOP: 'flop'>, count=3, early=False, run=1, board=1, boards=1)
    """
    hand = state.hand
    if hand is None or hand.complete:
        return None
    if hand.early_card_pending:
        return CardsDue(Street.FLOP, 1, early=True)  # R3.3
    if hand.run_due:
        return CardsDue(Street.RIVER, 5 - hand.run_from, run=hand.run_due)  # R10.2
    if hand.to_act is not None or hand.street not in NEXT_STREET:
        return None
    nxt = NEXT_STREET[hand.street]
    if nxt is Street.SHOWDOWN:
        return None
    if hand.boards > 1:  # R13.2: board 1's cards of a street, then board 2's
        if hand.board_count > hand.board2_count:
            return CardsDue(nxt, hand.board_count - hand.board2_count, board=2, boards=2)
        return CardsDue(nxt, BOARD_AFTER[nxt] - hand.board_count, boards=2)
    return CardsDue(nxt, BOARD_AFTER[nxt] - hand.board_count)


def clock_live(state: TableState) -> frozenset[type]:
    """R2.7b, c: the host's clock requests the clock's record allows, at any moment of
    the hand. Whether one is refused at the moment it is given (no next level after the
    last, no break on) is ``decide``'s, with the time.

    >>> from tests.tables import quick_table
    >>> clock_live(quick_table())
    frozenset()
    """
    clock = state.clock
    schedule = clock.schedule
    if schedule is None:
        return frozenset()
    live: set[type] = {rq.AdjustClock}
    if not clock.started:
        live.add(rq.StartClock)
    else:
        live.add(rq.PauseClock if clock.running else rq.ResumeClock)
    if len(schedule.levels) > 1:
        live |= {rq.NextLevel, rq.PreviousLevel}
    if any(isinstance(item, Break) for item in schedule.items):
        live.add(rq.EndBreak)
    return frozenset(live)


def available(state: TableState) -> Available:
    """The live requests and their ranges for ``state``.

    >>> from tests.tables import quick_table
    >>> s = quick_table()
    >>> a = available(s)
    >>> a.allows(rq.NextHand), a.allows(rq.Fold)
    (True, False)
    >>> from omaha_tui.engine.decisions.decide import decide
    >>> a = available(decide(s, rq.NextHand()).state)
    >>> a.allows(rq.RaisePot), a.legal.max_raise_to, a.breakdown.sentence
    (True, 7, 'pot 3 + call 2 = 5; raise to 7')
    """
    if state.config is None:
        return Available(frozenset(), why_not_next="no session: start a session first")
    if state.ended:
        return Available(frozenset(), why_not_next="the session has ended")
    hand = state.hand
    if hand is None or hand.complete:
        why = _why_not_next(state)
        live = set(_ALWAYS | _BETWEEN | _ANYTIME | clock_live(state)) - {rq.DeclareMisdeal}
        t = state.tournament
        if t is not None and not t.finished:  # R11.4 a colour-up, R11.5 a deal
            live.add(rq.ColourUp)
            if len(t.seated) >= 2 and (t.deal is None or t.kept):  # later: what it kept
                live.add(rq.AgreeDeal)
        if not why:
            live.add(rq.NextHand)
        return Available(frozenset(live), why_not_next=why)
    live = set(_ALWAYS | _ANYTIME | clock_live(state))
    la = legal_actions(state)
    due = cards_due(state)
    breakdown = None
    if la is not None:
        live |= {rq.CheckOrCall, rq.Fold}
        live.add(rq.Check if la.can_check else rq.Call)
        if state.config.structure is Structure.POT_LIMIT:
            breakdown = pot_limit_breakdown(state, la)  # R4.4, with the one legal range
        if la.can_bet_or_raise:
            live |= {rq.Bet, rq.RaiseTo}
            if state.config.structure is Structure.POT_LIMIT:
                live.add(rq.RaisePot)
        if _all_in_ok(state, la):
            live.add(rq.AllIn)
    if due is not None:
        live.add(rq.EarlyCard if due.early else rq.DealCards)
    showdown = hand.street is Street.SHOWDOWN
    if showdown or (hand.betting_over and la is None and not hand.early_card_pending):
        live.add(rq.Show)  # R8, and R10.1: tabled when nobody can bet
        shown = dict(hand.shown)
        if any(seat not in shown for seat in hand.live):
            live.add(rq.TableHands)  # while a hand still in is not tabled
    if state.tournament is None and _may_run_twice(hand, la, due):  # R10.2: cash games
        live.add(rq.RunItTwice)
    if showdown:
        live |= {rq.Muck, rq.AwardByCards, rq.AwardByHand, rq.Showdown}
    to_enter = hand.board_count - len(hand.board) + hand.board2_count - len(hand.board2)
    if to_enter:
        live.add(rq.RecordBoard)
    return Available(
        frozenset(live),
        to_act=hand.to_act if la is not None else None,
        legal=la,
        breakdown=breakdown,
        cards_due=due,
        showdown_due=showdown,
        board_to_enter=to_enter,
        why_not_next="the hand is still running: settle the pots before the next hand",
    )


def _all_in_ok(state: TableState, la: LegalActions) -> bool:
    hand = state.hand
    assert hand is not None
    if la.all_in_to <= hand.current_bet:
        return True  # a call for the whole stack (R4.5)
    stack = la.all_in_to - hand.bets[la.seat]
    return wager_error(la, la.all_in_to, stack) is None


def _may_run_twice(hand: HandState, la: LegalActions | None, due: CardsDue | None) -> bool:
    """R10.2: nobody can bet, the board so far is entered, and a card is still to come."""
    return (
        hand.runs == 1
        and hand.boards == 1  # R13.2(b): a double board is not run twice
        and hand.betting_over
        and la is None
        and due is not None
        and not due.early
        and hand.board_count == len(hand.board)
    )


def _why_not_next(state: TableState) -> str:
    try:
        propose_deal(state)
    except RuleError as e:
        return str(e)
    return ""


__all__ = ["Available", "CardsDue", "available", "cards_due", "clock_live"]
