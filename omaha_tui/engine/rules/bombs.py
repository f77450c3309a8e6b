"""Bomb pots (R13.1): which hand is one, who is dealt in, what each posts.

Pure functions over the table: :func:`next_bomb` says whether the next hand is a bomb
pot (called for it, or due by the standing rule), :func:`propose_bomb` fills its
``HandStarted`` and :func:`check_bomb_call` is the reducer's check of a call. The
reducer itself takes the posts, skips the pre-flop round and leaves the button and the
blinds where they were (``reducer/start``); this module moves no chips.
"""

from __future__ import annotations

from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import BombCall, Post, PostKind
from omaha_tui.engine.labels import seat_label, seat_range
from omaha_tui.engine.rules.blinds import HandOpening
from omaha_tui.engine.rules.button import in_game, owes
from omaha_tui.engine.rules.pots import clockwise_from
from omaha_tui.engine.state import TableState


def next_bomb(state: TableState) -> BombCall | None:
    """The bomb pot the next hand to start will be, or None (R13.1).

    A bomb called for the next hand comes first; else the standing rule: every N hands
    counted from when it was set, or once the last hand's button has reached or passed
    the named seat (a dead button can pass over a chair, R1.5), the bomb pot then dealt
    with the button where it stands; a bomb pot, which does not move the button,
    never makes the next hand one by that rule.
    While a hand runs it is the hand after it.

    >>> from tests.tables import quick_table
    >>> from omaha_tui.engine.state import evolve
    >>> s = evolve(quick_table(), bomb_rule=BombCall(amount=5, every=3))
    >>> next_bomb(s) is None, next_bomb(evolve(s, hands_played=2)).amount
    (True, 5)
    """
    hand = state.hand
    running = state.in_hand
    number = state.hands_played + 1 + running
    if state.bomb_call is not None and not (running and hand is not None and hand.bomb):
        return state.bomb_call
    rule = state.bomb_rule
    if rule is None:
        return None
    if rule.every is not None:
        return rule if (number - state.bomb_since) % rule.every == 0 else None
    if (hand is not None and hand.bomb) or state.button_move is None or rule.at is None:
        return None
    start, end = state.button_move
    size = len(state.seats)
    return rule if 0 < (rule.at - start) % size <= (end - start) % size else None


def propose_bomb(state: TableState, call: BombCall) -> HandOpening:
    """The bomb pot's deal (R13.1): the button where it stands; dealt in, every player who
    would be dealt in without owing anything (R13.1a: players sitting out, waiting for the
    big blind or owing blinds are not, and owe nothing for it); each posts the bomb, or
    all they have (R13.1b); no blinds, antes or straddles.

    >>> from tests.tables import quick_table
    >>> d = propose_bomb(quick_table(stacks=(100, 3, 100)), BombCall(amount=5))
    >>> d.button, d.seats, [(p.seat, p.kind.value, p.amount) for p in d.posts]
    (2, (0, 1, 2), [(0, 'bomb', 5), (1, 'bomb', 3), (2, 'bomb', 5)])
    """
    state.session_config()
    if state.button is None:
        raise RuleError("no button yet: draw for the button (R1.4) or place it before a bomb pot")
    size = len(state.seats)
    dealt = tuple(
        i
        for i, seat in enumerate(state.seats)
        if seat is not None and in_game(seat) and not owes(seat)
    )
    if len(dealt) < 2:
        raise RuleError(
            f"a bomb pot needs at least 2 players able to play, not {len(dealt)}: "
            "seat players or bring back those sitting out (R13.1a)"
        )
    order = clockwise_from(dealt, (state.button + 1) % size, size)
    posts = tuple(
        Post(seat=i, kind=PostKind.BOMB, amount=min(call.amount, _stack(state, i))) for i in order
    )
    return HandOpening(button=state.button, seats=order, sb_seat=None, bb_seat=None, posts=posts)


def _stack(state: TableState, seat: int) -> int:
    player = state.seats[seat]
    assert player is not None
    return player.stack


def check_bomb_call(state: TableState, call: BombCall) -> None:
    """R13.1: a bomb in whole chips, at a seat of the table that has a player."""
    stakes = state.stakes
    assert stakes is not None
    if call.amount % stakes.chip:
        raise RuleError(
            f"a bomb of {call.amount} is not a multiple of the smallest chip {stakes.chip}"
        )
    if call.at is not None:
        size = len(state.seats)
        if call.at >= size:
            raise RuleError(
                f"{seat_label(call.at)} does not exist: bomb at a seat of {seat_range(size)}"
            )
        if state.seats[call.at] is None:
            raise RuleError(f"{seat_label(call.at)} is empty: bomb at a seat with a player on it")


def bomb_words(call: BombCall, money: str) -> str:
    """How a bomb pot is said (``money``: its amount as the table says amounts):
    ``a bomb pot of 5``, ``a double-board bomb pot of 5``.

    >>> bomb_words(BombCall(amount=5, double=True), "5")
    'a double-board bomb pot of 5'
    """
    return f"a {'double-board ' if call.double else ''}bomb pot of {money}"


__all__ = ["bomb_words", "check_bomb_call", "next_bomb", "propose_bomb"]
