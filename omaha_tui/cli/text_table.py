"""The framed tables of ``read`` and ``equity``, written without loading Rich.

A table is a title, a header row and rows of text cells (a cell may hold several lines),
framed like Rich's default table: a heavy frame round the header, a light one round the
rows. Widths are counted in screen columns (:func:`~omaha_tui.engine.graphemes.width`),
so wide names and the suit symbols line up. Cells are data: they are written exactly as
given (callers pass names through ``printable``), never read as markup.

On a terminal the header is bold and so are the rows marked bold (a winner's), and the
title italic, as Rich shows them. A table wider than the terminal is handed to Rich,
which wraps the cells to fit; anything else (a pipe, a file, a wide terminal) is written
here directly, at its natural width: importing and running Rich costs more than the
answer itself.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Collection, Sequence

from omaha_tui.engine.graphemes import width

BOLD, ITALIC, RESET = "\x1b[1m", "\x1b[3m", "\x1b[0m"


def _on_terminal() -> bool:
    """Whether standard output is a terminal that shows styles (not ``TERM=dumb``)."""
    isatty = getattr(sys.stdout, "isatty", None)
    return bool(isatty and isatty()) and os.environ.get("TERM") != "dumb"


def _pad(text: str, columns: int, right: bool) -> str:
    gap = " " * (columns - width(text))
    return gap + text if right else text + gap


def render(
    title: str,
    headers: Sequence[str],
    rows: Sequence[Sequence[str]],
    *,
    right: Collection[int] = (),
    bold_rows: Collection[int] = (),
    styled: bool = False,
) -> list[str]:
    """The table's lines: the title centred above the frame, then the frame.

    ``right`` holds the indexes of right-justified columns; with ``styled`` the header,
    the ``bold_rows`` and the title carry terminal styles.

    >>> for line in render("Spot", ["Who", "Equity"], [["Ann", "7.8%"], ["Bob", "92.2%"]],
    ...                    right={1}):
    ...     print(line)
          Spot
    ┏━━━━━┳━━━━━━━━┓
    ┃ Who ┃ Equity ┃
    ┡━━━━━╇━━━━━━━━┩
    │ Ann │   7.8% │
    │ Bob │  92.2% │
    └─────┴────────┘
    """
    cells = [[cell.split("\n") for cell in row] for row in (headers, *rows)]
    widths = [max(width(line) for row in cells for line in row[i]) for i in range(len(headers))]
    bars = ["━" * (w + 2) for w in widths]
    lines = ["┏" + "┳".join(bars) + "┓"]

    def add(row: list[list[str]], edge: str, style: str) -> None:
        height = max(len(cell) for cell in row)
        for k in range(height):
            texts = [
                _pad(cell[k] if k < len(cell) else "", w, i in right)
                for i, (cell, w) in enumerate(zip(row, widths, strict=True))
            ]
            if style:
                texts = [style + t + RESET for t in texts]
            lines.append(edge + " " + f" {edge} ".join(texts) + " " + edge)

    add(cells[0], "┃", BOLD if styled else "")
    lines.append("┡" + "╇".join(bar for bar in bars) + "┩")
    for n, row in enumerate(cells[1:]):
        add(row, "│", BOLD if styled and n in bold_rows else "")
    lines.append("└" + "┴".join("─" * (w + 2) for w in widths) + "┘")
    across = width(lines[0])
    indent = " " * max(0, (across - width(title)) // 2)
    lines.insert(0, indent + (ITALIC + title + RESET if styled else title))
    return lines


def show(
    title: str,
    headers: Sequence[str],
    rows: Sequence[Sequence[str]],
    *,
    right: Collection[int] = (),
    bold_rows: Collection[int] = (),
) -> None:
    """Print the table on standard output (through Rich when a terminal is too narrow)."""
    styled = _on_terminal()
    lines = render(title, headers, rows, right=right, bold_rows=bold_rows, styled=styled)
    if styled and width(lines[1]) > shutil.get_terminal_size().columns:
        _show_wrapped(title, headers, rows, right=right, bold_rows=bold_rows)
        return
    sys.stdout.write("\n".join(lines) + "\n")


def _show_wrapped(
    title: str,
    headers: Sequence[str],
    rows: Sequence[Sequence[str]],
    *,
    right: Collection[int],
    bold_rows: Collection[int],
) -> None:
    """The same table through Rich, which wraps cells to the terminal's width."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    table = Table(title=Text(title))
    for i, header in enumerate(headers):
        table.add_column(Text(header), justify="right" if i in right else "left")
    for n, row in enumerate(rows):
        table.add_row(*(Text(cell) for cell in row), style="bold" if n in bold_rows else "")
    Console().print(table)
