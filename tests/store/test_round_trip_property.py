"""Property: any session the app can record -> PHH and JSON export -> import -> the
identical events, details and title, as one session."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from omaha_tui.store.interop import export_session, import_files
from omaha_tui.store.journal import Journal

from .recorded import eventful_session

# Games PHH can name (Courchevel and no-limit travel as JSON only; see the extension page).
GAMES = ("omaha", "omaha8", "big-o", "omaha6")


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(GAMES), st.integers(0, 10**6))
def test_every_recorded_session_comes_back_identical_as_phh_and_as_json(
    tmp_path_factory: object, game: str, seed: int
) -> None:
    folder = Path(tmp_path_factory.mktemp("rt"))  # type: ignore[attr-defined]
    table = eventful_session(game, hands=8, seed=seed)
    with Journal.open(folder / "j.sqlite3") as journal:
        sid = journal.create_session("Friday", meta={"schedule": None})
        journal.append_many(sid, table.events)
        journal.release(sid)
        has_hand = any(e.type == "hand_started" for e in table.events)
        for fmt in ("phh", "json") if has_hand else ("json",):
            written = export_session(journal, sid, fmt, folder / fmt)  # type: ignore[arg-type]
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
        "misdeal", "undo", "session_ended",
    }  # fmt: skip
    assert expected <= set(kinds), expected - set(kinds)
