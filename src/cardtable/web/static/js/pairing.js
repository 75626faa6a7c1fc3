// "Play a person" on a game's card (home page, new-table page): take a waiting seek of the
// same game and time control, or post one and wait, saying how many others wait for the
// game, with the computer to play meanwhile (in another tab) and a way to stop waiting.
import { call, clockFrom, clockText, openLobby, problem, sit, sitAtPaired } from "./seekapi.js";
import { el } from "./dom.js";
import { labelOf, t, tn } from "./i18n.js";

/** Wire every "Play a person" button of the page. */
export function setUpPairing() {
  document.querySelectorAll(".play-person").forEach((button) => {
    button.addEventListener("click", () => start(button));
  });
}

async function start(button) {
  const game = button.dataset.game;
  const clock = clockFrom(button.dataset.clock || "");
  const panel = document.getElementById(`pairing-${game}`);
  button.disabled = true;
  const answer = await call("POST", "/api/lobby/quick", { game, clock });
  if (!answer.ok) {
    button.disabled = false;
    show(panel, el("p", { class: "form-error", text: problem(answer) }));
    return;
  }
  if (answer.data.paired) { sit(answer.data.paired); return; }
  wait(button, panel, game, answer.data.seek);
}

function show(panel, ...children) {
  panel.replaceChildren(...children);
  panel.hidden = false;
}

function wait(button, panel, game, seek) {
  const others = new Set();
  const line = el("p", { class: "pairing-line", role: "status", "aria-live": "polite" });
  const count = el("p", { class: "hint pairing-count" });
  const computer = el("a", { class: "btn", href: `/play/${game}`, target: "_blank", rel: "opener",
    text: t("Play the computer meanwhile") });
  const stop = el("button", { class: "btn ghost", type: "button", text: t("Stop waiting") });
  show(panel, line, count, el("div", { class: "game-actions" }, computer, stop));
  line.textContent = t("Waiting for a person: {game}, {clock}. You both go to the table when someone takes your seek.",
    { game: labelOf(`game.${game}`), clock: clockText(seek.clock) });
  const title = document.title;
  const recount = () => {
    count.textContent = tn("{n} other seek for this game is open now (another time control or variant).",
      "{n} other seeks for this game are open now (other time controls or variants).", others.size);
  };
  recount();
  let done = false;
  const finish = (text) => {
    done = true;
    socket.close();
    button.disabled = false;
    show(panel, el("p", { class: "hint", text }));
  };
  const paired = () => {
    if (done) return;
    done = true;
    socket.close();
    document.title = `● ${t("A person is here")} · ${title}`;
    line.textContent = t("Someone took your seek: to the table!");
    sitAtPaired(seek.id).then((sat) => { if (!sat) finish(t("The table could not be opened. Try again.")); });
  };
  const socket = openLobby(game, (message) => {
    if (done) return;
    if (message.type === "lobby") {
      others.clear();
      for (const s of message.seeks) if (!s.mine) others.add(s.id);
      if (!message.seeks.some((s) => s.id === seek.id)) { paired(); return; }
    } else if (message.type === "seek" && !message.seek.mine) {
      others.add(message.seek.id);
    } else if (message.type === "gone") {
      for (const id of message.ids) others.delete(id);
      if (message.ids.includes(seek.id) && message.reason !== "paired") {
        finish(t("Your seek has ended."));
        return;
      }
    } else if (message.type === "paired" && message.seek === seek.id) {
      paired();
      return;
    }
    recount();
  });
  stop.addEventListener("click", async () => {
    const answer = await call("DELETE", `/api/seeks/${encodeURIComponent(seek.id)}`);
    if (answer.ok) finish(t("You stopped waiting."));
    else if (answer.data.error && answer.data.error.code === "seek-taken") paired();
    else finish(problem(answer));
  });
}
