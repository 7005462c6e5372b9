"""Properties on random texts (tests/fuzz_support.py): results do not depend on the number of
workers or on how a batch is chunked, batch calls equal single calls, and summing statistics
over any partition of a corpus gives the whole corpus's score."""

from __future__ import annotations

import numpy as np
from fuzz_support import count, pairs, texts
from hypothesis import given
from hypothesis import strategies as st

import rougebleu

FAMILY = ["rouge1", "rouge2", "rougeL", "rougeLsum", "rougeW-1.2", "rougeS4", "rougeSU*"]


def _equal_arrays(a: dict, b: dict) -> None:
    for t in a:
        for x, y in zip(a[t], b[t]):
            np.testing.assert_array_equal(x, y)
            count("rougebleu (itself)", len(x))


@given(pairs(max_size=12), st.booleans(), st.integers(1, 5))
def test_rouge_same_for_any_workers_and_chunking(pairs, stem, chunk):
    preds, refs = [p for p, _ in pairs], [r for _, r in pairs]
    whole = rougebleu.rouge(preds, refs, rouge_types=FAMILY, use_stemmer=stem, workers=1)
    for w in (2, None, -1):
        _equal_arrays(whole, rougebleu.rouge(preds, refs, rouge_types=FAMILY, use_stemmer=stem, workers=w))
    parts = [
        rougebleu.rouge(preds[i : i + chunk], refs[i : i + chunk], rouge_types=FAMILY, use_stemmer=stem)
        for i in range(0, len(preds), chunk)
    ]
    joined = {
        t: [np.concatenate([getattr(p[t], f) for p in parts]) for f in ("precision", "recall", "fmeasure")]
        for t in FAMILY
    }
    _equal_arrays({t: list(whole[t]) for t in FAMILY}, joined)


@given(pairs(max_size=6), st.booleans())
def test_rouge_batch_equals_single_calls(pairs, stem):
    scorer = rougebleu.RougeScorer(FAMILY, use_stemmer=stem)
    preds, refs = [p for p, _ in pairs], [r for _, r in pairs]
    batch = scorer.score_batch(refs, preds, workers=2)
    arrays = rougebleu.rouge(preds, refs, rouge_types=FAMILY, use_stemmer=stem)
    for i, (p, r) in enumerate(pairs):
        single = scorer.score(r, p)
        assert batch[i] == single
        for t in FAMILY:
            assert (arrays[t].precision[i], arrays[t].recall[i], arrays[t].fmeasure[i]) == tuple(single[t])
        count("rougebleu (itself)", 6 * len(FAMILY))


@given(pairs(max_size=8), st.lists(texts(), min_size=1, max_size=5))
def test_bleu_batch_pairwise_and_workers(pairs, candidates):
    hyps, refs = [h for h, _ in pairs], [r for _, r in pairs]
    bleu = rougebleu.BLEU(effective_order=True)
    scores = bleu.sentence_scores(hyps, [refs], workers=1)
    for w in (2, None):
        np.testing.assert_array_equal(scores, bleu.sentence_scores(hyps, [refs], workers=w))
    for i, (h, r) in enumerate(pairs):
        assert scores[i] == bleu.sentence_score(h, [r]).score
    matrix = bleu.pairwise(hyps, candidates, workers=1)
    np.testing.assert_array_equal(matrix, bleu.pairwise(hyps, candidates, workers=2))
    for i, h in enumerate(hyps):
        for j, c in enumerate(candidates):
            assert matrix[i, j] == bleu.sentence_score(h, [c]).score
    count("rougebleu (itself)", 3 * len(hyps) + 2 * matrix.size)


@given(pairs(min_size=1, max_size=12), st.data())
def test_bleu_statistics_merge_to_the_corpus_score(pairs, data):
    hyps, refs = [h for h, _ in pairs], [r for _, r in pairs]
    bleu = rougebleu.BLEU()
    whole = bleu.corpus_score(hyps, [refs])
    stats = bleu.segment_statistics(hyps, [refs])
    # A random partition, summed part by part in a random order.
    labels = data.draw(st.lists(st.integers(0, 3), min_size=len(hyps), max_size=len(hyps)))
    order = data.draw(st.permutations(sorted(set(labels))))
    total = np.zeros(stats.shape[1], dtype=np.int64)
    for part in order:
        rows = [i for i, lab in enumerate(labels) if lab == part]
        total += bleu.segment_statistics([hyps[i] for i in rows], [[refs[i] for i in rows]]).sum(axis=0)
    merged = bleu.score_from_statistics(total)
    assert (merged.score, merged.counts, merged.totals) == (whole.score, whole.counts, whole.totals)
    count("rougebleu (itself)", 1 + 2 * len(whole.counts))


@given(pairs(min_size=1, max_size=10), st.integers(1, 4))
def test_rouge_corpus_same_for_any_workers(pairs, workers):
    preds, refs = [p for p, _ in pairs], [r for _, r in pairs]
    kw = {"rouge_types": ["rouge1", "rougeL"], "n_bootstrap": 50, "seed": 3}
    a = rougebleu.rouge_corpus(preds, refs, workers=1, **kw)
    b = rougebleu.rouge_corpus(preds, refs, workers=workers, **kw)
    assert a == b
    count("rougebleu (itself)", 18)


@given(pairs(min_size=1, max_size=10), st.data(), st.sampled_from([0, 2]))
def test_chrf_and_ter_statistics_merge_and_workers(pairs, data, word_order):
    hyps, refs = [h for h, _ in pairs], [r for _, r in pairs]
    labels = data.draw(st.lists(st.integers(0, 3), min_size=len(hyps), max_size=len(hyps)))
    parts = [[i for i, lab in enumerate(labels) if lab == p] for p in sorted(set(labels))]
    chrf = rougebleu.CHRF(word_order=word_order)
    stats = chrf.segment_statistics(hyps, [refs])
    total = sum(chrf.segment_statistics([hyps[i] for i in p], [[refs[i] for i in p]]).sum(axis=0) for p in parts)
    assert chrf.score_from_statistics(total).score == chrf.corpus_score(hyps, [refs]).score
    np.testing.assert_array_equal(stats, chrf.segment_statistics(hyps, [refs], workers=2))
    ter = rougebleu.TER()
    scores = ter.sentence_scores(hyps, [refs], workers=1)
    np.testing.assert_array_equal(scores, ter.sentence_scores(hyps, [refs], workers=2))
    np.testing.assert_array_equal(ter.pairwise(hyps, refs, workers=1), ter.pairwise(hyps, refs, workers=None))
    count("rougebleu (itself)", 2 + stats.size + 2 * len(hyps) + len(hyps) ** 2)
