"""The commands a person can type: one table (``WORDS``), read by every front end.

Each :class:`Command` maps a word to a parser that reads the rest of the line against
the current state with the one grammar (:mod:`omaha_tui.session.grammar`) and returns a
request for the session (or a front end's own action such as ``state``), its usage and
its help line. The console reads whole lines with it (:func:`parse_line`), the app's
command palette asks for a command's arguments and reads them with the same parser
(:func:`parse_command`), so the same words are accepted and refused with the same
reasons everywhere. A bad line raises :class:`GrammarError` with what is wrong and what
is allowed; nothing reaches the session then. Names are players' names (any case, a
name of several words too where it is the last thing or comes before an amount) or seat
numbers as the dealer counts them, from 1.
"""

from __future__ import annotations

from collections.abc import Callable

from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.labels import printable
from omaha_tui.engine.state import TableState
from omaha_tui.session.command_types import Command, Local, Parsed, Parser
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
    parse_runs,
    parse_seat_number,
    parse_stakes,
    parse_value,
)
from omaha_tui.session.grammar.formats import parse_bomb, parse_next, parse_straddle_words


def _amount(token: str, state: TableState, what: str = "amount", signed: bool = False) -> int:
    decimals = state.config.decimals if state.config is not None else 0
    return parse_chips(token, what, signed=signed, chip=_chip(state), decimals=decimals)


def _chip(state: TableState) -> int:
    stakes = state.stakes or (state.config.stakes if state.config is not None else None)
    return stakes.chip if stakes is not None else 1


def _need(args: list[str], n: int, usage: str) -> None:
    if len(args) < n:
        raise GrammarError(f"usage: {usage}")


def _none(request: Parsed, usage: str) -> Parser:
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
        if not args:
            raise GrammarError(f"usage: {usage}")
        return kind(parse_player(state, " ".join(args)))

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


def _when(args: list[str]) -> tuple[list[str], str | None]:
    """The words before a last ``post`` or ``wait``, and that word (R2.6)."""
    if args and args[-1].strip().lower() in ("post", "wait"):
        return args[:-1], args[-1]
    return args, None


def _seat_player(state: TableState, args: list[str]) -> Parsed:
    """``seat 5 Eve 200``, ``seat 5 Mary Ann 200 wait``: a seat, a new name, a stack."""
    usage = "seat N NAME STACK [post|wait]"
    words, when = _when(args)
    if len(words) < 3:
        raise GrammarError(f"usage: {usage}")
    seat = parse_seat_number(state, words[0])
    name = parse_new_name(state, " ".join(words[1:-1]))
    stack = _amount(words[-1], state, "stack")
    return rq.SeatPlayer(seat, name, stack, _post_or_wait([when], 0, usage) if when else None)


def _back(state: TableState, args: list[str]) -> Parsed:
    usage = "back NAME [post|wait]"
    words, when = _when(args)
    if not words:
        raise GrammarError(f"usage: {usage}")
    return rq.Back(
        parse_player(state, " ".join(words)), _post_or_wait([when], 0, usage) if when else None
    )


def _rebuy(state: TableState, args: list[str]) -> Parsed:
    """``rebuy Ann 200``, ``rebuy Mary Ann 200``, ``rebuy Eve 200 post`` (R4.11; a
    busted player who owes blinds says post or wait, R2.6)."""
    usage = "rebuy NAME N [post|wait]"
    post = None
    if len(args) >= 3 and args[-1].strip().lower() in ("post", "wait"):
        post = parse_post_or_wait(args[-1])
        args = args[:-1]
    if len(args) < 2:
        raise GrammarError(f"usage: {usage}")
    amount = _amount(args[-1], state, "rebuy")
    return rq.Rebuy(parse_player(state, " ".join(args[:-1])), amount, post)


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
    """``next``; ``next 4`` (Binglao's die, R3.4); ``next straddle [button|SEAT]`` (R13.3)."""
    return parse_next(state, args)


