"""The narrator's sentences for a hand's own events: its start and posts (R2, R13.1),
each action (R4), the cards dealt and run (R3, R10.2, R13.2), shows and mucks (R8), the
award (said by :mod:`.awards` once per hand) and a misdeal (R3.5).
"""

from __future__ import annotations

from omaha_tui.engine import events as ev
from omaha_tui.engine.config import binglao_variant
from omaha_tui.engine.hands.cards import format_card
from omaha_tui.engine.hands.spoken import join_words
from omaha_tui.engine.labels import run_times
from omaha_tui.engine.narration.teller import POST_NAMES, STREETS, Teller, dealt
from omaha_tui.engine.rules.bombs import bomb_words
from omaha_tui.engine.state import TableState


def hand_line(t: Teller, before: TableState, after: TableState, e: ev.Event) -> str | None:
    """The sentence for ``e`` if it is a hand's event, else None."""
    who, m = t.who, t.amt
    match e:
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
            called = f"{who(before, seat)} calls {m(t.put_in(before, after, seat))}"
            all_in = after.hand is not None and seat in after.hand.all_in
            return f"{called} and is all in" if all_in else called
        case ev.BetPlaced(seat=seat, amount=amount, excess_returned=excess):
            extra = f" (excess returned {m(excess)})" if excess else ""
            return f"{who(before, seat)} bets {m(amount)}{extra}"
        case ev.RaisedTo(seat=seat, to=to, excess_returned=excess):
            extra = f" (excess returned {m(excess)})" if excess else ""
            return f"{who(before, seat)} raises to {m(to)}{extra}"
        case ev.WentAllIn(seat=seat):
            more = t.put_in(before, after, seat)
            had = before.hand.bets[seat] if before.hand is not None else 0
            if not had:
                return f"{who(before, seat)} is all in for {m(more)}"
            # The total in front of them this round, and what this action added.
            return f"{who(before, seat)} is all in for {m(had + more)} ({m(more)} more)"
        case ev.EarlyCardDealt(card=card):
            return f"Early flop card: {t.cards([card]) if card else 'dealt, not entered'}"
        case ev.BoardDealt(cards=cards, board=board):
            now, was = dealt(after, board), dealt(before, board)
            street = STREETS.get(now, "Board")
            if after.hand is not None and after.hand.runs > 1:  # R10.2
                street = f"Run 1 {street.lower()}"
            if after.hand is not None and after.hand.boards > 1:  # R13.2
                street = f"{street} on board {board}"
            if cards:
                return f"{street}: {t.cards(cards)}"
            return f"{street}: {now - was} card{'s' * (now - was > 1)} dealt, not entered"
        case ev.BoardRecorded(cards=cards, board=board):
            two = after.hand is not None and after.hand.boards > 1  # R13.2
            return f"{f'Board {board}' if two else 'Board'} entered: {t.cards(cards)}"
        case ev.RunsAgreed(runs=runs):
            hand = after.hand
            names = join_words([who(after, s) for s in hand.live]) if hand is not None else ""
            return f"{names} agree to run it {run_times(runs)} (R10.2)"
        case ev.RunBoardDealt(run=run, cards=cards):
            hand = after.hand
            shared = hand.board[: hand.run_from] if hand is not None else ()
            from_ = f" (after {t.cards([format_card(c) for c in shared])})" if shared else ""
            return f"Run {run}{from_}: {t.cards(cards)}"
        case ev.HoleCardsShown(seat=seat, cards=cards):
            return f"{who(before, seat)} shows {t.cards(cards)}"
        case ev.HandMucked(seat=seat):
            return f"{who(before, seat)} mucks"
        case ev.PotsAwarded():
            return ""  # the winnings line below says it, once per hand
        case ev.MisdealDeclared(reason=reason):
            return "Misdeal: the hand restarts, no chips move" + (
                f" ({t.name(reason)})" if reason else ""
            )
    return None
