"""Legal actions for the player to act, per betting structure, and the pot-limit arithmetic.

Pure functions of the state: the reducer calls :func:`legal_actions` to validate a
wager, the app calls it to enable keys and to show the legal range, and
:func:`pot_limit_breakdown` explains a pot-limit maximum the way a dealer says it.
This module does not change state and knows nothing of events.
"""

from __future__ import annotations

from omaha_tui.engine.config import Structure, TableConfig
from omaha_tui.engine.records import frozen
from omaha_tui.engine.state import HandState, Street, TableState
from omaha_tui.engine.units import amount_text


@frozen
class LegalActions:
    """What the player to act may do now.

    Amounts are *raise-to* totals for the round (R4.3/R4.4). ``call_amount`` is
    what a call puts in (less than the bet when the player is short, R4.5).
    ``min_raise_to``/``max_raise_to`` are 0 when no bet or raise is possible;
    ``all_in_to`` is the stack plus the bet in front.
    """

    seat: int
    can_fold: bool
    can_check: bool
    can_call: bool
    call_amount: int
    can_bet: bool
    can_raise: bool
    min_raise_to: int
    max_raise_to: int
    all_in_to: int
    no_raise_reason: str = ""
    decimals: int = 0
    """How the table counts amounts, for the words (:func:`~omaha_tui.engine.units.amount_text`)."""

    @property
    def can_bet_or_raise(self) -> bool:
        return self.can_bet or self.can_raise

    def describe_range(self) -> str:
        """The legal wager range as words, for error messages and the status line."""
        word = "bet" if self.can_bet else "raise to"
        if not self.can_bet_or_raise:
            return self.no_raise_reason or "no bet or raise is possible: check, call or fold"
        lo, hi = self.amount(self.min_raise_to), self.amount(self.max_raise_to)
        if self.min_raise_to == self.max_raise_to:
            return f"{word} exactly {lo}"
        return f"{word} {lo} to {hi}"

    def amount(self, chips: int) -> str:
        """An amount as the table counts it."""
        return amount_text(chips, self.decimals, group=False)


@frozen
class PotBreakdown:
    """R4.4/R4.6: the pot-limit maximum and how it is reached.

    ``pot`` is everything collected from earlier rounds (dead money and antes
    included), ``bets_this_round`` everything in front of the players now.
    """

    pot: int
    bets_this_round: int
    to_call: int
    max_raise_to: int
    all_in_to: int
    sentence: str


def fixed_unit(hand: HandState) -> int:
    """R4.7: the small bet on pre-flop and flop, the big bet on turn and river."""
    if hand.street in (Street.PREFLOP, Street.FLOP):
        return hand.stakes.small_bet
    return hand.stakes.big_bet


def full_raise(hand: HandState, config: TableConfig) -> int:
    """R4.8: the size of a full raise now: the round's unit in fixed limit (R4.7),
    otherwise the last full bet or raise (R4.3)."""
    if config.structure is Structure.FIXED_LIMIT:
        return fixed_unit(hand)
    return hand.min_raise


def legal_actions(state: TableState) -> LegalActions | None:
    """Legal actions for the seat to act, or ``None`` when nobody is to act.

    >>> from omaha_tui.engine.reducer.replay import replay
    >>> from omaha_tui.engine.config import TableConfig, Stakes, VARIANTS
    >>> from omaha_tui.engine.events import SessionStarted, PlayerSeated, HandStarted, Post
    >>> cfg = TableConfig(variant=VARIANTS["omaha"], stakes=Stakes(big_blind=2))
    >>> s = replay([SessionStarted(config=cfg)] + [
    ...     PlayerSeated(seat=i, name=n, stack=100) for i, n in enumerate("ABC")] + [
    ...     HandStarted(button=2, seats=(0, 1, 2), posts=(
    ...         Post(seat=0, kind="sb", amount=1), Post(seat=1, kind="bb", amount=2)))])
    >>> la = legal_actions(s)
    >>> la.seat, la.call_amount, la.min_raise_to, la.max_raise_to
    (2, 2, 4, 7)
    """
    global _last
    last = _last
    if last is not None and last[0] is state:
        return last[1]
    result = _legal_actions(state)
    _last = (state, result)
    return result


_last: tuple[TableState, LegalActions | None] | None = None
"""The last state asked about and its answer: a state is frozen, so the legal range of
the state a keypress starts from (reckoned when it was new) is not reckoned again by
the decision, nor by the views drawn from it."""


def _legal_actions(state: TableState) -> LegalActions | None:
    hand = state.hand
    if hand is None or hand.complete or hand.to_act is None or hand.early_card_pending:
        return None
    assert state.config is not None
    seat = state.seats[hand.to_act]
    assert seat is not None
    return hand_legal_actions(hand, state.config, hand.to_act, seat.stack, seat_stacks(state))


def seat_stacks(state: TableState) -> tuple[int, ...]:
    """Every seat's stack behind (0 for an empty seat), indexed by seat."""
    return tuple(0 if s is None else s.stack for s in state.seats)


