"""The one error the reducer raises for an illegal event.

Kept apart from ``reducer`` so that every engine module can raise it without
import cycles. It is re-exported as ``omaha_tui.engine.reducer.replay.RuleError``.
"""

from __future__ import annotations


class RuleError(ValueError):
    """An event the rules do not allow. The message says what is wrong and what is
    allowed, so the UI can show it as it is; the previous state stands."""
