"""The console's words: one table, one line per command (``WORDS``).

Each entry maps a word to a parser that reads the rest of the line against the
current state and returns a request for the session (or a console-only action
such as ``state``). A bad line raises :class:`LineError` with what is wrong and what
is allowed; nothing reaches the session then. Names are players' names (any case)
or seat numbers as the dealer counts them, from 1.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from omaha_tui.engine.config import ButtonRule, Stakes, Structure
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.labels import seat_range
from omaha_tui.engine.state import TableState


class LineError(ValueError):
    """A console line that cannot be understood; the message says what is allowed."""


@dataclass(frozen=True, slots=True)
class Local:
    """A console action that records nothing: ``state``, ``ledger``, ``help``, ``undo``..."""

    name: str


Parsed = rq.Request | Local
Parser = Callable[[TableState, list[str]], Parsed]


def seat_of(state: TableState, token: str) -> int:
    """A player's 0-based seat from their name (any case) or a seat number from 1."""
    if token.isdigit():
        return seat_number(state, token)
    for i, s in enumerate(state.seats):
        if s is not None and s.name.lower() == token.lower():
            return i
    names = ", ".join(s.name for s in state.seats if s is not None) or "nobody yet"
    raise LineError(f'"{token}" is not at the table: name a player ({names}) or a seat number')


def seat_number(state: TableState, token: str) -> int:
    size = len(state.seats)
    if not token.isdigit() or not 1 <= int(token) <= size:
        raise LineError(f'"{token}" is not a seat: this table has {seat_range(size)}')
    return int(token) - 1


def amount(token: str, what: str = "amount", signed: bool = False) -> int:
    text = token.replace(",", "")
    body = text[1:] if signed and text[:1] in "+-" else text
    if not body.isdigit():
        sign = "+N or -N" if signed else "a whole number of chips"
        raise LineError(f'{what} "{token}" is not {sign}')
    return int(text)


def _need(args: list[str], n: int, usage: str) -> None:
    if len(args) < n:
        raise LineError(f"usage: {usage}")


def _none(request: rq.Request, usage: str) -> Parser:
    def parse(state: TableState, args: list[str]) -> Parsed:
        if args:
            raise LineError(f"usage: {usage} (nothing after it)")
        return request

    return parse


def _wager(kind: type[rq.Bet] | type[rq.RaiseTo], usage: str) -> Parser:
    def parse(state: TableState, args: list[str]) -> Parsed:
        _need(args, 1, usage)
        return kind(amount(args[0]))

    return parse


def _deal(state: TableState, args: list[str]) -> Parsed:
    return rq.DealCards(" ".join(args) or None)


def _show(state: TableState, args: list[str]) -> Parsed:
    _need(args, 2, "show NAME CARDS, e.g. show Ann Ah Kd Qc Js")
    return rq.Show(seat_of(state, args[0]), " ".join(args[1:]))


def _seat_word(kind: Callable[[int], rq.Request], usage: str) -> Parser:
    def parse(state: TableState, args: list[str]) -> Parsed:
        if len(args) != 1:
            raise LineError(f"usage: {usage}")
        return kind(seat_of(state, args[0]))

    return parse


def _award(state: TableState, args: list[str]) -> Parsed:
    """``award`` by the cards; ``award Ann Bob+Cy``: by hand, one group per pot;
    ``award Ann | Bob``: a board run twice, the winners of each run (R10.2)."""
    if not args:
        return rq.AwardByCards()
    runs: list[tuple[tuple[int, ...], ...]] = [()]
    for token in " ".join(args).replace("|", " | ").split():
        if token == "|":
            runs.append(())
            continue
        runs[-1] += (tuple(seat_of(state, n) for n in token.split("+") if n),)
    if any(not groups for groups in runs):
        raise LineError("usage: award [NAME+NAME ...] [| NAME ...] (one | between runs)")
    later = tuple(rq.RunWinners(groups) for groups in runs[1:])
    return rq.AwardByHand(runs[0], later=later)


def _run_twice(state: TableState, args: list[str]) -> Parsed:
    """``runtwice``, or ``runtwice 3`` to run it three times (R10.2)."""
    if len(args) > 1 or (args and args[0] not in ("2", "3")):
        raise LineError("usage: runtwice [2|3] (the number of runs, twice by default)")
    return rq.RunItTwice(int(args[0]) if args else 2)


