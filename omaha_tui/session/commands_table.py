"""The commands between hands: players in and out and their chips, the blinds, the
clock, the table's options and its money (R1.5, R2, R4.11, R12, R13.2), each read with
the one grammar; :mod:`.commands` puts them in the table with the words of a hand.
"""

from __future__ import annotations

from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.state import TableState
from omaha_tui.session.command_types import Local, Parsed
from omaha_tui.session.grammar import (
    BOARDS_USAGE,
    GrammarError,
    MoneyWordError,
    parse_boards,
    parse_button_rule,
    parse_chips,
    parse_duration,
    parse_expense,
    parse_game_choice,
    parse_new_name,
    parse_player,
    parse_post_or_wait,
    parse_seat_number,
    parse_stakes,
    parse_value,
)
from omaha_tui.session.grammar.formats import parse_bomb, parse_straddle_words


def amount_of(token: str, state: TableState, what: str = "amount", signed: bool = False) -> int:
    decimals = state.config.decimals if state.config is not None else 0
    return parse_chips(token, what, signed=signed, chip=chip_of(state), decimals=decimals)


def chip_of(state: TableState) -> int:
    stakes = state.stakes or (state.config.stakes if state.config is not None else None)
    return stakes.chip if stakes is not None else 1


def need_args(args: list[str], n: int, usage: str) -> None:
    if len(args) < n:
        raise GrammarError(f"usage: {usage}")


def _post_or_wait(args: list[str], at: int, usage: str) -> bool | None:
    if len(args) <= at:
        return None
    try:
        return parse_post_or_wait(args[at])
    except GrammarError as e:
        raise GrammarError(f"{e}: {usage}") from None


def _when(args: list[str]) -> tuple[list[str], str | None]:
    """The words before a last ``post`` or ``wait``, and that word (R2.6)."""
    if args and args[-1].strip().lower() in ("post", "wait"):
        return args[:-1], args[-1]
    return args, None


def seat_player(state: TableState, args: list[str]) -> Parsed:
    """``seat 5 Eve 200``, ``seat 5 Mary Ann 200 wait``: a seat, a new name, a stack."""
    usage = "seat N NAME STACK [post|wait]"
    words, when = _when(args)
    if len(words) < 3:
        raise GrammarError(f"usage: {usage}")
    seat = parse_seat_number(state, words[0])
    name = parse_new_name(state, " ".join(words[1:-1]))
    stack = amount_of(words[-1], state, "stack")
    return rq.SeatPlayer(seat, name, stack, _post_or_wait([when], 0, usage) if when else None)


def back(state: TableState, args: list[str]) -> Parsed:
    usage = "back NAME [post|wait]"
    words, when = _when(args)
    if not words:
        raise GrammarError(f"usage: {usage}")
    return rq.Back(
        parse_player(state, " ".join(words)), _post_or_wait([when], 0, usage) if when else None
    )


def rebuy(state: TableState, args: list[str]) -> Parsed:
    """``rebuy Ann 200``, ``rebuy Mary Ann 200``, ``rebuy Eve 200 post`` (R4.11; a
    busted player who owes blinds says post or wait, R2.6)."""
    usage = "rebuy NAME N [post|wait]"
    post = None
    if len(args) >= 3 and args[-1].strip().lower() in ("post", "wait"):
        post = parse_post_or_wait(args[-1])
        args = args[:-1]
    if len(args) < 2:
        raise GrammarError(f"usage: {usage}")
    amount = amount_of(args[-1], state, "rebuy")
    return rq.Rebuy(parse_player(state, " ".join(args[:-1])), amount, post)


def correct(state: TableState, args: list[str]) -> Parsed:
    need_args(args, 3, "correct NAME ±N REASON, e.g. correct Bob -5 miscounted pot")
    change = amount_of(args[1], state, "correction", signed=True)
    return rq.Correct(parse_player(state, args[0]), change, " ".join(args[2:]))


def button(state: TableState, args: list[str]) -> Parsed:
    if len(args) != 1:
        raise GrammarError("usage: button SEAT")
    return rq.PlaceButton(parse_seat_number(state, args[0]))


