"""``decide(state, request)``: the one place a dealer's request becomes events.

The application *decides* (STYLE.md, eventsourcing's functional aggregate): one small
function per request type, found in :data:`DECIDERS`, returns the events the rules
call for. :func:`decide` folds them into the state exactly once and hands back both
(:class:`Decided`), so nobody re-applies an event to check it. A request the rules
refuse comes back as a :class:`Refusal` with the rule's message (never an exception),
and one the dealer must answer first (all in for more than the stack? post now or
wait?) as an :class:`Ask` whose choices are ready-made requests.

To add a request: define its record in :mod:`.requests` and register one function
here (or in another module) with ``@decides(MyRequest)``. Table and seat requests
live in :mod:`.table`, the cards and the showdown in :mod:`.cards`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from pydantic import ValidationError

from omaha_tui.engine import events as ev
from omaha_tui.engine.config import STRUCTURE_NAMES, Structure
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.errors import RuleError, validation_message
from omaha_tui.engine.hands.cards import CardError, format_card, parse_cards
from omaha_tui.engine.labels import player_name
from omaha_tui.engine.reducer.replay import apply
from omaha_tui.engine.rules.betting import legal_actions, pot_limit_breakdown
from omaha_tui.engine.rules.blinds import propose_deal
from omaha_tui.engine.rules.bombs import next_bomb, propose_bomb
from omaha_tui.engine.rules.clock.due import clock_starts, next_hand_clock
from omaha_tui.engine.state import TableState


@dataclass(frozen=True, slots=True)
class Decided:
    """The events a request became and the state after them (each applied once).

    ``note``: a warning the dealer should see though nothing was refused (R4.11);
    ``steps``: the state after each event (the last is ``state``), for the narrator.
    """

    events: tuple[ev.Event, ...]
    state: TableState
    note: str = ""
    steps: tuple[TableState, ...] = ()


@dataclass(frozen=True, slots=True)
class Choice:
    """One answer to an :class:`Ask`: its words and the request it stands for."""

    label: str
    request: rq.Request


@dataclass(frozen=True, slots=True)
class Ask:
    """A question the front end must put to the dealer before anything is recorded."""

    question: str
    choices: tuple[Choice, ...]


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why the rules refuse the request (what is wrong and what is allowed)."""

    reason: str


Decision = Decided | Ask | Refusal
Built = Decision | Sequence[ev.Event]
_F = TypeVar("_F", bound=Callable[..., Built])

DECIDERS: dict[type, Callable[[TableState, Any], Built]] = {}


def decides(kind: type) -> Callable[[_F], _F]:
    """Register the function that decides requests of type ``kind``."""

    def register(func: _F) -> _F:
        DECIDERS[kind] = func
        return func

    return register


def decide(state: TableState, request: rq.Request) -> Decision:
    """The events ``request`` becomes, an :class:`Ask`, or a :class:`Refusal`.

    >>> from tests.tables import quick_table
    >>> s = quick_table()
    >>> d = decide(s, rq.NextHand())
    >>> [e.type for e in d.events], d.state.hand.to_act
    (['hand_started'], 2)
    >>> decide(d.state, rq.Bet(3))
    Refusal(reason='P2 (seat 3): raise to 3 is below the minimum: raise to 4 to 7')
    >>> decide(d.state, rq.Bet(50)).events  # R4.6: cut to the pot, the rest goes back
    (RaisedTo(v=1, type='raised_to', seat=2, to=7, excess_returned=43),)
    >>> from omaha_tui.engine.config import STRUCTURE_NAMES, Structure
    >>> nl = decide(quick_table(structure=Structure.NO_LIMIT), rq.NextHand()).state
    >>> decide(nl, rq.Bet(500)).question  # R4.10: more than the stack is asked first
    'P2 has 100: all in for 100?'
    """
    if state.tournament is not None or type(request) not in DECIDERS:
        _join_tournament()
    func = DECIDERS.get(type(request))
    if func is None:
        return Refusal(f"{type(request).__name__} is not a request this table knows")
    try:
        built = func(state, request)
        if not isinstance(built, Decided | Ask | Refusal):
            built = fold(state, built)
        if isinstance(built, Decided) and built.state.tournament is not None:
            from omaha_tui.engine.decisions.tournament import follow_up

            built = follow_up(built, request)  # R11.3, R11.6
        return built
    except ValidationError as e:
        return Refusal(validation_message(e))
    except (RuleError, CardError) as e:
        return Refusal(str(e))


