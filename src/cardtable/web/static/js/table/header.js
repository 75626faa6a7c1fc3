// The lines above the board: the seats (who is to act, who is away) and the game, match
// and Tower floor.
import { t, LANG } from "../i18n.js";
import { el } from "../dom.js";
import { game } from "./game.js";
import { els, state, tableId } from "./state.js";
import { ctx, seatName } from "./context.js";

export function renderSeats() {
  const msg = state.msg;
  const acting = game.toAct ? game.toAct(ctx) : null;   // a game whose observation does not say
  const toAct = new Set(msg.observation.to_act || (acting === null ? [] : [acting]));
  els.seats.replaceChildren(...msg.seats.map((s) => {
    const chip = el("span", { class: "seat-chip" });
    if (toAct.has(s.seat) && msg.status === "playing") chip.classList.add("to-act");
    if (game.teamOf) chip.classList.add(`team-${game.teamOf(s.seat, ctx)}`);
    const bits = [];
    if (s.kind === "computer") bits.push(t("computer"));
    if (s.substitute) bits.push(t("a computer plays for them"));
    else if (!s.connected) bits.push(t("away"));
    const you = s.seat === msg.seat ? ` (${t("you")})` : "";
    chip.title = seatName(s.seat) + you + (bits.length ? ` · ${bits.join(", ")}` : "");
    chip.append(el("span", { class: "dot" + (s.connected ? " on" : ""), "aria-hidden": "true" }),
      el("span", { class: "seat-no", text: String(s.seat + 1), title: t("Seat {n}", { n: s.seat + 1 }) }),
      el("span", { class: "seat-name", text: seatName(s.seat) }));
    if (you) chip.append(el("span", { class: "seat-you", text: you }));
    if (bits.length) chip.append(el("span", { class: "seat-bits", text: ` · ${bits.join(", ")}` }));
    return chip;
  }));
  // many seats (Tower): compact chips on a phone, so the hand stays near the top
  els.seats.classList.toggle("many", msg.seats.length > 4);
}

export function renderMatch() {
  const msg = state.msg;
  const m = msg.match;
  let text = t("Game {n}", { n: msg.game_no });
  if (m && (m.wins_needed || m.games_needed) && game.matchScore) text += " · " + t("Match: {score}", { score: game.matchScore(m, ctx) });
  els.match.replaceChildren(text);
  if (msg.campaign) els.match.append(" · ", campaignBanner(msg.campaign));
}

/** A Tower campaign ride: the floor, its goal, and the way back to the group (for the
 *  browser that started the ride: the group's link is its secret, not the table's). */
function campaignBanner(c) {
  const label = t("Tower floor {n}, {name}: {goal}", { n: c.number, name: c.name[LANG] || c.name.en,
                                            goal: c.goal_text[LANG] || c.goal_text.en });
  let token = null;
  try { token = localStorage.getItem(`ct-group-of-${tableId}`); } catch (e) { /* ignore */ }
  if (!token) return el("span", { class: "campaign-floor", text: label });
  return el("a", { class: "campaign-floor", href: `/g/${token}`, text: label });
}
