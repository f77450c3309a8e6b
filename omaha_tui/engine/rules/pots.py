"""Main and side pots, the uncalled bet, and the order of showing.

Pure functions of a hand: pots are never stored, they are layered from what each
seat committed (R5.1) whenever asked, so they can never drift from the chips.
This module does not decide who wins a pot (``awards`` does).
"""

from __future__ import annotations

from omaha_tui.engine.config import VARIANTS, AntePots, Stakes
from omaha_tui.engine.state import HandState, Pot, Street, TableState


def hand_pots(hand: HandState) -> tuple[Pot, ...]:
    """R5.1/R5.2 pots of a hand, main pot first, bets in front included.

    Antes are dead money in the main pot (R5.2): every live player dealt in is
    eligible for them, even one all in for the ante alone, except that a player all
    in for *part* of their ante wins from each other ante only what they posted (the
    rest starts the first side pot). The bets then layer as R5.1: each pot takes,
    from every contributor, up to the smallest all-in amount still uncovered; a seat
    is eligible if it has not folded and reached that layer. Folded seats' chips stay
    in the pots they reached; dead small blinds join the main pot. Layers with the
    same eligible seats merge. (``AntePots`` selects a PHH file's ante handling.)

    >>> h = _demo_hand(committed=(50, 100, 100, 30), folded=frozenset({3}),
    ...                all_in=frozenset({0}))
    >>> hand_pots(h)
    (Pot(amount=180, eligible=(0, 1, 2)), Pot(amount=100, eligible=(1, 2)))
    """
    committed = hand.committed
    live = [s for s in hand.seats if s not in hand.folded]
    antes = hand.antes or (0,) * len(committed)
    if hand.ante_pots is AntePots.TOTAL or not any(antes):
        pots = _layers(committed, live, hand.all_in, True)
    else:
        partial = frozenset(s for s in live if s in hand.all_in and 0 < antes[s] < hand.stakes.ante)
        if hand.ante_pots is AntePots.MAIN:
            partial = frozenset()
        bets = tuple(c - a for c, a in zip(committed, antes, strict=True))
        # R5.2: a partial ante caps its poster's share of the antes like an all-in.
        pots = _layers(antes, live, partial, False)
        for pot in _layers(bets, live, hand.all_in, True):
            if pots and pots[-1].eligible == pot.eligible:
                pots[-1] = Pot(pots[-1].amount + pot.amount, pot.eligible)
            else:
                pots.append(pot)
    dead = sum(hand.dead)
    if not pots:
        return (Pot(dead, tuple(live)),) if dead else ()
    if dead:
        pots[0] = Pot(pots[0].amount + dead, pots[0].eligible)
    return tuple(pots)


def _layers(
    chips: tuple[int, ...], live: list[int], capped: frozenset[int], zero_cap: bool
) -> list[Pot]:
    """R5.1 layering of ``chips`` (per seat) among ``live`` seats; a seat in
    ``capped`` is eligible only for the layers its own chips reach. ``zero_cap``:
    a capped seat that put in nothing here is eligible for none of these layers."""
    caps = sorted({chips[s] for s in live if s in capped and (chips[s] > 0 or zero_cap)})
    top = max((chips[s] for s in live), default=0)
    if top > 0 and (not caps or caps[-1] < top):
        caps.append(top)
    pots: list[Pot] = []
    prev = 0
    for cap in caps:
        amount = sum(min(c, cap) - min(c, prev) for c in chips)
        # A live player with chips behind can still match any bet: eligible for every
        # layer (antes may leave them short of the top). All-in players reach theirs.
        eligible = tuple(s for s in live if chips[s] >= cap or s not in capped)
        if amount:
            if pots and pots[-1].eligible == eligible:
                pots[-1] = Pot(pots[-1].amount + amount, eligible)
            else:
                pots.append(Pot(amount, eligible))
        prev = cap
    # Chips above the highest live layer (folded raisers, before the uncalled
    # part is returned) stay with the last pot.
    extra = sum(c - min(c, prev) for c in chips)
    if extra:
        if pots:
            pots[-1] = Pot(pots[-1].amount + extra, pots[-1].eligible)
        else:
            pots.append(Pot(extra, tuple(live)))
    return pots