def _post_or_wait(args: list[str], at: int, usage: str) -> bool | None:
    if len(args) <= at:
        return None
    word = args[at].lower()
    if word not in ("post", "wait"):
        raise LineError(f'"{args[at]}" is neither post nor wait: {usage}')
    return word == "post"


def _seat_player(state: TableState, args: list[str]) -> Parsed:
    usage = "seat N NAME STACK [post|wait]"
    if len(args) not in (3, 4):
        raise LineError(f"usage: {usage}")
    seat = seat_number(state, args[0])
    return rq.SeatPlayer(seat, args[1], amount(args[2], "stack"), _post_or_wait(args, 3, usage))


def _back(state: TableState, args: list[str]) -> Parsed:
    usage = "back NAME [post|wait]"
    if len(args) not in (1, 2):
        raise LineError(f"usage: {usage}")
    return rq.Back(seat_of(state, args[0]), _post_or_wait(args, 1, usage))


def _rebuy(state: TableState, args: list[str]) -> Parsed:
    if len(args) != 2:
        raise LineError("usage: rebuy NAME N")
    return rq.Rebuy(seat_of(state, args[0]), amount(args[1], "rebuy"))


def _correct(state: TableState, args: list[str]) -> Parsed:
    _need(args, 3, "correct NAME ±N REASON, e.g. correct Bob -5 miscounted pot")
    return rq.Correct(
        seat_of(state, args[0]), amount(args[1], "correction", True), " ".join(args[2:])
    )


def _button(state: TableState, args: list[str]) -> Parsed:
    if len(args) != 1:
        raise LineError("usage: button SEAT")
    return rq.PlaceButton(seat_number(state, args[0]))


def _level(state: TableState, args: list[str]) -> Parsed:
    usage = "level SB/BB[/ANTE], e.g. level 2/4 or level 2/4/1"
    if len(args) != 1:
        raise LineError(f"usage: {usage}")
    parts = args[0].split("/")
    if len(parts) not in (2, 3) or not all(p.isdigit() for p in parts):
        raise LineError(f'"{args[0]}" is not SB/BB[/ANTE]: {usage}')
    sb, bb, *ante = (int(p) for p in parts)
    chip = state.config.stakes.chip if state.config is not None else 1
    try:
        stakes = Stakes(small_blind=sb, big_blind=bb, ante=ante[0] if ante else 0, chip=chip)
    except ValueError as e:
        raise LineError(f'"{args[0]}": {e}') from None
    return rq.ChangeLevel(state.level + 1, stakes)


def _next(state: TableState, args: list[str]) -> Parsed:
    if len(args) > 1 or (args and args[0] not in "123456"):
        raise LineError("usage: next, or next DIE (1 to 6) for Binglao (R3.4)")
    return rq.NextHand(int(args[0]) if args else None)


def _misdeal(state: TableState, args: list[str]) -> Parsed:
    return rq.DeclareMisdeal(" ".join(args))


def _straddle(state: TableState, args: list[str]) -> Parsed:
    """R2.8: ``straddle 4`` stands a straddle of 4 from the next hand; ``straddle off``."""
    usage = "straddle N (at least twice the big blind), or straddle off"
    if len(args) != 1:
        raise LineError(f"usage: {usage}")
    word = args[0].lower()
    if word in ("off", "0"):
        return rq.SetStraddle(0)
    if not (word.isascii() and word.isdigit()) or len(word) > 12:
        raise LineError(f'"{args[0]}" is not a straddle: {usage}')
    return rq.SetStraddle(int(word))


STRUCTURE_WORDS = {"pl": Structure.POT_LIMIT, "nl": Structure.NO_LIMIT, "fl": Structure.FIXED_LIMIT}


def _game(state: TableState, args: list[str]) -> Parsed:
    """Dealer's choice: ``game big-o pl``; the last word may name the structure."""
    usage = "game NAME [pl|nl|fl], e.g. game big-o pl"
    if not args:
        raise LineError(f"usage: {usage}")
    structure = STRUCTURE_WORDS.get(args[-1].lower())
    name = " ".join(args[:-1] if structure is not None else args)
    if not name:
        raise LineError(f"usage: {usage}")
    return rq.ChangeGame(name, structure)


