"""The console loop: one command per line in, one line (or JSON object) out.

For screen-reader users, typists and scripts. Lines come from stdin; with a
terminal there is a prompt and readline history, piped there is neither. Every
line gets exactly one answer, ``ok: <what happened>`` or ``refused: <why, and what is
allowed>``; with ``--json`` one object ``{"ok", "message", "state"}`` instead. The
loop stops at end of input or after ``end``; only a journal failure makes the exit
code non-zero. The session does the work; this module only reads and prints.
"""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any, TextIO

from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.outcomes import Ask
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.labels import printable
from omaha_tui.session import Outcome, Session
from omaha_tui.session.clock import Announcement, Announcer, clock_line
from omaha_tui.session.command_types import Local
from omaha_tui.session.commands import NEW_JOURNAL, parse_line, usage
from omaha_tui.session.grammar import GrammarError
from omaha_tui.session.verify import RecordCheck
from omaha_tui.session.view import TableView, table_view

from .report import ledger_line, state_json, state_line

NO_CLOCK = 'this table has no blind clock: start it with --levels, e.g. "1/2:20,2/4:20"'
EXIT_OK = 0
EXIT_JOURNAL = 1
GONE_HINT = (
    "type `new journal PATH` to write the table to a new journal from memory (every "
    "acknowledged event is kept), or quit"
)


def answer_hint(ask: Ask, state: Any) -> str:
    """How to answer an :class:`Ask` with a console line."""
    words = []
    for choice in ask.choices:
        r = choice.request
        match r:
            case rq.Bet(confirm_all_in=True) | rq.RaiseTo(confirm_all_in=True):
                words.append("allin")
            case rq.SeatPlayer(seat=seat, name=name, stack=stack, post_now=post):
                words.append(f"seat {seat + 1} {name} {stack} {'post' if post else 'wait'}")
            case rq.Back(post_now=post):
                words.append(f"back {state.seats[r.seat].name} {'post' if post else 'wait'}")
            case rq.Rebuy(amount=amount, post_now=post):
                name = state.seats[r.seat].name
                words.append(f"rebuy {name} {amount} {'post' if post else 'wait'}")
            case rq.NextHand(die_roll=roll):
                words.append(f"next {roll}")
    return f"{ask.question} say: {' | '.join(dict.fromkeys(words))}" if words else ask.question


