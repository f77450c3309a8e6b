"""Every exported hand of a random evening, read by three readers: never a contradiction.

For each game and structure, an evening of every kind of event (seat changes, rebuys,
returns with dead blinds, short big blinds at a table calling the full blind, boards run
twice and three times, hands settled by hand, undos) is exported as PHH, then:

- ``omaha-tui replay --json`` replays every hand of the file without an error, each to
  the file's own ``finishing_stacks`` when it has them;
- ``import`` brings the session back event for event;
- stock pokerkit, for the codes it knows (``PO``, ``FO/8``), either reaches each hand's
  ``finishing_stacks`` from the standard fields or the hand is marked non-standard
  (``_omaha_tui_nonstandard``) with its reason. The other games' codes are this
  program's extensions (docs/phh-extensions.md), which pokerkit does not read.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from omaha_tui.engine.config import VARIANTS, ShortBlindRule, Stakes, Structure, TableConfig
from omaha_tui.interchange.interop import export_session, import_files
from omaha_tui.interchange.phh import PhhError, load
from omaha_tui.interchange.phh_standard import NONSTANDARD_FIELD
from omaha_tui.store.journal import Journal
from tests import decided as c

from .recorded import Table, eventful_session

pokerkit = pytest.importorskip("pokerkit")
ROOT = Path(__file__).resolve().parents[2]
STANDARD_CODES = ("PO", "FO/8")

EVENINGS = [
    ("omaha", Structure.POT_LIMIT, ShortBlindRule.FULL),
    ("omaha8", Structure.FIXED_LIMIT, ShortBlindRule.FULL),
    ("omaha", Structure.NO_LIMIT, ShortBlindRule.POSTED),
    ("big-o", Structure.POT_LIMIT, ShortBlindRule.FULL),
    ("omaha6", Structure.POT_LIMIT, ShortBlindRule.POSTED),
    ("omaha5", Structure.FIXED_LIMIT, ShortBlindRule.FULL),
    ("omaha6-8", Structure.NO_LIMIT, ShortBlindRule.POSTED),
]


def short_blind_evening() -> Table:
    """R2.5 at a table calling the full blind: Cy's big blind is all in for 4 of 10,
    Dee calls the full 10, Ann raises to 30, Bob folds, Dee calls, and the hand is shown
    down on a board entered card by card."""
    config = TableConfig(
        variant=VARIANTS["omaha"],
        stakes=Stakes(big_blind=10, small_blind=5),
        short_blind_rule=ShortBlindRule.FULL,
    )
    seats = ((0, "Ann", 100), (1, "Bob", 100), (2, "Cy", 4), (3, "Dee", 100))
    t = Table(config=config, seats=seats)
    t.do(c.start_hand(t.state))
    t.do(c.call(t.state))  # Dee, the full blind
    t.do(c.bet_or_raise(t.state, 30))  # Ann, the button
    t.do(c.fold(t.state))  # Bob
    t.do(c.call(t.state))  # Dee
    for cards in ("2c 7d 9h", "Jc", "3s"):
        t.do(c.deal_board(t.state, cards))
        while t.state.hand is not None and t.state.hand.to_act is not None:
            t.do(c.check(t.state))
    for seat, cards in ((2, "Ah Kh Qh Jh"), (3, "As Ks Qs Js"), (0, "Ad Kd Qd 8c")):
        t.do(c.show(t.state, seat, cards))
    t.do(c.settle_by_cards(t.state))
    return t


def _pokerkit_stacks(text: str) -> list[Decimal] | None:
    """What stock pokerkit reaches from a hand's standard fields (``None``: it cannot
    read them)."""
    try:
        history = pokerkit.HandHistory.loads(text, parse_value=Decimal)
        *_, state = iter(history)
    except (ValueError, KeyError):
        return None
    return [Decimal(s) for s in state.stacks]


def _replay(paths: list[Path]) -> list[dict[str, object]]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "omaha_tui", "replay", "--json", *map(str, paths)],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    errors = [line for line in lines if "error" in line]
    assert errors == [] and done.returncode == 0, (errors, done.stderr[-2000:])
    return lines


@pytest.mark.parametrize("seed", range(2))
def test_every_exported_hand_replays_imports_back_and_reads_in_pokerkit_or_is_marked(
    tmp_path: Path, seed: int
) -> None:
    exported: list[Path] = []
    hands_of: dict[Path, list[object]] = {}
    tables = [short_blind_evening()]
    tables += [
        eventful_session(game, 14, 10 * seed + k, structure, short_blind_rule=rule)
        for k, (game, structure, rule) in enumerate(EVENINGS)
    ]
    for k, table in enumerate(tables):
        game = table.state.config.variant.key  # type: ignore[union-attr]
        with Journal.open(tmp_path / f"{k}.sqlite3") as journal:
            sid = journal.create_session(f"{game} evening")
            journal.append_many(sid, table.events)
            journal.release(sid)
            try:
                path = export_session(journal, sid, "phh", tmp_path / f"out{k}").path
            except PhhError:  # an evening that ended before its first hand
                continue
            (outcome,) = import_files(journal, [path])
            assert outcome.session_id is not None, outcome
            assert journal.events(outcome.session_id) == table.events, game
        exported.append(path)
        hands_of[path] = list(load(path))
    replayed = iter(_replay(exported))
    read = marked = 0
    for path in exported:
        for hand in hands_of[path]:
            mine = next(replayed)
            assert mine["file"] == hand.source  # type: ignore[attr-defined]
            stated = hand.finishing_stacks  # type: ignore[attr-defined]
            if stated is not None and mine["complete"]:
                assert [Decimal(str(s)) for s in mine["finishing_stacks"]] == list(stated)  # type: ignore[union-attr]
            if hand.variant not in STANDARD_CODES or stated is None:  # type: ignore[attr-defined]
                continue
            from omaha_tui.interchange.phh_write import dumps

            reached = _pokerkit_stacks(dumps(hand))  # type: ignore[arg-type]
            if reached == list(stated):
                read += 1
            else:
                marked += 1
                reasons = dict(hand.extra).get(NONSTANDARD_FIELD)  # type: ignore[attr-defined]
                assert reasons, f"{hand.source}: pokerkit reaches {reached}, the file says {stated}"  # type: ignore[attr-defined]
    assert next(replayed, None) is None
    assert len(exported) >= 5 and read and marked
