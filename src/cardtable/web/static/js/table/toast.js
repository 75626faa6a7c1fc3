// A short note over the table that goes by itself (a refusal stays longer).
import { els } from "./state.js";

const shown = { timer: null };

export function toast(text, bad = false) {
  els.toast.textContent = text;
  els.toast.hidden = false;
  els.toast.classList.toggle("bad", bad);
  clearTimeout(shown.timer);
  shown.timer = setTimeout(() => { els.toast.hidden = true; }, bad ? 6000 : 2500);
}
