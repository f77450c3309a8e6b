"""Restyling widgets that go back and forth between a few looks, without matching the
stylesheet again each time.

A seat is to act, folded, in the hand, then back to none of these at every hand's end;
a footer key is live or dimmed. Textual matches every rule of the stylesheet against
a widget whose classes changed (a millisecond or more for a seat, on a loaded machine;
a footer key matches its two parts too), although the widget had that same look a
moment ago. A :class:`Restyler` remembers, for each widget, the rules each look
resolved to, and gives them back when the look returns.

A look is the classes and pseudo-classes (hover, focus, first child, dark, ...) of the
widget and of each of its ancestors: everything a selector can test (of the
pseudo-classes, those some selector of the stylesheet tests). A new stylesheet
(another theme, another CSS file) forgets every look. Handing the remembered rules
back does what Textual's own ``replace_rules`` does when widgets share a look within
one update, for the rules whose value changes only; the first time a look is seen,
Textual's stylesheet matches it as usual.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeAlias, cast
from weakref import WeakKeyDictionary

from textual.color import Color

if TYPE_CHECKING:
    from textual.css.styles import RenderStyles, RulesMap
    from textual.dom import DOMNode

Look = tuple[tuple[frozenset[str], frozenset[str]], ...]


def look_of(
    node: DOMNode,
    known: dict[DOMNode, tuple[frozenset[str], frozenset[str]]] | None = None,
    tested: frozenset[str] | None = None,
) -> Look:
    """What the stylesheet's selectors can see of ``node``: the classes and
    pseudo-classes of it and of every ancestor. ``known``: each node's part already
    read in this pass (seats share most of their ancestors). ``tested``: the
    pseudo-classes some selector of the stylesheet tests, the only ones that can
    make two looks differ (all of them when not given)."""
    known = {} if known is None else known
    parts = []
    for a in node.ancestors_with_self:
        part = known.get(a)
        if part is None:
            if tested is None:
                pseudo = frozenset(a.get_pseudo_classes())
            else:
                pseudo = frozenset(name for name in tested if a.has_pseudo_class(name))
            part = known[a] = (frozenset(a.classes), pseudo)
        parts.append(part)
    return tuple(parts)


FLAGS = ("_has_hover_style", "_has_focus_within", "_has_order_style", "_has_odd_or_even")
"""What Textual's stylesheet notes on a node beside its rules, when it matches it: which
pseudo-classes its rules test (whether hovering or a focus change restyles it)."""

Remembered: TypeAlias = "tuple[RulesMap, dict[str, RenderStyles], tuple[bool, ...]]"
"""A look's rules, its component styles and its :data:`FLAGS`."""


class Restyler:
    """Applies the stylesheet to widgets, remembering the rules of each look per widget."""

    def __init__(self) -> None:
        self._rules_seen: object = None
        self._tested: frozenset[str] = frozenset()  # the pseudo-classes selectors test
        self._memo: WeakKeyDictionary[DOMNode, dict[Look, Remembered]]
        self._memo = WeakKeyDictionary()

    def __call__(self, nodes: Sequence[DOMNode]) -> None:
        """Restyle ``nodes`` (whose classes changed), as ``update_nodes`` would."""
        if not nodes:
            return
        sheet = nodes[0].app.stylesheet
        rules = sheet.rules
        if rules is not self._rules_seen:  # another stylesheet: every look matched anew
            self._rules_seen = rules
            self._memo = WeakKeyDictionary()
            self._tested = frozenset().union(*(rule.pseudo_classes for rule in rules))
        unseen: list[tuple[DOMNode, Look]] = []
        parts: dict[DOMNode, tuple[frozenset[str], frozenset[str]]] = {}
        for node in nodes:
            look = look_of(node, parts, self._tested)
            known = self._memo.get(node, {}).get(look)
            if known is None:
                unseen.append((node, look))
                continue
            node_rules, components, flags = known
            _replace_rules(node, node_rules)
            for flag, value in zip(FLAGS, flags, strict=True):
                setattr(node, flag, value)
            if node._component_styles != components:
                node._component_styles.clear()
                node._component_styles.update(components)
                node.refresh()
        if not unseen:
            return
        sheet.update_nodes([node for node, _ in unseen], animate=False)
        for node, look in unseen:
            remembered = self._memo.setdefault(node, {})
            remembered[look] = (
                cast("RulesMap", dict(node.styles.base._rules)),
                dict(node._component_styles),
                tuple(bool(getattr(node, flag, False)) for flag in FLAGS),
            )


def _replace_rules(node: DOMNode, rules: RulesMap) -> None:
    """Textual's ``replace_rules`` without animation, setting only the rules whose value
    changes: setting a rule to the value it has already does nothing, but passes
    through its property's checks, some forty of them for each seat restyled. A border
    edge that changes colour or line but stays an edge (a seat's four, at each new
    look) asks for one repaint of the box between them, as each of them would."""
    base = node.styles.base
    current = base._rules
    repaint = False
    for key in current.keys() | rules.keys():
        value = rules.get(key)
        was = current.get(key)
        if was == value:
            continue
        if key in EDGES and _edge(was) and _edge(value):
            base.set_rule(key, value)  # what the edge's property sets, then a repaint
            repaint = True
        else:
            setattr(base, key, value)
    if repaint and node._is_mounted:  # as the property would (Styles.refresh)
        node.refresh()
    node.notify_style_update()


EDGES = frozenset(("border_top", "border_right", "border_bottom", "border_left"))


def _edge(value: object) -> bool:
    """A drawn border edge as the stylesheet stores it: its line and its colour."""
    return (
        isinstance(value, tuple)
        and len(value) == 2
        and isinstance(value[0], str)
        and value[0] not in ("", "none", "hidden")
        and isinstance(value[1], Color)
    )
