"""Helpers shared by the benchmark scripts: where the corpus is, its text files, and best-of-N timing."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any, Callable

# The conformance corpus next to the repository, or $ROUGEBLEU_CORPUS.
CORPUS = Path(os.environ.get("ROUGEBLEU_CORPUS", Path(__file__).resolve().parents[2] / "shared" / "corpus"))


def lines(path: Path) -> list[str]:
    """The lines of a corpus text file, as sacrebleu's command reads them (UTF-8, split on "\\n" only)."""
    with path.open(encoding="utf-8", newline="\n") as f:
        return [line.rstrip("\n") for line in f]


def best_of(fn: Callable[[], Any], rounds: int, clock: Callable[[], float] = time.perf_counter) -> tuple[float, Any]:
    """The fastest of `rounds` calls of `fn` (seconds of `clock`: wall time unless told, or
    `time.process_time` for the CPU time of a one-thread comparison) and the last call's result."""
    best, out = float("inf"), None
    for _ in range(rounds):
        t0 = clock()
        out = fn()
        best = min(best, clock() - t0)
    return best, out


def cpu_best_of(fn: Callable[[], Any], rounds: int) -> tuple[float, Any]:
    """The least CPU time of `rounds` calls of `fn` (seconds; the machine is shared, and wall time
    counts other jobs' turns) and the last call's result."""
    best, out = float("inf"), None
    for _ in range(rounds):
        t0 = time.process_time()
        out = fn()
        best = min(best, time.process_time() - t0)
    return best, out
