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
6. ``--export-only 1000,10000``: export time (wall and CPU, the better of ``--runs``) and
   peak memory (``tracemalloc``, the Python heap; a separate untimed run) of sessions of
   those many hands, as PHH and JSON: a session played at the table, and one imported
   from a plain PHH file of that many hands of one table (its per-hand details kept
   beside the events). Each line gives the CPU time per hand, and for PHH the ratio to
   pokerkit's parser (``HandHistory.load_all``) reading the file written; the last lines
   compare the time per hand and the peak of the largest size with the smallest's
   (1.00 = linear, flat).
7. ``--imports-only``: import time (wall and CPU, the best of ``--runs``) of the PHH
   corpus in ``tests/data/phh`` and, at each size of ``--hands`` (``1000,10000``), of
   a session of that many hands as a PHH file with its exact event log, as JSON, and
   as plain PHH (its hands continue tables: where someone goes broke and buys in again
   the table refuses the next hand, which starts a new session; and with stacks nobody
   loses, one table throughout); each with the CPU time per hand and the ratio to
   pokerkit's parser reading the same file (PHH), and, at the smallest size, the
   reducer's handler calls per recorded event (1.00 = each event applied once). The
   last lines compare the time per hand of the largest size with the smallest's.

``--cache DIR`` keeps the sessions and files built for each size in ``DIR`` and reuses
them on the next run (they depend only on the size: building a 10,000-hand session
takes minutes); without it they are built in a temporary folder and removed.

Timings are the best of a few runs on whatever machine runs them; compare ratios.
``--root PATH`` measures another checkout of omaha-tui (before and after a change).
"""

from __future__ import annotations

import argparse
import contextlib
import shutil
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from decimal import Decimal
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


def _built(path: Path, make: Callable[[Path], object]) -> Path:
    """``path``, made by ``make`` (given a temporary name beside it) unless it is there:
    a build cut short leaves nothing that a later run would reuse."""
    if not path.exists():
        part = path.with_name(path.name + ".part")
        _remove(part)
        make(part)
        part.rename(path)
        _remove(part)  # what a journal leaves beside its file (its lock folder)
    return path


def _remove(path: Path) -> None:
    """``path`` and everything named after it (``path.locks``, ``path-wal``) removed."""
    for found in path.parent.glob(f"{path.name}*"):
        if found.is_dir():
            shutil.rmtree(found)
        else:
            found.unlink()


def _first_session(db: Path) -> int:
    with Journal.open(db, read_only=True) as journal:
        return journal.sessions()[0].id


def _plain(hands: int, stack: int) -> Callable[[Path], object]:
    """Writes the PHH hands of a session of ``hands`` hands (``stack`` each) to a path."""
    return lambda path: path.write_text(
        dumps_all(session_hands(session_events(hands, stack=stack)))
    )


def played_db(folder: Path, hands: int) -> Path:
    """A journal holding one session of ``hands`` hands played at the table."""
    return _built(
        folder / f"played-{hands}.sqlite3", lambda p: journal_of(p, session_events(hands))
    )


def plain_file(folder: Path, hands: int) -> Path:
    """The session of :func:`played_db` as another program writes it (no event log)."""
    return _built(folder / f"plain-{hands}.phhs", _plain(hands, 10_000))


def deep_file(folder: Path, hands: int) -> Path:
    """A plain PHH file of ``hands`` hands of one table (nobody goes broke, so every
    hand continues the table)."""
    return _built(folder / f"deep-{hands}.phhs", _plain(hands, 10**9))


def imported_db(folder: Path, hands: int) -> Path:
    """A journal holding one session imported from :func:`deep_file`."""

    def make(db: Path) -> None:
        with Journal.open(db) as journal:
            (outcome,) = import_files(journal, [deep_file(folder, hands)])
        assert outcome.session_id is not None and outcome.hands == hands, outcome

    return _built(folder / f"imported-{hands}.sqlite3", make)


def exported(folder: Path, hands: int, fmt: str) -> Path:
    """The export (``phh`` or ``json``) of :func:`played_db`'s session."""
    name = "session-1.phhs" if fmt == "phh" else "session-1.json"

    def make(out: Path) -> None:
        db = played_db(folder, hands)
        with Journal.open(db, read_only=True) as ro:
            written = export_session(ro, _first_session(db), fmt, out)  # type: ignore[arg-type]
        assert written.path.name == name, written

    return _built(folder / f"export-{hands}-{fmt}", make) / name


