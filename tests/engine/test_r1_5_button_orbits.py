"""R1.5(c) over random evenings: the button follows the blinds round the players.

Players join (posting now or waiting for the big blind), leave, sit out, come back,
bust on a short stack and rebuy, at a ten-chair table; every hand is the one the
rules propose. Two things must hold whatever happens:

- the button never lands on a chair nobody sat in, nor on one where no player has
  had the small or the big blind (except the first hand's placed button; heads-up,
  where the button posts the small blind; and the hand after a heads-up hand, whose
  small blind was on the button: that chair has the big blind now);
- while the same players are dealt in hand after hand, every one of them has the
  button once an orbit: from the third hand of such a stretch (the button trails the
  big blind by two chairs) the buttons of any ``n`` hands in a row are the ``n``
  players dealt in, none dead.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import (
    CameBack,
    Event,
    PlayerLeft,
    PlayerRebought,
    PlayerSeated,
    SatOut,
)
from omaha_tui.engine.reducer.replay import apply
from omaha_tui.engine.rules.blinds import propose_deal
from omaha_tui.engine.state import TableState

from .evening import deal, fold_out, settle, table

CHAIRS = 10
SHORT = 2  # one big blind: a player on it busts when the hand is called down


def _between_hands(data: st.DataObject, state: TableState, names: list[int]) -> Event | None:
    """One thing a host might do between hands, drawn at random (or nothing)."""
    seated = [i for i, s in enumerate(state.seats) if s is not None]
    empty = [i for i, s in enumerate(state.seats) if s is None]
    kind = data.draw(
        st.sampled_from(("none",) * 8 + ("join", "leave", "sit_out", "come_back", "rebuy"))
    )
    if kind == "join" and empty:
        names[0] += 1
        return PlayerSeated(
            seat=data.draw(st.sampled_from(empty)),
            name=f"N{names[0]}",
            stack=data.draw(st.sampled_from((SHORT, 100, 100))),
            wait_for_bb=data.draw(st.booleans()),
        )
    if kind == "leave" and seated:
        return PlayerLeft(seat=data.draw(st.sampled_from(seated)))
    if kind == "sit_out" and seated:
        return SatOut(seat=data.draw(st.sampled_from(seated)))
    if kind == "come_back" and seated:
        return CameBack(seat=data.draw(st.sampled_from(seated)), post_now=data.draw(st.booleans()))
    if kind == "rebuy" and seated:
        return PlayerRebought(seat=data.draw(st.sampled_from(seated)), amount=100)
    return None


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data())
def test_r1_5_c_every_player_has_the_button_once_an_orbit_and_never_an_empty_chair(data):
    first = data.draw(st.lists(st.sampled_from((SHORT, 100, 100, 100)), min_size=3, max_size=6))
    chairs = data.draw(
        st.lists(st.integers(0, CHAIRS - 1), min_size=len(first), max_size=len(first), unique=True)
    )
    stacks: list[int | None] = [None] * CHAIRS
    for chair, stack in zip(chairs, first, strict=True):
        stacks[chair] = stack
    state = table(stacks, seats=CHAIRS, button=data.draw(st.sampled_from(chairs)))
    sat_in = set(chairs)  # every chair a player has sat in
    blinds_in: set[int] = set()  # every chair where a small or big blind was posted or due
    names = [0]
    stretch: list[int] = []  # the buttons of the hands since the dealt-in players last changed
    dealt_in: tuple[int, ...] = ()
    hands = 0
    heads_up = False
    for _ in range(data.draw(st.integers(10, 40))):
        changed = False
        event = _between_hands(data, state, names)
        if event is not None:
            try:
                state = apply(state, event)
                changed = True
                if isinstance(event, PlayerSeated):
                    sat_in.add(event.seat)
            except RuleError:
                pass
        try:
            propose_deal(state)
        except RuleError:
            continue  # fewer than two can play: the host seats someone first
        state = deal(state)
        hand = state.hand
        hands += 1
        assert hand.button in sat_in, f"hand {hands}: button on chair {hand.button}"
        if hands > 1 and not heads_up:
            # Heads-up the button posts the small blind (R1.5e, R2.2).
            on = blinds_in | {hand.sb_seat}
            assert hand.button in on, f"hand {hands}: button where no blind was"
        heads_up = len(hand.seats) == 2
        blinds_in.update(s for s in state.last_blinds if s is not None)
        if changed or set(hand.seats) != set(dealt_in):
            stretch, dealt_in = [], hand.seats
        stretch.append(hand.button)
        n = len(dealt_in)
        if len(stretch) >= 3:
            assert hand.button in dealt_in, f"hand {hands}: dead button in a settled table"
        settled = stretch[2:]
        for k in range(len(settled) - n + 1):
            assert sorted(settled[k : k + n]) == sorted(dealt_in), (
                f"hand {hands}: buttons {settled[k : k + n]} for players {sorted(dealt_in)}"
            )
        if data.draw(st.booleans()):
            state = fold_out(state)
        else:
            winner = data.draw(st.sampled_from(hand.seats))
            state = settle(state, winner)  # a short stack called down busts
