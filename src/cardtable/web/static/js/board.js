// A board drawn from one observation, outside a live table: what the game modules
// (games/<id>.js) need to draw a position, for the replay and the MateBeta review.
// The live table builds the same shape from its WebSocket messages (table.js).
import { DATA, LANG, t, tn, tc, hasLabel, labelOf, cardName, cardShort, listOf, rankLetter } from "./i18n.js";
import { cardEl, emptyEl, sortLadder } from "./cards.js";
import { el } from "./dom.js";

const SIGNAL_PILES = { duel: ["up", "down"],
                       paternoster: ["up1", "up2", "up3", "down1", "down2", "down3"] };

/** The current signals of an observation (seat, pile id, kind), keyed "seat|pile name". */
export function currentSignals(game, observation) {
  const names = SIGNAL_PILES[game] || [];
  const now = new Map();
  for (const [seat, pile, kind] of (observation && observation.signals) || []) {
    now.set(`${seat}|${names[pile] ?? pile}`, kind);
  }
  return now;
}

/** A signal event in words, its pile named as this page names piles (a Team duel pile
 *  by the signalling seat's team, not the viewer's): "Ann signals on team black: up pile:
 *  …", or "Ann takes back the signal on …". */
export function signalLine(game, ev, ctx) {
  const [kind, pile] = ev.signal.split(" ");
  const where = game.pileName ? game.pileName(pile, ctx, ev.seat) : pile;
  const name = ctx.name(ev.seat);
  return kind === "clear" ? t("{name} takes back the signal on {pile}", { name, pile: where })
    : t("{name} signals on {pile}: {signal}", { name, pile: where, signal: labelOf("signal." + kind) });
}

/** A computer seat named by a player that is no level ("Computer (random)"), in the
 *  page's language; `fallback` for a name the site does not know. */
export function botName(player, fallback) {
  return hasLabel(`botname.${player}`) ? labelOf(`botname.${player}`) : fallback;
}

/** A computer seat by the name the table gives it: its level's name ("Club player") when
 *  the player is one of the game's levels, else the player's own label, else `fallback`.
 *  The table page has its game's ladder, the replay and the review every game's. */
export function computerName(game, player, fallback) {
  const ladder = (DATA.ladders && DATA.ladders[game]) || (DATA.facts && DATA.facts.ladder) || [];
  const level = ladder.find((l) => l.names.includes(player));
  if (!level) return botName(player, fallback);
  return hasLabel(`level.${game}.${level.name}`) ? labelOf(`level.${game}.${level.name}`) : level.name;
}

/** The server's default names ("Player 2", "Computer (club)") in the page's language, as
 *  the table names them: one name per player across table, log, replay and review. */
export function seatNames(seats, game) {
  return seats.map((s) => s.name.replace(/^Player (\d+)$/, (_, n) => t("Player {n}", { n }))
    .replace(/^Computer \(([\w-]+)\)$/, (whole, p) => computerName(game, p, whole)));
}

/** A game module's context for one position: `seat` is whose eyes (null: a spectator's);
 *  nothing can be played from it. */
export function boardContext({ game, obs, names, seat = null, status = "playing", outcome = null, match = null, kinds = null }) {
  return {
    t, tn, tc, labelOf, hasLabel, LANG, el, cardEl, emptyEl, cardName, cardShort, listOf, rankLetter, sortLadder,
    msg: { status, outcome, match, seat, observation: obs,
           seats: names.map((name, i) => ({ seat: i, name, kind: kinds ? kinds[i] : "human" })) },
    obs, seat, view: seat ?? 0, legal: [], signals: [],
    signalsNow: currentSignals(game, obs),
    name: (s) => names[s] ?? t("Seat {n}", { n: s + 1 }),
    isMe: (s) => seat !== null && s === seat,
    send: () => {}, signal: () => {},
  };
}
