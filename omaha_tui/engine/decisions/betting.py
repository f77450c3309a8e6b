"""The deciders of the betting: fold, check, call, bet and raise, all in, and the pot.

A wager above the stack is asked first (R4.10); in pot limit a wager above the pot is
cut to the pot-limit maximum, the excess going back (R4.6), and ``pot`` says how the
maximum was counted (R4.4). The reducer checks the rest of each action (R4).
"""

from __future__ import annotations

from omaha_tui.engine import events as ev
from omaha_tui.engine.config import STRUCTURE_NAMES, Structure
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.outcomes import Ask, Built, Choice, Decided, Refusal
from omaha_tui.engine.decisions.registry import decides, fold
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.labels import player_name
from omaha_tui.engine.rules.betting import legal_actions, pot_limit_breakdown
from omaha_tui.engine.state import TableState


def to_act(state: TableState) -> int:
    """The seat to act, or :class:`RuleError` saying why nobody is."""
    hand = state.hand
    if hand is None or hand.complete:
        raise RuleError("no hand is running: start the next hand")
    if hand.early_card_pending:
        raise RuleError("deal Courchevel's early flop card before the pre-flop betting (R3.3)")
    if hand.to_act is None:
        raise RuleError("nobody is to act: deal the next street or settle the pots")
    return hand.to_act


@decides(rq.Fold)
def _fold(state: TableState, _: rq.Fold) -> Built:
    return (ev.Folded(seat=to_act(state)),)


@decides(rq.Check)
def _check(state: TableState, _: rq.Check) -> Built:
    return (ev.Checked(seat=to_act(state)),)


@decides(rq.Call)
def _call(state: TableState, _: rq.Call) -> Built:
    return (ev.Called(seat=to_act(state)),)


@decides(rq.CheckOrCall)
def _check_or_call(state: TableState, _: rq.CheckOrCall) -> Built:
    seat = to_act(state)
    la = legal_actions(state)
    assert la is not None
    return (ev.Checked(seat=seat) if la.can_check else ev.Called(seat=seat),)


@decides(rq.AllIn)
def _all_in(state: TableState, _: rq.AllIn) -> Built:
    return (ev.WentAllIn(seat=to_act(state)),)


@decides(rq.Bet)
@decides(rq.RaiseTo)
def _wager(state: TableState, req: rq.Bet | rq.RaiseTo) -> Built:
    """A bet or raise *to* ``req.amount``: R4.6 cuts an over-pot wager, R4.10 asks first
    before turning more than the stack into all in."""
    seat = to_act(state)
    hand, config = state.hand, state.config
    assert hand is not None and config is not None
    to, chip = req.amount, hand.stakes.chip
    if to <= 0:  # R4.10
        raise RuleError(f"a bet must be a positive amount, not {to}")
    if to % chip:
        raise RuleError(f"{to} is not a multiple of the smallest chip {chip}")
    la = legal_actions(state)
    assert la is not None
    pot_cut = (
        config.structure is Structure.POT_LIMIT
        and la.can_bet_or_raise
        and la.max_raise_to < la.all_in_to
    )
    if to > la.all_in_to and not pot_cut:  # R4.10: all in only when the dealer confirms
        if not req.confirm_all_in:
            name = player_name(state, seat)
            return Ask(
                f"{name} has {la.all_in_to}: all in for {la.all_in_to}?",
                (
                    Choice(f"all in for {la.all_in_to}", type(req)(to, confirm_all_in=True)),
                    Choice(f"cancel ({la.describe_range()})", rq.Check()),
                ),
            )
        to = la.all_in_to
    excess = 0  # R4.6 below: above the pot is cut to the pot, stack or not
    if config.structure is Structure.POT_LIMIT and la.can_bet_or_raise and to > la.max_raise_to:
        # R4.6: cut, the rest goes back (never more than the player put forward)
        excess, to = min(to, la.all_in_to) - la.max_raise_to, la.max_raise_to
    if to == la.all_in_to and excess == 0:
        return (ev.WentAllIn(seat=seat),)
    if hand.current_bet == 0:
        return (ev.BetPlaced(seat=seat, amount=to, excess_returned=excess),)
    return (ev.RaisedTo(seat=seat, to=to, excess_returned=excess),)


@decides(rq.RaisePot)
def _pot(state: TableState, _: rq.RaisePot) -> Built:
    """R4.4/R4.6: exactly the pot-limit maximum (all in if the stack is smaller)."""
    to_act(state)
    la = legal_actions(state)
    assert la is not None and state.config is not None
    structure = state.config.structure
    if structure is not Structure.POT_LIMIT:
        raise RuleError(
            f"'pot' is the pot-limit maximum, and this table is {STRUCTURE_NAMES[structure]}: "
            f"{la.describe_range()}"
        )
    if not la.can_bet_or_raise:
        raise RuleError(la.describe_range())
    built = _wager(state, rq.Bet(la.max_raise_to))
    breakdown = pot_limit_breakdown(state)
    if isinstance(built, Decided | Ask | Refusal) or breakdown is None:
        return built
    return fold(state, built, note=f"R4.4: {breakdown.sentence}")  # R4.6: state how
