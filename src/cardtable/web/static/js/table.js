// The table page: one WebSocket, the seat's observation, and the game's own renderer.
//
// The page knows only what the server's `state` messages say: the observation of
// this seat (with `legal`, the moves it may make now), public events, seats, clock,
// match. Each game module (games/<id>.js) draws the board from the observation and
// maps every legal move text to a source (what you tap first: a card) and a target
// (where it goes: a pile, a lane, a seat). Only legal moves are ever offered.
import { DATA, LANG, t, tn, tc, hasLabel, labelOf, cardName, cardShort, listOf, rankLetter } from "./i18n.js";
import { cardEl, emptyEl, sortLadder } from "./cards.js";
import { el } from "./dom.js";
import { computerName, currentSignals, signalLine } from "./board.js";
import { play, setSounds, soundsOn } from "./sounds.js";
import { reasonText } from "./reasons.js";

const tableId = DATA.table;
const gameId = DATA.game;
const game = await import(`./games/${gameId}.js`);
let learning = null;           // a guided first game: its game id (the browser that began it)
try { learning = localStorage.getItem(`ct-learn-of-${tableId}`); } catch (e) { /* private mode */ }
const guide = learning ? await import("./learn.js") : null;
if (guide) guide.whenRead(() => scheduleAuto());

const $ = (id) => document.getElementById(id);
const els = {
  page: $("table-page"), seats: $("seats"), match: $("match"), clock: $("clock"), status: $("status"),
  panel: $("panel"), board: $("board"), actions: $("actions"), log: $("log"), live: $("live"), toast: $("toast"),
  why: $("why"), logBox: $("log-box"),
};
const params = new URLSearchParams(location.search);

// --- state -------------------------------------------------------------------------
let ws = null;
let msg = null;               // the last state message
let seen = 0;                 // events of this game we have
let gameNo = null;
let selected = null;          // key of the selected source
let choices = null;           // several moves for one source and target: pick one
let confirming = null;        // a move that loses the game at once, waiting for a second yes
let pending = false;          // a move is on its way
let autoTimer = null;
let clockTimer = null;
let retry = 0;
let signalsNow = new Map();   // "seat|pile" -> kind: the signals the rules engine holds now
let firstMessage = true;
let blitzStart = null;
let pressed = false;          // a pointer button is down on the table
let held = false;             // a state message waits for its release to be drawn

function seatName(seat) {
  if (seat === null || seat === undefined) return "";
  const info = msg && msg.seats[seat];
  if (!info) return t("Seat {n}", { n: seat + 1 });
  let name = info.name;
  const plain = /^Player (\d+)$/.exec(name);     // the server's default names, in the page language
  if (plain) name = t("Player {n}", { n: plain[1] });
  const computer = info.kind === "computer" && /^Computer \(([\w-]+)\)$/.exec(name);  // named by its level
  if (computer) name = computerName(gameId, computer[1], name);
  if (msg.seats.filter((s) => s.name === info.name).length > 1 && !plain) name += ` ${seat + 1}`;
  return name;
}

/** What every game module gets: the observation and helpers. */
const ctx = {
  t, tn, tc, labelOf, hasLabel, LANG, cardEl, emptyEl, cardName, cardShort, listOf, rankLetter, sortLadder, el,
  get msg() { return msg; },
  get obs() { return msg ? msg.observation : null; },
  get seat() { return msg ? msg.seat : null; },
  get view() { return msg && msg.seat !== null ? msg.seat : 0; },   // spectators watch from seat 0
  get legal() { return msg && msg.status === "playing" ? (msg.observation.legal || []) : []; },
  get signals() { return msg && msg.signals ? msg.signals : []; },
  get signalsNow() { return signalsNow; },
  name: seatName,
  isMe: (seat) => msg && msg.seat !== null && seat === msg.seat,
  send: tryMove,
  signal: sendSignal,
  facts: DATA.facts,
};

// --- connection ----------------------------------------------------------------------
function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const query = gameNo !== null ? `?seen=${seen}&game_no=${gameNo}` : "";
  ws = new WebSocket(`${proto}//${location.host}/api/tables/${tableId}/ws${query}`);
  ws.addEventListener("open", () => { retry = 0; });
  ws.addEventListener("message", (e) => {
    let data;
    try { data = JSON.parse(e.data); } catch (err) { return; }
    if (data.type === "state") onState(data);
    else if (data.type === "error") onError(data);
    else if (data.type === "why") onWhy(data);
  });
  ws.addEventListener("close", (e) => {
    if (e.code === 4404 || e.code === 4403) { setStatus(t("There is no such table.")); return; }
    setStatus(t("Connection lost, reconnecting…"));
    pending = false;
    // back off, at most 10 s, each wait drawn from its upper half: after a server process
    // restarts, its players' pages connect again spread out rather than all at once
    const wait = Math.min(10000, 250 * 2 ** retry);
    retry = Math.min(retry + 1, 6);
    setTimeout(connect, wait * (0.5 + Math.random() / 2));
  });
}

function sendRaw(obj) {
  if (ws && ws.readyState === WebSocket.OPEN) { ws.send(JSON.stringify(obj)); return true; }
  return false;
}

