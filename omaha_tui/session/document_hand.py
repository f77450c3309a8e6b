"""The hand's part of the one JSON (:mod:`.document`): the all-in figures per pot and per
seat (R10.3) and the last hand's winners (R7, R10.2), as plain data."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from omaha_tui.engine.allin.spot import AllInSpot
from omaha_tui.engine.events import Award
from omaha_tui.engine.hands.cards import format_card
from omaha_tui.engine.hands.reading import read_high, read_low
from omaha_tui.engine.labels import part_label, pot_label, printable
from omaha_tui.engine.rules.awards import board_parts, run_board
from omaha_tui.engine.rules.pots import unmatched_pot
from omaha_tui.engine.state import TableState

from .view import TableView

if TYPE_CHECKING:  # the calculator itself loads when an all-in spot comes
    from omaha_tui.engine.allin.equity import Equity

Json = dict[str, Any]


def _cards(values: tuple[int, ...]) -> list[str]:
    return [format_card(c) for c in values]


def seat_equities(
    spot: AllInSpot, figures: Equity | None, unmatched: int | None = None
) -> dict[int, Json | None]:
    """R10.3: each tabled hand's equity over the boards still to come, by seat (0-based),
    with its share of every pot it can win (high and low apart in a split game) and the
    chips it can expect from all of them; ``{}`` until the figures are worked out.
    ``unmatched``: the pot that is an unmatched ante (R5.2), named so."""
    if figures is None:
        return {}
    out: dict[int, Json | None] = {}
    for i, ((seat, _), f) in enumerate(zip(spot.hands, figures.hands, strict=True)):
        entry: Json = {
            "equity": round(f.equity, 4),
            "high": round(f.high, 4),
            "low": round(f.low, 4),
            "scoop": round(f.scoop, 4),
            "tie": round(f.tie, 4),
            "exact": figures.exact,
            "boards": figures.boards,
        }
        if figures.per_board:  # R13.2(c): each board's half, per board
            entry["per_board"] = [
                {
                    "board": n,
                    "equity": round(b.hands[i].equity, 4),
                    "high": round(b.hands[i].high, 4),
                    "low": round(b.hands[i].low, 4),
                }
                for n, b in enumerate(figures.per_board, 1)
            ]
        if figures.pots:  # R10.3: each pot among its own claimants, and the chips in all
            entry["pots"] = [
                {
                    "pot": pot_label(n, unmatched),
                    "amount": pot.amount,
                    "equity": round(pot.hands[pot.claimants.index(i)].equity, 4),
                    "high": round(pot.hands[pot.claimants.index(i)].high, 4),
                    "low": round(pot.hands[pot.claimants.index(i)].low, 4),
                }
                for n, pot in enumerate(figures.pots)
                if i in pot.claimants
            ]
            entry["expected"] = round(figures.expected[i], 2)
        out[seat] = entry
    return out


def equities(
    spot: AllInSpot, figures: Equity | None, view: TableView, unmatched: int | None = None
) -> list[Json]:
    """Each pot's all-in figures (R10.3): the hands that can win it, their shares (high
    and low apart in a split game, ``None`` otherwise) and the chips each hand can expect
    from all the pots. With the board run more than once, this run's part of each pot
    (R10.2); on a double board, each pot's half on each board, board 1 first (R13.2c,
    ``board``). ``[]`` until the figures are worked out. ``unmatched``: the pot that is
    an unmatched ante (R5.2), named so."""
    if figures is None:
        return []
    names = {s.index: printable(s.player) for s in view.seats if s.state is not None}
    hilo = spot.variant.hilo
    out = []
    for board, part in enumerate(figures.per_board or (figures,), 1):
        out += _pot_lines(spot, part, names, hilo, board if figures.per_board else None, unmatched)
    return out


def _pot_lines(
    spot: AllInSpot,
    figures: Equity,
    names: dict[int, str],
    hilo: bool,
    board: int | None,
    unmatched: int | None,
) -> list[Json]:
    out = []
    for n, pot in enumerate(figures.pots):
        hands = []
        for i, h in zip(pot.claimants, pot.hands, strict=True):
            seat, held = spot.hands[i]
            hands.append(
                {
                    "seat": seat + 1,
                    "name": names.get(seat, f"seat {seat + 1}"),
                    "cards": _cards(held),
                    "equity": round(h.equity, 4),
                    "high": round(h.high, 4) if hilo else None,
                    "low": round(h.low, 4) if hilo else None,
                    "expected": round(figures.expected[i], 2),
                }
            )
        out.append(
            {
                "pot": pot_label(n, unmatched).capitalize(),
                "amount": pot.amount,
                "run": spot.run,
                "board": board,
                "hands": hands,
            }
        )
    return out


def award_json(a: Award, boards: int, unmatched: int | None = None) -> Json:
    """One settled award: its pot (``unmatched``: the pot that is an unmatched ante,
    R5.2), seat, chips, half, and the board that won it (1 on a single board; 1 or 2 on
    a double board, R13.2) and the run (R10.2)."""
    return {
        "pot": pot_label(a.pot, unmatched),
        "seat": a.seat + 1,
        "amount": a.amount,
        "half": a.half.value,
        "board": a.run if boards > 1 else 1,
        "run": a.run if boards == 1 else 1,
    }


def last_hand(state: TableState) -> Json | None:
    """The finished hand's winners, what each won and with which hand (R7, R10.2).

    Shown from the award until the next hand starts. A hand won by folds names the
    winner alone; one awarded by hand (cards not entered) has no hand to name. Each line
    says what happened (``said``): ``wins``, or ``gets back`` for an unmatched ante
    (R2.9, R5.2), which is nobody's win and made with no hand.
    """
    hand = state.hand
    if hand is None or not hand.complete or not hand.awards:
        return None
    names = {i: printable(s.name) for i, s in enumerate(state.seats) if s is not None}
    tabled = dict(hand.shown)
    several_pots = len({a.pot for a in hand.awards}) > 1
    winners = []
    parts = board_parts(hand)  # R10.2 runs, R13.2 boards
    back = unmatched_pot(hand)
    for a in hand.awards:
        words = [part_label(hand.boards, a.run)] if parts > 1 else []
        if several_pots or parts == 1 or a.pot == back:
            words.append(pot_label(a.pot, back))
        if a.half.value != "whole":
            words.append(a.half.value)
        described = ""
        held = tabled.get(a.seat) if a.pot != back else None
        board = run_board(hand, a.run) if parts > 1 else hand.board
        if held is not None and len(board) == 5:
            if a.half.value == "low":
                low = read_low(held, board, check=False)
                described = low.description if low is not None else ""
            else:
                described = read_high(held, board, check=False).description
        winners.append(
            {
                "seat": a.seat + 1,
                "name": names.get(a.seat, f"seat {a.seat + 1}"),
                "amount": a.amount,
                "said": "gets back" if a.pot == back else "wins",
                "for": " ".join(words),
                "board": a.run if hand.boards > 1 else 1,  # R13.2
                "hand": described,
                "cards": _cards(held) if held is not None else [],
            }
        )
    return {"number": hand.number, "winners": winners}
