"""Golden console transcripts: whole hands typed line by line, answers compared exactly.

Each file in ``transcripts/`` is a table header, ``> command`` lines and the answers
the console gave when the file was written and checked by hand against the rules.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .transcript import HERE, play


@pytest.mark.parametrize("name", sorted(p.stem for p in HERE.glob("*.txt")))
def test_transcript(name: str, tmp_path: Path) -> None:
    golden = (HERE / f"{name}.txt").read_text()
    resumes = "# resume" in golden  # a file to close and open again; else in memory
    assert play(golden, tmp_path / "journal.sqlite3" if resumes else None) == golden


def test_r5_1_side_pot_transcript_pays_main_and_side_pot() -> None:
    text = play((HERE / "side_pots.txt").read_text())
    assert (
        "ok: Ann wins 200 (main pot) with three aces; Cy wins 150 (side pot 1) with three kings"
        in text
    )


def test_r7_split_transcript_gives_high_and_low_halves() -> None:
    text = play((HERE / "hi_lo_split.txt").read_text())
    assert (
        "ok: Bob wins 9 (main pot high) with three queens; Ann wins 9 (main pot low) with" in text
    )


def test_resume_in_the_middle_of_a_hand_gives_the_same_next_output(tmp_path: Path) -> None:
    golden = (HERE / "resume_mid_hand.txt").read_text()
    straight = golden.replace("# resume\n", "")
    assert play(straight, tmp_path / "a.sqlite3").replace("# resume\n", "") == straight
    assert play(golden, tmp_path / "b.sqlite3") == golden


def test_r2_8_standing_straddle_and_dealers_choice_between_hands() -> None:
    text = play((HERE / "dealers_choice_and_straddle.txt").read_text())
    assert "Dee posts straddle 4" in text
    assert "refused: a hand is running: change the game between hands" in text
    assert "ok: Omaha hi-lo fixed limit 1/2, hand #2" in text


def test_r2_6_the_table_says_why_a_newcomer_is_not_dealt_in() -> None:
    text = play((HERE / "newcomer_waits_for_the_big_blind.txt").read_text())
    assert "Dee posts big blind 2; Eve waits for the big blind (R2.6)" in text


def test_a_busted_player_is_offered_a_rebuy_when_the_hand_ends() -> None:
    text = play((HERE / "side_pots.txt").read_text())
    assert "Bob is out of chips: rebuy, or sit out" in text


def test_r10_2_run_it_twice_transcript_awards_each_run_by_its_own_board(tmp_path: Path) -> None:
    text = play((HERE / "run_it_twice.txt").read_text(), tmp_path / "j.sqlite3")
    # Run 1 (4h 5c 7h Qs Ad): Bob's three queens high, Ann's 7-5-4-2-A low; run 2
    # (4h 5c 7h Kc 9d): Ann's three kings and the same low scoop the second half.
    assert "ok: Bob wins 75 (run 1 high) with three queens; Ann wins 225 (run 1 low, run 2" in text
    assert "deal run 2 of the board (2 cards)" in text


def test_r13_1_bomb_pot_transcript_posts_short_bombs_and_keeps_the_button(tmp_path: Path) -> None:
    text = play((HERE / "bomb_pots_and_straddles.txt").read_text(), tmp_path / "j.sqlite3")
    assert "next to deal: a bomb pot of 5 (R13.1)" in text  # said before the deal
    assert "Cy posts 2 of the bomb, all in (R13.1b)" in text
    assert "bet 1 is below the minimum: bet 2 to 27" in text  # R13.1(c): BB to the pot
    # R13.1(d): hand 1 was button Ann, Bob SB, Cy BB; the bomb pot moved nothing.
    assert "Hand #3: button Bob; Cy posts small blind 1; Dee posts big blind 2" in text


def test_r13_3_button_straddle_transcript_sb_acts_first(tmp_path: Path) -> None:
    text = play((HERE / "bomb_pots_and_straddles.txt").read_text(), tmp_path / "j.sqlite3")
    assert "Cy posts straddle 4\n> state\nok:" in text
    assert "Dee to act: fold, call 3, raise to 8 to 14" in text  # R13.3 example
