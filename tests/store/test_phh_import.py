"""PHH hands as events: set-up, blinds, the action vocabulary and clear errors."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from omaha_tui.engine.config import ShortBlindRule, Structure
from omaha_tui.engine.events import (
    EVENT_ADAPTER,
    BetPlaced,
    BoardDealt,
    Called,
    Checked,
    Event,
    Folded,
    HandStarted,
    HoleCardsShown,
    PlayerSeated,
    Post,
    PostKind,
    PotsAwarded,
    RaisedTo,
    SessionStarted,
    WentAllIn,
    event_to_json,
)
from omaha_tui.interchange.phh import PhhError, PhhHand
from omaha_tui.interchange.phh_chips import from_chips
from omaha_tui.interchange.phh_import import player_names, translate
from omaha_tui.interchange.phh_replay import replay_hand, summary
from omaha_tui.interchange.phh_seating import _remap, moved
from omaha_tui.interchange.phh_stakes import forced_bets

from .phh_samples import BIG_O, THREE_WAY, hand


def _actions(text: str) -> list[object]:
    imported = translate(hand(text))
    start = next(i for i, e in enumerate(imported.events) if isinstance(e, HandStarted))
    return list(imported.events[start + 1 :])


def test_set_up_seats_every_player_in_file_order_with_posted_blind_semantics() -> None:
    imported = translate(hand(THREE_WAY))
    started, *seated = imported.events[:4]
    assert isinstance(started, SessionStarted)
    assert started.config.short_blind_rule is ShortBlindRule.POSTED  # R2.5
    assert started.config.structure is Structure.POT_LIMIT
    assert (started.config.stakes.small_blind, started.config.stakes.big_blind) == (1, 2)
    assert seated == [
        PlayerSeated(seat=0, name="Ann", stack=100),
        PlayerSeated(seat=1, name="Bob", stack=100),
        PlayerSeated(seat=2, name="Cy", stack=50),
    ]
    assert imported.events[4] == HandStarted(
        button=2,
        seats=(0, 1, 2),
        posts=(
            Post(seat=0, kind=PostKind.SMALL_BLIND, amount=1),
            Post(seat=1, kind=PostKind.BIG_BLIND, amount=2),
        ),
    )


def test_r2_2_heads_up_the_button_is_the_last_player_and_posts_the_small_blind() -> None:
    h = hand(BIG_O)
    assert forced_bets(h, 1) == (
        Post(seat=1, kind=PostKind.SMALL_BLIND, amount=1),
        Post(seat=0, kind=PostKind.BIG_BLIND, amount=2),
    )
    # The button acts first before the flop: p2's "cc" completes the small blind.
    assert _actions(BIG_O)[0] == Called(seat=1)


def test_cbr_is_a_bet_when_nothing_is_bet_and_a_raise_to_otherwise() -> None:
    actions = _actions(THREE_WAY)
    assert actions[0] == RaisedTo(seat=2, to=7)
    assert actions[5] == BetPlaced(seat=1, amount=21)


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ('"p3 cbr 0"', 'action 4 "p3 cbr 0": a bet or raise to 0 is not above 0'),
        ('"p3 cbr 7", "p1 cbr 1"', 'action 5 "p1 cbr 1": a bet or raise to 1 is not above the 1'),
    ],
)
def test_a_bet_or_raise_to_nothing_more_is_refused_naming_the_line(
    action: str, message: str
) -> None:
    """``cbr`` is the total in front after the action: a bet to what is already there
    (or to 0) bets nothing, and the file is refused in the line's words, never with a
    message of the event's model."""
    with pytest.raises(PhhError, match=re.escape(message)):
        translate(hand(THREE_WAY.replace('"p3 cbr 7",\n  "p1 cc"', action)))


def test_cc_is_a_check_or_a_call_and_an_all_in_cbr_is_went_all_in() -> None:
    actions = _actions(THREE_WAY)
    assert actions[1:3] == [Called(seat=0), Called(seat=1)]
    assert actions[3] == BoardDealt(cards=("2h", "7c", "8d"))
    assert actions[4] == Checked(seat=0)
    assert actions[6] == WentAllIn(seat=2)  # 43 = Cy's whole stack
    assert actions[7] == Folded(seat=0)


def test_sm_with_cards_shows_them_and_sm_dash_shows_the_dealt_cards() -> None:
    actions = _actions(THREE_WAY)
    assert actions[9] == HoleCardsShown(seat=2, cards=("Qs", "Js", "Ts", "9s"))
    assert actions[10] == HoleCardsShown(seat=1, cards=("2c", "3c", "4d", "5d"))
    assert translate(hand(THREE_WAY)).hole_cards[0] == ("Ah", "Ad", "Kh", "Kd")


