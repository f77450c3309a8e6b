"""Journal and replay benchmarks (run: ``python bench/journal.py``; not a test).

1. Append rate with durable commits: one ``Journal.append`` per event, each committed
   with WAL + ``synchronous=FULL`` before it returns (what the app does per key press).
2. Open + resume of a 1,000-hand session: ``Journal.open`` then ``load_state`` (a full
   replay), the path taken when the app offers to resume. Target: under one second.
3. ``omaha-tui replay`` throughput over the PHH corpus (``../shared/phh``), against
   pokerkit replaying the same files (``HandHistory.load`` and iterating its states).
4. The hash chain's check and resume of a 10- and a 10,000-hand session: ``Session.resume``
   time and peak memory, and the console's first answer (``--resume-only`` runs this
   alone). Targets: the chain within 150 ms at 10,000 hands, the console within 1.3x.
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from collections.abc import Callable
from decimal import Decimal
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if len(sys.argv) > 2 and sys.argv[1] == "--root":  # measure another checkout (before/after)
    ROOT = Path(sys.argv[2]).resolve()
sys.path.insert(0, str(ROOT))

from omaha_tui.engine.config import VARIANTS, Stakes, TableConfig  # noqa: E402
from omaha_tui.engine.decisions import requests as rq  # noqa: E402
from omaha_tui.engine.events import ButtonPlaced, Event, PlayerSeated, SessionStarted  # noqa: E402
from omaha_tui.engine.reducer.replay import apply, replay  # noqa: E402
from omaha_tui.interchange.phh import find_files, load  # noqa: E402
from omaha_tui.interchange.phh_replay import replay_hand, summary  # noqa: E402
from omaha_tui.store.journal import Journal  # noqa: E402
from tests import decided as c  # noqa: E402  (event builders made by engine.decide)

CORPUS = ROOT / ".." / "shared" / "phh"
DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def best_of(runs: int, work: Callable[[], object]) -> float:
    """The fastest of ``runs`` timings of ``work`` (seconds)."""
    best = float("inf")
    for _ in range(runs):
        t0 = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - t0)
    return best


def session_events(hands: int, seed: int = 7, stack: int = 10_000) -> list[Event]:
    """A six-handed PLO session of ``hands`` hands, recorded through the commands
    (everyone sits down with ``stack``; a player below 200 buys ``stack`` more)."""
    rng = random.Random(seed)
    config = TableConfig(variant=VARIANTS["omaha"], stakes=Stakes(big_blind=2))
    events: list[Event] = [SessionStarted(config=config, title="bench")]
    events += [PlayerSeated(seat=i, name=f"P{i}", stack=stack) for i in range(6)]
    events.append(ButtonPlaced(seat=0))
    state = replay(events)

    def do(event: Event) -> None:
        nonlocal state
        state = apply(state, event)
        events.append(event)

    for _ in range(hands):
        do(c.start_hand(state))
        deck = DECK[:]
        rng.shuffle(deck)
        while state.hand is not None and not state.hand.complete:
            hand = state.hand
            if hand.to_act is not None:
                roll = rng.random()
                if roll < 0.25 and c.can_fold(state) and hand.current_bet > 0:
                    do(c.fold(state))
                elif roll < 0.35 and c.can_pot(state):
                    do(c.pot(state))
                else:
                    do(c.check_or_call(state))
            elif len(hand.board) < 5 and hand.street.value != "showdown":
                n = 3 if not hand.board else 1
                do(c.deal_board(state, [deck.pop() for _ in range(n)]))
            else:
                for seat in hand.live:
                    if seat not in dict(hand.shown):
                        do(c.show(state, seat, [deck.pop() for _ in range(4)]))
                do(c.settle_by_cards(state))
        for i, seat in enumerate(state.seats):
            if seat is not None and seat.stack < 200:
                # A player busted in the hand comes back with the rebuy (R2.6): two events.
                for event in c.events(state, rq.Rebuy(i, stack)):
                    do(event)
    return events


def bench_append(folder: Path, count: int = 400) -> None:
    events = session_events(30)[:count]
    with Journal.open(folder / "append.sqlite3") as journal:
        sid = journal.create_session("append")
        t0 = time.perf_counter()
        for event in events:
            journal.append(sid, event)
        one = time.perf_counter() - t0
    with Journal.open(folder / "batch.sqlite3") as journal:
        sid = journal.create_session("batch")
        t0 = time.perf_counter()
        for i in range(0, len(events), 50):
            journal.append_many(sid, events[i : i + 50])
        many = time.perf_counter() - t0
    print(f"append, durable commit each: {len(events) / one:8.0f} events/s ({len(events)} events)")
    print(f"append_many, 50 per commit:  {len(events) / many:8.0f} events/s")


def bench_resume(folder: Path, hands: int = 1000) -> None:
    t0 = time.perf_counter()
    events = session_events(hands)
    built = time.perf_counter() - t0
    db = folder / "resume.sqlite3"
    with Journal.open(db) as journal:
        sid = journal.create_session("1000 hands")
        journal.append_many(sid, events)

    def resume() -> object:
        with Journal.open(db, read_only=True) as journal:
            return journal.load_state(sid)

    def full() -> object:
        with Journal.open(db, read_only=True) as journal:
            return replay(journal.events(sid))

    seconds = best_of(3, resume)
    whole = best_of(1, full)
    verdict = "ok" if seconds < 1.0 else "OVER the 1 s target"
    print(
        f"open + resume of a {hands}-hand session ({len(events)} events): "
        f"{seconds * 1000:.0f} ms ({verdict}; from the hand-start snapshot; a full replay "
        f"of the log takes {whole * 1000:.0f} ms; session built in {built:.1f} s)"
    )


def bench_replay(repeat: int = 5) -> None:
    files = find_files([CORPUS])
    if not files:
        print(f"replay: no corpus at {CORPUS.resolve()}")
        return

    def ours() -> int:
        n = 0
        for path in files:
            for hand in load(path):
                summary(replay_hand(hand))
                n += 1
        return n

    def theirs() -> int:
        from pokerkit import HandHistory

        n = 0
        for path in files:
            with path.open("rb") as f:
                history = HandHistory.load(f, parse_value=Decimal)
            for _state in history:
                pass
            n += 1
        return n

    hands = ours()
    t_ours = best_of(repeat, ours)
    try:
        t_theirs = best_of(repeat, theirs)
    except ImportError:
        print(f"replay: {hands / t_ours:.0f} hands/s (pokerkit not installed: no ratio)")
        return
    print(
        f"replay of the corpus ({hands} hands): omaha-tui {hands / t_ours:.0f} hands/s, "
        f"pokerkit {hands / t_theirs:.0f} hands/s, ratio {t_theirs / t_ours:.2f}x "
        "(above 1 = omaha-tui faster)"
    )


def _recorded(db: Path, hands: int) -> int:
    """A finished-looking session of ``hands`` hands recorded as one import (snapshots)."""
    with Journal.open(db) as journal:
        events = session_events(hands)
        try:  # an importer hands the journal the states it computed (snapshots)
            from omaha_tui.store.snapshot import fold_log
        except ImportError:  # an older checkout: its journal applies the events itself
            return journal.record_session(f"{hands} hands", events)
        return journal.record_session(f"{hands} hands", events, folded=fold_log(events))


def _console_first_answer(db: Path, sid: int, runs: int = 5) -> float:
    """Median seconds from starting ``omaha-tui console --resume ID`` to its answer to
    one ``state`` (the whole record's check follows that answer, so it is not counted)."""
    import os
    import statistics
    import subprocess

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        with subprocess.Popen(
            [sys.executable, "-m", "omaha_tui", "console", "--resume", str(sid), "--db", str(db)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        ) as proc:
            assert proc.stdin is not None and proc.stdout is not None
            proc.stdin.write("state\n")
            proc.stdin.close()
            first = proc.stdout.readline()
            times.append(time.perf_counter() - t0)
            proc.stdout.read()
        assert first.startswith("ok: "), first
    return statistics.median(times)


def bench_chain_and_resume(folder: Path, small: int = 10, large: int = 10_000) -> None:
    """The chain's cost, and resume of a short and a long session (time and memory).

    Targets: the console's first answer on a 10,000-hand session within 1.3x of a
    10-hand one; ``Session.resume``'s memory flat. The whole chain's check (which the
    console and the app run after their first answer) is timed too. The two sessions'
    first answers are timed in turns, so the machine's load falls on both alike.
    """
    import gc
    import statistics
    import tracemalloc

    from omaha_tui.session.live import Session

    built = {}
    for hands in (small, large):
        t0 = time.perf_counter()
        built[hands] = (_recorded(folder / f"s{hands}.sqlite3", hands), time.perf_counter() - t0)
    gc.collect()
    answers: dict[int, list[float]] = {small: [], large: []}
    for _ in range(5):
        for hands in (small, large):
            db, sid = folder / f"s{hands}.sqlite3", built[hands][0]
            answers[hands].append(_console_first_answer(db, sid, runs=3))
    for hands in (small, large):
        db, (sid, seconds_built) = folder / f"s{hands}.sqlite3", built[hands]

        def resume(db: Path = db, sid: int = sid) -> object:
            with Journal.open(db, scan=False) as journal:  # as the console and the app
                return Session.resume(journal, sid)

        def scan(db: Path = db) -> None:  # the file's pages, checked after the first answer
            with Journal.open(db, scan=False) as journal:
                journal.scan()

        seconds = best_of(3, resume)
        scanned = best_of(3, scan)
        tracemalloc.start()
        resume()
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        with Journal.open(db, read_only=True) as journal:
            count = journal.session(sid).event_count
            chain = best_of(3, partial(journal.check_chain, sid))
        answer = statistics.median(answers[hands])
        print(
            f"{hands:>6} hands ({count} events, built in {seconds_built:.1f} s): whole chain "
            f"check {chain * 1000:.0f} ms, page scan {scanned * 1000:.0f} ms (both after the "
            f"first answer); Session.resume {seconds * 1000:.0f} ms, peak "
            f"{peak / 2**20:.1f} MiB; console first answer {answer * 1000:.0f} ms"
        )
    ratio = statistics.median(answers[large]) / statistics.median(answers[small])
    verdict = "ok" if ratio <= 1.3 else "OVER the 1.3x target"
    print(f"console first answer, {large} vs {small} hands: {ratio:.2f}x ({verdict})")


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        if "--resume-only" not in sys.argv:
            bench_append(folder)
            bench_resume(folder)
        bench_chain_and_resume(folder)
    if "--resume-only" not in sys.argv:
        bench_replay()


if __name__ == "__main__":
    main()
