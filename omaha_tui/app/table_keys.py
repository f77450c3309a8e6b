"""The table screen's one-key actions, each turned into the request it stands for.

A mixin of :class:`~omaha_tui.app.app.OmahaApp`: a key arrives as
:class:`~omaha_tui.app.messages.ActionRequested` and becomes a session request, or a
prompt (amount, board cards, tabled hands, the showdown, the Binglao die) whose answer
does. Which keys are live is :func:`live_actions`, from the engine's ``available()``.
The app's request path (``request``, ``report``, ``say_aloud``) is the app's own.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from textual import on

from omaha_tui.engine.config import Structure
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.decide import to_act
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.state import TableState
from omaha_tui.session import Outcome, Session

from .messages import ActionRequested, TableAction
from .preferences import Preferences
from .screens.table import TableScreen
from .widgets.amount_prompt import AmountPrompt, AmountRange, TextPrompt
from .widgets.board import BoardPrompt

KEY_REQUESTS: dict[TableAction, tuple[type, ...]] = {
    TableAction.FOLD: (rq.Fold,),
    TableAction.CHECK_CALL: (rq.CheckOrCall,),
    TableAction.BET: (rq.Bet,),
    TableAction.POT: (rq.RaisePot,),
    TableAction.ALL_IN: (rq.AllIn,),
    TableAction.DEAL: (rq.DealCards, rq.EarlyCard),
    TableAction.NEXT_HAND: (rq.NextHand,),
}


def live_actions(session: Session) -> frozenset[TableAction]:
    """The table keys the rules allow now (``engine.available``), for ``check_action``."""
    avail = session.available()
    live = {key for key, kinds in KEY_REQUESTS.items() if any(avail.allows(k) for k in kinds)}
    hand = session.state.hand
    betting_done = hand is not None and not hand.complete and hand.to_act is None
    if betting_done and hand is not None and not hand.early_card_pending:
        live.add(TableAction.SHOWDOWN)  # R8 / R10.1: hands may be tabled
        untabled = any(s not in dict(hand.shown) for s in hand.live)
        if untabled and avail.allows(rq.TableHands) and avail.cards_due is not None:
            live.add(TableAction.TABLE_HANDS)  # R10.1: all in, cards to come
    if avail.allows(rq.RunItTwice):
        live.add(TableAction.RUN_TWICE)  # R10.2
    if session.can_undo:
        live.add(TableAction.UNDO)
    if session.can_redo:
        live.add(TableAction.REDO)
    return frozenset(live)


def nobody_to_act(state: TableState) -> str:
    """Why no player can act now, in the engine's words."""
    try:
        to_act(state)
    except RuleError as e:
        return str(e)
    return "nobody can bet or raise now"


