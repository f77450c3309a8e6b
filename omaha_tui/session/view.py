"""What the table screen shows, as frozen data derived from the engine state.

Every front end takes these views ("attributes down") instead of reaching into the engine's
``TableState``: the derivation is a pure function (:func:`table_view`), unit-tested
without a terminal, and the widgets stay simple renderers. Nothing here talks to the
journal or to Textual.

Every text field of a view is Textual markup that is safe to show: names and titles
people typed pass through :func:`shown` here, once, so a widget may wrap a field in
styles (``[b]...[/b]``) and a name such as ``Ann [/x]`` stays a name.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from omaha_tui.engine.allin.spot import AllInSpot, all_in_spot
from omaha_tui.engine.config import Structure
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.available import Available, available
from omaha_tui.engine.labels import pot_label, printable, run_times
from omaha_tui.engine.rules.awards import run_board
from omaha_tui.engine.rules.betting import LegalActions
from omaha_tui.engine.rules.pots import hand_pots
from omaha_tui.engine.state import HandState, Pot, SeatState, Street, TableState


@dataclass(frozen=True)
class SeatView:
    """One seat as shown: empty seats have ``name`` None."""

    index: int
    name: str | None = None
    stack: int = 0
    bet: int = 0
    committed: int = 0
    status: str = ""
    markers: tuple[str, ...] = ()
    to_act: bool = False
    folded: bool = False
    all_in: bool = False
    away: bool = False
    in_hand: bool = False

    @property
    def label(self) -> str:
        """Seat number (1-based, as players count) and name."""
        return f"{self.index + 1} {self.name}" if self.name else f"{self.index + 1} empty"


@dataclass(frozen=True)
class PotView:
    """A main or side pot with the names of the players who can still win it (R5.1)."""

    label: str
    amount: int
    eligible: tuple[str, ...]


@dataclass(frozen=True)
class TurnView:
    """Whose turn it is and what they may do, as short phrases for the action bar."""

    seat: int
    name: str
    options: tuple[str, ...]
    ceiling: str = ""
    """The pot-limit maximum in words (R4.4), empty in other structures."""


@dataclass(frozen=True)
class TableView:
    """Everything the table screen shows at one moment."""

    title: str
    hand_number: int | None
    street: str
    board: tuple[int, ...]
    board_untracked: int
    seats: tuple[SeatView, ...]
    pots: tuple[PotView, ...]
    in_front: int
    turn: TurnView | None
    prompt: str
    level: int
    stakes: str
    spot: AllInSpot | None = None
    """The tabled hands when everyone is all in (R10.3): their equities are shown."""
    runs: int = 1
    """How many times the board is run (R10.2)."""
    run_boards: tuple[tuple[int, ...], ...] = ()
    """The whole boards of runs 2 (and 3) dealt so far."""
    run_from: int = 0
    """Board cards every run shares (those out before the agreement)."""

    @property
    def pot_total(self) -> int:
        """Everything in the middle and in front of the players: "the pot" to a table."""
        return sum(p.amount for p in self.pots) + self.in_front


_JOINER = "\u2060"
"""WORD JOINER: zero width, keeps a typed backslash from escaping the next tag."""


def shown(text: str) -> str:
    r"""Text a person typed, ready to go inside markup: control characters made
    visible (:func:`~omaha_tui.engine.labels.printable`) and every bracket escaped.

    Textual markup cannot write a backslash just before ``[`` (``\\[`` still escapes
    the bracket), so such a backslash, or one ending the text, is followed by an
    invisible word joiner: ``Ann\`` inside ``[b]...[/b]`` stays ``Ann\`` in bold.

    >>> shown("Ann [/x]"), shown("Bo[b]")
    ('Ann \\[/x]', 'Bo\\[b]')
    >>> shown("Ann\\") == "Ann\\" + _JOINER
    True
    """
    text = printable(text)
    out = []
    for i, ch in enumerate(text):
        if ch == "[":
            out.append("\\[")
        elif ch == "\\" and text[i + 1 : i + 2] in ("", "["):
            out.append("\\" + _JOINER)
        else:
            out.append(ch)
    return "".join(out)


def oval_order(count: int) -> tuple[list[int], list[int]]:
    """Positions of ``count`` seats in the top and bottom rows, so that table order
    runs clockwise: the top row left to right, the bottom row right to left.

    >>> oval_order(6)
    ([0, 1, 2], [5, 4, 3])
    """
    top = (count + 1) // 2
    return list(range(top)), list(range(count - 1, top - 1, -1))


def chips(amount: int) -> str:
    """Chip amounts with thousands separators, as a dealer reads them."""
    return f"{amount:,}"


# ---------------------------------------------------------------- from the engine state

STREET_NAMES = {
    Street.PREFLOP: "Pre-flop",
    Street.FLOP: "Flop",
    Street.TURN: "Turn",
    Street.RIVER: "River",
    Street.SHOWDOWN: "Showdown",
}


def options(la: LegalActions, *, all_in: bool = True) -> tuple[str, ...]:
    """The player's choices as short phrases: ``fold · call 2 · raise to 4–7 · all in 200``.

    ``all_in``: whether going all in is allowed now (not above the pot in pot limit,
    nor above the bet in fixed limit).
    """
    out = []
    if la.can_fold:
        out.append("fold")
    if la.can_check:
        out.append("check")
    if la.can_call:
        out.append(f"call {chips(la.call_amount)}")
    if la.can_bet_or_raise:
        word = "bet" if la.can_bet else "raise to"
        lo, hi = chips(la.min_raise_to), chips(la.max_raise_to)
        out.append(f"{word} {lo}" if lo == hi else f"{word} {lo}–{hi}")
    if all_in:
        out.append(f"all in {chips(la.all_in_to)}")
    return tuple(out)


def _seat_status(state: TableState, index: int, seat: SeatState) -> str:
    hand = state.hand if state.in_hand else None
    if hand is not None and index in hand.seats:
        if index == hand.to_act and not hand.betting_over:
            return "to act"
        if index in hand.folded:
            return "folded"
        if index in hand.all_in:
            return "all in"
        if index in hand.mucked:
            return "mucked"
        return ""
    if seat.sitting_out:
        return "sitting out"
    if seat.waiting_for_bb:
        return "waits for BB"
    if seat.owes_bb and seat.owes_sb:
        return "owes SB+BB"
    if seat.owes_bb:
        return "owes BB"
    return "not dealt in" if hand is not None else ""


def _markers(state: TableState, index: int) -> tuple[str, ...]:
    hand = state.hand
    button = hand.button if hand is not None else state.button
    out = []
    if index == button:
        out.append("D")
    if hand is not None:
        if index == hand.sb_seat:
            out.append("SB")
        if index == hand.bb_seat:
            out.append("BB")
    return tuple(out)


def next_step(state: TableState, avail: Available | None = None) -> str:
    """What the dealer does next when nobody is to act (``avail``: ``available(state)``,
    computed here when not given)."""
    hand = state.hand
    if state.ended:
        return "The session has ended."
    if hand is None or hand.complete:
        return f"Press n to deal hand #{state.hands_played + 1}."
    if hand.early_card_pending:
        return "Press d to turn the first flop card (Courchevel, R3.3)."
    if hand.to_act is not None:
        return ""
    avail = avail or available(state)
    due = avail.cards_due
    if due is not None and due.run > 1:  # R10.2
        return f"Press d to deal run {due.run} ({due.count} card{'s' * (due.count > 1)})."
    if due is None:
        return "Press s for the showdown."
    deal = f"d to deal the {due.street.value}"
    if hand.betting_over and avail.allows(rq.TableHands):
        deal = f"t to table the hands (R10.1), {deal}"
    if avail.allows(rq.RunItTwice):
        deal += ", 2 to run it twice (R10.2)"
    return f"All in: press {deal}." if hand.betting_over else f"Press {deal}."


def collected_pots(hand: HandState) -> tuple[Pot, ...]:
    """Pots as the dealer has gathered them: earlier rounds only (R5.1).

    Bets of the running round stay in front of the players (shown on the seats) until
    the round ends, so mid-round eligibility is that of the last completed layer.
    """
    before = tuple(c - b for c, b in zip(hand.committed, hand.bets, strict=True))
    return hand_pots(replace(hand, committed=before))


def table_view(state: TableState, avail: Available | None = None) -> TableView:
    """Everything the table screen shows, derived from the state and what is live now.

    ``avail`` is ``available(state)``: a session passes the one it has already computed
    for this state (``Session.available()``), so a keypress reckons the legal actions
    once; without it, it is computed here.
    """
    assert state.config is not None
    avail = avail or available(state)
    hand = state.hand
    names = {i: shown(s.name) for i, s in enumerate(state.seats) if s is not None}
    seats = []
    for i, seat in enumerate(state.seats):
        if seat is None:
            seats.append(SeatView(i))
            continue
        status = _seat_status(state, i, seat)
        in_hand = hand is not None and not hand.complete and i in hand.seats
        seats.append(
            SeatView(
                index=i,
                name=names[i],
                stack=seat.stack,
                bet=hand.bets[i] if in_hand and hand is not None else 0,
                committed=hand.committed[i] if in_hand and hand is not None else 0,
                status=status,
                markers=_markers(state, i),
                to_act=status == "to act",
                folded=status == "folded",
                all_in=status == "all in",
                away=seat.sitting_out or seat.waiting_for_bb,
                in_hand=in_hand and i not in (hand.folded if hand else ()),
            )
        )
    pots: tuple[PotView, ...] = ()
    in_front = 0
    if hand is not None and not hand.complete:
        in_front = sum(hand.bets)
        live = len(hand.live)
        pots = tuple(
            PotView(
                pot_label(n).capitalize(),
                pot.amount,
                (f"all {live} in",)
                if len(pot.eligible) == live and n == 0
                else tuple(names.get(s, str(s + 1)) for s in pot.eligible),
            )
            for n, pot in enumerate(collected_pots(hand))
        )
    la = avail.legal
    turn = None
    if la is not None:
        ceiling = ""
        breakdown = avail.breakdown
        if state.config.structure is Structure.POT_LIMIT and breakdown is not None:
            ceiling = f"pot max {chips(breakdown.max_raise_to)}"  # R4.4, stack or not
        turn = TurnView(
            la.seat,
            names.get(la.seat, ""),
            options(la, all_in=avail.allows(rq.AllIn)),
            ceiling,
        )
    stakes = state.stakes or state.config.stakes
    live = hand is not None and not hand.complete
    return TableView(
        # R2.7 the current level's blinds, R1.5 the button rule.
        title=shown(f"{state.config.title_at(stakes)} · {state.config.button_rule.value} button"),
        hand_number=hand.number if hand is not None else None,
        street=_street_title(hand) if live and hand is not None else "Between hands",
        board=hand.board if hand is not None else (),
        board_untracked=(hand.board_count - len(hand.board)) if hand is not None else 0,
        seats=tuple(seats),
        pots=pots,
        in_front=in_front,
        turn=turn,
        prompt=next_step(state, avail),
        level=state.level,
        stakes=f"{chips(stakes.small_blind)}/{chips(stakes.big_blind)}"
        + (f" ante {chips(stakes.ante)}" if stakes.ante else ""),
        spot=all_in_spot(state),
        runs=hand.runs if live and hand is not None else 1,
        run_boards=tuple(run_board(hand, r) for r in range(2, len(hand.run_boards) + 2))
        if live and hand is not None
        else (),
        run_from=hand.run_from if live and hand is not None else 0,
    )


def _street_title(hand: HandState) -> str:
    """``Turn``, or ``Turn · run it twice`` once the players agreed (R10.2)."""
    name = STREET_NAMES[hand.street]
    if hand.runs > 1:
        name += f" · run it {run_times(hand.runs)}"
    return name
