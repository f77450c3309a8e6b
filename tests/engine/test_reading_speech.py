"""What the dealer says at showdown (R8.3), as text: splits, ties, no low, scoops."""

from __future__ import annotations

from omaha_tui.engine.config import parse_game
from omaha_tui.engine.hands.cards import parse_cards
from omaha_tui.engine.hands.reading import read_high, read_low
from omaha_tui.engine.hands.showdown import read_showdown
from omaha_tui.engine.hands.showdown_words import showdown_speech


def speech(game: str, board: str, *hands: str) -> str:
    parsed = [(h.split(":")[0], parse_cards(h.split(":")[1])) for h in hands]
    return showdown_speech(read_showdown(parse_game(game), parse_cards(board), parsed))


def test_r8_3_split_pot_names_the_high_hand_cards_and_the_low() -> None:
    assert speech("omaha8", "4h 5c 7h Qs Ad", "Bob: Ah 2s Kh Ks", "Ann: As 3s Qh Qd") == (
        "Ann: three queens, queen-queen from the hand with the queen of spades, ace and seven. "
        "Bob wins the low with seven-five-four-two-ace. Bob's two beats Ann's three for the low."
    )


def test_r7_6_scoop_is_said() -> None:
    assert speech("omaha8", "Kh 3d 4d 8s 2d", "H1: Ah 2s Qd Ks", "H2: 6h 7h Td Jd") == (
        "H2: jack-high flush, jack-ten from the hand with the four, three and two of diamonds. "
        "H2 wins the low with seven-six-four-three-two. "
        "H2's seven beats H1's eight for the low. H2 scoops."
    )


def test_r7_3_no_low_means_the_high_takes_the_whole_pot() -> None:
    said = speech("omaha8", "Kh Qd 9c 8s 2d", "Ann: Ah 3s Jd Ks", "Bob: 6h 7h Td Jc")
    assert said.endswith("No qualifying low: Bob takes the whole pot.")


def test_r6_3_tied_highs_and_tied_lows_are_said_as_ties() -> None:
    said = speech("omaha8", "3c 4d 5h Kc Qs", "Ann: Ah 2c Jd Js", "Bob: As 2d Jh Jc")
    assert said == (
        "Ann and Bob tie: five-high straight, two-ace from the hand with the five, four and "
        "three. Ann and Bob split the low with five-four-three-two-ace."
    )


def test_high_only_game_says_only_the_high() -> None:
    said = speech("omaha", "4h 5c 7h Qs Ad", "Bob: Ah 2s Kh Ks", "Ann: As 3s Qh Qd")
    assert said == (
        "Ann: three queens, queen-queen from the hand with the queen of spades, ace and seven."
    )


def test_low_sentence_names_two_from_the_hand_and_three_from_the_board() -> None:
    r = read_low(parse_cards("Ah 2s Kh Ks"), parse_cards("4h 5c 7h Qs Ad"))
    assert r is not None
    assert r.sentence == (
        "seven-five-four-two-ace low, two-ace from the hand with the seven, five and four"
    )


def test_flush_sentence_names_the_suit_once() -> None:
    r = read_high(parse_cards("6h 7h Td Jd"), parse_cards("Kh 3d 4d 8s 2d"))
    assert r.sentence == (
        "jack-high flush, jack-ten from the hand with the four, three and two of diamonds"
    )
