"""Deciders for a tournament table (R11), and what the rules add after a request.

Registered into :data:`~omaha_tui.engine.decisions.registry.DECIDERS` the first time
``decide`` meets a tournament table or a tournament's request (a cash table never loads
this module). :func:`follow_up` is what a tournament adds to whatever was decided: an away
player's hand is folded when the action reaches them (R11.6); a player who lost their
last chip is out in their place when the hand is awarded, unless they may rebuy, in
which case they are out when the next hand starts without a rebuy (R11.3); and the
prizes are paid once there is a winner or a deal shares everything (R11.2, R11.5).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from omaha_tui.engine import events as ev
from omaha_tui.engine.clock_events import at_ms
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.next_hand import next_hand as _plain_next_hand
from omaha_tui.engine.decisions.outcomes import Built, Decided
from omaha_tui.engine.decisions.registry import decides, fold, follows_up
from omaha_tui.engine.decisions.table import rebuy as _plain_rebuy
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.hands.cards import format_card, parse_cards
from omaha_tui.engine.labels import player_name
from omaha_tui.engine.reducer.tournament import bust_order, may_rebuy
from omaha_tui.engine.rules.clock.running import position
from omaha_tui.engine.rules.clock.schedule import Break, Level
from omaha_tui.engine.rules.tournament.chip import DECK_SIZE, deck_refusal, levels_refusal
from omaha_tui.engine.rules.tournament.chip_race import RaceError, cards_needed, chip_race
from omaha_tui.engine.rules.tournament.places import Out, places
from omaha_tui.engine.state import TableState
from omaha_tui.engine.tournament_state import TournamentState


def _t(state: TableState) -> TournamentState:
    if state.tournament is None:
        raise RuleError("this table is not a tournament")
    return state.tournament


def _busts(state: TableState, pending_too: bool) -> list[ev.Event]:
    """The busts to record now: every seat of the last hand left with no chips, except
    those who may still rebuy unless ``pending_too`` (R11.3)."""
    t = _t(state)
    hand = state.hand
    if hand is None or not hand.complete or t.finished:
        return []
    before = hand.start_seats  # R11.3: each bust is placed by the stack it started with
    out: list[tuple[int, int]] = []
    for seat in hand.seats:
        player = state.seat(seat)
        if player is None or player.stack > 0 or t.entry_of(seat) is None:
            continue
        if not pending_too and not may_rebuy(state, seat):
            continue
        start = before[seat] if seat < len(before) else None
        out.append((seat, start.stack if start is not None else 0))
    if not out:
        return []
    group = [Out(t.entry_of(s) or 0, stack, hand.number, bust_order(state, s)) for s, stack in out]
    placed = {p.entry: p for p in places((*t.outs, *group), len(t.entries))}
    out.sort(key=lambda x: x[1])  # smallest first: each event keeps the others seated
    return [
        ev.PlayerBusted(
            seat=s,
            hand=hand.number,
            start_stack=stack,
            place=placed[t.entry_of(s) or 0].place,
            tied=placed[t.entry_of(s) or 0].tied,
        )
        for s, stack in out
    ]


def _prizes(state: TableState, closing: bool = False) -> list[ev.Event]:
    """The prizes, once there is a winner or a deal shares everything (R11.2, R11.5);
    one player left while entries (late ones or re-entries) are still open is not yet a
    winner (R11.1) unless ``closing``: the next hand was asked for and nobody entered."""
    t = _t(state)
    if t.finished:
        return []
    if len(t.seated) == 1 and t.deal is None and not closing and t.places_open(state.level):
        return []
    if len(t.seated) == 1 or (t.deal is not None and t.kept == 0):
        return [ev.PrizesPaid(prizes={k: v for k, v in t.prizes_won().items() if v})]
    return []


@follows_up
def follow_up(decided: Decided, request: Any) -> Decided:
    """What the tournament adds after ``request`` was decided (see the module)."""
    state = decided.state
    events = list(decided.events)
    steps = list(decided.steps)
    for _ in range(40):
        t = state.tournament
        if t is None:
            break
        hand = state.hand
        more: list[ev.Event] = []
        if (
            hand is not None
            and not hand.complete
            and hand.to_act in t.away
            and not hand.early_card_pending
        ):
            more = [ev.Folded(seat=hand.to_act)]  # R11.6: an away player's hand is folded
        elif hand is not None and hand.complete and isinstance(events[-1], ev.PotsAwarded):
            more = _busts(state, pending_too=False)
            if not more:
                more = _prizes(state)
        elif isinstance(events[-1], ev.PlayerBusted | ev.DealAgreed):
            more = _prizes(state)
        if not more:
            break
        done = fold(state, more)
        events += done.events
        steps += done.steps
        state = done.state
    if len(events) == len(decided.events):
        return decided
    return Decided(tuple(events), state, decided.note, tuple(steps))


@decides(rq.NextHand)
def _next_hand(state: TableState, req: rq.NextHand) -> Built:
    """R11.3: whoever lost their last chip and did not rebuy is out before the next hand."""
    if state.tournament is None:
        return _plain_next_hand(state, req)
    if state.tournament.finished:
        raise RuleError("the tournament is over: the prizes are paid")
    busts = _busts(state, pending_too=True)
    if not busts:
        paid = _prizes(state, closing=True) if len(state.tournament.seated) == 1 else []
        if paid:  # R11.1: one player left and nobody re-entered: the winner
            return fold(state, paid)
        return _plain_next_hand(state, req)
    done = fold(state, busts)
    left = done.state.tournament.seated if done.state.tournament is not None else ()
    if len(left) == 1:
        why = _t(done.state).places_open(done.state.level)
        if why:  # R11.1: others may still enter (again)
            name = player_name(done.state, left[0][0])
            enter = "re-enter a player" if _t(done.state).config.re_entry else "seat a new player"
            note = (
                f"{name} is the only player left, and {why}: {enter}, "
                "or `next` again ends the tournament (R11.1)"
            )
            return Decided(done.events, done.state, note, done.steps)
        return done
    start = _plain_next_hand(done.state, req)
    if not isinstance(start, Decided):
        return start
    return Decided(
        (*done.events, *start.events), start.state, start.note, (*done.steps, *start.steps)
    )


@decides(rq.Rebuy)
def _rebuy(state: TableState, req: rq.Rebuy) -> Built:
    """A tournament's rebuy is its rebuy stack for its money (R11.1); 0 chips asks for it."""
    if state.tournament is None:
        return _plain_rebuy(state, req)
    amount = req.amount or state.tournament.config.rebuy_stack
    return (ev.PlayerRebought(seat=req.seat, amount=amount),)


