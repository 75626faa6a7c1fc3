// The new-table form: players, computer strengths, variants or level, match length, and
// how long a seat waits for a player who dropped out.
import { DATA, LANG, t, tn, hasLabel, labelOf } from "./i18n.js";
import { el } from "./dom.js";
import { createTable } from "./opentable.js";

const facts = DATA.game;
const game = facts.id;
const body = document.getElementById("form-body");
const errorBox = document.getElementById("form-error");

/** A catalogue entry if there is one (else the game module's own English words). */
function known(key) { return hasLabel(key) ? labelOf(key) : null; }

function fieldset(legend, ...children) { return el("fieldset", {}, el("legend", { text: legend }), ...children); }

// --- players and seats ---
const playersSel = el("select", { id: "players", name: "players" });
const seatsBox = el("div", { id: "seats-box" });
const nameInput = el("input", { type: "text", id: "name", maxlength: "40", autocomplete: "nickname", placeholder: t("You") });

function playerChoices() {
  if (game === "paternoster") return isTower() ? [6, 7, 8] : [1, 2, 3, 4, 5];
  if (game === "duel") return isTeam() ? [4] : [2];
  return [2];
}
function isTeam() { const b = document.getElementById("v-team"); return !!(b && b.checked); }
function isTower() { const b = document.getElementById("v-tower"); return !!(b && b.checked); }

function refreshPlayers() {
  const wanted = playerChoices();
  const current = Number(playersSel.value) || 2;
  playersSel.replaceChildren(...wanted.map((n) => el("option", { value: n, text: String(n), selected: n === (wanted.includes(current) ? current : (wanted.includes(2) ? 2 : wanted[0])) })));
  refreshSeats();
}

/** The computer levels a seat may have, weakest first: the game's ladder (its players by
 * name otherwise). */
function levels() {
  if (facts.ladder) return facts.ladder;
  return Object.keys(facts.bots).map((name) => ({ name, standing: null }));
}

/** A level's standing in the last tournament: short (for the option) and in words. */
function standing(level) {
  const s = level.standing;
  if (s && s.elo !== undefined) return [String(s.elo), t("rating {elo}", { elo: s.elo })];
  if (s && s.perfect !== undefined) {
    const rate = s.perfect.toLocaleString(LANG, { style: "percent" });
    return [rate, t("all cards played in {rate} of games", { rate })];
  }
  return ["", ""];
}

/** A level as the seat picker names it: its name and its standing, short. */
function levelText(level) {
  const label = known(`level.${game}.${level.name}`) || level.name;
  const [short] = standing(level);
  const strength = short ? `${label} (${short})` : label;
  return t("Computer: {strength}", { strength });
}

/** How a level plays, in one line, and its standing in words. */
function levelAbout(name) {
  const level = levels().find((l) => l.name === name);
  if (!level) return "";
  const [, words] = standing(level);
  return [known(`bot.${game}.${name}`) || "", words].filter(Boolean).join(" · ");
}

function refreshSeats() {
  const n = Number(playersSel.value);
  const old = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
  const rows = [];
  rows.push(el("div", { class: "field" }, el("label", { for: "name", text: t("Seat {n}", { n: 1 }) + " · " + t("You") }), nameInput));
  for (let i = 1; i < n; i++) {
    const sel = el("select", { id: `seat-${i}`, "data-seat": i, "aria-label": t("Seat {n}", { n: i + 1 }) });
    for (const level of levels()) {
      sel.append(el("option", { value: `computer:${level.name}`, text: levelText(level), selected: level.name === facts.default_bot }));
    }
    sel.append(el("option", { value: "human", text: t("A friend (invite link)") }));
    if (old[i - 1]) sel.value = old[i - 1];
    const about = el("p", { class: "hint level-about", id: `seat-${i}-about` });
    const explain = () => { const name = sel.value.split(":")[1]; about.textContent = name ? levelAbout(name) : ""; };
    sel.addEventListener("change", explain);
    explain();
    rows.push(el("div", { class: "field" }, el("label", { for: `seat-${i}`, text: t("Seat {n}", { n: i + 1 }) }), sel, about));
  }
  if (n > 1 && facts.standings && facts.standings.date) {
    const key = game === "paternoster" ? "ladder.measured_team" : "ladder.measured";
    const date = new Date(`${facts.standings.date}T12:00:00Z`).toLocaleDateString(LANG, { year: "numeric", month: "long", day: "numeric" });
    const words = [labelOf(key, { date, games: facts.standings.games.toLocaleString(LANG) })];
    // a searching level thinks for a time here: were the standings measured at that time?
    const think = facts.standings.think_seconds;
    if (facts.standings.searches) words.push(think ? labelOf("ladder.at_site", { seconds: think.toLocaleString(LANG) }) : labelOf("ladder.at_lab"));
    rows.push(el("p", { class: "hint", id: "ladder-measured", text: words.join(" ") }));
  }
  if (game === "duel" && isTeam()) rows.push(el("p", { class: "hint", text: t("Team duel: seats 1 and 3 play red, 2 and 4 black.") }));
  seatsBox.replaceChildren(...rows);
}

