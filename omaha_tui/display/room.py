"""The room view: what the players' web page shows, as plain JSON-ready data.

It is a mapping of the session's view model (:func:`omaha_tui.session.view.table_view`)
and of the session's clock (:func:`omaha_tui.session.clock.clock_view`) into
dictionaries of strings and numbers, so the page only lays them out: it derives
nothing. What the view model does not carry yet (the last hand's winners, the all-in
figures per pot, the end-of-session results) is read here from the same state with the
engine's and the ledger's own functions. Text is plain (the page sets it as text, never
as HTML), so a name such as ``<b>Ann`` stays a name.

Nothing here imports Textual; :mod:`.web` serves it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from omaha_tui.engine.allin.equity import Equity
from omaha_tui.engine.allin.spot import AllInSpot, spot_equity
from omaha_tui.engine.hands.cards import format_card
from omaha_tui.engine.hands.reading import read_high, read_low
from omaha_tui.engine.labels import part_label, pot_label, printable
from omaha_tui.engine.rules.awards import board_parts, run_board
from omaha_tui.engine.state import TableState
from omaha_tui.session.clock import ClockView, LevelInfo
from omaha_tui.session.view import TableView, table_view
from omaha_tui.store.ledger import ledger, settle_up

from .room_tournament import cash_settlement, tournament_block, tournament_results

Json = dict[str, Any]

_JOINER = "\u2060"


def plain(markup_safe: str) -> str:
    r"""A view-model text field as plain text: the markup escapes the view model adds
    for Textual (:func:`omaha_tui.session.view.shown`) taken out again.

    >>> plain("Ann \\[/x]"), plain("Ann\\\u2060")
    ('Ann [/x]', 'Ann\\')
    """
    return markup_safe.replace("\\[", "[").replace(_JOINER, "")


def cards(values: tuple[int, ...] | list[int]) -> list[str]:
    """Cards as the page draws them: ``["Ah", "Td"]`` (rank, then suit letter)."""
    return [format_card(c) for c in values]


def _level(info: LevelInfo | None) -> Json | None:
    if info is None:
        return None
    return {
        "level": info.number,
        "small_blind": info.small_blind,
        "big_blind": info.big_blind,
        "ante": info.ante,
        "big_blind_ante": info.big_blind_ante,
        "minutes": round(info.seconds / 60, 2),
    }


def clock_block(clock: ClockView | None, state: TableState) -> Json:
    """The blind clock (R2.7): the level and its blinds, the seconds left in the level or
    the break now, paused or not, the next level and the time to the next break.

    ``seconds_left`` is ``None`` when nothing is timed; the page counts it down itself
    between pushes (not while ``paused``). In a break, the level is the one after it.
    Without a schedule the blinds are the table's own.
    """
    if clock is None:
        stakes = state.stakes or (state.config.stakes if state.config is not None else None)
        return {
            "level": state.level,
            "small_blind": stakes.small_blind if stakes else 0,
            "big_blind": stakes.big_blind if stakes else 0,
            "ante": stakes.ante if stakes else 0,
            "big_blind_ante": bool(stakes and stakes.big_blind_ante),
            "seconds_left": None,
            "paused": False,
            "started": False,
            "due": False,
            "on_break": False,
            "break_number": None,
            "next": None,
            "last": False,
            "seconds_to_break": None,
        }
    left = None if clock.seconds_left is None else round(clock.seconds_left, 1)
    to_break = clock.seconds_to_break
    return {
        **(_level(clock.level) or {}),
        "seconds_left": left,
        "paused": clock.paused,
        "started": clock.started,
        "due": clock.due,
        "on_break": clock.on_break,
        "break_number": clock.break_number,
        "next": _level(clock.next_level),
        "last": clock.next_level is None and not clock.on_break,
        "seconds_to_break": None if to_break is None else round(to_break, 1),
    }


def _seats(view: TableView) -> list[Json]:
    out = []
    for seat in view.seats:
        if seat.name is None:
            continue
        out.append(
            {
                "seat": seat.index + 1,
                "name": printable(seat.player),
                "stack": seat.stack,
                "bet": seat.bet,
                "status": seat.status,
                "markers": list(seat.markers),
                "to_act": seat.to_act,
                "folded": seat.folded,
                "all_in": seat.all_in,
                "away": seat.away,
                "in_hand": seat.in_hand,
                "cards": cards(seat.cards),
            }
        )
    return out


def _runs(view: TableView) -> list[Json]:
    """Every run's board when the board is run more than once (R10.2); a run not dealt
    yet shows the cards all runs share, then ``""`` for each card to come. A double
    board's two boards likewise, labelled ``Board 1`` and ``Board 2`` (R13.2)."""
    return [
        {"run": n, "label": f"{view.row_word} {n}", "cards": cards(b) + [""] * (5 - len(b))}
        for n, b, _ in view.run_rows
    ]


