"""Table actions as commands: ``verify_x`` (raises), ``can_x`` (bool) and ``x`` (the event).

The app enables keys from ``can_x``, shows the ``verify_x`` message when one is
refused, and appends the event ``x`` returns. Commands fill in what the rules
decide (posts at hand start, the pot-limit amount, an over-pot wager cut to the
maximum with ``excess_returned``, R4.6) so the reducer only ever stores legal
events; every command checks its event against the reducer itself, so the two
cannot disagree. Commands never change state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from . import awards as _awards
from .betting import legal_actions
from .blinds import propose_deal
from .config import Stakes, Structure
from .errors import RuleError
from .events import (
    BetPlaced,
    BoardDealt,
    BoardRecorded,
    ButtonDrawn,
    ButtonPlaced,
    Called,
    CameBack,
    Checked,
    ChipsCorrected,
    EarlyCardDealt,
    Event,
    Folded,
    HandMucked,
    HandStarted,
    HoleCardsShown,
    LevelChanged,
    Misdeal,
    PlayerLeft,
    PlayerRebought,
    PlayerSeated,
    PotsAwarded,
    RaisedTo,
    SatOut,
    SessionEnded,
    SessionStarted,
    Undo,
    WentAllIn,
)
from .reducer import apply, replay
from .state import TableState


def quick_table(
    game: str = "omaha",
    stacks: Sequence[int] = (100, 100, 100),
    big_blind: int = 2,
    structure: Structure = Structure.POT_LIMIT,
    button: int | None = None,
) -> TableState:
    """A table with players ``P0``, ``P1``... seated and the button placed (last seat).

    For examples, tests and the REPL; a real session is built from its own events.

    >>> s = quick_table(stacks=(200, 150))
    >>> [(p.name, p.stack) for p in s.seats if p], s.button
    ([('P0', 200), ('P1', 150)], 1)
    """
    from .config import TableConfig, parse_game

    config = TableConfig(
        variant=parse_game(game), structure=structure, stakes=Stakes(big_blind=big_blind)
    )
    events: list[Event] = [SessionStarted(config=config)]
    events += [PlayerSeated(seat=i, name=f"P{i}", stack=n) for i, n in enumerate(stacks)]
    events.append(ButtonPlaced(seat=len(stacks) - 1 if button is None else button))
    return replay(events)


def _checked(state: TableState, event: Event) -> Event:
    apply(state, event)  # raises RuleError with the reducer's message
    return event


def _can(build: Callable[[], Event]) -> bool:
    try:
        build()
    except (RuleError, ValueError):
        return False
    return True


def _to_act(state: TableState) -> int:
    hand = state.hand
    if hand is None or hand.complete:
        raise RuleError("no hand is running: start the next hand")
    if hand.early_card_pending:
        raise RuleError("deal Courchevel's early flop card before the pre-flop betting (R3.3)")
    if hand.to_act is None:
        raise RuleError("nobody is to act: deal the next street or settle the pots")
    return hand.to_act


# ------------------------------------------------------------------ hand start


def start_hand(
    state: TableState,
    die_roll: int | None = None,
    straddle: bool = False,
    button: int | None = None,
) -> HandStarted:
    """``HandStarted`` with the button (R1.5), dealt-in seats and posts from R2.

    >>> e = start_hand(quick_table())
    >>> e.button, e.seats, [(p.seat, p.kind.value, p.amount) for p in e.posts]
    (2, (0, 1, 2), [(0, 'sb', 1), (1, 'bb', 2)])
    """
    deal = propose_deal(state, button=button, straddle=straddle)
    event = HandStarted(button=deal.button, seats=deal.seats, posts=deal.posts, die_roll=die_roll)
    return _checked(state, event)  # type: ignore[return-value]


def verify_start_hand(state: TableState, die_roll: int | None = None) -> None:
    start_hand(state, die_roll)


def can_start_hand(state: TableState, die_roll: int | None = None) -> bool:
    return _can(lambda: start_hand(state, die_roll))


# ------------------------------------------------------------------ betting


def fold(state: TableState) -> Folded:
    return _checked(state, Folded(seat=_to_act(state)))  # type: ignore[return-value]


def verify_fold(state: TableState) -> None:
    fold(state)


def can_fold(state: TableState) -> bool:
    return _can(lambda: fold(state))


def check(state: TableState) -> Checked:
    return _checked(state, Checked(seat=_to_act(state)))  # type: ignore[return-value]


def verify_check(state: TableState) -> None:
    check(state)


def can_check(state: TableState) -> bool:
    return _can(lambda: check(state))


def call(state: TableState) -> Called:
    return _checked(state, Called(seat=_to_act(state)))  # type: ignore[return-value]


def verify_call(state: TableState) -> None:
    call(state)


def can_call(state: TableState) -> bool:
    return _can(lambda: call(state))


def check_or_call(state: TableState) -> Checked | Called:
    """Check when nothing is owed, otherwise call.

    >>> s = quick_table()
    >>> check_or_call(apply(s, start_hand(s)))
    Called(v=1, type='called', seat=2)
    """
    seat = _to_act(state)
    la = legal_actions(state)
    assert la is not None
    event = Checked(seat=seat) if la.can_check else Called(seat=seat)
    return _checked(state, event)  # type: ignore[return-value]


def verify_check_or_call(state: TableState) -> None:
    check_or_call(state)


def can_check_or_call(state: TableState) -> bool:
    return _can(lambda: check_or_call(state))


def bet_or_raise(
    state: TableState, to: int, confirm_all_in: bool = False
) -> BetPlaced | RaisedTo | WentAllIn:
    """A bet or raise *to* ``to`` chips this round.

    In pot limit a wager above the maximum is cut to it and the difference recorded
    as ``excess_returned`` (R4.6). A wager above the stack is refused unless the
    dealer confirms it as all in (R4.10). Amounts must be whole chips.

    >>> s = quick_table()
    >>> s = apply(s, start_hand(s))
    >>> bet_or_raise(s, 50)  # blinds 1/2: the pot limit is 7
    RaisedTo(v=1, type='raised_to', seat=2, to=7, excess_returned=43)
    >>> bet_or_raise(s, 3)
    Traceback (most recent call last):
    ...
    omaha_tui.engine.errors.RuleError: P2 (seat 3): raise to 3 is below the minimum: raise to 4 to 7
    """
    seat = _to_act(state)
    hand = state.hand
    assert hand is not None and state.config is not None
    chip = hand.stakes.chip
    if to <= 0:
        raise RuleError(f"a bet must be a positive amount, not {to}")
    if to % chip:
        raise RuleError(f"{to} is not a multiple of the smallest chip {chip}")
    la = legal_actions(state)
    assert la is not None
    excess = 0
    if to > la.all_in_to:
        if not confirm_all_in:
            raise RuleError(
                f"{to} is more than the {la.all_in_to} this player has: "
                f"confirm all in for {la.all_in_to}, or {la.describe_range()}"
            )
        to = la.all_in_to
    if (
        state.config.structure is Structure.POT_LIMIT
        and la.can_bet_or_raise
        and to > la.max_raise_to
    ):
        excess = to - la.max_raise_to  # R4.6: cut to the pot, the rest goes back
        to = la.max_raise_to
    if to == la.all_in_to and excess == 0:
        return _checked(state, WentAllIn(seat=seat))  # type: ignore[return-value]
    if hand.current_bet == 0:
        event: BetPlaced | RaisedTo = BetPlaced(seat=seat, amount=to, excess_returned=excess)
    else:
        event = RaisedTo(seat=seat, to=to, excess_returned=excess)
    return _checked(state, event)  # type: ignore[return-value]


def verify_bet_or_raise(state: TableState, to: int, confirm_all_in: bool = False) -> None:
    bet_or_raise(state, to, confirm_all_in)


def can_bet_or_raise(state: TableState, to: int | None = None) -> bool:
    la = legal_actions(state)
    if la is None or not la.can_bet_or_raise:
        return False
    return True if to is None else _can(lambda: bet_or_raise(state, to))


def pot(state: TableState) -> BetPlaced | RaisedTo | WentAllIn:
    """R4.4/R4.6: bet or raise exactly the pot-limit maximum (all in if smaller).

    >>> s = quick_table()
    >>> pot(apply(s, start_hand(s))).to
    7
    """
    la = legal_actions(state)
    if la is None:
        _to_act(state)
        raise RuleError("nobody is to act")
    if state.config is not None and state.config.structure is not Structure.POT_LIMIT:
        raise RuleError("'pot' is the pot-limit maximum: this table is not pot limit")
    if not la.can_bet_or_raise:
        raise RuleError(la.describe_range())
    return bet_or_raise(state, la.max_raise_to)


def verify_pot(state: TableState) -> None:
    pot(state)


def can_pot(state: TableState) -> bool:
    return _can(lambda: pot(state))


def all_in(state: TableState) -> WentAllIn:
    return _checked(state, WentAllIn(seat=_to_act(state)))  # type: ignore[return-value]


def verify_all_in(state: TableState) -> None:
    all_in(state)


def can_all_in(state: TableState) -> bool:
    return _can(lambda: all_in(state))


# ------------------------------------------------------------------ cards


def deal_board(state: TableState, cards: Sequence[str] | str | None = None) -> BoardDealt:
    """The next street's cards (or none: the dealer may track chips only).

    >>> s = quick_table(stacks=(100, 100))
    >>> for make in (start_hand, call, check):
    ...     s = apply(s, make(s))
    >>> deal_board(s, "Ah Kd 7c").cards
    ('Ah', 'Kd', '7c')
    """
    if isinstance(cards, str):
        cards = tuple(cards.replace(",", " ").split())
    event = BoardDealt(cards=tuple(cards or ()))
    return _checked(state, event)  # type: ignore[return-value]


def verify_deal_board(state: TableState, cards: Sequence[str] | str | None = None) -> None:
    deal_board(state, cards)


def can_deal_board(state: TableState) -> bool:
    return _can(lambda: deal_board(state))


def record_board(state: TableState, cards: Sequence[str] | str) -> BoardRecorded:
    """Enter, at showdown or later in the hand, board cards dealt as a count only.

    >>> s = quick_table(stacks=(100, 100))
    >>> for make in (start_hand, call, check, deal_board):
    ...     s = apply(s, make(s))
    >>> record_board(s, "Ah Kd 7c").cards
    ('Ah', 'Kd', '7c')
    """
    if isinstance(cards, str):
        cards = tuple(cards.replace(",", " ").split())
    return _checked(state, BoardRecorded(cards=tuple(cards)))  # type: ignore[return-value]


def verify_record_board(state: TableState, cards: Sequence[str] | str) -> None:
    record_board(state, cards)


def can_record_board(state: TableState) -> bool:
    hand = state.hand
    return hand is not None and not hand.complete and len(hand.board) < hand.board_count


def deal_early_card(state: TableState, card: str | None = None) -> EarlyCardDealt:
    """R3.3 Courchevel: the first flop card before the pre-flop betting."""
    return _checked(state, EarlyCardDealt(card=card))  # type: ignore[return-value]


def verify_deal_early_card(state: TableState, card: str | None = None) -> None:
    deal_early_card(state, card)


def can_deal_early_card(state: TableState) -> bool:
    return _can(lambda: deal_early_card(state))


def show(state: TableState, seat: int, cards: Sequence[str] | str) -> HoleCardsShown:
    if isinstance(cards, str):
        from .cards import format_card, parse_cards

        try:
            cards = tuple(format_card(c) for c in parse_cards(cards))
        except ValueError as exc:
            raise RuleError(str(exc)) from None
    return _checked(state, HoleCardsShown(seat=seat, cards=tuple(cards)))  # type: ignore[return-value]


def verify_show(state: TableState, seat: int, cards: Sequence[str] | str) -> None:
    show(state, seat, cards)


def can_show(state: TableState, seat: int, cards: Sequence[str] | str) -> bool:
    return _can(lambda: show(state, seat, cards))


def muck(state: TableState, seat: int) -> HandMucked:
    return _checked(state, HandMucked(seat=seat))  # type: ignore[return-value]


def verify_muck(state: TableState, seat: int) -> None:
    muck(state, seat)


def can_muck(state: TableState, seat: int) -> bool:
    return _can(lambda: muck(state, seat))


def settle_by_cards(state: TableState) -> PotsAwarded:
    """Every pot awarded from the shown hands and the board (R7, R8.3).

    >>> s = quick_table(stacks=(100, 100))
    >>> for make in (start_hand, call, check):
    ...     s = apply(s, make(s))
    >>> for cards in ("Ah Kd 7c", "2s", "3s"):
    ...     s = apply(s, deal_board(s, cards))
    ...     s = apply(s, check(s))
    ...     s = apply(s, check(s))
    >>> s = apply(s, show(s, 0, "As Ad 9h 9c"))
    >>> s = apply(s, show(s, 1, "Kh Ks 4c 5d"))
    >>> [(a.seat, a.amount) for a in settle_by_cards(s).awards]  # three kings
    [(1, 4)]
    """
    if state.hand is None or state.hand.complete:
        raise RuleError("no hand is running: there is no pot to award")
    awards = _awards.awards_from_cards(state)
    return _checked(state, PotsAwarded(awards=awards, by_cards=True))  # type: ignore[return-value]


def verify_settle_by_cards(state: TableState) -> None:
    settle_by_cards(state)


def can_settle_by_cards(state: TableState) -> bool:
    return _can(lambda: settle_by_cards(state))


def settle_by_hand(
    state: TableState,
    winners: Sequence[Sequence[int]],
    low_winners: Sequence[Sequence[int]] | None = None,
) -> PotsAwarded:
    """Pots awarded to the seats the dealer names, per pot (cards not entered).

    ``winners[i]`` share pot ``i`` (its high half when ``low_winners[i]`` names
    anyone); odd chips follow R7.4.

    >>> s = quick_table(stacks=(100, 100))
    >>> for make in (start_hand, call, check) + (deal_board, check, check) * 3:
    ...     s = apply(s, make(s))
    >>> [(a.seat, a.amount) for a in settle_by_hand(s, [[0, 1]]).awards]
    [(0, 2), (1, 2)]
    """
    if state.hand is None or state.hand.complete:
        raise RuleError("no hand is running: there is no pot to award")
    awards = _awards.awards_by_hand(state, winners, low_winners)
    return _checked(state, PotsAwarded(awards=awards, by_cards=False))  # type: ignore[return-value]


def verify_settle_by_hand(
    state: TableState,
    winners: Sequence[Sequence[int]],
    low_winners: Sequence[Sequence[int]] | None = None,
) -> None:
    settle_by_hand(state, winners, low_winners)


def can_settle_by_hand(state: TableState, winners: Sequence[Sequence[int]]) -> bool:
    return _can(lambda: settle_by_hand(state, winners))


def misdeal(state: TableState, reason: str = "") -> Misdeal:
    return _checked(state, Misdeal(reason=reason))  # type: ignore[return-value]


def verify_misdeal(state: TableState) -> None:
    misdeal(state)


def can_misdeal(state: TableState) -> bool:
    return _can(lambda: misdeal(state))


# ------------------------------------------------------------------ seats and session


def seat_player(
    state: TableState, seat: int, name: str, stack: int, wait_for_bb: bool = False
) -> PlayerSeated:
    try:
        event = PlayerSeated(seat=seat, name=name, stack=stack, wait_for_bb=wait_for_bb)
    except ValueError as exc:
        raise RuleError(_pydantic_message(exc)) from None
    return _checked(state, event)  # type: ignore[return-value]


def verify_seat_player(state: TableState, seat: int, name: str, stack: int) -> None:
    seat_player(state, seat, name, stack)


def can_seat_player(state: TableState, seat: int, name: str, stack: int) -> bool:
    return _can(lambda: seat_player(state, seat, name, stack))


def leave(state: TableState, seat: int) -> PlayerLeft:
    return _checked(state, PlayerLeft(seat=seat))  # type: ignore[return-value]


def verify_leave(state: TableState, seat: int) -> None:
    leave(state, seat)


def can_leave(state: TableState, seat: int) -> bool:
    return _can(lambda: leave(state, seat))


def rebuy(state: TableState, seat: int, amount: int) -> PlayerRebought:
    if amount <= 0:
        raise RuleError(f"a rebuy must be a positive amount, not {amount}")
    return _checked(state, PlayerRebought(seat=seat, amount=amount))  # type: ignore[return-value]


def verify_rebuy(state: TableState, seat: int, amount: int) -> None:
    rebuy(state, seat, amount)


def can_rebuy(state: TableState, seat: int, amount: int) -> bool:
    return _can(lambda: rebuy(state, seat, amount))


def buy_in_warning(state: TableState, stack_after: int) -> str | None:
    """R4.11: a warning (never a refusal) when a stack is outside the buy-in range."""
    config = state.config
    if config is None:
        return None
    if stack_after < config.buy_in_min:
        return f"{stack_after} is below this table's usual buy-in of {config.buy_in_min}"
    if config.buy_in_max and stack_after > config.buy_in_max:
        return f"{stack_after} is above this table's usual buy-in of {config.buy_in_max}"
    return None


def correct_chips(state: TableState, seat: int, delta: int, reason: str) -> ChipsCorrected:
    if not reason.strip():
        raise RuleError("say why the chips are corrected: the reason is kept in the log")
    event = ChipsCorrected(seat=seat, delta=delta, reason=reason)
    return _checked(state, event)  # type: ignore[return-value]


def verify_correct_chips(state: TableState, seat: int, delta: int, reason: str) -> None:
    correct_chips(state, seat, delta, reason)


def can_correct_chips(state: TableState, seat: int, delta: int, reason: str) -> bool:
    return _can(lambda: correct_chips(state, seat, delta, reason))


def sit_out(state: TableState, seat: int) -> SatOut:
    return _checked(state, SatOut(seat=seat))  # type: ignore[return-value]


def verify_sit_out(state: TableState, seat: int) -> None:
    sit_out(state, seat)


def can_sit_out(state: TableState, seat: int) -> bool:
    return _can(lambda: sit_out(state, seat))


def come_back(state: TableState, seat: int, post_now: bool = True) -> CameBack:
    return _checked(state, CameBack(seat=seat, post_now=post_now))  # type: ignore[return-value]


def verify_come_back(state: TableState, seat: int, post_now: bool = True) -> None:
    come_back(state, seat, post_now)


def can_come_back(state: TableState, seat: int) -> bool:
    return _can(lambda: come_back(state, seat))


def draw_button(state: TableState, cards: Mapping[int, str]) -> ButtonDrawn:
    """R1.4: one face-up card per seat; the highest takes the button."""
    return _checked(state, ButtonDrawn(cards=dict(cards)))  # type: ignore[return-value]


def verify_draw_button(state: TableState, cards: Mapping[int, str]) -> None:
    draw_button(state, cards)


def can_draw_button(state: TableState, cards: Mapping[int, str]) -> bool:
    return _can(lambda: draw_button(state, cards))


def place_button(state: TableState, seat: int) -> ButtonPlaced:
    return _checked(state, ButtonPlaced(seat=seat))  # type: ignore[return-value]


def verify_place_button(state: TableState, seat: int) -> None:
    place_button(state, seat)


def can_place_button(state: TableState, seat: int) -> bool:
    return _can(lambda: place_button(state, seat))


def change_level(state: TableState, level: int, stakes: Stakes) -> LevelChanged:
    """R2.7: a new blind level, effective with the next hand."""
    return _checked(state, LevelChanged(level=level, stakes=stakes))  # type: ignore[return-value]


def verify_change_level(state: TableState, level: int, stakes: Stakes) -> None:
    change_level(state, level, stakes)


def can_change_level(state: TableState, level: int, stakes: Stakes) -> bool:
    return _can(lambda: change_level(state, level, stakes))


def undo(state: TableState) -> Undo:
    """Retract the last effective event (the log keeps both).

    >>> s = quick_table()
    >>> s = apply(s, start_hand(s))
    >>> apply(s, undo(s)).hand is None
    True
    """
    return _checked(state, Undo())  # type: ignore[return-value]


def verify_undo(state: TableState) -> None:
    undo(state)


def can_undo(state: TableState) -> bool:
    return bool(state.journal)


def end_session(state: TableState) -> SessionEnded:
    return _checked(state, SessionEnded())  # type: ignore[return-value]


def verify_end_session(state: TableState) -> None:
    end_session(state)


def can_end_session(state: TableState) -> bool:
    return _can(lambda: end_session(state))


def _pydantic_message(exc: ValueError) -> str:
    errors = getattr(exc, "errors", None)
    if callable(errors):
        parts = [f"{'.'.join(str(x) for x in e['loc'])}: {e['msg']}" for e in errors()]
        return "; ".join(parts)
    return str(exc)
