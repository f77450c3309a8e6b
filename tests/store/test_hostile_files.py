"""Mutated hand histories and exports: each is imported whole or refused in one line.

The real corpus (tests/data/phh) and a JSON export of a played session are mutated by a
seeded hand: bytes flipped, cut short, keys duplicated, values of the wrong type, huge
arrays, deep nesting, bytes that are not UTF-8, a byte-order mark, CRLF line ends, fields
swapped between files. Each file must either import or be refused in one line that names
it; a refused file adds nothing to the journal; nothing raises. The import never trusts
the file, so a mutation it accepts must still make a session whose every event replays.
"""

from __future__ import annotations

import io
import random
import re
import sys
from pathlib import Path

import pytest

from omaha_tui.cli import main
from omaha_tui.interchange.interop import import_files
from omaha_tui.store.journal import Journal

CORPUS = sorted((Path(__file__).parents[1] / "data" / "phh").rglob("*.phh"))

WRONG = [
    "''",
    "'x'",
    "-1",
    "1e400",
    "nan",
    "inf",
    "[]",
    "[[]]",
    "{}",
    "true",
    "9" * 400,
    "'\\u0000'",
    "'\\u202e'",
    "[" + ", ".join(["1"] * 5000) + "]",
    "'" + "x" * 20_000 + "'",
    "1979-05-27T07:32:00Z",
]


def _mutate(r: random.Random, data: bytes) -> bytes:
    """One seeded mutation of a file's bytes."""
    kind = r.randrange(11)
    lines = data.split(b"\n")
    if kind == 0:  # flip bytes
        b = bytearray(data)
        for _ in range(r.randint(1, 8)):
            b[r.randrange(len(b))] ^= 1 << r.randrange(8)
        return bytes(b)
    if kind == 1:  # cut short
        return data[: r.randrange(len(data))]
    if kind == 2:  # a key twice
        i = r.randrange(len(lines))
        return b"\n".join([*lines[: i + 1], lines[i], *lines[i + 1 :]])
    if kind in (3, 4):  # a value of the wrong type or size
        i = r.randrange(len(lines))
        key, eq, _ = lines[i].partition(b"=")
        if eq:
            lines[i] = key + b"= " + r.choice(WRONG).encode()
        return b"\n".join(lines)
    if kind == 5:  # deep nesting
        depth = r.choice([50, 500, 5000, 100_000])
        return data + b"\nx = " + b"[" * depth + b"]" * depth + b"\n"
    if kind == 6:  # not UTF-8
        i = r.randrange(len(data))
        return data[:i] + r.choice([b"\xff", b"\xc3\x28", b"\xed\xa0\x80", b"\x00"]) + data[i:]
    if kind == 7:  # BOM and CRLF
        return b"\xef\xbb\xbf" + data.replace(b"\n", b"\r\n")
    if kind == 8:  # an action line of garbage inside the actions array
        junk = r.choice(["'p9 cbr 5'", "'d dh p1 AhAh'", "'p1 cbr -5'", "'p1 cbr 1e400'", "5"])
        return re.sub(rb"actions = \[", b"actions = [" + junk.encode() + b", ", data, count=1)
    if kind == 9:  # lines dropped
        keep = [line for line in lines if r.random() > 0.2]
        return b"\n".join(keep)
    return data.replace(b"'", b'"', r.randint(1, 5))  # quotes changed


def _journal_size(journal: Journal) -> tuple[int, int]:
    infos = journal.sessions()
    return len(infos), sum(len(journal.records(i.id)) for i in infos)


def _one_line(error: str, source: str) -> None:
    assert "\n" not in error and "Traceback" not in error, error[:500]
    assert "internal error" not in error, error
    assert source in error or error.startswith(source[:20]), (source, error[:300])


@pytest.mark.parametrize("seed", range(6))
def test_a_mutated_hand_history_is_imported_or_refused_in_one_line(
    tmp_path: Path, seed: int
) -> None:
    r = random.Random(seed)
    with Journal.open(tmp_path / "j.sqlite3") as journal:
        for n in range(40):
            original = r.choice(CORPUS).read_bytes()
            path = tmp_path / f"m{seed}-{n}.phh"
            path.write_bytes(_mutate(r, original))
            before = _journal_size(journal)
            (outcome,) = import_files(journal, [path], again=True)
            if outcome.error is not None:
                _one_line(outcome.error, str(path))
                assert _journal_size(journal) == before, outcome.error
            else:
                assert outcome.session_id is not None
                journal.session(outcome.session_id)  # its events replay


