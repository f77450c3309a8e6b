"""R11's pure rules: the pool, payouts, places, the chip race and deals, with every
worked example of the rule book."""

from __future__ import annotations

import itertools
from decimal import Decimal
from fractions import Fraction

import pytest

from omaha_tui.engine.hands.cards import parse_card, parse_cards
from omaha_tui.engine.rules.money import MoneyError, parse_money
from omaha_tui.engine.rules.tournament.chip_race import (
    RaceError,
    cards_needed,
    chip_race,
    race_chips,
)
from omaha_tui.engine.rules.tournament.deals import (
    DealError,
    chip_chop,
    finish_chances,
    icm_deal,
    icm_values,
)
from omaha_tui.engine.rules.tournament.money import floor_to
from omaha_tui.engine.rules.tournament.payouts import (
    PayoutError,
    parse_payouts,
    payout_percents,
    prize_pool,
    prizes,
)
from omaha_tui.engine.rules.tournament.places import Out, places, placing_prizes
from omaha_tui.engine.rules.tournament.structure import TournamentConfig

D = Decimal
ONE = D(1)


def test_r11_1_pool_is_money_in_less_the_fee() -> None:
    config = TournamentConfig(buy_in=D(20), stack=5000, fee=D(10))
    assert config.pool(D(9 * 20 + 3 * 20)) == D(230)
    assert prize_pool(D(5), D(10)) == 0


@pytest.mark.parametrize(
    ("entries", "table"),
    [
        (2, (100,)),
        (4, (100,)),
        (5, (65, 35)),
        (7, (65, 35)),
        (8, (50, 30, 20)),
        (10, (50, 30, 20)),
        (11, (45, 27, 18, 10)),
        (16, (45, 27, 18, 10)),
        (17, (40, 25, 16, 11, 8)),
        (24, (40, 25, 16, 11, 8)),
        (25, (36, 23, 15, 11, 8, 7)),
        (90, (36, 23, 15, 11, 8, 7)),
    ],
)
def test_r11_2_default_payout_table(entries: int, table: tuple[int, ...]) -> None:
    assert payout_percents(entries) == tuple(D(p) for p in table)


def test_r11_2_rounding_down_leaves_the_rest_to_first_place() -> None:
    # 11 entries of 15: pool 165 at 45/27/18/10 = 74.25, 44.55, 29.7, 16.5
    got = prizes(D(165), payout_percents(11), ONE)
    assert got == (D(76), D(44), D(29), D(16))  # 163 rounded down, 2 left to first
    assert sum(got) == 165
    cents = prizes(D("100.00"), payout_percents(25), D("0.01"))
    assert sum(cents) == D(100)
    fives = prizes(D(170), payout_percents(17), D(5))
    assert fives == (D(80), D(40), D(25), D(15), D(10)) and sum(fives) == 170


def test_r11_2_example_nine_entries_fifty_thirty_twenty_of_900() -> None:
    assert prizes(D(900), payout_percents(9), ONE) == (D(450), D(270), D(180))


def test_r11_2_custom_table_must_add_up_to_100() -> None:
    assert parse_payouts("50/30/20") == (D(50), D(30), D(20))
    assert parse_payouts("62.5/37.5") == (D("62.5"), D("37.5"))
    for bad in ("50/30", "50/30/30", "50/x/50", "100/0", "-50/150", ""):
        with pytest.raises(PayoutError):
            parse_payouts(bad)
    with pytest.raises(ValueError, match="add up to 100"):
        TournamentConfig(buy_in=D(20), stack=100, payouts=(D(50), D(40)))


def test_r11_2_custom_table_with_fewer_entries_than_places() -> None:
    # Payouts follow a table by the number of entries: R11.2's for 2 entries, not the
    # extra place's share added to first.
    assert payout_percents(2, (D(50), D(30), D(20))) == (D(100),)


def test_r11_3_same_hand_bust_bigger_stack_places_higher() -> None:
    pl = places([Out("forty", 40, 12), Out("sixty", 60, 12)], 9 - 5)
    assert [(p.entry, p.place, p.tied) for p in pl] == [("sixty", 3, 1), ("forty", 4, 1)]
    won = placing_prizes(pl, prizes(D(900), payout_percents(9), ONE), ONE)
    assert won == {"sixty": D(180), "forty": D(0)}


