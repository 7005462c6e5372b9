"""rougeEvaluationScore / bleuEvaluationScore beyond the seed examples: hand-computed L, W, S
and SU with sentence details and several references, the NaN and zero rules, input forms,
batches and extractSummary."""

from __future__ import annotations

import math

import numpy as np
import pytest

from rougebleu import (
    bleu_evaluation_score,
    bleu_evaluation_score_batch,
    extract_summary,
    lexrank_scores,
    rouge_evaluation_score,
    rouge_evaluation_score_batch,
    tokenizedDocument,
)

L, W, S, SU = "longest-common-subsequences", "weighted-subsequences", "skip-bigrams", "skip-bigrams-and-unigrams"


def sentences(text: str):
    """Sentence details from the punctuation, then the punctuation erased."""
    return tokenizedDocument(text).add_sentence_details().erase_punctuation()


def close(a: float, b: float) -> bool:
    return abs(a - b) <= 1e-15


def test_ngrams_are_counted_per_reference_sentence() -> None:
    cand = tokenizedDocument("the cat sat")
    ref = tokenizedDocument("the cat. the cat sat.")
    # One sentence: bigrams the-cat, cat-., .-the, the-cat, cat-sat, sat-. -> hits 2 of 6.
    assert close(rouge_evaluation_score(cand, ref, ngram_length=2), 2 / 6)
    # Sentences [the cat] [the cat sat]: 1 + 2 hits of 1 + 2 bigrams, each sentence clipped alone.
    assert rouge_evaluation_score(cand, sentences("the cat. the cat sat."), ngram_length=2) == 1.0


def test_union_lcs_with_sentences_and_references() -> None:
    # Lin 2004 §3.2: r = a b c d e; c1 = a b f g h, c2 = a c h i e -> union LCS {a b c e}.
    cand = sentences("a b f g h. a c h i e.")
    ref1 = sentences("a b c d e.")
    r, p = 4 / 5, 4 / 10
    assert close(rouge_evaluation_score(cand, ref1, rouge_method=L), 2 * p * r / (p + r))  # 8/15
    assert close(rouge_evaluation_score(cand, ref1, rouge_method=L, beta=2), 5 * p * r / (r + 4 * p))  # 2/3
    # A second reference equal to c1: R = 5/5, P = 5/10 -> F1 = 2/3 beats 8/15.
    ref2 = sentences("a b f g h.")
    assert close(rouge_evaluation_score(cand, [ref1, ref2], rouge_method=L), 2 / 3)
    assert close(rouge_evaluation_score(cand, [ref1, ref2], rouge_method=L, beta=2), 5 / 6)


def test_weighted_lcs_by_hand() -> None:
    cand = tokenizedDocument("a b c d")
    ref = tokenizedDocument("a b x c d")
    for w in (2.0, 1.2):
        wlcs = 2 * 2**w  # runs "a b" and "c d"
        r = (wlcs / 5**w) ** (1 / w)
        p = (wlcs / 4**w) ** (1 / w)
        got = rouge_evaluation_score(cand, ref, rouge_method=W, weight=w)
        assert abs(got - 2 * p * r / (p + r)) <= 1e-14
    # Consecutive matches weigh more: "a b c d" beats "a c b d" against "a b c d e".
    assert rouge_evaluation_score("a b c d", "a b c d e", rouge_method=W) > rouge_evaluation_score(
        "a c b d", "a b c d e", rouge_method=W
    )
    assert rouge_evaluation_score(cand, [ref, cand], rouge_method="weighted-longest-common-subsequences") == 1.0
    # ROUGE-W follows the page's document-level formula: sentence details do not change it.
    with_s, without = sentences("a b. c d."), tokenizedDocument("a b c d")
    assert rouge_evaluation_score(with_s, ref, rouge_method=W) == rouge_evaluation_score(without, ref, rouge_method=W)
    # With two references the better one counts.
    two = rouge_evaluation_score(cand, [tokenizedDocument("x y z"), ref], rouge_method=W, weight=2.0)
    assert two == rouge_evaluation_score(cand, ref, rouge_method=W, weight=2.0) > 0


def test_skip_bigrams_with_sentences_and_references() -> None:
    cand = sentences("a b c. d e.")  # pairs ab ac bc | de
    ref1 = sentences("a b c d e.")  # 10 pairs within distance 4
    assert close(rouge_evaluation_score(cand, ref1, rouge_method=S), 2 * 0.4 / 1.4)  # R 4/10, P 4/4 -> 4/7
    # Distance 1: ref pairs ab ac bc bd cd ce de (7); hits 4 -> R 4/7, P 1 -> 8/11.
    assert close(rouge_evaluation_score(cand, ref1, rouge_method=S, skip_distance=1), 8 / 11)
    # SU adds 5 unigram hits: R = 9/15, P = 9/9 -> 0.75.
    assert close(rouge_evaluation_score(cand, ref1, rouge_method=SU), 0.75)
    # ref2 = [a b] [c d e]: pairs ab | cd ce de, hits ab de -> 0.5 < 4/7.
    ref2 = sentences("a b. c d e.")
    assert close(rouge_evaluation_score(cand, ref2, rouge_method=S), 0.5)
    assert close(rouge_evaluation_score(cand, [ref2, ref1], rouge_method=S), 4 / 7)
    # Any gap: "a x x x x x b" has the pair a-b only beyond distance 4.
    far = tokenizedDocument("a x x x x x b")
    assert rouge_evaluation_score("a b", far, rouge_method=S) == 0.0
    assert rouge_evaluation_score("a b", far, rouge_method=S, skip_distance=math.inf) > 0.0
    assert rouge_evaluation_score("a b", far, rouge_method=S, skip_distance=None) > 0.0


