"""The forced bets of a hand: antes (R2.9), the blinds, short stacks (R2.5), what a
returning player owes (R2.6), and the straddle (R2.8) from where it comes (R13.3).

:func:`~omaha_tui.engine.rules.blinds.propose_deal` decides who is dealt in and where
the button and blinds are (:mod:`.button`); :func:`posts_for` says what each posts.
"""

from __future__ import annotations

from collections.abc import Mapping

from omaha_tui.engine.config import STRADDLE_PLAYERS
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import Post, PostKind
from omaha_tui.engine.labels import seat_label
from omaha_tui.engine.rules.button import owes
from omaha_tui.engine.rules.pots import clockwise_from
from omaha_tui.engine.state import SeatState, TableState


def posts_for(
    state: TableState,
    order: tuple[int, ...],
    places: tuple[int, int | None, int],
    straddle: bool,
    where: tuple[bool, int | None],
) -> tuple[Post, ...]:
    btn, sb, bb = places
    stakes = state.stakes
    assert stakes is not None
    left = {i: seat_at(state, i).stack for i in order}
    posts: list[Post] = []

    def post(seat: int, kind: PostKind, amount: int) -> None:
        paid = min(amount, left[seat])  # R2.5: a short player posts what they have
        left[seat] -= paid
        if paid or amount == 0:
            posts.append(Post(seat=seat, kind=kind, amount=paid))

    if stakes.ante:  # R2.9: antes before the blinds
        for i in (bb,) if stakes.big_blind_ante else order:
            post(i, PostKind.ANTE, stakes.ante)
    if sb is not None and left[sb]:
        post(sb, PostKind.SMALL_BLIND, stakes.small_blind)
    # The big blind is recorded even when the ante took the whole stack (R2.9): the
    # blind has moved to that seat (R1.5a), and the others still call it (R2.5).
    posts.append(Post(seat=bb, kind=PostKind.BIG_BLIND, amount=min(stakes.big_blind, left[bb])))
    left[bb] -= posts[-1].amount
    heads_up = len(order) == 2
    for i in order:
        seat = seat_at(state, i)
        if heads_up or i in (sb, bb) or not owes(seat) or not left[i]:
            continue
        if seat.owes_bb:
            post(i, PostKind.BIG_BLIND, stakes.big_blind)  # R2.6 live big blind
        if seat.owes_sb and left[i]:
            post(i, PostKind.DEAD_SMALL_BLIND, stakes.small_blind)  # R2.6 dead
    if not (straddle or state.straddle):
        return tuple(posts)
    size_ = state.straddle or stakes.straddle or (2 * stakes.big_blind if straddle else 0)
    if len(order) < STRADDLE_PLAYERS:
        if not straddle:
            return tuple(posts)  # heads-up a standing straddle waits (R2.8)
        raise RuleError(
            f"a straddle needs at least {STRADDLE_PLAYERS} players dealt in, "
            f"not {len(order)} (R2.8)"
        )
    if size_ < 2 * stakes.big_blind:
        if not straddle:
            return tuple(posts)  # the blinds went up past the standing straddle
        raise RuleError(
            f"a straddle of {size_} is below twice the big blind ({2 * stakes.big_blind}) (R2.8)"
        )
    blinds = {p.seat for p in posts if p.kind is not PostKind.ANTE}
    straddler = _straddler(state, order, (btn, bb), where, blinds, straddle)
    if straddler is not None and left[straddler]:
        post(straddler, PostKind.STRADDLE, size_)
    return tuple(posts)


def _straddler(
    state: TableState,
    order: tuple[int, ...],
    places: tuple[int, int],
    where: tuple[bool, int | None],
    blinds: set[int],
    asked: bool,
) -> int | None:
    """R2.8, R13.3: the seat that straddles this hand: left of the big blind, the button,
    or a Mississippi straddler; never one who posts a blind. A standing straddle whose
    seat cannot straddle this hand waits (None); one asked for this hand is refused."""
    btn, bb = places
    size = len(state.seats)
    by_button, chosen = where
    if by_button:
        seat, who = btn, "the button"
    elif chosen is not None:
        seat, who = chosen, seat_label(chosen)
    else:
        return clockwise_from(order, (bb + 1) % size, size)[0]
    player = state.seats[seat] if seat < size else None
    name = player.name if player is not None else who
    if seat not in order:
        if not asked:
            return None
        raise RuleError(f"{name} is not dealt in this hand: nobody straddles from there (R13.3)")
    if seat in blinds:
        if not asked:
            return None
        raise RuleError(
            f"{name} posts a blind this hand and cannot straddle: the straddle comes from "
            "the seat left of the big blind, the button or another seat, never a blind (R13.3)"
        )
    return seat


def seat_at(state: TableState, index: int) -> SeatState:
    seat = state.seats[index]
    assert seat is not None
    return seat


def describe_post(post: Post, names: Mapping[int, str]) -> str:
    """``Ann posts the big blind 2`` (for the hand log)."""
    what = {
        PostKind.SMALL_BLIND: "the small blind",
        PostKind.BIG_BLIND: "the big blind",
        PostKind.ANTE: "an ante",
        PostKind.STRADDLE: "a straddle",
        PostKind.DEAD_SMALL_BLIND: "a dead small blind",
    }[post.kind]
    return f"{names.get(post.seat, seat_label(post.seat))} posts {what} {post.amount}"