def last_hand(state: TableState) -> Json | None:
    """The finished hand's winners, what each won and with which hand (R7, R10.2).

    Shown from the award until the next hand starts. A hand won by folds names the
    winner alone; one awarded by hand (cards not entered) has no hand to name.
    """
    hand = state.hand
    if hand is None or not hand.complete or not hand.awards:
        return None
    names = {i: printable(s.name) for i, s in enumerate(state.seats) if s is not None}
    tabled = dict(hand.shown)
    several_pots = len({a.pot for a in hand.awards}) > 1
    winners = []
    parts = board_parts(hand)  # R10.2 runs, R13.2 boards
    for a in hand.awards:
        words = [part_label(hand.boards, a.run)] if parts > 1 else []
        if several_pots or parts == 1:
            words.append(pot_label(a.pot))
        if a.half.value != "whole":
            words.append(a.half.value)
        described = ""
        held = tabled.get(a.seat)
        board = run_board(hand, a.run) if parts > 1 else hand.board
        if held is not None and len(board) == 5:
            if a.half.value == "low":
                low = read_low(held, board, check=False)
                described = low.description if low is not None else ""
            else:
                described = read_high(held, board, check=False).description
        winners.append(
            {
                "name": names.get(a.seat, f"seat {a.seat + 1}"),
                "amount": a.amount,
                "for": " ".join(words),
                "board": a.run if hand.boards > 1 else 1,  # R13.2
                "hand": described,
                "cards": cards(held) if held is not None else [],
            }
        )
    return {"number": hand.number, "winners": winners}


def pot_equities(spot: AllInSpot, view: TableView) -> list[Json]:
    """Each pot's all-in figures (R10.3): the hands that can win it, their shares, and
    the chips each hand can expect from all the pots.

    The figures are the engine's one reckoning of the spot
    (:func:`~omaha_tui.engine.allin.spot.spot_equity`, as the dealer's table and the
    console's JSON state have them): every pot among its own claimants, and with the
    board run more than once this run's part of each pot (R10.2), not the whole pot.
    This can take a second before the flop: :mod:`.web` calls it on a thread.
    """
    names = {s.index: printable(s.player) for s in view.seats if s.state is not None}
    whole = spot_equity(spot)
    hilo = spot.variant.hilo
    out = []
    # R13.2(c): on a double board, each pot's half on each board, board 1 first.
    for board, figures in enumerate(whole.per_board or (whole,), 1):
        out += _pot_lines(spot, figures, names, hilo, board if whole.per_board else None)
    return out


def _pot_lines(
    spot: AllInSpot, figures: Equity, names: dict[int, str], hilo: bool, board: int | None
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
                    "cards": cards(held),
                    "equity": round(h.equity, 4),
                    "high": round(h.high, 4) if hilo else None,
                    "low": round(h.low, 4) if hilo else None,
                    "expected": round(figures.expected[i], 2),
                }
            )
        out.append(
            {
                "pot": pot_label(n).capitalize(),
                "amount": pot.amount,
                "run": spot.run,
                "board": board,
                "hands": hands,
            }
        )
    return out


