"""``cardtable simulate`` and ``cardtable balance``: the designer's lab on the command line."""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from cardtable.bots.ismcts import check_seconds
from cardtable.sim import report, tournament
from cardtable.sim.balance import (
    LEVEL_TITLES,
    REPORTS,
    TITLES,
    level_rows,
    run_report,
    total_games,
)
from cardtable.sim.pool import Cluster
from cardtable.sim.progress import progress_bar
from cardtable.sim.runner import SimSpec, simulate
from cardtable.sim.setup import bot_names, build_options, player_key, resolve_game


def simulate_command(args: argparse.Namespace) -> int:
    game = resolve_game(args.game)
    options = build_options(game, args.variant, args.level, args.players)
    bots = tuple(args.bots.split(",")) if args.bots else (bot_names(game.id)[0],)
    for name in bots:
        player_key(game.id, name)
    if args.games < 1:
        raise ValueError("--games must be at least 1")
    spec = SimSpec(game.id, options, bots, args.games, args.seed)
    with progress_bar(args.games, f"{game.name}") as progress:
        result = simulate(spec, args.workers, progress)
    lines = [report.Line.of(s) for s in result.summaries()]
    setup = {"game": game.id, "options": options, "bots": list(bots), "games": args.games,
             "seed": args.seed}
    if args.plot:
        report.plot(Path(args.plot), f"{game.name}: {', '.join(bots)} ({args.games} games)",
                    lines)
    if args.json:
        print(json.dumps(setup | {"rows": [line.to_json() for line in lines],
                                  "seconds": round(result.seconds, 3)}))
    elif args.csv:
        sys.stdout.write(report.to_csv(lines))
    else:
        console = Console(highlight=False)
        variant = json.dumps(options) if options else "standard rules"
        report.print_table(console, f"{game.name} — {variant}; players: {', '.join(bots)}; "
                           f"seed {args.seed}", lines, with_text=False)
        seconds = f"{result.seconds:.1f}" if result.seconds >= 1 else f"{result.seconds:.2g}"
        console.print(f"{args.games:,} games in {seconds} s "
                      f"({args.games / result.seconds:,.0f} games/s)")
    return 0


def balance_command(args: argparse.Namespace) -> int:
    if args.games is None:
        args.games = LEVEL_GAMES if args.levels else BALANCE_GAMES
    if args.report or args.restricted or args.sweep:  # lab: restricted play, HTML report
        from cardtable.sim import report_command
        return report_command.command(args)
    if args.game == "matebeta":
        return matebeta_deals_command(args)
    if args.game not in REPORTS:
        raise ValueError(f"no balance report for '{args.game}' (known: {', '.join(REPORTS)})")
    rows = REPORTS[args.game]()
    title = TITLES[args.game]
    if args.bots and args.levels:
        raise ValueError("--bots and --levels: choose one (the ladder names its own players)")
    if args.bots:
        if args.game == "duel":
            raise ValueError("--bots: the duel's report compares its own players")
        bots = tuple(args.bots.split(","))
        rows = [dataclasses.replace(row, bots=bots) for row in rows]
        title += f" (here played by: {args.bots})"
    if args.levels:
        if args.game not in LEVEL_TITLES:
            raise ValueError(f"--levels measures the ladders of {', '.join(LEVEL_TITLES)}, "
                             f"not '{args.game}'")
        rows = level_rows(args.game, rows)
        title = LEVEL_TITLES[args.game]
    start = time.perf_counter()
    with progress_bar(total_games(rows, args.games), f"balance {args.game}") as progress:
        lines = run_report(rows, args.games, args.seed, args.workers, progress)
    seconds = time.perf_counter() - start
    if args.plot:
        report.plot(Path(args.plot), title, lines)
    if args.json:
        print(json.dumps({"rows": [line.to_json() for line in lines],
                          "seconds": round(seconds, 3)}))
        return 0
    if args.csv:
        sys.stdout.write(report.to_csv(lines))
        return 0
    console = Console(highlight=False)
    if args.levels:
        console.print(levels_table(title, lines))
    else:
        report.print_table(console, title, lines, with_text=True)
    console.print(f"{total_games(rows, args.games):,} games in {seconds:.1f} s")
    return 0


BALANCE_GAMES = 4000
LEVEL_GAMES = 100
"""``balance --levels``: games per setup and level (the duel's expert searches: about
2.4 s of CPU a game, so 6 setups take some 25 CPU minutes)."""


