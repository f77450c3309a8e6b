"""``omaha-tui console`` as a command: flags, JSON lines, refusals, exit codes."""

from __future__ import annotations

import io
import json

import pytest

from omaha_tui.cli import main

ERRORS: list[str] = []


def run(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lines: str, *args: str
) -> tuple[int, list[str]]:
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    code = main(["console", *args])
    captured = capsys.readouterr()
    ERRORS.append(captured.err)
    return code, captured.out.splitlines()


def test_console_prints_one_line_per_command(tmp_path, monkeypatch, capsys) -> None:
    db = str(tmp_path / "j.sqlite3")
    code, out = run(
        monkeypatch,
        capsys,
        "next\nfold\njump\nraise x\n",
        "--db",
        db,
        "--players",
        "Ann:100,Bob:100,Cy:100",
    )
    assert code == 0
    assert out == [
        "ok: Hand #1: button Ann; Bob posts small blind 1; Cy posts big blind 2",
        "ok: Ann folds",
        'refused: "jump" is not a command: fold | check | call | ... (help lists them all)',
        'refused: amount "x" is not a whole number of chips: type digits only, e.g. 20',
    ]


def test_console_json_state_has_the_listed_fields(tmp_path, monkeypatch, capsys) -> None:
    db = str(tmp_path / "j.sqlite3")
    code, out = run(
        monkeypatch,
        capsys,
        "next\ncall\n",
        "--db",
        db,
        "--players",
        "Ann:100,Bob:100,Cy:100",
        "--json",
    )
    assert code == 0
    first, second = (json.loads(line) for line in out)
    assert first["ok"] is True and first["message"].startswith("Hand #1")
    state = second["state"]
    for key in (
        "hand",
        "game",
        "structure",
        "blinds",
        "button",
        "dead_button",
        "sb",
        "bb",
        "posts",
        "to_act",
        "legal",
        "seats",
        "pots",
        "board",
        "complete",
    ):
        assert key in state
    assert state["button"] == 1 and state["sb"] == 2 and state["bb"] == 3 and state["to_act"] == 2
    assert state["posts"] == [
        {"seat": 2, "kind": "sb", "amount": 1},
        {"seat": 3, "kind": "bb", "amount": 2},
    ]
    assert state["legal"] == {
        "fold": True,
        "check": False,
        "call": 1,
        "min_raise_to": 4,
        "max_raise_to": 8,
    }
    ann = state["seats"][0]
    assert {k: ann[k] for k in ("seat", "name", "stack", "bet", "status")} == {
        "seat": 1,
        "name": "Ann",
        "stack": 98,
        "bet": 2,
        "status": "active",
    }
    assert ann["words"] == "" and ann["equity"] is None and state["version"] == 2
    assert state["blinds"] == "1/2" and state["structure"] == "pl" and state["complete"] is False


def test_console_status_words(tmp_path, monkeypatch, capsys) -> None:
    db = str(tmp_path / "j.sqlite3")
    lines = "next\nfold\nfold\nsitout Cy\nseat 5 Eve 100 wait\n"
    _, out = run(
        monkeypatch, capsys, lines, "--db", db, "--players", "Ann:100,Bob:100,Cy:100", "--json"
    )
    seats = {s["name"]: s["status"] for s in json.loads(out[-1])["state"]["seats"]}
    assert seats == {"Ann": "active", "Bob": "active", "Cy": "sitting_out", "Eve": "waiting"}


def test_console_resumes_the_last_session(tmp_path, monkeypatch, capsys) -> None:
    db = str(tmp_path / "j.sqlite3")
    run(monkeypatch, capsys, "next\ncall\n", "--db", db, "--players", "Ann:100,Bob:100,Cy:100")
    code, out = run(monkeypatch, capsys, "call\nundo\nundo\n", "--db", db, "--resume")
    assert code == 0
    assert out == ["ok: Bob calls 1", "ok: Undone: Bob's call", "ok: Undone: Ann's call"]


