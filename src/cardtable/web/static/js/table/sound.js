// The sound of a change, and the page's switch for sounds (off until the player turns them
// on here; remembered in this browser).
import { play, setSounds, soundsOn } from "../sounds.js";
import { game } from "./game.js";
import { els, state } from "./state.js";
import { ctx } from "./context.js";

/** The end of the game as won or lost, your turn coming, else any move (when sounds are on). */
export function sound(previous, events) {
  const msg = state.msg;
  if (!previous) return;
  const newGame = previous.game_no !== msg.game_no;
  if (msg.status === "finished" && (previous.status !== "finished" || newGame)) {
    const verdict = msg.seat !== null && game.verdict ? game.verdict(ctx) : null;
    play(verdict === "win" || verdict === "loss" ? verdict : "move");
    return;
  }
  if (msg.status !== "playing") return;
  const hadTurn = !newGame && previous.status === "playing" && (previous.observation.legal || []).length > 0;
  if (msg.seat !== null && ctx.legal.length > 0 && !hadTurn) play("turn");
  else if (events.some((e) => e.kind === "move")) play("move");
}

export function soundSwitch() {
  els.sounds.checked = soundsOn();
  els.sounds.addEventListener("change", () => setSounds(els.sounds.checked));
}
