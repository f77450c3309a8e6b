"""The console's tournament words (R11) and what it prints about a tournament.

``standings``, ``rebuy NAME``, ``addon NAME``, ``reenter NAME [SEAT]``, ``colorup
NEW_CHIP [WINNER ...]`` (without winners the race cards are drawn), ``deal chop|icm
[keep AMOUNT]`` (a proposal, nothing recorded) and ``deal agree NAME=AMOUNT ...
[keep=AMOUNT]`` (recorded only when it names every player left, R11.5).
"""

from __future__ import annotations

from decimal import Decimal

from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.narration.tournament import money, ordinal
from omaha_tui.engine.rules.money import MoneyError, parse_money
from omaha_tui.engine.rules.tournament.deals import DealError
from omaha_tui.engine.rules.tournament.money import ZERO
from omaha_tui.engine.state import TableState
from omaha_tui.engine.tournament_standings import standings
from omaha_tui.session.grammar import GrammarError as LineError
from omaha_tui.session.grammar import parse_chips, parse_player, parse_seat_number
from omaha_tui.session.tournament import deal_proposal, places_words, race_request
from omaha_tui.store.tournament_ledger import tournament_book

from .command_types import Command, Local, Parsed, Parser


def seat_of(state: TableState, token: str) -> int:
    return parse_player(state, token)


def seat_number(state: TableState, token: str) -> int:
    return parse_seat_number(state, token)


def amount(token: str, what: str = "amount") -> int:
    return parse_chips(token, what)


def _unit(state: TableState) -> Decimal:
    t = state.tournament
    if t is None:
        raise LineError("this table is not a tournament: start one with --tournament")
    return t.config.money_unit


def _money(state: TableState, token: str, what: str) -> Decimal:
    try:
        return parse_money(token, what, unit=_unit(state), zero=True)
    except MoneyError as e:
        raise LineError(str(e)) from None


def rebuy_or_table(table_rebuy: Parser) -> Parser:
    """``rebuy NAME`` is a tournament's rebuy (R11.1); anything else reads as at a cash
    table (``table_rebuy``: ``rebuy Mary Ann 200``, ``rebuy Eve 200 post``, R2.6)."""

    def parse(state: TableState, args: list[str]) -> Parsed:
        if state.tournament is not None and len(args) == 1:  # R11.1: the tournament's rebuy
            return rq.Rebuy(seat_of(state, args[0]), 0)
        if len(args) < 2:
            raise LineError("usage: rebuy NAME N [post|wait] (at a tournament: rebuy NAME)")
        return table_rebuy(state, args)

    return parse


def _no_parser(state: TableState, args: list[str]) -> Parsed:
    raise LineError("a tournament's word joins the table's words first (join_tournament)")


def _addon(state: TableState, args: list[str]) -> Parsed:
    _unit(state)
    if len(args) != 1:
        raise LineError("usage: addon NAME")
    return rq.TakeAddOn(seat_of(state, args[0]))


def _reenter(state: TableState, args: list[str]) -> Parsed:
    _unit(state)
    if len(args) not in (1, 2):
        raise LineError("usage: reenter NAME [SEAT]")
    seat = seat_number(state, args[1]) if len(args) == 2 else None
    return rq.Reenter(args[0], seat)


def _colorup(state: TableState, args: list[str]) -> Parsed:
    """R11.4: ``colorup 100`` draws the race cards; ``colorup 100 Ann Bob`` names the
    winners the dealer's own race gave."""
    _unit(state)
    if not args:
        raise LineError("usage: colorup NEW_CHIP [WINNER ...], e.g. colorup 100")
    chip = amount(args[0], "new chip")
    if len(args) == 1:
        return race_request(state, chip)
    winners = tuple(seat_of(state, a) for a in args[1:] if a.lower() != "none")
    return rq.ColourUp(chip, winners=winners)


def _deal(state: TableState, args: list[str]) -> Parsed:
    usage = "deal chop|icm [keep AMOUNT] | deal agree NAME=AMOUNT ... [keep=AMOUNT]"
    _unit(state)
    if not args:
        raise LineError(f"usage: {usage}")
    word = args[0].lower()
    if word in ("chop", "icm"):
        keep = "0"
        if len(args) == 3 and args[1].lower() == "keep":
            keep = args[2]
        elif len(args) != 1:
            raise LineError(f"usage: {usage}")
        _money(state, keep, "keep")
        return Local(f"deal {word} {keep}")
    if word != "agree" or len(args) < 2:
        raise LineError(f"usage: {usage}")
    amounts: list[tuple[int, Decimal]] = []
    kept = ZERO
    for token in args[1:]:
        name, sep, value = token.partition("=")
        if not sep:
            raise LineError(f'"{token}" is not NAME=AMOUNT: {usage}')
        if name.lower() == "keep":
            kept = _money(state, value, "keep")
            continue
        amounts.append((seat_of(state, name), _money(state, value, f"{name}'s amount")))
    return rq.AgreeDeal(tuple(amounts), kept)