def levels_table(title: str, lines: list[report.Line]) -> Table:
    """Each figure in a row, the rule text's beside every level's (value and interval)."""
    figures: dict[str, dict[str, report.Line]] = {}
    for line in lines:
        figure, level = line.id.split("@")
        figures.setdefault(figure, {})[level] = line
    levels = list(dict.fromkeys(line.id.split("@")[1] for line in lines))
    rows = []
    for by_level in figures.values():
        first = next(iter(by_level.values()))
        said = report.fmt(first.text, first.unit) if first.text is not None else first.note
        cells = [first.label.split(" · ")[0], said or "—"]
        for level in levels:
            at = by_level.get(level)
            cells.append("—" if at is None else
                         f"{report.fmt(at.ours, at.unit)} ({report.fmt(at.low, at.unit)}"
                         f"–{report.fmt(at.high, at.unit)})")
        rows.append(cells)
    games = lines[0].games if lines else 0
    return report.grid(f"{title} ({games:,} games a setup; 95% intervals)",
                       ["measure", "rule text", *levels], rows)


def tournament_command(args: argparse.Namespace) -> int:
    game = resolve_game(args.game)
    options = build_options(game, args.variant, args.level, args.players)
    players = (tuple(args.bots.split(",")) if args.bots
               else tournament.default_players(game.id))
    if args.games is None:
        args.games = tournament.GAMES.get(game.id, 1000)
    think = think_seconds(args)
    total = sum(spec.games for spec in tournament.plan(game.id, options, players, args.games,
                                                          args.seed, think))
    with progress_bar(total, f"{game.name} tournament") as progress:
        result = tournament.run_tournament(game.id, options, players, args.games, args.seed,
                                           args.workers, progress, think)
    lines = tournament.lines(result)
    if args.save:
        from cardtable.sim import standings

        command = " ".join(["cardtable tournament", game.id, *_given(args)])
        where = standings.save(result, command)
        Console(stderr=True).print(f"standings of the {game.name} ladder written to {where}")
    variant = json.dumps(options) if options else "standard rules"
    kind, per = ("teams on the same deals", "team") if result.teams else ("round robin",
                                                                           "pairing")
    title = f"{game.name} — {kind}, {variant}; {args.games:,} games per {per}, seed {args.seed}"
    if args.plot:
        report.plot(Path(args.plot), title, lines)
    if args.json:
        print(json.dumps(result.to_json()))
    elif args.csv:
        sys.stdout.write(report.to_csv(lines))
    else:
        console = Console(highlight=False)
        for table in tournament_tables(result, title):
            console.print(table)
        if result.steps:
            console.print(ladder_table(result))
        console.print(tournament.TEAM_METHOD if result.teams else tournament.METHOD)
        console.print(f"{total:,} games in {result.seconds:.1f} s")
    return 0


def think_seconds(args: argparse.Namespace) -> float | None:
    """The searching players' thinking time a decision: ``--site`` is the server's
    default (handed to :func:`add_parsers` by the command line, which knows the server),
    ``--think-seconds`` any other (checked); ``None``: their lab budgets."""
    if args.site:
        return float(args.site_seconds)
    if args.think_seconds is None:
        return None
    return check_seconds(args.think_seconds, "--think-seconds")


def _given(args: argparse.Namespace) -> list[str]:
    """The tournament's settings as options of the command line (for the record; a
    thinking time by its number, which ``--site`` may change later)."""
    words = [f"--games {args.games}", f"--seed {args.seed}"]
    think = think_seconds(args)
    if think is not None:
        words.append(f"--think-seconds {think:g}")
    if args.bots:
        words.append(f"--bots {args.bots}")
    words += [f"--variant {v}" for v in args.variant]
    if args.level:
        words.append(f"--level {args.level}")
    if args.players:
        words.append(f"--players {args.players}")
    return words


