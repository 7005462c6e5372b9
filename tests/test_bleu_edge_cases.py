"""BLEU on the edge cases of `bleu_cases.py` against committed sacrebleu 2.6.0 values
(`golden/bleu_sacrebleu_cases.json`, made by `golden/make_bleu_golden.py`); no corpus or sacrebleu needed."""

from __future__ import annotations

from pathlib import Path

import pytest
from bleu_cases import EDGE_CASES

from conftest import read_json
from rougebleu.mt.bleu import BLEU

GOLDEN = read_json(Path(__file__).parent / "golden" / "bleu_sacrebleu_cases.json")["records"]


def _id(rec: dict) -> str:
    return f"{rec['case']}-{rec['tokenize']}-{'lc' if rec['lowercase'] else 'mixed'}"


@pytest.mark.parametrize("rec", GOLDEN, ids=_id)
def test_edge_case_matches_sacrebleu(rec: dict) -> None:
    hyps, refs = EDGE_CASES[rec["case"]]
    for key, want in rec["corpus"].items():
        sm, sv = key.split(":")
        value = None if sv == "None" else (int(sv) if sv.isdigit() else float(sv))
        s = BLEU(
            tokenize=rec["tokenize"], lowercase=rec["lowercase"], smooth_method=sm, smooth_value=value
        ).corpus_score(hyps, refs)
        assert [s.score, s.counts, s.totals, s.precisions, s.bp, s.sys_len, s.ref_len] == want, key
    m = BLEU(tokenize=rec["tokenize"], lowercase=rec["lowercase"], effective_order=True)
    got = [m.sentence_score(h, [r[i] for r in refs if r[i] is not None]).score for i, h in enumerate(hyps)]
    assert got == rec["sentence"]
    # The batch call gives the same numbers for segments whose references are all present.
    if all(r[i] is not None for r in refs for i in range(len(hyps))):
        assert m.sentence_scores(hyps, refs, workers=1).tolist() == rec["sentence"]


def test_golden_covers_the_grid() -> None:
    assert len(GOLDEN) == len(EDGE_CASES) * 5 * 2
    assert all(len(r["corpus"]) == 7 for r in GOLDEN)
