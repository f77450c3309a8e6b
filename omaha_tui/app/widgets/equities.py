"""Each tabled hand and its equity beside its seat when everyone is all in (R10.3).

The figures come from :func:`omaha_tui.engine.allin.equity.equity`, which can take about a
second before the flop, so they are computed on a thread worker and shown when ready;
a spot that has moved on meanwhile (a card dealt, an undo) is not shown. Both the
dealer's table and the players' display use this.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.dom import DOMNode

from omaha_tui.app.widgets.cards import cards_markup
from omaha_tui.engine.allin.equity import HandEquity
from omaha_tui.engine.allin.spot import AllInSpot, spot_equity


def percent(share: float) -> str:
    """An equity as the table says it.

    >>> percent(0.275), percent(1.0), percent(0.004)
    ('28%', '100%', '<1%')
    """
    if 0 < share < 0.005:
        return "<1%"
    return f"{share * 100:.0f}%"


def _pot_name(n: int) -> str:
    return "main" if n == 0 else f"side {n}"


def _figure(figure: HandEquity, hilo: bool) -> str:
    text = f"[b]{percent(figure.equity)}[/b]"
    if hilo:
        high, low = percent(figure.high).rstrip("%"), percent(figure.low).rstrip("%")
        text += f" [dim]H{high}/L{low}[/dim]"
    return text


def tabled_lines(spot: AllInSpot) -> dict[int, str]:
    """Markup per seat: the hand's cards and its equity, ``A♥K♦Q♣J♠ 62%``; in a
    split game the high and low shares follow apart (R10.3): ``62% H50/L75``. With side
    pots, each pot the hand can win among its own claimants and the chips it can expect
    in all: ``A♥K♦Q♣J♠ main 19% · side 1 62% · ≈180``. On a double board, the share
    of each board's half: ``A♥K♦Q♣J♠ B1 85% · B2 7%`` (R13.2c), high and low together."""
    figures = spot_equity(spot)
    hilo = spot.variant.hilo
    several = len(figures.pots) > 1
    out = {}
    for i, ((seat, cards), figure) in enumerate(zip(spot.hands, figures.hands, strict=True)):
        line = cards_markup(cards, sep="")
        if figures.per_board:  # R13.2(c): each board's half, per board
            # The seat has room for the two boards' shares; their high and low halves
            # are on the players' page, the console and its JSON.
            boards = " · ".join(
                f"B{n} {_figure(b.hands[i], hilo=False)}"
                for n, b in enumerate(figures.per_board, 1)
            )
            out[seat] = f"{line} {boards}"
            continue
        if not several:
            out[seat] = f"{line} {_figure(figure, hilo)}"
            continue
        parts = [
            f"{_pot_name(n)} {_figure(pot.hands[pot.claimants.index(i)], hilo)}"
            for n, pot in enumerate(figures.pots)
            if i in pot.claimants
        ]
        out[seat] = f"{line} {' · '.join(parts)} · ≈{figures.expected[i]:,.0f}"
    return out


def compute_in_background(
    node: DOMNode, spot: AllInSpot, done: Callable[[AllInSpot, dict[int, str]], None]
) -> None:
    """Work out ``spot``'s figures on a thread and call ``done`` on the UI thread."""
    app = node.app

    def work() -> None:
        lines = tabled_lines(spot)
        app.call_from_thread(done, spot, lines)

    node.run_worker(work, thread=True, group="equity", exclusive=True, name="equity")