TOURNAMENT_WORDS: dict[str, Command] = {
    "rebuy": Command(
        _no_parser,  # the table's own rebuy joined in by join_tournament (rebuy_or_table)
        "rebuy NAME [N]",
        "A player rebuys: the tournament's rebuy, or N chips (R11.1)",
    ),
    "standings": Command(
        lambda s, a: _standings_word(s, a), "standings", "The places, prizes and stacks (R11)"
    ),
    "addon": Command(_addon, "addon NAME", "A player takes the add-on (R11.1)"),
    "reenter": Command(_reenter, "reenter NAME [SEAT]", "A player out enters again (R11.1)"),
    "colorup": Command(
        _colorup, "colorup NEW_CHIP [WINNER ...]", "Colour up to a larger chip (R11.4)"
    ),
    "deal": Command(
        _deal,
        "deal [CARDS] | deal chop|icm [keep N] | deal agree NAME=N ...",
        "Deal the next street; at a tournament, propose or agree a deal (R11.5)",
    ),
}
TOURNAMENT_ALIASES = {"colourup": "colorup", "add-on": "addon", "re-enter": "reenter"}


def deal_or_table(table_deal: Parser) -> Parser:
    """``deal [CARDS]`` deals the board (``table_deal``); at a tournament ``deal
    chop|icm|agree`` is a deal (R11.5)."""

    def parse(state: TableState, args: list[str]) -> Parsed:
        if state.tournament is not None and args and args[0].lower() in ("chop", "icm", "agree"):
            return _deal(state, args)
        return table_deal(state, args)

    return parse


def _standings_word(state: TableState, args: list[str]) -> Parsed:
    if args:
        raise LineError("usage: standings (nothing after it)")
    return Local("standings")


def standings_line(state: TableState, next_break: str | None = None) -> str:
    """The standings in one line: entries, pool, payouts, who is left, the next break
    (``next_break``: ``"in 29:08"``, ``"now"``), places."""
    st = standings(state)
    if st is None:
        return "this table is not a tournament: start one with --tournament"
    u = st.unit
    paid = ", ".join(f"{ordinal(i)} {money(a, u)}" for i, a in enumerate(st.payouts, start=1))
    parts = [
        f"{st.entries} entries, pool {money(st.pool, u)} ({paid})",
        f"{st.players_left} left, average {st.average:,}, chip {st.chip:,} (R11.7)",
    ]
    if st.payout_note:  # R11.2: a custom table waiting for its entries
        parts.insert(1, st.payout_note)
    if next_break is not None:
        parts.append(f"break {next_break}")
    playing = [f"{line.name} {line.chips:,}" for line in st.lines if line.seat is not None]
    if playing:
        parts.append("chips: " + ", ".join(playing))
    if placed := places_words(st):
        parts.append("places: " + placed)
    if st.deal:
        kept = f", {money(st.kept, u)} kept for the winner" if st.kept else ""
        parts.append("deal agreed" + kept)
    if st.finished:
        parts.append("the tournament is over")
    return "; ".join(parts)


def proposal_line(state: TableState, name: str) -> tuple[bool, str]:
    """``deal chop 0`` / ``deal icm 20``: the proposal for the players left (R11.5)."""
    _, kind, keep = name.split()
    try:
        proposal = deal_proposal(state, kind, Decimal(keep))
    except DealError as e:
        return False, f"{e} (R11.5)"
    names = {i: s.name for i, s in enumerate(state.seats) if s is not None}
    u = _unit(state)
    words = " ".join(f"{names[s]}={money(a, u).replace(',', '')}" for s, a in proposal.items())
    what = "chip chop" if kind == "chop" else "ICM"
    kept = f", {money(Decimal(keep), u)} kept for the winner" if Decimal(keep) else ""
    shares = ", ".join(f"{names[s]} {money(a, u)}" for s, a in proposal.items())
    agree = f"deal agree {words}" + (f" keep={keep}" if Decimal(keep) else "")
    return True, f"{what} proposal{kept}: {shares}; if everyone agrees: {agree}"


def tournament_ledger(state: TableState) -> str:
    """Each player's money in and prize out and their net, then the pool, the deal, the
    prizes and what is kept (R11.1, R11.5, R12): the store's one tournament ledger."""
    book = tournament_book(state)
    assert book is not None
    if not book.lines:
        return "nobody has entered yet"
    m = book.m
    lines = [
        f"{x.name}: in {m(x.paid)}, prize {m(x.prize)} ({'+' if x.net > 0 else ''}{m(x.net)})"
        for x in book.lines
    ]
    fee = f"; fee {m(book.fee)}" if book.fee else ""
    more = [w for w in (book.deal_words(), book.unwon_words()) if w is not None]
    return "; ".join(lines) + fee + "".join(f"; {w}" for w in more)