/** A move the player chose: one that loses the game at once (the observation's `losing`)
 *  is sent only after the page has said what will happen, and why, and asked again. */
function tryMove(text) {
  if (pending || !msg) return;
  if (losingWhy(text)) { confirming = text; selected = null; choices = null; wire(); return; }
  sendMove(text);
}

function losingWhy(text) {
  const losing = msg && msg.status === "playing" && msg.observation.losing;
  return (losing && losing[text]) || null;
}

function sendMove(text) {
  if (pending || !msg) return;
  clearTimeout(autoTimer);
  if (sendRaw({ type: "move", move: text, version: msg.version })) {
    pending = true;
    selected = null;
    choices = null;
    confirming = null;
    els.page.classList.add("busy");
    wire();
  }
}

function sendSignal(text) {
  sendRaw({ type: "signal", signal: text });
  const [kind, pile] = text.split(" ");
  const where = game.pileName ? game.pileName(pile, ctx) : pile;
  const sent = `${labelOf("signal." + kind)} (${where})`;
  toast(kind === "clear" ? t("Signal taken back ({pile})", { pile: where }) : t("Signal sent: {signal}", { signal: sent }));
}

// --- messages ------------------------------------------------------------------------
function onState(data) {
  const newGame = gameNo !== null && data.game_no !== gameNo;
  if (newGame) { signalsNow = new Map(); selected = null; blitzStart = null; }
  const events = data.events || [];
  gameNo = data.game_no;
  seen = data.seen;
  const previous = msg;
  msg = data;
  // our move is answered by a new version (or an error); a state of the same version (a
  // partner's signal) must not end the wait, or a second tap would send a second move
  if (!previous || previous.version !== data.version || previous.game_no !== data.game_no) {
    pending = false;
    els.page.classList.remove("busy");
  }
  if (choices && previous && previous.version !== data.version) choices = null;
  if (confirming && previous && previous.version !== data.version) confirming = null;
  if (!previous || previous.version !== data.version || newGame) hideWhy();
  signalsNow = currentSignals(data.game, data.observation);
  logEvents(events, firstMessage);
  if (!firstMessage) sound(previous, events);
  const animations = firstMessage ? [] : events;
  firstMessage = false;
  if (pressed) held = true;
  else show(animations);
}

/** The sound of a change (when sounds are on): the end of the game as won or lost, your
 *  turn coming, else any move. */
function sound(previous, events) {
  if (!previous) return;
  const newGame = previous.game_no !== msg.game_no;
  if (msg.status === "finished" && (previous.status !== "finished" || newGame)) {
    const verdict = msg.seat !== null && game.verdict ? game.verdict(ctx) : null;
    play(verdict === "win" || verdict === "loss" ? verdict : "move");
    return;
  }
  if (msg.status !== "playing") return;
  const hadTurn = !newGame && previous.status === "playing" && (previous.observation.legal || []).length > 0;
  if (msg.seat !== null && ctx.legal.length > 0 && !hadTurn) play("turn");
  else if (events.some((e) => e.kind === "move")) play("move");
}

/** Draw the last state message. */
function show(events) {
  render();
  // plain facts for tests and assistive tools: never more than the page shows
  els.page.dataset.version = String(msg.version);
  els.page.dataset.gameNo = String(msg.game_no);
  els.page.dataset.status = msg.status;
  els.page.dataset.legal = String(ctx.legal.length);
  if (game.animations) animate(game.animations(events, ctx));
  if (guide) guide.update(msg, learning);
  scheduleAuto();
}

// A click is a press and a release on the same element: a board drawn anew in between
// (the other seat moved: in Blitz at any moment) would lose it. So while a button is
// down on the table, the new state waits, and is drawn once this press's click is done.
els.page.addEventListener("pointerdown", (event) => { pressed = event.button === 0; });
for (const kind of ["pointerup", "pointercancel", "blur"]) {
  window.addEventListener(kind, () => {
    pressed = false;
    if (held) setTimeout(() => { if (held && !pressed) { held = false; show([]); } });
  });
}

function onError(data) {
  pending = false;
  els.page.classList.remove("busy");
  const key = data.code === "illegal" || data.code === "stale" || data.code === "duplicate"
    ? "table.refused" : "table.error";
  toast(labelOf(key, { message: refusalText(data) }), true);
  if (data.code === "stale" || data.code === "duplicate") sendRaw({ type: "sync" });
  wire();
}

/** The reason in the page's words: its sentence for the rule, filled with the names it
 *  shows (reasons.js); else the server's own sentence. */
function refusalText(data) {
  return reasonText(data, ctx, game, gameId) || (LANG === "en" ? readable(data.message) : data.message);
}

