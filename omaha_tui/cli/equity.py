"""``omaha-tui equity``: each tabled hand's share of the pot over the boards to come (R10.3).

``equity --game big-o --board "Ah 7h 2c" --hand "Ann: ..." --hand "Bob: ..."`` prints a
table of each hand's pot equity, its share of the high and of the low half (split games),
and how often it scoops or ties, with the number of boards behind the figures; ``--json``
prints one object instead; ``--batch FILE`` (or ``-``) reads JSON Lines ``{"game",
"board", "hands", "dead"?, "die"?, "samples"?, "seed"?}`` and writes one object per line.
Figures are exact when every board can be counted in about a second, otherwise from
seeded random boards with the 95 % margin.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from omaha_tui.cli import typed_deals as deals
from omaha_tui.engine.labels import printable

if TYPE_CHECKING:
    from omaha_tui.engine.allin.equity import Equity
    from omaha_tui.engine.hands.games import Variant

HELP = "each tabled hand's equity over the boards to come: high and low apart, scoops, ties"


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("equity", help=HELP, description=HELP + ".")
    deals.add_deal_options(
        parser,
        board="known board cards: none, the flop, or flop and turn",
        hands='a tabled hand, e.g. "Ann: Ah 2s Kh Ks" (repeat per player, at least two)',
        batch="JSON Lines of spots to compute ('-' for stdin)",
    )
    parser.add_argument("--dead", default="", help="cards known to be out of play (mucked)")
    parser.add_argument(
        "--samples",
        type=int,
        metavar="N",
        help="random boards to draw instead of counting them all (exact when N covers them)",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the random boards")
    parser.set_defaults(func=run)


def compute(
    game: str,
    board: str,
    hands: Sequence[str],
    dead: str = "",
    die: int | None = None,
    samples: int | None = None,
    seed: int = 0,
) -> tuple[Variant, tuple[int, ...], list[tuple[str, tuple[int, ...]]], Equity]:
    """Parse one spot and compute it (raises ValueError/CardError with the message to show)."""
    from omaha_tui.engine.allin.equity import equity
    from omaha_tui.store import board_rows

    board_rows.warm(background=False)
    variant = deals.resolve_game(game, die)
    board_cards = deals.cards_of(board, "board")
    dead_cards = deals.cards_of(dead, "dead cards")
    tabled = deals.parse_hands(hands)
    if samples is not None and samples < 1:
        raise ValueError(f"--samples {samples}: draw at least 1 board")
    result = equity(variant, board_cards, tabled, dead_cards, samples=samples, seed=seed)
    return variant, board_cards, tabled, result


def to_json(
    variant: Variant,
    board: Sequence[int],
    hands: Sequence[tuple[str, Sequence[int]]],
    result: Equity,
) -> dict[str, Any]:
    """The ``--json`` object: shares as fractions 0..1, the boards behind them."""
    from omaha_tui.engine.hands.cards import format_card

    return {
        "game": variant.key,
        "board": [format_card(c) for c in board],
        "exact": result.exact,
        "boards": result.boards,
        "seed": result.seed,
        "hands": [
            {
                "name": name,
                "cards": [format_card(c) for c in cards],
                "equity": h.equity,
                "high": h.high,
                "low": h.low,
                "scoop": h.scoop,
                "tie": h.tie,
                "margin": h.margin,
            }
            for (name, cards), h in zip(hands, result.hands, strict=True)
        ],
    }


def run(args: argparse.Namespace) -> int:
    if args.batch:
        return deals.run_batch(args.batch, "equity", _answer, unreadable=2)
    try:
        variant, board, hands, result = compute(
            args.game, args.board, args.hand, args.dead, args.die, args.samples, args.seed
        )
    except ValueError as e:  # CardError is a ValueError
        return deals.fail("equity", e)
    if args.json:
        print(json.dumps(to_json(variant, board, hands, result), ensure_ascii=False))
    else:
        _print_table(variant, board, hands, result)
    return 0


def _answer(spot: dict[str, Any]) -> str:
    """The equity of one ``--batch`` spot."""
    variant, board, tabled, result = compute(
        str(spot.get("game", "omaha")),
        str(spot.get("board", "")),
        spot.get("hands", []),
        str(spot.get("dead", "")),
        spot.get("die"),
        deals.whole_number(spot, "samples"),
        deals.whole_number(spot, "seed") or 0,
    )
    return deals.json_text(to_json(variant, board, tabled, result))


def _percent(x: float) -> str:
    return f"{100 * x:.1f}%"


def _print_table(
    variant: Variant,
    board: Sequence[int],
    hands: Sequence[tuple[str, Sequence[int]]],
    result: Equity,
) -> None:
    from omaha_tui.cli import text_table
    from omaha_tui.engine.hands.cards import card_symbol

    shown = " ".join(card_symbol(c) for c in board) or "none yet"
    headers = ["Player", "Cards", "Equity"]
    if variant.hilo:
        headers += ["High", "Low"]
    headers += ["Scoop", "Tie"]
    rows = []
    for (name, cards), h in zip(hands, result.hands, strict=True):
        cells = [h.equity, h.high, h.low] if variant.hilo else [h.equity]
        figures = [_percent(x) for x in (*cells, h.scoop, h.tie)]
        rows.append([printable(name), " ".join(card_symbol(c) for c in cards), *figures])
    title = f"{variant.name}: board {shown}"
    text_table.show(title, headers, rows, right=range(2, len(headers)))
    if result.exact:
        print(f"exact: every one of {result.boards:,} boards counted")
    else:
        widest = max(h.margin for h in result.hands)
        print(
            f"{result.boards:,} random boards (seed {result.seed}): "
            f"equity within ±{100 * widest:.1f} points at 95 %"
        )
