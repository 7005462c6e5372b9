"""The COCO caption suite against pycocoevalcap 1.2's gold values: the PTB tokenization of every
text of the corpus (COCO val2017 captions, the E2E NLG test set) and BLEU-1..4, ROUGE-L and CIDEr
per image and over each run, equal to the last bit, and METEOR (the jar's values, through
rougebleu.meteor) where its paraphrase table is installed; the committed golden values of
tests/caption_cases.py run without the corpus."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from caption_cases import SCORER_CASES, TOKENIZER_TEXTS

from conftest import read_json, read_jsonl
from rougebleu.caption import caption_scores, ptb_tokenize
from rougebleu.meteor._resources import find_paraphrase_table

GOLDEN = json.loads((Path(__file__).parent / "golden" / "caption_pycocoevalcap_cases.json").read_text(encoding="utf-8"))
# The order of gold_pycocoevalcap.json's per-item rows.
FIELDS = ["Bleu_1", "Bleu_2", "Bleu_3", "Bleu_4", "METEOR", "ROUGE_L", "CIDEr"]
SCORED = ["Bleu_1", "Bleu_2", "Bleu_3", "Bleu_4", "ROUGE_L", "CIDEr"]
WITHOUT_METEOR = ("Bleu", "ROUGE_L", "CIDEr")
needs_table = pytest.mark.skipif(
    find_paraphrase_table() is None, reason="METEOR 1.5's paraphrase table not found (pip install pycocoevalcap)"
)


def test_golden_tokenization():
    assert ptb_tokenize(TOKENIZER_TEXTS) == [GOLDEN["tokenized"][t] for t in TOKENIZER_TEXTS]


@pytest.mark.parametrize("name", sorted(SCORER_CASES))
def test_golden_scores(name):
    cands, refs = SCORER_CASES[name]
    gold = GOLDEN["sets"][name]
    assert ptb_tokenize(cands) == gold["candidates_tokenized"]
    flat = ptb_tokenize([r for rs in refs for r in rs])
    assert flat == [r for rs in gold["references_tokenized"] for r in rs]
    s = caption_scores(refs, cands, metrics=WITHOUT_METEOR)
    for k in SCORED:
        assert s[k] == gold["corpus"][k], k
        assert s.per_item[k].tolist() == gold["per_item"][k], k


@needs_table
def test_golden_scores_with_meteor():
    """The whole suite in one call, METEOR included, in COCOEvalCap's order."""
    for name in sorted(SCORER_CASES):
        cands, refs = SCORER_CASES[name]
        gold = GOLDEN["sets"][name]
        s = caption_scores(refs, cands)
        assert list(s) == FIELDS
        for k in FIELDS:
            assert s[k] == gold["corpus"][k], (name, k)
            assert s.per_item[k].tolist() == gold["per_item"][k], (name, k)


def _runs(corpus: Path):
    """(name, items, candidates, gold run, tokens) for every run of the two gold files."""
    for folder in ("coco", "e2e"):
        gold = read_json(corpus / "nlg" / folder / "gold_pycocoevalcap.json")
        tokens = read_json(corpus / "nlg" / folder / "ptb_tokenized.json")["tokens"]
        for name, run in gold["runs"].items():
            file, _, system = run["data_file"].split("/")[-1].partition(":")
            items = read_jsonl(corpus / "nlg" / folder / file)
            cands = [it["outputs"][system] if system else it["candidate"] for it in items]
            yield f"{folder}/{name}", items, cands, run, tokens


def test_tokenization_of_every_text(corpus):
    """Each run's references as one input and its candidates as another, as COCOEvalCap
    tokenizes them: every text's tokens equal the Java program's."""
    compared = 0
    for _, items, cands, _, tokens in _runs(corpus):
        refs = [r for it in items for r in it["references"]]
        for texts in (refs, cands):
            got = ptb_tokenize(texts)
            assert got == [tokens[t] for t in texts]
            compared += len(texts)
    assert compared > 30_000


def test_scores_of_every_run(corpus):
    runs = 0
    for name, items, cands, run, _ in _runs(corpus):
        s = caption_scores([it["references"] for it in items], cands, metrics=WITHOUT_METEOR)
        for k in SCORED:
            gold = np.array([run["per_item"][it["id"]][FIELDS.index(k)] for it in items])
            assert s[k] == run["corpus"][k], (name, k)
            np.testing.assert_array_equal(s.per_item[k], gold, err_msg=f"{name} {k}")
        runs += 1
    assert runs == 8


@needs_table
def test_meteor_column_of_every_run(corpus):
    """The suite's METEOR column (the suite's own tokenization, then METEOR 1.5 in pycocoevalcap's
    mode) equals the jar's per image and over the run, and takes its place in COCOEvalCap's order."""
    runs = 0
    for name, items, cands, run, _ in _runs(corpus):
        s = caption_scores([it["references"] for it in items], cands, metrics=["METEOR", "CIDEr"])
        assert list(s) == ["METEOR", "CIDEr"]
        gold = np.array([run["per_item"][it["id"]][FIELDS.index("METEOR")] for it in items])
        assert s["METEOR"] == run["corpus"]["METEOR"], name
        np.testing.assert_array_equal(s.per_item["METEOR"], gold, err_msg=name)
        runs += 1
    assert runs == 8


def test_bleu_statistics(corpus):
    from rougebleu import _rougebleu as native

    for name, items, cands, run, _ in _runs(corpus):
        out = native.caption_suite(cands, [it["references"] for it in items], bleu=4, tokenize=True)
        testlen, reflen, guess, correct = out["bleu_stats"]
        gold = run["bleu_corpus_stats"]
        assert (testlen, reflen, guess, correct) == (gold["testlen"], gold["reflen"], gold["guess"], gold["correct"]), (
            name
        )
