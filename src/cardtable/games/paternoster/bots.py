"""Computer team members for Paternoster.

:class:`SimpleTeamBot` is the rule text's "simple computer player": small steps,
twins first, step backs whenever it has one, only the required cards unless an
extra card is a very small step. It respects the signals it sees (it keeps off
piles another seat asked to leave alone) and says "I can help this pile" when
it holds a step back (:meth:`SimpleTeamBot.signals`). It reads nothing but its
observation; ties are broken by its own seeded generator, so a seed fixes its
play. :func:`play_team` runs a table of bots, signals included.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from cardtable.cards import Card
from cardtable.engine import Bot, Observation
from cardtable.games.ladder import Level, Maker
from cardtable.games.package import Players
from cardtable.games.paternoster import selfplay
from cardtable.games.paternoster.endgame import Memo, solve_endgame
from cardtable.games.paternoster.fit import LONG, NO_FIT, NORMAL, STEP, fit_kind
from cardtable.games.paternoster.planner import Plan, plan_turn
from cardtable.games.paternoster.rules import (
    BLACK_JACKS,
    BLACK_KINGS,
    BLACK_QUEENS,
    BURNING,
    END,
    GIVE,
    PLAY,
    RED_JACKS,
    RED_KINGS,
    RED_QUEENS,
    TIMEOUT,
    TOKEN_END,
    PaternosterMove,
    PaternosterObservation,
    SeatFacts,
    check,
    check_play,
    pile_ids,
    satisfied,
)
from cardtable.games.paternoster.talk import talk
from cardtable.translatable import N_

SMALL_STEP = 1
"""An extra card (beyond the required ones) is played only this close on the ladder."""
HASTY_STEP = 4
"""The hasty player's reach for extra cards (a rank: it empties its hand too fast)."""
TOKEN_COST = 6
"""What spending an emergency token on a long step back is worth in ladder steps."""
TOKEN_END_AT = 16
"""A second card this far away is worse than handing in a token to end the turn."""
GIVE_AT = 9
"""A card this far away is worse than passing a card on instead (Passing on)."""
KEEP_OFF = 10
"""Penalty for a pile another seat asked to leave alone."""
COVER_FIRST = -100
"""Bonus for covering a burning card or a red King the seat must cover."""
MEMO_LIMIT = 100_000
"""Endgame positions a planner keeps between its turns (a few tens of megabytes)."""


def open_cost(card: Card, up: bool) -> int:
    """Starting an empty pile: an up pile is best opened low, a down pile high."""
    return card + 1 if up else 52 - card


def _can_cover(card: Card, pile: int, hand: Sequence[Card], reach: int) -> bool:
    """Whether another card of the hand (not a red King itself) would fit on ``card``
    once it lies on ``pile``."""
    rest = list(hand)
    rest.remove(card)
    return any(fit_kind(c, card, pile < 3, reach) == NORMAL and c not in RED_KINGS
               for c in rest)


