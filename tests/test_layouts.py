"""The reference-layout mistakes rougebleu recognises (docs/layouts.md), each with an error that
says how to fix it."""

from __future__ import annotations

import pytest

import rougebleu

HYPS = ["the cat sat on the mat", "a dog barked", "it rained all day"]
REFS_A = ["the cat is on the mat", "the dog barked", "it rained the whole day"]
REFS_B = ["a cat sat on a mat", "a dog was barking", "rain fell all day"]


@pytest.mark.parametrize("metric", [rougebleu.BLEU, rougebleu.CHRF, rougebleu.TER])
def test_per_prediction_references_where_streams_are_expected(metric) -> None:
    per_prediction = [[a, b] for a, b in zip(REFS_A, REFS_B)]
    with pytest.raises(ValueError, match=r"Hugging Face evaluate's layout.*zip\(\*references\)"):
        metric().corpus_score(HYPS, per_prediction)
    # One reference per prediction, wrapped per prediction, is the same mistake.
    with pytest.raises(ValueError, match="Hugging Face evaluate's layout"):
        metric().corpus_score(HYPS, [[a] for a in REFS_A])
    # The fix the message gives works.
    fixed = [list(s) for s in zip(*per_prediction)]
    assert metric().corpus_score(HYPS, fixed).score == metric().corpus_score(HYPS, [REFS_A, REFS_B]).score


@pytest.mark.parametrize("metric", [rougebleu.BLEU, rougebleu.CHRF, rougebleu.TER])
def test_a_single_stream_not_wrapped(metric) -> None:
    with pytest.raises(TypeError, match=r"wrap a single reference stream in a list: \[refs\]"):
        metric().corpus_score(HYPS, REFS_A)


def test_swapped_arguments_in_rouge() -> None:
    several = [[a, b] for a, b in zip(REFS_A, REFS_B)]
    for call in (rougebleu.rouge, rougebleu.rouge_corpus):
        with pytest.raises(TypeError, match="predictions and references look swapped"):
            call(several, HYPS)
    # The right order works, and a matching layout with lists on both sides is not called swapped.
    assert len(rougebleu.rouge(HYPS, several)["rougeL"].fmeasure) == 3
    tokens = [h.split() for h in HYPS]
    pairs = rougebleu.rouge(tokens, [r.split() for r in REFS_A], rouge_types=["rouge1"], pretokenized=True)
    assert len(pairs["rouge1"].fmeasure) == 3


def test_layouts_page_lists_every_api() -> None:
    from pathlib import Path

    page = (Path(__file__).resolve().parents[1] / "docs" / "layouts.md").read_text(encoding="utf-8")
    for api in (
        "rougebleu.rouge",
        "rouge_score",
        "sacrebleu",
        "Hugging Face evaluate",
        "NLTK",
        "MATLAB",
        "ROUGE-1.5.5",
    ):
        assert api in page, api
