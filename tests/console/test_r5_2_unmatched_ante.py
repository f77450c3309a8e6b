"""R2.9 and R5.2: antes are dead money and layer like R5.1. When the others are all in
for less than their ante, the part of one player's ante nobody else reached is a layer
only that player contributed to: not a side pot anyone contests, but their own ante,
which goes back to them. The table says so plainly ("Unmatched ante ... back to Ann").

Antes 100; Ann has 500, Bob 90 and Cy 85: main pot 3 x 85 = 255 for all three, side
pot 1 = 5 + 5 = 10 for Ann and Bob, and Ann's last 10 are hers alone."""

from __future__ import annotations

import io
from pathlib import Path

from omaha_tui.console import Console
from omaha_tui.engine.config import Stakes, TableConfig, parse_game
from omaha_tui.engine.rules.pots import side_pots, unmatched_ante
from omaha_tui.session import Player, Session, TableSetup
from omaha_tui.session.document import table_document
from omaha_tui.session.view import table_view
from omaha_tui.store.journal import Journal


def _session(tmp_path: Path) -> Session:
    config = TableConfig(
        variant=parse_game("plo"), stakes=Stakes(small_blind=5, big_blind=10, ante=100)
    )
    players = (Player(0, "Ann", 500), Player(1, "Bob", 90), Player(2, "Cy", 85))
    setup = TableSetup(config, players)
    return Session.create(Journal.open(tmp_path / "j.sqlite3"), setup.events(), setup.name)


def _lines(session: Session, *lines: str) -> list[str]:
    out = io.StringIO()
    console = Console(session, out)
    for line in lines:
        console.line(line)
    return out.getvalue().splitlines()


def test_r5_2_an_ante_nobody_else_could_match_is_no_side_pot_but_goes_back(
    tmp_path: Path,
) -> None:
    session = _session(tmp_path)
    _lines(session, "next")
    state = session.state
    pots = side_pots(state)
    assert [(p.amount, sorted(p.eligible)) for p in pots] == [
        (255, [0, 1, 2]),
        (10, [0, 1]),
        (10, [0]),
    ]
    assert state.hand is not None and unmatched_ante(state.hand, pots) == 0
    view = table_view(state, session.available())
    assert view.hand is not None
    assert [(p.label, p.amount, p.eligible) for p in view.hand.pots] == [
        ("Main pot", 255, ("all 3 in",)),
        ("Side pot 1", 10, ("Bob", "Ann")),
        ("Unmatched ante", 10, ("back to Ann",)),
    ]
    (state_line,) = _lines(session, "state")
    assert "Main pot 255: Ann, Bob, Cy; Side pot 1 10: Ann, Bob; Unmatched ante 10: Ann" in (
        state_line
    )
    assert "Side pot 2" not in state_line
    room = table_document(state, view=view)
    assert [(p["label"], p["names"]) for p in room["pots"]][-1] == (
        "Unmatched ante",
        ["back to Ann"],
    )


def test_r5_2_the_unmatched_ante_goes_back_to_its_poster_at_the_award(tmp_path: Path) -> None:
    session = _session(tmp_path)
    answers = _lines(session, "next", "call", "deal", "deal", "deal", "award Cy Bob Ann", "state")
    assert "10 returned to Ann, uncalled (R4.9)" in answers[1]  # her call: nobody to call
    assert "Cy wins 255" in answers[5] and "Bob wins 10" in answers[5]
    assert "unmatched ante 10 goes back to Ann" in answers[5]
    assert "Ann 410" in answers[6]  # 500 - 100 ante + her own 10 back


def test_r5_1_when_its_poster_folds_their_chips_stay_in_the_pot_they_reached(
    tmp_path: Path,
) -> None:
    session = _session(tmp_path)
    _lines(session, "next", "fold")
    pots = side_pots(session.state)
    assert [(p.amount, sorted(p.eligible)) for p in pots] == [(255, [1, 2]), (20, [1])]
    assert session.state.hand is not None and unmatched_ante(session.state.hand, pots) is None
    (state_line,) = _lines(session, "state")
    assert "Side pot 1 20: Bob" in state_line and "Unmatched ante" not in state_line


