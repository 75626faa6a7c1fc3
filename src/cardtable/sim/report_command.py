"""``cardtable balance GAME --restricted`` and ``--report FILE.html``: the designer's
measures beyond the rule text's figures, on the terminal or as one page."""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console

from cardtable.sim import report
from cardtable.sim.balance import REPORTS, TITLES, run_report, total_games
from cardtable.sim.progress import progress_bar
from cardtable.sim.setup import resolve_game

if TYPE_CHECKING:
    from cardtable.sim.restricted import RestrictedResult


def command(args: argparse.Namespace) -> int:
    """The balance figures (where the game has a report), restricted play, sweeps."""
    # imported here, not above: every command line reads add_arguments, and these
    # (the measures import every game's players) only matter to this command
    from cardtable.sim import html_report
    from cardtable.sim.measures import MEASURES, SKILL_GAMES
    from cardtable.sim.restricted import RESTRICTIONS, run_restricted
    from cardtable.sim.restricted import total_games as restricted_games

    game = resolve_game(args.game)
    rows = REPORTS[args.game]() if args.game in REPORTS else []
    restrictions = RESTRICTIONS.get(args.game, [])
    sweeps = html_report.read_sweeps(args.sweep)
    for data in sweeps:
        if data.get("game") != game.id:
            raise ValueError(f"a sweep of '{data.get('game')}' does not belong in a report "
                             f"on '{game.id}'")
    restricted_n = args.restricted_games
    measures = MEASURES.get(args.game, [])
    total = (total_games(rows, args.games) + restricted_games(restrictions, restricted_n)
             + total_games(measures, restricted_n))
    start = time.perf_counter()
    with progress_bar(total, f"balance {args.game}") as progress:
        lines = run_report(rows, args.games, args.seed, args.workers, progress) if rows else []
        measured = run_report(measures, restricted_n, args.seed, args.workers, progress)
        results = run_restricted(restrictions, restricted_n, args.seed, args.workers, progress)
    seconds = time.perf_counter() - start
    if args.report:
        text = f"{args.games:,} games a figure of the text, " if rows else ""
        setup = (f"{text}{restricted_n:,} games a measure and a restricted-play setup "
                 f"(the skill gap at most {SKILL_GAMES}), seed {args.seed}; made by "
                 f"'cardtable balance {args.game} --report' in {seconds:.0f} s")
        sections = []
        if rows:
            sections.append(html_report.balance_section(TITLES[args.game], lines))
        sections.append(html_report.measures_section(measured))
        if results:
            sections.append(html_report.restricted_section(results))
        sections += [html_report.sweep_section(data) for data in sweeps]
        Path(args.report).write_text(html_report.page(game.name, setup, sections),
                                     encoding="utf-8")
    if args.json:
        print(json.dumps({"rows": [line.to_json() for line in lines],
                          "measures": [line.to_json() for line in measured],
                          "restricted": [r.to_json() for r in results],
                          "seconds": round(seconds, 3)}))
        return 0
    console = Console(highlight=False)
    if rows:
        report.print_table(console, TITLES[args.game], lines, with_text=True)
    report.print_table(console, "The designer's measures", measured, with_text=False)
    if results:
        console.print(restricted_table(results))
    if args.report:
        console.print(f"report written to {args.report}")
    return 0


def restricted_table(results: list[RestrictedResult]) -> object:
    from cardtable.sim import html_report

    rows = [[r.restriction.mechanic, r.restriction.level, *html_report.restricted_cells(r)]
            for r in results]
    return report.grid("Restricted play: the figure without the mechanic and with it",
                       ["mechanic", "level", "figure", "without it", "with it", "effect"],
                       rows)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--report", metavar="FILE.html",
                        help="write one self-contained page: the figures, restricted play "
                             "and any --sweep, charts embedded")
    parser.add_argument("--restricted", action="store_true",
                        help="also play the designer's measures and restricted play (each "
                             "mechanic forbidden)")
    parser.add_argument("--restricted-games", type=int, default=400, metavar="N",
                        help="games per measure and restricted-play setup (default 400)")
    parser.add_argument("--sweep", action="append", default=[], metavar="FILE.json",
                        help="a sweep to show in the report (cardtable sweep --json output)")
