// Duel 52: three lanes, face-down cards, damage, freezes, pairs, powers that ask for choices.
import { drawPileEl, handEl, hiddenHand, plural, winnerTitle } from "./common.js";

const laneOf = (pos) => Number(pos[1]);
const posText = (c) => `L${c.lane + 1}.${c.seat}.${c.slot}`;

function findCard(ctx, pos) {
  const [l, s, slot] = pos.slice(1).split(".").map(Number);
  const side = ctx.obs.lanes[l - 1][s];
  return side.find((c) => c.slot === slot) || null;
}

const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const rankOf = (card) => card.slice(0, -1);
let powerShown = null;     // the card whose power the line under the lanes explains

/** "Heal: remove all damage from all your cards": a card's power in words. */
function powerText(ctx, card) {
  const r = rankOf(card);
  return `${ctx.labelOf(`d52.power.${r}`)}: ${ctx.labelOf(`d52.power_text.${r}`)}`;
}

/** The power's name on the card itself (the explanation is in its label, on focus or tap
 *  under the lanes, and in the legend). */
function powerMark(ctx, card) {
  return ctx.el("span", { class: "pw", "aria-hidden": "true", text: ctx.labelOf(`d52.power.${rankOf(card)}`) });
}

function cardLabel(ctx, c) {
  const { t } = ctx;
  const parts = [];
  if (c.card && c.up) parts.push(ctx.cardName(c.card));
  else if (c.card) parts.push(`${ctx.cardName(c.card)} (${t("face down, known to you")})`);
  else parts.push(t("face-down card"));
  if (c.card) parts.push(powerText(ctx, c.card));
  parts.push(t("Lane {n}", { n: c.lane + 1 }));
  parts.push(ctx.isMe(c.seat) || (ctx.seat === null && c.seat === 0) ? t("your side") : t("{name}'s side", { name: ctx.name(c.seat) }));
  if (c.base) parts.push(t("Base"));
  if (c.damage) parts.push(t("damage {n}", { n: c.damage }));
  if (c.frozen) parts.push(t("frozen"));
  if (c.partner !== null && c.partner !== undefined) parts.push(t("paired"));
  return parts.join(", ");
}

function shortPos(ctx, pos) {
  const c = findCard(ctx, pos);
  const what = c && c.card ? ctx.cardShort(c.card) : ctx.t("face down");
  return ctx.t("{card}, lane {lane}", { card: what, lane: laneOf(pos) });
}

export function parseMove(text) {
  const w = text.split(" ");
  switch (w[0]) {
    case "play": return { src: `card:${w[1]}`, dst: `lane:${w[2]}` };
    case "discard": return { src: `card:${w[1]}`, dst: null };
    case "flip": return { src: `pos:${w[1]}`, dst: null };
    case "attack": {
      const [a, b] = w[1].split("+");
      return { src: `pos:${a}`, dst: `pos:${w[2]}`, alsoSrc: b ? `pos:${b}` : undefined };
    }
    case "pair": return { src: `pos:${w[1]}`, dst: `pos:${w[2]}` };
    case "look": case "move": case "next":
      return w[1] === "none" ? { src: null, dst: null } : { src: `pos:${w[1]}`, dst: null };
    default: return { src: null, dst: null };
  }
}

/** The moves a tap asks the server about when no legal move uses it (why not?): a hand
 *  card into a lane, a table card flipped, attacking or pairing, or a power's choice. */
export function whyMoves(src, dst, ctx) {
  const obs = ctx.obs;
  const choice = obs.choice && ctx.isMe(obs.choice.seat) ? obs.choice.kind : null;
  if (src && src.startsWith("card:")) {
    const card = src.slice(5);
    if (choice === "discard") return [`discard ${card}`];
    if (dst && dst.startsWith("lane:")) return [`play ${card} ${dst.slice(5)}`];
    return dst ? [] : [1, 2, 3].map((n) => `play ${card} ${n}`);
  }
  if (!src || !src.startsWith("pos:")) return [];
  const pos = src.slice(4);
  if (choice && choice !== "discard" && !dst) return [`${choice} ${pos}`];
  const c = findCard(ctx, pos);
  if (!c) return [];
  if (dst && dst.startsWith("pos:")) {
    const other = findCard(ctx, dst.slice(4));
    if (!other) return [];
    return [`${other.seat === c.seat ? "pair" : "attack"} ${pos} ${dst.slice(4)}`];
  }
  if (dst) return [];
  if (!c.up) return [`flip ${pos}`];
  const foes = obs.lanes[c.lane][1 - c.seat].map(posText);
  return foes.slice(0, 16).map((q) => `attack ${pos} ${q}`);
}