@decides(rq.Reenter)
def _reenter(state: TableState, req: rq.Reenter) -> Built:
    """R11.1: a re-entry sits where the player went out if that seat is free."""
    t = _t(state)
    seat = req.seat
    if seat is None:
        free = [i for i, s in enumerate(state.seats) if s is None]
        if not free:
            raise RuleError("every seat is taken: there is no seat for a re-entry")
        last = dict(t.left_seats).get(req.name.strip())
        seat = last if last in free else free[0]
    return (ev.PlayerReentered(seat=seat, name=req.name.strip()),)


@decides(rq.TakeAddOn)
def _add_on(state: TableState, req: rq.TakeAddOn) -> Built:
    """R11.1: the add-on is taken at its break (the first, or the one named); at a table
    without a blind clock the host calls the break, so it is taken between hands."""
    add_on = _t(state).config.add_on
    if add_on is not None:
        _at_break(state, add_on.at_break, req.at)
    return (ev.AddOnTaken(seat=req.seat),)


def _colour_up_break(state: TableState, at: datetime | None) -> None:
    """R11.4: at a table whose blind clock has breaks, a colour-up is done during one
    (without breaks in the schedule, or without a clock, the host calls it)."""
    schedule = state.clock.schedule
    if schedule is None or not any(isinstance(i, Break) for i in schedule.items):
        return
    if at is None:
        raise RuleError("a colour-up at a table with a blind clock needs the time it is done")
    p = position(state.clock, at_ms(at))
    if not isinstance(schedule.items[p.item], Break):
        level = schedule.level_number(p.item)
        raise RuleError(f"colour up at a break: the clock is at level {level} (R11.4)")


def levels_ahead(state: TableState, at: datetime | None = None) -> list[tuple[int, Level]]:
    """R11.7: the levels still to be played (number, level): from the one the clock is
    at (in a break, the one after it) to the last; without a schedule, the table's own."""
    schedule = state.clock.schedule
    stakes = state.stakes
    if schedule is None:
        if stakes is None:
            return []
        own = Level(
            small_blind=stakes.small_blind,
            big_blind=stakes.big_blind,
            ante=stakes.ante,
            big_blind_ante=stakes.big_blind_ante,
        )
        return [(state.level, own)]
    first = state.level
    if at is not None:
        first = schedule.level_number(position(state.clock, at_ms(at)).item)
    return [(n, lv) for n, lv in enumerate(schedule.levels, start=1) if n >= first]


