"""``omaha-tui read``: read a showdown from the command line (R6, R7, R8.3).

``read --game omaha8 --board "4h 5c 7h Qs Ad" --hand "Ann: Ah 2s Kh Ks" --hand "Bob: ..."``
prints a table of each hand's high and low (which two from the hand, which three from
the board) and the winners; ``--json`` prints one JSON object instead; ``--batch FILE``
(or ``-`` for stdin) reads JSON Lines ``{"game", "board", "hands", "die"?}`` and writes
one JSON object per line, so thousands of deals run in one process (the answer to a
line from standard input is written as soon as the line is read, so a program can feed
deals one at a time). ``--claim "Ann: flush"`` judges what a player announced (R6.2).
``--say`` speaks the result with espeak-ng, espeak or say (the sentence on their
standard input) and exits 1 when it could not be heard; with ``--json`` the sentence
goes to stderr so stdout stays JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from omaha_tui.cli import fail
from omaha_tui.cli import typed_deals as deals
from omaha_tui.engine.labels import printable

if TYPE_CHECKING:
    from omaha_tui.engine.hands.reading import HighReading, LowReading
    from omaha_tui.engine.hands.showdown import ShowdownReading

HELP = "read a showdown: each hand's high and low, which 2 + 3 cards, and the winners"


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("read", help=HELP, description=HELP + ".")
    deals.add_deal_options(
        parser,
        board='board cards, e.g. "4h 5c 7h Qs Ad"',
        hands='a tabled hand, e.g. "Ann: Ah 2s Kh Ks" (repeat per player)',
        batch="JSON Lines of deals to read ('-' for stdin)",
    )
    parser.add_argument(
        "--claim",
        action="append",
        default=[],
        metavar='"NAME: HAND"',
        help='judge an announced hand, e.g. "Ann: flush" (R6.2)',
    )
    parser.add_argument("--say", action="store_true", help="also speak the result")
    parser.set_defaults(func=run)


def read_deal(game: str, board: str, hands: Sequence[str], die: int | None) -> ShowdownReading:
    """Parse and read one deal (raises ValueError/CardError with the message to show)."""
    from omaha_tui.engine.hands.showdown import read_showdown

    variant = deals.resolve_game(game, die)
    return read_showdown(variant, deals.cards_of(board, "board"), deals.parse_hands(hands))


# Card names and fixed words go into the answer as they are; names and sentences that
# name players go through the encoder's own string writer (the C one: quotes,
# backslashes and control characters escaped, other text kept).
_NAME = deals.CARD_NAMES
_string = json.encoder.encode_basestring


def _cards_json(cards: Iterable[int]) -> str:
    """A list of one or more cards (a hand or a board: never empty)."""
    return '["' + '", "'.join(map(_NAME.__getitem__, cards)) + '"]'


def _half_json(r: HighReading | LowReading) -> str:
    """One half's reading; it always holds five cards, two from the hand and three
    from the board, so each list is written in one go."""
    n = _NAME
    (a, b, c, d, e), (h, i), (x, y, z) = r.five, r.hole_used, r.board_used
    return (
        f'{{"category": "{r.category}", "description": {_string(r.description)}, '
        f'"five": ["{n[a]}", "{n[b]}", "{n[c]}", "{n[d]}", "{n[e]}"], '
        f'"hole_used": ["{n[h]}", "{n[i]}"], "board_used": ["{n[x]}", "{n[y]}", "{n[z]}"]}}'
    )


def reading_json(reading: ShowdownReading, claims: Sequence[dict[str, Any]] = ()) -> str:
    """The ``--json`` answer as one line of text: game, board, each hand's cards, high
    and low (category, description, the five cards, the two from the hand and three
    from the board) and result, the winners of each half by index, and ``claims``
    judged. Written straight from the reading, as ``json.dumps(..., ensure_ascii=False)``
    would write the same object (the tests hold the two byte for byte), because
    ``read --batch`` answers thousands of deals.
    """
    hands = ", ".join(
        [
            f'{{"name": {_string(p.name)}, "cards": {_cards_json(p.cards)}, '
            f'"high": {_half_json(p.high)}, '
            f'"low": {"null" if p.low is None else _half_json(p.low)}, '
            f'"high_result": {_string(p.high_result)}, '
            f'"low_result": {_string(p.low_result) if p.low_result else "null"}}}'
            for p in reading.players
        ]
    )
    extra = f', "claims": {deals.json_text(list(claims))}' if claims else ""
    return (
        f'{{"game": {_string(reading.variant.key)}, "board": {_cards_json(reading.board)}, '
        f'"hands": [{hands}], "high_winners": [{", ".join(map(str, reading.high_winners))}], '
        f'"low_winners": [{", ".join(map(str, reading.low_winners))}]{extra}}}'
    )


def run(args: argparse.Namespace) -> int:
    if args.batch:
        return deals.run_batch(args.batch, "read", _answer)
    from omaha_tui.engine.hands.claims import explain_claim
    from omaha_tui.engine.hands.showdown_words import showdown_speech

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
        return deals.fail("read", e)
    if args.json:
        claims = [
            {"name": n, "claim": c, "stands": v.stands, "reason": v.reason} for n, c, v in verdicts
        ]
        print(reading_json(reading, claims))
    else:
        _print_table(reading, verdicts)
    if args.say:
        # --json keeps stdout one JSON object: the sentence and any problem go to stderr
        return 0 if say(showdown_speech(reading), quiet=args.json) else 1
    return 0


def _answer(deal: dict[str, Any]) -> str:
    """The reading of one ``--batch`` deal, as its line of JSON."""
    game, board = str(deal.get("game", "omaha")), str(deal.get("board", ""))
    return reading_json(read_deal(game, board, deal.get("hands", []), deal.get("die")))


def _print_table(reading: ShowdownReading, verdicts: Sequence[tuple[str, str, Any]]) -> None:
    from omaha_tui.cli import text_table
    from omaha_tui.engine.hands.cards import card_symbol

    def cards(cs: Iterable[int]) -> str:
        return " ".join(card_symbol(c) for c in cs)

    headers = ["Player", "Cards", "High: two from the hand +\nthree from the board"]
    if reading.hilo:
        headers.append("Low")
    headers.append("Wins")
    rows, winners = [], []
    for i, p in enumerate(reading.players):
        won = [
            h for h, w in (("high", reading.high_winners), ("low", reading.low_winners)) if i in w
        ]
        row = [
            printable(p.name),
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
        rows.append(row)
        if won:
            winners.append(i)
    title = f"{reading.variant.name}: board {cards(reading.board)}"
    text_table.show(title, headers, rows, bold_rows=winners)
    for p in reading.players:
        lost = [
            r for r in (p.high_result, p.low_result) if r and not r.startswith(("wins", "ties"))
        ]
        if lost:
            print(printable(f"{p.name} {'; '.join(lost)}"))
    for note in reading.notes:
        print(printable(f"note: {note}"))
    for name, claim, verdict in verdicts:
        word = "stands" if verdict.stands else "does not stand"
        print(printable(f'{name} claims "{claim}": {word}. {verdict.reason}'))


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
        fail("read", "not said: no speech program found (install espeak-ng)")
        return False
    outcome = backend.speak(text)
    if outcome.error:
        fail("read", f"not said: {outcome.error}")
        return False
    return True
