"""The framed tables of ``read`` and ``equity``: aligned in screen columns, styled only on
a terminal, wrapped by Rich only when a terminal is too narrow for them."""

from __future__ import annotations

import io
import os
import re

import pytest

from omaha_tui.cli import text_table
from omaha_tui.engine.graphemes import width

HEADERS = ["Player", "Cards", "High: two from the hand +\nthree from the board", "Wins"]
ROWS = [
    ["山田 👩\u200d🍳", "A♥ 2♠ K♥ K♠", "pair of aces\nA♥ K♥ + 7♥ Q♠ A♦", ""],
    ["Bob", "A♠ 3♠ Q♥ Q♦", "three queens\nQ♥ Q♦ + 7♥ Q♠ A♦", "pot"],
]


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_every_frame_line_is_as_wide_as_the_table_with_wide_names() -> None:
    lines = text_table.render("Omaha: board 4♥ 5♣ 7♥ Q♠ A♦", HEADERS, ROWS)
    frame = lines[1:]
    assert {width(line) for line in frame} == {width(frame[0])}
    assert len(frame) == 1 + 2 + 1 + 4 + 1  # top, two header lines, rule, two rows of two, end
    assert "│ 山田 👩\u200d🍳 │ A♥ 2♠ K♥ K♠ │ pair of aces " in lines[5]
    assert "\x1b" not in "".join(lines)


def test_right_justified_columns_line_up_on_the_right() -> None:
    lines = text_table.render(
        "t", ["Who", "Equity"], [["Ann", "7.8%"], ["Bob", "92.2%"]], right={1}
    )
    assert lines[4].endswith("│   7.8% │") and lines[5].endswith("│  92.2% │")
    assert lines[2].endswith("┃ Equity ┃")


def test_a_pipe_gets_the_whole_table_unstyled_however_wide(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    out = io.StringIO()
    monkeypatch.setattr("sys.stdout", out)
    rows = [["Ann", "x" * 120, "", ""]]
    text_table.show("title", HEADERS, rows)
    lines = out.getvalue().splitlines()
    assert width(lines[1]) > 120 and "\x1b" not in out.getvalue()


def test_a_terminal_shows_the_header_and_the_winners_bold(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    out = Terminal()
    monkeypatch.setattr("sys.stdout", out)
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.setattr("shutil.get_terminal_size", lambda: os.terminal_size((200, 50)))
    text_table.show("Omaha", HEADERS, ROWS, bold_rows=[1])
    lines = out.getvalue().splitlines()
    bold = text_table.BOLD
    assert f"{bold}Player" in lines[2]
    assert f"{bold}Bob" in lines[7] and f"{bold}three queens" in lines[7]
    assert bold not in lines[5]  # the loser's row is plain


def test_a_terminal_too_narrow_for_the_table_gets_it_wrapped_to_fit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    out = Terminal()
    monkeypatch.setattr("sys.stdout", out)
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.setenv("COLUMNS", "50")
    monkeypatch.setattr("shutil.get_terminal_size", lambda: os.terminal_size((50, 20)))
    text_table.show("Omaha", HEADERS, ROWS, bold_rows=[1])
    text = out.getvalue()
    plain = re.sub(r"\x1b\[[0-9;]*m", "", text)
    assert all(width(line) <= 50 for line in plain.splitlines())
    for word in ("Player", "Bob", "queens", "pot"):
        assert word in plain
