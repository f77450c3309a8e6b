"""The console's words: one table, one line per command (``WORDS``).

Each entry maps a word to a parser that reads the rest of the line against the
current state and returns a request for the session (or a console-only action
such as ``state``). A bad line raises :class:`GrammarError` with what is wrong and what
is allowed; nothing reaches the session then. Names are players' names (any case)
or seat numbers as the dealer counts them, from 1.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.labels import printable
from omaha_tui.engine.state import TableState
from omaha_tui.session.grammar import (
    BOARDS_USAGE,
    GrammarError,
    MoneyWordError,
    parse_boards,
    parse_button_rule,
    parse_chips,
    parse_die,
    parse_duration,
    parse_expense,
    parse_game_choice,
    parse_player,
    parse_post_or_wait,
    parse_runs,
    parse_seat_number,
    parse_stakes,
    parse_straddle,
    parse_value,
)


@dataclass(frozen=True, slots=True)
class Local:
    """A console action that records nothing: ``state``, ``ledger``, ``help``, ``undo``..."""

    name: str


Parsed = rq.Request | Local
Parser = Callable[[TableState, list[str]], Parsed]


def _amount(token: str, state: TableState, what: str = "amount", signed: bool = False) -> int:
    decimals = state.config.decimals if state.config is not None else 0
    return parse_chips(token, what, signed=signed, chip=_chip(state), decimals=decimals)


def _chip(state: TableState) -> int:
    stakes = state.stakes or (state.config.stakes if state.config is not None else None)
    return stakes.chip if stakes is not None else 1


def _need(args: list[str], n: int, usage: str) -> None:
    if len(args) < n:
        raise GrammarError(f"usage: {usage}")


def _none(request: rq.Request, usage: str) -> Parser:
    def parse(state: TableState, args: list[str]) -> Parsed:
        if args:
            raise GrammarError(f"usage: {usage} (nothing after it)")
        return request

    return parse


def _wager(kind: type[rq.Bet] | type[rq.RaiseTo], usage: str) -> Parser:
    """``bet N`` / ``raise N``; ``bet pot`` and ``raise pot`` are the binding "pot" (R4.6),
    ``bet allin`` and ``raise allin`` the whole stack, as a dealer says them aloud."""

    verb = usage.split()[0]
    wrong = f"usage: {usage}, {verb} pot or {verb} allin"

    def parse(state: TableState, args: list[str]) -> Parsed:
        if len(args) != 1:
            raise GrammarError(wrong)
        word = args[0].casefold()
        if word == "pot":
            return rq.RaisePot()
        if word in ("allin", "all-in"):
            return rq.AllIn()
        return kind(_amount(args[0], state))

    return parse


def _deal(state: TableState, args: list[str]) -> Parsed:
    return rq.DealCards(" ".join(args) or None)


def _show(state: TableState, args: list[str]) -> Parsed:
    _need(args, 2, "show NAME CARDS, e.g. show Ann Ah Kd Qc Js")
    return rq.Show(parse_player(state, args[0]), " ".join(args[1:]))


def _seat_word(kind: Callable[[int], rq.Request], usage: str) -> Parser:
    def parse(state: TableState, args: list[str]) -> Parsed:
        if len(args) != 1:
            raise GrammarError(f"usage: {usage}")
        return kind(parse_player(state, args[0]))

    return parse


def _award(state: TableState, args: list[str]) -> Parsed:
    """``award`` by the cards; ``award Ann Bob+Cy``: by hand, one group per pot;
    ``award Ann | Bob``: a board run twice, the winners of each run (R10.2), or of each
    board of a double board (R13.2)."""
    if not args:
        return rq.AwardByCards()
    runs: list[tuple[tuple[int, ...], ...]] = [()]
    for token in " ".join(args).replace("|", " | ").split():
        if token == "|":
            runs.append(())
            continue
        runs[-1] += (tuple(parse_player(state, n) for n in token.split("+") if n),)
    if any(not groups for groups in runs):
        raise GrammarError(
            "usage: award [NAME+NAME ...] [| NAME ...] (one | between runs or boards)"
        )
    later = tuple(rq.RunWinners(groups) for groups in runs[1:])
    return rq.AwardByHand(runs[0], later=later)


def _run_twice(state: TableState, args: list[str]) -> Parsed:
    """``runtwice``, or ``runtwice 3`` to run it three times (R10.2)."""
    if len(args) > 1:
        raise GrammarError("usage: runtwice [2|3] (the number of runs, twice by default)")
    return rq.RunItTwice(parse_runs(args[0]) if args else 2)


def _post_or_wait(args: list[str], at: int, usage: str) -> bool | None:
    if len(args) <= at:
        return None
    try:
        return parse_post_or_wait(args[at])
    except GrammarError as e:
        raise GrammarError(f"{e}: {usage}") from None


def _seat_player(state: TableState, args: list[str]) -> Parsed:
    usage = "seat N NAME STACK [post|wait]"
    if len(args) not in (3, 4):
        raise GrammarError(f"usage: {usage}")
    seat = parse_seat_number(state, args[0])
    stack = _amount(args[2], state, "stack")
    return rq.SeatPlayer(seat, args[1], stack, _post_or_wait(args, 3, usage))


def _back(state: TableState, args: list[str]) -> Parsed:
    usage = "back NAME [post|wait]"
    if len(args) not in (1, 2):
        raise GrammarError(f"usage: {usage}")
    return rq.Back(parse_player(state, args[0]), _post_or_wait(args, 1, usage))


def _rebuy(state: TableState, args: list[str]) -> Parsed:
    if len(args) != 2:
        raise GrammarError("usage: rebuy NAME N")
    return rq.Rebuy(parse_player(state, args[0]), _amount(args[1], state, "rebuy"))


def _correct(state: TableState, args: list[str]) -> Parsed:
    _need(args, 3, "correct NAME ±N REASON, e.g. correct Bob -5 miscounted pot")
    change = _amount(args[1], state, "correction", signed=True)
    return rq.Correct(parse_player(state, args[0]), change, " ".join(args[2:]))


def _button(state: TableState, args: list[str]) -> Parsed:
    if len(args) != 1:
        raise GrammarError("usage: button SEAT")
    return rq.PlaceButton(parse_seat_number(state, args[0]))


def _level(state: TableState, args: list[str]) -> Parsed:
    """``level 2/4``, ``level 2/4/1`` (an ante), or ``level 4`` (the SB by R2.3)."""
    if len(args) != 1:
        raise GrammarError("usage: level BB, SB/BB or SB/BB/ANTE, e.g. level 4, 2/4 or 2/4/1")
    text = args[0]
    if "/" not in text and text.isascii() and text.isdigit():
        text = f"0/{text}"  # R2.3: the small blind is half the big blind, rounded down
    return rq.ChangeLevel(state.level + 1, parse_stakes(text, _chip(state)))


def _next(state: TableState, args: list[str]) -> Parsed:
    if len(args) > 1:
        raise GrammarError("usage: next, or next DIE (1 to 6) for Binglao (R3.4)")
    return rq.NextHand(parse_die(args[0]) if args else None)


def _misdeal(state: TableState, args: list[str]) -> Parsed:
    return rq.DeclareMisdeal(" ".join(args))


def _straddle(state: TableState, args: list[str]) -> Parsed:
    """R2.8: ``straddle 4`` stands a straddle of 4 from the next hand; ``straddle off``."""
    if len(args) != 1:
        raise GrammarError("usage: straddle N (at least twice the big blind), or straddle off")
    return rq.SetStraddle(parse_straddle(args[0]))


CLOCK_USAGE = "clock [pause|resume|start|next|back|+N|-N] (N minutes, or 30s)"


def _clock(state: TableState, args: list[str]) -> Parsed:
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


def _break(state: TableState, args: list[str]) -> Parsed:
    """R2.7c: ``break end`` ends a break early."""
    if [a.lower() for a in args] != ["end"]:
        raise GrammarError("usage: break end (ends the break early)")
    return rq.EndBreak()


def _value(state: TableState, args: list[str]) -> Parsed:
    """R12.1: ``value 0.10 EUR`` (one chip), ``value 200=20.00 EUR`` (a buy-in), ``value off``."""
    try:
        return parse_value(state, args)
    except MoneyWordError as e:
        raise GrammarError(f"value: {e}") from None


def _expense(state: TableState, args: list[str]) -> Parsed:
    """R12.3: ``expense 30.00 pizza [NAME ...] [by NAME]``: shared by the players named
    (everyone at the table when none is), paid by ``by NAME`` (the bank by default)."""
    try:
        return parse_expense(state, args)
    except MoneyWordError as e:
        raise GrammarError(f"expense: {e}") from None


def _game(state: TableState, args: list[str]) -> Parsed:
    """Dealer's choice: ``game big-o pl``; the last word may name the structure."""
    name, structure = parse_game_choice(" ".join(args))
    return rq.ChangeGame(name, structure)


