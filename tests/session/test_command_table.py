"""One command table (session/commands): the console and the app's palette read the
same words with the same parser, so a line is accepted or refused alike, with the same
reason, wherever it is typed."""

from __future__ import annotations

import pytest

from omaha_tui.app.palette import QUESTIONS, Question
from omaha_tui.engine.config import Stakes, TableConfig, parse_game
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.opening import opening_events
from omaha_tui.engine.reducer.replay import replay
from omaha_tui.engine.state import TableState
from omaha_tui.session.commands import WORDS, parse_line
from omaha_tui.session.grammar import GrammarError

ANSWERS = (
    "",
    "Ann",
    "Mary Ann",
    "mary ann",
    "3",
    "9",
    "Zed",
    "Ann 200",
    "Mary Ann 100",
    "Ann lots",
    "Ann 2.5",
    "Ann -20 miscounted",
    "Ann +5",
    "5 Eve 200",
    "5 Mary Ann 200",
    "5 Eve",
    "2/4",
    "4",
    "2/4/1",
    "+2",
    "-30s",
    "2",
    "off",
    "4 or off",
    "dead",
    "moving",
    "big-o pl",
    "chess",
    "yes",
    "no",
    "0.10 EUR",
    "30.00 pizza Ann Bob by Mary Ann",
    "two cards exposed",
)


def _table() -> TableState:
    config = TableConfig(variant=parse_game("plo"), stakes=Stakes(big_blind=2))
    players = [(0, "Ann", 200), (1, "Bob", 200), (2, "Mary Ann", 200)]
    return replay(opening_events(config, players, button=2))


def _read(run: object) -> str:
    """A request's repr, or the one line that refused it."""
    assert callable(run)
    try:
        return repr(run())
    except GrammarError as e:
        return f"refused: {e}"


def _console_line(q: Question, answer: str) -> str:
    if q.confirm:
        return q.word
    return " ".join(p for p in (q.word, q.first, answer, q.then) if p)


@pytest.mark.parametrize("question", QUESTIONS, ids=lambda q: q.name)
@pytest.mark.parametrize("answer", ANSWERS)
def test_the_console_and_the_palette_accept_and_refuse_alike(
    question: Question, answer: str
) -> None:
    state = _table()
    if question.confirm and answer.strip().lower() != "yes":
        with pytest.raises(GrammarError):
            question.run(state, answer)
        return
    palette = _read(lambda: question.run(state, answer))
    console = _read(lambda: parse_line(state, _console_line(question, answer)))
    if console.startswith("Local("):  # the console's own action (clock alone shows it)
        console = f"refused: usage: {WORDS[question.word].usage}"
    assert palette == console


@pytest.mark.parametrize("question", QUESTIONS, ids=lambda q: q.name)
def test_every_palette_entry_is_a_command_of_the_table_with_its_help(question: Question) -> None:
    assert question.word in WORDS
    assert question.help


def test_every_command_has_a_usage_and_a_help_line() -> None:
    for word, command in WORDS.items():
        assert command.usage.split()[0] == word, word
        assert command.help, word


def test_a_rebuy_for_a_name_of_two_words_is_read_alike() -> None:
    """``rebuy Mary Ann 100`` was refused by the console (``usage: rebuy NAME N``) and
    accepted by the palette: both now read it as Mary Ann's rebuy (R4.11)."""
    state = _table()
    rebuy = next(q for q in QUESTIONS if q.word == "rebuy")
    assert parse_line(state, "rebuy Mary Ann 100") == rq.Rebuy(2, 100)
    assert rebuy.run(state, "Mary Ann 100") == rq.Rebuy(2, 100)
