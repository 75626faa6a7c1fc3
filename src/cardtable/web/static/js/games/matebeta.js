// MateBeta: both hands open, foreplacing, lead and answer, forced cards play themselves.
import { winnerTitle } from "./common.js";

const VALUES = { "7": 7, Q: 3, K: 4, "10": 10, A: 11 };
function value(card) { return VALUES[card.slice(0, -1)]; }

export function parseMove(text) {
  const w = text.split(" ");
  if (w[0] === "keep") return { src: null, dst: null };
  return { src: `card:${w[1]}`, dst: null };
}

/** The move a tap on a card asks the server about when no legal move uses it (why not?). */
export function whyMoves(src, dst, ctx) {
  if (!src || !src.startsWith("card:") || dst) return [];
  const kind = { foreplace: "foreplace", lead: "lead", answer: "answer" }[ctx.obs.phase];
  return kind ? [`${kind} ${src.slice(5)}`] : [];
}

export function moveLabel(m, ctx) {
  const { t, cardShort } = ctx;
  const w = m.text.split(" ");
  if (w[0] === "keep") return t("Keep all ten");
  return w[0] === "foreplace" ? t("Foreplace {card}", { card: cardShort(w[1]) }) : cardShort(w[1]);
}

/** Forced cards (the only answer, the last card to lead) play themselves; foreplacing never. */
export function autoForced(text) { return text.startsWith("lead ") || text.startsWith("answer "); }

function handRow(ctx, seat, mine) {
  const { el, obs, cardEl, t } = ctx;
  const row = el("div", { class: "mb-hand", role: "group", "aria-label": mine ? t("Your hand") : t("{name}'s hand", { name: ctx.name(seat) }) });
  for (const card of obs.hands[seat]) {
    const c = cardEl(card);
    if (mine) c.dataset.src = `card:${card}`;
    row.append(c);
  }
  return row;
}

/** The seat to act now: before move 1 the dealer decides first, then the other player
 *  (the rules' order; the observation says who has decided, not whose turn it is). */
export function toAct(ctx) {
  const { obs } = ctx;
  if (obs.phase === "lead") return obs.leader;
  if (obs.phase === "answer") return 1 - obs.leader;
  if (obs.phase === "foreplace") return obs.decided[obs.dealer] ? 1 - obs.dealer : obs.dealer;
  return null;
}

function tag(ctx, seat) {
  const { el, obs, t, msg } = ctx;
  const bits = [ctx.name(seat) + (ctx.isMe(seat) ? ` (${t("you")})` : "")];
  if (obs.dealer === seat) bits.push(t("dealer"));
  const acting = msg.status === "playing" && toAct(ctx) === seat;
  return el("div", { class: "player-tag" + (acting ? " to-act" : "") }, el("span", { text: bits.join(" · ") }));
}

export function render(ctx, board) {
  const { el, obs, t, cardEl, emptyEl } = ctx;
  const me = ctx.view;
  const opp = 1 - me;
  const wrap = el("div", { class: "mb-board" });
  const note = matchNote(ctx);
  if (note) wrap.append(note);
  wrap.append(el("div", { class: "zone" }, tag(ctx, opp), handRow(ctx, opp, false)));
  // the middle: foreplaced cards, the lead in play, the move number
  const center = el("div", { class: "mb-center" });
  for (const seat of [opp, me]) {
    const fp = obs.foreplaced[seat];
    const box = el("div", { class: "mb-fp" }, el("span", { text: `${t("Foreplaced")}: ${ctx.name(seat)}` }));
    if (fp) box.append(cardEl(fp, { label: `${t("Foreplaced")} ${ctx.name(seat)}: ${ctx.cardName(fp)}` }));
    else box.append(el("span", { class: "badge", text: obs.decided[seat] ? t("kept all ten") : "…" }));
    center.append(box);
  }
  const current = obs.tricks.length ? obs.tricks[obs.tricks.length - 1] : null;
  const play = el("div", { class: "zone trick", "data-anim": "trick" });
  play.append(el("div", { class: "zone-label", text: t("Move {n}", { n: obs.move }) }));
  const pair = el("div", { class: "duel-row" });
  if (obs.phase === "answer" && obs.lead) {
    pair.append(cardEl(obs.lead, { label: `${ctx.name(obs.leader)}: ${ctx.cardName(obs.lead)}` }), emptyEl("?"));
  } else if (current && current.answer !== undefined) {
    pair.append(cardEl(current.lead), current.answer ? cardEl(current.answer) : emptyEl(""));
  } else {
    pair.append(emptyEl(t("Move {n}", { n: obs.move })));
  }
  play.append(pair);
  center.append(play);
  wrap.append(center);
  // the moves so far
  if (obs.tricks.length) {
    const moves = el("div", { class: "mb-moves", role: "list", "aria-label": t("Moves") });
    for (const tr of obs.tricks) {
      const cell = el("div", { class: "mb-move", role: "listitem" });
      cell.append(el("span", { text: String(tr.move) }), ctx.cardEl(tr.lead, { label: `${t("Move {n}", { n: tr.move })}: ${ctx.cardName(tr.lead)}` }));
      if (tr.answer) cell.append(ctx.cardEl(tr.answer));
      if (tr.winner !== null && tr.winner !== undefined) cell.append(el("span", { text: tr.winner === me ? "✓" : "✗", "aria-label": ctx.name(tr.winner) }));
      moves.append(cell);
    }
    wrap.append(moves);
  }
  wrap.append(el("div", { class: "zone" }, handRow(ctx, me, ctx.seat !== null), tag(ctx, me)));
  if (ctx.msg.hints && ctx.legal.length) wrap.append(hintBar(ctx));
  board.append(wrap);
  if (hint && hint.version === ctx.msg.version) markHint(board, hint.best);
}

