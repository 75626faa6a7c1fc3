"""A table's messages on the wire, encoded once and sent to every connection.

Every move goes through here (observations, events, the ``move`` event's public text), so
the common shapes take a fast path past :func:`cardtable.engine.jsonable`.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from cardtable.cards import Card
from cardtable.engine import Observation, jsonable
from cardtable.server.live.hooks import GameHooks

_PLAIN = frozenset({str, int, float, bool, type(None)})
to_json_text = json.JSONEncoder(ensure_ascii=False).encode
"""``json.dumps(value, ensure_ascii=False)`` without building an encoder for every call."""
_FIELDS: dict[type, tuple[str, ...]] = {}


def fast_jsonable(value: Any) -> Any:
    """:func:`cardtable.engine.jsonable`, faster for the common shapes (it is on the path
    of every message); anything unusual goes to the engine's own function."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is Card:
        return value.text
    if kind is tuple or kind is list:
        return [fast_jsonable(v) for v in value]
    names = _FIELDS.get(kind)
    if names is None:
        if not dataclasses.is_dataclass(value) or isinstance(value, type):
            return jsonable(value)
        names = _FIELDS[kind] = tuple(f.name for f in dataclasses.fields(value))
    return {name: fast_jsonable(getattr(value, name)) for name in names}


def observation_json(observation: Observation, may_move: bool = True) -> dict[str, Any]:
    """``observation.to_json()``, by the fast path when the game does not override it;
    ``legal`` (and ``losing``, the legal moves that lose at once) is empty, and not worked
    out, when the seat may not move now."""
    data: dict[str, Any]
    if type(observation).to_json is not Observation.to_json:
        data = observation.to_json()
        if not may_move:
            data["legal"], data["losing"] = [], {}
        return data
    data = fast_jsonable(observation)
    data["legal"] = [m.text for m in observation.legal_moves()] if may_move else []
    data["losing"] = dict(observation.losing_moves()) if may_move else {}
    return data


def event_text(event: dict[str, Any]) -> str:
    """An event as it goes into ``events``: encoded once, sent to every connection."""
    return to_json_text(event)


def move_event(hooks: GameHooks, seat: int, text: str, by: str, v: int) -> dict[str, Any]:
    """The ``move`` event every connection gets: the move text only where it is public,
    else the game's public description of it (``hidden``: true)."""
    public = hooks.public_move(text)
    event: dict[str, Any] = {"kind": "move", "seat": seat, "move": public, "by": by, "v": v}
    if public != text:
        event["hidden"] = True
    return event