export function moveLabel(m, ctx) {
  const { t, cardShort } = ctx;
  const w = m.text.split(" ");
  switch (w[0]) {
    case "play": return t("Play face down into lane {n}", { n: w[2] });
    case "discard": return `${t("{name} discards a card face down", { name: "" }).trim()}: ${cardShort(w[1])}`;
    case "flip": {
      const c = findCard(ctx, w[1]);
      return c && c.card ? t("Flip {card} ({power})", { card: cardShort(c.card), power: powerText(ctx, c.card) }) : t("Flip");
    }
    case "attack": {
      const targets = w.slice(2).map((p) => shortPos(ctx, p)).join(" + ");
      return w[1].includes("+") ? t("Attack as a pair: {targets}", { targets }) : t("Attack {targets}", { targets });
    }
    case "pair": return t("Pair with {card}", { card: shortPos(ctx, w[2]) });
    case "look": case "move":
      return w[1] === "none" ? ctx.labelOf(`d52.none.${w[0]}`) : cardAt(ctx, w[1]);
    case "next": {
      const c = findCard(ctx, w[1]);
      return c && c.card ? powerLine(ctx, c.card) : shortPos(ctx, w[1]);
    }
    default: return m.text;
  }
}

/** A power's line: "2♠: View, draw a card, then discard one". */
function powerLine(ctx, card) {
  return ctx.t("{card}: {power}, {text}", { card: ctx.cardShort(card), power: ctx.labelOf(`d52.power.${rankOf(card)}`), text: ctx.labelOf(`d52.power_text.${rankOf(card)}`) });
}

/** Whether this seat's waiting power may pick the card at `pos` now. */
function choosable(ctx, pos) {
  const ch = ctx.obs.choice;
  return !!ch && ctx.isMe(ch.seat) && ctx.msg.status === "playing" && ctx.legal.includes(`${ch.kind} ${pos}`);
}

/** The card of a waiting power ("K♣"), from the choice's source place. */
function sourceCard(ctx) {
  const [lane, seat, slot] = ctx.obs.choice.source;
  const c = findCard(ctx, `L${lane + 1}.${seat}.${slot}`);
  return c && c.card ? c.card : null;
}

/** The waiting power, said once where it acts: which card asks, what it does, and a button
 *  per answer saying what that answer does (a phone shows no hover, and small cards). */
function choicePrompt(ctx) {
  const { el, t, obs } = ctx;
  const ch = obs.choice;
  if (!ctx.isMe(ch.seat)) return el("div", { class: "prompt", role: "status", text: t("{name} is making a choice for a power.", { name: ctx.name(ch.seat) }) });
  const source = sourceCard(ctx);
  // "next" names the asking power and what it does (a King, a 5); the other questions
  // already begin with their power's name
  const why = !source ? "" : ch.kind === "next" ? `${ctx.cardShort(source)} – ${powerText(ctx, source)}. ` : `${ctx.cardShort(source)} – `;
  const box = el("div", { class: "prompt d52-choice" }, el("p", { role: "status", text: why + ctx.labelOf(`d52.choice.${ch.kind}`) }));
  const list = el("div", { class: "choice-list", role: "group", "aria-label": ctx.labelOf(`d52.choice.${ch.kind}`) });
  for (const text of ctx.legal) {
    if (text.split(" ")[0] !== ch.kind) continue;
    const b = el("button", { class: "btn", type: "button", "data-choice": text, text: moveLabel({ text }, ctx) });
    b.addEventListener("click", () => ctx.send(text));
    list.append(b);
  }
  box.append(list);
  return box;
}