@pytest.mark.parametrize("method", ["n-grams", L, W, S, SU])
def test_nan_and_zero_rules(method: str) -> None:
    empty = tokenizedDocument("")
    assert math.isnan(rouge_evaluation_score(empty, empty, rouge_method=method))
    assert math.isnan(rouge_evaluation_score(empty, [empty, empty], rouge_method=method))
    assert rouge_evaluation_score(empty, "some words here", rouge_method=method) == 0.0
    assert rouge_evaluation_score("x y z", "some words here", rouge_method=method) == 0.0
    assert rouge_evaluation_score("some words here", "some words here", rouge_method=method) == 1.0


def test_ngram_length_tips() -> None:
    # Longest reference shorter than n -> NaN; candidate shorter than n -> 0.
    assert math.isnan(rouge_evaluation_score("a b c d", ["a b", "a b c"], ngram_length=4))
    assert rouge_evaluation_score("a b", "a b c d", ngram_length=3) == 0.0
    # A too-short reference is left out of the maximum (MATLAB's max omits NaN).
    assert rouge_evaluation_score("a b c", [tokenizedDocument("a"), tokenizedDocument("a b c")], ngram_length=2) == 1.0


def test_input_forms() -> None:
    refs = ["the quick brown fox jumped over the lazy dog", "the quick brown animal jumped over the lazy dog"]
    cand = "the fast brown fox jumped over the lazy dog"
    expected = 8 / 9
    assert rouge_evaluation_score(cand, tokenizedDocument(refs)) == expected
    assert rouge_evaluation_score(cand, [tokenizedDocument(r) for r in refs]) == expected
    assert rouge_evaluation_score(cand.split(), tokenizedDocument(refs)) == expected
    # A string or a list of words is ONE reference document.
    assert rouge_evaluation_score(cand, refs[1]) == 7 / 9
    assert rouge_evaluation_score(cand, refs[1].split()) == 7 / 9
    assert bleu_evaluation_score(cand, refs[0]) == bleu_evaluation_score(cand.split(), refs[0].split())


def test_bleu_rules() -> None:
    assert bleu_evaluation_score("a b c", "a b c") == 0.0  # fewer words than weights
    assert bleu_evaluation_score("a b c", "a b c", ngram_weights=[1, 1, 1]) == 1.0
    assert math.isnan(bleu_evaluation_score("", ""))
    assert math.isnan(bleu_evaluation_score(tokenizedDocument(""), tokenizedDocument(["", ""])))
    assert bleu_evaluation_score("", "a b c d") == 0.0
    # Brevity penalty from the closest reference length (2 words vs 4): exp(1 - 4/2).
    assert close(bleu_evaluation_score("a b", [["a", "b", "c", "d"]], ngram_weights=[1]), math.exp(-1))
    assert close(
        bleu_evaluation_score("a b", tokenizedDocument(["a b c d", "x y z w v u t s"]), ngram_weights=1), math.exp(-1)
    )
    # Clipping: "the the the" against "the cat" has unigram precision 1/3.
    assert close(bleu_evaluation_score("the the the", "the cat", ngram_weights=[1]), 1 / 3)
    # IgnoreCase.
    assert bleu_evaluation_score("The cat", "the cat", ngram_weights=[1]) == 0.5
    assert bleu_evaluation_score("The Cat", "the cat", ngram_weights=[1], ignore_case=True) == 1.0


def test_batches_match_single_calls_for_any_worker_count() -> None:
    rng = np.random.default_rng(7)
    words = ["a", "b", "c", "d", "e", "f", "g", "."]
    texts = [" ".join(rng.choice(words, size=rng.integers(0, 15))) for _ in range(60)]
    cands = [sentences(t) for t in texts[:30]]
    refs = [[sentences(texts[30 + i]), tokenizedDocument(texts[(i * 7) % 60])] for i in range(30)]
    for method in ["n-grams", L, W, S, SU]:
        single = np.array(
            [rouge_evaluation_score(c, r, rouge_method=method, ngram_length=2) for c, r in zip(cands, refs)]
        )
        for workers in (None, 1, 3):
            got = rouge_evaluation_score_batch(cands, refs, rouge_method=method, ngram_length=2, workers=workers)
            np.testing.assert_array_equal(got, single)
    single = np.array([bleu_evaluation_score(c, r, ngram_weights=[1, 1]) for c, r in zip(cands, refs)])
    for workers in (None, 1, 2):
        np.testing.assert_array_equal(
            bleu_evaluation_score_batch(cands, refs, ngram_weights=[1, 1], workers=workers), single
        )


def test_documents_pickle() -> None:
    import pickle

    doc = tokenizedDocument("a b. c").add_sentence_details()
    arr = tokenizedDocument(["x y", "z"])
    assert pickle.loads(pickle.dumps(doc)) == doc
    assert pickle.loads(pickle.dumps(doc)).sentences == [["a", "b", "."], ["c"]]
    assert pickle.loads(pickle.dumps(arr)) == arr


def test_extract_summary_options() -> None:
    docs = tokenizedDocument(
        [
            "The quick brown fox jumped over the lazy dog.",
            "The fox jumped over the dog.",
            "The lazy dog saw a fox jumping.",
            "There seem to be animals jumping other animals.",
            "There are quick animals and lazy animals",
        ]
    )
    scores = lexrank_scores(docs)
    assert scores.shape == (5,) and abs(scores.sum() - 1) < 1e-12
    summary, top = extract_summary(docs, summary_size=3, return_scores=True)
    assert len(summary) == 3
    assert list(top) == sorted(scores, reverse=True)[:3]
    assert summary[0] == docs[0]
    assert len(extract_summary(docs, summary_size=10)) == 5
    assert len(extract_summary(tokenizedDocument(["a"] * 11))) == 2  # ceil(11 / 10)