def test_console_bad_flags_and_missing_table_exit_2(tmp_path, monkeypatch, capsys) -> None:
    db = str(tmp_path / "j.sqlite3")
    assert run(monkeypatch, capsys, "", "--db", db)[0] == 2
    assert "give the table" in ERRORS[-1]
    assert run(monkeypatch, capsys, "", "--db", db, "--players", "Ann:x")[0] == 2
    assert 'Ann\'s buy-in "x" is not a whole number of chips' in ERRORS[-1]
    assert run(monkeypatch, capsys, "", "--db", db, "--resume")[0] == 2
    assert "no unfinished session" in ERRORS[-1]


def test_console_journal_that_cannot_be_opened_exits_2(tmp_path, monkeypatch, capsys) -> None:
    bad = tmp_path / "not-a-journal.sqlite3"
    bad.write_text("this is not sqlite")
    code, _ = run(monkeypatch, capsys, "next\n", "--db", str(bad), "--players", "A:100,B:100")
    assert code == 2
    assert "not-a-journal.sqlite3" in ERRORS[-1]


def test_console_end_stops_and_marks_the_session_finished(tmp_path, monkeypatch, capsys) -> None:
    db = str(tmp_path / "j.sqlite3")
    code, out = run(monkeypatch, capsys, "end\nnext\n", "--db", db, "--players", "Ann:100,Bob:100")
    assert code == 0
    assert out == ["ok: Session ended: everyone cashes out; the ledger has the settle-up"]


def test_r10_3_json_state_gives_each_tabled_hand_its_equity(tmp_path, monkeypatch, capsys) -> None:
    lines = (
        "next\nallin\ncall\nshow Ann Ah Kh 7c 2c\nshow Bob 7d 7s 9s Ts\ndeal Qh 7h 2d\ndeal 3c\n"
    )
    code, out = run(
        monkeypatch,
        capsys,
        lines,
        "--db",
        str(tmp_path / "j.sqlite3"),
        "--players",
        "Ann:100,Bob:100",
        "--structure",
        "nl",
        "--json",
    )
    assert code == 0
    objs = [json.loads(line) for line in out]
    before_any = objs[3]["state"]["seats"]  # Ann tabled, Bob not yet: no figures
    assert before_any[0]["cards"] == ["Ah", "Kh", "7c", "2c"] and before_any[0]["equity"] is None
    assert before_any[1]["cards"] == []
    turn = objs[6]["state"]
    ann, bob = (seat["equity"] for seat in turn["seats"])
    # Turn Qh 7h 2d 3c, 40 rivers: Ann (two pair) wins only with a heart for the nut
    # flush, 9 hearts left but the 2h and 3h pair the board and fill Bob's set: 7 of 40.
    assert ann["exact"] and ann["boards"] == 40
    assert ann["equity"] == 0.175 and bob["equity"] == 0.825
    assert ann["scoop"] == 0.175 and ann["tie"] == 0.0
    assert turn["runs"] == 1 and turn["run_boards"] == []


def test_r2_7_console_json_state_has_the_clock(tmp_path, monkeypatch, capsys) -> None:
    db = str(tmp_path / "j.sqlite3")
    args = ("--db", db, "--players", "Ann:100,Bob:100,Cy:100", "--json")
    code, out = run(monkeypatch, capsys, "next\nclock pause\n", *args, "--levels", "1/2:20,break:5")
    assert code == 0
    clock = json.loads(out[-1])["state"]["clock"]
    assert set(clock) >= {"level", "sb", "bb", "ante", "break", "seconds_left", "paused"}
    assert clock["level"] == 1 and clock["paused"] and clock["next_level"] is None
    assert 1190 < clock["seconds_left"] <= 1200 and not clock["break"]
    code, out = run(monkeypatch, capsys, "clock\n", *args)
    assert json.loads(out[0])["state"]["clock"] is None
    assert json.loads(out[0])["message"].startswith("this table has no blind clock")


