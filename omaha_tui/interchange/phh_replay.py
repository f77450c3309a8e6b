"""Replaying PHH hands through the reducer, and the per-hand summary ``replay --json`` prints.

:func:`replay_hand` folds the events of :func:`~.phh_import.translate` with the
engine's ``apply`` (so every action is checked against the rules), then, once every
player still in has shown or mucked on a complete board, settles the pots by the
cards (``engine.decide`` on ``AwardByCards``), or by the dealer's awards of each run
when a board run more than once was settled by hand. A refused action becomes a
:class:`PhhError` naming the file, the action line and the reason. :func:`summary`
describes where the hand stands in the file's own units and player order. No output
formatting happens here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from omaha_tui.engine.config import AntePots
from omaha_tui.engine.decisions.decide import decide
from omaha_tui.engine.decisions.outcomes import Decided, Refusal
from omaha_tui.engine.decisions.requests import AwardByCards
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import Award, Event, HandStarted, PostKind, PotsAwarded
from omaha_tui.engine.hands.cards import format_card
from omaha_tui.engine.reducer import history as hist
from omaha_tui.engine.reducer.history import History
from omaha_tui.engine.reducer.replay import apply
from omaha_tui.engine.rules.betting import legal_actions
from omaha_tui.engine.rules.pots import hand_pots
from omaha_tui.engine.state import HandState, Pot, Street, TableState
from omaha_tui.store.snapshot import FoldedLog

from .phh import PhhError, PhhHand
from .phh_chips import from_chips, json_number, to_chips
from .phh_import import ImportedHand, translate


@dataclass(frozen=True)
class ReplayedHand:
    """A hand replayed as far as its file goes. ``events`` include the settlement."""

    imported: ImportedHand
    events: tuple[Event, ...]
    history: History
    starts: tuple[tuple[int, History], ...] = ()
    """The table right after the hand's ``HandStarted``, by its position in ``events``."""

    @property
    def state(self) -> TableState:
        return self.history.state

    @property
    def folded(self) -> FoldedLog:
        """The hand's events as folded here, so that recording them applies none again."""
        return FoldedLog(self.history, self.starts)

    @property
    def hand(self) -> HandState:
        assert self.state.hand is not None
        return self.state.hand

    @property
    def complete(self) -> bool:
        return self.hand.complete

    def amount(self, chips: int) -> Decimal:
        """Chips in the file's units."""
        return from_chips(chips, self.imported.scale)


def _at_showdown(state: TableState) -> bool:
    hand = state.hand
    return hand is not None and not hand.complete and hand.street is Street.SHOWDOWN


def ready_to_settle(state: TableState) -> bool:
    """Board complete, betting over, and every player still in has shown or mucked
    (or only one claimant is left)."""
    hand = state.hand
    if hand is None or hand.complete or hand.street is not Street.SHOWDOWN:
        return False
    shown = {seat for seat, _ in hand.shown}
    waiting = [s for s in hand.live if s not in shown and s not in hand.mucked]
    claimants = [s for s in hand.live if s not in hand.mucked]
    return not waiting or len(claimants) == 1


def replay_hand(hand: PhhHand) -> ReplayedHand:
    """Import and replay one hand; settle it by the cards when the file shows them.

    Raises:
        PhhError: the file cannot be read as events, or the rules refuse an action.
    """
    return replay_imported(translate(hand))


