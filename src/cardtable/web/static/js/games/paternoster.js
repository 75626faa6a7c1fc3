// Paternoster: the cooperative game. Piles up1 up2 (up3), down1 down2 (down3), signals.
import { drawPileEl, handEl, pileEl, plural, signalBadges, signalButtons } from "./common.js";

const NAMES = ["up1", "up2", "up3", "down1", "down2", "down3"];
const BURNING = new Set(["3H", "6H", "9H", "QH"]);

function perDirection(o) { return o.tower ? 3 : (o.first_ride || o.two_cars ? 1 : 2); }
function activePiles(o) {
  const k = perDirection(o);
  return [...NAMES.slice(0, k), ...NAMES.slice(3, 3 + k)];
}

export function pileName(pile, ctx) {
  const up = pile.startsWith("up");
  const n = pile.slice(-1);
  const single = perDirection(ctx.obs.options) === 1;
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
  const others = el("div", { class: "pat-others" });
  for (let s = 0; s < players; s++) {
    if (s === ctx.seat) continue;
    const toAct = obs.to_act.includes(s) && msg.status === "playing";
    const box = el("div", { class: "mate" + (toAct ? " to-act" : ""), "data-dst": `seat:${s}`, "aria-label": `${ctx.name(s)}: ${plural(ctx, obs.hand_counts[s])}` });
    box.append(el("strong", { text: (toAct ? "▶ " : "") + ctx.name(s) }), el("span", { text: plural(ctx, obs.hand_counts[s]) }));
    others.append(box);
  }
  wrap.append(others);
  // the piles
  const piles = el("div", { class: "pat-piles" });
  const lift = o.lift_operator && !obs.to_act.includes(ctx.seat);
  for (const name of activePiles(o)) {
    const cards = obs.piles[NAMES.indexOf(name)];
    const top = cards[cards.length - 1];
    const burning = o.fire && top && BURNING.has(top);
    const label = pileName(name, ctx);
    const box = pileEl(ctx, { cards, name: label, dst: `pile:${name}`, label: label + (burning ? ` (${t("burning")})` : ""), extraClass: burning ? "burning" : "" });
    const badges = signalBadges(ctx, name, [...Array(players).keys()].filter((s) => s !== ctx.seat));
    if (badges) box.append(badges);
    // the signal menu beside the pile, not in it: a pile that is a target is a button
    const buttons = players > 1 ? signalButtons(ctx, name, label, !lift) : null;  // solo: nobody to signal to
    piles.append(buttons ? el("div", { class: "pile-slot" }, box, buttons) : box);
  }
  wrap.append(piles);
  // draw pile, tokens, passengers, duties
  const info = el("div", { class: "pat-info" });
  info.append(drawPileEl(ctx, obs.draw_count, t("Draw pile: {n}", { n: obs.draw_count })));
  if (o.tokens) info.append(el("span", { class: "badge gold", text: t("Emergency tokens: {n}", { n: obs.tokens }) }));
  if (obs.passengers.length) {
    const p = el("div", { class: "passengers", "aria-label": t("Passengers") });
    p.append(el("span", { class: "badge", text: `${t("Passengers")} ${obs.delivered}/${obs.passengers.length}` }));
    obs.passengers.forEach((card, i) => {
      const c = cardEl(card, { tiny: true, label: `${ctx.cardName(card)}${i < obs.delivered ? ", " + t("delivered") : ""}` });
      if (i < obs.delivered) c.classList.add("dim");
      p.append(c);
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
  wrap.append(hand);
  board.append(wrap);
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
    return { text: t("Your turn"), sub: owed > 0 ? t("Play {n} more", { n: owed }) : t("Enough played: end your turn or play on"), mine: true };
  }
  const info = ctx.msg.seats[turn];
  const text = info && info.kind === "computer" ? t("{name} is thinking…", { name: ctx.name(turn) }) : t("{name}'s turn", { name: ctx.name(turn) });
  return { text, sub: owed ? t("{n} more to play", { n: owed }) : "", mine: false };
}

export function result(ctx) {
  const { t } = ctx;
  const out = ctx.msg.outcome;
  const lines = [];
  let title;
  if (out.perfect) title = t("Perfect! Every card is down.");
  else title = ctx.tn("{n} card was not played.", "{n} cards were not played.", out.cards_left);
  const obs = ctx.obs;
  if (out.lost && out.lost !== "stuck") lines.push(ctx.labelOf(`pat.lost.${out.lost}`));
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
