// Paternoster: the cooperative game. Piles up1 up2 (up3), down1 down2 (down3), signals.
import { drawPileEl, handEl, pileEl, plural, signalBadges, signalButtons } from "./common.js";

const NAMES = ["up1", "up2", "up3", "down1", "down2", "down3"];
const BURNING = new Set(["3H", "6H", "9H", "QH"]);
const RED_KINGS = new Set(["KD", "KH"]);
const BLACK = { J: "silence", Q: "lock", K: "slow" };   // black commands: while on top

/** Up and down piles: the setups' own, else the house rule's (2 and 2 in the standard game). */
function pileCounts(o) {
  if (o.tower) return [3, 3];
  if (o.first_ride || o.two_cars) return [1, 1];
  return [o.up_piles ?? 2, o.down_piles ?? 2];
}
function activePiles(o) {
  const [up, down] = pileCounts(o);
  return [...NAMES.slice(0, up), ...NAMES.slice(3, 3 + down)];
}

export function pileName(pile, ctx) {
  const up = pile.startsWith("up");
  const n = pile.slice(-1);
  const single = pileCounts(ctx.obs.options)[up ? 0 : 1] === 1;
  return `${ctx.labelOf(up ? "pat.up" : "pat.down")}${single ? "" : " " + n} ${up ? "▲" : "▼"}`;
}

export function parseMove(text) {
  const w = text.split(" ");
  if (w[0] === "play") return { src: `card:${w[1]}`, dst: `pile:${w[2]}` };
  if (w[0] === "give") return { src: `card:${w[1]}`, dst: `seat:${w[2]}` };
  if (w[0] === "end") return { src: null, dst: null, primary: true };
  return { src: null, dst: null };
}

/** The moves a tap asks the server about when no legal move uses it (why not?). */
export function whyMoves(src, dst, ctx) {
  if (!src || !src.startsWith("card:")) return [];
  const card = src.slice(5);
  if (!dst) return activePiles(ctx.obs.options).map((p) => `play ${card} ${p}`);
  if (dst.startsWith("pile:")) return [`play ${card} ${dst.slice(5)}`];
  if (dst.startsWith("seat:")) return [`give ${card} ${dst.slice(5)}`];
  return [];
}

/** The seat whose duty a burning card laid this turn becomes: the next one with cards. */
function nextWithCards(obs) {
  const n = obs.hand_counts.length;
  for (let step = 1; step <= n; step++) {
    const s = (obs.turn_seat + step) % n;
    if (obs.hand_counts[s] > 0) return s;
  }
  return obs.turn_seat;
}

/** The effects acting on a pile now, each in words: a burning card and whose duty it is,
 *  a red King (Cover) to be covered this turn, a black command while it lies on top. */
function pileEffects(o, obs, pile, ctx) {
  const { t } = ctx;
  const cards = obs.piles[pile];
  const top = cards[cards.length - 1];
  if (!top) return [];
  const who = (s) => ctx.isMe(s) ? t("you") : ctx.name(s);
  const found = [];
  if (o.fire && BURNING.has(top)) {
    if (obs.top_turns[pile] < obs.turn) found.push({ cls: "fire", text: ctx.isMe(obs.turn_seat) ? t("Burning: cover it this turn") : t("Burning: {name} must cover it", { name: who(obs.turn_seat) }) });
    else found.push({ cls: "fire-next", text: t("Burning: {name} must cover it next turn", { name: who(nextWithCards(obs)) }) });
  }
  const commandKings = o.commands;
  if ((o.commands || o.commands_light) && (top.endsWith("S") || top.endsWith("C"))) {
    const kind = BLACK[top[0]];
    if (kind === "silence") found.push({ cls: "cmd", text: t("Silence: nobody may signal") });
    if (kind === "lock") found.push({ cls: "cmd", text: t("Lock: no step back onto this pile") });
    if (kind === "slow" && commandKings) found.push({ cls: "cmd", text: t("Slow: draw at most one card after a turn") });
  }
  if (commandKings && RED_KINGS.has(top)) found.push({ cls: "cover", text: ctx.isMe(obs.turn_seat) ? t("Cover: cover it before your turn ends") : t("Cover: {name} must cover it this turn", { name: who(obs.turn_seat) }) });
  return found;
}

/** Piles with a duty open for the seat to act now (a burning card of an earlier turn, a
 *  red King), as the rules' must_cover. */