playersSel.addEventListener("change", refreshSeats);
const parts = [fieldset(t("Players"), el("div", { class: "field" }, el("label", { for: "players", text: t("Players") }), playersSel), seatsBox)];

// --- level (Paternoster) ---
let levelSel = null;
if (facts.levels) {
  levelSel = el("select", { id: "level" });
  for (const lv of facts.levels) {
    const label = lv.texts[LANG] || lv.texts.en;
    levelSel.append(el("option", { value: lv.name, text: label, selected: lv.name === (DATA.level || "normal") }));
  }
  levelSel.append(el("option", { value: "", text: t("My own mix of variants") }));
  parts.push(fieldset(t("Level"), el("div", { class: "field" }, el("label", { for: "level", text: t("Level") }), levelSel)));
}

// --- variants ---
const variantBoxes = [];
const names = Object.entries(facts.variants || {});
if (names.length && game !== "duel52") {
  const list = el("div");
  for (const [name, moduleDesc] of names) {
    const [base, arg] = name.split(":");
    const desc = known(`variant.${game}.${base}`) || moduleDesc;
    const id = `v-${base}`;
    const box = el("input", { type: "checkbox", id, "data-variant": base });
    let extra = null;
    const title = desc.split(":")[0];
    if (arg === "SEAT") {
      extra = el("select", { "aria-label": t("{variant}: which seat", { variant: desc }) });
      for (let i = 0; i < 4; i++) extra.append(el("option", { value: i, text: t("Seat {n}", { n: i + 1 }) }));
    } else if (arg === "N") {
      extra = el("select", { "aria-label": t("{variant}: how many", { variant: desc }) });
      const range = base === "tokens" ? [1, 2, 3, 4] : [3, 4, 5];
      for (const v of range) extra.append(el("option", { value: v, text: String(v), selected: v === range[base === "tokens" ? 1 : 0] }));
    } else if (arg) {
      box.dataset.fixed = arg;
    }
    variantBoxes.push({ box, extra, base });
    const label = el("label", { class: "check", for: id }, box, el("span", {}, el("strong", { text: title }), el("small", { text: desc.includes(":") ? desc.slice(desc.indexOf(":") + 1).trim() : "" })));
    list.append(label);
    if (extra) label.append(extra);
    if (base === "team" || base === "tower") box.addEventListener("change", refreshPlayers);
  }
  parts.push(fieldset(t("Variants"), list));
}

// --- house rules: the numbers of the rules (each within its range; the server says why not) ---
const paramInputs = [];
if (facts.params && facts.params.length) {
  const list = el("div", { class: "params" });
  for (const p of facts.params) {
    const id = `p-${p.name}`;
    const input = el("input", { type: "number", id, min: p.low, max: p.high, step: 1, value: p.default, "data-default": p.default });
    const range = t("{low} to {high}, standard {n}", { low: p.low, high: p.high, n: p.default });
    const label = known(`param.${game}.${p.name}`) || p.name;
    paramInputs.push({ input, name: p.name, standard: p.default, low: p.low, high: p.high, label });
    list.append(el("div", { class: "field" }, el("label", { for: id, text: label }), input, el("small", { class: "hint", text: range })));
  }
  const box = el("details", { id: "house-rules" }, el("summary", { text: t("House rules: change a number of the rules") }),
                 el("p", { class: "hint", text: t("A table with a changed number is marked as a house rule; its record keeps the numbers.") }), list);
  parts.push(fieldset(t("House rules"), box));
}

// --- length (Duel 52) ---
let lengthSel = null;
if (game === "duel52") {
  lengthSel = el("select", { id: "length" });
  for (const v of ["quick", "standard", "long"]) lengthSel.append(el("option", { value: v, text: labelOf(`length.${v}`), selected: v === "standard" }));
  parts.push(fieldset(t("Game length"), el("div", { class: "field" }, el("label", { for: "length", text: t("Game length") }), lengthSel)));
}

