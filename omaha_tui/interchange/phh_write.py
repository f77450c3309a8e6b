"""PHH text from hands: TOML written here, decimals exactly as they were read.

Every value is written the way :mod:`.phh` reads it back (:class:`~decimal.Decimal`
amounts keep their digits), field order as pokerkit writes a hand: variant and forced
bets, stacks, actions, then the optional fields. ``tomli-w`` would write the decimals
as exactly (``Decimal("12.50")`` as ``12.50``) and keep the order of plain fields, but
it writes a field whose value is a table (a ``[meta]`` table an imported file brought)
as a ``[key]`` section after all the others: inside a ``.phhs`` hand (``[2]``) that must
be ``[2.key]``, and it would take in the fields an export streams after the hand's
head (the event log, written a chunk at a time, which a whole-document writer cannot).
So tables stay inline here, and strings are escaped by one table shared with the
streamed log (:func:`toml_string`).
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Iterator
from decimal import Decimal
from typing import Any

from .phh import PhhError, PhhHand


def toml_text(value: Any) -> str:
    """A field value as TOML text, decimals exactly as they were written.

    >>> toml_text({"winnings": [Decimal("12.50"), 0], "who": "Ann"})
    '{winnings = [12.50, 0], who = "Ann"}'
    """
    return _toml_value(value)


def toml_field(text: str) -> Any:
    """The value of :func:`toml_text` (decimals as :class:`~decimal.Decimal`).

    >>> toml_field("[12.50, 0]")
    [Decimal('12.50'), 0]
    """
    return tomllib.loads(f"x = {text}", parse_float=Decimal)["x"]


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Decimal):
        return f"{value:f}"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return _toml_string(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_toml_key(k)} = {_toml_value(v)}" for k, v in value.items()) + "}"
    if hasattr(value, "isoformat"):
        return str(value.isoformat())
    raise PhhError(f"cannot write {value!r} as PHH")


_ESCAPES = {c: f"\\u{c:04x}" for c in (*range(0x20), 0x7F)} | {
    ord('"'): '\\"',
    ord("\\"): "\\\\",
    ord("\n"): "\\n",
    ord("\t"): "\\t",
}


def _toml_string(text: str) -> str:
    """A basic TOML string: quotes, backslashes and control characters escaped.

    >>> print(_toml_string('a "b"'))
    "a \\"b\\""
    """
    return '"' + text.translate(_ESCAPES) + '"'


def toml_string(chunks: Iterable[str]) -> Iterator[str]:
    """:func:`toml_text` of the text ``chunks`` make together, written chunk by chunk
    (each character is escaped on its own, so where the chunks split does not matter).

    >>> "".join(toml_string(['say "a', '"', " now"])) == toml_text('say "a" now')
    True
    """
    yield '"'
    for chunk in chunks:
        yield chunk.translate(_ESCAPES)
    yield '"'


def _toml_key(key: str) -> str:
    bare = key.replace("_", "").replace("-", "").isalnum() and key.isascii()
    return key if bare else _toml_string(key)


def dumps(hand: PhhHand) -> str:
    """PHH text of one hand (the body of a ``.phh`` file)."""
    fields: list[tuple[str, Any]] = [("variant", hand.variant)]
    fields += [(k, v) for k, v in hand.extra if k == "ante_trimming_status"]
    fields += [("antes", hand.antes), ("blinds_or_straddles", hand.blinds_or_straddles)]
    fields += [
        (k, v)
        for k, v in (
            ("min_bet", hand.min_bet),
            ("small_bet", hand.small_bet),
            ("big_bet", hand.big_bet),
        )
        if v is not None
    ]
    fields.append(("starting_stacks", hand.starting_stacks))
    lines = [f"{_toml_key(k)} = {_toml_value(v)}" for k, v in fields]
    lines.append("actions = [")
    lines += [f"  {_toml_string(a)}," for a in hand.actions]
    lines.append("]")
    tail: list[tuple[str, Any]] = []
    if hand.players is not None:
        tail.append(("players", hand.players))
    if hand.finishing_stacks is not None:
        tail.append(("finishing_stacks", hand.finishing_stacks))
    tail += [(k, v) for k, v in hand.extra if k != "ante_trimming_status"]
    lines += [f"{_toml_key(k)} = {_toml_value(v)}" for k, v in tail]
    return "\n".join(lines) + "\n"


def dumps_all(hands: Iterable[PhhHand]) -> str:
    """PHH text of several hands (a ``.phhs`` file: ``[1]``, ``[2]`` ...)."""
    return "\n".join(f"[{i}]\n{dumps(h)}" for i, h in enumerate(hands, start=1))
