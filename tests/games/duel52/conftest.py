"""Helpers shared by the Duel 52 tests: positions come from build_state, and the few
helpers that read them live in test_powers.py, importable from the other test files here."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
