"""R8.3: a loss between hands of one kind names the card that decides it.

On screen and in ``read`` the result says both hands' ranks and the deciding card;
aloud, whose card beats whose. Different categories need no decider; ties have none.
"""

from __future__ import annotations

from omaha_tui.engine.config import parse_game
from omaha_tui.engine.hands.cards import parse_cards
from omaha_tui.engine.hands.showdown import ShowdownReading, read_showdown
from omaha_tui.engine.hands.showdown_words import showdown_speech


def read(game: str, board: str, **hands: str) -> ShowdownReading:
    return read_showdown(
        parse_game(game), parse_cards(board), [(n, parse_cards(c)) for n, c in hands.items()]
    )


def test_r8_3_ace_high_flush_against_ace_high_flush_the_queen_decides() -> None:
    r = read("omaha", "Ah Kh 7h 2c 3d", Cy="Qh Jh 9s 9c", Dee="6h 5h 8s 8c")
    dee = r.players[1]
    assert dee.high_result == (
        "loses to Cy's ace-high flush (A-K-Q-J-7 beats A-K-7-6-5: the queen decides)"
    )
    assert "Cy's queen beats Dee's seven." in showdown_speech(r)


def test_r8_3_same_pair_the_kicker_decides() -> None:
    r = read("omaha", "As 7d 4c 2h 9s", Ann="Ad Kc 3s 3d", Bob="Ac Qh 5s 5d")
    bob = r.players[1]
    assert bob.high.description == "pair of aces"
    assert (
        bob.high_result
        == "loses to Ann's pair of aces (A-A-K-9-7 beats A-A-Q-9-7: the king decides)"
    )
    assert "Ann's king beats Bob's queen." in showdown_speech(r)


def test_r8_3_two_pair_the_second_pair_decides() -> None:
    r = read("omaha", "Ks Kd 9c 4h 2s", Ann="Qs Qc 3d 5h", Bob="Js Jc 3c 6h")
    bob = r.players[1]
    assert bob.high_result == (
        "loses to Ann's two pair, kings and queens (K-K-Q-Q-9 beats K-K-J-J-9: the queens decide)"
    )
    assert "Ann's queens beat Bob's jacks." in showdown_speech(r)


def test_r8_3_full_houses_the_pair_decides() -> None:
    r = read("omaha", "Ks Kd Kc 9h 4s", Ann="9s 9d 2c 3h", Bob="4h 4d 2d 3c")
    bob = r.players[1]
    assert bob.high_result == (
        "loses to Ann's kings full of nines (K-K-K-9-9 beats K-K-K-4-4: the nines decide)"
    )


def test_r8_3_straights_the_top_card_decides_and_the_wheel_is_five_high() -> None:
    r = read("omaha", "2s 3d 4c 9h Ks", Ann="5s 6d Qc Qh", Bob="As 5h Jc Jh")
    bob = r.players[1]
    assert bob.high.description == "five-high straight"
    assert bob.high_result.endswith("(6-5-4-3-2 beats 5-4-3-2-A: the six decides)")


def test_r8_3_lows_compare_from_the_top_the_lower_card_decides() -> None:
    r = read("omaha8", "4h 5c 7h Qs Ad", Bob="Ah 2s Kh Ks", Ann="As 3s Qh Qd")
    ann = r.players[1]
    assert ann.low_result.endswith("(7-5-4-2-A beats 7-5-4-3-A: the two decides)")
    assert "Bob's two beats Ann's three for the low." in showdown_speech(r)


def test_r8_3_a_different_category_needs_no_decider() -> None:
    r = read("omaha", "Ah Kh 7h 2c 3d", Cy="Qh Jh 9s 9c", Dee="As Ad 8s 8c")
    dee = r.players[1]
    assert dee.high_result == "loses to Cy's ace-high flush"
    assert dee.high_decider is None


def test_r8_3_tied_hands_have_no_decider() -> None:
    r = read("omaha", "9s Ts Jd 2c 3h", Cy="Qh Kd 4s 4c", Dee="Qc Kc 5s 5d")
    assert r.high_winners == (0, 1)
    assert all(p.high_decider is None for p in r.players)


def test_the_spoken_result_says_the_amounts_won() -> None:
    r = read("omaha8", "4h 5c 7h Qs Ad", Bob="Ah 2s Kh Ks", Ann="As 3s Qh Qd")
    said = showdown_speech(r, {1: 51}, {0: 50})
    assert said.startswith("Ann wins 51 with three queens")
    assert "Bob wins 50 for the low with seven-five-four-two-ace." in said


def test_tied_winners_are_said_with_each_share() -> None:
    r = read("omaha", "9s Ts Jd 2c 3h", Cy="Qh Kd 4s 4c", Dee="Qc Kc 5s 5d")
    assert showdown_speech(r, {0: 11, 1: 10}).endswith("Cy wins 11 and Dee wins 10.")