def _at_break(state: TableState, number: int, at: datetime | None) -> None:
    """Refuse unless the clock is in break ``number`` at ``at`` (R11.1, R2.7)."""
    schedule = state.clock.schedule
    if schedule is None:
        return
    which = "the first break" if number == 1 else f"break {number}"
    breaks = sum(1 for item in schedule.items if isinstance(item, Break))
    if breaks < number:
        raise RuleError(
            f"the add-on is taken at {which}, and the blind schedule has "
            f"{breaks or 'no'} break{'s' if breaks != 1 else ''} (R11.1)"
        )
    if at is None:
        raise RuleError("an add-on at a table with a blind clock needs the time it is taken")
    p = position(state.clock, at_ms(at))
    if not isinstance(schedule.items[p.item], Break):
        level = schedule.level_number(p.item)
        raise RuleError(f"the add-on is taken at {which}: the clock is at level {level} (R11.1)")
    now = schedule.break_number(p.item)
    if now != number:
        raise RuleError(f"the add-on is taken at {which}, not at break {now} (R11.1)")


@decides(rq.ColourUp)
def _colour_up(state: TableState, req: rq.ColourUp) -> Built:
    """R11.4: the race by its cards or by the winners the dealer names, between hands."""
    if _t(state).finished:
        raise RuleError("the tournament is over: the prizes are paid")
    if state.in_hand:
        raise RuleError("a hand is running: colour up between hands, at a break (R11.4)")
    _colour_up_break(state, req.at)
    if state.stakes is None:
        raise RuleError("no session: start a session first")
    if req.new_chip > state.stakes.chip:  # R11.7: every level still to come fits the chip
        why = levels_refusal(levels_ahead(state, req.at), req.new_chip)
        if why:
            raise RuleError(f"colour up to {req.new_chip:,} refused: {why} (R11.7)")
    names = {i: s.name for i, s in enumerate(state.seats) if s is not None}
    if req.winners is None:  # R11.4: more race cards than a deck holds are dealt at the table
        try:
            stacks = {i: s.stack for i, s in enumerate(state.seats) if s is not None}
            needed = sum(cards_needed(stacks, state.stakes.chip, req.new_chip).values())
        except RaceError:
            needed = 0  # a chip that cannot be raced: chip_race says why below
        if needed > DECK_SIZE:
            raise RuleError(deck_refusal(needed))
    cards: dict[int, tuple[str, ...]] = {}
    if req.winners is None:
        for seat, text in req.cards or ():
            cards[seat] = tuple(format_card(c) for c in parse_cards(text))
    try:  # by name, so that what is wrong names the player
        race = chip_race(
            {names[i]: s.stack for i, s in enumerate(state.seats) if s is not None},
            state.stakes.chip,
            req.new_chip,
            cards={names[k]: tuple(parse_cards(" ".join(v))) for k, v in cards.items()},
            winners=None if req.winners is None else [names.get(w, str(w)) for w in req.winners],
        )
    except RaceError as e:
        raise RuleError(f"{e} (R11.4)") from None
    return (
        ev.ColouredUp(
            old_chip=state.stakes.chip,
            new_chip=req.new_chip,
            cards=cards if req.winners is None else {},
            winners=req.winners,
            change=race.change,
        ),
    )


@decides(rq.AgreeDeal)
def _agree_deal(state: TableState, req: rq.AgreeDeal) -> Built:
    t = _t(state)
    if t.finished:
        raise RuleError("the tournament is over: the prizes are paid")
    if t.deal is not None and not t.kept:
        raise RuleError("a deal was agreed already and shares everything (R11.5)")
    if len(t.seated) < 2:
        raise RuleError("a deal needs two or more players left (R11.5)")
    if state.in_hand:
        raise RuleError("a hand is running: agree a deal between hands (R11.5)")
    named = dict(req.amounts)
    missing = [player_name(state, s) for s, _ in t.seated if s not in named]
    if missing:
        raise RuleError(
            f"a deal is recorded only when every player left agrees: "
            f"{', '.join(missing)} not in it (R11.5)"
        )
    return (ev.DealAgreed(amounts=named, kept=req.kept),)
