// The table page: one WebSocket, the seat's observation, and the game's own renderer.
//
// The page knows only what the server's `state` messages say: the observation of
// this seat (with `legal`, the moves it may make now), public events, seats, clock,
// match. Each game module (games/<id>.js, its interface in games/interface.js) draws the
// board from the observation and maps every legal move text to a source and a target.
// This module takes the messages and draws them; the rest is in table/: the shared state
// (state.js), the connection, the context a game module gets, the lines above the board
// (header.js, clock.js), the panels and result, choosing moves, why not, the keyboard,
// the log, the toasts and the sounds.
import { labelOf } from "./i18n.js";
import { currentSignals } from "./board.js";
import { game, guide, learning } from "./table/game.js";
import { els, state } from "./table/state.js";
import { connect, sendRaw } from "./table/connection.js";
import { ctx } from "./table/context.js";
import { toast } from "./table/toast.js";
import { renderMatch, renderSeats } from "./table/header.js";
import { newGameClock, renderClock } from "./table/clock.js";
import { foldLog, logEvents } from "./table/log.js";
import { sound, soundSwitch } from "./table/sound.js";
import { hideWhy, listenWhy, onWhy, refusalText } from "./table/why.js";
import { renderPanel } from "./table/panels.js";
import { listenBoard, scheduleAuto, wire } from "./table/moves.js";
import { keepFocus, listenKeys } from "./table/keyboard.js";

if (guide) guide.whenRead(() => scheduleAuto());

const drawing = {
  first: true,       // the first message: its events are the past, neither read out nor animated
  pressed: false,    // a pointer button is down on the table
  held: false,       // a state message waits for its release to be drawn
};

function onState(data) {
  const newGame = state.gameNo !== null && data.game_no !== state.gameNo;
  if (newGame) { state.signalsNow = new Map(); state.selected = null; newGameClock(); }
  const events = data.events || [];
  state.gameNo = data.game_no;
  state.seen = data.seen;
  const previous = state.msg;
  state.msg = data;
  // our move is answered by a new version (or an error); a state of the same version (a
  // partner's signal) must not end the wait, or a second tap would send a second move
  if (!previous || previous.version !== data.version || previous.game_no !== data.game_no) {
    state.pending = false;
    els.page.classList.remove("busy");
  }
  if (state.choices && previous && previous.version !== data.version) state.choices = null;
  if (state.confirming && previous && previous.version !== data.version) state.confirming = null;
  if (!previous || previous.version !== data.version || newGame) hideWhy();
  state.signalsNow = currentSignals(data.game, data.observation);
  logEvents(events, drawing.first);
  if (!drawing.first) sound(previous, events);
  const animations = drawing.first ? [] : events;
  drawing.first = false;
  if (drawing.pressed) drawing.held = true;
  else show(animations);
}

/** Draw the last state message. */
function show(events) {
  const msg = state.msg;
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

function render() {
  const finishedBefore = els.page.dataset.status === "finished";
  renderSeats();
  renderMatch();
  renderClock();
  els.board.replaceChildren();
  game.render(ctx, els.board);
  renderPanel();
  wire();
  keepFocus(!finishedBefore && state.msg.status === "finished");
}

function animate(list) {
  for (const [selector, cls] of list || []) {
    for (const node of els.board.querySelectorAll(selector)) {
      node.classList.remove(cls);
      void node.offsetWidth;
      node.classList.add(cls);
    }
  }
}

// A click is a press and a release on the same element: a board drawn anew in between
// (the other seat moved: in Blitz at any moment) would lose it. So while a button is
// down on the table, the new state waits, and is drawn once this press's click is done.
els.page.addEventListener("pointerdown", (event) => { drawing.pressed = event.button === 0; });
for (const kind of ["pointerup", "pointercancel", "blur"]) {
  window.addEventListener(kind, () => {
    drawing.pressed = false;
    if (drawing.held) setTimeout(() => { if (drawing.held && !drawing.pressed) { drawing.held = false; show([]); } });
  });
}

function onError(data) {
  state.pending = false;
  els.page.classList.remove("busy");
  const key = data.code === "illegal" || data.code === "stale" || data.code === "duplicate"
    ? "table.refused" : "table.error";
  toast(labelOf(key, { message: refusalText(data) }), true);
  if (data.code === "stale" || data.code === "duplicate") sendRaw({ type: "sync" });
  wire();
}

listenWhy();
listenKeys();
listenBoard();
soundSwitch();
foldLog();
connect({ state: onState, error: onError, why: onWhy });
