"""Tournament speed (R11): the standings, the ICM deal, and a whole tournament's replay.

- ``standings(state)`` (what every front end shows after each change) for tables of 2
  to 9 players, between hands and with a hand running, per call;
- the ICM proposal (Malmuth–Harville, exact fractions over every set of places taken)
  for 2 to 9 players, against the reference: every finishing order walked one by one
  (n! orders), and the ratio (the figures are checked equal up to 7 players);
- a whole random tournament of 9 players to a winner (all-ins and folds, rebuys in the
  first levels, an add-on, re-entries): the time to decide it request by request, the
  time to replay its log, and the replay per event.

Run: ``python bench/tournament.py [--seed S] [--repeats N]``. Best of ``--repeats``
runs; timings on a shared machine are noisy.
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from omaha_tui.engine import events as ev
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.available import available
from omaha_tui.engine.decisions.decide import decide
from omaha_tui.engine.decisions.outcomes import Decided
from omaha_tui.engine.reducer.replay import replay
from omaha_tui.engine.rules.pots import side_pots
from omaha_tui.engine.rules.tournament.deals import icm_deal, icm_values
from omaha_tui.engine.rules.tournament.structure import AddOn
from omaha_tui.engine.state import TableState
from omaha_tui.engine.tournament_standings import standings
from tests.tables import tournament_table

PRIZES = [Decimal(p) for p in (360, 230, 150, 110, 80, 70)]


def best(fn: Callable[[], Any], repeats: int, inner: int = 1) -> float:
    """The best time of ``repeats`` runs of ``inner`` calls, per call, in seconds."""
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        for _ in range(inner):
            fn()
        times.append((time.perf_counter() - t0) / inner)
    return min(times)


def brute_values(stacks: list[int], prizes: list[Decimal]) -> list[Fraction]:
    """ICM by walking every finishing order (the reference)."""
    n = len(stacks)
    paid = [Fraction(p) for p in prizes[:n]] + [Fraction(0)] * max(0, n - len(prizes))
    values = [Fraction(0)] * n
    for order in itertools.permutations(range(n)):
        p = Fraction(1)
        left = sum(stacks)
        for i in order:
            p *= Fraction(stacks[i], left)
            left -= stacks[i]
        for place, i in enumerate(order):
            values[i] += p * paid[place]
    return values


def bench_standings(repeats: int) -> None:
    print("standings(state), per call:")
    for n in range(2, 10):
        between = tournament_table(n, stack=1000)
        out = decide(between, rq.NextHand())
        assert isinstance(out, Decided)
        running = out.state
        a = best(lambda s=between: standings(s), repeats, inner=200)
        b = best(lambda s=running: standings(s), repeats, inner=200)
        print(f"  {n} players: between hands {a * 1e6:7.1f} us, a hand running {b * 1e6:7.1f} us")


def bench_icm(repeats: int, rng: random.Random) -> None:
    print("ICM proposal (icm_deal), exact, against walking every finishing order:")
    for n in range(2, 10):
        stacks = [rng.randint(1, 40) * 250 for _ in range(n)]
        by_name = {f"P{i}": s for i, s in enumerate(stacks)}
        engine = best(lambda b=by_name: icm_deal(b, PRIZES, Decimal(1)), repeats)
        if n > 8:  # 362,880 orders: half a minute; not walked
            print(f"  {n} players: {engine * 1000:8.2f} ms; every order ({_fact(n):,}): not run")
            continue
        runs = repeats if n <= 7 else 1
        brute = best(lambda s=stacks: brute_values(s, PRIZES), runs)
        if n <= 7:
            assert icm_values(stacks, PRIZES) == brute_values(stacks, PRIZES), n
        print(
            f"  {n} players: {engine * 1000:8.2f} ms; every order ({_fact(n):,}): "
            f"{brute * 1000:9.1f} ms; ratio {brute / engine:6.1f}x"
        )


def _fact(n: int) -> int:
    out = 1
    for i in range(2, n + 1):
        out *= i
    return out


def _do(state: TableState, request: rq.Request, log: list[ev.Event]) -> TableState | None:
    out = decide(state, request)
    if not isinstance(out, Decided):
        return None
    log += out.events
    return out.state


def random_tournament(rng: random.Random, players: int = 9) -> tuple[list[ev.Event], TableState]:
    """A tournament to a winner: every hand everyone all in or folding, awarded by hand."""
    state = tournament_table(
        players,
        stack=1000,
        rebuys_until=2,
        re_entry=True,
        add_on=AddOn(money=Decimal(5), chips=500),
    )
    log: list[ev.Event] = list(state.journal)
    return log, play_to_a_winner(state, rng, log)


def play_to_a_winner(state: TableState, rng: random.Random, log: list[ev.Event]) -> TableState:
    """Play ``state``'s tournament to a winner, the events appended to ``log``: rebuys,
    add-ons and re-entries in the first hands, then all-ins and folds, each hand
    awarded by hand to a random player still in."""
    hands = 0
    while state.tournament is not None and not state.tournament.finished and hands < 400:
        hands += 1
        t = state.tournament
        if hands < 30:
            for seat, _ in t.seated:
                move = rng.choice(("none", "none", "rebuy", "addon"))
                req = rq.Rebuy(seat, 0) if move == "rebuy" else rq.TakeAddOn(seat)
                if move != "none":
                    state = _do(state, req, log) or state
            for name in sorted(set(t.entries)):
                if rng.random() < 0.05:
                    state = _do(state, rq.Reenter(name), log) or state
        if hands % 20 == 0 and state.stakes is not None:
            level = ev.LevelChanged(level=state.level + 1, stakes=state.stakes)
            log.append(level)
            state = replay((level,), state)
        nxt = decide(state, rq.NextHand())
        assert isinstance(nxt, Decided), nxt
        log += nxt.events
        state = nxt.state
        if state.tournament is not None and state.tournament.finished:
            break
        for _ in range(200):  # every action until the hand is settled
            hand = state.hand
            if hand is None or hand.complete:
                break
            avail = available(state)
            if hand.to_act is not None and avail.legal is not None:
                req: rq.Request = rq.Fold() if rng.random() < 0.4 else rq.AllIn()
                state = _do(state, req, log) or _do(state, rq.CheckOrCall(), log) or state
            elif avail.cards_due is not None:
                state = _do(state, rq.DealCards(), log) or state
            else:  # each pot to one of the players who can win it
                winner = rng.choice(hand.live)
                winners = tuple(
                    (winner,) if winner in p.eligible else (p.eligible[0],)
                    for p in side_pots(state)
                )
                moved = _do(state, rq.AwardByHand(winners), log)
                assert moved is not None, "the hand cannot be awarded"
                state = moved
    return state


def bench_tournament(repeats: int, seed: int) -> None:
    t0 = time.perf_counter()
    log, state = random_tournament(random.Random(seed))
    decided = time.perf_counter() - t0
    t = state.tournament
    assert t is not None
    hands = sum(1 for e in log if isinstance(e, ev.HandStarted))
    print(
        f"a random 9-player tournament: {len(t.entries)} entries, {t.rebuys} rebuys, "
        f"{len(t.add_ons)} add-ons, {hands} hands, {len(log)} events, "
        f"finished: {t.finished}"
    )
    print(f"  decided request by request: {decided * 1000:.0f} ms")
    again = best(lambda: replay(log), repeats)
    assert replay(log) == state, "the replay differs from the state decided"
    print(f"  replayed from its log: {again * 1000:.1f} ms ({again / len(log) * 1e6:.1f} us/event)")
    print(f"  ratio deciding / replaying: {decided / again:.1f}x")
    st = standings(state)
    assert st is not None and st.finished
    paid = sum((line.prize for line in st.lines), Decimal(0))
    assert paid == t.pool, (paid, t.pool)
    print(f"  prizes paid {paid} = pool {t.pool}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    bench_standings(args.repeats)
    bench_icm(args.repeats, random.Random(args.seed))
    bench_tournament(args.repeats, args.seed)


if __name__ == "__main__":
    main()
