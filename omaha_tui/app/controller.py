"""The one place where the dealer's requests become events (DESIGN.md, STYLE.md 4).

Every change follows the same three steps, in this order:

1. the engine command builds the event (its ``verify_*`` raises ``RuleError`` with the
   human message when the action is not allowed) and the reducer folds it into a new
   state, which validates it once more;
2. the event is appended to the journal, durably, before anything else happens;
3. only then does the new state become the current one (and reach the screen).

So a crash at any moment loses at most an action that was never shown, and a refused
action changes nothing. The controller knows nothing of Textual: it is driven by the
app and tested on its own (``tests/app/test_controller.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from pydantic import ValidationError

from omaha_tui.engine import commands
from omaha_tui.engine.betting import PotBreakdown, legal_actions, pot_limit_breakdown
from omaha_tui.engine.cards import CardError, format_card, parse_cards
from omaha_tui.engine.config import Stakes, TableConfig, binglao_variant
from omaha_tui.engine.events import (
    Award,
    BetPlaced,
    BoardDealt,
    BoardRecorded,
    ButtonDrawn,
    ButtonPlaced,
    Called,
    CameBack,
    Checked,
    ChipsCorrected,
    EarlyCardDealt,
    Event,
    Folded,
    HandMucked,
    HandStarted,
    HoleCardsShown,
    LevelChanged,
    Misdeal,
    PlayerLeft,
    PlayerRebought,
    PlayerSeated,
    PotsAwarded,
    RaisedTo,
    SatOut,
    SessionEnded,
    SessionStarted,
    Undo,
    WentAllIn,
)
from omaha_tui.engine.labels import player_name
from omaha_tui.engine.levels import BlindSchedule, level_change
from omaha_tui.engine.reducer import RuleError, apply
from omaha_tui.engine.state import BOARD_AFTER, NEXT_STREET, TableState
from omaha_tui.store.journal import JournalError

from .screens.showdown_view import ShowdownResult, showdown_events
from .view import chips


class EventSink(Protocol):
    """What the controller needs of the journal (``omaha_tui.store.journal.Journal``)."""

    def append_many(self, session_id: int, events: Iterable[Event]) -> int: ...

    def events(self, session_id: int) -> list[Event]: ...


@dataclass(frozen=True)
class Outcome:
    """The result of one request: what was recorded, or why nothing was.

    ``message`` is the status line: a description of what happened, or the engine's
    refusal (``refused`` True), never a traceback.
    """

    ok: bool
    message: str
    events: tuple[Event, ...] = ()

    @property
    def refused(self) -> bool:
        return not self.ok


@dataclass(frozen=True)
class Player:
    """A player to seat at the start: seat index, name and buy-in."""

    seat: int
    name: str
    stack: int


def opening_events(
    config: TableConfig,
    players: Sequence[Player],
    *,
    button: int | None = None,
    draw: dict[int, str] | None = None,
    title: str = "",
) -> tuple[Event, ...]:
    """The events that open a session: the rules, the players, and the button.

    The button is placed by hand (``button``), drawn (``draw``: seat -> card, R1.4)
    or, when neither is given, placed on the first seated player.
    """
    events: list[Event] = [SessionStarted(config=config, title=title or config.title)]
    events += [PlayerSeated(seat=p.seat, name=p.name, stack=p.stack) for p in players]
    if draw:
        events.append(ButtonDrawn(cards=draw))
    else:
        first = min(p.seat for p in players) if players else 0
        events.append(ButtonPlaced(seat=first if button is None else button))
    return tuple(events)


class Controller:
    """Turns requests into journal appends and a new :class:`TableState`.

    Args:
        journal: where events go (durably) before the state changes.
        session_id: the journal session this table writes.
        state: the table as replayed from that session.
        schedule: the blind levels (R2.7); None for a game without a clock.
        on_change: called with the new state after each successful append.
    """

    def __init__(
        self,
        journal: EventSink,
        session_id: int,
        state: TableState,
        *,
        schedule: BlindSchedule | None = None,
        on_change: Callable[[TableState], None] | None = None,
    ) -> None:
        self.journal = journal
        self.session_id = session_id
        self.state = state
        self.schedule = schedule
        self.on_change = on_change
        self.level_due = False

    # ------------------------------------------------------------------ the core

    def record(self, *events: Event) -> TableState:
        """Validate ``events`` by folding them, append them durably, then adopt the state.

        Raises:
            RuleError: an event is refused; nothing was appended.
        """
        new = self.state
        for event in events:
            new = apply(new, event)
        self.journal.append_many(self.session_id, events)  # durable before it is shown
        self.state = new
        if self.on_change is not None:
            self.on_change(new)
        return new

    def attempt(self, build: Callable[[TableState], Event | Sequence[Event]]) -> Outcome:
        """Build events from the current state and record them; refusals become messages."""
        before = self.state
        try:
            built = build(before)
            events = (built,) if not isinstance(built, Sequence) else tuple(built)
            self.record(*events)
        except ValidationError as e:  # an event field out of range (a name too long...)
            return Outcome(False, e.errors()[0]["msg"].removeprefix("Value error, "))
        except (RuleError, CardError) as e:
            return Outcome(False, str(e))
        except (JournalError, OSError) as e:
            # Nothing was adopted: the table stays as it was shown.
            return Outcome(False, f"not recorded, the journal could not be written: {e}")
        lines = [describe(before, e) for e in events]
        hand = self.state.hand
        awarded = any(isinstance(e, PotsAwarded) for e in events)
        if before.in_hand and hand is not None and hand.complete and not awarded:
            lines.append(_winnings(before, hand.awards))  # R4.2: won when all others folded
        return Outcome(True, "; ".join(line for line in lines if line), events)

    def events(self) -> list[Event]:
        """The session's log as recorded (undone events and ``Undo`` included)."""
        return self.journal.events(self.session_id)

    # ------------------------------------------------------------------ the hand

    def fold(self) -> Outcome:
        return self.attempt(commands.fold)

    def check_or_call(self) -> Outcome:
        return self.attempt(commands.check_or_call)

    def bet_or_raise(self, amount: int, confirm_all_in: bool = False) -> Outcome:
        """A bet or raise-to; an over-pot amount is cut and the excess returned (R4.6).

        ``confirm_all_in``: the dealer confirmed that more than the stack means all in
        (R4.10); otherwise such an amount is refused with the legal range.
        """
        return self.attempt(lambda s: commands.bet_or_raise(s, amount, confirm_all_in))

    def pot(self) -> tuple[Outcome, PotBreakdown | None]:
        """R4.6: "pot" is binding; returns the outcome and the breakdown it was based on."""
        breakdown = pot_limit_breakdown(self.state)
        return self.attempt(commands.pot), breakdown

    def all_in(self) -> Outcome:
        return self.attempt(commands.all_in)

    def deal_board(self, text: str) -> Outcome:
        """The next street's cards as typed; empty text records them as not tracked."""
        return self.attempt(
            lambda s: commands.deal_board(s, tuple(format_card(c) for c in parse_cards(text)))
        )

    def deal_early_card(self, text: str) -> Outcome:
        """R3.3 Courchevel: the first flop card face up before the pre-flop betting."""

        def build(state: TableState) -> Event:
            cards = parse_cards(text)
            return commands.deal_early_card(state, format_card(cards[0]) if cards else None)

        return self.attempt(build)

    def next_hand(self, die_roll: int | None = None) -> Outcome:
        """Start the next hand (R1.5 button, R2 blinds); a due blind level comes first (R2.7)."""

        def build(state: TableState) -> list[Event]:
            events: list[Event] = []
            due = self.level_due and self.schedule is not None
            if due and self.schedule and state.level < len(self.schedule.levels):
                change = level_change(self.schedule, state.level + 1)
                events.append(change)
                state = apply(state, change)
            events.append(commands.start_hand(state, die_roll=die_roll))
            return events

        outcome = self.attempt(build)
        if outcome.ok:
            self.level_due = False
        return outcome

    def undo(self) -> Outcome:
        """Retract the last effective event (repeatable; the journal stays append-only)."""
        return self.attempt(commands.undo)

    def misdeal(self, reason: str = "") -> Outcome:
        return self.attempt(lambda s: commands.misdeal(s, reason))

    def showdown(self, result: ShowdownResult) -> Outcome:
        """Record a showdown, all or nothing: a board typed there (``BoardRecorded``),
        shown and mucked hands, then the awards (by the cards unless named by hand)."""
        return self.attempt(lambda s: showdown_events(s, result))

    # ------------------------------------------------------------------ between hands

    def seat_player(self, seat: int, name: str, stack: int) -> Outcome:
        return self.attempt(lambda s: commands.seat_player(s, seat, name, stack))

    def player_leaves(self, seat: int) -> Outcome:
        return self.attempt(lambda s: commands.leave(s, seat))

    def rebuy(self, seat: int, amount: int) -> Outcome:
        """R4.11: a rebuy outside the buy-in range is recorded with a warning, never refused."""
        warning = commands.buy_in_warning(self.state, amount + _stack(self.state, seat))
        outcome = self.attempt(lambda s: commands.rebuy(s, seat, amount))
        if outcome.ok and warning:
            return Outcome(True, f"{outcome.message} ({warning})", outcome.events)
        return outcome

    def correct_chips(self, seat: int, delta: int, reason: str) -> Outcome:
        return self.attempt(lambda s: commands.correct_chips(s, seat, delta, reason))

    def sit_out(self, seat: int) -> Outcome:
        return self.attempt(lambda s: commands.sit_out(s, seat))

    def come_back(self, seat: int, post_now: bool = True) -> Outcome:
        return self.attempt(lambda s: commands.come_back(s, seat, post_now))

    def move_button(self, seat: int) -> Outcome:
        return self.attempt(lambda s: commands.place_button(s, seat))

    def end_session(self) -> Outcome:
        """The game is over: everyone cashes out (the journal marks the session finished)."""
        return self.attempt(commands.end_session)

    def change_level(self, level: int, stakes: Stakes) -> Outcome:
        return self.attempt(lambda s: commands.change_level(s, level, stakes))


