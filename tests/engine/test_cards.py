"""R1.1 card text, and the errors for bad cards, duplicates and wrong counts in a deal."""

from __future__ import annotations

import pytest

from omaha_tui.engine.config import parse_game
from omaha_tui.engine.hands.cards import (
    DECK,
    CardError,
    card_name,
    check_count,
    check_distinct,
    format_card,
    format_cards,
    parse_card,
    parse_cards,
)
from omaha_tui.engine.hands.showdown import validate_deal

ALLOWED = "use rank 2-9,T,J,Q,K,A (or 10) and suit c,d,h,s (or ♣♦♥♠)"


@pytest.mark.parametrize("text", ["Ah", "ah", "AH", "A♥", "A♥️", " Ah "])
def test_r1_1_ace_of_hearts_in_every_accepted_spelling(text: str) -> None:
    assert format_card(parse_card(text)) == "Ah"


def test_r1_1_ten_as_10_or_t() -> None:
    assert parse_card("10h") == parse_card("Th") == parse_card("th")


@pytest.mark.parametrize(
    "text", ["Ah Kd 7c", "AhKd7c", "Ah,Kd,7c", "ah, kd, 7c", "A♥ K♦ 7♣", ["Ah", "Kd", "7c"]]
)
def test_r1_1_lists_with_or_without_spaces_and_commas(text: str | list[str]) -> None:
    assert format_cards(parse_cards(text)) == "Ah Kd 7c"


def test_r1_1_one_deck_of_52_distinct_cards_round_trips() -> None:
    assert len(DECK) == 52
    assert [parse_card(format_card(c)) for c in DECK] == list(DECK)
    assert card_name(parse_card("Qs")) == "queen of spades"


@pytest.mark.parametrize(
    ("text", "bad"),
    [("1x", "1x"), ("Ah Zz", "Zz"), ("Ah 1h", "1h"), ("Ahx", "x"), ("Ah Kd 11c", "11c")],
)
def test_bad_card_text_names_the_token_and_what_is_allowed(text: str, bad: str) -> None:
    with pytest.raises(CardError) as info:
        parse_cards(text)
    assert str(info.value) == f'"{bad}" is not a card: {ALLOWED}'


def test_a_card_twice_in_one_run_is_refused() -> None:
    with pytest.raises(CardError) as info:
        parse_cards("Ah Kd ah")
    assert str(info.value) == "Ah appears twice: each card exists once in the deck"


def test_duplicates_across_board_and_hands_name_the_card_and_both_places() -> None:
    with pytest.raises(CardError) as info:
        check_distinct({"board": parse_cards("Ah Kd 7c"), "Ann": parse_cards("2s 3s 4s Kd")})
    assert str(info.value) == "Kd appears twice: on the board and in Ann's hand"
    with pytest.raises(CardError) as info:
        validate_deal(
            parse_game("omaha"),
            parse_cards("2c 3c 4c"),
            [("Ann", parse_cards("Ah Kh Qh Jh")), ("Bob", parse_cards("As Ks Qs Jh"))],
        )
    assert str(info.value) == "Jh appears twice: in Ann's hand and in Bob's hand"


def test_wrong_hole_count_for_the_game_is_refused() -> None:
    with pytest.raises(CardError) as info:
        validate_deal(
            parse_game("omaha6"), parse_cards("2c 3c 4c"), [("Ann", parse_cards("Ah Kh Qh Jh"))]
        )
    assert str(info.value) == "Ann's hand has 4 cards: this game needs 6"
    with pytest.raises(CardError) as info:
        check_count(parse_cards("Ah Kd"), (4,), "Ann's hand")
    assert str(info.value) == "Ann's hand has 2 cards: this game needs 4"


@pytest.mark.parametrize("board", ["2c 3c", "2c 3c 4c 5c 6c 7c"])
def test_board_count_outside_3_to_5_is_refused(board: str) -> None:
    n = len(board.split())
    with pytest.raises(CardError) as info:
        validate_deal(
            parse_game("omaha"), parse_cards(board), [("Ann", parse_cards("Ah Kh Qh Jh"))]
        )
    assert str(info.value) == (
        f"the board has {n} cards: a hand is read on a board of 3, 4 or 5 cards"
    )


def test_r1_3_more_hands_than_the_game_seats_is_refused() -> None:
    hands = [(f"P{i}", tuple(range(4 + 6 * i, 10 + 6 * i))) for i in range(8)]
    with pytest.raises(CardError) as info:
        validate_deal(parse_game("omaha6"), (0, 1, 2), hands)
    assert str(info.value) == "8 hands: Six-card Omaha seats at most 7 players (R1.3)"


def test_a_player_named_twice_and_binglao_without_its_roll_are_refused() -> None:
    hand = parse_cards("Ah Kh Qh Jh")
    with pytest.raises(CardError) as info:
        validate_deal(parse_game("omaha"), parse_cards("2c 3c 4c"), [("Ann", hand), ("Ann", hand)])
    assert str(info.value) == "Ann appears twice: give each player one hand"
    with pytest.raises(CardError) as info:
        validate_deal(parse_game("binglao"), parse_cards("2c 3c 4c"), [("Ann", hand)])
    assert str(info.value) == (
        "Binglao's hole cards come from the die roll: give the roll (1 to 6)"
    )
    with pytest.raises(CardError) as info:
        validate_deal(parse_game("omaha"), parse_cards("2c 3c 4c"), [])
    assert str(info.value) == "no hands to read: give at least one"
