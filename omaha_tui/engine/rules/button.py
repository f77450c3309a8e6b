"""Where the button and the blinds go: the draw for the button (R1.4), the moving
button (R1.5), the dead button's places (R1.5 a-e), and the blinds' seats for a button
(R2.1, R2.2, heads-up included).

:func:`~omaha_tui.engine.rules.blinds.propose_deal` asks these where the hand starts;
the forced bets themselves are :mod:`.posts`.
"""

from __future__ import annotations

from collections.abc import Mapping

from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.hands.cards import CardError, check_distinct, parse_card
from omaha_tui.engine.labels import seat_label
from omaha_tui.engine.records import frozen
from omaha_tui.engine.rules.pots import clockwise_from
from omaha_tui.engine.state import SeatState, TableState


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


def is_present(seat: SeatState | None) -> bool:
    """A player with chips who is not sitting out: dealt in unless waiting for the big
    blind (R2.6) or owing blinds with the button still to pass (R1.5d)."""
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


def between(start: int, end: int, size: int) -> tuple[int, ...]:
    """Seats strictly between ``start`` and ``end`` going clockwise."""
    return tuple((start + k) % size for k in range(1, (end - start) % size or size))


@frozen
class Places:
    """Where a hand's button and blinds are, before anyone is dealt in."""

    button: int
    sb_pos: int | None  # the small blind's seat, posted or not
    bb: int


def button_to_sb(places: Places, size: int) -> tuple[int, ...]:
    """The seats from the button to the small blind's, both included (R1.5d): a
    player there would play before meeting the big blind.

    They are the chairs from the button up to the big blind's: the big blind is the
    first player after the small blind's chair, so a chair between them is empty or
    its player sits out.
    """
    return (places.button, *between(places.button, places.bb, size))


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


def dead_places(state: TableState, present: tuple[int, ...]) -> Places:
    """R1.5 (a)-(c): the big blind one player on, the small blind on last hand's big
    blind's chair, the button on last hand's small blind's chair."""
    last_bb = state.last_blinds[1]
    assert last_bb is not None
    size = len(state.seats)
    bb = next(s for s in (*between(last_bb, last_bb, size), last_bb) if s in present)
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
        return Places(button, sb_pos, bb)
    return Places(button, None, bb)  # R1.5(b): no small blind posted


def moving_places(state: TableState, present: tuple[int, ...], button: int | None) -> Places | None:
    """R1.5 moving button (or ``button`` placed by hand), then the blinds to its left
    (R2.1, R2.2); None when fewer than two are present."""
    btn = next_button(state) if button is None else button
    size = len(state.seats)
    sb, bb = positions(present, btn, size)
    if bb is None:
        return None
    return Places(btn, sb, bb)
