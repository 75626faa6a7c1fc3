// Paternoster Duel: own up and down piles, pushes onto the other's, Blitz and Team duel.
import { drawPileEl, handEl, hiddenHand, pileEl, plural, signalBadges, signalButtons, winnerTitle } from "./common.js";

const PILES = ["up", "down"];

function teams(ctx) { return ctx.obs.options.team ? 4 : 2; }
function myTeam(ctx) { return ctx.view % 2; }
function teamName(ctx, team) { return ctx.labelOf(team === 0 ? "duel.red" : "duel.black"); }
export function teamOf(seat) { return seat % 2; }

/** A pile in words; `onto`: after "on"/"onto" in a sentence (German: "auf deinen …"). */
function pileLabel(ctx, team, pile, onto = false) {
  const { t } = ctx;
  const p = ctx.labelOf("duel." + pile);
  if (teams(ctx) === 4) return t("team {team}: {pile}", { team: teamName(ctx, team), pile: p });
  if (ctx.isMe(team)) return onto ? ctx.tc("onto", "your {pile}", { pile: p }) : t("your {pile}", { pile: p });
  return onto ? ctx.tc("onto", "{name}'s {pile}", { name: ctx.name(team), pile: p }) : t("{name}'s {pile}", { name: ctx.name(team), pile: p });
}
/** A pile of `seat`'s team (a signal's pile is the signalling seat's own); `onto`: as it
 *  follows "on"/"onto" in a sentence. */
export function pileName(pile, ctx, seat = ctx.view, onto = false) { return pileLabel(ctx, teamOf(seat), pile, onto); }

export function parseMove(text, ctx) {
  const w = text.split(" ");
  if (w[0] === "end") return { src: null, dst: null, primary: true };
  if (w[0] === "draw") return { src: null, dst: null };
  const team = w[0] === "play" ? myTeam(ctx) : 1 - myTeam(ctx);
  return { src: `card:${w[1]}`, dst: `pile:${team}:${w[2]}` };
}

/** The moves a tap asks the server about when no legal move uses it (why not?): a card on
 *  a pile, or, for the card alone, on each of the four piles. */
export function whyMoves(src, dst, ctx) {
  if (!src || !src.startsWith("card:")) return [];
  const card = src.slice(5);
  if (!dst) return PILES.flatMap((p) => [`play ${card} ${p}`, `push ${card} ${p}`]);
  if (!dst.startsWith("pile:")) return [];
  const [, team, pile] = dst.split(":");
  return [`${Number(team) === myTeam(ctx) ? "play" : "push"} ${card} ${pile}`];
}

export function moveLabel(m, ctx) {
  const { t, cardShort } = ctx;
  const w = m.text.split(" ");
  if (w[0] === "end") return t("End turn");
  if (w[0] === "draw") return t("Draw");
  const team = w[0] === "play" ? myTeam(ctx) : 1 - myTeam(ctx);
  return ctx.labelOf(w[0] === "play" ? "duel.play_on" : "duel.push_on", { card: cardShort(w[1]), pile: pileLabel(ctx, team, w[2], true) });
}

function seatTag(ctx, seat) {
  const { el, obs } = ctx;
  const toAct = obs.to_act.includes(seat) && ctx.msg.status === "playing";
  const tag = el("div", { class: "player-tag" + (toAct ? " to-act" : "") });
  tag.append(el("span", { text: ctx.name(seat) + (ctx.isMe(seat) ? ` (${ctx.t("you")})` : "") }), el("span", { class: "badge", text: plural(ctx, obs.hand_counts[seat]) }));
  return tag;
}

function pilesRow(ctx, team) {
  const { el, obs, t } = ctx;
  const row = el("div", { class: "duel-row" });
  const mine = team === myTeam(ctx);
  const partners = teams(ctx) === 4 ? [team, team + 2] : [team];
  PILES.forEach((pile, i) => {
    const label = pileLabel(ctx, team, pile);
    const box = pileEl(ctx, { cards: obs.piles[team][i], name: ctx.labelOf(`duel.${pile}_short`), dst: `pile:${team}:${pile}`, label });
    let buttons = null;
    if (teams(ctx) === 4) {
      // signals are public: each team's on its own piles (your own shows as a pressed button)
      const badges = signalBadges(ctx, pile, partners.filter((s) => s !== ctx.seat));
      if (badges) box.append(badges);
      buttons = mine ? signalButtons(ctx, pile, label) : null;
    }
    // the signal menu beside the pile, not in it: a pile that is a target is a button
    row.append(buttons ? el("div", { class: "pile-slot" }, box, buttons) : box);
  });
  row.append(drawPileEl(ctx, obs.draw_counts[team], `${t("Draw pile")}: ${obs.draw_counts[team]}`));
  return row;
}

/** A Team duel side named in words, as the log names its piles ("team black: up pile"). */
function teamLabel(ctx, team) {
  if (teams(ctx) !== 4) return [];
  return [ctx.el("div", { class: "zone-label", text: ctx.t("Team {team}", { team: teamName(ctx, team) }) })];
}

