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
  ["#blinds, #clock, #level, #clock-caption", 24, false],
  ["#next-box .line, #url", 14, false],
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
const POTS = ["", "compact", "compact bare", "compact bare grid narrow"];

function fitPots() {
  const box = $("pots-box");
  for (const level of POTS) {
    box.className = level;
    fit(box, 24, true);
    if (box.scrollHeight <= box.clientHeight + 1) return;
  }
}

// The felt, when the rows above it (a tournament's strip of two or three lines) leave it
// too little height for the board's big cards: the cards are drawn smaller, in steps.
const FELT = ["", "short", "short shorter"];

function fitFelt() {
  const felt = $("felt");
  for (const level of FELT) {
    felt.dataset.fit = level;
    const bottom = felt.getBoundingClientRect().bottom;
    const over = [...felt.querySelectorAll("#board .card, .run .card")]
      .some((c) => c.getBoundingClientRect().bottom > bottom + 1);
    if (!over && felt.scrollHeight <= felt.clientHeight + 1) return;
  }
}

function fitAll() {
  if (innerWidth <= 700) {  // a phone's page scrolls: its letters stay as they are
    for (const [sel] of FIT) for (const e of document.querySelectorAll(sel)) e.style.fontSize = "";
    $("pots-box").className = "";
    $("pots-box").style.fontSize = "";
    $("felt").dataset.fit = "";
    return;
  }
  for (const [sel, floor, tall] of FIT)
    for (const e of document.querySelectorAll(sel)) fit(e, floor, tall);
  fitFelt();
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

// The session's one rounding of the clock (shown_seconds): whole seconds, rounded up
// (00:01 until the time is out), as the dealer's screen and the narrator say it.
function clockText(seconds) {
  const s = Math.max(0, Math.ceil(seconds - 1e-9));
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
  const mm = String(m).padStart(2, "0"), ss = String(r).padStart(2, "0");
  return h ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

// A level's words as the session wrote them: "300/600" and "BB ante 600".
function levelText(level) {
  return level.text + (level.ante_text ? ` · ${level.ante_text}` : "");
}

function left(seconds) {
  if (seconds === null || seconds === undefined || !view || !view.clock || view.clock.ended)
    return null;
  if (view.clock.paused) return seconds;
  return seconds - (performance.now() - received) / 1000;
}

function wallText() {
  const d = new Date();
  return String(d.getHours()).padStart(2, "0") + ":" + String(d.getMinutes()).padStart(2, "0");
}

function tick() {
  if (!view) return;
  const c = view.clock;
  const level = c ? left(c.seconds_left) : null;
  $("clock").textContent = level === null ? "--:--" : clockText(level);
  $("clock-box").classList.toggle("untimed", level === null);
  // R2.7c: the last minute of a level or a break in the alert colour.
  const warn = level !== null && level > 0 && c && level <= c.warning && !c.paused;
  $("clock-box").classList.toggle("last-minute", Boolean(warn && alertsOn()));
  // R2.7: after the last level's time the blinds stay as they are.
  $("clock-caption").textContent = !c ? "" : c.ended ? "ended" : c.break ? "break ends in"
    : level === null ? "no time limit"
    : c.last ? (level > 0 ? "last level ends in" : "last level: blinds stay") : "next level in";
  const toBreak = c ? left(c.seconds_to_break) : null;
  $("next-break").textContent = toBreak === null ? "" : `break in ${clockText(toBreak)}`;
  let played = "";
  if (c && c.elapsed !== null && c.elapsed !== undefined && !c.ended) {
    const ran = c.paused || c.seconds_left === null ? 0 : (performance.now() - received) / 1000;
    played = ` · played ${clockText(c.elapsed + ran)}`;
  }
  $("wall").textContent = `${wallText()}${played}`;
}

// ------------------------------------------------------------------ alerts (R2.7c)
// A banner and a colour at a new level, a break, the last minute and a player out; a
// short tone too where the browser lets the page play one (most want a tap first: the
// sound switch is that tap). Both are on unless switched off on this screen.
let lastAlert = null;
let alertTimer = 0;
let audio = null;

function stored(key) {
  try { return localStorage.getItem(key) !== "off"; } catch (e) { return true; }
}

function store(key, on) {
  try { localStorage.setItem(key, on ? "on" : "off"); } catch (e) { /* private mode */ }
}

function alertsOn() { return stored("omaha-alerts"); }
function soundOn() { return stored("omaha-sound"); }

function drawSwitches() {
  const a = $("alerts-switch"), s = $("sound-switch");
  a.textContent = alertsOn() ? "Alerts on" : "Alerts off";
  a.setAttribute("aria-pressed", String(alertsOn()));
  const blocked = audio && audio.state !== "running";
  s.textContent = !soundOn() ? "Sound off" : blocked ? "Sound: tap to allow" : "Sound on";
  s.setAttribute("aria-pressed", String(soundOn()));
}

function sound() {
  if (!audio) {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return null;
    audio = new Ctx();
  }
  if (audio.state === "suspended") audio.resume().then(drawSwitches, drawSwitches);
  return audio;
}

// Three short rising tones (a level, a break) or one (the last minute, a player out),
// made by an oscillator: nothing is loaded.
function chime(kind) {
  if (!soundOn()) return;
  const ctx = sound();
  if (!ctx || ctx.state !== "running") { drawSwitches(); return; }
  const notes = kind === "level" || kind === "break" ? [660, 880, 1100] : [880];
  notes.forEach((hz, i) => {
    const o = ctx.createOscillator(), g = ctx.createGain();
    const t = ctx.currentTime + i * 0.22;
    o.type = "sine";
    o.frequency.value = hz;
    g.gain.setValueAtTime(0.0001, t);
    g.gain.exponentialRampToValueAtTime(0.4, t + 0.02);
    g.gain.exponentialRampToValueAtTime(0.0001, t + 0.2);
    o.connect(g).connect(ctx.destination);
    o.start(t);
    o.stop(t + 0.21);
  });
}

function showAlert(a) {
  const box = $("alert");
  box.textContent = a.text;
  box.className = a.kind;
  box.hidden = false;
  document.body.classList.add("flash", "flash-" + a.kind);
  clearTimeout(alertTimer);
  alertTimer = setTimeout(() => {
    box.hidden = true;
    document.body.classList.remove("flash", "flash-level", "flash-break", "flash-minute",
      "flash-bust");
  }, 12000);
}

// The server numbers its alerts: a page shows each new one once, and not those it finds
// already raised when it opens.
function alert(v) {
  const a = v.alert;
  const first = lastAlert === null;
  if (v.phase === "ended") $("alert").hidden = true;  // the results, not a stale banner
  const n = a ? a.n : 0;
  if (!first && n !== lastAlert && a && alertsOn() && v.phase !== "ended") {
    showAlert(a);
    chime(a.kind);
  }
  lastAlert = n;
}

function theme(colours) {
  const root = document.documentElement.style;
  for (const [k, v] of Object.entries(colours || {})) {
    if (/^[a-z-]+$/.test(k) && /^[#a-zA-Z0-9(),. %]+$/.test(v)) root.setProperty("--" + k, v);
  }
}

function drawTop(v) {
  const c = v.clock, st = v.stakes;
  // A table without a blind clock (a cash game) has no level and no countdown.
  document.body.classList.toggle("no-clock", !c);
  const live = Boolean(v.hand) && !v.complete;
  $("level").textContent = !c ? "Blinds"
    : c.ended ? `Level ${st ? st.level : c.level}`
    : c.break && !live ? `Break · then level ${c.level}`
    : !live && c.due ? `Level ${c.level} · from the next hand`
    : `Level ${st ? st.level : c.level}`;
  // R2.7: a hand is played at the level it began at: the headline is the hand's own.
  $("blinds").textContent = st ? st.text : "–";
  $("ante").textContent = st && st.ante_text ? st.ante_text : c ? "blinds" : "";
  $("paused").hidden = !(c && c.paused);
  const n = c && c.next_level;
  $("next-level").textContent = !c || c.ended ? ""
    : live && c.due ? `next: level ${c.level} · ${levelText(c)} (next hand)`
    : n ? `next: level ${n.level} · ${levelText(n)}`
    : c.last ? "last level" : "";
  const table = v.table_title && !v.table_title.startsWith(v.title) ? v.table_title : "";
  $("title").textContent = [v.title, table].filter(Boolean).join(" · ");
  $("url").textContent = v.url || "";
  $("break-next").textContent = c && c.break ? `then level ${c.level} · ${levelText(c)}` : "";
  $("break-caption").textContent = c && c.break_number ? `Break ${c.break_number}` : "Break";
}

// The same figures as a table, one row a hand and one column a pot, for when the lines
// do not fit (ten players all in for ten amounts): every pot's shares stay on the screen.
function drawGrid(pots) {
  const grid = $("equity-grid");
  grid.replaceChildren();
  if (pots.length < 2) return;
  const seats = new Map();
  for (const p of pots) for (const h of p.hands) if (!seats.has(h.seat)) seats.set(h.seat, h.name);
  const rows = [...seats].sort((a, b) => a[0] - b[0]);
  // More than five hands: two tables side by side, so the figures stay tall enough.
  const half = rows.length > 5 ? Math.ceil(rows.length / 2) : rows.length;
  for (const part of [rows.slice(0, half), rows.slice(half)]) {
    if (!part.length) continue;
    const table = el("table");
    const head = el("tr");
    head.append(el("th", "", ""));
    for (const p of pots)
      head.append(el("th", "grid-pot", p.pot.replace(/^Main pot$/i, "main").replace(/^Side pot /i, "s")));
    table.append(head);
    for (const [seat, name] of part) {
      const row = el("tr");
      const letters = [...name];
      const cell = el("th", "grid-name",
        letters.length > 8 ? letters.slice(0, 7).join("") + "…" : name);
      cell.dir = "auto";
      row.append(cell);
      for (const p of pots) {
        const h = p.hands.find((x) => x.seat === seat);
        const td = el("td", "grid-share", h ? percent(h.equity) : "");
        if (h && h.high !== null && h.high !== undefined)
          td.append(el("span", "grid-halves", `hi ${percent(h.high)} lo ${percent(h.low)}`));
        row.append(td);
      }
      table.append(row);
    }
    grid.append(table);
  }
}

function drawRace(box, race) {
  box.replaceChildren();
  if (!race || !race.length) return;
  box.append(el("div", "caption", "Chip race"));
  for (const r of race) {
    const line = el("div", "race-line" + (r.won ? " won" : ""));
    line.append(who("who", r.name), cardRow(r.cards, "small"));
    if (r.won) line.append(el("span", "won", "wins a chip"));
    box.append(line);
  }
}

function drawFelt(v) {
  // R1.5: a dead button sits on a chair nobody plays from: the page says so, not where.
  $("street").textContent = (v.hand ? `Hand #${v.hand} · ` : "") + (v.street || "")
    + (v.dead_button && v.button && v.hand && !v.complete ? " · dead button" : "");
  const board = $("board");
  board.replaceChildren();
  for (const c of v.board || []) board.append(card(c, "big"));
  const missing = Math.max(0, (v.board_size || 0) - (v.board || []).length);
  for (let i = 0; i < missing; i++) board.append(el("span", "card big back", ""));
  const runs = $("runs");
  runs.replaceChildren();
  runs.dataset.count = String((v.run_rows || []).length);
  for (const r of v.run_rows || []) {
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
  // R5.1: each pot with the bets in front gathered in, and who can win it.
  for (const p of v.pots || []) {
    const li = el("li", "pot-line");
    li.append(el("span", "pot-amount", `${p.label} ${chips(p.amount)}`));
    li.append(el("span", "eligible", p.names.join(", ")));
    pots.append(li);
  }
  // R10.3: every pot's shares, high and low apart in a split game, at any table size.
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
        share.append(el("span", "halves", `hi ${percent(h.high)} lo ${percent(h.low)}`));
      line.append(share);
    }
    eq.append(line);
  }
  drawGrid(v.equities || []);
  const won = $("winners");
  won.replaceChildren();
  if (v.last_hand) {
    won.append(el("div", "caption", `Hand #${v.last_hand.number}`));
    for (const w of v.last_hand.winners) {
      const line = el("div", "winner");
      // "wins", or "gets back" for an unmatched ante (R5.2): the document's words.
      line.append(who("who", w.name), el("span", "won", `${w.said || "wins"} ${chips(w.amount)}`));
      if (w.for) line.append(el("span", "for", w.for));
      if (w.cards.length) line.append(cardRow(w.cards, "small"));
      if (w.hand) line.append(el("span", "with", w.hand));
      won.append(line);
    }
  }
  drawRace($("race-felt"), v.phase === "play" ? v.race : null);
  drawRace($("race"), v.phase === "break" ? v.race : null);
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
    if (s.words) foot.append(el("span", "status", s.words));
    body.append(el("span", "stack", chips(s.stack)), foot);
    li.append(head, body);
    if (s.cards.length) {
      const held = el("div", "held");
      held.append(cardRow(s.cards, "small"));
      // R10.3: the hand's share of each pot it can win (one pot: its share alone).
      const mine = (v.equities || []).map((p) => [p, p.hands.find((h) => h.seat === s.seat)])
        .filter(([, h]) => h);
      if (mine.length > 3) {  // each pot's shares are on the felt's table of them
        held.append(el("span", "share expected", `≈${chips(mine[0][1].expected)}`));
      } else if (mine.length) {
        const shares = el("span", "shares" + (mine.length === 1 ? " one" : ""));
        for (const [p, h] of mine) {
          const name = mine.length > 1 ? p.pot.replace(/ pot/i, "").toLowerCase() + " " : "";
          shares.append(el("span", "share", name + percent(h.equity)));
        }
        held.append(shares);
      }
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
  $("t-leader").textContent = t.chip_leader
    ? `leader ${t.chip_leader.name} ${chips(t.chip_leader.chips)}` : "";
  $("t-chips").textContent = `chips ${chips(t.total_chips)}`;
  $("t-pool").textContent = `pool ${t.pool_text}`;
  const counts = [`${t.entries} entries`];
  if (t.rebuys || t.rebuys_open) counts.push(`${t.rebuys} rebuys` + (t.rebuys_open ? " (open)" : ""));
  if (t.add_ons || t.add_on_open) counts.push(`${t.add_ons} add-ons`);
  $("t-counts").textContent = counts.join(" · ");
  const paid = $("t-payouts");
  paid.replaceChildren();
  // R11.5: after a deal its prizes, not the table's; places paid already leave the list.
  if (t.deal_prizes.length) {
    paid.append(el("li", "payout deal", "deal:"));
    for (const p of t.deal_prizes) paid.append(el("li", "payout", `${p.name} ${p.prize}`));
    if (t.kept_text) paid.append(el("li", "payout", `${t.kept_text} to the winner`));
  } else {
    for (const p of t.prizes_left) paid.append(el("li", "payout", `${p.place} ${p.prize}`));
  }
  // R11.3: the latest players out, as they go.
  const out = $("t-ticker");
  out.replaceChildren();
  const gone = t.placed.filter((p) => p.place !== "1st").slice(0, 3);
  if (gone.length) out.append(el("li", "ticker-head", t.out_head));
  for (const p of gone)
    out.append(el("li", "ticker", `${p.place} ${p.name}` + (p.prize ? ` ${p.prize}` : "")));
  $("break-addon").hidden = !t.add_on_open;
  $("break-addon").textContent = t.add_on_open ? `Add-ons now: ${t.add_on_text}` : "";
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
  for (const p of t ? t.placed : []) {
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
  alert(v);
  drawSwitches();
  tick();
  fitAll();
  document.body.dataset.seq = String(v.seq);
  document.body.dataset.version = String(v.push);
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

$("alerts-switch").addEventListener("click", () => {
  store("omaha-alerts", !alertsOn());
  if (!alertsOn()) $("alert").hidden = true;
  drawSwitches();
  tick();
});
$("sound-switch").addEventListener("click", () => {
  // The tap itself lets the page play (browsers allow sound after a gesture).
  const on = !soundOn() || (audio && audio.state !== "running");
  store("omaha-sound", on);
  if (on) { sound(); chime("minute"); }
  drawSwitches();
});
// Any tap on the page lets the sound play from then on.
addEventListener("pointerdown", () => { if (soundOn()) sound(); drawSwitches(); }, { once: true });

setInterval(tick, 250);
addEventListener("resize", fitAll);
connect();