/** The engine's sentence as the page writes it: a capital first letter, cards as "7♥". */
function readable(message) {
  const text = message.replace(/(?<![\w-])(10|[2-9AJQK])([DHSC])(?![\w-])/g, (card) => cardShort(card));
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// --- why not? ----------------------------------------------------------------------------
// A tap on a card, pile or target that no legal move uses asks the server why (the `why`
// message: the rules judge the moves the game module names for it, and play nothing); the
// answer shows under the actions until the table changes.
let whyAsked = null;

/** What the server is asked about a tap: `src` alone (a card), or `src` onto `dst`. */
function explain(src, dst) {
  const moves = src && game.whyMoves ? game.whyMoves(src, dst, ctx).slice(0, 16) : [];
  if (!moves.length) { showWhy([t("Choose one of your cards first, then where it goes.")]); return; }
  whyAsked = moves;
  sendRaw({ type: "why", moves });
}

function onWhy(data) {
  if (!whyAsked || data.answers.map((a) => a.move).join("\n") !== whyAsked.join("\n")) return;
  whyAsked = null;
  const reasons = [];
  for (const answer of data.answers) {
    const text = answer.legal ? null : refusalText(answer);
    if (text && !reasons.includes(text)) reasons.push(text);
  }
  if (reasons.length) showWhy(reasons);
}

function showWhy(reasons) {
  const body = reasons.length === 1 ? el("p", { text: reasons[0] })
    : el("ul", {}, ...reasons.slice(0, 4).map((r) => el("li", { text: r })));
  els.why.replaceChildren(el("strong", { text: t("Not possible:") }), body);
  els.why.hidden = false;
}

els.why.addEventListener("click", () => hideWhy());

function hideWhy() {
  whyAsked = null;
  els.why.hidden = true;
  els.why.replaceChildren();
}

function toast(text, bad = false) {
  els.toast.textContent = text;
  els.toast.hidden = false;
  els.toast.classList.toggle("bad", bad);
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { els.toast.hidden = true; }, bad ? 6000 : 2500);
}

// --- the log -------------------------------------------------------------------------
function logEvents(events, quiet) {
  const spoken = [];
  for (const ev of events) {
    let text = null;
    if (ev.kind === "game-start") text = t("Game {n} begins.", { n: ev.game_no });
    else if (ev.kind === "signal") text = signalLine(game, ev, ctx);
    else if (ev.kind === "move") text = null;
    else text = game.describe(ev, ctx);
    if (!text) continue;
    const li = el("li", { text });
    if (ev.kind === "game-start" || ev.kind === "game-over") li.classList.add("sys");
    if (ctx.isMe(ev.seat)) li.classList.add("mine");
    els.log.prepend(li);
    if (!ctx.isMe(ev.seat)) spoken.push(text);
  }
  while (els.log.children.length > 300) els.log.lastChild.remove();
  if (!quiet && spoken.length) {
    els.live.textContent = spoken.slice(-3).join(". ");
  }
}

// --- rendering -----------------------------------------------------------------------
function render() {
  const finishedBefore = els.page.dataset.status === "finished";
  renderSeats();
  renderMatch();
  renderClock();
  els.board.replaceChildren();
  game.render(ctx, els.board);
  renderPanel();
  wire();
  keepFocus(!finishedBefore && msg.status === "finished");
}

// --- keyboard focus ----------------------------------------------------------------------
// The board is drawn anew for every change, and a played card leaves it: a keyboard player's
// focus would fall back to the page and the next Tab start at the header. While the focus
// is on the table, it goes back to the same card or place, else to the next useful one.
let focusOnTable = false;
let focusKey = null;
document.addEventListener("focusin", (event) => {
  focusOnTable = els.page.contains(event.target) && !els.log.contains(event.target);
  if (focusOnTable) focusKey = keyOf(event.target);
});

function keepFocus(justFinished) {
  const active = document.activeElement;
  if (!focusOnTable || (active && active !== document.body && els.page.contains(active))) return;
  const by = (key) => key && (els.board.querySelector(`[data-src="${CSS.escape(key)}"][tabindex="0"], [data-dst="${CSS.escape(key)}"][tabindex="0"]`)
    || els.actions.querySelector(`[data-move="${CSS.escape(key)}"]`));
  const result = justFinished ? els.panel.querySelector("#result") : null;
  const next = result || by(focusKey) || els.board.querySelector(".target, .playable")
    || els.actions.querySelector("button") || els.panel.querySelector("#result, button, input")
    || els.board.querySelector('[tabindex="0"]') || els.board;
  next.focus({ preventScroll: true });
  focusOnTable = true;
}

function keyOf(node) {
  const target = node.closest && node.closest("[data-src], [data-dst], [data-move]");
  if (!target) return null;
  return target.dataset.src || target.dataset.dst || target.dataset.move;
}

function renderSeats() {
  const acting = game.toAct ? game.toAct(ctx) : null;   // a game whose observation does not say
  const toAct = new Set(msg.observation.to_act || (acting === null ? [] : [acting]));
  els.seats.replaceChildren(...msg.seats.map((s) => {
    const chip = el("span", { class: "seat-chip" });
    if (toAct.has(s.seat) && msg.status === "playing") chip.classList.add("to-act");
    if (game.teamOf) chip.classList.add(`team-${game.teamOf(s.seat, ctx)}`);
    const bits = [];
    if (s.kind === "computer") bits.push(t("computer"));
    if (s.substitute) bits.push(t("a computer plays for them"));
    else if (!s.connected) bits.push(t("away"));
    const you = s.seat === msg.seat ? ` (${t("you")})` : "";
    chip.title = seatName(s.seat) + you + (bits.length ? ` · ${bits.join(", ")}` : "");
    chip.append(el("span", { class: "dot" + (s.connected ? " on" : ""), "aria-hidden": "true" }),
      el("span", { class: "seat-no", text: String(s.seat + 1), title: t("Seat {n}", { n: s.seat + 1 }) }),
      el("span", { class: "seat-name", text: seatName(s.seat) }));
    if (you) chip.append(el("span", { class: "seat-you", text: you }));
    if (bits.length) chip.append(el("span", { class: "seat-bits", text: ` · ${bits.join(", ")}` }));
    return chip;
  }));
  // many seats (Tower): compact chips on a phone, so the hand stays near the top
  els.seats.classList.toggle("many", msg.seats.length > 4);
}