def test_r8_1_json_state_says_the_showing_order_once_the_betting_is_over(
    tmp_path, monkeypatch, capsys
) -> None:
    lines = "next\nraise 7\ncall\ncall\ndeal Qh 7h 2d\nbet 10\ncall\ncall\n"
    code, out = run(
        monkeypatch,
        capsys,
        lines,
        "--db",
        str(tmp_path / "j.sqlite3"),
        "--players",
        "Ann:100,Bob:100,Cy:100",
        "--json",
    )
    assert code == 0
    objs = [json.loads(line) for line in out]
    assert objs[1]["state"]["show_order"] == []  # the betting is still on
    assert objs[3]["state"]["show_order"] == [1, 2, 3]  # Ann raised last pre-flop
    assert objs[7]["state"]["show_order"] == [2, 3, 1]  # Bob bet the flop: he shows first


def test_the_state_line_lists_the_seats_and_each_pot_with_who_can_win_it(
    tmp_path, monkeypatch, capsys
) -> None:
    code, out = run(
        monkeypatch,
        capsys,
        "next\nallin\nraise 60\ncall\nstate\n",
        "--db",
        str(tmp_path / "j.sqlite3"),
        "--players",
        "Ann:30,Bob:100,Cy:100",
        "--structure",
        "nl",
    )
    assert code == 0
    state = out[-1]
    assert "; seats Ann 0 all in, Bob 40, Cy 40; " in state, state
    assert "; Main pot 90: Ann, Bob, Cy; Side pot 1 60: Bob, Cy; " in state, state


def test_a_person_at_the_prompt_is_greeted_with_the_table_and_where_help_is(
    tmp_path, monkeypatch, capsys
) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr("sys.stdin", Terminal(""))
    code = main(["console", "--db", str(tmp_path / "j.sqlite3"), "--players", "Ann:100,Bob:100"])
    out = capsys.readouterr().out.splitlines()
    assert code == 0
    assert out[0].startswith("omaha-tui console: Omaha pot limit 1/2")
    assert out[0].endswith("Type help for the commands.")


def test_r2_7c_the_json_console_gives_what_the_clock_announced(tmp_path) -> None:
    """Between two commands the clock reached level 2 (between hands): the next answer's
    ``announcements`` says so, once; the hand that brings it in says nothing more."""
    from datetime import UTC, datetime, timedelta

    from omaha_tui.console import Console
    from omaha_tui.session import Session
    from omaha_tui.session.grammar import parse_levels
    from omaha_tui.store.journal import Journal
    from tests.console.transcript import _setup

    t0 = datetime(2026, 1, 1, 20, tzinfo=UTC)
    now = [t0]
    setup = _setup({"players": "Ann:100,Bob:100,Cy:100", "levels": "1/2:20,2/4:20"})
    with Journal.open(tmp_path / "j.sqlite3") as journal:
        session = Session.create(journal, setup.events(), "t", parse_levels("1/2:20,2/4:20"), t0)
        out = io.StringIO()
        console = Console(session, out, as_json=True, now=lambda: now[0])
        for line, minutes in (("next", 0), ("fold", 1), ("fold", 2), ("state", 19.5)):
            now[0] = t0 + timedelta(minutes=minutes)
            console.line(line)
        now[0] = t0 + timedelta(minutes=20, seconds=5)
        console.line("next")
        console.line("state")
    objs = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [o["announcements"] for o in objs] == [
        [],
        [],
        [],
        ["One minute left in level 1"],
        ["Blinds are now 2 and 4"],
        [],
    ]
    assert objs[4]["state"]["blinds"] == "2/4"


def test_console_help_lists_every_command_of_the_one_command_table(capsys) -> None:
    from omaha_tui.session.commands import WORDS

    with pytest.raises(SystemExit) as done:
        main(["console", "--help"])
    assert done.value.code == 0
    text = " ".join(capsys.readouterr().out.split())  # the help wraps its lines
    for command in WORDS.values():  # what the console's own help answers with
        assert " ".join(command.usage.split()) in text, command.usage
    assert "{commands}" not in text
