"""The tournament's events folded into the table's state (R11), one handler each.

At a tournament table some table events mean more: a seating is an entry that pays
the buy-in for the starting stack, a rebuy is the tournament's rebuy for its money
(R11.1), and a player away is still dealt in and blinded with nothing owed (R11.6).
:func:`handlers` gives those handlers, built on the table's own; the tournament's own
events refuse a table that is not a tournament.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

from omaha_tui.engine.config import ButtonRule
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import (
    AddOnTaken,
    CameBack,
    ColouredUp,
    DealAgreed,
    PlayerBusted,
    PlayerLeft,
    PlayerRebought,
    PlayerReentered,
    PlayerSeated,
    PrizesPaid,
    SatOut,
    TournamentStarted,
)
from omaha_tui.engine.hands.cards import parse_cards
from omaha_tui.engine.labels import seat_label
from omaha_tui.engine.reducer.options import TOURNAMENT_BUTTON
from omaha_tui.engine.rules.tournament.chip_race import RaceError, chip_race
from omaha_tui.engine.rules.tournament.money import ZERO
from omaha_tui.engine.rules.tournament.places import Out
from omaha_tui.engine.state import SeatState, TableState, evolve
from omaha_tui.engine.tournament_state import ColourUpRecord, TournamentState

Handler = Callable[[TableState, Any], TableState]


def _t(state: TableState) -> TournamentState:
    state.session_config()
    if state.tournament is None:
        raise RuleError("this table is not a tournament")
    return state.tournament


def _open(state: TableState, what: str) -> TournamentState:
    t = _t(state)
    if t.finished:
        raise RuleError(f"the tournament is over: no {what}")
    return t


def _between_hands(state: TableState, what: str) -> None:
    if state.in_hand:
        raise RuleError(f"a hand is running: {what} between hands")


def _player(state: TableState, seat: int) -> SeatState:
    player = state.seat(seat)
    if player is None:
        raise RuleError(f"{seat_label(seat)} has no player")
    return player


def _pay(t: TournamentState, name: str, amount: Decimal) -> tuple[tuple[str, Decimal], ...]:
    paid = dict(t.paid)
    paid[name] = paid.get(name, ZERO) + amount
    return tuple(paid.items())


def entries_open(state: TableState) -> bool:
    """Late entries and re-entries are taken until the rebuy period ends (R11.1)."""
    return _t(state).entries_open(state.level)


def may_rebuy(state: TableState, seat: int) -> str:
    """Why ``seat`` may not rebuy now, or ``""`` when they may (R11.1)."""
    t = _t(state)
    player = state.seat(seat)
    until = t.config.rebuys_until
    if player is None:
        return f"{seat_label(seat)} has no player"
    if until is None:
        return "this tournament has no rebuys"
    if state.level > until:
        return f"rebuys ended with level {until}"
    if t.deal is not None:
        return "a deal was agreed: no more rebuys"
    if player.stack > t.config.rebuy_at:
        at = "when busted" if t.config.rebuy_at == 0 else f"at {t.config.rebuy_at} chips or fewer"
        return f"{player.name} has {player.stack} chips: a rebuy is allowed {at} (R11.1)"
    return ""


def tournament_started(state: TableState, ev: TournamentStarted) -> TableState:
    config = state.session_config()
    if state.tournament is not None:
        raise RuleError("the table is already a tournament")
    if any(s is not None for s in state.seats) or state.hands_played or state.hand:
        raise RuleError("a tournament starts before anyone is seated")
    if config.button_rule is ButtonRule.MOVING:
        raise RuleError(TOURNAMENT_BUTTON)  # R11.6: tournaments use the dead button
    if ev.config.stack % config.stakes.chip:
        raise RuleError(
            f"the starting stack {ev.config.stack} is not a multiple of the smallest chip"
        )
    return evolve(state, tournament=TournamentState(ev.config))


def _no_owing(state: TableState, seat: int) -> TableState:
    """R11.6: a tournament entry is dealt in at once and never owes a blind."""
    player = _player(state, seat)
    fixed = evolve(player, owes_bb=False, owes_sb=False, waiting_for_bb=False)
    seats = (*state.seats[:seat], fixed, *state.seats[seat + 1 :])
    return evolve(state, seats=seats)


def handlers(base: dict[type[Any], Handler]) -> dict[type[Any], Handler]:
    """The handlers a tournament table uses instead of the table's ``base`` ones."""

    def seated(state: TableState, ev: PlayerSeated) -> TableState:
        t = _open(state, "more entries")
        if ev.name in t.entries:
            raise RuleError(f"{ev.name} has entered before: a new entry is a re-entry")
        if not entries_open(state):
            raise RuleError("entries are closed: the rebuy period is over")
        if ev.stack != t.config.stack:
            raise RuleError(f"a tournament entry starts with {t.config.stack} chips (R11.1)")
        return _entered(base[PlayerSeated](state, ev), t, ev.seat, ev.name)

    def rebought(state: TableState, ev: PlayerRebought) -> TableState:
        t = _open(state, "rebuys")
        player = _player(state, ev.seat)
        _between_hands(state, "rebuy")
        why = may_rebuy(state, ev.seat)
        if why:
            raise RuleError(why)
        if ev.amount != t.config.rebuy_stack:
            raise RuleError(f"a rebuy is {t.config.rebuy_stack} chips (R11.1)")
        seats = list(state.seats)  # R2.6, R11.6: a rebuy is dealt in at once, owing nothing
        seats[ev.seat] = evolve(
            player,
            stack=player.stack + ev.amount,
            owes_bb=False,
            owes_sb=False,
            waiting_for_bb=False,
            sitting_out=False,
        )
        ledger = tuple(
            evolve(e, rebuys=e.rebuys + ev.amount) if e.name == player.name else e
            for e in state.ledger
        )
        t = evolve(t, rebuys=t.rebuys + 1, paid=_pay(t, player.name, t.config.rebuy_cost))
        return evolve(state, seats=tuple(seats), ledger=ledger, tournament=t)

    def sat_out(state: TableState, ev: SatOut) -> TableState:
        t = _t(state)
        player = _player(state, ev.seat)
        if ev.seat in t.away:
            raise RuleError(f"{player.name} is already away")
        return evolve(state, tournament=evolve(t, away=t.away | {ev.seat}))  # R11.6

    def came_back(state: TableState, ev: CameBack) -> TableState:
        t = _t(state)
        player = _player(state, ev.seat)
        if ev.seat not in t.away:
            raise RuleError(f"{player.name} is not away")
        return evolve(state, tournament=evolve(t, away=t.away - {ev.seat}))

    def left(state: TableState, ev: PlayerLeft) -> TableState:
        player = _player(state, ev.seat)
        raise RuleError(
            f"{player.name} is in the tournament: a player is out only by losing their chips; "
            "sitout keeps them dealt in and blinded (R11.6)"
        )

    return {
        PlayerLeft: left,
        PlayerSeated: seated,
        PlayerRebought: rebought,
        SatOut: sat_out,
        CameBack: came_back,
        PlayerReentered: lambda s, e: reentered(s, e, base[PlayerSeated]),
    }


