// A refused move in the player's words. The server's answer names the rule and its parts
// (card, pile and whose, seat, lane, table place, numbers: the notation); the page writes
// the reason in its language with the names it shows: seats as the seat bar names them,
// piles and lanes by their labels, cards by their names.
import { SUIT_SYMBOL, cardShort, hasLabel, labelOf, listOf, tn } from "./i18n.js";

const PLACEHOLDER = /\{[a-z_]+\}/;

/** The words a reason's sentence is filled with, from the refusal's parts. */
function values(parts, ctx, game) {
  const v = {};
  for (const key of ["card", "top", "led"]) if (parts[key]) v[key] = cardShort(parts[key]);
  if (parts.led) v.led_suit = SUIT_SYMBOL[parts.led.slice(-1)];
  if (parts.cards) v.cards = listOf(parts.cards.map(cardShort));
  if (parts.pile !== undefined && game.pileName) {
    const owner = parts.owner ?? ctx.view;
    v.pile = game.pileName(parts.pile, ctx, owner);
    v.onto = game.pileName(parts.pile, ctx, owner, true);
  }
  if (parts.seat !== undefined) v.seat = ctx.name(parts.seat);
  if (parts.place && game.placeName) v.place = game.placeName(parts.place, ctx);
  if (parts.lane !== undefined) v.lane = parts.lane;
  if (parts.n !== undefined) {
    v.n = parts.n;
    v.n_cards = tn("{n} card", "{n} cards", parts.n);
    v.ranks = tn("{n} rank", "{n} ranks", parts.n);
  }
  return v;
}

/** The reason of a refusal (`{code, rule, parts}`) as this page says it, or null when it
 *  has no sentence for it: the game's sentence for the rule's case, for the rule, then the
 *  sentence every game shares, then the table's for the error code. */
export function reasonText(answer, ctx, game, gameId) {
  const parts = answer.parts || {};
  const vars = values(parts, ctx, game);
  const keys = [];
  if (answer.rule) {
    if (parts.cause) keys.push(`why.${gameId}.${answer.rule}.${parts.cause}`);
    keys.push(`why.${gameId}.${answer.rule}`, `why.${answer.rule}`);
  }
  if (answer.code) keys.push(`why.${answer.code}`);
  for (const key of keys) {
    if (!hasLabel(key)) continue;
    const text = labelOf(key, vars);
    if (!PLACEHOLDER.test(text)) return text.charAt(0).toUpperCase() + text.slice(1);
  }
  return null;
}