def test_r5_2_the_dealer_names_only_the_pots_more_than_one_player_can_win(
    tmp_path: Path,
) -> None:
    """Ann's unmatched ante is hers alone: "award Cy Bob" names the main pot's and side
    pot 1's winners and her own 10 go back to her without being named; one name for
    two contested pots is refused, saying both counts."""
    session = _session(tmp_path)
    answers = _lines(session, "next", "call", "deal", "deal", "deal", "award Cy", "award Cy Bob")
    assert answers[5] == (
        "refused: name the winners of each of the 3 pots "
        "(or of the 2 more than one player can win), not 1"
    )
    assert "Cy wins 255" in answers[6] and "Bob wins 10" in answers[6]
    assert "unmatched ante 10 goes back to Ann" in answers[6]
    assert session.state.seat(0) is not None and session.state.seat(0).stack == 410


def _shown_down(tmp_path: Path) -> tuple[Session, list[str]]:
    """Ann (three aces) loses the main pot and side pot 1 to Bob's straight; her last 10
    of ante, which nobody matched, is hers whatever the cards say."""
    session = _session(tmp_path)
    lines = _lines(
        session,
        "next",
        "call",
        "show Ann AsAhKsKh",
        "show Bob 2c3d4h5s",
        "show Cy 7c8d9hTs",
        "deal AdKdQd",
        "deal 2h",
        "deal 3h",
        "why",
    )
    return session, lines


def test_r5_2_the_award_says_the_unmatched_ante_goes_back_and_names_no_side_pot_2(
    tmp_path: Path,
) -> None:
    session, _ = _shown_down(tmp_path)
    (said,) = _lines(session, "award")
    assert said.startswith("ok: Bob wins 265 (main pot, side pot 1) with five-high straight; ")
    assert "unmatched ante 10 goes back to Ann" in said
    assert "side pot 2" not in said and "Ann wins" not in said  # not won, and not with aces
    assert session.state.seat(0) is not None and session.state.seat(0).stack == 410


def test_r5_2_why_names_the_unmatched_ante_as_the_felt_does(tmp_path: Path) -> None:
    _, lines = _shown_down(tmp_path)
    why = "\n".join(lines[8:])
    assert why.splitlines()[-1] == "Unmatched ante 10: back to Ann"
    assert "Side pot 2" not in why and "Ann +10" not in why


def test_r5_2_the_spoken_result_gives_the_unmatched_ante_back(tmp_path: Path) -> None:
    from omaha_tui.session.showdown import pot_results, pot_speech

    session, _ = _shown_down(tmp_path)
    pots = pot_results(session.state)
    assert [p.label for p in pots] == ["Main pot", "Side pot 1", "Unmatched ante"]
    said = pot_speech(pots)
    assert said.endswith(" The unmatched ante goes back to Ann.")
    assert "Side pot 2" not in said


def test_r5_2_the_room_page_says_the_unmatched_ante_went_back(tmp_path: Path) -> None:
    session, _ = _shown_down(tmp_path)
    _lines(session, "award")
    state = session.state
    room = table_document(state, view=table_view(state, session.available()))
    *_, back = room["last_hand"]["winners"]
    assert (back["name"], back["said"], back["amount"], back["for"]) == (
        "Ann",
        "gets back",
        10,
        "unmatched ante",
    )
    assert back["hand"] == "" and back["cards"] == []  # given back, not won with aces
    assert {w["said"] for w in room["last_hand"]["winners"][:-1]} == {"wins"}
    assert [a["pot"] for a in room["awards"]] == ["main pot", "side pot 1", "unmatched ante"]


def test_r5_2_naming_another_winner_for_the_unmatched_ante_is_refused_in_its_name(
    tmp_path: Path,
) -> None:
    session = _session(tmp_path)
    answers = _lines(session, "next", "call", "deal", "deal", "deal", "award Cy Bob Cy")
    assert answers[5] == (
        "refused: Cy (seat 3) cannot win the unmatched ante: it goes back to Ann (seat 1) (R5.2)"
    )