def test_r11_3_equal_stacks_tie_and_share_third_and_fourth_90_each() -> None:
    pl = places([Out("a", 60, 12, order=1), Out("b", 60, 12, order=0)], 4)
    assert {(p.entry, p.place, p.tied) for p in pl} == {("a", 3, 2), ("b", 3, 2)}
    won = placing_prizes(pl, prizes(D(900), payout_percents(9), ONE), ONE)
    assert won == {"a": D(90), "b": D(90)}


def test_r11_3_tie_remainder_goes_in_seat_order_left_of_the_button() -> None:
    pl = places([Out("a", 60, 3, order=2), Out("b", 60, 3, order=0), Out("c", 60, 3, order=1)], 3)
    won = placing_prizes(pl, (D(50), D(30), D(20)), ONE)  # 100 among 3: 33 each, 1 left
    assert won == {"b": D(34), "c": D(33), "a": D(33)}


def test_r11_3_places_from_the_bottom_and_the_winner_first() -> None:
    outs = [Out("e", 10, 1), Out("d", 30, 5), Out("c", 20, 5), Out("b", 5, 9)]
    pl = places(outs, 5, left=["a"])
    assert [(p.entry, p.place) for p in pl] == [("a", 1), ("b", 2), ("d", 3), ("c", 4), ("e", 5)]
    assert places(outs, 5, left=["a", "z"])[0].entry == "b"


def test_r11_4_chip_race_with_a_player_who_would_be_raced_out() -> None:
    # Retiring the 25s for 100s: leftovers 50 (2 cards), 25 (1), 75 (3) = 150 → 2 new chips.
    stacks = {"ann": 1250, "bob": 1125, "cy": 75}
    assert cards_needed(stacks, 25, 100) == {"ann": 2, "bob": 1, "cy": 3}
    race = chip_race(
        stacks,
        25,
        100,
        cards={
            "ann": parse_cards("Kh 2c"),
            "bob": parse_cards("Qs"),
            "cy": parse_cards("3d 4d 5c"),
        },
    )
    assert race.race_chips == 2 and race.won == ("ann", "bob")
    assert race.stacks == {"ann": 1300, "bob": 1200, "cy": 100}
    assert race.given == ("cy",)
    assert race.change == 150  # 150 leftover raced for 200, and 100 given to cy


def test_r11_4_highest_card_by_rank_then_suit_and_one_chip_a_player() -> None:
    stacks = {"a": 175, "b": 150, "c": 1025}  # leftovers 75, 50, 25 = 150 -> 2 chips
    race = chip_race(
        stacks,
        25,
        100,
        cards={"a": parse_cards("Ah Ad As"), "b": parse_cards("Kc Kd"), "c": [parse_card("Kh")]},
    )
    assert race.won == ("a", "c")  # a once only; Kh beats Kd
    assert race.stacks == {"a": 200, "b": 100, "c": 1100}
    assert race.change == 50


def test_r11_4_race_chips_round_half_up_and_the_total_may_shrink() -> None:
    assert race_chips(50, 100) == 1 and race_chips(49, 100) == 0 and race_chips(0, 100) == 0
    race = chip_race({"a": 1025, "b": 1000}, 25, 100, cards={"a": [parse_card("2c")]})
    assert race.race_chips == 0 and race.won == () and race.change == -25
    assert race.stacks == {"a": 1000, "b": 1000}


def test_r11_4_dealer_names_the_winners() -> None:
    race = chip_race({"a": 1250, "b": 1125, "c": 75}, 25, 100, winners=["c", "b"])
    assert race.stacks == {"a": 1200, "b": 1200, "c": 100} and race.given == ()
    for bad in (["c"], ["c", "c"], ["c", "zed"]):
        with pytest.raises(RaceError):
            chip_race({"a": 1250, "b": 1125, "c": 75, "zed": 100}, 25, 100, winners=bad)


def test_r11_4_bad_races_are_refused() -> None:
    with pytest.raises(RaceError, match="needs 2 cards"):
        chip_race({"a": 50, "b": 100}, 25, 100, cards={"a": parse_cards("Ah")})
    with pytest.raises(RaceError, match="twice"):
        chip_race(
            {"a": 50, "b": 25}, 25, 100, cards={"a": parse_cards("Ah Kd"), "b": [parse_card("Ah")]}
        )
    with pytest.raises(RaceError, match="multiple"):
        chip_race({"a": 50}, 25, 110)


