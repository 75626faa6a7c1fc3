"""``cardtable play matebeta [--games 2|4] [--level beginner|club|expert]``.

A match against the computer in the terminal. Both hands are shown (sorted
♣ ♦ ♠ ♥, low to high), each player's played cards lie in a row in front of
them, and the table is printed after every change. Type a move
(``foreplace QC``, ``keep``, ``lead AS``, ``answer 10H``) or just a card
(``AS``: lead, answer or foreplace, whatever the moment asks), ``help`` for
the legal moves, ``hint`` for the solver's best moves, ``quit`` to leave.
Forced cards are played for you after a short pause (no pause when stdin is
not a terminal). After each game the score is explained; after the match the
totals decide, and you may play again with the other dealer first. After each game
the terminal offers its exact review (as ``cardtable analyze`` prints it).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import TextIO

from rich.console import Console
from rich.text import Text

from cardtable.cards import Card, CardError, Suit, parse_card
from cardtable.engine import IllegalMove, OptionError
from cardtable.games.ladder import find_level
from cardtable.games.matebeta.analysis import review
from cardtable.games.matebeta.bots import LADDER, LEVELS, make_bot
from cardtable.games.matebeta.match import MATCH_LENGTHS, Match
from cardtable.games.matebeta.review_text import render
from cardtable.games.matebeta.rules import (
    FOREPLACE,
    KEEP,
    MATEBETA,
    PHASE_ANSWER,
    PHASE_FOREPLACE,
    MateBetaMove,
    MateBetaObservation,
    MateBetaOutcome,
    MateBetaState,
    card_value,
    parse_move,
)
from cardtable.games.matebeta.solver import Solver
from cardtable.games.matebeta.variants import PARAMS, MateBetaOptions, from_variants
from cardtable.rule_params import params_help

PAUSE = 0.8
"""Seconds before a forced card plays itself (only when stdin is a terminal)."""
SUIT_STYLE = {Suit.HEARTS: "red", Suit.DIAMONDS: "red", Suit.SPADES: "", Suit.CLUBS: ""}


class Quit(Exception):
    """The player typed quit or the input ended."""


def card_text(card: Card) -> Text:
    return Text(card.symbol, style=SUIT_STYLE[card.suit])


def cards_text(cards: tuple[Card, ...] | list[Card]) -> Text:
    text = Text()
    for i, card in enumerate(cards):
        if i:
            text.append(" ")
        text.append_text(card_text(card))
    return text if cards else Text("—", style="dim")


class TerminalGame:
    """One terminal session: reads ``stdin``, writes to ``console``."""

    def __init__(self, args: argparse.Namespace, stdin: TextIO, console: Console) -> None:
        self.stdin = stdin
        self.console = console
        self.seat = args.seat
        self.level = args.level or "club"
        self.options = getattr(args, "options", None) or MateBetaOptions()
        self.games = args.games or 2
        self.seed = args.seed if args.seed is not None else random.randrange(2**31)
        self.rng = random.Random(self.seed)
        self.pause = PAUSE if stdin.isatty() else 0.0
        self.bot = make_bot(self.level, self.rng.randrange(2**31))
        self.solver = Solver()
        self.names = {self.seat: "You", 1 - self.seat: f"Computer ({self.level})"}

    # --- input ---
    def read(self, prompt: str) -> str:
        self.console.print(prompt, end="", markup=False)  # "[y/N]" is no markup
        line = self.stdin.readline()
        if not line:
            self.console.print()
            raise Quit
        if not self.stdin.isatty():
            self.console.print(line.rstrip())
        text = line.strip()
        if text.lower() in ("quit", "exit", "q"):
            raise Quit
        return text

    # --- the match ---
    def run(self) -> int:
        match = Match.start(self.games, self.rng)
        try:
            while True:
                self.play_match(match)
                answer = self.read("Play again (the other player deals first)? [y/N] ")
                if answer.lower() not in ("y", "yes"):
                    break
                match = match.play_again(self.rng)
        except Quit:
            self.console.print("Bye.")
        return 0

    def play_match(self, match: Match) -> None:
        self.console.rule(f"MateBeta: a match of {match.games} games, you are seat {self.seat}, "
                          f"against the {self.level} computer")
        while (index := match.next_game) is not None:
            state = MATEBETA.new(self.options, deal=match.deal(index))
            assert isinstance(state, MateBetaState)
            verb = "deal" if state.dealer == self.seat else "deals"
            self.console.rule(f"Game {index + 1} of {match.games}: "
                              f"{self.names[state.dealer]} {verb}")
            outcome = self.play_game(state)
            match.add(outcome)
            self.explain(outcome, state)
            self.offer_review(state)
            t = match.totals
            self.console.print(f"Match score: {self.names[0]} {t[0]}, {self.names[1]} {t[1]} "
                               f"after {len(match.results)} of {match.games} games.")
        t = match.totals
        winner = match.winner()
        if winner is None:
            self.console.print(Text(f"The match is drawn, {t[0]} to {t[1]}.", style="bold"))
        elif winner == self.seat:
            self.console.print(Text(f"You win the match, {t[self.seat]} to {t[1 - self.seat]}.",
                                    style="bold green"))
        else:
            self.console.print(Text(f"The computer wins the match, {t[1 - self.seat]} to "
                                    f"{t[self.seat]}.", style="bold red"))

    def offer_review(self, state: MateBetaState) -> None:
        """After a game: the exact review of it, move by move, if the player wants it."""
        answer = self.read("Review this game (where it was won or lost)? [y/N] ")
        if answer.lower() in ("y", "yes"):
            names = {self.seat: "You", 1 - self.seat: "Computer"}
            self.console.print(render(review(state.record(), self.solver), names))

    def play_game(self, state: MateBetaState) -> MateBetaOutcome:
        self.show(state)
        while (outcome := state.outcome()) is None:
            actor = state.to_act()[0]
            obs = state.observation(actor)
            move = self.ask(state, obs) if actor == self.seat else self.bot.act(obs)
            assert isinstance(move, MateBetaMove)
            events = state.play(actor, move)
            self.console.print(self.describe(actor, move, events_text=[e.kind for e in events]))
            self.show(state)
        return outcome

    def ask(self, state: MateBetaState, obs: MateBetaObservation) -> MateBetaMove:
        forced = obs.forced()
        if forced is not None:
            why = "your only answer" if obs.phase == PHASE_ANSWER else "your last card"
            assert forced.card is not None
            self.console.print(f"{forced.kind} {forced.card.symbol}: {why}, played for you.")
            if self.pause:
                time.sleep(self.pause)
            return forced
        while True:
            what = {PHASE_FOREPLACE: "foreplace a card or keep", PHASE_ANSWER: "answer"}.get(
                obs.phase, f"lead move {obs.move}")
            text = self.read(f"Your move ({what}; help, hint, quit): ")
            if not text:
                continue
            lower = text.lower()
            if lower in ("help", "?", "moves"):
                self.console.print("Legal moves: " + ", ".join(m.text for m in obs.legal_moves()))
                continue
            if lower == "hint":
                analysis = self.solver.analyse(obs)
                you = analysis.value if self.seat == 0 else -analysis.value
                self.console.print(f"Best: {', '.join(m.text for m in analysis.best)} "
                                   f"(perfect play from here: {you:+d} for you)")
                continue
            try:
                move = self.interpret(text, obs)
                if move not in obs.legal_moves():
                    probe = state.clone()
                    probe.play(self.seat, move)  # raises with the reason
                return move
            except IllegalMove as exc:
                self.console.print(Text(f"Not allowed: {exc.reason}", style="yellow"))

    def interpret(self, text: str, obs: MateBetaObservation) -> MateBetaMove:
        """A move, or a bare card meaning the move the moment asks for."""
        words = text.split()
        if len(words) == 1 and words[0].lower() != KEEP:
            try:
                parse_card(words[0])
            except CardError:
                pass
            else:
                kind = {PHASE_FOREPLACE: FOREPLACE, PHASE_ANSWER: "answer"}.get(obs.phase, "lead")
                return parse_move(f"{kind} {words[0]}")
        if len(words) == 2 and words[0].lower() == "fp":
            return parse_move(f"{FOREPLACE} {words[1]}")
        return parse_move(text)

    # --- output ---
    def describe(self, seat: int, move: MateBetaMove, events_text: list[str]) -> Text:
        text = Text(f"{self.names[seat]}: ")
        if move.card is None:
            text.append("keep all ten")
        else:
            text.append(f"{move.kind} ")
            text.append_text(card_text(move.card))
        if "mate" in events_text:
            text.append("  — mate!", style="bold")
        elif "overmate" in events_text:
            text.append("  — overmate!", style="bold")
        return text

    def show(self, state: MateBetaState) -> None:
        obs = state.observation(self.seat)
        console = self.console
        head = Text()
        if obs.phase == PHASE_FOREPLACE:
            head.append("Foreplacing: ")
        elif obs.outcome is None:
            head.append(f"Move {obs.move}: ")
        for seat in (1 - self.seat, self.seat):
            line = Text(f"  {self.names[seat]:<20}")
            line.append_text(cards_text(obs.hands[seat]))
            fp = obs.foreplaced[seat]
            if fp is not None:
                line.append("   foreplaced ")
                line.append_text(card_text(fp))
            elif obs.decided[seat]:
                line.append("   kept all ten", style="dim")
            console.print(line)
            row = [t.lead if t.leader == seat else t.answer for t in obs.tricks]
            played = [c for c in row if c is not None]
            if played:
                console.print(Text("  " + " " * 20 + "played: ").append_text(cards_text(played)))
        if obs.lead is not None:
            lead = Text(f"  {self.names[obs.leader]} led ")
            lead.append_text(card_text(obs.lead))
            console.print(lead)
        if obs.outcome is None:
            actor = obs.to_act()
            assert actor is not None
            head.append(f"{self.names[actor]} to {self.doing(obs)}.")
            console.print(head)

    @staticmethod
    def doing(obs: MateBetaObservation) -> str:
        if obs.phase == PHASE_FOREPLACE:
            return "decide on foreplacing"
        return "answer" if obs.phase == PHASE_ANSWER else "lead"

    def explain(self, outcome: MateBetaOutcome, state: MateBetaState) -> None:
        """The score of the game, worked out: value × move, bonus, overmate."""
        if outcome.end == "draw":
            self.console.print(Text(f"Move {outcome.move}, the last move, was answered: a draw, "
                                    "no points.", style="bold"))
            return
        card, mater = outcome.card, outcome.mater
        assert card is not None and mater is not None
        value = card_value(card, state.opts.values)
        points = outcome.points[mater]
        who = self.names[mater]
        name = card.display()
        fps = [s for s in (0, 1) if state.foreplaced[s] is not None]
        if outcome.end == "overmate":
            why = (f"overmate: {name} on move 10 cannot be answered, {value} × 22 "
                   f"(10 + 1, doubled) = {points}")
        elif outcome.move == 10 and len(fps) == 1:
            why = (f"mate on move 10 against the foreplacer's card: {name}, {value} × 10 = "
                   f"{points} (no bonus, no doubling)")
        elif mater in fps:
            why = (f"mate with {name} on move {outcome.move}, with the foreplacing bonus: "
                   f"{value} × ({outcome.move} + 1) = {points}")
        else:
            why = f"mate with {name} on move {outcome.move}: {value} × {outcome.move} = {points}"
        style = "bold green" if mater == self.seat else "bold red"
        self.console.print(Text(f"{who} score{'s' if mater != self.seat else ''} {points}: {why}.",
                                style=style))


def run(args: argparse.Namespace) -> int:
    """The terminal front end (see the module doc)."""
    console = Console(highlight=False)
    games = args.games if args.games is not None else 2
    if games not in MATCH_LENGTHS:
        console.print(f"A MateBeta match is 2 or 4 games, not {games}.")
        return 2
    found = find_level(LADDER, args.level or "club")
    if found is None:
        console.print(f"Unknown level '{args.level}': choose {', '.join(LEVELS)}.")
        return 2
    level = found.name
    if args.seat not in (0, 1):
        console.print("MateBeta has seats 0 and 1.")
        return 2
    variants = list(getattr(args, "variant", None) or [])
    if "list" in variants:
        console.print("MateBeta has no named variants.")
        for line in params_help(PARAMS):
            console.print(line)
        return 0
    try:
        args.options = from_variants(variants)
    except OptionError as exc:
        console.print(f"[red]{exc}[/red]")
        return 2
    args.games, args.level = games, level
    return TerminalGame(args, sys.stdin, console).run()
