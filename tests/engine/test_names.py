"""One identity for a player's name on every path; names that show nothing are refused.

``Ann``, ``ann``, ``ANN`` and a full-width ``ＡＮＮ`` are one person: the second is refused
in one line naming the seated player (console, palette, setup, flags, imports), and
every lookup by name finds the one person. Lengths count what is seen on screen.
"""

from __future__ import annotations

import io

import pytest
from hypothesis import given
from hypothesis import strategies as st

from omaha_tui.cli import main
from omaha_tui.cli.play import FlagError, parse_players
from omaha_tui.engine import graphemes
from omaha_tui.engine.config import Stakes, TableConfig, parse_game
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.decide import decide
from omaha_tui.engine.decisions.outcomes import Refusal
from omaha_tui.engine.labels import NAME_LIMIT, check_name, clip_name, identity, same_name
from omaha_tui.engine.opening import opening_events
from omaha_tui.engine.reducer.replay import replay
from omaha_tui.engine.state import TableState
from omaha_tui.session.grammar.table import parse_player

COOK = "\U0001f469\u200d\U0001f373"
FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466"


def _table() -> TableState:
    config = TableConfig(variant=parse_game("plo"), stakes=Stakes(big_blind=2), seats=4)
    return replay(opening_events(config, [(0, "Ann", 100), (1, "Bob", 100)]))


BLANKS = ["\u200d", "\u200b", "\u2060", "\ufeff", "\u3164", "\u2800", "\u115f", "\uffa0", "\ue000"]


@pytest.mark.parametrize("other", ["ann", "ANN", "ＡＮＮ", " Ann ", "aNn"])
def test_one_person_however_the_name_is_typed(other: str) -> None:
    assert identity(other) == identity("Ann") and same_name("Ann", other)


@pytest.mark.parametrize("blank", BLANKS)
def test_a_name_with_a_character_that_shows_nothing_is_refused_naming_it(blank: str) -> None:
    with pytest.raises(ValueError, match=r"shows nothing|control character") as info:
        check_name("Ann" + blank)
    assert "\n" not in str(info.value)
    assert blank not in str(info.value)  # the message writes it as an escape


@pytest.mark.parametrize(
    "name", [f"Zoë {COOK}", FAMILY, "🇫🇷 Jo", "山田太郎", "1\ufe0f\u20e3", "👍🏽"]
)
def test_names_with_emoji_accents_and_wide_letters_are_names(name: str) -> None:
    assert check_name(name) == name


def test_length_counts_columns_on_screen() -> None:
    assert check_name("山" * 12) == "山" * 12
    with pytest.raises(ValueError, match="is 26 columns wide"):
        check_name("山" * 13)
    assert check_name(COOK * 12) == COOK * 12  # 12 emoji of two columns, 36 code points
    assert check_name("e\u0301" * NAME_LIMIT)  # 24 accented letters, 48 code points


@given(
    st.lists(st.sampled_from(["a", "é", "e\u0301", "山", COOK, FAMILY, "🇫🇷", "👍🏽"]), max_size=30)
)
def test_a_clipped_name_is_whole_characters_and_fits(parts: list[str]) -> None:
    text = "".join(parts)
    for columns in range(1, 12):
        cut = clip_name(text, columns)
        assert graphemes.width(cut) <= columns
        kept = cut.removesuffix("…")
        assert list(graphemes.clusters(kept)) == parts[: len(list(graphemes.clusters(kept)))]


def test_the_decider_refuses_a_second_ann_naming_the_seated_player() -> None:
    state = _table()
    assert decide(state, rq.SeatPlayer(2, "ann", 100)) == Refusal(
        '"ann" is Ann, who is already seated: use another name'
    )
    refused = decide(state, rq.SeatPlayer(2, "Ann\u3164", 100))
    assert isinstance(refused, Refusal) and "shows nothing" in refused.reason


def test_lookups_by_name_find_the_one_person() -> None:
    state = _table()
    assert parse_player(state, "ANN") == 0 and parse_player(state, "ａｎｎ") == 0


def test_players_flag_refuses_the_same_person_twice() -> None:
    with pytest.raises(FlagError, match='"ANN" is Ann, who is already seated'):
        parse_players("Ann:100,Bob:100,ANN:100")


def test_console_seat_refuses_ann_beside_ann_and_books_chips_to_ann(
    tmp_path, monkeypatch, capsys
) -> None:
    lines = "seat 3 ann 200 post\nrebuy ann 100\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    db = str(tmp_path / "j.sqlite3")
    code = main(["console", "--db", db, "--players", "Ann:100,Bob:100"])
    out = capsys.readouterr().out.splitlines()
    assert out[0] == 'refused: "ann" is Ann, who is already seated: use another name'
    assert out[1].startswith("ok: Ann rebuys 100")
    assert code == 0  # a refused line is answered; the console goes on


def test_a_name_of_24_columns_of_joined_emoji_is_seated() -> None:
    from omaha_tui.engine.decisions.outcomes import Decided

    family = decide(_table(), rq.SeatPlayer(2, FAMILY * 12, 100))  # 84 code points
    assert isinstance(family, Decided) and family.state.seats[2] is not None
