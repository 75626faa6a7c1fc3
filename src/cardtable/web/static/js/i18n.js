// The page's language: its message catalogue (the server's .po files, as JSON in the page
// data) and card names. Messages are the English text itself, as in gettext:
// t("Your turn"), tn("{n} card", "{n} cards", n), tc(context, text); labelOf(key) is a text
// the page picks at run time by an identifier (web/labels.py).
import { pluralRule } from "./plural.js";

const data = JSON.parse(document.getElementById("ct-data").textContent);
export const DATA = data;
export const LANG = data.lang;
const messages = data.i18n.messages;
// The catalogue's Plural-Forms expression (C syntax, checked by the server's gettext
// parser: only n, numbers and operators): which form a number takes.
const pluralForm = pluralRule(data.i18n.plural);

function fill(text, vars) {
  for (const [name, value] of Object.entries(vars)) text = text.split(`{${name}}`).join(String(value));
  return text;
}

/** The message in the page's language, `{name}` placeholders filled from `vars`. */
export function t(msgid, vars = {}) {
  const text = messages[msgid];
  return fill(typeof text === "string" ? text : msgid, vars);
}

/** The form of a message for the number `n` (`{n}` is filled in too). */
export function tn(singular, plural, n, vars = {}) {
  const forms = messages[singular];
  const text = Array.isArray(forms) ? forms[pluralForm(n)] ?? forms[forms.length - 1]
    : n === 1 ? singular : plural;
  return fill(text, { n, ...vars });
}

/** A message whose English needs another translation in this context. */
export function tc(context, msgid, vars = {}) {
  const text = messages[`${context}\u0004${msgid}`];
  return fill(typeof text === "string" ? text : msgid, vars);
}

/** Whether there is a label `key` (a variant's description, a reason, ...). */
export function hasLabel(key) { return Object.hasOwn(data.labels, key); }

/** The label `key` in the page's language (the key itself if there is none). */
export function labelOf(key, vars = {}) { return fill(hasLabel(key) ? data.labels[key] : key, vars); }

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
  const name = hasLabel(`rank.${rank}`) ? labelOf(`rank.${rank}`) : rank;
  return t("{rank} of {suit}", { rank: name, suit: labelOf(`suit.${suit}`) });
}

// The court cards' letters in the page's language (German: B for Bube, D for Dame, as its
// rules pages write them): one convention on the cards, in the log and in every text.
const LETTER = { J: tc("card letter", "J"), Q: tc("card letter", "Q"), K: tc("card letter", "K"), A: tc("card letter", "A") };

/** A rank as the page writes it: "10", "D" (German Queen). */
export function rankLetter(rank) { return LETTER[rank] || rank; }

/** A card's short form for logs: "Q♥" (German "D♥"). */
export function cardShort(text) {
  const { rank, suit } = parseCard(text);
  return `${rankLetter(rank)}${SUIT_SYMBOL[suit]}`;
}

/** A share as the page's language writes it: "44%", German "44 %" (a narrow no-break
 *  space, as the rules pages write it). */
export function percent(share) { return tc("percent", "{n}%", { n: Math.round(share * 100) }); }

/** Several things as "a, b and c". */
export function listOf(items) {
  if (items.length <= 1) return items.join("");
  return t("{items} and {last}", { items: items.slice(0, -1).join(", "), last: items[items.length - 1] });
}
