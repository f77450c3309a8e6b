"""What the showdown screen shows, as frozen data derived from the state and the cards.

Winners and chip amounts come from the reducer's own awards
(:func:`omaha_tui.engine.rules.awards.awards_from_cards`, the same arithmetic
``settle_by_cards`` records), the descriptions and the two-plus-three cards from the
evaluator's readings (R6, R7, R8.3). Everything here is a pure function, tested without
a terminal; :mod:`omaha_tui.app.screens.showdown` renders it and collects the dealer's input.

This module records nothing: :func:`showdown_events` only *translates* a finished
:class:`ShowdownResult` into the request the session records.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.decide import decide
from omaha_tui.engine.decisions.outcomes import Ask, Refusal
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import Award, Event
from omaha_tui.engine.hands.cards import format_cards
from omaha_tui.engine.hands.showdown import PlayerReading, ShowdownReading, read_showdown
from omaha_tui.engine.hands.showdown_words import odd_chip_notes, showdown_speech, spoken_result
from omaha_tui.engine.labels import ante_back, back_to, part_label, player_name, pot_label
from omaha_tui.engine.records import frozen
from omaha_tui.engine.rules.awards import (
    awards_from_cards,
    board_parts,
    claimants,
    run_board,
    run_parts,
)
from omaha_tui.engine.rules.pots import hand_pots, unmatched_pot
from omaha_tui.engine.state import TableState
from omaha_tui.engine.units import amount_text


@frozen
class ShowdownResult:
    """What the dealer decided at showdown, for the session to record.

    Attributes:
        shown: ``(seat, cards)`` newly tabled here, in showdown order.
        mucked: seats that mucked here (R8.2).
        board: board cards entered here because the table tracked chips only; recorded
            first (``BoardRecorded``) so that the hands are then read by the cards.
        winners: per pot, the seats awarded by hand (the high half in a split pot);
            ``None`` means "award by the cards" (``settle_by_cards``).
        low_winners: per pot, the low-half winners awarded by hand (split games).
        speech: the result as sentences, for the App to say once it is recorded.
    """

    shown: tuple[tuple[int, tuple[int, ...]], ...] = ()
    mucked: tuple[int, ...] = ()
    board: tuple[int, ...] = ()
    winners: tuple[tuple[int, ...], ...] | None = None
    low_winners: tuple[tuple[int, ...], ...] | None = None
    speech: str = ""
    later: tuple[rq.RunWinners, ...] = ()
    """By hand on a board run twice (R10.2): the winners of runs 2 (and 3)."""

    @property
    def by_cards(self) -> bool:
        return self.winners is None

    def events(self, state: TableState) -> tuple[Event, ...]:
        """The events recording this result on ``state`` (``engine.decide`` on
        :func:`showdown_request`); ``RuleError`` with the reason when refused."""
        out = decide(state, showdown_request(self))
        if isinstance(out, Refusal):
            raise RuleError(out.reason)
        if isinstance(out, Ask):
            raise RuleError(out.question)
        return out.events


@frozen
class HandReading:
    """One claimant's hand for one half: the description and the 2 + 3 cards used."""

    seat: int
    name: str
    cards: tuple[int, ...]
    description: str
    hole_used: tuple[int, ...]
    board_used: tuple[int, ...]
    won: int = 0


@frozen
class PotResult:
    """One pot: who wins each half, with what, and why the others lost."""

    index: int
    amount: int
    claimants: tuple[str, ...]
    high: tuple[HandReading, ...]
    low: tuple[HandReading, ...]
    losers: tuple[str, ...]
    notes: tuple[str, ...]
    speech: str = ""
    run: int = 1
    """The run whose board decides this part of the pot, when run twice (R10.2), or
    the board of a double board (R13.2)."""
    runs: int = 1
    board: tuple[int, ...] = ()
    boards: int = 1
    ante_back: bool = False
    """The pot is one player's ante nobody else matched: it goes back to them, it is
    not won (R2.9, R5.2)."""

    @property
    def label(self) -> str:
        unmatched = self.index if self.ante_back else None
        pot = pot_label(self.index, unmatched)
        if self.runs < 2:
            return pot.capitalize()
        return f"{part_label(self.boards, self.run).capitalize()} · {pot}"

    @property
    def who(self) -> str:
        """Who can win the pot, as every front end writes it after the pot's label:
        the claimants, or who an unmatched ante goes back to (R5.2)."""
        names = ", ".join(self.claimants)
        return back_to(names) if self.ante_back else names

    @property
    def halves(self) -> tuple[tuple[str, tuple[HandReading, ...]], ...]:
        """Each half's word and winners: ``high`` and ``low`` when the pot was split
        (R7), else one ``wins``; every front end lists the readings by these. None for
        an unmatched ante: it is nobody's win (R2.9, R5.2)."""
        if self.ante_back:
            return ()
        if self.low:
            return (("high", self.high), ("low", self.low))
        return (("wins", self.high),)


