"""The one narrator: events -> sentences, for the status line, History, speech and the console.

``narrate(before, events, after)`` tells what a batch of events did to the table, in
the words a dealer uses: names rather than seat indexes, chips with separators, what
a call actually cost. Beyond one sentence per event it says what the rules did on
their own: an uncalled bet going back (R4.9), who won how much when a hand ends
(also when everyone else folded, R4.2), and what an undo took back.

Names people typed are data: by default they pass through ``labels.printable``; ``name``
and ``cards`` let History escape them for markup and colour cards without a second
narrator. Nothing here changes state.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from omaha_tui.engine import events as ev
from omaha_tui.engine.clock_words import adjusted_words, clock_event_words
from omaha_tui.engine.config import DOUBLE_BOARD_NAMES, binglao_variant
from omaha_tui.engine.hands.cards import format_card
from omaha_tui.engine.hands.spoken import join_words
from omaha_tui.engine.labels import player_name, printable, run_times
from omaha_tui.engine.narrate_awards import winnings
from omaha_tui.engine.narrate_tournament import tournament_line
from omaha_tui.engine.rules.bombs import bomb_words, next_bomb
from omaha_tui.engine.state import TableState
from omaha_tui.engine.units import amount_text

POST_NAMES = {
    "sb": "small blind",
    "bb": "big blind",
    "ante": "ante",
    "straddle": "straddle",
    "dead_sb": "dead small blind",
    "bomb": "the bomb",
}
STREETS = {1: "Early flop card", 3: "Flop", 4: "Turn", 5: "River"}

Names = Callable[[str], str]
Cards = Callable[[Sequence[str]], str]


def _plain_cards(cards: Sequence[str]) -> str:
    return " ".join(cards)


class _Teller:
    def __init__(self, name: Names, cards: Cards, decimals: int = 0) -> None:
        self.name, self.cards, self.decimals = name, cards, decimals

    def amt(self, chips: int, *, sign: bool = False) -> str:
        """An amount as the table counts it (:func:`~omaha_tui.engine.units.amount_text`)."""
        return amount_text(chips, self.decimals, sign=sign)

    def who(self, state: TableState, seat: int) -> str:
        return self.name(player_name(state, seat))

    def put_in(self, before: TableState, after: TableState, seat: int) -> int:
        if before.hand is None or after.hand is None or after.hand.number != before.hand.number:
            return 0
        return (
            after.hand.committed[seat]
            - before.hand.committed[seat]
            + _returned(before, after, seat)
        )

    def event(self, before: TableState, after: TableState, e: ev.Event) -> str:
        who, m = self.who, self.amt
        if after.tournament is not None or before.tournament is not None:  # R11
            line = tournament_line(before, after, e, self.name)
            if line is not None:
                return line
        match e:
            case ev.SessionStarted(config=config, title=title):
                return f"Session: {title or config.title}"
            case ev.PlayerSeated(seat=seat, name=name, stack=stack, wait_for_bb=wait):
                started = after.hands_played or after.hand is not None
                how = ", waiting for the big blind" if wait and started else ""
                return f"{self.name(name)} sits in seat {seat + 1} with {m(stack)}{how}"
            case ev.PlayerLeft(seat=seat):
                return self.leaves(before, seat)
            case ev.PlayerRebought(seat=seat, amount=amount):
                return f"{who(before, seat)} rebuys {m(amount)}"
            case ev.ChipsCorrected(seat=seat, delta=delta, reason=reason):
                change = m(delta, sign=True)
                return f"{who(before, seat)}: chips corrected {change} ({self.name(reason)})"
            case ev.SatOut(seat=seat):
                return f"{who(before, seat)} sits out"
            case ev.CameBack(seat=seat, post_now=post_now):
                later = "" if post_now else ", waiting for the big blind"
                return f"{who(before, seat)} is back{later}"
            case ev.ButtonDrawn(cards=cards):
                drawn = ", ".join(f"{who(before, s)} {self.cards([c])}" for s, c in cards.items())
                return f"Draw for the button: {drawn}; button to {who(after, after.button or 0)}"
            case ev.ButtonPlaced(seat=seat):
                return f"Button placed on {who(before, seat)}"
            case ev.LevelChanged(level=level, stakes=stakes):
                ante = ""
                if stakes.ante:
                    kind = "big-blind ante" if stakes.big_blind_ante else "ante"
                    ante = f", {kind} {m(stakes.ante)}"
                return f"Level {level}: blinds {m(stakes.small_blind)}/{m(stakes.big_blind)}{ante}"
            case ev.HandStarted(
                button=button, posts=posts, die_roll=roll, clock_from=started_at, bomb=bomb
            ):
                number = after.hand.number if after.hand is not None else after.hands_played + 1
                game = f" (die {roll}: {binglao_variant(roll).name})" if roll else ""
                if bomb:  # R13.1
                    two = after.hand is not None and after.hand.boards > 1
                    game += f", {bomb_words(ev.BombCall(amount=bomb, double=two), m(bomb))}"
                parts = [
                    f"{who(after, p.seat)} posts {m(p.amount)} of the bomb, all in (R13.1b)"
                    if bomb and p.amount < bomb
                    # R2.9: a stack the ante took whole leaves nothing for the blind.
                    else f"{who(after, p.seat)} has nothing left for the "
                    f"{POST_NAMES[p.kind.value]} (all in on the ante, R2.9)"
                    if p.amount == 0
                    else f"{who(after, p.seat)} posts {POST_NAMES[p.kind.value]} {m(p.amount)}"
                    for p in posts
                ]
                dead = after.hand is not None and button not in after.hand.seats
                where = f"seat {button + 1} (dead, R1.5)" if dead else who(after, button)
                opening = [f"Hand #{number}{game}: button {where}", *parts]
                if started_at is not None:  # R2.7a: the clock starts with the first hand
                    opening.insert(0, "Clock started")
                if bomb:
                    opening.append("no pre-flop betting: deal the flop (R13.1)")
                return "; ".join(opening)
            case ev.Folded(seat=seat):
                return f"{who(before, seat)} folds"
            case ev.Checked(seat=seat):
                return f"{who(before, seat)} checks"
            case ev.Called(seat=seat):
                called = f"{who(before, seat)} calls {m(self.put_in(before, after, seat))}"
                all_in = after.hand is not None and seat in after.hand.all_in
                return f"{called} and is all in" if all_in else called
            case ev.BetPlaced(seat=seat, amount=amount, excess_returned=excess):
                extra = f" (excess returned {m(excess)})" if excess else ""
                return f"{who(before, seat)} bets {m(amount)}{extra}"
            case ev.RaisedTo(seat=seat, to=to, excess_returned=excess):
                extra = f" (excess returned {m(excess)})" if excess else ""
                return f"{who(before, seat)} raises to {m(to)}{extra}"
            case ev.WentAllIn(seat=seat):
                more = self.put_in(before, after, seat)
                had = before.hand.bets[seat] if before.hand is not None else 0
                if not had:
                    return f"{who(before, seat)} is all in for {m(more)}"
                # The total in front of them this round, and what this action added.
                return f"{who(before, seat)} is all in for {m(had + more)} ({m(more)} more)"
            case ev.EarlyCardDealt(card=card):
                return f"Early flop card: {self.cards([card]) if card else 'dealt, not entered'}"
            case ev.BoardDealt(cards=cards, board=board):
                now, was = _dealt(after, board), _dealt(before, board)
                street = STREETS.get(now, "Board")
                if after.hand is not None and after.hand.runs > 1:  # R10.2
                    street = f"Run 1 {street.lower()}"
                if after.hand is not None and after.hand.boards > 1:  # R13.2
                    street = f"{street} on board {board}"
                if cards:
                    return f"{street}: {self.cards(cards)}"
                return f"{street}: {now - was} card{'s' * (now - was > 1)} dealt, not entered"
            case ev.BoardRecorded(cards=cards, board=board):
                two = after.hand is not None and after.hand.boards > 1  # R13.2
                return f"{f'Board {board}' if two else 'Board'} entered: {self.cards(cards)}"
            case ev.RunsAgreed(runs=runs):
                hand = after.hand
                names = join_words([who(after, s) for s in hand.live]) if hand is not None else ""
                return f"{names} agree to run it {run_times(runs)} (R10.2)"
            case ev.RunBoardDealt(run=run, cards=cards):
                hand = after.hand
                shared = hand.board[: hand.run_from] if hand is not None else ()
                from_ = f" (after {self.cards([format_card(c) for c in shared])})" if shared else ""
                return f"Run {run}{from_}: {self.cards(cards)}"
            case ev.HoleCardsShown(seat=seat, cards=cards):
                return f"{who(before, seat)} shows {self.cards(cards)}"
            case ev.HandMucked(seat=seat):
                return f"{who(before, seat)} mucks"
            case ev.PotsAwarded():
                return ""  # the winnings line below says it, once per hand
            case ev.MisdealDeclared(reason=reason):
                return "Misdeal: the hand restarts, no chips move" + (
                    f" ({self.name(reason)})" if reason else ""
                )
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
                    return (
                        f"Straddle {m(amount)} from the next hand, when three or more play (R2.8)"
                    )
                return "Straddle off from the next hand"
            case ev.BombChanged(call=call):
                return self.bomb(after, call)
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
                return self.expense(after)
            case ev.ActionUndone():
                return "Undone"
        return clock_event_words(before, after, e) or e.type.replace("_", " ")

    def leaves(self, before: TableState, seat: int) -> str:
        """``Fay leaves, cashing out 355 (35.50 EUR)``: what a leaving player takes (R12.1)."""
        player = before.seat(seat)
        stack = player.stack if player is not None else 0
        if not stack:
            return f"{self.who(before, seat)} leaves"
        rate = before.money
        worth = f" ({rate.money_of(stack).text()})" if rate is not None else ""
        return f"{self.who(before, seat)} leaves, cashing out {self.amt(stack)}{worth}"

    def bomb(self, after: TableState, call: ev.BombCall | None) -> str:
        """R13.1: ``Next hand: a bomb pot of 5``, a standing rule, or bomb pots off."""
        if call is None:
            return "Bomb pots off"
        what = bomb_words(call, self.amt(call.amount))
        if call.every is not None:
            return f"{what.capitalize()} every {call.every} hands (R13.1){self.next_bomb(after)}"
        if call.at is not None:
            return (
                f"{what.capitalize()} each time the button reaches {self.who(after, call.at)} "
                f"(R13.1){self.next_bomb(after)}"
            )
        return f"Next hand: {what} (R13.1)"

    def next_bomb(self, after: TableState) -> str:
        """``; the next hand is one`` when the next hand is a bomb pot (R13.1)."""
        call = next_bomb(after)
        return f"; next hand: {bomb_words(call, self.amt(call.amount))}" if call else ""

    def expense(self, after: TableState) -> str:
        """``Expense: pizza 30.00 EUR paid by Ann, shared by Ann, Bob and Cy (10.00 each)``."""
        from omaha_tui.engine.rules.money import DEFAULT_UNIT, format_money, in_units

        e = after.expenses[-1]
        rate = after.money
        currency, unit = (rate.currency, rate.unit) if rate is not None else ("", DEFAULT_UNIT)
        units = in_units(e.amount, unit)
        share, rest = divmod(units, len(e.among))
        payer = self.name(e.paid_by) if e.paid_by else "the bank"
        shared = join_words([self.name(n) for n in e.among])
        left = f", {format_money(rest, currency, unit)} does not divide" if rest else ""
        return (
            f"Expense: {self.name(e.what)} {format_money(units, currency, unit)} paid by {payer}, "
            f"shared by {shared} ({format_money(share, currency, unit)} each{left}) (R12.3)"
        )

    def undone(self, before: TableState, after: TableState, last: ev.Event | None) -> str:
        """``Undone: Bob's raise to 12``: an undo of ``last`` (``Undone`` when not known)."""
        if last is None:
            return "Undone"
        who = self.who
        match last:
            case ev.Folded(seat=seat):
                what = f"{who(after, seat)}'s fold"
            case ev.Checked(seat=seat):
                what = f"{who(after, seat)}'s check"
            case ev.Called(seat=seat):
                what = f"{who(after, seat)}'s call"
            case ev.BetPlaced(seat=seat, amount=amount):
                what = f"{who(after, seat)}'s bet of {self.amt(amount)}"
            case ev.RaisedTo(seat=seat, to=to):
                what = f"{who(after, seat)}'s raise to {self.amt(to)}"
            case ev.WentAllIn(seat=seat):
                what = f"{who(after, seat)}'s all in"
            case ev.HandStarted(clock_from=clock):
                what = f"the start of hand #{before.hand.number if before.hand else ''}"
                if clock is not None:  # R2.7a: the clock started with it
                    what += " (the blind clock starts again with the first hand)"
            case ev.PotsAwarded():
                what = "the award of the pots"
            case ev.RunsAgreed(runs=runs):
                what = f"the agreement to run it {run_times(runs)}"
            case ev.BoardDealt(cards=cards, board=board):
                street = STREETS.get(_dealt(before, board), "board")
                what = f"the {street.lower()}" + (f" ({self.cards(cards)})" if cards else "")
                if before.hand is not None and before.hand.boards > 1:  # R13.2
                    what = f"the {street.lower()} on board {board}" + what[4 + len(street) :]
            case ev.ClockAdjusted(seconds=seconds):
                what = adjusted_words(seconds)
            case _:
                what = self.event(after, before, last) or last.type.replace("_", " ")
        return f"Undone: {what}"


