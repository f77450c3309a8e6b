"""``omaha-tui players`` on a journal of 200 sessions (the regulars' lifetime results).

Builds a journal of N sessions (default 200): eight players drawn from a roster of
fourteen, 40 hands each (folded round, or called down and awarded by hand), chips worth
0.10 EUR in half of them, every session ended; with ``--tournaments T`` every
(N / T)th evening is a tournament of eight played to a winner instead (R11). Sessions
are recorded as the app records them (each ``SessionEnded``, and each hand of a
tournament, writes the session's summary rows). It then times:

- the lifetime query from the summary rows (``Journal.lifetime``),
- the reference: the same results computed by loading every session's state
  (what the query would cost without the per-session summary rows), and the ratio,
- the whole ``omaha-tui players`` and ``omaha-tui players --json`` processes,
- one player's nights (``omaha-tui players NAME``).

Run: ``python bench/players.py [--sessions N] [--tournaments T]``. Medians of five runs;
timings on a shared machine are noisy.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))  # bench/tournament.py plays a tournament out

from omaha_tui.engine import events as ev  # noqa: E402
from omaha_tui.engine.config import Stakes, Structure, TableConfig, parse_game  # noqa: E402
from omaha_tui.engine.decisions import requests as rq  # noqa: E402
from omaha_tui.engine.decisions.decide import decide  # noqa: E402
from omaha_tui.engine.decisions.outcomes import Decided  # noqa: E402
from omaha_tui.engine.reducer.replay import replay  # noqa: E402
from omaha_tui.engine.rules.tournament.structure import TournamentConfig  # noqa: E402
from omaha_tui.engine.state import TableState  # noqa: E402
from omaha_tui.store.journal import Journal  # noqa: E402
from omaha_tui.store.ledger import ledger  # noqa: E402
from omaha_tui.store.tournament_ledger import tournament_book  # noqa: E402
from tests.tables import opening_events  # noqa: E402

ROSTER = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lou")
ROSTER += ("Max", "Ned")
CONFIG = TableConfig(variant=parse_game("plo"), stakes=Stakes(small_blind=1, big_blind=2))


def _step(state: TableState, req: rq.Request, out: list[ev.Event]) -> TableState:
    d = decide(state, req)
    assert isinstance(d, Decided), d
    out += d.events
    return d.state


def session_events(n: int, rng: random.Random) -> list[ev.Event]:
    """One evening: eight of the roster, 40 hands, ended."""
    names = rng.sample(ROSTER, 8)
    opening = list(opening_events(CONFIG, [(i, x, 400) for i, x in enumerate(names)], button=0))
    if n % 2:
        opening.append(ev.ChipValueSet(chips=1, money=Decimal("0.10"), currency="EUR"))
    events = list(opening)
    state = replay(opening)
    for h in range(40):
        state = _step(state, rq.NextHand(), events)
        hand = state.hand
        assert hand is not None
        if h % 2 == 0:
            while state.hand is not None and not state.hand.complete:
                state = _step(state, rq.Fold(), events)
            continue
        while state.in_hand and state.hand is not None and state.hand.to_act is not None:
            state = _step(state, rq.CheckOrCall(), events)
            while state.in_hand and state.hand is not None and state.hand.to_act is None:
                if state.hand.street.value == "river" or state.hand.board_count == 5:
                    break
                state = _step(state, rq.DealCards(), events)
        if state.in_hand:
            live = state.hand.live if state.hand is not None else ()
            winner = rng.choice(live)
            state = _step(state, rq.AwardByHand(((winner,),)), events)
    state = _step(state, rq.EndSession(), events)
    return events


def tournament_events(rng: random.Random) -> list[ev.Event]:
    """One tournament: eight of the roster, 10 each for 1,000 chips, to a winner."""
    from tournament import play_to_a_winner

    names = rng.sample(ROSTER, 8)
    nl = CONFIG.model_copy(update={"structure": Structure.NO_LIMIT})
    config = TournamentConfig(buy_in=Decimal(10), stack=1000, rebuys_until=2)
    seats = [(i, x, 1000) for i, x in enumerate(names)]
    events = list(opening_events(nl, seats, button=0, tournament=config))
    play_to_a_winner(replay(events), rng, events)
    return events


def build(db: Path, sessions: int, tournaments: int = 0) -> None:
    rng = random.Random(20)
    every = sessions // tournaments if tournaments else 0
    with Journal.open(db) as journal:
        for n in range(sessions):
            sid = journal.create_session(f"night {n + 1}")
            if every and n % every == every - 1:
                journal.append_many(sid, tournament_events(rng))
            else:
                journal.append_many(sid, session_events(n, rng))
            journal.release(sid)


def reference(db: Path) -> tuple[dict[str, int], dict[str, Decimal]]:
    """Lifetime nets by replaying every session's state (no summary rows): chips of the
    cash games, money of the tournaments."""
    totals: dict[str, int] = {}
    money: dict[str, Decimal] = {}
    with Journal.open(db, read_only=True) as journal:
        for info in journal.sessions():
            state = journal.load_state(info.id)
            book = tournament_book(state)
            if book is not None:
                for x in book.lines:
                    money[x.name] = money.get(x.name, Decimal(0)) + x.net
                continue
            for line in ledger(state).lines:
                totals[line.name] = totals.get(line.name, 0) + line.net
    return totals, money


def median(fn: object, runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()  # type: ignore[operator]
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=200)
    parser.add_argument("--tournaments", type=int, default=0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.sqlite3"
        t0 = time.perf_counter()
        build(db, args.sessions, args.tournaments)
        print(
            f"built {args.sessions} sessions ({args.tournaments} tournaments) "
            f"in {time.perf_counter() - t0:.1f} s"
        )

        def query() -> None:
            with Journal.open(db, read_only=True) as journal:
                journal.lifetime()

        with Journal.open(db, read_only=True) as opened:
            only = median(opened.lifetime, runs=9)
        print(f"lifetime query alone, journal open: {only * 1000:.2f} ms")

        with Journal.open(db, read_only=True) as journal:
            everyone = journal.lifetime()
        people = {p.name: p.net for p in everyone if p.net or p.hands}
        cash, prizes = reference(db)
        assert {k: v for k, v in people.items() if k in cash} == cash, "chip sums differ"
        won = {p.name: Decimal(str(p.extra["net"])) for p in everyone if p.extra}
        assert won == prizes, "tournament sums differ from the sessions' sums"
        q = median(query)
        r = median(lambda: reference(db), runs=3)
        print(f"open + lifetime query (summary rows): {q * 1000:.1f} ms")
        print(f"reference (load every session's state): {r * 1000:.1f} ms")
        print(f"ratio reference / query: {r / q:.0f}x")
        env_cmd = [sys.executable, "-m", "omaha_tui", "players", "--db", str(db)]
        for label, extra in (
            ("players", []),
            ("players --json", ["--json"]),
            ("players Ann", ["Ann"]),
        ):
            t = median(
                lambda extra=extra: subprocess.run(
                    [*env_cmd, *extra], check=True, capture_output=True, cwd=ROOT
                )
            )
            print(f"omaha-tui {label} (whole process): {t * 1000:.0f} ms")


if __name__ == "__main__":
    main()
