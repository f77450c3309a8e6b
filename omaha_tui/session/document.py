"""The one JSON of the table: the view model as a versioned, plain document.

``omaha-tui console --json`` prints it as its ``state``, and the players' display serves
it as ``/room.json`` (and pushes it to every page), so a key means one thing wherever it
is read. It is built from the session's view model (:func:`~.view.table_view`), its
clock (:func:`~.clock.clock_view`) and, when everyone is all in, the engine's one
reckoning of the spot (:func:`~omaha_tui.engine.allin.spot.spot_equity`), which a front
end passes in when it has it (the display works it out on a thread).

Seats are numbered from 1, as the dealer counts them. Names are plain text with control
characters made visible (:func:`~omaha_tui.engine.labels.printable`): a page sets them
as text, never as markup. Amounts are integers in the table's unit (``decimals`` says
where its point is); money is a number (``money_number``) beside its text where a
screen shows it. Nothing here imports Textual or Rich.

:data:`VERSION` changes whenever a key changes meaning or goes; :class:`TableDocument`
is the key set, checked by the tests.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from omaha_tui.engine.allin.spot import AllInSpot
from omaha_tui.engine.hands.cards import format_card
from omaha_tui.engine.labels import printable
from omaha_tui.engine.markup_safe import unshown
from omaha_tui.engine.rules.pots import unmatched_pot
from omaha_tui.engine.state import TableState
from omaha_tui.engine.units import amount_text

from .clock import WARNING_SECONDS, ClockView, LevelInfo
from .document_hand import award_json, equities, last_hand, seat_equities
from .view import TableView, table_view

if TYPE_CHECKING:
    from omaha_tui.engine.allin.equity import Equity

VERSION = 2
"""The document's version: 1 was the console's ``state`` before the page shared it."""

Json = dict[str, Any]


class TableDocument(TypedDict):
    """Every key of the document (the tests hold both front ends to it)."""

    version: int
    seq: int
    title: str
    decimals: int
    phase: str
    game: str
    table_title: str
    structure: str | None
    hand: int | None
    street: str
    complete: bool
    blinds: str | None
    stakes: Json | None
    button: int | None
    dead_button: bool
    sb: int | None
    bb: int | None
    posts: list[Json]
    bomb: int | None
    next_bomb: Json | None
    to_act: int | None
    legal: Json | None
    turn: Json | None
    seats: list[Json]
    pots: list[Json]
    in_front: int
    pot_total: int
    board: list[str]
    boards: list[list[str]]
    board_untracked: int
    board_size: int
    runs: int
    run_boards: list[list[str]]
    run_rows: list[Json]
    show_order: list[int]
    awards: list[Json]
    equities: list[Json]
    last_hand: Json | None
    clock: Json | None
    tournament: Json | None
    results: Json | None


def cards(values: tuple[int, ...] | list[int]) -> list[str]:
    """Cards as text: ``["Ah", "Td"]`` (rank, then suit letter)."""
    return [format_card(c) for c in values]


def _n(seat: int | None) -> int | None:
    return None if seat is None else seat + 1


def level_json(info: LevelInfo, decimals: int) -> Json:
    """A level with its words: ``blinds`` ``300/600``, ``ante`` ``BB ante 600`` (a
    big-blind ante is named so, R2.9) or ``ante 25`` or ``""``."""

    def m(chips: int) -> str:
        return amount_text(chips, decimals)

    ante = ""
    if info.ante:
        ante = f"{'BB ante' if info.big_blind_ante else 'ante'} {m(info.ante)}"
    return {
        "level": info.number,
        "sb": info.small_blind,
        "bb": info.big_blind,
        "ante": info.ante,
        "big_blind_ante": info.big_blind_ante,
        "minutes": round(info.seconds / 60, 2),
        "text": f"{m(info.small_blind)}/{m(info.big_blind)}",
        "ante_text": ante,
        # R2.9: the words every surface names the ante by
        "ante_kind": None if not info.ante else "big-blind ante" if info.big_blind_ante else "ante",
    }


def clock_document(view: ClockView | None, state: TableState, *, over: bool = False) -> Json | None:
    """The blind clock (R2.7), ``None`` at a table without a schedule.

    ``seconds_left`` in the level or break now (``None``: until the host moves on), as
    the session reckons it, and ``shown_seconds`` and ``shown`` as every screen shows it
    (the one rounding, whole seconds up, R2.7): a page counting it down rounds so.
    ``level`` is where the clock is (in a break: the level after it), ``playing`` the
    level the table plays (a level the clock reached mid-hand starts with the next
    hand: ``due``), ``last``: no level follows. ``elapsed``: the seconds the clock has
    run through the schedule. ``warning``: the last minute's length (R2.7c). Once the
    session is over it stops: ``ended``, and no seconds to count.
    """
    if view is None:
        return None
    dec = state.config.decimals if state.config is not None else 0
    stopped = over
    left = None if view.seconds_left is None or stopped else round(view.seconds_left, 1)
    to_break = None if view.seconds_to_break is None or stopped else view.seconds_to_break
    nxt = view.next_level
    schedule = state.clock.schedule
    elapsed = None
    if schedule is not None and view.seconds_left is not None:
        before = sum(item.seconds for item in schedule.items[: view.item])
        elapsed = round(before + schedule.items[view.item].seconds - view.seconds_left)
    return {
        **level_json(view.level, dec),
        "break": view.on_break,
        "break_number": view.break_number,
        "seconds_left": left,
        "shown_seconds": None if left is None else view.shown_seconds,
        "shown": "" if left is None else view.shown,
        "paused": view.paused and not stopped,
        "started": view.started,
        "playing": view.playing,
        "due": view.due,
        "last": nxt is None and not view.on_break,
        "next_level": None if nxt is None else level_json(nxt, dec),
        "seconds_to_break": None if to_break is None else round(to_break, 1),
        "elapsed": elapsed,
        "warning": WARNING_SECONDS,
        "ended": stopped,
    }


def _stakes(view: TableView, clock: ClockView | None, state: TableState) -> Json | None:
    """The blinds in play now: the hand's own while a hand runs (a level the clock
    reached mid-hand plays from the next hand, R2.7), between hands the clock's level
    (in a break, the level after it), or the table's stakes without a clock."""
    dec = view.decimals
    hand = view.hand
    if (hand is not None and not hand.complete) or clock is None:
        stakes = hand.blinds if hand is not None and not hand.complete else view.blinds
        if stakes is None:
            return None
        info = LevelInfo(
            state.level if clock is None or hand is None else clock.playing,
            stakes.small_blind,
            stakes.big_blind,
            stakes.ante,
            stakes.big_blind_ante,
            0,
        )
        out = level_json(info, dec)
        out.pop("minutes")
        return out
    out = level_json(clock.level, dec)
    out.pop("minutes")
    return out


