"""The start of a hand: validate ``HandStarted``, take the forced bets, open the betting.

The rules propose a deal (``blinds.propose_deal``); the dealer may record another,
so this module checks what a proposal always satisfies: only seated players with
chips, each forced bet its full size unless the player is all in (R2.5, R2.9), and
a player who owes blinds or waits for the big blind dealt in only when they post it
(R1.5d, R2.6). It then notes missed blinds and where the blinds were (R1.5), and
hands the pre-flop round to ``handflow``.
"""

from __future__ import annotations

from datetime import datetime

from omaha_tui.engine.clock_events import at_ms
from omaha_tui.engine.config import (
    STRADDLE_PLAYERS,
    ButtonRule,
    ShortBlindRule,
    Stakes,
    Variant,
    binglao_variant,
    double_board_players,
)
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import HandStarted, Post, PostKind, nominal_post
from omaha_tui.engine.labels import name_of, seat_label, seat_range
from omaha_tui.engine.reducer.hand import close_round, open_round
from omaha_tui.engine.rules.betting import seat_stacks
from omaha_tui.engine.rules.blinds import record_missed_blinds
from omaha_tui.engine.rules.button import owes
from omaha_tui.engine.rules.clock.running import ClockState, started_at
from omaha_tui.engine.rules.pots import clockwise_from
from omaha_tui.engine.state import HandState, Street, TableState, evolve


def apply_hand_started(state: TableState, ev: HandStarted) -> TableState:
    """Deal in the seats, take every forced bet and open the pre-flop betting."""
    config, stakes = state.config, state.stakes
    if config is None or stakes is None:
        raise RuleError("no session: start a session first")
    if state.in_hand:
        raise RuleError("a hand is already running: finish it (or declare a misdeal) first")
    if state.ended:
        raise RuleError("the session has ended: start a new session")
    if state.straddle and state.straddle != stakes.straddle:
        stakes = stakes.model_copy(update={"straddle": state.straddle})  # R2.8 standing
    if ev.bomb:
        stakes = _bomb_stakes(state, ev)
    elif any(p.kind is PostKind.STRADDLE for p in ev.posts) and not stakes.straddle:
        stakes = stakes.model_copy(update={"straddle": 2 * stakes.big_blind})  # R13.3
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
    if ev.bomb:
        _check_bomb(state, ev)
    elif any(p.kind is PostKind.BOMB for p in ev.posts):
        raise RuleError(
            "a bomb is posted only in a bomb pot (R13.1): post blinds, or deal a bomb pot"
        )
    else:
        _check_owing(state, ev)
    if ev.boards == 2:
        check_double_board(variant, len(ev.seats))
    order = clockwise_from(ev.seats, (ev.button + 1) % size, size)
    stacks = list(seat_stacks(state))
    bets = [0] * size
    committed = [0] * size
    dead = [0] * size
    antes = [0] * size
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
            _refuse_post(state, p, full, stacks[p.seat], ev.seats)
        stacks[p.seat] -= p.amount
        if p.kind is PostKind.DEAD_SMALL_BLIND:
            dead[p.seat] += p.amount  # R2.6: straight to the pot
            continue
        committed[p.seat] += p.amount
        if p.kind in (PostKind.ANTE, PostKind.BOMB):
            antes[p.seat] += p.amount  # R2.9/R5.2, R13.1b: dead money, layered apart
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
            straddle_seat = _check_straddle(state, ev, p, bb_posts, sb_seat, straddle_seat)
            full_bet = max(full_bet, stakes.straddle)
    bb_seat = next((s for s in order if s in bb_posts), None)
    all_in = frozenset(s for s in ev.seats if stacks[s] == 0)
    # R2.5: the live default keeps the full blind to call; "posted" matches what was posted.
    full_rule = config.short_blind_rule is ShortBlindRule.FULL
    current = max(max(bets), full_bet) if full_rule else max(bets)
    min_raise = stakes.straddle if straddle_seat is not None else stakes.big_blind  # R2.8
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
        last_aggressor=None,
        betting_over=False,
        early_card_pending=variant.early_flop_card,
        actions=0,
        chips_acted=False,
        die_roll=ev.die_roll,
        antes=tuple(antes),
        matched=(0,) * size,
        structure=config.structure,
        ante_pots=config.ante_pots,
        prior_blinds=state.last_blinds,
        start_seats=state.seats,  # R3.5, R11.3: the seats as the deal found them
        bomb=ev.bomb,
        prior_button_moves=state.button_moves,
        boards=ev.boards,  # R13.2
    )
    if ev.bomb:
        return _deal_bomb(state, ev, hand, stacks)
    missed = record_missed_blinds(state, sb_seat, bb_seat, order)
    seats = tuple(
        None if seat is None else (evolve(seat, stack=stacks[i]) if i in ev.seats else seat)
        for i, seat in enumerate(missed)
    )
    blinds = (_sb_position(state, sb_seat, bb_seat), bb_seat)
    if state.button is not None and state.button != ev.button:
        state = evolve(state, button_move=(state.button, ev.button))  # R13.1: bomb at a seat
    state = evolve(state, seats=seats, button=ev.button, button_moves=False, last_blinds=blinds)
    if ev.clock_from is not None:
        state = evolve(state, clock=_clock_starts(state, ev.clock_from))
    start = ev.button if anchor is None else anchor
    return open_round(state, hand, start)


