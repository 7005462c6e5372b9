"""The rouge_score-compatible API: argument checking, batches, threads, bytes, tokenizers, bootstrap."""

from __future__ import annotations

import math
import threading

import numpy as np
import pytest

import rougebleu
from rougebleu import BootstrapAggregator, RougeScorer, Score

TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]


def _corpus(n=300):
    words = "alpha beta gamma delta eps zeta eta theta iota kappa lambda mu".split()
    preds = [" ".join(words[(i * k) % 12] for k in range(1, 9 + i % 13)) + "\n" + words[i % 12] for i in range(n)]
    refs = [" ".join(words[(i + k * 5) % 12] for k in range(1, 11 + i % 7)) for i in range(n)]
    return preds, refs


# -- bad input ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "bad", ["rouge0", "rouge01", "rougeX", "ROUGE1", "rougel", "", "rougeW-1", "rougeW-0.5", "rougeS4.5", "rougeS-1"]
)
def test_unknown_rouge_type_is_a_value_error_naming_the_argument(bad):
    with pytest.raises(ValueError, match="rouge_types"):
        RougeScorer([bad])
    with pytest.raises(ValueError, match="rouge_types"):
        rougebleu.rouge(["a"], ["a"], rouge_types=[bad])


def test_bare_string_rouge_types_is_a_type_error():
    with pytest.raises(TypeError, match="rouge_types"):
        RougeScorer("rouge1")
    with pytest.raises(ValueError, match="rouge_types"):
        RougeScorer([])


@pytest.mark.parametrize(
    "preds,refs,exc,match",
    [
        ("a b", ["a b"], TypeError, "predictions"),
        (["a b"], "a b", TypeError, "references"),
        (["a b", "c"], ["a b"], ValueError, "same length"),
        ([None], ["a"], TypeError, r"predictions\[0\]"),
        (["a"], [None], TypeError, r"references\[0\]"),
        (["a"], [[]], ValueError, r"references\[0\]"),
        (["a"], [["a", 3]], TypeError, r"references\[0\]\[1\]"),
        ([1.5], ["a"], TypeError, r"predictions\[0\]"),
        (None, ["a"], TypeError, "predictions"),
    ],
)
def test_bad_batch_input(preds, refs, exc, match):
    with pytest.raises(exc, match=match):
        rougebleu.rouge(preds, refs)


@pytest.mark.parametrize("workers", [0, -2])
def test_bad_workers(workers):
    with pytest.raises(ValueError, match="workers"):
        rougebleu.rouge(["a"], ["a"], workers=workers)


def test_single_score_rejects_non_text():
    scorer = RougeScorer(TYPES)
    with pytest.raises(TypeError, match="target"):
        scorer.score(None, "a")
    with pytest.raises(TypeError, match="prediction"):
        scorer.score("a", 3)
    with pytest.raises(TypeError, match="targets"):
        scorer.score_multi("a b", "a")
    with pytest.raises(ValueError, match="targets"):
        scorer.score_multi([], "a")


def test_lone_surrogates_are_a_value_error_naming_the_argument():
    with pytest.raises(ValueError, match=r"predictions\[1\].*surrogate"):
        rougebleu.rouge(["a", "b\ud800c"], ["a", "b"])
    with pytest.raises(ValueError, match="target.*surrogate"):
        RougeScorer(TYPES).score("\udfff", "a")


def test_invalid_utf8_bytes_is_a_value_error():
    with pytest.raises(ValueError, match="prediction"):
        RougeScorer(TYPES).score("a", b"\xff\xfe")


# -- semantics ------------------------------------------------------------------------------
def test_bytes_are_read_as_utf8_like_rouge_score():
    rouge_scorer = pytest.importorskip("rouge_score.rouge_scorer")
    for stem in (False, True):
        theirs = rouge_scorer.RougeScorer(TYPES, use_stemmer=stem)
        ours = RougeScorer(TYPES, use_stemmer=stem)
        for target, pred in [
            ("The runners ran.\nCafé", "runners running café"),
            ("İstanbul 5\u212a\nİzmir", "istanbul 5k izmir"),
        ]:
            for t, p in [(target.encode(), pred.encode()), (target.encode(), pred), (target, pred.encode())]:
                assert ours.score(t, p) == theirs.score(t, p)


def test_custom_tokenizer_like_rouge_score():
    rouge_scorer = pytest.importorskip("rouge_score.rouge_scorer")

    class WhitespaceTokenizer:
        def tokenize(self, text):
            return text.split()

    target, pred = "The cat sat.\nOn the mat", "the cat sat on\nthe mat ."
    theirs = rouge_scorer.RougeScorer(TYPES, tokenizer=WhitespaceTokenizer()).score(target, pred)
    ours = RougeScorer(TYPES, tokenizer=WhitespaceTokenizer()).score(target, pred)
    assert ours == theirs
    assert ours["rouge1"].precision != RougeScorer(TYPES).score(target, pred)["rouge1"].precision
    with pytest.raises(TypeError, match="tokenizer"):
        RougeScorer(TYPES, tokenizer=object())


