"""Export, import and read-only opening benchmarks (run: ``python bench/interchange.py``;
not a test). Sizes: ``--hands N`` (default 1,000).

1. Export of an N-hand session as PHH (``.phhs`` with the exact event log) and as JSON.
2. Import of each export back into a journal (one session, identical events checked).
3. Import of the same N hands as another program writes them (no event log): hand by
   hand, consecutive hands joined into one session; sessions made and lock files left.
4. Read-only opening (``Journal.open(read_only=True)`` + the session list) against a
   writable opening, and a follower's poll (``last_seq`` + ``records(after=...)``) while
   the session is open for writing elsewhere.
5. ``--long-hands 5000,25000,100000``: one hand of that many actions replayed for import;
   the time per action must stay flat (linear import).
6. ``--export-only 1000,10000``: export time (wall and CPU, the better of two runs) and
   peak memory (``tracemalloc``, the Python heap; a separate untimed run) of sessions of
   those many hands, as PHH and JSON: a session played at the table, and one imported
   from a plain PHH file of that many hands of one table (its per-hand details kept
   beside the events). The export streams, so each peak must stay flat as the session
   grows.
7. ``--imports-only``: import time (wall and CPU, best of three) of the PHH corpus in
   ``tests/data/phh`` and of an N-hand session as a PHH file with its exact event log,
   as JSON, and as plain PHH (its hands continue tables: where someone goes broke and
   buys in again the table refuses the next hand, which starts a new session; and with
   stacks nobody loses, one table throughout); with each the reducer's
   handler calls per recorded event (1.00 = each event applied once).

Timings are the best of a few runs on whatever machine runs them; compare ratios.
``--root PATH`` measures another checkout of omaha-tui (before and after a change).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if len(sys.argv) > 2 and sys.argv[1] == "--root":  # measure another checkout (before/after)
    ROOT = Path(sys.argv.pop(2)).resolve()
    sys.argv.pop(1)
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from journal import session_events  # noqa: E402

from omaha_tui.engine.events import Event  # noqa: E402
from omaha_tui.interchange.interop import export_session, import_files  # noqa: E402
from omaha_tui.interchange.phh_export import session_hands  # noqa: E402
from omaha_tui.interchange.phh_write import dumps_all  # noqa: E402
from omaha_tui.store.journal import Journal  # noqa: E402
from omaha_tui.store.locks import lock_dir  # noqa: E402


def journal_of(db: Path, events: list[Event]) -> int:
    """A journal at ``db`` holding ``events`` as one session; its id."""
    with Journal.open(db) as journal:
        sid = journal.create_session("bench")
        journal.append_many(sid, events)
        journal.release(sid)
    return sid


def timed(work: Callable[[], object], runs: int = 3) -> tuple[float, object]:
    """The fastest of ``runs`` timings of ``work`` (seconds) and its last result."""
    best, result = float("inf"), None
    for _ in range(runs):
        t0 = time.perf_counter()
        result = work()
        best = min(best, time.perf_counter() - t0)
    return best, result


def long_hand(actions: int) -> str:
    """A heads-up PLO hand of ``actions`` minimum raises, then a fold, as PHH text."""
    lines = ['"d dh p1 AhAdKhKd"', '"d dh p2 2c3c4d5d"']
    to = 2
    for i in range(actions):
        to += 2
        lines.append(f'"p{2 - i % 2} cbr {to}"')
    lines.append(f'"p{2 - actions % 2} f"')
    return (
        'variant = "PO"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
        "starting_stacks = [100000000, 100000000]\nactions = [\n" + ",\n".join(lines) + "\n]\n"
    )


def bench_long_hands(sizes: tuple[int, ...]) -> None:
    """Import of one hand of many actions: the time per action must not grow with them."""
    from omaha_tui.interchange.phh import loads
    from omaha_tui.interchange.phh_replay import replay_hand

    per: list[float] = []
    for n in sizes:
        text = long_hand(n)
        t0 = time.perf_counter()
        (hand,) = loads(text, f"{n}.phh")
        replay_hand(hand)
        seconds = time.perf_counter() - t0
        per.append(seconds / n)
        print(f"one hand of {n:>6} actions: replayed for import in {seconds:6.2f} s")
    print(f"time per action, largest vs smallest: {per[-1] / per[0]:.2f}x (1 = linear)")


def imported_journal_of(db: Path, folder: Path, hands: int) -> int:
    """A journal at ``db`` holding one session imported from a plain PHH file of
    ``hands`` hands of one table (nobody goes broke); its id."""
    plain = folder / f"plain-{hands}.phhs"
    plain.write_text(dumps_all(session_hands(session_events(hands, stack=10**9))))
    with Journal.open(db) as journal:
        (outcome,) = import_files(journal, [plain])
    assert outcome.session_id is not None and outcome.hands == hands, outcome
    return outcome.session_id


def bench_export(sizes: tuple[int, ...]) -> None:
    """Export time and peak memory at each size, of a session played at the table and
    of one imported from PHH: the peak must not grow with the session."""
    peaks: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for kind in ("played", "imported"):
            for n in sizes:
                db = folder / f"{kind}-{n}.sqlite3"
                if kind == "played":
                    sid = journal_of(db, session_events(n))
                else:
                    sid = imported_journal_of(db, folder, n)
                with Journal.open(db, read_only=True) as ro:
                    for fmt in ("phh", "json"):
                        peaks.setdefault(f"{kind} {fmt}", []).append(
                            _export_once(ro, sid, fmt, folder / f"{kind}-{n}-{fmt}", n, kind)
                        )
    for label, values in peaks.items():
        print(f"{label} peak, largest vs smallest: {values[-1] / values[0]:.2f}x (1 = flat)")


def _export_once(ro: Journal, sid: int, fmt: str, out: Path, n: int, kind: str) -> float:
    """Time (the better of two runs) and peak memory (a third, untimed) of one export,
    printed; the peak in MiB."""
    cpu = float("inf")
    for _ in range(2):
        c0 = time.process_time()
        secs, exported = timed(
            lambda: export_session(ro, sid, fmt, out, force=True),  # type: ignore[arg-type]
            runs=1,
        )
        cpu = min(cpu, time.process_time() - c0)
    tracemalloc.start()
    export_session(ro, sid, fmt, out, force=True)  # type: ignore[arg-type]
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    size = Path(str(getattr(exported, "path", exported))).stat().st_size
    print(
        f"export {fmt} of {n:>6} hands {kind}: {secs:6.3f} s, CPU {cpu:6.3f} s "
        f"({n / cpu:,.0f} hands/s, {size:,} bytes), peak {peak:7.2f} MiB"
    )
    return peak


def _counted(work: Callable[[], object]) -> tuple[int, object]:
    """The reducer's handler calls while ``work`` runs, and its result."""
    from omaha_tui.engine.reducer import replay as reducer

    calls = 0
    saved = dict(reducer._HANDLERS)

    def counting(handler: Callable[..., object]) -> Callable[..., object]:
        def counted(state: object, event: object) -> object:
            nonlocal calls
            calls += 1
            return handler(state, event)

        return counted

    reducer._HANDLERS.update({k: counting(h) for k, h in saved.items()})  # type: ignore[misc]
    try:
        result = work()
    finally:
        reducer._HANDLERS.update(saved)
    return calls, result