def fold(state: TableState, events: Sequence[ev.Event], note: str = "") -> Decided:
    """Apply ``events`` once each, in order (raises :class:`RuleError` on the first refused)."""
    steps = []
    for event in events:
        state = apply(state, event)
        steps.append(state)
    return Decided(tuple(events), state, note, tuple(steps))


def to_act(state: TableState) -> int:
    """The seat to act, or :class:`RuleError` saying why nobody is."""
    hand = state.hand
    if hand is None or hand.complete:
        raise RuleError("no hand is running: start the next hand")
    if hand.early_card_pending:
        raise RuleError("deal Courchevel's early flop card before the pre-flop betting (R3.3)")
    if hand.to_act is None:
        raise RuleError("nobody is to act: deal the next street or settle the pots")
    return hand.to_act


def card_texts(text: str | None) -> tuple[str, ...]:
    """Cards as typed (``"ah kd 7c"``, ``"10d"``, suit symbols) -> canonical texts (R1.1)."""
    return tuple(format_card(c) for c in parse_cards(text or ""))


# ------------------------------------------------------------------ betting


@decides(rq.Fold)
def _fold(state: TableState, _: rq.Fold) -> Built:
    return (ev.Folded(seat=to_act(state)),)


@decides(rq.Check)
def _check(state: TableState, _: rq.Check) -> Built:
    return (ev.Checked(seat=to_act(state)),)


@decides(rq.Call)
def _call(state: TableState, _: rq.Call) -> Built:
    return (ev.Called(seat=to_act(state)),)


@decides(rq.CheckOrCall)
def _check_or_call(state: TableState, _: rq.CheckOrCall) -> Built:
    seat = to_act(state)
    la = legal_actions(state)
    assert la is not None
    return (ev.Checked(seat=seat) if la.can_check else ev.Called(seat=seat),)


@decides(rq.AllIn)
def _all_in(state: TableState, _: rq.AllIn) -> Built:
    return (ev.WentAllIn(seat=to_act(state)),)


@decides(rq.Bet)
@decides(rq.RaiseTo)
def _wager(state: TableState, req: rq.Bet | rq.RaiseTo) -> Built:
    """A bet or raise *to* ``req.amount``: R4.6 cuts an over-pot wager, R4.10 asks first
    before turning more than the stack into all in."""
    seat = to_act(state)
    hand, config = state.hand, state.config
    assert hand is not None and config is not None
    to, chip = req.amount, hand.stakes.chip
    if to <= 0:  # R4.10
        raise RuleError(f"a bet must be a positive amount, not {to}")
    if to % chip:
        raise RuleError(f"{to} is not a multiple of the smallest chip {chip}")
    la = legal_actions(state)
    assert la is not None
    pot_cut = (
        config.structure is Structure.POT_LIMIT
        and la.can_bet_or_raise
        and la.max_raise_to < la.all_in_to
    )
    if to > la.all_in_to and not pot_cut:  # R4.10: all in only when the dealer confirms
        if not req.confirm_all_in:
            name = player_name(state, seat)
            return Ask(
                f"{name} has {la.all_in_to}: all in for {la.all_in_to}?",
                (
                    Choice(f"all in for {la.all_in_to}", type(req)(to, confirm_all_in=True)),
                    Choice(f"cancel ({la.describe_range()})", rq.Check()),
                ),
            )
        to = la.all_in_to
    excess = 0  # R4.6 below: above the pot is cut to the pot, stack or not
    if config.structure is Structure.POT_LIMIT and la.can_bet_or_raise and to > la.max_raise_to:
        # R4.6: cut, the rest goes back (never more than the player put forward)
        excess, to = min(to, la.all_in_to) - la.max_raise_to, la.max_raise_to
    if to == la.all_in_to and excess == 0:
        return (ev.WentAllIn(seat=seat),)
    if hand.current_bet == 0:
        return (ev.BetPlaced(seat=seat, amount=to, excess_returned=excess),)
    return (ev.RaisedTo(seat=seat, to=to, excess_returned=excess),)


