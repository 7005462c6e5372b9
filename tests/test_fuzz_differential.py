"""Differential fuzzing: random texts built to hit tokenizer edge cases (tests/fuzz_support.py),
scored by rougebleu and by the reference itself through every public entry point, compared with
``==``. The bounded "ci" profile runs in the test suite; ``make fuzz`` runs the "long" one."""

from __future__ import annotations

import warnings

import pytest
from fuzz_support import count, pairs, texts
from hypothesis import given
from hypothesis import strategies as st

import rougebleu
from rougebleu import nltk as rb_nltk

rouge_scorer = pytest.importorskip("rouge_score.rouge_scorer")
sacrebleu = pytest.importorskip("sacrebleu")
nltk_bleu = pytest.importorskip("nltk.translate.bleu_score")

ROUGE_TYPES = ["rouge1", "rouge2", "rouge3", "rougeL", "rougeLsum"]
_REF_SCORERS = {s: rouge_scorer.RougeScorer(ROUGE_TYPES, use_stemmer=s) for s in (False, True)}
_OUR_SCORERS = {s: rougebleu.RougeScorer(ROUGE_TYPES, use_stemmer=s) for s in (False, True)}


def _same_scores(ours: dict, theirs: dict) -> None:
    for t in ROUGE_TYPES:
        assert tuple(ours[t]) == tuple(theirs[t]), t
        assert [type(x) for x in ours[t]] == [type(x) for x in theirs[t]], t
    count("rouge_score", 3 * len(ROUGE_TYPES))


@given(pairs(), st.booleans())
def test_rouge_score(pairs, stem):
    ref, ours = _REF_SCORERS[stem], _OUR_SCORERS[stem]
    preds, targets = [p for p, _ in pairs], [t for _, t in pairs]
    for p, t in pairs:
        _same_scores(ours.score(t, p), ref.score(t, p))
    # The batch forms: dicts, and the columnar arrays.
    for got, (p, t) in zip(ours.score_batch(targets, preds, workers=1), pairs):
        _same_scores(got, ref.score(t, p))
    arrays = rougebleu.rouge(preds, targets, rouge_types=ROUGE_TYPES, use_stemmer=stem)
    for i, (p, t) in enumerate(pairs):
        want = ref.score(t, p)
        for k in ROUGE_TYPES:
            got = (arrays[k].precision[i], arrays[k].recall[i], arrays[k].fmeasure[i])
            assert got == tuple(float(x) for x in want[k])
            count("rouge_score", 3)


@given(texts(), st.lists(texts(), min_size=1, max_size=4), st.booleans())
def test_rouge_score_multi(pred, targets, stem):
    _same_scores(_OUR_SCORERS[stem].score_multi(targets, pred), _REF_SCORERS[stem].score_multi(targets, pred))


def _same_bleu(ours, theirs) -> None:
    assert ours.score == theirs.score
    assert list(ours.counts) == list(theirs.counts) and list(ours.totals) == list(theirs.totals)
    assert (ours.sys_len, ours.ref_len, ours.bp) == (theirs.sys_len, theirs.ref_len, theirs.bp)
    assert list(ours.precisions) == list(theirs.precisions)
    count("sacrebleu", 4 + len(ours.counts) * 3)


@given(
    pairs(max_size=5),
    st.sampled_from(["13a", "intl", "zh", "char", "none"]),
    st.booleans(),
    st.sampled_from(["exp", "floor", "add-k", "none"]),
)
def test_sacrebleu_bleu(pairs, tokenize, lowercase, smooth):
    hyps, refs = [h for h, _ in pairs], [r for _, r in pairs]
    kw = {"tokenize": tokenize, "lowercase": lowercase, "smooth_method": smooth}
    _same_bleu(rougebleu.BLEU(**kw).corpus_score(hyps, [refs]), sacrebleu.BLEU(**kw).corpus_score(hyps, [refs]))
    ours = rougebleu.BLEU(effective_order=True, **kw)
    batch = ours.sentence_scores(hyps, [refs], workers=1)
    for i, (h, r) in enumerate(pairs):
        theirs = sacrebleu.BLEU(effective_order=True, **kw).sentence_score(h, [r])
        _same_bleu(ours.sentence_score(h, [r]), theirs)
        assert batch[i] == theirs.score
        count("sacrebleu")