def test_r11_5_icm_hand_computed_three_players() -> None:
    # Stacks 50/30/20 for prizes 50/30/20. By hand: A is 1st 1/2, 2nd 3/10·5/7 + 1/5·5/8 = 19/56.
    chances = finish_chances([50, 30, 20])
    assert chances[0] == [Fraction(1, 2), Fraction(19, 56), Fraction(9, 56)]
    assert chances[2] == [Fraction(1, 5), Fraction(2, 7), Fraction(18, 35)]
    values = icm_values([50, 30, 20], [D(50), D(30), D(20)])
    assert values[0] == 25 + Fraction(30 * 19 + 20 * 9, 56)
    assert sum(values) == 100
    deal = icm_deal({"a": 50, "b": 30, "c": 20}, [D(50), D(30), D(20)], ONE)
    assert deal == {"a": D(40), "b": D(32), "c": D(28)}  # 38.39, 32.75, 28.86; 2 left to a


def _brute_force(stacks: list[int], paid: list[Fraction]) -> list[Fraction]:
    values = [Fraction(0)] * len(stacks)
    for order in itertools.permutations(range(len(stacks))):
        p = Fraction(1)
        left = sum(stacks)
        for i in order:
            p *= Fraction(stacks[i], left)
            left -= stacks[i]
        for place, i in enumerate(order):
            if place < len(paid):
                values[i] += p * paid[place]
    return values


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_r11_5_icm_equals_brute_force_over_finishing_orders(n: int) -> None:
    stacks = [1000 + 737 * i * i % 4000 for i in range(n)]
    paid = [D(50), D(30), D(20)][:n]
    assert icm_values(stacks, paid) == _brute_force(stacks, [Fraction(p) for p in paid])


def test_r11_5_chip_chop_in_proportion_and_remainder_to_the_biggest_stack() -> None:
    deal = chip_chop({"a": 3, "b": 2, "c": 2}, [D(50), D(30), D(20)], ONE)
    assert deal == {"a": D(38), "b": D(31), "c": D(31)}  # 20 each, then 17.14, 11.43, 11.43
    kept = chip_chop({"a": 3, "b": 2, "c": 2}, [D(50), D(30), D(20)], ONE, keep=D(30))
    assert sum(kept.values()) == 70


def test_r11_5_chip_chop_gives_everyone_the_smallest_prize_left_first() -> None:
    # The rule book's example: prizes left 100/60/20, stacks 5,000/3,000/2,000.
    stacks = {"Ann": 5000, "Bob": 3000, "Cy": 2000}
    assert chip_chop(stacks, [D(100), D(60), D(20)], ONE) == {
        "Ann": D(80),
        "Bob": D(56),
        "Cy": D(44),
    }
    # Never less than the prize a player is sure of: 3rd pays 19 (it used to offer 9).
    tiny = chip_chop({"Ann": 9000, "Bob": 500, "Cy": 500}, [D(80), D(40), D(19)], ONE)
    assert min(tiny.values()) >= 19 and sum(tiny.values()) == 139


def test_r11_5_equal_biggest_stacks_take_the_remainder_in_seat_order() -> None:
    # A pool of 59 among three equal stacks: 20, 20, 19 (not Ann 21, Bob 19, Cy 19).
    equal = {"Ann": 100, "Bob": 100, "Cy": 100}
    assert chip_chop(equal, [D(59)], ONE) == {"Ann": D(20), "Bob": D(20), "Cy": D(19)}
    # Seat order from the first seat left of the button: Bob, Cy, then Ann.
    assert icm_deal(equal, [D(59)], ONE, order=["Bob", "Cy", "Ann"]) == {
        "Ann": D(19),
        "Bob": D(20),
        "Cy": D(20),
    }


def test_r11_5_icm_deal_keeps_a_part_back_for_the_winner() -> None:
    deal = icm_deal({"a": 50, "b": 50}, [D(70), D(30)], ONE, keep=D(20))
    assert deal == {"a": D(40), "b": D(40)}
    with pytest.raises(DealError):
        icm_deal({"a": 50, "b": 50}, [D(70), D(30)], ONE, keep=D(80))
    with pytest.raises(DealError):
        icm_deal({"a": 50}, [D(70)], ONE)


def test_money_is_read_exactly_and_rounded_down() -> None:
    assert floor_to(D("10.019"), D("0.01")) == D("10.01")
    assert parse_money("2.50", unit=D("0.01")) == D("2.50")
    for bad in ("", "-1", "1e3", "abc", "1.2.3", "٣"):
        with pytest.raises(MoneyError):
            parse_money(bad)