def pokerkit_seconds(path: Path, runs: int) -> float | None:
    """CPU seconds pokerkit's parser takes to read a PHH file (the best of ``runs``;
    ``None``: pokerkit is not installed)."""
    try:
        from pokerkit import HandHistory
    except ImportError:
        return None
    best = float("inf")
    for _ in range(runs):
        c0 = time.process_time()
        with path.open("rb") as f:
            for _ in HandHistory.load_all(f, parse_value=Decimal):
                pass
        best = min(best, time.process_time() - c0)
    return best


def _vs_pokerkit(cpu: float, path: Path, runs: int) -> str:
    theirs = pokerkit_seconds(path, runs) if path.suffix in (".phh", ".phhs") else None
    return "" if theirs is None else f", {cpu / theirs:5.2f}x pokerkit's parser ({theirs:.2f} s)"


def _flatness(label: str, sizes: tuple[int, ...], per: dict[int, float]) -> None:
    if len(per) > 1:
        small, large = min(per), max(per)
        print(
            f"{label}: CPU per hand at {large} vs {small} hands: "
            f"{per[large] / per[small]:.2f}x (1 = linear)"
        )


def bench_export(sizes: tuple[int, ...], folder: Path, runs: int) -> None:
    """Export time and peak memory at each size, of a session played at the table and
    of one imported from PHH: the time per hand and the peak must not grow with it."""
    peaks: dict[str, list[float]] = {}
    per: dict[str, dict[int, float]] = {}
    for kind in ("played", "imported"):
        for n in sizes:
            db = played_db(folder, n) if kind == "played" else imported_db(folder, n)
            sid = _first_session(db)
            with Journal.open(db, read_only=True) as ro:
                for fmt in ("phh", "json"):
                    out = folder / f"out-{kind}-{n}-{fmt}"
                    peak, cpu = _export_once(ro, sid, fmt, out, n, kind, runs)
                    peaks.setdefault(f"{kind} {fmt}", []).append(peak)
                    per.setdefault(f"export {kind} {fmt}", {})[n] = cpu / n
                    shutil.rmtree(out, ignore_errors=True)
    for label, values in per.items():
        _flatness(label, sizes, values)
    for label, peak in peaks.items():
        print(f"{label} peak, largest vs smallest: {peak[-1] / peak[0]:.2f}x (1 = flat)")


def _export_once(
    ro: Journal, sid: int, fmt: str, out: Path, n: int, kind: str, runs: int
) -> tuple[float, float]:
    """Time and CPU (the best of ``runs``) and peak memory (an untimed run) of one
    export, printed; the peak in MiB and the CPU seconds."""
    cpu = secs = float("inf")
    exported = None
    for _ in range(runs):
        c0, t0 = time.process_time(), time.perf_counter()
        exported = export_session(ro, sid, fmt, out, force=True)  # type: ignore[arg-type]
        secs = min(secs, time.perf_counter() - t0)
        cpu = min(cpu, time.process_time() - c0)
    tracemalloc.start()
    export_session(ro, sid, fmt, out, force=True)  # type: ignore[arg-type]
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    path = Path(str(getattr(exported, "path", exported)))
    print(
        f"export {fmt} of {n:>6} hands {kind}: {secs:7.3f} s, CPU {cpu:7.3f} s, "
        f"{cpu / n * 1e3:6.3f} ms/hand{_vs_pokerkit(cpu, path, runs)}, "
        f"{path.stat().st_size:,} bytes, peak {peak:6.2f} MiB"
    )
    return peak, cpu


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


