"""Command palette entries for everything that is not a one-key action.

Each entry asks one short question (``Ann 200``) in a :class:`TextPrompt`, reads the
answer with the one grammar (:mod:`omaha_tui.session.grammar`: errors name what is
wrong and what is allowed),
and hands the request it stands for to the app's session (one decision, one write).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from textual.command import DiscoveryHit, Hit, Hits, Provider

from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.state import TableState
from omaha_tui.session.grammar import (
    GrammarError,
    parse_button_rule,
    parse_chips,
    parse_duration,
    parse_expense,
    parse_game_choice,
    parse_new_name,
    parse_player,
    parse_seat_number,
    parse_stakes,
    parse_straddle,
    parse_value,
    parse_yes,
)

from .keys import KEYS
from .new_journal import offer_new_journal
from .prompts.amount_prompt import TextPrompt

if TYPE_CHECKING:
    from .app import OmahaApp


def _chip_value(state: TableState, text: str) -> rq.Request:
    """R12.1: what the chips are worth (``0.10 EUR``, ``200=20.00 EUR``, ``off``)."""
    return parse_value(state, text.split())


def _expense(state: TableState, text: str) -> rq.Request:
    """R12.3: a shared expense (``30.00 pizza Ann Bob by Cy``)."""
    return parse_expense(state, text.split())


@dataclass(frozen=True)
class Question:
    """One palette command: its name, help, the question asked and how to act on it."""

    name: str
    help: str
    ask: str
    hint: str
    run: Callable[[TableState, str], rq.Request]


def _need(parts: list[str], count: int, example: str) -> None:
    if len(parts) < count:
        raise GrammarError(f"answer like: {example}")


def _decimals(state: TableState) -> int:
    """The decimal places the table counts in (a hand history's 0.25/0.50: 2)."""
    return state.config.decimals if state.config is not None else 0


def _chip(state: TableState) -> int:
    stakes = state.stakes or (state.config.stakes if state.config else None)
    return stakes.chip if stakes else 1


def _rebuy(state: TableState, text: str) -> rq.Request:
    parts = text.split()
    _need(parts, 2, "Ann 200")
    amount = parse_chips(parts[-1], "rebuy", chip=_chip(state), decimals=_decimals(state))
    return rq.Rebuy(parse_player(state, " ".join(parts[:-1])), amount)


def _correct(state: TableState, text: str) -> rq.Request:
    parts = text.split()
    _need(parts, 3, "Ann -20 miscounted")
    seat = parse_player(state, parts[0])
    change = parse_chips(
        parts[1], "change", signed=True, chip=_chip(state), decimals=_decimals(state)
    )
    return rq.Correct(seat, change, " ".join(parts[2:]))


def _new_player(state: TableState, text: str) -> rq.Request:
    parts = text.split()
    _need(parts, 3, "5 Eve 200")
    seat = parse_seat_number(state, parts[0])
    name = parse_new_name(state, " ".join(parts[1:-1]))
    return rq.SeatPlayer(
        seat, name, parse_chips(parts[-1], "buy-in", chip=_chip(state), decimals=_decimals(state))
    )


def _end(state: TableState, text: str) -> rq.Request:
    parse_yes(text, 'type "yes" to end the session, or press Esc to keep playing')
    return rq.EndSession()


def _level(state: TableState, text: str) -> rq.Request:
    return rq.ChangeLevel(state.level + 1, parse_stakes(text, _chip(state)))


def _clock_time(state: TableState, text: str) -> rq.Request:
    """R2.7b: ``+2`` adds two minutes, ``-30s`` takes thirty seconds away."""
    word = text.strip().replace(" ", "")
    sign = -1 if word.startswith("-") else 1
    seconds = parse_duration(word.lstrip("+-"), "time")
    if seconds == 0:
        raise GrammarError("give some time: +2 (minutes), -30s, +1m30s")
    return rq.AdjustClock(sign * seconds)


def _straddle(state: TableState, text: str) -> rq.Request:
    """R2.8: a standing straddle from the next hand, or off."""
    return rq.SetStraddle(parse_straddle(text))


def _game(state: TableState, text: str) -> rq.Request:
    """Dealer's choice: a game name, then optionally pl, nl or fl ("big-o pl")."""
    name, structure = parse_game_choice(text)
    return rq.ChangeGame(name, structure)


def _button_rule(state: TableState, text: str) -> rq.Request:
    return rq.SetButtonRule(parse_button_rule(text))


QUESTIONS: tuple[Question, ...] = (
    Question(
        "Game (dealer's choice)",
        "Change the game and structure from the next hand (R9)",
        "Game and structure for the next hands?",
        "big-o pl",
        _game,
    ),
    Question(
        "Straddle",
        "A standing straddle from the next hand, or off (R2.8)",
        "Straddle amount (at least twice the big blind), or off?",
        "4 or off",
        _straddle,
    ),
    Question(
        "Button rule",
        "Dead button (card rooms) or moving button (casual games) (R1.5)",
        "Dead or moving button from the next hand?",
        "dead or moving",
        _button_rule,
    ),
    Question(
        "Rebuy",
        "Add chips to a player's stack between hands (R4.11)",
        "Rebuy: who and how much?",
        "Ann 200",
        _rebuy,
    ),
    Question(
        "Sit out",
        "A player steps away; their blinds are missed (R2.6)",
        "Who sits out?",
        "Ann or seat number",
        lambda s, t: rq.SitOut(parse_player(s, t)),
    ),
    Question(
        "Come back (post now)",
        "A returning player posts what they owe and plays (R2.6)",
        "Who comes back?",
        "Ann or seat number",
        lambda s, t: rq.Back(parse_player(s, t), True),
    ),
    Question(
        "Come back (wait for the big blind)",
        "Return without posting; deal in at the BB",
        "Who comes back?",
        "Ann or seat number",
        lambda s, t: rq.Back(parse_player(s, t), False),
    ),
    Question(
        "Chip correction",
        "Fix a stack by a number of chips, with a reason",
        "Correct whose stack, by how much, why?",
        "Ann -20 miscounted",
        _correct,
    ),
    Question(
        "Move button",
        "Put the button on a seat by hand (R3.5 wrong button)",
        "Button to whom?",
        "Ann or seat number",
        lambda s, t: rq.PlaceButton(parse_player(s, t)),
    ),
    Question(
        "Misdeal",
        "The hand restarts, no chips move, the button stays (R3.5)",
        "Misdeal: reason?",
        "two cards exposed",
        lambda s, t: rq.DeclareMisdeal(t.strip()),
    ),
    Question(
        "Blind level",
        "Next blind level; it starts with the next hand (R2.7)",
        "New blinds (SB/BB or SB/BB/ante)?",
        "2/4",
        _level,
    ),
    Question(
        "Clock: add or take away time",
        "More or less time in this level or break (R2.7b)",
        "How much time (+ adds, - takes away)?",
        "+2, -1, +30s",
        _clock_time,
    ),
    Question(
        "New player",
        "Seat a new player with a buy-in",
        "Seat, name and buy-in?",
        "5 Eve 200",
        _new_player,
    ),
    Question(
        "End session",
        "The game is over: everyone cashes out (see the ledger)",
        'End the session? Type "yes"',
        "yes",
        _end,
    ),
    Question(
        "Chip value",
        "What the chips are worth in money, between hands (R12.1); off: chips only",
        "Chip value (one chip, or CHIPS=MONEY) and currency?",
        "0.10 EUR, 200=20.00 EUR or off",
        _chip_value,
    ),
    Question(
        "Shared expense",
        "Money spent for the table, shared equally (R12.3)",
        "Expense: amount, what, who shares it, who paid?",
        "30.00 pizza Ann Bob by Cy (nobody named: everyone, paid by the bank)",
        _expense,
    ),
    Question(
        "Player leaves",
        "A player cashes out their stack and leaves",
        "Who leaves?",
        "Ann or seat number",
        lambda s, t: rq.Leave(parse_player(s, t)),
    ),
)


def ask(app: OmahaApp, q: Question) -> None:
    """Ask ``q`` in a prompt; a bad answer or a refusal keeps it open with the reason."""
    if app.session is None:
        app.say("No table is open yet.", refused=True)
        return
    session = app.session

    def check(text: str) -> str | None:
        try:
            request = q.run(session.state, text)
        except GrammarError as e:
            return str(e)
        outcome = app.request(request)
        return None if outcome.ok or outcome.ask is not None else outcome.message

    app.push_screen(TextPrompt(q.ask, q.hint, check=check))


def _actions(app: OmahaApp) -> list[tuple[str, str, Callable[[], Any]]]:
    """Every palette entry: the questions, the table keys (from the key table), and the
    app's own commands."""
    prefs = app.preferences
    out: list[tuple[str, str, Callable[[], Any]]] = [
        (q.name, q.help, partial(ask, app, q)) for q in QUESTIONS
    ]
    out += [
        (f"{k.label} ({k.display})", k.help, partial(app.table.action_act, k.name))
        for k in KEYS
        if k.name != "help"
    ]
    out += [
        ("Speech on/off", "Read results aloud, or show them as captions", prefs.toggle_speech),
        ("Speech faster", "Speak 20 words a minute faster", partial(prefs.change_speech_rate, 20)),
        (
            "Speech slower",
            "Speak 20 words a minute slower",
            partial(prefs.change_speech_rate, -20),
        ),
        (
            "Run it three times",
            "Every player still in agrees: deal the rest of the board three times (R10.2)",
            partial(app.request, rq.RunItTwice(3)),
        ),
        ("History", "Hands of this session with their actions and results", app.show_history),
        (
            "New journal",
            "Write the table from memory to a new journal file and record there (for a "
            "journal deleted, moved or truncated under the table)",
            partial(offer_new_journal, app),
        ),
        ("Ledger", "Buy-ins, cash-outs and who pays whom", app.show_ledger),
        (
            "Settle up: fewest payments",
            "Who pays whom, in money when the chips have a value (R12.2)",
            app.show_ledger,
        ),
        (
            "Settle up: through the bank",
            "Banker mode: every loser pays the bank, the bank pays every winner (R12.2)",
            partial(app.show_ledger, True),
        ),
    ]
    return [(name, help_text, partial(_then_release, app, run)) for name, help_text, run in out]


def _then_release(app: OmahaApp, run: Callable[[], Any]) -> None:
    """Run a palette command, then hand it the keys typed since it was chosen."""
    run()
    app.release_keys()


class TableCommands(Provider):
    """Palette provider: the table commands that have no key of their own."""

    async def discover(self) -> Hits:
        from .app import OmahaApp

        if not isinstance(self.app, OmahaApp):
            return
        for name, help_text, callback in _actions(self.app):
            yield DiscoveryHit(name, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        from .app import OmahaApp

        if not isinstance(self.app, OmahaApp):
            return
        matcher = self.matcher(query)
        for name, help_text, callback in _actions(self.app):
            if (score := matcher.match(name)) > 0:
                yield Hit(score, matcher.highlight(name), callback, help=help_text)
