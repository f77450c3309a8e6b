"""A hand on its way to PHH: set up at its start, each event turned into the action
lines the format writes (``p1 f``, ``p2 cbr {30}``, ``d db AhKd7c``), with the cards
shown, the run-outs and what the hand's end left in each stack. Amounts stay in chips
(in braces) until the file's unit is applied (:func:`scaled`). Used by
:mod:`.phh_export`, which replays the session and writes each finished draft.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from omaha_tui.engine.config import Stakes, TableConfig
from omaha_tui.engine.events import (
    BetPlaced,
    BoardDealt,
    BoardRecorded,
    Called,
    Checked,
    EarlyCardDealt,
    Event,
    Folded,
    HandMucked,
    HandStarted,
    HoleCardsShown,
    PotsAwarded,
    RaisedTo,
    RunBoardDealt,
    RunsAgreed,
    WentAllIn,
)
from omaha_tui.engine.state import BOARD_AFTER, NEXT_STREET, TableState

from .phh_boards import DoubleBoardOut, recorded
from .phh_chips import from_chips
from .phh_runs import RunOut


@dataclass
class HandDraft:
    """A hand being written: set up at ``HandStarted``, filled action by action."""

    number: int
    config: TableConfig
    stakes: Stakes
    started: HandStarted
    order: tuple[int, ...]
    names: tuple[str, ...]
    stacks: tuple[int, ...]
    actions: list[str] = field(default_factory=list)
    shown: dict[int, tuple[str, ...]] = field(default_factory=dict)
    finishing: tuple[int, ...] | None = None
    run: RunOut | None = None
    double: DoubleBoardOut | None = None
    """Board 2 of a double board (R13.2), written in user fields (:mod:`.phh_boards`)."""
    before: TableState | None = None
    events: list[Event] = field(default_factory=list)
    time: str | None = None
    level: int | None = None
    by_hand: bool | None = None
    """Whether the first pots awarded without the cards went to a showdown (``None``:
    no pot was)."""

    def label(self, seat: int) -> str:
        return f"p{self.order.index(seat) + 1}"


def start_draft(state: TableState, event: HandStarted, after: TableState) -> HandDraft:
    """The hand that ``event`` starts, from the table before it (``state``) and after."""
    assert after.hand is not None and state.config is not None
    order = after.hand.seats
    names = tuple(state.seats[s].name for s in order)  # type: ignore[union-attr]
    stacks = tuple(state.seats[s].stack for s in order)  # type: ignore[union-attr]
    # The hand's own game, structure and stakes (dealer's choice; levels take effect
    # at a hand start, R2.7).
    config = state.config.model_copy(update={"structure": after.hand.structure})
    stakes = after.hand.stakes
    draft = HandDraft(
        after.hands_played + 1, config, stakes, event, order, names, stacks, before=state
    )
    if event.bomb:  # R13.1: the standard's reader has a pre-flop round: everyone checks it
        able = [f"p{i + 1} cc" for i, s in enumerate(order) if s not in after.hand.all_in]
        draft.actions += able if len(able) > 1 else []
    if after.hand.boards > 1:  # R13.2
        draft.double = DoubleBoardOut()
    return draft


def add_event(hand: HandDraft, before: TableState, event: Event) -> None:
    """Turn one event of the hand into its PHH action line (``p2 cbr {30}``: chips, in
    braces, until the file's unit is known), given the table before it."""
    if isinstance(event, Folded):
        hand.actions.append(f"{hand.label(event.seat)} f")
    elif isinstance(event, Checked | Called):
        hand.actions.append(f"{hand.label(event.seat)} cc")
    elif isinstance(event, BetPlaced):
        hand.actions.append(f"{hand.label(event.seat)} cbr {{{event.amount}}}")
    elif isinstance(event, RaisedTo):
        hand.actions.append(f"{hand.label(event.seat)} cbr {{{event.to}}}")
    elif isinstance(event, WentAllIn):
        h = before.hand
        seat = before.seats[event.seat]
        assert h is not None and seat is not None
        to = h.bets[event.seat] + seat.stack
        label = hand.label(event.seat)
        hand.actions.append(f"{label} cc" if to <= h.current_bet else f"{label} cbr {{{to}}}")
    elif isinstance(event, EarlyCardDealt):  # R3.3 Courchevel: one flop card before betting
        hand.actions.append(f"d db {event.card or '??'}")
    elif isinstance(event, BoardDealt) and event.board == 2 and hand.double is not None:
        h = before.hand  # R13.2: board 2's street, in the user field
        assert h is not None
        count = event.count or h.board_count - h.board2_count
        street = event.cards or ("??",) * count
        hand.double = replace(hand.double, streets=(*hand.double.streets, street))
    elif isinstance(event, BoardRecorded) and event.board == 2 and hand.double is not None:
        hand.double = recorded(hand.double, event.cards)
    elif isinstance(event, BoardDealt):
        h = before.hand
        assert h is not None
        count = event.count or BOARD_AFTER[NEXT_STREET[h.street]] - h.board_count
        cards = "".join(event.cards) or "??" * count
        hand.actions.append(f"d db {cards}")
    elif isinstance(event, BoardRecorded):
        # Cards dealt as a count only are filled into their `d db ??` lines, in order.
        known = iter(event.cards[len(before.hand.board) :] if before.hand else ())
        for i, line in enumerate(hand.actions):
            if line.startswith("d db ") and "??" in line:
                hand.actions[i] = "d db " + "".join(
                    next(known) if line[5 + k : 7 + k] == "??" else line[5 + k : 7 + k]
                    for k in range(0, len(line) - 5, 2)
                )
    elif isinstance(event, HoleCardsShown):
        hand.shown[event.seat] = event.cards
        hand.actions.append(f"{hand.label(event.seat)} sm {''.join(event.cards)}")
    elif isinstance(event, HandMucked):
        hand.actions.append(f"{hand.label(event.seat)} sm")
    elif isinstance(event, RunsAgreed) and before.hand is not None:  # R10.2
        hand.run = RunOut(event.runs, before.hand.board_count)
    elif isinstance(event, RunBoardDealt) and hand.run is not None:
        hand.run = replace(hand.run, boards=(*hand.run.boards, event.cards))
    elif isinstance(event, PotsAwarded) and hand.run is not None and not event.by_cards:
        hand.run = replace(hand.run, awards=event.awards)
    elif isinstance(event, PotsAwarded) and hand.double is not None and not event.by_cards:
        hand.double = replace(hand.double, awards=event.awards)  # R13.2: by board


def scaled(action: str, scale: int) -> str:
    """Replace the ``{chips}`` placeholder of a ``cbr`` line by the amount in file units."""
    if "{" not in action:
        return action
    head, _, rest = action.partition("{")
    return head + str(from_chips(int(rest.rstrip("}")), scale))
