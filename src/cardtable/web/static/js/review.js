// The MateBeta review and analysis board: a record judged move by move by the exact
// solver (POST /api/matebeta/review), a chart of the value, and a board that steps
// through the game or tries other moves, each legal move with its exact value
// (POST /api/matebeta/position). The board is drawn by the game's own module.
import { DATA, t, labelOf, cardShort, listOf } from "./i18n.js";
import { el } from "./dom.js";
import { createTable } from "./opentable.js";
import { boardContext, seatNames } from "./board.js";
import { stepper } from "./stepper.js";
import { recordForm } from "./recordform.js";
import * as mb from "./games/matebeta.js";

const $ = (id) => document.getElementById(id);
let record = null;        // {game, options, deal, moves}
let review = null;        // the server's review
let names = [t("Seat {n}", { n: 1 }), t("Seat {n}", { n: 2 })];
let line = [];            // the moves on the board: the game's, or another line from a ply
let ply = 0;              // how many moves of `line` the board shows
let shown = null;         // the position on the board
const positions = new Map();

// --- words ---
/** A value (seat 0 minus seat 1) as who leads by how much. */
function lead(v) {
  if (v === 0) return t("even");
  return t("{name} +{v}", { name: v > 0 ? names[0] : names[1], v: Math.abs(v) });
}

/** "A♦" (a lead or an answer), "Foreplace A♦", "Keep all ten": the table's words. */
function label(text) { return mb.moveLabel({ text }, { t, cardShort }); }

function where(m) { return m.phase === "foreplace" ? t("Foreplacing") : t("Move {n}", { n: m.move_no }); }

// --- loading ---
async function post(url, body) {
  const r = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const data = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error((data.error && data.error.message) || r.statusText);
  return data;
}

function fail(message) {
  $("rv-loading").hidden = true;
  $("rv-error").textContent = t("This record cannot be reviewed: {message}", { message });
}

async function open(data) {
  $("rv-error").textContent = "";
  $("rv-loading").hidden = false;
  try {
    review = await post("/api/matebeta/review", data);
  } catch (e) { fail(e.message); return; }
  record = review.record;
  positions.clear();
  line = record.moves.slice();
  $("rv-loading").hidden = true;
  $("rv-main").hidden = false;
  summary();
  chart();
  table();
  await go(record.moves.length);
}

async function fromTable(tableId, gameNo) {
  try {
    const info = await fetch(`/api/tables/${tableId}`).then((r) => r.json());
    if (info.seats) names = seatNames(info.seats, "matebeta");
    const q = gameNo ? `?game_no=${gameNo}` : "";
    const r = await fetch(`/api/tables/${tableId}/record${q}`);
    const data = await r.json();
    if (!r.ok) { fail((data.error && data.error.message) || r.statusText); return; }
    await open(data);
  } catch (e) { fail(e.message); }
}

recordForm("rv", open, fail);

// --- the summary: value of the deal, result, points given away, biggest mistakes ---
function summary() {
  const box = $("rv-summary");
  const moves = review.moves;
  const parts = [
    el("p", { text: t("Value of the deal: {value}", { value: lead(review.start) }) }),
    el("p", { text: t("Result: {value}", { value: lead(review.result) }) }),
    el("p", { text: t("Points given away: {a}, {b}", { a: t("{name} {n}", { name: names[0], n: review.given_away[0] }),
                                   b: t("{name} {n}", { name: names[1], n: review.given_away[1] }) }) }),
    el("h2", { text: t("Biggest mistakes") }),
  ];
  for (const seat of [0, 1]) {
    const list = review.mistakes[seat].slice(0, 3).map((p) => moves[p - 1]);
    if (!list.length) { parts.push(el("p", { class: "rv-clean", text: t("{name}: no mistakes, every move kept the value.", { name: names[seat] }) })); continue; }
    const ul = el("ul", { class: "rv-mistakes", "aria-label": names[seat] });
    for (const m of list) {
      const text = t("{where}: {move} gave away {lost} (best: {best})", { where: where(m), move: label(m.move), lost: m.lost, best: listOf(m.best.map(label)) });
      const b = el("button", { type: "button", class: "linkish", "data-ply": m.ply - 1, text: `${names[seat]}: ${text}` });
      b.addEventListener("click", () => goGame(m.ply - 1));
      ul.append(el("li", {}, b));
    }
    parts.push(ul);
  }
  const decisions = moves.filter((m) => m.phase === "foreplace");
  if (decisions.length) {
    parts.push(el("h2", { text: t("Foreplacing") }));
    const ul = el("ul", { class: "rv-mistakes" });
    for (const m of decisions) {
      const text = m.lost
        ? t("{where}: {move} gave away {lost} (best: {best})", { where: names[m.seat], move: label(m.move), lost: m.lost, best: listOf(m.best.map(label)) })
        : t("{name}: {move}: right, no points given away", { name: names[m.seat], move: label(m.move) });
      const b = el("button", { type: "button", class: "linkish", text });
      b.addEventListener("click", () => goGame(m.ply - 1));
      ul.append(el("li", {}, b));
    }
    parts.push(ul);
  }
  box.replaceChildren(...parts);
}