def _clock_starts(state: TableState, at: datetime) -> ClockState:
    """R2.7a: the blind clock starts with this hand."""
    if state.clock.schedule is None:
        raise RuleError("this table has no blind schedule: no clock starts with the hand")
    if state.clock.started:
        raise RuleError("the clock is already running: it started before this hand")
    return started_at(state.clock, at_ms(at))


def _sb_position(state: TableState, sb: int | None, bb: int | None) -> int | None:
    """R1.5(b): the small blind's seat this hand, posted or dead."""
    assert state.config is not None
    if sb is not None or state.config.button_rule is ButtonRule.MOVING:
        return sb
    last_bb = state.last_blinds[1]
    return last_bb if last_bb is not None and last_bb != bb else None


def _check_owing(state: TableState, ev: HandStarted) -> None:
    """R1.5(d), R2.6: a newcomer, a returning player owing blinds or a player waiting
    for the big blind is dealt in only posting a big blind, and not on the button
    (heads-up excepted: nobody is left to wait for)."""
    if len(ev.seats) == 2:
        return
    bb_posters = {p.seat for p in ev.posts if p.kind is PostKind.BIG_BLIND}
    paid = {s: 0 for s in ev.seats}
    for p in ev.posts:
        paid[p.seat] = paid.get(p.seat, 0) + p.amount
    for s in ev.seats:
        seat = state.seats[s]
        assert seat is not None
        if not (owes(seat) or seat.waiting_for_bb):
            continue
        if seat.waiting_for_bb and s not in bb_posters:
            raise RuleError(
                f"{seat.name} waits for the big blind (R2.6): deal them in when it reaches them"
            )
        if s == ev.button:
            raise RuleError(
                f"{seat.name} owes blinds and is on the button: they are dealt in once the "
                "button has passed (R1.5d)"
            )
        if s not in bb_posters and paid[s] < seat.stack:  # all in on the ante: nothing left
            raise RuleError(f"{seat.name} owes a big blind (R2.6): they post it to be dealt in")


def check_double_board(variant: Variant, players: int) -> None:
    """R13.2(b): two boards only while the deck covers every hand, ten board cards and
    three burns; Courchevel's early flop card (R3.3) belongs to a single board."""
    if variant.early_flop_card:
        raise RuleError(
            f"{variant.name} turns one early flop card (R3.3): it is played on one board"
        )
    limit = double_board_players(variant)
    if players > limit:
        raise RuleError(
            f"a double board seats at most {limit} players in {variant.name} "
            f"({variant.hole_cards if not variant.binglao else 6} cards each, 10 board "
            f"cards and 3 burns, R13.2b), not {players}: play one board"
        )