def reentered(state: TableState, ev: PlayerReentered, seat_handler: Handler) -> TableState:
    t = _open(state, "re-entries")
    if not t.config.re_entry:
        raise RuleError("this tournament has no re-entries")
    if ev.name not in t.entries:
        raise RuleError(f"{ev.name} has not entered yet: seat them as a new entry")
    if any(t.entries[e - 1] == ev.name for _, e in t.seated):
        raise RuleError(f"{ev.name} is still playing: only a player who is out re-enters")
    if not entries_open(state):
        raise RuleError("re-entries are closed: the rebuy period is over")
    seated = seat_handler(state, PlayerSeated(seat=ev.seat, name=ev.name, stack=t.config.stack))
    return _entered(seated, t, ev.seat, ev.name)


def _entered(seated: TableState, t: TournamentState, seat: int, name: str) -> TableState:
    """R11.1: a new entry (a first one or a re-entry), seated with the starting stack and
    nothing owed: counted, given its entry number, its buy-in paid into the pool."""
    return evolve(
        _no_owing(seated, seat),
        tournament=evolve(
            t,
            entries=(*t.entries, name),
            seated=(*t.seated, (seat, len(t.entries) + 1)),
            paid=_pay(t, name, t.config.buy_in),
        ),
    )


def add_on_taken(state: TableState, ev: AddOnTaken) -> TableState:
    t = _open(state, "add-ons")
    add_on = t.config.add_on
    if add_on is None:
        raise RuleError("this tournament has no add-on")
    player = _player(state, ev.seat)
    _between_hands(state, "take the add-on")
    entry = t.entry_of(ev.seat)
    assert entry is not None
    if player.stack == 0:
        raise RuleError(f"{player.name} has no chips: the add-on is for a player still in")
    if entry in t.add_ons:
        raise RuleError(f"{player.name} has taken the add-on: one add-on an entry (R11.1)")
    seats = list(state.seats)
    seats[ev.seat] = evolve(player, stack=player.stack + add_on.chips)
    ledger = tuple(
        evolve(e, rebuys=e.rebuys + add_on.chips) if e.name == player.name else e
        for e in state.ledger
    )
    t = evolve(t, add_ons=(*t.add_ons, entry), paid=_pay(t, player.name, add_on.money))
    return evolve(state, seats=tuple(seats), ledger=ledger, tournament=t)


