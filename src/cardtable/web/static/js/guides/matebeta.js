// The guided first game of MateBeta: foreplacing, answering, leading, mate and its score,
// each tip with the moment it first matters. The fixed deal lets the computer deal and
// foreplace, so the learner meets the dealer's limit and answers move 1 at once.
import { cardShort } from "../i18n.js";
import { mine, rankOf } from "./common.js";

const VALUES = { "7": 7, Q: 3, K: 4, "10": 10, A: 11 };
const suitOf = (card) => card.slice(-1);
const phase = (m, name) => mine(m) && m.observation.phase === name;
/** An answer the learner chooses: a forced one plays itself (its own tip waits for it), so a
 *  tip about choosing would show only for that pause. */
const choosing = (m) => phase(m, "answer") && m.observation.legal.length > 1;

/** The last move of this game: 10, or 9 when both players foreplaced. */
const lastMove = (obs) => (obs.foreplaced.every((c) => c) ? 9 : 10);

/** The learner's leads now that the computer cannot answer (of neither suit nor rank). */
function mates(m) {
  if (!phase(m, "lead")) return [];
  const theirs = m.observation.hands[1 - m.seat];
  return m.observation.legal.map((x) => x.split(" ")[1])
    .filter((card) => !theirs.some((c) => suitOf(c) === suitOf(card) || rankOf(c) === rankOf(card)));
}

/** What the best mate now would score (the rules' scoring: value times the move, one more
 *  for a foreplacer; move 10 with one foreplacer: 22 for the foreplacer, 10 for the other). */
function mateParams(m) {
  const obs = m.observation;
  const foreplacers = obs.foreplaced.filter((c) => c).length;
  const mineFp = !!obs.foreplaced[m.seat];
  const factor = obs.move === 10 && foreplacers === 1 ? (mineFp ? 22 : 10) : obs.move + (mineFp ? 1 : 0);
  const card = mates(m).sort((a, b) => VALUES[rankOf(b)] - VALUES[rankOf(a)])[0];
  const value = VALUES[rankOf(card)];
  return { card: cardShort(card), value, factor, points: value * factor };
}

const dealerCard = (m) => m.observation.foreplaced[m.observation.dealer];

export const TIPS = [
  { id: "welcome", when: () => true },
  { id: "foreplace", when: (m) => phase(m, "foreplace") },
  { id: "foreplace-limit", when: (m) => phase(m, "foreplace") && m.observation.dealer !== m.seat && !!dealerCard(m),
    params: (m) => ({ card: cardShort(dealerCard(m)) }) },
  { id: "forced", when: (m) => mine(m) && m.observation.phase !== "foreplace" && m.observation.legal.length === 1 },
  { id: "follow", when: choosing },
  { id: "ranking", when: choosing },
  { id: "why", when: (m) => choosing(m) && document.querySelector("#board [data-why]") !== null },
  { id: "lead", when: (m) => phase(m, "lead") && m.observation.legal.length > 1 },
  { id: "mate-now", when: (m) => mates(m).length > 0, params: mateParams },
  { id: "last", when: (m) => m.status === "playing" && m.observation.phase !== "foreplace" && m.observation.move === lastMove(m.observation) },
  { id: "over", when: (m) => m.status === "finished" },
];
