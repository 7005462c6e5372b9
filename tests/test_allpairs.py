"""All-pairs utilities against brute force on real data: rouge_pairwise against rouge() of every
pair (REALSumm), expected_utility against math.fsum over the full matrix, top_k against sorting
each row (ties to the lower index; TER, a loss, lowest first), for sentence BLEU, chrF, chrF++
and TER (WMT17) and ROUGE F-measures."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

import rougebleu
from conftest import read_jsonl


@pytest.fixture(scope="module")
def realsumm(corpus: Path) -> tuple[list[str], list[str]]:
    items = read_jsonl(corpus / "summ" / "realsumm_cnndm.jsonl")[:300]
    hyps = [it["candidate"] for it in items[:40]]
    refs = sorted({it["references"][0] for it in items})[:25]
    return hyps, refs


@pytest.fixture(scope="module")
def wmt17(corpus: Path) -> list[str]:
    folder = corpus / "mt" / "wmt17_en-de"
    with open(folder / "newstest2017.online-A.0.en-de.de", encoding="utf-8") as f:
        hyps = [line.rstrip("\n") for line in f][:60]
    with open(folder / "newstest2017.en-de.ref.de", encoding="utf-8") as f:
        refs = [line.rstrip("\n") for line in f][:60]
    return hyps + refs


@pytest.mark.parametrize("rouge_type", ["rouge1", "rouge2", "rougeL", "rougeLsum", "rougeW-1.2", "rougeSU4"])
@pytest.mark.parametrize("stem", [False, True])
def test_rouge_pairwise_equals_rouge_of_every_pair(realsumm, rouge_type, stem):
    hyps, refs = realsumm
    got = rougebleu.rouge_pairwise(hyps, refs, rouge_type=rouge_type, use_stemmer=stem, workers=2)
    flat_h = [h for h in hyps for _ in refs]
    flat_r = [r for _ in hyps for r in refs]
    want = rougebleu.rouge(flat_h, flat_r, rouge_types=[rouge_type], use_stemmer=stem)[rouge_type]
    shape = (len(hyps), len(refs))
    for field in ("precision", "recall", "fmeasure"):
        np.testing.assert_array_equal(getattr(got, field), getattr(want, field).reshape(shape))
    assert np.all(got.fmeasure >= 0) and got.fmeasure.max() > 0.2


def _texts(seed: int, shapes: list[list[int]]) -> list[str]:
    """Texts whose sentences have the given token counts, over words that share stems."""
    words = ["run", "running", "runs", "Cats", "cat", "the", "a", "houses", "house", "blue", "x9", "Über"]
    rng = np.random.default_rng(seed)
    return ["\n".join(" ".join(rng.choice(words, n)) for n in shape) for shape in shapes]


@pytest.mark.parametrize("rouge_type", ["rouge1", "rouge2", "rouge3", "rougeL", "rougeLsum"])
@pytest.mark.parametrize("stem", [False, True])
def test_rouge_pairwise_long_and_many_sentences(rouge_type, stem):
    # Sentences across the 64- and 128-token edges of the match masks, and more than 64 sentences.
    hyps = _texts(1, [[300], [64, 65, 3], [3] * 80, [128, 129], [20] * 5, [100], [64], [], [0, 0]])
    refs = _texts(2, [[60], [100, 100, 7], [2] * 70, [200], [30] * 6, [128], [1]])
    got = rougebleu.rouge_pairwise(hyps, refs, rouge_type=rouge_type, use_stemmer=stem, workers=2)
    flat_h = [h for h in hyps for _ in refs]
    flat_r = [r for _ in hyps for r in refs]
    want = rougebleu.rouge(flat_h, flat_r, rouge_types=[rouge_type], use_stemmer=stem)[rouge_type]
    for field in ("precision", "recall", "fmeasure"):
        np.testing.assert_array_equal(getattr(got, field), getattr(want, field).reshape(len(hyps), len(refs)))
    one = rougebleu.rouge_pairwise(hyps, refs, rouge_type=rouge_type, use_stemmer=stem, workers=1)
    np.testing.assert_array_equal(one.fmeasure, got.fmeasure)


def test_rouge_pairwise_options_and_workers(realsumm):
    hyps, refs = realsumm
    one = rougebleu.rouge_pairwise(hyps[:10], refs[:10], rouge_type="rouge2", beta=2.0, workers=1)
    want = rougebleu.rouge([h for h in hyps[:10] for _ in range(10)], refs[:10] * 10, rouge_types=["rouge2"], beta=2.0)
    np.testing.assert_array_equal(one.fmeasure, want["rouge2"].fmeasure.reshape(10, 10))
    many = rougebleu.rouge_pairwise(hyps[:10], refs[:10], rouge_type="rouge2", beta=2.0, workers=None)
    np.testing.assert_array_equal(one.fmeasure, many.fmeasure)
    # Hypothesis tokens no reference holds.
    for rouge_type in ["rouge1", "rouge2", "rougeL", "rougeLsum"]:
        got = rougebleu.rouge_pairwise(["a b c", "c d\na"], ["a", "x", ""], rouge_type=rouge_type).fmeasure
        want = rougebleu.rouge(["a b c"] * 3 + ["c d\na"] * 3, ["a", "x", ""] * 2, rouge_types=[rouge_type])
        np.testing.assert_array_equal(got, want[rouge_type].fmeasure.reshape(2, 3))
    empty = rougebleu.rouge_pairwise([], refs, rouge_type="rougeL")
    assert empty.fmeasure.shape == (0, len(refs))
    with pytest.raises(ValueError, match="rouge_type"):
        rougebleu.rouge_pairwise(hyps, refs, rouge_type="rougeX")


def _metrics():
    return [
        "bleu",
        rougebleu.BLEU(tokenize="intl", lowercase=True, smooth_method="floor"),
        "rougeL",
        "rouge2",
        "chrf",
        "chrf++",
        rougebleu.CHRF(lowercase=True),
        "ter",
        rougebleu.TER(normalized=True, case_sensitive=True),
    ]


METRICS = range(len(_metrics()))

#: What a metric name stands for.
_NAMED = {
    "bleu": lambda: rougebleu.BLEU(effective_order=True),
    "chrf": rougebleu.CHRF,
    "chrf++": lambda: rougebleu.CHRF(word_order=2),
    "ter": rougebleu.TER,
}


def _object(metric):
    return _NAMED[metric]() if isinstance(metric, str) and metric in _NAMED else metric


def _is_loss(metric):
    return isinstance(_object(metric), rougebleu.TER)


def _matrix(metric, hyps, refs, stem=False):
    metric = _object(metric)
    if isinstance(metric, (rougebleu.BLEU, rougebleu.CHRF, rougebleu.TER)):
        return metric.pairwise(hyps, refs)
    return rougebleu.rouge_pairwise(hyps, refs, rouge_type=metric, use_stemmer=stem).fmeasure


@pytest.mark.parametrize("m", METRICS)
def test_expected_utility_equals_the_full_matrix(wmt17, m):
    metric = _metrics()[m]
    hyps = wmt17[:50]
    full = _matrix(metric, hyps, wmt17)
    got = rougebleu.expected_utility(hyps, wmt17, metric=metric, workers=2)
    assert got.tolist() == [math.fsum(row) / len(row) for row in full.tolist()]
    assert rougebleu.expected_utility(hyps, wmt17, metric=metric, workers=1).tolist() == got.tolist()
    w = np.linspace(0.0, 2.0, len(wmt17))
    got_w = rougebleu.expected_utility(hyps, wmt17, metric=metric, weights=w, workers=1)
    want_w = [math.fsum(x * y for x, y in zip(row, w.tolist())) / math.fsum(w.tolist()) for row in full.tolist()]
    assert got_w.tolist() == want_w
    assert rougebleu.expected_utility(hyps, wmt17, metric=metric, weights=w, workers=2).tolist() == want_w
    # MBR's choice is the argmax of a utility, the argmin of a loss (TER).
    pick = np.argmin if _is_loss(metric) else np.argmax
    assert int(pick(got)) == int(pick([math.fsum(r) for r in full.tolist()]))


@pytest.mark.parametrize("m", METRICS)
@pytest.mark.parametrize("k", [1, 5, 500])
def test_top_k_equals_sorting_each_row(wmt17, m, k):
    metric = _metrics()[m]
    queries, cands = wmt17[:40], wmt17[20:]
    full = _matrix(metric, queries, cands)
    idx, scores = rougebleu.top_k(queries, cands, k, metric=metric, workers=2)
    kk = min(k, len(cands))
    assert idx.shape == scores.shape == (len(queries), kk)
    sign = 1 if _is_loss(metric) else -1
    for i, row in enumerate(full.tolist()):
        order = sorted(range(len(row)), key=lambda j: (sign * row[j], j))[:kk]
        assert idx[i].tolist() == order
        assert scores[i].tolist() == [row[j] for j in order]
    idx1, scores1 = rougebleu.top_k(queries, cands, k, metric=metric, workers=1)
    assert idx1.tolist() == idx.tolist() and scores1.tolist() == scores.tolist()


@pytest.mark.parametrize("m", [m for m in METRICS if not str(_metrics()[m]).startswith("rouge")])
def test_values_are_sentence_scores(wmt17, m):
    metric = _metrics()[m]
    scorer = _object(metric)
    hyps, refs = wmt17[:6], wmt17[60:66]
    _, scores = rougebleu.top_k(hyps, refs, len(refs), metric=metric)
    got = rougebleu.expected_utility(hyps, refs, metric=metric)
    for i, h in enumerate(hyps):
        row = [scorer.sentence_score(h, [r]).score for r in refs]
        assert sorted(scores[i].tolist()) == sorted(row)
        assert got[i] == math.fsum(row) / len(row)


def test_ter_ranks_the_lowest_first_and_chrf_the_highest():
    cands = ["a b c d", "a b c", "x y z", "a b c", "a b c d e f"]
    idx, scores = rougebleu.top_k(["a b c"], cands, 4, metric="ter")
    assert idx.tolist() == [[1, 3, 0, 4]]
    assert scores.tolist() == [[0.0, 0.0, 25.0, 50.0]]
    idx, scores = rougebleu.top_k(["a b c"], cands, 2, metric="chrf")
    assert idx.tolist() == [[1, 3]] and scores.tolist() == [[100.0, 100.0]]
    # Case: TER and chrF lowercase as configured.
    assert rougebleu.expected_utility(["A B C"], ["a b c"], metric="ter").tolist() == [0.0]
    assert rougebleu.expected_utility(["A B C"], ["a b c"], metric=rougebleu.TER(case_sensitive=True))[0] == 100.0
    assert rougebleu.expected_utility(["ABC"], ["abc"], metric=rougebleu.CHRF(lowercase=True)).tolist() == [100.0]
    assert rougebleu.expected_utility(["ABC"], ["abc"], metric="chrf").tolist() == [0.0]


def test_top_k_ties_go_to_the_lower_index():
    idx, scores = rougebleu.top_k(["a b c"], ["x", "a b c", "y", "a b c", "z"], 4, metric="rouge1")
    assert idx.tolist() == [[1, 3, 0, 2]]
    assert scores.tolist() == [[1.0, 1.0, 0.0, 0.0]]


def test_bad_arguments():
    with pytest.raises(ValueError, match="weights"):
        rougebleu.expected_utility(["a"], ["a", "b"], weights=[1.0])
    with pytest.raises(ValueError, match="weights"):
        rougebleu.expected_utility(["a"], ["a", "b"], weights=[0.0, 0.0])
    with pytest.raises(ValueError, match="weights"):
        rougebleu.expected_utility(["a"], ["a", "b"], weights=[1.0, -1.0])
    with pytest.raises(ValueError, match="weights"):
        rougebleu.expected_utility(["a"], ["a", "b"], weights=[1.0, math.nan])
    with pytest.raises(TypeError, match="weights"):
        rougebleu.expected_utility(["a"], ["a"], weights=["x"])
    # The mean over no pseudo-reference is undefined (it was NaN), for every metric.
    for metric in ("bleu", "rougeL", "chrf", "ter"):
        with pytest.raises(ValueError, match="pseudo_references: no pseudo-reference given"):
            rougebleu.expected_utility(["a b"], [], metric=metric)
    assert rougebleu.expected_utility([], ["a"]).shape == (0,)
    with pytest.raises(ValueError, match="k must be"):
        rougebleu.top_k(["a"], ["a"], 0)
    with pytest.raises(TypeError, match="k must be"):
        rougebleu.top_k(["a"], ["a"], 1.5)
    with pytest.raises(ValueError, match="metric"):
        rougebleu.top_k(["a"], ["a"], 1, metric="bertscore")
    with pytest.raises(ValueError, match="metric"):
        rougebleu.expected_utility(["a"], ["a"], metric="chrF")
    with pytest.raises(TypeError, match="hypotheses"):
        rougebleu.expected_utility([b"a"], ["a"], metric="ter")
    with pytest.raises(TypeError, match="queries"):
        rougebleu.top_k("a b", ["a"], 1)
    with pytest.raises(ValueError, match="rouge_type"):
        rougebleu.top_k(["a"], ["a"], 1, metric="rougeQ")
