// MateBeta: both hands open, foreplacing, lead and answer, forced cards play themselves.
import { winnerTitle } from "./common.js";

const VALUES = { "7": 7, Q: 3, K: 4, "10": 10, A: 11 };
function value(card) { return VALUES[card.slice(0, -1)]; }

export function parseMove(text) {
  const w = text.split(" ");
  if (w[0] === "keep") return { src: null, dst: null };
  return { src: `card:${w[1]}`, dst: null };
}

export function moveLabel(m, ctx) {
  const { t, cardShort } = ctx;
  const w = m.text.split(" ");
  if (w[0] === "keep") return t("mb.keep");
  return `${w[0] === "foreplace" ? t("mb.foreplaced") : ""} ${cardShort(w[1])}`.trim();
}

/** Forced cards (the only answer, the last card to lead) play themselves; foreplacing never. */
export function autoForced(text) { return text.startsWith("lead ") || text.startsWith("answer "); }

function handRow(ctx, seat, mine) {
  const { el, obs, cardEl, t } = ctx;
  const row = el("div", { class: "mb-hand", role: "group", "aria-label": mine ? t("table.hand") : t("table.hand_of", { name: ctx.name(seat) }) });
  for (const card of obs.hands[seat]) {
    const c = cardEl(card);
    if (mine) c.dataset.src = `card:${card}`;
    row.append(c);
  }
  return row;
}

function tag(ctx, seat) {
  const { el, obs, t, msg } = ctx;
  const bits = [ctx.name(seat) + (ctx.isMe(seat) ? ` (${t("table.you")})` : "")];
  if (obs.dealer === seat) bits.push(t("mb.dealer"));
  const toAct = msg.status === "playing" && (obs.phase === "lead" ? obs.leader === seat : obs.phase === "answer" ? obs.leader !== seat : !obs.decided[seat]);
  return el("div", { class: "player-tag" + (toAct ? " to-act" : "") }, el("span", { text: bits.join(" · ") }));
}

export function render(ctx, board) {
  const { el, obs, t, cardEl, emptyEl } = ctx;
  const me = ctx.view;
  const opp = 1 - me;
  const wrap = el("div", { class: "mb-board" });
  wrap.append(el("div", { class: "zone" }, tag(ctx, opp), handRow(ctx, opp, false)));
  // the middle: foreplaced cards, the lead in play, the move number
  const center = el("div", { class: "mb-center" });
  for (const seat of [opp, me]) {
    const fp = obs.foreplaced[seat];
    const box = el("div", { class: "mb-fp" }, el("span", { text: `${t("mb.foreplaced")}: ${ctx.name(seat)}` }));
    if (fp) box.append(cardEl(fp, { label: `${t("mb.foreplaced")} ${ctx.name(seat)}: ${ctx.cardName(fp)}` }));
    else box.append(el("span", { class: "badge", text: obs.decided[seat] ? t("mb.kept") : "…" }));
    center.append(box);
  }
  const current = obs.tricks.length ? obs.tricks[obs.tricks.length - 1] : null;
  const play = el("div", { class: "zone trick", "data-anim": "trick" });
  play.append(el("div", { class: "zone-label", text: t("mb.move_no", { n: obs.move }) }));
  const pair = el("div", { class: "duel-row" });
  if (obs.phase === "answer" && obs.lead) {
    pair.append(cardEl(obs.lead, { label: `${ctx.name(obs.leader)}: ${ctx.cardName(obs.lead)}` }), emptyEl("?"));
  } else if (current && current.answer !== undefined) {
    pair.append(cardEl(current.lead), current.answer ? cardEl(current.answer) : emptyEl(""));
  } else {
    pair.append(emptyEl(t("mb.move_no", { n: obs.move })));
  }
  play.append(pair);
  center.append(play);
  wrap.append(center);
  // the moves so far
  if (obs.tricks.length) {
    const moves = el("div", { class: "mb-moves", role: "list", "aria-label": t("mb.moves") });
    for (const tr of obs.tricks) {
      const cell = el("div", { class: "mb-move", role: "listitem" });
      cell.append(el("span", { text: String(tr.move) }), ctx.cardEl(tr.lead, { label: `${t("mb.move_no", { n: tr.move })}: ${ctx.cardName(tr.lead)}` }));
      if (tr.answer) cell.append(ctx.cardEl(tr.answer));
      if (tr.winner !== null && tr.winner !== undefined) cell.append(el("span", { text: tr.winner === me ? "✓" : "✗", "aria-label": ctx.name(tr.winner) }));
      moves.append(cell);
    }
    wrap.append(moves);
  }
  wrap.append(el("div", { class: "zone" }, handRow(ctx, me, ctx.seat !== null), tag(ctx, me)));
  board.append(wrap);
}

