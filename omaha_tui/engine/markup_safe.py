"""Text a person typed, made safe to put inside Textual markup, and back.

The view model carries names and other typed text this way (:func:`shown`), so every
screen that draws it as markup shows what was typed and never a tag; :func:`unshown`
gives the text as seen, to measure or cut it. Pure text: no Textual, no Rich.
"""

from __future__ import annotations

from functools import lru_cache

from omaha_tui.engine.labels import printable

_JOINER = "\u2060"
"""WORD JOINER: zero width, keeps a typed backslash from escaping the next tag."""


@lru_cache(maxsize=1024)
def shown(text: str) -> str:
    r"""Text a person typed, ready to go inside markup: control characters made
    visible (:func:`~omaha_tui.engine.labels.printable`) and every bracket escaped.

    Textual markup cannot write a backslash just before ``[`` (``\\[`` still escapes
    the bracket), so such a backslash, or one ending the text, is followed by an
    invisible word joiner: ``Ann\`` inside ``[b]...[/b]`` stays ``Ann\`` in bold.

    >>> shown("Ann [/x]"), shown("Bo[b]")
    ('Ann \\[/x]', 'Bo\\[b]')
    >>> shown("Ann\\") == "Ann\\" + _JOINER
    True
    """
    text = printable(text)
    out = []
    for i, ch in enumerate(text):
        if ch == "[":
            out.append("\\[")
        elif ch == "\\" and text[i + 1 : i + 2] in ("", "["):
            out.append("\\" + _JOINER)
        else:
            out.append(ch)
    return "".join(out)


def unshown(markup: str) -> str:
    r"""The text :func:`shown` made markup-safe, as it is seen (to measure or cut it).

    >>> unshown(shown("Ann [/x] \\")) == printable("Ann [/x] \\")
    True
    """
    return markup.replace("\\[", "[").replace(_JOINER, "")


__all__ = ["shown", "unshown"]
