// The table's one WebSocket: connecting, resuming after the events this page has, retrying
// with a spread-out back-off, and sending.
import { t } from "../i18n.js";
import { state, tableId } from "./state.js";
import { setStatus } from "./status.js";

const link = { ws: null, retry: 0 };

/** Connect, and hand each message to its handler: `{ state, error, why }` by message type. */
export function connect(handlers) {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const query = state.gameNo !== null ? `?seen=${state.seen}&game_no=${state.gameNo}` : "";
  const ws = new WebSocket(`${proto}//${location.host}/api/tables/${tableId}/ws${query}`);
  link.ws = ws;
  ws.addEventListener("open", () => { link.retry = 0; });
  ws.addEventListener("message", (e) => {
    let data;
    try { data = JSON.parse(e.data); } catch (err) { return; }
    if (data.type === "state") handlers.state(data);
    else if (data.type === "error") handlers.error(data);
    else if (data.type === "why") handlers.why(data);
  });
  ws.addEventListener("close", (e) => {
    if (e.code === 4404 || e.code === 4403) { setStatus(t("There is no such table.")); return; }
    setStatus(t("Connection lost, reconnecting…"));
    state.pending = false;
    // back off, at most 10 s, each wait drawn from its upper half: after a server process
    // restarts, its players' pages connect again spread out rather than all at once
    const wait = Math.min(10000, 250 * 2 ** link.retry);
    link.retry = Math.min(link.retry + 1, 6);
    setTimeout(() => connect(handlers), wait * (0.5 + Math.random() / 2));
  });
}

/** Send a message if the socket is open; whether it went. */
export function sendRaw(obj) {
  if (link.ws && link.ws.readyState === WebSocket.OPEN) { link.ws.send(JSON.stringify(obj)); return true; }
  return false;
}
