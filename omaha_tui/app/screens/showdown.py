"""The showdown screen: enter the tabled hands, read them, award the pots.

Given the table state at showdown it lists the players in showdown order (R8.1),
takes each tabled hand with fast card entry (flagged as typed, naming the card), lets
a player muck (R8.2), and shows per pot the high and low winners with the two hole and
three board cards highlighted, why the others lost, splits and odd chips (R7, R8.3).
A board the table tracked as a count only can be typed here: it is recorded first and
the pots are then settled by the cards. When cards are not entered the dealer awards
each pot by hand instead. The result can be read aloud (never blocking: a thread
worker runs the speech backend).

The screen dismisses with a :class:`~omaha_tui.session.showdown.ShowdownResult` (or ``None`` when
cancelled). Given ``submit`` (the app's way to the session), the award is recorded
from here and a refusal keeps the screen open with the rule's reason.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.widgets import Checkbox, Footer, Input, Label, SelectionList, Static

from omaha_tui.app.prompts.card_input import CardInput
from omaha_tui.app.prompts.typed_prompt import TypeAhead
from omaha_tui.app.speech import SilentBackend, SpeechBackend, speak_in_background
from omaha_tui.app.widgets.cards import cards_markup
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.decide import decide
from omaha_tui.engine.decisions.outcomes import Refusal
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.hands.cards import format_cards
from omaha_tui.engine.hands.showdown_words import awarded_by_hand
from omaha_tui.engine.labels import ante_back, player_name, pot_label
from omaha_tui.engine.rules.awards import board_parts, run_board, run_parts
from omaha_tui.engine.rules.pots import hand_pots, showdown_order, unmatched_pot
from omaha_tui.engine.state import HandState, TableState
from omaha_tui.engine.units import amount_text
from omaha_tui.session.showdown import (
    PotResult,
    ShowdownResult,
    pot_results,
    pot_speech,
    showdown_request,
    with_entries,
)
from omaha_tui.session.view import shown as safe


def pot_markup(pot: PotResult, board: tuple[int, ...], decimals: int = 0) -> str:
    """One pot as markup: winners with their 2 + 3 cards highlighted, losers, notes;
    amounts as the table counts them (``decimals``)."""

    def m(chips: int) -> str:
        return amount_text(chips, decimals)

    lines = [f"[b]{pot.label} {m(pot.amount)}[/b] · {safe(pot.who)}"]
    for half, readings in pot.halves:
        label = half.capitalize()
        for r in readings:
            if r.description == "uncontested":
                lines.append(f"  {label}: [b]{safe(r.name)}[/b] +{m(r.won)} (uncontested)")
                continue
            hole = cards_markup(r.cards, r.hole_used)
            used = cards_markup(board, r.board_used)
            lines.append(
                f"  {label}: [b]{safe(r.name)}[/b] +{m(r.won)}  {safe(r.description)}"
                f"\n      hand {hole}   board {used}"
            )
    lines += [f"  [dim]{safe(why)}[/dim]" for why in pot.losers]
    lines += [f"  [i]{safe(note)}[/i]" for note in pot.notes]
    return "\n".join(lines)


class ShowdownScreen(TypeAhead[ShowdownResult | None]):
    """Tabled hands in, readings and awards out."""

    CSS_PATH = "showdown.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "award", "Award pots"),
        Binding("ctrl+r", "read_aloud", "Read aloud"),
        Binding("ctrl+b", "by_hand", "Award by hand"),
        Binding("ctrl+o", "muck", "Muck this hand", show=False),
        Binding("escape", "cancel", "Cancel"),
    ]

    def __init__(
        self,
        state: TableState,
        speech: Callable[[], SpeechBackend | None] | None = None,
        submit: Callable[[ShowdownResult], str | None] | None = None,
    ) -> None:
        """``speech``: the backend for "read aloud" as it is when asked (the dealer may
        turn speech on or off meanwhile); without one, or when it gives none, captions.

        ``submit`` records a result and returns the refusal's reason (``None`` when it
        was recorded). The result carries its sentences (``ShowdownResult.speech``); the
        App says them once the awards are recorded, so a refused award is never announced.
        """
        super().__init__()
        if state.hand is None:
            raise RuleError("no hand is running: nothing to show down")
        self._state = state
        self._decimals = state.config.decimals if state.config is not None else 0
        self._hand: HandState = state.hand
        self._speech = speech
        self._submit = submit
        self._order = showdown_order(state)
        self._board_known = len(self._hand.board) == 5 and (
            self._hand.boards == 1 or len(self._hand.board2) == 5  # R13.2: both boards
        )
        self._parts = board_parts(self._hand)  # R10.2 runs, R13.2 boards
        self._pots: tuple[PotResult, ...] = ()
        self._by_hand = False

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        hand, state = self._hand, self._state
        order = ", ".join(player_name(state, s) for s in self._order)
        title = state.config.title_at(hand.stakes) if state.config else hand.variant.name
        with VerticalScroll(id="showdown"):
            yield Static(f"Showdown · hand {hand.number} · {safe(title)}", id="sd-title")
            yield Static(f"Showing order (R8.1): {safe(order)}", id="sd-order", classes="hint")
            with Grid(id="sd-hands"):
                word = "Board" if hand.boards > 1 else "Run"
                yield Label("Board" if self._parts == 1 else f"{word} 1")
                if self._board_known:
                    yield Static(cards_markup(hand.board), id="board-cards")
                    for run in range(2, self._parts + 1):  # R10.2, R13.2: every board
                        yield Static()
                        yield Label(f"{word} {run}")
                        dealt = hand.boards > 1 or len(hand.run_boards) >= run - 1
                        yield Static(
                            cards_markup(run_board(hand, run))
                            if dealt
                            else "[i]not dealt yet: press d at the table (R10.2)[/i]",
                            id=f"run-{run}-cards",
                            classes="run-cards",
                        )
                else:
                    # R13.2: a double board's untracked boards, board 1's cards first.
                    double = hand.boards > 1
                    known = (*hand.board, *hand.board2) if double else hand.board
                    yield CardInput(
                        format_cards(known),
                        counts=(10,) if double else (5,),
                        place="boards" if double else "board",
                        others=self._others,
                        id="board",
                    )
                yield Static()
                shown = dict(hand.shown)
                for seat in self._order:
                    name = player_name(state, seat)
                    yield Label(safe(name), classes="who")
                    field = CardInput(
                        format_cards(shown.get(seat, ())),
                        counts=(hand.variant.hole_cards,),
                        place=name,
                        others=self._others,
                        placeholder=(
                            "mucked (R8.2)"
                            if seat in hand.mucked
                            else f"{hand.variant.hole_cards} cards, e.g. AhKd7c2s"
                        ),
                        id=f"hand-{seat}",
                        classes="hole",
                    )
                    field.disabled = seat in shown or seat in hand.mucked
                    yield field
                    muck = Checkbox("muck", seat in hand.mucked, id=f"muck-{seat}")
                    muck.disabled = seat in shown or seat in hand.mucked
                    muck.can_focus = False  # one Tab per hand; ctrl+o mucks the hand in focus
                    yield muck
            yield Static(id="readout")
            with Vertical(id="by-hand"):
                yield Static("Award by hand: tick each pot's winners", classes="section")
                back = unmatched_pot(hand)  # R5.2: an unmatched ante is no side pot
                for run in range(1, self._parts + 1):  # R10.2, R13.2: each part apart
                    suffix = "" if run == 1 else f"-r{run}"
                    for i, pot in enumerate(hand_pots(hand)):
                        label = pot_label(i, back).capitalize()
                        if self._parts > 1:
                            label = f"{word} {run} · {pot_label(i, back)}"
                        amount = run_parts(pot.amount, self._parts, hand.stakes.chip)[run - 1]
                        choices = [(player_name(state, s), s) for s in pot.eligible]
                        half = " (high half)" if hand.variant.hilo else ""
                        shown_amount = amount_text(amount, self._decimals)
                        yield Label(f"{label} {shown_amount}{half}")
                        yield SelectionList[int](*choices, id=f"win-{i}{suffix}", classes="winners")
                        if hand.variant.hilo:
                            yield Label(f"{label} low half (leave empty: no low)")
                            yield SelectionList[int](
                                *choices, id=f"low-{i}{suffix}", classes="winners"
                            )
            yield Static(id="sd-error")
        yield Footer()

    def on_mount(self) -> None:
        # The first field open to typing has the focus from the start (TypeAhead), so
        # the cards typed while the screen opened are already in their fields.
        self.query_one("#by-hand").display = False
        self._refresh()

    # ------------------------------------------------------------------ reading the form

    def _field_cards(self) -> dict[str, tuple[int, ...]]:
        out: dict[str, tuple[int, ...]] = {}
        if not self._board_known:
            out["board"] = self.query_one("#board", CardInput).own_cards
        else:
            out["board"] = self._hand.board
        for seat in self._order:
            field = self.query_one(f"#hand-{seat}", CardInput)
            out[player_name(self._state, seat)] = field.own_cards
        return out

    def _others(self) -> dict[str, tuple[int, ...]]:
        """Cards in every field, for duplicate checks across the board and hands."""
        try:
            return self._field_cards()
        except NoMatches:  # asked while the fields are still being mounted
            return {}

    def _entries(self) -> tuple[dict[int, tuple[int, ...]], list[int], tuple[int, ...]]:
        """Newly shown hands, new mucks and a board entered here, from the fields."""
        hand = self._hand
        shown: dict[int, tuple[int, ...]] = {}
        mucked: list[int] = []
        for seat in self._order:
            if seat in dict(hand.shown) or seat in hand.mucked:
                continue
            if self.query_one(f"#muck-{seat}", Checkbox).value:
                mucked.append(seat)
                continue
            check = self.query_one(f"#hand-{seat}", CardInput).check
            if check.complete:
                shown[seat] = check.cards
        board: tuple[int, ...] = ()
        if not self._board_known:
            check = self.query_one("#board", CardInput).check
            board = check.cards if check.complete else ()
        return shown, mucked, board

    # ------------------------------------------------------------------ live readout

    def _refresh(self) -> None:
        for field in self.query(CardInput):
            field.refresh_status()
        readout = self.query_one("#readout", Static)
        self._pots = ()
        try:
            shown, mucked, board = self._entries()
            sim = with_entries(self._state, shown, mucked, board)
            self._pots = pot_results(sim)
        except RuleError as exc:
            readout.update(f"[i]{safe(str(exc))}[/i]")
            return
        readout.update("\n".join(pot_markup(p, p.board, self._decimals) for p in self._pots))

    @on(CardInput.Changed)
    def _cards_changed(self) -> None:
        self._refresh()

    @on(CardInput.Submitted)
    def _next_hand(self) -> None:
        """Enter moves to the next field: type a hand, Enter, type the next."""
        self.focus_next(CardInput)

    def enter(self, field: Input) -> None:
        """Enter typed in a field: the next field has the focus before the next key."""
        self.focus_next(CardInput)

    def action_muck(self) -> None:
        """Tick or untick the muck box of the hand whose field has the focus (R8.2)."""
        focused = self.focused
        if not isinstance(focused, CardInput) or not (focused.id or "").startswith("hand-"):
            return
        box = self.query_one(f"#muck-{(focused.id or '').removeprefix('hand-')}", Checkbox)
        if not box.disabled:
            box.value = not box.value

    @on(Checkbox.Changed)
    def _muck_changed(self, event: Checkbox.Changed) -> None:
        seat = int((event.checkbox.id or "muck-0").removeprefix("muck-"))
        field = self.query_one(f"#hand-{seat}", CardInput)
        field.disabled = event.value
        holes = self._hand.variant.hole_cards
        field.placeholder = "mucked (R8.2)" if event.value else f"{holes} cards, e.g. AhKd7c2s"
        self._refresh()

    # ------------------------------------------------------------------ actions

    def action_by_hand(self) -> None:
        """Switch between awarding by the cards and naming winners by hand."""
        self._by_hand = not self._by_hand
        self.query_one("#by-hand").display = self._by_hand
        if self._by_hand:
            self.query_one("#win-0", SelectionList).focus()

    def _backend(self) -> SpeechBackend:
        return (self._speech() if self._speech is not None else None) or SilentBackend()

    def action_read_aloud(self) -> None:
        """Say the current result (or the reason it cannot be read yet)."""
        text = pot_speech(self._pots) if self._pots else str(self.query_one("#readout").render())
        speak_in_background(self.app, self._backend(), text)

    def _result(self) -> ShowdownResult:
        for field in self.query(CardInput):
            error = field.check.error
            if error is not None and not field.disabled:
                raise RuleError(error)
        shown, mucked, board = self._entries()
        new_shown = tuple((s, shown[s]) for s in self._order if s in shown)
        speech = pot_speech(self._pots)
        if self._by_hand:
            runs = [self._named(run) for run in range(1, self._parts + 1)]
            (winners, lows), *later = runs
            said = " ".join(
                self._said(w, i, run)
                for run, (won, _) in enumerate(runs, 1)
                for i, w in enumerate(won)
                if w
            )
            return ShowdownResult(
                new_shown,
                tuple(mucked),
                board,
                winners,
                lows,
                said,
                tuple(rq.RunWinners(w, lo) for w, lo in later),
            )
        if not self._pots:
            raise RuleError(str(self.query_one("#readout").render()))
        # A board typed here is recorded first (BoardRecorded), then settled by the cards.
        return ShowdownResult(new_shown, tuple(mucked), board, speech=speech)

    def _named(
        self, run: int
    ) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...] | None]:
        """The winners ticked for each pot (and each low half) on ``run``."""
        suffix = "" if run == 1 else f"-r{run}"
        count = len(hand_pots(self._hand))
        winners = tuple(
            tuple(self.query_one(f"#win-{i}{suffix}", SelectionList).selected) for i in range(count)
        )
        lows = None
        if self._hand.variant.hilo:
            lows = tuple(
                tuple(self.query_one(f"#low-{i}{suffix}", SelectionList).selected)
                for i in range(count)
            )
        return winners, lows

    def _said(self, winners: tuple[int, ...], pot: int, run: int) -> str:
        names = [player_name(self._state, s) for s in winners]
        if pot == unmatched_pot(self._hand) and len(names) == 1:
            return f"The {ante_back(names[0])}."  # R5.2: not won, given back
        what = "the main pot" if pot == 0 else pot_label(pot)
        return awarded_by_hand(names, what, run, self._parts, self._hand.boards)

    def action_award(self) -> None:
        """Record the result (one decision), or show why the rules refuse it."""
        error = self.query_one("#sd-error", Static)
        try:
            result = self._result()
        except RuleError as exc:
            error.update(safe(str(exc)))
            return
        if self._submit is not None:
            reason = self._submit(result)
        else:  # no session behind the screen: the engine's verdict only
            verdict = decide(self._state, showdown_request(result))
            reason = verdict.reason if isinstance(verdict, Refusal) else None
        if reason:
            error.update(safe(reason))
            return
        self.dismiss(result)

    def action_cancel(self) -> None:
        self.dismiss(None)