@decides(rq.RaisePot)
def _pot(state: TableState, _: rq.RaisePot) -> Built:
    """R4.4/R4.6: exactly the pot-limit maximum (all in if the stack is smaller)."""
    to_act(state)
    la = legal_actions(state)
    assert la is not None and state.config is not None
    structure = state.config.structure
    if structure is not Structure.POT_LIMIT:
        raise RuleError(
            f"'pot' is the pot-limit maximum, and this table is {STRUCTURE_NAMES[structure]}: "
            f"{la.describe_range()}"
        )
    if not la.can_bet_or_raise:
        raise RuleError(la.describe_range())
    built = _wager(state, rq.Bet(la.max_raise_to))
    breakdown = pot_limit_breakdown(state)
    if isinstance(built, Decided | Ask | Refusal) or breakdown is None:
        return built
    return fold(state, built, note=f"R4.4: {breakdown.sentence}")  # R4.6: state how


def chain(state: TableState, steps: Sequence[rq.Request]) -> Decision:
    """Decide several requests in a row, each on the state the last one left."""
    events: list[ev.Event] = []
    states: list[TableState] = []
    notes: list[str] = []
    for step in steps:
        out = decide(state, step)
        if not isinstance(out, Decided):
            return out
        events += out.events
        states += out.steps
        state = out.state
        if out.note:
            notes.append(out.note)
    return Decided(tuple(events), state, "; ".join(notes), tuple(states))


# ------------------------------------------------------------------ the next hand


@decides(rq.NextHand)
def _next_hand(state: TableState, req: rq.NextHand) -> Built:
    """R1.5 button, R2 posts; a due level (R2.7) is recorded first so it applies now."""
    if state.in_hand:
        raise RuleError("the hand is still running: settle the pots before the next hand")
    config = state.config
    if config is not None and config.variant.binglao and req.die_roll is None:  # R3.4
        return Ask(
            "Binglao needs the die roll for this hand: what did the button roll (R3.4)?",
            tuple(Choice(str(n), replace(req, die_roll=n)) for n in range(1, 7)),
        )
    first: Decided | None = None
    before: list[ev.Event] = []
    if req.level is not None and req.level.level != state.level:
        before.append(ev.LevelChanged(level=req.level.level, stakes=req.level.stakes))
    elif req.at is not None:
        before += next_hand_clock(state, req.at)  # R2.7: the level due
    if before:
        first = fold(state, tuple(before))
        state = first.state
    bomb = next_bomb(state)  # R13.1: a bomb pot called or due
    if bomb is not None:
        if req.straddle:
            raise RuleError("the next hand is a bomb pot: nobody straddles in it (R13.1)")
        deal = propose_bomb(state, bomb)
    else:
        deal = propose_deal(
            state,
            straddle=req.straddle,
            straddle_button=req.straddle_button,
            straddle_seat=req.straddle_seat,
        )
    starts = req.at if req.at is not None and clock_starts(state) else None  # R2.7a
    start = ev.HandStarted(
        button=deal.button,
        seats=deal.seats,
        posts=deal.posts,
        die_roll=req.die_roll,
        bomb=bomb.amount if bomb is not None else 0,
        boards=_boards(state, bomb),  # R13.2(a)
        clock_from=starts,
    )
    done = fold(state, (start,))
    if first is None:
        return done
    return Decided((*first.events, start), done.state, "", (*first.steps, done.state))


def _boards(state: TableState, bomb: ev.BombCall | None) -> int:
    """R13.2(a): the next hand's boards: two for a bomb pot called double (R13.1), else
    as the table's double-board setting says for a bomb pot or another hand."""
    if bomb is not None and bomb.double:
        return 2
    return state.config.boards(bomb=bomb is not None) if state.config is not None else 1


from omaha_tui.engine.decisions import cards as _decide_cards  # noqa: E402  (cards, showdown)
from omaha_tui.engine.decisions import clock as _decide_clock  # noqa: E402  (registers clock requests)
from omaha_tui.engine.decisions import table as _decide_table  # noqa: E402  (registers table requests)


def _join_tournament() -> None:
    """Register the tournament's deciders (R11) the first time a table is a tournament or
    is asked a request only a tournament knows: a cash table never loads them. Its
    wrappers of ``NextHand`` and ``Rebuy`` hand a cash table to the plain deciders."""
    from omaha_tui.engine.decisions import tournament  # noqa: F401  (registers itself)


__all__ = [
    "DECIDERS",
    "Ask",
    "Choice",
    "Decided",
    "Decision",
    "Refusal",
    "chain",
    "decide",
    "decides",
    "fold",
]
del _decide_cards, _decide_table, _decide_clock
