"""``omaha-tui players`` on a journal of 200 sessions (the regulars' lifetime results).

Builds a journal of N sessions (default 200): eight players drawn from a roster of
fourteen, 40 hands each (folded round, or called down and awarded by hand), chips worth
0.10 EUR in half of them, every session ended. Sessions are recorded as the app
records them (each ``SessionEnded`` writes the session's summary rows). It then times:

- the lifetime query from the summary rows (``Journal.lifetime``),
- the reference: the same results computed by loading every session's state
  (what the query would cost without the per-session summary rows), and the ratio,
- the whole ``omaha-tui players`` and ``omaha-tui players --json`` processes,
- one player's nights (``omaha-tui players NAME``).

Run: ``python bench/players.py [--sessions N]``. Medians of five runs; timings on a
shared machine are noisy.
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

from omaha_tui.engine import events as ev  # noqa: E402
from omaha_tui.engine.config import Stakes, TableConfig, parse_game  # noqa: E402
from omaha_tui.engine.decisions import requests as rq  # noqa: E402
from omaha_tui.engine.decisions.decide import Decided, decide  # noqa: E402
from omaha_tui.engine.reducer.replay import replay  # noqa: E402
from omaha_tui.engine.state import TableState  # noqa: E402
from omaha_tui.engine.testing import opening_events  # noqa: E402
from omaha_tui.store.journal import Journal  # noqa: E402
from omaha_tui.store.ledger import ledger  # noqa: E402

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


def build(db: Path, sessions: int) -> None:
    rng = random.Random(20)
    with Journal.open(db) as journal:
        for n in range(sessions):
            sid = journal.create_session(f"night {n + 1}")
            journal.append_many(sid, session_events(n, rng))
            journal.release(sid)


def reference(db: Path) -> dict[str, int]:
    """Lifetime nets by replaying every session's state (no summary rows)."""
    totals: dict[str, int] = {}
    with Journal.open(db, read_only=True) as journal:
        for info in journal.sessions():
            for line in ledger(journal.load_state(info.id)).lines:
                totals[line.name] = totals.get(line.name, 0) + line.net
    return totals


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
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.sqlite3"
        t0 = time.perf_counter()
        build(db, args.sessions)
        print(f"built {args.sessions} sessions in {time.perf_counter() - t0:.1f} s")

        def query() -> None:
            with Journal.open(db, read_only=True) as journal:
                journal.lifetime()

        with Journal.open(db, read_only=True) as opened:
            only = median(opened.lifetime, runs=9)
        print(f"lifetime query alone, journal open: {only * 1000:.2f} ms")

        with Journal.open(db, read_only=True) as journal:
            people = {p.name: p.net for p in journal.lifetime()}
        assert people == reference(db), "lifetime sums differ from the sessions' sums"
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
