"""Words for the home formats (R13): bomb pots and where a straddle comes from.

One reading for the console's words, the palette's questions and any other place a
person types them: ``bomb 5 double``, ``bomb every 10 5``, ``bomb at Ann 5``, ``bomb
off``; ``straddle 4 button``, ``straddle 4 Ann``; ``next straddle button``. Every
refusal is one :class:`~.numbers.GrammarError` line naming what is allowed; the rules
themselves (a bomb in whole chips, who may straddle) are the engine's.
"""

from __future__ import annotations

from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.state import TableState

from .numbers import GrammarError, digits_only, parse_chips, short
from .table import parse_die, parse_player

BOMB_USAGE = (
    "bomb AMOUNT [double] (next hand), bomb every N AMOUNT [double], "
    "bomb at SEAT AMOUNT [double], or bomb off"
)
STRADDLE_USAGE = (
    "straddle N (left of the big blind), straddle N button, straddle N SEAT (a Mississippi "
    "straddle from a seat or a player), or straddle off"
)
NEXT_USAGE = "next, next DIE (1 to 6, Binglao), or next straddle [button|SEAT]"


def _chips(state: TableState, token: str, what: str, usage: str) -> int:
    stakes = state.stakes or (state.config.stakes if state.config is not None else None)
    chip = stakes.chip if stakes is not None else 1
    decimals = state.config.decimals if state.config is not None else 0
    try:
        return parse_chips(token, what, chip=chip, decimals=decimals)
    except GrammarError as e:
        raise GrammarError(f"{e}: {usage}") from None


def parse_bomb(state: TableState, words: list[str]) -> rq.SetBomb:
    """R13.1: a bomb pot for the next hand, standing, or off.

    >>> from tests.tables import quick_table
    >>> parse_bomb(quick_table(), ["5", "double"])
    SetBomb(amount=5, double=True, every=None, at=None)
    >>> parse_bomb(quick_table(), "at p1 4".split())
    SetBomb(amount=4, double=False, every=None, at=1)
    >>> try:
    ...     parse_bomb(quick_table(), ["0"])
    ... except GrammarError as e:
    ...     print(e)  # doctest: +ELLIPSIS
    a bomb pot needs a bomb of more than 0: bomb AMOUNT [double] (next hand), ...
    """
    w = [x.lower() for x in words]
    if w == ["off"]:
        return rq.SetBomb(0)
    double = bool(w) and w[-1] == "double"
    rest = words[:-1] if double else list(words)
    every = at = None
    if rest and rest[0].lower() == "every" and len(rest) == 3:
        if not digits_only(rest[1]) or len(rest[1]) > 4 or int(rest[1]) < 1:
            raise GrammarError(f'"{short(rest[1])}" is not a number of hands: {BOMB_USAGE}')
        every = int(rest[1])
        rest = rest[2:]
    elif rest and rest[0].lower() == "at" and len(rest) >= 3:
        try:
            at = parse_player(state, " ".join(rest[1:-1]))
        except GrammarError as e:
            raise GrammarError(f"{e}: {BOMB_USAGE}") from None
        rest = rest[-1:]
    if len(rest) != 1:
        raise GrammarError(f"usage: {BOMB_USAGE}")
    amount = _chips(state, rest[0], "bomb", BOMB_USAGE)
    if amount <= 0:
        raise GrammarError(f"a bomb pot needs a bomb of more than 0: {BOMB_USAGE}")
    return rq.SetBomb(amount, double=double, every=every, at=at)


def _straddler(state: TableState, words: list[str], usage: str) -> tuple[bool, int | None]:
    """R13.3: where a straddle comes from: nothing (left of the big blind), ``button``,
    or a seat number or a player's name (a Mississippi straddle)."""
    if not words:
        return False, None
    text = " ".join(words)
    if text.lower() in ("button", "btn", "dealer"):
        return True, None
    if text.lower() in ("utg", "left"):
        return False, None
    try:
        return False, parse_player(state, text)
    except GrammarError as e:
        raise GrammarError(f"{e}: {usage}") from None


def parse_straddle_words(state: TableState, words: list[str]) -> rq.SetStraddle:
    """R2.8, R13.3: a standing straddle, from where it comes, or off.

    >>> from tests.tables import quick_table
    >>> parse_straddle_words(quick_table(), ["4", "button"])
    SetStraddle(amount=4, button=True, seat=None)
    >>> parse_straddle_words(quick_table(), ["4", "P2"]).seat
    2
    """
    if not words:
        raise GrammarError(f"usage: {STRADDLE_USAGE}")
    if words[0].lower() in ("off", "none") or words == ["0"]:
        if len(words) > 1:
            raise GrammarError(f"usage: {STRADDLE_USAGE}")
        return rq.SetStraddle(0)
    amount = _chips(state, words[0], "straddle", STRADDLE_USAGE)
    if amount <= 0:
        raise GrammarError(f"a straddle of 0 is no straddle: {STRADDLE_USAGE}")
    button, seat = _straddler(state, words[1:], STRADDLE_USAGE)
    return rq.SetStraddle(amount, button=button, seat=seat)


def parse_next(state: TableState, words: list[str]) -> rq.NextHand:
    """The next hand, with Binglao's die (R3.4) or a straddle asked for this hand only
    (R2.8; from the button or a seat, R13.3).

    >>> from tests.tables import quick_table
    >>> parse_next(quick_table(), ["straddle", "button"]).straddle_button
    True
    """
    if not words:
        return rq.NextHand()
    if words[0].lower() == "straddle":
        button, seat = _straddler(state, words[1:], NEXT_USAGE)
        return rq.NextHand(straddle=True, straddle_button=button, straddle_seat=seat)
    if len(words) == 1:
        try:
            return rq.NextHand(parse_die(words[0]))
        except GrammarError as e:
            raise GrammarError(f"{e}: {NEXT_USAGE}") from None
    raise GrammarError(f"usage: {NEXT_USAGE}")


__all__ = [
    "BOMB_USAGE",
    "NEXT_USAGE",
    "STRADDLE_USAGE",
    "parse_bomb",
    "parse_next",
    "parse_straddle_words",
]
