// Every page: the preferences and the quick-play buttons (the page's own module is loaded
// by base.html beside this one).
import { DATA, t } from "./i18n.js";
import { createTable } from "./opentable.js";
import { setUpPairing } from "./pairing.js";
import { watchTurns } from "./turns.js";

const box = document.getElementById("four-colour");
if (box) {
  box.checked = document.documentElement.classList.contains("four-colour");
  box.addEventListener("change", () => {
    document.documentElement.classList.toggle("four-colour", box.checked);
    try { localStorage.setItem("ct-four-colour", box.checked ? "1" : "0"); } catch (e) { /* private mode */ }
  });
}

// the colour theme: light, dark or the system's (early.js applies it before the first paint)
const theme = document.getElementById("theme");
if (theme && window.ctTheme) {
  theme.value = window.ctTheme.chosen();
  theme.addEventListener("change", () => window.ctTheme.choose(theme.value));
}

function quickBody(game, facts) {
  const seats = [{ kind: "human" }];
  for (let i = 1; i < facts.seats; i++) seats.push({ kind: "computer", strength: facts.default_bot });
  return { game, seats, creator_seat: 0 };
}

document.querySelectorAll(".quick-play").forEach((button) => {
  button.addEventListener("click", () => {
    const game = button.dataset.game;
    const facts = DATA.page === "new" ? DATA.game : DATA.games[game];
    button.disabled = true;
    const status = document.getElementById("home-status") || document.getElementById("form-error");
    if (status) status.textContent = t("Opening the table…");
    createTable(quickBody(game, { seats: facts.seats, default_bot: facts.default_bot }), (message) => {
      button.disabled = false;
      if (status) status.textContent = t("The table could not be opened: {message}", { message });
    });
  });
});

setUpPairing();
watchTurns();
