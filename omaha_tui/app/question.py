"""The session's question to the dealer (all in? post now or wait?) as a prompt.

An :class:`~omaha_tui.engine.decisions.outcomes.Ask` comes back from the session with
its choices; the dealer answers by number or by a choice's words, and the answer is
the choice's request, sent as any other decision.
"""

from __future__ import annotations

from collections.abc import Callable

from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.outcomes import Ask
from omaha_tui.session import Outcome

from .prompts.amount_prompt import TextPrompt


def answer_check(
    question: Ask, request: Callable[[rq.Request], Outcome]
) -> Callable[[str], str | None]:
    """Read an answer to ``question``: its choice's request goes to ``request``; the
    check returns ``None`` when the prompt may close, else the line that says why not."""
    hint = choices_hint(question)

    def check(text: str) -> str | None:
        answer = text.strip().lower()
        for i, choice in enumerate(question.choices, start=1):
            if answer in (str(i), choice.label.lower()):
                outcome = request(choice.request)
                return None if outcome.ok or outcome.ask else outcome.message
        return f'"{text}" is not an answer: {hint}'

    return check


def choices_hint(question: Ask) -> str:
    """The choices by number, for the prompt's hint (``1 all in · 2 no``)."""
    return " · ".join(f"{i} {c.label}" for i, c in enumerate(question.choices, start=1))


def question_prompt(question: Ask, request: Callable[[rq.Request], Outcome]) -> TextPrompt:
    """The prompt that puts ``question`` to the dealer (see :func:`answer_check`)."""
    return TextPrompt(
        question.question, choices_hint(question), check=answer_check(question, request)
    )


__all__ = ["answer_check", "choices_hint", "question_prompt"]
