"""``omaha-tui console``: the table as lines of text, on the same session as the app.

One command per line (``fold``, ``raise 12``, ``show Ann Ah Kd Qc Js``...), one answer
per line. It imports the session and the engine, never Textual or Rich.
"""

from __future__ import annotations

from omaha_tui.session.commands import WORDS, parse_line

from .run import Console, read_lines

__all__ = ["WORDS", "Console", "parse_line", "read_lines"]
