"""Who posts what at the start of a hand, where the button goes, and missed blinds.

Pure functions: :func:`propose_deal` fills ``HandStarted`` from the rules (R1.5, R2),
the reducer records missed blinds with :func:`record_missed_blinds` (R2.6). The dealer
can override a proposal with an explicit event, which the reducer validates.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from omaha_tui.engine.config import STRADDLE_PLAYERS, ButtonRule
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import Post, PostKind
from omaha_tui.engine.hands.cards import CardError, check_distinct, parse_card
from omaha_tui.engine.labels import seat_label
from omaha_tui.engine.rules.pots import clockwise_from
from omaha_tui.engine.state import SeatState, TableState, evolve


@dataclass(frozen=True, slots=True)
class HandOpening:
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


def owes(seat: SeatState) -> bool:
    """A newcomer who chose to post, or a returning player owing blinds (R2.6)."""
    return seat.owes_bb or seat.owes_sb


def next_button(state: TableState) -> int:
    """R1.5 moving button: the button of the next hand.

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


def _between(start: int, end: int, size: int) -> tuple[int, ...]:
    """Seats strictly between ``start`` and ``end`` going clockwise."""
    return tuple((start + k) % size for k in range(1, (end - start) % size or size))


@dataclass(frozen=True, slots=True)
class _Places:
    button: int
    sb_pos: int | None  # the small blind's seat, posted or not
    bb: int


def _button_to_sb(places: _Places, size: int) -> tuple[int, ...]:
    """The seats from the button to the small blind's, both included (R1.5d): a
    player there would play before meeting the big blind.

    They are the chairs from the button up to the big blind's: the big blind is the
    first player after the small blind's chair, so a chair between them is empty or
    its player sits out.
    """
    return (places.button, *_between(places.button, places.bb, size))


def _dead_button(state: TableState, sb_pos: int, bb: int) -> int:
    """R1.5(c): the button goes to the chair where last hand's small blind was posted,
    or was due (the chair of the player who had the big blind two hands ago).

    That chair has had a player in it, so the button never lands on a chair nobody
    sat in; it is dead only where that player left, busted or sits out. Two cases
    have no such chair: after a heads-up hand, whose small blind was on the button
    (R2.2) and is now this hand's big blind, and a dealer's deal recorded without a
    small blind. The button then goes to the nearest chair below this hand's small
    blind's that has a player, dealt in or not.
    """
    last_sb = state.last_blinds[0]
    if last_sb is not None and last_sb not in (sb_pos, bb):
        return last_sb
    size = len(state.seats)
    below = ((sb_pos - k) % size for k in range(1, size))
    seated = (s for s in below if s != bb and state.seats[s] is not None)
    return next(seated, (sb_pos - 1) % size)


def _dead_places(state: TableState, present: tuple[int, ...]) -> _Places:
    """R1.5 (a)-(c): the big blind one player on, the small blind on last hand's big
    blind's chair, the button on last hand's small blind's chair."""
    last_bb = state.last_blinds[1]
    assert last_bb is not None
    size = len(state.seats)
    bb = next(s for s in (*_between(last_bb, last_bb, size), last_bb) if s in present)
    sb_pos = last_bb
    sb_seat = state.seats[sb_pos]
    button = _dead_button(state, sb_pos, bb)  # R1.5(c): the button follows the blinds
    # R1.5(b): the player who had the big blind posts the small blind. One who owes
    # blinds in that chair is someone else (a newcomer since): no small blind then.
    if (
        sb_pos in present
        and sb_seat is not None
        and not sb_seat.waiting_for_bb
        and not owes(sb_seat)
    ):
        return _Places(button, sb_pos, bb)
    return _Places(button, None, bb)  # R1.5(b): no small blind posted


def _moving_places(
    state: TableState, present: tuple[int, ...], button: int | None
) -> _Places | None:
    btn = next_button(state) if button is None else button
    size = len(state.seats)
    sb, bb = positions(present, btn, size)
    if bb is None:
        return None
    return _Places(btn, sb, bb)