function renderMatch() {
  const m = msg.match;
  let text = t("Game {n}", { n: msg.game_no });
  if (m && (m.wins_needed || m.games_needed) && game.matchScore) text += " · " + t("Match: {score}", { score: game.matchScore(m, ctx) });
  els.match.replaceChildren(text);
  if (msg.campaign) els.match.append(" · ", campaignBanner(msg.campaign));
}

/** A Tower campaign ride: the floor, its goal, and the way back to the group (for the
 *  browser that started the ride: the group's link is its secret, not the table's). */
function campaignBanner(c) {
  const label = t("Tower floor {n}, {name}: {goal}", { n: c.number, name: c.name[LANG] || c.name.en,
                                            goal: c.goal_text[LANG] || c.goal_text.en });
  let token = null;
  try { token = localStorage.getItem(`ct-group-of-${tableId}`); } catch (e) { /* ignore */ }
  if (!token) return el("span", { class: "campaign-floor", text: label });
  return el("a", { class: "campaign-floor", href: `/g/${token}`, text: label });
}

function renderClock() {
  clearInterval(clockTimer);
  if (msg.clock && msg.status === "playing" && msg.clock.remaining !== undefined) {
    const end = performance.now() + msg.clock.remaining * 1000;
    const who = msg.clock.seat;
    const tick = () => {
      const left = Math.max(0, (end - performance.now()) / 1000);
      els.clock.hidden = false;
      els.clock.textContent = `${t("Time left")} · ${seatName(who)} ${Math.floor(left / 60)}:${String(Math.floor(left % 60)).padStart(2, "0")}`;
      els.clock.classList.toggle("low", left < 10);
      els.clock.setAttribute("aria-label", `${t("Time left")}: ${Math.ceil(left)} s`);
    };
    tick();
    clockTimer = setInterval(tick, 250);
  } else if (msg.clock && msg.status === "playing" && msg.clock.elapsed !== undefined) {
    // The server's time since the game started, as of its message: each message can only
    // be late, so the earliest start it implies is the truest (a reload keeps it).
    blitzStart = Math.min(blitzStart ?? Infinity, performance.now() - msg.clock.elapsed * 1000);
    const tick = () => {
      const s = (performance.now() - blitzStart) / 1000;
      els.clock.hidden = false;
      els.clock.textContent = `⚡ ${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, "0")}`;
      els.clock.title = t("Blitz: no turns, play as fast as you can");
    };
    tick();
    clockTimer = setInterval(tick, 500);
  } else {
    els.clock.hidden = true;
  }
}

function setStatus(text, sub = "", mine = false) {
  els.status.replaceChildren(document.createTextNode(text));
  if (sub) els.status.append(el("span", { class: "sub", text: sub }));
  els.status.classList.toggle("mine", mine);
}

function renderPanel() {
  const panel = [];
  if (msg.status === "waiting") {
    setStatus(t("Waiting for players"));
    panel.push(waitingPanel());
  } else if (msg.status === "finished" && msg.outcome) {
    const r = game.result(ctx);
    setStatus(r.title);
    panel.push(resultPanel(r));
  } else {
    const s = game.status(ctx);
    if (msg.seat === null) s.sub = (s.sub ? s.sub + " · " : "") + t("You are watching this table.");
    setStatus(s.text, s.sub, s.mine);
    // against the computer a new game is a tap away: the row (a line of the first screen)
    // is for games with other people, where giving up is an answer they wait for
    const people = msg.seats.some((s) => s.kind === "human" && s.seat !== msg.seat);
    if (msg.seat !== null && msg.status === "playing" && !msg.campaign && people) {
      panel.push(resignRow());
    }
  }
  const invite = params.get("invite");
  if (invite && msg.seat === null) {
    // the invitee sees the invitation, not the host's waiting panel with its links
    if (msg.status === "waiting") panel.length = 0;
    panel.unshift(joinPanel(Number(params.get("seat")), invite));
  }
  els.panel.replaceChildren(...panel);
}

