"""Reasons in the player's words: every refusal rule of every game, as the page writes it in
English and in German, names seats as the seat bar does, piles and lanes by their labels
and cards by their names, never an internal code ("L1.1.0", "seat 0", "up1", "7H"); the
German names the same things as the English."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from harness import Server
from webplay import DESKTOP, new_page

import cardtable
from cardtable.engine import State
from cardtable.games.registry import find_game, game_ids
from cardtable.server.live.whynot import judge
from cardtable.testing import refusal_rules

OPTIONS: dict[str, list[dict[str, Any]]] = {
    "duel": [{}, {"team": True}, {"blitz": True}, {"friendly": True}],
    "paternoster": [{}, {"players": 3, "tokens": 2}],
    "duel52": [{}], "matebeta": [{}]}
LEVEL = {"duel": "club", "duel52": "club", "matebeta": "club", "paternoster": "planner"}
"""A computer level of each game, for seat 2."""


def names(game_id: str) -> list[str]:
    """The seats' names as the server gives them; the page names them as its seat bar does
    ("Player 1", "Club player")."""
    return ["Player 1", f"Computer ({LEVEL[game_id]})", "Player 3", "Player 4"]

INTERNAL = re.compile(r"\bL\d\.\d\.\d\b|\b[Ss]eat \d|\bPlatz \d|\b(?:up|down)[123]\b"
                      r"|(?<![\w-])(?:10|[2-9AJQK])[DHSC]\b|\{[a-z_]+\}|Computer \(")
"""What a player must never read: table places, seats counted from 0, pile ids, cards in
the notation, unfilled placeholders, a computer seat's raw name."""


def rules_of(game_id: str) -> set[str]:
    """Every rule id a game's code can refuse a move with."""
    return refusal_rules(Path(cardtable.__file__).parent / "games" / game_id)


def refusals(game_id: str) -> list[dict[str, Any]]:
    """Real refusals of random games, one for each rule and case met: the answer with its
    parts, and the refused seat's observation to name things by."""
    found: dict[tuple[str, str], dict[str, Any]] = {}
    for options in OPTIONS[game_id]:
        for seed in (1, 2, 3):
            rng = random.Random(seed)
            state: State = find_game(game_id).new(options, seed=seed)
            history: list[State] = []
            texts: set[str] = set()
            while not state.is_over() and len(history) < 150:
                history.append(state.clone())
                for seat in state.to_act():
                    texts.update(m.text for m in state.legal_moves(seat))
                seat = rng.choice(state.to_act())
                state.play(seat, rng.choice(state.legal_moves(seat)))
            history.append(state)
            for position in history[::3]:
                seats = len(position.observation(None).to_json().get("hand_counts", [0, 0]))
                for seat in range(seats):
                    for answer in judge(position, seat, sorted(texts)):
                        if answer["legal"]:
                            continue
                        key = (answer["rule"], str(answer.get("parts", {}).get("cause", "")))
                        found.setdefault(key, {**answer, "seat": seat,
                                               "obs": position.observation(seat).to_json()})
    return list(found.values())


WRITE = """async ([game, items, names]) => {
  const v = document.querySelector('script[src*="site.js"]').src.split('?')[1];
  const { reasonText } = await import(`/static/js/reasons.js?${v}`);
  const { boardContext, seatNames } = await import(`/static/js/board.js?${v}`);
  const module = await import(`/static/js/games/${game}.js?${v}`);
  return items.map((a) => {
    const shown = seatNames(names.map((name) => ({ name })), game);
    const ctx = boardContext({ game, obs: a.obs, names: shown, seat: a.seat });
    return reasonText(a, ctx, module, game);
  });
}"""
"""The page's own modules write each reason, as the table does."""


@pytest.mark.parametrize("game_id", game_ids())
def test_every_refusal_in_the_players_words(browser: Any, server: Server, game_id: str,
                                            artifacts: Path) -> None:
    met = refusals(game_id)
    # every rule of the game: the ones met with their parts, the rest as bare rules
    bare = [{"code": "illegal", "rule": r, "seat": 0, "obs": met[0]["obs"]}
            for r in sorted(rules_of(game_id) - {a["rule"] for a in met})]
    items = [{k: a[k] for k in ("code", "rule", "parts", "seat", "obs") if k in a}
             for a in met + bare]
    written: dict[str, list[str | None]] = {}
    for lang in ("en", "de"):
        page = new_page(browser, DESKTOP)
        page.goto(f"{server.url}/replay?lang={lang}")
        page.wait_for_load_state("load")
        written[lang] = page.evaluate(WRITE, [game_id, items, names(game_id)])
        assert page.errors == []
        page.context.close()
    (artifacts / f"reasons-{game_id}.json").write_text(json.dumps(
        [{"rule": a["rule"], "parts": a.get("parts"), "en": en, "de": de}
         for a, en, de in zip(items, written["en"], written["de"], strict=True)],
        ensure_ascii=False, indent=1))
    for a, en, de in zip(items, written["en"], written["de"], strict=True):
        for text in (en, de):
            assert text, (a["rule"], a.get("parts"), "no sentence")
            assert not INTERNAL.search(text), (a["rule"], text)
        # the German names what the English names: the same cards, numbers and seats
        same = re.compile(r"[♦♥♠♣]|\d+|Player \d|Spieler \d")
        assert len(same.findall(en)) == len(same.findall(de)), (en, de)
    assert len(met) >= {"duel": 12, "paternoster": 6, "duel52": 8, "matebeta": 6}[game_id], \
        sorted({a["rule"] for a in met})
