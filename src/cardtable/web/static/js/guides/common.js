// What the guides of several games share: whose move it is, and the cards' ladder.

/** Whether the seat is to move now: it has legal moves (the guide reads the seat's own
 *  state message, whose observation lists only this seat's moves). */
export const mine = (m) => m.status === "playing" && (m.observation.legal || []).length > 0;

const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const SUITS = ["D", "H", "S", "C"];

/** A card's place on the 52-rung ladder of Paternoster and the duel (rank, then suit). */
export const rung = (card) => RANKS.indexOf(card.slice(0, -1)) * 4 + SUITS.indexOf(card.slice(-1));

/** "10H" -> "10". */
export const rankOf = (card) => card.slice(0, -1);
