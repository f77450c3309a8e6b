"""Run console transcripts: ``> command`` lines followed by the answers expected.

A transcript file opens with a ``# players: ...`` line (and optionally ``# game:``,
``# blinds:``) naming the table; ``# resume`` on its own line closes the journal and
continues the session in a new process-like ``Session.resume``, as after a crash.
"""

from __future__ import annotations

import io
from pathlib import Path

from omaha_tui.cli.play import parse_blinds, parse_players
from omaha_tui.console import Console
from omaha_tui.engine.config import Stakes, TableConfig, parse_game
from omaha_tui.session import Player, Session, TableSetup
from omaha_tui.store.journal import Journal

HERE = Path(__file__).parent / "transcripts"


def _setup(header: dict[str, str]) -> TableSetup:
    sb, bb = parse_blinds(header.get("blinds", "1/2"))
    config = TableConfig(
        variant=parse_game(header.get("game", "plo")),
        stakes=Stakes(small_blind=sb, big_blind=bb),
        structure=header.get("structure", "pl"),  # type: ignore[arg-type]
    )
    players = parse_players(header["players"])
    return TableSetup(config, tuple(Player(i, n, s) for i, (n, s) in enumerate(players)))


def play(text: str, db: Path) -> str:
    """Run the commands of a transcript and return the transcript they produce."""
    header: dict[str, str] = {}
    out_lines: list[str] = []
    journal = Journal.open(db)
    session: Session | None = None
    try:
        for raw in text.splitlines():
            if raw.startswith("# ") and ":" in raw and session is None:
                key, _, value = raw[2:].partition(":")
                header[key.strip()] = value.strip()
                out_lines.append(raw)
                continue
            if raw.strip() == "# resume":
                assert session is not None
                sid = session.id
                journal.close()
                journal = Journal.open(db)
                session = Session.resume(journal, sid)
                out_lines.append(raw)
                continue
            if not raw.startswith("> "):
                continue
            if session is None:
                setup = _setup(header)
                session = Session.create(journal, setup.events(), setup.name)
            buffer = io.StringIO()
            Console(session, buffer).line(raw[2:])
            out_lines.append(raw)
            out_lines += buffer.getvalue().splitlines()
    finally:
        journal.close()
    return "\n".join(out_lines) + "\n"
