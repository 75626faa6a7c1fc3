// The clock over the board: the time a seat has left, Blitz's time since the start, or a
// chess clock (every player's time, the running one marked and counting down).
import { t, tn } from "../i18n.js";
import { el } from "../dom.js";
import { els, state } from "./state.js";
import { seatName } from "./context.js";

const clock = { timer: null, blitzStart: null };

/** A new game: Blitz's start is found anew from its messages. */
export function newGameClock() { clock.blitzStart = null; }

/** Seconds as a clock shows them: "4:05", tenths under ten seconds ("0:07.3"). */
function clockText(seconds) {
  const left = Math.max(0, seconds);
  if (left < 10) return `0:0${left.toFixed(1)}`;
  return `${Math.floor(left / 60)}:${String(Math.floor(left % 60)).padStart(2, "0")}`;
}

/** A turn-based deadline far off: in days or hours, else as a clock. */
function turnText(seconds) {
  if (seconds >= 86400) return tn("{n} day left", "{n} days left", Math.floor(seconds / 86400));
  if (seconds >= 3600) return tn("{n} hour left", "{n} hours left", Math.floor(seconds / 3600));
  return clockText(seconds);
}

/** A chess clock: one box a seat, the running one marked (▶) and counting down. */
function chessClock(msg) {
  const since = performance.now();
  const running = msg.clock.seat;
  const left = msg.clock.left;
  els.clock.classList.add("chess");
  els.clock.classList.remove("low");
  els.clock.setAttribute("role", "group");
  els.clock.setAttribute("aria-label", t("Clocks"));
  const boxes = left.map((_, seat) => {
    const time = el("b", { class: "time" });
    const box = el("span", { class: seat === running ? "side running" : "side" },
      seat === running ? el("span", { class: "mark", "aria-hidden": "true" }, "▶") : null,
      el("span", { class: "who" }, seatName(seat)), " ", time);
    return { seat, box, time };
  });
  els.clock.replaceChildren(...boxes.map((b) => b.box));
  const tick = () => {
    els.clock.hidden = false;
    for (const { seat, box, time } of boxes) {
      const seconds = seat === running ? left[seat] - (performance.now() - since) / 1000 : left[seat];
      time.textContent = clockText(seconds);
      box.classList.toggle("low", seat === running && seconds < 10);
    }
  };
  tick();
  clock.timer = setInterval(tick, 100);
}

export function renderClock() {
  const msg = state.msg;
  clearInterval(clock.timer);
  els.clock.classList.remove("chess");
  if (msg.clock && msg.status === "playing" && Array.isArray(msg.clock.left)) {
    chessClock(msg);
  } else if (msg.clock && msg.status === "playing" && msg.clock.remaining !== undefined) {
    const end = performance.now() + msg.clock.remaining * 1000;
    const who = msg.clock.seat;
    const tick = () => {
      const left = Math.max(0, (end - performance.now()) / 1000);
      els.clock.hidden = false;
      els.clock.textContent = `${t("Time left")} · ${seatName(who)} ${turnText(left)}`;
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
