// Pieces the four game modules share.

/** The seat's own hand, sorted on the ladder; each card is a source to pick. */
export function handEl(ctx) {
  const { el, obs, t, cardEl, sortLadder } = ctx;
  const hand = el("div", { class: "hand", role: "group", "aria-label": t("Your hand") });
  if (ctx.seat !== null) {
    for (const card of sortLadder(obs.hand)) {
      const c = cardEl(card);
      c.dataset.src = `card:${card}`;
      hand.append(c);
    }
  }
  return hand;
}

/** A pile: its top card (or an empty place), how many cards, a name; `dst` makes it a target. */
export function pileEl(ctx, { cards, name, dst, label, small = false, extraClass = "" }) {
  const { el, cardEl, emptyEl, cardName, t } = ctx;
  const top = cards.length ? cards[cards.length - 1] : null;
  const full = `${label}: ${top ? cardName(top) : t("empty")}` + (cards.length > 1 ? `, ${plural(ctx, cards.length)}` : "");
  const box = el("div", { class: `pile ${extraClass}`.trim(), "aria-label": full });
  if (dst) box.dataset.dst = dst;
  const stack = el("div", { class: "stack" + (cards.length > 2 ? " deep" : "") });
  stack.append(top ? cardEl(top, { small, label: full }) : emptyEl(full, { small }));
  box.append(el("div", { class: "pile-name", text: name, "aria-hidden": "true" }), stack);
  box.append(el("div", { class: "pile-count", text: cards.length ? plural(ctx, cards.length) : t("empty"), "aria-hidden": "true" }));
  return box;
}

/** A face-down draw pile with its count. */
export function drawPileEl(ctx, count, label) {
  const { el, cardEl, emptyEl, t } = ctx;
  const text = label || t("Draw pile: {n}", { n: count });
  const box = el("div", { class: "drawpile", "aria-label": text, role: "img" });
  box.append(count ? cardEl(null, { label: text }) : emptyEl(text), el("span", { text: String(count), "aria-hidden": "true" }));
  return box;
}

/** A row of face-down cards for an opponent's hand (count only). */
export function hiddenHand(ctx, count, name) {
  const { el, cardEl, t } = ctx;
  const box = el("div", { class: "opp-hand", role: "img", "aria-label": `${t("{name}'s hand", { name })}: ${ctx.tn("{n} card", "{n} cards", count)}` });
  for (let i = 0; i < Math.min(count, 12); i++) box.append(cardEl(null));
  return box;
}

/** The title of a result with one winner (a seat, a team) or none (a draw, or an aborted
 *  game, which has no result at all). */
export function winnerTitle(ctx, winnerIsMe, winnerName) {
  const { t } = ctx;
  if (ctx.msg.outcome && ctx.msg.outcome.aborted) return t("Aborted: no result.");
  if (winnerName === null) return t("A draw.");
  if (ctx.seat === null) return t("{name} won.", { name: winnerName });
  return winnerIsMe ? t("You won!") : t("You lost.");
}

let openSignals = null;   // the pile whose signal menu is open: it stays open across redraws

/** Signal buttons for one pile (the texts the server allows for this seat), in a menu that
 *  names each signal in words (symbols alone are unreadable on a phone). */
export function signalButtons(ctx, pile, pileLabel, enabled = true) {
  const { el, t } = ctx;
  const allowed = ctx.signals.filter((s) => s.endsWith(" " + pile));
  if (!allowed.length || ctx.seat === null || ctx.msg.status !== "playing") return null;
  const row = el("div", { class: "signal-row", role: "group", "aria-label": t("Signal on {pile}", { pile: pileLabel }) });
  const current = ctx.signalsNow.get(`${ctx.seat}|${pile}`);
  for (const text of allowed) {
    const kind = text.split(" ")[0];
    const on = kind === current;
    const b = el("button", { class: "sig" + (on ? " on" : ""), type: "button", "aria-pressed": on ? "true" : "false", "aria-label": `${ctx.labelOf("signal." + kind)} (${pileLabel})`, text: `${ctx.labelOf("signal.short." + kind)} ${ctx.labelOf("signal." + kind)}`, "data-signal": text });
    if (!enabled) b.disabled = true;
    b.addEventListener("click", (e) => { e.stopPropagation(); openSignals = null; ctx.signal(text); });
    row.append(b);
  }
  const summary = current ? t("Signal: {signal}", { signal: ctx.labelOf("signal.short." + current) }) : `⚐ ${t("Signal")}`;
  const menu = el("details", { class: "sig-menu", "data-pile": pile }, el("summary", { text: summary, "aria-label": `${t("Signal")}: ${pileLabel}${current ? ", " + ctx.labelOf("signal." + current) : ""}` }), row);
  menu.open = openSignals === pile;
  menu.addEventListener("toggle", () => {
    if (menu.open) openSignals = pile;
    else if (openSignals === pile) openSignals = null;
  });
  menu.addEventListener("click", (e) => e.stopPropagation());
  return menu;
}

/** The signals others have set on a pile, as badges. */
export function signalBadges(ctx, pile, seats) {
  const { el, t } = ctx;
  const shown = [];
  for (const seat of seats) {
    const kind = ctx.signalsNow.get(`${seat}|${pile}`);
    if (!kind) continue;
    const said = `${ctx.name(seat)}: ${ctx.labelOf("signal." + kind)}`;
    // at a big table (Tower) the seat's number stands for its name, as on the seat bar
    const who = seats.length > 3 ? el("span", { class: "seat-no", text: String(seat + 1) }) : ctx.name(seat);
    shown.push(el("span", { class: "badge", title: said, "aria-label": said }, `${ctx.labelOf("signal.short." + kind)} `, who));
  }
  return shown.length ? el("div", { class: "sig-shown" }, ...shown) : null;
}

export function plural(ctx, n) { return ctx.tn("{n} card", "{n} cards", n); }
