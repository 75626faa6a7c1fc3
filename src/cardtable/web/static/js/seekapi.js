// The lobby's API as the pages use it: seeks posted, taken, read and withdrawn, the live
// list over /api/lobby/ws (reconnecting), and a time control in words.
import { t, tn } from "./i18n.js";

/** `{ok, status, data}` of a JSON call to the API (`data.error` on a refusal). */
export async function call(method, path, body) {
  try {
    const r = await fetch(path, {
      method, credentials: "same-origin",
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = r.status === 204 ? {} : await r.json().catch(() => ({}));
    return { ok: r.ok, status: r.status, data };
  } catch (e) {
    return { ok: false, status: 0, data: { error: { code: "offline", message: t("The server does not answer. Check your connection.") } } };
  }
}

/** A refusal's message (the server's words). */
export function problem(answer) {
  return (answer.data.error && answer.data.error.message) || String(answer.status);
}

/** "5+3", "2 days a move", or "No clock". */
export function clockText(clock) {
  if (!clock) return t("No clock");
  if (clock.days) return tn("{n} day a move", "{n} days a move", clock.days);
  return `${clock.minutes}+${clock.increment}`;
}

/** A clock as a select's value and back. */
export function clockValue(clock) {
  if (!clock) return "";
  return clock.days ? `d${clock.days}` : `${clock.minutes}+${clock.increment}`;
}
export function clockFrom(value) {
  if (!value) return null;
  if (value.startsWith("d")) return { days: Number(value.slice(1)) };
  const [minutes, increment] = value.split("+").map(Number);
  return { minutes, increment };
}

/** Go to one's seat at a paired table. */
export function sit(answer) {
  location.assign(answer.link || `/t/${answer.table.id}`);
}

/** The owner's side of a pairing: read the seek (its table, seat and token) and sit. */
export async function sitAtPaired(seekId) {
  for (let tries = 0; tries < 20; tries++) {
    const answer = await call("GET", `/api/seeks/${encodeURIComponent(seekId)}`);
    if (answer.ok && answer.data.token) { sit(answer.data); return true; }
    if (answer.ok && answer.data.state === "ended") return false;
    await new Promise((done) => setTimeout(done, 250));
  }
  return false;
}

/** The live list: `onMessage` gets every message (`lobby`, `seek`, `gone`, `paired`);
 * the socket reconnects after a loss, and the server then sends the whole list again. */
export function openLobby(game, onMessage, onState = () => {}) {
  let ws = null;
  let closed = false;
  let pause = 500;
  const connect = () => {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    ws = new WebSocket(`${scheme}://${location.host}/api/lobby/ws${game ? `?game=${encodeURIComponent(game)}` : ""}`);
    ws.addEventListener("open", () => { pause = 500; onState(true); });
    ws.addEventListener("message", (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch (e) { return; }
      onMessage(message);
    });
    ws.addEventListener("close", () => {
      onState(false);
      if (closed) return;
      setTimeout(connect, pause);
      pause = Math.min(8000, pause * 2);
    });
  };
  connect();
  const ping = setInterval(() => {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send('{"type":"ping"}');
  }, 25000);
  return { close() { closed = true; clearInterval(ping); if (ws) ws.close(); } };
}
