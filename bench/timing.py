"""Per-call timing shared by the ruleset benchmarks (process CPU time, one core)."""

from __future__ import annotations

import time


def call_micros(ruleset, state, seat: int, move: dict, repeats: int = 10) -> tuple[float, float]:
    """Mean microseconds of ``legal_moves(state, seat)`` and of ``apply(copy, seat, move)``.

    Copies are made before the apply timer starts, so apply is timed without them.
    """
    start = time.process_time()
    for _ in range(repeats):
        ruleset.legal_moves(state, seat)
    legal = (time.process_time() - start) / repeats * 1e6
    copies = [ruleset.copy_state(state) for _ in range(repeats)]
    start = time.process_time()
    for copy in copies:
        ruleset.apply(copy, seat, move)
    return legal, (time.process_time() - start) / repeats * 1e6