// --- the chart of the value over the game ---
const SVG = "http://www.w3.org/2000/svg";
function svg(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

function chart() {
  const values = review.values;
  const W = 320, H = 140, pad = 14;
  const top = Math.max(10, ...values.map(Math.abs));
  const x = (i) => pad + (i * (W - 2 * pad)) / Math.max(1, values.length - 1);
  const y = (v) => H / 2 - (v / top) * (H / 2 - pad);
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", class: "rv-svg",
                            "aria-label": t("Value after each move: above the line {a} leads, below it {b}.", { a: names[0], b: names[1] }) });
  root.append(svg("line", { x1: pad, x2: W - pad, y1: H / 2, y2: H / 2, class: "rv-zero" }));
  for (const [text, yy] of [[names[0], pad - 3], [names[1], H - 3]]) {
    const label = svg("text", { x: pad, y: yy, class: "rv-axis" });
    label.textContent = text;
    root.append(label);
  }
  root.append(svg("polyline", { points: values.map((v, i) => `${x(i)},${y(v)}`).join(" "), class: "rv-line" }));
  values.forEach((v, i) => {
    const m = i ? review.moves[i - 1] : null;
    const dot = svg("circle", { cx: x(i), cy: y(v), r: m && m.lost ? 4.5 : 2.5, class: `rv-dot${m && m.lost ? " bad" : ""}`, "data-ply": i, tabindex: "-1" });
    const tip = svg("title", {});
    tip.textContent = m ? `${where(m)}, ${names[m.seat]}: ${label(m.move)} → ${lead(v)}` : t("Value of the deal: {value}", { value: lead(v) });
    dot.append(tip);
    dot.addEventListener("click", () => goGame(i));
    root.append(dot);
  });
  root.append(svg("line", { id: "rv-cursor", x1: 0, x2: 0, y1: pad / 2, y2: H - pad / 2, class: "rv-cursor" }));
  $("rv-chart").replaceChildren(root);
  chart.x = x;
}

function markChart() {
  const cursor = document.getElementById("rv-cursor");
  if (!cursor) return;
  const onGame = sameAsGame();
  cursor.setAttribute("x1", chart.x(ply));
  cursor.setAttribute("x2", chart.x(ply));
  cursor.style.display = onGame ? "" : "none";
}

// --- the move list ---
function table() {
  const head = el("tr", {}, ...["rv.col_move", "rv.col_who", "rv.col_played", "rv.col_before", "rv.col_after", "rv.col_lost", "rv.col_best"]
    .map((k) => el("th", { scope: "col", text: labelOf(k) })));
  const rows = review.moves.map((m) => {
    const row = el("tr", { class: m.lost ? "bad" : "", "data-ply": m.ply, tabindex: "0" },
      el("td", { text: m.phase === "foreplace" ? "–" : String(m.move_no) }),
      el("td", { text: names[m.seat] }),
      el("td", { text: label(m.move) }),
      el("td", { class: "num", text: signed(m.before) }),
      el("td", { class: "num", text: signed(m.after) }),
      el("td", { class: "num", text: m.lost ? String(m.lost) : "" }),
      el("td", { text: m.forced ? t("forced") : m.best.map(label).join(", ") }));
    const pick = () => goGame(m.ply);
    row.addEventListener("click", pick);
    row.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pick(); } });
    return row;
  });
  $("rv-table").replaceChildren(el("thead", {}, head), el("tbody", {}, ...rows));
  $("rv-table-note").textContent = t("Values: {a}'s lead under perfect play (below zero, {b} leads).", { a: names[0], b: names[1] });
}

function signed(v) { return v > 0 ? `+${v}` : String(v); }

// --- the analysis board ---
function sameAsGame() {
  return ply <= record.moves.length && line.slice(0, ply).every((m, i) => m[0] === record.moves[i][0] && m[1] === record.moves[i][1]);
}

