// Stepping through a game: first, back, forward, last, and the arrow keys (Home, End),
// for every page that shows a game move by move (the replay, the MateBeta review).

/** Wire the four buttons and the keys; `at()` is the step shown, `count()` the last one,
 *  `go(n)` shows step n (clamped by the caller). Returns `update()`, which enables the
 *  buttons that lead somewhere. `active()` says whether the keys step now; keys pressed
 *  in a field, or on an element matching `skip`, are theirs. */
export function stepper({ first, prev, next, last }, { at, count, go, active = () => true, skip = "" }) {
  first.addEventListener("click", () => go(0));
  prev.addEventListener("click", () => go(at() - 1));
  next.addEventListener("click", () => go(at() + 1));
  last.addEventListener("click", () => go(count()));
  const fields = "input, textarea, select" + (skip ? `, ${skip}` : "");
  document.addEventListener("keydown", (e) => {
    if (!active() || e.altKey || e.ctrlKey || e.metaKey || (e.target.closest && e.target.closest(fields))) return;
    const to = { ArrowLeft: at() - 1, ArrowRight: at() + 1, Home: 0, End: count() }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  });
  return function update() {
    first.disabled = prev.disabled = at() <= 0;
    next.disabled = last.disabled = at() >= count();
  };
}
