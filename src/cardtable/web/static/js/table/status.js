// The status line above the board: whose turn, what happens, what is wrong.
import { el } from "../dom.js";
import { els } from "./state.js";

export function setStatus(text, sub = "", mine = false) {
  els.status.replaceChildren(document.createTextNode(text));
  if (sub) els.status.append(el("span", { class: "sub", text: sub }));
  els.status.classList.toggle("mine", mine);
}