def hand_legal_actions(
    hand: HandState, config: TableConfig, seat: int, stack: int, stacks: tuple[int, ...]
) -> LegalActions:
    """:func:`legal_actions` for an explicit seat and stacks (used by the reducer)."""
    bet = hand.bets[seat]
    to_call = max(0, hand.current_bet - bet)
    call_amount = min(to_call, stack)
    all_in_to = stack + bet
    blocked = _wager_block(hand, config, seat, stack, to_call, stacks)
    can_wager = blocked is None
    lo = hi = 0
    if can_wager:
        structure = config.structure
        if structure is Structure.FIXED_LIMIT:
            lo = hi = hand.current_bet + fixed_unit(hand)  # R4.7
        else:
            lo = hand.current_bet + hand.min_raise  # R4.3 / R4.5
            if structure is Structure.POT_LIMIT:
                hi = max(lo, hand.current_bet + hand.total + to_call)  # R4.4
            else:
                hi = all_in_to
        lo = min(lo, all_in_to)
        hi = min(hi, all_in_to)
    opening = hand.current_bet == 0
    return LegalActions(
        seat=seat,
        can_fold=True,
        can_check=to_call == 0,
        can_call=to_call > 0,
        call_amount=call_amount,
        can_bet=can_wager and opening,
        can_raise=can_wager and not opening,
        min_raise_to=lo,
        max_raise_to=hi,
        all_in_to=all_in_to,
        no_raise_reason=blocked or "",
        decimals=config.decimals,
    )


def _wager_block(
    hand: HandState,
    config: TableConfig,
    seat: int,
    stack: int,
    to_call: int,
    stacks: tuple[int, ...],
) -> str | None:
    """Why no bet or raise is possible at all, or ``None`` when one is."""
    if stack <= to_call:
        return f"calling {to_call} takes the whole stack: call all in or fold"
    if seat in hand.closed and hand.current_bet - hand.matched[seat] < full_raise(hand, config):
        # R4.8: short all-ins reopen the betting for a player who acted only once they
        # add up to a full raise over what that player last matched or bet.
        return (
            "the all-in was less than a full raise and does not reopen the betting (R4.8): "
            "call or fold"
        )
    if (
        config.structure is Structure.FIXED_LIMIT
        and not hand.uncapped
        and config.raise_cap is not None
        and hand.raises >= config.raise_cap
    ):
        return f"the betting is capped at {config.raise_cap} bets and raises (R4.7): call or fold"
    # Someone else must be able to call more than the current bet.
    current = hand.current_bet
    bets = hand.bets
    others = [
        other
        for other in hand.seats
        if other != seat and other not in hand.folded and other not in hand.all_in
    ]
    if any(stacks[other] + bets[other] > current for other in others):
        return None
    if others:
        return f"nobody else can put in more than {current}: check, call or fold"
    return "every other player is all in or folded: check, call or fold"


def wager_error(la: LegalActions, to: int, stack: int) -> str | None:
    """Why a bet or raise to ``to`` is not legal, or ``None`` when it is (R4.10)."""
    word = "bet" if la.can_bet or (not la.can_raise and la.call_amount == 0) else "raise to"
    m = la.amount
    if to > la.all_in_to:
        return (
            f"{word} {m(to)} is more than the {m(la.all_in_to)} this player has "
            f"(stack {m(stack)}): go all in for {m(la.all_in_to)} or {la.describe_range()}"
        )
    if not la.can_bet_or_raise:
        return f"{word} {m(to)} is not possible: {la.describe_range()}"
    if to == la.all_in_to and to <= la.max_raise_to:
        return None  # R4.5: all in for less is always allowed
    if to < la.min_raise_to:
        return f"{word} {m(to)} is below the minimum: {la.describe_range()}"
    if to > la.max_raise_to:
        return f"{word} {m(to)} is above the maximum: {la.describe_range()}"
    return None


def pot_limit_breakdown(
    state: TableState, legal: LegalActions | None = None
) -> PotBreakdown | None:
    """The pot-limit maximum for the seat to act, as numbers and as a sentence (R4.4).

    ``legal``: ``legal_actions(state)`` when the caller has it already (reckoned here
    otherwise).

    >>> from omaha_tui.engine.reducer.replay import replay
    >>> from omaha_tui.engine.config import TableConfig, Stakes, VARIANTS
    >>> from omaha_tui.engine.events import SessionStarted, PlayerSeated, HandStarted, Post
    >>> cfg = TableConfig(variant=VARIANTS["omaha"], stakes=Stakes(big_blind=2))
    >>> s = replay([SessionStarted(config=cfg)] + [
    ...     PlayerSeated(seat=i, name=n, stack=100) for i, n in enumerate("ABC")] + [
    ...     HandStarted(button=2, seats=(0, 1, 2), posts=(
    ...         Post(seat=0, kind="sb", amount=1), Post(seat=1, kind="bb", amount=2)))])
    >>> pot_limit_breakdown(s).sentence
    'pot 3 + call 2 = 5; raise to 7'
    """
    hand = state.hand
    la = legal if legal is not None else legal_actions(state)
    if hand is None or la is None:
        return None
    seat = la.seat
    bets_now = sum(hand.bets)
    pot = hand.total - bets_now
    to_call = max(0, hand.current_bet - hand.bets[seat])
    middle = pot + bets_now
    max_to = hand.current_bet + middle + to_call
    if to_call == 0 and hand.current_bet == 0:
        sentence = f"pot {middle}; bet {max_to}"
    elif to_call == 0:
        sentence = f"pot {middle}; raise to {max_to}"
    else:
        sentence = f"pot {middle} + call {to_call} = {middle + to_call}; raise to {max_to}"
    if max_to > la.all_in_to:
        sentence += f" (all in for {la.all_in_to})"
    return PotBreakdown(
        pot=pot,
        bets_this_round=bets_now,
        to_call=to_call,
        max_raise_to=min(max_to, la.all_in_to),
        all_in_to=la.all_in_to,
        sentence=sentence,
    )
