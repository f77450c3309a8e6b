"""Text from users (names, titles, file names, error messages quoting them) as the CLI
prints it: always data, never Rich markup, never a terminal escape sequence.

A name like ``[/x]`` or one carrying ``ESC [ 31 m`` must print as those characters.
:func:`plain` escapes the control characters and wraps the result in a Rich ``Text``,
which Rich never parses as markup.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.text import Text


def printable(text: str) -> str:
    r"""``text`` with every control character written as its escape.

    >>> print(printable("Ann\x1b[31m\tB"))
    Ann\x1b[31m\tB
    """
    return "".join(
        c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text
    )


def plain(text: object, style: str = "") -> Text:
    """``text`` as a Rich ``Text`` cell: shown literally, control characters escaped."""
    from rich.text import Text

    return Text(printable(str(text)), style=style)