def level(state: TableState, args: list[str]) -> Parsed:
    """``level 2/4``, ``level 2/4/1`` (an ante), or ``level 4`` (the SB by R2.3)."""
    if len(args) != 1:
        raise GrammarError("usage: level BB, SB/BB or SB/BB/ANTE, e.g. level 4, 2/4 or 2/4/1")
    text = args[0]
    if "/" not in text and text.isascii() and text.isdigit():
        text = f"0/{text}"  # R2.3: the small blind is half the big blind, rounded down
    return rq.ChangeLevel(state.level + 1, parse_stakes(text, chip_of(state)))


def straddle(state: TableState, args: list[str]) -> Parsed:
    """R2.8, R13.3: ``straddle 4`` stands a straddle of 4 from the next hand (``straddle
    4 button``, ``straddle 4 Ann``: from the button or a seat); ``straddle off``."""
    return parse_straddle_words(state, args)


def bomb(state: TableState, args: list[str]) -> Parsed:
    """R13.1: ``bomb 5 [double]``, ``bomb every 10 5``, ``bomb at Ann 5``, ``bomb off``."""
    return parse_bomb(state, args)


CLOCK_USAGE = "clock [pause|resume|start|next|back|+N|-N] (N minutes, or 30s)"


def clock(state: TableState, args: list[str]) -> Parsed:
    """R2.7b: ``clock`` shows it; ``clock pause``, ``clock +2``, ``clock -30s``..."""
    if not args:
        return Local("clock")
    if len(args) != 1:
        raise GrammarError(f"usage: {CLOCK_USAGE}")
    word = args[0].lower()
    plain: dict[str, rq.Request] = {
        "pause": rq.PauseClock(),
        "resume": rq.ResumeClock(),
        "start": rq.StartClock(),
        "next": rq.NextLevel(),
        "back": rq.PreviousLevel(),
    }
    if word in plain:
        return plain[word]
    if word[:1] in "+-" and len(word) > 1:
        try:
            seconds = parse_duration(word[1:], "time")
        except GrammarError as e:
            raise GrammarError(f"{e}; {CLOCK_USAGE}") from None
        if seconds:
            return rq.AdjustClock(seconds if word[0] == "+" else -seconds)
    raise GrammarError(f'"{args[0]}" is not a clock word: {CLOCK_USAGE}')


def break_word(state: TableState, args: list[str]) -> Parsed:
    """R2.7c: ``break end`` ends a break early."""
    if [a.lower() for a in args] != ["end"]:
        raise GrammarError("usage: break end (ends the break early)")
    return rq.EndBreak()


def value(state: TableState, args: list[str]) -> Parsed:
    """R12.1: ``value 0.10 EUR`` (one chip), ``value 200=20.00 EUR`` (a buy-in), ``value off``."""
    try:
        return parse_value(state, args)
    except MoneyWordError as e:
        raise GrammarError(f"value: {e}") from None


def expense(state: TableState, args: list[str]) -> Parsed:
    """R12.3: ``expense 30.00 pizza [NAME ...] [by NAME]``: shared by the players named
    (everyone at the table when none is), paid by ``by NAME`` (the bank by default)."""
    try:
        return parse_expense(state, args)
    except MoneyWordError as e:
        raise GrammarError(f"expense: {e}") from None


def game(state: TableState, args: list[str]) -> Parsed:
    """Dealer's choice: ``game big-o pl``; the last word may name the structure."""
    name, structure = parse_game_choice(" ".join(args))
    return rq.ChangeGame(name, structure)


def settle(state: TableState, args: list[str]) -> Parsed:
    """R12.2: ``settle`` (fewest payments) or ``settle banker`` (through the bank)."""
    if not args:
        return Local("settle")
    if len(args) == 1 and args[0].lower() in ("banker", "bank"):
        return Local("settle banker")
    raise GrammarError("usage: settle [banker]")


def button_rule(state: TableState, args: list[str]) -> Parsed:
    """R1.5: ``buttonrule dead`` or ``buttonrule moving``."""
    if len(args) != 1:
        raise GrammarError("usage: buttonrule dead|moving")
    return rq.SetButtonRule(parse_button_rule(args[0]))


def boards(state: TableState, args: list[str]) -> Parsed:
    """R13.2(a): ``boards 2`` (every hand), ``boards bomb`` (bomb pots only), ``boards 1``."""
    if len(args) != 1:
        raise GrammarError(f"usage: {BOARDS_USAGE}")
    return rq.SetDoubleBoard(parse_boards(args[0]))
