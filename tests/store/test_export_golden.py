"""Exports are the files omaha-tui wrote with journal version 6, byte for byte, for every
kind of session (:mod:`tests.store.export_golden` builds the sessions)."""

from __future__ import annotations

from pathlib import Path

from .export_golden import GOLDEN, SESSIONS, build, exports


def _goldens() -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(GOLDEN.glob("session-*"))}


def test_every_kind_of_session_exports_byte_for_byte_as_the_earlier_version_did(
    tmp_path: Path,
) -> None:
    golden = _goldens()
    assert len(golden) == 2 * SESSIONS
    written = exports(build(tmp_path), tmp_path / "out")
    assert sorted(written) == sorted(golden)
    for name, data in golden.items():
        assert written[name] == data, name
