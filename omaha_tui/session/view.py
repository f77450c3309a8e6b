"""What the table screen shows, as frozen data derived from the engine state.

Every front end takes these views ("attributes down") instead of reaching into the engine's
``TableState``: the app's table screen, the console (its ``state`` line and its ``--json``
state) and the players' display (terminal and web) all render one :class:`TableView`.
The derivation is a pure function (:func:`table_view`), unit-tested without a terminal,
and the renderers stay simple. Nothing here talks to the journal or to Textual.

Every text field of a view is Textual markup that is safe to show: names and titles
people typed pass through :func:`shown` here, once, so a widget may wrap a field in
styles (``[b]...[/b]``) and a name such as ``Ann [/x]`` stays a name. The raw facts a
machine reader needs (``player``, seat numbers, amounts) sit beside them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from omaha_tui.engine.allin.table_spot import all_in_spot
from omaha_tui.engine.config import STRUCTURE_NAMES, Structure, TableConfig
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.available import Available, available
from omaha_tui.engine.labels import back_to, pot_label
from omaha_tui.engine.markup_safe import shown, unshown
from omaha_tui.engine.rules.awards import run_board
from omaha_tui.engine.rules.bombs import bomb_words, next_bomb
from omaha_tui.engine.rules.pots import (
    hand_pots,
    showdown_order,
    unmatched_ante,
    unmatched_pot,
)
from omaha_tui.engine.state import HandState, Pot, TableState
from omaha_tui.session.seat_status import SeatStatus, markers, seat_status
from omaha_tui.session.view_text import (
    STREET_NAMES,
    chips,
    format_clock,
    next_step,
    options,
    oval_order,
    street_title,
)
from omaha_tui.session.view_types import HandView, PotView, SeatView, TableView, TurnView

if TYPE_CHECKING:  # a tournament's standings load with its first state
    from omaha_tui.engine.tournament_standings import Standings

__all__ = [
    "STREET_NAMES",
    "HandView",
    "PotView",
    "SeatStatus",
    "SeatView",
    "TableView",
    "TurnView",
    "chips",
    "format_clock",
    "next_step",
    "options",
    "oval_order",
    "shown",
    "table_view",
    "unshown",
]


# ---------------------------------------------------------------- from the engine state


def collected_pots(hand: HandState) -> tuple[Pot, ...]:
    """Pots as the dealer has gathered them: earlier rounds only (R5.1).

    Bets of the running round stay in front of the players (shown on the seats) until
    the round ends, so mid-round eligibility is that of the last completed layer.
    """
    before = tuple(c - b for c, b in zip(hand.committed, hand.bets, strict=True))
    return hand_pots(replace(hand, committed=before))


def table_view(state: TableState, avail: Available | None = None) -> TableView:
    """Everything the table screen shows, derived from the state and what is live now.

    ``avail`` is ``available(state)``: a session passes the one it has already computed
    for this state (``Session.available()``), so a keypress reckons the legal actions
    once; without it, it is computed here.
    """
    config = state.config
    assert config is not None
    avail = avail or available(state)
    hand = state.hand
    dec = config.decimals
    live = hand is not None and not hand.complete
    names = {i: shown(s.name) for i, s in enumerate(state.seats) if s is not None}
    tabled = dict(hand.shown) if hand is not None else {}
    seats = []
    for i, seat in enumerate(state.seats):
        if seat is None:  # R1.5(c): a dead button may sit on a chair its player left
            seats.append(SeatView(i, markers=markers(state, i)))
            continue
        code, status = seat_status(state, i, seat)
        in_hand = live and hand is not None and i in hand.seats
        seats.append(
            SeatView(
                index=i,
                name=names[i],
                stack=seat.stack,
                bet=hand.bets[i] if in_hand and hand is not None else 0,
                committed=hand.committed[i] if in_hand and hand is not None else 0,
                status=status,
                markers=markers(state, i),
                to_act=status == "to act",
                folded=code is SeatStatus.FOLDED,
                all_in=code is SeatStatus.ALL_IN,
                away=seat.sitting_out or seat.waiting_for_bb,
                in_hand=in_hand and i not in (hand.folded if hand else ()),
                player=seat.name,
                state=code,
                cards=tabled.get(i, ()),
                decimals=dec,
            )
        )
    pots: tuple[PotView, ...] = ()
    gathered: tuple[PotView, ...] = ()
    in_front = 0
    if live and hand is not None:
        in_front = sum(hand.bets)
        gathered = _pot_views(hand, hand_pots(hand), names)  # R5.1, bets in front included
        pots = _pot_views(hand, collected_pots(hand), names) if in_front else gathered
    la = avail.legal
    turn = None
    if la is not None:
        ceiling = ""
        breakdown = avail.breakdown
        pot_limit = config.structure is Structure.POT_LIMIT
        if pot_limit and breakdown is not None and la.can_bet_or_raise:
            ceiling = f"pot max {chips(breakdown.max_raise_to, dec)}"  # R4.4, stack or not
        turn = TurnView(
            la.seat,
            names.get(la.seat, ""),
            options(la, all_in=avail.allows(rq.AllIn)),
            ceiling,
        )
    stakes = state.stakes or config.stakes
    button = hand.button if hand is not None else state.button
    occupied = button is not None and state.seats[button] is not None
    dealt = hand is None or button in hand.seats
    return TableView(
        # R2.7 the current level's blinds, R1.5 the button rule.
        title=shown(f"{config.title_at(stakes)} · {config.button_rule.value} button"),
        hand_number=hand.number if hand is not None else None,
        street=street_title(hand) if live and hand is not None else _between(state, dec),
        board=hand.board if hand is not None else (),
        board_untracked=(hand.board_count - len(hand.board)) if hand is not None else 0,
        seats=tuple(seats),
        pots=pots,
        in_front=in_front,
        turn=turn,
        prompt=next_step(state, avail),
        level=state.level,
        stakes=f"{chips(stakes.small_blind, dec)}/{chips(stakes.big_blind, dec)}"
        + (f" ante {chips(stakes.ante, dec)}" if stakes.ante else ""),
        decimals=dec,
        spot=all_in_spot(state),
        runs=hand.runs if live and hand is not None else 1,
        run_boards=_run_boards(hand) if live and hand is not None else (),
        run_from=hand.run_from if live and hand is not None else 0,
        boards=hand.boards if hand is not None else 1,
        board2=hand.board2 if hand is not None else (),
        board2_untracked=(hand.board2_count - len(hand.board2)) if hand is not None else 0,
        hand=_hand_view(state, config, hand, gathered) if hand is not None else None,
        game=config.variant.name,
        game_name=f"{config.variant.name} {STRUCTURE_NAMES[config.structure]}",
        structure=config.structure,
        blinds=stakes,
        button=button,
        dead_button=button is not None and not (occupied and dealt),
        to_act=avail.to_act,
        legal=la,
        cards_due=avail.cards_due,
        showdown_due=avail.showdown_due,
        run_twice=avail.allows(rq.RunItTwice),
        why_not_next=avail.why_not_next,
        bomb=hand.bomb if hand is not None else 0,
        next_bomb=next_bomb(state),
        tournament=_standings(state),
    )


def _between(state: TableState, decimals: int) -> str:
    """``Between hands``, and what the next hand is when it is a bomb pot (R13.1: the
    table says so before the deal, on every screen that shows the street)."""
    bomb = next_bomb(state)
    if bomb is None or state.ended:
        return "Between hands"
    return f"Between hands · next: {bomb_words(bomb, chips(bomb.amount, decimals))}"


def _standings(state: TableState) -> Standings | None:
    """A tournament's standings (R11); ``None`` at a cash table."""
    if state.tournament is None:
        return None
    from omaha_tui.engine.tournament_standings import standings

    return standings(state)


