"""Duel 52's tables: the texts of moves that put a card face down stay with their seat."""

from __future__ import annotations

from cardtable.games.hooks import GameHooks


class Duel52Hooks(GameHooks):
    """Duel 52: a card played from the hand or discarded by View goes face down, so its
    move text (``play 7H 2``, ``discard 7H``) must not reach the other seat."""

    player_clocks = True

    def public_move(self, text: str) -> str:
        words = text.split()
        if words and words[0] == "play":
            return f"play a card face down into lane {words[-1]}" if len(words) == 3 \
                else "play a card face down"
        if words and words[0] == "discard":
            return "discard a card face down"
        if words and words[0] in ("flip", "attack", "pair", "look", "move", "next"):
            return text
        return "a move"


HOOKS = Duel52Hooks()
