"""The app's parts, each built without an App: they are handed what they use (a stand-in
session, a stand-in desk, plain callables), so what they decide is checked directly."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from omaha_tui.app.keys import BY_NAME
from omaha_tui.app.launch import Launch, Opening, where_resumed
from omaha_tui.app.liveness import LiveKeys, tabling_due, why_not
from omaha_tui.app.new_journal import NewJournalPrompt, offer_new_journal
from omaha_tui.app.palette import QUESTIONS, ask, entries
from omaha_tui.app.preferences import Preferences
from omaha_tui.app.question import answer_check
from omaha_tui.app.showing import blinds_line
from omaha_tui.app.table_keys import TableControl
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.available import Available, available
from omaha_tui.engine.decisions.outcomes import Ask, Choice
from omaha_tui.engine.state import TableState
from omaha_tui.prefs.settings import load_settings
from omaha_tui.session import Outcome, Session
from omaha_tui.store.journal import Journal
from tests.tables import quick_table

AT = datetime(2026, 5, 1, 21, 0, tzinfo=UTC)


@dataclass
class FakeSession:
    """What the parts read of a session: its state, ``available()`` and its log."""

    state: TableState
    can_undo: bool = False
    can_redo: bool = False
    reckoned: int = 0

    def available(self) -> Available:
        self.reckoned += 1
        return available(self.state)

    def undo_limit(self) -> str:
        return "" if self.can_undo else "nothing recorded to undo"


@dataclass
class FakeDesk:
    """The table as a part reaches it, recording what the part asked of it."""

    session: Any = None
    requested: list[rq.Request] = field(default_factory=list)
    said: list[tuple[str, bool]] = field(default_factory=list)
    screens: list[object] = field(default_factory=list)
    answer: Outcome = field(default_factory=lambda: Outcome(True, "done"))

    def request(self, req: rq.Request) -> Outcome:
        self.requested.append(req)
        return self.answer

    def adopt(self, outcome: Outcome) -> Outcome:
        return outcome

    def say(self, text: str, *, refused: bool = False) -> None:
        self.said.append((text, refused))

    def push_screen(self, screen: Any) -> object:
        self.screens.append(screen)
        return None


def control(desk: FakeDesk, rang: list[str]) -> TableControl:
    return TableControl(
        desk,
        install=lambda screen, name: None,
        bell=lambda: rang.append("bell"),
        quiet=lambda: rang.append("quiet"),
        say_aloud=lambda text: rang.append(f"said {text}"),
        speech=lambda: None,
        now=lambda: AT,
    )


# ---------------------------------------------------------------- which keys are live


def test_the_live_keys_come_from_available_once_per_state() -> None:
    session = FakeSession(quick_table())
    live = LiveKeys()
    assert live(session) == frozenset({"help", "next_hand"})
    assert live(session) == frozenset({"help", "next_hand"})
    assert session.reckoned == 1  # the same state: the keys are not reckoned again


def test_redo_is_live_as_soon_as_the_session_can_redo_on_the_same_state() -> None:
    session = FakeSession(quick_table())
    live = LiveKeys()
    assert "redo" not in live(session)
    session.can_redo = True
    assert "redo" in live(session)


def test_no_table_open_no_key_is_live() -> None:
    assert LiveKeys()(None) == frozenset()


def test_a_key_not_live_says_why_in_the_engine_s_words() -> None:
    session = FakeSession(quick_table())
    assert why_not(BY_NAME["fold"], session, AT) == "fold: no hand is running: start the next hand"
    assert why_not(BY_NAME["undo"], session, AT) == "undo: nothing recorded to undo"
    assert why_not(BY_NAME["redo"], session, AT) == "redo: nothing to redo"
    assert why_not(BY_NAME["clock_pause"], session, AT).startswith(
        "pause clock: this table has no blind schedule"
    )


def test_r10_1_no_hand_no_tabling_whatever_the_keys() -> None:
    assert not tabling_due(quick_table(), frozenset({"table_hands"}))


# ---------------------------------------------------------------- the table's keys


def test_a_key_not_live_rings_says_why_and_records_nothing() -> None:
    desk, rang = FakeDesk(FakeSession(quick_table())), []
    control(desk, rang).press("fold")
    assert rang == ["bell"]
    assert desk.said == [("fold: no hand is running: start the next hand", True)]
    assert desk.requested == []


def test_a_prompt_key_not_live_quiets_what_was_typed_for_its_prompt() -> None:
    desk, rang = FakeDesk(FakeSession(quick_table())), []
    control(desk, rang).press("bet")
    assert rang == ["bell", "quiet"] and desk.requested == [] and desk.screens == []


def test_a_live_key_sends_its_request_to_the_table() -> None:
    desk, rang = FakeDesk(FakeSession(quick_table())), []
    control(desk, rang).press("next_hand")
    assert desk.requested == [rq.NextHand()] and rang == []


def test_a_key_without_a_table_says_so() -> None:
    desk, rang = FakeDesk(), []
    control(desk, rang).press("next_hand")
    assert desk.said == [("No table is open yet.", True)] and desk.requested == []


# ---------------------------------------------------------------- the session's question


def test_a_question_is_answered_by_number_or_by_its_words() -> None:
    question = Ask("All in?", (Choice("all in", rq.AllIn()), Choice("no", rq.Fold())))
    desk = FakeDesk()
    check = answer_check(question, desk.request)
    assert check("2") is None and check(" ALL IN ") is None
    assert desk.requested == [rq.Fold(), rq.AllIn()]
    assert check("maybe") == '"maybe" is not an answer: 1 all in · 2 no'


def test_a_refused_answer_keeps_the_question_open_with_the_reason() -> None:
    question = Ask("Post now?", (Choice("post", rq.NextHand()),))
    desk = FakeDesk(answer=Outcome(False, "not now", refused=True))
    assert answer_check(question, desk.request)("1") == "not now"


# ---------------------------------------------------------------- palette, new journal


def test_a_palette_question_without_a_table_says_so() -> None:
    desk = FakeDesk()
    ask(desk, QUESTIONS[0])
    assert desk.said == [("No table is open yet.", True)] and desk.screens == []


def test_every_palette_entry_releases_the_keys_typed_after_it() -> None:
    desk, released, prefs = FakeDesk(), [], Preferences(None, notify=_no, say=_no, large_clock=_no)
    opened: list[object] = []
    listed = entries(
        desk,
        prefs,
        act=opened.append,
        history=lambda: opened.append("history"),
        ledger=opened.append,
        new_journal=lambda: opened.append("new journal"),
        release=lambda: released.append(1),
    )
    run = {name: go for name, _, go in listed}
    run["Fold (f)"]()
    run["Settle up: through the bank"]()
    run["Run it three times"]()
    assert opened == ["fold", True] and desk.requested == [rq.RunItTwice(3)]
    assert len(released) == 3


def test_the_new_journal_prompt_opens_once_and_only_with_a_table(tmp_path: Path) -> None:
    desk = FakeDesk()
    offer_new_journal(desk, [], _no)
    assert desk.said == [("No table is open yet.", True)]
    with Journal.open(tmp_path / "j.sqlite3") as journal:
        desk.session = Session.create(journal, _opening(), "Friday")
        offer_new_journal(desk, [], _no)
        assert [type(s) for s in desk.screens] == [NewJournalPrompt]
        offer_new_journal(desk, desk.screens, _no)  # one open already
        assert len(desk.screens) == 1
        desk.session.close()


# ---------------------------------------------------------------- preferences


def test_preferences_say_what_changed_and_remember_it(tmp_path: Path) -> None:
    said: list[str] = []
    clock: list[bool] = []
    path = tmp_path / "settings.json"
    prefs = Preferences(
        path,
        notify=_no,
        say=lambda text, refused=False: said.append(text),
        large_clock=clock.append,
    )
    prefs.load()
    assert prefs.chime and not prefs.large_clock
    prefs.toggle_chime()
    prefs.toggle_large_clock()
    assert said == ["Clock chime off", "Large clock on"] and clock == [True]
    remembered = load_settings(path).settings
    assert not remembered.chime and remembered.large_clock


def test_a_theme_not_installed_falls_back_to_the_default(tmp_path: Path) -> None:
    prefs = Preferences(tmp_path / "s.json", notify=_no, say=_no, large_clock=_no)
    prefs.load()
    prefs.remember_theme("gone-theme")
    assert prefs.theme({"gone-theme"}) == "gone-theme"
    assert prefs.theme(set()) != "gone-theme"


# ---------------------------------------------------------------- opening a table


def test_a_table_asked_for_opens_at_once_and_deals_when_asked(tmp_path: Path) -> None:
    from .test_flows import six_handed_plo

    opened: list[tuple[str, bool]] = []
    refused: list[str] = []
    with Journal.open(tmp_path / "j.sqlite3") as journal:
        launch = Launch(
            Opening(start=six_handed_plo()),
            show=lambda screen, then: None,
            notify=_no,
            opened=lambda session, line, resumed=False, deal=False: opened.append((line, deal)),
            refuse=refused.append,
            leave=lambda: None,
            now=lambda: AT,
        )
        launch.first_table(journal)
        assert refused == [] and len(opened) == 1
        assert opened[0][0].startswith("Session 1: ") and opened[0][0].endswith("Press n to deal.")


def test_a_session_that_cannot_resume_ends_the_app_with_one_line(tmp_path: Path) -> None:
    refused: list[str] = []
    with Journal.open(tmp_path / "j.sqlite3") as journal:
        launch = Launch(
            Opening(resume=99),
            show=lambda screen, then: None,
            notify=_no,
            opened=lambda *a, **kw: None,
            refuse=refused.append,
            leave=lambda: None,
            now=lambda: AT,
        )
        launch.first_table(journal)
    assert len(refused) == 1 and "has no session 99" in refused[0]


def test_a_resumed_table_says_where_it_stands() -> None:
    assert where_resumed(quick_table()) == "after 0 hands"
    assert blinds_line(quick_table()) == "Level 1 · blinds 1/2"


def _no(*args: object, **kwargs: object) -> None:
    """A callable that does nothing (what the test does not look at)."""


def _opening() -> tuple[Any, ...]:
    from omaha_tui.engine.config import Stakes, TableConfig, parse_game
    from omaha_tui.engine.opening import opening_events

    config = TableConfig(variant=parse_game("plo"), stakes=Stakes(big_blind=2))
    return tuple(opening_events(config, [(0, "Ann", 100), (1, "Bob", 100)], button=1))