def _run_boards(hand: HandState) -> tuple[tuple[int, ...], ...]:
    """The whole boards of the later runs dealt so far (R10.2)."""
    return tuple(run_board(hand, r) for r in range(2, len(hand.run_boards) + 2))


def _pot_views(
    hand: HandState, pots: tuple[Pot, ...], names: dict[int, str]
) -> tuple[PotView, ...]:
    live = len(hand.live)
    owner = unmatched_ante(hand, pots)
    back = unmatched_pot(hand, pots)
    views = [
        PotView(
            pot_label(n, back).capitalize(),
            pot.amount,
            (f"all {live} in",)
            if len(pot.eligible) == live and n == 0
            else tuple(names.get(s, str(s + 1)) for s in pot.eligible),
            tuple(pot.eligible),
        )
        for n, pot in enumerate(pots)
    ]
    if owner is not None:  # R2.9, R5.2: a layer of one ante only its poster can win
        who = names.get(owner, str(owner + 1))
        views[-1] = replace(views[-1], eligible=(back_to(who),))
    return tuple(views)


def _hand_view(
    state: TableState, config: TableConfig, hand: HandState, gathered: tuple[PotView, ...]
) -> HandView:
    return HandView(
        number=hand.number,
        game=hand.variant.name,
        hilo=hand.variant.hilo,
        street=hand.street,
        blinds=(hand.stakes if not hand.complete else state.stakes) or config.stakes,
        sb=hand.sb_seat,
        bb=hand.bb_seat,
        posts=tuple(hand.posts),
        board=hand.board,
        runs=hand.runs,
        run_boards=_run_boards(hand),
        complete=hand.complete,
        total=hand.total,
        pots=() if hand.complete else gathered,
        show_order=(showdown_order(state) if hand.to_act is None and not hand.complete else ()),
        boards=hand.boards,
        board2=hand.board2,
        awards=hand.awards if hand.complete else (),
    )
