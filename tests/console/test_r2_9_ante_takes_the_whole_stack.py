"""R2.9: a big blind whose stack the big-blind ante takes whole is all in, dealt in and
eligible for the whole ante (R5.2); the table hears that nothing was left for the blind,
not that a blind of 0 was posted."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def test_r2_9_a_stack_the_ante_takes_whole_posts_no_blind_and_plays_for_the_ante(
    tmp_path: Path,
) -> None:
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "omaha_tui",
            "console",
            "--db",
            str(tmp_path / "j.sqlite3"),
            "--players",
            "Ann:100,Bob:100,Cy:3",
            "--levels",
            "1/2/bb3:20",
        ],
        input="next\nstate\n",
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    assert out[0].endswith(
        "Cy posts ante 3; Bob posts small blind 1; "
        "Cy has nothing left for the big blind (all in on the ante, R2.9)"
    )
    assert "Cy 0 all in" in out[1] and "Main pot 3: Ann, Bob, Cy" in out[1]
    assert "blind 0" not in "\n".join(out)
