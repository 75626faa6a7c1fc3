// The Tower campaign: create a group (Score tab), ride a floor or enter a ride (group page).
import { DATA, LANG, t, labelOf } from "./i18n.js";

async function post(url, body) {
  const r = await fetch(url, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
    credentials: "same-origin",
  });
  const data = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error((data.error && data.error.message) || r.statusText);
  return data;
}

function int(id) {
  const raw = document.getElementById(id).value.trim();
  return raw === "" ? NaN : Number(raw);
}

// dates in the reader's own time zone
document.querySelectorAll("time.when[data-ts]").forEach((el) => {
  const d = new Date(Number(el.dataset.ts) * 1000);
  el.dateTime = d.toISOString();
  el.textContent = d.toLocaleString(LANG === "de" ? "de-DE" : "en-GB",
    { dateStyle: "short", timeStyle: "short" });
});

const groupForm = document.getElementById("group-form");
if (groupForm) {
  groupForm.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const error = document.getElementById("group-error");
    const name = document.getElementById("group-name").value.trim();
    error.textContent = "";
    try {
      const group = await post("/api/groups", { name });
      location.assign(`/g/${group.token}`);
    } catch (e) {
      error.textContent = t("Not saved: {message}", { message: e.message });
    }
  });
}

if (DATA.page === "group") {
  const token = DATA.token;
  const copy = document.getElementById("copy-link");
  copy.addEventListener("click", async () => {
    const link = document.getElementById("share-link");
    link.select();
    try { await navigator.clipboard.writeText(link.value); copy.textContent = t("Copied"); }
    catch (e) { /* the link stays selected */ }
  });

  document.querySelectorAll(".ride-floor").forEach((button) => {
    button.addEventListener("click", async () => {
      const error = document.getElementById("ride-start-error");
      error.textContent = t("Opening the table…");
      button.disabled = true;
      try {
        const started = await post(`/api/groups/${token}/tables`, {
          floor: Number(button.dataset.floor), players: int("ride-players"),
          humans: int("ride-humans"),
        });
        try {
          if (Object.keys(started.invites || {}).length)
            localStorage.setItem(`ct-invites-${started.table}`, JSON.stringify(started.invites));
          localStorage.setItem(`ct-group-of-${started.table}`, token);  // the way back
        } catch (e) { /* ignore */ }
        location.assign(`/t/${started.table}`);
      } catch (e) {
        button.disabled = false;
        error.textContent = t("Not saved: {message}", { message: e.message });
      }
    });
  });

  document.getElementById("ride-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const error = document.getElementById("ride-error");
    error.textContent = "";
    const body = {
      floor: int("entry-floor"), players: int("entry-players"), cards_left: int("entry-cards"),
      passengers_delivered: int("entry-passengers"),
      lost: document.getElementById("entry-lost").checked,
    };
    const labels = { floor: t("Floor"), players: t("Players"),
      cards_left: t("Cards left"), passengers_delivered: t("Passengers delivered") };
    for (const [key, value] of Object.entries(body)) {
      if (typeof value !== "number") continue;
      const problem = !Number.isInteger(value) ? "camp.whole_number"
        : value < 0 ? "camp.not_negative" : null;
      if (problem) {
        error.textContent = t("Not saved: {message}", { message: labelOf(problem, { field: labels[key] }) });
        return;
      }
    }
    try {
      await post(`/api/groups/${token}/rides`, body);
      location.reload();
    } catch (e) {
      error.textContent = t("Not saved: {message}", { message: e.message });
    }
  });
}