def _misdeal(state: TableState, args: list[str]) -> Parsed:
    return rq.DeclareMisdeal(" ".join(args))


def _straddle(state: TableState, args: list[str]) -> Parsed:
    """R2.8, R13.3: ``straddle 4`` stands a straddle of 4 from the next hand (``straddle
    4 button``, ``straddle 4 Ann``: from the button or a seat); ``straddle off``."""
    return parse_straddle_words(state, args)


def _bomb(state: TableState, args: list[str]) -> Parsed:
    """R13.1: ``bomb 5 [double]``, ``bomb every 10 5``, ``bomb at Ann 5``, ``bomb off``."""
    return parse_bomb(state, args)


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


WORDS: dict[str, Command] = {
    "fold": Command(_none(rq.Fold(), "fold"), "fold", "Fold the hand"),
    "check": Command(_none(rq.Check(), "check"), "check", "Check"),
    "call": Command(_none(rq.Call(), "call"), "call", "Call the bet"),
    "bet": Command(
        _wager(rq.Bet, "bet N"), "bet N|pot|allin", "Bet N chips, the pot (R4.4) or all in"
    ),
    "raise": Command(
        _wager(rq.RaiseTo, "raise N (to N)"),
        "raise N|pot|allin",
        "Raise to N chips, to the pot (R4.4) or all in",
    ),
    "pot": Command(_none(rq.RaisePot(), "pot"), "pot", "Bet or raise the pot (R4.4)"),
    "allin": Command(_none(rq.AllIn(), "allin"), "allin", "All in"),
    "deal": Command(_deal, "deal [CARDS] [| CARDS]", "Deal the next street, cards or not"),
    "show": Command(_show, "show NAME CARDS", "A player tables their cards (R8)"),
    "muck": Command(_seat_word(rq.Muck, "muck NAME"), "muck NAME", "A player mucks (R8)"),
    "runtwice": Command(
        _run_twice, "runtwice [3]", "Run the rest of the board twice, or three times (R10.2)"
    ),
    "award": Command(
        _award,
        "award [NAME+NAME ...] [| NAME ...]",
        "Award the pots, by the cards or to the players named (R5)",
    ),
    "next": Command(
        _next,
        "next [DIE|straddle [button|SEAT]]",
        "Start the next hand; a straddle this hand only (R2.8, R13.3)",
    ),
    "undo": Command(_none(Local("undo"), "undo"), "undo", "Take back the last action"),
    "redo": Command(_none(Local("redo"), "redo"), "redo", "Do again what undo took back"),
    "seat": Command(
        _seat_player, "seat N NAME STACK [post|wait]", "Seat a new player with a buy-in"
    ),
    "leave": Command(
        _seat_word(rq.Leave, "leave NAME"),
        "leave NAME",
        "A player cashes out their stack and leaves",
    ),
    "sitout": Command(
        _seat_word(rq.SitOut, "sitout NAME"),
        "sitout NAME",
        "A player steps away; their blinds are missed (R2.6)",
    ),
    "back": Command(
        _back,
        "back NAME [post|wait]",
        "A player comes back: posts what they owe now, or waits for the big blind (R2.6)",
    ),
    "rebuy": Command(
        _rebuy,
        "rebuy NAME N [post|wait]",
        "Add chips to a player's stack between hands (R4.11); a busted player comes back (R2.6)",
    ),
    "correct": Command(
        _correct, "correct NAME ±N REASON", "Fix a stack by a number of chips, with a reason"
    ),
    "button": Command(_button, "button SEAT", "Put the button on a seat by hand (R3.5)"),
    "level": Command(
        _level, "level [SB/]BB[/ANTE]", "The next blind level; it starts with the next hand (R2.7)"
    ),
    "clock": Command(
        _clock,
        "clock [pause|resume|start|next|back|+N|-N]",
        "The blind clock: show, pause, resume, a level on or back, more or less time (R2.7b)",
    ),
    "break": Command(_break, "break end", "End a break early (R2.7c)"),
    "straddle": Command(
        _straddle,
        "straddle N [button|SEAT]|off",
        "A standing straddle from the next hand: left of the BB, the button's, or a "
        "Mississippi straddle from a seat; or off (R2.8, R13.3)",
    ),
    "bomb": Command(
        _bomb,
        "bomb [every N|at SEAT] AMOUNT [double]|off",
        "A bomb pot: the next hand, every N hands, at a seat, on two boards, or off (R13.1)",
    ),
    "game": Command(
        _game, "game NAME [pl|nl|fl]", "Change the game and structure from the next hand (R9)"
    ),
    "buttonrule": Command(
        _button_rule,
        "buttonrule dead|moving",
        "Dead button (card rooms) or moving button (casual games) (R1.5)",
    ),
    "boards": Command(
        _boards, "boards 1|2|bomb", "One board, two boards, or two boards on bomb pots (R13.2)"
    ),
    "misdeal": Command(
        _misdeal,
        "misdeal [REASON]",
        "The hand restarts, no chips move, the button stays (R3.5)",
    ),
    "value": Command(
        _value,
        "value MONEY|CHIPS=MONEY [CURRENCY]|off",
        "What the chips are worth in money, between hands (R12.1); off: chips only",
    ),
    "expense": Command(
        _expense,
        "expense MONEY WHAT [NAME ...] [by NAME]",
        "Money spent for the table, shared equally (R12.3)",
    ),
    "ledger": Command(
        _none(Local("ledger"), "ledger"), "ledger", "Buy-ins, cash-outs and who pays whom"
    ),
    "settle": Command(
        _settle, "settle [banker]", "Who pays whom: fewest payments, or through the bank (R12.2)"
    ),
    "state": Command(_none(Local("state"), "state"), "state", "The table as it stands"),
    "why": Command(
        _none(Local("why"), "why"),
        "why",
        "The showdown explained: each pot's winners, their 2 + 3 cards, why others lose",
    ),
    "new": Command(
        _new_journal,
        "new journal PATH",
        "Write the table from memory to a new journal (one gone under the table)",
    ),
    "end": Command(
        _none(rq.EndSession(), "end"),
        "end",
        "The game is over: everyone cashes out (see the ledger)",
    ),
    "help": Command(_none(Local("help"), "help"), "help", "Every command"),
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


_JOINED: list[bool] = []


def join_tournament() -> None:
    """Add the tournament's words (R11: ``standings``, ``rebuy NAME``, ``addon``,
    ``colorup``, ``deal chop``...) to :data:`WORDS`, once, the first time a line is read
    at a tournament table: a cash table never loads them."""
    if _JOINED:
        return
    from .commands_tournament import (  # a tournament's words load with its first line
        TOURNAMENT_ALIASES,
        TOURNAMENT_WORDS,
        deal_or_table,
    )

    table_deal = WORDS["deal"].parse
    WORDS.update(TOURNAMENT_WORDS)  # the words include the tournament's (R11)
    WORDS["deal"] = WORDS["deal"]._replace(parse=deal_or_table(table_deal))
    ALIASES.update(TOURNAMENT_ALIASES)
    _JOINED.append(True)


def usage() -> str:
    """Every word with its arguments, for ``help`` and for a word not understood."""
    return " | ".join(c.usage for c in WORDS.values())


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
        first = " | ".join(c.usage for c in list(WORDS.values())[:3])
        raise GrammarError(
            f'"{printable(tokens[0][:20])}" is not a command: {first} | ... (help lists them all)'
        )
    return entry.parse(state, tokens[1:])


def parse_command(state: TableState, word: str, text: str) -> Parsed:
    """What ``word`` with the arguments ``text`` stands for, read as :func:`parse_line`
    reads the line ``word text`` (the palette asks for the arguments of a command it
    names).

    >>> from tests.tables import quick_table
    >>> parse_command(quick_table(), "rebuy", "p1 50")
    Rebuy(seat=1, amount=50, post_now=None)
    """
    return parse_line(state, f"{word} {text}")
