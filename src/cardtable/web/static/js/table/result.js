// The result panel of a finished game: its lines, the match, the rating change, the next
// game (offered, accepted or declined) or the Tower ride's stars, and the links onward.
import { t, LANG, listOf } from "../i18n.js";
import { el } from "../dom.js";
import { game } from "./game.js";
import { gameId, state, tableId } from "./state.js";
import { sendRaw } from "./connection.js";
import { ctx, seatName } from "./context.js";

const ratingNote = { key: "", text: "" };   // the rating change of the game shown, once fetched

/** A rated game's rating change for this seat, from the player's page in data (once per
 *  game: the panel is drawn again with every state). */
async function showRatingChange(box) {
  const key = `${tableId}/${state.msg.game_no}`;
  if (ratingNote.key === key) {
    box.textContent = ratingNote.text;
    box.hidden = !ratingNote.text;
    return;
  }
  ratingNote.key = key;
  ratingNote.text = "";
  const name = state.msg.seats[state.msg.seat].name;
  try {
    const response = await fetch(`/api/players/${encodeURIComponent(name)}`);
    if (!response.ok) return;
    const player = await response.json();
    const played = player.games.find((g) => g.table === tableId && g.game_no === state.msg.game_no);
    if (!played || played.rating_change === null) return;
    const family = state.msg.seats.length === 4 ? `${gameId}-team` : gameId;
    const rating = player.ratings[family] ? player.ratings[family].rating : "";
    const change = played.rating_change > 0 ? `+${played.rating_change}` : `${played.rating_change}`;
    ratingNote.text = t("Your rating: {rating} ({change})", { rating, change });
    box.textContent = ratingNote.text;
    box.hidden = false;
  } catch (e) { /* the note is a courtesy: no note without it */ }
}

/** The panel for the game module's result `r` (games/interface.js: GameResult). */
export function resultPanel(r) {
  const msg = state.msg;
  const box = el("div", { class: "result", id: "result", tabindex: "-1" }, el("h2", { text: r.title }));
  if (r.lines && r.lines.length) box.append(el("ul", {}, ...r.lines.map((line) => el("li", { text: line }))));
  const m = msg.match;
  if (m && (m.wins_needed || m.games_needed) && game.matchScore) {
    box.append(el("p", { text: t("Match: {score}", { score: game.matchScore(m, ctx) }) }));
    if (m.over && r.matchLine) box.append(el("p", { class: "match-over", text: r.matchLine }));
  }
  if (r.extra) box.append(r.extra);
  if (msg.rated && msg.seat !== null) {
    const note = el("p", { class: "rating-change", id: "rating-change", hidden: true });
    box.append(note);
    showRatingChange(note);
  }
  const buttons = el("div", { class: "buttons" });
  if (msg.campaign) {
    campaignResult(box, buttons, msg.campaign);
  } else if (msg.seat !== null) {
    const rematch = msg.rematch || { offers: [], declined: null };
    const others = rematch.offers.filter((seat) => seat !== msg.seat);
    if (rematch.declined !== null) {
      const text = rematch.declined === msg.seat ? t("You declined the next game.") : t("{name} declined the next game.", { name: seatName(rematch.declined) });
      box.append(el("p", { class: "rematch-note", id: "rematch-declined", text }));
    }
    if (rematch.offers.includes(msg.seat)) {
      box.append(el("p", { class: "rematch-note", id: "rematch-waiting", text: t("You offered the next game: waiting for the answer.") }));
    } else {
      let label = m && (m.wins_needed || m.games_needed) ? (m.over ? t("New match") : t("Next game")) : t("Play again");
      if (others.length) {
        box.append(el("p", { class: "rematch-note", id: "rematch-offer", text: t("{name} offers the next game.", { name: listOf(others.map(seatName)) }) }));
        label = t("Accept");
      }
      const again = el("button", { class: "btn primary", type: "button", id: "again", text: label });
      const ended = msg.game_no; // if the other player was quicker, this click is already done
      again.addEventListener("click", () => { again.disabled = true; sendRaw({ type: "again", game_no: ended }); });
      buttons.append(again);
      if (others.length) {
        const decline = el("button", { class: "btn", type: "button", id: "decline", text: t("Decline") });
        decline.addEventListener("click", () => { decline.disabled = true; sendRaw({ type: "decline" }); });
        buttons.append(decline);
      }
    }
  }
  buttons.append(el("a", { class: "btn", href: `/replay?table=${tableId}&game_no=${msg.game_no}`, id: "watch-again", text: t("Watch again") }));
  buttons.append(el("a", { class: "btn", href: `/api/tables/${tableId}/record?game_no=${msg.game_no}&download=true`, text: t("Download the record") }));
  buttons.append(el("a", { class: "btn ghost", href: `/play/${gameId}`, text: t("Another table") }));
  box.append(buttons);
  return box;
}

/** A Tower ride's end: the floor's goal, the stars won, the way back to the group and a new
 *  ride of the same floor (for the browser that knows the group; the link is its secret). */
function campaignResult(box, buttons, c) {
  const msg = state.msg;
  const name = c.name[LANG] || c.name.en;
  box.append(el("p", { text: t("Tower floor {n}, {name}. Goal: {goal}", { n: c.number, name, goal: c.goal_text[LANG] || c.goal_text.en }) }));
  if (c.stars !== undefined) {
    const stars = "★".repeat(c.stars) + "☆".repeat(3 - c.stars);
    const line = c.cleared ? t("Floor cleared: {stars}.", { stars: t("{n} of 3 stars", { n: c.stars }) })
      : t("Floor not cleared: no stars.");
    box.append(el("p", { class: "ride-stars" }, el("span", { class: "stars", "aria-hidden": "true", text: stars }), " ", line));
  }
  let token = null;
  try { token = localStorage.getItem(`ct-group-of-${tableId}`); } catch (e) { /* ignore */ }
  if (!token) return;
  if (msg.seat !== null) {
    const again = el("button", { class: "btn primary", type: "button", id: "again", text: t("Ride this floor again") });
    const error = el("p", { class: "form-error", role: "alert" });
    again.addEventListener("click", async () => {
      again.disabled = true;
      const humans = state.msg.seats.filter((s) => s.kind === "human").length;
      const r = await fetch(`/api/groups/${token}/tables`, {
        method: "POST", headers: { "content-type": "application/json" }, credentials: "same-origin",
        body: JSON.stringify({ floor: c.number, players: state.msg.seats.length, humans }),
      });
      const data = await r.json().catch(() => ({}));
      if (!r.ok) { again.disabled = false; error.textContent = t("Not saved: {message}", { message: (data.error && data.error.message) || r.statusText }); return; }
      try {
        if (Object.keys(data.invites || {}).length) localStorage.setItem(`ct-invites-${data.table}`, JSON.stringify(data.invites));
        localStorage.setItem(`ct-group-of-${data.table}`, token);
      } catch (e) { /* ignore */ }
      location.assign(`/t/${data.table}`);
    });
    buttons.append(again);
    box.append(error);
  }
  buttons.append(el("a", { class: "btn", href: `/g/${token}`, text: t("Back to the group") }));
}
