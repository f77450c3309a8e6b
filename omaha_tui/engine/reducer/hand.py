"""Transitions of a running hand: one small function per hand event.

``reducer`` dispatches hand events here. Each function validates its event against
the state (raising :class:`RuleError` with what is wrong and what is allowed) and
returns a new state; nothing is mutated. Derivations (legal ranges, pots, awards)
come from ``betting``, ``pots`` and ``awards``; this module only moves chips and
turns.
"""

from __future__ import annotations

from typing import Any

from omaha_tui.engine.config import Structure
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import (
    Award,
    BetPlaced,
    Called,
    Checked,
    Folded,
    RaisedTo,
    WentAllIn,
)
from omaha_tui.engine.labels import name_of
from omaha_tui.engine.rules.betting import full_raise, hand_legal_actions, seat_stacks, wager_error
from omaha_tui.engine.rules.pots import hand_pots, uncalled
from omaha_tui.engine.state import HandState, LedgerEntry, SeatState, Street, TableState, evolve


def _set(t: tuple[int, ...], i: int, v: int) -> tuple[int, ...]:
    return (*t[:i], v, *t[i + 1 :])


def _with_stack(state: TableState, seat: int, stack: int) -> tuple[SeatState | None, ...]:
    old = state.seats[seat]
    assert old is not None
    return (*state.seats[:seat], evolve(old, stack=stack), *state.seats[seat + 1 :])


def _next_after(order: tuple[int, ...], seat: int, size: int, among: frozenset[int]) -> int | None:
    best: int | None = None
    best_d = size + 1
    for s in among:
        d = (s - seat) % size or size
        if d < best_d:
            best, best_d = s, d
    return best


# ------------------------------------------------------------------ rounds


def open_round(state: TableState, hand: HandState, after: int) -> TableState:
    """Start a betting round: who must act, and the first of them clockwise after ``after``."""
    active = [s for s in hand.seats if s not in hand.folded and s not in hand.all_in]
    if len(active) >= 2:
        pending = frozenset(active)
    else:
        pending = frozenset(s for s in active if hand.bets[s] < hand.current_bet)
    if not pending:
        return close_round(state, evolve(hand, pending=pending))
    size = len(state.seats)
    to_act = _next_after(hand.seats, after, size, pending)
    return evolve(state, hand=evolve(hand, pending=pending, to_act=to_act))


# ------------------------------------------------------------------ betting


def _actor(state: TableState, seat: int, what: str) -> HandState:
    hand = state.hand
    if hand is None or hand.complete:
        raise RuleError(f"no hand is running: {what} is not possible; start the next hand")
    if hand.early_card_pending:
        raise RuleError("deal Courchevel's early flop card before the pre-flop betting (R3.3)")
    if hand.to_act is None:
        if hand.street is Street.SHOWDOWN:
            raise RuleError(f"the betting is over: {what} is not possible; show or muck hands")
        raise RuleError(f"the betting round is over: {what} is not possible; deal the board")
    if seat != hand.to_act:
        raise RuleError(
            f"{name_of(state, seat)} cannot act now: it is {name_of(state, hand.to_act)}'s turn"
        )
    return hand


def apply_folded(state: TableState, ev: Folded) -> TableState:
    hand = _actor(state, ev.seat, "folding")
    changes = {
        "folded": hand.folded | {ev.seat},
        "pending": hand.pending - {ev.seat},
        "actions": hand.actions + 1,
    }
    return _after_action(state, hand, ev.seat, changes)


def apply_checked(state: TableState, ev: Checked) -> TableState:
    if _lone_check(state, ev.seat):
        return state  # R4.1: a recorded check against nobody changes nothing
    hand = _actor(state, ev.seat, "checking")
    to_call = hand.current_bet - hand.bets[ev.seat]
    if to_call > 0:
        raise RuleError(
            f"{name_of(state, ev.seat)} cannot check: {to_call} to call; call, raise or fold"
        )
    changes = {
        "pending": hand.pending - {ev.seat},
        "closed": hand.closed | {ev.seat},
        "matched": _set(hand.matched, ev.seat, hand.bets[ev.seat]),
        "actions": hand.actions + 1,
    }
    return _after_action(state, hand, ev.seat, changes)


def _lone_check(state: TableState, seat: int) -> bool:
    """R4.1: nobody is to act and ``seat`` is the one player left with chips and
    nothing to call (the others folded or are all in). Hand histories written by
    pokerkit record a check there; it is accepted and changes nothing."""
    hand = state.hand
    if hand is None or hand.complete or hand.to_act is not None or hand.early_card_pending:
        return False
    return hand.active == (seat,) and hand.bets[seat] >= hand.current_bet


