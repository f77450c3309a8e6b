"""The narrator's words for the end of a hand: who won how much, what each award was
for (main pot, side pot, run, high or low half) and what a tabled winning hand made; an
unmatched ante is said as going back to its poster, not as a pot won (R2.9, R5.2).

:func:`~omaha_tui.engine.narration.narrate.narrate` says these lines after the events that
complete a hand; nothing here changes state.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from omaha_tui.engine import events as ev
from omaha_tui.engine.hands.spoken import join_words
from omaha_tui.engine.labels import ante_back, part_label, pot_label
from omaha_tui.engine.rules.awards import run_board
from omaha_tui.engine.rules.pots import unmatched_pot
from omaha_tui.engine.state import HandState, TableState


def winnings(
    after: TableState,
    events: Sequence[ev.Event],
    who: Callable[[TableState, int], str],
    amt: Callable[[int], str],
) -> str:
    """Who won how much when a hand ends, pot by pot and half by half where there was
    more than one (R8.3), or that everyone else folded (R4.2); ``who`` and ``amt`` say
    names and amounts as the narrator does."""
    hand = after.hand
    assert hand is not None
    back = unmatched_pot(hand)  # R2.9, R5.2: an ante nobody matched is not won but returned
    awards = [a for a in hand.awards if a.pot != back]
    won: dict[int, int] = {}
    for a in awards:
        won[a.seat] = won.get(a.seat, 0) + a.amount
    pots = {a.pot for a in awards}
    runs = hand.runs > 1 or hand.boards > 1  # R10.2, R13.2: parts by run or by board
    lines = []
    for seat, amount in won.items():
        detail = ""
        if len(pots) > 1 or runs or any(a.half.value != "whole" for a in awards):
            parts = [
                award_label(a, len(pots) > 1, runs, hand.boards) for a in awards if a.seat == seat
            ]
            detail = f" ({', '.join(parts)})"
        lines.append(f"{who(after, seat)} wins {amt(amount)}{detail}{made_with(hand, seat)}")
    returned: dict[int, int] = {}
    for a in hand.awards:
        if a.pot == back:
            returned[a.seat] = returned.get(a.seat, 0) + a.amount
    lines += [ante_back(who(after, seat), amt(amount)) for seat, amount in returned.items()]
    folds = "" if any(isinstance(e, ev.PotsAwarded) for e in events) else " (R4.2)"
    if not lines and len(hand.live) == 1:
        # R4.2 with nothing in the middle (a walk with no small blind): the uncalled
        # blind went back, so the winner takes no pot.
        lines.append(f"{who(after, hand.live[0])} wins the hand, with no pot to take")
    return "; ".join(lines) + folds


def made_with(hand: HandState, seat: int) -> str:
    """`` with three queens and 7-5-4-2-A low``: what a tabled winning hand made (R8.3),
    for every half and run it won; empty for a hand not shown or a board not entered."""
    # The readings load with the first tabled winner, not with the narrator: a table
    # whose hands are won by folds, or awarded by hand, never needs them.
    from omaha_tui.engine.hands.reading import read_high, read_low

    cards = dict(hand.shown).get(seat)
    if cards is None:
        return ""
    made: list[str] = []
    back = unmatched_pot(hand)
    for a in hand.awards:
        board = run_board(hand, a.run)
        if a.seat != seat or len(board) != 5 or a.pot == back:
            continue
        if a.half.value == "low":
            low = read_low(cards, board, check=False)
            words = low.description if low is not None else ""
        else:
            words = read_high(cards, board, check=False).description
        if words and hand.boards > 1:  # R13.2: which board the hand made it on
            words += f" on board {a.run}"
        if words and words not in made:
            made.append(words)
    return f" with {join_words(made)}" if made else ""


def award_label(a: ev.Award, pots: bool, runs: bool, boards: int = 1) -> str:
    """``main pot high``, ``run 2 side pot 1``, ``run 1 low``, ``board 2 high``: what one
    award was for (R10.2 runs, R13.2 boards)."""
    words = [part_label(boards, a.run)] if runs else []
    if pots or not runs:
        words.append(pot_label(a.pot))
    if a.half.value != "whole":
        words.append(a.half.value)
    return " ".join(words)
