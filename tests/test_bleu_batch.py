"""Batch BLEU: sentence scores, all-pairs matrices and per-segment statistics as NumPy arrays,
equal to sacrebleu's one-at-a-time numbers and bit-identical for every `workers` value."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from bleu_cases import EDGE_CASES

from rougebleu.mt.bleu import BLEU


def _texts(corpus: Path, name: str, n: int) -> list[str]:
    with open(corpus / "mt" / "wmt17_en-de" / name, encoding="utf-8", newline="\n") as f:
        return [line.rstrip("\n") for line in f][:n]


@pytest.mark.parametrize(
    "kw",
    [
        dict(effective_order=True),
        dict(),
        dict(tokenize="intl", lowercase=True, smooth_method="floor"),
        dict(tokenize="char", smooth_method="add-k", smooth_value=0.5, effective_order=True),
        dict(smooth_method="none", max_ngram_order=2),
        dict(max_ngram_order=6, effective_order=True),
    ],
)
def test_pairwise_equals_sacrebleu_loop(corpus: Path, kw: dict) -> None:
    sacrebleu = pytest.importorskip("sacrebleu")
    hyps = _texts(corpus, "newstest2017.online-A.0.en-de.de", 25) + ["", "a"]
    refs = _texts(corpus, "newstest2017.en-de.ref.de", 20) + ["", "a b c"]
    got = BLEU(**kw).pairwise(hyps, refs, workers=1)
    assert got.shape == (len(hyps), len(refs)) and got.dtype == np.float64
    m = sacrebleu.BLEU(**kw)
    want = [[m.sentence_score(h, [r]).score for r in refs] for h in hyps]
    assert got.tolist() == want


def test_pairwise_diagonal_is_sentence_scores(corpus: Path) -> None:
    hyps = _texts(corpus, "newstest2017.KIT.4950.en-de.de", 200)
    refs = _texts(corpus, "newstest2017.en-de.ref.de", 200)
    m = BLEU(effective_order=True)
    assert np.diag(m.pairwise(hyps, refs)).tolist() == m.sentence_scores(hyps, [refs]).tolist()


def test_results_are_bit_identical_for_every_worker_count(corpus: Path) -> None:
    hyps = _texts(corpus, "newstest2017.uedin-nmt.4722.en-de.de", 600)
    refs = _texts(corpus, "newstest2017.en-de.ref.de", 600)
    m = BLEU(effective_order=True)
    base_s = m.sentence_scores(hyps, [refs], workers=1)
    base_p = m.pairwise(hyps[:80], refs[:70], workers=1)
    base_st = m.segment_statistics(hyps, [refs], workers=1)
    for w in (2, 3, None, -1):
        assert m.sentence_scores(hyps, [refs], workers=w).tobytes() == base_s.tobytes()
        assert m.pairwise(hyps[:80], refs[:70], workers=w).tobytes() == base_p.tobytes()
        assert np.array_equal(m.segment_statistics(hyps, [refs], workers=w), base_st)
    with pytest.raises(ValueError, match="workers"):
        m.sentence_scores(hyps, [refs], workers=0)
    with pytest.raises(ValueError, match="workers"):
        m.pairwise(hyps, refs, workers=-3)


def test_segment_statistics_layout_and_aggregation() -> None:
    hyps, refs = EDGE_CASES["reference_length_ties"]
    m = BLEU(max_ngram_order=3)
    st = m.segment_statistics(hyps, refs)
    assert st.dtype == np.int64 and st.shape == (2, 2 + 2 * 3)
    # hyp 5 tokens vs refs of 4 and 6: tie goes to the shorter reference.
    assert st[0, :2].tolist() == [5, 4]
    assert st[1, :2].tolist() == [7, 6]
    assert m.score_from_statistics(st.sum(axis=0)).score == m.corpus_score(hyps, refs).score


def test_cached_references_serve_batch_calls() -> None:
    hyps, refs = EDGE_CASES["non_ascii_punctuation"]
    cached = BLEU(effective_order=True, references=refs)
    fresh = BLEU(effective_order=True)
    assert cached.sentence_scores(hyps).tolist() == fresh.sentence_scores(hyps, refs).tolist()
    assert cached.corpus_score(hyps, None).score == fresh.corpus_score(hyps, refs).score
    with pytest.raises(ValueError, match="references"):
        fresh.sentence_scores(hyps)
