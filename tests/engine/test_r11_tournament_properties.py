"""R11 properties: random tournaments played to a winner pay out exactly."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from omaha_tui.engine.rules.tournament.payouts import payout_percents, prizes
from omaha_tui.engine.rules.tournament.places import Out, places, placing_prizes
from omaha_tui.engine.rules.tournament.structure import TournamentConfig


@st.composite
def tournaments(draw: st.DrawFn) -> tuple[TournamentConfig, list[Out[int]], int, Decimal, int]:
    unit = draw(st.sampled_from([Decimal(1), Decimal(5), Decimal("0.01")]))
    buy_in = unit * draw(st.integers(1, 40))
    fee = unit * draw(st.integers(0, 3))
    config = TournamentConfig(buy_in=buy_in, stack=1000, fee=fee, money_unit=unit)
    players = draw(st.integers(2, 26))
    alive = list(range(players))
    entries = players
    money_in = buy_in * players
    outs: list[Out[int]] = []
    hand = 0
    while len(alive) > 1:
        hand += 1
        busted = draw(
            st.lists(st.sampled_from(alive), unique=True, min_size=1, max_size=len(alive) - 1)
        )
        for order, entry in enumerate(busted):
            choice = draw(st.sampled_from(["out", "out", "rebuy", "reenter", "addon"]))
            if choice == "rebuy":
                money_in += config.rebuy_cost
                continue
            if choice == "addon":
                money_in += buy_in
            outs.append(Out(entry, draw(st.sampled_from([20, 40, 60])), hand, order))
            alive.remove(entry)
            if choice == "reenter" and entries < 40:
                alive.append(entries)
                entries += 1
                money_in += buy_in
    return config, outs, entries, money_in, alive[0]


@settings(max_examples=150, deadline=None)
@given(tournaments())
def test_r11_random_tournaments_pay_every_entry_and_the_pool_exactly(
    t: tuple[TournamentConfig, list[Out[int]], int, Decimal, int],
) -> None:
    config, outs, entries, money_in, winner = t
    placed = places(outs, entries, left=[winner])
    assert sorted(p.entry for p in placed) == list(range(entries))  # every entry has a place
    covered: Counter[int] = Counter()
    for p in placed:
        sharing = [q for q in placed if q.place == p.place]
        assert len(sharing) == p.tied  # a shared place is a recorded tie of that many
        for k in range(p.place, p.place + p.tied):
            covered[k] += 1
    assert sorted(covered) == list(range(1, entries + 1))
    assert all(
        covered[k] == len([q for q in placed if q.place <= k < q.place + q.tied]) for k in covered
    )
    assert next(p for p in placed if p.place == 1).entry == winner
    table = prizes(
        config.pool(money_in), payout_percents(entries, config.payouts), config.money_unit
    )
    won = placing_prizes(placed, table, config.money_unit)
    assert sum(won.values()) == max(Decimal(0), money_in - config.fee)
    assert all(v % config.money_unit == 0 and v >= 0 for v in won.values())
