// The account page: its forms talk to the accounts API (JSON); the server's message is
// shown on a refusal, the page reloads on success (the header then shows the account).

const message = document.getElementById("account-message");

async function send(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: {"Content-Type": "application/json"},
    body: body ? JSON.stringify(body) : undefined,
    credentials: "same-origin",
  });
  if (response.ok) return true;
  let text = response.statusText;
  try {
    text = (await response.json()).error.message;
  } catch { /* not the error shape */ }
  message.textContent = text;
  return false;
}

function onSubmit(id, method, path, then) {
  const form = document.getElementById(id);
  if (!form) return;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    message.textContent = "";
    const body = Object.fromEntries(new FormData(form).entries());
    if (await send(method, path, body)) then(body);
  });
}

const home = (body) => { location.assign(`/@/${encodeURIComponent(body.name)}`); };
onSubmit("sign-in", "POST", "/api/session", home);
onSubmit("sign-up", "POST", "/api/accounts", home);
onSubmit("new-password", "POST", "/api/accounts/me/password", () => location.reload());
onSubmit("delete-account", "DELETE", "/api/accounts/me", () => location.assign("/"));
document.getElementById("sign-out")?.addEventListener("click", async () => {
  if (await send("DELETE", "/api/session")) location.reload();
});