def _check_straddle(
    state: TableState,
    ev: HandStarted,
    post: Post,
    bb_posts: list[int],
    sb_seat: int | None,
    straddled: int | None,
) -> int:
    """R2.8, R13.3: one straddle a hand, after the big blind, with three or more dealt
    in, from any seat but the blinds' (left of the big blind, the button's, or a
    Mississippi straddle from another seat)."""
    if len(ev.seats) < STRADDLE_PLAYERS:
        raise RuleError(
            f"a straddle needs at least {STRADDLE_PLAYERS} players dealt in, "
            f"not {len(ev.seats)} (R2.8)"
        )
    if not bb_posts:
        raise RuleError("a straddle is posted after the big blind (R2.8)")
    if straddled is not None:
        raise RuleError(
            f"{name_of(state, straddled)} already straddles: one straddle a hand, "
            "no re-straddle (R13.3)"
        )
    if post.seat in (sb_seat, bb_posts[0]):  # a returning player's live BB may straddle
        raise RuleError(
            f"{name_of(state, post.seat)} posts a blind and cannot straddle too: the straddle "
            "comes from the seat left of the big blind, the button or another seat (R13.3)"
        )
    return post.seat


def _bomb_stakes(state: TableState, ev: HandStarted) -> Stakes:
    """R13.1: a bomb pot's stakes: the bomb is its only forced bet (an ante each), and
    the big blind stays the smallest bet."""
    stakes = state.stakes
    assert stakes is not None
    if ev.bomb % stakes.chip:
        raise RuleError(f"a bomb of {ev.bomb} is not a multiple of the smallest chip {stakes.chip}")
    return stakes.model_copy(update={"ante": ev.bomb, "big_blind_ante": False, "straddle": 0})


def _check_bomb(state: TableState, ev: HandStarted) -> None:
    """R13.1: in a bomb pot every player dealt in posts the bomb (or all they have,
    R13.1b), and nothing else is posted; nobody owing blinds or waiting for the big
    blind is dealt in (R13.1a)."""
    if any(p.kind is not PostKind.BOMB for p in ev.posts):
        raise RuleError("a bomb pot has no blinds, antes or straddles: every player posts the bomb")
    posted = [p.seat for p in ev.posts]
    missing = [s for s in ev.seats if s not in posted]
    if missing or len(posted) != len(set(posted)):
        who = name_of(state, missing[0]) if missing else "a player"
        raise RuleError(f"{who} must post the bomb once to be dealt into the bomb pot (R13.1)")
    for s in ev.seats:
        seat = state.seats[s]
        assert seat is not None
        if owes(seat) or seat.waiting_for_bb:
            raise RuleError(
                f"{seat.name} owes blinds or waits for the big blind: they sit out the bomb "
                "pot and owe nothing for it (R13.1a)"
            )


def _deal_bomb(
    state: TableState, ev: HandStarted, hand: HandState, stacks: list[int]
) -> TableState:
    """R13.1: the bombs are in and the pre-flop round is skipped: the flop comes at once.
    R13.1(d): the button stays where it stands and the blinds where they were, and
    nobody misses a blind, so the table's ``last_blinds`` and seats' debts are kept."""
    # R13.1b, R4.9: when every other player is all in for less, the part of the one
    # full bomb nobody matched goes back to its owner (it is no pot of its own).
    top = max(hand.seats, key=lambda s: hand.antes[s])
    over = hand.antes[top] - max((hand.antes[s] for s in hand.seats if s != top), default=0)
    if over > 0:
        hand = evolve(
            hand,
            antes=tuple(a - over if s == top else a for s, a in enumerate(hand.antes)),
            committed=tuple(c - over if s == top else c for s, c in enumerate(hand.committed)),
            all_in=hand.all_in - {top},
            returned=(*hand.returned, (top, over)),
        )
        stacks[top] += over
    seats = tuple(
        None if seat is None else (evolve(seat, stack=stacks[i]) if i in ev.seats else seat)
        for i, seat in enumerate(state.seats)
    )
    state = evolve(state, seats=seats, button=ev.button)
    if ev.clock_from is not None:
        state = evolve(state, clock=_clock_starts(state, ev.clock_from))
    return close_round(state, hand)


def _refuse_post(
    state: TableState, post: Post, full: int, stack: int, dealt: tuple[int, ...]
) -> None:
    """Raise the error for a forced bet that breaks R2 (only called when one does)."""
    assert state.stakes is not None
    seat, amount, kind = post.seat, post.amount, post.kind
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