async function positionAt(n) {
  const key = JSON.stringify(line.slice(0, n));
  if (!positions.has(key)) {
    positions.set(key, post("/api/matebeta/position", { record: { ...record, moves: line.slice(0, n) } }));
  }
  try { return await positions.get(key); } catch (e) { positions.delete(key); throw e; }
}

function goGame(n) { line = record.moves.slice(); go(n); }

let asked = 0;             // the latest step asked for: an earlier answer arriving late is dropped
async function go(n) {
  ply = Math.max(0, Math.min(n, line.length));
  const mine = ++asked;
  let data;
  try { data = await positionAt(ply); } catch (e) { fail(e.message); return; }
  if (mine !== asked) return;
  shown = data;
  drawBoard();
}

function drawBoard() {
  const data = shown;
  const board = $("board");
  board.replaceChildren();
  mb.render(boardContext({ game: "matebeta", obs: data.observation, names,
                           status: data.outcome ? "finished" : "playing", outcome: data.outcome }), board);
  const onGame = sameAsGame();
  const away = onGame ? 0 : line.length - commonPrefix();
  $("rv-where").textContent = onGame ? t("After {n} of {total} moves", { n: ply, total: record.moves.length }) : t("Trying another line (moves off the game: {n})", { n: away });
  $("rv-back").hidden = onGame;
  updateSteps();
  $("rv-play").hidden = !!data.outcome;
  options(data);
  markChart();
  for (const row of document.querySelectorAll("#rv-table tr[data-ply]")) {
    row.classList.toggle("current", onGame && Number(row.dataset.ply) === ply);
  }
}

function commonPrefix() {
  let i = 0;
  while (i < line.length && i < record.moves.length && line[i][0] === record.moves[i][0] && line[i][1] === record.moves[i][1]) i++;
  return i;
}

function options(data) {
  const box = $("rv-options");
  const pos = data.position;
  if (pos.seat === null) { box.replaceChildren(el("p", { text: t("The game is over: {value}", { value: lead(pos.value) }) })); return; }
  const next = ply < line.length ? line[ply][1] : null;
  const list = el("div", { class: "rv-option-list", role: "group", "aria-label": t("{name} to play. Each move and the value it leaves:", { name: names[pos.seat] }) });
  for (const o of pos.options) {
    const best = o.value === pos.value;
    const b = el("button", { type: "button", class: `btn rv-option${best ? " best" : ""}${o.move === next ? " played" : ""}`, "data-move": o.move },
      el("span", { class: "rv-move", text: label(o.move) }),
      el("span", { class: "rv-value", text: lead(o.value) }));
    const marks = [best ? t("best") : null, o.move === next ? t("played") : null].filter(Boolean);
    if (marks.length) b.append(el("span", { class: "rv-mark", text: marks.join(" · ") }));
    b.addEventListener("click", () => tryMove(pos.seat, o.move));
    list.append(b);
  }
  box.replaceChildren(el("p", { text: t("{name} to play. Each move and the value it leaves:", { name: names[pos.seat] }) }), list);
}

function tryMove(seat, move) {
  if (!(ply < line.length && line[ply][1] === move)) line = [...line.slice(0, ply), [seat, move]];
  go(ply + 1);
}

// the board scrolled to stops below the sticky step bar, however many rows the bar takes
const bar = $("rv-stepbar");
new ResizeObserver(() => {
  $("review-page").style.setProperty("--rv-bar", `${Math.ceil(bar.getBoundingClientRect().height)}px`);
}).observe(bar);

const updateSteps = stepper(
  { first: $("rv-first"), prev: $("rv-prev"), next: $("rv-next"), last: $("rv-last") },
  { at: () => ply, count: () => line.length, go, active: () => !$("rv-main").hidden, skip: "tr" });
$("rv-back").addEventListener("click", () => goGame(Math.min(commonPrefix(), record.moves.length)));
$("rv-play").addEventListener("click", () => {
  const seat = shown.position.seat;
  const seats = [0, 1].map((s) => (s === seat ? { kind: "human" } : { kind: "computer", strength: "expert" }));
  createTable({ game: "matebeta", seats, creator_seat: seat, start: { deal: record.deal, moves: line.slice(0, ply) } },
              (message) => { $("rv-error").textContent = t("This record cannot be reviewed: {message}", { message }); });
});
if (DATA.table) fromTable(DATA.table, DATA.game_no);
