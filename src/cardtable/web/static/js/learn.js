// The guided first game (issue 18): the start page, and the guide beside the table.
//
// The guide reads only what the page shows (the seat's observation): each tip names a rule
// and the moment it first matters; the first tip not yet read whose moment has come is
// shown. The tips read are kept in the browser with the table, so a guided game that is
// left goes on where it was, from /learn/<game> or the home page.
import { DATA, t, labelOf } from "./i18n.js";
import { el } from "./dom.js";

const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const SUITS = ["D", "H", "S", "C"];
const rung = (card) => RANKS.indexOf(card.slice(0, -1)) * 4 + SUITS.indexOf(card.slice(-1));
const PILES = ["up1", "up2", "up3", "down1", "down2", "down3"];

/** Whether a legal Paternoster move is a step back (a card the wrong way onto a pile). */
function stepBack(obs, text) {
  const [kind, card, pile] = text.split(" ");
  if (kind !== "play") return false;
  const cards = obs.piles[PILES.indexOf(pile)];
  if (!cards.length) return false;
  const top = cards[cards.length - 1];
  return pile.startsWith("up") ? rung(card) < rung(top) : rung(card) > rung(top);
}

const mine = (m) => m.status === "playing" && m.observation.to_act.includes(m.seat);

/** Whether a legal duel move is a step back on the seat's own pile (its piles: [up, down]). */
function duelStepBack(m, text) {
  const [kind, card, pile] = text.split(" ");
  if (kind !== "play") return false;
  const cards = m.observation.piles[m.seat % 2][pile === "up" ? 0 : 1];
  if (!cards.length) return false;
  const top = cards[cards.length - 1];
  return pile === "up" ? rung(card) < rung(top) : rung(card) > rung(top);
}

const TIPS = {
  paternoster: [
    { id: "welcome", when: () => true },
    { id: "piles", when: (m) => mine(m) },
    { id: "owe", when: (m) => mine(m) && m.observation.played >= 1 },
    { id: "fit", when: (m) => m.observation.piles.some((p) => p.length) && mine(m) && m.observation.played === 0 },
    { id: "why", when: (m) => mine(m) && document.querySelector("#board .hand [data-why]") !== null },
    { id: "step-back", when: (m) => mine(m) && !m.observation.step_back_used && m.observation.legal.some((x) => stepBack(m.observation, x)) },
    { id: "end", when: (m) => mine(m) && m.observation.legal.includes("end") },
    { id: "small-steps", when: (m) => mine(m) && m.observation.piles.filter((p) => p.length >= 3).length >= 2 },
    { id: "draw-empty", when: (m) => m.observation.draw_count === 0 },
    { id: "over", when: (m) => m.status === "finished" },
  ],
  duel: [
    { id: "welcome", when: () => true },
    { id: "piles", when: (m) => mine(m) },
    { id: "owe", when: (m) => mine(m) && m.observation.played >= 1 },
    { id: "why", when: (m) => mine(m) && document.querySelector("#board .hand [data-why]") !== null },
    { id: "push", when: (m) => mine(m) && m.observation.legal.some((x) => x.startsWith("push ")) },
    { id: "step-back", when: (m) => mine(m) && m.observation.legal.some((x) => duelStepBack(m, x)) },
    { id: "end", when: (m) => mine(m) && m.observation.legal.includes("end") },
    { id: "draw-empty", when: (m) => mine(m) && m.observation.draw_counts[m.seat] === 0 },
    { id: "over", when: (m) => m.status === "finished" },
  ],
};

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

function seenKey() { return `ct-learn-seen-${DATA.table}`; }
function seen() {
  try { return JSON.parse(localStorage.getItem(seenKey()) || "[]"); } catch (e) { return []; }
}
function markSeen(id) {
  const list = seen();
  if (!list.includes(id)) list.push(id);
  try { localStorage.setItem(seenKey(), JSON.stringify(list)); } catch (e) { /* ignore */ }
}

/** Called by the table page after every state it draws. */
export function update(msg, game) {
  const tips = TIPS[game] || [];
  if (!box) {
    box = el("aside", { class: "coach", id: "coach", "aria-labelledby": "coach-title" });
    document.getElementById("table-page").before(box);
  }
  // a move made while a tip showed: that tip has done its work if another one applies now
  const moved = lastVersion !== null && msg.version !== lastVersion;
  lastVersion = msg.version;
  if (current && moved && tips.some((tip) => tip.id !== current && !seen().includes(tip.id) && tip.when(msg))) markSeen(current);
  const read = seen();
  const tip = tips.find((x) => !read.includes(x.id) && x.when(msg));
  current = tip ? tip.id : null;
  const step = tip ? tips.indexOf(tip) + 1 : tips.length;
  const title = el("h2", { id: "coach-title", text: t("Guide, step {n} of {of}", { n: step, of: tips.length }) });
  const parts = [title];
  if (tip) {
    parts.push(el("p", { class: "coach-text", "data-tip": tip.id, text: labelOf(`learn.${game}.${tip.id}`) }));
    const ok = el("button", { class: "btn small primary", type: "button", id: "coach-ok", text: t("Got it") });
    ok.addEventListener("click", () => { markSeen(tip.id); update(msg, game); });
    parts.push(el("div", { class: "buttons" }, ok, el("a", { class: "btn small ghost", href: "/", text: t("Leave the guide") })));
  } else {
    parts.push(el("p", { class: "coach-text", text: t("You know the rules of the standard game now: play on as you like.") }));
  }
  box.replaceChildren(...parts);
  box.dataset.tip = current || "";
}

if (DATA.page === "learn") startPage();
