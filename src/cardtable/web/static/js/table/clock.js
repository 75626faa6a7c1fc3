// The clock over the board: the time a seat has left, or Blitz's time since the start.
import { t } from "../i18n.js";
import { els, state } from "./state.js";
import { seatName } from "./context.js";

const clock = { timer: null, blitzStart: null };

/** A new game: Blitz's start is found anew from its messages. */
export function newGameClock() { clock.blitzStart = null; }

export function renderClock() {
  const msg = state.msg;
  clearInterval(clock.timer);
  if (msg.clock && msg.status === "playing" && msg.clock.remaining !== undefined) {
    const end = performance.now() + msg.clock.remaining * 1000;
    const who = msg.clock.seat;
    const tick = () => {
      const left = Math.max(0, (end - performance.now()) / 1000);
      els.clock.hidden = false;
      els.clock.textContent = `${t("Time left")} · ${seatName(who)} ${Math.floor(left / 60)}:${String(Math.floor(left % 60)).padStart(2, "0")}`;
      els.clock.classList.toggle("low", left < 10);
      els.clock.setAttribute("aria-label", `${t("Time left")}: ${Math.ceil(left)} s`);
    };
    tick();
    clock.timer = setInterval(tick, 250);
  } else if (msg.clock && msg.status === "playing" && msg.clock.elapsed !== undefined) {
    // The server's time since the game started, as of its message: each message can only
    // be late, so the earliest start it implies is the truest (a reload keeps it).
    clock.blitzStart = Math.min(clock.blitzStart ?? Infinity, performance.now() - msg.clock.elapsed * 1000);
    const tick = () => {
      const s = (performance.now() - clock.blitzStart) / 1000;
      els.clock.hidden = false;
      els.clock.textContent = `⚡ ${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, "0")}`;
      els.clock.title = t("Blitz: no turns, play as fast as you can");
    };
    tick();
    clock.timer = setInterval(tick, 500);
  } else {
    els.clock.hidden = true;
  }
}
