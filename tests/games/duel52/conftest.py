"""Helpers shared by the Duel 52 tests (fixtures only; positions come from build_state)."""
