// The players' display: draws the room view the server pushes (server-sent events).
// It derives nothing: every figure comes from the server; only the clock counts down
// here between pushes. Text is always set as text, never as HTML.
"use strict";

const SUITS = { c: ["♣", "clubs"], d: ["♦", "diamonds"], h: ["♥", "hearts"], s: ["♠", "spades"] };
const $ = (id) => document.getElementById(id);
let view = null;
let received = 0;

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}

// A player's name: its own writing direction (an Arabic or Hebrew name reads right to
// left inside its box without turning the figures beside it round).
function who(cls, name) {
  const e = el("span", cls, name);
  e.dir = "auto";
  return e;
}

// Letters as large as the style sheet makes them, and smaller only as far as the text
// needs to fit its box whole (a 25-letter name, a stack of 10^12, blinds of 50,000,
// four winners of a board run twice), never below `floor` CSS pixels: nothing is cut
// off, and what is key stays readable across the room. `tall`: the box's height
// counts too (a box of several lines), not only its width.
function fit(e, floor, tall) {
  e.style.fontSize = "";
  const over = () => e.scrollWidth > e.clientWidth + 1
    || (tall && e.scrollHeight > e.clientHeight + 1);
  let px = parseFloat(getComputedStyle(e).fontSize);
  const least = Math.min(floor, px);
  while (over() && px > least) {
    px = Math.max(least, px * 0.92);
    e.style.fontSize = px + "px";
  }
}

const FIT = [  // in this order: a seat's letters first, then its name and stack in it
  ["#blinds, #clock, #break-clock, #level, #clock-caption", 24, false],
  ["#end-screen", 24, true],
  [".seat", 24, true],
  [".seat-name", 24, true],
  [".stack", 24, false],
];

// The pots' box, when even its smallest letters are not enough (ten players all in for
// ten amounts): first the pots run on in a row without the names of who can win each,
// then each pot's shares give way to the chips each seat expects, which its seat shows
// (and each winner's line to the name, the amount and the pot: the hands are at the seats),
// and last the board's cards are drawn smaller to give the box their room.
const POTS = ["", "compact", "compact bare", "compact bare narrow"];

function fitPots() {
  const box = $("pots-box");
  for (const level of POTS) {
    box.className = level;
    fit(box, 24, true);
    if (box.scrollHeight <= box.clientHeight + 1) return;
  }
}

function fitAll() {
  if (innerWidth <= 700) {  // a phone's page scrolls: its letters stay as they are
    for (const [sel] of FIT) for (const e of document.querySelectorAll(sel)) e.style.fontSize = "";
    $("pots-box").className = "";
    $("pots-box").style.fontSize = "";
    return;
  }
  for (const [sel, floor, tall] of FIT)
    for (const e of document.querySelectorAll(sel)) fit(e, floor, tall);
  fitPots();
}

let decimals = 0;  // the places the table counts in (a hand history's 0.25/0.50: 2)

// An amount in the table's integer units as the table counts it: 1,500 or 0.50.
function chips(n) {
  const unit = 10 ** decimals;
  const v = Math.abs(Math.round(Number(n)));
  const whole = Math.floor(v / unit), part = v % unit;
  const text = whole.toLocaleString("en-US") + (part ? "." + String(part).padStart(decimals, "0") : "");
  return (Number(n) < 0 ? "-" : "") + text;
}

function percent(share) {
  if (share > 0 && share < 0.005) return "<1%";
  return Math.round(share * 100) + "%";
}

function card(text, cls) {
  const rank = text.slice(0, -1).replace("T", "10");
  const [symbol, suit] = SUITS[text.slice(-1)] || ["?", "unknown"];
  const c = el("span", "card " + suit + (cls ? " " + cls : ""));
  c.setAttribute("aria-label", text);
  c.append(el("span", "rank", rank), el("span", "suit", symbol));
  return c;
}

function cardRow(cards, cls) {
  const row = el("span", "cards" + (cls ? " " + cls : ""));
  for (const c of cards) row.append(c ? card(c) : el("span", "card back", ""));
  return row;
}