def unmatched_ante(hand: HandState, pots: tuple[Pot, ...]) -> int | None:
    """R2.9, R5.2: the seat whose own ante is the whole of the last pot, the part of it
    no other player dealt in could match (the others all in for less), or ``None``.

    Antes are dead money, not bets, so R4.9's return of an uncalled bet does not apply:
    they layer like R5.1, and the layer only one player reached is a pot only they
    contributed to and only they can win. It goes back to them at the award.

    >>> h = _demo_hand(committed=(100, 90, 85), folded=frozenset(),
    ...                all_in=frozenset({1, 2}), antes=(100, 90, 85))
    >>> [(p.amount, p.eligible) for p in hand_pots(h)]
    [(255, (0, 1, 2)), (10, (0, 1)), (10, (0,))]
    >>> unmatched_ante(h, hand_pots(h)), unmatched_ante(h, hand_pots(h)[:2])
    (0, None)
    """
    if len(pots) < 2 or len(pots[-1].eligible) != 1 or not any(hand.antes):
        return None
    seat = pots[-1].eligible[0]
    others = max((a for s, a in enumerate(hand.antes) if s != seat), default=0)
    over = hand.antes[seat] - others
    return seat if over > 0 and pots[-1].amount == over else None


def unmatched_pot(hand: HandState, pots: tuple[Pot, ...] | None = None) -> int | None:
    """The index of the hand's pot that is one player's unmatched ante
    (:func:`unmatched_ante`, R2.9, R5.2), or ``None``: the pot every front end and the
    narrator call ``unmatched ante`` (``labels.pot_label``) rather than a side pot.

    >>> h = _demo_hand(committed=(100, 90, 85), folded=frozenset(),
    ...                all_in=frozenset({1, 2}), antes=(100, 90, 85))
    >>> unmatched_pot(h)
    2
    """
    pots = hand_pots(hand) if pots is None else pots  # the hand's, when already worked out
    return len(pots) - 1 if unmatched_ante(hand, pots) is not None else None


def side_pots(state: TableState) -> tuple[Pot, ...]:
    """Pots of the current (or last) hand, main pot first; ``()`` with no hand.

    >>> side_pots(TableState())
    ()
    """
    return () if state.hand is None else hand_pots(state.hand)


def uncalled(hand: HandState) -> tuple[int, int] | None:
    """R4.9: ``(seat, amount)`` of the bet part nobody matched this round, if any.

    >>> from dataclasses import replace
    >>> h = _demo_hand(committed=(10, 40, 0, 0), folded=frozenset())
    >>> uncalled(replace(h, bets=(10, 40, 0, 0)))
    (1, 30)
    """
    bets = hand.bets
    top_seat = max(hand.seats, key=lambda s: bets[s])
    top = bets[top_seat]
    second = max((bets[s] for s in hand.seats if s != top_seat), default=0)
    if top > second:
        return top_seat, top - second
    return None


def clockwise_from(seats: tuple[int, ...], start: int, table_size: int) -> tuple[int, ...]:
    """``seats`` ordered clockwise beginning at ``start`` (or the first seat after it).

    >>> clockwise_from((0, 2, 5, 7), 5, 9)
    (5, 7, 0, 2)
    """
    return tuple(sorted(seats, key=lambda s: (s - start) % table_size))


def showdown_order(state: TableState) -> tuple[int, ...]:
    """R8.1: who shows first, then clockwise, among seats still in the hand.

    The last player to bet or raise on the final round shows first; if that round
    was checked through, the first live seat left of the button. When the players
    were all in before the river, the final round is the last one with betting, so
    its last bettor or raiser shows first (all hands are turned up, R10.1).

    >>> from tests.tables import quick_table
    >>> showdown_order(quick_table())
    ()
    """
    hand = state.hand
    if hand is None:
        return ()
    live = hand.live
    size = len(state.seats)
    if hand.last_aggressor is not None and hand.last_aggressor in live:
        return clockwise_from(live, hand.last_aggressor, size)
    return clockwise_from(live, (hand.button + 1) % size, size)


def _demo_hand(
    committed: tuple[int, ...],
    folded: frozenset[int],
    all_in: frozenset[int] = frozenset(),
    antes: tuple[int, ...] = (),
) -> HandState:
    """A minimal hand for the doctests above (``antes``: each seat's, R5.2)."""
    n = len(committed)
    return HandState(
        number=1,
        variant=VARIANTS["omaha"],
        stakes=Stakes(big_blind=2, ante=max(antes, default=0)),
        antes=antes,
        button=n - 1,
        seats=tuple(range(n)),
        sb_seat=0,
        bb_seat=1,
        posts=(),
        street=Street.RIVER,
        board=(),
        board_count=5,
        bets=(0,) * n,
        committed=committed,
        dead=(0,) * n,
        folded=folded,
        all_in=all_in,
        to_act=None,
        current_bet=0,
        min_raise=2,
        raises=0,
        uncapped=False,
        pending=frozenset(),
        closed=frozenset(),
        last_aggressor=None,
        betting_over=False,
        early_card_pending=False,
        actions=0,
        chips_acted=False,
    )