def _seats(view: TableView, figures: dict[int, Json | None]) -> list[Json]:
    out = []
    for seat in view.seats:
        if seat.state is None:
            continue
        out.append(
            {
                "seat": seat.index + 1,
                "name": printable(seat.player),
                "stack": seat.stack,
                "bet": seat.bet,
                "status": seat.state.value,
                "words": seat.status,
                "markers": list(seat.markers),
                "to_act": seat.to_act,
                "folded": seat.folded,
                "all_in": seat.all_in,
                "away": seat.away,
                "in_hand": seat.in_hand,
                "cards": cards(seat.cards),
                "equity": figures.get(seat.index),
            }
        )
    return out


def _legal(view: TableView) -> Json | None:
    la = view.legal
    if la is None:
        return None
    wager = la.can_bet_or_raise
    return {
        "fold": la.can_fold,
        "check": la.can_check,
        "call": la.call_amount,
        "min_raise_to": la.min_raise_to if wager else None,
        "max_raise_to": la.max_raise_to if wager else None,
    }


def _blinds(view: TableView) -> str | None:
    """``1/2`` or ``1/2/1``: the hand's stakes (between hands, the table's)."""
    hand = view.hand
    stakes = hand.blinds if hand is not None else view.blinds
    if stakes is None:
        return None
    return f"{stakes.small_blind}/{stakes.big_blind}" + (f"/{stakes.ante}" if stakes.ante else "")


def _waiting(seq: int, title: str, clock: Json | None, tournament: Json | None) -> Json:
    """The document before the table is set up: the keys, empty."""
    return {
        "version": VERSION,
        "seq": seq,
        "title": printable(title),
        "decimals": 0,
        "phase": "waiting",
        "game": "",
        "table_title": "",
        "structure": None,
        "hand": None,
        "street": "",
        "complete": False,
        "blinds": None,
        "stakes": None,
        "button": None,
        "dead_button": False,
        "sb": None,
        "bb": None,
        "posts": [],
        "bomb": None,
        "next_bomb": None,
        "to_act": None,
        "legal": None,
        "turn": None,
        "seats": [],
        "pots": [],
        "in_front": 0,
        "pot_total": 0,
        "board": [],
        "boards": [],
        "board_untracked": 0,
        "board_size": 0,
        "runs": 1,
        "run_boards": [],
        "run_rows": [],
        "show_order": [],
        "awards": [],
        "equities": [],
        "last_hand": None,
        "clock": clock,
        "tournament": tournament,
        "results": None,
    }


