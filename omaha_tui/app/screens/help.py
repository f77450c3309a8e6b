"""The help screen: the table keys and a short how-to for a dealer's first night.

The key list is the app's key table (:func:`omaha_tui.app.keys.help_lines`), the
same table the footer's bindings come from, so the help never drifts from the keys.
This screen only shows text; it changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown

from omaha_tui.app.keys import help_lines

HOW_TO = """\
## A hand, step by step
1. **n** starts the hand; blinds and antes are posted for you (R2).
2. The player to act is highlighted with what they may do and the legal range.
   Press **f**, **c**, **b**, **p** or **a** for their action.
3. **d** deals the flop, turn and river. Typing the cards (`AhKd7c`, `ah kd 7c`)
   lets the app read the hands at showdown; leaving them out just tracks chips.
4. **s** opens the showdown: type each tabled hand, or award the pots by hand.
   The app shows, per pot, who wins the high and the low, with the two hole cards
   and three board cards that make each hand (R6, R7), and reads it aloud.
5. Made a mistake? **u** undoes it. Everything is saved as you go: if the laptop
   dies, start `omaha-tui` again and the table is exactly where it was.

## All in
When nobody can bet any more, **t** tables the hands still in: each seat then shows
its chance of winning (high and low apart in hi-lo), updated as **d** deals each
street (R10.1, R10.3). If everyone still in agrees before the next card, **2** runs
the rest of the board twice: **d** deals run 1, then run 2, and **s** reads each
run's half of every pot by its own board (R10.2).

## The blind clock
With a blind schedule (`--levels` or the setup screen's level editor) the header shows
the level, the time left and the next break. **P** pauses and resumes it, **S** starts
it before the first hand, **+** and **-** add or take away a minute, **]** and **[**
move to the next or previous level and **B** ends a break early (R2.7).

## Cards
Ranks `2`–`9`, `T` (or `10`), `J`, `Q`, `K`, `A`; suits `c` `d` `h` `s` (or ♣ ♦ ♥ ♠).
Upper or lower case, with or without spaces. Suits are always shown as symbols, so
they read without colour; the four-colour-deck theme also colours each suit.

## Quitting
**ctrl+q** quits the app at any moment (**escape** or **q** only close a screen like
this one). Nothing is lost: every action is already in the journal, so `omaha-tui`
(or `omaha-tui play --resume`) later opens the table exactly where it stopped.
"""


def help_markdown(keys: Sequence[tuple[str, str]] | None = None) -> str:
    """The help text: a table of keys, then the how-to."""
    rows = "\n".join(f"| `{key}` | {what} |" for key, what in keys or help_lines())
    return f"# Keys\n\n| key | does |\n| --- | --- |\n{rows}\n\n{HOW_TO}"


class HelpScreen(ModalScreen[None]):
    """Keys and a short how-to; any of escape, q or ? closes it."""

    CSS_PATH = "help.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark", "close", "Close"),
    ]

    def __init__(self, keys: Sequence[tuple[str, str]] | None = None) -> None:
        super().__init__()
        self._keys = tuple(keys or help_lines())

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            yield Markdown(help_markdown(self._keys))

    def action_close(self) -> None:
        self.dismiss(None)
