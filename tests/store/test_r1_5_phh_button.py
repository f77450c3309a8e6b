"""R1.5(c) in a PHH export: six players at a ten-chair table, the button goes round
them, so every hand lists its players from the seat left of a player's button, and
the sixth hand ends its list with Fay on the button (never a chair nobody sat in)."""

from __future__ import annotations

import re
from pathlib import Path

from omaha_tui.engine.decisions import requests as rq
from omaha_tui.interchange.interop import export_session, import_files
from omaha_tui.session import Session
from omaha_tui.store.journal import Journal
from tests.console.transcript import _setup


def test_r1_5_c_phh_export_lists_each_hand_from_a_players_button(tmp_path: Path) -> None:
    header = {"players": "Ann:200,Bob:200,Cy:150,Dee:300,Eve:200,Fay:100", "blinds": "1/2"}
    setup = _setup(header)
    with Journal.open(tmp_path / "j.sqlite3") as journal:
        session = Session.create(journal, setup.events(), setup.name)
        for _ in range(7):
            session.request(rq.NextHand())
            for _ in range(5):
                session.request(rq.Fold())
        path = export_session(journal, session.id, "phh", tmp_path / "out").path
        text = path.read_text()
        lasts = [names.split(", ")[-1] for names in re.findall(r"^players = \[(.*)\]", text, re.M)]
        assert lasts == ['"Ann"', '"Bob"', '"Cy"', '"Dee"', '"Eve"', '"Fay"', '"Ann"']
        # The file carries the table's own events: the sixth hand's button is Fay's chair.
        buttons = [int(b) + 1 for b in re.findall(r'hand_started\\",\\"button\\":(\d+)', text)]
        assert buttons == [1, 2, 3, 4, 5, 6, 1]
        (outcome,) = import_files(journal, [path])
        assert outcome.session_id is not None, outcome.error
