"""Committed golden values from rouge_score 0.1.2 (tests/golden/rouge_score_cases.json) on edge cases.

These run without the shared corpus and without rouge_score installed.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import rougebleu

GOLDEN_DIR = Path(__file__).parent / "golden"
sys.path.insert(0, str(GOLDEN_DIR))
from edge_cases import EDGE_CASES  # noqa: E402

GOLDEN = json.loads((GOLDEN_DIR / "rouge_score_cases.json").read_text())
TEXTS = {name: (target, prediction) for name, target, prediction in EDGE_CASES}


@pytest.mark.parametrize("case", GOLDEN["cases"], ids=lambda c: f"{c['name']}-stem{int(c['use_stemmer'])}")
def test_edge_case_matches_rouge_score(case):
    target, prediction = TEXTS[case["name"]]
    scorer = rougebleu.RougeScorer(GOLDEN["types"], use_stemmer=case["use_stemmer"])
    got = scorer.score(target, prediction)
    batch = scorer.score_batch([target], [prediction], workers=1)[0]
    columns = rougebleu.rouge([prediction], [target], rouge_types=GOLDEN["types"], use_stemmer=case["use_stemmer"])
    for rouge_type, (p, r, f, kind) in case["scores"].items():
        assert tuple(got[rouge_type]) == (p, r, f), rouge_type
        assert type(got[rouge_type].fmeasure).__name__ == kind, rouge_type
        assert tuple(batch[rouge_type]) == (p, r, f), rouge_type
        assert type(batch[rouge_type].fmeasure).__name__ == kind, rouge_type
        col = columns[rouge_type]
        assert (col.precision[0], col.recall[0], col.fmeasure[0]) == (p, r, f), rouge_type


def test_golden_file_covers_the_edge_cases():
    names = {c["name"] for c in GOLDEN["cases"]}
    assert names == set(TEXTS)
    assert len(TEXTS["long_20000_token_target"][0].split()) == 20000
