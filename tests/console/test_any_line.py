"""Whatever a tired dealer types, the console answers in one plain line of its own words.

Seeded random evenings of console lines, most of them plausible and many of them wrong
(cards that do not exist, amounts in other digits, names nobody has, words out of
turn), at cash and tournament tables. Every answer must be the console's own sentence:
never an exception, never "internal error", never a pydantic message such as "Input
should be greater than 0"; a refusal is one line; and the table resumed from the
journal at any point is the table the console showed.
"""

from __future__ import annotations

import io
import random
from datetime import timedelta
from pathlib import Path

import pytest

from omaha_tui.console import Console
from omaha_tui.session import Session
from omaha_tui.store.journal import Journal

from .transcript import START, _setup

NAMES = ["Ann", "Bob", "Cy", "Dee", "ann", "ANN", "Zed", "Æsa", "Bo b"]
DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]
GAMES = ["plo", "plo8", "plo5", "plo6", "big-o", "courchevel", "binglao"]
AMOUNTS = ["0", "-5", "1e3", "12.5", "٣٠", "²", "99999999999999999999", "½", "1,000", "pot"]
FOREIGN = [
    "Amount should be",
    "Input should",
    "String should",
    "Value error",
    "validation error",
    "pydantic",
    "internal error",
    "Traceback",
]


def _cards(r: random.Random, n: int) -> str:
    if r.random() < 0.9:
        return " ".join(r.sample(DECK, n))
    return r.choice(["Xx", "AhAh", "10h", "🂡", "Ah,Kd", "ah kd"])


def _amount(r: random.Random) -> str:
    return str(r.randint(0, 400)) if r.random() < 0.7 else r.choice(AMOUNTS)


WORDS = (  # noqa: SIM905 (a sentence of words reads better than a column)
    "fold check call call bet raise pot allin deal deal show muck runtwice award next next "
    "undo redo seat leave sitout back rebuy correct button level clock break straddle game "
    "buttonrule misdeal value expense ledger settle state bogus standings addon colorup reenter"
).split()


def _line(r: random.Random) -> str:
    word = r.choice(WORDS)
    name = r.choice(NAMES)
    if word in ("bet", "raise"):
        return f"{word} {_amount(r)}"
    if word == "deal":
        return r.choice(["deal", f"deal {_cards(r, r.choice([1, 1, 2, 3]))}", "deal chop"])
    if word == "show":
        return f"show {name} {_cards(r, r.choice([4, 5, 6]))}"
    if word in ("muck", "leave", "sitout", "addon", "reenter"):
        return f"{word} {name}"
    if word == "back":
        return f"back {name} {r.choice(['post', 'wait', ''])}"
    if word == "rebuy":
        return f"rebuy {name} {_amount(r)}"
    if word == "correct":
        return f"correct {name} {r.choice(['+', '-', ''])}{_amount(r)} miscount"
    if word == "seat":
        return f"seat {r.randint(0, 11)} {name} {_amount(r)} {r.choice(['post', 'wait', ''])}"
    if word == "button":
        return f"button {r.randint(-1, 10)}"
    if word == "level":
        return f"level {r.choice(['2/4', '1/2', '5', '2/4/1', '0/0', '0', '4/2', 'x'])}"
    if word == "clock":
        return f"clock {r.choice(['pause', 'resume', 'start', 'next', 'back', '+2', '-30s', 'x'])}"
    if word == "straddle":
        return f"straddle {r.choice(['4', '20', 'off', '0', 'x'])}"
    if word == "game":
        return f"game {r.choice([*GAMES, 'holdem'])} {r.choice(['pl', 'nl', 'fl', ''])}"
    if word == "value":
        return f"value {r.choice(['0.10 EUR', '200=20.00 EUR', 'off', 'x', '-1', '0'])}"
    if word == "expense":
        return f"expense {r.choice(['30.00', 'x', '-2', '0.001'])} pizza {name}"
    if word == "award":
        return r.choice(["award", f"award {name}", f"award {name}+Bob | Cy"])
    if word == "runtwice":
        return r.choice(["runtwice", "runtwice 3", "runtwice 9"])
    if word == "colorup":
        return r.choice(["colorup", "colorup 5", "colorup x"])
    return word


def _header(r: random.Random) -> dict[str, str]:
    header: dict[str, str] = {}
    if r.random() < 0.3:
        header["levels"] = "1/2:1,2/4:1,break:1,5/10/1:1"
    if r.random() < 0.25:
        header["tournament"] = r.choice(
            ["--buy-in 20 --stack 1000", "--buy-in 20 --stack 500 --rebuys-until 2"]
        )
        header["levels"] = "10/20:1,20/40:1,break:1,50/100:1"
    names = ["Ann", "Bob", "Cy", "Dee"][: r.randint(2, 4)]
    header["players"] = ",".join(f"{n}:{r.choice([50, 100, 200])}" for n in names)
    header["game"] = r.choice(GAMES)
    header["structure"] = r.choice(["pl", "nl", "fl"])
    return header


@pytest.mark.parametrize("seed", range(12))
def test_any_line_is_answered_in_the_console_s_own_words(tmp_path: Path, seed: int) -> None:
    r = random.Random(seed)
    db = tmp_path / "j.sqlite3"
    journal = Journal.open(db)
    clock = [START]
    try:
        setup = _setup(_header(r))
        session = Session.create(journal, setup.events(), setup.name, setup.schedule, now=START)
        console = Console(session, io.StringIO(), now=lambda: clock[0])
        for _ in range(200):
            clock[0] += timedelta(seconds=r.choice([0, 1, 10, 30]))
            line = _line(r)
            buffer = io.StringIO()
            console.out = buffer
            outcome = console.line(line)
            answer = buffer.getvalue()
            assert not [w for w in FOREIGN if w in answer], (line, answer)
            if outcome.refused:  # the clock's announcements have lines of their own
                said = [s for s in answer.splitlines() if s and not s.startswith("announce:")]
                assert len(said) == 1, (line, answer)
            if session.state.ended:
                break
            if r.random() < 0.05:  # the laptop is shut and opened again
                shown, sid = session.state, session.id
                journal.close()
                journal = Journal.open(db)
                session = Session.resume(journal, sid)
                assert session.state == shown, line
                console = Console(session, io.StringIO(), now=lambda: clock[0])
    finally:
        journal.close()