def replay_imported(
    imported: ImportedHand,
    events: Sequence[Event] | None = None,
    chairs: Sequence[int] | None = None,
    moved: Callable[[Event], Event] | None = None,
) -> ReplayedHand:
    """:func:`replay_hand` of a hand already translated to events (each applied once).

    ``events``: the hand's events in other chairs (one for each of the hand's, as
    :func:`settle` takes ``chairs`` and ``moved``), to replay instead.

    Raises:
        PhhError: the rules refuse an action, or the settlement.
    """
    hand = imported.hand
    history = History()
    starts: tuple[tuple[int, History], ...] = ()
    events = imported.events if events is None else tuple(events)
    for i, (event, line) in enumerate(zip(events, imported.lines, strict=True)):
        try:
            history = hist.apply(history, event)
        except RuleError as e:
            where = "the table set-up" if line is None else _where(hand, line)
            raise PhhError(f"{hand.source}: {where}: {e}") from None
        if type(event) is HandStarted:
            starts = ((i + 1, history),)
    history, settled = settle(history, imported, chairs, moved)
    return ReplayedHand(imported, (*events, *settled), history, starts)


def settle(
    history: History,
    imported: ImportedHand,
    chairs: Sequence[int] | None = None,
    moved: Callable[[Event], Event] | None = None,
) -> tuple[History, tuple[Event, ...]]:
    """The table after the file's settlement of a hand replayed up to its last action,
    and the settlement's events (none while the file leaves the hand open): the awards
    of each run settled by hand (R10.2), else the pots by the cards once every player
    still in has shown or mucked, else the pots as the finishing stacks say
    (:func:`settled_as_finished`). Each event is applied once, here.

    ``chairs[i]`` is the table's seat of the file's player ``i`` and ``moved`` takes an
    event of the file's seat numbers to the table's (both the file's own by default).

    Raises:
        PhhError: the rules refuse the settlement.
    """
    source = imported.source
    state = history.state
    if imported.run_awards is not None and _at_showdown(state):
        by_hand: Event = PotsAwarded(awards=imported.run_awards, by_cards=False)  # R10.2
        if moved is not None:
            by_hand = moved(by_hand)
        try:
            return hist.apply(history, by_hand), (by_hand,)
        except RuleError as e:
            raise PhhError(f"{source}: the awards of each run: {e}") from None
    if ready_to_settle(state):
        settled = decide(state, AwardByCards())  # one decision, applied once
        if not isinstance(settled, Decided):
            why = settled.reason if isinstance(settled, Refusal) else settled.question
            raise PhhError(f"{source}: settling the pots by the cards: {why}")
        return hist.record_all(history, settled.events, settled.steps), settled.events
    manual = settled_as_finished(state, imported, chairs)
    if manual is not None:
        event, after = manual
        return hist.record(history, event, after), (event,)
    return history, ()


def settled_as_finished(
    state: TableState, imported: ImportedHand, chairs: Sequence[int] | None = None
) -> tuple[PotsAwarded, TableState] | None:
    """The pots awarded as the file's ``finishing_stacks`` say, when the cards cannot.

    A hand settled by the dealer without the cards (chips-only boards, hands never
    entered) reaches its showdown with nothing to read; its finishing stacks still say
    who won what. Only then (a board card or a claimant's cards unknown for good) each
    pot goes, main pot first, to eligible players still owed chips, in the file's order
    of players; ``None`` when the stacks do not describe such a split (the hand then
    stays at its showdown). With the award, the table after it (applied once, here).
    ``chairs[i]`` is the table's seat of the file's player ``i`` (by default ``i``).
    """
    hand, scale = imported.hand, imported.scale
    current = state.hand
    if (
        current is None
        or current.complete
        or current.street is not Street.SHOWDOWN
        or hand.finishing_stacks is None
    ):
        return None
    chair = list(range(hand.player_count)) if chairs is None else list(chairs)
    player = {seat: i for i, seat in enumerate(chair)}  # the file's player at a seat
    shown = {seat for seat, _ in current.shown}
    unknown = [
        s
        for s in current.live
        if s not in current.mucked and s not in shown and imported.hole_cards[player[s]] is None
    ]
    if current.board_count <= len(current.board) and not unknown:
        return None  # the cards can settle it: the file just stops before they are shown
    try:
        finishing = [to_chips(x, scale) for x in hand.finishing_stacks]
    except PhhError:
        return None
    seats = [state.seats[chair[i]] for i in range(len(finishing))]
    owed = {chair[i]: finishing[i] - s.stack for i, s in enumerate(seats) if s is not None}
    awards: list[Award] = []
    for k, pot in enumerate(hand_pots(current)):
        left = pot.amount
        for seat in sorted(pot.eligible, key=player.__getitem__):
            take = min(left, max(owed.get(seat, 0), 0))
            if take:
                awards.append(Award(pot=k, seat=seat, amount=take))
                owed[seat] -= take
                left -= take
        if left:
            return None
    if any(owed.values()):
        return None
    event = PotsAwarded(awards=tuple(awards), by_cards=False)
    try:
        return event, apply(state, event)
    except (RuleError, ValueError):
        return None


