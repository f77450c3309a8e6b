"""Property: any session the app can record -> PHH and JSON export -> import -> the
identical events, details and title, as one session."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st

from omaha_tui.engine.reducer.replay import effective_events
from omaha_tui.interchange.interop import export_session, import_files
from omaha_tui.store.journal import Journal

from .recorded import eventful_session

# Games PHH can name (Courchevel and no-limit travel as JSON only; see the extension page).
GAMES = ("omaha", "omaha8", "big-o", "omaha6")


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(GAMES), st.integers(0, 10**6))
@example("omaha", 80270)  # its only hand is undone
def test_every_recorded_session_comes_back_identical_as_phh_and_as_json(
    tmp_path_factory: object, game: str, seed: int
) -> None:
    folder = Path(tmp_path_factory.mktemp("rt"))  # type: ignore[attr-defined]
    table = eventful_session(game, hands=8, seed=seed)
    with Journal.open(folder / "j.sqlite3") as journal:
        sid = journal.create_session("Friday", meta={"schedule": None})
        journal.append_many(sid, table.events)
        journal.release(sid)
        # A hand dealt and then undone is no hand: PHH holds the hands the log keeps.
        has_hand = any(e.type == "hand_started" for e in effective_events(table.events))
        for fmt in ("phh", "json") if has_hand else ("json",):
            written = export_session(journal, sid, fmt, folder / fmt).path  # type: ignore[arg-type]
            (outcome,) = import_files(journal, [written])
            assert outcome.error is None and outcome.note is None, outcome
            assert outcome.session_id is not None
            assert journal.events(outcome.session_id) == table.events
            assert journal.meta(outcome.session_id) == {"schedule": None}
            assert journal.session(outcome.session_id).title == "Friday"


def test_the_generated_sessions_hold_every_kind_of_event() -> None:
    kinds: Counter[str] = Counter()
    for seed in range(30):
        kinds.update(e.type for e in eventful_session("omaha", hands=8, seed=seed).events)
    expected = {
        "session_started", "player_seated", "player_left", "player_rebought",
        "chips_corrected", "sat_out", "came_back", "button_placed", "level_changed",
        "hand_started", "folded", "checked", "called", "bet_placed", "raised_to",
        "went_all_in", "board_dealt", "board_recorded", "hole_cards_shown", "pots_awarded",
        "misdeal", "undo", "session_ended", "runs_agreed", "run_board_dealt",
    }  # fmt: skip
    assert expected <= set(kinds), expected - set(kinds)


def test_the_standard_fields_alone_replay_every_hand_to_its_finishing_stacks() -> None:
    """Without the event log (as another program reads it), each exported hand replays to
    the table's stacks: level changes write that hand's min_bet, a returning player's
    live big blind and dead small blind read back as such, chips-only boards are dealt
    as ``d db ??``, a board run twice or three times replays every run from its user
    fields, and a hand the dealer settled by hand is settled by its finishing stacks (by
    its awards per run when it was run more than once). The one exception is a big
    blind posted short: PHH calls what was posted (R2.5 "posted"), the table called the
    full blind."""
    from omaha_tui.engine.events import PostKind
    from omaha_tui.engine.reducer.replay import effective_events
    from omaha_tui.interchange.phh import loads
    from omaha_tui.interchange.phh_export import session_hands
    from omaha_tui.interchange.phh_replay import replay_hand, summary
    from omaha_tui.interchange.phh_write import dumps

    checked = 0
    for seed in range(40):
        events = eventful_session("omaha", hands=8, seed=seed).events
        started = [e for e in effective_events(events) if e.type == "hand_started"]
        for hand, start in zip(session_hands(events), started, strict=False):
            short = any(
                p.kind is PostKind.BIG_BLIND and p.amount < hand.blinds_or_straddles[1]
                for p in start.posts  # type: ignore[attr-defined]
            )
            if short or hand.finishing_stacks is None:
                continue
            (again,) = loads(dumps(hand), "h.phh")
            result = summary(replay_hand(again))
            assert result["complete"], dumps(hand)
            # finishing_stacks are the hand's result, every run of a board run twice.
            assert result["finishing_stacks"] == [int(s) for s in hand.finishing_stacks]
            checked += 1
    assert checked > 120
