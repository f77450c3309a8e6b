"""The one error the reducer raises for an illegal event, the one line a pydantic
refusal is said in, and the one line a document (TOML, JSON) the parsers refuse is.

Kept apart from ``reducer`` so that every engine module can raise it without
import cycles. It is re-exported as ``omaha_tui.engine.reducer.replay.RuleError``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pydantic import ValidationError


class RuleError(ValueError):
    """An event the rules do not allow. The message says what is wrong and what is
    allowed, so the UI can show it as it is; the previous state stands."""


def validation_message(e: ValidationError) -> str:
    """One plain line for a field out of range, the field named in words:
    ``big blind: Input should be greater than 0`` (a model's own check says its message).

    >>> from pydantic import ValidationError
    >>> from omaha_tui.engine.config import Stakes
    >>> try:
    ...     Stakes(big_blind=0)
    ... except ValidationError as e:
    ...     print(validation_message(e))
    big blind: Input should be greater than 0
    """
    err = e.errors()[0]
    where = ".".join(str(x).replace("_", " ") for x in err["loc"] if not isinstance(x, int))
    msg = str(err["msg"]).removeprefix("Value error, ")
    return f"{where}: {msg}" if where else msg


def document_problem(error: BaseException) -> str:
    """Why a parser (``tomllib``, ``json``) refused a document, in words a user can act on.

    Beyond the parser's own words (a missing quote at line 3), Python refuses a number
    of more than 4300 digits (reading one takes time that grows with its square) and
    values nested deeper than its stack: neither is a bug, both are the file's.

    >>> import json
    >>> try:
    ...     json.loads("9" * 5000)
    ... except ValueError as e:
    ...     print(document_problem(e))
    a number has more than 4300 digits
    >>> document_problem(RecursionError())
    'its values are nested too deeply'
    """
    if isinstance(error, RecursionError):
        return "its values are nested too deeply"
    text = str(error)
    if "integer string conversion" in text:
        return "a number has more than 4300 digits"
    return text
