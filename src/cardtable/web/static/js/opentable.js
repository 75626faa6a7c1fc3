// Opening a table: the one call to the API that the home, new-table and review pages share.

/** Create a table through the API and go to it; a refusal goes to `onError` as its
 * message and the whole error (`code`, and for options the game refuses `rule` and
 * `values`, which a page may say in its own language). */
export async function createTable(body, onError) {
  let r;
  try {
    r = await fetch("/api/tables", {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch (e) {
    // no answer at all (the network or the server away): say so, never fail silently
    onError(String(e && e.message ? e.message : e));
    return;
  }
  const data = await r.json().catch(() => ({}));
  if (!r.ok) { onError((data.error && data.error.message) || r.statusText, data.error || {}); return; }
  const id = data.table.id;
  try {
    if (data.links && Object.keys(data.links.invites || {}).length)
      localStorage.setItem(`ct-invites-${id}`, JSON.stringify(data.links.invites));
  } catch (e) { /* ignore */ }
  location.assign(`/t/${id}`);
}
