"""High card: the smallest game of the engine contract, kept in the tests to show that a
game is its own folder plus one registry line."""