def bench_imports(sizes: tuple[int, ...], folder: Path, runs: int) -> None:
    """Import time of the corpus and of a session of each size in each form an import
    reads; per hand, against pokerkit's parser, and handler calls per recorded event."""
    corpus = sorted((ROOT / "tests" / "data" / "phh").rglob("*.phh"))
    cases: list[tuple[str, int | None, list[Path]]] = [
        (f"corpus ({len(corpus)} files)", None, corpus)
    ]
    for n in sizes:
        cases += [
            (f"{n} hands, PHH with its event log", n, [exported(folder, n, "phh")]),
            (f"{n} hands, JSON", n, [exported(folder, n, "json")]),
            (f"{n} hands, plain PHH", n, [plain_file(folder, n)]),
            (f"{n} hands, plain PHH, one table throughout", n, [deep_file(folder, n)]),
        ]
    per: dict[str, dict[int, float]] = {}
    for k, (label, n, paths) in enumerate(cases):
        runs_done = 0

        def once(paths: list[Path] = paths, k: int = k) -> tuple[list[int], list[str]]:
            nonlocal runs_done
            runs_done += 1
            db = folder / f"in-{k}-{runs_done}.sqlite3"
            try:
                with Journal.open(db) as journal:
                    outcomes = import_files(journal, paths)
                    sids = [o.session_id for o in outcomes if o.session_id is not None]
                    errors = [o.error for o in outcomes if o.error is not None]
                    return [len(journal.events(s)) for s in sids], errors
            finally:
                _remove(db)

        cpu = secs = float("inf")
        recorded: list[int] = []
        errors: list[str] = []
        for _ in range(runs):
            c0, t0 = time.process_time(), time.perf_counter()
            recorded, errors = once()
            secs = min(secs, time.perf_counter() - t0)
            cpu = min(cpu, time.process_time() - c0)
        total = sum(recorded)
        counts = ""
        if total and (n is None or n == min(sizes)):
            calls, _ = _counted(once)
            counts = f", {calls / total:.2f} handler calls per event"
        line = f"import {label}: {secs:8.3f} s, CPU {cpu:8.3f} s"
        if n is not None and total:
            line += f", {cpu / n * 1e3:6.3f} ms/hand{_vs_pokerkit(cpu, paths[0], runs)}"
            per.setdefault(label.split(", ", 1)[1], {})[n] = cpu / n
        line += f"; {total} events in {len(recorded)} session(s){counts}"
        if n is not None and errors:
            line += f"; REFUSED: {errors[0]}"
        print(line)
    for label, values in per.items():
        _flatness(f"import {label}", sizes, values)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--hands", default="1000", help="hands (with --imports-only: sizes, e.g. 1000,10000)"
    )
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
    parser.add_argument(
        "--cache",
        type=Path,
        help="keep the sessions and files built for each size here and reuse them",
    )
    parser.add_argument("--runs", type=int, help="timed runs of each export or import")
    args = parser.parse_args()
    sizes = tuple(int(n) for n in str(args.hands).split(","))
    if args.imports_only or args.export_only:
        with contextlib.ExitStack() as stack:
            if args.cache is None:
                folder = Path(stack.enter_context(tempfile.TemporaryDirectory()))
            else:
                folder = args.cache
                folder.mkdir(parents=True, exist_ok=True)
            if args.imports_only:
                bench_imports(sizes, folder, args.runs or 3)
            else:
                export_sizes = tuple(int(n) for n in args.export_only.split(","))
                bench_export(export_sizes, folder, args.runs or 2)
        return
    if args.long_hands:
        bench_long_hands(tuple(int(n) for n in args.long_hands.split(",")))
        return
    (hands,) = sizes
    events = session_events(hands)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        db = folder / "j.sqlite3"
        sid = journal_of(db, events)
        print(f"session: {hands} hands, {len(events)} events")
        with Journal.open(db, read_only=True) as ro:
            for fmt in ("phh", "json"):
                out = folder / fmt
                secs, path = timed(lambda: export_session(ro, sid, fmt, out, force=True))  # noqa: B023
                size = Path(str(getattr(path, "path", path))).stat().st_size
                print(f"export {fmt}: {secs:.3f} s ({hands / secs:,.0f} hands/s, {size:,} bytes)")
        for fmt, name in (("phh", "session-1.phhs"), ("json", "session-1.json")):
            target = folder / f"in-{fmt}.sqlite3"
            with Journal.open(target) as journal:
                t0 = time.perf_counter()
                (outcome,) = import_files(journal, [folder / fmt / name])
                secs = time.perf_counter() - t0
                same = journal.events(outcome.session_id or 0) == events
            print(
                f"import {fmt} export: {secs:.3f} s ({hands / secs:,.0f} hands/s), "
                f"identical: {same}"
            )
        foreign = folder / "foreign.phhs"
        foreign.write_text(dumps_all(session_hands(events)))
        target = folder / "foreign.sqlite3"
        with Journal.open(target) as journal:
            t0 = time.perf_counter()
            outcomes = import_files(journal, [foreign])
            secs = time.perf_counter() - t0
            done = sum(o.hands for o in outcomes if o.session_id is not None)
        locks = list(lock_dir(target).iterdir()) if lock_dir(target).exists() else []
        print(
            f"import without event log: {secs:.3f} s ({done / secs:,.0f} hands/s), "
            f"{done} hands -> {len(outcomes)} session(s), lock files left: {len(locks)}"
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
