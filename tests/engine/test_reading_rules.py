"""RULES.md R6 and R7 worked examples, and the words each reading uses."""

from __future__ import annotations

import pytest

from omaha_tui.engine.config import parse_game
from omaha_tui.engine.hands.cards import CardError, format_cards, parse_cards
from omaha_tui.engine.hands.reading import HandCategory, read_high, read_low
from omaha_tui.engine.hands.showdown import read_showdown
from omaha_tui.engine.hands.showdown_words import showdown_speech


def high(hole: str, board: str) -> tuple[str, str, str, HandCategory]:
    r = read_high(parse_cards(hole), parse_cards(board))
    return r.description, format_cards(r.hole_used), format_cards(r.board_used), r.category


def low(hole: str, board: str) -> str | None:
    r = read_low(parse_cards(hole), parse_cards(board))
    return None if r is None else r.description


# --- R6 examples ----------------------------------------------------------------------


def test_r6_example_nines_and_ten_make_a_king_high_straight() -> None:
    assert high("Ts 9c 9h 2d", "2h Jc Qc Ks Ad") == (
        "king-high straight",
        "Ts 9c",
        "Jc Qc Ks",
        HandCategory.STRAIGHT,
    )


def test_r6_example_one_hole_card_makes_no_straight_only_a_pair_of_twos() -> None:
    description, hole_used, _, category = high("Tc 2c 3h 4h", "2h Jc Qc Ks Ad")
    assert (description, category) == ("pair of twos", HandCategory.PAIR)
    assert "2c" in hole_used


def test_r6_2b_example_four_to_a_wheel_on_board_plays_as_pair_of_aces() -> None:
    description, hole_used, board_used, _ = high("6s Ac Kh Ks", "Ad 2c 3h 4d 5c")
    assert description == "pair of aces"
    assert "Ac" in hole_used and "Ad" in board_used


def test_r6_example_two_three_from_hand_make_a_five_high_straight() -> None:
    assert high("2h 3c Qs Qd", "Ad 2c 3h 4d 5c") == (
        "five-high straight",
        "2h 3c",
        "Ad 4d 5c",
        HandCategory.STRAIGHT,
    )


def test_r6_2a_one_suited_hole_card_with_four_on_board_is_no_flush() -> None:
    description, _, _, category = high("Ah 2c 3d 4s", "Kh Qh 9h 7h 2s")
    assert category is not HandCategory.FLUSH
    assert description == "pair of twos"


def test_r6_2c_three_of_a_kind_in_the_hand_plays_as_one_pair() -> None:
    assert high("Qs Qh Qd 5c", "Ac Kd 7h 2s 3c")[0] == "pair of queens"


def test_r6_2d_two_pairs_on_board_and_one_matching_hole_card_is_not_a_full_house() -> None:
    assert high("9c 2d 3h 4s", "9h 9s Kd Kc 6h")[0] == "three nines"


def test_r6_3_wheel_is_the_lowest_straight_and_reads_five_first() -> None:
    r = read_high(parse_cards("Ah 2c Kd Kh"), parse_cards("3s 4d 5c 9h Td"))
    assert r.description == "five-high straight"
    assert format_cards(r.five) == "5c 4d 3s 2c Ah"


def test_r6_3_suits_never_break_ties_identical_fives_split() -> None:
    r = read_showdown(
        parse_game("omaha"),
        parse_cards("Ks Qd Jc 3h 2h"),
        [("Ann", parse_cards("Ac Th 4c 4d")), ("Bob", parse_cards("Ad Tc 5s 6s"))],
    )
    assert r.high_winners == (0, 1)
    assert [p.high_result for p in r.players] == ["ties for the pot", "ties for the pot"]


# --- R7 examples ----------------------------------------------------------------------


def test_r7_example_queens_win_the_high_seven_low_wins_the_low_split() -> None:
    board = parse_cards("4h 5c 7h Qs Ad")
    r = read_showdown(
        parse_game("omaha8"),
        board,
        [("H1", parse_cards("Ah 2s Kh Ks")), ("H2", parse_cards("As 3s Qh Qd"))],
    )
    assert r.high_winners == (1,) and r.low_winners == (0,)
    h1, h2 = r.players
    assert h2.high.description == "three queens"
    assert h1.low is not None and h1.low.description == "7-5-4-2-A low"
    assert h2.low is not None and h2.low.description == "7-5-4-3-A low"
    assert h1.high_result == "loses the high to H2's three queens"
    assert h2.low_result == (
        "loses the low to H1's 7-5-4-2-A low (7-5-4-2-A beats 7-5-4-3-A: the two decides)"
    )


