// What the table page's modules share: its elements, its ids, and the one state object
// that the server's messages and the player's taps change.
import { DATA } from "../i18n.js";

export const tableId = DATA.table;
export const gameId = DATA.game;
export const params = new URLSearchParams(location.search);

const $ = (id) => document.getElementById(id);
export const els = {
  page: $("table-page"), seats: $("seats"), match: $("match"), clock: $("clock"), status: $("status"),
  panel: $("panel"), board: $("board"), actions: $("actions"), log: $("log"), live: $("live"), toast: $("toast"),
  why: $("why"), logBox: $("log-box"), sounds: $("sounds"),
};

export const state = {
  msg: null,                // the last state message
  seen: 0,                  // events of this game we have
  gameNo: null,
  selected: null,           // key of the selected source
  choices: null,            // several moves for one source and target: pick one
  confirming: null,         // a move that loses the game at once, waiting for a second yes
  pending: false,           // a move is on its way
  signalsNow: new Map(),    // "seat|pile" -> kind: the signals the rules engine holds now
  keyboardUsed: false,      // the last input was a key (a mouse press sets it back)
};

/** Forget the source, the choice and the confirmation being made. */
export function unchoose() {
  state.selected = null;
  state.choices = null;
  state.confirming = null;
}