class TableKeys(Preferences):
    """Keys to requests (a base class of the app)."""

    session: Session | None
    table: TableScreen

    if TYPE_CHECKING:  # the app's request path

        def request(self, req: rq.Request) -> Outcome: ...

        def _adopt(self, outcome: Outcome) -> Outcome: ...

        def report(self, outcome: Outcome) -> Outcome: ...

        def say_aloud(self, text: str) -> None: ...

    @on(ActionRequested)
    def _action(self, message: ActionRequested) -> None:
        session = self.session
        if session is None:
            self.say("No table is open yet.", refused=True)
            return
        match message.action:
            case TableAction.FOLD:
                self.request(rq.Fold())
            case TableAction.CHECK_CALL:
                self.request(rq.CheckOrCall())
            case TableAction.ALL_IN:
                self.request(rq.AllIn())
            case TableAction.UNDO:
                self._adopt(session.undo())
            case TableAction.REDO:
                self._adopt(session.redo())
            case TableAction.NEXT_HAND:
                self._next_hand(session)
            case TableAction.POT:
                self._pot(session)
            case TableAction.BET:
                self._bet(session)
            case TableAction.DEAL:
                self._deal(session)
            case TableAction.SHOWDOWN:
                self._showdown(session)
            case TableAction.TABLE_HANDS:
                self.table_hands()
            case TableAction.RUN_TWICE:
                self.request(rq.RunItTwice())

    def _pot(self, session: Session) -> None:
        breakdown = session.available().breakdown
        outcome = self.request(rq.RaisePot())
        if outcome.ok and breakdown is not None:
            self.table.show_breakdown(breakdown, outcome.message)

    def _bet(self, session: Session) -> None:
        avail = session.available()
        la = avail.legal
        if la is None or not la.can_bet_or_raise:
            why = la.describe_range() if la is not None else nobody_to_act(session.state)
            self.report(Outcome(False, why, refused=True))
            return
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
        )

        def submit(amount: int) -> str | None:  # recorded on submit: one decision
            outcome = self.request(rq.RaiseTo(amount, confirm_all_in=True))
            return None if outcome.ok else outcome.message

        self.push_screen(AmountPrompt(amounts, avail.breakdown, submit))

    def _deal(self, session: Session) -> None:
        due = session.available().cards_due
        if due is None:
            self.request(rq.DealCards())  # the session says why not
            return
        if due.early:  # R3.3 Courchevel

            def early(text: str | None) -> None:
                if text is not None:
                    self.request(rq.EarlyCard(text))

            self.push_screen(BoardPrompt("early flop card", 1), early)
            return
        hand = session.state.hand
        assert hand is not None

        def done(text: str | None) -> None:
            if text is not None:
                self.request(rq.DealCards(text))

        if due.run > 1:  # R10.2: the next run, after the cards every run shares
            seen = (*hand.board, *(c for run in hand.run_boards for c in run))
            prompt = BoardPrompt(
                due.label, due.count, hand.board[: hand.run_from], required=True, seen=seen
            )
        else:  # once the board is run twice, every card is typed (R10.2)
            prompt = BoardPrompt(due.label, due.count, hand.board, required=hand.runs > 1)
        self.push_screen(prompt, done)

    def table_hands(self) -> None:
        """R10.1: nobody can bet any more: type the hands still in, then see the equities."""
        from .screens.tabling import TablingScreen

        session = self.session
        hand = session.state.hand if session is not None else None
        if session is None or hand is None or not session.available().allows(rq.TableHands):
            why = "hands are tabled when nobody can bet any more (R10.1)"
            self.report(Outcome(False, why, refused=True))
            return
        if all(s in dict(hand.shown) for s in hand.live):
            self.report(Outcome(False, "every hand still in is tabled already", refused=True))
            return

        def submit(request: rq.TableHands) -> str | None:  # one decision, all or nothing
            outcome = self.request(request)
            return None if outcome.ok else outcome.message

        self.push_screen(TablingScreen(session.state, submit))

    def _showdown(self, session: Session) -> None:
        from .screens.showdown import ShowdownScreen
        from .screens.showdown_view import showdown_request

        state = session.state
        if TableAction.SHOWDOWN not in live_actions(session):
            hand = state.hand
            reason = (
                "no hand is running: nothing to show down"
                if hand is None or hand.complete
                else "the betting is not over: " + (session.available().why_not_next or "")
            )
            self.report(Outcome(False, reason, refused=True))
            return

        def submit(result: Any) -> str | None:  # recorded from the screen: one decision
            outcome = self.request(showdown_request(result))
            if outcome.ok and result.speech:
                self.say_aloud(result.speech)
            return None if outcome.ok else outcome.message

        self.push_screen(ShowdownScreen(state, self.speech, submit=submit))

    def _next_hand(self, session: Session) -> None:
        config = session.state.config
        if config is None or not config.variant.binglao:
            self.request(rq.NextHand())
            return

        def check(text: str) -> str | None:  # R3.4: the button's die decides the game
            answer = text.strip().lower()
            if answer not in ("r", "1", "2", "3", "4", "5", "6"):
                return f'"{text}" is not a die roll: type 1 to 6, or r to roll'
            roll = random.randint(1, 6) if answer == "r" else int(answer)
            outcome = self.request(rq.NextHand(die_roll=roll))
            return None if outcome.ok else outcome.message

        self.push_screen(
            TextPrompt("Binglao: the button's die roll (R3.4)", "1-6, or r", "r", check)
        )

    def action_help(self) -> None:
        from .screens.help import HelpScreen

        self.push_screen(HelpScreen())
