"""The one narrator: events -> sentences, for the status line, History, speech and the console.

``narrate(before, events, after)`` tells what a batch of events did to the table, in
the words a dealer uses: names rather than seat indexes, chips with separators, what
a call actually cost. Beyond one sentence per event it says what the rules did on
their own: an uncalled bet going back (R4.9), who won how much when a hand ends
(also when everyone else folded, R4.2), and what an undo took back.

Each event's sentence comes from the words of its subject: a tournament's
(:mod:`.tournament`, first at a tournament table), a hand's (:mod:`.hand`), the table's
around the hands (:mod:`.table`), the clock's (:mod:`omaha_tui.engine.clock_words`);
how names, cards and amounts are said is the :class:`~.teller.Teller`'s. Nothing here
changes state.
"""

from __future__ import annotations

from collections.abc import Sequence

from omaha_tui.engine import events as ev
from omaha_tui.engine.clock_words import adjusted_words, clock_event_words
from omaha_tui.engine.labels import printable, run_times
from omaha_tui.engine.narration.awards import winnings
from omaha_tui.engine.narration.hand import hand_line
from omaha_tui.engine.narration.table import next_bomb_words, table_line
from omaha_tui.engine.narration.teller import STREETS, Cards, Names, Teller, dealt, plain_cards
from omaha_tui.engine.narration.tournament import tournament_line
from omaha_tui.engine.reducer.replay import apply
from omaha_tui.engine.rules.blinds import not_dealt
from omaha_tui.engine.state import TableState


def event_line(t: Teller, before: TableState, after: TableState, e: ev.Event) -> str:
    """The sentence for one event taking the table from ``before`` to ``after``."""
    if after.tournament is not None or before.tournament is not None:  # R11
        line = tournament_line(before, after, e, t.name)
        if line is not None:
            return line
    if isinstance(e, ev.ActionUndone):
        return "Undone"
    line = hand_line(t, before, after, e)
    if line is None:
        line = table_line(t, before, after, e)
    if line is not None:
        return line
    return clock_event_words(before, after, e) or e.type.replace("_", " ")


def undone_line(t: Teller, before: TableState, after: TableState, last: ev.Event | None) -> str:
    """``Undone: Bob's raise to 12``: an undo of ``last`` (``Undone`` when not known)."""
    if last is None:
        return "Undone"
    who = t.who
    match last:
        case ev.Folded(seat=seat):
            what = f"{who(after, seat)}'s fold"
        case ev.Checked(seat=seat):
            what = f"{who(after, seat)}'s check"
        case ev.Called(seat=seat):
            what = f"{who(after, seat)}'s call"
        case ev.BetPlaced(seat=seat, amount=amount):
            what = f"{who(after, seat)}'s bet of {t.amt(amount)}"
        case ev.RaisedTo(seat=seat, to=to):
            what = f"{who(after, seat)}'s raise to {t.amt(to)}"
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
            street = STREETS.get(dealt(before, board), "board")
            what = f"the {street.lower()}" + (f" ({t.cards(cards)})" if cards else "")
            if before.hand is not None and before.hand.boards > 1:  # R13.2
                what = f"the {street.lower()} on board {board}" + what[4 + len(street) :]
        case ev.ClockAdjusted(seconds=seconds):
            what = adjusted_words(seconds)
        case _:
            what = event_line(t, after, before, last) or last.type.replace("_", " ")
    return f"Undone: {what}"


def narrate(
    before: TableState,
    events: Sequence[ev.Event],
    after: TableState,
    *,
    steps: Sequence[TableState] = (),
    name: Names = printable,
    cards: Cards = plain_cards,
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
    teller = Teller(name, cards, config.decimals if config is not None else 0)
    out: list[str] = []
    state = before
    single = len(events) == 1
    late: list[str] = []  # R11.3: who is out is said after who won the hand
    awarded = False
    taken_back = iter(undone)
    for i, e in enumerate(events):
        nxt = after if single else steps[i] if len(steps) == len(events) else _step(state, e)
        if isinstance(e, ev.ActionUndone):
            out.append(undone_line(teller, state, nxt, next(taken_back, None)))
        else:
            line = event_line(teller, state, nxt, e)
            awarded = awarded or isinstance(e, ev.PotsAwarded)
            if line:
                (late if awarded and isinstance(e, _AFTER_AWARD) else out).append(line)
        state = nxt
    out += _consequences(teller, before, after, events)
    return (*out, *late)


_AFTER_AWARD = (ev.PlayerBusted, ev.PrizesPaid)


def _step(state: TableState, e: ev.Event) -> TableState:
    return apply(state, e)


def _consequences(
    teller: Teller, before: TableState, after: TableState, events: Sequence[ev.Event]
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
        out.append(next_bomb_words(teller, after).removeprefix("; ").capitalize())  # R13.1
    return [line for line in out if line]


def _held_back(teller: Teller, before: TableState, after: TableState) -> list[str]:
    """Seated players a new hand leaves out while they wait for the big blind (R2.6) or
    for the button to pass (R1.5), so the table hears why they were not dealt in."""
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


__all__ = ["narrate"]
