"""What ``read`` and ``equity`` both take: a game, cards and tabled hands as typed, one deal
on the command line or one per line of a JSON Lines ``--batch``.

Cards are looked up by their common spelling (``Ah``, ``ah``, ``AH``) and fall back on
the engine's full parser, which reads every other spelling and words every refusal. A
batch is read line by line: each line is decoded and parsed on its own, so a bad line is
one ``{"line", "error"}`` object in the output and the rest are still answered.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import IO, TYPE_CHECKING, Any

from omaha_tui import cli
from omaha_tui.engine.errors import document_problem
from omaha_tui.engine.hands.cards import CardError, parse_cards

if TYPE_CHECKING:
    from omaha_tui.engine.hands.games import Variant

GAMES_HELP = (
    "omaha, omaha8, omaha5, big-o, omaha6, omaha6-8, courchevel, courchevel8, "
    "binglao (with --die); aliases plo, plo8, o8...; default omaha"
)
HAND_SHAPE = '"hands" must be a list of strings like "Ann: Ah 2s Kh Ks"'


def add_deal_options(
    parser: argparse.ArgumentParser, *, board: str, hands: str, batch: str
) -> None:
    """The options of one deal: ``--game --board --hand --die --json --batch``."""
    parser.add_argument("--game", default="omaha", help=GAMES_HELP)
    parser.add_argument("--board", default="", help=board)
    parser.add_argument("--hand", action="append", default=[], metavar='"NAME: CARDS"', help=hands)
    parser.add_argument("--die", type=int, help="Binglao die roll (1-6) that picked the game")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--batch", metavar="FILE", help=batch)


@lru_cache(maxsize=64)  # a batch names a few games thousands of times
def resolve_game(game: str, die: int | None) -> Variant:
    """The variant to read: a Binglao hand needs its die roll (R3.4)."""
    from omaha_tui.engine.hands.games import binglao_variant, parse_game

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


CARD_NAMES: tuple[str, ...] = tuple(r + s for r in "23456789TJQKA" for s in "cdhs")
# Cards as machines and most people write them: a dictionary lookup per card.
_QUICK: dict[str, int] = {
    text: i
    for i, name in enumerate(CARD_NAMES)
    for text in (name, name.lower(), name.upper(), name[0] + name[1].upper())
}


def quick_cards(text: str) -> tuple[int, ...]:
    """Parse cards separated by spaces, the common case, falling back on the full parser
    (for commas, glued runs, ``10h``, suit symbols) and its messages for anything else.

    >>> quick_cards("Ah kd 2C"), quick_cards("Ah, 10h")
    ((50, 45, 0), (50, 34))
    """
    try:
        cards = tuple(map(_QUICK.__getitem__, text.split()))
    except KeyError:
        return parse_cards(text)
    if len(set(cards)) != len(cards):
        return parse_cards(text)  # it names the card given twice
    return cards


def cards_of(text: str, what: str) -> tuple[int, ...]:
    """Cards of ``what`` (``board``, ``dead cards``), a refusal naming it."""
    try:
        return quick_cards(text)
    except CardError as e:
        raise CardError(f"{what}: {e}") from None


def parse_hands(texts: Iterable[str]) -> list[tuple[str, tuple[int, ...]]]:
    """``"Ann: Ah 2s Kh Ks"`` -> ``("Ann", cards)``; a hand without a name is "Player N".

    >>> parse_hands(["Ann: Ah 2s Kh Ks", "3c 4c 5c 6c"])
    [('Ann', (50, 3, 46, 47)), ('Player 2', (4, 8, 12, 16))]
    """
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


def run_batch(
    source: str,
    command: str,
    answer: Callable[[dict[str, Any]], str],
    *,
    unreadable: int = 1,
) -> int:
    """Answer one JSON object per input line; a bad line prints ``{"line", "error"}``
    and makes the status 1. A file that cannot be opened is one line on stderr and
    the status ``unreadable``.

    ``answer`` takes the line's object and returns its answer as one line of JSON text
    (:func:`json_text` writes any object so), or raises ValueError (CardError is one)
    with the message to print for it.
    """
    stdin: IO[Any] = getattr(sys.stdin, "buffer", sys.stdin)
    try:
        stream = stdin if source == "-" else open(source, "rb")  # noqa: SIM115
    except OSError as e:
        cli.fail(command, f"{source}: cannot read it ({e.strerror})")
        return unreadable
    status = 0
    # A file's answers go out a chunk of lines at a time (one write, not one per line);
    # answers to standard input go out as each line is read, so that a program feeding
    # deals one at a time has each answer before it sends the next.
    chunk = 1 if stream is stdin else 256
    pending: list[str] = []
    try:
        for n, raw in enumerate(stream, 1):
            try:
                deal = batch_object(raw)
                if deal is None:
                    continue
                out = answer(deal)
            except ValueError as e:  # json.JSONDecodeError and CardError are ValueErrors
                out, status = json_text({"line": n, "error": str(e)}), 1
            pending.append(out)
            if len(pending) >= chunk:
                _write_lines(pending)
    except OSError as e:
        cli.fail(command, f"{source}: cannot read it ({e.strerror})")
        status = unreadable
    finally:
        if stream is not stdin:
            stream.close()
        _write_lines(pending)  # the lines answered before the end, a fault or Ctrl-C
    return status


def _write_lines(lines: list[str]) -> None:
    """Write ``lines`` to standard output, each ended by a new line, and clear them."""
    if lines:
        sys.stdout.write("\n".join(lines) + "\n")
        sys.stdout.flush()
        lines.clear()


# One line of JSON as the answers are written: ", " and ": " between items, text other
# than control characters kept as it is. No container holds itself, so the circular
# check would only cost time.
json_text: Callable[[Any], str] = json.JSONEncoder(ensure_ascii=False, check_circular=False).encode


def batch_object(raw: bytes | str) -> dict[str, Any] | None:
    """One ``--batch`` line as an object with a list of hand texts (``None`` if blank).

    >>> batch_object(b'{"hands": ["A: Ah Kh Qh Jh"]}')
    {'hands': ['A: Ah Kh Qh Jh']}
    >>> batch_object(b'[1]')
    Traceback (most recent call last):
    ...
    ValueError: each line must be an object {"game", "board", "hands"}
    """
    try:
        line = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError:
        raise ValueError("not UTF-8 text") from None
    if not line.strip():
        return None
    try:
        deal = _loads(line)
    except json.JSONDecodeError as e:
        raise ValueError(f"not a JSON object: {e}") from None
    except (ValueError, RecursionError) as e:  # a number too long, values nested too deep
        raise ValueError(f"not a deal: {document_problem(e)}") from None
    if not isinstance(deal, dict):
        raise ValueError('each line must be an object {"game", "board", "hands"}')
    hands = deal.get("hands", [])
    if type(hands) is not list or not _STR.issuperset(map(type, hands)):
        raise ValueError(HAND_SHAPE)
    whole_number(deal, "die", "a whole number from 1 to 6 (the Binglao die roll)")
    return deal


_STR = frozenset({str})
_SCAN = json.JSONDecoder().scan_once  # type: ignore[attr-defined]  # set in __init__


def _loads(line: str) -> Any:
    """``json.loads(line)``, reading a line that is one JSON value and nothing else
    with the decoder's C scanner directly; anything else goes to ``json.loads``, which
    reads it or words the refusal as it always does."""
    text = line.strip(" \t\n\r")  # JSON's whitespace, as json.loads skips it
    try:
        value, end = _SCAN(text, 0)
    except (StopIteration, ValueError):
        value, end = None, -1
    return value if end == len(text) else json.loads(line)


def whole_number(deal: dict[str, Any], field: str, what: str = "a whole number") -> int | None:
    """The batch field ``field`` when it is absent or a whole number (not true/false)."""
    value = deal.get(field)
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise ValueError(f'"{field}" must be {what}')
    return value


def fail(command: str, error: ValueError) -> int:
    """A refused deal on the command line: one line on stderr, exit status 2."""
    return cli.fail(command, f"error: {error}", 2)
