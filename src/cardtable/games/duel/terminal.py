"""``cardtable play duel``: Paternoster Duel against the computer in a terminal.

Moves are typed in record notation (``play 9D up``, ``push 9D down``, ``end``,
Blitz: ``draw``); ``9D up`` alone means ``play 9D up``. ``help`` lists the
legal moves, ``quit`` leaves. Input is read line by line, so a pipe works too.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Iterable

from rich.console import Console

from cardtable.cards import Card, parse_card
from cardtable.engine import Bot, Event, IllegalMove
from cardtable.games.duel.bots import BOT_NAMES, LADDER, make_bot
from cardtable.games.duel.match import DuelMatch
from cardtable.games.duel.rules import DUEL, TEAM_NAMES, DuelObservation, DuelOutcome, DuelState
from cardtable.games.duel.variants import PARAMS, VARIANTS, DuelOptions, from_variants
from cardtable.games.ladder import player_name
from cardtable.rule_params import params_help

ReadLine = Callable[[str], str | None]

REASONS = {
    "out-of-cards": "played every card",
    "stuck": "the other side could not play the cards it had to",
    "fewer-cards": "fewer cards left when nobody could move",
    "draw": "equal cards left when nobody could move",
}


def card_markup(card: Card) -> str:
    colour = "red" if card.is_red else "bold"
    return f"[{colour}]{card.symbol}[/{colour}]"


def pile_markup(pile: Iterable[Card]) -> str:
    cards = list(pile)
    if not cards:
        return "[dim]empty[/dim]"
    shown = " ".join(card_markup(c) for c in cards[-5:])
    more = f"[dim]{len(cards) - 5} more… [/dim]" if len(cards) > 5 else ""
    return f"{more}{shown}  (top {card_markup(cards[-1])})"


class DuelScreen:
    """Draws one seat's observation and tells what happened, in words."""

    def __init__(self, console: Console, human: int, team: bool = False) -> None:
        self.console = console
        self.human = human
        self.team = team

    def seat_name(self, seat: int | None) -> str:
        if seat is None:
            return "nobody"
        if seat == self.human:
            return "you"
        if seat % 2 == self.human % 2:
            return "your partner"
        return f"opponent {seat}" if self.team else "the computer"

    def show(self, obs: DuelObservation) -> None:
        c = self.console
        me = self.human % 2
        c.rule(f"Paternoster Duel — turn {obs.turns}")
        for team in (1 - me, me):
            who = "You" if team == me else "Opponent"
            counts = ", ".join(
                f"{self.seat_name(s)} {obs.hand_counts[s]} in hand"
                for s in range(team, len(obs.hand_counts), 2)
            )
            c.print(f"[b]{who}[/b] ({TEAM_NAMES[team]}): {counts}; draw pile "
                    f"{obs.draw_counts[team]}")
            up, down = obs.piles[team]
            c.print(f"   up pile   ▲ {pile_markup(up)}")
            c.print(f"   down pile ▼ {pile_markup(down)}")
        hand = "  ".join(card_markup(card) for card in obs.hand)
        c.print(f"[b]Your hand[/b] (low → high): {hand}")
        c.print(self.status(obs))

    def status(self, obs: DuelObservation) -> str:
        seat = self.human
        if obs.outcome is not None:
            return ""
        if obs.options.blitz:
            return "Blitz: play, push or draw whenever you like."
        if obs.turn_seat != seat:
            return f"Waiting for {self.seat_name(obs.turn_seat)}."
        owed = obs.required - obs.played
        parts = [f"You must still play {owed} card{'s' if owed != 1 else ''}."
                 if owed > 0 else "You may end your turn ('end') or play more."]
        facts = obs.facts()
        if facts.push_allowed is None:
            parts.append("Push used." if facts.pushed else "You may push once.")
        if facts.step_back_used:
            parts.append("Step back used.")
        return " ".join(parts)

    def tell(self, events: Iterable[Event]) -> None:
        for event in events:
            line = self.describe(event)
            if line:
                self.console.print(line)

    def describe(self, event: Event) -> str:
        who = self.seat_name(event.seat)
        data = event.data
        if event.kind in ("play", "push"):
            owner = data["owner"]
            whose = "your" if owner == self.human % 2 else "their"
            if event.seat != self.human and owner != self.human % 2:
                whose = "their own"
            verb = "plays" if event.kind == "play" else "pushes"
            if event.seat == self.human:
                verb = verb[:-1]
            card = parse_card(str(data["card"])).symbol
            return f"  {who.capitalize()} {verb} {card} onto {whose} {data['pile']} pile."
        if event.kind == "end":
            return f"  {who.capitalize()} ended the turn and drew {data['drew']}."
        if event.kind == "draw":
            return f"  {who.capitalize()} drew {data['count']}."
        return ""

    def result(self, outcome: DuelOutcome) -> None:
        if outcome.winner is None:
            self.console.print(f"[b]Draw[/b]: {REASONS[outcome.reason]}.")
            return
        mine = outcome.winner == self.human % 2
        head = "[green b]You win![/green b]" if mine else "[red b]You lose.[/red b]"
        why = REASONS[outcome.reason]
        if outcome.reason == "out-of-cards":
            why = ("your side " if mine else "the other side ") + why
        elif outcome.reason == "stuck" and not mine:
            why = "you could not play the cards you had to"
        self.console.print(f"{head} ({why})")


