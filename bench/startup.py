"""Start-up cost of the commands a dealer waits for, as ratios to ``omaha-tui --version``.

``omaha-tui equity`` on a PLO flop should take at most 1.5x ``--version`` end to end and
``read`` of one deal at most 1.3x; ``console`` is the console's first answer (a new
table, one ``state``), which should come within 1.3x the pydantic floor below (its
``first line`` over the floor's wall time, printed as ``console / pydantic floor``).
Each command runs ``--runs``
times as its own process; the median of the CPU time it used (user + system, steadier
than wall time on a busy machine) and of the wall time are printed with their ratios.
``console`` is measured to the process's end, which includes what follows the answer
(the whole record's check, closing the journal, the interpreter's exit);
``first line`` is the wall time from starting the process to reading its answer; each
run opens a new journal file.

Two floors are printed beside them: a bare interpreter (``python -c pass``) and one that
only imports pydantic and builds and validates one model, the least any answer needs when
the engine's events and configuration are pydantic models (DESIGN: "Events are a pydantic
discriminated union"). What the console's first line takes above the second floor is the
program's own share. The console's ratios to that floor are the medians of each run's own
ratio, the floor run just before it, so that other work on a shared machine slows both
alike. Run:
``python bench/startup.py [--runs 15]``; ``python -X importtime -m omaha_tui ...`` shows
where a command's import time goes.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

BASE = [sys.executable, "-m", "omaha_tui"]
EQUITY = ["--game", "plo", "--board", "Ah 7h 2c", "--hand", "Ann: As Ks Qd Jd"]
READ = ["--game", "plo", "--board", "4h 5c 7h Qs Ad", "--hand", "Ann: Ah 2s Kh Ks"]
FLOORS = {
    "python": [sys.executable, "-c", "pass"],
    "pydantic": [
        sys.executable,
        "-c",
        "from pydantic import BaseModel\nclass M(BaseModel):\n    x: int\nM(x=1)",
    ],
}
COMMANDS = {
    "version": ["--version"],
    "equity": ["equity", *EQUITY, "--hand", "Bob: 7c 7d 2h 2s"],
    "read": ["read", *READ, "--hand", "Bob: As 3s Qh Qd"],
}


def measure(argv: list[str], runs: int, stdin: bytes = b"") -> tuple[float, float]:
    """Median CPU seconds and wall seconds of ``argv`` as a fresh process."""
    cpu, wall = [], []
    for _ in range(runs):
        before = _children_cpu()
        start = time.perf_counter()
        subprocess.run(argv, input=stdin, capture_output=True, check=True)
        wall.append(time.perf_counter() - start)
        cpu.append(_children_cpu() - before)
    return statistics.median(cpu), statistics.median(wall)


def _children_cpu() -> float:
    """CPU seconds (user + system) used by the finished children so far, to the
    microsecond (``os.times`` counts in clock ticks, 10 ms here)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def answer(
    argv: Callable[[int], list[str]], runs: int, stdin: bytes, floor: list[str]
) -> tuple[float, float, float, float, float, float]:
    """Median CPU and wall seconds of ``argv(run)`` to its end and median wall seconds to
    the first line it prints (with its input still open); the ``floor``'s median wall
    time, and the medians of each run's first line over the floor's wall time and whole
    CPU over the floor's CPU: the floor runs just before each run, so a machine that
    others load slows both alike."""
    cpu, wall, first, floors, first_ratio, cpu_ratio = [], [], [], [], [], []
    for run in range(runs):
        floor_cpu, floor_wall = measure(floor, 1)
        floors.append(floor_wall)
        c, w = measure(argv(2 * run), 1, stdin)
        cpu.append(c)
        wall.append(w)
        start = time.perf_counter()
        with subprocess.Popen(
            argv(2 * run + 1),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        ) as process:
            assert process.stdin is not None and process.stdout is not None
            process.stdin.write(stdin)
            process.stdin.flush()
            if not process.stdout.readline():
                raise RuntimeError(f"{argv(0)} printed nothing")
            first.append(time.perf_counter() - start)
            process.stdin.close()
            process.wait()
        first_ratio.append(first[-1] / floor_wall)
        cpu_ratio.append(c / floor_cpu)
    return (
        statistics.median(cpu),
        statistics.median(wall),
        statistics.median(first),
        statistics.median(floors),
        statistics.median(first_ratio),
        statistics.median(cpu_ratio),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    floors = {name: measure(argv, args.runs) for name, argv in FLOORS.items()}
    results = {name: measure(BASE + argv, args.runs) for name, argv in COMMANDS.items()}
    with tempfile.TemporaryDirectory() as tmp:  # the console's first answer, a new table

        def console(run: int) -> list[str]:  # a new journal file each run
            db = str(Path(tmp) / f"j{run}.sqlite3")
            return [*BASE, "--db", db, "console", "--players", "Ann:200,Bob:200,Cy:200"]

        cpu, wall, answered, floor_wall, ratio, cpu_ratio = answer(
            console, args.runs, b"state\n", FLOORS["pydantic"]
        )
        results["console"] = (cpu, wall)
    base_cpu, base_wall = results["version"]
    for name, (cpu, wall) in results.items():
        print(
            f"{name:8} cpu {cpu * 1000:6.0f} ms ({cpu / base_cpu:4.2f}x)   "
            f"wall {wall * 1000:6.0f} ms ({wall / base_wall:4.2f}x)"
        )
    print(f"{'first line':19} wall {answered * 1000:6.0f} ms ({answered / base_wall:4.2f}x)")
    for name, (cpu, wall) in floors.items():
        print(f"floor {name:8} cpu {cpu * 1000:6.0f} ms   wall {wall * 1000:6.0f} ms")
    own = answered - floor_wall  # the floor's runs beside the console's
    print(f"first line above the pydantic floor: {own * 1000:.0f} ms (the program's own share)")
    print(
        f"console / pydantic floor: first line {ratio:.2f}x wall, "
        f"whole run {cpu_ratio:.2f}x cpu (target: first line 1.30x; medians of "
        f"{args.runs} runs, each beside a floor run just before it)"
    )


if __name__ == "__main__":
    main()