def bust_order(state: TableState, seat: int) -> int:
    """Where ``seat`` sits counting from the first seat left of the last hand's button."""
    hand = state.hand
    size = len(state.seats)
    button = hand.button if hand is not None else (state.button or 0)
    return (seat - button - 1) % size


def player_busted(state: TableState, ev: PlayerBusted) -> TableState:
    t = _open(state, "busts")
    player = _player(state, ev.seat)
    _between_hands(state, "record a bust")
    if player.stack > 0:
        raise RuleError(f"{player.name} has {player.stack} chips and is not out")
    entry = t.entry_of(ev.seat)
    assert entry is not None
    if not 2 <= ev.place <= len(t.seated):  # the same hand's other busts may share it
        raise RuleError(
            f"{player.name} cannot be out in place {ev.place}: {len(t.seated)} are playing"
        )
    out = Out(entry, ev.start_stack, ev.hand, bust_order(state, ev.seat))
    seats = list(state.seats)
    seats[ev.seat] = None
    ledger = tuple(evolve(e, seat=None) if e.name == player.name else e for e in state.ledger)
    t = evolve(
        t,
        outs=(*t.outs, out),
        seated=tuple(p for p in t.seated if p[0] != ev.seat),
        away=t.away - {ev.seat},
        left_seats=(*(p for p in t.left_seats if p[0] != player.name), (player.name, ev.seat)),
    )
    return evolve(state, seats=tuple(seats), ledger=ledger, tournament=t)


