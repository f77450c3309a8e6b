"""The setup screen's level editor (R2.7): the blind schedule as rows to add, remove
and edit, filled from a template (a fast, a standard or a deep home game) or generated
from the starting stack, the players and the hours wanted.

Each row is one level (``5/10/1:20``, ``5/10/bb10:20`` for a big-blind ante) or one
break (``break:10``) in the ``--levels`` form; :meth:`LevelEditor.schedule` reads them,
naming the first bad row. It records nothing: the setup screen hands the schedule on.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, Select, Static

from omaha_tui.engine.rules.clock.plans import PACES, generate, item_text
from omaha_tui.engine.rules.clock.schedule import BlindSchedule, Break, Item, Level
from omaha_tui.session.grammar import LEVEL_FORM
from omaha_tui.session.grammar import parse_level_item as parse_item

PLANS: tuple[tuple[str, str], ...] = (
    ("No blind clock", "none"),
    ("Fast home game (10 min levels)", "fast"),
    ("Standard home game (20 min levels)", "standard"),
    ("Deep home game (30 min levels)", "deep"),
)


class LevelRow(Horizontal):
    """One level or break: its label, its text, and a remove button."""

    def __init__(self, text: str) -> None:
        super().__init__(classes="level-row")
        self.text = text

    def compose(self) -> ComposeResult:
        yield Label("", classes="level-name")
        yield Input(self.text, max_length=40, compact=True, classes="level-item")
        yield Button("Remove", compact=True, classes="level-remove")

    @property
    def value(self) -> str:
        """The row's text (as given, until its field is mounted)."""
        fields = self.query(Input)
        return fields.first().value if fields else self.text


class LevelEditor(Vertical):
    """The blind schedule, row by row; empty means no blind clock."""

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002 - Textual's name
        super().__init__(id=id)
        self.default_stack = 200
        self.default_players = 2
        self._rows: list[LevelRow] = []  # in order; removed rows leave at once

    def compose(self) -> ComposeResult:
        with Horizontal(classes="options"):
            yield Select(PLANS, value="none", allow_blank=False, compact=True, id="plan")
            yield Label("stack")
            yield Input("", restrict=r"\d*", compact=True, id="plan-stack", classes="short")
            yield Label("players")
            yield Input("", restrict=r"\d*", compact=True, id="plan-players", classes="short")
            yield Label("hours")
            yield Input("4", restrict=r"[\d.]*", compact=True, id="plan-hours", classes="short")
            yield Button("Generate", compact=True, id="plan-generate")
        yield Vertical(id="level-rows")
        with Horizontal(classes="options"):
            yield Button("Add level", compact=True, id="level-add")
            yield Button("Add break", compact=True, id="break-add")
        yield Static(f"Each row: {LEVEL_FORM}", id="level-hint", classes="hint", markup=False)

    def on_mount(self) -> None:
        self.set_default_stack(self.default_stack)
        self.set_default_players(self.default_players)

    def set_default_stack(self, stack: int) -> None:
        """The starting stack a template uses when the stack field is empty."""
        self.default_stack = stack
        if self.is_mounted:
            self.query_one("#plan-stack", Input).placeholder = str(stack)

    def set_default_players(self, players: int) -> None:
        """The number of players a template uses when the players field is empty (the
        setup screen gives the players seated, at least 2)."""
        self.default_players = max(2, players)
        if self.is_mounted:
            self.query_one("#plan-players", Input).placeholder = str(self.default_players)

    # ------------------------------------------------------------------ reading

    def rows(self) -> list[str]:
        """The rows' texts in order."""
        return [row.value for row in self._rows]

    def schedule(self, chip: int = 1) -> BlindSchedule | None:
        """The schedule the rows describe (``None`` when there are none); raises
        ``ValueError`` naming the first bad row."""
        items: list[Item] = []
        for i, text in enumerate(self.rows(), start=1):
            try:
                items.append(parse_item(text.strip(), chip))
            except ValueError as e:
                raise ValueError(f"Blind clock row {i}: {e}") from None
        if not items:
            return None
        if not any(isinstance(item, Level) for item in items):
            raise ValueError("Blind clock: add a level, not only breaks")
        return BlindSchedule(items=tuple(items), chip=chip)

    # ------------------------------------------------------------------ changing

    def set_rows(self, texts: list[str]) -> None:
        """Replace every row."""
        box = self.query_one("#level-rows", Vertical)
        box.remove_children()
        self._rows = [LevelRow(t) for t in texts]
        box.mount_all(self._rows)
        self.call_after_refresh(self._number)

    def add_row(self, text: str) -> None:
        row = LevelRow(text)
        self._rows.append(row)
        self.query_one("#level-rows", Vertical).mount(row)
        self.call_after_refresh(self._number)

    def _number(self) -> None:
        level = pause = 0
        for row in self._rows:
            labels = row.query(".level-name")
            if not labels:
                continue
            is_break = row.value.strip().lower().startswith("break")
            level, pause = (level, pause + 1) if is_break else (level + 1, pause)
            name = f"Break {pause}" if is_break else f"Level {level}"
            labels.first(Label).update(name)

    def _number_field(self, widget_id: str, default: float) -> float:
        text = self.query_one(f"#{widget_id}", Input).value.strip()
        try:
            return float(text) if text else default
        except ValueError:
            return default

    def generate(self, pace: str) -> None:
        """Fill the rows from ``pace`` and the stack, players and hours fields."""
        if pace not in PACES:
            self.set_rows([])
            return
        stack = int(self._number_field("plan-stack", self.default_stack))
        players = int(self._number_field("plan-players", self.default_players))
        hours = self._number_field("plan-hours", 4)
        try:
            plan = generate(stack, players, hours, pace)
        except ValueError as e:
            self.query_one("#level-hint", Static).update(str(e))
            return
        self.query_one("#level-hint", Static).update(f"Each row: {LEVEL_FORM}")
        self.set_rows([item_text(item) for item in plan.items])

    @on(Select.Changed, "#plan")
    def _plan(self, event: Select.Changed) -> None:
        event.stop()  # the setup form's own selects refresh on theirs
        self.generate(str(event.value))

    @on(Button.Pressed, "#plan-generate")
    def _generate(self) -> None:
        select = self.query_one("#plan", Select)
        if str(select.value) in PACES:
            self.generate(str(select.value))
        else:
            select.value = "standard"  # its change generates the rows

    @on(Button.Pressed, "#level-add")
    def _add_level(self) -> None:
        """A level after the last one, its blinds doubled (edit it as you like)."""
        last = None
        for text in reversed(self.rows()):
            try:
                item = parse_item(text.strip())
            except ValueError:
                continue
            if isinstance(item, Level):
                last = item
                break
        if last is None:
            self.add_row("1/2:20")
            return
        bb = last.big_blind * 2
        ante = last.ante * 2
        nxt = last.model_copy(update={"small_blind": bb // 2, "big_blind": bb, "ante": ante})
        self.add_row(item_text(nxt))

    @on(Button.Pressed, "#break-add")
    def _add_break(self) -> None:
        self.add_row(item_text(Break(seconds=600)))

    @on(Button.Pressed, ".level-remove")
    def _remove(self, event: Button.Pressed) -> None:
        row = event.button.parent
        if isinstance(row, LevelRow) and row in self._rows:
            self._rows.remove(row)
            row.remove()
            self.call_after_refresh(self._number)

    @on(Input.Changed, ".level-item")
    def _edited(self) -> None:
        self._number()
