"""Deciders for the table around the hands: seats, chips, the button, levels, the end.

Registered into :data:`~omaha_tui.engine.decisions.registry.DECIDERS` when ``decide`` is imported.
The reducer checks each event (seat taken, hand running...); what is decided here is
what the dealer must be asked first (R2.6: post now or wait) and the warnings that
never refuse (R4.11), plus seat numbers outside the table named as dealers count them.
"""

from __future__ import annotations

from fractions import Fraction

from omaha_tui.engine import events as ev
from omaha_tui.engine.config import parse_game
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.outcomes import Ask, Built, Choice
from omaha_tui.engine.decisions.registry import decides, fold
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.hands.cards import card_texts
from omaha_tui.engine.labels import (
    check_name,
    name_taken,
    player_name,
    seat_label,
    seat_range,
    taken_message,
)
from omaha_tui.engine.state import TableState
from omaha_tui.engine.units import amount_text


def _seat(state: TableState, seat: int) -> int:
    state.session_config()
    size = len(state.seats)
    if not 0 <= seat < size:
        raise RuleError(f"{seat_label(seat)} does not exist: this table has {seat_range(size)}")
    return seat


def _player(state: TableState, seat: int) -> int:
    _seat(state, seat)
    if state.seats[seat] is None:
        raise RuleError(f"{seat_label(seat)} is empty: name a seated player")
    return seat


@decides(rq.SeatPlayer)
def _seat_player(state: TableState, req: rq.SeatPlayer) -> Built:
    """R2.6: once hands have been played a newcomer posts a big blind or waits for it;
    a tournament's late entry owes no blind and is dealt in at once (R11.6).

    The name must show (:func:`~omaha_tui.engine.labels.check_name`) and be nobody
    seated already, in any case or form (:func:`~omaha_tui.engine.labels.identity`).
    """
    _seat(state, req.seat)
    if req.stack <= 0:
        raise RuleError(
            f"a player sits down with chips: the stack must be positive, not {req.stack}"
        )
    try:
        name = check_name(req.name)
    except ValueError as e:
        raise RuleError(str(e)) from None
    seated = name_taken((s.name for s in state.seats if s is not None), name)
    if seated is not None:
        raise RuleError(taken_message(seated, name))
    req = rq.SeatPlayer(req.seat, name, req.stack, req.post_now)
    started = state.hands_played > 0 or state.hand is not None
    if started and req.post_now is None and state.tournament is None:  # R11.6: none owed
        return Ask(
            f"{req.name}: post a big blind now, or wait for the big blind (R2.6)?",
            (
                Choice("post now", rq.SeatPlayer(req.seat, req.name, req.stack, True)),
                Choice(
                    "wait for the big blind", rq.SeatPlayer(req.seat, req.name, req.stack, False)
                ),
            ),
        )
    event = ev.PlayerSeated(
        seat=req.seat, name=name, stack=req.stack, wait_for_bb=req.post_now is False
    )
    return fold(state, (event,), _buy_in_warning(state, req.stack))


@decides(rq.Leave)
def _leave(state: TableState, req: rq.Leave) -> Built:
    return (ev.PlayerLeft(seat=_player(state, req.seat)),)


@decides(rq.SitOut)
def _sit_out(state: TableState, req: rq.SitOut) -> Built:
    return (ev.SatOut(seat=_player(state, req.seat)),)


@decides(rq.Back)
def _back(state: TableState, req: rq.Back) -> Built:
    """R2.6: a player who owes blinds chooses to post now or wait for the big blind."""
    seat = state.seats[_player(state, req.seat)]
    assert seat is not None
    owes = seat.owes_bb or seat.owes_sb
    if req.post_now is None and owes:
        owed = "a big blind and a dead small blind" if seat.owes_sb else "a big blind"
        return Ask(
            f"{seat.name} owes {owed}: post now, or wait for the big blind (R2.6)?",
            (
                Choice("post now", rq.Back(req.seat, True)),
                Choice("wait for the big blind", rq.Back(req.seat, False)),
            ),
        )
    return (ev.CameBack(seat=req.seat, post_now=req.post_now is not False),)


