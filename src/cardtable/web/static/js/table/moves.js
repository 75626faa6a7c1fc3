// Choosing a move: the game module maps every legal move text to a source (what you tap
// first: a card) and a target (where it goes: a pile, a lane, a seat). This module marks
// them on the board, fills the action bar, asks again before a move that loses at once,
// sends the move, and plays MateBeta's forced cards by themselves. Only legal moves are
// ever offered; a tap on anything else asks why not (why.js).
import { t } from "../i18n.js";
import { el } from "../dom.js";
import { game, guide } from "./game.js";
import { els, state, unchoose } from "./state.js";
import { sendRaw } from "./connection.js";
import { ctx, sendMovesWith } from "./context.js";
import { setStatus } from "./status.js";
import { explain, hideWhy, showWhy } from "./why.js";

const auto = { timer: null };   // a forced card's pause before it plays itself

/** A move the player chose: one that loses the game at once (the observation's `losing`)
 *  is sent only after the page has said what will happen, and why, and asked again. */
export function tryMove(text) {
  if (state.pending || !state.msg) return;
  if (losingWhy(text)) { state.confirming = text; state.selected = null; state.choices = null; wire(); return; }
  sendMove(text);
}
sendMovesWith(tryMove);

function losingWhy(text) {
  const msg = state.msg;
  const losing = msg && msg.status === "playing" && msg.observation.losing;
  return (losing && losing[text]) || null;
}

function sendMove(text) {
  if (state.pending || !state.msg) return;
  clearTimeout(auto.timer);
  if (sendRaw({ type: "move", move: text, version: state.msg.version })) {
    state.pending = true;
    unchoose();
    els.page.classList.add("busy");
    wire();
  }
}

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
export function wire() {
  const msg = state.msg;
  if (!msg) return;
  const moves = state.pending ? [] : parsedMoves();
  const bySrc = new Map();
  for (const m of moves) if (m.src) { if (!bySrc.has(m.src)) bySrc.set(m.src, []); bySrc.get(m.src).push(m); }
  if (state.selected && !bySrc.has(state.selected)) state.selected = null;
  const selected = state.selected;
  const targets = new Set();
  if (selected && !state.choices) for (const m of bySrc.get(selected)) if (m.dst) targets.add(m.dst);
  // mark each place once (removing and re-adding focusability would drop the keyboard focus)
  const asking = !!msg && msg.seat !== null && msg.status === "playing" && !state.pending && !state.choices;
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
  if (state.confirming && !moves.some((m) => m.text === state.confirming)) state.confirming = null;
  const confirming = state.confirming;
  if (confirming) {
    buttons.push(perilEl(confirming));
    const yes = el("button", { class: "btn danger", type: "button", "data-move": confirming, text: t("Yes: {move}", { move: label({ text: confirming, ...game.parseMove(confirming, ctx) }) }) });
    yes.addEventListener("click", () => sendMove(state.confirming));
    const no = el("button", { class: "btn primary", type: "button", text: t("No, go back") });
    no.addEventListener("click", () => { state.confirming = null; wire(); });
    buttons.push(yes, no);
  } else if (state.choices) {
    buttons.push(el("span", { class: "label", text: t("Which one?") }));
    for (const m of state.choices) add(m, "btn primary");
  } else {
    if (selected) {
      const direct = bySrc.get(selected).filter((m) => !m.dst);
      const targeted = bySrc.get(selected).some((m) => m.dst);
      if (targeted) buttons.push(el("span", { class: "label", text: t("Now choose where: the highlighted places") }));
      for (const m of direct) add(m, "btn primary");
    }
    for (const m of moves) if (!m.src) add(m, m.primary ? "btn primary" : "btn");
  }
  if ((selected || state.choices) && !confirming) {
    const cancel = el("button", { class: "btn ghost", type: "button", text: t("Cancel") });
    cancel.addEventListener("click", () => { state.selected = null; state.choices = null; wire(); });
    buttons.push(cancel);
  }
  els.actions.replaceChildren(...buttons);
  els.page.dataset.choosing = state.choices || confirming ? "1" : "0";
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
  if (state.selected && node.dataset.dst && game.whyMoves(state.selected, node.dataset.dst, ctx).length) return "dst";
  if (node.dataset.src && game.whyMoves(node.dataset.src, null, ctx).length) return "src";
  return null;
}

function onSource(src) {
  const moves = parsedMoves().filter((m) => m.src === src);
  if (!moves.length) return;
  hideWhy();
  state.choices = null;
  state.confirming = null;
  if (moves.length === 1 && !moves[0].dst && !moves[0].confirm) { tryMove(moves[0].text); return; }
  const hadFocus = els.board.contains(document.activeElement);
  state.selected = state.selected === src ? null : src;
  wire();
  if (state.selected) {
    const first = els.board.querySelector(".target") || els.actions.querySelector("button[data-move]");
    els.live.textContent = t("Now choose where: the highlighted places");
    if (first && hadFocus && state.keyboardUsed) first.focus();
  }
}

function onTarget(dst) {
  const moves = parsedMoves().filter((m) => m.src === state.selected && m.dst === dst);
  if (moves.length === 1) { tryMove(moves[0].text); return; }
  if (moves.length > 1) {
    state.choices = moves;
    wire();
    const first = els.actions.querySelector("button");
    if (first) first.focus();
  }
}

/** A tap on the board: a target, a source, an unusable place (why not?), or elsewhere. */
export function listenBoard() {
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
    if (why) { explain(why.dataset.why === "dst" ? state.selected : why.dataset.src, why.dataset.why === "dst" ? why.dataset.dst : null); return; }
    if (state.selected || state.choices || state.confirming) { unchoose(); wire(); return; }
    // a pile or place tapped before any card: say what comes first
    const place = event.target.closest("[data-dst]");
    const msg = state.msg;
    if (place && msg && msg.seat !== null && msg.status === "playing" && parsedMoves().some((m) => m.dst)) showWhy([t("Choose one of your cards first, then where it goes.")]);
  });
}

/** MateBeta's forced cards play themselves after a short pause (the rule text's wish).
 *  The page's `data-forced` says so ("1": the seat's one move will play without a tap, so
 *  the table changes by itself, and a why-not answer shown meanwhile goes away with it). */
export function scheduleAuto() {
  clearTimeout(auto.timer);
  els.page.dataset.forced = "0";
  const msg = state.msg;
  if (!game.autoForced || !msg || msg.status !== "playing" || msg.seat === null) return;
  const legal = ctx.legal;
  if (legal.length !== 1 || !game.autoForced(legal[0], ctx)) return;
  els.page.dataset.forced = "1";
  if (guide && guide.holds()) {           // the guide's tip on this moment is read first
    setStatus(t("Forced card: it plays itself once you have read the guide's tip."), "", true);
    return;
  }
  const version = msg.version;
  setStatus(t("Forced card: it plays itself…"), "", true);
  auto.timer = setTimeout(() => { if (state.msg.version === version) sendMove(legal[0]); }, 700);
}
