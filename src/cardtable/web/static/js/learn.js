// The guided first game: the start page, and the guide beside the table.
//
// The guide reads only what the page shows (the seat's observation): each tip names a rule
// and the moment it first matters; the first tip not yet read whose moment has come is
// shown. The tips read are kept in the browser with the table, so a guided game that is
// left goes on where it was, from /learn/<game> or the home page.
import { DATA, t, labelOf } from "./i18n.js";
import { el } from "./dom.js";

// each game's tips, in order: its id (the label `learn.<game>.<id>`), the moment it first
// matters (`when`) and the label's values (`params`); a forced move waits for the tip shown
const TIPS = DATA.table ? (await import(`./guides/${DATA.game}.js`)).TIPS : [];

// --- the start page ----------------------------------------------------------------------
const STORE = (game) => `ct-learn-${game}`;

async function running(id) {
  const r = await fetch(`/api/tables/${id}`, { credentials: "same-origin" });
  if (!r.ok) return false;
  return (await r.json()).status !== "finished";
}

async function startPage() {
  const game = DATA.game;
  const resume = document.getElementById("learn-resume");
  const start = document.getElementById("learn-start");
  const error = document.getElementById("learn-error");
  let left = null;
  try { left = localStorage.getItem(STORE(game)); } catch (e) { /* private mode */ }
  if (left && await running(left)) {
    resume.hidden = false;
    start.classList.remove("primary");
    start.textContent = t("Start again from the beginning");
    resume.addEventListener("click", () => location.assign(`/t/${left}`));
  }
  start.addEventListener("click", async () => {
    start.disabled = true;
    const r = await fetch(`/api/learn/${game}`, { method: "POST", credentials: "same-origin" });
    const data = await r.json().catch(() => ({}));
    if (!r.ok) { start.disabled = false; error.textContent = t("The table could not be opened: {message}", { message: (data.error && data.error.message) || r.statusText }); return; }
    try {
      localStorage.setItem(STORE(game), data.table);
      localStorage.setItem(`ct-learn-of-${data.table}`, game);
    } catch (e) { /* the guide then does not show */ }
    location.assign(`/t/${data.table}`);
  });
  start.dataset.ready = "1";
}

// --- the guide beside the table --------------------------------------------------------
let box = null;
let current = null;
let lastVersion = null;
let onRead = () => {};

function seenKey() { return `ct-learn-seen-${DATA.table}`; }
function seen() {
  try { return JSON.parse(localStorage.getItem(seenKey()) || "[]"); } catch (e) { return []; }
}
function markSeen(id) {
  const list = seen();
  if (!list.includes(id)) list.push(id);
  try { localStorage.setItem(seenKey(), JSON.stringify(list)); } catch (e) { /* ignore */ }
}

/** What the table page does once a tip is read (a move the tip held back goes on). */
export function whenRead(callback) { onRead = callback; }

/** Whether a tip shows now, holding back the move that would play itself until it is read
 *  ("10♥ is mate now" is read before 10♥ plays): the tip is brought into view first, so a
 *  forced card never waits on a tip the player cannot see. */
export function holds() {
  if (!current) return false;
  reveal();
  return true;
}

/** Bring the guide into view when it is off the screen (the player had scrolled down to the
 *  hand): a new tip is read where it stands, above the table. */
function reveal() {
  if (!box) return;
  const r = box.getBoundingClientRect();
  if (r.top >= 0 && r.bottom <= window.innerHeight) return;
  const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
  box.scrollIntoView({ block: "start", behavior: still ? "auto" : "smooth" });
}

/** Called by the table page after every state it draws. */
export function update(msg, game) {
  if (!box) {
    box = el("aside", { class: "coach", id: "coach", "aria-labelledby": "coach-title" });
    document.getElementById("table-page").before(box);
  }
  // a move made while a tip showed: that tip has done its work if another one applies now
  const moved = lastVersion !== null && msg.version !== lastVersion;
  lastVersion = msg.version;
  if (current && moved && TIPS.some((tip) => tip.id !== current && !seen().includes(tip.id) && tip.when(msg))) markSeen(current);
  const read = seen();
  const tip = TIPS.find((x) => !read.includes(x.id) && x.when(msg));
  const fresh = !!tip && tip.id !== current;
  current = tip ? tip.id : null;
  const step = Math.min(read.length + (tip ? 1 : 0), TIPS.length);
  const title = el("h2", { id: "coach-title", text: t("Guide, step {n} of {of}", { n: step, of: TIPS.length }) });
  const parts = [title];
  const buttons = el("div", { class: "buttons" }, el("a", { class: "btn small ghost", href: "/", text: t("Leave the guide") }));
  if (tip) {
    const text = labelOf(`learn.${game}.${tip.id}`, tip.params ? tip.params(msg) : {});
    parts.push(el("p", { class: "coach-text", "data-tip": tip.id, text }));
    const ok = el("button", { class: "btn small primary", type: "button", id: "coach-ok", text: t("Got it") });
    ok.addEventListener("click", () => {
      markSeen(tip.id);
      update(msg, game);
      // the next tip's button keeps the focus; with none, it goes on to the table
      if (!document.getElementById("coach-ok")) {
        const next = document.querySelector("#board .playable, #board .target, #actions button");
        if (next) next.focus();
      }
      onRead();
    });
    buttons.prepend(ok);
  } else if (TIPS.every((x) => read.includes(x.id))) {
    parts.push(el("p", { class: "coach-text", text: t("You know the rules of the standard game now: play on as you like.") }));
  } else if (msg.status === "finished") {
    // the game ended before every rule had its moment: the guide says so, not "play on"
    parts.push(el("p", { class: "coach-text", text: t("The guided game is over. The rules it had no moment to show are on the rules page.") }));
    buttons.prepend(el("a", { class: "btn small", href: `/rules/${game}`, text: t("Rules") }));
  } else {
    // the rules still to come have not mattered yet (the other player is moving, say)
    parts.push(el("p", { class: "coach-text", text: t("Play on: the guide speaks up when the next rule matters.") }));
  }
  // the guide drawn anew must not drop a keyboard player's focus on its button
  const focused = box.contains(document.activeElement);
  box.replaceChildren(...parts, buttons);
  if (focused) (box.querySelector("#coach-ok") || buttons.firstChild).focus();
  box.dataset.tip = current || "";
  if (fresh) reveal();
}

if (DATA.page === "learn") startPage();