let hint = null;  // the last hint: {version, best, value, text}

/** The table allows hints: a button that asks the server for the best move now. */
function hintBar(ctx) {
  const { el, t } = ctx;
  const out = el("span", { class: "mb-hint-text", id: "hint-text", role: "status",
                           text: hint && hint.version === ctx.msg.version ? hint.text : "" });
  const button = el("button", { class: "btn small", type: "button", id: "hint", text: t("Hint") });
  button.addEventListener("click", async () => {
    button.disabled = true;
    const r = await fetch(`/api/tables/${ctx.msg.table}/hint`, { credentials: "same-origin" });
    const data = await r.json().catch(() => ({}));
    button.disabled = false;
    if (!r.ok) { out.textContent = t("No hint now: {message}", { message: (data.error && data.error.message) || r.statusText }); return; }
    const moves = ctx.listOf(data.best.map((text) => moveLabel({ text }, ctx)));
    const value = data.value > 0 ? `+${data.value}` : String(data.value);
    hint = { version: data.version, best: data.best, text: t("Best: {moves}. With perfect play from here: {value} for you.", { moves, value }) };
    out.textContent = hint.text;
    markHint(button.closest(".board") || document, data.best);
  });
  return el("div", { class: "mb-hint" }, button, out);
}

function markHint(root, best) {
  for (const text of best) {
    const card = text.split(" ")[1];
    if (!card) continue;
    const node = root.querySelector(`[data-src="card:${card}"]`);
    if (node) node.classList.add("hinted");
  }
}

export function status(ctx) {
  const { t, obs, msg } = ctx;
  const legal = ctx.legal;
  if (legal.length) {
    const key = obs.phase === "foreplace" ? "mb.foreplace_prompt" : obs.phase === "answer" ? "mb.answer_prompt" : "mb.lead_prompt";
    return { text: t("Your turn"), sub: ctx.labelOf(key), mine: true };
  }
  const seat = toAct(ctx);
  const info = seat === null ? null : msg.seats[seat];
  const name = ctx.name(seat);
  if (obs.phase === "foreplace") {
    // the dealer decides first whether to set a card aside, then the other player
    const text = seat === obs.dealer ? t("{name}, the dealer, is deciding whether to foreplace", { name })
      : t("{name} is deciding whether to foreplace", { name });
    return { text, sub: t("Before move 1"), mine: false };
  }
  return { text: info && info.kind === "computer" ? t("{name} is thinking…", { name }) : t("{name}'s turn", { name }), sub: t("Move {n}", { n: obs.move }), mine: false };
}

/** The seat that mated, read from the points the server sends (only the mater scores;
 *  a mate is worth at least 3), or null for a draw. */
export function materOf(out) {
  if (out.reason === "resigned" || out.reason === "aborted" || out.reason === "time") return out.winner ?? null;
  if (out.end === "draw") return null;
  return out.points[0] > 0 ? 0 : 1;
}

/** The factor of a mate and its reason, from the rules: the move number, one more for a
 *  foreplacer, ×22 for an overmate. A move-10 mate by the player who kept all ten is the
 *  plain move number (the foreplacer's move-10 mate is the overmate). */
export function factorOf(out, foreplaced) {
  if (out.end === "overmate") return { factor: 22, key: "mb.factor.overmate" };
  if (foreplaced[materOf(out)]) return { factor: out.move + 1, key: "mb.factor.bonus" };
  return { factor: out.move, key: "mb.factor.move" };
}

