// The page's language: messages and card names, from the JSON the page was served with.
const data = JSON.parse(document.getElementById("ct-data").textContent);
export const DATA = data;
export const LANG = data.lang;

/** The message `key` with `{name}` placeholders filled from `vars`. */
export function t(key, vars = {}) {
  let text = data.messages[key];
  if (text === undefined) text = key;
  for (const [name, value] of Object.entries(vars)) text = text.split(`{${name}}`).join(String(value));
  return text;
}

export const SUIT_SYMBOL = { D: "♦", H: "♥", S: "♠", C: "♣" };

/** "10H" -> {rank: "10", suit: "H"} (also accepts T for 10). */
export function parseCard(text) {
  const suit = text.slice(-1).toUpperCase();
  let rank = text.slice(0, -1).toUpperCase();
  if (rank === "T") rank = "10";
  return { rank, suit };
}

/** A card's full name for screen readers: "Queen of Hearts" / "Herz Dame". */
export function cardName(text) {
  const { rank, suit } = parseCard(text);
  const r = data.ranks[rank] || rank;
  const s = data.suits[suit];
  return LANG === "de" ? `${s} ${r}` : `${r} of ${s}`;
}

/** A card's short form for logs: "Q♥". */
export function cardShort(text) {
  const { rank, suit } = parseCard(text);
  return `${rank}${SUIT_SYMBOL[suit]}`;
}

/** Several things as "a, b and c". */
export function listOf(items) {
  if (items.length <= 1) return items.join("");
  const and = LANG === "de" ? " und " : " and ";
  return items.slice(0, -1).join(", ") + and + items[items.length - 1];
}