def propose_deal(
    state: TableState,
    button: int | None = None,
    straddle: bool = False,
    straddle_button: bool = False,
    straddle_seat: int | None = None,
) -> HandOpening:
    """Who is dealt in and what each posts (R1.5, R2.1-R2.9), for ``HandStarted``.

    Dead button (R1.5, the default): the big blind goes to the next player after last
    hand's big blind, the small blind to last hand's big blind if still dealt in, the
    button to last hand's small blind's chair (posted or due). A newcomer or a player
    owing blinds is not dealt in on the button, the small blind's seat or between them
    (R1.5d); players waiting for the big blind only when it reaches them (R2.6). Owing
    players post a live big blind, plus a dead small blind if they missed both (R2.6).
    Antes come first, a big-blind ante from the big blind before the blind (R2.9);
    short stacks post what they have (R2.5). A standing straddle
    (``TableState.straddle``) is posted whenever three or more are dealt in;
    ``straddle`` asks for one this hand (R2.8), from the button (``straddle_button``)
    or a seat (``straddle_seat``) when given, else from where the table's standing
    straddle comes (R13.3). ``button`` places the button by hand.

    >>> from tests.tables import quick_table
    >>> d = propose_deal(quick_table(stacks=(100, 1, 100, 100)))
    >>> d.button, d.sb_seat, d.bb_seat, [(p.seat, p.kind.value, p.amount) for p in d.posts]
    (3, 0, 1, [(0, 'sb', 1), (1, 'bb', 1)])
    """
    if state.config is None or state.stakes is None:
        raise RuleError("no session: start a session first")
    size = len(state.seats)
    present = tuple(i for i, s in enumerate(state.seats) if _present(s))
    dead = (
        state.config.button_rule is ButtonRule.DEAD
        and button is None
        and state.last_blinds[1] is not None
        and len(present) >= 2
    )
    places = _dead_places(state, present) if dead else _moving_places(state, present, button)
    dealt: list[int] = []
    held: list[int] = []
    for i in present:
        seat = _seat(state, i)
        if places is not None and i == places.bb:
            dealt.append(i)
        elif seat.waiting_for_bb:
            continue  # R2.6: not dealt in until the big blind reaches them
        elif places is not None and owes(seat) and i in _button_to_sb(places, size):
            held.append(i)  # R1.5(d): wait until the button has passed
        else:
            dealt.append(i)
    if len(dealt) == 1 and held and places is not None:
        # Heads-up (R1.5e) with nobody else to play: the first waiting player plays.
        dealt.append(clockwise_from(tuple(held), places.bb, size)[0])
    if places is None or len(dealt) < 2:
        names = len(dealt)
        raise RuleError(
            f"a hand needs at least 2 players able to play, there {'is' if names == 1 else 'are'}"
            f" {names}: seat players, bring back those sitting out, or rebuy"
        )
    btn, bb = places.button, places.bb
    sb = places.sb_pos if places.sb_pos in dealt else None  # R1.5(b): else a dead SB
    if len(dealt) == 2:
        # R1.5(e)/R2.2: heads-up the button posts the small blind; the BB keeps moving on.
        sb = btn = next(s for s in dealt if s != bb)
    dealt_t = tuple(dealt)
    order = clockwise_from(dealt_t, (btn + 1) % size, size)
    if straddle and (straddle_button or straddle_seat is not None):
        where: tuple[bool, int | None] = (straddle_button, straddle_seat)
    else:
        where = (state.straddle_button, state.straddle_seat)
    posts = _posts(state, order, (btn, sb, bb), straddle, where)
    return HandOpening(button=btn, seats=order, sb_seat=sb, bb_seat=bb, posts=posts)


def _posts(
    state: TableState,
    order: tuple[int, ...],
    places: tuple[int, int | None, int],
    straddle: bool,
    where: tuple[bool, int | None],
) -> tuple[Post, ...]:
    btn, sb, bb = places
    stakes = state.stakes
    assert stakes is not None
    left = {i: _seat(state, i).stack for i in order}
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
        seat = _seat(state, i)
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


def not_dealt(state: TableState) -> dict[int, str]:
    """Why each seated player would not be dealt the next hand, as the table says it.

    >>> from omaha_tui.engine.config import VARIANTS, Stakes, TableConfig
    >>> cfg = TableConfig(variant=VARIANTS["omaha"], stakes=Stakes(big_blind=2))
    >>> seats = (SeatState("Ann", 100), SeatState("Eve", 0, sitting_out=True),
    ...          SeatState("Cy", 100), SeatState("Dee", 100, waiting_for_bb=True))
    >>> not_dealt(TableState(config=cfg, stakes=cfg.stakes, seats=seats, button=3))
    {1: 'out of chips: rebuy, or sit out', 3: 'waits for the big blind (R2.6)'}
    """
    try:
        dealt = set(propose_deal(state).seats)
    except RuleError:
        dealt = set()
    out: dict[int, str] = {}
    for i, seat in enumerate(state.seats):
        if seat is None or i in dealt:
            continue
        if seat.stack <= 0:
            out[i] = "out of chips: rebuy, or sit out"
        elif seat.sitting_out:
            out[i] = "sitting out"
        elif seat.waiting_for_bb:
            out[i] = "waits for the big blind (R2.6)"
        elif owes(seat):
            out[i] = "waits until the button has passed (R1.5)"
    return out


def _seat(state: TableState, index: int) -> SeatState:
    seat = state.seats[index]
    assert seat is not None
    return seat


def record_missed_blinds(
    state: TableState, sb: int | None, bb: int | None, dealt: tuple[int, ...]
) -> tuple[SeatState | None, ...]:
    """R2.6: seats after a hand start, with missed blinds noted and settled ones cleared.

    A sitting-out player the big blind actually passed (between last hand's big blind
    and this one's) owes a big blind; one who already owed it and is still away when
    the next hand starts has missed the small blind too. Dealt-in players owe nothing
    more. ``state`` is the table before the hand.
    """
    size = len(state.seats)
    dealt_set = set(dealt)
    last_bb = state.last_blinds[1]
    if bb is None:
        passed: tuple[int, ...] = ()
    elif last_bb is not None:
        passed = _between(last_bb, bb, size) if last_bb != bb else ()
    else:
        passed = _between(sb if sb is not None else bb, bb, size) if sb is not None else ()
    out: list[SeatState | None] = []
    for i, seat in enumerate(state.seats):
        if seat is None:
            out.append(None)
        elif i in dealt_set:
            if seat.owes_bb or seat.owes_sb or seat.waiting_for_bb:
                seat = SeatState(seat.name, seat.stack, seat.sitting_out)
            out.append(seat)
        elif seat.sitting_out and seat.owes_bb and not seat.owes_sb:
            out.append(evolve(seat, owes_sb=True))
        elif seat.sitting_out and i in passed:
            out.append(evolve(seat, owes_bb=True))
        else:
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
    "HandOpening",
    "button_from_draw",
    "describe_post",
    "in_game",
    "next_button",
    "not_dealt",
    "owes",
    "positions",
    "propose_deal",
    "record_missed_blinds",
]