def test_showdown_before_the_last_board_cards_settles_by_the_cards() -> None:
    replayed = replay_hand(hand(THREE_WAY))
    assert replayed.complete
    award = replayed.events[-1]
    assert isinstance(award, PotsAwarded) and award.by_cards
    # Board 2h 7c 8d Kc 3d: Bob's 2c 3c pair the board's 2 and 3 (two pair) and beat
    # Cy's king high. The pot is 50 + 50 + Ann's 7; Ann folded.
    assert summary(replayed)["finishing_stacks"] == [93, 157, 0]


def test_bare_sm_mucks_and_a_hi_lo_extension_game_splits() -> None:
    replayed = replay_hand(hand(BIG_O))
    s = summary(replayed)
    assert s["variant"] == "PO5/8"
    assert s["complete"]
    # Board 4c 5c 7d Kh 8d. p1 low 7-5-4-2-A (A-2 + 4-5-7); p2 high three kings.
    # Pot 12 splits 6/6 (R7.1), so both end where they began.
    assert s["finishing_stacks"] == [60, 60]


def test_decimal_stacks_scale_exactly_to_whole_chips() -> None:
    text = THREE_WAY.replace("[100, 100, 50]", "[100.25, 100, 50]")
    imported = translate(hand(text))
    assert imported.scale == 100
    assert [e.stack for e in imported.events[1:4]] == [10025, 10000, 5000]  # type: ignore[union-attr]
    s = summary(replay_hand(hand(text)))
    assert Decimal(str(s["finishing_stacks"][0])) == Decimal("93.25")


def test_names_are_shortened_and_made_unique() -> None:
    h = PhhHand("PO", (Decimal(1), Decimal(1)), (), players=("A" * 30 + "x", "A" * 30 + "y"))
    assert player_names(h) == ("A" * 24, "A" * 20 + " (2)")


def test_names_are_cut_by_columns_between_characters() -> None:
    cook = "\U0001f469\u200d\U0001f373"
    h = PhhHand("PO", (Decimal(1), Decimal(1)), (), players=("山" * 13, "A" * 23 + cook))
    assert player_names(h) == ("山" * 12, "A" * 23)


@pytest.mark.parametrize("players", [("Ann", "ann", "ANN"), ("Ann", "Bob", "ＡＮＮ")])
def test_players_who_are_one_person_make_the_file_unreadable(players: tuple[str, ...]) -> None:
    h = PhhHand("PO", (Decimal(1),) * 3, (), players=players)
    with pytest.raises(PhhError, match="are one person at the table") as info:
        player_names(h)
    assert "\n" not in str(info.value) and '"Ann"' in str(info.value)


@pytest.mark.parametrize("blank", ["\u200d", "\u3164", "\u2800", "\ue000"])
def test_a_player_name_that_shows_nothing_makes_the_file_unreadable(blank: str) -> None:
    h = PhhHand("PO", (Decimal(1),) * 2, (), players=("Ann", "Ann" + blank))
    with pytest.raises(PhhError, match="which shows nothing"):
        player_names(h)


def test_a_single_blind_is_the_big_blind_and_bb_antes_are_antes() -> None:
    text = THREE_WAY.replace("blinds_or_straddles = [1, 2, 0]", "blinds_or_straddles = [2, 0, 0]")
    text = text.replace("antes = [0, 0, 0]", "antes = [0, 2, 0]")
    h = hand(text)
    assert forced_bets(h, 1) == (
        Post(seat=1, kind=PostKind.ANTE, amount=2),
        Post(seat=0, kind=PostKind.BIG_BLIND, amount=2),
    )


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("p9 f", 'action 4 "p9 f": there is no player p9 (use p1 to p3)'),
        ("x3 f", "action 4 \"x3 f\": 'x3' is not a player (use p1 to p3)"),
        ("p3 dance", 'action 4 "p3 dance": not a PHH action (use d dh, d db, f, cc'),
        ("p3 cbr lots", 'action 4 "p3 cbr lots": "lots" is not an amount'),
        ("p3 cbr 1E+99999999", '"1E+99999999" is not an amount (write digits'),
        ("p3 cbr ７", '"７" is not an amount'),
        ("p² cc", "'p²' is not a player (use p1 to p3)"),
        ("d db 2hAh7c", "Ah is already p1's hole card; a deck holds each card once"),
        ("d dh p1 2d3d4d6d", "p1 was already dealt hole cards"),
        ("p3 sm QsJsTs8s", "p3 shows Qs Js Ts 8s but was dealt Qs Js Ts 9s"),
        ("p3 cbr 60", "a bet to 60 is more than the player has (50 including chips"),
        ("d db 2h2h7c", 'action 4 "d db 2h2h7c": 2h appears twice'),
        ("p3 sd", "draw and stud actions do not occur in Omaha"),
    ],
)
def test_lines_that_are_not_actions_name_the_file_line_and_problem(line: str, message: str) -> None:
    text = THREE_WAY.replace('"p3 cbr 7",', f'"{line}",')
    with pytest.raises(PhhError) as info:
        translate(hand(text, "bad.phh"))
    assert str(info.value).startswith("bad.phh: ")
    assert message in str(info.value)