def _button_rule(state: TableState, args: list[str]) -> Parsed:
    """R1.5: ``buttonrule dead`` or ``buttonrule moving``."""
    if len(args) != 1 or args[0].lower() not in ("dead", "moving"):
        raise LineError("usage: buttonrule dead|moving")
    return rq.SetButtonRule(ButtonRule(args[0].lower()))


WORDS: dict[str, tuple[Parser, str]] = {
    "fold": (_none(rq.Fold(), "fold"), "fold"),
    "check": (_none(rq.Check(), "check"), "check"),
    "call": (_none(rq.Call(), "call"), "call"),
    "bet": (_wager(rq.Bet, "bet N"), "bet N"),
    "raise": (_wager(rq.RaiseTo, "raise N (to N)"), "raise N"),
    "pot": (_none(rq.RaisePot(), "pot"), "pot"),
    "allin": (_none(rq.AllIn(), "allin"), "allin"),
    "deal": (_deal, "deal [CARDS]"),
    "show": (_show, "show NAME CARDS"),
    "muck": (_seat_word(rq.Muck, "muck NAME"), "muck NAME"),
    "runtwice": (_run_twice, "runtwice [3]"),
    "award": (_award, "award [NAME+NAME ...] [| NAME ...]"),
    "next": (_next, "next [DIE]"),
    "undo": (_none(Local("undo"), "undo"), "undo"),  # type: ignore[arg-type]
    "redo": (_none(Local("redo"), "redo"), "redo"),  # type: ignore[arg-type]
    "seat": (_seat_player, "seat N NAME STACK [post|wait]"),
    "leave": (_seat_word(rq.Leave, "leave NAME"), "leave NAME"),
    "sitout": (_seat_word(rq.SitOut, "sitout NAME"), "sitout NAME"),
    "back": (_back, "back NAME [post|wait]"),
    "rebuy": (_rebuy, "rebuy NAME N"),
    "correct": (_correct, "correct NAME ±N REASON"),
    "button": (_button, "button SEAT"),
    "level": (_level, "level SB/BB[/ANTE]"),
    "straddle": (_straddle, "straddle N|off"),
    "game": (_game, "game NAME [pl|nl|fl]"),
    "buttonrule": (_button_rule, "buttonrule dead|moving"),
    "misdeal": (_misdeal, "misdeal [REASON]"),
    "ledger": (_none(Local("ledger"), "ledger"), "ledger"),  # type: ignore[arg-type]
    "state": (_none(Local("state"), "state"), "state"),  # type: ignore[arg-type]
    "end": (_none(rq.EndSession(), "end"), "end"),
    "help": (_none(Local("help"), "help"), "help"),  # type: ignore[arg-type]
}
ALIASES = {
    "run-it-twice": "runtwice",
    "rit": "runtwice",
    "all-in": "allin",
    "all": "allin",
    "raiseto": "raise",
    "?": "help",
    "quit": "exit",
}


def usage() -> str:
    """Every word with its arguments, for ``help`` and for a word not understood."""
    return " | ".join(u for _, u in WORDS.values())


def parse_line(state: TableState, line: str) -> Parsed:
    """The request (or console action) a line stands for.

    >>> from omaha_tui.engine.testing import quick_table
    >>> parse_line(quick_table(), "raise 12")
    RaiseTo(amount=12, confirm_all_in=False)
    >>> parse_line(quick_table(), "show p1 Ah Kd Qc Js")
    Show(seat=1, cards='Ah Kd Qc Js')
    >>> try:
    ...     parse_line(quick_table(), "jump")
    ... except LineError as e:
    ...     print(e)
    "jump" is not a command: fold | check | call | ... (help lists them all)
    """
    tokens = line.split()
    if not tokens:
        raise LineError("empty line: type a command, or help")
    word = ALIASES.get(tokens[0].lower(), tokens[0].lower())
    entry = WORDS.get(word)
    if entry is None:
        first = " | ".join(u for _, u in list(WORDS.values())[:3])
        raise LineError(f'"{tokens[0]}" is not a command: {first} | ... (help lists them all)')
    return entry[0](state, tokens[1:])
