"""Child process standing in for the dealer's app: it records what it is told.

Usage: ``python -m tests.display.dealer_process DB``. Each line on stdin is a JSON list
of events (as the journal stores them); they are appended to the journal's first session
in one write, holding the session's lock as the dealer's app does, and ``ok SEQ`` is
printed once they are durable. The first line creates the session; its ``meta`` key,
when present, is stored with it (the blind schedule).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from omaha_tui.engine.events import EVENT_ADAPTER


def main(db: Path) -> None:
    from omaha_tui.store.journal import Journal

    journal = Journal.open(db)
    sid: int | None = None
    print("ready", flush=True)
    for line in sys.stdin:
        batch = json.loads(line)
        if sid is None:
            sid = journal.create_session("friday game", meta=batch.get("meta") or {})
        events = [EVENT_ADAPTER.validate_python(e) for e in batch["events"]]
        seq = journal.append_many(sid, events)
        print(f"ok {seq}", flush=True)
    journal.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]))
