// The guided first game of solo Paternoster: its tips, each with the moment it first matters.
import { mine, rung } from "./common.js";

const PILES = ["up1", "up2", "up3", "down1", "down2", "down3"];

/** Whether a legal Paternoster move is a step back (a card the wrong way onto a pile). */
function stepBack(obs, text) {
  const [kind, card, pile] = text.split(" ");
  if (kind !== "play") return false;
  const cards = obs.piles[PILES.indexOf(pile)];
  if (!cards.length) return false;
  const top = cards[cards.length - 1];
  return pile.startsWith("up") ? rung(card) < rung(top) : rung(card) > rung(top);
}

export const TIPS = [
  { id: "welcome", when: () => true },
  { id: "piles", when: (m) => mine(m) },
  { id: "owe", when: (m) => mine(m) && m.observation.played >= 1 },
  { id: "fit", when: (m) => m.observation.piles.some((p) => p.length) && mine(m) && m.observation.played === 0 },
  { id: "why", when: (m) => mine(m) && document.querySelector("#board .hand [data-why]") !== null },
  { id: "step-back", when: (m) => mine(m) && !m.observation.step_back_used && m.observation.legal.some((x) => stepBack(m.observation, x)) },
  { id: "end", when: (m) => mine(m) && m.observation.legal.includes("end") },
  { id: "small-steps", when: (m) => mine(m) && m.observation.piles.filter((p) => p.length >= 3).length >= 2 },
  { id: "draw-empty", when: (m) => m.observation.draw_count === 0 },
  { id: "over", when: (m) => m.status === "finished" },
];