function duties(o, obs) {
  return activePiles(o).filter((name) => {
    const i = NAMES.indexOf(name);
    const top = obs.piles[i][obs.piles[i].length - 1];
    return top && ((o.fire && BURNING.has(top) && obs.top_turns[i] < obs.turn) || (o.commands && RED_KINGS.has(top)));
  });
}

/** The rule sentence behind each way a move loses at once (the rule text's words). */
const PERIL_RULES = {
  fire: (t) => t("Fire: if a burning card is still on top when that turn ends, the team has lost at once."),
  command: (t) => t("Commands: a red King (Cover) must be covered before your turn ends, or the team loses."),
  passenger: (t) => t("Passengers: their twins must reach the piles in exactly this order; playing a twin too early loses the game."),
  stuck: (t) => t("End of the game: when the player whose turn it is cannot play the required number of cards, the game ends at once."),
};

/** What a move that loses at once will do, and the rule that says so (table.js asks again). */
export function perilText(why, text, ctx) {
  const { t, cardShort } = ctx;
  const w = text.split(" ");
  const rule = PERIL_RULES[why] ? PERIL_RULES[why](t) : "";
  let what;
  if (w[0] === "end" || w[0] === "token-end") {
    what = why === "fire" ? t("Ending your turn now loses the game: a burning card is still on top.")
      : t("Ending your turn now loses the game: a red King (Cover) is still on top.");
  } else if (why === "stuck") {
    what = w[0] === "give" ? t("After giving {card} away you cannot play the cards still required: the game ends at once.", { card: cardShort(w[1]) })
      : t("After {card} you cannot play the cards still required: the game ends at once.", { card: cardShort(w[1]) });
  } else if (why === "passenger") {
    what = t("{card} is the twin of a later passenger: playing it now loses the game.", { card: cardShort(w[1]) });
  } else if (w[1] && w[1][0] === "J") {
    what = t("{card} is a Stop: your turn ends at once, with a duty still open, and the team loses.", { card: cardShort(w[1]) });
  } else {
    what = t("{card} is the game's last card: a burning card or a red King stays on top, and the team loses.", { card: cardShort(w[1]) });
  }
  return { what, rule };
}

/** The team gives up together: the ride stops. */
export const giveUp = {
  button: (t) => t("Stop the ride"),
  question: (t) => t("Stop the ride? The team loses it."),
};

export function moveLabel(m, ctx) {
  const { t, cardShort } = ctx;
  const w = m.text.split(" ");
  if (w[0] === "end") return t("End turn");
  if (w[0] === "token-end") return t("End with a token");
  if (w[0] === "play") return t("Play {card} on {pile}", { card: cardShort(w[1]), pile: pileName(w[2], ctx) });
  if (w[0] === "give") return t("Give {card} to {name}", { card: cardShort(w[1]), name: ctx.name(Number(w[2])) });
  return m.text;
}

