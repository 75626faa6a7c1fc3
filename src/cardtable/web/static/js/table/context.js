// What every game module gets (`ctx`): the observation, the seats' names, the page's words
// and card drawing, and the ways to play a move and send a signal.
import { t, tn, tc, hasLabel, labelOf, cardName, cardShort, listOf, rankLetter, LANG, DATA } from "../i18n.js";
import { cardEl, emptyEl, sortLadder } from "../cards.js";
import { el } from "../dom.js";
import { computerName } from "../board.js";
import { game } from "./game.js";
import { gameId, state } from "./state.js";
import { sendRaw } from "./connection.js";
import { toast } from "./toast.js";

/** A seat's name as the page shows it: the server's default names in the page language, a
 *  computer by its level, a number after names that two seats share. */
export function seatName(seat) {
  if (seat === null || seat === undefined) return "";
  const msg = state.msg;
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

function sendSignal(text) {
  sendRaw({ type: "signal", signal: text });
  const [kind, pile] = text.split(" ");
  const where = game.pileName ? game.pileName(pile, ctx) : pile;
  const sent = `${labelOf("signal." + kind)} (${where})`;
  toast(kind === "clear" ? t("Signal taken back ({pile})", { pile: where }) : t("Signal sent: {signal}", { signal: sent }));
}

// Playing a move may first draw the question whether to (moves.js, which draws on this
// context and so sits above it): it names its function here once.
const mover = { send: () => {} };
export function sendMovesWith(send) { mover.send = send; }

/** What every game module gets: the observation and helpers (games/interface.js). */
export const ctx = {
  t, tn, tc, labelOf, hasLabel, LANG, cardEl, emptyEl, cardName, cardShort, listOf, rankLetter, sortLadder, el,
  get msg() { return state.msg; },
  get obs() { return state.msg ? state.msg.observation : null; },
  get seat() { return state.msg ? state.msg.seat : null; },
  get view() { return state.msg && state.msg.seat !== null ? state.msg.seat : 0; },   // spectators watch from seat 0
  get legal() { return state.msg && state.msg.status === "playing" ? (state.msg.observation.legal || []) : []; },
  get signals() { return state.msg && state.msg.signals ? state.msg.signals : []; },
  get signalsNow() { return state.signalsNow; },
  name: seatName,
  isMe: (seat) => state.msg && state.msg.seat !== null && seat === state.msg.seat,
  send: (text) => mover.send(text),
  signal: sendSignal,
  facts: DATA.facts,
};
