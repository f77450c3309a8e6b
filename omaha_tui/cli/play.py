"""``omaha-tui play``: open the dealer's table (the default command).

Without flags it offers to resume the last unfinished session or opens the setup
screen. Quick-start flags skip setup:
``omaha-tui play --game plo --blinds 1/2 --players "Ann:200,Bob:200,Cy:150"``.
Flag parsing is pure (:func:`table_start`) so bad input is reported with what is
allowed before any window opens; Textual is imported only when the app runs.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from omaha_tui.cli import add_db_option, fail
from omaha_tui.engine.errors import validation_message
from omaha_tui.engine.labels import printable

if TYPE_CHECKING:
    from omaha_tui.engine.rules.money import ChipRate
    from omaha_tui.session.setup import TableSetup


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "play",
        help="open the dealer's table (default)",
        description="Open the dealer's table: set up a game, or start one from flags.",
    )
    add_table_options(p)
    p.add_argument(
        "--demo",
        action="store_true",
        default=argparse.SUPPRESS,
        help="open a table with four sample players seated",
    )
    add_db_option(p)
    p.set_defaults(func=run)


def add_table_options(p: argparse.ArgumentParser) -> None:
    """The options that open a table or resume one, shared by ``play`` and ``console``
    (:func:`table_start` reads them)."""
    p.add_argument("--game", help="game name or alias (plo, plo8, big-o, ...); default plo")
    p.add_argument("--blinds", help='blinds as "SB/BB" or just "BB" (R2.3), e.g. 1/2')
    p.add_argument("--structure", choices=("pl", "nl", "fl"), help="betting structure; default pl")
    p.add_argument("--ante", type=ante, default=0, help="ante from every dealt-in player")
    p.add_argument(
        "--button",
        choices=("dead", "moving"),
        help="R1.5 button rule: dead (card rooms, default) or moving (casual home games)",
    )
    p.add_argument(
        "--boards",
        choices=("1", "2", "bomb"),
        help="R13.2 double board: 2 deals every hand on two boards, bomb only bomb pots; default 1",
    )
    p.add_argument("--players", help='names and buy-ins, e.g. "Ann:200,Bob:200,Cy:150"')
    p.add_argument(
        "--levels",
        help='blind levels and breaks "SB/BB[/ANTE]:TIME,break:TIME,...", e.g. '
        '"1/2:20,2/4:20,break:10,5/10/1:20" (TIME in minutes, or 30s; /bbANTE: a big-blind ante)',
    )
    from omaha_tui.cli.tournament_flags import add_tournament_options

    add_tournament_options(p)
    p.add_argument(
        "--chip-value",
        metavar="MONEY",
        help="R12.1: what one chip is worth, e.g. 0.10, or a buy-in's worth, e.g. 200=20.00",
    )
    p.add_argument(
        "--currency", default="", help="currency code or sign shown after money, e.g. EUR"
    )
    p.add_argument(
        "--resume",
        nargs="?",
        const="last",
        metavar="ID",
        help="continue a session (the last unfinished one without ID)",
    )


class FlagError(ValueError):
    """A quick-start flag that cannot be used; the message says what is allowed."""


def parse_players(text: str) -> list[tuple[str, int]]:
    """``--players "Ann:200,Bob:200"`` by the one grammar (names by the engine's rule,
    buy-ins as whole chips in the digits 0 to 9).

    >>> parse_players("Ann:200, Bob:150")
    [('Ann', 200), ('Bob', 150)]
    """
    from omaha_tui.session import grammar

    try:
        return grammar.parse_players(text)
    except grammar.GrammarError as e:
        raise FlagError(str(e)) from None


def parse_blinds(text: str) -> tuple[int, int]:
    """``--blinds "1/2"`` -> (1, 2); ``"2"`` -> (0, 2) (the small blind then follows R2.3)."""
    from omaha_tui.session import grammar

    try:
        return grammar.parse_blinds(text)
    except grammar.GrammarError as e:
        raise FlagError(str(e)) from None


def ante(text: str) -> int:
    """An argparse type for ``--ante``: whole chips in the digits 0 to 9 (R4.10)."""
    from omaha_tui.session import grammar

    try:
        return grammar.parse_chips(text, "ante")
    except grammar.GrammarError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def resume_id(text: str | None) -> int | str | None:
    """``--resume [ID]``: ``"last"`` (no ID), a session id in the digits 0 to 9, or None.

    >>> resume_id("last"), resume_id("12"), resume_id(None)
    ('last', 12, None)
    """
    if text is None or text in ("last", "new"):
        return text
    from omaha_tui.session.grammar import digits_only

    if not digits_only(text) or len(text) >= 20 or not 0 < int(text) < 2**63:
        raise FlagError(
            f'--resume "{printable(text[:24])}" is not a session id: '
            "`omaha-tui sessions` lists them"
        )
    return int(text)


def table_money(args: argparse.Namespace) -> ChipRate | None:
    """The chips' value from ``--chip-value`` or ``--buy-in`` (and ``--currency``), R12.1.

    >>> table_money(argparse.Namespace(chip_value=None, buy_in="200=20", currency="eur"))
    ChipRate(chips=200, money=Decimal('20'), currency='EUR', unit=Decimal('0.01'))
    """
    from omaha_tui.engine.rules.money import MoneyError, parse_rate

    value = getattr(args, "chip_value", None)
    buy_in = getattr(args, "buy_in", None)  # the tournament's flag; CHIPS=MONEY is a rate
    if buy_in and "=" not in buy_in:
        buy_in = None
    currency = getattr(args, "currency", "") or ""
    if value and buy_in:
        raise FlagError("give the chips' value once: --chip-value MONEY or --buy-in CHIPS=MONEY")
    text = value or buy_in
    if not text:
        if currency:
            raise FlagError(
                "--currency needs a chip value: add --chip-value 0.10 or --buy-in 200=20"
            )
        return None
    try:
        return parse_rate(text, currency)
    except MoneyError as e:
        raise FlagError(str(e)) from None


def table_start(args: argparse.Namespace) -> TableSetup | None:
    """The table the flags describe, or None when no quick-start flag was given.

    Pure (no Textual): ``omaha-tui console`` opens its table from the same flags.
    """
    from pydantic import ValidationError

    from omaha_tui.cli.tournament_flags import tournament_config
    from omaha_tui.engine.config import (
        ButtonRule,
        DoubleBoard,
        Stakes,
        Structure,
        TableConfig,
        parse_game,
    )
    from omaha_tui.engine.errors import RuleError
    from omaha_tui.engine.reducer.start import check_double_board
    from omaha_tui.session.grammar import parse_boards, parse_levels
    from omaha_tui.session.setup import Player, TableSetup
    from omaha_tui.session.tournament_setup import tournament_chip

    button_rule = getattr(args, "button", None)
    tournament = tournament_config(args)  # R11
    if tournament is not None and table_money(args) is not None:
        raise FlagError(
            "a tournament's chips have no money value (R12.1 is for cash games): "
            "drop --chip-value; --buy-in is the entry's money"
        )
    if tournament is not None and button_rule == "moving":
        raise FlagError(
            "--button moving is for cash games: a tournament uses the dead button (R11.6)"
        )
    boards = getattr(args, "boards", None)
    quick = (args.game, args.blinds, args.structure, args.players, args.levels, button_rule, boards)
    if not any(quick) and not args.ante and tournament is None:
        return None
    if not args.players:
        raise FlagError(
            "--players is needed to start without the setup screen, e.g. "
            '--players "Ann:200,Bob:200"'
            + (' (or "Ann,Bob,Cy" at a tournament)' * bool(tournament))
        )
    if tournament is not None:  # every entry starts with the tournament's stack (R11.1)
        players = parse_players(
            ",".join(
                f"{p.strip().rpartition(':')[0] or p.strip()}:{tournament.stack}"
                for p in args.players.split(",")
                if p.strip()
            )
        )
    else:
        players = parse_players(args.players)
    small, big = parse_blinds(args.blinds or "1/2")
    try:
        schedule = parse_levels(args.levels) if args.levels else None
    except ValueError as e:
        raise FlagError(str(e)) from None
    ante, bb_ante = args.ante, False
    if schedule is not None:  # the table opens at level 1 (R2.7)
        first = schedule.levels[0]
        small, big = first.small_blind, first.big_blind
        ante, bb_ante = first.ante or args.ante, first.big_blind_ante
    try:
        variant = parse_game(args.game or "plo")
        stakes = Stakes(small_blind=small, big_blind=big, ante=ante, big_blind_ante=bb_ante)
        if tournament is not None:  # R11.7: the tournament's chip, a setting
            chip = tournament_chip(getattr(args, "chip", None), tournament, schedule, stakes)
            stakes = stakes.model_copy(update={"chip": chip})
            if schedule is not None:
                schedule = schedule.model_copy(update={"chip": chip})
        config = TableConfig(
            variant=variant,
            structure=Structure(args.structure or "pl"),
            stakes=stakes,
            button_rule=ButtonRule(button_rule or "dead"),
            double_board=parse_boards(boards or "1"),  # R13.2(a)
        )
    except ValidationError as e:
        raise FlagError(validation_message(e)) from None
    except ValueError as e:
        raise FlagError(str(e)) from None
    if len(players) > config.seats:
        raise FlagError(
            f"{config.variant.name} seats at most {config.seats} players (R1.3), not {len(players)}"
        )
    if config.double_board is not DoubleBoard.OFF:
        try:
            check_double_board(config.variant, len(players))  # R13.2(b)
        except RuleError as e:
            raise FlagError(f"--boards {boards}: {e}") from None
    seated = tuple(Player(i, name, stack) for i, (name, stack) in enumerate(players))
    return TableSetup(
        config, seated, schedule=schedule, tournament=tournament, money=table_money(args)
    )


def _resumable(args: argparse.Namespace, session: int) -> bool:
    """Whether ``--resume ID`` can name a session: not when there is no journal yet,
    said in one line without creating one."""
    from omaha_tui.store.paths import resolve_db_path

    if not resolve_db_path(getattr(args, "db", None)).exists():
        fail("play", f"no session {session} (no journal yet)")
        return False
    return True


def run(args: argparse.Namespace) -> int:
    """Run the app; returns its exit code."""
    from omaha_tui.app.app import OmahaApp
    from omaha_tui.store.journal import Journal, JournalError, NoSuchSession
    from omaha_tui.store.paths import demo_db_path

    try:
        start = table_start(args)
        money = table_money(args)
    except ValueError as e:
        return fail("play", str(e), 2)
    try:
        resume = resume_id(args.resume)
    except FlagError as e:
        return fail("play", str(e), 2)
    db = getattr(args, "db", None)
    if getattr(args, "demo", False) and not db:
        db = str(demo_db_path())  # a practice journal of its own, not the real one
    if isinstance(resume, int) and not _resumable(args, resume):
        return 2
    try:
        # Opened before the screen is: a file that is no journal, or an id that names no
        # session in it, is said in one line without a full screen opening and closing.
        journal = Journal.open(Path(db) if db else None, scan=False)  # scanned once shown
    except JournalError as e:
        return fail("play", str(e), 2)
    try:
        if isinstance(resume, int):
            journal.session(resume)
    except NoSuchSession as e:
        journal.close()
        return fail("play", str(e), 2)
    try:
        app = OmahaApp(
            journal=journal,
            start=start,
            resume=resume,
            demo=getattr(args, "demo", False),
            money=money,
        )
        app.run()
    finally:
        journal.close()
    if app.failure is not None:
        return fail("play", app.failure, app.return_code or 2)
    if app.gone:  # quit with the journal gone and the table not written anew
        return fail("play", "the journal was gone under the table and it was not written anew")
    return app.return_code or 0
