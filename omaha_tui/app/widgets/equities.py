"""Each tabled hand and its equity beside its seat when everyone is all in (R10.3).

The figures come from :func:`omaha_tui.engine.allin.equity.equity`, which can take about a
second before the flop, so they are computed on a thread worker and shown when ready;
a spot that has moved on meanwhile (a card dealt, an undo) is not shown. Both the
dealer's table and the players' display use this.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

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


def _figure(figure: HandEquity, hilo: bool) -> str:
    text = f"[b]{percent(figure.equity)}[/b]"
    if hilo:
        high, low = percent(figure.high).rstrip("%"), percent(figure.low).rstrip("%")
        text += f" [dim]H{high}/L{low}[/dim]"
    return text


@dataclass(frozen=True)
class Tabled:
    """What the felt shows of an all-in spot once its figures are worked out (R10.3).

    Attributes:
        seats: markup per seat: the hand's cards and its share (the chips it can expect
            in all when several pots or boards are at stake).
        pots: per pot (per board's half on a double board, R13.2c), the board number
            (``None`` on one board), the pot's index among the spot's pots and each
            claimant's seat with its share among that pot's own claimants, high and low
            apart in a split game.
    """

    seats: dict[int, str]
    pots: tuple[tuple[int | None, int, tuple[tuple[int, str], ...]], ...] = ()


def tabled_lines(spot: AllInSpot) -> Tabled:
    """Markup per seat: the hand's cards and its equity, ``A♥K♦Q♣J♠ 62%``; in a
    split game the high and low shares follow apart (R10.3): ``62% H50/L75``. With side
    pots or two boards, the seat shows the chips the hand can expect in all
    (``A♥K♦Q♣J♠ ≈180``) and each pot's shares among its own claimants go under the pots
    (:attr:`Tabled.pots`), so nothing is cut off beside a seat."""
    figures = spot_equity(spot)
    hilo = spot.variant.hilo
    parts = figures.per_board or (figures,)
    several = len(figures.pots) > 1 or len(parts) > 1
    seats = {}
    for i, ((seat, cards), figure) in enumerate(zip(spot.hands, figures.hands, strict=True)):
        line = cards_markup(cards, sep="")
        if not several:
            seats[seat] = f"{line} {_figure(figure, hilo)}"
        else:
            expected = sum(part.expected[i] for part in parts if part.expected)
            seats[seat] = f"{line} ≈{expected:,.0f}"
    if not several:
        return Tabled(seats)
    pots = []
    for board, part in enumerate(parts, 1):
        for n, pot in enumerate(part.pots):
            shares = tuple(
                (spot.hands[i][0], _figure(h, hilo))
                for i, h in zip(pot.claimants, pot.hands, strict=True)
            )
            pots.append((board if len(parts) > 1 else None, n, shares))
    return Tabled(seats, tuple(pots))


def named_shares(
    tabled: Tabled, names: dict[int, str]
) -> tuple[tuple[int | None, int, tuple[str, ...]], ...]:
    """Each pot's shares with the players' names (``names``: seat -> markup-safe name),
    as :func:`omaha_tui.app.widgets.pots.pot_lines` shows them."""
    return tuple(
        (board, n, tuple(f"{names.get(seat, f'seat {seat + 1}')} {text}" for seat, text in who))
        for board, n, who in tabled.pots
    )


def compute_in_background(
    node: DOMNode, spot: AllInSpot, done: Callable[[AllInSpot, Tabled], None]
) -> None:
    """Work out ``spot``'s figures on a thread and call ``done`` on the UI thread."""
    app = node.app

    def work() -> None:
        lines = tabled_lines(spot)
        app.call_from_thread(done, spot, lines)

    node.run_worker(work, thread=True, group="equity", exclusive=True, name="equity")