export function explain(ctx, out) {
  const { t, cardShort } = ctx;
  if (out.end === "draw") return [t("Move {move}, the last move, was answered: a draw, no points.", { move: out.move })];
  if (out.reason === "resigned") return [ctx.labelOf("duel.reason.resigned", { loser: ctx.name(out.resigned) })];
  if (out.reason === "aborted") return [ctx.labelOf("duel.reason.aborted")];
  if (out.reason === "time") return [ctx.labelOf(out.draw ? "reason.time-draw" : "duel.reason.time", { loser: ctx.name(out.flagged) })];
  const mater = materOf(out);
  const name = ctx.name(mater);
  const card = cardShort(out.card);
  const { factor, key } = factorOf(out, ctx.obs.foreplaced);
  const points = out.points[mater];
  return [
    ctx.labelOf(out.end === "overmate" ? "mb.result.overmate" : "mb.result.mate", { name, card, move: out.move }),
    t("Score: {value} ({card}) × {factor} ({why}) = {points} points", { value: value(out.card), card, factor, why: ctx.labelOf(key, { move: out.move }), points }),
  ];
}

/** "You won!", "You lost.", "A draw." (or the winner's name for a spectator). */
function outcomeTitle(ctx, out) {
  const mater = materOf(out);
  return winnerTitle(ctx, mater !== null && ctx.isMe(mater), mater === null ? null : ctx.name(mater));
}

/** How the game ended for this seat ("win", "loss", "draw"): the table's sound. */
export function verdict(ctx) {
  const mater = materOf(ctx.msg.outcome);
  return mater === null ? "draw" : ctx.isMe(mater) ? "win" : "loss";
}

export function result(ctx) {
  const { el, t } = ctx;
  const out = ctx.msg.outcome;
  const m = ctx.msg.match;
  let matchLine = null;
  if (m && m.over && m.points) {
    const [a, b] = m.points;
    const champ = a === b ? null : (a > b ? 0 : 1);
    if (champ === null) matchLine = t("The match is drawn: equal totals.");
    else matchLine = ctx.isMe(champ) ? t("You won the match!") : t("{name} won the match.", { name: ctx.name(champ) });
  }
  const link = el("a", { class: "btn", id: "review-link", href: `/review?table=${ctx.msg.table}&game_no=${ctx.msg.game_no}`, text: t("Review this game") });
  return { title: outcomeTitle(ctx, out), lines: explain(ctx, out), matchLine, extra: el("p", {}, link) };
}

/** Where this game stands in a match of fixed length, said at the table: games 2 and 4
 *  deal no new shuffle but swap the hands of the game before (the rules' point 3). */
function matchNote(ctx) {
  const { el, t, msg } = ctx;
  const m = msg.match;
  if (!m || !m.games_needed || m.over || msg.status !== "playing") return null;
  const n = m.games + 1;
  const total = m.games_needed;
  let text;
  if (n % 2 === 0) text = t("Game {n} of {total}: no new shuffle. The hands of game {prev} are swapped: each player now holds the ten cards the other was dealt.", { n, total, prev: n - 1 });
  else if (n < total) text = t("Game {n} of {total}: a fresh shuffle. Game {next} swaps these hands: each player then gets the ten cards the other holds now.", { n, total, next: n + 1 });
  else return null;
  return el("p", { class: "mb-match-note", role: "note", text });
}

/** The match so far: each player's points and which game of how many. */
export function matchScore(m, ctx) {
  const score = `${ctx.name(0)} ${m.points[0]} – ${m.points[1]} ${ctx.name(1)}`;
  return `${score} (${ctx.tn("{k} of {n} game played", "{k} of {n} games played", m.games_needed, { k: m.games })})`;
}

export function describe(ev, ctx) {
  const { t, cardShort } = ctx;
  const name = ctx.name(ev.seat);
  switch (ev.kind) {
    case "foreplace": return t("{name} foreplaces {card}", { name, card: cardShort(ev.card) });
    case "keep": return t("{name} keeps all ten", { name });
    case "lead": return t("Move {n}: {name} leads {card}", { name, card: cardShort(ev.card), n: ev.move });
    case "answer": return t("{name} answers {card}", { name, card: cardShort(ev.card) });
    case "mate": return t("Mate! {name}'s {card} cannot be answered", { name, card: cardShort(ev.card) });
    case "overmate": return t("Overmate! {name}'s {card} on move 10 cannot be answered", { name, card: cardShort(ev.card) });
    case "draw": return t("Move {n}, the last move, is answered", { n: ev.move });
    case "game-over": {
      const out = ctx.msg.outcome || ev;
      return `${outcomeTitle(ctx, out)} ${explain(ctx, out).slice(1).join(" ")}`.trim();
    }
    default: return null;
  }
}

export function animations(events) {
  return events.some((e) => e.kind === "lead" || e.kind === "answer") ? [[".trick .duel-row .card", "anim-play"]] : [];
}
