"""``cardtable play paternoster``: one seat in the terminal, computer teammates.

Moves are read line by line from stdin (a pipe works too): ``play 7H up1``,
``give 7H 1``, ``end``, ``token-end``; ``signal up1 help`` (or ``dont-play``,
``good-here``, ``no-big-jump``, with Passengers ``passenger``, ``clear``) talks
about a pile; ``help`` lists the legal moves, ``quit`` leaves. The table is printed
after every change.
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import TextIO

from rich.console import Console
from rich.table import Table

from cardtable.cards import Card
from cardtable.engine import IllegalMove, OptionError
from cardtable.games.paternoster.bots import PlannerTeamBot
from cardtable.games.paternoster.levels import LEVELS, find_level
from cardtable.games.paternoster.rules import (
    BURNING,
    PATERNOSTER,
    PILE_NAMES,
    PaternosterObservation,
    PaternosterState,
    pile_ids,
)
from cardtable.games.paternoster.variants import (
    PARAMS,
    VARIANTS,
    PaternosterOptions,
    from_variants,
)
from cardtable.rule_params import params_help

SIGNAL_TEXT = {
    "dont-play": "please don't play here",
    "good-here": "I can do something good here",
    "no-big-jump": "no big jump here",
    "help": "I can help this pile",
    "passenger": "I can deliver the next passenger",
}


def card_text(card: Card | None) -> str:
    if card is None:
        return "—"
    colour = "red" if card.is_red else "bold"
    return f"[{colour}]{card.symbol}[/{colour}]"


def render(console: Console, obs: PaternosterObservation) -> None:
    """Piles, signals, hand, teammates, draw pile and what the seat must still do."""
    opts = obs.options
    seat = obs.seat
    duties = set(obs.must_cover()) if obs.outcome is None else set()
    table = Table(title=f"Paternoster — turn {obs.turn}, seat {obs.turn_seat} to play")
    for column in ("pile", "top", "cards", "signals"):
        table.add_column(column)
    for pile in pile_ids(opts):
        cards = obs.piles[pile]
        arrow = "↑" if pile < 3 else "↓"
        top = cards[-1] if cards else None
        mark = ""
        if pile in duties:
            mark = " [bold red]must be covered![/bold red]"
        elif opts.fire and top in BURNING:
            mark = " 🔥"
        said = "; ".join(f"seat {s}: {SIGNAL_TEXT[k]}" for s, p, k in obs.signals if p == pile)
        table.add_row(f"{PILE_NAMES[pile]} {arrow}", card_text(top) + mark, str(len(cards)), said)
    console.print(table)
    others = ", ".join(f"seat {s}: {n} cards" for s, n in enumerate(obs.hand_counts) if s != seat)
    console.print(f"Draw pile: {obs.draw_count} cards.  Teammates: {others}")
    if obs.passengers:
        shown = [("✓" if i < obs.delivered else "") + card_text(c)
                 for i, c in enumerate(obs.passengers)]
        console.print("Passengers (in order): " + "  ".join(shown))
    if opts.tokens:
        console.print(f"Emergency tokens left: {obs.tokens}")
    for giver, receiver, card in obs.passed:
        if giver == seat:
            console.print(f"You gave {card_text(card)} to seat {receiver}.")
        else:
            console.print(f"Seat {giver} gave you {card_text(card)}.")
    if seat is not None:
        console.print("Your hand: " + " ".join(card_text(c) for c in obs.hand))
    if obs.outcome is None and seat == obs.turn_seat:
        owed = max(0, obs.required - obs.played - obs.gave)
        if obs.played == 0 and owed == 0:
            owed = 1
        if owed:
            console.print(f"You must still play {owed} card{'s' if owed > 1 else ''} "
                          f"(required this turn: {obs.required}); played {obs.played}.")
        else:
            console.print("Your turn is complete: play more cards or 'end'.")
        if obs.step_back_used:
            console.print("(You have made this turn's step back.)")


def build_options(args: argparse.Namespace) -> PaternosterOptions:
    """Options from ``--level`` or ``--variant`` (not both) and ``--players``."""
    variants = list(args.variant or [])
    if args.level:
        if variants:
            raise OptionError("choose a level or variants, not both")
        return find_level(args.level).for_players(args.players)
    return from_variants(variants, players=args.players)


def run(args: argparse.Namespace, stdin: TextIO | None = None,
        console: Console | None = None) -> int:
    """Play one game in the terminal; returns the exit code."""
    stdin = stdin or sys.stdin
    console = console or Console(highlight=False)
    if "list" in (args.variant or []) or (args.level or "") == "list":
        console.print("Variants (--variant NAME):")
        for name, text in VARIANTS.items():
            console.print(f"  {name:15} {text}")
        for line in params_help(PARAMS):
            console.print(line)
        console.print("Levels (--level NAME):")
        for level in LEVELS:
            console.print(f"  {level.name:12} {level.text}")
        return 0
    try:
        options = build_options(args)
    except (OptionError, ValueError) as exc:
        console.print(f"cannot start: {exc}")
        return 2
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    state = PATERNOSTER.new(options, seed=seed)
    assert isinstance(state, PaternosterState)
    me = args.seat if args.seat is not None else 0
    if not 0 <= me < options.players:
        console.print(f"cannot start: there is no seat {me} (seats 0 to {options.players - 1})")
        return 2
    bots = {s: PlannerTeamBot(seed + s) for s in range(options.players) if s != me}
    console.print(f"Paternoster, {options.players} player(s), options {options.to_json()}, "
                  f"seed {seed}. You are seat {me}. Type 'help' for your moves.")
    turn = -1
    shown = True
    while state.result is None:
        if state.turn != turn:
            turn = state.turn
            for seat, bot in bots.items():
                state.sync_signals(seat, bot.signals(state.observation(seat)))
            shown = False
        seat = state.turn_seat
        if seat != me:
            move = bots[seat].act(state.observation(seat))
            state.play(seat, move)
            console.print(f"seat {seat}: {move.text}")
            continue
        if not shown:
            render(console, state.observation(me))
            shown = True
        console.print("> ", end="")
        line = stdin.readline()
        if not line:
            console.print("\n(end of input: leaving the game)")
            return 0
        text = line.strip()
        if not text:
            continue
        if text in ("quit", "exit"):
            console.print("You left the game.")
            return 0
        if text == "help":
            console.print("Legal moves: " + ", ".join(m.text for m in state.legal_moves(me)))
            console.print("Signals: signal <pile> " + "|".join((*state.signal_kinds(), "clear")))
            continue
        if text.startswith("signal"):
            words = text.split()
            try:
                if len(words) != 3:
                    raise IllegalMove("write 'signal <pile> <kind>', kinds: "
                                      + ", ".join((*state.signal_kinds(), "clear")))
                if words[2] == "clear":
                    state.clear_signal(me, words[1])
                else:
                    state.signal(me, words[1], words[2])
            except IllegalMove as exc:
                console.print(f"[red]Not possible:[/red] {exc.reason}")
                continue
            shown = False
            continue
        try:
            state.play(me, text)
        except IllegalMove as exc:
            console.print(f"[red]Not possible:[/red] {exc.reason}")
            continue
        shown = False
    render(console, state.observation(me))
    outcome = state.result
    if outcome.perfect:
        console.print("[bold green]Perfect! All cards are down.[/bold green]")
    elif outcome.lost in ("passenger", "fire", "command"):
        why = {"passenger": "a passenger was not delivered in order",
               "fire": "a burning card stayed on top",
               "command": "a red King was not covered"}[outcome.lost]
        console.print(f"[bold red]The team has lost: {why}.[/bold red] "
                      f"{outcome.cards_left} cards left.")
    else:
        console.print(f"Game over: {outcome.cards_left} cards were not played.")
    console.print(f"Result: {outcome.to_json()}")
    console.print(f"Record: {state.record().dumps()}")
    return 0
