// Watching a finished game again: step by step, from any seat's view or the spectator's,
// with the log in step. The server builds every step from the record with the engine
// (GET /api/tables/<id>/replay, POST /api/replay): each is exactly what that seat saw,
// so nothing here ever holds a card the view may not show. The board is drawn by the
// game's own module, as at the table. Paternoster Duel and Duel 52 games can also be
// reviewed by the strong computer player's estimate (POST /api/review, streamed).
import { DATA, t, labelOf, percent } from "./i18n.js";
import { el } from "./dom.js";
import { boardContext, seatNames, signalLine } from "./board.js";
import { stepper } from "./stepper.js";
import { recordForm } from "./recordform.js";

const $ = (id) => document.getElementById(id);
const ESTIMATED = new Set(["duel", "duel52"]);
const TOP = 6;            // moves shown per decision: the computer's best, and the one played
const tableId = DATA.table;
let gameNo = DATA.game_no;
let record = null;       // an opened file's record; a table's is fetched when needed
let data = null;         // the server's steps for the current view
let game = null;         // the game's module
let names = [];
let kinds = null;
let view = DATA.seat ?? null;
let ply = 0;
const reviews = new Map();   // seat -> the review by estimate of that seat's decisions

// --- loading --------------------------------------------------------------------------
async function json(r) {
  const body = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error((body.error && body.error.message) || r.statusText);
  return body;
}

function fail(message) {
  $("rp-loading").hidden = true;
  $("rp-error").textContent = t("Cannot show this game: {message}", { message });
}

async function load(at = null) {
  $("rp-error").textContent = "";
  $("rp-loading").hidden = false;
  try {
    if (tableId) {
      const q = new URLSearchParams();
      if (gameNo) q.set("game_no", gameNo);
      if (view !== null) q.set("seat", view);
      data = await json(await fetch(`/api/tables/${tableId}/replay?${q}`));
      gameNo = data.game_no;
    } else {
      data = await json(await fetch("/api/replay", { method: "POST", headers: { "content-type": "application/json" },
                                                     body: JSON.stringify({ record, seat: view }) }));
    }
    game = await import(`./games/${data.game}.js`);
  } catch (e) { fail(e.message); return; }
  if (!tableId || names.length !== data.seats) names = Array.from({ length: data.seats }, (_, i) => t("Player {n}", { n: i + 1 }));
  if (tableId) await tableNames();
  document.body.classList.add(`game-${data.game}`);
  $("rp-title").textContent = `${t("Watch again")}: ${labelOf("game." + data.game)}`;
  $("rp-loading").hidden = true;
  $("rp-main").hidden = false;
  pickers();
  buildLog();
  reviewBox();
  go(at === null ? data.steps.length - 1 : at);
}

async function tableNames() {
  try {
    const info = await json(await fetch(`/api/tables/${tableId}`));
    names = seatNames(info.seats, data.game);
    kinds = info.seats.map((s) => s.kind);
  } catch (e) { /* the default names do */ }
}

async function gameList() {
  if (!tableId) return;
  let games = [];
  try { games = (await json(await fetch(`/api/tables/${tableId}/games`))).filter((g) => g.outcome); } catch (e) { return; }
  const select = $("rp-game");
  select.replaceChildren(...games.map((g) => el("option", { value: g.game_no, text: t("Game {n}", { n: g.game_no }) })));
  select.value = String(gameNo);
  $("rp-game-box").hidden = games.length < 2;
}

function pickers() {
  const select = $("rp-view");
  const options = [el("option", { value: "", text: t("Spectator (no hand shown)") }),
                   ...names.map((name, i) => el("option", { value: String(i), text: t("{name}'s view", { name }) }))];
  select.replaceChildren(...options);
  select.value = view === null ? "" : String(view);
}

$("rp-view").addEventListener("change", () => {
  view = $("rp-view").value === "" ? null : Number($("rp-view").value);
  load(ply);
});
$("rp-game").addEventListener("change", () => {
  gameNo = Number($("rp-game").value);
  reviews.clear();
  load();
});

// --- one step -------------------------------------------------------------------------
function ctxAt(n) {
  const last = n === data.steps.length - 1;
  const done = last && data.outcome;
  return boardContext({ game: data.game, obs: data.steps[n].observation, names, kinds: null, seat: view,
                        status: done ? "finished" : "playing", outcome: done ? data.outcome : null });
}

function stepText(n) {
  const ctx = ctxAt(n);
  const texts = [];
  for (const ev of data.steps[n].events) {
    let text = null;
    if (ev.kind === "signal") text = signalLine(game, ev, ctx);
    else if (ev.kind !== "move") text = game.describe(ev, ctx);
    if (text) texts.push(text);
  }
  const move = data.steps[n].events.find((ev) => ev.kind === "move");
  if (!texts.length && move) texts.push(`${ctx.name(move.seat)}: ${move.move}`);
  return texts.join(" · ");
}