@decides(rq.Rebuy)
def rebuy(state: TableState, req: rq.Rebuy) -> Built:
    """R4.11: a rebuy outside the buy-in range is recorded with a warning, never refused.

    R2.6: a busted player who rebuys comes back. Busted in the last hand and rebuying
    before the next, they are dealt in at once owing nothing; one who sat out longer
    and owes blinds chooses, as any returning player does, to post now or wait for
    the big blind.
    """
    seat = state.seats[_player(state, req.seat)]
    assert seat is not None
    if req.amount <= 0:
        raise RuleError(f"a rebuy must be a positive amount, not {req.amount}")
    events: list[ev.Event] = [ev.PlayerRebought(seat=req.seat, amount=req.amount)]
    hand = state.hand
    busted = seat.stack == 0 and seat.sitting_out and not state.in_hand
    owes = seat.owes_bb or seat.owes_sb
    if busted and hand is not None and req.seat in hand.seats and not owes:
        # Busted in the last hand and rebuying before the next: owing nothing.
        events.append(ev.CameBack(seat=req.seat, post_now=True))
    elif busted and owes and req.post_now is None:
        owed = "a big blind and a dead small blind" if seat.owes_sb else "a big blind"
        return Ask(
            f"{seat.name} rebuys {req.amount} and owes {owed}: post now, or wait for the "
            "big blind (R2.6)?",
            (
                Choice("post now", rq.Rebuy(req.seat, req.amount, True)),
                Choice("wait for the big blind", rq.Rebuy(req.seat, req.amount, False)),
            ),
        )
    elif busted:
        events.append(ev.CameBack(seat=req.seat, post_now=req.post_now is not False))
    return fold(state, events, _buy_in_warning(state, seat.stack + req.amount))


def _buy_in_warning(state: TableState, stack_after: int) -> str:
    """R4.11: a warning (never a refusal) when a stack is outside the buy-in range.

    The range is the table's in big blinds (20-100 unless set), so it rises with the
    blinds: at 2/4 a stack of 300 is 75 big blinds, inside it. A cash game's
    guidance: a tournament's entries and rebuys are its own stacks (R11.1).
    """
    config, stakes = state.config, state.stakes
    if config is None or stakes is None or state.tournament is not None:
        return ""
    scale = Fraction(stakes.big_blind, config.stakes.big_blind)
    low, high = config.buy_in_min * scale, config.buy_in_max * scale
    if low <= stack_after and (not config.buy_in_max or stack_after <= high):
        return ""
    side = "below" if stack_after < low else "above"
    bb = config.stakes.big_blind
    usual = _big_blinds(Fraction(config.buy_in_min, bb))
    if config.buy_in_max:
        usual += f" to {_big_blinds(Fraction(config.buy_in_max, bb))}"
    stack = amount_text(stack_after, config.decimals)
    return (
        f"{stack} is {_big_blinds(Fraction(stack_after, stakes.big_blind))} big blinds, "
        f"{side} this table's usual {usual}"
    )


def _big_blinds(count: Fraction) -> str:
    """``75``, ``12.5``: a number of big blinds as a host says it (tenths at most)."""
    if count.denominator == 1:
        return str(count.numerator)
    return f"{float(count):.1f}".removesuffix(".0")


@decides(rq.Correct)
def _correct(state: TableState, req: rq.Correct) -> Built:
    _player(state, req.seat)
    if not req.reason.strip():
        raise RuleError("say why the chips are corrected: the reason is kept in the log")
    if req.delta == 0:
        raise RuleError("a correction of 0 changes nothing: give +N or -N chips")
    return (ev.ChipsCorrected(seat=req.seat, delta=req.delta, reason=req.reason.strip()),)


@decides(rq.PlaceButton)
def _place_button(state: TableState, req: rq.PlaceButton) -> Built:
    return (ev.ButtonPlaced(seat=_seat(state, req.seat)),)


@decides(rq.DrawButton)
def _draw_button(state: TableState, req: rq.DrawButton) -> Built:
    """R1.4: one face-up card per seat; the highest takes the button."""
    cards = {}
    for seat, text in req.cards:
        _player(state, seat)
        one = card_texts(text)
        if len(one) != 1:
            raise RuleError(f"{player_name(state, seat)} draws one card, not {len(one)} (R1.4)")
        cards[seat] = one[0]
    return (ev.ButtonDrawn(cards=cards),)