def test_split_summaries_needs_punkt():
    nltk = pytest.importorskip("nltk")
    try:
        nltk.sent_tokenize("A. B.")
    except LookupError:
        with pytest.raises(LookupError, match="punkt"):
            RougeScorer(["rougeLsum"], split_summaries=True)
        return
    rouge_scorer = pytest.importorskip("rouge_score.rouge_scorer")
    text_t, text_p = "One sentence here. Another one there.", "Another one here. One there."
    theirs = rouge_scorer.RougeScorer(["rougeLsum"], split_summaries=True).score(text_t, text_p)
    assert RougeScorer(["rougeLsum"], split_summaries=True).score(text_t, text_p) == theirs


def test_only_rougelsum_requested():
    s = RougeScorer(["rougeLsum"]).score("a b\nc d", "c d\na b")
    assert s["rougeLsum"] == Score(1.0, 1.0, 1.0)


def test_per_call_scores_are_ordinary_score_tuples():
    # score() builds each Score natively: it must be the same object a Python call would make.
    import gc
    import pickle
    import sys

    from rougebleu.rouge_score import rouge_scorer

    for scorer in (RougeScorer(TYPES), rouge_scorer.RougeScorer(TYPES)):
        got = scorer.score("The cat sat on the mat.", "the cat sat")
        s = got["rouge1"]
        assert type(s) is Score and gc.is_tracked(s)
        assert s == Score(*s) == tuple(s) and len(s) == 3
        assert s.fmeasure == s[2] and s._replace(recall=0.5).recall == 0.5
        assert pickle.loads(pickle.dumps(s)) == s
        # No reference leaked or missing: the items are held by `s` only, and `s` by the dict.
        other = Score(*[float(str(v)) for v in s])
        assert [sys.getrefcount(x) for x in s] == [sys.getrefcount(x) for x in other]
        assert sys.getrefcount(s) == sys.getrefcount(other) + 1
        gc.collect()
        assert got["rouge1"] == s


def test_score_multi_takes_each_type_from_its_best_reference():
    scorer = RougeScorer(["rouge1", "rouge2"])
    refs = ["w x y z", "x w z y"]
    best = scorer.score_multi(refs, "w x z y")
    assert best["rouge1"] == scorer.score(refs[0], "w x z y")["rouge1"]  # tie -> first
    assert best["rouge2"] == scorer.score(refs[1], "w x z y")["rouge2"]


# -- batches and threads --------------------------------------------------------------------
def test_results_are_identical_for_any_worker_count():
    preds, refs = _corpus()
    multi = [[r, p[::-1]] for r, p in zip(refs, preds)]
    for stem in (False, True):
        base = rougebleu.rouge(preds, multi, rouge_types=TYPES, use_stemmer=stem, workers=1)
        for workers in (None, -1, 2, 3, 8):
            got = rougebleu.rouge(preds, multi, rouge_types=TYPES, use_stemmer=stem, workers=workers)
            for t in TYPES:
                for field in ("precision", "recall", "fmeasure"):
                    np.testing.assert_array_equal(getattr(got[t], field), getattr(base[t], field))


def test_concurrent_python_threads_get_identical_results():
    preds, refs = _corpus(200)
    expected = rougebleu.rouge(preds, refs, use_stemmer=True, workers=1)
    scorer = RougeScorer(TYPES, use_stemmer=True)
    expected_single = [scorer.score(r, p) for r, p in zip(refs, preds)]
    failures = []

    def work(seed):
        for _ in range(3):
            got = rougebleu.rouge(preds, refs, use_stemmer=True, workers=2)
            if any(not np.array_equal(got[t].fmeasure, expected[t].fmeasure) for t in TYPES):
                failures.append(seed)
            if [scorer.score(r, p) for r, p in zip(refs[:20], preds[:20])] != expected_single[:20]:
                failures.append(seed)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(6)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert failures == []


def test_columnar_result_shape_and_empty_batch():
    preds, refs = _corpus(10)
    out = rougebleu.rouge(preds, refs, rouge_types=["rouge1", "rougeL"])
    assert list(out) == ["rouge1", "rougeL"]
    assert out["rouge1"].fmeasure.dtype == np.float64 and out["rouge1"].fmeasure.shape == (10,)
    empty = rougebleu.rouge([], [])
    assert all(a.precision.shape == (0,) for a in empty.values())