def _settle(state: TableState, args: list[str]) -> Parsed:
    """R12.2: ``settle`` (fewest payments) or ``settle banker`` (through the bank)."""
    if not args:
        return Local("settle")
    if len(args) == 1 and args[0].lower() in ("banker", "bank"):
        return Local("settle banker")
    raise GrammarError("usage: settle [banker]")


def _button_rule(state: TableState, args: list[str]) -> Parsed:
    """R1.5: ``buttonrule dead`` or ``buttonrule moving``."""
    if len(args) != 1:
        raise GrammarError("usage: buttonrule dead|moving")
    return rq.SetButtonRule(parse_button_rule(args[0]))


NEW_JOURNAL = "new journal "


def _new_journal(state: TableState, args: list[str]) -> Parsed:
    """``new journal PATH``: write the table, as memory holds it, to a new journal (for a
    journal deleted, moved, replaced or truncated under the table)."""
    if len(args) < 2 or args[0].lower() != "journal":
        raise GrammarError("usage: new journal PATH (a file that does not exist yet)")
    return Local(NEW_JOURNAL + " ".join(args[1:]))


def _boards(state: TableState, args: list[str]) -> Parsed:
    """R13.2(a): ``boards 2`` (every hand), ``boards bomb`` (bomb pots only), ``boards 1``."""
    if len(args) != 1:
        raise GrammarError(f"usage: {BOARDS_USAGE}")
    return rq.SetDoubleBoard(parse_boards(args[0]))