def _dealt(state: TableState, board: int) -> int:
    """Cards dealt so far to ``board`` (1, or 2 of a double board, R13.2)."""
    hand = state.hand
    if hand is None:
        return 0
    return hand.board2_count if board == 2 else hand.board_count


def _returned(before: TableState, after: TableState, seat: int) -> int:
    b, a = before.hand, after.hand
    if b is None or a is None or a.number != b.number:
        return 0
    return sum(n for s, n in a.returned[len(b.returned) :] if s == seat)


def narrate(
    before: TableState,
    events: Sequence[ev.Event],
    after: TableState,
    *,
    steps: Sequence[TableState] = (),
    name: Names = printable,
    cards: Cards = _plain_cards,
    undone: Sequence[ev.Event] = (),
) -> tuple[str, ...]:
    """Sentences telling what ``events`` did, taking the table from ``before`` to ``after``.

    ``steps``: the state after each event (``Decided.steps``); without them a batch of
    several events is folded again here, which only History's retelling needs.
    ``undone``: what the batch's ``ActionUndone`` events took back (the session's history).

    >>> from tests.tables import quick_table
    >>> from omaha_tui.engine.decisions.decide import decide
    >>> from omaha_tui.engine.decisions import requests as rq
    >>> s = decide(quick_table(), rq.NextHand()).state
    >>> d = decide(s, rq.Bet(7))
    >>> narrate(s, d.events, d.state)
    ('P2 raises to 7',)
    >>> s = d.state
    >>> s2 = decide(s, rq.Fold()).state
    >>> d = decide(s2, rq.Fold())
    >>> narrate(s2, d.events, d.state)
    ('P1 folds', '5 returned to P2, uncalled (R4.9)', 'P2 wins 5 (R4.2)')
    """
    config = after.config or before.config
    teller = _Teller(name, cards, config.decimals if config is not None else 0)
    out: list[str] = []
    state = before
    single = len(events) == 1
    late: list[str] = []  # R11.3: who is out is said after who won the hand
    awarded = False
    taken_back = iter(undone)
    for i, e in enumerate(events):
        nxt = after if single else steps[i] if len(steps) == len(events) else _step(state, e)
        if isinstance(e, ev.ActionUndone):
            out.append(teller.undone(state, nxt, next(taken_back, None)))
        else:
            line = teller.event(state, nxt, e)
            awarded = awarded or isinstance(e, ev.PotsAwarded)
            if line:
                (late if awarded and isinstance(e, _AFTER_AWARD) else out).append(line)
        state = nxt
    out += _consequences(teller, before, after, events)
    return (*out, *late)


