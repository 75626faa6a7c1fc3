// The guided first game of Duel 52: its tips, each with the moment it first matters. The
// powers come in as the learner can first flip a card of theirs that has one (the fixed
// deal's hand holds Freeze, Heal, Retaliate, Taunt and Action), or first meets it face up.
import { mine, rankOf } from "./common.js";

const tableCards = (obs) => obs.lanes.flatMap((sides) => sides.flat());

/** The table card at a place ("L2.0.1": lane 2, seat 0's side, slot 1). */
function at(obs, pos) {
  const [lane, seat, slot] = pos.slice(1).split(".").map(Number);
  return obs.lanes[lane - 1][seat].find((c) => c.slot === slot) || null;
}

/** The cards the learner may flip now. */
function flippable(m) {
  if (!mine(m)) return [];
  return m.observation.legal.filter((x) => x.startsWith("flip ")).map((x) => at(m.observation, x.split(" ")[1]));
}

/** Whether the learner may flip a card of theirs of this rank now. */
const canFlip = (m, rank) => flippable(m).some((c) => c.card !== null && rankOf(c.card) === rank);

/** Whether a card of this rank lies face up anywhere on the table. */
const faceUp = (m, rank) => tableCards(m.observation).some((c) => c.up && c.card && rankOf(c.card) === rank);

/** A face-up card of the learner's that could attack, facing only the other side's Base
 *  card while the draw pile lasts. */
function onlyBase(m) {
  const obs = m.observation;
  return mine(m) && obs.pile > 0 && obs.lanes.some((sides) => {
    const theirs = sides[1 - m.seat];
    return sides[m.seat].some((c) => c.up && !c.frozen) && theirs.length > 0 && theirs.every((c) => c.base);
  });
}

const my = (m, kind) => mine(m) && m.observation.legal.some((x) => x.startsWith(`${kind} `));

export const TIPS = [
  { id: "welcome", when: () => true },
  { id: "turn", when: (m) => mine(m) },
  { id: "flip", when: (m) => flippable(m).some((c) => !c.base) },
  { id: "freeze", when: (m) => canFlip(m, "6") },
  { id: "heal", when: (m) => canFlip(m, "7") },
  { id: "action", when: (m) => canFlip(m, "A") },
  { id: "taunt", when: (m) => canFlip(m, "J") || faceUp(m, "J") },
  { id: "retaliate", when: (m) => canFlip(m, "8") || faceUp(m, "8") },
  { id: "attack", when: (m) => my(m, "attack") },
  { id: "pair", when: (m) => my(m, "pair") },
  { id: "base", when: (m) => onlyBase(m) },
  { id: "why", when: (m) => mine(m) && document.querySelector("#board [data-why]") !== null },
  { id: "trap", when: (m) => faceUp(m, "3") },
  { id: "frozen", when: (m) => m.status === "playing" && tableCards(m.observation).some((c) => c.seat === m.seat && c.frozen) },
  { id: "pile-empty", when: (m) => m.status === "playing" && m.observation.pile === 0 },
  { id: "lane-won", when: (m) => m.status === "playing" && m.observation.won.some((w) => w !== null) },
  { id: "over", when: (m) => m.status === "finished" },
];
