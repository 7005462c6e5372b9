"""Shared test fixtures.

The real-data parity tests read the conformance corpus from `../shared/corpus` next to the
repository (or the folder named by the ROUGEBLEU_CORPUS environment variable) and skip cleanly
when it is absent.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def corpus_root() -> Path:
    env = os.environ.get("ROUGEBLEU_CORPUS")
    return Path(env) if env else REPO.parent / "shared" / "corpus"


@pytest.fixture(scope="session")
def corpus() -> Path:
    root = corpus_root()
    if not root.is_dir():
        pytest.skip(f"conformance corpus not found at {root} (set ROUGEBLEU_CORPUS)")
    return root


def read_jsonl(path: Path) -> list[dict]:
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def read_terminal(leader: int) -> bytes:
    """Everything written to a pseudo-terminal (`pty.openpty()`'s leader end) until the child
    closes it."""
    out = b""
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        out += chunk
    return out


def read_json(path: Path):
    with path.open(encoding="utf-8") as f:
        return json.load(f)


# Fuzz profiles (hypothesis): "ci" is bounded and derandomized, so CI runs the same examples every
# time; `make fuzz` selects "long" (many more examples, new ones each run).
try:
    from hypothesis import HealthCheck, settings
except ImportError:  # pragma: no cover - hypothesis is in the test extra
    pass
else:
    _quiet = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]
    settings.register_profile("ci", max_examples=60, deadline=None, derandomize=True, suppress_health_check=_quiet)
    settings.register_profile("long", max_examples=3000, deadline=None, suppress_health_check=_quiet)
    settings.load_profile(os.environ.get("ROUGEBLEU_FUZZ_PROFILE", "ci"))


def pytest_terminal_summary(terminalreporter) -> None:
    """After a run that fuzzed: how many values were compared with each reference."""
    import sys

    support = sys.modules.get("fuzz_support")
    if support is not None and support.COMPARISONS:
        terminalreporter.write_sep("-", "fuzz comparisons (values compared with ==)")
        for target, n in sorted(support.COMPARISONS.items()):
            terminalreporter.write_line(f"{target}: {n}")
        terminalreporter.write_line(f"total: {sum(support.COMPARISONS.values())}")
