"""R13.1 and R13.3 at the console: the JSON's bomb, next_bomb and straddle posts; a
double-board bomb pot dealt from the word to the award."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .test_console_cli import run


def _objs(monkeypatch, capsys, tmp_path: Path, lines: str, *flags: str) -> list[dict]:
    code, out = run(
        monkeypatch,
        capsys,
        lines,
        "--db",
        str(tmp_path / "j.sqlite3"),
        "--players",
        "Ann:100,Bob:100,Cy:100,Dee:100",
        "--json",
        *flags,
    )
    assert code == 0
    return [json.loads(line) for line in out]


def test_r13_1_json_says_the_next_bomb_then_this_hands_bomb(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    objs = _objs(monkeypatch, capsys, tmp_path, "bomb 5 double\nnext\n")
    called, dealt = objs[0]["state"], objs[1]["state"]
    assert called["next_bomb"] == {"amount": 5, "double": True} and called["bomb"] is None
    assert dealt["bomb"] == 5 and dealt["next_bomb"] is None
    assert len(dealt["boards"]) == 2  # a double-board bomb pot (R13.2a)
    assert {(p["kind"], p["amount"]) for p in dealt["posts"]} == {("bomb", 5)}
    assert dealt["to_act"] is None and dealt["pots"][0]["amount"] == 20


def test_r13_1_double_bomb_pot_from_the_word_to_the_award(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = (
        "bomb 5 double\nnext\ndeal Kc 7d 2h | Th Jh Qd\ncheck\ncheck\ncheck\ncheck\n"
        "deal 9s | 3s\ncheck\ncheck\ncheck\ncheck\ndeal 4c | 5d\ncheck\ncheck\ncheck\ncheck\n"
        "show Ann Ks Kd 6c 6h\nshow Bob 9c 8c 3c 3d\nshow Cy 9d 8d 2c 2d\nshow Dee As Ac 4s 4d\n"
        "award\n"
    )
    objs = _objs(monkeypatch, capsys, tmp_path, lines)
    done = objs[-1]["state"]
    assert done["complete"] and done["bomb"] == 5
    assert sum(a["amount"] for a in done["awards"]) == 20
    assert {a["board"] for a in done["awards"]} == {1, 2}
    assert sum(s["stack"] for s in done["seats"]) == 400


def test_r13_3_json_posts_name_the_straddler(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    objs = _objs(monkeypatch, capsys, tmp_path, "straddle 4 button\nnext\n")
    posts = objs[1]["state"]["posts"]
    assert {"seat": 1, "kind": "straddle", "amount": 4} in posts  # Ann has the button
    assert objs[1]["state"]["to_act"] == 2  # left of the straddler: the small blind


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("bomb 0", "more than 0"),
        ("bomb -5", "negative"),
        ("bomb at 9 5", "nobody sits in seat 9"),
        ("straddle 4 Zed", "not at the table"),
    ],
)
def test_r13_bad_format_words_are_one_line_and_change_nothing(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    line: str,
    words: str,
) -> None:
    objs = _objs(monkeypatch, capsys, tmp_path, f"{line}\nstate\n")
    assert objs[0]["ok"] is False and words in objs[0]["message"]
    assert objs[1]["state"]["next_bomb"] is None