export function render(ctx, board) {
  const { el, obs, t } = ctx;
  const me = ctx.view;
  const team = myTeam(ctx);
  const wrap = el("div", { class: "duel-board" });
  // the other side
  const opp = el("div", { class: "duel-side opp" });
  const oppSeats = teams(ctx) === 4 ? [1 - team, 3 - team] : [1 - me];
  const tags = el("div", { class: "duel-row" });
  for (const s of oppSeats) tags.append(el("div", { class: "zone" }, seatTag(ctx, s), hiddenHand(ctx, obs.hand_counts[s], ctx.name(s))));
  opp.append(tags, ...teamLabel(ctx, 1 - team), pilesRow(ctx, 1 - team));
  // my side
  const own = el("div", { class: "duel-side own" });
  own.append(pilesRow(ctx, team), ...teamLabel(ctx, team));
  if (teams(ctx) === 4) {
    const partner = (me + 2) % 4;
    own.append(el("div", { class: "duel-row" }, el("div", { class: "zone" }, seatTag(ctx, partner), hiddenHand(ctx, obs.hand_counts[partner], ctx.name(partner)))));
  }
  const status = el("div", { class: "counts" });
  if (ctx.seat !== null && !obs.options.friendly) {
    status.append(el("span", { class: "badge" + (obs.pushed[me] ? "" : " gold"), text: obs.pushed[me] ? t("push used") : t("push available") }));
  }
  if (ctx.seat !== null && obs.step_back_used[me]) status.append(el("span", { class: "badge", text: t("step back used") }));
  const hand = handEl(ctx);
  if (ctx.seat === null) {
    hand.append(hiddenHand(ctx, obs.hand_counts[me], ctx.name(me)));
  }
  own.append(status, el("div", { class: "zone" }, seatTag(ctx, me), hand));
  wrap.append(opp, el("div", { class: "duel-mid" }), own);
  board.append(wrap);
}

export function status(ctx) {
  const { t, obs } = ctx;
  if (obs.options.blitz) {
    return { text: t("Blitz: no turns, play as fast as you can"), sub: "", mine: ctx.legal.length > 0 };
  }
  const turn = obs.turn_seat;
  if (ctx.isMe(turn)) {
    const owed = obs.required - obs.played;
    return { text: t("Your turn"), sub: owed > 0 ? t("Play {n} more on your own piles", { n: owed }) : t("You have played enough: end your turn or play on"), mine: true };
  }
  const info = ctx.msg.seats[turn];
  const text = info && info.kind === "computer" ? t("{name} is thinking…", { name: ctx.name(turn) }) : t("{name}'s turn", { name: ctx.name(turn) });
  const owed = Math.max(0, obs.required - obs.played);
  return { text, sub: owed ? t("{n} more to play", { n: owed }) : "", mine: false };
}

function sideName(ctx, team) {
  return teams(ctx) === 4 ? ctx.t("Team {team}", { team: teamName(ctx, team) }) : ctx.name(team);
}

/** How the game ended for this seat ("win", "loss", "draw"): the table's sound. */
export function verdict(ctx) {
  const winner = ctx.msg.outcome.winner;
  return winner === null ? "draw" : winner === myTeam(ctx) ? "win" : "loss";
}

export function result(ctx) {
  const { t, obs } = ctx;
  const out = ctx.msg.outcome;
  const winner = out.winner;
  const mine = winner !== null && winner === myTeam(ctx);
  const title = winnerTitle(ctx, mine, winner === null ? null : sideName(ctx, winner));
  const lines = [];
  const reason = out.reason === "time" && out.draw ? "reason.time-draw" : `duel.reason.${out.reason}`;
  lines.push(ctx.labelOf(reason, { winner: winner === null ? "" : sideName(ctx, winner), loser: winner === null ? "" : sideName(ctx, 1 - winner) }));
  const left = [0, 1].map((team) => {
    let n = obs.draw_counts[team];
    for (let s = team; s < obs.hand_counts.length; s += 2) n += obs.hand_counts[s];
    return `${sideName(ctx, team)} ${n}`;
  });
  lines.push(t("Cards left: {list}", { list: left.join(", ") }));
  const m = ctx.msg.match;
  let matchLine = null;
  if (m && m.over) {
    const champ = m.wins[0] >= m.wins_needed ? 0 : 1;
    matchLine = champ === myTeam(ctx) && ctx.seat !== null ? t("You won the match!") : t("{name} won the match.", { name: sideName(ctx, champ) });
  }
  return { title, lines, matchLine };
}

export function matchScore(m, ctx) {
  return `${sideName(ctx, 0)} ${m.wins[0]} – ${m.wins[1]} ${sideName(ctx, 1)}`;
}

export function describe(ev, ctx) {
  const { t, cardShort } = ctx;
  const name = ctx.name(ev.seat);
  switch (ev.kind) {
    case "play": return teams(ctx) === 4
      ? t("{name} plays {card} on {pile}", { name, card: cardShort(ev.card), pile: pileLabel(ctx, ev.owner, ev.pile) })
      : t("{name} plays {card} on their own {pile}", { name, card: cardShort(ev.card), pile: ctx.labelOf(`duel.${ev.pile}`) });
    case "push": return t("{name} pushes {card} onto {pile}", { name, card: cardShort(ev.card), pile: pileLabel(ctx, ev.owner, ev.pile, true) });
    case "end": return t("{name} ends the turn and draws {n}", { name, n: ev.drew });
    case "draw": return t("{name} draws {n}", { name, n: ev.count });
    case "turn": return ctx.obs.options.blitz ? null : t("{name}'s turn: {n} to play", { name, n: ev.required });
    case "game-over": {
      const r = result(ctx);
      return r.title;
    }
    default: return null;
  }
}

export function animations(events) {
  const list = [];
  for (const ev of events) {
    if (ev.kind === "play" || ev.kind === "push") list.push([`[data-dst="pile:${ev.owner}:${ev.pile}"] .stack`, ev.kind === "play" ? "anim-play" : "anim-push"]);
  }
  return list;
}
