"""Who posts what at the start of a hand, where the button goes, and missed blinds.

Pure functions used by ``commands.start_hand`` (to fill ``HandStarted.posts`` from
the rules, R2) and by the reducer (to record missed blinds, R2.6). The dealer can
always override the posts with an explicit event; this module only proposes them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .cards import CardError, check_distinct, parse_card
from .errors import RuleError
from .events import Post, PostKind
from .labels import seat_label
from .pots import clockwise_from
from .state import SeatState, TableState


@dataclass(frozen=True, slots=True)
class Deal:
    """A proposed hand start: button, dealt-in seats (clockwise from the button's
    left), blind positions and every forced bet."""

    button: int
    seats: tuple[int, ...]
    sb_seat: int | None
    bb_seat: int | None
    posts: tuple[Post, ...]


def button_from_draw(cards: Mapping[int, str]) -> int:
    """R1.4: the seat whose face-up card is highest (rank, then suit c<d<h<s).

    >>> button_from_draw({0: "Kd", 3: "Kh", 5: "9s"})
    3
    """
    if len(cards) < 2:
        raise RuleError(f"a button draw needs a card for at least 2 seats, got {len(cards)}")
    try:
        parsed = {seat: parse_card(text) for seat, text in cards.items()}
        check_distinct({seat_label(s): (c,) for s, c in parsed.items()})
    except CardError as exc:
        raise RuleError(f"button draw: {exc}") from None
    return max(parsed, key=lambda s: parsed[s])


def in_game(seat: SeatState | None) -> bool:
    """A player who will be dealt the next hand without waiting (R1.5)."""
    return seat is not None and not seat.sitting_out and not seat.waiting_for_bb and seat.stack > 0


def _present(seat: SeatState | None) -> bool:
    return seat is not None and not seat.sitting_out and seat.stack > 0


def next_button(state: TableState) -> int:
    """R1.5: the button of the next hand.

    After a hand it moves one seat clockwise to the next player in the game; after
    a draw, a placement or a misdeal (R3.5) it stays where it is.

    >>> from omaha_tui.engine.state import SeatState
    >>> s = TableState(seats=(SeatState("A", 5), None, SeatState("C", 5)), button=0,
    ...                button_moves=True)
    >>> next_button(s)
    2
    """
    if state.button is None:
        raise RuleError("no button yet: draw for the button (R1.4) or place it on a seat")
    if not state.button_moves:
        return state.button
    size = len(state.seats)
    for step in range(1, size + 1):
        seat = (state.button + step) % size
        if in_game(state.seats[seat]):
            return seat
    return state.button


def positions(seats: tuple[int, ...], button: int, size: int) -> tuple[int | None, int | None]:
    """R2.1/R2.2 small- and big-blind seats among ``seats`` for a button.

    >>> positions((0, 1, 2, 3), 3, 4), positions((0, 1), 1, 4)
    ((0, 1), (1, 0))
    """
    if len(seats) < 2:
        return None, None
    order = clockwise_from(seats, (button + 1) % size, size)
    if len(seats) == 2:
        sb = button if button in seats else order[0]  # R2.2: heads-up the button posts the SB
        bb = order[1] if sb == order[0] else order[0]
        return sb, bb
    return order[0], order[1]


def propose_deal(state: TableState, button: int | None = None, straddle: bool = False) -> Deal:
    """Who is dealt in and what each posts (R2.1-R2.6), for ``HandStarted``.

    Players waiting for the big blind are dealt in only when it reaches them; a
    waiting player in the small-blind position makes that hand's small blind
    missing. Players owing a missed big blind post it live, plus a dead small blind
    if they missed both (R2.6). Short stacks post what they have (R2.5). Antes come
    first, from every dealt-in player.

    >>> from omaha_tui.engine.tables import quick_table
    >>> d = propose_deal(quick_table(stacks=(100, 1, 100, 100)))
    >>> d.button, d.sb_seat, d.bb_seat, [(p.seat, p.kind.value, p.amount) for p in d.posts]
    (3, 0, 1, [(0, 'sb', 1), (1, 'bb', 1)])
    """
    if state.config is None or state.stakes is None:
        raise RuleError("no session: start a session first")
    btn = next_button(state) if button is None else button
    size = len(state.seats)
    present = tuple(i for i, s in enumerate(state.seats) if _present(s))
    sb, bb = positions(present, btn, size)
    dealt = [i for i in present if not _seat(state, i).waiting_for_bb or i == bb]
    if len(dealt) < 2:
        names = len(dealt)
        raise RuleError(
            f"a hand needs at least 2 players able to play, there {'is' if names == 1 else 'are'}"
            f" {names}: seat players, bring back those sitting out, or rebuy"
        )
    if sb is not None and sb not in dealt:
        sb = None  # the SB position waits for the BB: no small blind this hand
    if len(dealt) == 2 and len(present) != 2:
        sb, bb = positions(tuple(dealt), btn, size)
    order = clockwise_from(tuple(dealt), (btn + 1) % size, size)
    stakes = state.stakes
    left = {i: _seat(state, i).stack for i in dealt}
    posts: list[Post] = []

    def post(seat: int, kind: PostKind, amount: int) -> None:
        paid = min(amount, left[seat])  # R2.5: a short player posts what they have
        left[seat] -= paid
        if paid or amount == 0:
            posts.append(Post(seat=seat, kind=kind, amount=paid))

    if stakes.ante:
        for i in order:
            post(i, PostKind.ANTE, stakes.ante)
    if sb is not None:
        post(sb, PostKind.SMALL_BLIND, stakes.small_blind)
    if bb is not None:
        post(bb, PostKind.BIG_BLIND, stakes.big_blind)
    for i in order:
        seat = _seat(state, i)
        if i in (sb, bb) or not (seat.owes_bb or seat.owes_sb):
            continue
        if seat.owes_bb:
            post(i, PostKind.BIG_BLIND, stakes.big_blind)  # R2.6 live big blind
        if seat.owes_sb and left[i]:
            post(i, PostKind.DEAD_SMALL_BLIND, stakes.small_blind)  # R2.6 dead
    if straddle:
        if not stakes.straddle:
            raise RuleError("this table has no straddle: set one in the stakes first")
        if len(order) < 3 or bb is None:
            raise RuleError("a straddle needs at least 3 players")
        after_bb = clockwise_from(tuple(order), (bb + 1) % size, size)[0]
        post(after_bb, PostKind.STRADDLE, stakes.straddle)
    return Deal(button=btn, seats=order, sb_seat=sb, bb_seat=bb, posts=tuple(posts))


def _seat(state: TableState, index: int) -> SeatState:
    seat = state.seats[index]
    assert seat is not None
    return seat


def record_missed_blinds(
    state: TableState, button: int, sb: int | None, bb: int | None, dealt: tuple[int, ...]
) -> tuple[SeatState | None, ...]:
    """R2.6: seats after a hand start, with missed blinds noted and settled ones cleared.

    A sitting-out seat the big blind passed (between the small and the big blind)
    owes a big blind; one the small blind passed (between button and small blind)
    owes a small blind. Dealt-in seats owe nothing more.
    """
    size = len(state.seats)
    dealt_set = set(dealt)
    sb_anchor = button if sb is None else sb
    out: list[SeatState | None] = []
    for i, seat in enumerate(state.seats):
        if seat is None:
            out.append(None)
            continue
        if i in dealt_set:
            if seat.owes_bb or seat.owes_sb or seat.waiting_for_bb:
                seat = SeatState(seat.name, seat.stack, seat.sitting_out)
            out.append(seat)
            continue
        if seat.sitting_out and bb is not None:
            dist = (i - button) % size
            if (sb_anchor - button) % size < dist < (bb - button) % size:
                seat = SeatState(
                    seat.name, seat.stack, True, seat.waiting_for_bb, True, seat.owes_sb
                )
            elif 0 < dist < (sb_anchor - button) % size:
                seat = SeatState(
                    seat.name, seat.stack, True, seat.waiting_for_bb, seat.owes_bb, True
                )
        out.append(seat)
    return tuple(out)


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


__all__ = [
    "Deal",
    "button_from_draw",
    "describe_post",
    "in_game",
    "next_button",
    "positions",
    "propose_deal",
    "record_missed_blinds",
]