def coloured_up(state: TableState, ev: ColouredUp) -> TableState:
    t = _open(state, "colour-ups")
    _between_hands(state, "colour up")
    assert state.stakes is not None
    if ev.old_chip != state.stakes.chip:
        raise RuleError(f"the smallest chip is {state.stakes.chip}, not {ev.old_chip}")
    stacks = {i: s.stack for i, s in enumerate(state.seats) if s is not None}
    try:
        cards = {k: tuple(parse_cards(" ".join(v))) for k, v in ev.cards.items()}
        race = chip_race(
            stacks,
            ev.old_chip,
            ev.new_chip,
            cards=cards if ev.winners is None else None,
            winners=ev.winners,
        )
    except RaceError as e:
        raise RuleError(f"{e} (R11.4)") from None
    if race.change != ev.change:
        raise RuleError(f"the race changes the total by {race.change}, not {ev.change} (R11.4)")
    seats = list(state.seats)
    for i, stack in race.stacks.items():
        player = seats[i]
        assert player is not None
        seats[i] = evolve(player, stack=stack)
    names = {i: s.name for i, s in enumerate(state.seats) if s is not None}
    done = ColourUpRecord(
        ev.old_chip,
        ev.new_chip,
        tuple(names[i] for i in race.won),
        tuple(names[i] for i in race.given),
        race.change,
    )
    stakes = state.stakes.model_copy(update={"chip": ev.new_chip})
    return evolve(
        state,
        seats=tuple(seats),
        stakes=stakes,
        tournament=evolve(t, colour_ups=(*t.colour_ups, done)),
    )


def deal_agreed(state: TableState, ev: DealAgreed) -> TableState:
    t = _open(state, "deals")
    _between_hands(state, "agree a deal")
    if t.deal is not None and not t.kept:
        raise RuleError("a deal was agreed already and shares everything (R11.5)")
    playing = {seat for seat, _ in t.seated}
    if set(ev.amounts) != playing:
        raise RuleError("a deal needs every player left to agree (R11.5)")
    if len(playing) < 2:
        raise RuleError("a deal needs two or more players left (R11.5)")
    offer = sum(t.prizes_left(), ZERO)
    total = sum(ev.amounts.values(), ZERO) + ev.kept
    if total != offer:
        raise RuleError(f"the deal shares {total}, but {offer} is left to share (R11.5)")
    unit = t.config.money_unit
    if any(a < 0 or a % unit for a in (*ev.amounts.values(), ev.kept)):
        raise RuleError(f"deal amounts are whole numbers of the money unit {unit}")
    # R11.5: a later deal shares only what the first kept back; each entry's amounts add up.
    agreed = dict(t.deal or ())
    for seat, amount in sorted(ev.amounts.items()):
        entry = t.entry_of(seat) or 0
        agreed[entry] = agreed.get(entry, ZERO) + amount
    return evolve(state, tournament=evolve(t, deal=tuple(agreed.items()), kept=ev.kept))


def prizes_paid(state: TableState, ev: PrizesPaid) -> TableState:
    t = _open(state, "more prizes")
    _between_hands(state, "pay the prizes")
    done = len(t.seated) == 1 or (t.deal is not None and t.kept == 0)
    if not done:
        raise RuleError("the prizes are paid once there is a winner or a deal shares it all")
    owed = t.prizes_won()
    if {k: v for k, v in ev.prizes.items() if v} != {k: v for k, v in owed.items() if v}:
        raise RuleError("the prizes paid must be those the places and the deal give (R11.3)")
    finish: tuple[Out[int], ...] = ()
    if len(t.seated) > 1:  # a deal ended it: the stacks place the players in it
        hand = (max((o.hand for o in t.outs), default=0)) + 1
        finish = tuple(
            Out(entry, _player(state, seat).stack, hand, bust_order(state, seat))
            for seat, entry in t.seated
        )
    return evolve(
        state,
        tournament=evolve(t, prizes=tuple(sorted(ev.prizes.items())), finish=finish),
    )


OWN_HANDLERS: dict[type[Any], Handler] = {
    TournamentStarted: tournament_started,
    AddOnTaken: add_on_taken,
    PlayerBusted: player_busted,
    ColouredUp: coloured_up,
    DealAgreed: deal_agreed,
    PrizesPaid: prizes_paid,
    PlayerReentered: lambda s, e: reentered(s, e, _no_seat),
}


def _no_seat(state: TableState, ev: Any) -> TableState:
    raise RuleError("this table is not a tournament")
