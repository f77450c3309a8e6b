"""What each table key does: the request it stands for, or the prompt whose answer does.

:class:`TableControl` is held by the app (composition, not a base class): a key
arrives from the table screen by name (:mod:`.keys`), and is acted on at once, in the
order keys were typed. A key that opens a prompt (amount, board cards, tabled hands,
the showdown, the Binglao die) opens it before the next key is handled, and what is
typed meanwhile goes into it (:class:`~.prompts.amount_prompt.TypedPrompt`). A key
that is not live records nothing and says why, in the engine's words: the refusal
of a dry run of ``decide`` for the key's request.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from omaha_tui.engine.config import Structure
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.clock_requests import CLOCK_REQUESTS
from omaha_tui.engine.decisions.decide import decide
from omaha_tui.engine.decisions.outcomes import Refusal
from omaha_tui.session import Session
from omaha_tui.session.outcome import refusal_words

from .keys import BY_NAME, CLOCK_KEYS, TableKey, help_lines, live_keys
from .prompts.amount_prompt import AmountPrompt, AmountRange, TextPrompt
from .widgets.board import BoardPrompt

if TYPE_CHECKING:
    from .app import OmahaApp


class TableControl:
    """The table keys of one app: liveness, the why-not line, and each key's action."""

    def __init__(self, app: OmahaApp) -> None:
        self.app = app
        self._live: tuple[object, int, frozenset[str]] | None = None
        self._amount_prompt: AmountPrompt | None = None

    # ------------------------------------------------------------------ liveness

    def live(self) -> frozenset[str]:
        """The keys live now, computed once per state of the session."""
        session = self.app.session
        if session is None:
            return frozenset()
        marker = (session.state, session.can_redo)
        if self._live is not None and self._live[:2] == marker:
            return self._live[2]
        live = live_keys(session.available(), can_undo=session.can_undo, can_redo=marker[1])
        self._live = (session.state, session.can_redo, live)
        return live

    def why_not(self, key: TableKey, session: Session) -> str:
        """Why ``key`` does nothing now, as one status line (``deal: Dee (seat 4) to act``)."""
        avail = session.available()
        state = session.state
        reason = ""
        if key.name == "undo":
            reason = session.undo_limit()
        elif key.name == "redo":
            reason = "nothing to redo"
        elif key.name == "read":
            reason = "no pot-limit amount to read: nobody is to act in pot limit"
        elif key.name == "bet" and avail.legal is not None:
            reason = avail.legal.describe_range()
        elif key.probe is not None:
            probe = key.probe
            if isinstance(probe, CLOCK_REQUESTS):  # the clock reads the time it is given
                probe = replace(probe, at=self.app.wall_now())
            out = decide(state, probe)
            if isinstance(out, Refusal):
                reason = refusal_words(out.reason, probe, avail)
        if key.name == "table_hands" and avail.allows(rq.Show):
            reason = "every hand still in is tabled already"
        if key.name == "table_hands" and not reason:
            reason = "hands are tabled when everyone is all in with cards to come (R10.1)"
        return f"{key.label.lower()}: {reason or 'not now'}"

    # ------------------------------------------------------------------ a key

    def press(self, name: str) -> None:
        """Act on the key ``name`` now (the table screen calls this as the key arrives)."""
        app = self.app
        session = app.session
        if session is None:
            app.say("No table is open yet.", refused=True)
            return
        key = BY_NAME[name]
        if name not in self.live():
            app.bell()
            app.say(self.why_not(key, session), refused=True)
            if key.prompt:
                app.quiet_typing()  # what was typed for the prompt is not for the table
            return
        if name in CLOCK_KEYS:  # R2.7b, c: one clock request each
            self.app.request(CLOCK_KEYS[name])
            return
        getattr(self, f"_key_{name}")(session)

    def _key_clock_pause(self, session: Session) -> None:
        """R2.7b: pause a running clock, resume a paused one."""
        paused = session.available().allows(rq.ResumeClock)
        self.app.request(rq.ResumeClock() if paused else rq.PauseClock())

    def _key_fold(self, session: Session) -> None:
        self.app.request(rq.Fold())

    def _key_check_call(self, session: Session) -> None:
        self.app.request(rq.CheckOrCall())

    def _key_all_in(self, session: Session) -> None:
        self.app.request(rq.AllIn())

    def _key_undo(self, session: Session) -> None:
        self.app.adopt(session.undo())

    def _key_redo(self, session: Session) -> None:
        self.app.adopt(session.redo())

    def _key_run_twice(self, session: Session) -> None:
        self.app.request(rq.RunItTwice())

    def _key_help(self, session: Session) -> None:
        from .screens.help import HelpScreen

        self.app.push_screen(HelpScreen(help_lines()))

    def _key_read(self, session: Session) -> None:
        """Read the pot-limit sentence aloud (R4.4: the maximum in words)."""
        breakdown = session.available().breakdown
        self.app.say_aloud(breakdown.sentence if breakdown is not None else "")

    def _key_pot(self, session: Session) -> None:
        # R4.6: the status line states the amount with its breakdown; the board and the
        # pots stay in view (no panel over them until the next action).
        self.app.request(rq.RaisePot())

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
            outcome = self.app.request(rq.RaiseTo(amount, confirm_all_in=True))
            return None if outcome.ok else outcome.message

        def preview(amount: int) -> tuple[str, bool]:  # a dry run of the decision
            outcome = session.preview(rq.RaiseTo(amount, confirm_all_in=True))
            return outcome.message, outcome.ok

        prompt = self._amount_prompt
        if prompt is None:  # one prompt, kept installed: built once, asked again each time
            prompt = self._amount_prompt = AmountPrompt(amounts, avail.breakdown, submit, preview)
            self.app.install_screen(prompt, "amount-prompt")
        else:
            prompt.ask(amounts, avail.breakdown, submit, preview)
        self.app.push_screen(prompt)

    def _key_deal(self, session: Session) -> None:
        due = session.available().cards_due
        assert due is not None  # live: cards are due
        if due.early:  # R3.3 Courchevel

            def early(text: str) -> str | None:
                outcome = self.app.request(rq.EarlyCard(text))
                return None if outcome.ok else outcome.message

            self.app.push_screen(BoardPrompt("early flop card", 1, submit=early))
            return
        hand = session.state.hand
        assert hand is not None

        def done(text: str) -> str | None:
            outcome = self.app.request(rq.DealCards(text or None))
            return None if outcome.ok else outcome.message

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
        self.app.push_screen(prompt)

    def _key_table_hands(self, session: Session) -> None:
        """R10.1: nobody can bet any more: type the hands still in, then see the equities."""
        from .screens.tabling import TablingScreen

        def submit(request: rq.TableHands) -> str | None:  # one decision, all or nothing
            outcome = self.app.request(request)
            return None if outcome.ok else outcome.message

        self.app.push_screen(TablingScreen(session.state, submit))

    def table_hands(self) -> None:
        """The palette's "Table the hands", and the app's offer at an all-in (R10.1)."""
        self.press("table_hands")

    def _key_showdown(self, session: Session) -> None:
        from omaha_tui.session.showdown import showdown_request

        from .screens.showdown import ShowdownScreen

        def submit(result: Any) -> str | None:  # recorded from the screen: one decision
            outcome = self.app.request(showdown_request(result))
            if outcome.ok and result.speech:
                self.app.say_aloud(result.speech)
            return None if outcome.ok else outcome.message

        self.app.push_screen(ShowdownScreen(session.state, self.app.speech, submit=submit))

    def _key_colour_up(self, session: Session) -> None:
        """R11.4: at a break, retire the smallest chip by a chip race."""
        from omaha_tui.session.tournament import race_request

        from .screens.colour_up import ColourUpScreen

        state = session.state

        def submit(request: rq.ColourUp) -> str | None:  # one decision: the race recorded
            outcome = self.app.request(request)
            return None if outcome.ok else outcome.message

        def draw(chip: int) -> rq.ColourUp:  # the race cards, drawn from a shuffled deck
            return race_request(state, chip)

        self.app.push_screen(ColourUpScreen(state, draw, submit, now=self.app.wall_now))

    def _key_deal_split(self, session: Session) -> None:
        """R11.5: a deal among the players left, recorded when every one agrees."""
        from .screens.deal import DealScreen

        def submit(request: rq.AgreeDeal) -> str | None:
            outcome = self.app.request(request)
            return None if outcome.ok else outcome.message

        self.app.push_screen(DealScreen(session.state, submit))

    def _key_next_hand(self, session: Session) -> None:
        config = session.state.config
        if config is None or not config.variant.binglao:
            self.app.request(rq.NextHand())
            return

        def check(text: str) -> str | None:  # R3.4: the button's die decides the game
            from omaha_tui.session.grammar import GrammarError, parse_die

            answer = text.strip().lower()
            try:
                roll = random.randint(1, 6) if answer == "r" else parse_die(answer)
            except GrammarError as e:
                return f"{e}, or r to roll"
            outcome = self.app.request(rq.NextHand(die_roll=roll))
            return None if outcome.ok else outcome.message

        self.app.push_screen(
            TextPrompt("Binglao: the button's die roll (R3.4)", "1-6, or r", "r", check)
        )


__all__ = ["TableControl"]