function waitingPanel() {
  const box = el("div", { class: "card-panel" }, el("h2", { text: t("Waiting for players") }), el("p", { text: t("Send each link to one player. The game starts when every seat is taken.") }));
  let invites = {};
  try { invites = JSON.parse(localStorage.getItem(`ct-invites-${tableId}`) || "{}"); } catch (e) { /* none */ }
  const open = new Set(msg.seats.filter((s) => s.kind === "human" && !s.taken).map((s) => s.seat));
  for (const [seat, link] of Object.entries(invites)) {
    if (!open.has(Number(seat))) continue;
    const input = el("input", { type: "text", readonly: true, value: link, "aria-label": t("Invite for seat {n}", { n: Number(seat) + 1 }), class: "invite-link", "data-seat": seat });
    const copy = el("button", { class: "btn small", type: "button", text: t("Copy") });
    copy.addEventListener("click", async () => {
      input.select();
      try { await navigator.clipboard.writeText(link); } catch (e) { document.execCommand && document.execCommand("copy"); }
      copy.textContent = t("Copied");
    });
    box.append(el("div", { class: "invite-row" }, el("strong", { text: t("Invite for seat {n}", { n: Number(seat) + 1 }) }), input, copy));
  }
  return box;
}

/** An invite whose seat is taken (someone used the link): said before any tap, with the
 *  way to watch instead (the page's own address without the invite). */
function takenPanel() {
  return el("div", { class: "card-panel invite-panel seat-taken", id: "seat-taken" },
    el("h2", { text: t("This seat is already taken") }),
    el("p", { text: t("Someone has already taken this seat with this invite link: each link opens its seat once.") }),
    el("p", { text: t("You can watch the game instead.") }),
    el("div", { class: "buttons" },
      el("a", { class: "btn primary", id: "watch", href: `/t/${tableId}`, text: t("Watch the table") }),
      el("a", { class: "btn", href: `/play/${gameId}`, text: t("Open a table of your own") })));
}

function joinPanel(seat, invite) {
  const info = msg.seats[seat];
  if (info && info.taken) return takenPanel();
  const name = el("input", { type: "text", id: "join-name", maxlength: "40", placeholder: t("Your name"), "aria-label": t("Your name") });
  const button = el("button", { class: "btn primary", type: "button", id: "join", text: t("Take the seat") });
  const error = el("p", { class: "form-error", role: "alert" });
  button.addEventListener("click", async () => {
    button.disabled = true;
    const r = await fetch(`/api/tables/${tableId}/seats/${seat}`, {
      method: "POST", headers: { "content-type": "application/json" }, credentials: "same-origin",
      body: JSON.stringify({ invite, name: name.value.trim() || null }),
    });
    if (r.ok) { location.replace(`/t/${tableId}`); return; }
    const data = await r.json().catch(() => ({}));
    const code = data.error && data.error.code;
    const why = code === "taken" ? t("Someone has already taken this seat.") : code === "bad-invite" ? t("This invite link opens no seat (each link works once).")
      : (data.error && data.error.message) || r.statusText;
    error.textContent = t("This invite no longer works: {message}", { message: why });
    button.disabled = false;
  });
  // who invited: the people already at the table (the host first); the seat by its name
  const people = msg.seats.filter((s) => s.kind === "human" && s.taken && s.seat !== seat);
  const host = people.length ? seatName(people[0].seat) : t("Someone");
  const box = el("div", { class: "card-panel invite-panel" },
    el("h2", { text: t("{name} invites you to play {game}", { name: host, game: labelOf(`game.${gameId}`) }) }),
    el("p", { text: t("You play as {seat}.", { seat: seatName(seat) }) }));
  const others = msg.seats.filter((s) => s.seat !== seat).map((s) => seatName(s.seat));
  if (others.length) box.append(el("p", { class: "muted", text: t("At the table: {list}.", { list: listOf(others) }) }));
  box.append(el("div", { class: "invite-row" }, name, button), error);
  return box;
}

/** A seat gives up the game (its side loses; in Paternoster the team stops the ride),
 *  after the browser's own confirmation. */
function resignRow() {
  const together = gameId === "paternoster";
  const button = el("button", { class: "btn small ghost", type: "button", id: "resign",
                                text: together ? t("Stop the ride") : t("Resign") });
  button.addEventListener("click", () => {
    const question = together ? t("Stop the ride? The team loses it.") : t("Resign this game? You lose it.");
    if (window.confirm(question)) sendRaw({ type: "resign" });
  });
  return el("div", { class: "resign-row" }, button);
}

let ratingNote = { key: "", text: "" };

/** A rated game's rating change for this seat, from the player's page in data (once per
 *  game: the panel is drawn again with every state). */
async function showRatingChange(box) {
  const key = `${tableId}/${msg.game_no}`;
  if (ratingNote.key === key) {
    box.textContent = ratingNote.text;
    box.hidden = !ratingNote.text;
    return;
  }
  ratingNote = { key, text: "" };
  const name = msg.seats[msg.seat].name;
  try {
    const response = await fetch(`/api/players/${encodeURIComponent(name)}`);
    if (!response.ok) return;
    const player = await response.json();
    const played = player.games.find((g) => g.table === tableId && g.game_no === msg.game_no);
    if (!played || played.rating_change === null) return;
    const family = msg.seats.length === 4 ? `${gameId}-team` : gameId;
    const rating = player.ratings[family] ? player.ratings[family].rating : "";
    const change = played.rating_change > 0 ? `+${played.rating_change}` : `${played.rating_change}`;
    ratingNote.text = t("Your rating: {rating} ({change})", { rating, change });
    box.textContent = ratingNote.text;
    box.hidden = false;
  } catch (e) { /* the note is a courtesy: no note without it */ }
}

