"""What a browser test asks of every moment the players' page shows, at any size.

:data:`LAYOUT` is one JavaScript expression whose value is the list of what is wrong
with the page as laid out now (empty when nothing is): the page wider than the screen,
boxes that overlap, text cut off (an ellipsis, a box that clips it, or below the
bottom of a TV's screen, which never scrolls), and key figures (the blinds, the clock,
the pot, the stacks, the break's clock) in letters smaller than :data:`TV_KEY_PX` on a
TV. A test evaluates it for each moment it reaches.
"""

from __future__ import annotations

TV_KEY_PX = 24
"""The smallest letters, in CSS pixels at 1920x1080, of a figure the room reads from
across it: the blinds, the clock, the pot, each stack, the names."""

LAYOUT = """
(() => {
  const TV_KEY_PX = @TV_KEY_PX@;
  const tv = innerWidth > 700;
  const bad = [];
  const shown = (e) => { const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== "hidden"; };
  const name = (e) => (e.id ? "#" + e.id : "." + String(e.className).split(" ")[0])
    + " '" + e.textContent.trim().slice(0, 24) + "'";
  const room = document.querySelector("#room");
  if (document.documentElement.scrollWidth > innerWidth + 1)
    bad.push("the page is wider than the screen: " + document.documentElement.scrollWidth);
  // Boxes side by side must not overlap.
  const sel = "#top > section, #tournament, .t-item, #top .line, #top .huge, #top .caption,"
    + " #street, #board > .card, #runs .card, #pot, .pot-line, .equity-hand, .winner, #turn,"
    + " .seat, .seat > *, .seat-body > *, .held > *, .place, #results, #transfers li,"
    + " #break-screen > *";
  const boxes = [...document.querySelectorAll(sel)].filter(shown);
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const a = boxes[i], b = boxes[j];
    if (a.contains(b) || b.contains(a)) continue;
    const r = a.getBoundingClientRect(), s = b.getBoundingClientRect();
    const w = Math.min(r.right, s.right) - Math.max(r.left, s.left);
    const h = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
    if (w > 1 && h > 1) bad.push(name(a) + " overlaps " + name(b));
  }
  // Every piece of text is whole: inside each box that clips it, inside a TV's screen.
  const texts = [...room.querySelectorAll("*")].filter((e) => shown(e)
    && [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()));
  for (const e of texts) {
    const r = e.getBoundingClientRect();
    if (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== "visible")
      bad.push(name(e) + " is cut (" + e.scrollWidth + " px in " + e.clientWidth + ")");
    if (tv && r.bottom > innerHeight + 1) bad.push(name(e) + " is below the screen");
    for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
      const cs = getComputedStyle(p);
      if (cs.overflowX === "visible" && cs.overflowY === "visible") continue;
      const q = p.getBoundingClientRect();
      if (r.bottom > q.bottom + 1 || r.right > q.right + 1 || r.top < q.top - 1
          || r.left < q.left - 1) { bad.push(name(e) + " is clipped by " + name(p)); break; }
    }
  }
  if (tv) {
    const key = "#blinds, #clock, #pot, .stack, .seat-name, #break-clock, .pot-amount,"
      + " .equity-hand .share, .won";
    for (const e of [...document.querySelectorAll(key)].filter(shown)) {
      const px = parseFloat(getComputedStyle(e).fontSize);
      if (px < TV_KEY_PX) bad.push(name(e) + " is in " + px.toFixed(1) + " px letters");
    }
  }
  return bad;
})()
""".replace("@TV_KEY_PX@", str(TV_KEY_PX))