class Console:
    """Runs lines against one :class:`Session` and writes the answers."""

    def __init__(
        self,
        session: Session,
        out: TextIO,
        *,
        as_json: bool = False,
        now: Callable[[], datetime] | None = None,
    ) -> None:
        self.session = session
        self.out = out
        self.as_json = as_json
        self.failed = False
        self.gone = False  # the journal vanished and the table is not yet written anew
        self.now = now or (lambda: datetime.now(UTC))  # the blind clock's time (R2.7)
        self._ear = Announcer()  # R2.7c: what the table hears, each new level once
        self._ear.hear(session.clock(self.now()))

    def view(self) -> TableView | None:
        """The session's view model of the table now (None before a table is set up)."""
        state = self.session.state
        return table_view(state, self.session.available()) if state.config is not None else None

    def document(self) -> dict[str, Any]:
        """The session's one JSON of the table now (the display's ``room.json`` too)."""
        session = self.session
        title = session.journal.session(session.id).title
        seq = session.journal.last_seq(session.id)
        return state_json(
            session.state, self.view(), session.clock(self.now()), title=title, seq=seq
        )

    def greeting(self) -> str:
        """The first line a person at the prompt reads: the table now, and where help is."""
        return f"omaha-tui console: {state_line(self.view())}. Type help for the commands."

    def run(self, lines: Iterable[str], *, check_log: bool = False) -> int:
        """Answer every line; returns the exit code.

        ``check_log``: once the first answer is out, check the whole record (the file's
        pages and the session's chain, :mod:`omaha_tui.session.verify`) on a thread, and
        say any damage in one line before the first answer after the check ends, or
        when the console closes.
        """
        check: RecordCheck | None = None
        try:
            for line in lines:
                if not line.strip() or line.lstrip().startswith("#"):
                    continue
                if line.strip().lower() in ("exit", "quit"):
                    break
                if check is not None and check.done():
                    self._say_damage(check)
                    check = None
                outcome = self.line(line)
                if outcome.journal_failed:
                    return EXIT_JOURNAL
                if outcome.journal_gone:  # the dealer chooses: a new journal, or quit
                    continue
                if check_log:
                    check_log = False
                    check = RecordCheck(self.session.journal.path, self.session.id)
                if self.session.state.ended:
                    break
        finally:
            if check is not None:
                self._say_damage(check)
        return EXIT_JOURNAL if self.gone else EXIT_OK

    def _say_damage(self, check: RecordCheck) -> None:
        if (damage := check.result()) is not None:
            self.print(Outcome(False, damage, refused=True))

    def line(self, line: str) -> Outcome:
        """Answer one line (and print the answer), with what the clock announced while
        the console waited for it (before the answer) and because of it (after)."""
        waited = self.announcements()
        outcome = self.execute(line)
        if outcome.journal_gone:
            self.gone = True
            outcome = replace(outcome, message=f"{outcome.message}; {GONE_HINT}")
        self.print(outcome, waited, self.announcements())
        return outcome

    def announcements(self) -> tuple[Announcement, ...]:
        """R2.7c: what came due since the clock was last read (the last minute of a
        level or a break, a break, a new level)."""
        return self._ear.hear(self.session.clock(self.now()))

    def execute(self, line: str) -> Outcome:
        session = self.session
        try:
            parsed = parse_line(session.state, line)
        except GrammarError as e:
            return Outcome(False, str(e), refused=True)
        if isinstance(parsed, Local):
            return self._local(parsed.name)
        outcome = session.request(parsed, now=self.now())
        if outcome.ask is not None:
            return Outcome(False, answer_hint(outcome.ask, session.state), ask=outcome.ask)
        return outcome

    def _local(self, name: str) -> Outcome:
        session = self.session
        if name.startswith(NEW_JOURNAL):
            outcome = session.write_anew(name.removeprefix(NEW_JOURNAL))
            self.gone = self.gone and not outcome.ok
            return outcome
        match name:
            case "undo":
                return session.undo()
            case "redo":
                return session.redo()
            case "state":
                return Outcome(True, state_line(self.view()))
            case "why":  # the showdown's read model, as the app's showdown screen shows it
                try:
                    config = session.state.config
                    decimals = config.decimals if config is not None else 0
                    from omaha_tui.session.showdown import explanation  # the first `why`

                    return Outcome(True, explanation(session.state, decimals))
                except RuleError as e:
                    return Outcome(False, str(e), refused=True)
            case "ledger" if session.state.tournament is not None:  # R11, R12
                from omaha_tui.session.commands_tournament import tournament_ledger

                return Outcome(True, tournament_ledger(session.state))
            case "ledger":
                return Outcome(True, ledger_line(session.state))
            case "settle" | "settle banker":
                from omaha_tui.store.settlement import session_settlement

                lines = session_settlement(session.state, bank=name == "settle banker")
                return Outcome(True, " | ".join(lines))
            case "clock":
                view = session.clock(self.now())
                if view is None:
                    return Outcome(False, NO_CLOCK, refused=True)
                return Outcome(True, clock_line(view))
            case "standings":
                from omaha_tui.session.commands_tournament import standings_line
                from omaha_tui.session.tournament import next_break

                ok = session.state.tournament is not None
                when = next_break(session.clock(self.now()))
                return Outcome(ok, standings_line(session.state, when), refused=not ok)
        if name.startswith("deal "):  # R11.5: a proposal, nothing recorded
            from omaha_tui.session.commands_tournament import proposal_line

            ok, message = proposal_line(session.state, name)
            return Outcome(ok, message, refused=not ok)
        return Outcome(True, usage())

    def print(
        self,
        outcome: Outcome,
        before: tuple[Announcement, ...] = (),
        after: tuple[Announcement, ...] = (),
    ) -> None:
        """The answer: ``ok: ...`` or ``refused: ...``, with ``announce: ...`` lines for
        what the clock announced (those the answer says already are left out); with
        ``--json`` one object whose ``announcements`` lists every sentence."""
        if self.as_json:
            obj: dict[str, Any] = {
                "ok": outcome.ok,
                "message": shown(outcome.message),
                "state": self.document(),
                "announcements": [a.text for a in (*before, *after)],
            }
            self.out.write(json.dumps(obj, separators=(",", ":")) + "\n")
        else:
            word = "ok" if outcome.ok else "refused"
            lines = [f"announce: {a.text}" for a in before if a.on_screen]
            lines.append(f"{word}: {shown(outcome.message)}")
            lines += [f"announce: {a.text}" for a in after if a.on_screen]
            self.out.write("".join(f"{line}\n" for line in lines))
        self.out.flush()


def shown(message: str) -> str:
    """An answer as it is printed: what it quotes of a line (a bidi mark, a separator
    that ends a line) shown as escapes, so an answer is the lines it means to be."""
    return "\n".join(printable(part) for part in message.split("\n"))


def read_lines(stream: TextIO, prompt: str = "omaha> ") -> Iterator[str]:
    """Lines from ``stream``: with a prompt and readline history on a terminal."""
    if not stream.isatty():
        yield from stream
        return
    with contextlib.suppress(ImportError):  # Windows without pyreadline: no history
        import readline  # noqa: F401  (history and editing for input())
    while True:
        try:
            yield input(prompt)
        except EOFError:
            sys.stdout.write("\n")
            return