def _where(hand: PhhHand, line: int) -> str:
    return f'action {line} "{hand.actions[line - 1]}"'


def collected_pots(hand: HandState) -> tuple[Pot, ...]:
    """Pots made of the chips collected from earlier rounds (bets in front excluded).

    Layered like pokerkit's pots: amounts from what each seat has in the pots,
    eligibility from every live seat whose chips (bets in front included) reach the
    layer; adjacent layers with the same claimants merge; dead money and antes join the
    main pot.
    """
    if hand.complete:
        return ()
    antes = [0] * len(hand.committed)
    if hand.ante_pots is not AntePots.TOTAL:
        for post in hand.posts:
            if post.kind is PostKind.ANTE:
                antes[post.seat] += post.amount
    # Antes go to the main pot first unless the file trims them with the bets
    # (``ante_trimming_status``), as pokerkit treats them.
    live_chips = [c - a for c, a in zip(hand.committed, antes, strict=True)]
    collected = [c - b for c, b in zip(live_chips, hand.bets, strict=True)]
    live = set(hand.live)
    pots: list[Pot] = []
    previous = 0
    for level in sorted({c for c in collected if c > 0}):
        amount = sum(min(c, level) - min(c, previous) for c in collected)
        eligible = tuple(s for s in sorted(live) if live_chips[s] >= level)
        while pots and pots[-1].eligible == eligible:
            amount += pots.pop().amount
        if amount:
            pots.append(Pot(amount, eligible))
        previous = level
    dead = sum(hand.dead) + sum(antes)
    if dead:
        if pots:
            pots[0] = Pot(pots[0].amount + dead, pots[0].eligible)
        else:
            pots.append(Pot(dead, tuple(sorted(live))))
    return tuple(pots)


def summary(replayed: ReplayedHand) -> dict[str, Any]:
    """The ``replay --json`` object of one hand (player indexes = file order)."""
    state, hand = replayed.state, replayed.hand
    n = replayed.imported.hand.player_count

    def num(chips: int) -> int | float:
        return json_number(replayed.amount(chips))

    stacks = [num(seat.stack if seat is not None else 0) for seat in state.seats[:n]]
    legal: dict[str, Any] | None = None
    dealing = replayed.imported.dealing
    la = None if dealing else legal_actions(state)
    if la is not None:
        wager = la.can_bet_or_raise
        legal = {
            "fold": la.can_call,
            "check": la.can_check,
            "call": num(la.call_amount),
            "min_raise_to": num(la.min_raise_to) if wager else None,
            "max_raise_to": num(la.max_raise_to) if wager else None,
        }
    return {
        "file": replayed.imported.hand.source,
        "variant": replayed.imported.hand.variant,
        "complete": hand.complete,
        "stacks": stacks,
        "finishing_stacks": stacks if hand.complete else None,
        "to_act": None if hand.complete or dealing else hand.to_act,
        "legal": legal,
        "pots": [
            {"amount": num(p.amount), "eligible": list(p.eligible)} for p in collected_pots(hand)
        ],
        "bets": [0 if hand.complete else num(b) for b in hand.bets[:n]],
        "board": [format_card(c) for c in hand.board],
    }
