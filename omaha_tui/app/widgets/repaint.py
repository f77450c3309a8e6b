"""Showing a new text in a widget without laying the whole screen out again.

Textual's ``Static.update`` lays the screen out again by default, and a layout
repaints every widget on it: most of a keypress when it happens on each one. A new
text needs a layout only when it needs other room; otherwise a repaint of the widget
shows it exactly as a layout would. Likewise a new border title needs only the
border's top row drawn again, where Textual's ``border_title`` redraws the whole box.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.content import Content
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import Static

if TYPE_CHECKING:
    from textual.css.styles import RulesMap


def needs_layout(widget: Static, content: Content) -> bool:
    """Whether ``content`` needs other room in ``widget`` than its text has now.

    It does when it takes another number of lines at the widget's width, or when the
    widget is as wide as its text (``width: auto``) and the new text is wider. A
    narrower text in a left-aligned widget leaves blank cells at its end, as a widget
    laid out again around it would show. A widget not laid out yet always needs one,
    unless it is not displayed (a hidden breakdown's sentence): it is laid out when
    it is displayed again, with the text it holds then.
    """
    if not widget.display:
        return False
    width = widget.content_size.width
    if not width:
        return True
    styles = cast("RulesMap", widget.styles)  # Textual's visuals read styles as a map
    if content.get_height(styles, width) != widget.visual.get_height(styles, width):
        return True
    if widget.styles.width is not None and widget.styles.width.is_auto:
        if widget.styles.text_align not in ("left", "start"):
            return content.cell_length != widget.visual.get_optimal_width(styles, width)
        return content.get_optimal_width(styles, width) > width
    return False


def show_text(widget: Static, content: Content) -> None:
    """Show ``content`` in ``widget``: a repaint, or a layout when it needs other room."""
    widget.update(content, layout=needs_layout(widget, content))


def show_border_title(widget: Widget, title: str | None) -> None:
    """Put ``title`` in ``widget``'s top border, drawing that one row again (the felt
    is some twenty rows: all drawn again at every street when its title is set the
    usual way). The title is read as Textual's ``border_title`` reads it. A widget not
    laid out yet, or a Textual that keeps the title elsewhere, takes it the usual way."""
    width = widget.region.width  # the whole box, borders and all
    if not width or not widget.is_mounted or not hasattr(widget, "_border_title"):
        widget.border_title = title
        return
    widget._border_title = (  # as Textual's descriptor stores it
        None if title is None else widget.render_str(title).expand_tabs(4).split()[0]
    )
    # Regions given to refresh are relative to the content: the border row is above it.
    offset = widget.content_offset
    widget.refresh(Region(-offset.x, -offset.y, width, 1))
