"""The view model's words: text people typed made safe for markup, chip amounts, the
player's options and the clock, as pure functions shared by every front end.

Nothing here imports Textual or Rich; widgets render what these return.
"""

from __future__ import annotations

from omaha_tui.engine.clock_words import shown_seconds
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.available import Available, available
from omaha_tui.engine.events import BombCall
from omaha_tui.engine.hands.cards import format_card
from omaha_tui.engine.labels import run_times
from omaha_tui.engine.rules.betting import LegalActions
from omaha_tui.engine.rules.bombs import bomb_words, next_bomb
from omaha_tui.engine.state import HandState, Street, TableState
from omaha_tui.engine.units import amount_text


def oval_order(count: int) -> tuple[list[int], list[int]]:
    """Positions of ``count`` seats in the top and bottom rows, so that table order
    runs clockwise: the top row left to right, the bottom row right to left.

    >>> oval_order(6)
    ([0, 1, 2], [5, 4, 3])
    """
    top = (count + 1) // 2
    return list(range(top)), list(range(count - 1, top - 1, -1))


def chips(amount: int, decimals: int = 0) -> str:
    """Chip amounts with thousands separators, as the table counts them (``decimals``:
    :attr:`~omaha_tui.engine.config.TableConfig.decimals`)."""
    return amount_text(amount, decimals)


def format_clock(seconds: float) -> str:
    """``mm:ss`` (or ``h:mm:ss`` past an hour) of a non-negative duration.

    >>> format_clock(65), format_clock(3725), format_clock(-3), format_clock(120.4)
    ('01:05', '1:02:05', '00:00', '02:01')
    """
    s = shown_seconds(seconds)  # R2.7: the one rounding, as the narrator says it
    h, rem = divmod(s, 3600)
    m, s = divmod(rem, 60)
    return f"{h}:{m:02}:{s:02}" if h else f"{m:02}:{s:02}"


def options(la: LegalActions, *, all_in: bool = True) -> tuple[str, ...]:
    """The player's choices as short phrases: ``fold · call 2 · raise to 4–7 · all in 200``.

    ``all_in``: whether going all in is allowed now (not above the pot in pot limit,
    nor above the bet in fixed limit).
    """
    dec = la.decimals  # as the table counts amounts
    out = []
    if la.can_fold:
        out.append("fold")
    if la.can_check:
        out.append("check")
    if la.can_call:
        out.append(f"call {chips(la.call_amount, dec)}")
    if la.can_bet_or_raise:
        word = "bet" if la.can_bet else "raise to"
        lo, hi = chips(la.min_raise_to, dec), chips(la.max_raise_to, dec)
        out.append(f"{word} {lo}" if lo == hi else f"{word} {lo}–{hi}")
    if all_in:
        out.append(f"all in {chips(la.all_in_to, dec)}")
    return tuple(out)


STREET_NAMES = {
    Street.PREFLOP: "Pre-flop",
    Street.FLOP: "Flop",
    Street.TURN: "Turn",
    Street.RIVER: "River",
    Street.SHOWDOWN: "Showdown",
}


def next_step(state: TableState, avail: Available | None = None) -> str:
    """What the dealer does next when nobody is to act (``avail``: ``available(state)``,
    computed here when not given)."""
    hand = state.hand
    if state.ended:
        return "The session has ended."
    if hand is None or hand.complete:
        bomb = next_bomb(state)  # R13.1: the table says it before the deal
        dec = state.config.decimals if state.config is not None else 0
        what = f", {bomb_words(bomb, chips(bomb.amount, dec))} (R13.1)" if bomb else ""
        return f"Press n to deal hand #{state.hands_played + 1}{what}."
    if hand.early_card_pending:
        return "Press d to turn the first flop card (Courchevel, R3.3)."
    if hand.to_act is not None:
        return ""
    avail = avail or available(state)
    due = avail.cards_due
    if due is not None and due.run > 1:  # R10.2
        return f"Press d to deal run {due.run} ({due.count} card{'s' * (due.count > 1)})."
    if due is None:
        return "Press s for the showdown."
    deal = f"d to deal the {due.label}"
    if hand.betting_over and avail.allows(rq.TableHands):
        deal = f"t to table the hands (R10.1), {deal}"
    if avail.allows(rq.RunItTwice):
        deal += ", 2 to run it twice (R10.2)"
    return f"All in: press {deal}." if hand.betting_over else f"Press {deal}."


def street_title(hand: HandState) -> str:
    """``Turn``, or ``Turn · run it twice`` once the players agreed (R10.2)."""
    name = STREET_NAMES[hand.street]
    if hand.bomb:  # R13.1
        name += " · bomb pot"
    if hand.boards > 1:  # R13.2
        name += " · double board"
    if hand.runs > 1:
        name += f" · run it {run_times(hand.runs)}"
    return name


def next_hand_words(bomb: BombCall | None, decimals: int = 0) -> str:
    """What the next hand will be beyond the ordinary, in words with its rule: a bomb pot
    the table says before the deal (R13.1), or ``""``."""
    return "" if bomb is None else f"{bomb_words(bomb, chips(bomb.amount, decimals))} (R13.1)"


def hand_words(bomb: int, decimals: int = 0) -> str:
    """What the hand is beyond the ordinary: ``bomb pot 30`` (R13.1), or ``""``."""
    return f"bomb pot {chips(bomb, decimals)}" if bomb else ""


def board_lines(
    boards: int,
    all_boards: tuple[tuple[int, ...], ...],
    runs: int,
    run_boards: tuple[tuple[int, ...], ...],
) -> tuple[str, ...]:
    """Every board dealt so far in words: ``board Ah Kd 7c``; each board of a double board,
    ``board 1 ...`` and ``board 2 ...`` (R13.2); each run of a board run more than once,
    ``run 1 board ...`` (R10.2). Empty before the flop.

    >>> board_lines(2, ((51, 50, 49), (0, 1, 2)), 1, ())
    ('board 1 As Ah Ad', 'board 2 2c 2d 2h')
    """

    def text(cards: tuple[int, ...]) -> str:
        return " ".join(format_card(c) for c in cards)

    if boards > 1:
        return tuple(f"board {n} {text(b)}" for n, b in enumerate(all_boards, 1) if b)
    board = all_boards[0]
    if not board:
        return ()
    if runs > 1 or run_boards:
        every = (board, *run_boards)
        return tuple(f"run {n} board {text(b)}" for n, b in enumerate(every, 1) if b)
    return (f"board {text(board)}",)