def results(state: TableState) -> Json:
    """The end of the session: each player's buy-ins, cash-out and net, and who pays
    whom (the ledger's settle-up, R12): ``settlement`` holds the lines the page shows,
    in money when the chips have a value (R12.1-R12.3), and each line's figures then
    have their ``money`` too. A tournament's are its money
    in, prizes and their settle-up (R11)."""
    done = tournament_results(state)
    if done is not None:
        return done
    book = ledger(state)
    rate = book.money
    lines = []
    for line in book.lines:
        out: Json = {
            "name": printable(line.name),
            "paid_in": line.paid_in,
            "cashed_out": line.cashed_out + line.stack,
            "net": line.net,
        }
        if rate is not None:  # R12.1: in money as well as chips, at the table's rate
            out["money"] = {
                "paid_in": str(rate.money_of(line.paid_in)),
                "cashed_out": str(rate.money_of(line.cashed_out + line.stack)),
                "net": rate.money_of(line.net).text(sign=True),
            }
        lines.append(out)
    return {
        "columns": ["Player", "Paid in", "Leaves with", "Net"],
        "lines": lines,
        "transfers": [
            {"payer": printable(t.payer), "payee": printable(t.payee), "amount": t.amount}
            for t in settle_up(book)
        ],
        "settlement": cash_settlement(state),
        "balance": book.explain(),
    }


def room_view(
    state: TableState,
    *,
    title: str,
    clock: ClockView | None,
    seq: int,
    equities: list[Json] | None = None,
    url: str = "",
    theme: Mapping[str, str] | None = None,
    table: TableView | None = None,
    said: str = "",
) -> Json:
    """Everything the page shows at one moment (the JSON the server pushes).

    ``phase`` tells the page which screen to draw: ``waiting`` (no table yet),
    ``play`` (a hand or between hands), ``break`` or ``ended`` (the results).
    ``tournament`` holds a tournament's standings (``None`` in a cash game); a
    tournament whose prizes are paid shows its end screen.
    Once the session is over its clock stops (R2.7): the block keeps the level it ended
    on, with no seconds for the page to count down, and says ``ended``.
    ``table`` is ``table_view(state)`` when the caller has it already. ``said`` is
    the dealer's last line, the narrator's words the app speaks and prints (a bet, a
    misdeal, a result).
    """
    over = state.ended or (state.tournament is not None and state.tournament.finished)
    stopped = {**clock_block(None, state), "level": state.level} if over else None
    base: Json = {
        "seq": seq,
        "title": printable(title),
        "said": said,
        "url": url,
        "theme": dict(theme or {}),
        "clock": {**(stopped or clock_block(clock, state)), "ended": over},
        "tournament": tournament_block(state, clock),
        # Amounts are integer units; the page writes them in the table's decimals.
        "decimals": state.config.decimals if state.config is not None else 0,
    }
    if state.config is None:
        return {**base, "phase": "waiting", "game": "", "seats": [], "board": [], "pots": []}
    view = table or table_view(state)
    hand = state.hand
    live = hand is not None and not hand.complete
    on_break = base["clock"]["on_break"] and not live  # a hand running finishes first
    phase = "ended" if over else "break" if on_break else "play"
    return {
        **base,
        "phase": phase,
        "game": plain(view.title),
        "hand": view.hand_number,
        "street": view.street,
        "board": cards(view.board),
        "board_untracked": view.board_untracked,
        # R13.2: every board's cards, board 1 first (one list on a single board).
        "boards": [
            cards(b) for b in ((view.board, view.board2) if view.boards > 1 else (view.board,))
        ],
        "board_size": 5 if live else 0,
        "runs": _runs(view),
        "pots": [
            {"label": p.label, "amount": p.amount, "eligible": [plain(n) for n in p.eligible]}
            for p in view.pots
        ],
        "in_front": view.in_front,
        # R1.5(c): a dead button is on a chair nobody plays from now (the empty chair of
        # a player who left, which the page does not draw): the page says where.
        "button": None if view.button is None else view.button + 1,
        "dead_button": view.dead_button,
        "pot_total": view.pot_total,
        "seats": _seats(view),
        "turn": None
        if view.turn is None
        else {"name": plain(view.turn.name), "options": list(view.turn.options)},
        "equities": equities or [],
        "last_hand": last_hand(state),
        "results": results(state) if over else None,
    }
