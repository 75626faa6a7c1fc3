// Why not? A tap on a card, pile or target that no legal move uses asks the server why (the
// `why` message: the rules judge the moves the game module names for it, and play nothing);
// the answer shows under the actions until the table changes. Refusals are said here too.
import { t, LANG, cardShort } from "../i18n.js";
import { el } from "../dom.js";
import { reasonText } from "../reasons.js";
import { game } from "./game.js";
import { els, gameId } from "./state.js";
import { sendRaw } from "./connection.js";
import { ctx } from "./context.js";

const asked = { moves: null };   // the moves of the question on its way

/** What the server is asked about a tap: `src` alone (a card), or `src` onto `dst`. */
export function explain(src, dst) {
  const moves = src && game.whyMoves ? game.whyMoves(src, dst, ctx).slice(0, 16) : [];
  if (!moves.length) { showWhy([t("Choose one of your cards first, then where it goes.")]); return; }
  asked.moves = moves;
  sendRaw({ type: "why", moves });
}

/** The server's `why` message: the reasons of the moves refused, if it answers our question. */
export function onWhy(data) {
  if (!asked.moves || data.answers.map((a) => a.move).join("\n") !== asked.moves.join("\n")) return;
  asked.moves = null;
  const reasons = [];
  for (const answer of data.answers) {
    const text = answer.legal ? null : refusalText(answer);
    if (text && !reasons.includes(text)) reasons.push(text);
  }
  if (reasons.length) showWhy(reasons);
}

export function showWhy(reasons) {
  const body = reasons.length === 1 ? el("p", { text: reasons[0] })
    : el("ul", {}, ...reasons.slice(0, 4).map((r) => el("li", { text: r })));
  els.why.replaceChildren(el("strong", { text: t("Not possible:") }), body);
  els.why.hidden = false;
}

export function hideWhy() {
  asked.moves = null;
  els.why.hidden = true;
  els.why.replaceChildren();
}

/** The reason in the page's words: its sentence for the rule, filled with the names it
 *  shows (reasons.js); else the server's own sentence. */
export function refusalText(data) {
  return reasonText(data, ctx, game, gameId) || (LANG === "en" ? readable(data.message) : data.message);
}

/** The engine's sentence as the page writes it: a capital first letter, cards as "7♥". */
function readable(message) {
  const text = message.replace(/(?<![\w-])(10|[2-9AJQK])([DHSC])(?![\w-])/g, (card) => cardShort(card));
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A tap on the answer puts it away. */
export function listenWhy() {
  els.why.addEventListener("click", () => hideWhy());
}