export function render(ctx, board) {
  const { el, obs, t, cardEl, msg } = ctx;
  const o = obs.options;
  const wrap = el("div", { class: "pat-board" });
  const players = obs.hand_counts.length;
  // the other players (targets when passing a card on)
  const others = el("div", { class: "pat-others" + (players > 4 ? " many" : "") });
  for (let s = 0; s < players; s++) {
    if (s === ctx.seat) continue;
    const toAct = obs.to_act.includes(s) && msg.status === "playing";
    const box = el("div", { class: "mate" + (toAct ? " to-act" : ""), "data-dst": `seat:${s}`, "data-give": t("Give here"), "aria-label": `${t("Seat {n}", { n: s + 1 })}, ${ctx.name(s)}: ${plural(ctx, obs.hand_counts[s])}` });
    box.append(el("strong", {}, el("span", { class: "seat-no", "aria-hidden": "true", text: String(s + 1) }), (toAct ? "▶ " : "") + ctx.name(s)), el("span", { text: plural(ctx, obs.hand_counts[s]) }));
    others.append(box);
  }
  wrap.append(others);
  // the piles
  const piles = el("div", { class: "pat-piles" });
  const groups = { up: el("div", { class: "pat-group up", role: "group", "aria-label": t("Up piles") }),
                   down: el("div", { class: "pat-group down", role: "group", "aria-label": t("Down piles") }) };
  piles.append(groups.up, groups.down);
  const lift = o.lift_operator && !obs.to_act.includes(ctx.seat);
  for (const name of activePiles(o)) {
    const cards = obs.piles[NAMES.indexOf(name)];
    const effects = pileEffects(o, obs, NAMES.indexOf(name), ctx);
    const label = pileName(name, ctx);
    const cls = effects.map((e) => e.cls === "fire" ? "burning" : e.cls === "cover" ? "covering" : "").join(" ");
    const box = pileEl(ctx, { cards, name: label, dst: `pile:${name}`, label: label + effects.map((e) => ` (${e.text})`).join(""), extraClass: cls });
    for (const e of effects) box.append(el("div", { class: `pile-tag ${e.cls}`, "aria-hidden": "true", text: e.text }));
    const badges = signalBadges(ctx, name, [...Array(players).keys()].filter((s) => s !== ctx.seat));
    if (badges) box.append(badges);
    // the signal menu beside the pile, not in it: a pile that is a target is a button
    const buttons = players > 1 ? signalButtons(ctx, name, label, !lift) : null;  // solo: nobody to signal to
    groups[name.startsWith("up") ? "up" : "down"].append(buttons ? el("div", { class: "pile-slot" }, box, buttons) : box);
  }
  for (const group of Object.values(groups)) if (!group.childElementCount) group.remove();  // a house rule without up (or down) piles
  wrap.append(piles);
  // draw pile, tokens, passengers, duties
  const info = el("div", { class: "pat-info" });
  info.append(drawPileEl(ctx, obs.draw_count, t("Draw pile: {n}", { n: obs.draw_count })));
  if (o.tokens) info.append(el("span", { class: "badge gold", text: t("Emergency tokens: {n}", { n: obs.tokens }) }));
  if (obs.passengers.length) {
    const p = el("div", { class: "passengers", "aria-label": t("Passengers") });
    p.append(el("span", { class: "badge", text: `${t("Passengers")} ${obs.delivered}/${obs.passengers.length}` }));
    obs.passengers.forEach((card, i) => {
      const state = i < obs.delivered ? t("delivered") : i === obs.delivered ? t("next") : t("later");
      const c = cardEl(card, { tiny: true, label: `${ctx.cardName(card)}, ${state}` });
      if (i < obs.delivered) c.classList.add("dim");
      const slot = el("span", { class: "passenger" + (i === obs.delivered ? " next" : "") }, c, el("span", { class: "pass-tag", "aria-hidden": "true", text: state }));
      p.append(slot);
    });
    info.append(p);
  }
  if (obs.three_next) info.append(el("span", { class: "badge warn", text: t("Three: the next player must play at least three") }));
  if (obs.step_back_used && obs.to_act.includes(ctx.seat)) info.append(el("span", { class: "badge", text: t("step back used") }));
  wrap.append(info);
  // cards passed on between this seat and another (the observation holds only this seat's)
  if (obs.passed.length) wrap.append(passedEl(ctx, obs.passed));
  // my hand
  const hand = handEl(ctx);
  markTwins(ctx, hand);
  wrap.append(hand);
  board.append(wrap);
}

/** Passengers: a twin in hand says whether it is the next one to deliver, or one that
 *  would lose the game if played now. */
function markTwins(ctx, hand) {
  const { obs, t, el } = ctx;
  const waiting = obs.passengers.slice(obs.delivered);
  for (const node of hand.querySelectorAll("[data-src]")) {
    const i = waiting.indexOf(node.dataset.src.slice(5));
    if (i < 0) continue;
    const text = i === 0 ? t("next passenger") : t("passenger later: not yet");
    node.classList.add(i === 0 ? "twin-next" : "twin-later");
    node.setAttribute("aria-label", `${node.getAttribute("aria-label") || ""}, ${text}`);
    node.append(el("span", { class: "twin-tag", "aria-hidden": "true", text }));
  }
}

/** "You gave [7♣] to Player 2" / "Player 1 gave you [7♣]": the card drawn in the sentence. */
function passedEl(ctx, passed) {
  const { el, t, cardEl } = ctx;
  const box = el("div", { class: "pat-passed" });
  for (const [giver, receiver, card] of passed) {
    const text = giver === ctx.seat ? t("You gave {card} to {name}", { name: ctx.name(receiver) })
      : t("{name} gave you {card}", { name: ctx.name(giver) });
    const [before, after] = text.split("{card}");
    box.append(el("p", { class: "passed" }, before, cardEl(card, { tiny: true }), after));
  }
  return box;
}

