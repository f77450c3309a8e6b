"""Who is dealt in at the start of a hand and what each posts, who is left out and
why, and the missed blinds a hand start records.

Pure functions: :func:`propose_deal` fills ``HandStarted`` from the rules (R1.5, R2),
asking :mod:`.button` where the button and the blinds go and :mod:`.posts` what each
posts; the reducer records missed blinds with :func:`record_missed_blinds` (R2.6). The
dealer can override a proposal with an explicit event, which the reducer validates.
"""

from __future__ import annotations

from omaha_tui.engine.config import ButtonRule
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import Post
from omaha_tui.engine.records import frozen
from omaha_tui.engine.rules.button import (
    between,
    button_to_sb,
    dead_places,
    is_present,
    moving_places,
    owes,
)
from omaha_tui.engine.rules.posts import posts_for, seat_at
from omaha_tui.engine.rules.pots import clockwise_from
from omaha_tui.engine.state import SeatState, TableState, evolve


@frozen
class HandOpening:
    """A proposed hand start: button, dealt-in seats (clockwise from the button's
    left), blind positions and every forced bet."""

    button: int
    seats: tuple[int, ...]
    sb_seat: int | None
    bb_seat: int | None
    posts: tuple[Post, ...]


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
    present = tuple(i for i, s in enumerate(state.seats) if is_present(s))
    dead = (
        state.config.button_rule is ButtonRule.DEAD
        and button is None
        and state.last_blinds[1] is not None
        and len(present) >= 2
    )
    places = dead_places(state, present) if dead else moving_places(state, present, button)
    dealt: list[int] = []
    held: list[int] = []
    for i in present:
        seat = seat_at(state, i)
        if places is not None and i == places.bb:
            dealt.append(i)
        elif seat.waiting_for_bb:
            continue  # R2.6: not dealt in until the big blind reaches them
        elif places is not None and owes(seat) and i in button_to_sb(places, size):
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
    posts = posts_for(state, order, (btn, sb, bb), straddle, where)
    return HandOpening(button=btn, seats=order, sb_seat=sb, bb_seat=bb, posts=posts)


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
        passed = between(last_bb, bb, size) if last_bb != bb else ()
    else:
        passed = between(sb if sb is not None else bb, bb, size) if sb is not None else ()
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