def test_score_batch_returns_dicts_like_score():
    preds, refs = _corpus(50)
    scorer = RougeScorer(TYPES)
    assert scorer.score_batch(refs, preds) == [scorer.score(r, p) for r, p in zip(refs, preds)]
    with pytest.raises(ValueError, match="predictions and targets must have the same length"):
        scorer.score_batch(refs[:3], preds)
    # score_batch's first argument is `targets`, and its errors call it so.
    with pytest.raises(TypeError, match=r"targets\[1\]"):
        scorer.score_batch(["a", 1], ["a", "b"])
    with pytest.raises(ValueError, match=r"targets\[0\] is an empty list"):
        scorer.score_batch([[]], ["a"])
    with pytest.raises(TypeError, match=r"targets\[1\]"):
        RougeScorer(["rouge1"]).score_batch([["a"], [None]], [["a"], ["b"]], pretokenized=True)
    with pytest.raises(ValueError, match="predictions and references must have the same length"):
        rougebleu.rouge(preds, refs[:3])


# -- bootstrap -------------------------------------------------------------------------------
def _rows():
    preds, refs = _corpus(60)
    scorer = RougeScorer(TYPES)
    return [scorer.score(r, p) for r, p in zip(refs, preds)]


def test_bootstrap_matches_rouge_score_under_the_same_global_seed():
    scoring = pytest.importorskip("rouge_score.scoring")
    rows = _rows()
    theirs, ours = scoring.BootstrapAggregator(), BootstrapAggregator()
    for r in rows:
        theirs.add_scores(r)
        ours.add_scores(r)
    np.random.seed(1234)
    expected = theirs.aggregate()
    np.random.seed(1234)
    got = ours.aggregate()
    for t in TYPES:
        for a, b in zip(got[t], expected[t]):
            assert tuple(a) == tuple(b)
    # Our seeded mode equals rouge_score after np.random.seed(seed), and repeats.
    seeded = BootstrapAggregator(seed=1234)
    for r in rows:
        seeded.add_scores(r)
    first, second = seeded.aggregate(), seeded.aggregate()
    assert first == second
    assert {t: tuple(map(tuple, v)) for t, v in first.items()} == {t: tuple(map(tuple, v)) for t, v in got.items()}


def test_bootstrap_mid_is_the_median_of_resample_means():
    agg = BootstrapAggregator(n_samples=500, seed=7)
    for r in _rows():
        agg.add_scores(r)
    res = agg.aggregate()["rouge1"]
    assert res.low.fmeasure <= res.mid.fmeasure <= res.high.fmeasure
    with pytest.raises(ValueError, match="confidence_interval"):
        BootstrapAggregator(confidence_interval=1.5)
    # A string is a TypeError naming the argument (rouge_score: "'<=' not supported").
    with pytest.raises(TypeError, match="confidence_interval must be a number"):
        BootstrapAggregator(confidence_interval="3")
    with pytest.raises(ValueError, match="confidence_interval"):
        BootstrapAggregator(confidence_interval=math.nan)
    with pytest.raises(ValueError, match="n_samples"):
        BootstrapAggregator(n_samples=0)
    with pytest.raises(TypeError, match="seed"):
        BootstrapAggregator(seed="x")


def test_several_systems_against_the_same_references_equal_one_call_each(corpus) -> None:
    from conftest import read_jsonl
    from rougebleu.rouge_batch import rouge_systems

    items = read_jsonl(corpus / "summ" / "summeval_cnndm.jsonl")
    by: dict = {}
    refs: dict = {}
    for it in items:
        by.setdefault(it["system"], {})[it["doc_id"]] = it["candidate"]
        refs[it["doc_id"]] = it["references"]
    docs = sorted(refs)
    systems = [[by[s][d] for d in docs] for s in sorted(by)[:4]]
    types = ["rouge1", "rouge2", "rougeL", "rougeLsum", "rougeW-1.2", "rougeSU4"]
    for references, opts in (
        ([refs[d][0] for d in docs], {"use_stemmer": True}),
        ([refs[d] for d in docs], {"multi_ref": "pooled"}),
        ([refs[d][:3] for d in docs], {}),
    ):
        together = rouge_systems(systems, references, rouge_types=types, workers=2, **opts)
        for preds, got in zip(systems, together):
            one = rougebleu.rouge(preds, references, rouge_types=types, **opts)
            for t in types:
                for field in ("precision", "recall", "fmeasure"):
                    np.testing.assert_array_equal(getattr(got[t], field), getattr(one[t], field))
    with pytest.raises(ValueError, match="predictions"):
        rouge_systems([systems[0], systems[1][:-1]], [refs[d][0] for d in docs])
