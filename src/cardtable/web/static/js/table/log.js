// The move log: the game's events in words, newest first, the others' read out to screen
// readers; on a phone it folds away.
import { t } from "../i18n.js";
import { el } from "../dom.js";
import { signalLine } from "../board.js";
import { game } from "./game.js";
import { els } from "./state.js";
import { ctx } from "./context.js";

/** Write the events into the log; `quiet`: the first message's, not read out. */
export function logEvents(events, quiet) {
  const spoken = [];
  for (const ev of events) {
    let text = null;
    if (ev.kind === "game-start") text = t("Game {n} begins.", { n: ev.game_no });
    else if (ev.kind === "signal") text = signalLine(game, ev, ctx);
    else if (ev.kind === "move") text = null;
    else text = game.describe(ev, ctx);
    if (!text) continue;
    const li = el("li", { text });
    if (ev.kind === "game-start" || ev.kind === "game-over") li.classList.add("sys");
    if (ctx.isMe(ev.seat)) li.classList.add("mine");
    els.log.prepend(li);
    if (!ctx.isMe(ev.seat)) spoken.push(text);
  }
  while (els.log.children.length > 300) els.log.lastChild.remove();
  if (!quiet && spoken.length) {
    els.live.textContent = spoken.slice(-3).join(". ");
  }
}

/** The log folds away on a phone (closed at first there); a player's own choice is kept. */
export function foldLog() {
  try {
    const kept = localStorage.getItem("ct-log-open");
    els.logBox.open = kept === null ? matchMedia("(min-width: 980px)").matches : kept === "1";
  } catch (e) { /* private mode: as the template has it */ }
  els.logBox.addEventListener("toggle", () => {
    try { localStorage.setItem("ct-log-open", els.logBox.open ? "1" : "0"); } catch (e) { /* ignore */ }
  });
}
