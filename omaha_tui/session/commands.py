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
from omaha_tui.session import commands_table as ct
from omaha_tui.session.command_types import Command, Local, Parsed, Parser
from omaha_tui.session.grammar import (
    GrammarError,
    parse_player,
    parse_runs,
)
from omaha_tui.session.grammar.formats import parse_next


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
        return kind(ct.amount_of(args[0], state))

    return parse


def _deal(state: TableState, args: list[str]) -> Parsed:
    return rq.DealCards(" ".join(args) or None)


def _show(state: TableState, args: list[str]) -> Parsed:
    ct.need_args(args, 2, "show NAME CARDS, e.g. show Ann Ah Kd Qc Js")
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


def _next(state: TableState, args: list[str]) -> Parsed:
    """``next``; ``next 4`` (Binglao's die, R3.4); ``next straddle [button|SEAT]`` (R13.3)."""
    return parse_next(state, args)


def _misdeal(state: TableState, args: list[str]) -> Parsed:
    return rq.DeclareMisdeal(" ".join(args))


NEW_JOURNAL = "new journal "


def _new_journal(state: TableState, args: list[str]) -> Parsed:
    """``new journal PATH``: write the table, as memory holds it, to a new journal (for a
    journal deleted, moved, replaced or truncated under the table)."""
    if len(args) < 2 or args[0].lower() != "journal":
        raise GrammarError("usage: new journal PATH (a file that does not exist yet)")
    return Local(NEW_JOURNAL + " ".join(args[1:]))


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
    "deal": Command(
        _deal,
        "deal [CARDS] [| CARDS]",
        "Deal the next street, cards or not (nobody able to bet: the rest of the board at once)",
    ),
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
        ct.seat_player, "seat N NAME STACK [post|wait]", "Seat a new player with a buy-in"
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
        ct.back,
        "back NAME [post|wait]",
        "A player comes back: posts what they owe now, or waits for the big blind (R2.6)",
    ),
    "rebuy": Command(
        ct.rebuy,
        "rebuy NAME N [post|wait]",
        "Add chips to a player's stack between hands (R4.11); a busted player comes back (R2.6)",
    ),
    "correct": Command(
        ct.correct, "correct NAME ±N REASON", "Fix a stack by a number of chips, with a reason"
    ),
    "button": Command(ct.button, "button SEAT", "Put the button on a seat by hand (R3.5)"),
    "level": Command(
        ct.level,
        "level [SB/]BB[/ANTE]",
        "The next blind level; it starts with the next hand (R2.7)",
    ),
    "clock": Command(
        ct.clock,
        "clock [pause|resume|start|next|back|+N|-N]",
        "The blind clock: show, pause, resume, a level on or back, more or less time (R2.7b)",
    ),
    "break": Command(ct.break_word, "break end", "End a break early (R2.7c)"),
    "straddle": Command(
        ct.straddle,
        "straddle N [button|SEAT]|off",
        "A standing straddle from the next hand: left of the BB, the button's, or a "
        "Mississippi straddle from a seat; or off (R2.8, R13.3)",
    ),
    "bomb": Command(
        ct.bomb,
        "bomb [every N|at SEAT] AMOUNT [double]|off",
        "A bomb pot: the next hand, every N hands, at a seat, on two boards, or off (R13.1)",
    ),
    "game": Command(
        ct.game, "game NAME [pl|nl|fl]", "Change the game and structure from the next hand (R9)"
    ),
    "buttonrule": Command(
        ct.button_rule,
        "buttonrule dead|moving",
        "Dead button (card rooms) or moving button (casual games) (R1.5)",
    ),
    "boards": Command(
        ct.boards, "boards 1|2|bomb", "One board, two boards, or two boards on bomb pots (R13.2)"
    ),
    "misdeal": Command(
        _misdeal,
        "misdeal [REASON]",
        "The hand restarts, no chips move, the button stays (R3.5)",
    ),
    "value": Command(
        ct.value,
        "value MONEY|CHIPS=MONEY [CURRENCY]|off",
        "What the chips are worth in money, between hands (R12.1); off: chips only",
    ),
    "expense": Command(
        ct.expense,
        "expense MONEY WHAT [NAME ...] [by NAME]",
        "Money spent for the table, shared equally (R12.3)",
    ),
    "ledger": Command(
        _none(Local("ledger"), "ledger"), "ledger", "Buy-ins, cash-outs and who pays whom"
    ),
    "settle": Command(
        ct.settle, "settle [banker]", "Who pays whom: fewest payments, or through the bank (R12.2)"
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
        rebuy_or_table,
    )

    table_deal, table_rebuy = WORDS["deal"].parse, WORDS["rebuy"].parse
    WORDS.update(TOURNAMENT_WORDS)  # the words include the tournament's (R11)
    WORDS["deal"] = WORDS["deal"]._replace(parse=deal_or_table(table_deal))
    WORDS["rebuy"] = WORDS["rebuy"]._replace(parse=rebuy_or_table(table_rebuy))
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
