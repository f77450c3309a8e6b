"""Command palette entries for everything that is not a one-key action.

Each entry asks one short question (``Ann 200``) in a :class:`TextPrompt`, reads the
answer with the one grammar (:mod:`omaha_tui.session.grammar`: errors name what is
wrong and what is allowed),
and hands the request it stands for to the table's session (one decision, one write).

The entries are built from what they run, each given by name (:func:`entries`): the
table as a :class:`~.ports.Desk`, the preferences, the table's keys and the app's few
screens of its own; the palette's provider asks the app for them (:class:`PaletteHost`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, Protocol, cast

from textual.command import DiscoveryHit, Hit, Hits, Provider

from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.hands.games import game_names
from omaha_tui.engine.state import TableState
from omaha_tui.session.command_types import Local
from omaha_tui.session.commands import WORDS, parse_command
from omaha_tui.session.grammar import GrammarError, parse_yes

from .keys import KEYS
from .ports import Desk
from .preferences import Preferences
from .prompts.amount_prompt import TextPrompt

Entry = tuple[str, str, Callable[[], Any]]
"""One palette entry: its name, its help line, and what choosing it runs."""


@dataclass(frozen=True)
class Question:
    """One palette entry for a command of the session's table (:data:`WORDS`): the
    question asked and an example answer; the answer is read as the console reads
    ``word answer`` (``then`` is added after it: ``back Ann post``; ``first`` before it:
    ``next straddle button``), so both accept and refuse the same words with the same
    reasons. ``help`` is the command's help line unless the entry says more; ``confirm``
    asks for a typed ``yes`` first."""

    name: str
    word: str
    ask: str
    hint: str
    then: str = ""
    help_line: str = ""
    confirm: str = ""
    first: str = ""

    @property
    def help(self) -> str:
        return self.help_line or WORDS[self.word].help

    def run(self, state: TableState, text: str) -> rq.Request:
        """The request the answer ``text`` stands for (:class:`GrammarError` if none)."""
        if self.confirm:
            parse_yes(text, self.confirm)
            text = ""
        parsed = parse_command(state, self.word, f"{self.first} {text} {self.then}".strip())
        if isinstance(parsed, Local):  # the console's own (``clock`` alone shows it)
            raise GrammarError(f"usage: {WORDS[self.word].usage}")
        return parsed


QUESTIONS: tuple[Question, ...] = (
    Question(
        "Game (dealer's choice)",
        "game",
        f"Game ({', '.join(game_names())}) and structure (pl, nl or fl) for the next hands?",
        "big-o pl",
    ),
    Question(
        "Straddle",
        "straddle",
        "Straddle amount (at least twice the big blind), and from where, or off?",
        "4, 4 button, 4 Ann, or off",
    ),
    Question(
        "Deal with a straddle",
        "next",
        "Who straddles: left (of the big blind), button, or a seat or name?",
        "left, button, Ann or seat number",
        first="straddle",
        help_line="Deal the next hand with a straddle this hand only (R2.8, R13.3)",
    ),
    Question(
        "Bomb pot",
        "bomb",
        "Bomb pot: amount [double], every N AMOUNT, at SEAT AMOUNT, or off?",
        "5, 5 double, every 10 5, at Ann 5, off",
    ),
    Question(
        "Boards (double board)",
        "boards",
        "Boards from the next hand: 1, 2, or bomb (two on bomb pots only)?",
        "1, 2 or bomb",
    ),
    Question(
        "Button rule", "buttonrule", "Dead or moving button from the next hand?", "dead or moving"
    ),
    Question("Rebuy", "rebuy", "Rebuy: who and how much?", "Ann 200"),
    Question("Sit out", "sitout", "Who sits out?", "Ann or seat number"),
    Question(
        "Come back (post now)",
        "back",
        "Who comes back?",
        "Ann or seat number",
        then="post",
        help_line="A returning player posts what they owe and plays (R2.6)",
    ),
    Question(
        "Come back (wait for the big blind)",
        "back",
        "Who comes back?",
        "Ann or seat number",
        then="wait",
        help_line="Return without posting; deal in at the BB (R2.6)",
    ),
    Question(
        "Chip correction", "correct", "Correct whose stack, by how much, why?", "Ann -20 miscounted"
    ),
    Question("Move button", "button", "Button to which seat?", "seat number"),
    Question("Misdeal", "misdeal", "Misdeal: reason?", "two cards exposed"),
    Question("Blind level", "level", "New blinds (BB, SB/BB or SB/BB/ante)?", "2/4"),
    Question(
        "Clock: add or take away time",
        "clock",
        "How much time (+ adds, - takes away)?",
        "+2, -1, +30s",
    ),
    Question("New player", "seat", "Seat, name and buy-in?", "5 Eve 200"),
    Question(
        "End session",
        "end",
        'End the session? Type "yes"',
        "yes",
        confirm='type "yes" to end the session, or press Esc to keep playing',
    ),
    Question(
        "Chip value",
        "value",
        "Chip value (one chip, or CHIPS=MONEY) and currency?",
        "0.10 EUR, 200=20.00 EUR or off",
    ),
    Question(
        "Shared expense",
        "expense",
        "Expense: amount, what, who shares it, who paid?",
        "30.00 pizza Ann Bob by Cy (nobody named: everyone, paid by the bank)",
    ),
    Question("Player leaves", "leave", "Who leaves?", "Ann or seat number"),
)


def ask(desk: Desk, q: Question) -> None:
    """Ask ``q`` in a prompt; a bad answer or a refusal keeps it open with the reason."""
    session = desk.session
    if session is None:
        desk.say("No table is open yet.", refused=True)
        return

    def check(text: str) -> str | None:
        try:
            request = q.run(session.state, text)
        except GrammarError as e:
            return str(e)
        outcome = desk.request(request)
        return None if outcome.ok or outcome.ask is not None else outcome.message

    desk.push_screen(TextPrompt(q.ask, q.hint, check=check))


def entries(
    desk: Desk,
    prefs: Preferences,
    *,
    act: Callable[[str], object],
    history: Callable[[], object],
    ledger: Callable[[bool], object],
    new_journal: Callable[[], object],
    release: Callable[[], object],
) -> list[Entry]:
    """Every palette entry: the questions, the table keys (from the key table), and the
    app's own commands. ``act(name)`` presses a table key; ``ledger(bank)`` opens the
    settle-up; each entry then hands ``release`` the keys typed since it was chosen."""
    out: list[Entry] = [(q.name, q.help, partial(ask, desk, q)) for q in QUESTIONS]
    out += [
        (f"{k.label} ({k.display})", k.help, partial(act, k.name)) for k in KEYS if k.name != "help"
    ]
    out += [
        ("Speech on/off", "Read results aloud, or show them as captions", prefs.toggle_speech),
        (
            "Clock chime on/off",
            "A bell when a level or a break ends and when the blinds change (R2.7c)",
            prefs.toggle_chime,
        ),
        (
            "Large clock on/off",
            "The level's or the break's countdown in large digits on the table (R2.7)",
            prefs.toggle_large_clock,
        ),
        ("Speech faster", "Speak 20 words a minute faster", partial(prefs.change_speech_rate, 20)),
        (
            "Speech slower",
            "Speak 20 words a minute slower",
            partial(prefs.change_speech_rate, -20),
        ),
        (
            "Run it three times",
            "Every player still in agrees: deal the rest of the board three times (R10.2)",
            partial(desk.request, rq.RunItTwice(3)),
        ),
        ("History", "Hands of this session with their actions and results", history),
        (
            "New journal",
            "Write the table from memory to a new journal file and record there (for a "
            "journal deleted, moved or truncated under the table)",
            new_journal,
        ),
        ("Ledger", "Buy-ins, cash-outs and who pays whom", partial(ledger, False)),
        (
            "Settle up: fewest payments",
            "Who pays whom, in money when the chips have a value (R12.2)",
            partial(ledger, False),
        ),
        (
            "Settle up: through the bank",
            "Banker mode: every loser pays the bank, the bank pays every winner (R12.2)",
            partial(ledger, True),
        ),
    ]
    return [(name, help_text, partial(_then_release, release, run)) for name, help_text, run in out]


def _then_release(release: Callable[[], object], run: Callable[[], Any]) -> None:
    """Run a palette command, then hand it the keys typed since it was chosen."""
    run()
    release()


class PaletteHost(Protocol):
    """The app whose palette lists the table's commands."""

    def palette_entries(self) -> list[Entry]: ...


def _actions(host: PaletteHost) -> list[Entry]:
    """The palette's entries, as the app builds them."""
    return host.palette_entries()


class TableCommands(Provider):
    """Palette provider: the table commands that have no key of their own. Only the
    table's app lists it (``OmahaApp.COMMANDS``), so its app is a :class:`PaletteHost`."""

    async def discover(self) -> Hits:
        for name, help_text, callback in _actions(cast(PaletteHost, self.app)):
            yield DiscoveryHit(name, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, help_text, callback in _actions(cast(PaletteHost, self.app)):
            if (score := matcher.match(name)) > 0:
                yield Hit(score, matcher.highlight(name), callback, help=help_text)
