"""Child process of the crash test: append events forever, printing each acknowledged seq.

Usage: ``python journal_writer.py DB``. The events are a pure function of their sequence
number (:func:`expected_event`) so the test can check every stored one exactly.
"""

from __future__ import annotations

import sys
from pathlib import Path

from omaha_tui.engine.config import VARIANTS, Stakes, TableConfig
from omaha_tui.engine.events import Event, PlayerRebought, PlayerSeated, SessionStarted

CONFIG = TableConfig(variant=VARIANTS["omaha"], stakes=Stakes(big_blind=2))


def expected_event(seq: int) -> Event:
    """The event stored at ``seq`` (1-based): a table, two players, then rebuys."""
    if seq == 1:
        return SessionStarted(config=CONFIG, title="crash test")
    if seq in (2, 3):
        return PlayerSeated(seat=seq - 2, name=("Ann", "Bob")[seq - 2], stack=200)
    return PlayerRebought(seat=seq % 2, amount=seq)


def main(db: Path) -> None:
    from omaha_tui.store.journal import Journal

    journal = Journal.open(db)
    sessions = journal.sessions()
    sid = sessions[0].id if sessions else journal.create_session("crash test")
    seq = journal.session(sid).event_count
    print("ready", flush=True)
    while True:
        seq = journal.append(sid, expected_event(seq + 1))
        print(seq, flush=True)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