function go(n) {
  if (!data) return;
  ply = Math.max(0, Math.min(n, data.steps.length - 1));
  const ctx = ctxAt(ply);
  const board = $("board");
  board.replaceChildren();
  game.render(ctx, board);
  const total = data.steps.length - 1;
  $("rp-where").textContent = ply === 0 ? t("Start of the game ({total} moves)", { total }) : t("Move {n} of {total}", { n: ply, total });
  const result = $("rp-result");
  const status = $("status");
  if (ctx.msg.status === "finished") {
    const r = game.result(ctx);
    status.textContent = r.title;
    result.replaceChildren(el("div", { class: "result", id: "result" }, el("h2", { text: r.title }),
      el("ul", {}, ...(r.lines || []).map((line) => el("li", { text: line })))));
  } else {
    const s = game.status(ctx);
    status.replaceChildren(document.createTextNode(s.text));
    if (view === null) s.sub = (s.sub ? s.sub + " · " : "") + t("You are watching this table.");
    if (s.sub) status.append(el("span", { class: "sub", text: s.sub }));
    result.replaceChildren();
  }
  const range = $("rp-range");
  range.max = String(total);
  range.value = String(ply);
  range.setAttribute("aria-valuetext", $("rp-where").textContent);
  for (const li of $("rp-log").children) {
    const n = Number(li.dataset.ply);
    li.hidden = n > ply;
    li.classList.toggle("current", n === ply);
  }
  estimatePanel();
  updateSteps();
  $("replay-page").dataset.ply = String(ply);
}

const updateSteps = stepper(
  { first: $("rp-first"), prev: $("rp-prev"), next: $("rp-next"), last: $("rp-last") },
  { at: () => ply, count: () => (data ? data.steps.length - 1 : 0), go, active: () => !$("rp-main").hidden });
$("rp-range").addEventListener("input", () => go(Number($("rp-range").value)));

// --- the log: every step so far, newest first; a line leads to its step --------------------
function buildLog() {
  const items = [];
  for (let n = data.steps.length - 1; n >= 1; n--) {
    const move = data.steps[n].events.find((ev) => ev.kind === "move");
    const b = el("button", { type: "button", "data-ply": n, text: `${n}. ${stepText(n)}` });
    b.addEventListener("click", () => go(n));
    const li = el("li", { "data-ply": n }, b);
    if (move && view !== null && move.seat === view) li.classList.add("mine");
    items.push(li);
  }
  const start = el("button", { type: "button", "data-ply": 0, text: t("0. The cards are dealt") });
  start.addEventListener("click", () => go(0));
  items.push(el("li", { "data-ply": 0, class: "sys" }, start));
  $("rp-log").replaceChildren(...items);
  markLog();
}

function moveLabel(text, n) {
  const ctx = ctxAt(n);
  return game.moveLabel ? game.moveLabel({ text, ...(game.parseMove ? game.parseMove(text, ctx) : {}) }, ctx) : text;
}

/** The review's verdict on each judged move, under its log line. */
function markLog() {
  const review = view === null ? null : reviews.get(view);
  for (const li of $("rp-log").children) {
    li.querySelector(".rp-est")?.remove();
    li.classList.remove("costly");
    const d = review && review.byPly.get(Number(li.dataset.ply));
    if (!d) continue;
    const text = d.played === d.best
      ? t("Computer's estimate: its choice too, chance to win {chance}", { chance: percent(d.after) })
      : t("Computer's estimate: it would play {best}; chance to win {before} → {after} with this move", { best: moveLabel(d.best, d.ply - 1), before: percent(d.before), after: percent(d.after) });
    li.querySelector("button").append(el("span", { class: "rp-est", text }));
    li.classList.toggle("costly", d.cost > 0);
  }
}

// --- reviews by the computer's estimate (Paternoster Duel, Duel 52) ---------------------------
function reviewBox() {
  const box = $("rp-review-box");
  box.hidden = !ESTIMATED.has(data.game);
  if (box.hidden) return;
  const button = $("rp-review-go");
  button.hidden = view === null || reviews.has(view);
  button.textContent = view === null ? "" : t("Review {name}'s moves", { name: names[view] });
  if (view === null) $("rp-review-summary").replaceChildren(el("p", { text: t("Choose a player's view above to review that player's moves.") }));
  else if (reviews.has(view)) summary(reviews.get(view));
  else $("rp-review-summary").replaceChildren();
}

async function recordNow() {
  if (record) return record;
  const q = gameNo ? `?game_no=${gameNo}` : "";
  return json(await fetch(`/api/tables/${tableId}/record${q}`));
}

