// Every page: the games where it is your turn (GET /api/me/turns), asked now and then
// while a page of the site is open. Their number goes in front of the page's title, the
// home page lists them, and a new one is a notice of the browser (the Notification API)
// once the player has allowed it with the button beside the list.
import { t, tn, hasLabel, labelOf } from "./i18n.js";
import { el } from "./dom.js";

const EVERY = 30_000;
/** Milliseconds between two looks (and at once when the page is shown again). */
const SEEN_KEY = "ct-turns-notified";
const title = document.title;
let timer = null;

function here() {
  const match = location.pathname.match(/^\/t\/([A-Za-z0-9_-]+)/);
  return match ? match[1] : null;
}

function left(deadline) {
  const seconds = Math.max(0, deadline - Date.now() / 1000);
  if (seconds >= 86400) return tn("{n} day left", "{n} days left", Math.floor(seconds / 86400));
  if (seconds >= 3600) return tn("{n} hour left", "{n} hours left", Math.floor(seconds / 3600));
  return tn("{n} minute left", "{n} minutes left", Math.max(1, Math.floor(seconds / 60)));
}

function control(clock) {
  if (clock.days) return tn("{n} day a move", "{n} days a move", clock.days);
  return `${clock.minutes}+${clock.increment}`;
}

function gameName(turn) {
  return hasLabel(`game.${turn.game}`) ? labelOf(`game.${turn.game}`) : turn.name;
}

function showList(turns) {
  const box = document.getElementById("your-turns");
  if (!box) return;
  const list = box.querySelector("ul");
  list.replaceChildren(...turns.map((turn) => el("li", {},
    el("a", { href: turn.link }, gameName(turn)),
    " ", el("span", { class: "hint" }, [
      turn.opponents?.length ? t("against {names}", { names: turn.opponents.join(", ") }) : null,
      control(turn.time_control), left(turn.deadline),
    ].filter(Boolean).join(" · ")))));
  box.hidden = turns.length === 0;
  const ask = document.getElementById("notify-turns");
  if (ask) ask.hidden = !("Notification" in window) || Notification.permission !== "default";
}

function notified() {
  try { return new Set(JSON.parse(localStorage.getItem(SEEN_KEY) || "[]")); } catch (e) { return new Set(); }
}

function notify(turns) {
  const seen = notified();
  const keys = turns.map((turn) => `${turn.table}@${turn.deadline}`);
  if ("Notification" in window && Notification.permission === "granted") {
    for (const turn of turns) {
      const key = `${turn.table}@${turn.deadline}`;
      if (seen.has(key) || turn.table === here()) continue;
      const notice = new Notification(t("Your turn"), {
        body: `${gameName(turn)}: ${left(turn.deadline)}`, tag: turn.table,
      });
      notice.onclick = () => { window.focus(); location.href = turn.link; };
    }
  }
  try { localStorage.setItem(SEEN_KEY, JSON.stringify(keys)); } catch (e) { /* private mode */ }
}

async function look() {
  let turns = [];
  try {
    const answer = await fetch("/api/me/turns", { credentials: "same-origin" });
    if (!answer.ok) return;
    turns = (await answer.json()).turns;
  } catch (e) {
    return; // offline for a moment: the next look tries again
  }
  const waiting = turns.filter((turn) => turn.table !== here()).length;
  document.title = waiting ? `(${waiting}) ${title}` : title;
  showList(turns);
  notify(turns);
}

/** Start looking (every page calls this once). */
export function watchTurns() {
  const ask = document.getElementById("notify-turns");
  if (ask) {
    ask.addEventListener("click", async () => {
      await Notification.requestPermission();
      ask.hidden = Notification.permission !== "default";
    });
  }
  look();
  timer = setInterval(look, EVERY);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible") return;
    clearInterval(timer);
    look();
    timer = setInterval(look, EVERY);
  });
}
