// The panel under the status line: waiting for players (with the invite links), an
// invitation to take a seat (or that it is taken), the Resign row, the result.
import { t, labelOf, listOf } from "../i18n.js";
import { el } from "../dom.js";
import { game } from "./game.js";
import { els, gameId, params, state, tableId } from "./state.js";
import { sendRaw } from "./connection.js";
import { ctx, seatName } from "./context.js";
import { setStatus } from "./status.js";
import { resultPanel } from "./result.js";

/** The status line and the panel for the last state message. */
export function renderPanel() {
  const msg = state.msg;
  const panel = [];
  if (msg.status === "waiting") {
    setStatus(t("Waiting for players"));
    panel.push(waitingPanel());
  } else if (msg.status === "finished" && msg.outcome) {
    const r = game.result(ctx);
    setStatus(r.title);
    panel.push(resultPanel(r));
  } else {
    const s = game.status(ctx);
    if (msg.seat === null) s.sub = (s.sub ? s.sub + " · " : "") + t("You are watching this table.");
    setStatus(s.text, s.sub, s.mine);
    // against the computer a new game is a tap away: the row (a line of the first screen)
    // is for games with other people, where giving up is an answer they wait for
    const people = msg.seats.some((s) => s.kind === "human" && s.seat !== msg.seat);
    if (msg.seat !== null && msg.status === "playing" && !msg.campaign && people) {
      panel.push(resignRow());
    }
  }
  const invite = params.get("invite");
  if (invite && msg.seat === null) {
    // the invitee sees the invitation, not the host's waiting panel with its links
    if (msg.status === "waiting") panel.length = 0;
    panel.unshift(joinPanel(Number(params.get("seat")), invite));
  }
  els.panel.replaceChildren(...panel);
}

function waitingPanel() {
  const box = el("div", { class: "card-panel" }, el("h2", { text: t("Waiting for players") }), el("p", { text: t("Send each link to one player. The game starts when every seat is taken.") }));
  let invites = {};
  try { invites = JSON.parse(localStorage.getItem(`ct-invites-${tableId}`) || "{}"); } catch (e) { /* none */ }
  const open = new Set(state.msg.seats.filter((s) => s.kind === "human" && !s.taken).map((s) => s.seat));
  for (const [seat, link] of Object.entries(invites)) {
    if (!open.has(Number(seat))) continue;
    const input = el("input", { type: "text", readonly: true, value: link, "aria-label": t("Invite for seat {n}", { n: Number(seat) + 1 }), class: "invite-link", "data-seat": seat });
    const copy = el("button", { class: "btn small", type: "button", text: t("Copy") });
    copy.addEventListener("click", async () => {
      input.select();
      try { await navigator.clipboard.writeText(link); } catch (e) { document.execCommand && document.execCommand("copy"); }
      copy.textContent = t("Copied");
    });
    box.append(el("div", { class: "invite-row" }, el("strong", { text: t("Invite for seat {n}", { n: Number(seat) + 1 }) }), input, copy));
  }
  return box;
}

/** An invite whose seat is taken (someone used the link): said before any tap, with the
 *  way to watch instead (the page's own address without the invite). */
function takenPanel() {
  return el("div", { class: "card-panel invite-panel seat-taken", id: "seat-taken" },
    el("h2", { text: t("This seat is already taken") }),
    el("p", { text: t("Someone has already taken this seat with this invite link: each link opens its seat once.") }),
    el("p", { text: t("You can watch the game instead.") }),
    el("div", { class: "buttons" },
      el("a", { class: "btn primary", id: "watch", href: `/t/${tableId}`, text: t("Watch the table") }),
      el("a", { class: "btn", href: `/play/${gameId}`, text: t("Open a table of your own") })));
}

function joinPanel(seat, invite) {
  const msg = state.msg;
  const info = msg.seats[seat];
  if (info && info.taken) return takenPanel();
  const name = el("input", { type: "text", id: "join-name", maxlength: "40", placeholder: t("Your name"), "aria-label": t("Your name") });
  const button = el("button", { class: "btn primary", type: "button", id: "join", text: t("Take the seat") });
  const error = el("p", { class: "form-error", role: "alert" });
  button.addEventListener("click", async () => {
    button.disabled = true;
    const r = await fetch(`/api/tables/${tableId}/seats/${seat}`, {
      method: "POST", headers: { "content-type": "application/json" }, credentials: "same-origin",
      body: JSON.stringify({ invite, name: name.value.trim() || null }),
    });
    if (r.ok) { location.replace(`/t/${tableId}`); return; }
    const data = await r.json().catch(() => ({}));
    const code = data.error && data.error.code;
    const why = code === "taken" ? t("Someone has already taken this seat.") : code === "bad-invite" ? t("This invite link opens no seat (each link works once).")
      : (data.error && data.error.message) || r.statusText;
    error.textContent = t("This invite no longer works: {message}", { message: why });
    button.disabled = false;
  });
  // who invited: the people already at the table (the host first); the seat by its name
  const people = msg.seats.filter((s) => s.kind === "human" && s.taken && s.seat !== seat);
  const host = people.length ? seatName(people[0].seat) : t("Someone");
  const box = el("div", { class: "card-panel invite-panel" },
    el("h2", { text: t("{name} invites you to play {game}", { name: host, game: labelOf(`game.${gameId}`) }) }),
    el("p", { text: t("You play as {seat}.", { seat: seatName(seat) }) }));
  const others = msg.seats.filter((s) => s.seat !== seat).map((s) => seatName(s.seat));
  if (others.length) box.append(el("p", { class: "muted", text: t("At the table: {list}.", { list: listOf(others) }) }));
  box.append(el("div", { class: "invite-row" }, name, button), error);
  return box;
}

/** A seat gives up the game (its side loses; in Paternoster the team stops the ride), or,
 *  before the game's second move, aborts it (no result, unrated): each after the
 *  browser's own confirmation. */
function resignRow() {
  const together = game.giveUp;
  const row = el("div", { class: "resign-row" });
  if (state.msg.abortable && !together) {
    const abort = el("button", { class: "btn small ghost", type: "button", id: "abort", text: t("Abort") });
    abort.addEventListener("click", () => {
      if (window.confirm(t("Abort this game? It ends without a result and is not rated."))) sendRaw({ type: "abort" });
    });
    row.append(abort);
  }
  const button = el("button", { class: "btn small ghost", type: "button", id: "resign",
                                text: together ? together.button(t) : t("Resign") });
  button.addEventListener("click", () => {
    const question = together ? together.question(t) : t("Resign this game? You lose it.");
    if (window.confirm(question)) sendRaw({ type: "resign" });
  });
  row.append(button);
  return row;
}