@given(st.lists(st.tuples(texts(), st.lists(texts(), min_size=1, max_size=3)), min_size=1, max_size=4))
def test_sacrebleu_bleu_several_references(items):
    hyps = [h for h, _ in items]
    k = max(len(rs) for _, rs in items)
    # sacrebleu's streams, with None where a segment has fewer references.
    streams = [[rs[j] if j < len(rs) else None for _, rs in items] for j in range(k)]
    _same_bleu(rougebleu.BLEU().corpus_score(hyps, streams), sacrebleu.BLEU().corpus_score(hyps, streams))


_SMOOTHING = [None] + [getattr(nltk_bleu.SmoothingFunction(), f"method{i}") for i in range(1, 8)]
_OUR_SMOOTHING = [None] + [getattr(rb_nltk.SmoothingFunction(), f"method{i}") for i in range(1, 8)]


@given(
    st.lists(st.tuples(texts(), st.lists(texts(), min_size=1, max_size=3)), min_size=1, max_size=4),
    st.integers(0, 7),
    st.sampled_from([(0.25,) * 4, (0.5, 0.5), (1.0,), (0.1, 0.2, 0.3, 0.2, 0.2)]),
)
def test_nltk_bleu(items, method, weights):
    hyps = [h.split() for h, _ in items]
    refs = [[r.split() for r in rs] for _, rs in items]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            theirs = nltk_bleu.corpus_bleu(refs, hyps, weights, _SMOOTHING[method])
        except (ZeroDivisionError, ValueError, AssertionError, IndexError) as e:  # NLTK's own failures
            with pytest.raises(type(e)):
                rb_nltk.corpus_bleu(refs, hyps, weights, _OUR_SMOOTHING[method])
            count("nltk")
            return
        ours = rb_nltk.corpus_bleu(refs, hyps, weights, _OUR_SMOOTHING[method])
    assert ours == theirs and type(ours) is type(theirs)
    count("nltk")


@given(
    pairs(max_size=5),
    st.integers(0, 6),
    st.integers(0, 3),
    st.sampled_from([1, 2, 3]),
    st.booleans(),
    st.booleans(),
    st.booleans(),
)
def test_sacrebleu_chrf(pairs, char_order, word_order, beta, lowercase, whitespace, eps):
    if char_order == 0 and word_order == 0:
        char_order = 6
    kw = {
        "char_order": char_order,
        "word_order": word_order,
        "beta": beta,
        "lowercase": lowercase,
        "whitespace": whitespace,
        "eps_smoothing": eps,
    }
    hyps, refs = [h for h, _ in pairs], [r for _, r in pairs]
    ours, theirs = rougebleu.CHRF(**kw).corpus_score(hyps, [refs]), sacrebleu.CHRF(**kw).corpus_score(hyps, [refs])
    assert ours.score == theirs.score
    metric = rougebleu.CHRF(**kw)
    batch = metric.sentence_scores(hyps, [refs], workers=1)
    for i, (h, r) in enumerate(pairs):
        want = sacrebleu.CHRF(**kw).sentence_score(h, [r]).score
        assert metric.sentence_score(h, [r]).score == want
        assert batch[i] == want
    count("sacrebleu chrF", 1 + 2 * len(pairs))


@given(pairs(max_size=4), st.booleans(), st.booleans(), st.booleans(), st.booleans())
def test_sacrebleu_ter(pairs, normalized, no_punct, asian_support, case_sensitive):
    kw = {
        "normalized": normalized,
        "no_punct": no_punct,
        "asian_support": asian_support,
        "case_sensitive": case_sensitive,
    }
    hyps, refs = [h for h, _ in pairs], [r for _, r in pairs]
    ours, theirs = rougebleu.TER(**kw).corpus_score(hyps, [refs]), sacrebleu.TER(**kw).corpus_score(hyps, [refs])
    assert (ours.score, ours.num_edits, ours.ref_length) == (theirs.score, theirs.num_edits, theirs.ref_length)
    metric = rougebleu.TER(**kw)
    batch = metric.sentence_scores(hyps, [refs], workers=1)
    for i, (h, r) in enumerate(pairs):
        want = sacrebleu.TER(**kw).sentence_score(h, [r])
        got = metric.sentence_score(h, [r])
        assert (got.score, got.num_edits, got.ref_length) == (want.score, want.num_edits, want.ref_length)
        assert batch[i] == want.score
    count("sacrebleu TER", 3 + 4 * len(pairs))