def test_r7_example_h2_scoops_with_flush_and_seven_six_low() -> None:
    r = read_showdown(
        parse_game("omaha8"),
        parse_cards("Kh 3d 4d 8s 2d"),
        [("H1", parse_cards("Ah 2s Qd Ks")), ("H2", parse_cards("6h 7h Td Jd"))],
    )
    assert r.high_winners == (1,) and r.low_winners == (1,)
    h1, h2 = r.players
    assert h2.high.description == "jack-high flush"
    assert h2.low is not None and h2.low.description == "7-6-4-3-2 low"
    assert h1.low is not None and h1.low.description == "8-4-3-2-A low"
    assert "scoop (R7.6)" in r.notes
    assert showdown_speech(r).endswith("H2 scoops.")


def test_r7_2_seven_low_beats_eight_low() -> None:
    board = parse_cards("4c 5d 9h Kc 2s")
    a = read_low(parse_cards("7c Ah Qd Qs"), board)
    b = read_low(parse_cards("8c As Jd Js"), board)
    assert a is not None and b is not None and a.value > b.value


def test_r7_2_eight_six_beats_eight_seven() -> None:
    board = parse_cards("8c 3d 2h Kc Ks")
    a = read_low(parse_cards("6c Ah Qd Qs"), board)
    b = read_low(parse_cards("7c As Jd Js"), board)
    assert a is not None and b is not None
    assert (a.description, b.description) == ("8-6-3-2-A low", "8-7-3-2-A low")
    assert a.value > b.value


def test_r7_2_wheel_is_the_best_low() -> None:
    r = read_low(parse_cards("Ah 2c Kd Kh"), parse_cards("3s 4d 5c 9h Td"))
    assert r is not None and r.description == "5-4-3-2-A low"
    assert r.spoken == "five-four-three-two-ace"


def test_r7_1_pairs_and_nines_do_not_make_a_low() -> None:
    assert low("Ah Ac 9d 9s", "2c 3d Kh Qs Js") is None
    assert low("Ah 2c Kd Ks", "2h Ad 9c 9h Qs") is None


def test_r7_1_straights_and_flushes_do_not_hurt_a_low() -> None:
    r = read_low(parse_cards("Ah 2h Kd Ks"), parse_cards("3h 4h 5h 9c Td"))
    assert r is not None and r.description == "5-4-3-2-A low"


def test_r7_1_high_and_low_may_use_different_hole_cards() -> None:
    hole, board = parse_cards("Ah 2c Kd Ks"), parse_cards("Kh 4d 5c 7s 9h")
    h, lo = read_high(hole, board), read_low(hole, board)
    assert lo is not None
    assert format_cards(h.hole_used) == "Kd Ks"
    assert format_cards(lo.hole_used) == "2c Ah" or set(lo.hole_used) == set(parse_cards("Ah 2c"))


def test_r7_3_no_qualifying_low_means_no_low_winners() -> None:
    r = read_showdown(
        parse_game("omaha8"),
        parse_cards("Kh Qd 9c 8s 2d"),
        [("Ann", parse_cards("Ah 3s Jd Ks")), ("Bob", parse_cards("6h 7h Td Jc"))],
    )
    assert r.low_winners == ()
    assert r.notes[0] == "no qualifying low: the high takes the whole pot (R7.3)"
    assert "No qualifying low" in showdown_speech(r)


def test_r7_3_a_high_tie_with_no_low_splits_the_pot_not_a_half() -> None:
    r = read_showdown(
        parse_game("omaha8"),
        parse_cards("Kh Qd 9c 8s 2d"),
        [("Ann", parse_cards("Ah Ad 3c 4c")), ("Bob", parse_cards("As Ac 5d 6d"))],
    )
    assert r.low_winners == () and len(r.high_winners) == 2
    assert r.notes == (
        "no qualifying low: the high takes the whole pot (R7.3)",
        "tie: the pot is split (R6.3)",
    )