def with_entries(
    state: TableState,
    shown: Mapping[int, Sequence[int]],
    mucked: Sequence[int],
    board: Sequence[int] = (),
) -> TableState:
    """The state as if the entered hands were tabled and mucked: dry runs of the
    engine's decisions (``Show``, ``Muck``, and ``RecordBoard`` first for a board typed
    here on a table that tracked chips only, as :func:`showdown_request` records it).
    Nothing is recorded; a refusal raises RuleError with the engine's reason.

    The last answer is kept: most keystrokes complete no hand, and then the same
    entries give the same state without asking the engine again.
    """
    global _last_entries
    key: Entries = (
        tuple((seat, tuple(cards)) for seat, cards in shown.items()),
        tuple(mucked),
        tuple(board),
    )
    last = _last_entries
    if last is not None and last[0] is state and last[1] == key:
        return last[2]
    hand = state.hand
    if hand is None:
        raise RuleError("no hand is running: nothing to show down")
    requests: list[rq.Request] = []
    if board and tuple(board) != hand.board:
        requests.append(rq.RecordBoard(format_cards(board)))
    requests += [rq.Show(seat, format_cards(cards)) for seat, cards in shown.items()]
    requests += [rq.Muck(seat) for seat in mucked]
    sim = state
    for request in requests:
        out = decide(sim, request)
        if isinstance(out, Refusal):
            raise RuleError(out.reason)
        if isinstance(out, Ask):
            raise RuleError(out.question)
        sim = out.state
    _last_entries = (state, key, sim)
    return sim


Entries = tuple[tuple[tuple[int, tuple[int, ...]], ...], tuple[int, ...], tuple[int, ...]]
_last_entries: tuple[TableState, Entries, TableState] | None = None
"""The state, the entries and the state with them, of the last :func:`with_entries`."""


def _hand_reading(seat: int, player: PlayerReading, low: bool = False) -> HandReading:
    r = player.low if low and player.low is not None else player.high
    return HandReading(
        seat, player.name, player.cards, r.description, tuple(r.hole_used), tuple(r.board_used)
    )


def pot_results(sim: TableState) -> tuple[PotResult, ...]:
    """Per pot: winners of each half with their readings, losers' reasons, odd chips.

    ``sim`` is a state with the hands tabled (:func:`with_entries`). Raises RuleError
    when the pots cannot be read yet (a claimant has neither shown nor mucked, or the
    board is incomplete) with the engine's message.
    """
    hand = sim.hand
    assert hand is not None
    awards = awards_from_cards(sim)
    out: list[PotResult] = []
    for run in range(1, board_parts(hand) + 1):  # R10.2, R13.2: each part by its own board
        mine = [a for a in awards if a.run == run]
        out += _run_results(sim, mine, run)
    return tuple(out)