function tableCard(ctx, c) {
  const { el, cardEl, t } = ctx;
  const pos = posText(c);
  const label = cardLabel(ctx, c);
  const visible = !!c.card;
  const wrap = el("div", { class: "tcard" + (c.frozen ? " frozen" : "") + (visible && !c.up ? " down-known" : ""), "data-src": `pos:${pos}`, "data-dst": `pos:${pos}`, "data-pos": pos, "aria-label": label });
  wrap.append(cardEl(visible ? c.card : null, { label }));
  if (visible) {
    wrap.dataset.power = c.card;
    wrap.append(powerMark(ctx, c.card));
  }
  if (c.base) wrap.append(el("span", { class: "mk base", text: "B", "aria-hidden": "true" }));
  // what only this seat knows, in a word: its own face-down card, or one it looked at
  if (visible && !c.up) wrap.append(el("span", { class: "mk seen", "aria-hidden": "true", text: ctx.isMe(c.seat) ? t("face down") : t("seen") }));
  if (choosable(ctx, pos)) wrap.append(el("span", { class: "mk pick", "aria-hidden": "true", text: t("choose") }));
  const marks = el("div", { class: "marks", "aria-hidden": "true" });
  marks.append(c.damage ? el("span", { class: "mk dmg", text: `✖${c.damage}` }) : el("span"));
  const right = el("span");
  if (c.frozen) right.append(el("span", { class: "mk frz", text: "❄" }));
  if (c.partner !== null && c.partner !== undefined) right.append(el("span", { class: "mk pair", text: "⚭" }));
  marks.append(right);
  wrap.append(marks);
  return wrap;
}

export function render(ctx, board) {
  const { el, obs, t, cardEl, msg } = ctx;
  const me = ctx.view;
  const opp = 1 - me;
  const wrap = el("div", { class: "d52-board" });
  // a power's choice
  if (obs.choice && msg.status === "playing") wrap.append(choicePrompt(ctx));
  // the opponent
  const top = el("div", { class: "duel-row" });
  const oppTag = el("div", { class: "player-tag" + (obs.turn_seat === opp && msg.status === "playing" ? " to-act" : "") }, el("span", { text: ctx.name(opp) }), el("span", { class: "badge", text: plural(ctx, obs.hand_counts[opp]) }));
  top.append(el("div", { class: "zone" }, oppTag, hiddenHand(ctx, obs.hand_counts[opp], ctx.name(opp))));
  wrap.append(top);
  // the lanes
  const lanes = el("div", { class: "d52-lanes" });
  obs.lanes.forEach((sides, i) => {
    const won = obs.won[i];
    // a tap anywhere in the lane plays into it (data-area), but the lane's button is its
    // title: the lane holds cards that are buttons themselves, and buttons do not nest
    const named = t("Lane {n}", { n: i + 1 }) + (won !== null ? ` (${t("won by {name}", { name: ctx.name(won) })})` : "");
    const lane = el("div", { class: "lane" + (won !== null ? ` won-${won === me ? 0 : 1}` : ""), "data-area": `lane:${i + 1}`, role: "group", "aria-label": named });
    const oppSide = el("div", { class: "lane-side opp", role: "group", "aria-label": `${t("Lane {n}", { n: i + 1 })}, ${t("{name}'s side", { name: ctx.name(opp) })}` });
    for (const c of sides[opp]) oppSide.append(tableCard(ctx, c));
    if (sides[opp].some((c) => c.frozen)) oppSide.append(frozenNote(ctx));
    const mySide = el("div", { class: "lane-side mine", role: "group", "aria-label": `${t("Lane {n}", { n: i + 1 })}, ${t("your side")}` });
    for (const c of sides[me]) mySide.append(tableCard(ctx, c));
    if (sides[me].some((c) => c.frozen)) mySide.append(frozenNote(ctx));
    const title = el("div", { class: "lane-title", "data-dst": `lane:${i + 1}`, "aria-label": named, text: t("Lane {n}", { n: i + 1 }) + (won !== null ? ` ★ ${ctx.name(won)}` : "") });
    lane.append(oppSide, el("div", { class: "lane-divider" }), title, mySide);
    lanes.append(lane);
  });
  wrap.append(lanes);
  // piles and counts
  const info = el("div", { class: "d52-info" });
  info.append(drawPileEl(ctx, obs.pile, t("Draw pile: {n}", { n: obs.pile })));
  info.append(el("span", { class: "badge", text: t("Set aside: {n}", { n: obs.aside }) }));
  info.append(el("span", { class: "badge", text: t("Discard pile: {n}", { n: obs.discard.length }) }));
  if (msg.status === "playing") info.append(el("span", { class: "badge gold", text: `${ctx.name(obs.turn_seat)}: ${t("Actions left: {n}", { n: obs.actions })}` }));
  wrap.append(info);
  // the power of the card last tapped or focused, and the legend of all thirteen
  const info2 = el("p", { class: "power-info", id: "power-info" });
  const explain = (event) => {
    const card = event.target.closest && event.target.closest("[data-power]");
    if (!card) return;
    powerShown = card.dataset.power;
    info2.textContent = ctx.t("{card}: {power}, {text}", { card: ctx.cardShort(powerShown), power: ctx.labelOf(`d52.power.${rankOf(powerShown)}`), text: ctx.labelOf(`d52.power_text.${rankOf(powerShown)}`) });
  };
  wrap.addEventListener("focusin", explain);
  wrap.addEventListener("click", explain, true);
  info2.textContent = powerShown ? ctx.t("{card}: {power}, {text}", { card: ctx.cardShort(powerShown), power: ctx.labelOf(`d52.power.${rankOf(powerShown)}`), text: ctx.labelOf(`d52.power_text.${rankOf(powerShown)}`) }) : t("Tap or focus a face-up card to read its power.");
  // my hand
  const hand = handEl(ctx);
  for (const c of hand.querySelectorAll("[data-card]")) {
    c.dataset.power = c.dataset.card;
    c.setAttribute("aria-label", `${ctx.cardName(c.dataset.card)}, ${powerText(ctx, c.dataset.card)}`);
    c.append(powerMark(ctx, c.dataset.card));
  }
  const myTag = el("div", { class: "player-tag" + (obs.turn_seat === me && msg.status === "playing" ? " to-act" : "") }, el("span", { text: ctx.name(me) + (ctx.seat !== null ? ` (${t("you")})` : "") }));
  wrap.append(el("div", { class: "zone" }, hand, myTag));
  wrap.append(info2, legend(ctx));
  board.append(wrap);
}