export function status(ctx) {
  const { t, obs, msg } = ctx;
  const legal = ctx.legal;
  if (legal.length) {
    const key = obs.phase === "foreplace" ? "mb.foreplace_prompt" : obs.phase === "answer" ? "mb.answer_prompt" : "mb.lead_prompt";
    return { text: t("table.your_turn"), sub: t(key), mine: true };
  }
  const toAct = obs.phase === "lead" ? obs.leader : obs.phase === "answer" ? 1 - obs.leader : obs.decided.indexOf(false);
  const info = toAct >= 0 ? msg.seats[toAct] : null;
  const name = ctx.name(toAct);
  return { text: info && info.kind === "computer" ? t("table.thinking", { name }) : t("table.turn_of", { name }), sub: t("mb.move_no", { n: obs.move }), mine: false };
}

export function explain(ctx, out) {
  const { t, cardShort } = ctx;
  const lines = [];
  if (out.end === "draw") { lines.push(t("mb.result.draw")); return lines; }
  const name = ctx.name(out.mater);
  const card = cardShort(out.card);
  lines.push(t(out.end === "overmate" ? "mb.result.overmate" : "mb.result.mate", { name, card, move: out.move }));
  const v = value(out.card);
  const points = out.points[out.mater];
  const factor = Math.round(points / v);
  let f;
  if (out.end === "overmate") f = t("mb.factor.overmate");
  else if (factor === out.move + 1) f = `${factor} ${t("mb.factor.bonus", { move: out.move })}`;
  else if (out.move === 10 && factor === 10) f = t("mb.factor.ten");
  else f = `${factor} (${t("mb.factor.move", { move: out.move })})`;
  lines.push(t("mb.result.score", { value: `${v} (${card})`, factor: f, points }));
  return lines;
}

export function result(ctx) {
  const { el, t } = ctx;
  const out = ctx.msg.outcome;
  const me = ctx.view;
  const title = out.end === "draw" ? t("table.draw") : winnerTitle(ctx, out.mater === me, ctx.name(out.mater));
  const extra = el("p", { class: "mb-total", id: "mb-total" });
  fetch(`/api/tables/${ctx.msg.table}/games`).then((r) => r.json()).then((games) => {
    const total = [0, 0];
    for (const g of games) if (g.outcome && g.outcome.points) { total[0] += g.outcome.points[0]; total[1] += g.outcome.points[1]; }
    extra.textContent = t("mb.total", { score: `${ctx.name(me)} ${total[me]} – ${total[1 - me]} ${ctx.name(1 - me)}` });
  }).catch(() => {});
  const m = ctx.msg.match;
  let matchLine = null;
  if (m && m.over && m.points) {
    const [a, b] = m.points;
    const champ = a === b ? null : (a > b ? 0 : 1);
    if (champ === null) matchLine = t("table.match_drawn");
    else matchLine = ctx.isMe(champ) ? t("table.match_won") : t("table.match_lost", { name: ctx.name(champ) });
  }
  return { title, lines: explain(ctx, out), extra, matchLine };
}

/** The match so far: each player's points and which game of how many. */
export function matchScore(m, ctx) {
  const score = `${ctx.name(0)} ${m.points[0]} – ${m.points[1]} ${ctx.name(1)}`;
  return `${score} (${ctx.t("mb.match_game", { k: m.games, n: m.games_needed })})`;
}

export function describe(ev, ctx) {
  const { t, cardShort } = ctx;
  const name = ctx.name(ev.seat);
  switch (ev.kind) {
    case "foreplace": return t("log.mb.foreplace", { name, card: cardShort(ev.card) });
    case "keep": return t("log.mb.keep", { name });
    case "lead": return t("log.mb.lead", { name, card: cardShort(ev.card), n: ev.move });
    case "answer": return t("log.mb.answer", { name, card: cardShort(ev.card) });
    case "mate": return t("log.mb.mate", { name, card: cardShort(ev.card) });
    case "game-over": {
      const out = ctx.msg.outcome || ev;
      return out.end === "draw" ? t("table.draw") : winnerTitle(ctx, out.mater === ctx.view, ctx.name(out.mater));
    }
    default: return null;
  }
}

export function animations(events) {
  return events.some((e) => e.kind === "lead" || e.kind === "answer") ? [[".trick .duel-row .card", "anim-play"]] : [];
}
