// The game's own module (games/<id>.js, loaded by its id), and in a guided first game the
// guide (learn.js), for the browser that began it.
import { DATA } from "../i18n.js";

export const game = await import(`../games/${DATA.game}.js`);

function learningGame() {
  try { return localStorage.getItem(`ct-learn-of-${DATA.table}`); } catch (e) { return null; /* private mode */ }
}
/** A guided first game: its game id (else null). */
export const learning = learningGame();
export const guide = learning ? await import("../learn.js") : null;
