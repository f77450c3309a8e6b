"""Transitions of a running hand: one small function per hand event.

``reducer`` dispatches hand events here. Each function validates its event against
the state (raising :class:`RuleError` with what is wrong and what is allowed) and
returns a new state; nothing is mutated. Derivations (legal ranges, pots, awards)
come from ``betting``, ``pots`` and ``awards``; this module only moves chips and
turns.
"""

from __future__ import annotations

from typing import Any

from .betting import fixed_unit, hand_legal_actions, seat_stacks, wager_error
from .blinds import record_missed_blinds
from .config import ShortBlindRule, Structure, binglao_variant
from .errors import RuleError
from .events import (
    Award,
    BetPlaced,
    Called,
    Checked,
    Folded,
    HandStarted,
    PostKind,
    RaisedTo,
    WentAllIn,
    nominal_post,
)
from .labels import name_of, seat_label, seat_range
from .pots import clockwise_from, hand_pots, uncalled
from .state import HandState, SeatState, Street, TableState, evolve


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


# ------------------------------------------------------------------ hand start


def apply_hand_started(state: TableState, ev: HandStarted) -> TableState:
    """Deal in the seats, take every forced bet and open the pre-flop betting."""
    config, stakes = state.config, state.stakes
    if config is None or stakes is None:
        raise RuleError("no session: start a session first")
    if state.in_hand:
        raise RuleError("a hand is already running: finish it (or declare a misdeal) first")
    if state.ended:
        raise RuleError("the session has ended: start a new session")
    size = len(state.seats)
    variant = config.variant
    if variant.binglao:
        if ev.die_roll is None:
            raise RuleError("Binglao needs the die roll for this hand (R3.4): enter 1 to 6")
        variant = binglao_variant(ev.die_roll)
    elif ev.die_roll is not None:
        raise RuleError(f"only Binglao rolls a die; {variant.name} does not take a die roll")
    if ev.button >= size:
        raise RuleError(f"button {seat_label(ev.button)} does not exist: use {seat_range(size)}")
    if len(set(ev.seats)) != len(ev.seats):
        raise RuleError("a seat is listed twice among the dealt-in seats")
    for s in ev.seats:
        seat = state.seat(s)
        if seat is None:
            raise RuleError(f"{seat_label(s)} is empty: deal in only seated players")
        if seat.sitting_out:
            raise RuleError(f"{seat.name} is sitting out: bring them back before dealing them in")
        if seat.stack <= 0:
            raise RuleError(f"{seat.name} has no chips: rebuy or leave before the next hand")
    if len(ev.seats) < 2:
        raise RuleError(
            f"a hand needs at least 2 players able to play, not {len(ev.seats)}: seat more players"
        )
    order = clockwise_from(ev.seats, (ev.button + 1) % size, size)
    stacks = list(seat_stacks(state))
    bets = [0] * size
    committed = [0] * size
    dead = [0] * size
    bb_posts: list[int] = []
    sb_seat: int | None = None
    straddle_seat: int | None = None
    full_bet = 0
    for p in ev.posts:
        full = nominal_post(stakes, p.kind)
        if (
            p.seat not in ev.seats
            or p.amount % stakes.chip
            or p.amount > full
            or p.amount > stacks[p.seat]
            or (p.amount < full and stacks[p.seat] > p.amount)
        ):
            _refuse_post(state, p.seat, p.amount, p.kind, full, stacks[p.seat], ev.seats)
        stacks[p.seat] -= p.amount
        if p.kind is PostKind.DEAD_SMALL_BLIND:
            dead[p.seat] += p.amount  # R2.6: straight to the pot
            continue
        committed[p.seat] += p.amount
        if p.kind is PostKind.ANTE:
            continue
        bets[p.seat] += p.amount
        if p.kind is PostKind.BIG_BLIND:
            bb_posts.append(p.seat)
            full_bet = max(full_bet, stakes.big_blind)
        elif p.kind is PostKind.SMALL_BLIND:
            if sb_seat is not None:
                raise RuleError("two small blinds posted: one player posts the small blind")
            sb_seat = p.seat
        else:
            straddle_seat = p.seat
            full_bet = max(full_bet, stakes.straddle)
    bb_seat = next((s for s in order if s in bb_posts), None)
    all_in = frozenset(s for s in ev.seats if stacks[s] == 0)
    # R2.5: the live default keeps the full blind to call; "posted" matches what was posted.
    full_rule = config.short_blind_rule is ShortBlindRule.FULL
    current = max(max(bets), full_bet) if full_rule else max(bets)
    min_raise = stakes.straddle if straddle_seat is not None else stakes.big_blind
    raises = (1 if bb_posts else 0) + (1 if straddle_seat is not None else 0)
    anchor = straddle_seat if straddle_seat is not None else bb_seat
    hand = HandState(
        number=state.hands_played + 1,
        variant=variant,
        stakes=stakes,
        button=ev.button,
        seats=order,
        sb_seat=sb_seat,
        bb_seat=bb_seat,
        posts=ev.posts,
        street=Street.PREFLOP,
        board=(),
        board_count=0,
        bets=tuple(bets),
        committed=tuple(committed),
        dead=tuple(dead),
        folded=frozenset(),
        all_in=all_in,
        to_act=None,
        current_bet=current,
        min_raise=min_raise,
        raises=raises,
        uncapped=config.no_cap_heads_up and len(order) == 2,
        pending=frozenset(),
        closed=frozenset(),
        short_sum=0,
        last_aggressor=None,
        betting_over=False,
        early_card_pending=variant.early_flop_card,
        actions=0,
        chips_acted=False,
        die_roll=ev.die_roll,
    )
    seats = tuple(
        None if seat is None else (evolve(seat, stack=stacks[i]) if i in ev.seats else seat)
        for i, seat in enumerate(state.seats)
    )
    state = evolve(state, seats=seats, button=ev.button, button_moves=False)
    seats = record_missed_blinds(state, ev.button, sb_seat, bb_seat, order)
    start = ev.button if anchor is None else anchor
    return open_round(evolve(state, seats=seats), hand, start)