export function status(ctx) {
  const { t, obs } = ctx;
  const turn = obs.turn_seat;
  // a card passed on counts for one, but one card at least must go onto a pile
  const owed = Math.max(obs.required - obs.played - (obs.gave ? 1 : 0), obs.played ? 0 : 1);
  if (ctx.isMe(turn)) {
    const open = duties(obs.options, obs);
    const cover = open.map((p) => { const c = obs.piles[NAMES.indexOf(p)]; return t("{card} on {pile}", { card: ctx.cardShort(c[c.length - 1]), pile: pileName(p, ctx) }); });
    let sub;
    const covers = ctx.legal.some((m) => m.startsWith("play ") && open.includes(m.split(" ")[2]));
    if ((obs.losing || {}).end) sub = covers ? t("Cover {list} before you end your turn: ending it now loses the game.", { list: ctx.listOf(cover) })
      : t("No card of yours can cover {list}: ending your turn loses the game.", { list: ctx.listOf(cover) });
    else if (owed > 0) sub = open.length ? t("Play {n} more, and cover {list}", { n: owed, list: ctx.listOf(cover) }) : t("Play {n} more", { n: owed });
    else sub = t("Enough played: end your turn or play on");
    return { text: t("Your turn"), sub, mine: true };
  }
  const info = ctx.msg.seats[turn];
  const text = info && info.kind === "computer" ? t("{name} is thinking…", { name: ctx.name(turn) }) : t("{name}'s turn", { name: ctx.name(turn) });
  return { text, sub: owed ? t("{n} more to play", { n: owed }) : "", mine: false };
}

/** How the game ended for the players together: every card down is a win. */
export function verdict(ctx) { return ctx.msg.outcome.perfect ? "win" : "loss"; }

export function result(ctx) {
  const { t } = ctx;
  const out = ctx.msg.outcome;
  const lines = [];
  let title;
  if (out.perfect) title = t("Perfect! Every card is down.");
  else title = ctx.tn("{n} card was not played.", "{n} cards were not played.", out.cards_left);
  const obs = ctx.obs;
  if (out.too_early) lines.push(t("Lost: {card} is a passenger's twin and was played before its turn.", { card: ctx.cardShort(out.too_early) }));
  else if (out.lost && out.lost !== "stuck") lines.push(ctx.labelOf(`pat.lost.${out.lost}`));
  // the seat to act when the game ended is the one that got stuck
  if (!out.perfect && (out.lost === "stuck" || !out.lost)) {
    lines.push(ctx.isMe(obs.turn_seat) ? t("You could not play the cards required.") : t("{name} could not play the cards required.", { name: ctx.name(obs.turn_seat) }));
  }
  const left = obs.hand_counts.map((n, s) => `${ctx.name(s)} ${n}`);
  left.push(`${t("Draw pile")} ${obs.draw_count}`);
  lines.push(t("Cards left: {list}", { list: left.join(", ") }));
  return { title, lines };
}

export function describe(ev, ctx) {
  const { t, cardShort } = ctx;
  const name = ctx.name(ev.seat);
  switch (ev.kind) {
    case "play": return ctx.labelOf(ev.step_back ? "log.pat.play_back" : "log.pat.play", { name, card: cardShort(ev.card), pile: pileName(ev.pile, ctx) });
    case "give": return t("{name} passes a card on to {to}", { name, to: ctx.name(ev.to) });
    case "end":
    case "token-end": return t("{name} ends the turn and draws {n}", { name, n: ev.drew });
    case "stop": return ev.drew === undefined ? t("Stop: {name}'s turn ends", { name }) : t("{name} ends the turn and draws {n}", { name, n: ev.drew });
    case "turn": return t("{name}'s turn: {n} to play", { name, n: ev.required });
    case "token": return t("{name} uses an emergency token ({left} left)", { name, left: ev.left });
    case "passenger": return t("Passenger {card} delivered", { card: cardShort(ev.card) });
    case "timeout": return ev.drew === undefined ? t("Time is up for {name}", { name }) : t("Time is up for {name}, who draws {n}", { name, n: ev.drew });
    case "game-over": return result(ctx).title;
    default: return null;
  }
}

export function animations(events) {
  return events.filter((e) => e.kind === "play").map((e) => [`[data-dst="pile:${e.pile}"] .stack`, "anim-play"]);
}