def table_document(
    state: TableState,
    *,
    clock: ClockView | None = None,
    figures: Equity | None = None,
    view: TableView | None = None,
    title: str = "",
    seq: int = 0,
) -> Json:
    """The document of the table at one moment (see the module's words).

    ``clock``: the session's clock at ``now`` (``None`` without a schedule);
    ``figures``: ``spot_equity(view.spot)`` when the caller has it (``None`` while it
    is being worked out: seats then have no ``equity`` and ``equities`` is empty);
    ``view``: ``table_view(state)`` when the caller has it already; ``title`` and
    ``seq``: the session's title and the journal's last event.

    ``phase`` says which screen a page draws: ``waiting`` (no table yet), ``play`` (a
    hand or between hands), ``break`` or ``ended`` (the results, ``results``).
    """
    over = state.ended or (state.tournament is not None and state.tournament.finished)
    clock_doc = clock_document(clock, state, over=over)
    tournament = _tournament(state, clock)
    if state.config is None:
        return _waiting(seq, title, clock_doc, tournament)
    view = view or table_view(state)
    hand = view.hand
    live = hand is not None and not hand.complete
    on_break = clock is not None and clock.on_break and not live  # a hand finishes first
    spot: AllInSpot | None = view.spot if live else None
    back = unmatched_pot(state.hand) if state.hand is not None else None  # R5.2
    per_seat = seat_equities(spot, figures, back) if spot is not None else {}
    doc: TableDocument = {
        "version": VERSION,
        "seq": seq,
        "title": printable(title),
        "decimals": view.decimals,
        "phase": "ended" if over else "break" if on_break else "play",
        "game": hand.game if hand is not None else view.game,
        "table_title": unshown(view.title),
        "structure": view.structure.value,
        "hand": hand.number if hand is not None else None,
        "street": view.street,
        "complete": hand.complete if hand is not None else False,
        "blinds": _blinds(view),
        "stakes": _stakes(view, clock, state),
        "button": _n(view.button),
        "dead_button": view.dead_button,
        "sb": _n(hand.sb) if hand is not None else None,
        "bb": _n(hand.bb) if hand is not None else None,
        "posts": [
            {"seat": p.seat + 1, "kind": p.kind.value, "amount": p.amount}
            for p in (hand.posts if hand is not None else ())
        ],
        # R13.1: this hand's bomb (None: not a bomb pot) and the next hand's, called or due.
        "bomb": view.bomb or None,
        "next_bomb": None
        if view.next_bomb is None
        else {"amount": view.next_bomb.amount, "double": view.next_bomb.double},
        "to_act": _n(view.to_act),
        "legal": _legal(view),
        "turn": None
        if view.turn is None
        else {
            "seat": view.turn.seat + 1,
            "name": unshown(view.turn.name),
            "options": list(view.turn.options),
        },
        "seats": _seats(view, per_seat),
        "pots": [
            {
                "label": p.label,  # the view's words (an unmatched ante's too, R5.2)
                "amount": p.amount,
                "eligible": [s + 1 for s in p.seats],
                "names": [unshown(x) for x in p.eligible],
            }
            for p in (hand.pots if hand is not None else ())
        ],
        "in_front": view.in_front,
        "pot_total": view.pot_total,
        "board": cards(view.board),
        # R13.2: every board's cards, board 1 first (one list on a single board).
        "boards": [cards(b) for b in hand.all_boards] if hand is not None else [],
        "board_untracked": view.board_untracked,
        "board_size": 5 if live else 0,
        "runs": hand.runs if hand is not None else 1,
        "run_boards": [cards(b) for b in hand.run_boards] if hand is not None else [],
        "run_rows": [
            {"run": n, "label": f"{view.row_word} {n}", "cards": cards(b) + [""] * (5 - len(b))}
            for n, b, _ in view.run_rows
        ],
        "show_order": [s + 1 for s in hand.show_order] if hand is not None else [],
        "awards": [award_json(a, hand.boards, back) for a in hand.awards]
        if hand is not None
        else [],
        "equities": equities(spot, figures, view, back) if spot is not None else [],
        "last_hand": last_hand(state),
        "clock": clock_doc,
        "tournament": tournament,
        "results": _results(state) if over else None,
    }
    return dict(doc)


def _tournament(state: TableState, clock: ClockView | None) -> Json | None:
    """A tournament's part (R11); a cash table never loads it, nor the ledger behind it."""
    if state.tournament is None:
        return None
    from .document_tournament import tournament_document

    return tournament_document(state, clock)


def _results(state: TableState) -> Json:
    """The end screen's figures, loaded when a session ends (R11, R12)."""
    from .document_tournament import results

    return results(state)
