"""Run console transcripts: ``> command`` lines followed by the answers expected.

A transcript file opens with a ``# players: ...`` line (and optionally ``# game:``,
``# blinds:``, ``# seats:``, ``# levels:`` for a blind schedule) naming the table; ``# resume``
on its own line closes the journal and continues the session in a new process-like
``Session.resume``, as after a crash. ``# at: MM:SS`` sets the clock the console reads
to that long after the transcript's start (R2.7: the clock runs in wall time).
``# tournament: --buy-in 20 --stack 1000 ...`` makes the table a tournament (R11).
"""

from __future__ import annotations

import argparse
import io
import shlex
from datetime import UTC, datetime, timedelta
from pathlib import Path

from omaha_tui.cli.play import parse_blinds, parse_players
from omaha_tui.cli.tournament_flags import add_tournament_options, tournament_config
from omaha_tui.console import Console
from omaha_tui.engine.config import Stakes, TableConfig, parse_game
from omaha_tui.engine.rules.tournament.structure import TournamentConfig
from omaha_tui.session import Player, Session, TableSetup
from omaha_tui.session.grammar import parse_levels
from omaha_tui.session.tournament_setup import tournament_chip
from omaha_tui.store.journal import Journal

HERE = Path(__file__).parent / "transcripts"
START = datetime(2026, 1, 1, 20, 0, tzinfo=UTC)


def _tournament(text: str) -> tuple[TournamentConfig, str | None]:
    """A ``# tournament: --buy-in 20 --stack 1000 ...`` header, read as the flags are:
    the structure and the ``--chip`` given, if any (R11.7)."""
    parser = argparse.ArgumentParser()
    add_tournament_options(parser)
    args = parser.parse_args(["--tournament", *shlex.split(text)])
    config = tournament_config(args)
    assert config is not None
    return config, args.chip


def _setup(header: dict[str, str]) -> TableSetup:
    sb, bb = parse_blinds(header.get("blinds", "1/2"))
    schedule = parse_levels(header["levels"]) if "levels" in header else None
    if schedule is not None:
        sb, bb = schedule.levels[0].small_blind, schedule.levels[0].big_blind
    tournament, chip_text = (
        _tournament(header["tournament"]) if "tournament" in header else (None, None)
    )
    stakes = Stakes(small_blind=sb, big_blind=bb)
    if schedule is not None:
        first = schedule.levels[0]
        stakes = Stakes(
            small_blind=sb, big_blind=bb, ante=first.ante, big_blind_ante=first.big_blind_ante
        )
    if tournament is not None:  # R11.7: the tournament's chip, as --chip or its default
        chip = tournament_chip(chip_text, tournament, schedule, stakes)
        stakes = stakes.model_copy(update={"chip": chip})
        if schedule is not None:
            schedule = schedule.model_copy(update={"chip": chip})
    config = TableConfig(
        variant=parse_game(header.get("game", "plo")),
        stakes=stakes,
        structure=header.get("structure", "pl"),  # type: ignore[arg-type]
        seats=int(header.get("seats", "0")),
    )
    if tournament is not None:  # every entry starts with the tournament's stack (R11.1)
        names = [n.strip() for n in header["players"].split(",")]
        players = parse_players(",".join(f"{n}:{tournament.stack}" for n in names))
    else:
        players = parse_players(header["players"])
    seated = tuple(Player(i, n, s) for i, (n, s) in enumerate(players))
    return TableSetup(config, seated, schedule=schedule, tournament=tournament)


def play(text: str, db: Path | None = None) -> str:
    """Run the commands of a transcript and return the transcript they produce: in a
    journal file at ``db``, or in memory (``None``) for a transcript that never resumes."""
    header: dict[str, str] = {}
    out_lines: list[str] = []
    journal = Journal.open(db) if db is not None else Journal.in_memory()
    session: Session | None = None
    console: Console | None = None  # one console per process: it hears the clock (R2.7c)
    clock = [START]
    try:
        for raw in text.splitlines():
            if raw.startswith("# at:"):
                minutes, _, seconds = raw[5:].strip().partition(":")
                clock[0] = START + timedelta(minutes=int(minutes), seconds=int(seconds or 0))
                out_lines.append(raw)
                continue
            if raw.startswith("# ") and ":" in raw and session is None:
                key, _, value = raw[2:].partition(":")
                header[key.strip()] = value.strip()
                out_lines.append(raw)
                continue
            if raw.strip() == "# resume":
                assert session is not None and db is not None, "resuming needs a journal file"
                sid = session.id
                journal.close()
                journal = Journal.open(db)
                session = Session.resume(journal, sid)
                console = Console(session, io.StringIO(), now=lambda: clock[0])
                out_lines.append(raw)
                continue
            if not raw.startswith("> "):
                continue
            if session is None:
                setup = _setup(header)
                session = Session.create(
                    journal, setup.events(), setup.name, setup.schedule, now=START
                )
                console = Console(session, io.StringIO(), now=lambda: clock[0])
            assert console is not None
            buffer = io.StringIO()
            console.out = buffer
            console.line(raw[2:])
            out_lines.append(raw)
            out_lines += buffer.getvalue().splitlines()
    finally:
        journal.close()
    return "\n".join(out_lines) + "\n"
