"""Random texts through every entry point: no crash, and scores stay in their ranges.

Mixes ASCII, punctuation, accents, combining marks, CJK, emoji, zero-width and odd whitespace,
empty strings and newlines, so tokenizers meet inputs no corpus test has.
"""

from __future__ import annotations

import math
import random
import string

import numpy as np
import pytest

import rougebleu
from rougebleu import nltk as rb_nltk

ALPHABET = (
    string.ascii_letters
    + string.digits
    + string.punctuation
    + " \n\t\r"
    + "äößçéİ\u212a\u00a0\u3000\u200b\ufeff\u0301\u2028\x1c\x1f"
    + "北京欢迎你𠀀€—“”«»"
    + "\U0001f600\U0001f44d\U0001f3fd"
)
FAMILY = ["rouge1", "rouge3", "rougeL", "rougeLsum", "rougeW-1.2", "rougeS2", "rougeSU*"]


def random_texts(seed: int, n: int) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(ALPHABET) for _ in range(rng.choice([0, 1, 5, 30, 120]))) for _ in range(n)]


@pytest.mark.parametrize("seed", range(3))
def test_rouge_family_on_random_texts(seed):
    preds, refs = random_texts(seed, 120), random_texts(seed + 100, 120)
    multi = [[r, p[::-1], ""] for r, p in zip(refs, preds)]
    for stem in (False, True):
        out = rougebleu.rouge(preds, multi, rouge_types=FAMILY, use_stemmer=stem, workers=2)
        for arrays in out.values():
            for a in arrays:
                assert np.all((a >= 0) & (a <= 1 + 1e-12))
    corpus = rougebleu.rouge_corpus(preds, refs, rouge_types=FAMILY, n_bootstrap=50, seed=seed)
    assert all(0 <= iv.low <= iv.high <= 1 + 1e-12 for s in corpus.values() for iv in s)


@pytest.mark.parametrize("tokenize", ["13a", "intl", "zh", "zh-fixed", "char", "none"])
def test_bleu_on_random_texts(tokenize):
    hyps, refs = random_texts(7, 150), random_texts(8, 150)
    bleu = rougebleu.BLEU(tokenize=tokenize, effective_order=True)
    score = bleu.corpus_score(hyps, [refs]).score
    assert 0 <= score <= 100
    scores = bleu.sentence_scores(hyps, [refs], workers=2)
    assert np.all((scores >= 0) & (scores <= 100))
    matrix = bleu.pairwise(hyps[:20], refs[:30])
    assert matrix.shape == (20, 30) and np.all((matrix >= 0) & (matrix <= 100))


def test_nltk_and_matlab_on_random_texts():
    texts = random_texts(11, 80)
    for a, b in zip(texts, texts[1:]):
        value = rb_nltk.sentence_bleu([b.split()], a.split(), smoothing_function=rb_nltk.SmoothingFunction().method1)
        assert 0 <= value <= 1
        cand, ref = rougebleu.tokenizedDocument(a), rougebleu.tokenizedDocument(b)
        for method in ("n-grams", "longest-common-subsequences", "weighted-subsequences", "skip-bigrams"):
            v = rougebleu.rougeEvaluationScore(cand, ref, rouge_method=method)
            assert math.isnan(v) or 0 <= v <= 1 + 1e-12
        v = rougebleu.bleuEvaluationScore(cand, ref)
        assert math.isnan(v) or 0 <= v <= 1
