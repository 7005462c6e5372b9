"""The rest of Lin (2004)'s family in the main API, in the paper's own definitions.

Hand-computed cases, the paper's examples (S1-S4 "police killed the gunman"; X/Y1/Y2 for
ROUGE-W), multi-reference modes, jackknifing and corpus aggregation.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import rougebleu
from rougebleu import RougeScorer

S1 = "police killed the gunman"
S2 = "police kill the gunman"
S3 = "the gunman kill police"
S4 = "the gunman police killed"


def r(types, ref, cand, **kw):
    return RougeScorer(types, **kw).score(ref, cand)


def test_paper_rouge_l_examples():
    # Lin 2004 §3.1: ROUGE-L(S1, S2) = 3/4, ROUGE-L(S1, S3) = 2/4 while their ROUGE-2 are equal.
    assert r(["rougeL"], S1, S2)["rougeL"].recall == 0.75
    assert r(["rougeL"], S1, S3)["rougeL"].recall == 0.5
    assert r(["rouge2"], S1, S2)["rouge2"] == r(["rouge2"], S1, S3)["rouge2"]


def test_paper_rouge_s_examples():
    # Lin 2004 §5: with beta = 1, ROUGE-S(S2) = 0.5, ROUGE-S(S3) = 0.167, ROUGE-S(S4) = 0.333.
    for cand, hits in ((S2, 3), (S3, 1), (S4, 2)):
        s = r(["rougeS*"], S1, cand)["rougeS*"]
        assert (s.precision, s.recall) == (hits / 6, hits / 6)
        assert s.fmeasure == pytest.approx(hits / 6, abs=1e-15)
    assert round(r(["rougeS*"], S1, S3)["rougeS*"].fmeasure, 3) == 0.167
    assert round(r(["rougeS*"], S1, S4)["rougeS*"].fmeasure, 3) == 0.333


def test_rouge_su_adds_unigrams():
    # S1 vs S3: 1 skip-bigram and 3 unigrams (police, the, gunman) of 6 + 4 units.
    s = r(["rougeSU*"], S1, S3)["rougeSU*"]
    assert s.recall == 4 / 10
    # A candidate with no skip-bigram match still gets unigram credit (Lin 2004 §5.1).
    assert r(["rougeS*"], S1, "gunman police")["rougeS*"].recall == 0.0
    assert r(["rougeSU*"], S1, "gunman police")["rougeSU*"].recall == 2 / 10


def test_skip_distance_limits_the_gap():
    # "a b c d e": rougeS0 = bigrams; rougeS1 allows one word between.
    ref, cand = "a b c d e", "a c e"
    assert r(["rougeS0"], ref, cand)["rougeS0"].recall == 0 / 4
    s1 = r(["rougeS1"], ref, cand)["rougeS1"]
    # ref pairs with gap <= 1: 4 + 3 = 7; cand pairs (a,c) (c,e) (a,e): the first two are in
    # ref with one word between, (a,e) has three between there.
    assert (s1.recall, s1.precision) == (2 / 7, 2 / 3)
    assert r(["rougeS0"], ref, ref)["rougeS0"] == r(["rouge2"], ref, ref)["rouge2"]


def test_paper_rouge_w_example():
    # Lin 2004 §3.3: X = A..G, Y1 = A B C D H I K, Y2 = A H B K C I D; same ROUGE-L, and with
    # f(k) = k^2 ROUGE-W prefers Y1 (consecutive matches): R = 4/7 vs 2/7.
    x, y1, y2 = "a b c d e f g", "a b c d h i k", "a h b k c i d"
    assert r(["rougeL"], x, y1)["rougeL"] == r(["rougeL"], x, y2)["rougeL"]
    w1 = r(["rougeW-2"], x, y1)["rougeW-2"]
    w2 = r(["rougeW-2"], x, y2)["rougeW-2"]
    assert w1.recall == pytest.approx(4 / 7, abs=1e-15) and w2.recall == pytest.approx(2 / 7, abs=1e-15)
    # Default weight 1.2: identical texts score 1 (the paper's definition; Perl's W quirk is in rouge155).
    same = r(["rougeW"], x, x)["rougeW"]
    assert same.recall == pytest.approx(1.0, abs=1e-15) and same.precision == pytest.approx(1.0, abs=1e-15)
    # f⁻¹(WLCS / f(m)) with one run of 2 and one of 1 out of 4 reference tokens, w = 1.2.
    w = r(["rougeW-1.2"], "a b c d", "a b x d")["rougeW-1.2"]
    assert w.recall == pytest.approx(((2**1.2 + 1) / 4**1.2) ** (1 / 1.2), abs=1e-15)


def test_weighted_f_measure():
    ref, cand = "a b c d e f", "a b x"
    p, rec = 2 / 3, 2 / 6
    for alpha in (0.0, 0.2, 0.5, 0.9, 1.0):
        s = r(["rouge1"], ref, cand, alpha=alpha)["rouge1"]
        assert s.fmeasure == pytest.approx(p * rec / ((1 - alpha) * p + alpha * rec), abs=1e-15)
    beta = 2.0
    s = r(["rouge1"], ref, cand, beta=beta)["rouge1"]
    assert s.fmeasure == pytest.approx((1 + beta**2) * p * rec / (rec + beta**2 * p), abs=1e-15)


def test_multi_reference_modes():
    refs = ["a b c d", "a b e f g h"]
    cand = "a b c x"
    # Per reference (rouge1): A: 3 hits, P 3/4 R 3/4; B: 2 hits, P 2/4 R 2/6.
    best = RougeScorer(["rouge1"]).score_multi(refs, cand)["rouge1"]
    assert (best.precision, best.recall) == (0.75, 0.75)
    pooled = RougeScorer(["rouge1"], multi_ref="pooled").score_multi(refs, cand)["rouge1"]
    assert (pooled.precision, pooled.recall) == (5 / 8, 5 / 10)
    mean = RougeScorer(["rouge1"], multi_ref="mean").score_multi(refs, cand)["rouge1"]
    assert (mean.precision, mean.recall) == ((0.75 + 0.5) / 2, (0.75 + 2 / 6) / 2)
    recall_first = RougeScorer(["rouge1"], multi_ref="best-recall").score_multi(refs[::-1], cand)["rouge1"]
    assert recall_first.recall == 0.75
    arrays = rougebleu.rouge([cand], [refs], rouge_types=["rouge1"], multi_ref="pooled")["rouge1"]
    assert arrays.recall[0] == 0.5


def test_jackknife_averages_leave_one_out_scores():
    refs = ["a b", "a c", "d e"]
    cand = "a b"
    # rouge1 recall per reference: 1, 0.5, 0; max over each leave-one-out pair: {2,3} 0.5, {1,3} 1, {1,2} 1.
    j = RougeScorer(["rouge1"], jackknife=True).score_multi(refs, cand)["rouge1"]
    assert j.recall == pytest.approx(2.5 / 3, abs=1e-15)
    col = rougebleu.rouge([cand], [refs], rouge_types=["rouge1"], jackknife=True)["rouge1"]
    assert col.recall[0] == j.recall
    # With one reference, jackknifing is the plain score.
    assert RougeScorer(["rouge1"], jackknife=True).score("a b", cand) == RougeScorer(["rouge1"]).score("a b", cand)


def test_unlimited_skip_bigrams_on_20000_token_documents():
    # 20,000 tokens: 2e8 pairs would be enumerated naively; the count is streamed instead.
    ref = " ".join(["a"] * 10000 + ["b"] * 10000)
    cand = " ".join(["b", "a"] * 100)
    s = r(["rougeS*", "rougeSU*"], ref, cand)
    ref_pairs = 20000 * 19999 // 2
    # Candidate pairs (a, b): a at odd positions followed by later b's = 100*99/2 = 4950;
    # (a, a) = (b, b) = 4950; ref has 1e8 (a, b), ~5e7 each (a, a) and (b, b): all clipped to the candidate.
    assert s["rougeS*"].recall == (3 * 4950) / ref_pairs
    assert s["rougeSU*"].recall == (3 * 4950 + 200) / (ref_pairs + 20000)


def test_corpus_macro_micro_and_bootstrap():
    words = "one two three four five six seven eight".split()
    preds = [" ".join(words[i % 8 : i % 8 + 3 + i % 4]) for i in range(40)]
    refs = [" ".join(words[(i * 3) % 8 :]) + " nine" for i in range(40)]
    types = ["rouge1", "rougeL", "rougeSU4"]
    per_pair = rougebleu.rouge(preds, refs, rouge_types=types)
    macro = rougebleu.rouge_corpus(preds, refs, rouge_types=types, n_bootstrap=0)
    for t in types:
        assert macro[t].fmeasure.score == pytest.approx(float(np.mean(per_pair[t].fmeasure)), abs=1e-14)
        assert macro[t].recall.low == macro[t].recall.high == macro[t].recall.score
    micro = rougebleu.rouge_corpus(preds, refs, rouge_types=["rouge1"], average="micro", n_bootstrap=0)["rouge1"]
    scorer = RougeScorer(["rouge1"])
    hits = sum(round(scorer.score(r_, p)["rouge1"].precision * len(p.split())) for r_, p in zip(refs, preds))
    assert micro.recall.score == pytest.approx(hits / sum(len(r_.split()) for r_ in refs), abs=1e-15)
    a = rougebleu.rouge_corpus(preds, refs, rouge_types=types, seed=7, workers=1)
    b = rougebleu.rouge_corpus(preds, refs, rouge_types=types, seed=7, workers=2)
    c = rougebleu.rouge_corpus(preds, refs, rouge_types=types, seed=8)
    assert a == b and a != c
    for t in types:
        for iv in a[t]:
            assert iv.low <= iv.score <= iv.high and iv.low < iv.high


@pytest.mark.parametrize(
    "kwargs,exc,match",
    [
        ({"alpha": 1.5}, ValueError, "alpha"),
        ({"alpha": -0.1}, ValueError, "alpha"),
        ({"beta": -1.0}, ValueError, "beta"),
        ({"alpha": 0.5, "beta": 1.0}, ValueError, "alpha or beta"),
        ({"alpha": "x"}, TypeError, "alpha"),
        ({"multi_ref": "average"}, ValueError, "multi_ref"),
        ({"multi_ref": 3}, TypeError, "multi_ref"),
        ({"rouge_types": ["rougeW-1"]}, ValueError, "1 < w <= 30"),
        ({"rouge_types": ["rougeW-0.5"]}, ValueError, "1 < w <= 30"),
        ({"rouge_types": ["rougeS2.5"]}, ValueError, "skip distance"),
        ({"rouge_types": ["rougeSUx"]}, ValueError, "skip distance"),
        ({"rouge_types": ["rouge0"]}, ValueError, "positive n"),
    ],
)
def test_bad_options(kwargs, exc, match):
    with pytest.raises(exc, match=match):
        rougebleu.rouge(["a b"], ["a b"], **kwargs)


@pytest.mark.parametrize(
    "kwargs,exc,match",
    [
        ({"average": "median"}, ValueError, "average"),
        ({"multi_ref": "mean", "average": "micro"}, ValueError, "micro"),
        ({"jackknife": True, "average": "micro"}, ValueError, "micro"),
        ({"confidence": 1.0}, ValueError, "confidence"),
        ({"n_bootstrap": -1}, ValueError, "n_bootstrap"),
        ({"seed": "x"}, TypeError, "seed"),
    ],
)
def test_bad_corpus_options(kwargs, exc, match):
    with pytest.raises(exc, match=match):
        rougebleu.rouge_corpus(["a b", "c"], [["a b", "a"], ["c", "d"]], **kwargs)


def test_every_family_type_is_bounded_and_symmetric_where_expected():
    types = ["rouge1", "rouge3", "rouge12", "rougeL", "rougeLsum", "rougeW-1.2", "rougeS4", "rougeSU4", "rougeS*"]
    text_a = "the quick brown fox jumps over the lazy dog\nand runs away quickly"
    text_b = "a quick brown dog jumps over the lazy fox\nthen runs away"
    ab = r(types, text_a, text_b)
    ba = r(types, text_b, text_a)
    for t in types:
        for v in ab[t]:
            assert 0.0 <= v <= 1.0 and not math.isnan(v)
        # Swapping reference and candidate swaps precision and recall.
        assert ab[t].precision == pytest.approx(ba[t].recall, abs=1e-15)
