// The guided first duel (Paternoster Duel): its tips, each with the moment it first matters.
import { mine, rung } from "./common.js";

/** Whether a legal duel move is a step back on the seat's own pile (its piles: [up, down]). */
function duelStepBack(m, text) {
  const [kind, card, pile] = text.split(" ");
  if (kind !== "play") return false;
  const cards = m.observation.piles[m.seat % 2][pile === "up" ? 0 : 1];
  if (!cards.length) return false;
  const top = cards[cards.length - 1];
  return pile === "up" ? rung(card) < rung(top) : rung(card) > rung(top);
}

export const TIPS = [
  { id: "welcome", when: () => true },
  { id: "piles", when: (m) => mine(m) },
  { id: "owe", when: (m) => mine(m) && m.observation.played >= 1 },
  { id: "why", when: (m) => mine(m) && document.querySelector("#board .hand [data-why]") !== null },
  { id: "push", when: (m) => mine(m) && m.observation.legal.some((x) => x.startsWith("push ")) },
  { id: "step-back", when: (m) => mine(m) && m.observation.legal.some((x) => duelStepBack(m, x)) },
  { id: "end", when: (m) => mine(m) && m.observation.legal.includes("end") },
  { id: "draw-empty", when: (m) => mine(m) && m.observation.draw_counts[m.seat] === 0 },
  { id: "over", when: (m) => m.status === "finished" },
];