function resultPanel(r) {
  const box = el("div", { class: "result", id: "result", tabindex: "-1" }, el("h2", { text: r.title }));
  if (r.lines && r.lines.length) box.append(el("ul", {}, ...r.lines.map((line) => el("li", { text: line }))));
  const m = msg.match;
  if (m && (m.wins_needed || m.games_needed) && game.matchScore) {
    box.append(el("p", { text: t("Match: {score}", { score: game.matchScore(m, ctx) }) }));
    if (m.over && r.matchLine) box.append(el("p", { class: "match-over", text: r.matchLine }));
  }
  if (r.extra) box.append(r.extra);
  if (msg.rated && msg.seat !== null) {
    const note = el("p", { class: "rating-change", id: "rating-change", hidden: true });
    box.append(note);
    showRatingChange(note);
  }
  const buttons = el("div", { class: "buttons" });
  if (msg.campaign) {
    campaignResult(box, buttons, msg.campaign);
  } else if (msg.seat !== null) {
    const rematch = msg.rematch || { offers: [], declined: null };
    const others = rematch.offers.filter((seat) => seat !== msg.seat);
    if (rematch.declined !== null) {
      box.append(el("p", { class: "rematch-note", id: "rematch-declined", text: t("{name} declined the next game.", { name: seatName(rematch.declined) }) }));
    }
    if (rematch.offers.includes(msg.seat)) {
      box.append(el("p", { class: "rematch-note", id: "rematch-waiting", text: t("You offered the next game: waiting for the answer.") }));
    } else {
      let label = m && (m.wins_needed || m.games_needed) ? (m.over ? t("New match") : t("Next game")) : t("Play again");
      if (others.length) {
        box.append(el("p", { class: "rematch-note", id: "rematch-offer", text: t("{name} offers the next game.", { name: listOf(others.map(seatName)) }) }));
        label = t("Accept");
      }
      const again = el("button", { class: "btn primary", type: "button", id: "again", text: label });
      const ended = msg.game_no; // if the other player was quicker, this click is already done
      again.addEventListener("click", () => { again.disabled = true; sendRaw({ type: "again", game_no: ended }); });
      buttons.append(again);
      if (others.length) {
        const decline = el("button", { class: "btn", type: "button", id: "decline", text: t("Decline") });
        decline.addEventListener("click", () => { decline.disabled = true; sendRaw({ type: "decline" }); });
        buttons.append(decline);
      }
    }
  }
  buttons.append(el("a", { class: "btn", href: `/replay?table=${tableId}&game_no=${msg.game_no}`, id: "watch-again", text: t("Watch again") }));
  buttons.append(el("a", { class: "btn", href: `/api/tables/${tableId}/record?game_no=${msg.game_no}&download=true`, text: t("Download the record") }));
  buttons.append(el("a", { class: "btn ghost", href: `/play/${gameId}`, text: t("Another table") }));
  box.append(buttons);
  return box;
}

/** A Tower ride's end: the floor's goal, the stars won, the way back to the group and a new
 *  ride of the same floor (for the browser that knows the group; the link is its secret). */
function campaignResult(box, buttons, c) {
  const name = c.name[LANG] || c.name.en;
  box.append(el("p", { text: t("Tower floor {n}, {name}. Goal: {goal}", { n: c.number, name, goal: c.goal_text[LANG] || c.goal_text.en }) }));
  if (c.stars !== undefined) {
    const stars = "★".repeat(c.stars) + "☆".repeat(3 - c.stars);
    const line = c.cleared ? t("Floor cleared: {stars}.", { stars: t("{n} of 3 stars", { n: c.stars }) })
      : t("Floor not cleared: no stars.");
    box.append(el("p", { class: "ride-stars" }, el("span", { class: "stars", "aria-hidden": "true", text: stars }), " ", line));
  }
  let token = null;
  try { token = localStorage.getItem(`ct-group-of-${tableId}`); } catch (e) { /* ignore */ }
  if (!token) return;
  if (msg.seat !== null) {
    const again = el("button", { class: "btn primary", type: "button", id: "again", text: t("Ride this floor again") });
    const error = el("p", { class: "form-error", role: "alert" });
    again.addEventListener("click", async () => {
      again.disabled = true;
      const humans = msg.seats.filter((s) => s.kind === "human").length;
      const r = await fetch(`/api/groups/${token}/tables`, {
        method: "POST", headers: { "content-type": "application/json" }, credentials: "same-origin",
        body: JSON.stringify({ floor: c.number, players: msg.seats.length, humans }),
      });
      const data = await r.json().catch(() => ({}));
      if (!r.ok) { again.disabled = false; error.textContent = t("Not saved: {message}", { message: (data.error && data.error.message) || r.statusText }); return; }
      try {
        if (Object.keys(data.invites || {}).length) localStorage.setItem(`ct-invites-${data.table}`, JSON.stringify(data.invites));
        localStorage.setItem(`ct-group-of-${data.table}`, token);
      } catch (e) { /* ignore */ }
      location.assign(`/t/${data.table}`);
    });
    buttons.append(again);
    box.append(error);
  }
  buttons.append(el("a", { class: "btn", href: `/g/${token}`, text: t("Back to the group") }));
}