@decides(rq.ChangeLevel)
def _change_level(state: TableState, req: rq.ChangeLevel) -> Built:
    """R2.7: new blinds, effective with the next hand; with a blind schedule the clock
    sets the level, so the host moves it with the clock's controls instead."""
    if state.clock.schedule is not None:
        raise RuleError(
            "this table's blind schedule sets the level: use clock next or clock back, "
            "or edit the schedule"
        )
    return (ev.LevelChanged(level=req.level, stakes=req.stakes),)


@decides(rq.SetStraddle)
def _set_straddle(state: TableState, req: rq.SetStraddle) -> Built:
    """R2.8: a standing straddle between hands; the reducer checks its size and the players."""
    if req.amount < 0:
        raise RuleError(f"a straddle cannot be negative ({req.amount}): give an amount, or off")
    return (ev.StraddleChanged(amount=req.amount, button=req.button, seat=req.seat),)


BOMB_USAGE = (
    "bomb AMOUNT [double], bomb every N AMOUNT [double], bomb at SEAT AMOUNT [double], or bomb off"
)


@decides(rq.SetBomb)
def _set_bomb(state: TableState, req: rq.SetBomb) -> Built:
    """R13.1: a bomb pot for the next hand, standing, or off; the reducer checks the chip
    and the seat."""
    if req.amount == 0 and req.every is None and req.at is None:
        return (ev.BombChanged(call=None),)
    if req.amount <= 0:
        raise RuleError(f"a bomb must be more than nothing, not {req.amount}: {BOMB_USAGE}")
    if req.every is not None and req.every < 1:
        raise RuleError(f"every {req.every} hands is not a count of hands: {BOMB_USAGE}")
    call = ev.BombCall(amount=req.amount, double=req.double, every=req.every, at=req.at)
    return (ev.BombChanged(call=call),)


@decides(rq.ChangeGame)
def _change_game(state: TableState, req: rq.ChangeGame) -> Built:
    """Dealer's choice (R9): the game by any of its names; the structure stays unless given."""
    config = state.session_config()
    try:
        variant = parse_game(req.game)
    except ValueError as e:
        raise RuleError(str(e)) from None
    structure = req.structure or config.structure
    return (ev.GameChanged(game=variant.key, structure=structure),)


@decides(rq.SetButtonRule)
def _set_button_rule(state: TableState, req: rq.SetButtonRule) -> Built:
    """R1.5: dead button (card-room practice) or moving button (casual home games)."""
    return (ev.ButtonRuleChanged(rule=req.rule),)


@decides(rq.SetDoubleBoard)
def _set_double_board(state: TableState, req: rq.SetDoubleBoard) -> Built:
    """R13.2(a): the table's boards from the next hand; the reducer checks the seats."""
    return (ev.DoubleBoardChanged(mode=req.mode),)


@decides(rq.SetChipValue)
def _set_chip_value(state: TableState, req: rq.SetChipValue) -> Built:
    """R12.1: the chips' money value, between hands; the reducer checks the amounts."""
    return (
        ev.ChipValueSet(chips=req.chips, money=req.money, currency=req.currency, unit=req.unit),
    )


@decides(rq.ShareExpense)
def _share_expense(state: TableState, req: rq.ShareExpense) -> Built:
    """R12.3: a shared expense; the reducer resolves and checks the names."""
    what = req.what.strip()
    if not what or len(what) > 40:
        raise RuleError(
            "say what the expense was in at most 40 characters, such as pizza or the room"
        )
    return (
        ev.ExpenseShared(
            amount=req.amount, what=req.what.strip(), among=req.among, paid_by=req.paid_by
        ),
    )


@decides(rq.DeclareMisdeal)
def _misdeal(state: TableState, req: rq.DeclareMisdeal) -> Built:
    return (ev.MisdealDeclared(reason=req.reason),)


@decides(rq.EndSession)
def _end(state: TableState, _: rq.EndSession) -> Built:
    return (ev.SessionEnded(),)