def test_r7_5_two_equal_lows_tie() -> None:
    r = read_showdown(
        parse_game("omaha8"),
        parse_cards("3c 4d 5h Kc Qs"),
        [("Ann", parse_cards("Ah 2c Jd Js")), ("Bob", parse_cards("As 2d Th 9c"))],
    )
    assert r.low_winners == (0, 1)
    assert [p.low_result for p in r.players] == ["ties for the low", "ties for the low"]


# --- descriptions ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hole", "board", "words"),
    [
        ("Ah Kh 2c 3d", "Qh Jh Th 4s 5s", "royal flush"),
        ("Qc Jc 2d 3d", "Tc 9c 8c Ah Ks", "queen-high straight flush"),
        ("9c 9d 2h 3s", "9h 9s Kd 4c 5h", "four nines"),
        ("Ac Ad 2h 3s", "Ah Kd Ks 7c 8h", "aces full of kings"),
        ("Jd 6d Ac Kc", "Kh 3d 4d 8s 2d", "jack-high flush"),
        ("Ac Kd 7c 8h", "As Ks 2c 3d 9h", "two pair, aces and kings"),
        ("Qs Qh 2c 3d", "Qd Ac 9h 7s 5c", "three queens"),
        ("2c 2d 9h Ts", "3s 5h 7c Kd Qc", "pair of twos"),
        ("Ac 4d 9h Ts", "3s 5h 7c Kd Qc", "ace high"),
    ],
)
def test_r6_3_descriptions(hole: str, board: str, words: str) -> None:
    assert high(hole, board)[0] == words


def test_partial_boards_read_now() -> None:
    assert high("Qs Qh 2c 3d", "Qd Ac 9h")[0] == "three queens"
    assert low("Ah 2c Kd Ks", "4h 5d 7c 8s") == "7-5-4-2-A low"


def test_speech_sentence_names_two_from_the_hand_and_three_from_the_board() -> None:
    r = read_high(parse_cards("As 3s Qh Qd"), parse_cards("4h 5c 7h Qs Ad"))
    assert r.sentence == (
        "three queens, queen-queen from the hand with the queen of spades, ace and seven"
    )


# --- bad input ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hole", "board", "message"),
    [
        ("Ah Kh Qh", "2c 3c 4c", "the hand has 3 cards: Omaha hands hold 4, 5 or 6"),
        (
            "Ah Kh Qh Jh",
            "2c 3c",
            "the board has 2 cards: a hand is read on a board of 3, 4 or 5 cards",
        ),
        (
            "Ah Kh Qh Jh",
            "2c 3c 4c 5c 6c 7c",
            "the board has 6 cards: a hand is read on a board of 3, 4 or 5 cards",
        ),
        ("Ah Kh Qh Jh", "2c 3c Ah", "Ah appears twice: in the hand and on the board"),
    ],
)
def test_bad_input_is_refused_with_a_message(hole: str, board: str, message: str) -> None:
    with pytest.raises(CardError) as info:
        read_high(parse_cards(hole), parse_cards(board))
    assert str(info.value) == message
    with pytest.raises(CardError) as info:
        read_low(parse_cards(hole), parse_cards(board))
    assert str(info.value) == message


def test_card_indexes_out_of_range_are_refused() -> None:
    with pytest.raises(CardError) as info:
        read_high((0, 1, 2, 60), (4, 5, 6))
    assert str(info.value) == "60 is not a card index: use 0..51"


@pytest.mark.parametrize(
    ("card", "shown"),
    [
        (52, "52"),
        (-1, "-1"),
        (True, "True"),
        (1.0, "1.0"),
        ("Ah", "'Ah'"),
        (None, "None"),
        ([1], "[1]"),
    ],
)
def test_a_showdown_refuses_anything_but_a_card_index_and_names_it(
    card: object, shown: str
) -> None:
    """Cards reach the reader as whole numbers 0..51: ``True`` and ``1.0`` equal 1 but are
    not cards, and the refusal names the value whether it is on the board or in a hand."""
    hand = [("Ann", (8, 9, 10, 11)), ("Bob", (12, 13, 14, 15))]
    for board, hands in (
        ((0, 1, card), hand),
        ((0, 1, 2), [("Ann", (8, 9, 10, card)), *hand[1:]]),
    ):
        with pytest.raises(CardError) as info:
            read_showdown(parse_game("omaha"), board, hands)  # type: ignore[arg-type]
        assert str(info.value) == f"{shown} is not a card index: use 0..51"