function clockText(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
  const mm = String(m).padStart(2, "0"), ss = String(r).padStart(2, "0");
  return h ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

function blinds(level) {
  return `${chips(level.small_blind)}/${chips(level.big_blind)}`;
}

function left(seconds) {
  if (seconds === null || seconds === undefined || !view || view.clock.ended) return null;
  if (view.clock.paused) return seconds;
  return seconds - (performance.now() - received) / 1000;
}

function tick() {
  if (!view) return;
  const c = view.clock;
  const level = left(c.seconds_left);
  $("clock").textContent = level === null ? "--:--" : clockText(level);
  $("clock-box").classList.toggle("untimed", level === null);
  // R2.7: after the last level's time the blinds stay as they are.
  $("clock-caption").textContent = c.ended ? "ended" : c.on_break ? "break ends in"
    : level === null ? "no time limit"
    : c.last ? (level > 0 ? "last level ends in" : "last level: blinds stay") : "next level in";
  $("break-clock").textContent = level === null ? "--:--" : clockText(level);
  const toBreak = left(c.seconds_to_break);
  $("next-break").textContent = toBreak === null ? "" : `break in ${clockText(toBreak)}`;
}

function theme(colours) {
  const root = document.documentElement.style;
  for (const [k, v] of Object.entries(colours || {})) {
    if (/^[a-z-]+$/.test(k) && /^[#a-zA-Z0-9(),. %]+$/.test(v)) root.setProperty("--" + k, v);
  }
}

function drawTop(v) {
  const c = v.clock;
  $("level").textContent = c.on_break ? `Break · then level ${c.level}`
    : c.due ? `Level ${c.level} · from the next hand` : `Level ${c.level}`;
  $("blinds").textContent = blinds(c);
  $("ante").textContent = c.ante
    ? (c.big_blind_ante ? `big-blind ante ${chips(c.ante)}` : `ante ${chips(c.ante)}`)
    : "blinds";
  $("paused").hidden = !c.paused;
  const n = c.next;
  $("next-level").textContent = n
    ? `next: level ${n.level} · ${blinds(n)}` + (n.ante ? ` ante ${chips(n.ante)}` : "")
    : c.last ? "last level" : "";
  const game = v.game && !v.game.startsWith(v.title) ? v.game : "";
  $("title").textContent = [v.title, game].filter(Boolean).join(" · ");
  $("url").textContent = v.url || "";
  $("break-next").textContent = c.on_break
    ? `then level ${c.level} · ${blinds(c)}` + (c.ante ? ` ante ${chips(c.ante)}` : "") : "";
}

function drawFelt(v) {
  $("street").textContent = (v.hand ? `Hand #${v.hand} · ` : "") + (v.street || "")
    + (v.dead_button && v.button ? ` · dead button on seat ${v.button}` : "");
  const board = $("board");
  board.replaceChildren();
  for (const c of v.board || []) board.append(card(c, "big"));
  const missing = Math.max(0, (v.board_size || 0) - (v.board || []).length);
  for (let i = 0; i < missing; i++) board.append(el("span", "card big back", ""));
  const runs = $("runs");
  runs.replaceChildren();
  runs.dataset.count = String((v.runs || []).length);
  for (const r of v.runs || []) {
    const line = el("div", "run");
    line.append(el("span", "run-label", r.label || `Run ${r.run}`), cardRow(r.cards));
    runs.append(line);
  }
  // The dealer's last line (a bet, a misdeal), unless the winners below say it.
  $("said").textContent = v.last_hand ? "" : v.said || "";
  $("break-said").textContent = v.said || "";  // a colour-up at the break (R11.4)
  $("pot").textContent = v.pot_total ? `Pot ${chips(v.pot_total)}` : "";
  const pots = $("pots");
  pots.replaceChildren();
  for (const p of v.pots || []) {
    const li = el("li", "pot-line");
    li.append(el("span", "pot-amount", `${p.label} ${chips(p.amount)}`));
    li.append(el("span", "eligible", p.eligible.join(", ")));
    pots.append(li);
  }
  if (v.in_front) pots.append(el("li", "pot-line in-front", `bets in front ${chips(v.in_front)}`));
  const eq = $("equities");
  eq.replaceChildren();
  for (const pot of v.equities || []) {
    const line = el("div", "equity");
    line.append(el("span", "equity-pot", `${pot.pot} ${chips(pot.amount)}` +
      (pot.board ? ` · board ${pot.board}` : pot.run > 1 ? ` · run ${pot.run}` : "")));
    for (const h of pot.hands) {
      const share = el("span", "equity-hand");
      share.append(who("who", h.name), el("span", "share", percent(h.equity)));
      if (h.high !== null && h.high !== undefined)
        share.append(el("span", "halves", `H${percent(h.high)} L${percent(h.low)}`));
      line.append(share);
    }
    eq.append(line);
  }
  const won = $("winners");
  won.replaceChildren();
  if (v.last_hand) {
    won.append(el("div", "caption", `Hand #${v.last_hand.number}`));
    for (const w of v.last_hand.winners) {
      const line = el("div", "winner");
      line.append(who("who", w.name), el("span", "won", `wins ${chips(w.amount)}`));
      if (w.for) line.append(el("span", "for", w.for));
      if (w.cards.length) line.append(cardRow(w.cards, "small"));
      if (w.hand) line.append(el("span", "with", w.hand));
      won.append(line);
    }
  }
}

function drawSeats(v) {
  const seats = $("seats");
  seats.replaceChildren();
  for (const s of v.seats || []) {
    const li = el("li", "seat");
    li.classList.toggle("to-act", s.to_act);
    li.classList.toggle("folded", s.folded);
    li.classList.toggle("all-in", s.all_in);
    li.classList.toggle("away", s.away);
    const head = el("div", "seat-head");
    head.append(who("seat-name", s.name));
    if (s.markers.length) head.append(el("span", "markers", s.markers.join(" ")));
    const body = el("div", "seat-body");
    const foot = el("span", "seat-foot");
    if (s.bet) foot.append(el("span", "bet", `bet ${chips(s.bet)}`));
    if (s.status) foot.append(el("span", "status", s.status));
    body.append(el("span", "stack", chips(s.stack)), foot);
    li.append(head, body);
    if (s.cards.length) {
      const held = el("div", "held");
      held.append(cardRow(s.cards, "small"));
      // R10.3: one pot's share; in several pots the chips the hand can expect in all
      // (each pot's shares are on the felt, pot by pot).
      const mine = (v.equities || []).map((p) => p.hands.find((h) => h.seat === s.seat))
        .filter(Boolean);
      if (mine.length === 1) held.append(el("span", "share", percent(mine[0].equity)));
      if (mine.length > 1) held.append(el("span", "share expected", `≈${chips(mine[0].expected)}`));
      li.append(held);
    }
    seats.append(li);
  }
  const t = v.turn;
  $("turn").textContent = t ? `▶ ${t.name} to act` : "";
}

// A figure the server sent: a number of chips, or money already written out ("2.50").
function figure(x) {
  return typeof x === "string" ? x : chips(x);
}

function drawTournament(v) {
  const t = v.tournament;
  $("tournament").hidden = !t;
  document.body.classList.toggle("tournament", Boolean(t));
  if (!t) return;
  $("t-left").textContent = `${t.players_left} of ${t.entries} left`;
  $("t-average").textContent = `average ${chips(t.average)}`;
  $("t-pool").textContent = `${t.entries} entries · pool ${t.pool}`;
  const paid = $("t-payouts");
  paid.replaceChildren();
  for (const p of t.payouts) paid.append(el("li", "payout", `${p.place} ${p.prize}`));
}

function drawEnd(v) {
  const r = v.results;
  const body = $("results").tBodies[0];
  body.replaceChildren();
  const places = $("places");
  places.replaceChildren();
  if (!r) return;
  const t = v.tournament;
  $("end-caption").textContent = t ? "The tournament is over" : "The session has ended";
  for (const p of t ? t.places : []) {
    const li = el("li", "place");
    li.append(el("span", "place-no", p.place), who("who", p.name));
    if (p.prize) li.append(el("span", "won", p.prize));
    places.append(li);
  }
  const head = $("results").tHead.rows[0];
  if (r.columns) head.replaceChildren(...r.columns.map((c) => el("th", "", c)));
  for (const line of r.lines) {
    const tr = el("tr");
    const net = typeof line.net === "string" ? line.net
      : (line.net > 0 ? "+" : "") + chips(line.net);
    const name = el("td", "", line.name);
    name.dir = "auto";
    // R12.1: a cash game whose chips have a value states each figure in money as well.
    const cell = (cls, text, money) => {
      const td = el("td", cls, text);
      if (money) td.append(el("span", "money", ` = ${money}`));
      return td;
    };
    const m = line.money || {};
    tr.append(name, cell("num", figure(line.paid_in), m.paid_in),
      cell("num", figure(line.cashed_out), m.cashed_out), cell("num net", net, m.net));
    body.append(tr);
  }
  const transfers = $("transfers");
  transfers.replaceChildren();
  const said = r.settlement || [];
  said.forEach((line, i) => {
    const cls = i === 0 ? "settle-head" : / pays /.test(line) ? "transfer" : "settle-note";
    transfers.append(el("li", cls, line));
  });
  if (!said.length) {
    for (const t of r.transfers)
      transfers.append(el("li", "transfer", `${t.payer} pays ${t.payee} ${figure(t.amount)}`));
    if (!r.transfers.length) transfers.append(el("li", "transfer", "nobody owes anybody"));
  }
  $("balance").textContent = r.balance;
}

function draw(v) {
  view = v;
  decimals = v.decimals || 0;
  received = performance.now();
  theme(v.theme);
  document.body.dataset.phase = v.phase;
  drawTop(v);
  drawFelt(v);
  drawSeats(v);
  drawTournament(v);
  drawEnd(v);
  notify(v.notice);
  tick();
  fitAll();
  document.body.dataset.seq = String(v.seq);
  document.body.dataset.version = String(v.version);
}

const LOST = "lost the display's server (stopped, or the network is down): this is the "
  + "table as last seen; trying again";

// The notice the page shows over the table: the server's (the journal gone, the dealer's
// app not recording), or its own when the server cannot be reached.
function notify(text) {
  const notice = $("notice");
  notice.hidden = !text;
  notice.textContent = text || "";
}

function connect() {
  const source = new EventSource("/events");
  source.onmessage = (e) => {
    document.body.classList.remove("offline");
    draw(JSON.parse(e.data));
  };
  source.onerror = () => {
    document.body.classList.add("offline");
    notify(LOST);
    // The browser tries again by itself (every second, the server's `retry`) unless the
    // answer was not a stream at all (a server starting up, its viewer limit): then here.
    if (source.readyState === EventSource.CLOSED) setTimeout(connect, 2000);
  };
}

setInterval(tick, 250);
addEventListener("resize", fitAll);
connect();
