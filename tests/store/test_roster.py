"""The regulars (R12): one identity per player, renames and merges, lifetime results."""

from __future__ import annotations

import io
from decimal import Decimal
from pathlib import Path

import pytest

from omaha_tui.cli.play import parse_players
from omaha_tui.console import Console
from omaha_tui.engine.config import Stakes, TableConfig, parse_game
from omaha_tui.engine.rules.money import ChipRate
from omaha_tui.session import Player, Session, TableSetup
from omaha_tui.store.journal import Journal, JournalError
from omaha_tui.store.ledger import ledger
from omaha_tui.store.roster import RosterError

CONFIG = TableConfig(variant=parse_game("plo"), stakes=Stakes(small_blind=1, big_blind=2))
HANDS = (
    "next\nfold\nfold\n"  # hand 1: the big blind wins
    "next\ncall\nfold\ncheck\ndeal\ncheck\ncheck\ndeal\ncheck\ncheck\ndeal\nbet 4\nfold\n"
)


def night(
    journal: Journal, players: str, lines: str = HANDS, *, end: bool = True, rate: str = ""
) -> int:
    """Play one session through the console; returns its id."""
    seated = tuple(Player(i, n, s) for i, (n, s) in enumerate(parse_players(players)))
    money = None
    if rate:
        chips, _, value = rate.partition("=")
        money = ChipRate(chips=int(chips), money=Decimal(value), currency="EUR")
    setup = TableSetup(CONFIG, seated, money=money)
    session = Session.create(journal, setup.events(), setup.name)
    console = Console(session, io.StringIO())
    console.run(lines.splitlines() + (["end"] if end else []))
    return session.id


def _nets(journal: Journal) -> dict[str, int]:
    """Every session's ledger nets summed by exact name, the reference for lifetime sums."""
    total: dict[str, int] = {}
    for info in journal.sessions():
        for line in ledger(journal.load_state(info.id)).lines:
            total[line.name] = total.get(line.name, 0) + line.net
    return total


def test_r12_a_player_is_created_the_first_time_they_sit_down(tmp_path: Path) -> None:
    with Journal.open(tmp_path / "j.sqlite3") as journal:
        night(journal, "Ann:200,Bob:200,Zoë:150")
        night(journal, "ann:200,BOB:200,ZOË:150")  # the name rule: case and NFKC
        everyone = journal.lifetime()
        assert [p.name for p in everyone] == ["Ann", "Bob", "Zoë"]
        assert all(p.sessions == 2 for p in everyone)
        assert sorted(journal.roster()) == ["Ann", "Bob", "Zoë"]


def test_r12_lifetime_sums_equal_the_sessions_sums_across_rename_and_merge(
    tmp_path: Path,
) -> None:
    with Journal.open(tmp_path / "j.sqlite3") as journal:
        night(journal, "Ann:200,Bob:200,Cy:150", rate="100=10.00")
        night(journal, "Ann:200,Bobby:200,Cy:150", rate="1=0.25")
        night(journal, "Cy:300,Ann:100,Bob:200")
        by_name = _nets(journal)
        before = {p.name: p for p in journal.lifetime()}
        assert before["Bob"].sessions == 2 and before["Bobby"].sessions == 1
        assert before["Bob"].net == by_name["Bob"]
        assert sum(p.net for p in before.values()) == sum(by_name.values())

        assert journal.rename_player("bob", "Robert") == (
            "Bob is now Robert (the old name still finds them)"
        )
        said = journal.merge_players("Robert", "Bobby")
        assert said == "Bobby and Robert are one player now, Robert: their results add up"
        after = {p.name: p for p in journal.lifetime()}
        assert set(after) == {"Ann", "Cy", "Robert"}
        robert = after["Robert"]
        assert robert.sessions == 3
        assert robert.net == by_name["Bob"] + by_name["Bobby"]
        assert robert.hands == before["Bob"].hands + before["Bobby"].hands
        assert robert.won == before["Bob"].won + before["Bobby"].won
        assert robert.best_pot == max(before["Bob"].best_pot, before["Bobby"].best_pot)
        assert set(robert.spellings) == {"Bob", "Bobby", "Robert"}
        # Net money per currency: each session valued at its own rate (R12.1).
        ann = after["Ann"]
        assert set(ann.money) == {"EUR"}
        assert ann.money["EUR"] == before["Ann"].money["EUR"]
        # The history is kept: the sessions still hold the names they were played under.
        person, nights = journal.player_nights("bobby")
        assert person.name == "Robert"
        assert [n.name for n in nights] == ["Bob", "Bobby", "Bob"]
        assert sum(n.net for n in nights) == robert.net
        # A new night as "bob" is Robert's.
        night(journal, "bob:200,Ann:200")
        assert {p.name: p.sessions for p in journal.lifetime()}["Robert"] == 4


def test_r12_a_rename_or_merge_that_cannot_be_done_says_why(tmp_path: Path) -> None:
    with Journal.open(tmp_path / "j.sqlite3") as journal:
        night(journal, "Ann:200,Bob:200")
        with pytest.raises(RosterError, match='"Zed" is not on the roster'):
            journal.rename_player("Zed", "Z")
        with pytest.raises(RosterError, match='"bob" is already another player'):
            journal.rename_player("Ann", "bob")
        with pytest.raises(RosterError, match="already the same player"):
            journal.merge_players("Ann", "ANN")
        with pytest.raises(RosterError, match="at most 24"):
            journal.rename_player("Ann", "A" * 30)
        assert [p.name for p in journal.lifetime()] == ["Ann", "Bob"]


def test_r12_a_session_mid_hand_and_an_undone_seat_are_counted_as_the_log_says(
    tmp_path: Path,
) -> None:
    db = tmp_path / "j.sqlite3"
    with Journal.open(db) as journal:
        night(journal, "Ann:200,Bob:200")
        night(
            journal, "Ann:200,Bob:200", "seat 3 Cy 100\nundo\nnext\nfold\nnext\nraise 6", end=False
        )
    with Journal.open(db, read_only=True) as journal:
        everyone = {p.name: p for p in journal.lifetime()}
        assert set(everyone) == {"Ann", "Bob"}  # Cy's seat was undone
        assert everyone["Ann"].sessions == 2
        assert sum(p.net for p in everyone.values()) == 0


def test_r12_one_players_nights_and_an_unknown_name(tmp_path: Path) -> None:
    with Journal.open(tmp_path / "j.sqlite3") as journal:
        night(journal, "Ann:200,Bob:200", rate="100=10.00")
        person, nights = journal.player_nights("ANN")
        assert person.name == "Ann" and len(nights) == 1
        assert nights[0].currency == "EUR"
        with pytest.raises(JournalError, match='nobody called "Zed" has played'):
            journal.player_nights("Zed")
