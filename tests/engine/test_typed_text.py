"""What a dealer types: names (one rule, a stated limit) and chip amounts (R4.10)."""

from __future__ import annotations

import pytest

from omaha_tui.engine.labels import NAME_LIMIT, check_name, printable
from omaha_tui.session.grammar import CHIP_LIMIT, AmountError, parse_chips


def test_a_name_of_24_characters_is_taken_and_25_is_refused_with_the_limit() -> None:
    assert check_name("A" * NAME_LIMIT) == "A" * 24
    with pytest.raises(ValueError, match="is 25 columns wide: a name has at most 24"):
        check_name("A" * 25)


def test_names_with_brackets_and_backslashes_are_names() -> None:
    assert check_name(" Ann [/x] ") == "Ann [/x]"
    assert check_name("Cy\\") == "Cy\\"


@pytest.mark.parametrize("name", ["Eve\x1b[31m", "Bob\nCy", "bell\x07", "evil\u202eexe"])
def test_names_with_control_characters_are_refused_showing_them_escaped(name: str) -> None:
    with pytest.raises(ValueError, match="holds a control character") as info:
        check_name(name)
    assert printable(str(info.value)) == str(info.value)  # the message itself is safe


def test_an_empty_name_is_refused() -> None:
    with pytest.raises(ValueError, match="a player needs a name"):
        check_name("   ")


def test_printable_keeps_letters_emoji_and_joiners() -> None:
    assert printable("Zoë 👩\u200d🍳 ♠") == "Zoë 👩\u200d🍳 ♠"


# ---------------------------------------------------------------- R4.10 amounts


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("20.5", "is not a whole number of chips"),
        ("-5", "is negative"),
        ("abc", "is not a whole number of chips"),
        ("²", "other than the digits 0 to 9"),
        ("٣", "other than the digits 0 to 9"),
        ("1E+99999999", "is not a whole number of chips"),
        ("9" * 5000, "is more than 1,000,000,000,000 chips"),
        ("", "type the amount in chips"),
        ("1,00", "is not a whole number of chips"),
    ],
)
def test_r4_10_non_numeric_negative_and_fractions_are_errors(text: str, reason: str) -> None:
    with pytest.raises(AmountError, match=reason) as info:
        parse_chips(text)
    assert "\n" not in str(info.value) and len(str(info.value)) < 120


def test_r4_10_an_amount_must_be_a_multiple_of_the_smallest_chip() -> None:
    assert parse_chips("25", chip=5) == 25
    with pytest.raises(AmountError, match="not a multiple of the smallest chip 5: use 25 or 30"):
        parse_chips("27", chip=5)


def test_r4_10_typed_amounts_are_read_exactly() -> None:
    assert parse_chips(" 1,500 ") == 1500
    assert parse_chips(str(CHIP_LIMIT)) == CHIP_LIMIT
    assert parse_chips("+20", signed=True) == 20
    assert parse_chips("-20", signed=True) == -20
