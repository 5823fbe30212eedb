"""The timer the benchmark scripts share: the median of repeated runs, on any clock."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any


def median_seconds(action: Callable[[], Any], runs: int, clock: Callable[[], float] = time.perf_counter) -> float:
    """Median duration of `runs` calls of `action` (time.process_time for CPU time)."""
    timings = []
    for _ in range(runs):
        start = clock()
        action()
        timings.append(clock() - start)
    return statistics.median(timings)
