"""The ``cardtable`` command: play in the terminal, replay records, measure speed.

Each game's package brings its terminal front end (``run(args) -> int``) and, if it
has one, its exact solver; this module only parses arguments and dispatches, so
adding a game adds no code here.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from cardtable.engine import IllegalMove, Outcome, Record, RecordError, ReplayError, State
from cardtable.games.package import PlayFlag
from cardtable.games.registry import game_ids, package_of, replay
from cardtable.playtest.command import extend as extend_balance
from cardtable.sim.commands import add_parsers as add_lab_parsers
from cardtable.sim.pool import ClusterError


def _load(name: str) -> tuple[State | None, str | None]:
    """Replay a record file: the state, or a message naming what is wrong."""
    try:
        return replay(Record.loads(Path(name).read_text(encoding="utf-8"))), None
    except OSError as exc:
        return None, f"cannot read the file: {exc.strerror or exc}"
    except ReplayError as exc:
        return None, str(exc)
    except RecordError as exc:
        return None, f"bad record: {exc}"


def _replay_command(args: argparse.Namespace) -> int:
    """One JSON line per record file: its outcome, or the first error."""
    failed = False
    for name in args.files:
        line: dict[str, object] = {"file": name}
        state, error = _load(name)
        if state is None:
            line["error"] = error
            failed = True
        else:
            outcome = state.outcome() or _ended_outside_rules(name, state)
            line["outcome"] = outcome.to_json() if outcome is not None else None
            if args.legal:
                line["legal"] = {
                    str(seat): [m.text for m in state.legal_moves(seat)]
                    for seat in state.to_act()
                }
        print(json.dumps(line, ensure_ascii=False))
    return 1 if failed else 0


def _ended_outside_rules(name: str, state: State) -> Outcome | None:
    """The record's own outcome when its moves do not finish the game: it was resigned
    (who resigned, who won), aborted or lost on time."""
    from cardtable.server.live.ending import from_json

    try:
        stored = json.loads(Path(name).read_text(encoding="utf-8")).get("outcome")
        return from_json(stored if isinstance(stored, dict) else None,
                         state.game.seats(state.options))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def _solve_command(args: argparse.Namespace) -> int:
    """The exact value and best moves after a record's moves (games with a solver)."""
    state, error = _load(args.file)
    if state is not None:
        solver = package_of(state.game.id).solver
        if solver is None:
            error = f"there is no solver for the game '{state.game.id}'"
        else:
            print(json.dumps(solver(state), ensure_ascii=False))
            return 0
    print(json.dumps({"file": args.file, "error": error}, ensure_ascii=False))
    return 1


def _analyze_command(args: argparse.Namespace) -> int:
    """A MateBeta record judged move by move (``--json``: the review as JSON)."""
    from cardtable.games.matebeta.analysis import AnalysisError, load, review
    from cardtable.games.matebeta.review_text import render

    try:
        text = Path(args.file).read_text(encoding="utf-8")
        if _estimated(text):
            return _estimate_command(args, text)
        if args.seat is not None or args.deals is not None or args.seed is not None:
            raise AnalysisError("--seat, --deals and --seed are for Paternoster Duel and "
                                "Duel 52 records (a review by the computer's estimate)")
        result = review(load(text))
    except OSError as exc:
        error = f"cannot read the file: {exc.strerror or exc}"
    except UnicodeDecodeError:
        error = "this is not a game record: the file is not text"
    except AnalysisError as exc:
        error = str(exc)
    else:
        print(json.dumps(result.to_json(), ensure_ascii=False) if args.json else render(result))
        return 0
    if args.json:
        print(json.dumps({"file": args.file, "error": error}, ensure_ascii=False))
    else:
        print(f"cardtable analyze {args.file}: {error}", file=sys.stderr)
    return 1


def _estimated(text: str) -> bool:
    """Whether a record's text is one of a game reviewed by estimate (duel, Duel 52)."""
    from cardtable.sim.estimate import GAMES

    try:
        data = json.loads(text)
    except ValueError:
        return False
    return isinstance(data, dict) and data.get("game") in GAMES


