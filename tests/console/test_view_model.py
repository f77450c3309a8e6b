"""The console renders the session's one view model: counted reckonings, one status
vocabulary, and a JSON state that follows the board run twice (R10.2)."""

from __future__ import annotations

import io
import json
import sys

import pytest

from omaha_tui.console import Console
from omaha_tui.engine.config import Stakes, TableConfig, parse_game
from omaha_tui.session import Player, Session, TableSetup
from omaha_tui.session.seat_status import SeatStatus
from omaha_tui.session.view import table_view
from omaha_tui.store.journal import Journal


def _session(
    names: str = "Ann Bob Cy Dee",
    game: str = "plo",
    short: int = 100,
    structure: str = "pl",
) -> Session:
    config = TableConfig(
        variant=parse_game(game),
        stakes=Stakes(small_blind=1, big_blind=2),
        structure=structure,  # type: ignore[arg-type]
    )
    seated = names.split()
    players = tuple(
        Player(i, n, short if i == len(seated) - 1 else 100) for i, n in enumerate(seated)
    )
    setup = TableSetup(config, players)
    journal = Journal.in_memory()
    return Session.create(journal, setup.events(), setup.name)


def _answers(session: Session, lines: list[str], *, as_json: bool) -> list[str]:
    out = io.StringIO()
    console = Console(session, out, as_json=as_json)
    for line in lines:
        console.line(line)
    return out.getvalue().splitlines()


@pytest.mark.parametrize("as_json", [False, True])
def test_a_console_command_reckons_available_once_and_the_legal_range_at_most_once(
    monkeypatch: pytest.MonkeyPatch, as_json: bool
) -> None:
    from omaha_tui.engine.decisions import available as available_module
    from omaha_tui.engine.rules import betting

    counts = {"available": 0, "legal": 0}
    real_available, real_legal = available_module.available, betting._legal_actions

    def counted_available(state: object) -> object:
        counts["available"] += 1
        return real_available(state)  # type: ignore[arg-type]

    def counted_legal(state: object) -> object:
        counts["legal"] += 1
        return real_legal(state)  # type: ignore[arg-type]

    for module in list(sys.modules.values()):
        if getattr(module, "available", None) is real_available:
            monkeypatch.setattr(module, "available", counted_available)
    monkeypatch.setattr(betting, "_legal_actions", counted_legal)
    session = _session()
    out = io.StringIO()
    console = Console(session, out, as_json=as_json)
    console.line("next")
    total = 0
    for line in ("call", "state", "pot", "state", "fold", "call", "raise 1", "call", "state"):
        counts.update(available=0, legal=0)
        console.line(line)
        # the JSON state and the state line are drawn from the session's one reckoning
        # (none at all when the command left the table as it was)
        assert counts["available"] <= 1, line
        assert counts["legal"] <= 1, line
        total += counts["available"]
    assert total >= (5 if as_json else 3)  # the counting is in place
    session.journal.close()


def test_json_status_and_the_table_s_seat_words_are_one_vocabulary() -> None:
    session = _session(short=5)
    lines = _answers(session, ["next", "allin", "fold"], as_json=True)
    state = json.loads(lines[-1])["state"]
    view = table_view(session.state, session.available())
    by_seat = {s.index + 1: s for s in view.seats if s.state is not None}
    assert [s["status"] for s in state["seats"]] == ["folded", "active", "active", "all_in"]
    for entry in state["seats"]:
        seat = by_seat[entry["seat"]]
        assert entry["status"] == seat.state.value
        assert entry["name"] == seat.player
    assert by_seat[4].status == SeatStatus.ALL_IN.word == "all in"
    assert by_seat[1].status == SeatStatus.FOLDED.word == "folded"
    assert by_seat[2].status == "to act" and by_seat[2].state is SeatStatus.ACTIVE
    session.journal.close()


def test_r10_2_json_state_while_run_two_is_still_to_deal() -> None:
    session = _session("Ann Bob Cy", "omaha8", structure="nl")
    lines = [
        "next",
        "allin",
        "call",
        "call",
        "show Ann Ah 2s Kh Ks",
        "show Bob As 3s Qh Qd",
        "show Cy 9c 9s 8c 8d",
        "deal 4h 5c 7h",
        "runtwice",
        "deal Qs",
        "deal Ad",
        "deal Kc 9d",
    ]
    answers = [json.loads(line) for line in _answers(session, lines, as_json=True)]
    assert all(a["ok"] for a in answers), [a["message"] for a in answers]
    states = [a["state"] for a in answers]
    agreed, run_one_river, run_two = states[8], states[10], states[11]
    assert (agreed["runs"], agreed["run_boards"]) == (2, [])
    assert run_one_river["board"] == ["4h", "5c", "7h", "Qs", "Ad"]
    assert run_one_river["run_boards"] == []
    assert run_two["run_boards"] == [["4h", "5c", "7h", "Kc", "9d"]]
    session.journal.close()