def tournament_tables(result: tournament.Tournament, title: str) -> list[Table]:
    """The ranking (teams or ratings), then every pairing's score."""
    def span(low: float, high: float, unit: str = "%") -> str:
        return f"{report.fmt(low, unit)} – {report.fmt(high, unit)}"

    if result.teams:
        first, then = tournament.TEAM_MEASURES[result.game]
        rows = [[f"{i}. {t.name}", report.fmt(100 * t.rate.value, "%"),
                 span(100 * t.rate.low, 100 * t.rate.high), f"{t.amount.value:.2f}",
                 span(t.amount.low, t.amount.high, ""), f"{t.rate.count:,}"]
                for i, t in enumerate(result.teams, 1)]
        against = [[f"{p.first} – {p.second}", report.fmt(100 * p.score.value, "%"),
                    span(100 * p.score.low, 100 * p.score.high),
                    "–".join(str(n) for n in p.record)] for p in result.team_pairings]
        return [report.grid(title, ["team", first.replace("-", " "), "95% interval",
                                    then.replace("-", " "), "95% interval", "games"], rows),
                report.grid("Team against team: the first's share of the deals that differ "
                            "where it leaves fewer cards",
                            ["teams", "score", "95% interval", "fewer–same–more"], against)]
    ratings = [[f"{i}. {r.name}", report.fmt(r.elo, report.ELO),
                span(r.low, r.high, report.ELO)] for i, r in enumerate(result.ratings, 1)]
    # a deal's two games decide it as their two scores do, unless points count (MateBeta)
    by_points = any(p.matches.value != p.score.value for p in result.pairings)
    pairings = []
    for p in result.pairings:
        row = [f"{p.first} – {p.second}", report.fmt(100 * p.score.value, "%"),
               span(100 * p.score.low, 100 * p.score.high)]
        if by_points:
            row += [report.fmt(100 * p.matches.value, "%"),
                    span(100 * p.matches.low, 100 * p.matches.high)]
        pairings.append([*row, "–".join(str(n) for n in p.record), f"{p.score.count:,}"])
    header = ["pairing", "score", "95% interval"]
    if by_points:
        header += ["per deal", "95% interval"]
    return [report.grid(title, ["player", "Elo", "95% interval"], ratings),
            report.grid("Pairings: the first player's score (a draw counts half)",
                        [*header, "W–D–L", "games"], pairings)]


def ladder_table(result: tournament.Tournament) -> Table:
    """Each level against the level below it, and whether the ladder holds there."""
    rows = [[f"{s.higher} – {s.lower}", report.fmt(100 * s.score.value, "%"),
             f"{report.fmt(100 * s.score.low, '%')} – {report.fmt(100 * s.score.high, '%')}",
             f"{s.score.count:,}", "yes" if s.holds else "NO"] for s in reversed(result.steps)]
    what = "deals that differ" if result.teams else "games"
    return report.grid(f"The ladder: each level against the one below "
                       f"(at least {tournament.LADDER_SCORE:.0%})",
                       ["levels", "score", "95% interval", what, "holds"], rows)


def matebeta_deals_command(args: argparse.Namespace) -> int:
    """Every MateBeta deal solved (resumable), then the figures into the rules pages' file."""
    from cardtable.sim import matebeta_deals as deals
    from cardtable.sim.figures import FIGURES_FILE

    results = Path(args.results) if args.results else deals.RESULTS
    figures_file = Path(args.figures) if args.figures else FIGURES_FILE
    start = time.perf_counter()
    with progress_bar(deals.DEALS, "MateBeta deals") as progress:
        done = deals.solve_all(results, args.workers, progress, args.chunks)
    seconds = time.perf_counter() - start
    if not done:
        raise ValueError(f"no deal solved yet ({results} is empty)")
    result = deals.figures(done)
    deals.write_figures(figures_file, result,
                        "cardtable balance matebeta --workers 1 (resumes from its results file)")
    if args.json:
        print(json.dumps(result | {"seconds": round(seconds, 3)}))
        return 0
    console = Console(highlight=False)
    state = "every deal, exact" if result["complete"] else (
        f"{result['positions']:,} of {deals.DEALS:,} positions so far; 95% intervals")
    console.print(f"MateBeta, every deal from both dealers ({state}):")
    for row in result["rows"].values():
        console.print(f"  {row['label']}: {row['ours']:.3f}{row['unit']} "
                      f"[{row['low']:.3f}, {row['high']:.3f}]")
    console.print(f"{len(done)} of {deals.CHUNKS} chunks in {results}; this run "
                  f"{seconds:.1f} s; figures written to {figures_file}")
    return 0


