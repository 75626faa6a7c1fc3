"""``cardtable sweep GAME --vary NAME=LOW..HIGH[:STEP]``: the command line of a sweep."""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console

from cardtable.sim import report, sweep_charts
from cardtable.sim.progress import progress_bar
from cardtable.sim.setup import bot_names, build_options, player_key, resolve_game
from cardtable.sim.sweep import (
    Point,
    Sweep,
    cell,
    check,
    figure_names,
    parse_axis,
    run_sweep,
    title_of,
)


def build_sweep(args: argparse.Namespace) -> Sweep:
    game = resolve_game(args.game)
    options = build_options(game, args.variant, args.level, args.players)
    # a level's name (expert) or the lab's (strong), as simulate and tournament take them
    bots = (tuple(player_key(game.id, name) for name in args.bots.split(",")) if args.bots
            else (bot_names(game.id)[0],))
    if args.games < 1:
        raise ValueError("--games must be at least 1")
    sweep = Sweep(game.id, options, tuple(parse_axis(v) for v in args.vary), bots, args.games,
                  args.seed)
    check(sweep, game)
    return sweep


def sweep_json(sweep: Sweep, points: Sequence[Point],
               figures: Sequence[str]) -> dict[str, Any]:
    """The sweep, every figure of every point, and the figures shown (a report shows
    those)."""
    return sweep.setup() | {"axes": [a.name for a in sweep.axes], "figures": list(figures),
                            "points": [p.to_json() for p in points]}


def sweep_command(args: argparse.Namespace) -> int:

    sweep = build_sweep(args)
    wanted = [f.strip() for f in args.figures.split(",")] if args.figures else []
    total = len(sweep.points()) * sweep.games
    with progress_bar(total, f"sweep {sweep.game}") as progress:
        points = run_sweep(sweep, args.workers, progress,
                           Path(args.save) if args.save else None)
    figures = figure_names(points, wanted)
    title = title_of(sweep)
    if args.plot:
        sweep_charts.plot(Path(args.plot), sweep, points, figures, title)
    if args.json:
        print(json.dumps(sweep_json(sweep, points, figures)))
    elif args.csv:
        sys.stdout.write(to_csv(sweep, points, figures))
    else:
        console = Console(highlight=False)
        for part in tables(sweep, points, figures, title, console.width):
            console.print(part)
    return 0


def tables(sweep: Sweep, points: Sequence[Point], figures: Sequence[str], title: str,
           width: int) -> list[Any]:
    """The sweep as tables of at most ``width`` characters: the figures are cut into groups
    that fit beside the parameters' columns, so no value is ever shortened to "…"."""
    cells = {name: [cell(p, name) for p in points] for name in figures}

    def column_width(name: str, values: Sequence[str]) -> int:
        return max(len(line) for text in [name, *values] for line in text.split("\n")) + 3

    fixed = 1 + sum(column_width(a.name, [str(p.values[i]) for p in points])
                    for i, a in enumerate(sweep.axes))
    groups: list[list[str]] = [[]]
    used = fixed
    for name in figures:
        need = column_width(name, cells[name])
        if groups[-1] and used + need > width:
            groups.append([])
            used = fixed
        groups[-1].append(name)
        used += need
    result = []
    for n, group in enumerate(groups):
        header = [*(a.name for a in sweep.axes), *group]
        rows = [[*(str(v) for v in p.values), *(cells[name][i] for name in group)]
                for i, p in enumerate(points)]
        part = report.grid(title if n == 0 else "", header, rows)
        if n == len(groups) - 1:
            part.caption = "each figure with its 95% interval"
        result.append(part)
    return result


def to_csv(sweep: Sweep, points: Sequence[Point], figures: Sequence[str]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([*(a.name for a in sweep.axes), "figure", "kind", "value", "low", "high",
                     "games", "spread"])
    for p in points:
        for name in figures:
            s = p.figure(name)
            writer.writerow([*p.values, name, s.kind, round(s.value, 6), round(s.low, 6),
                             round(s.high, 6), s.count, round(s.spread, 6)])
    return out.getvalue()


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser],
               games: list[str]) -> argparse.ArgumentParser:
    parser = sub.add_parser("sweep", help="play a grid of rule parameters and compare the "
                            "figures at every point")
    parser.add_argument("game", choices=games)
    parser.add_argument("--vary", action="append", required=True, metavar="NAME=LOW..HIGH",
                        help="a parameter and its values, NAME=LOW..HIGH[:STEP] or "
                             "NAME=A,B,C (once or twice; 'cardtable play GAME --variant "
                             "list' names them)")
    parser.add_argument("--variant", action="append", default=[], metavar="NAME",
                        help="a variant or fixed parameter for every point (repeatable)")
    parser.add_argument("--level", help="a difficulty level (Paternoster)")
    parser.add_argument("--players", type=int, help="number of players (Paternoster)")
    parser.add_argument("--bots", help="computer players, one per seat in rotation")
    parser.add_argument("--figures", metavar="A,B",
                        help="the figures to show (default: all the game measures)")
    parser.add_argument("--save", metavar="FILE.jsonl",
                        help="keep each finished point here; run again to go on after an "
                             "interruption")
    parser.set_defaults(func=sweep_command)
    return parser