class SimpleTeamBot(Bot):
    """Deterministic for a seed."""

    def __init__(self, seed: int | None = 0, talks: bool = True,
                 extra: int = SMALL_STEP) -> None:
        self.rng = random.Random(seed)
        self.talks = talks
        self.extra = extra
        """An extra card is played when it is at most this many ladder steps away."""

    def self_player(self) -> selfplay.Player | None:
        """This player for the simulation path (:mod:`.selfplay`): the same choices from
        the same generator; ``None`` for a subclass or another reach for extra cards,
        which may choose otherwise."""
        if type(self) is not SimpleTeamBot or self.extra != SMALL_STEP:
            return None
        return selfplay.Player(self.rng, self.talks)

    # --- signals ---
    def signals(self, observation: PaternosterObservation) -> dict[int, str]:
        """The signals this seat wants now: "help" on every pile it holds a step back for
        (none at all when it does not talk)."""
        obs = observation
        if not self.talks or obs.seat is None or obs.outcome is not None:
            return {}
        tops = obs.tops
        lock = obs.options.command_cards
        wanted: dict[int, str] = {}
        piles = pile_ids(obs.options)
        for card in set(obs.hand):
            for pile in piles:
                top = tops[pile]
                if top is None or (lock and top in BLACK_QUEENS):
                    continue
                if fit_kind(card, top, pile < 3, obs.options.step_reach) == STEP:
                    wanted[pile] = "help"
        return wanted

    # --- moves ---
    def act(self, observation: Observation) -> PaternosterMove:
        assert isinstance(observation, PaternosterObservation)
        obs = observation
        f = obs.facts()
        done = satisfied(f)
        duties = obs.must_cover()
        best = self._best_plays(obs, f, duties, done)
        if best is not None:
            cost, move = best
            if not done:
                # ending the turn early would leave a pile this seat must cover uncovered
                rescue = None if duties else self._rescue(obs, f, cost)
                return rescue if rescue is not None else move
            if cost <= self.extra:
                return move
        if done:
            return END
        rescue = self._rescue(obs, f, None)
        if rescue is not None:
            return rescue
        legal = [m for m in obs.legal_moves() if m is not TIMEOUT]
        return legal[0] if legal else TIMEOUT

    def _rescue(self, obs: PaternosterObservation, f: SeatFacts,
                cost: int | None) -> PaternosterMove | None:
        """Instead of a far card (or none): pass one on, or hand in a token."""
        far = cost is None or cost >= GIVE_AT
        if far and f.passing_on and not f.gave and f.played >= 1 and len(f.hand) > 0:
            give = self._give(obs, f)
            if give is not None and f.played + 1 >= f.required:
                return give
        if (cost is None or cost >= TOKEN_END_AT) and check(TOKEN_END, f) is None:
            return TOKEN_END
        return None

    def _give(self, obs: PaternosterObservation, f: SeatFacts) -> PaternosterMove | None:
        """The card that fits worst, to the next seat that still has cards."""
        tops = f.tops
        worst_cost, worst = -1, None
        for card in sorted(set(f.hand)):
            cost = min(self._plain_cost(card, tops[p], p < 3, obs) for p in f.piles)
            if cost > worst_cost:
                worst_cost, worst = cost, card
        if worst is None:
            return None
        players = f.players
        for step in range(1, players):
            target = (f.seat + step) % players
            if obs.hand_counts[target] > 0:
                return GIVE[worst][target]
        return GIVE[worst][(f.seat + 1) % players]

    @staticmethod
    def _plain_cost(card: Card, top: Card | None, up: bool, obs: PaternosterObservation) -> int:
        if top is None:
            return open_cost(card, up)
        kind = fit_kind(card, top, up, obs.options.step_reach)
        if kind == NO_FIT:
            return 1000
        return card - top if up else top - card

    def _best_plays(self, obs: PaternosterObservation, f: SeatFacts,
                    duties: tuple[int, ...], done: bool) -> tuple[int, PaternosterMove] | None:
        opts = obs.options
        tops = f.tops
        seat = f.seat
        keep_off: set[int] = set()
        no_jump: set[int] = set()
        wanted: set[int] = set()
        for other, pile, said in obs.signals:
            if other == seat:
                continue
            if said in ("help", "dont-play"):
                keep_off.add(pile)
            elif said == "no-big-jump":
                no_jump.add(pile)
            else:
                wanted.add(pile)
        passengers = obs.passengers
        next_passenger = passengers[obs.delivered] if obs.delivered < len(passengers) else None
        later = set(passengers[obs.delivered + 1:])
        commands = opts.command_cards
        kings = opts.command_kings
        last_cards = obs.draw_count == 0 and sum(obs.hand_counts) == 1
        still_owed = f.required - f.played - f.gave
        best_cost = 1 << 30
        best: list[PaternosterMove] = []
        for card in set(f.hand):
            if card in later:
                continue
            for pile in f.piles:
                if check_play(f, card, pile) is not None:
                    continue
                top = tops[pile]
                up = pile < 3
                if top is None:
                    cost = open_cost(card, up)
                else:
                    cost = card - top if up else top - card
                    kind = fit_kind(card, top, up, opts.step_reach)
                    if kind == LONG:
                        if obs.tokens < 2 and pile not in duties:
                            continue  # keep the last token, unless a fire is to be put out
                        cost += TOKEN_COST
                    elif kind == STEP:
                        cost = min(cost, -4)
                if pile in keep_off and card != top:
                    cost += KEEP_OFF
                if pile in no_jump and cost > 4:
                    cost += 10
                if pile in wanted:
                    cost += 3
                if card == next_passenger:
                    cost -= 3
                if opts.fire and card in BURNING and not last_cards:
                    cost += 2
                if commands:
                    if card in RED_JACKS:
                        if any(d != pile for d in duties):
                            continue
                        if still_owed > 1:
                            cost -= 4
                    elif card in RED_QUEENS:
                        cost += 3
                    elif card in BLACK_QUEENS or card in BLACK_JACKS:
                        cost += 1
                    elif kings and card in RED_KINGS and not last_cards:
                        if not _can_cover(card, pile, f.hand, opts.step_reach):
                            continue
                        cost += 6
                    elif kings and card in BLACK_KINGS:
                        cost += 2
                if pile in duties:
                    cost += COVER_FIRST
                if cost < best_cost:
                    best_cost, best = cost, [PLAY[card][pile]]
                elif cost == best_cost:
                    best.append(PLAY[card][pile])
        if not best:
            return None
        if best_cost < COVER_FIRST // 2:
            best_cost -= COVER_FIRST
            if done:
                best_cost = min(best_cost, self.extra)
        return best_cost, self._pick(best)

    def _pick(self, moves: list[PaternosterMove]) -> PaternosterMove:
        if len(moves) == 1:
            return moves[0]
        moves.sort(key=lambda m: m.text)
        return moves[self.rng.randrange(len(moves))]