def add_parsers(sub: argparse._SubParsersAction[argparse.ArgumentParser],
                games: list[str], site_seconds: float) -> None:
    """The lab's commands; ``site_seconds`` is the server's default thinking time a
    decision (``tournament --site``)."""
    sim = sub.add_parser("simulate", help="play many computer games and summarise them")
    sim.add_argument("game", choices=games)
    sim.add_argument("--variant", action="append", default=[], metavar="NAME")
    sim.add_argument("--level", help="a difficulty level (Paternoster)")
    sim.add_argument("--players", type=int, help="number of players (Paternoster)")
    sim.add_argument("--bots", help="computer players by name, one per seat in rotation, e.g. "
                                    "simple,never-push (default: the game's simple player)")
    _common(sim, default_games=1000)
    sim.set_defaults(func=simulate_command)

    bal = sub.add_parser("balance", help="the rule text's balance figures beside ours")
    bal.add_argument("game", choices=[*sorted(REPORTS), "matebeta", "duel52"])
    _common(bal, default_games=None,
            told=f"default {BALANCE_GAMES:,}, with --levels {LEVEL_GAMES} a level")
    bal.add_argument("--bots", help="paternoster, campaign: another computer team than the "
                                    "text's simple player, e.g. planner")
    bal.add_argument("--results", metavar="FILE",
                     help="matebeta: the solved chunks, appended as they finish and read "
                          "back on the next start (default: the checkout's "
                          "data/matebeta-deals.jsonl)")
    bal.add_argument("--figures", metavar="FILE", help="matebeta: the figures file to update "
                     "(default: the rules pages' figures.json)")
    bal.add_argument("--levels", action="store_true",
                     help="each figure for every level of the game's ladder, side by side "
                          "(duel, paternoster)")
    bal.add_argument("--chunks", type=int, metavar="N",
                     help="matebeta: solve at most N more of the 400 chunks")
    from cardtable.sim import report_command  # lab: restricted play, HTML report
    report_command.add_arguments(bal)
    bal.set_defaults(func=balance_command)


    tour = sub.add_parser("tournament", help="a round robin of the game's computer players, "
                          "with Elo ratings")
    tour.add_argument("game", choices=games)
    tour.add_argument("--bots", help="the players, by a level's name or the lab's, e.g. "
                                     "beginner,club,cautious (default: the game's ladder)")
    tour.add_argument("--variant", action="append", default=[], metavar="NAME",
                      help="a rule variant (repeat for several)")
    tour.add_argument("--level", help="a difficulty level (Paternoster)")
    tour.add_argument("--players", type=int, help="number of players (Paternoster)")
    _common(tour, default_games=None, per="pairing (or team)",
            told="default: " + ", ".join(f"{g} {n}" for g, n in tournament.GAMES.items()))
    timed = tour.add_mutually_exclusive_group()
    timed.add_argument("--think-seconds", type=float, metavar="S",
                       help="every searching player (strong in duel and duel52, shrewd in "
                            "duel52) thinks S seconds of its own CPU time a decision, as the "
                            "site's do on a core of their own, instead of its lab budget of a "
                            "fixed number of deals (a busy machine leaves it as many deals); "
                            "the others play as always. The same seed deals the same cards, "
                            "but the moves depend on the machine's speed: not reproducible "
                            "move for move")
    timed.add_argument("--site", action="store_true",
                       help=f"--think-seconds at the server's default thinking time "
                            f"({site_seconds:g} s)")
    tour.add_argument("--save", action="store_true",
                      help="keep the levels' ratings, with this command, its date and "
                           "thinking time, for the site's seat picker (needs the whole "
                           "ladder)")
    tour.set_defaults(func=tournament_command, site_seconds=site_seconds)

    from cardtable.sim import sweep_command  # lab: rule parameter sweeps
    _common(sweep_command.add_parser(sub, games), default_games=400, per="point")


def _common(parser: argparse.ArgumentParser, default_games: int | None,
            per: str = "simulation", told: str = "") -> None:
    told = told or f"default {default_games}"
    parser.add_argument("--games", type=int, default=default_games,
                        help=f"games per {per} ({told})")
    parser.add_argument("--seed", type=int, default=1, help="seed (same seed, same result)")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, help="worker processes (default: all cores)")
    where.add_argument("--cluster", dest="workers", type=Cluster, metavar="ADDRESS",
                       help="run on the Dask scheduler at ADDRESS (e.g. tcp://host:8786); "
                            "the same seed gives the same figures")
    out = parser.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print JSON")
    out.add_argument("--csv", action="store_true", help="print CSV")
    parser.add_argument("--plot", metavar="FILE.png", help="also draw a chart into FILE.png")