/** Frozen cards said in a word beside the colour: they can't attack or be flipped. */
function frozenNote(ctx) {
  return ctx.el("div", { class: "frz-note", text: `❄ ${ctx.t("frozen: no attack, no flip")}` });
}

/** All thirteen powers at a glance, folded away until opened. */
function legend(ctx) {
  const { el, t } = ctx;
  const rows = RANKS.map((r) => el("tr", {}, el("th", { scope: "row", text: ctx.rankLetter(r) }),
    el("td", { text: ctx.labelOf(`d52.power.${r}`) }), el("td", { text: ctx.labelOf(`d52.power_text.${r}`) })));
  const head = el("tr", {}, el("th", { scope: "col", text: t("Rank") }), el("th", { scope: "col", text: t("Power") }), el("th", { scope: "col", text: t("What it does") }));
  const box = el("details", { class: "d52-legend" }, el("summary", { text: t("Card powers") }),
    el("table", {}, el("thead", {}, head), el("tbody", {}, ...rows)));
  box.open = legendOpen;
  box.addEventListener("toggle", () => { legendOpen = box.open; });
  return box;
}
let legendOpen = false;

export function status(ctx) {
  const { t, obs, msg } = ctx;
  if (obs.choice && ctx.isMe(obs.choice.seat)) {
    const source = sourceCard(ctx);
    const power = source ? ctx.labelOf(`d52.power.${rankOf(source)}`) : "";
    return { text: t("Your turn"), sub: source ? t("{power} ({card}): choose on the board", { power, card: ctx.cardShort(source) }) : "", mine: true };
  }
  if (ctx.isMe(obs.turn_seat)) return { text: t("Your turn"), sub: t("Actions left: {n}", { n: obs.actions }), mine: true };
  const info = msg.seats[obs.turn_seat];
  const name = ctx.name(obs.turn_seat);
  return { text: info && info.kind === "computer" ? t("{name} is thinking…", { name }) : t("{name}'s turn", { name }), sub: t("Actions left: {n}", { n: obs.actions }), mine: false };
}

/** How the game ended for this seat ("win", "loss", "draw"): the table's sound. */
export function verdict(ctx) {
  const w = ctx.msg.outcome.winner;
  return w === null ? "draw" : w === ctx.view ? "win" : "loss";
}

