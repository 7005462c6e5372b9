"""Every example of MATLAB's rougeEvaluationScore and bleuEvaluationScore pages (the project's
seed documents), at the printed precision and as exact values."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

import rougebleu
from rougebleu.matlab import (
    TokenizedDocumentArray,
    bleuEvaluationScore,
    extractSummary,
    rougeEvaluationScore,
    tokenizedDocument,
)

SUMMARY_SOURCES = [
    "The fox jumped over the dog.",
    "The fast brown fox jumped over the lazy dog.",
    "The lazy dog saw a fox jumping.",
    "There seem to be animals jumping other animals.",
    "There are quick animals and lazy animals",
]
BLEU_REFERENCES = [
    "The quick brown animal jumped over the lazy dog.",
    "The quick brown fox jumped over the lazy dog.",
]


def printed(x: float) -> str:
    """MATLAB's `format short` for a score in [0, 1]: 1 prints as "1"."""
    return "1" if x == 1 else f"{x:.4f}"


# rougeEvaluationScore, example "Evaluate Similarity".
def test_rouge_evaluate_similarity() -> None:
    candidate = tokenizedDocument("the fast brown fox jumped over the lazy dog")
    assert repr(candidate) == "tokenizedDocument:\n\n   9 tokens: the fast brown fox jumped over the lazy dog"
    references = tokenizedDocument(
        ["the quick brown animal jumped over the lazy dog", "the quick brown fox jumped over the lazy dog"]
    )
    assert isinstance(references, TokenizedDocumentArray)
    assert repr(references) == (
        "2×1 tokenizedDocument:\n\n"
        "    9 tokens: the quick brown animal jumped over the lazy dog\n"
        "    9 tokens: the quick brown fox jumped over the lazy dog"
    )
    score = rougeEvaluationScore(candidate, references)
    assert printed(score) == "0.8889"
    assert score == float(Fraction(8, 9))


# rougeEvaluationScore, example "Specify N-Gram Lengths".
def test_rouge_specify_ngram_lengths() -> None:
    candidate = tokenizedDocument("a simple summary document containing some words")
    assert str(candidate) == "7 tokens: a simple summary document containing some words"
    references = tokenizedDocument(["a simple document", "another document with some words"])
    assert [str(d) for d in references] == [
        "3 tokens: a simple document",
        "5 tokens: another document with some words",
    ]
    assert printed(rougeEvaluationScore(candidate, references)) == "1"
    assert rougeEvaluationScore(candidate, references) == 1.0
    score = rougebleu.rouge_evaluation_score(candidate, references, ngram_length=2)
    assert printed(score) == "0.5000"
    assert score == 0.5


@pytest.fixture(scope="module")
def summary() -> TokenizedDocumentArray:
    documents = tokenizedDocument(SUMMARY_SOURCES)
    return extractSummary(documents)


# bleuEvaluationScore, the extractSummary step shared by both examples.
def test_extract_summary_of_the_bleu_examples(summary: TokenizedDocumentArray) -> None:
    assert len(summary) == 1
    assert str(summary[0]) == "10 tokens: The fast brown fox jumped over the lazy dog ."
    assert repr(summary) == "1×1 tokenizedDocument:\n\n    10 tokens: The fast brown fox jumped over the lazy dog ."


# bleuEvaluationScore, examples "Evaluate Summary" and "Specify N-Gram Weights" (default weights).
def test_bleu_evaluate_summary(summary: TokenizedDocumentArray) -> None:
    references = tokenizedDocument(BLEU_REFERENCES)
    score = bleuEvaluationScore(summary, references)
    assert printed(score) == "0.7825"
    # (9/10 · 7/9 · 6/8 · 5/7)^(1/4) = 0.375^(1/4)
    assert Fraction(9, 10) * Fraction(7, 9) * Fraction(6, 8) * Fraction(5, 7) == Fraction(3, 8)
    assert abs(score - 0.375**0.25) <= 1e-15


# bleuEvaluationScore, example "Specify N-Gram Weights" with [0.5 0.5].
def test_bleu_specify_ngram_weights(summary: TokenizedDocumentArray) -> None:
    references = tokenizedDocument(BLEU_REFERENCES)
    score = rougebleu.bleu_evaluation_score(summary, references, ngram_weights=[0.5, 0.5])
    assert printed(score) == "0.8367"
    assert Fraction(9, 10) * Fraction(7, 9) == Fraction(7, 10)
    assert abs(score - math.sqrt(0.7)) <= 1e-15
    # Weights are normalised: [1 1] is [0.5 0.5].
    assert rougebleu.bleu_evaluation_score(summary, references, ngram_weights=[1, 1]) == score


# extractSummary's own page: the same documents with "quick" in the first one.
def test_extract_summary_page_example() -> None:
    documents = tokenizedDocument(
        ["The quick brown fox jumped over the lazy dog."] + SUMMARY_SOURCES[:1] + SUMMARY_SOURCES[2:]
    )
    summary = extractSummary(documents)
    assert str(summary[0]) == "10 tokens: The quick brown fox jumped over the lazy dog ."
