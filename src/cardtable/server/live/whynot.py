"""Why a move would be refused, asked without playing it (the ``why`` message).

A page asks this when a player taps a card, pile or target that no legal move
uses: the answer is the engine's own refusal (its reason and rule), exactly what
sending the move would have said, and nothing is played. It tells a seat no more
than a refused move already tells it, and the no-leak test holds the reasons to
the seat's observation as it holds the observation itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.engine import IllegalMove, State


def refused(text: str, code: str, message: str, rule: str | None,
            parts: Mapping[str, int | str | list[str]] | None = None) -> dict[str, Any]:
    """A refusal as the page reads it: the rule, and the parts its reason names (card,
    pile, lane, seat, ...), for the page to say in its own language and names."""
    answer: dict[str, Any] = {"move": text, "legal": False, "code": code, "message": message}
    if rule is not None:
        answer["rule"] = rule
    if parts:
        answer["parts"] = dict(parts)
    return answer


def judge(state: State, seat: int, texts: Sequence[str]) -> list[dict[str, Any]]:
    """One answer per move text: ``{"move", "legal": true}`` or the rules' refusal.

    Illegal moves change nothing (the engine's contract), so one copy of the state
    serves every question; a move the legal list lacks is judged by playing it on
    that copy, which is then dropped.
    """
    legal = ({m.text for m in state.legal_moves(seat)} if seat in state.to_act()
             else set[str]())
    trial: State | None = None
    answers: list[dict[str, Any]] = []
    for text in texts:
        try:
            move = state.parse_move(seat, text)
            if move.text not in legal:
                trial = trial or state.clone()
                trial.play(seat, move)
                trial = None
        except IllegalMove as exc:
            answers.append(refused(text, "illegal", exc.reason, exc.rule, exc.parts))
            continue
        answers.append({"move": text, "legal": True})
    return answers
