"""The MATLAB-style ROUGE-N, W, S and SU against a direct pure-Python transcription of the
formulas of MATLAB's Algorithms section, on random documents with sentences and several
references."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from rougebleu import rouge_evaluation_score, tokenizedDocument


def ngrams(sent: list[str], n: int) -> list[tuple[str, ...]]:
    return [tuple(sent[i : i + n]) for i in range(len(sent) - n + 1)]


def skips(sent: list[str], d: int | None) -> list[tuple[str, str]]:
    return [
        (sent[i], sent[j]) for i in range(len(sent)) for j in range(i + 1, len(sent)) if d is None or j - i - 1 <= d
    ]


def clipped(ref_units: list, cand: Counter) -> int:
    return sum(min(c, cand[g]) for g, c in Counter(ref_units).items())


def f_beta(p: float, r: float, beta: float) -> float:
    b2 = beta * beta
    return (1 + b2) * p * r / (r + b2 * p) if r + b2 * p > 0 else 0.0


def ref_n(cand: list[list[str]], ref: list[list[str]], n: int) -> float:
    counts = Counter(g for s in cand for g in ngrams(s, n))
    units = sum(len(ngrams(s, n)) for s in ref)
    return math.nan if units == 0 else sum(clipped(ngrams(s, n), counts) for s in ref) / units


def ref_s(cand: list[list[str]], ref: list[list[str]], d: int | None, unigrams: bool, beta: float) -> float:
    counts = Counter(g for s in cand for g in skips(s, d))
    ucounts = Counter(w for s in cand for w in s)
    hits = sum(clipped(skips(s, d), counts) + (clipped(s, ucounts) if unigrams else 0) for s in ref)
    r_units = sum(len(skips(s, d)) + (len(s) if unigrams else 0) for s in ref)
    c_units = sum(len(skips(s, d)) + (len(s) if unigrams else 0) for s in cand)
    if r_units == 0:
        return math.nan
    if c_units == 0:
        return 0.0
    return f_beta(hits / c_units, hits / r_units, beta)


def wlcs(x: list[str], y: list[str], w: float) -> float:
    """Lin 2004 Figure 2 with f(k) = k^w."""
    f = lambda k: k**w
    c = [[0.0] * (len(y) + 1) for _ in range(len(x) + 1)]
    run = [[0] * (len(y) + 1) for _ in range(len(x) + 1)]
    for i in range(1, len(x) + 1):
        for j in range(1, len(y) + 1):
            if x[i - 1] == y[j - 1]:
                k = run[i - 1][j - 1]
                c[i][j] = c[i - 1][j - 1] + f(k + 1) - f(k)
                run[i][j] = k + 1
            elif c[i - 1][j] > c[i][j - 1]:
                c[i][j] = c[i - 1][j]
            else:
                c[i][j] = c[i][j - 1]
    return c[len(x)][len(y)]


def ref_w(cand: list[str], ref: list[str], w: float, beta: float) -> float:
    if not ref:
        return math.nan
    if not cand:
        return 0.0
    score = wlcs(ref, cand, w)
    return f_beta((score / len(cand) ** w) ** (1 / w), (score / len(ref) ** w) ** (1 / w), beta)


def best(values: list[float]) -> float:
    kept = [v for v in values if not math.isnan(v)]
    return max(kept) if kept else math.nan


def random_doc(rng: random.Random) -> tuple[list[list[str]], object]:
    sents = [[rng.choice("abcde") for _ in range(rng.randint(0, 7))] for _ in range(rng.randint(0, 3))]
    text = " ".join(" ".join(s) + " ." for s in sents)
    return [s for s in sents if s], tokenizedDocument(text).add_sentence_details().erase_punctuation()


def same(a: float, b: float) -> bool:
    return (math.isnan(a) and math.isnan(b)) or abs(a - b) <= 1e-12


@pytest.mark.parametrize("seed", range(4))
def test_against_the_formulas(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(150):
        cand_s, cand = random_doc(rng)
        refs = [random_doc(rng) for _ in range(rng.randint(1, 3))]
        ref_docs = [d for _, d in refs]
        n = rng.randint(1, 3)
        assert same(
            rouge_evaluation_score(cand, ref_docs, ngram_length=n), best([ref_n(cand_s, r, n) for r, _ in refs])
        )
        d = rng.choice([1, 2, 4, None])
        beta = rng.choice([0.5, 1.0, 3.0])
        for method, uni in (("skip-bigrams", False), ("skip-bigrams-and-unigrams", True)):
            got = rouge_evaluation_score(cand, ref_docs, rouge_method=method, skip_distance=d, beta=beta)
            assert same(got, best([ref_s(cand_s, r, d, uni, beta) for r, _ in refs])), (method, cand_s, refs)
        w = rng.choice([1.2, 1.5, 2.0])
        flat = [t for s in cand_s for t in s]
        got = rouge_evaluation_score(cand, ref_docs, rouge_method="weighted-subsequences", weight=w, beta=beta)
        expected = best([ref_w(flat, [t for s in r for t in s], w, beta) for r, _ in refs])
        assert same(got, expected), (cand_s, refs)