// --- match ---
let matchSel = null;
let gamesSel = null;
if (facts.match_games && facts.match_games.length) {
  gamesSel = el("select", { id: "match-games" });
  for (const n of facts.match_games) gamesSel.append(el("option", { value: n, text: tn("{n} game, higher total wins", "{n} games, higher total wins", n), selected: n === facts.match_games[0] }));
  parts.push(fieldset(t("Match"), el("div", { class: "field" }, el("label", { for: "match-games", text: t("Match") }), gamesSel)));
} else if (game !== "paternoster") {
  matchSel = el("select", { id: "match" });
  const def = facts.match_wins;
  matchSel.append(el("option", { value: "", text: t("Single games"), selected: !def }));
  for (const n of [1, 2, 3, 5]) matchSel.append(el("option", { value: n, text: tn("First to {n} won game", "First to {n} won games", n), selected: n === def }));
  parts.push(fieldset(t("Match"), el("div", { class: "field" }, el("label", { for: "match", text: t("Match") }), matchSel)));
}

// --- hints (MateBeta): the exact best move on request; by default only against the computer ---
let hintsSel = null;
if (facts.hints) {
  hintsSel = el("select", { id: "hints" });
  for (const v of ["", "on", "off"]) hintsSel.append(el("option", { value: v, text: labelOf(`new.hints_${v || "auto"}`), selected: v === "" }));
  parts.push(fieldset(t("Hints"), el("div", { class: "field" }, el("label", { for: "hints", text: t("Hints") }), hintsSel),
                      el("p", { class: "hint", text: t("A hint shows the exact best move and its value. Unless you choose, hints are allowed only when no other person sits at the table.") })));
}

// --- a player who drops out: a computer may play their seat until they are back ---
const takeoverSel = el("select", { id: "takeover" });
takeoverSel.append(el("option", { value: "", text: t("Wait for them"), selected: true }));
for (const n of [1, 2, 5]) takeoverSel.append(el("option", { value: n * 60, text: t("After {n} min a computer plays for them until they are back", { n }) }));
parts.push(fieldset(t("Dropped connection"), el("div", { class: "field" }, el("label", { for: "takeover", text: t("Dropped connection") }), takeoverSel)));

body.replaceChildren(...parts);
refreshPlayers();

function requestBody() {
  const n = Number(playersSel.value);
  const seats = [{ kind: "human" }];
  for (let i = 1; i < n; i++) {
    const v = document.getElementById(`seat-${i}`).value;
    seats.push(v === "human" ? { kind: "human" } : { kind: "computer", strength: v.split(":")[1] });
  }
  const variants = [];
  for (const { box, extra, base } of variantBoxes) {
    if (!box.checked) continue;
    if (extra) variants.push(`${base}:${extra.value}`);
    else if (box.dataset.fixed) variants.push(`${base}:${box.dataset.fixed}`);
    else variants.push(base);
  }
  const options = {};
  if (levelSel && levelSel.value) {
    const lv = facts.levels.find((l) => l.name === levelSel.value);
    Object.assign(options, lv.options);
  }
  if (game === "paternoster") options.players = n;
  if (lengthSel) options.length = lengthSel.value;
  for (const { input, name, standard } of paramInputs) {
    const value = Number(input.value);
    if (input.value !== "" && value !== standard) options[name] = Number.isInteger(value) ? value : input.value;
  }
  const result = { game, variants, options, seats, creator_seat: 0 };
  if (nameInput.value.trim()) result.creator_name = nameInput.value.trim();
  if (matchSel) result.match_wins = Number(matchSel.value || 0); // 0: single games
  if (gamesSel) result.match_games = Number(gamesSel.value);
  if (takeoverSel.value) result.takeover_after = Number(takeoverSel.value);
  if (hintsSel && hintsSel.value) result.hints = hintsSel.value === "on";
  return result;
}

// A number out of its range is named here, in the page's language, before the server is asked.
function paramProblem() {
  for (const { input, low, high, label } of paramInputs) {
    input.removeAttribute("aria-invalid");
    if (input.value === "") continue;
    const value = Number(input.value);
    if (Number.isInteger(value) && value >= low && value <= high) continue;
    input.setAttribute("aria-invalid", "true");
    document.getElementById("house-rules").open = true;
    input.focus();
    return t("{rule}: a whole number from {low} to {high}", { rule: label, low, high });
  }
  return null;
}

// A combination of options the game refuses comes back with its rule and numbers: said
// here in the page's language (the server's English sentence when there are no words for it).
function refusalText(message, error) {
  const key = error.code === "bad-options" && error.rule ? `option.${game}.${error.rule}` : null;
  return key && hasLabel(key) ? labelOf(key, error.values || {}) : message;
}

document.getElementById("new-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const problem = paramProblem();
  if (problem) { errorBox.textContent = t("The table could not be opened: {message}", { message: problem }); return; }
  errorBox.textContent = t("Opening the table…");
  createTable(requestBody(), (message, error) => {
    errorBox.textContent = t("The table could not be opened: {message}", { message: refusalText(message, error) });
  });
});