@pytest.fixture(scope="module")
def export(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The JSON export of a session of three hands (rebuy and correction included)."""
    where = tmp_path_factory.mktemp("export")
    db = where / "j.sqlite3"
    lines = "next\ncall\ncall\ncheck\ndeal Ah Kd 7c\ncheck\ncheck\ncheck\nfold\nfold\n"
    lines += "next\npot\nfold\nfold\nrebuy Bob 50\ncorrect Cy -5 miscount\nnext\n"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sys, "stdin", io.StringIO(lines))
        assert main(["console", "--db", str(db), "--players", "Ann:200,Bob:200,Cy:200"]) == 0
        assert main(["export", "--db", str(db), "1", str(where), "--format", "json"]) == 0
    (path,) = where.glob("*.json")
    return path.read_bytes()


def _mutate_json(r: random.Random, data: bytes) -> bytes:
    kind = r.randrange(4)
    if kind == 0:  # a value of the wrong type, somewhere
        values = list(re.finditer(rb": (-?\d+|\"[^\"]*\"|true|false|null)", data))
        m = r.choice(values)
        wrong = r.choice(['""', '"x"', "-1", "1e400", "NaN", "[]", "{}", "null", "9" * 400])
        return data[: m.start(1)] + wrong.encode() + data[m.end(1) :]
    if kind == 1:  # a key of an object dropped or renamed
        keys = list(re.finditer(rb'"(\w+)":', data))
        m = r.choice(keys)
        return data[: m.start(1)] + b"zz" + data[m.end(1) :]
    if kind == 2:  # an event repeated or dropped
        starts = [m.start() for m in re.finditer(rb'\{"type":', data)] or [0]
        i = r.choice(starts)
        j = data.find(b"}", i) + 1
        return data[:i] + data[i:j] + b"," + data[i:] if r.random() < 0.5 else data[:i] + data[j:]
    return _mutate(r, data)


@pytest.mark.parametrize("seed", range(4))
def test_a_mutated_json_export_is_imported_or_refused_in_one_line(
    tmp_path: Path, seed: int, export: bytes
) -> None:
    r = random.Random(seed)
    with Journal.open(tmp_path / "j.sqlite3") as journal:
        for n in range(40):
            path = tmp_path / f"e{seed}-{n}.json"
            path.write_bytes(_mutate_json(r, export))
            before = _journal_size(journal)
            (outcome,) = import_files(journal, [path], again=True)
            if outcome.error is not None:
                _one_line(outcome.error, str(path))
                assert _journal_size(journal) == before, outcome.error
            else:
                assert outcome.session_id is not None
                journal.session(outcome.session_id)


LONG = "9" * 5000
"""More digits than Python reads in one number (4300): not a bug of the reader."""


def test_a_number_of_five_thousand_digits_is_refused_in_one_line_by_each_reader(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    hand = CORPUS[0].read_text()
    phh = tmp_path / "long.phh"
    phh.write_text(re.sub(r"(?m)^antes = .*$", f"antes = [{LONG}, 0, 0, 0, 0]", hand))
    export = tmp_path / "long.json"
    export.write_text('{"session": {"title": "x"}, "events": [' + LONG + "]}")
    batch = tmp_path / "long.jsonl"
    batch.write_text('{"game": "omaha", "die": ' + LONG + "}\n")
    db = str(tmp_path / "j.sqlite3")
    assert main(["import", "--db", db, str(phh), str(export)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err == [
        f"not imported: {phh}: not valid PHH (a number has more than 4300 digits)",
        f"not imported: {export}: not an omaha-tui JSON export (a number has more than 4300 "
        "digits)",
    ]
    assert main(["replay", str(phh)]) == 1
    out = capsys.readouterr().out
    assert out == f"{phh}: not valid PHH (a number has more than 4300 digits)\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["read", "--batch", str(batch)]) == 1
    assert capsys.readouterr().out == (
        '{"line": 1, "error": "not a deal: a number has more than 4300 digits"}\n'
    )