def _stack(state: TableState, seat: int) -> int:
    s = state.seat(seat)
    return s.stack if s is not None else 0


def _winnings(state: TableState, awards: Sequence[Award]) -> str:
    won: dict[int, int] = {}
    for a in awards:
        won[a.seat] = won.get(a.seat, 0) + a.amount
    return "; ".join(f"{_name(state, s)} wins {chips(n)}" for s, n in won.items())


def _board_need(state: TableState) -> int:
    hand = state.hand
    if hand is None or hand.street not in NEXT_STREET:
        return 0
    return BOARD_AFTER[NEXT_STREET[hand.street]] - hand.board_count


def _name(state: TableState, seat: int) -> str:
    return player_name(state, seat)


def describe(before: TableState, event: Event) -> str:
    """One line for the status bar (and speech) saying what ``event`` did.

    Empty for events whose news is carried by the next one (a shown hand: the award).
    """
    match event:
        case Folded(seat=seat):
            return f"{_name(before, seat)} folds"
        case Checked(seat=seat):
            return f"{_name(before, seat)} checks"
        case Called(seat=seat):
            la = legal_actions(before)
            amount = f" {chips(la.call_amount)}" if la is not None else ""
            return f"{_name(before, seat)} calls{amount}"
        case BetPlaced(seat=seat, amount=amount, excess_returned=excess):
            back = f" (excess returned {chips(excess)})" if excess else ""
            return f"{_name(before, seat)} bets {chips(amount)}{back}"
        case RaisedTo(seat=seat, to=to, excess_returned=excess):
            back = f" (excess returned {chips(excess)})" if excess else ""
            return f"{_name(before, seat)} raises to {chips(to)}{back}"
        case WentAllIn(seat=seat):
            la = legal_actions(before)
            amount = f" for {chips(la.all_in_to)}" if la is not None else ""
            return f"{_name(before, seat)} is all in{amount}"
        case EarlyCardDealt(card=card):
            return f"Early flop card: {card or 'not tracked'}"
        case BoardDealt(cards=cards, count=count):
            if cards:
                return f"Board: {' '.join(cards)}"
            n = count or _board_need(before)
            return f"Board: {n} card{'s' * (n != 1)} dealt (not tracked)"
        case BoardRecorded(cards=cards):
            return f"Board entered: {' '.join(cards)}"
        case HandStarted(button=button, die_roll=roll):
            number = before.hands_played + 1
            game = f" (die {roll}: {binglao_variant(roll).name})" if roll else ""
            return f"Hand #{number}{game}: button {_name(before, button)}, blinds posted"
        case LevelChanged(level=level, stakes=stakes):
            return f"Level {level}: blinds {chips(stakes.small_blind)}/{chips(stakes.big_blind)}"
        case PotsAwarded(awards=awards):
            return _winnings(before, awards)
        case Undo():
            return "Undone"
        case ButtonPlaced(seat=seat):
            return f"Button on {_name(before, seat)}"
        case PlayerRebought(seat=seat, amount=amount):
            return f"{_name(before, seat)} rebuys {chips(amount)}"
        case PlayerSeated(name=name, stack=stack):
            return f"{name} sits down with {chips(stack)}"
        case PlayerLeft(seat=seat):
            return f"{_name(before, seat)} leaves"
        case SatOut(seat=seat):
            return f"{_name(before, seat)} sits out"
        case CameBack(seat=seat):
            return f"{_name(before, seat)} is back"
        case ChipsCorrected(seat=seat, delta=delta):
            return f"{_name(before, seat)}: stack corrected by {delta:+,}"
        case HoleCardsShown():
            return ""  # the showdown screen shows the cards; the awards say who won
        case HandMucked(seat=seat):
            return f"{_name(before, seat)} mucks"
        case SessionEnded():
            return "Session ended: everyone cashes out; the ledger has the settle-up"
        case Misdeal():
            return "Misdeal: the hand restarts, no chips move"
    return event.type.replace("_", " ")
