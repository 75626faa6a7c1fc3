"""``cardtable play duel52``: Duel 52 against the computer in the terminal.

The three lanes are drawn side by side: the opponent's cards on top, yours
below, each with its place name (``L2.0.1``), its face (``7♥``; a face-down
card you know shows as ``(7♥)``, an unknown one as ``▓▓``), damage (``-1``),
frozen (``❄``), pair partner (``⚭3``), Base (``B``) and spent attacks. Then
your hand, the draw pile, the discard pile and the actions left. Type a move
(see :mod:`cardtable.games.duel52.moves`), ``help`` for the legal moves,
``quit`` to leave. The computer's hidden plays are shown only as what you
could see across a real table.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterable

from rich.console import Console
from rich.table import Table

from cardtable.cards import Card
from cardtable.engine import Event, IllegalMove, OptionError
from cardtable.games.duel52.bots import make_bot
from cardtable.games.duel52.moves import D52Move
from cardtable.games.duel52.rules import DUEL52, Duel52Observation, Duel52State
from cardtable.games.duel52.table import CardView, pos_text
from cardtable.games.duel52.variants import PARAMS, VARIANTS, from_variants
from cardtable.rule_params import params_help

CHOICE_HELP = {
    "discard": "View: discard a card from your hand (discard <card>)",
    "look": "Foresight: look at a face-down card (look <pos> | look none)",
    "move": "Move: pull one of your cards into the Queen's lane (move <pos> | move none)",
    "next": "choose whose power acts next (next <pos>)",
}


def card_label(c: CardView) -> str:
    name = f"L{c.lane + 1}.{c.seat}.{c.slot}"
    if c.up and c.card is not None:
        body = f"[bold]{_sym(c.card)}[/bold]"
    elif c.card is not None:
        body = f"[dim]({_sym(c.card)})[/dim]"
    else:
        body = "▓▓"
    marks = []
    if c.base:
        marks.append("B")
    if c.damage:
        marks.append(f"[red]-{c.damage}[/red]")
    if c.frozen:
        marks.append("[cyan]❄[/cyan]")
    if c.partner is not None:
        marks.append(f"⚭{c.partner}")
    if c.double:
        marks.append("×2")
    if c.attacks:
        marks.append("·" * c.attacks)
    if not c.up and len(c.seen) and c.card is None:
        marks.append("👁")
    return f"{name} {body} {' '.join(marks)}".rstrip()


def _sym(card: Card) -> str:
    symbol = card.symbol
    return f"[red]{symbol}[/red]" if card.is_red else symbol


def draw_table(obs: Duel52Observation, me: int) -> Table:
    other = 1 - me
    table = Table(show_lines=True, expand=False)
    table.add_column("")
    for lane in range(3):
        won = obs.won[lane]
        title = f"Lane {lane + 1}"
        if won is not None:
            title += " (won by you)" if won == me else " (won by them)"
        table.add_column(title, min_width=18)
    table.add_row(f"them (seat {other})",
                  *("\n".join(card_label(c) for c in obs.lanes[lane][other]) or "-"
                    for lane in range(3)))
    table.add_row(f"you (seat {me})",
                  *("\n".join(card_label(c) for c in obs.lanes[lane][me]) or "-"
                    for lane in range(3)))
    return table


def show(console: Console, state: Duel52State, me: int) -> None:
    obs = state.observation(me)
    console.print(draw_table(obs, me))
    hand = " ".join(_sym(c) for c in obs.hand) or "(empty)"
    console.print(f"Your hand: {hand}    Their hand: {obs.hand_counts[1 - me]} cards")
    console.print(f"Draw pile: {obs.pile}   Set aside: {obs.aside}   "
                  f"Discard pile: {len(obs.discard)}   Turn {obs.turn}")
    if obs.outcome is not None:
        return
    who = "your" if obs.turn_seat == me else "their"
    console.print(f"It is {who} turn: {obs.actions} action(s) left.")
    if obs.choice is not None and obs.choice.seat == me:
        console.print(f"[yellow]{CHOICE_HELP[obs.choice.kind]}[/yellow] "
                      f"(power of {pos_text(obs.choice.source)})")


def public_move(move: D52Move) -> str:
    """What the other seat may read of a move: hidden cards stay hidden."""
    if move.kind == "play":
        assert move.lane is not None
        return f"plays a card face down into lane {move.lane + 1}"
    if move.kind == "discard":
        return "discards a card face down"
    return move.text


def describe(events: Iterable[Event], me: int) -> list[str]:
    lines = []
    for e in events:
        who = "you" if e.seat == me else "they"
        d = e.data
        if e.kind == "flip":
            lines.append(f"{d['pos']} is flipped: {d['card']}")
        elif e.kind == "killed":
            lines.append(f"{d['pos']} is killed" + (f" ({d['card']})" if d["card"] else
                                                    " face down, unseen"))
        elif e.kind == "trap":
            lines.append(f"Trap! {d['pos']} turns face up: {d['card']}")
        elif e.kind == "freeze":
            lines.append(f"Freeze: {', '.join(d['frozen']) or 'nothing'}")
        elif e.kind == "lane-won":
            lines.append(f"Lane {d['lane']} is won by {who}")
        elif e.kind == "pass":
            lines.append(f"{who} pass" + ("" if d["counts"] else " (a card is frozen)"))
        elif e.kind == "view":
            lines.append(f"View: {who} draw a card" if d["drew"] else "View: the pile is empty")
    return lines


def run(args: argparse.Namespace) -> int:
    console = Console(highlight=False)
    variants = list(getattr(args, "variant", []) or [])
    if "list" in variants:
        for name, text in VARIANTS.items():
            console.print(f"{name:10} {text}", emoji=False)  # not ':SEAT:' as an emoji
        for line in params_help(PARAMS):
            console.print(line)
        return 0
    try:
        options = from_variants(variants)
        bot = make_bot(args.level or "heuristic", args.seed)
    except (OptionError, ValueError) as exc:
        console.print(f"[red]{exc}[/red]")
        return 2
    me = args.seat if args.seat in (0, 1) else 0
    seed = args.seed if args.seed is not None else random.randrange(2**31)
    state = DUEL52.new(options, seed=seed)
    assert isinstance(state, Duel52State)
    console.print(f"Duel 52 ({options.length} game, seed {seed}). You are seat {me}. "
                  "Type 'help' for your legal moves, 'quit' to leave.")
    show(console, state, me)
    while state.outcome() is None:
        seat = state.turn_seat
        if seat != me:
            while state.outcome() is None and state.turn_seat != me:
                move = bot.act(state.observation(state.turn_seat))
                assert isinstance(move, D52Move)
                events = state.play(state.turn_seat, move)
                console.print(f"[magenta]computer:[/magenta] {public_move(move)}")
                for line in describe(events, me):
                    console.print(f"  {line}")
            show(console, state, me)
            continue
        console.print("> ", end="")
        line = sys.stdin.readline()
        if not line:
            console.print("\n(end of input) bye")
            return 0
        text = line.strip()
        if not text:
            continue
        if text.lower() in ("quit", "exit", "q"):
            console.print("bye")
            return 0
        if text.lower() in ("help", "?", "h"):
            moves = [m.text for m in state.legal_moves(me)]
            console.print("Legal moves: " + ", ".join(moves))
            continue
        if text.lower() in ("table", "show"):
            show(console, state, me)
            continue
        try:
            events = state.play(me, text)
        except IllegalMove as exc:
            console.print(f"[red]Not possible:[/red] {exc.reason}")
            continue
        for line_ in describe(events, me):
            console.print(f"  {line_}")
        show(console, state, me)
    outcome = state.result
    assert outcome is not None
    if outcome.winner is None:
        verdict = "a draw"
    else:
        verdict = "you win" if outcome.winner == me else "the computer wins"
    console.print(f"Game over: {verdict} (lanes you {outcome.lanes[me]}, them "
                  f"{outcome.lanes[1 - me]}; {outcome.reason}).")
    console.print(outcome.to_json())
    return 0