WORDS: dict[str, tuple[Parser, str]] = {
    "fold": (_none(rq.Fold(), "fold"), "fold"),
    "check": (_none(rq.Check(), "check"), "check"),
    "call": (_none(rq.Call(), "call"), "call"),
    "bet": (_wager(rq.Bet, "bet N"), "bet N|pot|allin"),
    "raise": (_wager(rq.RaiseTo, "raise N (to N)"), "raise N|pot|allin"),
    "pot": (_none(rq.RaisePot(), "pot"), "pot"),
    "allin": (_none(rq.AllIn(), "allin"), "allin"),
    "deal": (_deal, "deal [CARDS] [| CARDS]"),
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
    "level": (_level, "level [SB/]BB[/ANTE]"),
    "clock": (_clock, "clock [pause|resume|start|next|back|+N|-N]"),
    "break": (_break, "break end"),
    "straddle": (_straddle, "straddle N|off"),
    "game": (_game, "game NAME [pl|nl|fl]"),
    "buttonrule": (_button_rule, "buttonrule dead|moving"),
    "boards": (_boards, "boards 1|2|bomb"),
    "misdeal": (_misdeal, "misdeal [REASON]"),
    "value": (_value, "value MONEY|CHIPS=MONEY [CURRENCY]|off"),
    "expense": (_expense, "expense MONEY WHAT [NAME ...] [by NAME]"),
    "ledger": (_none(Local("ledger"), "ledger"), "ledger"),  # type: ignore[arg-type]
    "settle": (_settle, "settle [banker]"),
    "state": (_none(Local("state"), "state"), "state"),  # type: ignore[arg-type]
    "new": (_new_journal, "new journal PATH"),
    "end": (_none(rq.EndSession(), "end"), "end"),
    "help": (_none(Local("help"), "help"), "help"),  # type: ignore[arg-type]
}
ALIASES = {
    "run-it-twice": "runtwice",
    "rit": "runtwice",
    "all-in": "allin",
    "all": "allin",
    "raiseto": "raise",
    "chipvalue": "value",
    "chip-value": "value",
    "?": "help",
    "quit": "exit",
}


def join_tournament() -> None:
    """Add the tournament's words (R11: ``standings``, ``rebuy NAME``, ``addon``,
    ``colorup``, ``deal chop``...) to :data:`WORDS`, once, the first time a line is read
    at a tournament table: a cash table's console never loads them."""
    from . import tournament  # noqa: F401 - importing it adds the words


def usage() -> str:
    """Every word with its arguments, for ``help`` and for a word not understood."""
    return " | ".join(u for _, u in WORDS.values())


def check_line(line: str) -> None:
    r"""Refuse a line holding a control character (a NUL, an escape sequence; tabs and
    line ends are space) or a lone surrogate (half of a character, what a byte that is
    not UTF-8 reads as): no word takes one, and a reason or an expense would carry it
    into the journal and onto every screen.

    >>> check_line("misdeal exposed card")
    >>> check_line("misdeal \x1b[2J")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    omaha_tui.session.grammar.numbers.GrammarError: the line holds a control character (\x1b)...
    """
    for ch in line:
        if ch not in "\t\n\r" and ("\x00" <= ch < " " or "\x7f" <= ch <= "\x9f"):
            raise GrammarError(
                f"the line holds a control character ({printable(ch)}): type letters, "
                "digits, spaces and punctuation"
            )
        if "\ud800" <= ch <= "\udfff":
            raise GrammarError(
                f"the line holds U+{ord(ch):04X}, half of a character (text that is not "
                "UTF-8): type it again as text"
            )


def parse_line(state: TableState, line: str) -> Parsed:
    """The request (or console action) a line stands for.

    >>> from tests.tables import quick_table
    >>> parse_line(quick_table(), "raise 12")
    RaiseTo(amount=12, confirm_all_in=False)
    >>> parse_line(quick_table(), "show p1 Ah Kd Qc Js")
    Show(seat=1, cards='Ah Kd Qc Js')
    >>> try:
    ...     parse_line(quick_table(), "jump")
    ... except GrammarError as e:
    ...     print(e)
    "jump" is not a command: fold | check | call | ... (help lists them all)
    """
    check_line(line)
    tokens = line.split()
    if not tokens:
        raise GrammarError("empty line: type a command, or help")
    if state.tournament is not None:
        join_tournament()
    word = ALIASES.get(tokens[0].lower(), tokens[0].lower())
    entry = WORDS.get(word)
    if entry is None:
        first = " | ".join(u for _, u in list(WORDS.values())[:3])
        raise GrammarError(
            f'"{printable(tokens[0][:20])}" is not a command: {first} | ... (help lists them all)'
        )
    return entry[0](state, tokens[1:])