class PlannerTeamBot(Bot):
    """Plans its whole turn (:mod:`~cardtable.games.paternoster.planner`), counts cards,
    and talks: every signal kind the variant allows, each taken back at the next turn
    once it is no longer true; silent where the rules say so. Deterministic: it reads
    only its observation (the seed is kept for the common interface)."""

    def __init__(self, seed: int | None = 0) -> None:
        self.seed = seed
        self._cached: tuple[PaternosterObservation, Plan] | None = None
        self._memo: tuple[object, Memo] = ((), {})
        """The endgame positions judged in this game (their rules and passengers first)."""

    def _plan(self, obs: PaternosterObservation) -> Plan:
        # the plan reads partners' signals, never the seat's own: the simulator syncs
        # those between asking for signals and asking for the plan
        obs = replace(obs, signals=tuple(s for s in obs.signals if s[0] != obs.seat))
        cached = self._cached
        if cached is not None and cached[0] == obs:
            return cached[1]
        end = solve_endgame(obs, memo=self._endgame_memo(obs))
        found = Plan(end.moves, -end.played, True) if end is not None else plan_turn(obs)
        self._cached = (obs, found)
        return found

    def _endgame_memo(self, obs: PaternosterObservation) -> Memo:
        """The judged positions of this game; a new game, or too many, start afresh."""
        game, memo = self._memo
        if game != (obs.options, obs.passengers) or len(memo) > MEMO_LIMIT:
            memo = {}
            self._memo = ((obs.options, obs.passengers), memo)
        return memo

    def plan(self, observation: Observation) -> list[PaternosterMove]:
        """The rest of this turn, to the move that ends it."""
        assert isinstance(observation, PaternosterObservation)
        moves = list(self._plan(observation).moves)
        return moves if moves else [self.act(observation)]

    def act(self, observation: Observation) -> PaternosterMove:
        assert isinstance(observation, PaternosterObservation)
        moves = self._plan(observation).moves
        if moves:
            return moves[0]
        legal = observation.legal_moves()
        return legal[0] if legal else TIMEOUT

    def signals(self, observation: PaternosterObservation) -> dict[int, str]:
        """What this seat says about each pile, about the position its partners will play
        in: after its own planned turn when it is to act."""
        obs = observation
        if obs.seat is None or obs.outcome is not None or obs.may_signal() is not None:
            return {}
        tops: list[Card | None] = list(obs.tops)
        hand = list(obs.hand)
        if obs.seat == obs.turn_seat:
            for move in self._plan(obs).moves:
                if move.kind == "play" and move.card is not None:
                    tops[move.pile] = move.card
                    hand.remove(move.card)
                elif move.kind == "give" and move.card is not None:
                    hand.remove(move.card)
        return talk(obs, tops, hand)


class RandomTeamBot(Bot):
    """Any legal move but ``timeout``, at random; never signals."""

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, observation: Observation) -> PaternosterMove:
        moves = [m for m in observation.legal_moves() if m != TIMEOUT]
        assert isinstance(moves[0], PaternosterMove)
        return moves[self.rng.randrange(len(moves))]  # type: ignore[return-value]

    def signals(self, observation: PaternosterObservation) -> dict[int, str]:
        return {}


BOT_NAMES = {
    "simple": "small steps, twins first, step backs, signals its step backs",
    "simple-silent": "the simple player, never talking (the rule text's difficulty table)",
    "hasty": "the silent simple player, playing extra cards up to a rank away",
    "planner": "plans whole turns, counts cards, uses every signal",
    "random": "a random legal move, never signals",
}
LADDER = (
    Level("novice", N_("Novice"),
          N_("lays down extra cards too eagerly and never says a word"),
          player="hasty"),
    Level("regular", N_("Regular"),
          N_("plays card by card and says where it can help"),
          player="simple"),
    Level("planner", N_("Planner"),
          N_("plans whole turns, counts the cards still out and talks about every pile")),
)
"""Paternoster's partners for players, weakest first (``cardtable tournament
paternoster``: on the same deals each leaves fewer cards than the one below)."""
PARTNER = "planner"
"""The computer partner the site seats unless a table asks for another."""

MAKERS: dict[str, Maker] = {
    "simple": SimpleTeamBot,
    "simple-silent": lambda seed: SimpleTeamBot(seed, talks=False),
    "hasty": lambda seed: SimpleTeamBot(seed, talks=False, extra=HASTY_STEP),
    "planner": PlannerTeamBot,
    "random": RandomTeamBot,
}
"""Each of :data:`BOT_NAMES` made from a seed."""
PLAYERS = Players(MAKERS, BOT_NAMES, LADDER, partner=PARTNER, title="Paternoster")
"""Paternoster's computer players, for its package."""


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A computer team member by name (see :data:`BOT_NAMES`) or by its level's name
    (:data:`LADDER`)."""
    return PLAYERS.make(name, seed)