def test_an_action_the_rules_refuse_names_the_line_and_the_rule() -> None:
    text = THREE_WAY.replace('"p3 cbr 7",', '"p1 cbr 7",')
    with pytest.raises(PhhError) as info:
        replay_hand(hand(text, "bad.phh"))
    assert str(info.value).startswith('bad.phh: action 4 "p1 cbr 7": ')
    assert "cannot act now" in str(info.value) and "Cy (seat 3)'s turn" in str(info.value)


def test_sm_dash_without_dealt_cards_is_refused() -> None:
    text = THREE_WAY.replace('"d dh p2 2c3c4d5d"', '"d dh p2 ????????"')
    with pytest.raises(PhhError, match=r"the player's hole cards were never dealt face up"):
        translate(hand(text))


def test_the_same_card_dealt_to_two_players_is_refused() -> None:
    text = THREE_WAY.replace('"d dh p2 2c3c4d5d"', '"d dh p2 2c3c4dAh"')
    with pytest.raises(PhhError, match="Ah is already p1's hole card"):
        translate(hand(text))


def test_three_hole_cards_in_po_are_refused() -> None:
    text = THREE_WAY.replace('"d dh p2 2c3c4d5d"', '"d dh p2 2c3c4d"')
    with pytest.raises(PhhError, match="p2 has 3 hole cards; Omaha deals 4"):
        translate(hand(text))


def test_hidden_hole_cards_shown_later_are_checked_against_the_deck() -> None:
    text = THREE_WAY.replace('"d dh p3 QsJsTs9s"', '"d dh p3 ????????"').replace(
        '"p3 sm QsJsTs9s"', '"p3 sm QsJsTsAh"'
    )
    with pytest.raises(PhhError, match="Ah is already p1's hole card"):
        translate(hand(text))


@pytest.mark.parametrize(
    ("stacks", "message"),
    [
        ("[1e400, 100, 50]", "starting_stacks[0] must be a number from 0 to 1000000000000000"),
        ("[100000000000000000000000, 100, 50]", "starting_stacks[0] must be a number"),
        ("[inf, 100, 50]", "starting_stacks[0] is infinite"),
    ],
)
def test_amounts_beyond_sane_bounds_are_refused_with_the_bounds(stacks: str, message: str) -> None:
    with pytest.raises(PhhError, match=re.escape(message)):
        hand(THREE_WAY.replace("[100, 100, 50]", stacks))


def test_an_amount_is_kept_to_its_last_decimal_place() -> None:
    exact = "100.000000000000000000000000001"
    imported = translate(hand(THREE_WAY.replace("[100, 100, 50]", f"[{exact}, 100, 50]")))
    assert imported.scale == 10**27
    assert str(from_chips(imported.events[1].stack, imported.scale)) == exact  # type: ignore[union-attr]


def test_the_same_players_in_another_file_are_named_in_that_files_line() -> None:
    players = ("Ann", "Bob", "ANN")
    for source in ("first.phh", "second.phh"):  # names read once are kept for later hands
        h = PhhHand("PO", (Decimal(1),) * 3, (), players=players, source=source)
        with pytest.raises(PhhError, match="are one person") as info:
            player_names(h)
        assert str(info.value).startswith(f"{source}: players: ")
    ok = PhhHand("PO", (Decimal(1),) * 2, (), players=("Ann", "Bob"))
    assert player_names(ok) == player_names(ok) == ("Ann", "Bob")


@pytest.mark.parametrize(
    "event",
    [
        Folded(seat=1),
        Checked(seat=2),
        Called(seat=0),
        BetPlaced(seat=1, amount=30),
        RaisedTo(seat=2, to=90, excess_returned=5),
        WentAllIn(seat=0),
        HoleCardsShown(seat=1, cards=("Ah", "Kd", "Qs", "Jc")),
    ],
)
def test_an_action_moved_to_other_chairs_is_the_event_the_general_way_gives(event: Event) -> None:
    where = {0: 4, 1: 0, 2: 7}
    general = EVENT_ADAPTER.validate_python(_remap(event.model_dump(mode="json"), where))
    assert moved(event, where) == general
    assert event_to_json(moved(event, where)) == event_to_json(general)
