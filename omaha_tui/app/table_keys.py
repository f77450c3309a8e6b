"""What each table key does: the request it stands for, or the prompt whose answer does.

:class:`TableControl` is held by the app (composition, not a base class) and given
what it uses, not the app: the table as a :class:`~.ports.Desk` (the session, a
decision sent to it, the status line, a screen opened over it) and a few callables
(the bell, the screen kept installed, speech, the time). A key arrives from the table
screen by name (:mod:`.keys`), and is acted on at once, in the order keys were typed.
A key that opens a prompt (amount, board cards, tabled hands, the showdown, the
Binglao die) opens it before the next key is handled, and what is typed meanwhile
goes into it (:class:`~.prompts.amount_prompt.TypedPrompt`). A key that is not live
records nothing and says why (:func:`~.liveness.why_not`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import datetime
from typing import Any

from textual.screen import Screen

from omaha_tui.engine.config import Structure
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.session import Session

from .keys import BY_NAME, CLOCK_KEYS, help_lines
from .liveness import LiveKeys, why_not
from .ports import Desk
from .prompts.amount_prompt import AmountPrompt, AmountRange, TextPrompt
from .speech import SpeechBackend
from .widgets.board import BoardPrompt


class TableControl:
    """The table keys of one table: liveness, the why-not line, and each key's action.

    Args:
        desk: the table: its session, where decisions go, the status line, new screens.
        install: keep a screen installed under a name (the amount prompt, built once).
        bell: the terminal's bell, for a key that is not live.
        quiet: ignore the text typed for a prompt that did not open.
        say_aloud: speak a sentence (or caption it).
        speech: the speech backend now (the showdown screen reads aloud with it).
        now: the time by the app's clock, as the session's blind clock reads it.
    """

    def __init__(
        self,
        desk: Desk,
        *,
        install: Callable[[Screen[Any], str], object],
        bell: Callable[[], object],
        quiet: Callable[[], object],
        say_aloud: Callable[[str], object],
        speech: Callable[[], SpeechBackend | None],
        now: Callable[[], datetime],
    ) -> None:
        self.desk = desk
        self._install = install
        self._bell = bell
        self._quiet = quiet
        self._say_aloud = say_aloud
        self._speech = speech
        self._now = now
        self._live = LiveKeys()
        self._amount_prompt: AmountPrompt | None = None

    def live(self) -> frozenset[str]:
        """The keys live now, computed once per state of the session."""
        return self._live(self.desk.session)

    # ------------------------------------------------------------------ a key

    def press(self, name: str) -> None:
        """Act on the key ``name`` now (the table screen calls this as the key arrives)."""
        desk = self.desk
        session = desk.session
        if session is None:
            desk.say("No table is open yet.", refused=True)
            return
        key = BY_NAME[name]
        if name not in self.live():
            self._bell()
            desk.say(why_not(key, session, self._now()), refused=True)
            if key.prompt:
                self._quiet()  # what was typed for the prompt is not for the table
            return
        if name in CLOCK_KEYS:  # R2.7b, c: one clock request each
            desk.request(CLOCK_KEYS[name])
            return
        getattr(self, f"_key_{name}")(session)

    def _answer(self, request: rq.Request) -> str | None:
        """Send a prompt's ``request``: ``None`` when recorded, else the refusal's words."""
        outcome = self.desk.request(request)
        return None if outcome.ok else outcome.message

    def _key_clock_pause(self, session: Session) -> None:
        """R2.7b: pause a running clock, resume a paused one."""
        paused = session.available().allows(rq.ResumeClock)
        self.desk.request(rq.ResumeClock() if paused else rq.PauseClock())

    def _key_fold(self, session: Session) -> None:
        self.desk.request(rq.Fold())

    def _key_check_call(self, session: Session) -> None:
        self.desk.request(rq.CheckOrCall())

    def _key_all_in(self, session: Session) -> None:
        self.desk.request(rq.AllIn())

    def _key_undo(self, session: Session) -> None:
        self.desk.adopt(session.undo())

    def _key_redo(self, session: Session) -> None:
        self.desk.adopt(session.redo())

    def _key_run_twice(self, session: Session) -> None:
        self.desk.request(rq.RunItTwice())

    def _key_help(self, session: Session) -> None:
        from .screens.help import HelpScreen

        self.desk.push_screen(HelpScreen(help_lines()))

    def _key_read(self, session: Session) -> None:
        """Read the pot-limit sentence aloud (R4.4: the maximum in words)."""
        breakdown = session.available().breakdown
        self._say_aloud(breakdown.sentence if breakdown is not None else "")

    def _key_pot(self, session: Session) -> None:
        # R4.6: the status line states the amount with its breakdown; the board and the
        # pots stay in view (no panel over them until the next action).
        self.desk.request(rq.RaisePot())

    def _key_bet(self, session: Session) -> None:
        avail = session.available()
        la = avail.legal
        assert la is not None  # live: someone may bet or raise
        seat = session.state.seats[la.seat]
        config = session.state.config
        assert seat is not None and config is not None
        pot_limit = config.structure is Structure.POT_LIMIT
        amounts = AmountRange(
            title=f"{seat.name} {'bets' if la.can_bet else 'raises'}",
            verb="bet" if la.can_bet else "raise to",
            minimum=la.min_raise_to,
            maximum=la.max_raise_to,
            all_in=la.all_in_to,
            prefill=la.max_raise_to if pot_limit else la.min_raise_to,
            chip=(session.state.stakes or config.stakes).chip,
            decimals=config.decimals,
        )

        def submit(amount: int) -> str | None:  # recorded on submit: one decision
            return self._answer(rq.RaiseTo(amount, confirm_all_in=True))

        def preview(amount: int) -> tuple[str, bool]:  # a dry run of the decision
            outcome = session.preview(rq.RaiseTo(amount, confirm_all_in=True))
            return outcome.message, outcome.ok

        prompt = self._amount_prompt
        if prompt is None:  # one prompt, kept installed: built once, asked again each time
            prompt = self._amount_prompt = AmountPrompt(amounts, avail.breakdown, submit, preview)
            self._install(prompt, "amount-prompt")
        else:
            prompt.ask(amounts, avail.breakdown, submit, preview)
        self.desk.push_screen(prompt)

    def _key_deal(self, session: Session) -> None:
        due = session.available().cards_due
        assert due is not None  # live: cards are due
        if due.early:  # R3.3 Courchevel

            def early(text: str) -> str | None:
                return self._answer(rq.EarlyCard(text))

            self.desk.push_screen(BoardPrompt("early flop card", 1, submit=early))
            return
        hand = session.state.hand
        assert hand is not None

        def done(text: str) -> str | None:
            return self._answer(rq.DealCards(text or None))

        if due.run > 1:  # R10.2: the next run, after the cards every run shares
            seen = (*hand.board, *(c for run in hand.run_boards for c in run))
            prompt = BoardPrompt(
                due.label,
                due.count,
                hand.board[: hand.run_from],
                required=True,
                seen=seen,
                submit=done,
            )
        elif due.boards > 1:  # R13.2: the due board's cards (or both, "| " between)
            board = hand.board if due.board == 1 else hand.board2
            seen = (*hand.board, *hand.board2)
            prompt = BoardPrompt(
                due.label, due.count, board, seen=seen, submit=done, both=due.board == 1
            )
        else:  # once the board is run twice, every card is typed (R10.2)
            prompt = BoardPrompt(
                due.label, due.count, hand.board, required=hand.runs > 1, submit=done
            )
        self.desk.push_screen(prompt)

    def _key_table_hands(self, session: Session) -> None:
        """R10.1: nobody can bet any more: type the hands still in, then see the equities."""
        from .screens.tabling import TablingScreen

        def submit(request: rq.TableHands) -> str | None:  # one decision, all or nothing
            return self._answer(request)

        self.desk.push_screen(TablingScreen(session.state, submit))

    def table_hands(self) -> None:
        """The palette's "Table the hands", and the app's offer at an all-in (R10.1)."""
        self.press("table_hands")

    def _key_showdown(self, session: Session) -> None:
        from omaha_tui.session.showdown import showdown_request

        from .screens.showdown import ShowdownScreen

        def submit(result: Any) -> str | None:  # recorded from the screen: one decision
            outcome = self.desk.request(showdown_request(result))
            if outcome.ok and result.speech:
                self._say_aloud(result.speech)
            return None if outcome.ok else outcome.message

        self.desk.push_screen(ShowdownScreen(session.state, self._speech, submit=submit))

    def _key_colour_up(self, session: Session) -> None:
        """R11.4: at a break, retire the smallest chip by a chip race."""
        from omaha_tui.session.tournament import race_request

        from .screens.colour_up import ColourUpScreen

        state = session.state

        def submit(request: rq.ColourUp) -> str | None:  # one decision: the race recorded
            return self._answer(request)

        def draw(chip: int) -> rq.ColourUp:  # the race cards, drawn from a shuffled deck
            return race_request(state, chip)

        self.desk.push_screen(ColourUpScreen(state, draw, submit, now=self._now))

    def _key_deal_split(self, session: Session) -> None:
        """R11.5: a deal among the players left, recorded when every one agrees."""
        from .screens.deal import DealScreen

        def submit(request: rq.AgreeDeal) -> str | None:
            return self._answer(request)

        self.desk.push_screen(DealScreen(session.state, submit))

    def _key_next_hand(self, session: Session) -> None:
        config = session.state.config
        if config is None or not config.variant.binglao:
            self.desk.request(rq.NextHand())
            return

        def check(text: str) -> str | None:  # R3.4: the button's die decides the game
            from omaha_tui.session.grammar import GrammarError, parse_die

            answer = text.strip().lower()
            try:
                roll = random.randint(1, 6) if answer == "r" else parse_die(answer)
            except GrammarError as e:
                return f"{e}, or r to roll"
            return self._answer(rq.NextHand(die_roll=roll))

        self.desk.push_screen(
            TextPrompt("Binglao: the button's die roll (R3.4)", "1-6, or r", "r", check)
        )


__all__ = ["TableControl"]
