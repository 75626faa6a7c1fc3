// Runs in the head, before the page is painted (a classic script, not a module, so it
// blocks rendering for this moment): the four-colour suits a player chose last time are on
// from the first frame, not switched on after the page has shown the usual colours.
// It is a file, not an inline script, so that the site's Content-Security-Policy can
// refuse every inline script.
try {
  if (localStorage.getItem("ct-four-colour") === "1") {
    document.documentElement.classList.add("four-colour");
  }
} catch (e) { /* storage refused (private mode): the usual colours */ }