def _estimate_command(args: argparse.Namespace, text: str) -> int:
    """A duel or Duel 52 record reviewed by the strong player's estimate (progress on a
    terminal's stderr)."""
    from cardtable.sim.estimate import SEED, ReviewError, load, render, review

    def progress(done: int, total: int) -> None:
        if sys.stderr.isatty():
            print(f"\rjudged {done} of {total} decisions", end="" if done < total else "\n",
                  file=sys.stderr, flush=True)

    try:
        result = review(load(text), None if args.seat is None else [args.seat], args.deals,
                        SEED if args.seed is None else args.seed, progress)
    except ReviewError as exc:
        if args.json:
            print(json.dumps({"file": args.file, "error": str(exc)}, ensure_ascii=False))
        else:
            print(f"cardtable analyze {args.file}: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(result.to_json(), ensure_ascii=False) if args.json else render(result))
    return 0


def play_flags() -> dict[str, list[tuple[str, PlayFlag]]]:
    """``play``'s options that only some games read (each game's package declares its own),
    by name: the games that read it, with what it means there. Any other game refuses it
    rather than ignore it."""
    found: dict[str, list[tuple[str, PlayFlag]]] = {}
    for game_id in game_ids():
        package = package_of(game_id)
        for flag in package.play_flags:
            found.setdefault(flag.name, []).append((game_id, flag))
    return found


def _play_command(args: argparse.Namespace) -> int:
    for name, readers in play_flags().items():
        if getattr(args, name) not in (None, False) and args.game not in dict(readers):
            meaning = "; ".join(f"{package_of(game_id).game.name} ({flag.meaning})"
                                for game_id, flag in readers)
            print(f"cardtable play {args.game}: --{name} is for {meaning}", file=sys.stderr)
            return 2
    terminal = package_of(args.game).terminal
    if terminal is None:
        print(f"cardtable play {args.game}: this game has no terminal front end yet",
              file=sys.stderr)
        return 2
    return terminal(args)


def _bench_command(args: argparse.Namespace) -> int:
    from cardtable.bench import run_bench

    return run_bench(args)


def _think_command(args: argparse.Namespace) -> int:
    from cardtable.sim.thinking import run_think

    return run_think(args)


def _ratings_command(args: argparse.Namespace) -> int:
    from cardtable.server.live.rated import recompute_command

    return recompute_command(args.db)


def _serve_command(args: argparse.Namespace) -> int:
    from cardtable.server.main import serve

    return serve(args)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cardtable",
        description="Card games: Paternoster, Paternoster Duel, Duel 52 and MateBeta.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    play = sub.add_parser("play", help="play a game against the computer in the terminal")
    play.add_argument("game", choices=game_ids(), help="which game")
    play.add_argument("--variant", action="append", default=[], metavar="NAME",
                      help="a rule variant (repeat for several); 'list' shows them")
    play.add_argument("--level", help="a difficulty level or computer player of the game (an "
                      "unknown one is answered with the game's choices)")
    play.add_argument("--seed", type=int, help="seed for the deal and the computer players")
    play.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    for name, readers in play_flags().items():
        games = ", ".join(package_of(game_id).game.name for game_id, _ in readers)
        flag = readers[0][1]
        if flag.type is None:
            play.add_argument(f"--{name}", action="store_true", help=f"{flag.help} ({games})")
        else:
            play.add_argument(f"--{name}", type=flag.type, help=f"{flag.help} ({games})")
    play.set_defaults(func=_play_command)

    rep = sub.add_parser("replay", help="replay record files and print their outcomes as JSON")
    rep.add_argument("files", nargs="+", metavar="FILE")
    rep.add_argument("--legal", action="store_true",
                     help="also print the legal moves of the seats to act after the last move")
    rep.set_defaults(func=_replay_command)

    from cardtable.server.ops.config import THINK_SECONDS

    # the lab knows nothing of the server: its thinking time is handed down from here
    add_lab_parsers(sub, game_ids(), site_seconds=THINK_SECONDS)
    # the site's games as a playtest: the lab's balance, reading a site's database
    extend_balance(sub.choices["balance"])

    solve = sub.add_parser("solve", help="the exact value and best moves after a record's "
                           "moves (MateBeta)")
    solve.add_argument("file", metavar="FILE")
    solve.set_defaults(func=_solve_command)

    analyze = sub.add_parser("analyze", help="a game reviewed move by move: MateBeta exactly "
                             "(values, best moves, points given away); Paternoster Duel and "
                             "Duel 52 by the strong computer player's estimate")
    analyze.add_argument("file", metavar="FILE", help="a MateBeta, duel or Duel 52 record (JSON)")
    analyze.add_argument("--json", action="store_true", help="print the review as JSON")
    analyze.add_argument("--seat", type=int, help="duel, Duel 52: only this seat's decisions")
    analyze.add_argument("--deals", type=int, help="duel, Duel 52: deals of the unseen cards "
                         "per decision (default: duel 100, Duel 52 10)")
    analyze.add_argument("--seed", type=int, help="duel, Duel 52: the estimate's seed (default 1)")
    analyze.set_defaults(func=_analyze_command)

    bench = sub.add_parser("bench", help="self-play speed of each game on one core, and the "
                           "MateBeta solver's time per deal")
    bench.add_argument("game", nargs="?", choices=game_ids(), help="one game (default: all)")
    bench.add_argument("--games", type=int, help="games per game (default: 3 CPU seconds' worth)")
    bench.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per game")
    bench.add_argument("--deals", type=int, default=50, help="MateBeta solver deals (default 50)")
    bench.add_argument("--variant", action="append", default=[], metavar="NAME")
    bench.add_argument("--seed", type=int, default=1)
    bench.add_argument("--json", action="store_true", help="print the result as JSON")
    bench.set_defaults(func=_bench_command)

    think = sub.add_parser("think", help="the strong player's thinking time per decision at "
                           "the server's budget (median, p95, iterations per second)")
    think.add_argument("game", choices=("duel", "duel52"))
    think.add_argument("--variant", action="append", default=[], metavar="NAME")
    think.add_argument("--think-seconds", type=float, default=THINK_SECONDS,
                       help=f"the budget per decision (default: the server's, {THINK_SECONDS:g})")
    think.add_argument("--decisions", type=int, default=200,
                       help="decisions to time (default 200)")
    think.add_argument("--seed", type=int, default=1)
    think.add_argument("--json", action="store_true", help="print the result as JSON")
    think.set_defaults(func=_think_command)

    from cardtable.server.main import add_arguments

    srv = sub.add_parser("serve", help="run the game server (HTTP API and live tables)")
    add_arguments(srv)
    srv.set_defaults(func=_serve_command)

    ratings = sub.add_parser("ratings", help="the site's ratings: 'recompute' replays every "
                             "stored rated result in order and rewrites the ratings, printing "
                             "what changed (run it with the site stopped)")
    ratings.add_argument("action", choices=("recompute",))
    ratings.add_argument("--db", metavar="URL", help="the site's database URL (default: "
                         "DATABASE_URL, else sqlite:///./cardtable.db)")
    ratings.set_defaults(func=_ratings_command)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        code: int = args.func(args)
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except (IllegalMove, RecordError, ValueError, ClusterError) as exc:
        print(f"cardtable: {exc}", file=sys.stderr)
        return 2
    return code


if __name__ == "__main__":
    sys.exit(main())
