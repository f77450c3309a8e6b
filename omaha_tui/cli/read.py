"""``omaha-tui read``: read a showdown from the command line (R6, R7, R8.3).

``read --game omaha8 --board "4h 5c 7h Qs Ad" --hand "Ann: Ah 2s Kh Ks" --hand "Bob: ..."``
prints a table of each hand's high and low (which two from the hand, which three from
the board) and the winners; ``--json`` prints one JSON object instead; ``--batch FILE``
(or ``-`` for stdin) reads JSON Lines ``{"game", "board", "hands", "die"?}`` and writes
one JSON object per line, so thousands of deals run in one process. ``--claim
"Ann: flush"`` judges what a player announced (R6.2). ``--say`` speaks the result with
espeak-ng, espeak or say (the sentence on their standard input) and exits 1 when it
could not be heard; with ``--json`` the sentence goes to stderr so stdout stays JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Sequence
from typing import IO, TYPE_CHECKING, Any

from omaha_tui.engine.labels import printable

if TYPE_CHECKING:
    from omaha_tui.engine.games import Variant
    from omaha_tui.engine.showdown import ShowdownReading

HELP = "read a showdown: each hand's high and low, which 2 + 3 cards, and the winners"


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("read", help=HELP, description=HELP + ".")
    parser.add_argument(
        "--game",
        default="omaha",
        help="omaha, omaha8, omaha5, big-o, omaha6, omaha6-8, "
        "courchevel, courchevel8, binglao (aliases: plo, plo8, o8...); default omaha",
    )
    parser.add_argument("--board", default="", help='board cards, e.g. "4h 5c 7h Qs Ad"')
    parser.add_argument(
        "--hand",
        action="append",
        default=[],
        metavar='"NAME: CARDS"',
        help='a tabled hand, e.g. "Ann: Ah 2s Kh Ks" (repeat per player)',
    )
    parser.add_argument("--die", type=int, help="Binglao die roll (1-6) that picked the game")
    parser.add_argument(
        "--claim",
        action="append",
        default=[],
        metavar='"NAME: HAND"',
        help='judge an announced hand, e.g. "Ann: flush" (R6.2)',
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--batch", metavar="FILE", help="JSON Lines of deals to read ('-' for stdin)"
    )
    parser.add_argument("--say", action="store_true", help="also speak the result")
    parser.set_defaults(func=run)


def resolve_game(game: str, die: int | None) -> Variant:
    """The variant to read: a Binglao hand needs its die roll (R3.4)."""
    from omaha_tui.engine.games import binglao_variant, parse_game

    variant = parse_game(game)
    if variant.binglao:
        if die is None:
            raise ValueError(
                "Binglao: give the die roll with --die N (1 to 6); it decides the hole cards "
                "and the split (R3.4)"
            )
        return binglao_variant(die)
    if die is not None:
        raise ValueError(f"--die applies only to binglao, not to {variant.name}")
    return variant


_CARD_NAMES: tuple[str, ...] = tuple(r + s for r in "23456789TJQKA" for s in "cdhs")
# Cards as machines and most people write them (``Ah``, ``ah``, ``AH``): a dictionary
# lookup per card instead of the full parser, which still reads everything else.
_QUICK: dict[str, int] = {
    text: i
    for i, name in enumerate(_CARD_NAMES)
    for text in (name, name.lower(), name.upper(), name[0] + name[1].upper())
}


def quick_cards(text: str) -> tuple[int, ...]:
    """Parse cards separated by spaces, the common case, falling back on the full parser
    (for glued runs, ``10h``, suit symbols) and its messages for anything else."""
    from omaha_tui.engine.cards import parse_cards

    get = _QUICK.get
    cards = tuple(get(t, -1) for t in text.replace(",", " ").split())
    if -1 in cards or len(set(cards)) != len(cards):
        return parse_cards(text)
    return cards


def parse_hands(texts: Iterable[str]) -> list[tuple[str, tuple[int, ...]]]:
    """``"Ann: Ah 2s Kh Ks"`` -> ``("Ann", cards)``; a hand without a name is "Player N"."""
    from omaha_tui.engine.cards import CardError

    out: list[tuple[str, tuple[int, ...]]] = []
    for n, text in enumerate(texts, 1):
        name, sep, cards = text.partition(":")
        if not sep:
            name, cards = f"Player {n}", text
        name = name.strip()
        try:
            out.append((name, quick_cards(cards)))
        except CardError as e:
            raise CardError(f"{name}'s hand: {e}") from None
    return out


def read_deal(game: str, board: str, hands: Sequence[str], die: int | None) -> ShowdownReading:
    """Parse and read one deal (raises ValueError/CardError with the message to show)."""
    from omaha_tui.engine.cards import CardError
    from omaha_tui.engine.showdown import read_showdown

    variant = resolve_game(game, die)
    try:
        board_cards = quick_cards(board)
    except CardError as e:
        raise CardError(f"board: {e}") from None
    return read_showdown(variant, board_cards, parse_hands(hands))


def to_json(reading: ShowdownReading) -> dict[str, Any]:
    """The ``--json`` object: game, board, hands with high and low, winners by index."""
    names = _CARD_NAMES

    def cards(cs: Iterable[int]) -> list[str]:
        return [names[c] for c in cs]

    hands = []
    for p in reading.players:
        low = None
        if p.low is not None:
            low = {
                "category": p.low.category.value,
                "description": p.low.description,
                "five": cards(p.low.five),
                "hole_used": cards(p.low.hole_used),
                "board_used": cards(p.low.board_used),
            }
        hands.append(
            {
                "name": p.name,
                "cards": cards(p.cards),
                "high": {
                    "category": p.high.category.value,
                    "description": p.high.description,
                    "five": cards(p.high.five),
                    "hole_used": cards(p.high.hole_used),
                    "board_used": cards(p.high.board_used),
                },
                "low": low,
                "high_result": p.high_result,
                "low_result": p.low_result or None,
            }
        )
    return {
        "game": reading.variant.key,
        "board": cards(reading.board),
        "hands": hands,
        "high_winners": list(reading.high_winners),
        "low_winners": list(reading.low_winners),
    }


def run(args: argparse.Namespace) -> int:
    if args.batch:
        return run_batch(args.batch)
    from omaha_tui.engine.claims import explain_claim
    from omaha_tui.engine.speech import showdown_speech

    try:
        reading = read_deal(args.game, args.board, args.hand, args.die)
        verdicts = []
        for text in args.claim:
            name, sep, claim = text.partition(":")
            players = {p.name: p for p in reading.players}
            if not sep or name.strip() not in players:
                raise ValueError(
                    f'claim "{text}": use "NAME: HAND" with one of {", ".join(players)}'
                )
            player = players[name.strip()]
            verdicts.append(
                (player.name, claim.strip(), explain_claim(player.cards, reading.board, claim))
            )
    except ValueError as e:
        print(f"omaha-tui read: error: {printable(str(e))}", file=sys.stderr)
        return 2
    if args.json:
        obj = to_json(reading)
        if verdicts:
            obj["claims"] = [
                {"name": n, "claim": c, "stands": v.stands, "reason": v.reason}
                for n, c, v in verdicts
            ]
        print(json.dumps(obj, ensure_ascii=False))
    else:
        _print_table(reading, verdicts)
    if args.say:
        # --json keeps stdout one JSON object: the sentence and any problem go to stderr
        return 0 if say(showdown_speech(reading), quiet=args.json) else 1
    return 0


def run_batch(source: str) -> int:
    """One JSON object per input line; a bad line prints ``{"line", "error"}`` (status 1).

    Each line is decoded on its own, so a line that is not UTF-8 is one error line and
    the rest are still read; a file that cannot be opened is one line on stderr.
    """
    stdin: IO[Any] = getattr(sys.stdin, "buffer", sys.stdin)
    try:
        stream = stdin if source == "-" else open(source, "rb")  # noqa: SIM115
    except OSError as e:
        print(f"omaha-tui read: {source}: cannot read it ({e.strerror})", file=sys.stderr)
        return 1
    status = 0
    try:
        for n, raw in enumerate(stream, 1):
            try:
                out = _batch_line(raw)
            except ValueError as e:  # json.JSONDecodeError and CardError are ValueErrors
                out, status = {"line": n, "error": str(e)}, 1
            if out is not None:
                sys.stdout.write(json.dumps(out, ensure_ascii=False) + "\n")
    except OSError as e:
        print(f"omaha-tui read: {source}: cannot read it ({e.strerror})", file=sys.stderr)
        return 1
    finally:
        if stream is not stdin:
            stream.close()
    return status


def _batch_line(raw: bytes | str) -> dict[str, Any] | None:
    """The reading of one ``--batch`` line (``None`` for a blank line)."""
    try:
        line = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError:
        raise ValueError("not UTF-8 text") from None
    if not line.strip():
        return None
    try:
        deal = json.loads(line)
    except json.JSONDecodeError as e:
        raise ValueError(f"not a JSON object: {e}") from None
    except RecursionError:
        raise ValueError("not a deal: the JSON is nested too deeply") from None
    if not isinstance(deal, dict):
        raise ValueError('each line must be an object {"game", "board", "hands"}')
    hands = deal.get("hands", [])
    if not isinstance(hands, list) or not all(isinstance(h, str) for h in hands):
        raise ValueError('"hands" must be a list of strings like "Ann: Ah 2s Kh Ks"')
    die = deal.get("die")
    if die is not None and (isinstance(die, bool) or not isinstance(die, int)):
        raise ValueError('"die" must be a whole number from 1 to 6 (the Binglao die roll)')
    reading = read_deal(str(deal.get("game", "omaha")), str(deal.get("board", "")), hands, die)
    return to_json(reading)


def _print_table(reading: ShowdownReading, verdicts: Sequence[tuple[str, str, Any]]) -> None:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from omaha_tui.engine.cards import card_symbol

    def cards(cs: Iterable[int]) -> str:
        return " ".join(card_symbol(c) for c in cs)

    table = Table(title=f"{reading.variant.name}: board {cards(reading.board)}")
    table.add_column("Player")
    table.add_column("Cards", no_wrap=True)
    table.add_column("High: two from the hand + three from the board")
    if reading.hilo:
        table.add_column("Low")
    table.add_column("Wins", no_wrap=True)
    for i, p in enumerate(reading.players):
        won = [
            h for h, w in (("high", reading.high_winners), ("low", reading.low_winners)) if i in w
        ]
        row: list[str | Text] = [
            Text(printable(p.name)),
            cards(p.cards),
            f"{p.high.description}\n{cards(p.high.hole_used)} + {cards(p.high.board_used)}",
        ]
        if reading.hilo:
            row.append(
                "no low"
                if p.low is None
                else f"{p.low.description}\n{cards(p.low.hole_used)} + {cards(p.low.board_used)}"
            )
        row.append(" and ".join(won) if reading.hilo else ("pot" if won else ""))
        table.add_row(*row, style="bold" if won else "")
    console = Console()
    console.print(table)
    for p in reading.players:
        lost = [
            r for r in (p.high_result, p.low_result) if r and not r.startswith(("wins", "ties"))
        ]
        if lost:
            console.print(Text(printable(f"{p.name} {'; '.join(lost)}")))
    for note in reading.notes:
        console.print(Text(f"note: {note}"))
    for name, claim, verdict in verdicts:
        word = "stands" if verdict.stands else "does not stand"
        console.print(Text(printable(f'{name} claims "{claim}": {word}. {verdict.reason}')))


def say(text: str, *, quiet: bool = False) -> bool:
    """Speak ``text`` with espeak-ng, espeak or say; True when it was heard.

    The sentence goes to the program on standard input, never on its command line,
    so no name can become an option (``-w/tmp/x`` writes no file). The sentence is
    printed on stdout (stderr when ``quiet``, for ``--json``); a missing or failing
    program is reported on stderr as such, never as said.
    """
    from omaha_tui.app.speech import SilentBackend, choose_backend

    print(printable(text), file=sys.stderr if quiet else sys.stdout)
    backend = choose_backend()
    if isinstance(backend, SilentBackend):
        print(
            "omaha-tui read: not said: no speech program found (install espeak-ng)",
            file=sys.stderr,
        )
        return False
    outcome = backend.speak(text)
    if outcome.error:
        print(f"omaha-tui read: not said: {printable(outcome.error)}", file=sys.stderr)
        return False
    return True