// --- choosing moves --------------------------------------------------------------------
function parsedMoves() {
  const moves = [];
  for (const text of ctx.legal) {
    if (text === "timeout") continue;     // the clock's move, never offered
    const m = { text, ...game.parseMove(text, ctx) };
    moves.push(m);
    if (m.alsoSrc) moves.push({ ...m, src: m.alsoSrc });   // e.g. a pair attacks from either card
  }
  return moves;
}

function label(m) { return game.moveLabel ? game.moveLabel(m, ctx) : m.text; }

/** Mark playable sources, the selected one, its targets, and fill the action bar. */
function wire() {
  if (!msg) return;
  const moves = pending ? [] : parsedMoves();
  const bySrc = new Map();
  for (const m of moves) if (m.src) { if (!bySrc.has(m.src)) bySrc.set(m.src, []); bySrc.get(m.src).push(m); }
  if (selected && !bySrc.has(selected)) selected = null;
  const targets = new Set();
  if (selected && !choices) for (const m of bySrc.get(selected)) if (m.dst) targets.add(m.dst);
  // mark each place once (removing and re-adding focusability would drop the keyboard focus)
  const asking = !!msg && msg.seat !== null && msg.status === "playing" && !pending && !choices;
  for (const node of els.board.querySelectorAll("[data-src], [data-dst]")) {
    const src = node.dataset.src;
    const playable = !!src && bySrc.has(src);
    const target = !!node.dataset.dst && targets.has(node.dataset.dst);
    node.classList.toggle("playable", playable);
    node.classList.toggle("selected", playable && src === selected);
    node.classList.toggle("target", target);
    const why = playable || target || !asking ? null : whyKind(node);
    if (why) node.dataset.why = why;
    else delete node.dataset.why;
    if (!("role0" in node.dataset)) node.dataset.role0 = node.getAttribute("role") || "";
    if (playable || target || why) {
      node.tabIndex = 0;
      node.setAttribute("role", "button");
    } else {
      node.removeAttribute("tabindex");
      if (node.dataset.role0) node.setAttribute("role", node.dataset.role0);
      else node.removeAttribute("role");
    }
    if (why) node.setAttribute("aria-disabled", "true");
    else node.removeAttribute("aria-disabled");
    if (playable) node.setAttribute("aria-pressed", String(src === selected));
    else node.removeAttribute("aria-pressed");
  }
  // the action bar
  const buttons = [];
  const add = (m, cls = "btn") => {
    const b = el("button", { class: cls, type: "button", "data-move": m.text, text: label(m) });
    b.addEventListener("click", () => tryMove(m.text));
    buttons.push(b);
  };
  if (confirming && !moves.some((m) => m.text === confirming)) confirming = null;
  if (confirming) {
    buttons.push(perilEl(confirming));
    const yes = el("button", { class: "btn danger", type: "button", "data-move": confirming, text: t("Yes: {move}", { move: label({ text: confirming, ...game.parseMove(confirming, ctx) }) }) });
    yes.addEventListener("click", () => sendMove(confirming));
    const no = el("button", { class: "btn primary", type: "button", text: t("No, go back") });
    no.addEventListener("click", () => { confirming = null; wire(); });
    buttons.push(yes, no);
  } else if (choices) {
    buttons.push(el("span", { class: "label", text: t("Which one?") }));
    for (const m of choices) add(m, "btn primary");
  } else {
    if (selected) {
      const direct = bySrc.get(selected).filter((m) => !m.dst);
      const targeted = bySrc.get(selected).some((m) => m.dst);
      if (targeted) buttons.push(el("span", { class: "label", text: t("Now choose where: the highlighted places") }));
      for (const m of direct) add(m, "btn primary");
    }
    for (const m of moves) if (!m.src) add(m, m.primary ? "btn primary" : "btn");
  }
  if ((selected || choices) && !confirming) {
    const cancel = el("button", { class: "btn ghost", type: "button", text: t("Cancel") });
    cancel.addEventListener("click", () => { selected = null; choices = null; wire(); });
    buttons.push(cancel);
  }
  els.actions.replaceChildren(...buttons);
  els.page.dataset.choosing = choices || confirming ? "1" : "0";
  if (confirming) els.actions.querySelector(".peril").focus({ preventScroll: true });
}

/** What a move that loses at once will do, and the rule that says so (the game's words). */
function perilEl(text) {
  const why = losingWhy(text);
  const said = game.perilText ? game.perilText(why, text, ctx) : { what: t("This move loses the game at once."), rule: "" };
  const box = el("div", { class: "peril", role: "alert", tabindex: "-1" });
  box.append(el("strong", { text: said.what }));
  if (said.rule) box.append(el("p", { text: t("Rule: {rule}", { rule: said.rule }) }));
  box.append(el("p", { text: t("Do you really want this?") }));
  return box;
}

/** Whether a tap on this unusable place can be explained: as a target of the selected card
 *  ("dst"), or as a card of its own ("src"). */
