"""R6.2 (a)-(d) and R6.4: announced hands judged against the 2 + 3 rule, with reasons."""

from __future__ import annotations

import pytest

from omaha_tui.engine.hands.cards import CardError, parse_cards
from omaha_tui.engine.hands.claims import CLAIM_NAMES, explain_claim, parse_claim
from omaha_tui.engine.hands.reading import HandCategory


def judge(hole: str, board: str, claim: str) -> tuple[bool, str]:
    v = explain_claim(parse_cards(hole), parse_cards(board), claim)
    return v.stands, v.reason


def test_r6_2a_four_suited_board_cards_and_one_suited_hole_card_is_no_flush() -> None:
    stands, reason = judge("Ah 2c 3d 4s", "Kh Qh 9h 7h 2s", "flush")
    assert not stands
    assert reason.startswith(
        "only one heart in the hand: a flush needs two hole cards of the suit (R6.2a)"
    )
    assert reason.endswith(
        "the hand plays as pair of twos (Ah 2c from the hand, Kh Qh 2s on the board)"
    )


def test_r6_2a_no_card_of_the_suit_in_the_hand() -> None:
    stands, reason = judge("As 2c 3d 4s", "Kh Qh 9h 7h 2h", "flush")
    assert not stands
    assert reason.startswith("no heart in the hand: a flush needs two hole cards of the suit")


def test_r6_2a_suited_hand_needs_three_board_cards_of_the_suit() -> None:
    stands, reason = judge("Ah Kh Qh Jh", "2h 3c 4d", "flush")
    assert not stands
    assert reason.startswith(
        "only one heart on the board: a flush needs three board cards of the suit (R6.2a)"
    )


def test_r6_2b_four_to_a_straight_on_board_plus_one_hole_card_is_no_straight() -> None:
    stands, reason = judge("6s Ac Kh Ks", "Ad 2c 3h 4d 5c", "straight")
    assert not stands
    assert reason.startswith(
        "the board has four to a straight but a straight needs two hole cards that fit "
        "three board cards (R6.2b)"
    )
    assert "pair of aces" in reason


def test_r6_2b_a_straight_needing_three_hole_cards_does_not_play() -> None:
    stands, reason = judge("6s 7s 8s 9s", "Th Jh 2c 3d 4s", "straight")
    assert not stands
    assert reason.startswith(
        "the straight needs 3 cards from the hand, but exactly two play (R6.1)"
    )


@pytest.mark.parametrize(("claim", "what"), [("trips", "three"), ("three of a kind", "three")])
def test_r6_2c_three_of_a_kind_in_the_hand_plays_as_one_pair(claim: str, what: str) -> None:
    stands, reason = judge("Qs Qh Qd 5c", "Ac Kd 7h 2s 3c", claim)
    assert not stands
    assert reason == (
        f"{what} of a kind in the hand plays as one pair (R6.2c); "
        "the hand plays as pair of queens (Qs Qh from the hand, Ac Kd 7h on the board)"
    )


def test_r6_2c_four_of_a_kind_in_the_hand_plays_as_one_pair() -> None:
    stands, reason = judge("9s 9h 9d 9c", "Ac Kd 7h 2s 3c", "quads")
    assert not stands
    assert reason.startswith("four of a kind in the hand plays as one pair (R6.2c)")


def test_r6_2d_two_board_pairs_and_one_matching_hole_card_is_not_a_full_house() -> None:
    stands, reason = judge("9c 2d 3h 4s", "9h 9s Kd Kc 6h", "full house")
    assert not stands
    assert reason.startswith(
        "two pairs on the board and one matching hole card is not a full house (R6.2d)"
    )
    assert "three nines" in reason


def test_r6_4_a_claim_that_is_right_stands_with_the_cards() -> None:
    assert judge("Ts 9c 9h 2d", "2h Jc Qc Ks Ad", "straight") == (
        True,
        "stands: king-high straight (Ts 9c from the hand, Jc Qc Ks on the board)",
    )


def test_r6_4_the_cards_speak_an_underclaim_stands_and_says_the_better_hand() -> None:
    stands, reason = judge("Ts 9c 9h 2d", "2h Jc Qc Ks Ad", "pair")
    assert stands
    assert reason.startswith("stands, and better: the hand plays as king-high straight")


def test_no_five_cards_make_the_claim() -> None:
    stands, reason = judge("Ah 2s Kh Ks", "4h 5c 7h Qs Ad", "full house")
    assert not stands
    assert reason.startswith("no five of these cards make a full house;")


def test_royal_flush_claim() -> None:
    assert judge("Ah Kh 4c 4d", "Qh Jh Th 9c 9d", "royal flush")[0]
    stands, reason = judge("Ah Kh 4c 4d", "2h 3h 5h 9c 9d", "royal flush")
    assert not stands
    assert reason.startswith("no royal flush under two plus three")


def test_r7_low_claims() -> None:
    assert judge("Ah 2s Kh Ks", "4h 5c 7h Qs Ad", "low") == (
        True,
        "stands: 7-5-4-2-A low (Ah 2s from the hand)",
    )
    assert judge("Ah 2s Kh Ks", "4h 5c 7h Qs Ad", "6 low") == (
        False,
        "no 6 low: the best low is 7-5-4-2-A low (Ah 2s from the hand)",
    )
    assert judge("Ah 2s Kh Ks", "4h 5c Jh Qs Ad", "8 low") == (
        False,
        "no low: the hand's low cards pair the board: a low needs five different ranks, "
        "eight or lower (R7.1)",
    )
    assert judge("Ah 2s Kh Ks", "4h Tc Jh Qs Ad", "low") == (
        False,
        "no low: only two ranks eight or lower on the board: a low needs three (R7.1)",
    )
    assert judge("Ah 9s Kh Ks", "4h 5c 6h Qs 2d", "low") == (
        False,
        "no low: only one rank eight or lower in the hand: a low needs two (R7.1)",
    )


@pytest.mark.parametrize("name", CLAIM_NAMES)
def test_every_claim_name_is_understood(name: str) -> None:
    assert parse_claim(name) is not None
    explain_claim(parse_cards("Ah 2s Kh Ks"), parse_cards("4h 5c 7h Qs Ad"), name)


def test_claim_words_are_forgiving() -> None:
    assert parse_claim("  Full-House ") is HandCategory.FULL_HOUSE
    assert parse_claim("I have a flush") is HandCategory.FLUSH
    assert parse_claim("eight low") == 8


def test_unknown_claim_and_bad_cards_are_refused_with_a_message() -> None:
    with pytest.raises(ValueError) as info:
        explain_claim(parse_cards("Ah 2s Kh Ks"), parse_cards("4h 5c 7h"), "monster")
    assert str(info.value) == (
        '"monster" is not a hand I can judge: say flush, straight, full house, trips, quads, '
        "two pair, pair, straight flush or low (8 low, 7 low...)"
    )
    with pytest.raises(CardError) as card_info:
        explain_claim(parse_cards("Ah 2s Kh"), parse_cards("4h 5c 7h"), "flush")
    assert str(card_info.value) == "the hand has 3 cards: Omaha hands hold 4, 5 or 6"
