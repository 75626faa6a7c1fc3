// Cards drawn as SVG: crisp at any size, rank and suit symbol always shown (never colour alone).
import { cardName, parseCard, rankLetter } from "./i18n.js";

const NS = "http://www.w3.org/2000/svg";

// Suit shapes in a 100x100 box.
const SHAPES = {
  H: '<path d="M50 92C22 68 2 50 2 29 2 13 14 2 28 2c10 0 18 6 22 14 4-8 12-14 22-14 14 0 26 11 26 27 0 21-20 39-48 63z"/>',
  D: '<path d="M50 2 88 50 50 98 12 50z"/>',
  S: '<path d="M50 2C78 28 98 44 98 63c0 15-11 25-24 25-9 0-16-5-20-12 1 10 6 17 13 24H33c7-7 12-14 13-24-4 7-11 12-20 12C13 88 2 78 2 63 2 44 22 28 50 2z"/>',
  C: '<circle cx="50" cy="27" r="22"/><circle cx="26" cy="60" r="22"/><circle cx="74" cy="60" r="22"/><path d="M44 55h12c0 20 4 32 14 43H30c10-11 14-23 14-43z"/>',
};

function suitSvg(suit, x, y, size, flip = false) {
  const s = size / 100;
  const tr = flip ? `translate(${x + size} ${y + size}) rotate(180) scale(${s})` : `translate(${x} ${y}) scale(${s})`;
  return `<g transform="${tr}" fill="currentColor">${SHAPES[suit]}</g>`;
}

const PIPS = {
  // rank -> pip centres on a 60x84 card (interior), for number cards
  1: [[30, 42]], 2: [[30, 22], [30, 62]], 3: [[30, 20], [30, 42], [30, 64]],
  4: [[22, 22], [38, 22], [22, 62], [38, 62]], 5: [[22, 22], [38, 22], [30, 42], [22, 62], [38, 62]],
  6: [[22, 22], [38, 22], [22, 42], [38, 42], [22, 62], [38, 62]],
  7: [[22, 22], [38, 22], [30, 32], [22, 42], [38, 42], [22, 62], [38, 62]],
  8: [[22, 20], [38, 20], [30, 31], [22, 42], [38, 42], [30, 53], [22, 64], [38, 64]],
  9: [[22, 19], [38, 19], [22, 34], [38, 34], [30, 42], [22, 50], [38, 50], [22, 65], [38, 65]],
  10: [[22, 19], [38, 19], [30, 27], [22, 35], [38, 35], [22, 49], [38, 49], [30, 57], [22, 65], [38, 65]],
};

function faceSvg(rank, suit) {
  const corner = rank === "10" ? 15 : 17;
  const x = rank === "10" ? 3.2 : 5;
  const squeeze = rank === "10" ? ' textLength="15" lengthAdjust="spacingAndGlyphs"' : "";
  const letter = rankLetter(rank);
  const cornerText = `<text x="${x}" y="${corner}" font-size="${corner - 1}" class="rank" fill="currentColor"${squeeze}>${letter}</text>`;
  let body = "";
  const n = rank === "A" ? 1 : Number(rank);
  if (rank === "A") {
    body = suitSvg(suit, 16, 28, 28);
  } else if (n >= 2 && n <= 10) {
    const size = n >= 8 ? 10 : 11;
    body = PIPS[n].map(([cx, cy]) => suitSvg(suit, cx - size / 2, cy - size / 2, size, cy > 45)).join("");
  } else {
    // court cards: a framed panel with a large letter and the suit
    body = `<rect x="14" y="16" width="32" height="52" rx="3" fill="none" stroke="currentColor" stroke-width="1.2" opacity=".55"/>`
      + `<text x="30" y="50" text-anchor="middle" font-size="26" class="rank" fill="currentColor">${letter}</text>`
      + suitSvg(suit, 24, 53, 12);
  }
  return `<svg viewBox="0 0 60 84" xmlns="${NS}" aria-hidden="true" focusable="false">`
    + cornerText + suitSvg(suit, 4.5, corner + 2, 10)
    + `<g transform="rotate(180 30 42)">${cornerText}${suitSvg(suit, 4.5, corner + 2, 10)}</g>`
    + body + `</svg>`;
}

/**
 * A card element. `text` like "10H", or null for a face-down card.
 * opts: {label, small, tiny, known (face-down card whose face you know), key, extraClass}
 */
export function cardEl(text, opts = {}) {
  const el = document.createElement("div");
  el.className = "card";
  if (opts.small) el.classList.add("small");
  if (opts.tiny) el.classList.add("tiny");
  if (opts.extraClass) el.classList.add(...opts.extraClass.split(" ").filter(Boolean));
  if (text) {
    const { rank, suit } = parseCard(text);
    el.classList.add(`suit-${suit}`);
    el.innerHTML = faceSvg(rank, suit);
    el.dataset.card = text;
    el.setAttribute("aria-label", opts.label || cardName(text));
  } else {
    el.classList.add("back");
    // a back without a label is one of a row its container names: hidden, not an empty image
    if (!opts.label) { el.setAttribute("aria-hidden", "true"); return el; }
    el.setAttribute("aria-label", opts.label);
  }
  el.setAttribute("role", "img");
  return el;
}

/** An empty pile's place holder. */
export function emptyEl(label, opts = {}) {
  const el = document.createElement("div");
  el.className = "card empty" + (opts.small ? " small" : "");
  // an unnamed place (a trick's answer not yet played) is decoration, not an empty image
  if (!label) { el.setAttribute("aria-hidden", "true"); return el; }
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", label);
  return el;
}

/** Card order on the Paternoster ladder: rank first (A low, K high), then ♦ ♥ ♠ ♣. */
const RANK_ORDER = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const SUIT_ORDER = ["D", "H", "S", "C"];
export function ladder(text) {
  const { rank, suit } = parseCard(text);
  return RANK_ORDER.indexOf(rank) * 4 + SUIT_ORDER.indexOf(suit);
}
export function sortLadder(cards) { return [...cards].sort((a, b) => ladder(a) - ladder(b)); }
