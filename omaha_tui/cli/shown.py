"""Text from users (names, titles, file names, error messages quoting them) as the CLI
prints it: always data, never Rich markup, never a terminal escape sequence.

A name like ``[/x]`` or one carrying ``ESC [ 31 m`` must print as those characters.
:func:`plain` escapes the control characters (the engine's one rule,
:func:`~omaha_tui.engine.labels.printable`) and wraps the result in a Rich ``Text``,
which Rich never parses as markup.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from omaha_tui.engine.labels import printable

if TYPE_CHECKING:
    from rich.text import Text

__all__ = ["plain", "printable"]


def plain(text: object, style: str = "") -> Text:
    """``text`` as a Rich ``Text`` cell: shown literally, control characters escaped."""
    from rich.text import Text

    return Text(printable(str(text)), style=style)
