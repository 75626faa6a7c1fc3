// The lobby page: the open seeks, live over the lobby WebSocket and filtered by game; posting
// a seek and waiting for a taker; taking one. Both players go to the table at once: the
// taker with the answer to its take, the owner when its socket says "paired".
import { call, clockFrom, clockText, clockValue, openLobby, problem, sit, sitAtPaired } from "./seekapi.js";
import { el } from "./dom.js";
import { DATA, labelOf, t, tn } from "./i18n.js";

const games = DATA.games;
const seeks = new Map();
const list = document.getElementById("seek-list");
const count = document.getElementById("seek-count");
const filter = document.getElementById("seek-filter");
const status = document.getElementById("lobby-status");
const form = document.getElementById("seek-form");
const gameSelect = document.getElementById("seek-game");
const variantSelect = document.getElementById("seek-variant");
const clockSelect = document.getElementById("seek-clock");
const rated = document.getElementById("seek-rated");
const ratedHint = document.getElementById("rated-hint");
const nameField = document.getElementById("name-field");
const nameInput = document.getElementById("seek-name");
const formError = document.getElementById("seek-error");
let signedIn = null;
let busy = false;

function gameName(game) { return labelOf(`game.${game}`); }

function variantName(game, variant) {
  return variant ? labelOf(`variant.${game}.${variant}`) : t("Standard rules");
}

function seekItem(seek) {
  const who = seek.name || t("Anonymous");
  const facts = [clockText(seek.clock), seek.rated ? t("Rated") : t("Casual")];
  const action = seek.mine
    ? el("button", { class: "btn small", type: "button", text: t("Withdraw") })
    : el("button", { class: "btn small primary", type: "button", text: t("Take") });
  action.addEventListener("click", () => (seek.mine ? withdraw(seek) : take(seek, action)));
  const item = el("li", { class: `seek${seek.mine ? " mine" : ""}`, "data-seek": seek.id },
    el("div", { class: "seek-what" },
      el("strong", { text: gameName(seek.game) }),
      el("span", { class: "seek-variant", text: variantName(seek.game, seek.variant) }),
      el("span", { class: "seek-facts", text: facts.join(" · ") })),
    el("div", { class: "seek-who" },
      el("span", { class: "seek-name", text: seek.mine ? t("You: waiting for a taker") : who }),
      seek.rating !== null && !seek.mine ? el("span", { class: "seek-rating", text: String(seek.rating) }) : null),
    action);
  return item;
}

function render() {
  const shown = [...seeks.values()].filter((s) => !filter.value || s.game === filter.value);
  list.replaceChildren(...shown.map(seekItem));
  const others = shown.filter((s) => !s.mine).length;
  count.textContent = shown.length
    ? tn("{n} person is waiting for a game.", "{n} people are waiting for a game.", others)
    : t("No open seeks right now. Post one, and it shows here for everyone.");
}

function onMessage(message) {
  if (message.type === "lobby") {
    seeks.clear();
    for (const seek of message.seeks) seeks.set(seek.id, seek);
    // a seek of ours taken while the socket was away: its table is waiting for us
    for (const id of posted) if (!seeks.has(id)) { posted.delete(id); sitAtPaired(id); }
  } else if (message.type === "seek") {
    seeks.set(message.seek.id, message.seek);
  } else if (message.type === "gone") {
    for (const id of message.ids) {
      const seek = seeks.get(id);
      if (seek && seek.mine && message.reason !== "paired") status.textContent = t("Your seek has ended.");
      seeks.delete(id);
    }
  } else if (message.type === "paired") {
    status.textContent = t("Someone took your seek: to the table!");
    sitAtPaired(message.seek).then((sat) => { if (!sat) status.textContent = t("The table could not be opened. Try again."); });
    return;
  } else {
    return;
  }
  render();
}

async function take(seek, button) {
  if (busy) return;
  busy = true;
  button.disabled = true;
  status.textContent = t("Taking the seek…");
  const answer = await call("POST", `/api/seeks/${encodeURIComponent(seek.id)}/accept`,
    signedIn ? {} : { name: nameInput.value.trim() || undefined });
  busy = false;
  if (answer.ok) { sit(answer.data); return; }
  button.disabled = false;
  status.textContent = problem(answer);
}

async function withdraw(seek) {
  const answer = await call("DELETE", `/api/seeks/${encodeURIComponent(seek.id)}`);
  status.textContent = answer.ok ? t("Your seek is withdrawn.") : problem(answer);
}

function fillChoices() {
  const facts = games[gameSelect.value];
  const variant = variantSelect.value;
  variantSelect.replaceChildren(el("option", { value: "", text: t("Standard rules") }),
    ...facts.variants.map((v) => el("option", { value: v, text: variantName(gameSelect.value, v) })));
  if (facts.variants.includes(variant)) variantSelect.value = variant;
  const clock = clockSelect.options.length ? clockSelect.value : clockValue(facts.quick_clock);
  clockSelect.replaceChildren(el("option", { value: "", text: t("No clock") }),
    ...facts.clocks.map((c) => el("option", { value: clockValue(c), text: clockText(c) })));
  clockSelect.value = [...clockSelect.options].some((o) => o.value === clock) ? clock : clockValue(facts.quick_clock);
  const can = Boolean(signedIn) && facts.rated;
  rated.disabled = !can;
  if (!can) rated.checked = false;
  ratedHint.textContent = !signedIn ? t("Sign in to play rated games.")
    : facts.rated ? "" : t("This game is not rated.");
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  formError.textContent = "";
  const body = { game: gameSelect.value, rated: rated.checked, clock: clockFrom(clockSelect.value) };
  if (variantSelect.value) body.variant = variantSelect.value;
  if (!signedIn && nameInput.value.trim()) body.name = nameInput.value.trim();
  const answer = await call("POST", "/api/seeks", body);
  if (!answer.ok) { formError.textContent = problem(answer); return; }
  seeks.set(answer.data.seek.id, answer.data.seek);
  posted.add(answer.data.seek.id);
  status.textContent = t("Your seek is posted. Stay on this page: when someone takes it, you both go to the table.");
  // a first post gives a new player their key (a cookie): the socket opened before it did
  // not carry it, and the server tells "paired" only to the owner's sockets
  if (answer.data.key) { lobby.close(); lobby = openLobby(null, onMessage); }
  render();
});

const posted = new Set();
let lobby = openLobby(null, onMessage);

filter.addEventListener("change", render);
gameSelect.addEventListener("change", fillChoices);

call("GET", "/api/session").then((answer) => {
  signedIn = answer.ok ? answer.data.name : null;
  nameField.hidden = Boolean(signedIn);
  fillChoices();
});
fillChoices();