def _refuse_post(
    state: TableState,
    seat: int,
    amount: int,
    kind: PostKind,
    full: int,
    stack: int,
    dealt: tuple[int, ...],
) -> None:
    """Raise the error for a forced bet that breaks R2 (only called when one does)."""
    assert state.stakes is not None
    who = name_of(state, seat)
    if seat not in dealt:
        raise RuleError(f"{who} posts but is not dealt in: only dealt-in players post")
    if amount % state.stakes.chip:
        raise RuleError(f"{who}'s post {amount} is not a multiple of the chip {state.stakes.chip}")
    if amount > full:
        raise RuleError(f"{who} posts {amount}, more than the {kind.value} of {full}")
    if amount > stack:
        raise RuleError(f"{who} posts {amount} but has only {stack}")
    raise RuleError(
        f"{who} posts {amount} of a {full} {kind.value} while keeping chips: "
        f"only an all-in player posts less (R2.5)"
    )


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
    hand = _actor(state, ev.seat, "checking")
    to_call = hand.current_bet - hand.bets[ev.seat]
    if to_call > 0:
        raise RuleError(
            f"{name_of(state, ev.seat)} cannot check: {to_call} to call; call, raise or fold"
        )
    changes = {
        "pending": hand.pending - {ev.seat},
        "closed": hand.closed | {ev.seat},
        "actions": hand.actions + 1,
    }
    return _after_action(state, hand, ev.seat, changes)


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
        full = hand.current_bet == 0 or increment >= hand.min_raise
        if config.structure is Structure.FIXED_LIMIT:
            unit = fixed_unit(hand)
            full = increment >= unit or (config.half_bet_reopens and 2 * increment >= unit)
            full = full or hand.current_bet == 0
        short_sum = 0 if full else hand.short_sum + increment
        if not full and short_sum >= hand.min_raise:
            full, short_sum = True, 0  # short all-ins that add up to a full raise reopen
        if full:
            changes["closed"] = frozenset({seat})
            if config.structure is not Structure.FIXED_LIMIT:
                changes["min_raise"] = max(hand.min_raise, increment)
        else:
            changes["closed"] = hand.closed | {seat}  # R4.8: does not reopen
        changes["short_sum"] = short_sum
        changes["current_bet"] = to
        changes["raises"] = hand.raises + 1
        changes["last_aggressor"] = seat
        changes["pending"] = frozenset(
            s for s in hand.seats if s != seat and s not in hand.folded and s not in all_in
        )
    else:
        changes["closed"] = hand.closed | {seat}
        changes["pending"] = hand.pending - {seat}
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
        short_sum=0,
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
    hand = evolve(hand, awards=awards, complete=True, to_act=None, pending=frozenset())
    return evolve(
        state,
        seats=seats,
        hand=hand,
        hands_played=state.hands_played + 1,
        button_moves=True,
    )


def _win_by_folds(state: TableState, hand: HandState, winner: int) -> TableState:
    state, hand = _return_uncalled(state, hand)
    awards = tuple(
        Award(pot=i, seat=winner, amount=p.amount) for i, p in enumerate(hand_pots(hand))
    )
    return finish_hand(state, evolve(hand, bets=(0,) * len(hand.bets)), awards)
