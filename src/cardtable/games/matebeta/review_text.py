"""A game review as plain text: for ``cardtable analyze`` and the terminal game.

Values are written from seat 0's side, as the solver gives them (``+30``: seat 0 is
30 points ahead under perfect play), and the points a move gave away from the mover's
side. The biggest mistakes of each side come first, then every move.
"""

from __future__ import annotations

from collections.abc import Mapping

from cardtable.games.matebeta.analysis import Review, ReviewedMove


def describe_result(review: Review, names: Mapping[int, str]) -> str:
    """"Seat 0 mated with AD on move 5: 55 points", "a draw", or "not finished"."""
    out = review.outcome
    if out is None:
        return "the game is not finished"
    if out["end"] == "draw":
        return f"a draw on move {out['move']}, no points"
    mater = 0 if out["points"][0] > 0 else 1
    how = "overmate" if out["end"] == "overmate" else "mate"
    return (f"{names[mater]} won by {how} with {out['card']} on move {out['move']}: "
            f"{out['points'][mater]} points")


def _what(m: ReviewedMove) -> str:
    where = "foreplacing" if m.foreplacing else f"move {m.before.move_no}"
    return f"{where}, {m.move}"


def mistake_line(m: ReviewedMove, names: Mapping[int, str]) -> str:
    best = ", ".join(m.before.best)
    return (f"{names[m.seat]}: {_what(m)} (ply {m.ply}) gave away {m.lost}; "
            f"best {best} ({m.before.value:+d} → {m.after:+d})")


def render(review: Review, names: Mapping[int, str] | None = None) -> str:
    """The whole review as lines of text."""
    names = names or {0: "seat 0", 1: "seat 1"}
    lines = [
        f"MateBeta review, {names[0]} against {names[1]}. A value is the points of "
        f"{names[0]} minus those of {names[1]} under perfect play from there on.",
        f"Value of the deal: {review.start:+d}. Result: {describe_result(review, names)} "
        f"({review.result:+d}).",
        f"Points given away: {names[0]} {review.given_away(0)}, "
        f"{names[1]} {review.given_away(1)}.",
        "",
        "Biggest mistakes:",
    ]
    for seat in (0, 1):
        mistakes = review.mistakes(seat)
        if not mistakes:
            lines.append(f"  {names[seat]}: none, every move kept the value")
        lines.extend(f"  {mistake_line(m, names)}" for m in mistakes[:3])
    lines += ["", "Foreplacing:"]
    for m in (m for m in review.moves if m.foreplacing):
        lines.append(f"  {mistake_line(m, names)}" if m.lost else
                     f"  {names[m.seat]}: {m.move}: right, no points given away")
    lines += ["", "Move by move:",
              f"  {'ply':>3}  {'who':<12} {'move':<18} {'before':>6} {'after':>6} "
              f"{'lost':>5}  best"]
    for m in review.moves:
        mark = "forced" if m.forced else ", ".join(m.before.best)
        where = "fp" if m.foreplacing else str(m.before.move_no)
        lines.append(f"  {m.ply:>3}  {names[m.seat][:12]:<12} {where + ' ' + m.move:<18} "
                     f"{m.before.value:>+6d} {m.after:>+6d} {m.lost or '':>5}  {mark}")
    return "\n".join(lines)