function whyKind(node) {
  if (!game.whyMoves) return null;
  if (selected && node.dataset.dst && game.whyMoves(selected, node.dataset.dst, ctx).length) return "dst";
  if (node.dataset.src && game.whyMoves(node.dataset.src, null, ctx).length) return "src";
  return null;
}

function onSource(src) {
  const moves = parsedMoves().filter((m) => m.src === src);
  if (!moves.length) return;
  hideWhy();
  choices = null;
  confirming = null;
  if (moves.length === 1 && !moves[0].dst && !moves[0].confirm) { tryMove(moves[0].text); return; }
  const hadFocus = els.board.contains(document.activeElement);
  selected = selected === src ? null : src;
  wire();
  if (selected) {
    const first = els.board.querySelector(".target") || els.actions.querySelector("button[data-move]");
    els.live.textContent = t("Now choose where: the highlighted places");
    if (first && hadFocus && keyboardUsed) first.focus();
  }
}

function onTarget(dst) {
  const moves = parsedMoves().filter((m) => m.src === selected && m.dst === dst);
  if (moves.length === 1) { tryMove(moves[0].text); return; }
  if (moves.length > 1) {
    choices = moves;
    wire();
    const first = els.actions.querySelector("button");
    if (first) first.focus();
  }
}

let keyboardUsed = false;
els.board.addEventListener("click", (event) => {
  const target = event.target.closest(".target[data-dst]");
  if (target) { onTarget(target.dataset.dst); return; }
  // a tap inside an area whose button is a target (a Duel 52 lane: its title)
  const area = event.target.closest("[data-area]");
  const goal = area && els.board.querySelector(`.target[data-dst="${CSS.escape(area.dataset.area)}"]`);
  if (goal) { onTarget(goal.dataset.dst); return; }
  const source = event.target.closest(".playable[data-src]");
  if (source) { onSource(source.dataset.src); return; }
  const button = event.target.closest("button");
  if (button) return;
  const why = event.target.closest("[data-why]");
  hideWhy();
  if (why) { explain(why.dataset.why === "dst" ? selected : why.dataset.src, why.dataset.why === "dst" ? why.dataset.dst : null); return; }
  if (selected || choices || confirming) { selected = null; choices = null; confirming = null; wire(); return; }
  // a pile or place tapped before any card: say what comes first
  const place = event.target.closest("[data-dst]");
  if (place && msg && msg.seat !== null && msg.status === "playing" && parsedMoves().some((m) => m.dst)) showWhy([t("Choose one of your cards first, then where it goes.")]);
});

els.page.addEventListener("keydown", (event) => {
  keyboardUsed = true;
  const node = event.target;
  if ((event.key === "Enter" || event.key === " ") && node.matches && node.matches(".playable, .target, [data-why]")) {
    event.preventDefault();
    node.click();
    return;
  }
  if (event.key === "Escape" && (selected || choices || confirming || !els.why.hidden)) { selected = null; choices = null; confirming = null; hideWhy(); wire(); return; }
  if (["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(event.key) && els.board.contains(node)) {
    const all = [...els.board.querySelectorAll('[tabindex="0"], button:not([disabled])')];
    const i = all.indexOf(node);
    if (i < 0) return;
    event.preventDefault();
    const step = event.key === "ArrowLeft" || event.key === "ArrowUp" ? -1 : 1;
    const next = all[(i + step + all.length) % all.length];
    next.focus();
  }
});
document.addEventListener("mousedown", () => { keyboardUsed = false; });

function animate(list) {
  for (const [selector, cls] of list || []) {
    for (const node of els.board.querySelectorAll(selector)) {
      node.classList.remove(cls);
      void node.offsetWidth;
      node.classList.add(cls);
    }
  }
}

/** MateBeta's forced cards play themselves after a short pause (the rule text's wish). */
function scheduleAuto() {
  clearTimeout(autoTimer);
  if (!game.autoForced || !msg || msg.status !== "playing" || msg.seat === null) return;
  const legal = ctx.legal;
  if (legal.length !== 1 || !game.autoForced(legal[0], ctx)) return;
  if (guide && guide.holds()) {           // the guide's tip on this moment is read first
    setStatus(t("Forced card: it plays itself once you have read the guide's tip."), "", true);
    return;
  }
  const version = msg.version;
  setStatus(t("Forced card: it plays itself…"), "", true);
  autoTimer = setTimeout(() => { if (msg.version === version) sendMove(legal[0]); }, 700);
}

// Sounds: off until the player turns them on here (remembered in this browser).
const soundBox = $("sounds");
soundBox.checked = soundsOn();
soundBox.addEventListener("change", () => setSounds(soundBox.checked));

// The log folds away on a phone (closed at first there); a player's own choice is kept.
try {
  const kept = localStorage.getItem("ct-log-open");
  els.logBox.open = kept === null ? matchMedia("(min-width: 980px)").matches : kept === "1";
} catch (e) { /* private mode: as the template has it */ }
els.logBox.addEventListener("toggle", () => {
  try { localStorage.setItem("ct-log-open", els.logBox.open ? "1" : "0"); } catch (e) { /* ignore */ }
});

connect();
