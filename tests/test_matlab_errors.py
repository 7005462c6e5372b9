"""Bad input to the MATLAB-style API: clear errors that name the argument."""

from __future__ import annotations

import math

import pytest

from rougebleu import (
    bleu_evaluation_score,
    bleu_evaluation_score_batch,
    extract_summary,
    rouge_evaluation_score,
    rouge_evaluation_score_batch,
    tokenizedDocument,
)

CAND = "the fast brown fox"
REFS = tokenizedDocument(["the quick brown fox", "a fox"])


@pytest.mark.parametrize("weights", [[-0.5, 1.5], [math.nan, 1.0], [0.0, 0.0], [], [math.inf]])
def test_bad_ngram_weights(weights: list[float]) -> None:
    with pytest.raises(ValueError, match="ngram_weights"):
        bleu_evaluation_score(CAND, REFS, ngram_weights=weights)


def test_ngram_weights_of_wrong_type() -> None:
    with pytest.raises(TypeError, match="ngram_weights"):
        bleu_evaluation_score(CAND, REFS, ngram_weights="0.5 0.5")
    with pytest.raises(TypeError, match="ngram_weights"):
        bleu_evaluation_score(CAND, REFS, ngram_weights=[0.5, "x"])


@pytest.mark.parametrize("n", [0, -1, 2.5])
def test_bad_ngram_length(n: float) -> None:
    with pytest.raises(ValueError, match="ngram_length"):
        rouge_evaluation_score(CAND, REFS, ngram_length=n)


def test_ngram_length_of_wrong_type() -> None:
    with pytest.raises(TypeError, match="ngram_length"):
        rouge_evaluation_score(CAND, REFS, ngram_length="2")
    with pytest.raises(TypeError, match="ngram_length"):
        rouge_evaluation_score(CAND, REFS, ngram_length=True)


def test_unknown_method_lists_the_valid_ones() -> None:
    with pytest.raises(ValueError, match="rouge_method.*'n-grams'.*'skip-bigrams-and-unigrams'"):
        rouge_evaluation_score(CAND, REFS, rouge_method="rouge-l")
    with pytest.raises(TypeError, match="rouge_method"):
        rouge_evaluation_score(CAND, REFS, rouge_method=2)


def test_other_bad_options() -> None:
    with pytest.raises(ValueError, match="skip_distance"):
        rouge_evaluation_score(CAND, REFS, rouge_method="skip-bigrams", skip_distance=0)
    with pytest.raises(ValueError, match="beta"):
        rouge_evaluation_score(CAND, REFS, rouge_method="longest-common-subsequences", beta=-1)
    with pytest.raises(ValueError, match="weight"):
        rouge_evaluation_score(CAND, REFS, rouge_method="weighted-subsequences", weight=0.5)
    with pytest.raises(TypeError, match="ignore_case"):
        bleu_evaluation_score(CAND, REFS, ignore_case="yes")
    with pytest.raises(ValueError, match="tokenize_method"):
        tokenizedDocument("a b", tokenize_method="mecab")


@pytest.mark.parametrize("candidate", [42, None, [1, 2], {"a": 1}])
def test_non_document_candidate(candidate: object) -> None:
    with pytest.raises(TypeError, match="candidate"):
        rouge_evaluation_score(candidate, REFS)
    with pytest.raises(TypeError, match="candidate"):
        bleu_evaluation_score(candidate, REFS)


def test_candidate_must_be_one_document() -> None:
    with pytest.raises(ValueError, match="candidate must be a single document"):
        rouge_evaluation_score(REFS, REFS)


def test_bad_references() -> None:
    with pytest.raises(TypeError, match="references"):
        rouge_evaluation_score(CAND, 3.5)
    with pytest.raises(TypeError, match="references"):
        bleu_evaluation_score(CAND, [tokenizedDocument("a"), 7])


def test_batch_shapes_and_workers() -> None:
    with pytest.raises(ValueError, match="same length"):
        rouge_evaluation_score_batch([CAND, CAND], [REFS])
    with pytest.raises(TypeError, match="candidates"):
        bleu_evaluation_score_batch(CAND, [REFS])
    with pytest.raises(TypeError, match=r"candidates\[1\]"):
        rouge_evaluation_score_batch([CAND, 5], [REFS, REFS])
    with pytest.raises(ValueError, match="workers"):
        rouge_evaluation_score_batch([CAND], [REFS], workers=0)


def test_bad_documents_and_summary_size() -> None:
    with pytest.raises(TypeError, match="documents"):
        extract_summary("one string")
    with pytest.raises(ValueError, match="summary_size"):
        extract_summary(REFS, summary_size=0)
    with pytest.raises(TypeError, match="text"):
        tokenizedDocument(12)
    with pytest.raises(ValueError, match="words"):
        tokenizedDocument("a b").remove_words([5])