def apply_called(state: TableState, ev: Called) -> TableState:
    hand = _actor(state, ev.seat, "calling")
    seat = state.seats[ev.seat]
    assert seat is not None
    to_call = hand.current_bet - hand.bets[ev.seat]
    if to_call <= 0:
        raise RuleError(f"{name_of(state, ev.seat)} has nothing to call: check, bet or fold")
    return _put_in(state, hand, ev.seat, hand.bets[ev.seat] + min(to_call, seat.stack))


def _wager(state: TableState, seat: int, to: int, opening: bool) -> TableState:
    hand = _actor(state, seat, "betting" if opening else "raising")
    config = state.config
    assert config is not None
    player = state.seats[seat]
    assert player is not None
    if opening and hand.current_bet > 0:
        raise RuleError(
            f"there is already a bet of {hand.current_bet}: raise to an amount, call or fold"
        )
    if not opening and hand.current_bet == 0:
        raise RuleError("there is no bet to raise: bet an amount or check")
    if to % hand.stakes.chip:
        raise RuleError(f"{to} is not a multiple of the smallest chip {hand.stakes.chip}")
    la = hand_legal_actions(hand, config, seat, player.stack, seat_stacks(state))
    error = wager_error(la, to, player.stack)
    if error is not None:
        raise RuleError(f"{name_of(state, seat)}: {error}")
    return _put_in(state, hand, seat, to)


def apply_bet(state: TableState, ev: BetPlaced) -> TableState:
    return _wager(state, ev.seat, ev.amount, opening=True)


def apply_raised(state: TableState, ev: RaisedTo) -> TableState:
    return _wager(state, ev.seat, ev.to, opening=False)


def apply_all_in(state: TableState, ev: WentAllIn) -> TableState:
    hand = _actor(state, ev.seat, "going all in")
    config = state.config
    assert config is not None
    player = state.seats[ev.seat]
    assert player is not None
    to = player.stack + hand.bets[ev.seat]
    if to <= hand.current_bet:
        return _put_in(state, hand, ev.seat, to)  # a call for the whole stack
    la = hand_legal_actions(hand, config, ev.seat, player.stack, seat_stacks(state))
    error = wager_error(la, to, player.stack)
    if error is not None:
        raise RuleError(f"{name_of(state, ev.seat)} cannot go all in for {to}: {error}")
    return _put_in(state, hand, ev.seat, to)


def _put_in(state: TableState, hand: HandState, seat: int, to: int) -> TableState:
    """Move chips from a stack to the bet in front; raises reopen per R4.8."""
    config = state.config
    assert config is not None
    player = state.seats[seat]
    assert player is not None
    add = to - hand.bets[seat]
    stack = player.stack - add
    seats = _with_stack(state, seat, stack)
    all_in = hand.all_in | {seat} if stack == 0 else hand.all_in
    changes: dict[str, Any] = {
        "bets": _set(hand.bets, seat, to),
        "committed": _set(hand.committed, seat, hand.committed[seat] + add),
        "all_in": all_in,
        "actions": hand.actions + 1,
        "chips_acted": hand.chips_acted or add > 0,
    }
    if to > hand.current_bet:
        increment = to - hand.current_bet
        unit = full_raise(hand, config)
        # R4.8: an opening bet is a full bet unless it is an all-in for less than one
        # (then players who checked may only call or fold).
        short_opening = hand.current_bet == 0 and stack == 0 and increment < unit
        full = (hand.current_bet == 0 and not short_opening) or increment >= unit
        if config.structure is Structure.FIXED_LIMIT and config.half_bet_reopens:
            full = full or 2 * increment >= unit  # R4.8 table option: half a bet is full
        if full:
            changes["closed"] = frozenset({seat})
            changes["raises"] = hand.raises + 1  # R4.7: only full bets and raises count
            if config.structure is not Structure.FIXED_LIMIT:
                changes["min_raise"] = max(hand.min_raise, increment)
        else:
            changes["closed"] = hand.closed | {seat}  # R4.8: does not reopen by itself
        changes["current_bet"] = to
        changes["last_aggressor"] = seat
        changes["pending"] = frozenset(
            s for s in hand.seats if s != seat and s not in hand.folded and s not in all_in
        )
    else:
        changes["closed"] = hand.closed | {seat}
        changes["pending"] = hand.pending - {seat}
    changes["matched"] = _set(hand.matched, seat, to)
    return _after_action(state, hand, seat, changes, seats)


