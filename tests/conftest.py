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


def read_json(path: Path):
    with path.open(encoding="utf-8") as f:
        return json.load(f)
