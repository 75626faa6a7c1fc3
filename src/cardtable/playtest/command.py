"""``cardtable balance GAME --from-db URL``: the site's finished games between people
beside the simulation and the rule text.

The balance command belongs to the lab, which knows nothing of the server; the command
line adds these options to it (:func:`extend`), and a run with ``--from-db`` comes here.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    from cardtable.playtest.figures import Played
    from cardtable.playtest.show import Compared

GAMES = {"duel": "duel", "duel52": "duel52", "matebeta": "matebeta",
         "paternoster": "paternoster", "campaign": "paternoster"}
"""The balance report's name, and the game whose tables it reads."""
NOT_WITH = ("levels", "bots", "restricted", "sweep", "csv")
"""Balance options that choose computer players or simulations only (and CSV, whose
columns are one figure's)."""


def extend(balance: argparse.ArgumentParser) -> None:
    """Give ``cardtable balance`` its playtest options; ``--from-db`` runs :func:`command`
    instead of the lab's balance."""
    group = balance.add_argument_group(
        "the site's games as a playtest",
        "--from-db reads a site's finished games between people (read-only) and shows "
        "their figures beside the simulation's (--games N per figure; 0: none) and the "
        "rule text's")
    group.add_argument("--from-db", metavar="URL",
                       help="the site's database: a SQLite file or sqlite:///PATH, or "
                            "postgresql://...")
    group.add_argument("--rated-only", action="store_true", help="only rated tables' games")
    group.add_argument("--since", metavar="DATE", help="games finished on or after DATE "
                       "(YYYY-MM-DD, UTC)")
    group.add_argument("--until", metavar="DATE", help="games finished on or before DATE")
    group.add_argument("--variant", action="append", default=[], metavar="NAME",
                       help="only games played with this variant (repeat for several)")
    lab: Callable[[argparse.Namespace], int] = balance.get_default("func")

    def run(args: argparse.Namespace) -> int:
        if args.from_db is None:
            given = [f"--{name.replace('_', '-')}" for name in
                     ("rated_only", "since", "until", "variant") if getattr(args, name)]
            if given:
                raise ValueError(f"{', '.join(given)}: only with --from-db")
            return lab(args)
        return command(args)

    balance.set_defaults(func=run)

    def one_line(message: str) -> NoReturn:
        """A mistake on the balance command line (an unknown game, say) as one line."""
        balance.exit(2, f"{balance.prog}: {message} (see {balance.prog} --help)\n")

    balance.error = one_line  # type: ignore[method-assign]


def command(args: argparse.Namespace) -> int:
    from cardtable.playtest import figures, show, source
    from cardtable.sim import html_report
    from cardtable.sim.commands import BALANCE_GAMES
    from cardtable.sim.progress import progress_bar

    given = [f"--{name}" for name in NOT_WITH if getattr(args, name)]
    if given:
        raise ValueError(f"--from-db measures the people's games: not with {', '.join(given)}")
    if args.games is not None and args.games < 0:
        raise ValueError("--games must be 0 (no simulation) or more")
    game = GAMES[args.game]
    filters = source.Filters(
        rated_only=args.rated_only,
        since=None if args.since is None else source.day_bound(args.since, end=False),
        until=None if args.until is None else source.day_bound(args.until, end=True),
        options=_variant_options(game, args.variant))
    start = time.perf_counter()
    engine = source.open_readonly(args.from_db)
    try:
        games = source.finished_games(engine, game, filters,
                                      campaign={"campaign": True, "paternoster": False}
                                      .get(args.game))
    finally:
        engine.dispose()
    played = figures.measure(game, games)
    reported, measures = figures.rows_for(args.game, played)
    reported = [row for row in reported if figures.people_line(row, played) is not None]
    measures = [row for row in measures if figures.people_line(row, played) is not None]
    sizes = (BALANCE_GAMES if args.games is None else args.games,
             args.restricted_games if args.games is None else args.games)
    from cardtable.sim.balance import run_report, total_games

    simulated: dict[str, Any] = {}
    total = sum(total_games(rows, n) for rows, n in zip((reported, measures), sizes,
                                                        strict=True) if n)
    with progress_bar(total, f"balance {args.game}, simulated") as progress:
        for rows, n in zip((reported, measures), sizes, strict=True):
            if rows and n:
                lines = run_report(rows, n, args.seed, args.workers, progress)
                simulated |= {line.id: line for line in lines}
    items = [show.Compared(row, figures.people_line(row, played), simulated.get(row.id))
             for row in reported + measures]
    seconds = time.perf_counter() - start
    chosen = _chosen(args)
    notes = show.summary(played, chosen)
    notes.append(_simulated_note(sizes, args.seed) if simulated else "Not simulated (--games 0).")
    from cardtable.sim.setup import resolve_game

    title = f"{resolve_game(game).name}: the site's games between people beside the simulation"
    if args.plot:
        from cardtable.sim import report

        report.plot(Path(args.plot), title, [item.people for item in items if item.people],
                    whose="people")
    if args.report:
        setup = (f"{played.measured:,} games between people from the site's database; made "
                 f"by 'cardtable balance {args.game} --from-db' in {seconds:.0f} s")
        Path(args.report).write_text(
            html_report.page(resolve_game(game).name, setup,
                             [show.html_section(title, items, notes)]), encoding="utf-8")
    if args.json:
        print(json.dumps(_json(played, items, chosen, seconds), ensure_ascii=False))
        return 0
    _print(title, items, notes, args.report)
    return 0


def _variant_options(game: str, variants: list[str]) -> tuple[tuple[str, Any], ...]:
    """The options a variant sets, as the game writes them into its records."""
    if not variants:
        return ()
    from cardtable.games.registry import options_from_variants
    from cardtable.sim.setup import resolve_game

    raw = options_from_variants(game, variants)
    full = resolve_game(game).parse_options(raw).to_json()
    return tuple(sorted((key, full[key]) for key in raw if key in full))


def _chosen(args: argparse.Namespace) -> str:
    words = ["rated tables only" if args.rated_only else "rated and unrated tables"]
    if args.since:
        words.append(f"since {args.since}")
    if args.until:
        words.append(f"until {args.until}")
    words += [f"variant {name}" for name in args.variant]
    return ", ".join(words)


def _simulated_note(sizes: tuple[int, int], seed: int) -> str:
    return (f"Simulated: {sizes[0]:,} games a figure of the rule text, {sizes[1]:,} a "
            f"designer's measure, seed {seed}, with the computer players the report names.")


def _json(played: Played, items: list[Compared], chosen: str,
          seconds: float) -> dict[str, object]:
    return {"game": played.game, "games": played.measured, "chosen": chosen,
            "ended_otherwise": dict(played.ended_otherwise), "unreadable": played.unreadable,
            "rows": [item.to_json() for item in items], "seconds": round(seconds, 3)}


def _print(title: str, items: list[Compared], notes: list[str], written: str | None) -> None:
    from rich.console import Console

    from cardtable.playtest import show

    console = Console(highlight=False)
    if items:
        console.print(show.terminal_table(title, items))
    for note in notes:
        console.print(note)
    if written:
        console.print(f"report written to {written}")