$("rp-review-go").addEventListener("click", async () => {
  const seat = view;
  const button = $("rp-review-go");
  button.disabled = true;
  $("rp-progress-box").hidden = false;
  progress(0, 0);
  try {
    const body = JSON.stringify({ record: await recordNow(), seat, ...(DATA.deals ? { deals: DATA.deals } : {}) });
    const r = await fetch("/api/review", { method: "POST", headers: { "content-type": "application/json" }, body });
    if (!r.ok) await json(r);
    const reader = r.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    let review = null;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let cut;
      while ((cut = buffer.indexOf("\n")) >= 0) {
        const line = JSON.parse(buffer.slice(0, cut));
        buffer = buffer.slice(cut + 1);
        if (line.review) review = line.review;
        else if (line.error) throw new Error(line.error.message || line.error);
        else progress(line.done, line.total);
      }
    }
    if (!review) throw new Error(t("the review was cut off; try again"));
    review.byPly = new Map(review.decisions.map((d) => [d.ply, d]));
    reviews.set(seat, review);
  } catch (e) {
    $("rp-error").textContent = t("Cannot show this game: {message}", { message: e.message });
  }
  button.disabled = false;
  $("rp-progress-box").hidden = true;
  if (view === seat) { reviewBox(); markLog(); estimatePanel(); }
});

function progress(done, total) {
  const bar = $("rp-progress");
  bar.max = Math.max(total, 1);
  bar.value = done;
  $("rp-progress-text").textContent = total ? t("{done} of {total} decisions judged", { done, total }) : t("Starting the review…");
}

function summary(review) {
  const seat = review.seats[0];
  const decisions = review.decisions;
  const mistakes = (review.mistakes[String(seat)] || []).map((p) => review.byPly.get(p));
  const agreed = decisions.filter((d) => d.played === d.best).length;
  const parts = [
    el("p", { text: t("{name}: {n} decisions judged, the computer agreed with {agreed} ({deals} deals of the unseen cards each).", { name: names[seat], n: decisions.length, agreed, deals: review.deals }) }),
    el("h3", { text: t("Costliest moves (computer's estimate)") }),
  ];
  if (!mistakes.length) parts.push(el("p", { text: t("The computer would have played every move of {name} the same way.", { name: names[seat] }) }));
  else {
    const ul = el("ul", { class: "rv-mistakes" });
    for (const d of mistakes) {
      const b = el("button", { type: "button", class: "linkish", "data-ply": d.ply - 1,
        text: t("Move {n}: {move}; the computer: {best} (estimated chance to win {before} → {after})", { n: d.ply, move: moveLabel(d.played, d.ply - 1), best: moveLabel(d.best, d.ply - 1),
                                before: percent(d.before), after: percent(d.after) }) });
      b.addEventListener("click", () => go(d.ply - 1));
      ul.append(el("li", {}, b));
    }
    parts.push(ul);
  }
  parts.push(el("p", { class: "hint", text: t("Chance to win: the share of the computer's playouts won, a draw counting half, every move on the same {deals} deals (seed {seed}, so the same review every time). An estimate, not an exact value. The computer picks by its playouts' result and, a little, by their margin (cards or lanes ahead), so its choice may show a chance a little below another's.", { deals: review.deals, seed: review.seed }) }));
  $("rp-review-summary").replaceChildren(...parts);
}

/** At a step where the reviewed seat decides next: each legal move's estimated chance. */
function estimatePanel() {
  const box = $("rp-estimate");
  const review = view === null ? null : reviews.get(view);
  const d = review && review.byPly.get(ply + 1);
  if (!d) { box.replaceChildren(); return; }
  const head = el("tr", {}, ...["rp.col_move", "rp.col_chance", "rp.col_note"].map((k) => el("th", { scope: "col", text: labelOf(k) })));
  const shown = d.options.filter((o, i) => i < TOP || o.move === d.played);
  const rows = shown.map((o) => el("tr", { class: `${o.move === d.best ? "best" : ""} ${o.move === d.played ? "played" : ""}`.trim() },
    el("td", { text: moveLabel(o.move, ply) }), el("td", { class: "num", text: percent(o.chance) }),
    el("td", { text: [o.move === d.best ? t("computer's choice") : null, o.move === d.played ? t("played") : null].filter(Boolean).join(" · ") })));
  box.replaceChildren(
    el("h3", { text: t("{name} to decide: the computer's estimate ({deals} deals)", { name: names[d.seat], deals: d.samples }) }),
    el("table", {}, el("caption", { class: "sr-only", text: t("{name} to decide: the computer's estimate ({deals} deals)", { name: names[d.seat], deals: d.samples }) }),
       el("thead", {}, head), el("tbody", {}, ...rows)),
    d.options.length > shown.length ? el("p", { class: "hint", text: t("{n} more moves, each rated lower by the computer", { n: d.options.length - shown.length }) }) : null);
}

// --- start ----------------------------------------------------------------------------------
recordForm("rp", (parsed) => { record = parsed; reviews.clear(); view = null; load(); }, fail);
if (tableId) { gameList(); load(); }