_AFTER_AWARD = (ev.PlayerBusted, ev.PrizesPaid)


def _step(state: TableState, e: ev.Event) -> TableState:
    from omaha_tui.engine.reducer.replay import apply

    return apply(state, e)


def _consequences(
    teller: _Teller, before: TableState, after: TableState, events: Sequence[ev.Event]
) -> list[str]:
    out: list[str] = []
    b, a = before.hand, after.hand
    if any(isinstance(e, ev.ActionUndone) for e in events) or a is None:
        return out
    same = b is not None and b.number == a.number
    # A new hand's returns: a bomb nobody matched (R13.1b).
    new_returns = a.returned[len(b.returned) :] if same and b is not None else a.returned
    for seat, amount in new_returns:  # R4.9
        out.append(f"{teller.amt(amount)} returned to {teller.who(after, seat)}, uncalled (R4.9)")
    if a.complete and same and b is not None and not b.complete:
        out.append(winnings(after, events, teller.who, teller.amt))
        # The table offers a rebuy to whoever the hand left without chips (R1.5, R2.6).
        for seat in a.seats:
            player = after.seat(seat)
            if player is not None and player.stack == 0:
                later = "out when the next hand starts" if after.tournament else "sit out"
                out.append(f"{teller.who(after, seat)} is out of chips: rebuy, or {later}")
    if not same and any(type(e) is ev.HandStarted for e in events):
        out += _held_back(teller, before, after)
    if a.complete and same and b is not None and not b.complete:
        out.append(teller.next_bomb(after).removeprefix("; ").capitalize())  # R13.1
    return [line for line in out if line]


def _held_back(teller: _Teller, before: TableState, after: TableState) -> list[str]:
    """Seated players a new hand leaves out while they wait for the big blind (R2.6) or
    for the button to pass (R1.5), so the table hears why they were not dealt in."""
    from omaha_tui.engine.rules.blinds import not_dealt

    hand = after.hand
    assert hand is not None
    if hand.bomb:  # R13.1(a): nobody owing or waiting plays it, and nobody owes for it
        return [
            f"{teller.who(after, i)} sits out the bomb pot and owes nothing for it (R13.1a)"
            for i, seat in enumerate(before.seats)
            if seat is not None
            and i not in hand.seats
            and (seat.waiting_for_bb or seat.owes_bb or seat.owes_sb)
        ]
    reasons = not_dealt(before)
    return [
        f"{teller.who(after, seat)} {why}"
        for seat, why in sorted(reasons.items())
        if seat not in hand.seats and why.startswith("waits")
    ]


__all__ = ["POST_NAMES", "narrate"]
