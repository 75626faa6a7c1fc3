// The keyboard at the table: Enter and Space choose, Escape takes back, the arrows go from
// place to place on the board; and the focus kept on the table while it is drawn anew.
import { els, state, unchoose } from "./state.js";
import { wire } from "./moves.js";
import { hideWhy } from "./why.js";

// The board is drawn anew for every change, and a played card leaves it: a keyboard player's
// focus would fall back to the page and the next Tab start at the header. While the focus
// is on the table, it goes back to the same card or place, else to the next useful one.
const focus = { onTable: false, key: null };

/** After a drawing: the focus back where it was (`justFinished`: on the result). */
export function keepFocus(justFinished) {
  const active = document.activeElement;
  if (!focus.onTable || (active && active !== document.body && els.page.contains(active))) return;
  const by = (key) => key && (els.board.querySelector(`[data-src="${CSS.escape(key)}"][tabindex="0"], [data-dst="${CSS.escape(key)}"][tabindex="0"]`)
    || els.actions.querySelector(`[data-move="${CSS.escape(key)}"]`));
  const result = justFinished ? els.panel.querySelector("#result") : null;
  const next = result || by(focus.key) || els.board.querySelector(".target, .playable")
    || els.actions.querySelector("button") || els.panel.querySelector("#result, button, input")
    || els.board.querySelector('[tabindex="0"]') || els.board;
  next.focus({ preventScroll: true });
  focus.onTable = true;
}

function keyOf(node) {
  const target = node.closest && node.closest("[data-src], [data-dst], [data-move]");
  if (!target) return null;
  return target.dataset.src || target.dataset.dst || target.dataset.move;
}

export function listenKeys() {
  document.addEventListener("focusin", (event) => {
    focus.onTable = els.page.contains(event.target) && !els.log.contains(event.target);
    if (focus.onTable) focus.key = keyOf(event.target);
  });
  els.page.addEventListener("keydown", (event) => {
    state.keyboardUsed = true;
    const node = event.target;
    if ((event.key === "Enter" || event.key === " ") && node.matches && node.matches(".playable, .target, [data-why]")) {
      event.preventDefault();
      node.click();
      return;
    }
    if (event.key === "Escape" && (state.selected || state.choices || state.confirming || !els.why.hidden)) { unchoose(); hideWhy(); wire(); return; }
    if (["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(event.key) && els.board.contains(node)) {
      const all = [...els.board.querySelectorAll('[tabindex="0"], button:not([disabled])')];
      const i = all.indexOf(node);
      if (i < 0) return;
      event.preventDefault();
      const step = event.key === "ArrowLeft" || event.key === "ArrowUp" ? -1 : 1;
      const next = all[(i + step + all.length) % all.length];
      next.focus();
    }
  });
  document.addEventListener("mousedown", () => { state.keyboardUsed = false; });
}