def read_stdin(prompt: str) -> str | None:
    try:
        return input(prompt)
    except EOFError:
        return None


def play_game(
    state: DuelState,
    human: int,
    bots: dict[int, Bot],
    screen: DuelScreen,
    read: ReadLine,
) -> DuelOutcome | None:
    """Play one game to its end; ``None`` when the player quits."""
    shown = False  # the board comes first, also when the player starts
    while state.outcome() is None:
        to_act = state.to_act()
        if human not in to_act:
            seat = to_act[0] if len(to_act) == 1 else next(s for s in to_act if s != human)
            screen.tell(state.play(seat, bots[seat].act(state.observation(seat))))
            shown = False
            continue
        obs = state.observation(human)
        if not shown:
            screen.show(obs)
            shown = True
        line = read("your move> ")
        if line is None or line.strip().lower() in ("quit", "exit", "q"):
            return None
        text = line.strip()
        if not text:
            continue
        if text.lower() in ("help", "?"):
            moves = ", ".join(m.text for m in state.legal_moves(human))
            screen.console.print(f"Legal moves: {moves}")
            continue
        if text.lower() in ("show", "board"):
            screen.show(obs)
            continue
        if text.split()[0].lower() not in ("play", "push", "end", "draw"):
            text = "play " + text
        try:
            screen.tell(state.play(human, text))
        except IllegalMove as exc:
            screen.console.print(f"[yellow]Not allowed:[/yellow] {exc.reason}")
            continue
        shown = False
        if state.opts.blitz:
            others = [s for s in state.to_act() if s != human]
            if others:
                seat = others[0]
                screen.tell(state.play(seat, bots[seat].act(state.observation(seat))))
    outcome = state.outcome()
    assert outcome is not None
    screen.show(state.observation(human))
    screen.result(outcome)
    return outcome


def run(args: argparse.Namespace, read: ReadLine = read_stdin,
        console: Console | None = None) -> int:
    console = console or Console(highlight=False)
    if "list" in args.variant:
        for name, text in VARIANTS.items():
            console.print(f"  {name:24s} {text}")
        for line in params_help(PARAMS):
            console.print(line)
        return 0
    options: DuelOptions = from_variants(args.variant)
    human = args.seat
    if not 0 <= human < options.seats:
        console.print(f"There is no seat {human}: this game has seats 0 to {options.seats - 1}.")
        return 2
    rng = random.Random(args.seed)
    player = player_name(LADDER, args.level or "club")
    if player not in BOT_NAMES:
        console.print(f"There is no computer player '{args.level}': choose a level "
                      f"({', '.join(level.name for level in LADDER)}) or one of "
                      f"{', '.join(BOT_NAMES)}.")
        return 2
    bots = {s: make_bot(player, rng.randrange(2**32)) for s in range(options.seats)
            if s != human}
    screen = DuelScreen(console, human, options.team)
    console.print("Paternoster Duel: type 'help' for your legal moves, 'quit' to leave.")
    if not args.match:
        state = DUEL.new(options, rng=rng)
        return 0 if play_game(state, human, bots, screen, read) is not None else 1
    match = DuelMatch(options, rng)
    while match.winner is None:
        outcome = play_game(match.new_game(), human, bots, screen, read)
        if outcome is None:
            return 1
        match.add_result(outcome)
        console.print(f"Match: red {match.wins[0]} – black {match.wins[1]}")
    mine = match.winner == human % 2
    console.print("[green b]You won the match![/green b]" if mine else
                  "[red b]The computer won the match.[/red b]")
    return 0


