"""The narrator's sentences for the table around the hands: the session, players sitting
down, leaving (with what they cash out, R12.1), rebuying and coming back (R2.6), the
button (R1.4, R1.5), the level (R2.7), and the table's options from the next hand: the
straddle (R2.8, R13.3), bomb pots (R13.1), the game, the double board (R13.2), the
chips' money value and shared expenses (R12.1, R12.3).
"""

from __future__ import annotations

from omaha_tui.engine import events as ev
from omaha_tui.engine.config import DOUBLE_BOARD_NAMES
from omaha_tui.engine.hands.spoken import join_words
from omaha_tui.engine.narration.teller import Teller
from omaha_tui.engine.rules.bombs import bomb_words, next_bomb
from omaha_tui.engine.rules.money import DEFAULT_UNIT, format_money, in_units
from omaha_tui.engine.state import TableState


def table_line(t: Teller, before: TableState, after: TableState, e: ev.Event) -> str | None:
    """The sentence for ``e`` if it is an event of the table around the hands, else None."""
    who, m = t.who, t.amt
    match e:
        case ev.SessionStarted(config=config, title=title):
            return f"Session: {title or config.title}"
        case ev.PlayerSeated(seat=seat, name=name, stack=stack, wait_for_bb=wait):
            started = after.hands_played or after.hand is not None
            how = ", waiting for the big blind" if wait and started else ""
            return f"{t.name(name)} sits in seat {seat + 1} with {m(stack)}{how}"
        case ev.PlayerLeft(seat=seat):
            return leaves(t, before, seat)
        case ev.PlayerRebought(seat=seat, amount=amount):
            return f"{who(before, seat)} rebuys {m(amount)}"
        case ev.ChipsCorrected(seat=seat, delta=delta, reason=reason):
            change = m(delta, sign=True)
            return f"{who(before, seat)}: chips corrected {change} ({t.name(reason)})"
        case ev.SatOut(seat=seat):
            return f"{who(before, seat)} sits out"
        case ev.CameBack(seat=seat, post_now=post_now):
            later = "" if post_now else ", waiting for the big blind"
            return f"{who(before, seat)} is back{later}"
        case ev.ButtonDrawn(cards=cards):
            drawn = ", ".join(f"{who(before, s)} {t.cards([c])}" for s, c in cards.items())
            return f"Draw for the button: {drawn}; button to {who(after, after.button or 0)}"
        case ev.ButtonPlaced(seat=seat):
            return f"Button placed on {who(before, seat)}"
        case ev.LevelChanged(level=level, stakes=stakes):
            ante = ""
            if stakes.ante:
                kind = "big-blind ante" if stakes.big_blind_ante else "ante"
                ante = f", {kind} {m(stakes.ante)}"
            return f"Level {level}: blinds {m(stakes.small_blind)}/{m(stakes.big_blind)}{ante}"
        case ev.SessionEnded():
            return "Session ended: everyone cashes out; the ledger has the settle-up"
        case ev.StraddleChanged(amount=amount, button=button, seat=seat):
            if amount and button:
                return f"Button straddle {m(amount)} from the next hand (R13.3)"
            if amount and seat is not None:
                return (
                    f"Mississippi straddle {m(amount)} from {who(after, seat)} from the next "
                    "hand, when not in a blind (R13.3)"
                )
            if amount:
                return f"Straddle {m(amount)} from the next hand, when three or more play (R2.8)"
            return "Straddle off from the next hand"
        case ev.BombChanged(call=call):
            return bomb_change(t, after, call)
        case ev.GameChanged():
            new = after.config
            if new is None:
                return "Game changed"
            return f"Next hands: {new.title_at(after.stakes or new.stakes)}"
        case ev.ButtonRuleChanged(rule=rule):
            return f"{rule.value.capitalize()} button from the next hand (R1.5)"
        case ev.DoubleBoardChanged(mode=mode):
            return f"{DOUBLE_BOARD_NAMES[mode].capitalize()} from the next hand (R13.2)"
        case ev.ChipValueSet():
            rate = after.money
            if rate is None:
                return "The chips have no money value now: the ledger is in chips (R12.1)"
            return f"Chips are worth money: {rate.describe()}, the whole ledger at it (R12.1)"
        case ev.ExpenseShared():
            return expense(t, after)
    return None


def leaves(t: Teller, before: TableState, seat: int) -> str:
    """``Fay leaves, cashing out 355 (35.50 EUR)``: what a leaving player takes (R12.1)."""
    player = before.seat(seat)
    stack = player.stack if player is not None else 0
    if not stack:
        return f"{t.who(before, seat)} leaves"
    rate = before.money
    worth = f" ({rate.money_of(stack).text()})" if rate is not None else ""
    return f"{t.who(before, seat)} leaves, cashing out {t.amt(stack)}{worth}"


def bomb_change(t: Teller, after: TableState, call: ev.BombCall | None) -> str:
    """R13.1: ``Next hand: a bomb pot of 5``, a standing rule, or bomb pots off."""
    if call is None:
        return "Bomb pots off"
    what = bomb_words(call, t.amt(call.amount))
    if call.every is not None:
        return f"{what.capitalize()} every {call.every} hands (R13.1){next_bomb_words(t, after)}"
    if call.at is not None:
        return (
            f"{what.capitalize()} each time the button reaches {t.who(after, call.at)} "
            f"(R13.1){next_bomb_words(t, after)}"
        )
    return f"Next hand: {what} (R13.1)"


def next_bomb_words(t: Teller, after: TableState) -> str:
    """``; the next hand is one`` when the next hand is a bomb pot (R13.1)."""
    call = next_bomb(after)
    return f"; next hand: {bomb_words(call, t.amt(call.amount))}" if call else ""


def expense(t: Teller, after: TableState) -> str:
    """``Expense: pizza 30.00 EUR paid by Ann, shared by Ann, Bob and Cy (10.00 each)``."""
    e = after.expenses[-1]
    rate = after.money
    currency, unit = (rate.currency, rate.unit) if rate is not None else ("", DEFAULT_UNIT)
    units = in_units(e.amount, unit)
    share, rest = divmod(units, len(e.among))
    payer = t.name(e.paid_by) if e.paid_by else "the bank"
    shared = join_words([t.name(n) for n in e.among])
    left = f", {format_money(rest, currency, unit)} does not divide" if rest else ""
    return (
        f"Expense: {t.name(e.what)} {format_money(units, currency, unit)} paid by {payer}, "
        f"shared by {shared} ({format_money(share, currency, unit)} each{left}) (R12.3)"
    )