def bench_imports(hands: int) -> None:
    """Import time and handler calls per recorded event of the corpus and of an N-hand
    session in each form an import reads."""
    corpus = sorted((ROOT / "tests" / "data" / "phh").rglob("*.phh"))
    events = session_events(hands)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        db = folder / "j.sqlite3"
        sid = journal_of(db, events)
        with Journal.open(db) as journal:
            for fmt in ("phh", "json"):
                export_session(journal, sid, fmt, folder / fmt)
        plain = folder / "plain.phhs"
        plain.write_text(dumps_all(session_hands(events)))
        deep = folder / "deep.phhs"  # nobody goes broke: every hand continues the table
        deep.write_text(dumps_all(session_hands(session_events(hands, stack=10**9))))
        cases = (
            (f"corpus ({len(corpus)} files)", corpus),
            (f"{hands} hands, PHH with its event log", [folder / "phh" / "session-1.phhs"]),
            (f"{hands} hands, JSON", [folder / "json" / "session-1.json"]),
            (f"{hands} hands, plain PHH", [plain]),
            (f"{hands} hands, plain PHH, one table throughout", [deep]),
        )
        for k, (label, paths) in enumerate(cases):
            runs = 0

            def once(paths: list[Path] = paths, k: int = k) -> list[int]:
                nonlocal runs
                runs += 1
                with Journal.open(folder / f"in-{k}-{runs}.sqlite3") as journal:
                    outcomes = import_files(journal, paths)
                    sids = [o.session_id for o in outcomes if o.session_id is not None]
                    return [len(journal.events(s)) for s in sids]

            secs, _ = timed(once)
            cpu = float("inf")
            for _ in range(3):
                c0 = time.process_time()
                once()
                cpu = min(cpu, time.process_time() - c0)
            calls, recorded = _counted(once)
            total = sum(recorded)  # type: ignore[arg-type]
            print(
                f"import {label}: {secs * 1e3:8.1f} ms, CPU {cpu * 1e3:8.1f} ms; {total} events in "
                f"{len(recorded)} session(s), {calls / total:.2f} handler calls per event"  # type: ignore[arg-type]
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument(
        "--long-hands",
        default="",
        help="only time importing single hands of these many actions, e.g. 5000,25000,100000",
    )
    parser.add_argument(
        "--export-only",
        default="",
        help="only time exports (and their peak memory) of these many hands, e.g. 1000,10000",
    )
    parser.add_argument(
        "--imports-only",
        action="store_true",
        help="only time imports (corpus and --hands) and count handler calls per event",
    )
    args = parser.parse_args()
    if args.imports_only:
        bench_imports(args.hands)
        return
    if args.export_only:
        bench_export(tuple(int(n) for n in args.export_only.split(",")))
        return
    if args.long_hands:
        bench_long_hands(tuple(int(n) for n in args.long_hands.split(",")))
        return
    events = session_events(args.hands)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        db = folder / "j.sqlite3"
        sid = journal_of(db, events)
        print(f"session: {args.hands} hands, {len(events)} events")
        with Journal.open(db, read_only=True) as ro:
            for fmt in ("phh", "json"):
                out = folder / fmt
                secs, path = timed(lambda: export_session(ro, sid, fmt, out, force=True))  # noqa: B023
                size = Path(str(getattr(path, "path", path))).stat().st_size
                print(
                    f"export {fmt}: {secs:.3f} s ({args.hands / secs:,.0f} hands/s, {size:,} bytes)"
                )
        for fmt, name in (("phh", "session-1.phhs"), ("json", "session-1.json")):
            target = folder / f"in-{fmt}.sqlite3"
            with Journal.open(target) as journal:
                t0 = time.perf_counter()
                (outcome,) = import_files(journal, [folder / fmt / name])
                secs = time.perf_counter() - t0
                same = journal.events(outcome.session_id or 0) == events
            print(
                f"import {fmt} export: {secs:.3f} s ({args.hands / secs:,.0f} hands/s), "
                f"identical: {same}"
            )
        foreign = folder / "foreign.phhs"
        foreign.write_text(dumps_all(session_hands(events)))
        target = folder / "foreign.sqlite3"
        with Journal.open(target) as journal:
            t0 = time.perf_counter()
            outcomes = import_files(journal, [foreign])
            secs = time.perf_counter() - t0
            hands = sum(o.hands for o in outcomes if o.session_id is not None)
        locks = list(lock_dir(target).iterdir()) if lock_dir(target).exists() else []
        print(
            f"import without event log: {secs:.3f} s ({hands / secs:,.0f} hands/s), "
            f"{hands} hands -> {len(outcomes)} session(s), lock files left: {len(locks)}"
        )
        with Journal.open(db) as writer:
            writer.claim(sid)  # the table is being played elsewhere
            ro_open, _ = timed(lambda: Journal.open(db, read_only=True).close(), runs=20)
            rw_open, _ = timed(lambda: Journal.open(db).close(), runs=20)
            listing, _ = timed(lambda: _list(db), runs=20)
            with Journal.open(db, read_only=True) as follower:
                last = follower.last_seq(sid)
                poll, _ = timed(lambda: follower.records(sid, after=last), runs=50)
                poll_seq, _ = timed(lambda: follower.last_seq(sid), runs=50)
        print(
            f"open read-only: {ro_open * 1e3:.2f} ms; writable: {rw_open * 1e3:.2f} ms "
            f"(ratio {rw_open / ro_open:.1f}); read-only open + session list: "
            f"{listing * 1e3:.2f} ms"
        )
        print(
            f"follower poll while written elsewhere: last_seq {poll_seq * 1e6:.0f} us, "
            f"records(after=last) {poll * 1e6:.0f} us"
        )


def _list(db: Path) -> object:
    with Journal.open(db, read_only=True) as journal:
        return journal.sessions()


if __name__ == "__main__":
    main()