def _run_results(sim: TableState, awards: Sequence[Award], run: int) -> list[PotResult]:
    """The pots (or, run twice, their parts) that the board of ``run`` decides."""
    hand = sim.hand
    assert hand is not None
    shown = dict(hand.shown)
    board = run_board(hand, run)
    hilo = hand.variant.hilo
    n = board_parts(hand)
    parts = [run_parts(p.amount, n, hand.stakes.chip)[run - 1] for p in hand_pots(hand)]
    back = unmatched_pot(hand)
    out: list[PotResult] = []
    for i, (pot, who) in enumerate(zip(hand_pots(hand), claimants(sim), strict=True)):
        ante = i == back and len(who) == 1  # R5.2: goes back to its poster
        mine = [a for a in awards if a.pot == i]
        amount = parts[i]
        names = tuple(player_name(sim, s) for s in who)
        mucked = tuple(
            f"{player_name(sim, s)} mucked: no claim on this pot (R8.2)"
            for s in pot.eligible
            if s in hand.mucked
        )
        if len(who) == 1:
            only = who[0]
            winner = HandReading(
                only, player_name(sim, only), shown.get(only, ()), "uncontested", (), ()
            )
            won = (replace(winner, won=amount),)
            out.append(
                PotResult(
                    i, amount, names, won, (), mucked, (), "", run, n, board, hand.boards, ante
                )
            )
            continue
        reading = read_showdown(hand.variant, board, [(player_name(sim, s), shown[s]) for s in who])
        high_won = {a.seat: a.amount for a in mine if a.half.value in ("high", "whole")}
        low_won = {a.seat: a.amount for a in mine if a.half.value == "low"}
        high = tuple(
            replace(_hand_reading(s, p), won=high_won[s])
            for s, p in zip(who, reading.players, strict=True)
            if s in high_won
        )
        low = tuple(
            replace(_hand_reading(s, p, low=True), won=low_won[s])
            for s, p in zip(who, reading.players, strict=True)
            if s in low_won
        )
        losers = (*_losers(who, reading, set(high_won), set(low_won)), *mucked)
        notes = (*reading.notes, *odd_chip_notes(mine, split=hilo and bool(low)))
        speech = showdown_speech(  # the amounts each winner takes, by reading index
            reading,
            {k: high_won[s] for k, s in enumerate(who) if s in high_won},
            {k: low_won[s] for k, s in enumerate(who) if s in low_won} if low else None,
        )
        out.append(
            PotResult(
                i, amount, names, high, low, losers, notes, speech, run, n, board, hand.boards, ante
            )
        )
    return out


def _losers(
    who: Sequence[int], reading: ShowdownReading, high_won: set[int], low_won: set[int]
) -> list[str]:
    """The evaluator's reason for each half a claimant did not win."""
    out: list[str] = []
    for seat, player in zip(who, reading.players, strict=True):
        if seat not in high_won:
            out.append(f"{player.name}: {player.high.description}, {player.high_result}")
        if reading.hilo and reading.low_winners and seat not in low_won:
            out.append(f"{player.name}: {player.low_result}")
    return out


def explanation(state: TableState, decimals: int = 0) -> str:
    """The showdown of the hand on the table in words, pot by pot and half by half:
    who wins with which two and three cards, and why each other claim fails (R6, R7,
    R8.3); the console's ``why``. Amounts as the table counts them (``decimals``).

    Raises:
        RuleError: no hand, or its pots cannot be read yet (the engine's reason).
    """
    if state.hand is None or not state.hand.shown:
        raise RuleError("no showdown to explain: the hands are read once they are tabled")
    lines: list[str] = []
    for pot in pot_results(state):
        lines.append(f"{pot.label} {amount_text(pot.amount, decimals)}: {pot.who}")
        for label, readings in pot.halves:
            for r in readings:
                won = f"{label}: {r.name} +{amount_text(r.won, decimals)}"
                if r.description == "uncontested":
                    lines.append(f"  {won} (uncontested)")
                    continue
                lines.append(
                    f"  {won}, {r.description}: {format_cards(r.hole_used)} from the hand"
                    f" + {format_cards(r.board_used)} from the board"
                )
        lines += [f"  {why}" for why in pot.losers]
        lines += [f"  {note}" for note in pot.notes]
    return "\n".join(lines)


def pot_speech(pots: Sequence[PotResult]) -> str:
    """The result as sentences to say aloud, in the engine's words, pot by pot."""
    return spoken_result(
        [
            ("", "", f"The {ante_back(pot.claimants[0])}.")  # R5.2
            if pot.ante_back
            else (
                pot.label if len(pots) > 1 else "",
                pot.high[0].name if pot.high and pot.high[0].description == "uncontested" else "",
                pot.speech,
            )
            for pot in pots
        ]
    )


def showdown_request(result: ShowdownResult) -> rq.Showdown:
    """The session request that records ``result``: board, shows, mucks, then the awards.

    A board typed at showdown (chips-only tracking) is recorded first with
    ``BoardRecorded``, so the pots are settled by the cards like any other showdown;
    awards by hand remain for when the cards are not entered. ``engine.decide`` checks
    it all or nothing and applies each event once.
    """
    return rq.Showdown(
        shown=tuple((seat, format_cards(cards)) for seat, cards in result.shown),
        mucked=result.mucked,
        board=format_cards(result.board) if result.board else "",
        winners=result.winners,
        low_winners=result.low_winners,
        later=result.later,
    )