def _after_action(
    state: TableState,
    hand: HandState,
    seat: int,
    changes: dict[str, Any],
    seats: tuple[SeatState | None, ...] | None = None,
) -> TableState:
    """Apply an action's ``changes`` and pass the turn, close the round or end the hand.

    The changes are applied once, together with the next seat to act, because copying
    the hand record is the main cost of an event.
    """
    folded = changes.get("folded", hand.folded)
    pending = changes.get("pending", hand.pending)
    live = [s for s in hand.seats if s not in folded]
    if len(live) == 1 or not pending or _nobody_to_answer(hand, changes):
        hand = evolve(hand, **changes)
        if seats is not None:
            state = evolve(state, seats=seats)
        if len(live) == 1:
            return _win_by_folds(state, hand, live[0])  # R4.2
        return close_round(state, hand)
    changes["to_act"] = _next_after(hand.seats, seat, len(state.seats), pending)
    if seats is None:
        return evolve(state, hand=evolve(hand, **changes))
    return evolve(state, hand=evolve(hand, **changes), seats=seats)


def _nobody_to_answer(hand: HandState, changes: dict[str, Any]) -> bool:
    """One player left with chips and nothing to call: no one could answer a bet."""
    folded = changes.get("folded", hand.folded)
    all_in = changes.get("all_in", hand.all_in)
    bets = changes.get("bets", hand.bets)
    current = changes.get("current_bet", hand.current_bet)
    active = [s for s in hand.seats if s not in folded and s not in all_in]
    return len(active) <= 1 and all(bets[s] >= current for s in active)


def _return_uncalled(state: TableState, hand: HandState) -> tuple[TableState, HandState]:
    """R4.9: give back the part of the top bet nobody matched."""
    back = uncalled(hand)
    if back is None:
        return state, hand
    seat, amount = back
    player = state.seats[seat]
    assert player is not None
    hand = evolve(
        hand,
        bets=_set(hand.bets, seat, hand.bets[seat] - amount),
        committed=_set(hand.committed, seat, hand.committed[seat] - amount),
        all_in=hand.all_in - {seat},
        returned=(*hand.returned, back),
    )
    return evolve(state, seats=_with_stack(state, seat, player.stack + amount)), hand


def close_round(state: TableState, hand: HandState) -> TableState:
    state, hand = _return_uncalled(state, hand)
    active = [s for s in hand.seats if s not in hand.folded and s not in hand.all_in]
    hand = evolve(
        hand,
        bets=(0,) * len(hand.bets),
        current_bet=0,
        min_raise=hand.stakes.big_blind,
        raises=0,
        pending=frozenset(),
        closed=frozenset(),
        matched=(0,) * len(hand.bets),
        to_act=None,
        betting_over=hand.betting_over or len(active) <= 1,
        street=Street.SHOWDOWN if hand.street is Street.RIVER else hand.street,
    )
    return evolve(state, hand=hand)


def finish_hand(state: TableState, hand: HandState, awards: tuple[Award, ...]) -> TableState:
    stacks = list(seat_stacks(state))
    for a in awards:
        stacks[a.seat] += a.amount
    seats = tuple(
        None if s is None else (s if s.stack == stacks[i] else evolve(s, stack=stacks[i]))
        for i, s in enumerate(state.seats)
    )
    # A player left with nothing sits out until they rebuy and come back (R1.5, R2.6).
    seats = tuple(
        evolve(s, sitting_out=True, waiting_for_bb=False)
        if s is not None and s.stack == 0 and not s.sitting_out
        else s
        for s in seats
    )
    hand = evolve(hand, awards=awards, complete=True, to_act=None, pending=frozenset())
    return evolve(
        state,
        seats=seats,
        hand=hand,
        hands_played=state.hands_played + 1,
        # R13.1(d): a bomb pot moves neither the button nor the blinds; its call is spent.
        button_moves=hand.prior_button_moves if hand.bomb else True,
        bomb_call=None if hand.bomb else state.bomb_call,
        ledger=tally_hand(state, hand, awards),
    )


def tally_hand(
    state: TableState, hand: HandState, awards: tuple[Award, ...]
) -> tuple[LedgerEntry, ...]:
    """The ledger with one more hand dealt in for every player in it, one more won
    (any share of a pot) and their best hand's winnings, for the regulars' results."""
    won: dict[str, int] = {}
    for a in awards:
        seat = state.seats[a.seat]
        if seat is not None and a.amount:
            won[seat.name] = won.get(seat.name, 0) + a.amount
    dealt = {s.name for i in hand.seats if (s := state.seats[i]) is not None}
    return tuple(
        evolve(
            e,
            hands=e.hands + 1,
            won=e.won + (e.name in won),
            best_pot=max(e.best_pot, won.get(e.name, 0)),
        )
        if e.name in dealt
        else e
        for e in state.ledger
    )


def _win_by_folds(state: TableState, hand: HandState, winner: int) -> TableState:
    state, hand = _return_uncalled(state, hand)
    awards = tuple(
        Award(pot=i, seat=winner, amount=p.amount) for i, p in enumerate(hand_pots(hand))
    )
    return finish_hand(state, evolve(hand, bets=(0,) * len(hand.bets)), awards)
