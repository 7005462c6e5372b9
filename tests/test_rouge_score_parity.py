"""Parity with rouge_score 0.1.2 on the real corpora.

Gold per-item values (produced by rouge_score itself, full float precision) cover every pair of
REALSumm, SummEval (1 and 11 references) and rouge_score's test data, stemmer on and off; each
value must be equal to within 1e-12 (in practice: identical) through `rouge()`, `score_batch`,
and `score`/`score_multi`. A live run of rouge_score on a sample checks the gold files and our
handling of rouge_score's int zeros.
"""

from __future__ import annotations

import numpy as np
import pytest

import rougebleu
from conftest import read_json, read_jsonl

TOL = 1e-12

SETS = [
    # (corpus jsonl, gold json, mode)
    ("summ/realsumm_cnndm.jsonl", "summ/gold_rouge_score_realsumm.json", "single_nostem"),
    ("summ/realsumm_cnndm.jsonl", "summ/gold_rouge_score_realsumm.json", "single_stem"),
    ("summ/summeval_cnndm.jsonl", "summ/gold_rouge_score_summeval.json", "single_nostem"),
    ("summ/summeval_cnndm.jsonl", "summ/gold_rouge_score_summeval.json", "single_stem"),
    ("summ/summeval_cnndm.jsonl", "summ/gold_rouge_score_summeval.json", "multi_nostem"),
    ("summ/summeval_cnndm.jsonl", "summ/gold_rouge_score_summeval.json", "multi_stem"),
    ("rouge_score_testdata/small.jsonl", "rouge_score_testdata/gold_rouge_score_rstd_small.json", "single_nostem"),
    ("rouge_score_testdata/small.jsonl", "rouge_score_testdata/gold_rouge_score_rstd_small.json", "single_stem"),
    ("rouge_score_testdata/large.jsonl", "rouge_score_testdata/gold_rouge_score_rstd_large.json", "single_nostem"),
    ("rouge_score_testdata/large.jsonl", "rouge_score_testdata/gold_rouge_score_rstd_large.json", "single_stem"),
    ("rouge_score_testdata/multi.jsonl", "rouge_score_testdata/gold_rouge_score_rstd_multi.json", "single_nostem"),
    ("rouge_score_testdata/multi.jsonl", "rouge_score_testdata/gold_rouge_score_rstd_multi.json", "single_stem"),
]


def _load(corpus, jsonl, gold_file, mode):
    items = read_jsonl(corpus / jsonl)
    gold = read_json(corpus / gold_file)
    result = gold["results"][mode]
    assert gold["tool_version"] == "0.1.2"
    assert result["use_stemmer"] == mode.endswith("_stem")
    expected = np.array([result["per_item"][it["id"]] for it in items])  # (n, types, [P, R, F])
    refs = [it["references"] if mode.startswith("multi") else it["references"][0] for it in items]
    return items, gold["rouge_types"], result["use_stemmer"], refs, expected


@pytest.mark.parametrize("jsonl,gold_file,mode", SETS, ids=[f"{g.split('/')[-1][17:-5]}-{m}" for _, g, m in SETS])
def test_gold_per_item_values(corpus, jsonl, gold_file, mode):
    items, types, stem, refs, expected = _load(corpus, jsonl, gold_file, mode)
    preds = [it["candidate"] for it in items]

    columns = rougebleu.rouge(preds, refs, rouge_types=types, use_stemmer=stem)
    got = np.stack([np.stack([columns[t].precision, columns[t].recall, columns[t].fmeasure], axis=1) for t in types], 1)
    assert got.shape == expected.shape
    mismatches = int((np.abs(got - expected) > TOL).sum())
    assert mismatches == 0, f"{mismatches} of {expected.size} values differ"

    scorer = rougebleu.RougeScorer(types, use_stemmer=stem)
    batch = scorer.score_batch(refs, preds, workers=2)
    one_by_one = [scorer.score_multi(r, p) if isinstance(r, list) else scorer.score(r, p) for r, p in zip(refs, preds)]
    for i, (b, s) in enumerate(zip(batch, one_by_one)):
        for k, t in enumerate(types):
            assert tuple(b[t]) == tuple(s[t]) == tuple(expected[i, k]), (items[i]["id"], t)


def test_whole_file_rougelsum_of_rouge_score_tests(corpus):
    gold = read_json(corpus / "rouge_score_testdata/gold_rouge_score_rstd_large.json")["whole_file_rougeLsum_nostem"]
    target = (corpus / "rouge_score_testdata/target_large.txt").read_text(encoding="utf-8")
    prediction = (corpus / "rouge_score_testdata/prediction_large.txt").read_text(encoding="utf-8")
    s = rougebleu.RougeScorer(["rougeLsum"]).score(target, prediction)["rougeLsum"]
    assert (s.precision, s.recall, s.fmeasure) == (gold["P"], gold["R"], gold["F"])
    assert round(s.fmeasure, 3) == 0.533


@pytest.mark.parametrize("stem", [False, True])
def test_live_rouge_score_on_a_sample(corpus, stem):
    rouge_scorer = pytest.importorskip("rouge_score.rouge_scorer")
    items = (
        read_jsonl(corpus / "summ/summeval_cnndm.jsonl")[::40] + read_jsonl(corpus / "summ/realsumm_cnndm.jsonl")[::60]
    )
    types = ["rouge1", "rouge2", "rouge3", "rouge5", "rougeL", "rougeLsum"]
    theirs = rouge_scorer.RougeScorer(types, use_stemmer=stem)
    ours = rougebleu.RougeScorer(types, use_stemmer=stem)
    for it in items:
        pred, refs = it["candidate"], it["references"]
        for expected, got in (
            (theirs.score(refs[0], pred), ours.score(refs[0], pred)),
            (theirs.score_multi(refs, pred), ours.score_multi(refs, pred)),
        ):
            for t in types:
                assert tuple(got[t]) == tuple(expected[t]), (it["id"], t)
                assert type(got[t].fmeasure) is type(expected[t].fmeasure)
