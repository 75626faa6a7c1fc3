// Runs in the head, before the page is painted (a classic script, not a module, so it
// blocks rendering for this moment): the four-colour suits and the colour theme a player
// chose last time are on from the first frame, not switched on after the page has shown
// the usual colours.
// It is a file, not an inline script, so that the site's Content-Security-Policy can
// refuse every inline script.
try {
  if (localStorage.getItem("ct-four-colour") === "1") {
    document.documentElement.classList.add("four-colour");
  }
} catch (e) { /* storage refused (private mode): the usual colours */ }

// The colour theme: "light", "dark" or "system" (the default: what the device is set to,
// followed as it changes). <html data-theme="light|dark"> is the theme shown, and
// data-theme-choice the player's choice; the page's switch (site.js) calls ctTheme.choose.
window.ctTheme = (() => {
  const root = document.documentElement;
  const system = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;
  const BAR = { light: "#ffffff", dark: "#1c2420" };   // the top bar: the phone's browser bar
  function chosen() {
    let value = null;
    try { value = localStorage.getItem("ct-theme"); } catch (e) { /* private mode */ }
    return value === "light" || value === "dark" ? value : "system";
  }
  function apply(choice) {
    const theme = choice === "system" ? (system && system.matches ? "dark" : "light") : choice;
    root.dataset.theme = theme;
    root.dataset.themeChoice = choice;
    const bar = document.querySelector('meta[name="theme-color"]');
    if (bar) bar.setAttribute("content", BAR[theme]);
  }
  apply(chosen());
  if (system && system.addEventListener) system.addEventListener("change", () => apply(chosen()));
  return {
    chosen,
    choose(choice) {
      try { localStorage.setItem("ct-theme", choice); } catch (e) { /* this page only */ }
      apply(choice);
    },
  };
})();