export function result(ctx) {
  const { t } = ctx;
  const out = ctx.msg.outcome;
  const me = ctx.view;
  const w = out.winner;
  const title = winnerTitle(ctx, w === me, w === null ? null : ctx.name(w));
  const reason = out.reason === "time" && out.draw ? "reason.time-draw" : `d52.reason.${out.reason}`;
  const lines = [ctx.labelOf(reason, { winner: w === null ? "" : ctx.name(w) })];
  if (out.lanes) lines.push(t("Lanes won: {a} to {b}.", { a: `${ctx.name(0)} ${out.lanes[0]}`, b: `${out.lanes[1]} ${ctx.name(1)}` }));
  const m = ctx.msg.match;
  let matchLine = null;
  if (m && m.over) {
    const champ = m.wins[0] >= m.wins_needed ? 0 : 1;
    matchLine = ctx.isMe(champ) ? t("You won the match!") : t("{name} won the match.", { name: ctx.name(champ) });
  }
  return { title, lines, matchLine };
}

export function matchScore(m, ctx) { return `${ctx.name(0)} ${m.wins[0]} – ${m.wins[1]} ${ctx.name(1)}`; }

/** A log line about a table card that says whose it is: "Your 7♥ …", "Ann's face-down card …". */
function whose(ctx, key, pos, card) {
  const text = whoseText(ctx, key, pos, card);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function whoseText(ctx, key, pos, card) {
  const owner = Number(pos.split(".")[1]);
  const lane = laneOf(pos);
  return ctx.isMe(owner) ? ctx.labelOf(`${key}_own`, { card, lane }) : ctx.labelOf(`${key}_of`, { card, lane, name: ctx.name(owner) });
}

/** A table place as a reason names it: the card there with its owner and lane. */
export function placeName(pos, ctx) { return cardAt(ctx, pos); }

/** A table card named with its owner: "Ann's 7♥ in lane 2", "your face-down card in lane 1"
 *  (`card`: the face-up card the event named; else what this seat sees there). */
function cardAt(ctx, pos, card = null) {
  const c = findCard(ctx, pos);
  const face = card || (c && c.card) || null;
  const text = whoseText(ctx, face ? "log.d52.card" : "log.d52.hidden", pos, face ? ctx.cardShort(face) : "");
  return c && c.base ? `${text} (${ctx.t("Base")})` : text;
}

export function describe(ev, ctx) {
  const { t, cardShort } = ctx;
  const name = ctx.name(ev.seat);
  switch (ev.kind) {
    case "play": return t("{name} plays a card face down into lane {lane}", { name, lane: ev.lane });
    case "flip": return t("{name} flips {card} in lane {lane}", { name, card: cardShort(ev.card), lane: laneOf(ev.pos) });
    case "attack": {
      const known = ev.target_cards || [];
      const hits = ev.targets.map((p, i) => `${cardAt(ctx, p, known[i])} (${t("damage {n}", { n: ev.damage[i] })})`).join(", ");
      if (!ev.cards) return `${t("{name} attacks", { name })}: ${hits}`;  // a record from before the cards were named
      return t("{name} attacks with {cards}: {targets}", { name, cards: ev.cards.map(cardShort).join(" + "), targets: hits });
    }
    case "killed": return whose(ctx, "log.d52.killed", ev.pos, ev.card ? cardShort(ev.card) : t("face-down card"));
    case "pair": return t("{name} pairs two cards", { name });
    case "freeze": return t("{name} freezes lane {lane}", { name, lane: laneOf(ev.pos) });
    case "heal": return t("{name} heals", { name });
    case "view": return t("{name} draws a card to view", { name });
    case "discard": return t("{name} discards a card face down", { name });
    case "look": return ev.pos ? t("{name} looks at a face-down card in lane {lane}", { name, lane: laneOf(ev.pos) }) : null;
    case "moved": return ev.to ? t("{name} moves a card to lane {lane}", { name, lane: laneOf(ev.to) }) : null;
    case "empower": return t("{name} empowers", { name });
    case "action": return t("{name} gains an action", { name });
    case "trap": return whose(ctx, "log.d52.trap", ev.pos, cardShort(ev.card));
    case "lane-won": return t("{name} wins lane {lane}", { name, lane: ev.lane });
    case "turn": return ctx.tn("{name}'s turn: {n} action", "{name}'s turn: {n} actions", ev.actions, { name });
    case "pass": return t("{name} passes", { name });
    case "game-over": return result(ctx).title;
    default: return null;
  }
}

export function animations(events) {
  const list = [];
  for (const ev of events) {
    if (ev.kind === "flip") list.push([`[data-pos="${ev.pos}"] .card`, "anim-flip"]);
    if (ev.kind === "play") list.push([`[data-pos="L${ev.lane}.${ev.seat}.${ev.slot}"] .card`, "anim-play"]);
  }
  return list;
}
